"""Temporary elision (Note [Temporary elision] in xtensor/_dispatch/elision.py): `a * b + c`
writes `+ c` into the buffer of `a * b` when nothing else can see that buffer, and never
otherwise. Results are compared with NumPy's (which elides the same expressions); whether a
call elided is read from `elision.elided_calls()`, a count of elided calls.

Expressions are written out as Python operators in these functions on purpose: pytest's
assertion rewriting stores the operands of an `assert` in names, and `operator.add` is a call
from C, so neither would show what a script's `a * b + c` does.
"""

from __future__ import annotations

import functools
import gc
import operator
import os
import subprocess
import sys
import textwrap
import tracemalloc
import weakref

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same
from xtensor._dispatch import elision
from xtensor._dispatch.compiled import CFAST

# Elision needs CPython's reference counts as 3.11 to 3.13 keep them; there it must calibrate
# (a fast path that skips the operators' elision check once turned it off for the process).
CALIBRATES = sys.implementation.name == "cpython" and sys.version_info < (3, 14)
pytestmark = pytest.mark.skipif(
    not CALIBRATES, reason="temporary elision is off on this Python build"
)


def test_elision_calibrates_in_a_fresh_process():
    """Checked in a new interpreter, so no earlier test's plans or tables hide a path."""
    code = "from xtensor._dispatch import elision; print(elision.calibration() is not None)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "True", done.stderr


N = elision.ELIDE_BYTES // 8  # the smallest float64 array NumPy elides too


def _vectors(n=N, dtype="float64", count=3):
    rng = np.random.default_rng(n)
    return [rng.random(n).astype(dtype) + 0.5 for _ in range(count)]


def _fresh(a):
    """An Array that owns a copy of `a`, in `a`'s layout: a temporary once returned."""
    return xt.asarray(np.array(a, order="K", copy=True))


class Elided:
    """Counts the calls elided inside a `with` block."""

    def __enter__(self):
        self.start = elision.elided_calls()
        return self

    def __exit__(self, *exc):
        self.count = elision.elided_calls() - self.start


def _check(got, want, elided_count, expected_count):
    assert_same(got, want)
    assert elided_count == expected_count


# --- calibration: each entry path elides a temporary, and not one more reference -------------


def test_calibration_counts_a_named_operand_as_one_more():
    limits = elision.calibration()
    # left, right, reflected (`1.0 + t`) and unary operands each have a threshold
    assert sorted(limits) == [0, 1, 2, 3]
    assert all(len(counts) == 2 for counts in limits.values())


def test_dunder_left_and_right():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    with Elided() as e:
        r1 = x * y + z
    _check(r1, a * b + c, e.count, 1)
    with Elided() as e:
        r2 = z - x * y
    _check(r2, c - a * b, e.count, 1)
    with Elided() as e:
        r3 = (x * y) / (z + 1.0)  # both temporaries: the left one takes the result
    _check(r3, (a * b) / (c + 1.0), e.count, 1)


def test_reflected_and_scalar_operands():
    a, b, _ = _vectors()
    x, y = xt.asarray(a), xt.asarray(b)
    with Elided() as e:
        r1 = 2.0 + x * y
    _check(r1, 2.0 + a * b, e.count, 1)
    with Elided() as e:
        r2 = 1.0 - x * y
    _check(r2, 1.0 - a * b, e.count, 1)
    with Elided() as e:
        r3 = x * y * 3
    _check(r3, a * b * 3, e.count, 1)


def test_integer_temporaries_beside_python_ints_elide_in_range():
    # NumPy's loop holds while the int is in the dtype's range; past it the full path raises
    a = np.arange(N, dtype=np.int64)
    x = xt.asarray(a)
    with Elided() as e:
        r1 = (x + 1) * 3
    _check(r1, (a + 1) * 3, e.count, 1)
    with Elided() as e:
        r2 = 7 - (x - 2**62)
    _check(r2, 7 - (a - 2**62), e.count, 1)
    with Elided() as e, pytest.raises(OverflowError, match="multiply"):
        (x + 1) * 2**64
    assert e.count == 0


def test_unary():
    a, b, _ = _vectors()
    i = np.arange(N, dtype=np.int64)
    x, y, k = xt.asarray(a), xt.asarray(b), xt.asarray(i)
    with Elided() as e:
        r1 = -(x * y)
        r2 = ~(k + 1)
        r3 = +(x * y)
    _check(r1, -(a * b), e.count, 3 if sys.version_info < (3, 12) else 2)
    assert_same(r2, ~(i + 1))
    assert_same(r3, +(a * b))


def test_squares_and_reciprocals_of_temporaries():
    # `t ** 2` and `t ** -1`: square and reciprocal into t, as NumPy's operator computes them
    a, b, _ = _vectors()
    i = (np.arange(N, dtype=np.int64) - N // 2) * 2**40
    x, y, k = xt.asarray(a), xt.asarray(b), xt.asarray(i)
    c = xt.asarray(a + 1j * b)
    with Elided() as e:
        r1 = (x - y) ** 2
        r2 = (x * y) ** -1
        r3 = (k * 3) ** 2  # wraps as NumPy's int64 square does
        r4 = (c * 2) ** 2
    _check(r1, (a - b) ** 2, e.count, 4 if CFAST is not None else 0)  # (Python: `square(t)`)
    assert_same(r2, (a * b) ** -1)
    assert_same(r3, (i * 3) ** 2)
    assert_same(r4, (a + 1j * b) * 2 * ((a + 1j * b) * 2))
    with Elided() as e:
        t = x - y
        r5 = t**2  # named
        r6 = operator.pow(x - y, 2)  # a call
        r7 = (k > 0) ** 2  # bool squares to int8: no buffer of its dtype
    assert e.count == 0
    assert_same(t, a - b)
    assert_same(r5, (a - b) ** 2)
    assert_same(r6, (a - b) ** 2)
    assert_same(r7, (i > 0) ** 2)
    assert_same((k * 3) ** 3, (i * 3) ** 3)  # NumPy's power, not square


def test_comparison_results_elide_as_operator_results():
    a, b, _ = _vectors(n=elision.ELIDE_BYTES)  # bools: NumPy's bound in bytes
    x, y = xt.asarray(a), xt.asarray(b)
    mask, m = a > 1.0, xt.asarray(a > 1.0)
    with Elided() as e:
        r1 = m & (x < 1.2)
        r2 = (x < 1.2) | (y > 1.1)
    _check(r1, mask & (a < 1.2), e.count, 2)
    assert_same(r2, (a < 1.2) | (b > 1.1))
    with Elided() as e:
        t = x < 1.2
        r3 = m & t
    assert e.count == 0
    assert_same(t, a < 1.2)
    assert_same(r3, mask & (a < 1.2))


def test_inside_function_comprehension_and_module_level():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))

    def fma(p, q, s):
        return p * q + s

    with Elided() as e:
        r1 = fma(x, y, z)
        r2 = [x * y + z for _ in range(2)]
        r3 = (lambda: x * y + z)()
    assert_same(r1, a * b + c)
    assert all(np.array_equal(np.asarray(r), a * b + c) for r in (*r2, r3))
    assert e.count == 4
    namespace = {"x": x, "y": y, "z": z}
    with Elided() as e:
        exec(compile("r = x * y + z", "<module>", "exec"), namespace)
    _check(namespace["r"], a * b + c, e.count, 1)


# --- never elide what something else can see -------------------------------------------------


def test_named_and_listed_operands_are_left_alone():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    with Elided() as e:
        t = x * y
        r1 = t + z
        kept = [x * y]
        r2 = kept[0] + z
    assert e.count == 0
    assert_same(t, a * b)
    assert_same(kept[0], a * b)
    assert_same(r1, a * b + c)
    assert_same(r2, a * b + c)


def test_views_and_weak_references_keep_the_temporary():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    seen = []

    def keep_view(arr):
        seen.append(arr[::2])
        return arr

    def keep_transpose(arr):
        seen.append(xt.reshape(arr, (N // 8, 8)).T)
        return arr

    def keep_weak(arr):
        seen.append(weakref.ref(arr))
        return arr

    with Elided() as e:
        r1 = keep_view(x * y) + z
        r2 = keep_transpose(x * y) + z
        r3 = keep_weak(x * y) + z
    assert e.count == 0
    assert_same(seen[0], (a * b)[::2])
    assert_same(seen[1], (a * b).reshape(N // 8, 8).T)
    for r in (r1, r2, r3):
        assert_same(r, a * b + c)


def test_temporaries_no_result_can_go_into_run_in_c():
    # `x[::-1] + 1.0`: a temporary view that is not contiguous (or is read-only) could never
    # take the result, so the C twin computes it at once, as for a named operand
    from tests.test_cfast import python_frames
    from xtensor._dispatch.compiled import is_compiled

    a, b, _ = _vectors()
    x, y = xt.asarray(a), xt.asarray(b)
    frozen = xt.asarray(np.broadcast_to(b[: N // 2], (2, N // 2)))  # read-only (NumPy's)
    with Elided() as e:
        for _ in range(2):  # (the first call may record the plan)
            r1, r2, r3 = x[::-1] + 1.0, y[::2] * x[::2], frozen + 2.0
    assert e.count == 0
    assert_same(r1, a[::-1] + 1.0)
    assert_same(r2, b[::2] * a[::2])
    assert_same(r3, np.broadcast_to(b[: N // 2], (2, N // 2)) + 2.0)
    assert_same(x, a)
    if is_compiled(xt.Array.__add__):  # the C twin takes it: no elision check in Python
        assert "binary_target" not in python_frames(lambda: x[::-1] + 1.0)


def test_calls_from_c_and_function_calls_never_elide():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    w = xt.asarray(np.zeros(N))
    with Elided() as e:
        r1 = functools.reduce(operator.add, [x * y, x * y, z])
        r2 = list(map(operator.add, [x * y], [z]))[0]
        r3 = sum([x * y, z])
        r4 = xt.add(x * y, z)
        r5 = xt.add(x * y, z, out=w)
        r6 = xt.multiply(x, y).__add__(z)  # a method call, not an operator
    assert e.count == 0
    assert_same(r1, a * b + a * b + c)
    for r in (r2, r3, r4, r5, r6):
        assert_same(r, a * b + c)
    assert r5 is w


def test_numpy_object_arrays_keep_their_elements():
    # NumPy's object loop adds each element under the user's own `+`, by a borrowed
    # reference: the element counts as a temporary would, but it is the object array's.
    a, b, _ = _vectors()
    x = xt.asarray(a)
    objects = np.empty(2, dtype=object)
    objects[0], objects[1] = x * 2.0, x * 3.0
    with Elided() as e:
        r1 = objects + 1.0
        r2 = objects[1:] * 2.0
        r3 = -objects
    assert e.count == 0
    assert_same(objects[0], a * 2.0)
    assert_same(objects[1], a * 3.0)
    assert_same(r1[0], a * 2.0 + 1.0)
    assert_same(r2[0], a * 6.0)
    assert_same(r3[1], -(a * 3.0))


def test_an_operand_from_a_branch_is_not_elided():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    with Elided() as e:
        r = (x * y if len(a) else z) + z
    _check(r, a * b + c, e.count, 0)


def test_other_dtypes_shapes_and_sizes_are_not_elided():
    a, b, c = _vectors()
    x, y, z = map(xt.asarray, (a, b, c))
    x32 = xt.asarray(a.astype(np.float32))
    m = xt.asarray(c.reshape(8, N // 8))
    row = xt.asarray(c[: N // 8])
    small = [xt.asarray(v) for v in _vectors(N - 1)]
    with Elided() as e:
        r1 = x32 * x32 + z  # float32 temporary, float64 result
        r2 = (row * row) + m  # the temporary is broadcast
        r3 = x * y < z  # a comparison: bool result, and no BINARY_OP
        r4 = small[0] * small[1] + small[2]  # under NumPy's 256 KiB
        r5 = (x * y)[::2] + z[::2]  # a view of the temporary, not the temporary
    assert e.count == 0
    assert_same(r1, a.astype(np.float32) ** 2 + c)
    assert_same(r2, (c[: N // 8] ** 2) + c.reshape(8, N // 8))
    assert_same(r3, a * b < c)
    assert_same(r4, np.asarray(small[0]) * np.asarray(small[1]) + np.asarray(small[2]))
    assert_same(r5, (a * b)[::2] + c[::2])
    with Elided() as e:
        r6 = (m * m) + row  # broadcasting: NumPy does not elide it either
    _check(r6, c.reshape(8, N // 8) ** 2 + c[: N // 8], e.count, 0)


def test_views_of_an_owner_only_they_use_elide(threads):
    # A worker thread may drop its last chunk (and the result buffer's views in it) a moment
    # after `parallel_for` returns; an elision then skipped is safe, but not countable.
    threads(1)
    # 2**21 elements: the iterator allocates a Fortran-ordered result as a transposed view
    # of a C-ordered owner; 10**7 float32: a view of a buffer of the CPU output cache.
    a = np.asfortranarray(np.random.default_rng(1).random((1024, 2048)))
    f = np.random.default_rng(2).random(10**7, dtype=np.float32)
    x, y = xt.asarray(a), xt.asarray(f)
    for _ in range(2):  # plans, and a free buffer in the cache
        _ = x * x + x
        _ = y * y + y
    seen = []

    def keep_transpose(arr):
        seen.append(arr.T)
        return arr

    with Elided() as e:
        r1 = x * x + x
        r2 = y * y + y
    _check(r1, a * a + a, e.count, 2)
    _check(r2, f * f + f, 0, 0)
    assert r1._data.flags.f_contiguous
    with Elided() as e:
        r3 = keep_transpose(x * x) + x
        r4 = keep_transpose(y * y) + y  # a view of the cached buffer: kept
    assert e.count == 0
    assert_same(seen[0], (a * a).T)
    assert_same(seen[1], (f * f).T)
    assert_same(r3, a * a + a)
    assert_same(r4, f * f + f)


def test_errors_are_the_unelided_ones():
    i = xt.asarray(np.ones(8 * N, dtype=np.int8))
    with pytest.raises(OverflowError):
        (i + i) + 1000
    f = xt.asarray(np.ones(N))
    with pytest.raises(ValueError, match="add"):
        (f * f) + xt.asarray(np.ones(3))


# --- values: any op, dtype and layout, as NumPy ------------------------------------------------

BINARY = {
    "+": lambda t, o: t() + o,
    "-": lambda t, o: t() - o,
    "*": lambda t, o: t() * o,
    "/": lambda t, o: t() / o,
    "//": lambda t, o: t() // o,
    "%": lambda t, o: t() % o,
    "**": lambda t, o: t() ** o,
    "&": lambda t, o: t() & o,
    "|": lambda t, o: t() | o,
    "^": lambda t, o: t() ^ o,
    "<<": lambda t, o: t() << o,
    "r+": lambda t, o: o + t(),
    "r-": lambda t, o: o - t(),
    "r/": lambda t, o: o / t(),
    "r**": lambda t, o: o ** t(),
    "r//": lambda t, o: o // t(),
    "neg": lambda t, o: -t(),
    "invert": lambda t, o: ~t(),
}


def _data(dtype, shape, seed):
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == "f":
        values = rng.normal(0, 3, shape).astype(dt)
        flat = values.reshape(-1)
        flat[:6] = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0]  # the special cases, as NumPy
        return values
    if dt.kind == "b":
        return rng.random(shape) > 0.5
    return rng.integers(1, 6, shape).astype(dt)


def _layout(values, layout):
    if layout == "F":
        return np.asfortranarray(values)
    if layout == "T":
        return np.ascontiguousarray(values.T).T
    if layout == "sliced":
        wide = np.repeat(values, 2, axis=-1)
        return wide[..., ::2]
    return values


# Ops with a special-case fix-up (the standard's answer where NumPy's differs): the elided
# result must equal xtensor's unelided one; NumPy's differs on those cases by design.
FIXUPS = {"//", "**", "r//", "r**"}


@given(
    op=st.sampled_from(sorted(BINARY)),
    dtype=st.sampled_from(["float64", "float32", "int64", "int32", "bool"]),
    temp_layout=st.sampled_from(["C", "F"]),
    other=st.sampled_from(["C", "F", "T", "sliced", "row", "float", "int"]),
    seed=st.integers(0, 2**16),
)
def test_elided_results_match_numpy(op, dtype, temp_layout, other, seed):
    itemsize = np.dtype(dtype).itemsize
    shape = (16, elision.ELIDE_BYTES // itemsize // 16)
    base = _layout(_data(dtype, shape, seed), temp_layout)
    if other == "float":
        o_np = o_xt = 1.5
    elif other == "int":
        o_np = o_xt = 2
    else:
        o_np = _data(dtype, shape[1:] if other == "row" else shape, seed + 1)
        o_np = _layout(o_np, other if other != "row" else "C")
        o_xt = xt.asarray(o_np)
    fn, kept = BINARY[op], []

    def named(copy):  # the same operand, referenced from `kept` as well: never elided
        kept.append(copy(base))
        return kept[-1]

    # NumPy's operand is named too: NumPy 2.4's own elision of `bool_temp // bool_array`
    # raises a casting error that the unelided call does not.
    outcomes = []
    for make, other_operand in (
        (lambda: named(lambda a: np.array(a, order="K", copy=True)), o_np),
        (lambda: named(_fresh), o_xt),
        (lambda: _fresh(base), o_xt),
    ):
        try:
            outcomes.append((fn(make, other_operand), None))
        except Exception as e:  # the error class is the outcome to compare
            outcomes.append((None, type(e)))
    (want, want_error), (plain, plain_error), (got, got_error) = outcomes
    assert got_error is plain_error
    assert (want_error is None) == (got_error is None), (want_error, got_error)
    if got_error is not None:
        return
    assert_same(got, np.asarray(plain), rtol=0, signed_zeros=True)
    if op not in FIXUPS:
        assert_same(got, want, signed_zeros=True)
    else:
        assert (np.asarray(got).dtype, got.shape) == (want.dtype, want.shape)


# --- memory -----------------------------------------------------------------------------------


def _peak(fn) -> int:
    xt.empty_cache()
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_peak_memory_of_fma_is_numpys():
    n = 10**6
    a, b, c = _vectors(n)
    x, y, z = map(xt.asarray, (a, b, c))

    def fma(p, q, s):
        return p * q + s

    for _ in range(2):  # plans and calibration first
        fma(x, y, z)
    numpy_peak, xtensor_peak = _peak(lambda: fma(a, b, c)), _peak(lambda: fma(x, y, z))
    # One result buffer (8 MB) each; the Array objects are under a few KiB.
    assert xtensor_peak <= numpy_peak + 64 * 1024, (xtensor_peak, numpy_peak)
    assert xtensor_peak < 1.5 * 8 * n


# --- with and without the C front end of the operators -----------------------------------------

_SCRIPT = textwrap.dedent(
    """
    import numpy as np, xtensor as xt
    from xtensor._dispatch import elision
    n = elision.ELIDE_BYTES // 8
    x, y, z = (xt.asarray(np.full(n, v)) for v in (2.0, 3.0, 1.0))
    def run():
        r1 = x * y + z
        r2 = 1.0 + x * y
        r3 = -(x * y)
        t = x * y
        r4 = t + z
        r5 = np.exp(x * y)  # a call: no elision
        return r1, r2, r3, t, r4, r5
    run()  # the loop memo and the sites, first
    start, in_python = elision.elided_calls(), elision.elided
    r1, r2, r3, t, r4, r5 = run()
    assert elision.elided_calls() - start == 3, elision.elided_calls() - start
    # with the C front end, the C elides them itself (Python: each through its own twin)
    assert (elision.elided - in_python == 0) == (xt._dispatch.compiled.CFAST is not None)
    assert float(r5[0]) == np.exp(6.0)
    assert float(r1[0]) == 7.0 and float(r2[0]) == 7.0 and float(r3[0]) == -6.0
    assert float(t[0]) == 6.0 and float(r4[0]) == 7.0
    print("ok")
    """
)


@pytest.mark.parametrize("pure", ["0", "1"])
def test_both_modes_of_the_operators(pure):
    env = {**os.environ, "XTENSOR_PURE_PYTHON": pure}
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"

"""Small-table ufuncs run through NumPy's inner loop by the C (Note [Direct inner loops] in
xtensor/_dispatch/_cfast_direct.c): the same answers, warnings and errors as with the
direct path off, and as NumPy's, on contiguous operands where it is taken."""

from __future__ import annotations

import contextlib
import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import DTYPES, SETTINGS, outcome, python_of, written
from xtensor._dispatch.compiled import CFAST, PURE_PYTHON

pytestmark = pytest.mark.skipif(CFAST is None or PURE_PYTHON, reason="the C extension is off")

OPERATORS = {
    "+": lambda x, y: x + y,
    "*": lambda x, y: x * y,
    "/": lambda x, y: x / y,
    "//": lambda x, y: x // y,
    "**": lambda x, y: x**y,
    "<": lambda x, y: x < y,
    "&": lambda x, y: x & y,
}
IN_PLACE = {  # Python's operators: a 0-d x answers NotImplemented, then x op y runs
    "+=": operator.iadd,
    "*=": operator.imul,
    "/=": operator.itruediv,
    "**=": operator.ipow,
    "<<=": operator.ilshift,
}
SCALARS = [0, 3, -2, 300, 2**40, 2**54 + 2**30 + 1, 2.5, -0.0, float("inf"), 1e300, 1.5j]
SHAPES = st.sampled_from([(), (0,), (1,), (5,), (2, 3), (1, 4), (2, 1, 3)])


@contextlib.contextmanager
def direct(on: bool):
    was = CFAST.direct(on)
    try:
        yield
    finally:
        CFAST.direct(was)


def contiguous(dtype, shape, seed=0):
    """A C-contiguous Array with zeros, negatives, and NaN and infinities where it can."""
    n = int(np.prod(shape))
    pool = np.array([0.0, 1.0, -2.0, 3.0, 0.5, np.inf, -np.inf, np.nan, 7.0, -0.0])
    values = np.roll(pool, seed)[np.arange(n) % pool.size]
    with np.errstate(all="ignore"):
        return xt.asarray(values.astype(dtype).reshape(shape))


def both_ways(call, *args):
    """outcome() of `call(*args)` with the direct path on (after a call that records the
    plan) and off, and how many calls the direct path answered on the way."""
    outcome(call, *args)
    before = CFAST.direct_calls()
    on = outcome(call, *args, warn="error")
    answered = CFAST.direct_calls() - before
    with direct(False):
        off = outcome(call, *args, warn="error")
    return on, off, answered


def test_plain_calls_are_answered_directly():
    a, b = contiguous("float64", (20,)), contiguous("float64", (20,), 3)
    # (`a[3] > 0.5` itself is computed in C: Note [Value arithmetic] in _cfast_values.c)
    calls = (lambda: a + b, lambda: a * 2.0, lambda: xt.exp(a[1]), lambda: xt.greater(a[3], 0.5))
    # floor_divide's loop too, behind its guard (Note [Guarded fix-ups] in _core/_cvalues.c),
    # on finite values (a floating-point flag sends a fresh output back to the ufunc)
    c, d = xt.linspace(0.5, 9.0, 20), xt.linspace(1.0, 3.0, 20)
    for call in (*calls, lambda: c // d, lambda: c // 0.3):
        call()
        before = CFAST.direct_calls()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
        assert CFAST.direct_calls() == before + 1


@SETTINGS
@given(
    op=st.sampled_from(sorted(OPERATORS)),
    dtype=st.sampled_from(DTYPES + ["float16", "complex64", "uint64"]),
    shape=SHAPES,
    other=st.sampled_from(SCALARS + ["array", "0-d"]),
    seed=st.integers(0, 9),
    swap=st.booleans(),
)
def test_operators_match_the_ufunc_call_and_numpy(op, dtype, shape, other, seed, swap):
    x = contiguous(dtype, shape, seed)
    if other == "array":
        other = contiguous(dtype, shape, seed + 1)
    elif other == "0-d":
        other = contiguous(dtype, (), seed + 2)
    args = (other, x) if swap else (x, other)
    on, off, _ = both_ways(OPERATORS[op], *args)
    assert on == off
    plain = [a._data if isinstance(a, xt.Array) else a for a in args]
    if on[0] == "raised" or not all(np.isfinite(p).all() for p in plain):
        return  # (infinities and NaN: the standard's special cases, where NumPy may differ)
    with np.errstate(all="ignore"):
        want = OPERATORS[op](*plain)
    assert on[1] == np.asarray(want).dtype
    assert on[5] == np.asarray(want).tobytes()


@SETTINGS
@given(
    op=st.sampled_from(sorted(IN_PLACE)),
    dtype=st.sampled_from(DTYPES + ["float16"]),
    shape=SHAPES,
    other=st.sampled_from(SCALARS[:8] + ["array", "itself"]),
    mode=st.sampled_from(["ignore", "warn", "raise"]),
)
def test_in_place_matches_the_ufunc_call(op, dtype, shape, other, mode):
    def run(on):
        x = contiguous(dtype, shape)
        y = {"array": contiguous(dtype, shape, 4), "itself": x}.get(other, other)
        with direct(on), np.errstate(all=mode):
            return written(lambda x: IN_PLACE[op](x, y), x, warn="error")

    assert run(True) == run(False)


def test_in_place_on_aliased_memory_is_numpys():
    x = xt.asarray(np.array(3 + 4j))  # a lone element NumPy copies before writing
    x *= x
    x *= x
    assert complex(x) == (3 + 4j) ** 4
    base = np.arange(8.0)
    y = xt.asarray(base.copy())
    for _ in range(2):
        y[:5].__iadd__(y[2:7])  # overlapping, not the same: NumPy's copy first
        base[:5] += base[2:7]
    np.testing.assert_array_equal(y._data, base)


def test_floating_point_errors_warn_and_raise_as_numpy():
    a = contiguous("float64", (5,))
    a / 0.0  # records the plan
    with np.errstate(divide="warn"), pytest.warns(RuntimeWarning, match="divide by zero"):
        a / 0.0
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError, match="divide by zero"):
        a / 0.0
    x = xt.asarray(np.array([1e307, 1.0]))
    x *= 10.0
    with np.errstate(over="raise"), pytest.raises(FloatingPointError, match="overflow"):
        x *= 10.0
    assert x._data.tolist() == [np.inf, 100.0]  # written, then raised, as NumPy does


@pytest.mark.parametrize(
    ("call", "calm"),  # calm: a shift of the data that raises no flag
    [
        (lambda m, a: m.arcsin(a), 0.0),
        (lambda m, a: m.log(a - 1.0), 5.0),
        (lambda m, a: a / (a - 1.0), 5.0),
    ],
    ids=["arcsin", "log", "divide"],
)
def test_flagged_calls_are_answered_once_with_numpys_warning(call, calm):
    """A loop that raised a floating-point flag is answered from its one run: NumPy's values,
    warning (message and category, at the caller's line), error under `raise` and silence
    under `ignore`, without the ufunc computing the call again."""
    data = np.array([0.5, 2.0, -3.0, 1.0])
    x = xt.asarray(data)
    call(xt, x)  # records the plan
    for mode in ("warn", "ignore", "raise"):
        seen = {}
        for m, a in ((xt, x), (np, data)):
            with np.errstate(all=mode), warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    got = np.asarray(call(m, a)._data if m is xt else call(m, a))
                except FloatingPointError as e:
                    got = str(e)
            warned = [(str(w.message), w.category, w.filename, w.lineno) for w in caught]
            seen[m] = (got, warned)
        (got, warned), (want, numpy_warned) = seen[xt], seen[np]
        assert [w[:3] for w in warned] == [w[:3] for w in numpy_warned]
        assert bool(warned) == (mode == "warn")
        if isinstance(want, str):
            assert got == want and "encountered" in want
        else:
            assert got.tobytes() == want.tobytes()
    counts = []
    for values in (x, xt.asarray(data * 0.1 + calm)):  # flagged, then no flag raised
        before = CFAST.direct_calls()
        with np.errstate(all="ignore"):
            call(xt, values)
        counts.append(CFAST.direct_calls() - before)
    assert counts[0] == counts[1] > 0  # answered in C alike: the loop ran once


def test_python_scalars_convert_as_numpy_does():
    f = contiguous("float32", (3,))
    f + 1.0
    with np.errstate(over="warn"), pytest.warns(RuntimeWarning, match="overflow .* cast"):
        f + 1e300
    big = 2**54 + 2**30 + 1  # rounded once through a double, as NumPy does: not to 2**54+2**31
    assert (f + big)._data.tobytes() == (f._data + big).tobytes()
    i = contiguous("int8", (3,))
    i + 1
    with pytest.raises(OverflowError):
        i + 300
    assert (i == 300)._data.tolist() == (i._data == 300).tolist()


MIXED = DTYPES + ["int16", "uint16", "uint32", "uint64", "float16", "complex64"]


@SETTINGS
@given(
    op=st.sampled_from(sorted(OPERATORS)),
    dtypes=st.tuples(st.sampled_from(MIXED), st.sampled_from(MIXED)),
    size=st.sampled_from([0, 1, 7, 8191, 8193, 20000]),
    other=st.sampled_from(["array", "0-d", "strided", 2.5, 3, 1.5j]),
    seed=st.integers(0, 9),
    swap=st.booleans(),
    step=st.sampled_from([1, 2]),
    finite=st.booleans(),
)
def test_inputs_of_other_dtypes_match_the_ufunc_call(
    op, dtypes, size, other, seed, swap, step, finite
):
    """An input NumPy casts to the loop's dtype first (Note [Input casts] in _cfast_direct.c),
    contiguous or strided, in NumPy's buffer-sized pieces and beyond them: the ufunc call's
    answer bit for bit, NaNs, infinities and integer extremes included, and NumPy's on finite
    values (elsewhere the standard's special cases may differ from NumPy's)."""

    def values(dtype, shape, seed):
        v = contiguous(dtype, shape, seed)
        return xt.asarray(np.nan_to_num(v._data, posinf=7, neginf=-7)) if finite else v

    x = values(dtypes[0], (size * step,), seed)[::step]
    if other in ("array", "0-d", "strided"):
        shape = {"array": (size,), "0-d": (), "strided": (2 * size,)}[other]
        other = values(dtypes[1], shape, seed + 1)
        other = other[::2] if shape == (2 * size,) else other
    args = (other, x) if swap else (x, other)
    on, off, _ = both_ways(OPERATORS[op], *args)
    same = on == off  # (not in the assert: pytest's diff of 160 kB of bytes takes minutes)
    assert same, (on[:5], off[:5])
    plain = [a._data if isinstance(a, xt.Array) else a for a in args]
    if on[0] == "raised" or not all(np.isfinite(p).all() for p in plain):
        return  # (infinities and NaN: the standard's special cases, where NumPy may differ)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            want = np.asarray(OPERATORS[op](*plain))
        except (TypeError, OverflowError, ValueError):
            return  # (raised on both paths, compared above)
    numpys = on[1] == want.dtype and on[5] == want.tobytes()
    assert numpys, (on[:5], want.dtype)


def test_casting_calls_are_answered_directly():
    ints, f32, flags = xt.arange(10), xt.ones(10, dtype=xt.float32), xt.asarray([True] * 10)
    f64 = xt.linspace(1.0, 2.0, 10)
    calls = (
        lambda: ints * 2.0,
        lambda: ints / 255.0,
        lambda: ints < 2.5,
        lambda: f32 + f64,
        lambda: xt.sqrt(ints),
        lambda: flags * 0.5,
        lambda: ints * 1j,
        lambda: f64 + ints,
        lambda: ints[::2] * 0.5,  # strided: cast from its stride
        lambda: f32[::3] + f64[::3],
    )
    for call in calls:
        call()
        before = CFAST.direct_calls()
        result = call()
        assert CFAST.direct_calls() == before + 1
        with direct(False):
            assert result._data.tobytes() == call()._data.tobytes()
    bools = xt.asarray(np.frombuffer(bytes([0, 2, 255, 1]), dtype=bool))  # bytes other than 1
    bools * 2.0
    assert (bools * 2.0)._data.tolist() == [0.0, 2.0, 2.0, 2.0]


@SETTINGS
@given(
    name=st.sampled_from(["real", "imag", "signbit", "floor", "ceil", "trunc", "round"]),
    dtype=st.sampled_from(DTYPES + ["float16", "uint64"]),
    shape=SHAPES,
    step=st.sampled_from([1, 2]),
)
def test_loops_run_as_ufuncs_match_numpy(name, dtype, shape, step):
    """`real` of real inputs and rounding of integers run NumPy's positive (a copy), signbit
    of floats NumPy's signbit (loops.as_ufunc): fresh arrays of NumPy's values."""
    if name not in ("real", "imag") and dtype.startswith("complex"):
        return  # (outside their domain: a TypeError, tested with the domains)
    x = contiguous(dtype, (*shape[:-1], shape[-1] * step) if shape else shape)
    if step == 2 and shape:
        x = x[..., ::2]
    fn = getattr(xt, name)
    if name in ("real", "imag"):  # the op behind xt.real (a C twin), which views, as NumPy's
        fn = python_of(fn).__wrapped__
    fn(x)  # the full path; the next call takes the small table
    r = fn(x)
    with np.errstate(all="ignore"):
        want = getattr(np, name)(x._data)
    np.testing.assert_array_equal(r._data, want)
    if dtype != "bool":
        assert r._data.dtype == np.asarray(want).dtype
    assert not np.shares_memory(r._data, x._data)


BROADCASTS = [
    ((4, 5), (5,)),
    ((4, 5), (4, 1)),
    ((4, 1), (1, 5)),
    ((1, 5), (5,)),
    ((5,), (1,)),
    ((4, 5), (1, 1)),
    ((2, 3, 4), ()),
    ((40, 200), (200,)),  # a row copied once per row
    ((64, 48), (64, 1)),  # a column's value repeated along each row
    ((1024, 8), (1024, 1)),
    ((3, 3000), (3, 1)),  # more than NumPy's buffer: NumPy's own call, from the C
    ((300, 301), (301,)),
]


@SETTINGS
@given(
    op=st.sampled_from(sorted(OPERATORS)),
    dtype=st.sampled_from(DTYPES + ["complex64", "float16"]),
    shapes=st.sampled_from(BROADCASTS),
    view=st.sampled_from(["contiguous", "strided", "column", "reversed"]),
    swap=st.booleans(),
    seed=st.integers(0, 9),
)
def test_broadcast_and_strided_operands_match_the_ufunc_call(op, dtype, shapes, view, swap, seed):
    """A row or a column beside a matrix (NumPy's buffered iteration, copied here), strided
    1-d views (the trivial loop with their stride), and layouts the C leaves to NumPy (a
    reversed view beside a matrix): the ufunc call's answer, bit for bit, NaNs included."""
    x, y = contiguous(dtype, shapes[0], seed), contiguous(dtype, shapes[1], seed + 3)
    if view == "strided" and x.ndim == 1:
        x = contiguous(dtype, (x.shape[0] * 2,), seed)[::2]
    elif view == "column" and x.ndim == 2:
        x = contiguous(dtype, (x.shape[0], x.shape[1] + 2), seed)[:, 1:-1]
    elif view == "reversed" and y.ndim == 1:
        y = y[::-1]
    args = (y, x) if swap else (x, y)
    on, off, _ = both_ways(OPERATORS[op], *args)
    assert on == off


def test_broadcast_calls_are_answered_directly():
    m = xt.asarray(np.arange(20.0).reshape(4, 5))
    row, col = m[1], xt.asarray(np.arange(4.0).reshape(4, 1))
    for call in (lambda: m + row, lambda: m * col, lambda: col - row, lambda: m[:, 0] * 2.0):
        call()
        before = CFAST.direct_calls()
        result = call()
        assert CFAST.direct_calls() == before + 1
        with direct(False):
            np.testing.assert_array_equal(result._data, call()._data)


@pytest.mark.parametrize("dtype", ["float64", "complex128", "int32"])
def test_in_place_broadcasts_match_the_ufunc_call(dtype):
    """`M += row`, `M *= col`: the row or column copied as NumPy's buffered iterator copies
    it, M written in place; the same bytes as the ufunc's call, and M itself answered."""
    for other_shape in [(5,), (4, 1), (1, 5), ()]:
        for op in ("__iadd__", "__imul__"):
            results = []
            for on in (True, True, False):
                m, other = contiguous(dtype, (4, 5), 1), contiguous(dtype, other_shape, 5)
                with direct(on), np.errstate(all="ignore"):
                    assert getattr(m, op)(other) is m
                results.append(m._data.tobytes())
            assert results[1] == results[2], (other_shape, op)


def test_pow_keeps_the_standards_half_power():
    """x ** 0.5 where NumPy's loop reads the exponent once (a Python float, a 0-d array) is
    NumPy's sqrt, which the standard's pow clauses correct: (-inf) ** 0.5 is +inf, (-0) **
    0.5 is +0. The direct loop calls pow's fix-up there and skips it elsewhere."""
    x = xt.asarray(np.array([-np.inf, -0.0, 4.0, 2.0]))
    want = np.array([np.inf, 0.0, 2.0, np.sqrt(2.0)])
    for exponent in (0.5, xt.asarray(0.5), xt.asarray(np.full(4, 0.5)), xt.asarray([0.5])):
        for _ in range(3):  # the full path, then the small table's twice
            got = (x**exponent)._data
            assert got.tobytes() == want.tobytes(), exponent
    assert (x**1.5)._data.tobytes() == np.power(x._data, 1.5).tobytes()


def test_long_loops_let_other_threads_run():
    """A direct loop of 2**14 elements or more runs without the GIL, as NumPy's call does, so
    another thread computes meanwhile. With a long switch interval the only hand-over of the
    GIL while the main thread works is that release: the counter moves only through it."""
    import sys
    import threading
    import time

    x, y = xt.ones(1 << 16), xt.ones(1 << 16)
    x + y  # (the first call asks NumPy for the loop)
    go, stop, counted = threading.Event(), threading.Event(), [0]

    def count():
        go.wait()
        while not stop.is_set():
            counted[0] += 1

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.5)  # no forced hand-over before the deadline below
    worker = threading.Thread(target=count)
    worker.start()
    try:
        go.set()
        deadline = time.perf_counter() + 0.4  # (a loaded machine may be slow to run the worker)
        while not counted[0] and time.perf_counter() < deadline:
            x + y
        assert counted[0] > 0
    finally:
        stop.set()
        sys.setswitchinterval(interval)
        worker.join()

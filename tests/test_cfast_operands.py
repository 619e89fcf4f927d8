"""The compiled elementwise twins past the small calls of tests/test_cfast.py: operands of
ELIDE_BYTES and more (Note [Compiled hot path] in xtensor/_dispatch/_cfast.c, "One case the C
takes past its twin's first branch"), where named operands run the small-table loop in C with
the Python function's answer and temporaries still reach the Python function, whose elision
(tests/test_elision.py) computes into them; and ufunc calls with `out=`, whose C twin runs the
loop of `_ufunc_call._into`."""

from __future__ import annotations

import functools
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same as assert_like_numpy
from tests.test_cfast import SETTINGS, arrays, assert_same, outcome, python_frames, ufunc_call
from xtensor._dispatch import elision
from xtensor._dispatch.compiled import CFAST
from xtensor._dispatch.elementwise import SMALL_NUMEL
from xtensor._iter import parallel

ELIDE = elision.ELIDE_BYTES
COMPILED = CFAST is not None and elision.calibration() is not None
needs_c = pytest.mark.skipif(not COMPILED, reason="the C twins or elision are off here")

# Operand sizes in elements: at the elision bound for float64, inside, and at the last size
# the small tables hold.
SIZES = [ELIDE // 8, 100_000, SMALL_NUMEL - 1]


def _operands(n, dtype="float64"):
    rng = np.random.default_rng(n)
    a, b = (rng.random(n) * 4 - 2).astype(dtype), (rng.random(n) * 4 - 2).astype(dtype)
    return a, b, xt.asarray(a), xt.asarray(b)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize(
    "name, call",
    [
        ("__add__", lambda x, y: x + y),
        ("__lt__", lambda x, y: x < y),
        ("__mul__", lambda x, y: x * 2.0),
        ("multiply", lambda x, y: 2.0 * x),  # the reflected dunder calls the public function
        ("exp", lambda x, y: xt.exp(x)),
        ("__neg__", lambda x, y: -x),
        ("__iadd__", lambda x, y: x.__iadd__(y)),
    ],
)
@needs_c
def test_named_operands_stay_in_c(n, name, call):
    a, b, x, y = _operands(n)
    call(x, y)  # the full path records the loop
    frames = python_frames(lambda: call(x, y))
    if name in frames:  # the Python twin, named after the call: a costly loop that splits
        assert "splits" in frames and not parallel.serial(), frames  # (Note [Costly loops])
    want = call(a, b.copy()) if name == "__iadd__" else call(a, b)
    assert_like_numpy(call(x, y), want)


@pytest.mark.parametrize("n", SIZES)
def test_large_operands_match_the_python_function(n):
    _, _, x, y = _operands(n, "float32")
    for fn, args in [
        (xt.Array.__add__, (x, y)),
        (xt.Array.__truediv__, (x, 3)),
        (xt.Array.__neg__, (x,)),
        (ufunc_call("less"), (x, y)),
        (ufunc_call("sin"), (x,)),
        (xt.Array.__add__, (x, xt.asarray(np.ones(3, "float32")))),  # not broadcastable
    ]:
        assert_same(fn, *args)


@SETTINGS
@given(n=st.sampled_from(SIZES), dtype=st.sampled_from(["int16", "float32", "complex128"]))
def test_temporaries_still_elide(n, dtype):
    a, b, x, y = _operands(n, dtype)
    for make, want in [
        (lambda: x * y + 1, a * b + 1),
        (lambda: 3 * (x - y), 3 * (a - b)),
        (lambda: -(x + y), -(a + b)),
    ]:
        start = elision.elided_calls()
        got = make()
        assert_like_numpy(got, want)
        elides = elision.calibration() is not None  # (the Python operators elide too)
        assert elision.elided_calls() == start + (elides and got._data.nbytes >= ELIDE)


@needs_c
def test_a_function_call_calibrates_elision_in_a_fresh_process():
    """The first large operand calibrates, even when no operator has run yet; the probes
    then reach the Python function, so the counts are a temporary's."""
    code = textwrap.dedent(
        f"""
        import numpy as np
        import xtensor as xt
        from xtensor._dispatch import elision
        x = xt.asarray(np.ones({ELIDE // 8}))
        assert xt.exp(x).shape == x.shape and elision._LIMITS is not elision._UNKNOWN
        print(elision.calibration() is not None)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(COMPILED or elision.calibration() is not None)


# --- ufunc calls with out= ------------------------------------------------------------------


def _into_outcomes(name, args, out):
    """What `xt.<name>(*args, out=copy of out)` does through the C twin and the Python function:
    each an outcome (tests/test_cfast.py) and the copy's bytes after it."""
    results = []
    for python in (False, True):
        fn = ufunc_call(name)
        fn = getattr(fn, "__wrapped__", fn) if python else fn
        target = xt.asarray(out._data.copy())
        args_ = [target if a is out else a for a in args]
        got = outcome(functools.partial(fn, out=target), *args_)
        results.append((got, target._data.tobytes()))
    return results


@SETTINGS
@given(
    x=arrays("float64", max_dims=2),
    y=st.one_of(arrays("float32", max_dims=2), st.sampled_from([2, 1.5, True])),
    out_dtype=st.sampled_from(["float64", "float32", "int64"]),
    name=st.sampled_from(["add", "multiply", "less", "sin"]),
)
def test_out_calls_match_python_and_numpy(x, y, out_dtype, name):
    unary = name == "sin"
    args = (x,) if unary else (x, y)
    out = xt.asarray(np.zeros(x.shape, out_dtype))
    for _ in range(2):  # the second run finds the memoized loop
        fast, slow = _into_outcomes(name, args, out)
        assert fast == slow
    want_out = np.zeros(x.shape, out_dtype)
    try:
        getattr(np, name)(*[a._data if isinstance(a, xt.Array) else a for a in args], out=want_out)
    except Exception:
        return  # NumPy refuses the cast too; the Python function's error was compared above
    if fast[0][0] != "raised":
        np.testing.assert_array_equal(np.frombuffer(fast[1], out_dtype).reshape(x.shape), want_out)


def test_out_calls_on_operands_and_views():
    x = xt.asarray(np.arange(6.0))
    assert xt.add(x, x, out=x) is x and x.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    view = x[1:]
    assert xt.add(view, 1.0, out=x[:-1]).tolist() == [3.0, 5.0, 7.0, 9.0, 11.0]
    with pytest.raises(ValueError, match="add"):
        xt.add(x, x, out=xt.zeros(3))
    frozen = xt.asarray(np.zeros(6))
    frozen._data.flags.writeable = False
    with pytest.raises(ValueError):
        xt.add(x, x, out=frozen)


@needs_c
def test_views_of_held_arrays_stay_in_c():
    """`x.T * 2` past the elision bound: a view of x's buffer, which x holds, is no temporary
    (`no_temporary`), so the C twin answers it, as NumPy's loop; its result, which owns its
    buffer, is one."""
    a = np.arange(elision.ELIDE_BYTES // 8 * 4, dtype=np.float64).reshape(64, -1)
    x = xt.asarray(a)
    x.T * 2  # the small table's loop
    assert "__mul__" not in python_frames(lambda: x.T * 2)
    assert "__add__" not in python_frames(lambda: x[::-1] + x[::-1])  # (held views too)
    np.testing.assert_array_equal((x.T * 2)._data, a.T * 2)
    before = elision.elided_calls()
    r = x.T * 2 + 1  # `x.T * 2` owns its buffer: a temporary, elided
    assert elision.elided_calls() == before + 1 and np.array_equal(r._data, a.T * 2 + 1)


@needs_c
def test_out_calls_stay_in_c():
    x, out = xt.asarray(np.ones(1000)), xt.zeros(1000)
    xt.multiply(x, 2.0, out=out)
    assert "multiply" not in python_frames(lambda: xt.multiply(x, 2.0, out=out))
    assert out.tolist() == [2.0] * 1000
    i = xt.asarray(np.arange(5, dtype=np.uint8))  # a Python int in the dtype's range: in C
    xt.add(i, 1, out=i)
    assert "add" not in python_frames(lambda: xt.add(i, 250, out=i))
    assert i.tolist() == [251, 252, 253, 254, 255]


@SETTINGS
@given(
    dtype=st.sampled_from(["uint8", "int16", "int64", "uint64"]),
    value=st.sampled_from([0, 1, -1, 127, 255, 256, -129, 2**63 - 1, 2**63, 2**64, -(2**63)]),
    name=st.sampled_from(["add", "multiply", "subtract", "maximum"]),
)
def test_out_calls_beside_python_ints_match_python_and_numpy(dtype, value, name):
    """An integer out= call beside a Python int runs NumPy's loop in C while the int is in the
    dtype's range (`memo_loop`); past it the Python function raises NumPy's OverflowError."""
    x = xt.asarray(np.arange(4).astype(dtype))
    for _ in range(2):  # the second run finds the memoized loop
        fast, slow = _into_outcomes(name, (x, value), x)
        assert fast == slow
    want = np.arange(4).astype(dtype)
    try:
        getattr(np, name)(want, value, out=want)
    except OverflowError:
        assert fast[0][0] == "raised"
        return
    assert fast[1] == want.tobytes()


NUMPY_SCALARS = [np.float64(1.5), np.float32(-2.0), np.int64(3), np.int8(-1), np.uint8(200)]
NUMPY_SCALARS += [np.bool_(True), np.complex128(1 - 2j), np.float16(0.5)]


@pytest.mark.parametrize("scalar", NUMPY_SCALARS, ids=repr)
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64", "float32", "complex128"])
@pytest.mark.parametrize("name", ["__add__", "__rsub__", "__truediv__", "__lt__", "__eq__"])
def test_numpy_scalar_operands_match_python_and_numpy(scalar, dtype, name):
    """A NumPy scalar beside an Array (Note [NumPy scalar operands]): the C twin reads it as
    the 0-d array it is, with the Python function's answer and NumPy's, and on later calls
    stays in C; on the left of an operator NumPy's protocol hands the call to xtensor."""
    x = xt.asarray(np.arange(-3, 4).astype(dtype))
    got = assert_same(getattr(xt.Array, name), x, scalar)
    with np.errstate(all="ignore"):
        try:
            want = getattr(x._data, name)(scalar)
        except TypeError:
            assert got[0] == "raised"
            return
    assert got[1:3] == (want.dtype, want.shape) and got[5] == want.tobytes()
    if COMPILED:
        assert python_frames(lambda: getattr(x, name)(scalar)) == {"<lambda>"}
    if name == "__add__":
        assert_like_numpy(scalar + x, scalar + x._data)


@pytest.mark.parametrize(
    "call",
    [
        lambda d: d + np.timedelta64(1, "D"),
        lambda d: d - d[0],
        lambda d: d > np.datetime64("1970-01-03"),
        lambda d: d - np.timedelta64(3, "h"),
    ],
)
def test_date_arrays_beside_numpy_scalars_match_numpy_and_stay_in_c(call):
    data = np.arange(6).astype("datetime64[D]")
    d = xt.asarray(data)
    got, want = call(d), call(data)
    assert got._data.dtype == want.dtype and got._data.tobytes() == want.tobytes()
    if COMPILED:
        assert python_frames(lambda: call(d)) == {"<lambda>"}  # the first call recorded it

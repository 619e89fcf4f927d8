"""The compiled twins of `concat` and `dot` (xtensor/_dispatch/_cfast_calls.c) and of
`x[[0, 2]]` (`getitem` with a list of ints): one NumPy call on CPU arrays of one dtype, with
the Python function's answer, and its words wherever NumPy refuses the call; and those of
`float(x)`, `int(x)`, `operator.index(x)`, `bool(x)`, `x ** 0.5`, `x.round(2)`,
`broadcast_to`, the `*_like` functions and the small scans (`scan`, in _cfast_paths.c)."""

from __future__ import annotations

import operator
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import (
    REDUCTIONS,
    SETTINGS,
    arrays,
    assert_same,
    assert_same_call,
    outcome,
    python_frames,
)
from tests.test_cfast import test_no_reference_leaks as _leaks_nothing
from xtensor._backends import cpu_threads
from xtensor._dispatch.compiled import CFAST, is_compiled, python_of

needs_c = pytest.mark.skipif(CFAST is None, reason="the C extension is off here")
DTYPES = ["bool", "int8", "int64", "float32", "float64", "complex128"]


def _numpy_or_error(fn, *args):
    try:
        return fn(*args)
    except (ValueError, TypeError, IndexError, OverflowError):
        return None


@SETTINGS
@given(
    data=st.data(),
    count=st.integers(1, 3),
    axis=st.integers(-3, 3) | st.none(),
    one_dtype=st.booleans(),
)
def test_concat_matches_python_and_numpy(data, count, axis, one_dtype):
    dtype = data.draw(st.sampled_from(DTYPES))
    parts = [data.draw(arrays(dtype if one_dtype else None)) for _ in range(count)]
    container = data.draw(st.sampled_from([list, tuple]))
    result = assert_same(xt.concat, container(parts), axis)
    want = _numpy_or_error(np.concatenate, [p._data for p in parts], axis)
    if result[0] == "raised":
        assert "concat" in result[2]
        if len({p.dtype for p in parts}) == 1 and all(p.ndim for p in parts):
            assert want is None  # one dtype: refused only where NumPy refuses too
    elif len({p.dtype for p in parts}) == 1:
        np.testing.assert_array_equal(np.asarray(xt.concat(container(parts), axis)), want)
        assert result[1] == want.dtype


_PLAIN = st.sampled_from([st.booleans(), st.integers(-9, 9), st.floats(-9, 9, width=64)])


@SETTINGS
@given(data=st.data(), count=st.integers(1, 3), arrays_too=st.booleans())
def test_concat_of_plain_lists_matches_python_and_numpy(data, count, arrays_too):
    """Lists of plain numbers among the parts: read as NumPy reads them (Note [List
    arguments] in _cfast.c), in the C as in the Python function."""
    parts = [data.draw(st.lists(data.draw(_PLAIN), max_size=3)) for _ in range(count)]
    if arrays_too:
        parts.append(xt.asarray(parts[0]))
    result = assert_same(xt.concat, parts)
    want = _numpy_or_error(np.concatenate, [np.asarray(p) for p in parts])
    if result[0] == "raised":
        assert "concat" in result[2] and want is None
    else:
        assert result[1] == want.dtype and result[2] == want.shape


@SETTINGS
@given(
    x=arrays(max_dims=3),
    y=arrays(max_dims=3),
    same=st.booleans(),
    name=st.sampled_from(["dot", "vdot", "inner", "x.dot"]),
)
def test_dot_matches_python_and_numpy(x, y, same, name):
    if same:
        values = y._data.real if y.dtype == xt.complex128 else y._data
        y = xt.asarray(values.astype(x.dtype.name))
    fn = xt.Array.dot if name == "x.dot" else getattr(xt, name)
    result = assert_same(fn, x, y, owner=False)
    name = name.removeprefix("x.")
    if result[0] == "raised":
        assert name in result[2]
    elif x.dtype == y.dtype:
        want = np.asarray(getattr(np, name)(x._data, y._data))
        assert result[1] == want.dtype and result[2] == want.shape
        np.testing.assert_allclose(np.asarray(fn(x, y)), want, rtol=1e-6)


@SETTINGS
@given(
    x=arrays(max_dims=2),
    key=st.lists(st.integers(-6, 6), min_size=1, max_size=5)
    | st.lists(st.booleans(), min_size=1, max_size=5),
)
def test_list_index_matches_python_and_numpy(x, key):
    result = assert_same(xt.Array.__getitem__, x, key)
    want = _numpy_or_error(lambda: x._data[key])
    if result[0] == "raised":
        assert want is None or x.ndim == 0
    else:
        np.testing.assert_array_equal(np.asarray(x[key]), want)


@SETTINGS
@given(
    x=arrays(),
    axes=st.lists(st.integers(-4, 4), max_size=4).map(tuple)
    | st.sampled_from([(0.0,), (True, 0), [1, 0], (1, np.int64(0))]),
)
def test_permutations_match_python_and_numpy(x, axes):
    # permute_dims, transpose and x.transpose(*axes) take NumPy's view in C; the Python words
    # NumPy's refusals, and reads what the C leaves to it (lists, NumPy's ints, no axes)
    spread = axes if type(axes) is tuple else (axes,)
    for fn, args in [
        (xt.permute_dims, (x, axes)),
        (xt.transpose, (x, axes)),
        (xt.Array.transpose, (x, *spread)),
    ]:
        result = assert_same(fn, *args)
        reversed_ = fn is xt.Array.transpose and not spread
        want = _numpy_or_error(np.transpose, x._data, None if reversed_ else axes)
        if result[0] == "raised":
            assert want is None or type(axes) is not tuple or bool in map(type, axes)
        else:
            got = fn(*args)
            assert got._data.base is not None or x._data.size == 0 or x.ndim == 0
            np.testing.assert_array_equal(np.asarray(got), want)
            assert got.shape == want.shape and got._data.strides == want.strides


@SETTINGS
@given(x=arrays(), decimals=st.sampled_from([1, 2, -1, 0, 2**40, 2.0, True, None]))
def test_round_method_matches_python_and_numpy(x, decimals):
    # `x.round()`, `x.round(2)`: NumPy's round in C, of numbers with axes and an int; the rest
    # is the Python method's (a bool array: the namespace's `around`; 2.0: its refusal)
    args = () if decimals is None else (decimals,)
    result = assert_same(xt.Array.round, x, *args)
    want = _numpy_or_error(lambda: x._data.round(*args))
    if result[0] != "raised" and x.dtype.kind != "b":
        np.testing.assert_array_equal(np.asarray(xt.Array.round(x, *args)), want)


@SETTINGS
@given(
    x=arrays(),
    lead=st.lists(st.integers(0, 3), max_size=2),
    grow=st.lists(st.integers(0, 3), max_size=4),
    bad=st.booleans(),
)
def test_broadcast_to_matches_python_and_numpy(x, lead, grow, bad):
    # NumPy's read-only view in C for a tuple of ints (strides, flags and all); a shape x does
    # not broadcast to is the Python function's to word
    dims = [grow[i] if n == 1 and i < len(grow) else n for i, n in enumerate(x.shape)]
    shape = (*lead, *dims[:-1], dims[-1] + 1) if bad and dims else (*lead, *dims)
    result = assert_same(xt.broadcast_to, x, shape)
    want = _numpy_or_error(np.broadcast_to, x._data, shape)
    assert (result[0] == "raised") == (want is None)
    if want is not None:
        got = xt.broadcast_to(x, shape)
        assert got._data.strides == want.strides and not got._data.flags.writeable
        np.testing.assert_array_equal(np.asarray(got), want)
        assert repr(got) == repr(want)  # a 0-d one too: NumPy's 0-d ndarray


@needs_c
def test_calls_stay_in_c():
    a, b = xt.asarray([1.0, 2.0]), xt.asarray([3.0, 4.0])
    m = xt.reshape(xt.arange(6.0), (2, 3))
    assert all(is_compiled(f) for f in (xt.concat, xt.concatenate, xt.dot))
    for twin, call in [
        ("concat", lambda: xt.concat([a, b])),
        ("concat", lambda: xt.concatenate((m, m), axis=1)),
        ("dot", lambda: xt.dot(a, b)),
        ("dot", lambda: xt.dot(m.T, a)),
        ("dot", lambda: a.dot(b)),
        ("dot", lambda: m.dot(m.T)),
        ("__getitem__", lambda: a[[1, 0, -1]]),
        ("__getitem__", lambda: m[:, None]),
        ("copy", lambda: m.copy()),
        ("count_nonzero", lambda: xt.count_nonzero(a)),
        ("__matmul__", lambda: m @ m.T),
        ("vecdot", lambda: xt.vecdot(m, m)),
        ("permute_dims", lambda: xt.permute_dims(m, (1, 0))),
        ("transpose", lambda: xt.transpose(m, (1, 0))),
        ("transpose", lambda: m.transpose(1, 0)),
        ("__float__", lambda: float(a[0])),
        ("__bool__", lambda: bool(a[0] > 1.0)),
        ("zeros_like", lambda: xt.zeros_like(m)),
        ("take", lambda: xt.take(m, [1, 0], axis=1)),
        ("cumulative_sum", lambda: xt.cumulative_sum(a)),
        ("round", lambda: m.round(2)),
        ("broadcast_to", lambda: xt.broadcast_to(a, (3, 2))),
    ]:
        call()
        assert twin not in python_frames(call)  # NumPy's own Python frames may show


def test_refusals_keep_their_words():
    a, m = xt.asarray([1.0, 2.0]), xt.ones((2, 3))
    with pytest.raises(ValueError, match=r"concat: arrays\[1\] has shape \(2, 3\)"):
        xt.concat([xt.ones((2, 2)), m], axis=0)
    with pytest.raises(ValueError, match="concat: zero-dimensional"):
        xt.concat([xt.asarray(1.0), xt.asarray(2.0)])
    with pytest.raises(ValueError, match=r"dot: shapes \(2, 3\) \(a\) and \(2,\) \(b\)"):
        xt.dot(m, a)
    with pytest.raises(IndexError, match="__getitem__"):
        a[[0, 5]]


@SETTINGS
@given(
    x=arrays(max_dims=2),
    name=st.sampled_from(REDUCTIONS),
    axis=st.none() | st.integers(-2, 1),
)
def test_namespace_reductions_match_python(x, name, axis):
    # the C twin replays the plan the Python function recorded: same answer, same errors
    fn = getattr(xt, name)
    assert is_compiled(fn) or CFAST is None
    args = (x,) if axis is None else (x, axis)
    assert_same(fn, *args, owner=False)  # a fresh 0-d answer may or may not own its buffer


@SETTINGS
@given(
    c=st.lists(st.booleans(), min_size=1, max_size=6),
    x1=st.integers(-(2**64), 2**64) | st.floats(-5, 5) | st.sampled_from([1j, 2.5]),
    x2=st.integers(-(2**64), 2**64) | st.floats(-5, 5),
)
def test_where_with_python_numbers_matches_python_and_numpy(c, x1, x2):
    cond = xt.asarray(c)
    result = assert_same(xt.where, cond, x1, x2)
    if result[0] == "raised":  # an int beyond int64, which NumPy would hold as an object
        assert result[1] is OverflowError and "where" in result[2]
        return
    want = np.where(np.asarray(c), x1, x2)
    assert result[1] == want.dtype
    np.testing.assert_array_equal(np.asarray(xt.where(cond, x1, x2)), want)


@SETTINGS
@given(
    dtype=st.sampled_from(["int8", "uint8", "int32", "int64", "uint64", "float16", "float32"]),
    value=st.sampled_from([0, -1, 127, 128, 255, 256, -129, 2**53, 2**53 + 1, 2**63 - 1, 2**64]),
    swap=st.booleans(),
)
def test_where_with_an_int_beside_an_array_matches_python_and_numpy(dtype, value, swap):
    """An int that keeps the array's dtype exactly (in an integer dtype's range, within 2**53
    of a float32 or float64) takes the small table, in C too; any other is the full path's."""
    cond = xt.asarray([True, False, True])
    x = xt.asarray(np.array([1, 2, 3], dtype))
    args = (cond, value, x) if swap else (cond, x, value)
    result = assert_same(xt.where, *args)
    if result[0] == "raised":  # out of the integer dtype's range: an OverflowError, as NumPy's
        assert result[1] is OverflowError and "where" in result[2]
        return
    plain = [np.asarray(a) if isinstance(a, xt.Array) else a for a in args]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.where(*plain)
    assert result[1] == want.dtype
    np.testing.assert_array_equal(np.asarray(xt.where(*args)), want)


@SETTINGS
@given(x=arrays(max_dims=3))
def test_count_nonzero_matches_python_and_numpy(x):
    result = assert_same(xt.count_nonzero, x, owner=False)
    assert result[1] == np.int64 and result[2] == ()
    assert int(xt.count_nonzero(x)) == np.count_nonzero(x._data)


@SETTINGS
@given(x=arrays(max_dims=2), exponent=st.sampled_from([2, -1, 3, 0, 2.0, 0.5, True]))
def test_scalar_power_matches_python_and_numpy(x, exponent):
    result = assert_same(xt.Array.__pow__, x, exponent)
    if result[0] == "raised":
        return  # an integer to a negative power (NumPy refuses it too)
    # an element (a 0-d x unmarked): NumPy's scalar (Note [Scalar arithmetic]); `asarray(v)`
    array = x.ndim or getattr(x, "_as_ndarray", None)  # NumPy's 0-d ndarray, the loop's
    with np.errstate(all="ignore"):
        want = np.asarray((x._data if array else x._data[()]) ** exponent)
    assert result[1] == want.dtype
    if exponent == 0.5 and x.ndim:  # the standard's (-0) ** 0.5 == +0, (-inf) ** 0.5 == +inf
        want = np.where(want == 0, 0, np.where(x._data == -np.inf, np.inf, want))
    np.testing.assert_array_equal(np.asarray(x**exponent), want)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("special", [-0.0, -np.inf, -5e-324])
@pytest.mark.parametrize("repeat", [3, 50_000])  # past the elision size: still C when named
def test_square_root_power_keeps_the_standards_special_cases(dtype, special, repeat):
    values = np.array([4.0, 0.25, special, np.inf, 0.0, np.nan] * repeat).astype(dtype)
    x = xt.asarray(values)
    result = assert_same(xt.Array.__pow__, x, 0.5)
    with np.errstate(all="ignore"):
        want = np.where(values == -np.inf, np.inf, np.sqrt(values) + 0.0)  # + 0.0: -0 to +0
    np.testing.assert_array_equal(np.asarray(x**0.5), want)
    np.testing.assert_array_equal(np.signbit(np.asarray(x**0.5)), np.signbit(want))
    assert result[1] == values.dtype


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("repeat", [1, 3, 50_000])
def test_square_root_power_in_one_pass(dtype, repeat):
    """Note [Square roots in one pass]: without NaNs or negative values the twin's fused loop
    answers `x ** 0.5` in C (no Python frame), bit for bit the standard's: NumPy's sqrt, +0.0
    for -0.0, with no warning; a negative value (-inf too) or a NaN takes NumPy's sqrt, whose
    warning (for the negative) is at the caller's line, and the fix-up (+inf for -inf)."""
    values = np.array([4.0, 0.25, -0.0, 3.0, np.inf, 0.0, 2.0, 5e-324] * repeat, dtype)
    x = xt.asarray(values)
    x**0.5  # (any first call's plan)
    if CFAST is not None:
        assert "__pow__" not in python_frames(lambda: x**0.5)
    want = np.where(values == -np.inf, np.inf, np.sqrt(values) + 0.0)
    with warnings.catch_warnings(), np.errstate(all="warn"):
        warnings.simplefilter("error")
        assert (x**0.5)._data.tobytes() == want.tobytes()
    for odd in (-1.0, -np.inf, np.nan):
        values[1] = odd
        with warnings.catch_warnings(record=True) as seen, np.errstate(all="warn"):
            warnings.simplefilter("always")  # (and NumPy's default state, not conftest's)
            line = sys._getframe().f_lineno + 1  # the next line's, the warning's
            got = xt.asarray(values) ** 0.5
        with np.errstate(all="ignore"):
            want = np.where(values == -np.inf, np.inf, np.sqrt(values) + 0.0)
        assert got._data.tobytes() == want.tobytes()
        lines = [(w.filename, w.lineno) for w in seen]
        assert lines == ([(__file__, line)] if odd < 0 else []), lines


CONVERSIONS = {"__float__": float, "__int__": int, "__index__": operator.index, "__bool__": bool}


@SETTINGS
@given(
    dtype=st.sampled_from(DTYPES + ["uint64", "float16"]),
    value=st.sampled_from([0, -0.0, 1, -3, 2.5, 2**63 - 1, float("nan"), float("inf"), 1 + 2j]),
    shape=st.sampled_from([(), (1,), (2,)]),
    name=st.sampled_from(sorted(CONVERSIONS)),
)
def test_python_scalars_match_python_and_numpy(dtype, value, shape, name):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # complex to real, out-of-range casts
        data = np.full(shape, value).astype(dtype)
    fn, x = getattr(xt.Array, name), xt.asarray(data)
    result = outcome(fn, x)
    assert repr(result) == repr(outcome(python_of(fn), x))  # repr: nan == nan
    want = _numpy_or_error(CONVERSIONS[name], data)
    if result[0] == "raised":
        assert want is None
    elif want != want:
        assert result[1] is float and result[2] != result[2]
    else:
        assert result[1:] == (type(want), want)


@SETTINGS
@given(
    x=arrays(max_dims=3),
    name=st.sampled_from(["zeros_like", "ones_like", "empty_like"]),
    dtype=st.sampled_from([None, "int8", "float32", "bool", "complex128"]),
)
def test_like_matches_python_and_numpy(x, name, dtype):
    fn, kwargs = getattr(xt, name), {} if dtype is None else {"dtype": getattr(xt, dtype)}
    if name != "empty_like" and dtype is None:  # its bytes are whatever the allocator held
        assert_same(fn, x)
    r, want = fn(x, **kwargs)._data, getattr(np, name)(x._data, dtype=dtype)
    assert (r.dtype, r.shape, r.strides) == (want.dtype, want.shape, want.strides)
    if name != "empty_like":
        np.testing.assert_array_equal(r, want)
    assert not np.shares_memory(r, x._data)


def test_scalars_and_zero_d_answers_leak_nothing():
    _leaks_nothing(lambda x, y: x[0] * x[1] + (float(x[1]) + bool(x[3]) + int(x[2])))
    _leaks_nothing(lambda x, y: xt.ones_like(x) + x.sum() + x**0.5)
    _leaks_nothing(lambda x, y: xt.asarray(x, dtype=xt.float32) + xt.asarray(y, dtype="float64"))
    _leaks_nothing(lambda x, y: xt.asarray(x))
    _leaks_nothing(lambda x, y: xt.sort(x) + xt.sort(y, axis=0))


SCANS = {
    "cumulative_sum": xt.cumulative_sum,
    "cumulative_prod": xt.cumulative_prod,
    "cumsum": xt.cumsum,
    "cumprod": xt.cumprod,
    "x.cumsum": xt.Array.cumsum,
    "x.cumprod": xt.Array.cumprod,
}


@SETTINGS
@given(x=arrays(max_dims=2), name=st.sampled_from(sorted(SCANS)))
def test_scans_match_python_and_numpy(x, name):
    """The `scan` twin replays the plan `cumulative` recorded (assert_same's first call)."""
    result = assert_same(SCANS[name], x)
    numpy_name = name.split(".")[-1].replace("cumulative_", "cum")
    want = _numpy_or_error(getattr(np, numpy_name), x._data)
    if result[0] == "raised":
        assert name.startswith("cumulative") and x.ndim != 1  # the standard's axis rule
    elif name.startswith("cumulative") or x.ndim == 1:
        assert want is not None and result[1:3] == (want.dtype, want.shape)
        np.testing.assert_array_equal(np.asarray(SCANS[name](x)), want)
    if not name.startswith("cumulative"):  # NumPy's forms: flattened n-d, and an int axis
        if want is not None:
            np.testing.assert_array_equal(np.asarray(SCANS[name](x)), want)
        for axis in range(-x.ndim - 1, x.ndim + 1):
            got = assert_same_call(SCANS[name], x, axis=axis)
            assert got == assert_same_call(SCANS[name], x, axis)
            along = _numpy_or_error(lambda d, k=axis: getattr(np, numpy_name)(d, k), x._data)
            if got[0] is np.ndarray and along is not None:
                np.testing.assert_array_equal(SCANS[name](x, axis)._data, along)


@needs_c
def test_scans_read_the_threshold_at_the_call(monkeypatch):
    x = xt.asarray(np.arange(6.0))
    xt.cumulative_sum(x)  # the plan
    assert "cumulative" not in python_frames(lambda: xt.cumulative_sum(x))
    strided = xt.asarray(np.arange(12.0))[::2]  # 1-d: a contiguous result all the same
    assert "cumulative" not in python_frames(lambda: xt.cumulative_sum(strided))
    np.testing.assert_array_equal(xt.cumsum(strided)._data, np.cumsum(np.arange(12.0)[::2]))
    monkeypatch.setattr(cpu_threads, "SCAN_MIN", 4)  # now the backend splits this scan
    assert "cumulative" in python_frames(lambda: xt.cumulative_sum(x))


@SETTINGS
@given(
    x=arrays(max_dims=2),
    key=st.lists(st.integers(-6, 6), max_size=4) | st.sampled_from([[2**70], [True, 0]]),
    as_array=st.sampled_from([None, "int8", "int64", "uint64"]),
    axis=st.sampled_from([None, 0, 1, -1, 2, 1.0]),
)
def test_take_matches_python_and_numpy(x, key, as_array, axis):
    if as_array is None or 2**70 in key:
        indices = key
    else:  # (a negative uint64 index wraps round: out of range)
        indices = xt.asarray(np.array(key).astype(as_array))
    args = (x, indices) if axis is None else (x, indices, axis)
    result = assert_same(xt.take, *args)
    want = _numpy_or_error(np.take, x._data, np.asarray(indices), axis)
    if result[0] == "raised":
        assert "take" in result[2]
    elif want is not None:
        np.testing.assert_array_equal(np.asarray(xt.take(*args)), want)


@SETTINGS
@given(x=arrays(max_dims=3), name=st.sampled_from(["nonzero", "where"]))
def test_nonzero_matches_python_and_numpy(x, name):
    fn = getattr(xt, name)

    def parts(f):
        try:
            return [(r.dtype, r.shape, np.asarray(r).tobytes()) for r in f(x)]
        except ValueError as e:
            return str(e)

    got = parts(fn)
    assert got == parts(python_of(fn))
    if isinstance(got, str):
        assert x.ndim == 0 and got.startswith("nonzero")
    else:
        want = [w.astype(np.int64) for w in np.nonzero(x._data)]
        assert got == [(xt.int64, w.shape, w.tobytes()) for w in want]


def test_every_optional_extension_is_built():
    """A C file that does not compile leaves its pure-Python twin running (the extensions are
    optional); the suite must say so rather than pass slowly."""
    from xtensor._backends import cpu_sort  # lazy: the modules holding the extensions
    from xtensor._core import values
    from xtensor._dispatch.compiled import PURE_PYTHON

    if PURE_PYTHON:
        pytest.skip("XTENSOR_PURE_PYTHON is set: the Python twins run")
    built = {"_cvalues": values._C, "_cscan": cpu_threads._cscan, "_csort": cpu_sort._csort}
    assert None not in built.values(), f"not built: {built} (pip install -e . builds them)"


@needs_c
def test_astype_past_tiny_runs_in_c_until_the_threaded_cast(monkeypatch):
    """From TINY elements the C astype reads the threaded cast's threshold at each call."""
    x = xt.asarray(np.linspace(-3e38, 3e38, 20_000))  # float64 -> float32, all in range
    want = x._data.astype(np.float32).tobytes()
    x.astype(xt.float32)  # the Python method records the cast
    before = CFAST.hits()
    assert x.astype(xt.float32)._data.tobytes() == want
    assert CFAST.hits() == before + 1
    monkeypatch.setattr(cpu_threads, "CAST_MIN", 10_000)  # now a threaded cast: Python's
    assert x.astype(xt.float32)._data.tobytes() == want
    assert CFAST.hits() == before + 1


def test_out_calls_alternating_dtypes_each_get_their_own_loop():
    """The C `out=` call remembers its last loop while the operands' dtypes are the same:
    alternating dtypes and scalar types must each get their own."""
    for _ in range(3):
        for dtype, other in [("float64", 2.5), ("float32", 2.5), ("int64", 3), ("float32", 3)]:
            a = np.arange(6).astype(dtype)
            x, out = xt.asarray(a), xt.asarray(np.zeros(6, dtype))
            for y, y_np in [(x, a), (other, other)]:
                assert xt.multiply(x, y, out=out) is out
                want = np.multiply(a, y_np, out=np.zeros(6, dtype))
                assert out._data.dtype == want.dtype and np.array_equal(out._data, want)


@pytest.mark.parametrize("source", ["float64", "float32"])
@pytest.mark.parametrize("target", [int, "int32", "int64", "int8"])
@pytest.mark.parametrize(
    "values",
    [[1.5, -2.7, 1e9], [2.0**31 - 1, -(2.0**31)], [1e19, 0.0], [np.nan, 1.0], [-np.inf, 2.0]],
)
def test_float_to_int_casts_are_numpys_and_silent(source, target, values):
    """A float -> signed int cast skips the quiet error state when every value is in range
    (Note [Quiet without the context variable]); out of range, NaN and inf stay silent too."""
    a = np.array(values * 4, source)
    with np.errstate(all="ignore"):
        want = a.astype(target)
    x = xt.asarray(a)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(2):  # the second call takes the recorded cast (C)
            got = x.astype(target)
            assert got._data.dtype == want.dtype and np.array_equal(got._data, want)


@SETTINGS
@given(
    value=st.sampled_from(
        [0, -3, 2**63 - 1, -(2**63), 2**63, 2**64, True, 1.5, -0.0, float("inf"), 1j, 300]
    ),
    dtype=st.sampled_from([None, xt.float32, xt.int8, xt.uint64, xt.int64, "float64", bool]),
    copy=st.sampled_from([None, True, False]),
    function=st.sampled_from(["asarray", "array"]),
)
def test_asarray_of_a_python_number_matches_python(value, dtype, copy, function):
    """`asarray(3.0)` in C: NumPy's reading of the number (bool, int64, float64, complex128;
    an int past int64 and a refused cast are the Python function's, with its words)."""
    fn = getattr(xt, function)
    kwargs = {"dtype": dtype} if copy is None else {"dtype": dtype, "copy": copy}
    slow = outcome(lambda v: python_of(fn)(v, **kwargs), value, warn="error")
    fast = outcome(lambda v: fn(v, **kwargs), value, warn="error")
    assert fast == slow


@SETTINGS
@given(
    x=arrays(),
    dtype=st.sampled_from([None, xt.float32, xt.int8, "float64", np.float32, int, bool, "U3"]),
    copy=st.sampled_from([None, True, False]),
    function=st.sampled_from(["asarray", "array"]),
)
def test_asarray_of_an_array_matches_python(x, dtype, copy, function):
    """`asarray(x, dtype=...)` of an Array in C: x itself, or its data cast (with NumPy's
    warnings: `warn="error"` tells a silenced one apart); `array` always copies."""
    fn = getattr(xt, function)
    kwargs = {"dtype": dtype} if copy is None else {"dtype": dtype, "copy": copy}
    for _ in range(2):  # the first call may fill the dtype cache the C reads
        slow = outcome(lambda x: python_of(fn)(x, **kwargs), x, warn="error")
        fast = outcome(lambda x: fn(x, **kwargs), x, warn="error")
        assert fast == slow
    if fast[0] is np.ndarray and function == "array" and copy is not False:
        assert fast[-1] == (False,)  # a new Array, never x


@SETTINGS
@given(
    shape=st.sampled_from([(), 0, 3, (2, 3), (2, 0), -1, (2.0,)]),
    value=st.sampled_from([True, 7, -(2**63), 2**63, 0.5, float("nan"), -0.0, 1 - 2j, None]),
    dtype=st.sampled_from([None, "float64", xt.float32, "int8", xt.complex128, np.uint8]),
    order=st.sampled_from(["absent", "C", "F", "K"]),
)
def test_full_matches_python_and_numpy(shape, value, dtype, order):
    args = (shape, value) if order == "absent" else (shape, value, dtype, order)
    kwargs = {"dtype": dtype} if order == "absent" else {}
    got = assert_same_call(xt.full, *args, **kwargs)
    if got[0] is np.ndarray and type(value) is not int:  # (an int past int64 is refused)
        want = np.full(shape, value, **({} if dtype is None else {"dtype": np.dtype(dtype)}))
        assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())
    if CFAST is not None and value in (True, 7, 0.5, 1 - 2j):  # each Python type's dtype
        assert python_frames(lambda: xt.full((2, 3), value)) - {"__hash__"} == {"<lambda>"}

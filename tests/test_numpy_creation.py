"""NumPy's creation and conversion helpers (xtensor/_numpy_creation.py) and
`xtensor.lib.stride_tricks` against NumPy; NumPy's positional `dtype`/`order` of the creation
functions and list arguments of isin/unique (changes proposed to _creation.py and _sets.py)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.numpy_calls import assert_numpy_signature, check, same
from tests.oracle import arrays, assert_same, shapes

CREATION_NAMES = [
    "logspace",
    "geomspace",
    "identity",
    "tri",
    "vander",
    "diagflat",
    "fromiter",
    "fromfunction",
    "ascontiguousarray",
    "asfortranarray",
    "asanyarray",
    "asarray_chkfinite",
    "require",
]
DTYPES = (None, "float32", "int64", "complex128", xt.float64)


@pytest.mark.parametrize("name", CREATION_NAMES)
def test_signatures_are_numpys(name):
    assert_numpy_signature(name)
    assert name in xt.__all__


def _arr(dtype, shape_strategy, **kwargs):
    return shape_strategy.flatmap(lambda shape: arrays(dtype, shape, **kwargs))


# --- ranges ----------------------------------------------------------------------------------

_ENDS = st.one_of(
    st.floats(-3, 3),
    st.integers(-3, 3),
    hnp.arrays(np.float64, 2, elements=st.floats(-3, 3)),
)


@given(
    start=_ENDS,
    stop=_ENDS,
    num=st.integers(0, 6),
    endpoint=st.booleans(),
    dtype=st.sampled_from(DTYPES),
    axis=st.sampled_from([0, -1]),
)
def test_logspace_and_geomspace_match_numpy(start, stop, num, endpoint, dtype, axis):
    kw = {"num": num, "endpoint": endpoint, "dtype": dtype, "axis": axis}
    check("logspace", start, stop, base=2.0, **kw)
    check("geomspace", start, stop, **kw)
    check("geomspace", np.abs(start) + 1, np.abs(stop) + 0.5, **kw)


def test_range_errors_match_numpy():
    check("geomspace", 0, 10)
    check("logspace", 0, 1, num=-1)
    check("geomspace", 1, 10, num=5, dtype=np.float16)
    assert_same(xt.geomspace(1, 10, dtype=np.longdouble), np.geomspace(1, 10, dtype=np.longdouble))
    assert_same(xt.geomspace(-1 + 0j, 1 + 0j, 3), np.geomspace(-1 + 0j, 1 + 0j, 3))


# --- matrices --------------------------------------------------------------------------------


@given(
    n=st.integers(0, 4),
    m=st.one_of(st.none(), st.integers(0, 4)),
    k=st.integers(-4, 4),
    dtype=st.sampled_from(DTYPES + ("bool",)),
)
def test_identity_and_tri_match_numpy(n, m, k, dtype):
    check("identity", n, dtype)
    check("tri", n, m, k, dtype=dtype or float)
    check("tri", n, M=m, k=k)


@given(
    data=st.data(),
    dtype=st.sampled_from(["int8", "uint8", "float32", "complex64"]),
    n=st.one_of(st.none(), st.integers(0, 4)),
    increasing=st.booleans(),
    k=st.integers(-3, 3),
)
def test_vander_and_diagflat_match_numpy(data, dtype, n, increasing, k):
    x = data.draw(_arr(dtype, shapes(max_dims=2, max_side=4)))
    check("vander", x, n, increasing)
    check("diagflat", x, k)
    check("diagflat", x.tolist(), k=k)


# --- from Python objects -----------------------------------------------------------------------


@given(
    values=st.lists(st.integers(-100, 100), max_size=6),
    dtype=st.sampled_from(["int16", "float64", "complex64", int, float]),
    count=st.integers(-1, 7),
)
def test_fromiter_matches_numpy(values, dtype, count):
    try:
        want = np.fromiter(iter(values), dtype, count)
    except ValueError:
        with pytest.raises(ValueError, match="fromiter: iterator too short"):
            xt.fromiter(iter(values), dtype, count)
    else:
        assert_same(xt.fromiter(iter(values), dtype, count), want)
    assert_same(xt.fromiter((v for v in values), dtype=dtype), np.fromiter(values, dtype=dtype))


def test_fromiter_and_like():
    assert_same(xt.fromiter(range(3), np.float16), np.fromiter(range(3), np.float16))
    assert_same(xt.fromiter(range(3), np.longdouble), np.fromiter(range(3), np.longdouble))
    assert xt.fromiter(range(3), int, like=xt.ones(1)).device == xt.ones(1).device
    with pytest.raises(TypeError, match="identity: the `like` argument must be an array-like"):
        xt.identity(2, like=[1.0])  # (NumPy's TypeError too)


LIKE_CALLS = {
    "zeros": lambda m, like: m.zeros((2, 3), like=like),
    "ones": lambda m, like: m.ones(3, dtype="int32", like=like),
    "empty": lambda m, like: m.empty(0, like=like),
    "full": lambda m, like: m.full(2, 1.5, like=like),
    "arange": lambda m, like: m.arange(1, 7, 2, like=like),
    "eye": lambda m, like: m.eye(3, 2, like=like),
    "identity": lambda m, like: m.identity(2, like=like),
    "asarray": lambda m, like: m.asarray([1, 2], like=like),
    "array": lambda m, like: m.array([[1.0]], like=like),
    "fromiter": lambda m, like: m.fromiter(range(3), float, like=like),
}


@pytest.mark.parametrize("name", sorted(LIKE_CALLS))
def test_like_a_numpy_array_makes_a_cpu_array(name):
    """NEP 35's `like=` of an ndarray: NumPy answers an ndarray, xtensor a CPU Array of the
    same values; anything without `__array_function__` is NumPy's TypeError."""
    got = LIKE_CALLS[name](xt, np.ones(1))
    assert isinstance(got, xt.Array) and got.device == xt.ones(1).device
    want = LIKE_CALLS[name](np, np.ones(1))
    if want.size:
        assert_same(got, want)
    for m in (np, xt):
        with pytest.raises(TypeError, match="`like` argument must be an array-like"):
            LIKE_CALLS[name](m, [1.0])


@pytest.mark.parametrize("dtype", [float, int, "float32", "int8"])
def test_fromfunction_matches_numpy(dtype):
    def f(i, j, scale=1):
        return (i * 10 + j) * scale

    same(xt.fromfunction(f, (2, 3), dtype=dtype), np.fromfunction(f, (2, 3), dtype=dtype))
    got = xt.fromfunction(f, (2, 2), dtype=dtype, scale=3)
    same(got, np.fromfunction(f, (2, 2), dtype=dtype, scale=3))
    assert xt.fromfunction(lambda i: 7, (3,)) == 7  # the function's own answer, as NumPy
    assert isinstance(xt.fromfunction(lambda i, j: i, (2, 2)), xt.Array)


# --- conversions with a layout or a check ------------------------------------------------------


@given(
    a=_arr("float32", shapes(max_dims=3, max_side=4)),
    dtype=st.sampled_from([None, "float64", "int32"]),
)
def test_contiguous_and_fortran_arrays_match_numpy(a, dtype):
    for name in ("ascontiguousarray", "asfortranarray"):
        got = check(name, a, dtype)
        want = getattr(np, name)(a, dtype)
        assert got.flags.c_contiguous == want.flags.c_contiguous
        assert got.flags.f_contiguous == want.flags.f_contiguous
        check(name, a.tolist(), dtype=dtype)
    x = xt.asarray(np.ascontiguousarray(a))
    assert xt.ascontiguousarray(x) is x if x.ndim else True


@given(
    a=_arr("int16", shapes(max_dims=2)),
    order=st.sampled_from([None, "C", "F", "A", "K"]),
    copy=st.sampled_from([None, True, False]),
)
def test_asanyarray_matches_numpy(a, order, copy):
    got = check("asanyarray", a, dtype=None, order=order, copy=copy)
    if got is not None:
        want = np.asanyarray(a, order=order, copy=copy)
        assert got.flags.f_contiguous == want.flags.f_contiguous
        assert got.flags.c_contiguous == want.flags.c_contiguous
    check("asanyarray", a.tolist(), "float32", order, copy=copy)


@pytest.mark.parametrize(
    "a", [[1.0, 2.0], [1.0, np.nan], [np.inf], [1, 2], np.array([1j, np.nan]), 3.0]
)
def test_asarray_chkfinite_matches_numpy(a):
    check("asarray_chkfinite", a)
    check("asarray_chkfinite", np.asarray(a), order="F")


@given(
    a=_arr("float64", shapes(max_dims=2)),
    requirements=st.lists(st.sampled_from(["C", "F", "A", "W", "O", "E", "ALIGNED"]), max_size=2),
    dtype=st.sampled_from([None, "float32"]),
)
def test_require_matches_numpy(a, requirements, dtype):
    got = check("require", a, dtype, requirements)
    if got is not None:
        want = np.require(a, dtype, requirements)
        assert (got.flags.c_contiguous, got.flags.f_contiguous) == (
            want.flags.c_contiguous,
            want.flags.f_contiguous,
        )
    x = xt.asarray(a)
    assert xt.require(x) is x


def test_require_refuses_unknown_requirements():
    check("require", np.ones(2), None, ["Q"], match=None)


# --- stride tricks -----------------------------------------------------------------------------


def test_stride_tricks_import_like_numpys():
    import xtensor.lib.stride_tricks as stride_tricks
    from xtensor.lib.stride_tricks import as_strided, sliding_window_view

    assert stride_tricks.as_strided is as_strided and xt.lib.stride_tricks is stride_tricks
    assert sliding_window_view.__module__ == "xtensor.lib.stride_tricks"


@given(
    a=_arr("int32", shapes(min_dims=1, max_dims=3, min_side=1, max_side=5)),
    data=st.data(),
    writeable=st.booleans(),
)
def test_sliding_window_view_matches_numpy(a, data, writeable):
    from numpy.lib.stride_tricks import sliding_window_view as np_windows

    from xtensor.lib.stride_tricks import sliding_window_view

    axis = data.draw(st.sampled_from([None, 0, -1]))
    n = a.ndim if axis is None else 1
    window = tuple(data.draw(st.integers(0, 6)) for _ in range(n))
    base = np.ascontiguousarray(a)  # writeable windows need a writeable base
    try:
        want = np_windows(base, window, axis, writeable=writeable)
    except ValueError:
        with pytest.raises(ValueError, match="sliding_window_view: "):
            sliding_window_view(xt.asarray(base), window, axis, writeable=writeable)
        return
    got = sliding_window_view(xt.asarray(base), window, axis, writeable=writeable)
    assert_same(got, want)
    assert got.flags.writeable is want.flags.writeable and got.base is not None


def test_as_strided_is_a_view_like_numpys():
    from numpy.lib.stride_tricks import as_strided as np_strided

    from xtensor.lib.stride_tricks import as_strided

    base = np.arange(10, dtype=np.int64)
    x = xt.asarray(base.copy())
    for shape, strides in [((3, 3), (8, 8)), ((5,), (16,)), (None, None), ((2, 2), (0, 8))]:
        assert_same(as_strided(x, shape, strides), np_strided(base, shape, strides))
    view = as_strided(x, (2, 2), (16, 8))
    view[1, 1] = -1  # writes through, as NumPy's view does
    assert x[3].item() == -1
    assert not as_strided(x, writeable=False).flags.writeable
    with pytest.raises(ValueError):
        as_strided(x, writeable=False)[0] = 5


# --- NumPy's signatures of the standard's creation functions -----------------------------------


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
def test_creation_takes_numpys_positional_dtype_and_order(name):
    got = getattr(xt, name)((2, 3), "f4", "F")
    want = getattr(np, name)((2, 3), "f4", "F")
    assert got.shape == want.shape and got.dtype == xt.float32 and got.flags.f_contiguous
    assert_same(xt.full((2, 2), 7, "int16", order="F"), np.full((2, 2), 7, "int16", order="F"))
    assert_same(xt.zeros(3, dtype=xt.int8), np.zeros(3, dtype=np.int8))  # the standard's


def test_array_triu_and_sets_take_numpys_arguments():
    assert_same(xt.array([1, 2], ndmin=3), np.array([1, 2], ndmin=3))
    assert_same(xt.triu(xt.ones((3, 3)), 1), np.triu(np.ones((3, 3)), 1))
    assert_same(xt.isin(xt.arange(4), [1, 3]), np.isin(np.arange(4), [1, 3]))
    assert_same(xt.unique([3, 1, 3]), np.unique([3, 1, 3]))


def test_lib_is_loaded_with_the_package():
    code = "import xtensor; print(xtensor.lib.stride_tricks.as_strided.__name__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.stdout.strip() == "as_strided", run.stderr[-300:]


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.asarray([[1, 2], [3, 4]], float),
        lambda m: m.asarray([[1, 2], [3, 4]], "f4", "F"),
        lambda m: m.asarray(m.arange(6).reshape(2, 3), order="F"),
        lambda m: m.asarray(2.5, "f4"),
        lambda m: m.eye(3, 4, 1),
        lambda m: m.eye(3, 3, -1, "int8"),
    ],
)
def test_asarray_and_eye_take_numpys_positional_arguments(call):
    got, want = call(xt), call(np)
    assert_same(got, want)
    assert got.flags.f_contiguous == want.flags.f_contiguous
    assert got.flags.c_contiguous == want.flags.c_contiguous


def test_asarray_reads_like_s_device_and_refuses_a_copy_it_would_need():
    assert xt.asarray([1, 2], like=xt.ones(3)).device == xt.ones(3).device
    with pytest.raises(ValueError, match="^asarray: copy=False"):
        xt.asarray(xt.ones((2, 3)), order="F", copy=False)

"""Drop-in fixes for NumPy scripts (issue #9): concatenate's NumPy keywords, take with n-d
indices, string elements, NumPy's type tables and bool scalars. NumPy is the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import arrays, assert_same

# --- concatenate(..., out=, dtype=, casting=) ---------------------------------------------------

PARTS = [np.array([[1, 2]], np.int16), np.array([[3.5, -4.0]], np.float32)]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"dtype": np.float64},
        {"dtype": np.int64, "casting": "unsafe"},
        {"dtype": np.float16, "casting": "same_kind"},
        {"axis": None, "dtype": np.complex64},
        {"axis": 1, "dtype": np.float32, "casting": "safe"},
        {"casting": "safe"},
        {"casting": "no", "dtype": np.int16},
        {"dtype": np.int64},
        {"dtype": np.float16, "casting": "safe"},
        {"axis": 2, "dtype": np.float64},
    ],
)
def test_concatenate_dtype_and_casting_match_numpy(kwargs):
    xt_kwargs = {**kwargs, "dtype": xt.dtype(kwargs["dtype"])} if "dtype" in kwargs else kwargs
    try:
        want = np.concatenate(PARTS, **kwargs)
    except Exception as e:  # noqa: BLE001 - NumPy refuses: xtensor must refuse with its class
        with pytest.raises(type(e), match="^concat: "):
            xt.concatenate([xt.asarray(p) for p in PARTS], **xt_kwargs)
        return
    assert_same(xt.concatenate([xt.asarray(p) for p in PARTS], **xt_kwargs), want, rtol=0)


@given(data=st.data(), dtype=st.sampled_from(["int8", "float32", "float64", "complex64"]))
def test_concatenate_out_matches_numpy(data, dtype):
    a = data.draw(arrays("int16", shape=(2, 3)), label="a")
    b = data.draw(arrays("float32", shape=(1, 3)), label="b")
    out, xt_out = np.zeros((3, 3), dtype), xt.zeros((3, 3), dtype=xt.dtype(dtype))
    try:
        with np.errstate(all="ignore"):
            np.concatenate([a, b], out=out, casting="unsafe")
    except Exception:  # noqa: BLE001
        pytest.fail("NumPy refused a valid out=")
    with np.errstate(all="ignore"):
        got = xt.concatenate([xt.asarray(a), xt.asarray(b)], 0, xt_out, casting="unsafe")
    assert got is xt_out
    assert_same(xt_out, out, rtol=0)


def test_concatenate_out_errors_as_numpy():
    parts = [xt.asarray(p) for p in PARTS]
    with pytest.raises(TypeError, match="^concat: give out or dtype, not both"):
        xt.concatenate(parts, out=xt.empty((2, 2)), dtype=xt.float64)
    with pytest.raises(ValueError, match="^concat: Output array is the wrong shape"):
        xt.concatenate(parts, out=xt.empty((3, 2)))
    with pytest.raises(TypeError, match="^concat: Cannot cast array data"):
        xt.concatenate(parts, out=xt.empty((2, 2), dtype=xt.int16))
    # The standard's call is untouched: no keywords, the promoted dtype.
    assert xt.concat(parts).dtype == xt.float32 == np.concatenate(PARTS).dtype


# --- take with n-d indices ----------------------------------------------------------------------


@given(data=st.data(), axis=st.sampled_from([None, 0, 1, -1]))
def test_take_nd_indices_matches_numpy(data, axis):
    x = data.draw(arrays("float32", shape=(3, 4)), label="x")
    size = x.size if axis is None else x.shape[axis]
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    idx = data.draw(hnp.arrays(np.int64, shape, elements=st.integers(-size, size - 1)))
    assert_same(xt.take(xt.asarray(x), xt.asarray(idx), axis=axis), np.take(x, idx, axis=axis))


def test_take_nd_out_of_range_raises_index_error():
    with pytest.raises(IndexError, match="^take: index 4 is out of bounds for axis 1"):
        xt.take(xt.ones((2, 4)), xt.asarray([[0, 4]]), axis=1)
    got = xt.take(xt.reshape(xt.arange(8), (2, 4)), xt.asarray([[0, 5]]), axis=1, mode="wrap")
    assert_same(got, np.take(np.arange(8).reshape(2, 4), [[0, 5]], axis=1, mode="wrap"))


# --- a string array's element -------------------------------------------------------------------


def test_string_element_prints_formats_and_compares_as_numpys():
    n = np.array(["ab", "cde", ""])
    x = xt.asarray(n)
    for i in range(3):
        got, want = x[i], n[i]
        assert str(got) == str(want) and f"{got}" == f"{want}" and f"{got:>6}|" == f"{want:>6}|"
        assert bool(got == str(want)) and bool(str(want) == got) and not bool(got != str(want))
    assert [s for s in x] == list(n)  # iteration gives NumPy's str_ (a Python str)
    assert [s.upper() for s in x] == [s.upper() for s in n]


# --- NumPy's type tables and bool scalars -------------------------------------------------------


def test_typecodes_name_xtensor_dtypes():
    assert xt.typecodes == np.typecodes  # every NumPy type code names an xtensor dtype
    for codes in xt.typecodes.values():
        for c in codes:
            assert xt.dtype(c) == np.dtype(c), c


def test_sctype_dict_and_scalar_type_hold_xtensor_dtypes():
    # NumPy's own names: importing PyTorch or JAX adds ml_dtypes' (bfloat16...), host-only here
    numpys = {k for k, t in np.sctypeDict.items() if t.__module__ in ("numpy", "builtins")}
    assert set(xt.sctypeDict) == numpys
    assert xt.sctypeDict["double"] is xt.float64 and xt.sctypeDict["intc"] is xt.int32
    for name, t in xt.sctypeDict.items():
        assert t == np.dtype(np.sctypeDict[name]), name
    python = tuple(t for t in np.ScalarType if not issubclass(t, np.generic))
    assert xt.ScalarType[: len(python)] == python
    assert xt.float16 in xt.ScalarType and xt.complex128 in xt.ScalarType
    rest = xt.ScalarType[len(python) :]
    assert len(rest) == len(set(rest)) == len({np.dtype(t) for t in np.ScalarType[len(python) :]})


def test_true_and_false_are_read_only_bool_scalars():
    for name, value in (("True_", True), ("False_", False)):
        got = getattr(xt, name)
        assert isinstance(got, xt.Array) and got.dtype == xt.bool and got.shape == ()
        assert bool(got) is value and str(got) == str(getattr(np, name))
        assert bool(got == xt.bool(value))
        with pytest.raises(ValueError, match="read-only"):
            got[...] = not value
    assert bool(xt.True_) and not bool(xt.False_)


# --- np.real / np.imag: views of the array's memory, as NumPy's ------------------------------


@given(st.sampled_from(["bool", "int16", "float32", "complex64", "complex128"]).flatmap(arrays))
def test_real_and_imag_view_the_array_as_numpys_do(a):
    """Writes through `real(z)` and `imag(z)` land in z, as through `np.real(z)`; `real` of a
    real array is the array itself, `imag` NumPy's read-only zeros, as in NumPy. Values and
    dtypes are NumPy's, and the C twins' answers their Python functions'."""
    from tests.test_cfast import assert_same as assert_same_paths  # lazy: the C twins' check

    for part in ("real", "imag"):
        x, n = xt.asarray(a.copy()), a.copy()
        got, want = getattr(xt, part)(x), getattr(np, part)(n)
        assert_same(got, want)
        assert got._data.flags.writeable == want.flags.writeable
        assert_same_paths(getattr(xt, part), x)
        if want.flags.writeable and want.size:
            want[...] = want[::-1] if want.ndim else 1
            got[...] = got[::-1] if got.ndim else 1
            np.testing.assert_array_equal(np.asarray(x), n)  # the same writes reached z
    if a.dtype.kind != "c":
        x = xt.asarray(a)
        assert xt.real(x) is x


# --- Python floats and bools as indices and counts ---------------------------------------------

FLOAT_COUNT_CALLS = [
    lambda m: m.take([1, 2, 3], [1.7]),
    lambda m: m.take([1, 2, 3], -1.5),
    lambda m: m.take([1, 2, 3], (0.2, 2.9)),
    lambda m: m.take(m.arange(3), m.asarray([True, False])),
    lambda m: m.take([[1, 2], [3, 4]], [True], axis=1),
    lambda m: m.arange(3).take([True, False]),
    lambda m: m.repeat([1, 2], 2.5),
    lambda m: m.repeat([1, 2], -0.5),
    lambda m: m.repeat([1, 2], [1.5, 2.7]),
    lambda m: m.arange(2).repeat(2.0),
    lambda m: m.repeat([[1, 2]], 3 / 2, axis=0),
]


@pytest.mark.parametrize("call", FLOAT_COUNT_CALLS)
def test_python_floats_and_bools_as_indices_and_counts_are_numpys(call):
    """NumPy reads Python floats given as indices or counts truncated toward zero, and bool
    indices of `take` as 0 and 1."""
    assert_same(call(xt), call(np))


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.take([1, 2, 3], m.asarray([1.0])),  # a float array: both refuse
        lambda m: m.repeat([1, 2], m.asarray([1.0, 2.0])),
        lambda m: m.take([1, 2, 3], [float("nan")]),
        lambda m: m.repeat([1, 2], float("inf")),
    ],
)
def test_float_arrays_and_non_finite_floats_are_refused_as_numpy_refuses(call):
    with pytest.raises(Exception) as want:
        call(np)
    with pytest.raises(want.type, match="^(take|repeat): "):
        call(xt)

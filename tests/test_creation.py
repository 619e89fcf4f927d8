"""Creation functions against NumPy: values, dtype inference, copy semantics, devices, errors."""

from __future__ import annotations

import array as pyarray

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, assert_same_linspace, shapes

dtype_names = st.sampled_from(ALL_DTYPES)


def shares(a: xt.Array, b) -> bool:
    return np.shares_memory(np.asarray(a), b)


# --- asarray: inference ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "obj, name",
    [
        (True, "bool"),
        (3, "int64"),
        (2.5, "float64"),
        (1j, "complex128"),
        ([True, 1], "int64"),
        ([1, 2.0], "float64"),
        ([[1.0], [2j]], "complex128"),
        ([[True, False]], "bool"),
        ([], "float64"),
        (2**63, "uint64"),
    ],
)
def test_asarray_infers_dtype_from_python_scalars(obj, name):
    assert_same(xt.asarray(obj), np.asarray(obj, dtype=name))


@given(arrays=dtype_names.flatmap(arrays))
def test_asarray_of_numpy_arrays_keeps_values_and_dtype(arrays):
    assert_same(xt.asarray(arrays), arrays)


@given(src=dtype_names.flatmap(arrays), target=dtype_names)
def test_asarray_with_dtype_casts_like_numpy(src, target):
    if src.dtype.kind == "c" and target[0] != "c":
        return  # NumPy warns and drops the imaginary part; not a case asarray specifies
    with np.errstate(all="ignore"):
        want = src.astype(target)
    assert_same(xt.asarray(src, dtype=getattr(xt, target)), want)


def test_asarray_keeps_float16_and_normalises_byte_order():
    half = np.array([1.5, -0.0, np.inf], dtype=np.float16)[::2]
    assert_same(xt.asarray(half), half, signed_zeros=True)
    assert shares(xt.asarray(half, copy=False), half)
    assert_same(xt.asarray([1.0, 1e5], dtype=np.float16), np.asarray([1.0, 1e5], np.float16))
    big_endian = np.arange(4, dtype=">i4")
    assert_same(xt.asarray(big_endian), np.arange(4, dtype=np.int32))
    assert_same(xt.asarray(np.float32(2.5)), np.asarray(2.5, dtype=np.float32))


@pytest.mark.parametrize("obj", [np.array([object()]), np.array(["2020-01-01"], dtype="M8[D]")])
def test_asarray_keeps_numpys_host_only_dtypes(obj):  # Note [Host-only dtypes]
    got = xt.asarray(obj)
    assert got.dtype == obj.dtype and np.asarray(got)[0] == obj[0]


def test_asarray_refuses_inferred_object_arrays_and_foreign_byte_order_records():
    with pytest.raises(TypeError, match="asarray: NumPy would read .* object array.*dtype=object"):
        xt.asarray([1, None])
    assert np.asarray([1, None]).dtype == object  # NumPy infers it; xtensor asks for it
    with pytest.raises(TypeError, match="asarray: xtensor does not support NumPy dtype"):
        xt.asarray(np.zeros(2, dtype=[("a", ">i4")]))


def test_asarray_errors():
    with pytest.raises(ValueError, match="asarray: copy must be True, False or None"):
        xt.asarray([1], copy="yes")
    with pytest.raises(OverflowError, match="asarray: .*out of bounds for int8"):
        xt.asarray(300, dtype=xt.int8)
    with pytest.raises(OverflowError, match="asarray: .*out of bounds for uint64"):
        xt.asarray(2**64)
    with pytest.raises(ValueError, match="asarray: .*inhomogeneous"):
        xt.asarray([[1, 2], [3]])
    assert_same(xt.asarray([1.0], dtype=np.longdouble), np.asarray([1.0], np.longdouble))
    with pytest.raises(TypeError, match="asarray: .*complex"):
        xt.asarray(1j, dtype=xt.float64)


# --- asarray: copy semantics ----------------------------------------------------------------


@given(src=dtype_names.flatmap(arrays))
def test_asarray_copy_none_and_false_share_numpy_memory(src):
    for copy in (None, False):
        out = xt.asarray(src, copy=copy)
        assert src.size == 0 or shares(out, src), copy
    fresh = xt.asarray(src, copy=True)
    assert not shares(fresh, src)
    assert_same(fresh, src)


def test_asarray_mutations_show_through_shared_memory():
    src = np.arange(5.0)
    shared, copied = xt.asarray(src), xt.asarray(src, copy=True)
    src[0] = 42.0
    assert float(shared[0]) == 42.0 and float(copied[0]) == 0.0


def test_asarray_shares_buffer_protocol_objects():
    buf = pyarray.array("d", [1.0, 2.0])
    out = xt.asarray(buf, copy=False)
    buf[0] = 7.0
    assert_same(out, np.array([7.0, 2.0]))
    raw = bytearray(b"\x01\x02")
    assert_same(xt.asarray(raw), np.array([1, 2], dtype=np.uint8))


def test_asarray_of_xtensor_arrays_copy_semantics():
    x = xt.asarray(np.arange(4))
    for copy in (None, False):
        assert shares(xt.asarray(x, copy=copy), np.asarray(x))
    assert not shares(xt.asarray(x, copy=True), np.asarray(x))
    assert not shares(xt.asarray(x, dtype=xt.float64), np.asarray(x))
    assert shares(xt.asarray(x, dtype=xt.int64, copy=False), np.asarray(x))


@pytest.mark.parametrize(
    "obj, kwargs, fragment",
    [
        ([1, 2], {}, "a list cannot be converted without copying"),
        (np.arange(3), {"dtype": xt.float32}, "without copying"),
        (np.ones(2, ">f2"), {}, ">f2 must be converted to float16"),
        (np.arange(3, dtype=">f8"), {}, "must be converted"),
    ],
)
def test_asarray_copy_false_raises_when_a_copy_is_needed(obj, kwargs, fragment):
    with pytest.raises(ValueError, match=f"asarray: copy=False, but .*{fragment}"):
        xt.asarray(obj, copy=False, **kwargs)


def test_asarray_copy_false_on_xtensor_dtype_change_raises():
    with pytest.raises(
        ValueError, match="asarray: copy=False, but converting int64 to float32 copies"
    ):
        xt.asarray(xt.asarray([1, 2]), dtype=xt.float32, copy=False)


def test_numpy_array_alias_copies_by_default():
    src = np.arange(3)
    assert not shares(xt._creation.array(src), src)
    assert shares(xt._creation.array(src, copy=None), src)


# --- devices --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda d: xt.asarray([1, 2], device=d),
        lambda d: xt.zeros(2, device=d),
        lambda d: xt.arange(3, device=d),
        lambda d: xt.eye(2, device=d),
        lambda d: xt.full(2, 1.0, device=d),
        lambda d: xt.linspace(0, 1, 3, device=d),
        lambda d: xt.empty_like(xt.ones(2), device=d),
        lambda d: xt.asarray(xt.ones(2), device=d),
    ],
)
def test_creation_on_the_cpu_device(make):
    for device in ("cpu", xt.Device("cpu"), None):
        assert make(device).device == xt.Device("cpu")


def test_unknown_device_is_a_value_error():
    with pytest.raises(ValueError, match="'tpu' is not a device"):
        xt.zeros(2, device="tpu")
    with pytest.raises(ValueError, match="'tpu' is not a device"):
        xt.asarray([1], device="tpu")


@pytest.mark.skipif(bool(xt._core.devices.cuda_devices()), reason="a GPU is usable here")
def test_cuda_without_a_gpu_says_so():
    with pytest.raises(
        ValueError, match="zeros: device 'cuda:0' is not available; available devices: cpu"
    ):
        xt.zeros(2, device="cuda")


# --- from a shape ---------------------------------------------------------------------------


@given(shape=shapes(), name=st.none() | dtype_names)
def test_empty_zeros_ones_match_numpy(shape, name):
    np_dtype = name or "float64"
    dtype = None if name is None else getattr(xt, name)
    assert_same(xt.zeros(shape, dtype=dtype), np.zeros(shape, np_dtype))
    assert_same(xt.ones(shape, dtype=dtype), np.ones(shape, np_dtype))
    out = xt.empty(shape, dtype=dtype)
    assert out.shape == shape and out.dtype.name == np_dtype


@pytest.mark.parametrize("func", [xt.empty, xt.zeros, xt.ones, lambda s: xt.full(s, 1)])
def test_shape_errors(func):
    with pytest.raises(ValueError, match="negative dimensions are not allowed"):
        func((2, -1))
    with pytest.raises(TypeError, match="shape must be an int or a tuple of ints"):
        func((2.5,))
    assert func(3).shape == (3,) and func(np.int64(2)).shape == (2,)


@pytest.mark.parametrize(
    "value, name", [(True, "bool"), (-7, "int64"), (0.5, "float64"), (1 - 2j, "complex128")]
)
def test_full_infers_dtype_from_the_fill_value(value, name):
    assert_same(xt.full((2, 3), value), np.full((2, 3), value, dtype=name))


@given(shape=shapes(), name=dtype_names)
def test_full_with_dtype_matches_numpy(shape, name):
    value = {"b": True, "c": 1 + 1j, "f": -2.5}.get(np.dtype(name).kind, 7)
    assert_same(xt.full(shape, value, dtype=getattr(xt, name)), np.full(shape, value, name))
    assert_same(
        xt.full(shape, xt.asarray(value, dtype=getattr(xt, name))), np.full(shape, value, name)
    )


def test_full_errors():
    with pytest.raises(OverflowError, match="full: Python integer 300 is out of bounds for int8"):
        xt.full(2, 300, dtype=xt.int8)
    with pytest.raises(TypeError, match="full: a complex fill_value cannot fill a float64"):
        xt.full(2, 1j, dtype=xt.float64)
    with pytest.raises(TypeError, match="full: fill_value must be a bool, int, float or complex"):
        xt.full(2, None)
    with pytest.raises(ValueError, match=r"full: fill_value of shape \(3,\) cannot be broadcast"):
        xt.full(2, xt.ones(3))
    with pytest.raises(TypeError, match="full: a complex fill_value cannot fill a int64"):
        xt.full(2, [1j, 2], dtype=xt.int64)


# --- from another array ---------------------------------------------------------------------


@given(src=dtype_names.flatmap(arrays), name=st.none() | dtype_names)
def test_like_functions_match_numpy(src, name):
    x = xt.asarray(src)
    dtype = None if name is None else getattr(xt, name)
    np_dtype = name or src.dtype
    assert_same(xt.zeros_like(x, dtype=dtype), np.zeros(src.shape, np_dtype))
    assert_same(xt.ones_like(x, dtype=dtype), np.ones(src.shape, np_dtype))
    assert_same(xt.full_like(x, True, dtype=dtype), np.full(src.shape, True, np_dtype))
    out = xt.empty_like(x, dtype=dtype)
    assert (out.shape, np.dtype(out.dtype)) == (src.shape, np.dtype(np_dtype))
    assert not shares(out, src)


def test_full_like_casts_the_value_as_numpy_does():
    assert_same(xt.full_like(xt.asarray([1, 2]), 2.7), np.full_like(np.array([1, 2]), 2.7))
    with pytest.raises(TypeError, match="zeros_like: x must be an array; got NoneType"):
        xt.zeros_like(None)


matrices = dtype_names.flatmap(
    lambda n: shapes(min_dims=2, max_dims=4).flatmap(lambda s: arrays(n, shape=s))
)


@given(src=matrices, k=st.integers(-4, 4))
def test_tril_triu_match_numpy(src, k):
    assert_same(xt.tril(xt.asarray(src), k=k), np.tril(src, k=k))
    assert_same(xt.triu(xt.asarray(src), k=k), np.triu(src, k=k))


def test_tril_triu_errors():
    with pytest.raises(TypeError, match="tril: x must have at least 1 dimension"):
        xt.tril(xt.asarray(1.0))  # NumPy: TypeError from tri()
    with pytest.raises(TypeError, match="triu: x must be an array; got NoneType"):
        xt.triu(None)
    with pytest.raises(TypeError, match="triu: k must be an integer; got 0.5"):
        xt.triu(xt.ones((2, 2)), k=0.5)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sizes", [(), (3,), (2, 3), (0, 2, 4)])
def test_meshgrid_matches_numpy(indexing, sizes):
    inputs = [np.arange(n, dtype=np.float32) * (i + 1) for i, n in enumerate(sizes)]
    got = xt.meshgrid(*(xt.asarray(a) for a in inputs), indexing=indexing)
    want = np.meshgrid(*inputs, indexing=indexing)
    assert type(got) is tuple and len(got) == len(want)
    for g, w in zip(got, want):
        assert_same(g, w)


def test_meshgrid_errors():
    with pytest.raises(ValueError, match="meshgrid: indexing must be 'xy' or 'ij'"):
        xt.meshgrid(xt.ones(2), indexing="yx")
    with pytest.raises(TypeError, match=r"meshgrid: arrays\[1\] must be an array"):
        xt.meshgrid(xt.ones(2), None)


# --- ranges ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        (5,),
        (2, 9),
        (9, 2, -2),
        (0, 1, 0.25),
        (1.5,),
        (3, 3),
        (0, -1.0, -1),
        (-5, 5, 3),
        (0, 10, 2.5),
    ],
)
@pytest.mark.parametrize("name", [None, "int32", "float32", "float64"])
def test_arange_matches_numpy(args, name):
    if name is not None and "int" in name and any(isinstance(a, float) for a in args):
        return  # NumPy's own int arange from float bounds is not a case worth pinning
    dtype = None if name is None else getattr(xt, name)
    want_dtype = name or ("int64" if all(isinstance(a, int) for a in args) else "float64")
    assert_same(xt.arange(*args, dtype=dtype), np.arange(*args, dtype=want_dtype))


def test_arange_errors():
    with pytest.raises(ZeroDivisionError, match="arange: step must not be zero"):
        xt.arange(0, 5, 0)
    with pytest.raises(TypeError, match="arange: stop must be an int or a float"):
        xt.arange(0, 1j)


@pytest.mark.parametrize(
    "start, stop, num", [(0, 1, 5), (-3, 7.5, 11), (2, 2, 3), (0, 1, 0), (0, 1, 1), (1j, 3 + 2j, 4)]
)
@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("name", [None, "float32", "complex64"])
def test_linspace_matches_numpy(start, stop, num, endpoint, name):
    if isinstance(start, complex) and name == "float32":
        return
    dtype = None if name is None else getattr(xt, name)
    default = "complex128" if isinstance(start, complex) else "float64"
    want = np.linspace(start, stop, num, endpoint=endpoint, dtype=name or default)
    assert_same(xt.linspace(start, stop, num, endpoint=endpoint, dtype=dtype), want)


def test_linspace_errors():
    with pytest.raises(ValueError, match="linspace: num must be non-negative; got -1"):
        xt.linspace(0, 1, -1)
    with pytest.raises(TypeError, match="linspace: num must be an integer; got 3.0"):
        xt.linspace(0, 1, 3.0)
    with pytest.raises(TypeError, match="linspace: complex start or stop needs a complex"):
        xt.linspace(0, 1j, 3, dtype=xt.float64)


@given(
    rows=st.integers(0, 6),
    cols=st.none() | st.integers(0, 6),
    k=st.integers(-7, 7),
    name=st.none() | dtype_names,
)
def test_eye_matches_numpy(rows, cols, k, name):
    dtype = None if name is None else getattr(xt, name)
    assert_same(xt.eye(rows, cols, k=k, dtype=dtype), np.eye(rows, cols, k, name or "float64"))


@pytest.mark.parametrize("args", [(3,), (3, 4, 1), (4, 3, -2, "f4"), (2, 5, 7, "int32")])
@pytest.mark.parametrize("order", ["C", "F"])
def test_eye_order_and_like_are_numpys(args, order):
    want = np.eye(*args, order=order)
    for got in (xt.eye(*args, order=order), xt.eye(*args, like=xt.zeros(2), order=order)):
        assert_same(got, want)
        assert got._data.flags.f_contiguous == want.flags.f_contiguous
    if len(args) == 4:  # order by position, after dtype, as NumPy's
        assert xt.eye(*args, order)._data.flags.f_contiguous == want.flags.f_contiguous


def test_eye_errors():
    with pytest.raises(ValueError, match="eye: only 'C' or 'F' order is permitted; got 'K'"):
        xt.eye(2, order="K")
    with pytest.raises(ValueError, match="eye: negative dimensions are not allowed"):
        xt.eye(-1)
    with pytest.raises(TypeError, match="eye: n_cols must be an integer; got 2.5"):
        xt.eye(2, 2.5)
    with pytest.raises(TypeError, match="eye: k must be an integer"):
        xt.eye(2, k=1.0)


# --- from_dlpack ----------------------------------------------------------------------------


@given(src=dtype_names.flatmap(lambda n: arrays(n, views=False)))
def test_from_dlpack_shares_numpy_memory(src):
    out = xt.from_dlpack(src)
    assert_same(out, src)
    assert src.size == 0 or shares(out, src)
    assert not shares(xt.from_dlpack(src, copy=True), src)
    assert xt.from_dlpack(src, device="cpu").device == "cpu"


def test_from_dlpack_of_views_and_xtensor_arrays():
    src = np.arange(12.0).reshape(3, 4)[::-1, ::2]
    assert_same(xt.from_dlpack(src), src)
    half = np.arange(6, dtype=np.float16)[::2]
    assert_same(xt.from_dlpack(half), np.from_dlpack(half))
    x = xt.asarray(src)
    again = xt.from_dlpack(x)
    assert shares(again, np.asarray(x))


def test_from_dlpack_errors():
    with pytest.raises(AttributeError, match="from_dlpack: list has no __dlpack__ method"):
        xt.from_dlpack([1, 2])
    with pytest.raises(ValueError, match="from_dlpack: copy must be True, False or None"):
        xt.from_dlpack(np.ones(2), copy=1)


@given(
    st.sampled_from(["float32", "float64", "int32", "complex128"]),
    st.integers(0, 6),
    st.booleans(),
)
def test_linspace_takes_0d_array_ends_as_numpy(dtype, num, endpoint):
    start, stop = np.asarray(-1.5).astype(dtype), np.asarray(4).astype(dtype)
    got = xt.linspace(xt.asarray(start), xt.asarray(stop), num, endpoint=endpoint, retstep=True)
    want = np.linspace(start, stop, num, endpoint=endpoint, retstep=True)
    assert type(got[0]._data) is np.ndarray  # backing data, never an Array inside an Array
    assert_same_linspace(got, want)


def test_wrap_refuses_an_array():
    with pytest.raises(TypeError, match="wrap: internal error: an Array cannot back another"):
        xt._array.wrap(xt.asarray([1.0]))


def test_ragged_lists_raise_numpys_value_error():
    with pytest.raises(ValueError) as numpy_error:
        np.asarray([[1, 2], [3]])
    with pytest.raises(ValueError, match="sum: x must be an array; got list") as info:
        xt.sum([[1, 2], [3]])
    assert str(numpy_error.value) in str(info.value)


@given(
    start=st.one_of(st.integers(-50, 50), st.integers(-(2**64), 2**64)),
    size=st.integers(0, 40),
    step=st.integers(-3, 3).filter(bool),
)
def test_ranges_convert_as_numpy_reads_them(start, size, step):
    """A range is a sequence of Python ints: int64 (uint64 past it), as NumPy reads it; one
    that NumPy refuses or reads as objects is refused as other such sequences are."""
    r = range(start, start + size * step, step)
    for convert in ("asarray", "array"):
        try:
            want = getattr(np, convert)(r)
        except OverflowError:
            with pytest.raises(OverflowError):
                getattr(xt, convert)(r)
            continue
        if want.dtype == object:
            with pytest.raises(TypeError):
                getattr(xt, convert)(r)
            continue
        assert_same(getattr(xt, convert)(r), want)


def test_numpys_own_error_classes_come_back_named():
    """NumPy's subclasses of TypeError (`_UFuncInputCastingError`) take other arguments than
    a message: the error comes back as the standard family, naming the function, as NumPy's
    own call raises it (`linspace` of ints past int64)."""
    with pytest.raises(TypeError) as numpys:
        np.linspace(2**70, 2**71, 3)
    with pytest.raises(TypeError, match="^linspace: Cannot cast") as ours:
        xt.linspace(2**70, 2**71, 3)
    assert str(ours.value) == f"linspace: {numpys.value}"


@pytest.mark.parametrize("copy", [False, None])
def test_array_without_a_copy_is_the_array_itself(copy):
    """`array(x, copy=False)` (and `copy=None`) of an Array is x, as NumPy's of an ndarray is
    the ndarray; with anything more asked (a dtype, ndmin, an order) it is asarray's answer."""
    a = np.arange(6.0).reshape(2, 3)
    x = xt.asarray(a)
    assert xt.array(x, copy=copy) is x and np.array(a, copy=copy) is a
    for kwargs in ({"dtype": xt.float32}, {"ndmin": 3}, {"order": "F"}):
        try:
            want = np.array(
                a, copy=copy, **{k: np.float32 if k == "dtype" else v for k, v in kwargs.items()}
            )
        except ValueError:
            with pytest.raises(ValueError):
                xt.array(x, copy=copy, **kwargs)
            continue
        assert_same(xt.array(x, copy=copy, **kwargs), want)

"""NumPy's keywords on the statistical functions (`out=`, `where=`, `initial=`, mean's
`dtype=`, var's `mean=`) and NumPy's scalar-power fast path of the `**` operator, against NumPy.

Both libraries get the same operands (0-d, empty and non-contiguous ones from
`tests.oracle.arrays`); a call NumPy refuses must be refused with the same exception family.
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, arrays, assert_same

INITIAL = ("sum", "prod", "max", "min")
MOMENTS = ("mean", "var", "std")


def _family(e: Exception) -> type:
    return next(t for t in (TypeError, ValueError, Exception) if isinstance(e, t))


def _compare(name: str, a: np.ndarray, *args, **kwargs):
    """xt.<name> equals np.<name> on `a` (dtype, shape, values), or both raise alike."""
    xt_kwargs = {k: xt.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # "Mean of empty slice", both sides
        try:
            want = getattr(np, name)(a, *args, **kwargs)
        except Exception as e:  # noqa: BLE001 - NumPy refuses: xtensor must refuse too
            with pytest.raises(_family(e)):
                getattr(xt, name)(xt.asarray(a), *args, **xt_kwargs)
            return
        got = getattr(xt, name)(xt.asarray(a), *args, **xt_kwargs)
    assert_same(got, want, err_msg=name)


@st.composite
def _axis(draw, ndim: int):
    if ndim == 0 or draw(st.booleans()):
        return None
    axes = draw(st.lists(st.integers(-ndim, ndim - 1), min_size=1, max_size=ndim, unique=True))
    if len({a % ndim for a in axes}) != len(axes):
        return None
    return axes[0] if len(axes) == 1 else tuple(axes)


@st.composite
def _mask(draw, shape: tuple):
    """A where= mask: a full-shape bool array, one broadcast along the leading axes, or a bool."""
    kind = draw(st.sampled_from(["full", "row", "scalar"]))
    if kind == "scalar" or not shape:
        return draw(st.booleans())
    return draw(arrays("bool", shape=shape if kind == "full" else shape[-1:]))


@pytest.mark.parametrize("name", INITIAL)
@given(data=st.data())
def test_where_and_initial_match_numpy(name, data):
    a = data.draw(arrays(data.draw(st.sampled_from(ALL_DTYPES))), label="a")
    kwargs = {"axis": data.draw(_axis(a.ndim)), "keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kwargs["where"] = data.draw(_mask(a.shape), label="where")
    if data.draw(st.booleans()):
        kwargs["initial"] = data.draw(
            st.sampled_from([0, 1, 5, -3]) if a.dtype.kind != "b" else st.booleans()
        )
    _compare(name, a, **kwargs)


@pytest.mark.parametrize("name", MOMENTS)
@given(data=st.data())
def test_moments_with_where_and_dtype_match_numpy(name, data):
    a = data.draw(arrays(data.draw(st.sampled_from(ALL_DTYPES[1:])), finite=True), label="a")
    kwargs = {"axis": data.draw(_axis(a.ndim)), "keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kwargs["where"] = data.draw(_mask(a.shape), label="where")
    if data.draw(st.booleans()):
        kwargs["dtype"] = data.draw(st.sampled_from(FLOAT_DTYPES + COMPLEX_DTYPES))
    if name != "mean" and data.draw(st.booleans()):
        kwargs["ddof"] = data.draw(st.integers(0, 2))
    _compare(name, a, **kwargs)


@pytest.mark.parametrize("name", ("nansum", "nanprod", "nanmax", "nanmin", "nanmean", "nanvar"))
@given(data=st.data())
def test_nan_functions_take_where_and_initial_as_numpy(name, data):
    a = data.draw(arrays(data.draw(st.sampled_from(FLOAT_DTYPES))), label="a")
    kwargs = {"axis": data.draw(_axis(a.ndim)), "keepdims": data.draw(st.booleans())}
    if data.draw(st.booleans()):
        kwargs["where"] = data.draw(_mask(a.shape), label="where")
    if name in ("nansum", "nanprod", "nanmax", "nanmin") and data.draw(st.booleans()):
        kwargs["initial"] = data.draw(st.sampled_from([0.0, 1.0, -2.5]))
    _compare(name, a, **kwargs)


def test_max_needs_initial_for_an_empty_selection_as_numpy():
    a = np.zeros((0, 3))
    _compare("max", a)  # ValueError on both sides
    _compare("max", a, initial=2.0)
    _compare("min", a, axis=0, initial=-1.0)
    _compare("max", np.arange(6.0).reshape(2, 3), where=np.array([True, False, True]))
    _compare("max", np.arange(6.0).reshape(2, 3), where=np.array([True, False, True]), initial=0)


def test_mean_with_where_divides_by_the_selected_count():
    a = np.arange(12.0).reshape(3, 4)
    mask = a % 3 == 0
    _compare("mean", a, where=mask)
    _compare("mean", a, axis=1, where=mask)
    _compare("var", a, axis=0, where=mask, ddof=1)
    _compare("std", a, where=mask, mean=np.mean(a, where=mask, keepdims=True))


@pytest.mark.parametrize("name", ("sum", "prod", "max", "min", "mean", "var", "std"))
@pytest.mark.parametrize("out_dtype", ("float64", "int64", "float32"))
def test_out_is_written_and_returned_as_numpy(name, out_dtype):
    a = np.arange(1.0, 13.0).reshape(3, 4)[:, ::-1]
    want_out = np.full(4, 7, dtype=out_dtype)
    got_out = xt.asarray(want_out.copy())
    try:
        want = getattr(np, name)(a, 0, out=want_out)
    except TypeError:
        with pytest.raises(TypeError):
            getattr(xt, name)(xt.asarray(a), 0, out=got_out)
        return
    got = getattr(xt, name)(xt.asarray(a), 0, out=got_out)
    assert got is got_out and want is want_out
    assert_same(got_out, want_out, err_msg=name)


@pytest.mark.parametrize("name", ("sum", "max", "mean", "cumsum"))
def test_out_of_the_wrong_shape_raises_value_error(name):
    a = np.ones((3, 4))
    with pytest.raises(ValueError):
        getattr(np, name)(a, 1, out=np.zeros(4))
    with pytest.raises(ValueError, match=f"^{name}: "):
        getattr(xt, name)(xt.asarray(a), 1, out=xt.zeros(4))


def test_out_is_an_xtensor_array_or_numpys_beside_cpu_data():
    with pytest.raises(TypeError, match="^sum: out must be an xtensor Array"):
        xt.sum(xt.ones(3), out=[0.0])
    out = np.zeros(())  # NumPy's own out=: filled and answered, as NumPy answers it
    assert xt.sum(xt.ones(3), out=out) is out and out == 3.0


def test_out_aliasing_the_input_as_numpy():
    a = np.arange(12.0).reshape(3, 4)
    x = xt.asarray(a.copy())
    want = np.sum(a, axis=0, out=a[0])
    got = xt.sum(x, axis=0, out=x[0])
    assert_same(got, want)
    assert_same(x, a)
    want = np.cumsum(a, axis=1, out=a)
    got = xt.cumsum(x, axis=1, out=x)
    assert got is x
    assert_same(x, a)


@pytest.mark.parametrize("name", ("cumsum", "cumprod"))
@given(data=st.data())
def test_cumulative_out_and_dtype_match_numpy(name, data):
    a = data.draw(arrays(data.draw(st.sampled_from(ALL_DTYPES[1:])), finite=True), label="a")
    axis = (
        None
        if a.ndim == 0 or data.draw(st.booleans())
        else data.draw(st.integers(-a.ndim, a.ndim - 1))
    )
    dtype = data.draw(st.sampled_from([None, "int64", "float64", "complex128"]))
    want = getattr(np, name)(a, axis, dtype)
    want_out = np.zeros_like(want)
    got_out = xt.zeros(want.shape, dtype=want.dtype.name)
    got = getattr(xt, name)(xt.asarray(a), axis, dtype, got_out)
    getattr(np, name)(a, axis, dtype, want_out)
    assert got is got_out
    assert_same(got_out, want_out, err_msg=name)


@pytest.mark.parametrize(
    "name", ("sum", "prod", "max", "min", "amax", "amin", "mean", "var", "std", "cumsum")
)
def test_parameters_come_in_numpys_order(name):
    """NumPy's positional order after the array (`np.sum(a, 0, None, out)`); the standard's
    names stay where the standard has keyword-only ones."""
    want = list(inspect.signature(getattr(np, name)).parameters)[1:]
    got = list(inspect.signature(getattr(xt, name)).parameters)[1:]
    assert got[: len(want)] == want


def test_plain_calls_keep_the_standards_results():
    a = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    assert_same(
        xt.sum(xt.asarray(a), axis=(0, 2), dtype=xt.int32, keepdims=True),
        np.sum(a, axis=(0, 2), dtype=np.int32, keepdims=True),
    )
    assert_same(xt.var(xt.asarray(a), axis=1, correction=1), np.var(a, axis=1, ddof=1))
    assert_same(xt.std(xt.asarray(a), None, None, None, 1), np.std(a, None, None, None, 1))


# --- ** with a Python scalar exponent --------------------------------------------------------

# NumPy scalars equal to 0.5 are left out: NumPy's power loop itself turns a scalar exponent
# 0.5 into sqrt (-0.0 stays -0.0), which is `power`'s matter, not the operator's.
# 0.5 is left out too: NumPy's operator takes sqrt for it, but `__pow__` is the standard's,
# whose special cases win (test_half_power_follows_the_standard).
EXPONENTS = (2, 2.0, -1, -1.0, 1, 0, 3, -2, True, np.int64(2), np.float64(2.0))


@pytest.mark.parametrize("dtype", ("float32", "float64", "complex64", "complex128", "int64"))
@pytest.mark.parametrize("exponent", EXPONENTS, ids=repr)
@given(data=st.data())
def test_scalar_power_is_bit_identical_to_numpys_operator(dtype, exponent, data):
    """NumPy's ndarray.__pow__ computes x ** 2, x ** -1 and x ** 0.5 (Python int/float
    exponents only) as square, reciprocal and sqrt, which round differently from power for
    complex input; xtensor's operator must agree bit for bit, in place too. On 0-d input
    NumPy's scalar computes (Note [Scalar arithmetic] in _dispatch/plans.py)."""
    a = data.draw(arrays(dtype, finite=True), label="a")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:  # a 0-d array stands for NumPy's scalar, whose `**` is its scalar math
            want = (a if a.ndim else a[()]) ** exponent
        except ValueError:  # integers to negative integer powers
            with pytest.raises(ValueError):
                xt.asarray(a) ** exponent
            return
        got = xt.asarray(a) ** exponent
        assert_same(got, want, rtol=0, signed_zeros=True)
        # NumPy's 0-d ndarray computes in place, as any array (Note [Elements are values])
        want_inplace, got_inplace = a.copy(), xt.asarray(a.copy())
        try:
            want_inplace **= exponent
        except TypeError:  # NumPy refuses casting the result back (int ** 0.5)
            with pytest.raises(TypeError):
                got_inplace **= exponent
            return
        got_inplace **= exponent
    assert_same(got_inplace, want_inplace, rtol=0, signed_zeros=True)


@pytest.mark.parametrize("dtype", ("float32", "float64"))
def test_half_power_follows_the_standard(dtype):
    x = xt.asarray([-0.0, 0.0, -np.inf, np.inf, 4.0, 2.0], dtype=dtype)
    got = np.asarray(x**0.5)
    # pow(-0, 0.5) is +0 and pow(-inf, 0.5) is +inf (NumPy's sqrt gives -0.0 and nan)
    assert np.array_equal(got, np.asarray([0.0, 0.0, np.inf, np.inf, 2.0, np.sqrt(2.0)], dtype))
    assert not np.signbit(got[0])


def test_scalar_power_fast_path_only_where_numpy_takes_it():
    z = np.asarray([0.3 + 0.7j, -1.1 + 2.3j])
    assert np.array_equal(np.asarray(xt.asarray(z) ** 2), np.square(z))
    assert np.array_equal(np.asarray(xt.power(xt.asarray(z), 2)), np.power(z, 2))
    assert np.array_equal(np.asarray(2 ** xt.asarray(z)), 2**z)


def _heard(call, m) -> list:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call(m)
    return [(str(w.message), w.filename, w.lineno) for w in caught]


@pytest.mark.parametrize("name", MOMENTS)
def test_masked_moments_warn_where_numpys_do(name):
    # NumPy's method names the user's line (mean's, var's), its function a line of NumPy's
    empty = [[False, False], [False, False]]
    method = lambda m: getattr(m.asarray([[1.0, 2.0]] * 2), name)(where=m.asarray(empty))  # noqa: E731
    function = lambda m: getattr(m, name)(m.asarray([[1.0, 2.0]] * 2), where=m.asarray(empty))  # noqa: E731
    for call in (method, function):
        assert _heard(call, xt) == _heard(call, np)
    if name != "std":  # (NumPy's std warns from inside its var)
        assert _heard(method, np)[0][1] == __file__


@pytest.mark.parametrize("name", ("sum", "prod", "max", "min"))
@pytest.mark.parametrize("dtype", ("float64", "int32", "float32", "complex128"))
@pytest.mark.parametrize("keepdims", (False, True))
def test_out_of_the_answers_dtype_holds_numpys_answer(name, dtype, keepdims):
    """`sum(x, axis, out=o)` with o of the plain answer's shape and dtype (the plain call,
    written into o), o overlapping x too; NumPy's answer and o itself, over every axis."""
    if dtype == "complex128" and name in ("max", "min"):
        return
    a = (np.arange(1, 13) % 5).astype(dtype).reshape(3, 4)
    for axis in (0, 1, -1, None, (0, 1)):
        want = getattr(np, name)(a, axis=axis, keepdims=keepdims)
        got_out, want_out = xt.zeros(want.shape, dtype=want.dtype), np.zeros_like(want)
        got = getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims, out=got_out)
        getattr(np, name)(a, axis=axis, keepdims=keepdims, out=want_out)
        assert got is got_out
        assert_same(got_out, want_out, err_msg=f"{name} {axis}")
    x, b = xt.asarray(a.copy()), a.copy()  # o a row of x itself
    getattr(xt, name)(x, axis=0, out=x[0])
    getattr(np, name)(b, axis=0, out=b[0])
    assert_same(x, b)

"""Statistical reductions, argmax/argmin and count_nonzero against NumPy as the oracle.

Covers dtypes (the standard's accumulation dtypes), axis as None/int/tuple, keepdims, 0-d,
empty and non-contiguous inputs, NaN propagation, error types and messages, and large inputs
that take the parallel paths of _iter/reduce.py.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes

NUMERIC = ALL_DTYPES[1:]
REAL = ALL_DTYPES[:11]


@st.composite
def case(draw, dtypes, finite=False, min_side=0):
    """(array, axis, keepdims) with axis None, an int or a tuple (negative ones included)."""
    dtype = draw(st.sampled_from(dtypes))
    a = draw(arrays(dtype, shape=draw(shapes(min_side=min_side)), finite=finite))
    if a.ndim == 0:
        axis = draw(st.sampled_from([None, ()]))
    else:
        one = st.integers(-a.ndim, a.ndim - 1)
        many = st.lists(one, unique_by=lambda i: i % a.ndim, max_size=a.ndim).map(tuple)
        axis = draw(st.none() | one | many)
    return a, axis, draw(st.booleans())


def nonempty_reduction(a, axis):
    axes = range(a.ndim) if axis is None else np.atleast_1d(axis) % max(a.ndim, 1)
    return a.size > 0 or all(a.shape[d] for d in set(axes))  # NumPy: no reduced axis of 0


@pytest.mark.parametrize("name", ["sum", "prod"])
@given(case(ALL_DTYPES))
def test_sum_prod_match_numpy(name, c):
    a, axis, keepdims = c
    got = getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims)
    assert_same(got, getattr(np, name)(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize(
    "dtype, want",
    [
        ("bool", "int64"),
        ("int8", "int64"),
        ("int32", "int64"),
        ("uint8", "uint64"),
        ("uint32", "uint64"),
        ("float32", "float32"),
        ("complex64", "complex64"),
    ],
)
def test_accumulation_dtypes(dtype, want):
    x = xt.ones((3, 2), dtype=getattr(xt, dtype))
    for f in (xt.sum, xt.prod, xt.cumulative_sum, xt.cumulative_prod):
        assert f(x, axis=0).dtype == getattr(xt, want)


@given(case(["int8", "uint16", "float32", "bool"]), st.sampled_from(["int16", "float64", "uint64"]))
def test_sum_dtype_keyword_casts_before_summing(c, dtype):
    a, axis, keepdims = c
    got = xt.sum(xt.asarray(a), axis=axis, dtype=getattr(xt, dtype), keepdims=keepdims)
    assert_same(got, np.sum(a, axis=axis, dtype=dtype, keepdims=keepdims))


SPELLINGS = ["float32", np.float32, float, np.dtype("int16"), int, "uint64", complex, bool]


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "cumsum", "cumprod", "cumulative_sum"])
@given(case(["int8", "uint16", "float32", "float64", "bool"]), st.sampled_from(SPELLINGS))
def test_dtype_spelled_as_numpy_spells_it(name, c, dtype):
    """`sum(x, dtype=float)`, `mean(x, dtype=np.float32)`: NumPy's answer, on the call that
    records a plan and on the one that replays it (keyed on xtensor's dtype, shared by every
    spelling); NumPy's kind of error where it refuses."""
    a, axis, keepdims = c
    kwargs = {"axis": axis, "keepdims": keepdims}
    if name.startswith("cum"):
        axis = axis[0] if type(axis) is tuple and len(axis) == 1 else axis
        if type(axis) is tuple or (a.ndim != 1 and axis is None):
            return
        kwargs = {} if axis is None else {"axis": axis}
    np_name = "cumsum" if name == "cumulative_sum" else name
    with np.errstate(all="ignore"):
        try:
            want = getattr(np, np_name)(a, dtype=dtype, **kwargs)
        except (TypeError, ValueError) as e:
            want = type(e)
    for spelling in (dtype, xt.asarray(np.zeros(0, dtype)).dtype, dtype):
        with np.errstate(all="ignore"):
            if isinstance(want, type):
                with pytest.raises(want):
                    getattr(xt, name)(xt.asarray(a), dtype=spelling, **kwargs)
                continue
            got = getattr(xt, name)(xt.asarray(a), dtype=spelling, **kwargs)
        assert_same(got, want)


@pytest.mark.parametrize("name", ["max", "min"])
@given(case(ALL_DTYPES))
def test_max_min_match_numpy_including_nan_and_complex(name, c):
    a, axis, keepdims = c
    x = xt.asarray(a)
    if not nonempty_reduction(a, axis):
        with pytest.raises(ValueError, match=f"{name}: cannot take the .* of an empty array"):
            getattr(xt, name)(x, axis=axis, keepdims=keepdims)
        return
    assert_same(
        getattr(xt, name)(x, axis=axis, keepdims=keepdims),
        getattr(np, name)(a, axis=axis, keepdims=keepdims),
    )


@given(case(ALL_DTYPES))
def test_mean_matches_numpy(c):
    a, axis, keepdims = c
    got = xt.mean(xt.asarray(a), axis=axis, keepdims=keepdims)
    assert_same(got, np.mean(a, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("name", ["var", "std"])
@given(case(NUMERIC, finite=True), st.sampled_from([0, 1, 0.5]))
def test_var_std_match_numpy_with_correction(name, c, correction):
    a, axis, keepdims = c
    got = getattr(xt, name)(xt.asarray(a), axis=axis, correction=correction, keepdims=keepdims)
    want = np.asarray(getattr(np, name)(a, axis=axis, ddof=correction, keepdims=keepdims))
    count = a.size // max(want.size, 1) if a.size else 0
    if count - correction <= 0:  # the standard asks for NaN where NumPy divides by <= 0
        want = np.full_like(want, np.nan)
    assert_same(got, want, rtol=1e-5 if want.dtype == np.float32 else 1e-12)


@pytest.mark.parametrize("name", ["mean", "var", "std"])
@given(
    case(("float16", "float32", "complex64", "float64", "int32"), finite=True, min_side=1),
    st.sampled_from([0, 1, 0.5]),
)
def test_moments_are_numpys_bits(name, c, ddof):
    """The moments divide as NumPy's `_mean` and `_var` do (`_statistical_moments.py`): by an
    intp count, in double precision, and float16 means sum in float32, so the bits are
    NumPy's, wherever a slice keeps more values than ddof."""
    a, axis, keepdims = c
    options = {} if name == "mean" else {"ddof": ddof}
    with np.errstate(all="ignore"):
        want = np.asarray(getattr(np, name)(a, axis=axis, keepdims=keepdims, **options))
    count = a.size // max(want.size, 1)
    if name != "mean" and count - ddof <= 0:
        return  # (NaN either way, in other bits)
    got = getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims, **options)
    assert got._data.dtype == want.dtype and got._data.shape == want.shape
    assert got._data.tobytes() == want.tobytes()


def test_var_accepts_numpy_ddof_and_rejects_bad_correction():
    x = xt.asarray([1.0, 2.0, 4.0])
    assert float(xt.var(x, ddof=1)) == pytest.approx(np.var([1.0, 2.0, 4.0], ddof=1))
    with pytest.raises(TypeError, match="var: correction must be an int or a float"):
        xt.var(x, correction="1")


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean", "var", "std"])
def test_nan_propagates(name):
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
    got = np.asarray(getattr(xt, name)(xt.asarray(a), axis=1))
    assert np.isnan(got[0]) and not np.isnan(got[1])


@pytest.mark.parametrize("name, want", [("sum", 0.0), ("prod", 1.0)])
def test_empty_sum_and_prod_are_identities(name, want):
    got = getattr(xt, name)(xt.empty((0, 3)), axis=0)
    assert_same(got, np.full(3, want))


@given(case(ALL_DTYPES))
def test_count_nonzero_matches_numpy(c):
    a, axis, keepdims = c
    got = xt.count_nonzero(xt.asarray(a), axis=axis, keepdims=keepdims)
    want = np.asarray(np.count_nonzero(a, axis=axis, keepdims=keepdims), dtype=np.int64)
    assert_same(got, want)


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@given(case(REAL + ("complex128",)), st.booleans())
def test_argmax_argmin_match_numpy(name, c, use_axis):
    a, axis, keepdims = c
    axis = axis if isinstance(axis, int) and use_axis else None
    x = xt.asarray(a)
    if not nonempty_reduction(a, axis):
        with pytest.raises(ValueError, match=f"{name}: cannot take the {name} of an empty"):
            getattr(xt, name)(x, axis=axis, keepdims=keepdims)
        return
    assert_same(
        getattr(xt, name)(x, axis=axis, keepdims=keepdims),
        getattr(np, name)(a, axis=axis, keepdims=keepdims),
    )


def test_extrema_over_an_empty_axis_raise_as_numpy_does():
    """A reduced axis of length 0 raises even when no output needs it, and a length-0 kept
    axis alone does not (found on a GPU run, whose device path answered an empty array)."""
    for name in ("argmax", "argmin", "max", "min"):
        for shape, axis in (((0, 0), 0), ((3, 0), 1), ((0, 3), 0)):
            with pytest.raises(ValueError, match=f"^{name}: cannot take the"):
                getattr(xt, name)(xt.zeros(shape, dtype=xt.float32), axis=axis)
        for shape, axis in (((0, 3, 0), 1), ((0, 3), 1)):
            got = getattr(xt, name)(xt.zeros(shape, dtype=xt.float32), axis=axis)
            assert_same(got, getattr(np, name)(np.zeros(shape, np.float32), axis=axis))


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@given(st.sampled_from(ALL_DTYPES), shapes(min_dims=1), st.booleans(), st.data())
def test_cumulative_match_numpy(name, dtype, shape, include_initial, data):
    a = data.draw(arrays(dtype, shape=shape))
    axis = data.draw(
        st.integers(-a.ndim, a.ndim - 1) | (st.none() if a.ndim == 1 else st.nothing())
    )
    got = getattr(xt, name)(xt.asarray(a), axis=axis, include_initial=include_initial)
    assert_same(got, getattr(np, name)(a, axis=axis, include_initial=include_initial))


def test_numpy_names():
    a = np.arange(12).reshape(3, 4) % 5
    x = xt.asarray(a)
    assert xt.amax is xt.max and xt.amin is xt.min
    assert_same(xt.cumsum(x), np.cumsum(a))
    assert_same(xt.cumprod(x, axis=1), np.cumprod(a, axis=1))
    assert_same(xt.sum(x, 0), np.sum(a, 0))
    assert_same(xt.sum([1, 2, 3]), np.sum([1, 2, 3]))


# --- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["sum", "prod", "max", "min", "mean", "var", "std", "count_nonzero", "argmax", "argmin"]
)
def test_axis_out_of_range_raises_axis_error(name):
    x = xt.ones((2, 3))
    with pytest.raises(
        np.exceptions.AxisError,
        match=f"{name}: axis 2 is out of range for an array of 2 dimensions",
    ):
        getattr(xt, name)(x, axis=2)
    with pytest.raises(IndexError, match=f"{name}: axis -3 is out of range"):
        getattr(xt, name)(x, axis=-3)


def test_axis_errors():
    x = xt.ones((2, 3))
    with pytest.raises(ValueError, match=r"sum: axis 1 is repeated in axis=\(1, -1\)"):
        xt.sum(x, axis=(1, -1))
    with pytest.raises(TypeError, match="sum: axis must be an int, a tuple of ints or None"):
        xt.sum(x, axis=1.0)
    with pytest.raises(TypeError, match="mean: keepdims must be a bool"):
        xt.mean(x, keepdims="yes")


def test_cumulative_errors():
    with pytest.raises(ValueError, match="cumulative_sum: x must have at least one dimension"):
        xt.cumulative_sum(xt.asarray(1.0))
    with pytest.raises(ValueError, match="cumulative_prod: axis is required for an array of 2"):
        xt.cumulative_prod(xt.ones((2, 2)))
    with pytest.raises(IndexError, match="cumulative_sum: axis 1 is out of range"):
        xt.cumulative_sum(xt.ones(3), axis=1)


def test_empty_extrema_raise_with_function_name():
    for name in ("max", "min", "argmax", "argmin"):
        with pytest.raises(ValueError, match=f"{name}: .* empty array .*axis 0 has size 0"):
            getattr(xt, name)(xt.empty((0, 3)), axis=0)
        assert getattr(xt, name)(xt.empty((0, 3)), axis=1).shape == (0,)


# --- large inputs: the parallel paths --------------------------------------------------------


@pytest.mark.parametrize(
    "shape, axis", [((3, 50_000), 1), ((50_000, 3), 0), ((400, 400), None), ((400, 400), 0)]
)
@pytest.mark.parametrize(
    "name", ["sum", "prod", "max", "min", "mean", "var", "std", "count_nonzero", "argmax", "argmin"]
)
def test_large_reductions_match_numpy(threads, name, shape, axis):
    threads(4)
    rng = np.random.default_rng(0)
    a = 1 + rng.standard_normal(shape) * 1e-3 if name == "prod" else rng.standard_normal(shape)
    a[tuple(n // 2 for n in shape)] = np.nan if name.startswith("arg") else a.flat[0]
    got = getattr(xt, name)(xt.asarray(a), axis=axis)
    want = np.asarray(getattr(np, name)(a, axis=axis))
    assert_same(got, want.astype(np.int64) if name == "count_nonzero" else want, rtol=1e-11)


def test_large_integer_sum_and_cumsum_are_exact(threads):
    threads(4)
    a = np.random.default_rng(2).integers(-(2**31), 2**31, (5, 40_000), dtype=np.int32)
    assert_same(xt.sum(xt.asarray(a)), np.sum(a))
    assert_same(xt.sum(xt.asarray(a), axis=1), np.sum(a, axis=1))
    assert_same(xt.cumulative_sum(xt.asarray(a), axis=1), np.cumulative_sum(a, axis=1))


@pytest.mark.parametrize("name", ["argmax", "argmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_argmax_argmin_every_axis_and_keepdims(name, axis, keepdims):
    a = np.array([[[3, 9, 1]], [[7, 2, 8]]])  # shape (2, 1, 3): a size-1 dim in the middle
    for _ in range(2):  # the second call replays the cached small-call plan
        assert_same(
            getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims),
            getattr(np, name)(a, axis=axis, keepdims=keepdims),
        )


@pytest.mark.parametrize("name", ["max", "min", "argmax", "argmin", "any", "all", "count_nonzero"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex128"])
@pytest.mark.parametrize("n", [1, 17, 300, 5000])
def test_comparing_reductions_raise_no_floating_point_warning(name, dtype, n):
    # ReductionSpec.compares: these replay without the quiet error state, as NumPy warns on
    # none of them (NaN propagates through max and min without the invalid flag).
    if dtype == "complex128" and name in ("max", "min", "argmax", "argmin"):
        pytest.skip("the standard leaves complex ordering out")
    x = np.linspace(-1, 1, n).astype(dtype)
    for special in (np.nan, np.inf, -np.inf):
        x[n // 2] = special
        xx, row = xt.asarray(x), xt.asarray(x.reshape(1, n))
        for _ in range(2):  # the first call plans, the second replays the plan
            with np.errstate(all="raise"):  # a flag raised would be a FloatingPointError
                assert_same(getattr(xt, name)(xx), np.asarray(getattr(np, name)(x)))
                assert_same(getattr(xt, name)(row, axis=1), getattr(np, name)(x[None], axis=1))


@pytest.mark.parametrize("name", ["sum", "max", "mean", "argmax", "any"])
@pytest.mark.parametrize("axis", [np.int64(1), np.int32(-1), np.uint8(0)])
def test_numpy_integer_axes_replay_the_int_axis_plan(name, axis):
    """`sum(x, axis=np.int64(1))` keys its plan on the int (Note [Small reductions]): NumPy's
    answer on the call that records it and on the ones that replay it."""
    a = np.arange(12.0).reshape(3, 4)
    want = getattr(np, name)(a, axis=axis)
    for ax in (axis, int(axis), axis):
        assert_same(getattr(xt, name)(xt.asarray(a), axis=ax), want)

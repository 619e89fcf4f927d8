"""NumPy-only functions (xtensor/_numpy_*.py, collected by _numpy_compat.py) against NumPy,
and a NumPy script run with `import xtensor as np`."""

from __future__ import annotations

import ast
import contextlib
import io
import pathlib
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import FLOAT_DTYPES, arrays, assert_same, shapes
from xtensor import _numpy_compat

SPEC = pathlib.Path("/tmp/array-api-spec/src/array_api_stubs/_2025_12")
REAL = ("int8", "int64", "uint8", "float32", "float64")


def _arr(dtype, shape_strategy=None, finite=False):
    """arrays() of a shape drawn from `shape_strategy` (the default: any shape)."""
    if shape_strategy is None:
        return arrays(dtype, finite=finite)
    return shape_strategy.flatmap(lambda shape: arrays(dtype, shape, finite=finite))


def _same_list(got, want):
    assert isinstance(got, (list, tuple)) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_same(g, w)


# --- the namespace -----------------------------------------------------------------------------


def _standard_names() -> set:
    names = set()
    for path in SPEC.glob("*_functions.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and node.targets[0].id == "__all__":
                names |= set(ast.literal_eval(node.value))
    return names


@pytest.mark.skipif(not SPEC.exists(), reason="the spec stubs are not checked out")
def test_no_standard_name_is_shadowed():
    standard = _standard_names()
    assert {"round", "sum", "take"} <= standard  # the parse found the lists
    compat = {id(v) for v in _numpy_compat.NUMPY_ALIASES.values()}
    clashes = [n for n in standard if id(getattr(xt, n)) in compat]
    assert clashes == []
    assert xt.round is not xt.around and xt.linalg.diagonal is not xt.diagonal


def test_names_are_exported():
    for name in ("allclose", "vstack", "median", "histogram", "ndarray", "errstate", "random"):
        assert name in xt.__all__
    assert xt.ndarray is xt.Array and isinstance(xt.ones(2), xt.ndarray)
    assert xt.errstate is np.errstate


def test_set_printoptions_changes_array_printing():
    x = xt.asarray([1 / 3])
    with np.printoptions():
        xt.set_printoptions(precision=2)
        assert str(x) == "[0.33]" and xt.get_printoptions()["precision"] == 2
    assert str(x) == str(np.asarray([1 / 3]))


# --- joining and splitting ---------------------------------------------------------------------


@st.composite
def _same_shape_arrays(draw, max_count=3):
    shape = draw(shapes(max_dims=3, max_side=3))
    dtypes = draw(st.lists(st.sampled_from(("bool", *REAL)), min_size=1, max_size=max_count))
    return [draw(arrays(d, shape, finite=True)) for d in dtypes]


@pytest.mark.parametrize("name", ["vstack", "hstack", "dstack", "column_stack"])
@given(data=_same_shape_arrays())
def test_stacking_matches_numpy(name, data):
    try:
        want = getattr(np, name)(data)
    except ValueError:
        with pytest.raises(ValueError, match=name):
            getattr(xt, name)([xt.asarray(a) for a in data])
        return
    assert_same(getattr(xt, name)([xt.asarray(a) for a in data]), want)


@pytest.mark.parametrize("name", ["atleast_1d", "atleast_2d", "atleast_3d"])
@given(a=_arr("int16", shapes(max_dims=4, max_side=3)), b=arrays("float32"))
def test_atleast_nd_matches_numpy(name, a, b):
    assert_same(getattr(xt, name)(xt.asarray(a)), getattr(np, name)(a))
    _same_list(getattr(xt, name)(xt.asarray(a), xt.asarray(b)), getattr(np, name)(a, b))


def test_stacking_dtype_and_casting():
    a, b = np.arange(3), np.ones(3)
    assert_same(
        xt.vstack([xt.asarray(a), xt.asarray(b)], dtype=xt.float32),
        np.vstack([a, b], dtype=np.float32),
    )
    with pytest.raises(TypeError, match="hstack: cannot cast tup\\[1\\] from float64 to int64"):
        xt.hstack([xt.asarray(a), xt.asarray(b)], dtype=xt.int64)
    with pytest.raises(TypeError, match="vstack: arrays to stack must be passed as a sequence"):
        xt.vstack(x for x in (xt.ones(2),))


@given(
    a=_arr("float64", shapes(min_dims=1, max_dims=2, max_side=7)),
    spec=st.one_of(st.integers(1, 5), st.lists(st.integers(-8, 8), max_size=4)),
    axis=st.integers(-1, 0),
)
def test_array_split_and_split_match_numpy(a, spec, axis):
    _same_list(xt.array_split(xt.asarray(a), spec, axis=axis), np.array_split(a, spec, axis))
    try:
        want = np.split(a, spec, axis)
    except ValueError:
        with pytest.raises(ValueError, match="split: an axis of length"):
            xt.split(xt.asarray(a), spec, axis=axis)
        return
    _same_list(xt.split(xt.asarray(a), spec, axis=axis), want)


@given(a=_arr("int32", shapes(max_dims=2)), b=_arr("float32", shapes(max_dims=2)))
def test_append_matches_numpy(a, b):
    assert_same(xt.append(xt.asarray(a), xt.asarray(b)), np.append(a, b))
    if a.ndim == 2 and b.ndim == 2 and a.shape[1] == b.shape[1]:
        assert_same(xt.append(xt.asarray(a), xt.asarray(b), axis=0), np.append(a, b, axis=0))


@given(a=_arr("int8", shapes(max_dims=3)))
def test_argwhere_and_flatnonzero_match_numpy(a):
    assert_same(xt.argwhere(xt.asarray(a)), np.argwhere(a))
    assert_same(xt.flatnonzero(xt.asarray(a)), np.flatnonzero(a))


# --- comparisons and cleanup -------------------------------------------------------------------


@given(
    data=st.data(),
    dtype=st.sampled_from(("int64", *FLOAT_DTYPES, "complex64", "complex128")),
    equal_nan=st.booleans(),
    rtol=st.sampled_from((1e-5, 0.0, 0.1)),
)
def test_isclose_and_allclose_match_numpy(data, dtype, equal_nan, rtol):
    a = data.draw(_arr(dtype, shapes(max_dims=2, max_side=4)))
    nudge = data.draw(st.sampled_from((0.0, 1e-9, 1e-6, 1e-3, 1.0)))
    b = np.asarray(
        (a + nudge).astype(a.dtype) if a.dtype.kind != "i" else a + data.draw(st.integers(0, 1))
    )
    if b.ndim and data.draw(st.booleans()):
        b = b[..., ::-1]  # some elements differ completely
    kw = {"rtol": rtol, "equal_nan": equal_nan}
    assert_same(xt.isclose(xt.asarray(a), xt.asarray(b), **kw), np.isclose(a, b, **kw))
    assert xt.allclose(xt.asarray(a), xt.asarray(b), **kw) is np.allclose(a, b, **kw)


@pytest.mark.parametrize(
    ("a", "b"), [(True, 1), (0.1, 0.1000001), ([1, 2], 2.0), ([np.inf, 1], [np.inf, np.nan])]
)
def test_isclose_with_python_scalars_and_lists(a, b):
    assert_same(xt.isclose(a, b), np.isclose(a, b))
    assert_same(
        xt.isclose(xt.asarray(np.float32(1.0)), 1.00000001), np.isclose(np.float32(1), 1.00000001)
    )


@pytest.mark.parametrize(
    ("a", "b", "equal_nan"),
    [
        ([1, 2], [1, 2], False),
        ([1, 2], [1, 3], False),
        ([1, 2], [[1, 2]], False),
        ([1.0, np.nan], [1.0, np.nan], False),
        ([1.0, np.nan], [1.0, np.nan], True),
        ([1, 2], [1.0, 2.0], True),
        ([[1, 2]], [[1, 2]], True),
    ],
)
def test_array_equal_matches_numpy(a, b, equal_nan):
    got = xt.array_equal(xt.asarray(a), xt.asarray(b), equal_nan=equal_nan)
    assert got is np.array_equal(a, b, equal_nan=equal_nan)


@given(a=arrays("float64", finite=True), decimals=st.integers(-3, 4))
def test_around_matches_numpy(a, decimals):
    assert_same(xt.around(xt.asarray(a), decimals), np.around(a, decimals), rtol=0)


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "complex64"])
@pytest.mark.parametrize("decimals", [-1, 0, 2])
def test_around_dtypes_match_numpy(dtype, decimals):
    a = (
        (np.arange(-20, 20) * 3.7).astype(dtype)
        if dtype != "uint8"
        else np.arange(0, 250, 7, dtype=dtype)
    )
    assert_same(xt.around(xt.asarray(a), decimals), np.around(a, decimals), rtol=0)


@given(
    a=_arr("float64", shapes(min_dims=1, max_dims=3, min_side=1), finite=True),
    keepdims=st.booleans(),
)
def test_ptp_matches_numpy(a, keepdims):
    assert_same(xt.ptp(xt.asarray(a)), np.ptp(a))
    assert_same(
        xt.ptp(xt.asarray(a), axis=-1, keepdims=keepdims), np.ptp(a, axis=-1, keepdims=keepdims)
    )


def test_copy_is_a_fresh_array():
    x = xt.asarray([1, 2])
    y = xt.copy(x)
    y[0] = 5
    assert_same(x, np.array([1, 2]))
    assert_same(xt.copy([1.5]), np.copy([1.5]))


# --- matrix helpers ----------------------------------------------------------------------------


@given(a=_arr("int32", shapes(min_dims=1, max_dims=2, max_side=4)), k=st.integers(-5, 5))
def test_diag_matches_numpy(a, k):
    assert_same(xt.diag(xt.asarray(a), k), np.diag(a, k))


@given(
    a=_arr("float32", shapes(min_dims=2, max_dims=4, max_side=4)),
    offset=st.integers(-4, 4),
    axes=st.sampled_from([(0, 1), (1, 0), (-1, 0), (-2, -1)]),
)
def test_diagonal_and_trace_match_numpy(a, offset, axes):
    assert_same(xt.diagonal(xt.asarray(a), offset, *axes), np.diagonal(a, offset, *axes))
    assert_same(xt.trace(xt.asarray(a), offset, *axes), np.trace(a, offset, *axes))


def test_trace_accumulates_like_numpy():
    a = np.full((3, 3), 100, dtype=np.int8)
    assert_same(xt.trace(xt.asarray(a)), np.trace(a))
    assert_same(xt.trace(xt.asarray(a), dtype=xt.float32), np.trace(a, dtype=np.float32))


@pytest.mark.parametrize("kwargs", [{}, {"axis": 0}, {"axisa": 0, "axisb": -1, "axisc": 0}])
def test_cross_matches_numpy(kwargs):
    a = np.arange(12.0).reshape(3, 4) - 5
    b = (
        np.arange(12.0).reshape(4, 3)[::-1]
        if "axisb" in kwargs
        else np.arange(12.0).reshape(3, 4) ** 2
    )
    if not kwargs:
        a, b = a.reshape(4, 3), b.reshape(4, 3)
    assert_same(xt.cross(xt.asarray(a), xt.asarray(b), **kwargs), np.cross(a, b, **kwargs))


# --- statistics --------------------------------------------------------------------------------


@given(
    a=_arr("float64", shapes(min_dims=1, max_dims=3, min_side=1)),
    axis=st.sampled_from([None, 0, -1, (0, -1)]),
    keepdims=st.booleans(),
)
def test_median_matches_numpy(a, axis, keepdims):
    if a.ndim == 1 and axis == (0, -1):  # one axis named twice: both refuse it
        with pytest.raises(ValueError, match="median: repeated axis"):
            xt.median(xt.asarray(a), axis=axis, keepdims=keepdims)
        return
    assert_same(
        xt.median(xt.asarray(a), axis=axis, keepdims=keepdims),
        np.median(a, axis=axis, keepdims=keepdims),
    )


@pytest.mark.parametrize("dtype", REAL)
@pytest.mark.parametrize("method", ["linear", "lower", "nearest", "midpoint"])
@given(data=st.data())
def test_percentile_and_quantile_match_numpy(dtype, method, data):
    a = data.draw(_arr(dtype, shapes(min_dims=1, max_dims=2, min_side=1), finite=True))
    q = data.draw(
        st.one_of(st.floats(0, 100), hnp.arrays("float64", 3, elements=st.floats(0, 100)))
    )
    axis = data.draw(st.sampled_from([None, 0]))
    xq = xt.asarray(q) if isinstance(q, np.ndarray) else q
    assert_same(
        xt.percentile(xt.asarray(a), xq, axis=axis, method=method),
        np.percentile(a, q, axis=axis, method=method),
    )
    assert_same(
        xt.quantile(xt.asarray(a), xq / 100, axis=axis, method=method, keepdims=True),
        np.quantile(a, q / 100, axis=axis, method=method, keepdims=True),
    )


@given(
    a=_arr("float64", shapes(min_dims=1, max_dims=2, min_side=1), finite=True),
    returned=st.booleans(),
    weighted=st.booleans(),
)
def test_average_matches_numpy(a, returned, weighted):
    w = np.arange(1.0, a.shape[-1] + 1) if weighted else None
    want = np.average(a, axis=-1, weights=w, returned=returned)
    got = xt.average(
        xt.asarray(a), axis=-1, weights=None if w is None else xt.asarray(w), returned=returned
    )
    _same_list(got, want) if returned else assert_same(got, want)
    assert_same(xt.average(xt.asarray(a)), np.average(a))


@st.composite
def _with_nans(draw, dtype):
    # integer-valued floats keep every sum exact, so summation order cannot matter
    shape = draw(shapes(min_dims=1, max_dims=3, min_side=1))
    a = draw(hnp.arrays(dtype, shape, elements=st.integers(-100, 100).map(float)))
    a[draw(hnp.arrays(np.bool_, shape))] = np.nan
    return a


@pytest.mark.parametrize("name", ["nansum", "nanmean", "nanmax", "nanmin"])
@given(data=st.data(), dtype=st.sampled_from(FLOAT_DTYPES), keepdims=st.booleans())
def test_nan_reductions_match_numpy(name, data, dtype, keepdims):
    a = data.draw(_with_nans(dtype))
    axis = data.draw(st.sampled_from([None, 0, -1]))
    with warnings.catch_warnings(record=True) as numpy_said:
        warnings.simplefilter("always", RuntimeWarning)  # NumPy notes all-NaN slices
        want = getattr(np, name)(a, axis=axis, keepdims=keepdims)
    with warnings.catch_warnings(record=True) as we_said:
        warnings.simplefilter("always", RuntimeWarning)
        got = getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims)
    assert_same(got, want)
    if name in ("nanmax", "nanmin"):  # NumPy's own routine on the host: its words too
        assert [str(w.message) for w in we_said] == [str(w.message) for w in numpy_said]


@pytest.mark.parametrize("name", ["nansum", "nanmean", "nanmax", "nanmin"])
def test_nan_reductions_of_integers_are_plain(name):
    a = np.arange(-6, 6, dtype=np.int16).reshape(3, 4)
    assert_same(getattr(xt, name)(xt.asarray(a), axis=1), getattr(np, name)(a, axis=1))


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"rowvar": False}, {"bias": True}, {"ddof": 0}, {"aweights": np.arange(1.0, 6.0)}],
)
def test_cov_and_corrcoef_match_numpy(kwargs):
    a = np.cos(np.arange(15.0)).reshape(3, 5)
    if kwargs.get("rowvar") is False:
        a = a.T
    xkw = {k: xt.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    assert_same(xt.cov(xt.asarray(a), **xkw), np.cov(a, **kwargs))
    assert_same(xt.cov(xt.asarray(a[0]), xt.asarray(a[1])), np.cov(a[0], a[1]))
    assert_same(
        xt.corrcoef(xt.asarray(a), rowvar=kwargs.get("rowvar", True)),
        np.corrcoef(a, rowvar=kwargs.get("rowvar", True)),
    )


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"bins": 4, "range": (0, 5)},
        {"bins": "auto"},
        {"bins": np.array([0.0, 1, 4, 20])},
        {"density": True},
        {"weights": np.linspace(0, 1, 20)},
    ],
)
def test_histogram_matches_numpy(kwargs):
    a = (np.arange(20) % 7) * 1.5
    xkw = {k: xt.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}
    _same_list(xt.histogram(xt.asarray(a), **xkw), np.histogram(a, **kwargs))


@given(
    x=hnp.arrays("float64", shapes(max_dims=2), elements=st.floats(-2, 12)),
    left=st.sampled_from([None, -1.0]),
    period=st.sampled_from([None, 4.0]),
)
def test_interp_matches_numpy(x, left, period):
    xp, fp = np.array([0.0, 1, 4, 9]), np.array([1.0, -1, 2, 0])
    assume(period is None or left is None)
    assert_same(
        xt.interp(xt.asarray(x), xt.asarray(xp), xt.asarray(fp), left=left, period=period),
        np.interp(x, xp, fp, left=left, period=period),
    )


# --- errors name the function ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "exc", "match"),
    [
        (lambda: xt.split(xt.arange(5), 2), ValueError, "split: an axis of length 5 does not"),
        (lambda: xt.array_split(xt.arange(5), 0), ValueError, "array_split: the number of sec"),
        (lambda: xt.array_split(xt.arange(5), 2, axis=1), ValueError, "array_split: axis 1"),
        (lambda: xt.diag(xt.ones((2, 2, 2))), ValueError, "diag: v must be 1- or 2-dimensional"),
        (lambda: xt.diagonal(xt.ones(3)), ValueError, "diagonal: a must have at least 2"),
        (lambda: xt.diagonal(xt.ones((2, 2)), 0, 1, -1), ValueError, "diagonal: axis1 and axis2"),
        (lambda: xt.cross(xt.ones(3), xt.ones(4)), ValueError, "cross: incompatible dimensions"),
        (  # NumPy's own words (its cross of CPU data), named
            lambda: xt.cross(xt.ones(3, dtype=xt.bool), xt.ones(3, dtype=xt.bool)),
            TypeError,
            "cross: numpy boolean subtract",
        ),
        (
            lambda: xt.percentile(xt.ones(3, dtype=xt.complex64), 5),
            TypeError,
            "percentile: a has dtype complex64, but percentile requires a real dtype",
        ),
        (lambda: xt.quantile(xt.ones(3), 2.0), ValueError, "quantile: "),
        (lambda: xt.median(xt.ones(3), out=[0.0]), TypeError, "median: out must be an xtensor"),
        (lambda: xt.median(xt.ones(3), axis=2), ValueError, "median: "),
        (lambda: xt.ptp(xt.ones(3, dtype=xt.bool)), TypeError, "ptp: a has dtype bool"),
        (lambda: xt.around(xt.ones(3, dtype=xt.bool), 2), TypeError, "around: a has dtype bool"),
        (
            lambda: xt.interp(xt.ones(2), xt.ones((2, 2)), xt.ones(2)),
            ValueError,
            "interp: xp must be 1-dimensional",
        ),
        (lambda: xt.interp(xt.ones(2), xt.ones(3), xt.ones(2)), ValueError, "interp: fp and xp"),
        (lambda: xt.average(xt.ones(3), weights=xt.zeros(3)), ZeroDivisionError, "average: "),
        (lambda: xt.average(xt.ones((2, 3)), weights=xt.ones(3)), TypeError, "average: Axis must"),
        (lambda: xt.histogram(xt.ones(3), bins=-1), ValueError, "histogram: "),
        (lambda: xt.nanmax(xt.ones(0)), ValueError, "nanmax: "),
        (lambda: xt.cov(xt.ones(3), aweights=xt.ones(2)), RuntimeError, "cov: incompatible"),
        (lambda: xt.vstack([]), ValueError, "vstack: need at least one array"),
        (lambda: xt.median(object()), TypeError, "median: a must be an array"),
    ],
)
def test_errors_name_the_function(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# --- a NumPy script, run with numpy and with xtensor as `np` ----------------------------------

SCRIPT = """
np.random.seed(42)
np.set_printoptions(precision=4, suppress=True)
n = 200
X = np.random.randn(n, 3)
true_w = np.array([1.5, -2.0, 0.5])
y = X @ true_w + 0.3 + np.random.normal(0, 0.1, size=n)
mu, sd = X.mean(axis=0), X.std(axis=0)
Xn = (X - mu) / sd
A = np.hstack([Xn, np.ones((n, 1))])
coef, res, rank, sv = np.linalg.lstsq(A, y, rcond=None)
print("coef", coef, "rank", rank)
pred = A @ coef
resid = y - pred
print("rmse", np.around(np.sqrt(np.mean(resid ** 2)), 4))
clipped = np.clip(resid, -0.1, 0.1)
signs = np.where(resid > 0, 1, -1)
print("positive", np.sum(signs == 1), "clipped", np.count_nonzero(clipped != resid))
print("stack", np.vstack([pred[:3], y[:3]]).shape, np.column_stack([pred, y]).shape)
print("median", np.around(np.median(resid), 4), "p90", np.percentile(np.abs(resid), 90))
print("quartiles", np.quantile(y, [0.25, 0.5, 0.75]))
idx = np.random.permutation(n)[:5]
print("sample", np.sort(y[idx]))
w = coef[:3] / sd
print("unscaled", w, np.allclose(w, true_w, atol=0.05), np.allclose(w, true_w, atol=1e-6))
print("corr", np.around(np.corrcoef(X, rowvar=False), 2))
hist, edges = np.histogram(resid, bins=5)
print("hist", hist, edges)
rng = np.random.default_rng(0)
batch = rng.choice(n, size=4, replace=False)
print("batch", batch, np.average(y[batch], weights=np.arange(1, 5)))
noisy = np.append(y[:4], [np.nan, np.inf])
print("nan", np.nansum(noisy[:5]), np.nanmax(noisy[:5]), np.nan_to_num(noisy))
parts = np.array_split(np.arange(10), 3)
print("split", [len(p) for p in parts], np.diag(np.array([1, 2])), np.trace(np.eye(3)))
print("outliers", np.argwhere(np.abs(resid) > 0.2).ravel())
z = np.atleast_2d(np.linspace(0, 1, 5))
print("interp", np.interp(np.array([0.1, 0.7]), z[0], z[0] ** 2), np.ptp(z, axis=1))
print("cross", np.cross(np.array([1.0, 0, 0]), np.array([0, 1.0, 0])))
print(isinstance(X, np.ndarray), X.dtype == np.float64)
"""


def _run_script(module) -> tuple:
    out, env = io.StringIO(), {"np": module}
    with np.printoptions(), contextlib.redirect_stdout(out):  # the script sets printoptions
        exec(compile(SCRIPT, f"<script with {module.__name__}>", "exec"), env)  # noqa: S102
    return out.getvalue(), env


def test_numpy_script_runs_unchanged_with_xtensor():
    want_text, want = _run_script(np)
    got_text, got = _run_script(xt)
    assert got_text == want_text
    assert len(want_text.splitlines()) == 20
    for name in (
        "X",
        "y",
        "coef",
        "pred",
        "resid",
        "clipped",
        "signs",
        "hist",
        "edges",
        "batch",
        "w",
    ):
        assert isinstance(got[name], xt.Array), name
        assert_same(got[name], want[name], rtol=1e-12, err_msg=name)


@pytest.mark.parametrize("decimals", [0, 2, -2])
def test_round_takes_numpys_decimals(decimals):
    a = np.array([1.2345, -2.5, 3.5, 1250.0, -0.004])
    assert_same(xt.round(xt.asarray(a), decimals), np.round(a, decimals))
    assert_same(xt.round(xt.asarray(a), decimals=decimals), np.round(a, decimals=decimals))
    with pytest.raises(TypeError, match="round: decimals must be an int; got float"):
        xt.round(xt.asarray(a), 1.5)
    with pytest.raises(TypeError, match="around: decimals must be an int; got float"):
        xt.around(xt.asarray(a), 1.5)


# --- a script of index, set, shape and creation helpers ----------------------------------------

INDEX_SCRIPT = """
grid = np.arange(24).reshape(4, 6)
r, c = np.unravel_index(np.argmax(grid % 7), grid.shape)
print("argmax at", r, c, np.ravel_multi_index((r, c), grid.shape), np.tril_indices(3)[1])
print("pad", np.pad(np.arange(3), 2, mode="reflect"), np.pad(np.eye(2), 1).shape)
print("bins", np.bincount(np.array([0, 1, 1, 3]), minlength=5), np.digitize([0.2, 2.5], [0, 1, 2]))
x = np.linspace(-2, 2, 5)
print("select", np.select([x < 0, x > 1], [-x, x * 10], default=0.5))
print("piecewise", np.piecewise(x, [x < 0], [lambda v: v**2, lambda v: v]))
print("sets", np.intersect1d(np.arange(6), np.arange(3, 9)), np.setdiff1d(np.arange(5), [1, 3]))
m = np.zeros((3, 3))
np.fill_diagonal(m, 2.0)
np.put(m, [1], 5)
print("m", m.ravel(), np.rot90(np.arange(4).reshape(2, 2)).tolist(), np.fliplr(np.eye(2)))
print("ins", np.insert(np.arange(4), 1, 9), np.delete(np.arange(5), [0, 2]), np.resize([1, 2], 3))
print("block", np.block([[np.eye(2), np.zeros((2, 1))]]).shape, np.hsplit(np.arange(6), 3)[1])
print("space", np.logspace(0, 2, 3), np.geomspace(1, 8, 4), np.identity(2).sum(), np.tri(2))
print("vander", np.vander(np.array([1, 2, 3]), 2).tolist(), np.diagflat([1, 2]).trace())
print("bits", np.packbits(np.array([1, 0, 1, 1])), np.unpackbits(np.array([3], dtype=np.uint8)))
w = np.lib.stride_tricks.sliding_window_view(np.arange(5), 3)
print("windows", w.sum(axis=1), w.flags.writeable, np.shares_memory(w, w))
print("order", np.argpartition(np.array([5, 1, 4, 2]), 1)[:2], np.lexsort(([2, 1, 1], [0, 0, 1])))
for idx, v in np.ndenumerate(np.array([[7, 8]])):
    print("enum", idx, v)
a = np.arange(6.0).reshape(2, 3).copy()
a.resize((3, 3), refcheck=False)
print("resize", a.flat[4], a.flags.c_contiguous, np.ndim(a), np.shape(a), np.size(a, 1))
print("view", np.array([1.0]).view(np.int64), np.ascontiguousarray(a.T).flags["C_CONTIGUOUS"])
"""


def test_index_and_shape_script_runs_unchanged_with_xtensor():
    import xtensor.lib.stride_tricks  # noqa: F401 - np.lib, until xtensor/__init__ imports it

    outputs = []
    for module in (np, xt):
        out = io.StringIO()
        with np.printoptions(), contextlib.redirect_stdout(out):
            exec(compile(INDEX_SCRIPT, module.__name__, "exec"), {"np": module})  # noqa: S102
        outputs.append(out.getvalue())
    assert outputs[1] == outputs[0] and len(outputs[0].splitlines()) == 20

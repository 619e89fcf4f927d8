"""Everyday calls from the seventh survey (analysts' scripts mixing NumPy with pandas, Pillow and
the standard library), each checked against NumPy 2.4 as the oracle: the functions NumPy hands
to a pandas object's own method, ufunc methods and options on pandas objects, NumPy arrays
(`df.to_numpy(copy=True)`, a SciPy result) written in place, copies that keep their layout, and
images read as arrays."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes

pd = pytest.importorskip("pandas")

# --- 1. copy.copy / copy.deepcopy keep the memory layout, as NumPy's ---------------------------


@given(data=st.data())
def test_copies_keep_the_layout(data):
    a = data.draw(arrays("float64", data.draw(shapes(min_dims=1, max_dims=3))))
    perm = tuple(data.draw(st.permutations(range(a.ndim))))
    view = a.transpose(perm)[..., ::-1]
    x = xt.asarray(a).transpose(perm)[..., ::-1]
    for how in (copy.copy, copy.deepcopy):
        got, want = how(x), how(view)
        assert_same(got, want)
        assert np.asarray(got).strides == want.strides
        assert got.flags["F_CONTIGUOUS"] == want.flags["F_CONTIGUOUS"]


def test_deepcopy_of_a_transpose_stays_fortran_ordered():
    x = xt.asarray([[1, 2], [3, 4]])
    assert copy.deepcopy(x.T).flags["F_CONTIGUOUS"]
    assert copy.deepcopy(np.asarray([[1, 2], [3, 4]]).T).flags["F_CONTIGUOUS"]


# --- 2. the functions NumPy hands to a pandas object's own method ------------------------------


def _frame():
    return pd.DataFrame({"a": [1.0, 2.5, -3.0], "b": [4.0, 0.0, 6.5]}, index=["x", "y", "z"])


def _series():
    return pd.Series([0.5, -1.5, 2.0, 3.0, -1.5], index=list("vwxyz"), name="v")


CALLS = {
    "argsort": lambda m, s, df: m.argsort(s),
    "argsort_df": lambda m, s, df: m.argsort(df, axis=0),
    "repeat": lambda m, s, df: m.repeat(s, 2),
    "repeat_counts": lambda m, s, df: m.repeat(s, [1, 0, 2, 1, 1]),
    "transpose": lambda m, s, df: m.transpose(df),
    "transpose_s": lambda m, s, df: m.transpose(s),
    "squeeze": lambda m, s, df: m.squeeze(df[["a"]]),
    "squeeze_scalar": lambda m, s, df: m.squeeze(df[["a"]].iloc[:1]),
    "flip": lambda m, s, df: m.flip(s),
    "take_axis": lambda m, s, df: m.take(s, [0, 2], axis=0),
    "take_df": lambda m, s, df: m.take(df, [2, 0], axis=0),
    "ptp": lambda m, s, df: m.ptp(df, axis=0),
    "any_axis": lambda m, s, df: m.any(df > 0, axis=0),
    "all_axis": lambda m, s, df: m.all(df > -5, axis=1),
    "any": lambda m, s, df: m.any(s > 2),
    "matmul": lambda m, s, df: m.matmul(df.T, df),
    "maximum_accumulate": lambda m, s, df: m.maximum.accumulate(s),
    "minimum_accumulate_df": lambda m, s, df: m.minimum.accumulate(df),
    "add_accumulate": lambda m, s, df: m.add.accumulate(s),
    "add_reduce_df": lambda m, s, df: m.add.reduce(df),
    "maximum_reduce_axis": lambda m, s, df: m.maximum.reduce(df, axis=1),
    "exp_dtype": lambda m, s, df: m.exp(s, dtype=m.float32),
    "add_dtype": lambda m, s, df: m.add(s, 1, dtype=m.float32),
    "sqrt_where": lambda m, s, df: m.sqrt(df.abs(), where=df > 0, out=np.zeros((3, 2))),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_numpy_hands_pandas_objects_to_pandas(name):
    call = CALLS[name]
    want = call(np, _series(), _frame())
    got = call(xt, _series(), _frame())
    assert type(got) is type(want)
    if isinstance(want, pd.DataFrame):
        pd.testing.assert_frame_equal(got, want, check_exact=True)
    elif isinstance(want, pd.Series):
        pd.testing.assert_series_equal(got, want, check_exact=True)
    else:
        assert_same(xt.asarray(got), np.asarray(want))


def test_argsort_of_a_series_indexes_its_frame_as_numpys():
    df = pd.DataFrame({"name": list("ABCDE"), "score": [70, 95, 70, 88, 60]})
    want = df.iloc[np.argsort(df.score)[::-1]]
    got = df.iloc[xt.argsort(df.score)[::-1]]
    assert got.equals(want)


ANSWERS = {  # masks, positions and counts that scripts hand back to pandas
    "isin": lambda m, s, df: m.isin(s, [0.5, 3.0]),
    "isin_by_name": lambda m, s, df: m.isin(element=s, test_elements=[0.5, 3.0]),
    "trapezoid_x": lambda m, s, df: m.trapezoid(df.a, x=df.b),
    "where": lambda m, s, df: m.where(s > 0, "up", "down"),
    "where_positions": lambda m, s, df: m.where(df > 0),
    "nonzero": lambda m, s, df: m.nonzero(s > 0),
    "flatnonzero": lambda m, s, df: m.flatnonzero(s > 0),
    "argwhere": lambda m, s, df: m.argwhere(df < 0),
    "unique": lambda m, s, df: m.unique(s),
    "searchsorted": lambda m, s, df: m.searchsorted(s.sort_values(), 1.0),
    "digitize": lambda m, s, df: m.digitize(s, [0.0, 2.0]),
    "count_nonzero": lambda m, s, df: m.count_nonzero(s > 0),
    "dot": lambda m, s, df: m.dot(df.a, df.b),
    "trapezoid": lambda m, s, df: m.trapezoid(s),
    "nanargmax": lambda m, s, df: m.nanargmax(s),
    "nanargmin": lambda m, s, df: m.nanargmin(df.a),
}


@pytest.mark.parametrize("name", list(ANSWERS))
def test_masks_positions_and_counts_of_pandas_objects_are_numpys(name):
    """NumPy converts the pandas object and answers an ndarray or a NumPy scalar, which pandas
    takes back as a mask, a position or a number; so does xtensor (`defers_to_numpy`)."""
    want = ANSWERS[name](np, _series(), _frame())
    got = ANSWERS[name](xt, _series(), _frame())
    for g, w in zip(*(v if isinstance(v, tuple) else (v,) for v in (got, want))):
        assert type(g) is type(w) and np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_array_equal(g, w)


def test_a_mask_from_a_series_filters_its_frame():
    df = pd.DataFrame({"sku": ["A1", "B2", "A1", "C3", "D4"], "qty": [2, 8, 3, 7, 1]})
    assert df[xt.isin(df.sku, ["A1", "C3"])].equals(df[np.isin(df.sku, ["A1", "C3"])])
    assert df.columns[xt.nanargmax(df.qty.astype(float)) % 2] == "qty"


def test_drawdown_of_a_series_keeps_its_dates():
    s = pd.Series([100.0, 104.0, 99.0, 101.0, 108.0], index=pd.date_range("2024-01-01", periods=5))
    got = s / xt.maximum.accumulate(s) - 1
    want = s / np.maximum.accumulate(s) - 1
    assert got.equals(want) and got.index.equals(s.index)


# --- 3. NumPy arrays written in place: out=, ufunc.at, the in-place writers -------------------

_INPLACE = [
    lambda m, a: m.fill_diagonal(a, 0),
    lambda m, a: m.fill_diagonal(a, m.inf, wrap=True),
    lambda m, a: m.copyto(a, 7),
    lambda m, a: m.copyto(a, m.asarray(2.5), where=a < 0),
    lambda m, a: m.put(a, [0, 3], [9, 8]),
    lambda m, a: m.place(a, a < 0, [0]),
    lambda m, a: m.putmask(a, a > 1, m.asarray([-1.0])),
    lambda m, a: m.put_along_axis(a, np.zeros((a.shape[0], 1), dtype=int), 5.0, axis=1),
    lambda m, a: m.add.at(a, ([0, 0], [1, 1]), 1),
    lambda m, a: m.multiply.at(a, (m.asarray([1, 0]), 0), m.asarray([2.0, 3.0])),
    lambda m, a: m.sqrt(m.abs(a), out=a),
    lambda m, a: m.multiply(a, 2, a),
    lambda m, a: m.divide(1.0, a, out=np.zeros_like(a), where=a != 0),
    lambda m, a: m.maximum(a, 0, out=(a,)),
]


@pytest.mark.parametrize("i", range(len(_INPLACE)))
@given(data=st.data())
def test_numpy_arrays_are_written_in_place_as_numpy_writes_them(i, data):
    shape = data.draw(shapes(min_dims=2, max_dims=2, min_side=2))
    a = data.draw(arrays("float64", shape, views=False))
    call = _INPLACE[i]
    mine, theirs = a.copy(), a.copy()
    with np.errstate(all="ignore"):
        want = call(np, theirs)
        got = call(xt, mine)
    np.testing.assert_array_equal(mine, theirs)
    if isinstance(want, np.ndarray):  # a ufunc returns the NumPy array it wrote
        assert type(got) is np.ndarray
        np.testing.assert_array_equal(got, want)


def test_ufunc_out_of_a_numpy_array_warns_as_numpy():
    a = np.array([1.0, -1.0])
    with np.errstate(invalid="warn"), pytest.warns(RuntimeWarning, match="invalid value"):
        r = xt.sqrt(a, out=a)
    assert r is a and np.isnan(a[1])


def test_other_outs_still_refused():
    with pytest.raises(TypeError, match="^add: out must hold xtensor arrays; got list"):
        xt.add(xt.ones(2), 1, out=[0.0, 0.0])
    with pytest.raises(TypeError, match="^fill_diagonal: a must be an xtensor Array"):
        xt.fill_diagonal([[1, 2], [3, 4]], 0)
    with pytest.raises(ValueError, match="read-only"):  # pandas' view: NumPy refuses it too
        xt.fill_diagonal(pd.DataFrame(np.ones((2, 2))).to_numpy(), 0)


# --- 4. images read as arrays ----------------------------------------------------------------


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA", "1", "F", "I", "I;16"])
def test_images_read_as_numpy_reads_them(mode):
    image = pytest.importorskip("PIL.Image")
    img = image.new(mode, (5, 3), 1 if mode in ("1", "F", "I", "I;16") else 7)
    for read in ("asarray", "array"):
        got, want = getattr(xt, read)(img), getattr(np, read)(img)
        assert_same(got, want)
        assert str(got.dtype) == str(want.dtype)

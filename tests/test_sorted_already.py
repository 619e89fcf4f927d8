"""Note [Sorted already] (xtensor/_sort_keys.h): rows in order, strictly falling, or of a few
runs skip the key and radix sorts; the answers are NumPy's stable sort and argsort bit for
bit, on every path (NumPy's own below 256 values, the compiled twins, the backend's)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays
from tests.test_cfast import python_of
from tests.test_sorting import POOL, _bits
from xtensor._backends import cpu_sort

DTYPES = ["int32", "uint32", "int64", "uint64", "float32", "float64"]
# across the paths: NumPy's own, the twins' keyed rows, radix rows, the backend past 2**14
SIZES = [200, 300, 1500, 3000, 20000]
SHAPES = ["in order", "ties in order", "falling", "ties falling", "few runs", "many runs"]


def _same_bits(got, want) -> bool:
    width = f"u{want.itemsize}"
    return got.dtype == want.dtype and got.view(width).tobytes() == want.view(width).tobytes()


def _rows(dtype, n, shape, picks, seed):
    """n values of `dtype` laid out as `shape` says; floats with POOL's values planted
    (signed zeros, NaNs of other payloads, infinities) where the order allows them."""
    rng = np.random.default_rng(seed)
    if dtype[0] == "f":
        a = rng.standard_normal(n).astype(dtype)
    else:
        info = np.iinfo(dtype)
        a = rng.integers(max(info.min, -(2**40)), min(info.max, 2**40), n, dtype=dtype)
    if "ties" in shape:
        a = a // 4 * 4 if dtype[0] != "f" else np.round(a, 1)
    if dtype[0] == "f":
        for k in picks:
            a[rng.integers(0, n)] = _bits(dtype, POOL[k]).reshape(-1)[0]
    a = np.sort(a, kind="stable")
    if "falling" in shape:
        a = a[::-1].copy()
    if shape == "few runs":
        a[n - 5 :] = a[rng.integers(0, n, 5)]  # five values of anywhere appended
    if shape == "many runs":
        a = np.concatenate([np.sort(c) for c in np.array_split(rng.permutation(a), 40)])
    return a


def _descending_argsort(a, axis):
    """The stable descending argsort (ties in input order, NaNs first) from NumPy's."""
    flipped = np.flip(a, axis)
    return a.shape[axis] - 1 - np.flip(np.argsort(flipped, axis, kind="stable"), axis)


@given(
    dtype=st.sampled_from(DTYPES),
    n=st.sampled_from(SIZES),
    shape=st.sampled_from(SHAPES),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=3),
    rows=st.sampled_from([0, 3]),
    seed=st.integers(0, 2**16),
)
def test_sorts_of_ordered_rows_are_numpys(dtype, n, shape, picks, rows, seed):
    a = _rows(dtype, n, shape, picks, seed)
    if rows:  # the same row three times, and along the first axis too
        a = np.stack([a, a[::-1].copy(), a])
    x = xt.asarray(a)
    for axis in [-1, 0] if rows else [-1]:
        assert _same_bits(xt.sort(x, axis=axis)._data, np.sort(a, axis, kind="stable"))
        want = np.argsort(a, axis, kind="stable")
        assert np.array_equal(xt.argsort(x, axis=axis)._data, want)
        assert np.array_equal(x.argsort(axis=axis)._data, want)
        got = xt.argsort(x, axis=axis, descending=True)._data
        assert np.array_equal(got, _descending_argsort(a, axis))
        flipped = np.flip(np.sort(np.flip(a, axis), axis, kind="stable"), axis)
        assert np.array_equal(xt.sort(x, axis=axis, descending=True)._data, flipped, equal_nan=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_counts_of_falls(dtype):
    """`_csort.order`: the falls and rises along each row, and None for dtypes it has no
    images of; `_csort.positions`: the argsort of rows in order or falling."""
    if cpu_sort._csort is None:
        pytest.skip("the compiled sorts are not built")
    order = cpu_sort._csort.order
    a = np.array([[1, 2, 2, 5], [7, 3, 3, 1]], dtype)
    assert order(a) == (2, 4)  # (row 0: no falls; row 1: two falls and a tie)
    assert order(a[1:], True) == (0, 3)  # descending: 7, 3, 3, 1 is in order
    assert order(np.array([5, 4, 1], dtype)) == (2, 0)
    out = np.full((2, 3), -1, np.int64)
    cpu_sort._csort.positions(out, 3, True)
    assert out.tolist() == [[2, 1, 0], [2, 1, 0]]
    cpu_sort._csort.positions(out, 3)
    assert out.tolist() == [[0, 1, 2], [0, 1, 2]]
    with pytest.raises(ValueError, match="positions: out must be int64 rows"):
        cpu_sort._csort.positions(out, 4)
    if dtype[0] == "f":  # NaNs last and tied, zeros tied: still in order
        assert order(np.array([-0.0, 0.0, -0.0, 1.0, np.nan, -np.nan], dtype)) == (0, 5)
    for other in ["int8", "float16", "complex128", "bool"]:
        assert order(np.zeros(4, other)) is None


def test_few_falls_agrees_with_the_header():
    header = (Path(xt.__file__).parent / "_sort_keys.h").read_text()
    assert int(re.search(r"#define FEW_FALLS (\d+)", header)[1]) == cpu_sort.FEW_FALLS


@pytest.mark.parametrize("n", [3000, 20000])  # the compiled twin's rows, the backend's
def test_ordered_rows_skip_the_sorts(monkeypatch, n):
    """Rows in order or strictly falling never reach the key or radix sorts."""
    if cpu_sort._csort is None:
        pytest.skip("the compiled sorts are not built")

    def refuse(*args, **kwargs):
        raise AssertionError("a sort ran")

    for name in ["_keyed", "radix_sorted", "_packed"]:
        monkeypatch.setattr(cpu_sort, name, refuse)
    a = np.linspace(-1.0, 1.0, n)
    for values in [a, a[::-1].copy(), np.stack([a, a])]:
        x = xt.asarray(values)
        assert np.array_equal(xt.argsort(x)._data, np.argsort(values, kind="stable"))
        assert np.array_equal(xt.sort(x)._data, np.sort(values))


@given(
    dtype=st.sampled_from(["float32", "float64"]),
    n=st.sampled_from([2000, 2001, 30000]),
    shape=st.sampled_from(SHAPES),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=3),
    middle=st.sampled_from([None, 0.0, -0.0]),
    seed=st.integers(0, 2**16),
)
def test_ranks_and_uniques_of_ordered_values_are_numpys(dtype, n, shape, picks, middle, seed):
    """median, percentile and unique read values in order off the data (Note [Sorted
    already]): NumPy's values, NaNs and which zero included."""
    a = _rows(dtype, n, shape, picks, seed)
    if middle is not None:  # zeros at the median's ranks
        a[n // 2 - 1 : n // 2 + 1] = middle
    x = xt.asarray(a)
    assert _same_bits(np.asarray(xt.median(x)), np.asarray(np.median(a)))
    assert _same_bits(np.asarray(xt.percentile(x, 30)), np.asarray(np.percentile(a, 30)))
    for got, want in zip(xt.unique(x, return_counts=True), np.unique(a, return_counts=True)):
        assert _same_bits(got._data, want)


@given(
    data=st.sampled_from([*DTYPES, "bool", "int8", "float16"]).flatmap(arrays),
    stable=st.sampled_from([{}, {"kind": "stable"}, {"stable": True}]),
)
def test_axis_none_sorts_the_flattened_array_in_c_and_python(data, stable):
    """`sort(x, axis=None)`, `argsort(x, axis=None)`: x flattened in C order, sorted stably
    (NumPy's stable kind), the C twin's answer the Python function's."""
    a = xt.asarray(data)
    for func, want in (
        (xt.sort, np.sort(data, axis=None, kind="stable")),
        (xt.argsort, np.argsort(data, axis=None, kind="stable")),
    ):
        for f in (func, python_of(func)):
            got = f(a, axis=None, **stable)._data
            assert got.shape == want.shape and _same_bits(got, want), (f, stable)

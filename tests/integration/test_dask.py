"""Dask arrays with xtensor chunks behave like NumPy-chunked ones (threaded scheduler).

Each case runs the same Dask expression on a NumPy-chunked and an xtensor-chunked array and
compares the computed values, dtype and shape; the xtensor result must come back as an xtensor
Array, the expression's `meta` must be one, and no warning may be issued on the way.
"""

from __future__ import annotations

import warnings

import dask.array as da
import numpy as np
import pytest
import zarr

import xtensor as xt
from tests.integration.dask_cases import CHUNKS, A, cases, dask_own_cases
from tests.oracle import assert_same

CASES = cases(da)
DASK_OWN = dask_own_cases(da)


def _pair(data, chunks=CHUNKS):
    return (
        da.from_array(data, chunks=chunks),
        da.from_array(xt.asarray(data), chunks=chunks, asarray=False),
    )


def _compute(expr):
    """`expr` computed with the threaded scheduler, any warning raised as an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return expr.compute(scheduler="threads")


def test_meta_is_an_xtensor_array():
    _, x = _pair(A)
    assert type(x._meta) is xt.Array
    assert x._meta.dtype == xt.float64 and x._meta.shape == (0, 0)


@pytest.mark.parametrize("name", list(CASES))
def test_xtensor_chunks_compute_like_numpy_chunks(name):
    expr, data = CASES[name]
    numpy_chunks, xtensor_chunks = _pair(data)
    want = expr(numpy_chunks).compute(scheduler="threads")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lazy = expr(xtensor_chunks)
    assert type(lazy._meta) is xt.Array, f"{name}: meta is {type(lazy._meta)}"
    assert_same(_compute(lazy), want, err_msg=name)


@pytest.mark.parametrize("name", list(DASK_OWN))
def test_graphs_dask_builds_from_numpy_give_numpys_values(name):
    expr, data = DASK_OWN[name]
    numpy_chunks, xtensor_chunks = _pair(data)
    want = expr(numpy_chunks).compute(scheduler="threads")
    got = _compute(expr(xtensor_chunks))
    np.testing.assert_array_equal(np.asarray(got), want, strict=True)


@pytest.mark.parametrize(
    "data",
    [A.T, A[::-1, ::2], np.zeros((0, 6)), np.float64(2.5)],
    ids=["transposed", "reversed-strided", "empty", "0-d"],
)
def test_non_contiguous_empty_and_0d_sources(data):
    axis = 0 if np.ndim(data) else None
    numpy_chunks, xtensor_chunks = _pair(data, 2 if np.ndim(data) else ())
    for expr in (lambda m: m * 2 + 1, lambda m: m.sum(axis=axis), lambda m: m.max()):
        if np.size(data) == 0 and expr(numpy_chunks).ndim == 0:
            continue  # max of nothing raises on both sides
        want = expr(numpy_chunks).compute(scheduler="threads")
        assert_same(_compute(expr(xtensor_chunks)), want)


def test_single_chunk_compute_keeps_the_chunk_type():
    _, x = _pair(A, chunks=A.shape)
    got = _compute(x + 1)
    assert_same(got, A + 1)


def _zarr_round_trip(path):
    numpy_chunks, xtensor_chunks = _pair(A)
    (xtensor_chunks * 2).to_zarr(str(path / "xt.zarr"))
    (numpy_chunks * 2).to_zarr(str(path / "np.zarr"))
    back = da.from_zarr(str(path / "xt.zarr")).map_blocks(xt.asarray)
    want = da.from_zarr(str(path / "np.zarr")).compute()
    assert_same(_compute(back), want)


def test_zarr_round_trip_writing_every_chunk(tmp_path):
    with zarr.config.set({"array.write_empty_chunks": True}):
        _zarr_round_trip(tmp_path)


def test_zarr_round_trip_skipping_empty_chunks(tmp_path):
    _zarr_round_trip(tmp_path)


def test_structured_dtypes_hold_dask_arg_results_as_for_numpy_chunks():
    # Dask's argmax/argmin keep (value, index) pairs in numpy.empty_like(chunk, dtype=[("vals",
    # ..), ("arg", ..)]): a structured xtensor array on the CPU (Note [Host-only dtypes]).
    x = xt.asarray(A)
    pairs = np.empty_like(x, shape=(1, 1), dtype=[("vals", "f8"), ("arg", "i8")])
    assert isinstance(pairs, xt.Array) and pairs.dtype.names == ("vals", "arg")
    assert_same(np.zeros_like(x, dtype="f4"), np.zeros_like(A, dtype="f4"))

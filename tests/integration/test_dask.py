"""Dask arrays with xtensor chunks behave like NumPy-chunked ones (threaded scheduler).

Each case runs the same Dask expression on a NumPy-chunked and an xtensor-chunked array and
compares the computed values; the xtensor result must come back as an xtensor Array (Dask's
`meta` is an xtensor array, and NumPy's protocols route Dask's chunk functions to xtensor).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import xtensor as xt

da = pytest.importorskip("dask.array")

A = np.arange(24.0).reshape(4, 6) - 7.5

CASES = {
    "elementwise": lambda m: (m + 1) * 2 - m / 3,
    "broadcast": lambda m: m - m.mean(axis=0),
    "da.sin": lambda m: da.sin(m),
    "np.sin": lambda m: np.sin(m),
    "sum": lambda m: m.sum(),
    "sum axis 0": lambda m: m.sum(axis=0),
    "mean axis 1": lambda m: m.mean(axis=1),
    "std": lambda m: m.std(),
    "var axis 0": lambda m: m.var(axis=0),
    "max": lambda m: m.max(),
    "min axis 1": lambda m: m.min(axis=1),
    "any": lambda m: (m > 3).any(),
    "all axis 0": lambda m: (m > -10).all(axis=0),
    "nanmean": lambda m: da.nanmean(m),
    "nansum axis 0": lambda m: da.nansum(m, axis=0),
    "cumsum": lambda m: m.cumsum(axis=0),
    "matmul": lambda m: m @ m.T,
    "dot": lambda m: da.dot(m, m.T),
    "tensordot": lambda m: da.tensordot(m, m, axes=([1], [1])),
    "concatenate": lambda m: da.concatenate([m, m]),
    "stack": lambda m: da.stack([m, m]),
    "rechunk": lambda m: m.rechunk((4, 2)),
    "fancy indexing": lambda m: m[[0, 2]],
    "boolean mask": lambda m: m[m > 1],
    "where": lambda m: da.where(m > 0, m, 0),
    "map_overlap": lambda m: m.map_overlap(lambda b: b * 2, depth=1, boundary="reflect"),
}
# Dask's arg reductions combine chunk results in NumPy structured arrays, a dtype xtensor
# does not have yet, so the result comes back as NumPy's (values are right).
ARG_CASES = {
    "argmax": lambda m: m.argmax(),
    "argmin axis 0": lambda m: m.argmin(axis=0),
}


def _pair():
    return (
        da.from_array(A, chunks=(2, 3)),
        da.from_array(xt.asarray(A), chunks=(2, 3), asarray=False),
    )


def test_meta_is_an_xtensor_array():
    _, x = _pair()
    assert type(x._meta) is xt.Array


@pytest.mark.parametrize("name", list(CASES))
def test_xtensor_chunks_compute_like_numpy_chunks(name):
    numpy_chunks, xtensor_chunks = _pair()
    want = CASES[name](numpy_chunks).compute(scheduler="threads")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = CASES[name](xtensor_chunks).compute(scheduler="threads")
    assert type(got) is xt.Array
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)
    assert np.asarray(got).shape == np.shape(want)


@pytest.mark.parametrize("name", list(ARG_CASES))
def test_arg_reductions_give_numpys_values(name):
    numpy_chunks, xtensor_chunks = _pair()
    want = ARG_CASES[name](numpy_chunks).compute(scheduler="threads")
    got = ARG_CASES[name](xtensor_chunks).compute(scheduler="threads")
    np.testing.assert_array_equal(np.asarray(got), want)

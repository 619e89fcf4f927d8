"""Dask's distributed scheduler with xtensor chunks: a real LocalCluster of worker processes.

Chunks travel between processes by pickle, so this checks that xtensor arrays pickle (compactly:
the buffer plus a few bytes) and that results come back as xtensor Arrays with NumPy's values.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import xtensor as xt

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")


def test_arrays_pickle_compactly():
    x = xt.asarray(np.arange(1000.0))
    blob = pickle.dumps(x, protocol=5)
    assert len(blob) < x.nbytes + 512
    back = pickle.loads(blob)
    assert type(back) is xt.Array and back.dtype == xt.float64
    np.testing.assert_array_equal(np.asarray(back), np.arange(1000.0))


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as c:
        yield c


@pytest.mark.parametrize(
    "expr",
    [
        lambda m: (m * 2 + 1).sum(axis=0),
        lambda m: da.sin(m).mean(),
        lambda m: (m - m.mean(axis=1, keepdims=True)).std(axis=1),
        lambda m: m @ m.T,
        lambda m: m.cumsum(axis=1)[::7],
    ],
    ids=["sum", "sin-mean", "centred-std", "matmul", "cumsum"],
)
def test_local_cluster_computes_like_numpy(client, expr):
    a = np.arange(120_000.0).reshape(300, 400) / 1000
    want = expr(da.from_array(a, chunks=(100, 100))).compute(scheduler="threads")
    got = client.compute(expr(da.from_array(xt.asarray(a), chunks=(100, 100), asarray=False)))
    got = got.result()
    assert type(got) is xt.Array
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)

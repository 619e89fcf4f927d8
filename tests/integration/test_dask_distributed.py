"""Dask's distributed scheduler with xtensor chunks: a real LocalCluster of worker processes.

Chunks travel between processes by pickle, so this checks that xtensor arrays pickle compactly
(the buffer plus a few hundred bytes, out of band with protocol 5) and that every case of the
threaded tests comes back from two worker processes as an xtensor Array with NumPy's values,
warnings raised as errors on the workers too.
"""

from __future__ import annotations

import pickle
import warnings

import dask.array as da
import distributed
import numpy as np
import pytest
from distributed.protocol import serialize

import xtensor as xt
from tests.integration.dask_cases import CHUNKS, A, cases
from tests.oracle import assert_same

CASES = cases(da)
SOURCES = {
    "contiguous": np.arange(1000.0),
    "slice of a larger buffer": np.arange(100_000.0)[5000:6000],
    "strided": np.arange(8000.0)[::8],
    "transposed": np.arange(1000.0).reshape(20, 50).T,
    "float32": np.ones(1000, np.float32),
    "bool": np.ones(1000, bool),
    "0-d": np.float64(3.0),
    "empty": np.zeros((0, 3)),
}


@pytest.mark.parametrize("name", list(SOURCES))
def test_arrays_pickle_compactly(name):
    a = SOURCES[name]
    x = xt.asarray(a)
    for protocol in (4, 5):
        blob = pickle.dumps(x, protocol=protocol)
        assert len(blob) < x.nbytes + 512, f"protocol {protocol}: {len(blob)} bytes"
        assert_same(pickle.loads(blob), a)


def test_distributed_sends_the_buffer_out_of_band():
    x = xt.asarray(np.arange(100_000.0))
    header, frames = serialize(x)
    sizes = sorted(memoryview(f).nbytes for f in frames)
    assert sizes[-1] == x.nbytes and sum(sizes[:-1]) < 512


def _warnings_are_errors():
    warnings.simplefilter("error")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    with cluster, distributed.Client(cluster) as c:
        c.run(_warnings_are_errors)
        yield c


def test_local_cluster_computes_every_case_like_numpy(client):
    # One round trip for all cases: each is its own graph, computed on the two workers.
    wants, lazies = {}, {}
    for name, (expr, data) in CASES.items():
        wants[name] = expr(da.from_array(data, chunks=CHUNKS)).compute(scheduler="threads")
        lazies[name] = expr(da.from_array(xt.asarray(data), chunks=CHUNKS, asarray=False))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = client.gather(client.compute(lazies))
    for name, want in wants.items():
        assert_same(got[name], want, err_msg=name)


@pytest.mark.parametrize(
    "expr",
    [
        lambda m: (m * 2 + 1).sum(axis=0),
        lambda m: (m - m.mean(axis=1, keepdims=True)).std(axis=1),
        lambda m: m @ m.T,
        lambda m: m.argmax(axis=0),
    ],
    ids=["sum", "centred-std", "matmul", "argmax"],
)
def test_local_cluster_many_chunks(client, expr):
    a = np.arange(120_000.0).reshape(300, 400) / 1000
    want = expr(da.from_array(a, chunks=(100, 100))).compute(scheduler="threads")
    got = client.compute(expr(da.from_array(xt.asarray(a), chunks=(100, 100), asarray=False)))
    assert_same(got.result(), want)


def test_workers_hold_xtensor_chunks(client):
    x = client.persist(da.from_array(xt.asarray(A), chunks=CHUNKS, asarray=False) + 1)
    distributed.wait(x)
    types = client.run(lambda dask_worker: {type(v).__name__ for v in dask_worker.data.values()})
    assert set().union(*types.values()) == {"Array"}
    del x

"""Dask at scale: xtensor chunks vs NumPy chunks, threaded and on a distributed LocalCluster.

    python benchmarks/bench_dask.py [--repeat 5] [--side 8000] [--chunk 2000] [--big]

Two workloads over a (side, side) float64 array cut into (chunk, chunk) blocks (16 blocks by
default, so the array is 16 times one chunk): an elementwise pipeline reduced to a vector
(`(exp(-x**2) * 3 + sin(x)).sum(axis=0)`) and a centred standard deviation per row. Each
library's chunks are *generated* inside the graph (a `map_blocks` of an `arange`-based formula
in that library), so the array is never materialised whole; with `--big` it is twice the
machine's memory and only streaming the chunks through the workers can compute it.

Each case times the NumPy-chunked and the xtensor-chunked graph alternately, `--repeat`
times, and reports the medians and the ratio xtensor/NumPy (below 1: xtensor faster), plus the
peak resident memory of this process (threaded) measured by `resource.getrusage`.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

import numpy as np
from _timing import fmt

import xtensor as xt


def _block(xp, side, chunk):
    def make(block_info=None):
        (r0, r1), (c0, c1) = block_info[None]["array-location"]
        rows = xp.arange(r0, r1, dtype=xp.float64)[:, None]
        cols = xp.arange(c0, c1, dtype=xp.float64)[None, :]
        return (rows * side + cols) / (side * side)

    return make


def source(lib, side, chunk):
    import dask.array as da

    xp = np if lib == "numpy" else xt
    meta = xp.empty((0, 0), dtype=xp.float64)
    return da.map_blocks(
        _block(xp, side, chunk),
        dtype=np.float64,
        chunks=((chunk,) * (side // chunk), (chunk,) * (side // chunk)),
        meta=meta,
    )


WORKLOADS = {
    "elementwise pipeline": lambda x: (np.exp(-(x**2)) * 3 + np.sin(x)).sum(axis=0),
    "centred row std": lambda x: (x - x.mean(axis=1, keepdims=True)).std(axis=1),
}


def run(scheduler, workload, lib, side, chunk, client=None):
    graph = WORKLOADS[workload](source(lib, side, chunk))
    start = time.perf_counter()
    result = client.compute(graph).result() if client else graph.compute(scheduler=scheduler)
    elapsed = time.perf_counter() - start
    assert (type(result) is xt.Array) == (lib == "xtensor"), type(result)
    return elapsed, np.asarray(result)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(scheduler, side, chunk, repeat, client=None):
    for workload in WORKLOADS:
        times = {"numpy": [], "xtensor": []}
        results = {}
        for _ in range(repeat):
            for lib in ("numpy", "xtensor"):
                elapsed, results[lib] = run(scheduler, workload, lib, side, chunk, client)
                times[lib].append(elapsed)
        np.testing.assert_allclose(results["xtensor"], results["numpy"], rtol=1e-9)
        t_np, t_xt = statistics.median(times["numpy"]), statistics.median(times["xtensor"])
        print(
            f"{scheduler:12s} {workload:22s} {fmt(t_np):>10s} {fmt(t_xt):>10s} "
            f"{t_xt / t_np:6.2f}   peak RSS {peak_rss_mb():7.0f} MB"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side", type=int, default=8000)
    parser.add_argument("--chunk", type=int, default=2000)
    parser.add_argument("--big", action="store_true", help="an array larger than memory")
    parser.add_argument("--no-distributed", action="store_true")
    args = parser.parse_args()
    side, chunk = args.side, args.chunk
    if args.big:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        side = int((2 * total / 8) ** 0.5) // chunk * chunk  # twice the memory, in float64
    print(
        f"array ({side}, {side}) float64 = {side * side * 8 / 2**30:.1f} GiB in "
        f"({chunk}, {chunk}) chunks ({(side // chunk) ** 2} blocks), repeat={args.repeat}"
    )
    print(f"{'scheduler':12s} {'workload':22s} {'numpy':>10s} {'xtensor':>10s} {'xt/np':>6s}")
    bench("threads", side, chunk, args.repeat)
    if not args.no_distributed:
        from distributed import Client, LocalCluster

        with LocalCluster(processes=True, dashboard_address=None) as cluster, Client(cluster) as c:
            bench("distributed", side, chunk, args.repeat, client=c)


if __name__ == "__main__":
    main()

"""Dask at scale: xtensor chunks vs NumPy chunks, threaded and on a distributed LocalCluster.

    python benchmarks/bench_dask.py [--repeat 5] [--side 8000] [--chunk 2000]
    python benchmarks/bench_dask.py --big [--memory-fraction 2] --repeat 1

Two workloads over a (side, side) float64 array cut into (chunk, chunk) blocks (16 blocks by
default, so the array is 16 times one chunk): an elementwise pipeline reduced to a vector
(`(exp(-x**2) * 3 + sin(x)).sum(axis=0)`) and a centred standard deviation per row. Each
library's chunks are *generated* inside the graph (a `map_blocks` of an `arange`-based formula
in that library), so the array is never materialised whole; with `--big` it is twice the
machine's memory (`--memory-fraction` scales that, to check the mode at a smaller size) and
only streaming the chunks through the workers can compute it: the run fails if any process
peaked at half the array's size or more.

Each case times the NumPy-chunked and the xtensor-chunked graph alternately, `--repeat`
times, and reports the medians and the ratio xtensor/NumPy (below 1: xtensor faster), plus each
library's peak resident memory during its computes: of this process for the threaded
scheduler, of the largest worker process for the distributed one.
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
    """Seconds, result and peak RSS (MB, largest process) of one compute of `workload`."""
    graph = WORKLOADS[workload](source(lib, side, chunk))
    reset_peak() if client is None else client.run(reset_peak)
    start = time.perf_counter()
    result = client.compute(graph).result() if client else graph.compute(scheduler=scheduler)
    elapsed = time.perf_counter() - start
    peak = peak_rss_mb() if client is None else max(client.run(peak_rss_mb).values())
    assert (type(result) is xt.Array) == (lib == "xtensor"), type(result)
    return elapsed, np.asarray(result), peak


# Linux keeps a per-process high-water mark of resident memory (VmHWM) that writing "5" to
# /proc/self/clear_refs resets, so each compute gets its own peak. getrusage's ru_maxrss can't
# be reset and is inherited by worker processes, so it is only the fallback elsewhere.
def reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def peak_rss_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            line = next(line for line in f if line.startswith("VmHWM:"))
        return int(line.split()[1]) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(scheduler, side, chunk, repeat, client=None) -> float:
    """Print one row per workload; return the largest peak RSS (MB) of any compute."""
    top = 0.0
    for workload in WORKLOADS:
        for lib in ("numpy", "xtensor"):  # warm up on one chunk: imports, caches, first faults
            run(scheduler, workload, lib, chunk, chunk, client)
        times = {"numpy": [], "xtensor": []}
        peaks = {"numpy": 0.0, "xtensor": 0.0}
        results = {}
        for _ in range(repeat):
            for lib in ("numpy", "xtensor"):
                elapsed, results[lib], peak = run(scheduler, workload, lib, side, chunk, client)
                times[lib].append(elapsed)
                peaks[lib] = max(peaks[lib], peak)
        np.testing.assert_allclose(results["xtensor"], results["numpy"], rtol=1e-9)
        t_np, t_xt = statistics.median(times["numpy"]), statistics.median(times["xtensor"])
        print(
            f"{scheduler:12s} {workload:22s} {fmt(t_np):>10s} {fmt(t_xt):>10s} "
            f"{t_xt / t_np:6.2f} {peaks['numpy']:9.0f} {peaks['xtensor']:9.0f}"
        )
        top = max(top, *peaks.values())
    return top


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--side", type=int, default=8000)
    parser.add_argument("--chunk", type=int, default=2000)
    parser.add_argument("--big", action="store_true", help="an array larger than memory")
    parser.add_argument(
        "--memory-fraction", type=float, default=2.0, help="with --big: array size / memory"
    )
    parser.add_argument("--no-distributed", action="store_true")
    args = parser.parse_args()
    side, chunk = args.side, args.chunk
    if args.big:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        side = int((args.memory_fraction * total / 8) ** 0.5) // chunk * chunk  # float64
    print(
        f"array ({side}, {side}) float64 = {side * side * 8 / 2**30:.1f} GiB in "
        f"({chunk}, {chunk}) chunks ({(side // chunk) ** 2} blocks), repeat={args.repeat}"
    )
    print(
        f"{'scheduler':12s} {'workload':22s} {'numpy':>10s} {'xtensor':>10s} {'xt/np':>6s} "
        f"{'np MB':>9s} {'xt MB':>9s}   (MB: peak RSS of the largest process)"
    )
    peaks = [bench("threads", side, chunk, args.repeat)]
    if not args.no_distributed:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        )
        with cluster, Client(cluster) as c:
            peaks.append(bench("distributed", side, chunk, args.repeat, client=c))
    array_mb = side * side * 8 / 2**20
    if args.big and max(peaks) >= array_mb / 2:
        raise SystemExit(f"bench_dask: peak RSS {max(peaks):.0f} MB of a {array_mb:.0f} MB array")


if __name__ == "__main__":
    main()

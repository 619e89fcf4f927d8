"""Threads that pay: scans, stable sorts, where, astype, take, masks and nonzero against NumPy.

    python benchmarks/bench_threads.py [--repeat 9] [--threads 2] [--sizes 5,6,7] [--only sort]
    python benchmarks/bench_threads.py --grain [--only scan]

For each operation and size (10**5 to 10**7 elements), samples NumPy, xtensor on one thread and
xtensor on `--threads` threads, interleaved (the order rotated by one each round), and prints
NumPy's median time and the medians of the paired ratios xtensor/NumPy (below 1: faster). One
thread is timed in CPU seconds of the process and the thread count in wall-clock seconds
(benchmarks/README.md, "Clocks"); NumPy is timed on both clocks in the same sample. The
thresholds and grain sizes these numbers chose are in Note [Grain per operation] in
xtensor/_iter/parallel.py.

`--grain` finds those thresholds: for each operation and size 2**15 to 2**23 it times the CPU
backend's function (`xtensor/_backends/cpu_threads.py`) with its threshold at 0 (split) and at
infinity (one NumPy call), both on `--threads` threads, interleaved, and prints the median of
the paired ratios split/one in wall-clock time (below 1: the split pays).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import numpy as np

import xtensor as xt
from xtensor._backends import cpu_threads
from xtensor._dispatch import host_threads


def _cases(n: int) -> dict:
    """{name: (NumPy callable, xtensor callable)} on the same data."""
    rng = np.random.default_rng(0)
    f64, f32 = rng.standard_normal(n), rng.standard_normal(n).astype(np.float32)
    i64, i32 = rng.integers(-(10**6), 10**6, n), rng.integers(-(10**6), 10**6, n, np.int32)
    mask, other = f64 > 0.3, rng.standard_normal(n)
    idx = rng.integers(0, n, n)
    F64, F32, I64, I32, M, OTHER, IDX = map(xt.asarray, (f64, f32, i64, i32, mask, other, idx))
    return {
        "cumsum f64": (lambda: np.cumsum(f64), lambda: xt.cumulative_sum(F64)),
        "cumsum f32": (lambda: np.cumsum(f32), lambda: xt.cumulative_sum(F32)),
        "cumsum i64": (lambda: np.cumsum(i64), lambda: xt.cumulative_sum(I64)),
        "sort f64": (lambda: np.sort(f64, kind="stable"), lambda: xt.sort(F64)),
        "sort i32": (lambda: np.sort(i32, kind="stable"), lambda: xt.sort(I32)),
        "argsort f64": (lambda: np.argsort(f64, kind="stable"), lambda: xt.argsort(F64)),
        "argsort i64": (lambda: np.argsort(i64, kind="stable"), lambda: xt.argsort(I64)),
        "where f64": (lambda: np.where(mask, f64, other), lambda: xt.where(M, F64, OTHER)),
        "astype f64>f32": (lambda: f64.astype(np.float32), lambda: xt.astype(F64, xt.float32)),
        "take f64": (lambda: np.take(f64, idx), lambda: xt.take(F64, IDX)),
        "x[mask] f64": (lambda: f64[mask], lambda: host_threads.masked(f64, mask)),
        "nonzero": (lambda: np.nonzero(mask), lambda: xt.nonzero(M)),
    }


def _sample(fn, calls: int) -> tuple:
    """(wall seconds, CPU seconds) per call over `calls` back-to-back calls."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - wall) / calls, (time.process_time() - cpu) / calls


def measure(np_fn, xt_fn, threads: int, repeat: int) -> dict:
    """NumPy's median seconds and the median paired ratios of xtensor on 1 and `threads`."""
    np_fn(), xt_fn()
    once = _sample(np_fn, 1)[0]
    calls = max(1, min(1000, int(0.05 / max(once, 1e-7))))
    variants = ["numpy", "one", "many"]
    times = {v: [] for v in variants}
    for r in range(repeat):
        for v in variants[r % 3 :] + variants[: r % 3]:
            if v != "numpy":
                xt.set_num_threads(1 if v == "one" else threads)
            times[v].append(_sample(np_fn if v == "numpy" else xt_fn, calls))
    one = [x[1] / n[1] for x, n in zip(times["one"], times["numpy"])]  # CPU seconds
    many = [x[0] / n[0] for x, n in zip(times["many"], times["numpy"])]  # wall clock
    return {
        "numpy_s": statistics.median(t[0] for t in times["numpy"]),
        "one_thread": statistics.median(one),
        "threads": statistics.median(many),
    }


def _grain_cases(n: int) -> dict:
    """{name: (threshold name in cpu_threads, callable)} of the CPU backend's functions."""
    rng = np.random.default_rng(0)
    f64, mask = rng.standard_normal(n), rng.random(n) < 0.5
    out, idx = np.empty(n), rng.integers(0, n, n)
    ct = cpu_threads
    return {
        "cumsum f64": ("SCAN_MIN", lambda: ct.scan("cumsum", f64, out, 0, f64.dtype)),
        "sort f64": ("SORT_MIN", lambda: ct.sort(f64, 0, True)),
        "argsort f64": ("ARGSORT_MIN", lambda: ct.argsort(f64, 0, True)),
        "astype f64>f32": ("CAST_MIN", lambda: ct.astype(f64, np.float32)),
        "take f64": ("TAKE_MIN", lambda: ct.take(f64, idx, 0, "take")),
        "x[mask] f64": ("MASK_MIN", lambda: ct.masked(f64, mask)),
    }


def grain(threads: int, repeat: int, only: str, low: int = 15) -> list:
    """Rows of split/one ratios by size (see the module docstring)."""
    xt.set_num_threads(threads)
    rows = []
    for log2 in range(low, 24):
        n, cells = 1 << log2, {}
        for name, (knob, fn) in _grain_cases(1 << log2).items():
            if not any(part in name for part in only.split(",")):
                continue
            saved = getattr(cpu_threads, knob)
            ratios = []
            fn()
            calls = max(1, min(1000, int(0.03 / max(_sample(fn, 1)[0], 1e-7))))
            try:
                for r in range(repeat):
                    pair = {}
                    for split in (r % 2 == 0, r % 2 == 1):
                        setattr(cpu_threads, knob, 0 if split else 1 << 62)
                        pair[split] = _sample(fn, calls)[0]
                    ratios.append(pair[True] / pair[False])
            finally:
                setattr(cpu_threads, knob, saved)
            cells[name] = statistics.median(ratios)
        rows.append({"elements": n, **cells})
        print(f"2**{log2:<3} " + " ".join(f"{k}={v:.2f}" for k, v in cells.items()), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--sizes", default="5,6,7", help="powers of ten")
    parser.add_argument("--only", default="", help="cases whose name contains one of a,b,...")
    parser.add_argument("--json", default=None)
    parser.add_argument("--grain", action="store_true", help="where splitting pays")
    args = parser.parse_args()
    before = xt.get_num_threads()
    if args.grain:
        try:
            rows = grain(args.threads, args.repeat, args.only)
        finally:
            xt.set_num_threads(before)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"threads": args.threads, "rows": rows}, f, indent=1)
        return
    print(f"ratio = xtensor / NumPy, median of pairs; 1 thread: CPU s; {args.threads}: wall")
    print(f"{'case':<16} {'n':>9} {'numpy':>10} {'1 thread':>9} {f'{args.threads} thr':>9}")
    rows = []
    try:
        for power in (int(p) for p in args.sizes.split(",")):
            for name, (np_fn, xt_fn) in _cases(10**power).items():
                if not any(part in name for part in args.only.split(",")):
                    continue
                row = measure(np_fn, xt_fn, args.threads, args.repeat)
                rows.append({"case": name, "n": 10**power, **row})
                print(
                    f"{name:<16} {10**power:>9} {row['numpy_s'] * 1e3:>8.2f}ms "
                    f"{row['one_thread']:>9.2f} {row['threads']:>9.2f}",
                    flush=True,
                )
    finally:
        xt.set_num_threads(before)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"threads": args.threads, "load": os.getloadavg(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()

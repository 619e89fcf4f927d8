"""Timing shared by the benchmarks: interleaved samples of two callables, medians."""

from __future__ import annotations

import statistics
import time


def sample(fn, calls: int) -> float:
    """Seconds per call of `fn`, over `calls` back-to-back calls."""
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


def compare(np_fn, xt_fn, repeat: int, calls: int) -> tuple:
    """Median seconds per call of NumPy's and xtensor's version, sampled alternately."""
    np_fn(), xt_fn()  # warm up: plan and fast-path caches, page faults of first allocations
    np_times, xt_times = [], []
    for _ in range(repeat):
        np_times.append(sample(np_fn, calls))
        xt_times.append(sample(xt_fn, calls))
    return statistics.median(np_times), statistics.median(xt_times)


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e3:.2f} ms"

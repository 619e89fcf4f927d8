"""Timing shared by the benchmarks: interleaved samples of callables, medians of paired ratios."""

from __future__ import annotations

import statistics
import time

import numpy as np


def sample(fn, calls: int, clock=time.perf_counter) -> float:
    """Seconds per call of `fn`, over `calls` back-to-back calls, on `clock`."""
    start = clock()
    for _ in range(calls):
        fn()
    return (clock() - start) / calls


def sample_settled(fn, calls: int, clock, pause: float) -> float:
    """`sample` of a library whose worker threads spin after a call and wake slowly after a
    rest, among libraries with thread pools of their own: a pause lets the other pools'
    spinning workers sleep before it, a call wakes its own, and a pause after lets its
    workers sleep before the next library's sample. PyTorch's `det` of (300, 300) at two
    threads ran 1.5 ms right after NumPy's (OpenBLAS's workers spinning on both cores) and
    0.44 ms after 0.1 s pauses, and NumPy's own took 2.2 ms right after torch's, 1.0 after."""
    time.sleep(pause)
    fn()
    took = sample(fn, calls, clock)
    time.sleep(pause)
    return took


def compare(np_fn, xt_fn, repeat: int, calls: int) -> tuple:
    """Median seconds per call of NumPy's and xtensor's version, sampled alternately."""
    np_fn(), xt_fn()  # warm up: plan and fast-path caches, page faults of first allocations
    np_times, xt_times = [], []
    for _ in range(repeat):
        np_times.append(sample(np_fn, calls))
        xt_times.append(sample(xt_fn, calls))
    return statistics.median(np_times), statistics.median(xt_times)


def calls_for(fn, target_s: float) -> int:
    """How many back-to-back calls of `fn` make one sample of about `target_s` seconds."""
    fn()
    once = sample(fn, 1)
    return max(1, min(100_000, int(target_s / max(once, 1e-7))))


def interleaved(fns: dict, repeat: int, calls, clock=time.perf_counter, settle=None) -> dict:
    """{name: (median seconds per call, median ratio to the first callable)}.

    Each round samples every callable once, in an order rotated by one per round, so no
    callable always runs right after the same neighbour; the ratio is taken within a round
    (a paired ratio), so load that comes and goes moves both sides of it together. `calls`
    is the calls per sample: one count for all, or {name: count}. `settle`, {name: seconds},
    samples those callables between pauses, after an untimed call (see `sample_settled`).
    """
    counts = calls if isinstance(calls, dict) else dict.fromkeys(fns, calls)
    names = list(fns)
    for fn in fns.values():
        fn()  # warm up: plan and fast-path caches, page faults of first allocations
    times = {name: [] for name in names}
    for r in range(repeat):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            pause = (settle or {}).get(name)
            if pause:
                times[name].append(sample_settled(fns[name], counts[name], clock, pause))
            else:
                times[name].append(sample(fns[name], counts[name], clock))
    base = times[names[0]]
    return {
        name: (
            statistics.median(ts),
            statistics.median(t / b for t, b in zip(ts, base)),
        )
        for name, ts in times.items()
    }


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} us"
    return f"{seconds * 1e3:.2f} ms"


HUGE_PAGE, PAGE = 2 << 20, 4096


def placed_copy(a: np.ndarray) -> np.ndarray:
    """A C-order copy of `a` that starts on a 2 MiB boundary (a page one below 2 MiB), so
    every library's copy of an input sits alike: placement alone moved `np.sum` of the same
    10**6 doubles by 5-16% between two ordinary copies (benchmarks/README.md, "Eighth round")."""
    if a.nbytes < PAGE:
        return a.copy()
    align = HUGE_PAGE if a.nbytes >= HUGE_PAGE else PAGE
    raw = np.empty(a.nbytes + align, np.uint8)
    start = -raw.ctypes.data % align
    out = raw[start : start + a.nbytes].view(a.dtype).reshape(a.shape)
    out[...] = a
    return out

"""Threads for the iterator: the pool, the thread count, and splitting work into chunks.

Note [Grain size]
~~~~~~~~~~~~~~~~~
A chunk costs about 15-30 us of Python and thread hand-off on top of its loop, while NumPy's
loops process roughly 1-4 elements per ns. Below about 2^16 elements the hand-off costs more
than a second core saves (measured with benchmarks/bench_elementwise.py on a 2-core machine:
2^15-element adds ran slower split than whole, 2^17-element adds ran faster), so a chunk
is never smaller than GRAIN_SIZE elements and small calls run in the calling thread. NumPy
releases the GIL inside its loops, so the chunks really run in parallel.
"""

from __future__ import annotations

import contextvars
import os
import threading
from concurrent.futures import ThreadPoolExecutor

GRAIN_SIZE = 1 << 16

_state = threading.local()
_lock = threading.Lock()
_pool: ThreadPoolExecutor | None = None
_num_threads = 0


def _default_num_threads() -> int:
    env = os.environ.get("XTENSOR_NUM_THREADS")
    if env:
        try:
            n = int(env)
        except ValueError:
            raise ValueError(f"XTENSOR_NUM_THREADS must be a positive integer; got {env!r}") from None
        if n >= 1:
            return n
        raise ValueError(f"XTENSOR_NUM_THREADS must be a positive integer; got {env!r}")
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def set_num_threads(n: int) -> None:
    """Use `n` threads (the calling one included) for large elementwise ops and reductions."""
    global _pool, _num_threads
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"set_num_threads: n must be a positive integer; got {n!r}")
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True)
        _pool = ThreadPoolExecutor(n - 1, thread_name_prefix="xtensor") if n > 1 else None
        _num_threads = n


def get_num_threads() -> int:
    if not _num_threads:
        set_num_threads(_default_num_threads())
    return _num_threads


def chunk_bounds(numel: int, grain_size: int = GRAIN_SIZE, num_threads: int | None = None):
    """[(begin, end), ...]: at most one chunk per thread, none smaller than `grain_size`."""
    if numel <= 0:
        return [(0, 0)]
    threads = num_threads or get_num_threads()
    chunks = max(1, min(threads, numel // max(grain_size, 1)))
    step = -(-numel // chunks)
    return [(b, min(b + step, numel)) for b in range(0, numel, step)]


def parallel_for(numel: int, fn, grain_size: int = GRAIN_SIZE) -> None:
    """Call fn(begin, end) over chunks of range(numel), on the pool; re-raise the first error."""
    if getattr(_state, "inside", False):
        fn(0, numel)  # no nested parallelism: a worker would wait on itself
        return
    bounds = chunk_bounds(numel, grain_size)
    if len(bounds) == 1:
        fn(0, numel)
        return
    _state.inside = True
    try:
        # Each chunk runs in a copy of the caller's context, so NumPy's errstate (a context
        # variable) and any other context settings reach the worker threads.
        futures = [_pool.submit(contextvars.copy_context().run, _run_inside, fn, b, e)
                   for b, e in bounds[1:]]
        fn(*bounds[0])
        for f in futures:
            f.result()
    finally:
        _state.inside = False


def _run_inside(fn, begin, end):
    _state.inside = True
    try:
        fn(begin, end)
    finally:
        _state.inside = False

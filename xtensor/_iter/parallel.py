"""Threads for the iterator: the pool, the thread count, and splitting work into chunks.

Note [Grain size]
~~~~~~~~~~~~~~~~~
Handing a chunk to another thread is not free: the worker has to be woken and has to take
the GIL between NumPy calls, and each costs a cross-CPU wake-up. On the 2-core VM this was
tuned on (benchmarks/bench_grain.py, float32 `add` split in two vs run whole, medians of
21), splitting cost about 100 us: 2^18 elements ran 1.28x slower split, 2^19 broke even,
2^20 ran 1.3x faster and 2^21 1.5x faster. So a chunk is never smaller than GRAIN_SIZE =
2^18 elements, and calls under 2 * GRAIN_SIZE run whole in the calling thread. NumPy
releases the GIL inside its loops, so the chunks really run in parallel.
"""

from __future__ import annotations

import contextvars
import os
import threading
from concurrent.futures import ThreadPoolExecutor

GRAIN_SIZE = 1 << 18

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

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

Note [Changing the thread count]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
`set_num_threads` may run while other Python threads are inside `parallel_for`. Each call of
`parallel_for` takes the current pool and thread count together under `_lock` and counts itself
as a user of that pool; `set_num_threads` installs a new pool and retires the old one, which is
shut down (without waiting) by whoever leaves it last. So a running call finishes on the pool
it started with, and no call ever submits to a pool that was shut down.

This module knows no op and no array library; it runs callables over integer ranges.
"""

from __future__ import annotations

import contextvars
import os
import threading
from concurrent.futures import ThreadPoolExecutor, wait

GRAIN_SIZE = 1 << 18

_state = threading.local()
_lock = threading.Lock()


class _Pool:
    """A worker pool (None for one thread) and how many `parallel_for` calls are using it."""

    __slots__ = ("executor", "num_threads", "users", "retired")

    def __init__(self, num_threads: int):
        self.num_threads = num_threads
        self.executor = (
            ThreadPoolExecutor(num_threads - 1, thread_name_prefix="xtensor")
            if num_threads > 1
            else None
        )
        self.users = 0
        self.retired = False

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False)


_pool: _Pool | None = None


def _default_num_threads() -> int:
    env = os.environ.get("XTENSOR_NUM_THREADS")
    if env:
        try:
            n = int(env)
        except ValueError:
            n = 0
        if n < 1:
            raise ValueError(f"XTENSOR_NUM_THREADS must be a positive integer; got {env!r}")
        return n
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def set_num_threads(n: int) -> None:
    """Use `n` threads (the calling one included) for large elementwise ops and reductions.

    Safe at any time, also while other threads run parallel work (Note [Changing the thread
    count]).
    """
    global _pool
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"set_num_threads: n must be a positive integer; got {n!r}")
    new = _Pool(n)
    with _lock:
        old, _pool = _pool, new
        idle = old is not None and old.users == 0
        if old is not None:
            old.retired = True
    if idle:
        old.shutdown()


def get_num_threads() -> int:
    return _current().num_threads


def _current() -> _Pool:
    """The pool in use, created with the default thread count on first use."""
    global _pool
    if _pool is None:
        default = _default_num_threads()
        with _lock:
            if _pool is None:
                _pool = _Pool(default)
    return _pool


def _acquire() -> _Pool:
    """The current pool, counted as used until `_release` (Note [Changing the thread count])."""
    _current()
    with _lock:
        pool = _pool
        pool.users += 1
    return pool


def _release(pool: _Pool) -> None:
    with _lock:
        pool.users -= 1
        last = pool.retired and pool.users == 0
    if last:
        pool.shutdown()


def chunk_bounds(numel: int, grain_size: int = GRAIN_SIZE, num_threads: int | None = None):
    """[(begin, end), ...]: at most one chunk per thread, none smaller than `grain_size`."""
    if numel <= 0:
        return [(0, 0)]
    threads = num_threads or get_num_threads()
    chunks = max(1, min(threads, numel // max(grain_size, 1)))
    step = -(-numel // chunks)
    return [(b, min(b + step, numel)) for b in range(0, numel, step)]


def parallel_for(numel: int, fn, grain_size: int = GRAIN_SIZE) -> None:
    """Call fn(begin, end) over chunks of range(numel), on the pool; re-raise the first error.

    Every chunk has finished when this returns or raises.
    """
    if getattr(_state, "inside", False):
        fn(0, numel)  # no nested parallelism: a worker would wait on itself
        return
    pool = _acquire()
    try:
        bounds = chunk_bounds(numel, grain_size, pool.num_threads)
        if len(bounds) == 1:
            fn(0, numel)
            return
        _run_chunks(pool.executor, fn, bounds)
    finally:
        _release(pool)


def _run_chunks(executor: ThreadPoolExecutor, fn, bounds: list) -> None:
    _state.inside = True
    futures = []
    try:
        # Each chunk runs in a copy of the caller's context, so NumPy's errstate (a context
        # variable) and any other context settings reach the worker threads.
        futures = [
            executor.submit(contextvars.copy_context().run, _run_inside, fn, b, e)
            for b, e in bounds[1:]
        ]
        fn(*bounds[0])
    finally:
        _state.inside = False
        wait(futures)  # no chunk may outlive the call, even when the first one raised
    for f in futures:
        f.result()


def _run_inside(fn, begin, end):
    _state.inside = True
    try:
        fn(begin, end)
    finally:
        _state.inside = False

"""Threads for the iterator: the pool, the thread count, and splitting work into chunks.

Note [Grain size]
~~~~~~~~~~~~~~~~~
Handing a chunk to another thread is not free: the worker has to be woken (a cross-CPU
wake-up) and has to take the GIL around each NumPy call. benchmarks/bench_grain.py times each
workload as one chunk and as parallel chunks on 2 threads, interleaved; medians of 21 paired
ratios parallel/one on the 2-core VM of benchmarks/README.md, otherwise quiet (load 2):

    elements   add f32  exp f32  max f32  add f64
    2**19        1.05     1.04     4.27     0.87
    2**20        0.81     0.79     1.76     0.73
    2**21        0.74     0.67     1.01     0.64
    2**22        0.65     0.63     0.98     0.60

Elementwise work pays from 2**20 elements, so a chunk never has fewer than GRAIN_SIZE = 2**19
elements and a call under 2 * GRAIN_SIZE runs whole in the calling thread (the dispatch fast
paths key on the same constant: such calls replay NumPy's own loop). Ops of a few instructions
per element pay later still, and their callers pass a larger grain (Note [Memory-bound grain]
in `_backends/cpu.py`); loops of several nanoseconds an element pay sooner, and their callers
pass the smaller grain measured for them (Note [Costly loops] in `_backends/cpu_grain.py`).
Reductions, bound by memory bandwidth sooner, have a grain of their own (Note [Reduction
grain size] in reduce.py).
NumPy releases the GIL inside its loops, so the chunks really run in parallel. With the same
machine busy with other processes (load 6.6), no size paid: see Note [Busy machines].

Note [Dynamic chunks]
~~~~~~~~~~~~~~~~~~~~~
A call is cut into up to CHUNKS_PER_THREAD chunks per thread (none under the grain size), and
the threads take them in order from a shared cursor until none is left, the calling thread
included. The calling thread never waits for a worker that has not started: when it has taken
the last chunk it cancels the helpers still queued and waits only for chunks in progress. So
when the other cores are busy (a shared machine, another process's threads, a second parallel
call), the work runs in the calling thread at about the one-thread speed instead of waiting a
scheduler slice for a worker to wake up; when they are idle, a fast thread takes over the
chunks of a slow one. Results never depend on which thread ran a chunk: elementwise chunks are
independent, and reductions fix their own slabs (Note [Reduction splitting] in reduce.py).

Note [Busy machines]
~~~~~~~~~~~~~~~~~~~~
Threads pay only when there are free cores. When other processes keep the cores busy, a
worker waits for one, and the chunk it took (sometimes the GIL too) waits with it: on the VM
above at load 6.6, every size from 2**20 to 2**24 ran 1.0x to 3.5x slower split, and at load
2 to 4 a float32 `sum` of 10**7 elements ran 1.2x to 1.4x NumPy's time on 2 threads against
1.1x on one. So the default pool (a thread count nobody chose) uses only the cores the others
leave, as GNU OpenMP's OMP_DYNAMIC does: the cores less the others' use, rounded, between 1
and its size, measured at most once per LOAD_TTL_S over the time since the last measure. The
others' use is the CPUs' busy time (/proc/stat: all but idle and iowait) less this process's
own CPU time, over the same window. The load average, which OpenMP reads, is no measure of
free cores: it counts tasks asleep in the kernel and, in sandboxes and containers, tasks
outside them; on the VM above it reads a steady 1.0 with both cores idle, and the default pool
then ran every parallel call on one thread (the fused 5-op expression of bench_fuse.py at
21.7 ms against 10.9 ms with two threads set). Where there is no /proc/stat, no core is
counted busy.
A count set with `set_num_threads` or XTENSOR_NUM_THREADS is kept as given. Results do not
change (Note [Dynamic chunks]).

Note [Changing the thread count]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
`set_num_threads` may run while other Python threads are inside `parallel_for`. Each call of
`parallel_for` takes the current pool and thread count together under `_lock` and counts itself
as a user of that pool; `set_num_threads` installs a new pool and retires the old one, which is
shut down (without waiting) by whoever leaves it last. So a running call finishes on the pool
it started with, and no call ever submits to a pool that was shut down.

Note [Grain per operation]
~~~~~~~~~~~~~~~~~~~~~~~~~~
Work that is neither elementwise nor a reduction (`_backends/cpu_threads.py`) splits from a
threshold of its own, and no chunk is smaller than half of it. `benchmarks/bench_threads.py
--grain` times each operation split (threshold 0) and whole (one NumPy call), both with 2
threads on the VM of Note [Grain size], interleaved; medians of 9 paired ratios split/whole,
wall clock, load under 0.7 when the run started:

    elements        2**16  2**17  2**18  2**19  2**20  2**21  2**22   splits from
    cumsum f64         -    1.27   1.00   0.86   0.75   0.69   0.65   SCAN_MIN    2**20
    sort f64         0.68   0.62   0.60   0.56   0.55   0.55   0.80   SORT_MIN    2**16
    argsort f64      1.08   1.05   0.98   0.73   0.66   0.63   0.63   ARGSORT_MIN 2**19
    astype f64>f32   6.67   5.33   2.67   1.75   0.92   0.72   0.59   CAST_MIN    2**21
    take f64         5.09   2.39   1.17   0.91   0.82   0.51   0.68   TAKE_MIN    2**20
    x[mask] f64      5.37   3.19   1.97   1.23   1.12   1.01   0.61   MASK_MIN    2**22
    nonzero          7.46   4.29   2.93   1.81   1.31   1.05   0.97   never

(cumsum: one block of SCAN_BLOCK = 2**16 elements below 2**17, so nothing to split.) Sorts
are bound by comparisons and pay early; casts, gathers and masks move memory and pay late, as
elementwise ops do. `where` is an elementwise op of the iterator and splits at GRAIN_SIZE.
None of these results depends on the thread count: a stable sort has one answer, casts,
gathers and masks copy values, and a float scan's blocks are fixed by the array's shape (Note
[Block scan] in cpu_threads.py). Above the table's sizes the ratios stay near their 2**22
values while the machine is otherwise idle; with other processes on the cores, no split pays
(Note [Busy machines]).

This module knows no op and no array library; it runs callables over integer ranges.
"""

from __future__ import annotations

import contextvars
import itertools
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait

GRAIN_SIZE = 1 << 19
# Chunks per thread a parallel call is cut into (Note [Dynamic chunks]).
CHUNKS_PER_THREAD = 4

_state = threading.local()
_lock = threading.Lock()


class _Pool:
    """A worker pool (None for one thread) and how many `parallel_for` calls are using it."""

    __slots__ = ("executor", "num_threads", "users", "retired", "adaptive")

    def __init__(self, num_threads: int, adaptive: bool = False):
        self.num_threads = num_threads
        # The default thread count yields to a busy machine; a count the user chose does not
        # (Note [Busy machines]).
        self.adaptive = adaptive
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


def _default_pool() -> _Pool:
    env = os.environ.get("XTENSOR_NUM_THREADS")
    if env:
        try:
            n = int(env)
        except ValueError:
            n = 0
        if n < 1:
            raise ValueError(f"XTENSOR_NUM_THREADS must be a positive integer; got {env!r}")
        return _Pool(n)
    try:
        return _Pool(len(os.sched_getaffinity(0)), adaptive=True)
    except AttributeError:
        return _Pool(os.cpu_count() or 1, adaptive=True)


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
    """The number of threads (the calling one included) large ops and reductions use."""
    return _current().num_threads


def serial() -> bool:
    """True when `parallel_for` would run everything in the calling thread anyway."""
    return usable_threads() == 1


def usable_threads() -> int:
    """The threads a parallel call started now would use (Note [Busy machines])."""
    pool = _current()
    if pool.executor is None or getattr(_state, "inside", False):
        return 1
    return _usable(pool)


# --- Note [Busy machines] --------------------------------------------------------------------
LOAD_TTL_S = 1.0  # how long one measure of the others' use is trusted
# others: cores the other processes kept busy over the last window; read_at: when it was
# measured; cpu_at and ticks: this process's CPU seconds and the CPUs' (busy, all) clock ticks
# then (None before the first measure)
_load = {"others": 0.0, "read_at": -LOAD_TTL_S, "cpu_at": None, "ticks": None}


def _cpu_ticks() -> tuple[int, int] | None:
    """(busy, all) clock ticks of every CPU since boot; None without /proc/stat."""
    try:
        with open("/proc/stat", "rb") as stat:
            ticks = [int(t) for t in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None
    total = sum(ticks)  # user nice system idle iowait irq softirq steal
    return total - ticks[3] - ticks[4], total


def _others_load() -> float:
    """Cores the other processes kept busy since the last measure (Note [Busy machines]),
    measured at most once per LOAD_TTL_S (0 where the CPUs' use cannot be read)."""
    now = time.monotonic()
    if now - _load["read_at"] >= LOAD_TTL_S:
        cpu, ticks, last = time.process_time(), _cpu_ticks(), _load["ticks"]
        if ticks is not None and last is not None and ticks[1] > last[1]:
            busy = _CORES * (ticks[0] - last[0]) / (ticks[1] - last[1])
            own = (cpu - _load["cpu_at"]) / (now - _load["read_at"])
            _load["others"] = max(0.0, busy - own)
        _load.update(read_at=now, cpu_at=cpu, ticks=ticks)
    return _load["others"]


def _usable(pool: _Pool) -> int:
    """The pool's threads, less those the other processes need (Note [Busy machines])."""
    if not pool.adaptive:
        return pool.num_threads
    free = round(_CORES - _others_load())
    return max(1, min(pool.num_threads, free))


_CORES = os.cpu_count() or 1


def _current() -> _Pool:
    """The pool in use, created with the default thread count on first use."""
    global _pool
    if _pool is None:
        default = _default_pool()
        with _lock:
            if _pool is None:
                _pool, default = default, None
        if default is not None:  # another thread installed its pool first
            default.shutdown()
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
    """[(begin, end), ...]: at most `num_threads` chunks (default: the thread count), none
    smaller than `grain_size`."""
    if numel <= 0:
        return [(0, 0)]
    threads = num_threads or get_num_threads()
    chunks = max(1, min(threads, numel // max(grain_size, 1)))
    step = -(-numel // chunks)
    return [(b, min(b + step, numel)) for b in range(0, numel, step)]


def parallel_for(numel: int, fn, grain_size: int = GRAIN_SIZE) -> None:
    """Call fn(begin, end) over chunks of range(numel), on the pool; re-raise the first error.

    Chunks are handed out as threads ask for them (Note [Dynamic chunks]). Every chunk has
    finished when this returns or raises.
    """
    if numel < 2 * grain_size or getattr(_state, "inside", False):
        fn(0, numel)  # one chunk; or nested: a worker would wait on itself
        return
    pool = _acquire()
    try:
        threads = 1 if pool.executor is None else _usable(pool)
        if threads == 1:
            fn(0, numel)
            return
        bounds = chunk_bounds(numel, grain_size, threads * CHUNKS_PER_THREAD)
        _run_chunks(pool.executor, threads - 1, _Chunks(fn, bounds))
    finally:
        _release(pool)


class _Chunks:
    """The chunks of one `parallel_for` call, taken in order by whichever thread is free."""

    __slots__ = ("fn", "bounds", "cursor", "error")

    def __init__(self, fn, bounds: list):
        self.fn = fn
        self.bounds = bounds
        # next() on an itertools.count is one C call, atomic under the GIL: no lock needed.
        self.cursor = itertools.count()
        self.error = None

    def run(self) -> None:
        """Run chunks until none is left (or one has failed, anywhere)."""
        bounds = self.bounds
        for i in self.cursor:
            if i >= len(bounds) or self.error is not None:
                return
            try:
                self.fn(*bounds[i])
            except BaseException as e:  # noqa: BLE001 - re-raised by the calling thread
                if self.error is None:
                    self.error = e
                return


def _run_chunks(executor: ThreadPoolExecutor, helpers: int, chunks: _Chunks) -> None:
    _state.inside = True
    futures = []
    try:
        # Each helper runs in a copy of the caller's context, so NumPy's errstate (a context
        # variable) and any other context settings reach the worker threads.
        futures = [
            executor.submit(contextvars.copy_context().run, _run_inside, chunks.run)
            for _ in range(min(helpers, len(chunks.bounds) - 1))
        ]
        chunks.run()
    finally:
        _state.inside = False
        # A helper no worker has picked up yet finds nothing left to do: drop it rather than
        # wait for a busy core to wake it (Note [Dynamic chunks]). No chunk outlives the call.
        wait([f for f in futures if not f.cancel()])
    if chunks.error is not None:
        raise chunks.error


def _run_inside(run):
    _state.inside = True
    try:
        run()
    finally:
        _state.inside = False

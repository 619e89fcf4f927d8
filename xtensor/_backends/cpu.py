"""The CPU backend: NumPy's ufunc inner loops run over the iterator's chunks.

Elementwise work pins each ufunc's loop with `signature=` (so NumPy runs exactly the loop the
iterator planned, casting inputs of other dtypes inside its buffered loop rather than through
whole-array temporaries) and runs the op's special-case fix-up on the same chunk afterwards.
Everything else is NumPy's own function on the backing arrays.

Note [Output buffer cache]
~~~~~~~~~~~~~~~~~~~~~~~~~~
A fresh 40 MB NumPy array is mmap'ed by malloc and every page faults on its first write:
for `exp` of 10**7 float32 that is about 4 ms of a 9 ms call, spent zeroing pages rather
than computing. Like PyTorch's and CuPy's device allocators, the iterator keeps the buffers
of large outputs once the arrays using them are gone and hands them out again.

Liveness needs no hooks: each cached buffer is a uint8 NumPy array that owns its memory, and
every array handed out is a view of it, so NumPy keeps the buffer referenced from every view,
slice, memoryview or DLPack capsule derived from it. A buffer whose reference count is back
to the cache's own references is free, and the most recently freed one is handed out first,
as malloc does: it is the one most likely still in the CPU caches.

Buffers below `MIN_BYTES` = 32 MiB are left to NumPy: glibc's malloc serves them from its heap
(Note [Heap trimming] in host_heap.py sets its thresholds), so they fault no pages, and writing
a fresh malloc block measured faster than writing a cached buffer there (`add` of 3 * 10**6
float64, medians of paired ratios: 1.28x slower into a cached buffer; 10**7 float32, above the
threshold: 0.76x). So the cache takes exactly the outputs malloc would mmap afresh. It holds at
most `XTENSOR_CPU_CACHE_MB` megabytes (default 512; 0 disables it), dropping the least recently
used buffers first; `empty_cache()` drops every free buffer now (as `torch.cuda.empty_cache()`
does), with the free pages of malloc's heap, and `cache_info()` reports what it holds.

Each buffer has ALIGN spare bytes to start its array on a page: whole cache lines for the
compiled loops' streaming stores (Note [Streaming stores] in `_jit/templates/xt_host.h`), and
no 4 KiB aliasing: malloc starts a large NumPy input 16 bytes into a page, and an output 48
bytes above it (on a cache line) made each load wait on a store with the same low 12 address
bits. `exp` of 10**7 float32, one thread: 6.16 ms on a line, 4.81 on a page (`sin` 6.61 ->
5.46, float64 `exp` 10.17 -> 8.73; `add`, `sqrt`, bound by memory, unchanged).

Note [Memory-bound grain]
~~~~~~~~~~~~~~~~~~~~~~~~~
GRAIN_SIZE (Note [Grain size] in `_iter/parallel.py`) is where a split pays for work such as
`exp`. An op of a few instructions per element (`OpSpec.props` MEMORY_BOUND: `+`, `*`,
comparisons, rounding, ...) is bound by memory traffic, which a second thread shares rather
than doubles, and on operands the caches hold its whole loop is shorter than the hand-over to
a worker: `x *= 1.0` on 2**21 float32 elements took 90 us whole and 146 us split (after this
change: 1.0x NumPy). `benchmarks/bench_grain.py`, 2 threads, split/whole, medians of 21 pairs:

    elements     add f32  add f64  a+=b f32  a+=b f64
    2**20          1.19     0.94     1.44      1.15
    2**21          0.95     0.89     1.16      0.86
    2**22          0.93     0.97     0.86      0.94
    2**23          0.97     0.95     0.97      0.96

The split pays once each operand holds 16 MiB, whatever the dtype, so a memory-bound op's
grain is MEMORY_BOUND_BYTES / (the widest operand's itemsize) elements (`grain_for`), never
below GRAIN_SIZE; its calls below two grains run NumPy's loop whole, as smaller calls do.
An op on one array alone (`x *= 2.0`, `negative(x, out=x)`: a read and a write of the same
lines) moves a third less and pays from 32 MiB, so its grain is twice that. `A *= 1.0000001`
split / whole, 2 threads, medians of 62 pairs: float32 16 MiB 1.07, 32 MiB 0.90, 64 MiB
0.96; float64 16 MiB 1.17, 32 MiB 0.83, 64 MiB 0.93.

Importing this module registers `empty` as the iterator's allocator for `numpy.ndarray`
(`xtensor._iter.memory`), so every output the iterator allocates on the CPU goes through the
cache whenever the backends are loaded. The large answers and temporaries of the threaded
sorts, casts and gathers take it too (`cpu_threads.empty`): a radix sort of 10**7 float64
faulted 160 MB of fresh pages a call, a third of its time (Note [Sort scratch] in
`_core/_csort.c`).
"""

from __future__ import annotations

import concurrent.futures.thread
import math
import os
import re
import sys
import threading
import warnings
from dataclasses import replace

import numpy as np

from .._core import dtypes as _dtypes
from .._core.checks import SCALARS
from .._iter import GRAIN_SIZE, REDUCTION, TensorIter, build, memory, parallel
from .._iter.reduce import run_reduction, runs_whole
from .._ops.loops import as_ufunc, copy_loop
from .._ops.spec import MEMORY_BOUND
from . import cpu_sort, cpu_threads, host_heap
from .base import Backend
from .cpu_grain import costly_grain, reduction_grain


def loop_for(spec, compute, result) -> tuple:
    """(NumPy loop, its keyword arguments) computing op `spec` in dtype `compute` into
    `result` (xtensor DTypes)."""
    if "int_identity" in spec.props and result.kind in "biu":
        return as_ufunc(copy_loop, result.kind), {}
    if not isinstance(spec.ufunc, np.ufunc):
        return as_ufunc(spec.ufunc, compute.kind), {}
    sig = (compute.numpy,) * spec.nin + (result.numpy,)
    return spec.ufunc, {"signature": sig, "casting": "unsafe"}


def ufunc_loop(ufunc, nout: int = 1, fixup=None, **kwargs):
    """A `for_each` loop: `ufunc(*inputs, out=outputs, **kwargs)` on each chunk.

    `fixup(inputs, outputs)` reads the inputs after the ufunc has written the outputs, so
    when an output is also an input (`x //= y`) the chunk is computed into a temporary first.
    """
    if fixup is not None:
        return _with_fixup(ufunc, nout, fixup, kwargs)
    if nout == 1:

        def loop(ops):
            ufunc(*ops[1:], out=ops[0], **kwargs)
    else:

        def loop(ops):
            ufunc(*ops[nout:], out=tuple(ops[:nout]), **kwargs)

    return loop


def _with_fixup(ufunc, nout, fixup, kwargs):
    def loop(ops):
        outputs, inputs = list(ops[:nout]), ops[nout:]
        targets = [
            np.empty_like(o)
            if any(hasattr(i, "shape") and np.may_share_memory(o, i) for i in inputs)
            else o
            for o in outputs
        ]
        ufunc(*inputs, out=targets[0] if nout == 1 else tuple(targets), **kwargs)
        fixup(inputs, targets)
        for o, t in zip(outputs, targets):
            if t is not o:
                np.copyto(o, t)

    return loop


MEMORY_BOUND_BYTES = 8 << 20  # see Note [Memory-bound grain]


def grain_for(spec, operands, compute=None, result=None) -> int:
    """The grain `for_each` splits op `spec`'s work by on the CPU, computing in NumPy dtype
    `compute` into `result`: larger than GRAIN_SIZE for a memory-bound op (Note [Memory-bound
    grain]), a costly loop's own for others (Note [Costly loops] in cpu_grain.py). `operands`
    are arrays or Python scalars."""
    if MEMORY_BOUND not in spec.props:
        return GRAIN_SIZE if compute is None else costly_grain(spec, compute, result)
    widest, first, alone = 1, None, True
    for a in operands:  # (no generator: this runs before every large `out=` call)
        if type(a) not in SCALARS:
            widest = max(widest, getattr(a, "itemsize", 1))
            first = a if first is None else first
            alone = alone and a is first
    return max(GRAIN_SIZE, MEMORY_BOUND_BYTES * (1 + alone) // widest)


WHOLE_ANYWHERE = 2  # `CPUBackend.reduce`: one call at any thread count


def split_bytes(spec) -> int:
    """`grain_for`'s memory-bound bytes for op `spec`, 0 for another op: what the C twins read
    to tell a call the full path would split (`one_loop` in `_dispatch/_cfast_elementwise.c`)."""
    return MEMORY_BOUND_BYTES if MEMORY_BOUND in spec.props else 0


def split_rule(spec) -> tuple:
    """(`split_bytes`, GRAIN_SIZE, MIN_BYTES): what the C twins read to tell the calls the full
    path runs as one loop into a heap buffer (`whole_call` in _cfast_elementwise.c)."""
    return split_bytes(spec), GRAIN_SIZE, MIN_BYTES


def run(it: TensorIter, loop, grain_size: int = GRAIN_SIZE) -> tuple:
    """Run `loop` over `it` in parallel chunks; return the outputs."""
    it.for_each(loop, grain_size)
    return it.outputs


# --- Note [Output buffer cache] -------------------------------------------------------------

MIN_BYTES = host_heap.MMAP_BYTES  # glibc's largest mmap threshold; see the Note
ALIGN = 4096  # a page; `_CACHE_ALIGN` of _array_views.py and _cfast.c tell its arrays as owners

_lock = threading.Lock()
_buffers: list = []  # uint8 owner arrays, least recently used first
_cached_bytes = 0


def _limit_bytes() -> int:
    return host_heap.megabytes("XTENSOR_CPU_CACHE_MB", 512)


def _refcount_at(i: int) -> int:
    # Counts the list slot and getrefcount's own argument, plus every outside reference.
    return sys.getrefcount(_buffers[i])


def _calibrate() -> int:
    _buffers.append(np.empty(1, np.uint8))
    try:
        return _refcount_at(len(_buffers) - 1)
    finally:
        _buffers.pop()


_FREE = _calibrate()


def empty(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """An uninitialized C-contiguous array, from the cache when it is large."""
    nbytes = dtype.itemsize
    for n in shape:
        nbytes *= n
    if nbytes < MIN_BYTES:
        return np.empty(shape, dtype)
    limit = _limit_bytes()
    if limit == 0:
        return np.empty(shape, dtype)
    with _lock:
        buffer = _take(nbytes + ALIGN)
        if buffer is None:
            buffer = np.empty(nbytes + ALIGN, np.uint8)
            _insert(buffer, limit)
    start = -buffer.ctypes.data % ALIGN
    return buffer[start : start + nbytes].view(dtype).reshape(shape)


def _take(nbytes: int):
    # Most recently used first: like malloc's free lists, the buffer freed last is the one
    # most likely still in the CPU caches (`a * b + c` reuses `a * b`'s buffer next call).
    for i in range(len(_buffers) - 1, -1, -1):
        if _buffers[i].nbytes == nbytes and _refcount_at(i) == _FREE:
            buffer = _buffers.pop(i)
            _buffers.append(buffer)  # most recently used last
            return buffer
    return None


def _insert(buffer, limit: int) -> None:
    global _cached_bytes
    i = 0
    while _cached_bytes + buffer.nbytes > limit and i < len(_buffers):
        if _refcount_at(i) == _FREE:
            _cached_bytes -= _buffers.pop(i).nbytes
        else:
            i += 1
    if _cached_bytes + buffer.nbytes <= limit:
        _buffers.append(buffer)
        _cached_bytes += buffer.nbytes


def cached_sole_user(a):
    """None when `a.base` is no buffer of the cache, else whether `a` is the only array using
    that buffer, so nothing else can see its memory (temporary elision,
    `_dispatch/elision.py`). A free buffer counts `_FREE`; `a.base` is one more."""
    with _lock:
        for i in range(len(_buffers) - 1, -1, -1):
            if _buffers[i] is a.base:
                return _refcount_at(i) == _FREE + 1
    return None


def cache_info() -> dict:
    """Buffers and bytes held, and how many of them are free for reuse now."""
    with _lock:
        free = sum(1 for i in range(len(_buffers)) if _refcount_at(i) == _FREE)
        return {"buffers": len(_buffers), "bytes": _cached_bytes, "free": free}


def empty_cache() -> int:
    """Release the free buffers of the CPU output cache, and the free pages of malloc's heap
    (Note [Heap trimming]), to the system; return the cache's bytes released.

    Buffers still used by live arrays stay, and are reused once those arrays are gone.
    """
    global _cached_bytes
    with _lock:
        free = [i for i in range(len(_buffers)) if _refcount_at(i) == _FREE]
        released = sum(_buffers[i].nbytes for i in free)
        for i in reversed(free):
            del _buffers[i]
        _cached_bytes -= released
    host_heap.release()
    return released


def cache_clear() -> None:
    """Forget every cached buffer (those still in use live on with their arrays)."""
    global _cached_bytes
    with _lock:
        _buffers.clear()
        _cached_bytes = 0


# The iterator allocates CPU outputs here (see the module docstring).
memory.register(np.ndarray, replace(memory.NUMPY, empty=empty))
host_heap.tune()  # malloc's thresholds for the outputs left to NumPy (Note [Heap trimming])


class CPUBackend(Backend):
    kind = "cpu"
    xp = np

    def empty(self, shape, dtype, device=None):
        return empty(shape, dtype)

    def copy(self, data):
        return data.copy()

    def to_host(self, data):
        return data

    def from_host(self, data, device=None):
        return data

    def synchronize(self, device=None) -> None:
        pass

    def operands(self, flags, data, func):
        return data

    def elementwise(self, op, it) -> None:
        loop, kwargs = loop_for(op, it.common_dtype, it.plan.dtypes[0])
        if op.nout > 1 and kwargs:  # several outputs: NumPy's loop pinned to every planned one
            outs = tuple(d.numpy for d in it.plan.dtypes[: op.nout])
            kwargs["signature"] = kwargs["signature"][: op.nin] + outs
        try:
            compute, result = it.common_dtype.numpy, it.plan.dtypes[0].numpy
            grain = grain_for(op, it.arrays, compute, result)
            run(it, ufunc_loop(loop, op.nout, op.fixup, **kwargs), grain)
        except ValueError as e:  # e.g. NumPy's "Integers to negative integer powers..."
            raise ValueError(f"{op.name}: {e}") from None

    def reduce(self, spec, data, out, reducer, combine, partial, ddof, func) -> int:
        """The host callables: one call when `_iter.reduce` would make one anyway (small or
        one-thread calls, see `runs_whole`), else `_iter.reduce.run_reduction` in parallel.
        WHOLE_ANYWHERE where that one call is made at any thread count, 1 where it ran so with
        one thread usable, else 0 (Note [Large reductions])."""
        ordered = spec.order_sensitive(_dtypes.from_numpy(out.dtype))
        threads = parallel.usable_threads()
        grain = reduction_grain(data, out, ordered)  # Note [Reductions that stream]
        combines = combine is not None
        if runs_whole(data, out, threads, combines, ordered, grain):
            quietly(reducer, data, reduced_axes(data, out), out)  # NaN/inf are the answer
            # (whole on two threads is whole on any number: `choose_split`)
            if runs_whole(data, out, 2, combines, ordered, grain):
                return WHOLE_ANYWHERE
            return int(threads == 1)
        it = build(_REDUCE_FLAGS, (out,), (data,), func)
        quietly(
            lambda: run_reduction(
                it,
                reducer,
                combine,
                partial=partial,
                grain_size=grain,
                order_sensitive=ordered,
                num_threads=threads,
            )
        )
        return 0

    def scan(self, name, data, out, axis, dtype) -> None:
        cpu_threads.scan(name, data, out, axis, dtype)  # Note [Block scan] there

    def sort(self, data, axis, stable):
        return cpu_sort.sort(data, axis, stable)

    def argsort(self, data, axis, stable, descending=False):
        return cpu_sort.argsort(data, axis, stable, descending)

    def matmul(self, a, b):
        return np.matmul(a, b)

    def vecdot(self, a, b):
        return np.vecdot(a, b)

    def fft(self, name, data, **kwargs):
        return getattr(np.fft, name)(data, **kwargs)

    def index(self, data, key):
        return data[key]

    def index_put(self, data, key, value) -> None:
        data[key] = value


# --- helpers of CPUBackend.reduce ---------------------------------------------------------------

# The output of a reduction is always freshly allocated, so no overlap check is needed.
_REDUCE_FLAGS = REDUCTION.with_(check_mem_overlap=False)


def reduced_axes(data, out) -> tuple:
    """The dims `out` (keepdims shape) reduces: size 1 in `out`, not in `data`."""
    return tuple(d for d, (n, m) in enumerate(zip(data.shape, out.shape)) if m == 1 and n != 1)


def quietly(fn, *args):
    """`fn(*args)` with NumPy's floating-point warnings silenced (NaN/inf are answers here).
    NumPy's state is swapped in its context variable, as `np.errstate(all="ignore")` does
    minus the building: that context manager costs ~2 us a call, and ~20 us after a large
    call has pushed its code and objects out of the CPU caches."""
    if _STATE is None:
        with np.errstate(all="ignore"):
            return fn(*args)
    token = _STATE.set(_IGNORE)
    try:
        return fn(*args)
    finally:
        _STATE.reset(token)


# --- Note [Warnings at the caller's line] ----------------------------------------------------
#
# NumPy warns "divide by zero encountered in divide" from inside its ufunc, at the Python frame
# that called it. For `x / 0` that is the user's line; when xtensor's engine runs the ufunc
# (a first call, a large one), it is a line of xtensor's own, which the warning then prints
# instead of the script's, and which the warnings filter's "once per location" counts apart
# from the user's line (a loop printed two warnings where NumPy prints one).
#
# So while the engine runs a ufunc, each error category NumPy's state says to "warn" about is
# switched to NumPy's "call" mode, whose callback warns with NumPy's message at the first frame
# outside xtensor (and NumPy). The states are NumPy's own objects, built once per (state, ufunc
# name) and swapped in its context variable, as `np.errstate` does minus the building: ~0.4 us
# a call. "raise", "ignore", "print" and "log" stay as they are. A chunk that runs on a worker
# thread (a large parallel call) has no user frame to find: its warning waits in `_pending` for
# `restore`, which the calling thread runs once the call is done, and which gives it at the
# user's line unless the calling thread's own chunks gave it already (NumPy warns once a call:
# so does the calling thread, however many chunks it runs).

# Frames that are no user's: xtensor's, NumPy's, and a worker thread's own machinery
_INSIDE = tuple(
    os.path.dirname(os.path.abspath(path)) + os.sep
    for path in (os.path.dirname(__file__), np.__file__)  # xtensor/, numpy/
) + (threading.__file__, concurrent.futures.thread.__file__)
_pending: set = set()  # warnings a worker thread found no user line for (see the Note)
_given: set = set()  # the warnings the calling thread gave during the call

try:  # NumPy 2 keeps the error state in a context variable
    from numpy._core._ufunc_config import _extobj_contextvar as _STATE
    from numpy._core._ufunc_config import _make_extobj

    _IGNORE = _make_extobj(all="ignore")  # `np.errstate(all="ignore")`'s state, built once
except (ImportError, AttributeError, TypeError):  # another NumPy: its public context manager
    _STATE = None

_TWINS: dict = {}  # (state, ufunc name) -> the state with "warn" as "call", or None
_NARROW = frozenset(np.dtype(t) for t in ("float16", "float32", "complex64"))
_NUMBERS = (int, float, complex)  # Python numbers NumPy casts to an operand's dtype


def _caller_level() -> int:
    """The stack level of the first user frame, as `warnings.warn` called by this function's
    caller counts it; 0 where this thread has none (a worker's)."""
    frame, level = sys._getframe(2), 2
    while frame is not None:
        if not frame.f_code.co_filename.startswith(_INSIDE):
            return level
        frame, level = frame.f_back, level + 1
    return 0


def _callback(name: str):
    cast = name.endswith(_CAST)  # (see `at_caller`)
    name = name.removesuffix(_CAST)

    def warn(kind: str, flag: int) -> None:
        message = f"{kind} encountered in {'cast' if cast and kind == 'overflow' else name}"
        if level := _caller_level():
            if message not in _given:  # (once a call, however many chunks this thread ran)
                _given.add(message)
                warnings.warn(message, RuntimeWarning, stacklevel=level)
        else:
            _pending.add(message)

    return warn


def _twin(state, name: str):
    """NumPy's state `state` with each "warn" made "call" to warn at the caller's line."""
    token = _STATE.set(state)
    try:
        modes = np.geterr()
        if "warn" not in modes.values() or "call" in modes.values():  # (the user's callback)
            return None
        calls = {k: "call" if v == "warn" else v for k, v in modes.items()}
        return _make_extobj(call=_callback(name), **calls)
    finally:
        _STATE.reset(token)


def at_caller(name: str, data=()):
    """Make the ufunc `name`'s warnings on operands `data`, until `restore(token)`, point at
    the user's line (Note [Warnings at the caller's line]); the token to restore, or None.

    Where a Python number overflows the narrow float it is cast to (`float32_array + 1e40`,
    `float16_array + 70000`), NumPy warns "overflow encountered in cast", and the callback,
    which is not told which routine warned, names the cast for an overflow: the loop itself
    cannot overflow on the infinity the cast made."""
    if _STATE is None:
        return None
    for d in data:
        if type(d) in _NUMBERS:
            if abs(d) >= _FLOAT16_LIMIT and _cast_overflows(data):  # (the narrowest's limit)
                name += _CAST
            break
    state = _STATE.get()
    key = (state, name)
    twin = _TWINS.get(key, False)
    if twin is False:
        if len(_TWINS) > 256:  # a bounded memo: states come and go with `np.errstate`
            _TWINS.clear()
        twin = _TWINS[key] = _twin(state, name)
    return None if twin is None else _STATE.set(twin)


_CAST = "+cast"  # marks a twin whose overflow is the cast's (`at_caller`)
_FLOAT16_LIMIT = 65520.0  # the least number that rounds to float16's inf


def _cast_overflows(data) -> bool:
    """Whether a Python number among operands `data` overflows the dtype NumPy casts it to."""
    dtypes = [e.dtype for e in data if hasattr(e, "dtype")]
    if not dtypes or (target := np.result_type(*dtypes)) not in _NARROW:  # (numbers: 64-bit)
        return False
    info = np.finfo(target)
    limit = float(info.max) * (1 + 2.0 ** -(info.nmant + 1))  # rounds to inf from here up
    for d in data:
        if type(d) in _NUMBERS:
            for part in (d.real, d.imag) if type(d) is complex else (d,):
                if abs(part) >= limit and part == part and abs(part) != math.inf:
                    return True
    return False


def restore(token) -> None:
    """Put back the state `at_caller` swapped; give a worker's warnings at the user's line."""
    if token is not None:
        _STATE.reset(token)
        while _pending:  # NumPy gives each warning once a call, however many chunks find it
            if (message := _pending.pop()) not in _given:
                warnings.warn(message, RuntimeWarning, stacklevel=max(_caller_level(), 1))
        if _given:
            _given.clear()


# --- Note [Warnings NumPy's functions aim at their caller] ------------------------------------
#
# NumPy's Python functions warn ("Mean of empty slice", "All-NaN slice encountered", polyfit's
# RankWarning) with a stacklevel naming their caller's line: when xtensor calls them, a line of
# xtensor's, which the default filter then shows once for all the user's call sites. While
# `relayed` runs such a function, one filter, first in line, shows every warning that lands on
# an xtensor module (so that the once-per-location registry of xtensor's line keeps none), and
# the hook that shows warnings gives each of those again at the first frame outside xtensor
# and NumPy, where the user's filters and registry decide, as they do for NumPy's own call;
# the hook shows any other warning as it would have been shown. Not `catch_warnings`: entering
# it resets every location's registry (Python's filters version), so each call would print its
# warning again where NumPy prints it once per line. Like `catch_warnings`, the swap is the
# process's, not the thread's; the two module attributes are put back when the call is done.

_XTENSOR = _INSIDE[0]  # xtensor/
_SHOW_XTENSORS = ("always", None, Warning, re.compile(r"xtensor(\.|$)"), 0)


def relayed(fn, *args, **kwargs):
    """`fn(*args, **kwargs)` (a NumPy function), its warnings that name a line of xtensor's
    given at the user's line instead (Note [Warnings NumPy's functions aim at their caller])."""
    filters, show = warnings.filters, warnings._showwarnmsg

    def relay(msg) -> None:
        if msg.filename.startswith(_XTENSOR):
            warnings.warn(msg.message, msg.category, stacklevel=max(_caller_level(), 1))
        else:
            show(msg)

    warnings.filters, warnings._showwarnmsg = [_SHOW_XTENSORS, *filters], relay
    try:
        return fn(*args, **kwargs)
    finally:
        warnings.filters, warnings._showwarnmsg = filters, show


def entry_frame():
    """The frame of the xtensor or NumPy function the user's line called: `mean` for
    `xt.mean(x)`, the Array method for `x.mean()`."""
    frame = sys._getframe(1)
    while (back := frame.f_back) is not None and back.f_code.co_filename.startswith(_INSIDE):
        frame = back
    return frame


def warn_at_caller(message: str, category: type = RuntimeWarning) -> None:
    """`warnings.warn` at the first frame outside xtensor and NumPy: the user's line."""
    warnings.warn(message, category, stacklevel=max(_caller_level(), 1))


BACKEND = CPUBackend()

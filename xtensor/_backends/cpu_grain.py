"""The grains of the CPU's costly elementwise loops and of its reductions that stream, measured.

Note [Costly loops]
~~~~~~~~~~~~~~~~~~~
GRAIN_SIZE (Note [Grain size] in `_iter/parallel.py`) was set by loops of about a nanosecond
an element. Loops that cost several (float64 `sin` and `cos`, `floor_divide`, `remainder`,
`hypot`, `logaddexp`, every complex transcendental) hand a thread far more work per chunk:
float64 `sin` of 2**15 elements runs 275 us, and split on 2 threads 0.85 of that; of 2**16
(570 us), 0.72 (`benchmarks/bench_grain.py --costly`, 2-core VM, medians of 11 pairs). What
pays is the time of a call, not its element count: complex128 `exp` of 2**14 (123 us) 1.11,
of 2**15 (232 us) 0.91; float64 `floor_divide` of 2**14 (165 us) 0.98, of 2**16 0.63.

Loops of a nanosecond or less do not follow: their large calls stream megabytes, and a
second thread shares that traffic (float64 `exp` of 2**19, 435 us: 0.94, of 2**20: 1.08;
float32 `sin` of 2**19, 280 us: 1.32), so GRAIN_SIZE stays theirs. So a loop that is not
memory-bound (Note [Memory-bound grain] in `cpu.py`) and costs COSTLY_NS an element or more
has a grain of CHUNK_NS of its own work: `costly_grain` times its NumPy loop once per
process on PROBE elements of its compute dtype (the best of three runs, so a preempted run
does not count), between GRAIN_MIN and GRAIN_SIZE elements. float64 `sin` (8 ns an element
here) gets about 2**14.6 and splits from 2**15.6, complex128 `exp` (7.6 ns) likewise;
float64 `exp` (0.8 ns) and float32 `sin` (0.5 ns) keep GRAIN_SIZE. A machine whose loops are
faster (AVX-512 `sin`) measures fewer of them costly, and larger grains, as it should.

Each call of 2 * GRAIN_MIN elements or more may therefore split, not only those of 2 *
GRAIN_SIZE: the dispatch fast paths that run NumPy's loop whole (the small tables, the C
twins, temporary elision, `out=`) ask `splits` (in `_dispatch/elision.py`) from SPLIT_MIN
elements up, and hand a call the full path would split to it, `x op= y` too.
Results do not depend on where a call is cut: each element is computed alone, by the same
loop, in any chunk (test_costly_loops.py compares split calls with NumPy's whole ones, bit
for bit).

Note [Reductions that stream]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
A reduction splits from 2**21 elements (Note [Reduction grain size] in `_iter/reduce.py`),
measured where a core streamed memory slower than NumPy's loops could read it. On the VM of
benchmarks/README.md now, one core streams about 35 GB/s, and NumPy's `max`, `argmax` and
`sum` along rows read at that rate: a second thread only shares the traffic, and its start
and the partials cost on top. 2 threads / 1 thread, xtensor, medians of 15 pairs:

    data                   bytes   max    argmax   sum    max(axis=1)  argmax(axis=1)  sum(axis=1)
    2**22 float32          16 MB   1.57   1.45     1.04
    2**22 float64          32 MB   1.46   1.36     1.00
    (2000, 2000) float64   32 MB   1.30                   1.11         1.30            1.14
    2**24 float32          64 MB   0.95   1.07     0.64
    2**23 float64          64 MB   1.10   1.14     0.99
    (4000, 4000) float32   64 MB   1.07                   1.04         0.95            0.74
    2**25 float32         128 MB   1.03   1.02     0.72
    2**24 float64         128 MB   0.97   1.02     0.91
    2**26 float32         256 MB   0.85   0.98     0.76

So a reduction along the axis contiguous in memory (every axis, or the rows' own) splits
from STREAM_BYTES of input on: `reduction_grain` is STREAM_BYTES / 2 in elements. A float
sum of everything keeps its own rule (its fixed slabs from 2**24 elements pay: 0.64 above),
and so do reductions over the outer axes, whose NumPy loops stride: `argmax(axis=0)` of
(2000, 2000) float64 ran 0.59 on two threads, of (4000, 4000) float32 0.22, `max(axis=0)`
of the latter 0.81. Results do not change: the split of an order-sensitive reduction is fixed
by its shape, not by the threads (Note [Reduction splitting]), and others are exact.
"""

from __future__ import annotations

import math
import time

import numpy as np

from .._iter import GRAIN_SIZE
from .._iter.reduce import GRAIN_SIZE as REDUCTION_GRAIN

CHUNK_NS = 200_000  # the work of one chunk: a call splits from two of them (see the Note)
COSTLY_NS = 2  # a loop this slow an element or slower is costly
GRAIN_MIN = 1 << 14
SPLIT_MIN = 2 * GRAIN_MIN  # below it no elementwise call splits
PROBE = 4096

_grains: dict = {}  # (op name, compute dtype, result dtype) -> grain


def costly_grain(spec, compute, result) -> int:
    """The grain of op `spec`'s loop computing in NumPy dtype `compute` into `result` (see the
    Note), measured the first time it is asked for."""
    key = (spec.name, compute, result)
    grain = _grains.get(key)
    if grain is None:
        grain = _grains[key] = _measured(spec, compute, result)
    return grain


def _measured(spec, compute, result) -> int:
    if not isinstance(spec.ufunc, np.ufunc) or spec.nout != 1 or compute.kind not in "biufc":
        return GRAIN_SIZE  # (text, dates, Python-level loops, divmod: never costly here)
    probes = [_probe(compute)] * spec.nin
    signature = (compute,) * spec.nin + (result,)
    best = math.inf
    try:
        with np.errstate(all="ignore"):
            for _ in range(3):
                start = time.perf_counter_ns()
                spec.ufunc(*probes, signature=signature, casting="unsafe")
                best = min(best, time.perf_counter_ns() - start)
    except (TypeError, ValueError):  # NumPy has no such loop: the full path words that
        return GRAIN_SIZE
    if best < COSTLY_NS * PROBE:
        return GRAIN_SIZE  # a loop that large calls make partly memory-bound (see the Note)
    return int(min(GRAIN_SIZE, max(GRAIN_MIN, CHUNK_NS * PROBE / best)))


STREAM_BYTES = 128 << 20  # a reduction that streams splits from here (see the Note)


def reduction_grain(data, out, ordered: bool) -> int:
    """The grain of a CPU reduction of dense `data` into `out` (its keepdims shape): STREAM_BYTES
    / 2 of it along the axis contiguous in memory (Note [Reductions that stream]), else the
    iterator's own. `ordered`: a float sum, whose reduction of every axis keeps its slabs."""
    dims = [d for d in range(data.ndim) if data.shape[d] > 1]
    if not dims or not (data.flags.c_contiguous or data.flags.f_contiguous):
        return REDUCTION_GRAIN
    inner = dims[-1] if data.flags.c_contiguous else dims[0]
    if out.shape[inner] != 1 or (ordered and all(out.shape[d] == 1 for d in dims)):
        return REDUCTION_GRAIN
    return max(REDUCTION_GRAIN, STREAM_BYTES // 2 // data.itemsize)


def _probe(dtype) -> np.ndarray:
    """PROBE values of `dtype` of the size loops meet in practice: no zero, no huge argument
    (float `sin` of 1e300 takes a slower path), nothing that overflows."""
    values = np.linspace(0.25, 2.5, PROBE)
    if dtype.kind == "c":
        values = values + 0.5j * values[::-1]
    elif dtype.kind in "iu":
        values = np.arange(PROBE) % 7 + 1
    elif dtype.kind == "b":
        values = np.arange(PROBE) % 2 == 1
    return values.astype(dtype)


__all__ = [
    "CHUNK_NS", "COSTLY_NS", "GRAIN_MIN", "SPLIT_MIN", "STREAM_BYTES", "costly_grain",
    "reduction_grain",
]  # fmt: skip

"""The grain of costly elementwise loops on the CPU, measured.

Note [Costly loops]
~~~~~~~~~~~~~~~~~~~
GRAIN_SIZE (Note [Grain size] in `_iter/parallel.py`) was set by loops of about a nanosecond
an element. Loops that cost several (float64 `sin` and `cos`, `floor_divide`, `remainder`,
`hypot`, `logaddexp`, every complex transcendental) hand a thread far more work per chunk:
float64 `sin` of 2**15 elements runs 260 us, and split on 2 threads 0.85 of that; of 2**16,
0.71 (`benchmarks/bench_grain.py --costly`, idle 2-core VM). What pays is the time of a chunk,
not its element count: splits paid from about 400 us of work a call, whatever the loop (float64
`exp` of 2**18, 210 us: 0.89; float32 `sin` of 2**18, 140 us: 1.45; of 2**20, 690 us: 0.74;
complex128 `exp` of 2**14, 190 us: 0.68).

So a loop that is not memory-bound (Note [Memory-bound grain] in `cpu.py`) has a grain of
CHUNK_NS of its own work: `costly_grain` times its NumPy loop once per process on PROBE
elements of its compute dtype (the best of three runs, so a preempted run does not count),
between GRAIN_MIN and GRAIN_SIZE elements. float64 `sin` gets about 2**14.5 and splits from
2**15.5; float64 `exp` about 2**18; float32 `add` (memory-bound) keeps its own rule. A machine
whose loops are faster (AVX-512 `sin`) measures a larger grain and splits later, as it should.

Each call of 2 * GRAIN_MIN elements or more may therefore split, not only those of 2 *
GRAIN_SIZE: the dispatch fast paths that run NumPy's loop whole ask `split_size` (in
`_dispatch/plans.py`) from SPLIT_MIN elements up, and hand a call the full path would split to
it. Results do not depend on where a call is cut: each element is computed alone, by the same
loop, in any chunk (test_costly_loops.py compares split calls with NumPy's whole ones, bit for
bit).
"""

from __future__ import annotations

import math
import time

import numpy as np

from .._iter import GRAIN_SIZE

CHUNK_NS = 200_000  # the work of one chunk: a call splits from two of them (see the Note)
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
    grain = CHUNK_NS * PROBE / max(best, 1)
    return int(min(GRAIN_SIZE, max(GRAIN_MIN, grain)))


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


__all__ = ["CHUNK_NS", "GRAIN_MIN", "SPLIT_MIN", "costly_grain"]

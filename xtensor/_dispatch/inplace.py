"""The in-place fast path of elementwise ops: what the full path records for `x op= y`.

Note [In-place fast path]
~~~~~~~~~~~~~~~~~~~~~~~~~
`x += y` on a small array is the commonest in-place call in scripts, and the full path
(building an iterator with an output, its overlap check) costs ~15 us. When the full path ran
`x op= y` as one chunk, with x's dtype as the result dtype, no fix-up and no Python bool, the
loop it ran depends on the operands' dtypes alone (as for Note [Small-call fast path] in
elementwise.py). So it records that loop in the op's in-place small table (Note [Small tables]
in plans.py), keyed on (x's dtype, y's dtype or Python type), and the Array's in-place dunder
then calls `loop(x, y, out=x)` directly while x stays small. A Python int y (`i += 1`) holds
only while it fits x's dtype: its loop goes into the ints table with those bounds, which the C
twin checks (`bounded_loop` in _cfast_elementwise.c); the Python dunder reads no ints table.

No overlap check is needed: that call *is* NumPy's `x op= y`, and a NumPy ufunc copies an
input that partially overlaps its output before computing (what the full path does too), so
`z[1:] += z[:-1]` and `x += x` give NumPy's answer. A `y` that does not broadcast into x makes
NumPy raise ValueError before writing anything; the call then takes the full path, whose
error names the function and the shapes.

A larger x is the full path's where it splits the call into parallel chunks. Where it would
run NumPy's loop whole anyway, after ~40 us of Python (one usable thread: `XTENSOR_NUM_THREADS=1`
or a busy machine; a memory-bound op below its grain, Note [Memory-bound grain] in
`_backends/cpu.py`), `elision.run_into` runs that loop at once: 30% of `x *= 2.0` on 2**21
float32 elements, read from the cache.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._backends.cpu import at_caller, loop_for, restore, split_bytes
from .._backends.cpu_grain import SPLIT_MIN
from .._core.checks import SCALARS
from .._iter import GRAIN_SIZE
from .._ops.spec import MEMORY_BOUND, OpSpec
from .compiled import compiled
from .elision import SPLIT_SIZES, loop_into, run_into, splits
from .plans import INTS, PLANS, int_bounds

SMALL_NUMEL = 2 * GRAIN_SIZE  # x's size below which its call ran as one chunk


def in_place_plannable(spec: OpSpec, flags, it, data) -> bool:
    out = it.outputs[0]
    return (
        spec.nout == 1
        and spec.fixup is None
        and out is data[0]
        and it.numel < SMALL_NUMEL
        and flags.result_dtype(it.common_dtype).numpy == out.dtype
        and not any(type(d) is bool for d in data[1:])
    )


def record_in_place(spec: OpSpec, it, data) -> None:
    """Record the loop of a plannable `x op= y` in the op's in-place small table."""
    x, y = data
    loop, kwargs = loop_for(spec, it.common_dtype, it.plan.dtypes[0])
    if kwargs and not _natural(loop, x, y):
        return  # NumPy's own resolution picks another loop; the full path stays right
    other = y.dtype if type(y) is np.ndarray else type(y)
    if (bounds := int_bounds(it, data)) is None:
        in_place_table(spec.name)[x.dtype, other] = loop
    else:  # a Python int y: the C twin's, while y is in range
        in_place_table(spec.name + INTS)[x.dtype, other] = (loop, *bounds)


def in_place_table(name: str) -> dict:
    return PLANS.small_table(f"{name} in place")


def _natural(loop, x, y) -> bool:
    """Whether NumPy's own dtype resolution of `loop(x, y)` picks x's dtype, the planned loop."""
    try:
        with np.errstate(all="ignore"):  # a probe: its warnings were already given
            return loop(x, y).dtype == x.dtype
    except Exception:  # NumPy refuses the natural call
        return False


def fast_in_place(op, fallback):
    """The Array's `x op= y` dunder for ElementwiseOp `op`: the recorded loop when x's and y's
    dtypes were seen before (Note [In-place fast path]), else `fallback(x, y)`."""
    cache, table, ndarray, limit = PLANS, in_place_table(op.spec.name), np.ndarray, SMALL_NUMEL
    least = SPLIT_MIN if MEMORY_BOUND not in op.spec.props else limit  # (`splits`)

    def large(self, other):  # outside the table's reach: NumPy's whole loop where it would run
        d = self._data
        if not d.ndim and not getattr(self, "_as_ndarray", None):  # a value: `x = x op y`
            return NotImplemented  # (Note [Elements are values] in _array.py)
        o = other._data if type(other) is Array else other
        if type(d) is ndarray and (type(o) is ndarray or type(o) in SCALARS):
            if d.size >= limit and run_into(op, d, (d, o)):
                if type(o) is not bool and (found := loop_into(op, d, d, o)) is not None:
                    # NumPy's whole loop, which the C twin runs at once while xtensor is set
                    # to one thread (nothing is split then), as the entries below `limit`
                    kind = o.dtype if type(o) is ndarray else type(o)
                    table.setdefault((d.dtype, kind), found[1])
                return self
        return fallback(self, other)

    def method(self, other):
        d = self._data
        o = other._data if type(other) is Array else other
        t = type(o)
        loop = table.get((d.dtype, o.dtype if t is ndarray else t))
        if (
            loop is not None
            and type(d) is ndarray
            and d.size < limit
            and d.ndim
            and (d.size < least or not splits(op, (d, o), d.size))
        ):
            cache._hits += 1
            token = at_caller(op.ufunc_name, (d, o))  # (as `_small_call` in elementwise.py)
            try:
                loop(d, o, out=d)
                return self
            except ValueError:  # does not broadcast into x: the full path says so
                pass
            finally:
                restore(token)
        return large(self, other)

    # Note [Compiled hot path] in _cfast.c; extra: what `grain_for` reads (past `limit`, the
    # C runs the calls `large` runs whole: Note [Memory-bound grain]), what `splits` reads
    # (a costly loop's calls split sooner: Note [Costly loops]) and the ints table
    ints = in_place_table(op.spec.name + INTS)
    extra = (SMALL_NUMEL, split_bytes(op.spec), GRAIN_SIZE, op, (SPLIT_SIZES, splits), ints)
    return compiled("in_place", method, table, large, extra, limit=SMALL_NUMEL)


__all__ = ["fast_in_place", "in_place_plannable", "record_in_place"]

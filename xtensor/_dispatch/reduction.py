"""Shared machinery of the reduction functions (statistical, searching and utility chapters).

Owns what every reduction front needs: the argument checks, running a reduction record (an
`_ops.reductions.ReductionSpec`) on the backend of its data (`backend_of(data).reduce`), the
host reducer callables the CPU backend runs, and the small-call plans. The result dtypes come
from the record's accumulator rule (Note [Accumulator rules] in `_ops/reductions.py`); the
op-specific callables live with the public functions in `_statistical.py` and `_utility.py`.

Note [Small reductions]
~~~~~~~~~~~~~~~~~~~~~~~
On 10 elements NumPy's own `np.sum` takes about 2 us, and checking xtensor's arguments (axis,
dtype, keepdims, emptiness), building the reducer closures and entering `np.errstate` took
three times that. So, as elementwise ops do (Note [Plan cache] in `plans.py`), each reduction
front keys its call on a signature -- function, backing type, input dtype and shape, axis,
keepdims and any op-specific extra (the `dtype` argument, var's correction) -- and the full
path, when the CPU backend ran the one-chunk host branch, records a `SmallPlan` in the shared
`PLANS`: the very reducer callable it ran, the reduced axes it passed, the output shapes and
dtype. A later call with the same signature allocates the output and runs
`reducer(data, axes, out)` directly, so results match the full path bit for bit, and skipping
the checks is safe because every check depends only on the key (an empty `max` raises before
any plan is recorded). Only the CPU backend records plans, and the key holds the backing
array's type, so a device array never replays a host plan.

The key holds user values only when their types are exactly `int` (a NumPy integer as its
int), a tuple of `int`, `bool` or an xtensor DType: `True == 1 == 1.0` hash alike, so a cached
`axis=1` must not let `axis=True` or `axis=1.0` skip its TypeError. Anything else takes the
full path.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

import numpy as np

from .._array import Array, _new, backing, over_numpy, wrap
from .._backends import CPU_BACKEND, backend_of, cpu
from .._backends.cpu import (
    WHOLE_ANYWHERE,
    at_caller,
    entry_frame,
    quietly,
    relayed,
    restore,
    warn_at_caller,
)
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axes
from .._core.convert import plain_data
from .._iter.parallel import GRAIN_SIZE, get_num_threads
from .._ops.reductions import BY_FOLD, Accumulator, ReductionSpec
from .._ops.reductions import BY_NAME as SPECS  # the namespace reads the table through here
from .plans import PLANS


def is_int(value) -> bool:
    """True for Python/NumPy integers (anything with __index__), bools included."""
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def requested_dtype(dtype, default: _dtypes.DType, func: str) -> _dtypes.DType:
    return default if dtype is None else _dtypes.as_dtype(dtype, func)


def keepdims_shape(shape: tuple, axes: tuple) -> tuple:
    return tuple(1 if d in axes else n for d, n in enumerate(shape))


def check_keepdims(keepdims, func: str) -> None:
    """A bool, or an int as NumPy reads one there (`keepdims=1`)."""
    if not isinstance(keepdims, (bool, np.bool_, int, np.integer)):
        raise TypeError(f"{func}: keepdims must be a bool; got {type(keepdims).__name__}")


def check_nonempty(data, axes: tuple, spec: ReductionSpec, func: str) -> None:
    """A reduction with no identity (max, min, argmax, argmin) raises over a reduced axis of
    length 0, as NumPy does, even where no output needs it ((0, 0) over axis 0); the message
    names the extreme ("maximum") or the arg-op."""
    if spec.identity is not None or data.size:
        return
    empty = next((d for d in axes if data.shape[d] == 0), None)
    if empty is not None:
        what = spec.name if spec.arg else spec.fold
        raise ValueError(
            f"{func}: cannot take the {what} of an empty array (axis {empty} has "
            f"size 0 and {func} has no identity)"
        )


def checked(x, axis, keepdims, func: str) -> tuple:
    """(data, sorted axes) after the argument checks every reduction shares."""
    data = backing(x, func, "x", scalars=False)
    axes = normalize_axes(axis, data.ndim, func, sort=True, allow_none=True)
    check_keepdims(keepdims, func)
    return data, axes


def reduce(
    spec: ReductionSpec,
    data,
    axes: tuple,
    keepdims: bool,
    out_dtype: _dtypes.DType,
    func: str,
    reducer,
    combine=None,
    partial=None,
    *,
    ddof: float = 0.0,
    shape: tuple | None = None,
    small_key=None,
    flat: bool = False,
) -> Array:
    """Run reduction `spec` of backing array `data` over `axes` on its backend; wrap the result.

    The callables (see `_iter/reduce.py`) are the host's way to compute it; a device backend
    may run its own kernels for `spec` instead. `ddof` is var/std's correction. `shape`
    overrides the result's shape; `small_key` (from `small_key`) records a small call's plan,
    where `flat` says the front flattened its input (see Note [Small reductions]).
    """
    keep_shape = keepdims_shape(data.shape, axes)
    out = xp_of(data).empty(keep_shape, out_dtype.numpy)
    backend = backend_of(data)
    one_call = backend.reduce(spec, data, out, reducer, combine, partial, ddof, func)
    if shape is None:
        shape = (
            keep_shape if keepdims else tuple(n for d, n in enumerate(data.shape) if d not in axes)
        )
    if small_key is not None:
        PLANS.misses += 1
    if small_key is not None and backend is not CPU_BACKEND:
        call = backend.planned_reduction(spec, data, out, func)
        if call is not None:  # Note [Planned device reductions] in _backends/cuda_reduce.py
            PLANS.put(small_key, (call, flat, None if shape == keep_shape else shape))
    large = data.size >= SMALL  # Note [Large reductions]: one call, on one thread, C order
    if (
        small_key is not None
        and backend is CPU_BACKEND
        and (not large or (one_call and data.flags.c_contiguous))
    ):
        kept = tuple(a for a in axes if data.shape[a] != 1)
        whole, dtype = getattr(reducer, "whole", (None, None))
        dropped = tuple(n for d, n in enumerate(data.shape) if d not in kept)
        if not kept or kept != tuple(axes) or shape != dropped or flat or 0 in dropped:
            whole = None  # a size-1 axis, keepdims, no axis, an empty result: the buffer's
        elif dtype not in (None, out.dtype) or out.dtype.kind in "Mm":
            whole = None  # (a date's unit: NumPy's reduce refuses it as `dtype`, `ufunc_dtype`)
        quiet = not spec.compares() and (data.dtype.kind in "fc" or out.dtype.kind in "fc")
        result_shape = None if shape == keep_shape else shape
        anywhere = large and one_call == WHOLE_ANYWHERE
        plan = SmallPlan(
            reducer, kept, keep_shape, result_shape, out.dtype, quiet, flat, whole, anywhere
        )
        PLANS.put(small_key, plan)
    return wrap(out if shape == keep_shape else out.reshape(shape))


# --- reducer factories shared by several functions ------------------------------------------


def xp_of(data):
    """The array module (numpy or cupy) that owns backing array `data`."""
    return np if type(data) is np.ndarray else backend_of(data).xp


def stacked(xp, states):
    return xp.stack(states) if len(states) > 1 else states[0][None]


def sum_of(xp):
    """`xp.sum`, or NumPy's ufunc reduce behind it (same keywords, same result)."""
    return np.add.reduce if xp is np else xp.sum


def ufunc_dtype(dtype):
    """`dtype` as a ufunc's `dtype=` takes it: NumPy refuses a unit there ('m8[s]'), so a
    timedelta (Note [Host-only dtypes] in `_core/dtypes.py`) is named by its scalar type and
    the loop keeps the operand's unit."""
    return np.dtype(dtype).type if dtype is not None and np.dtype(dtype).kind in "Mm" else dtype


_MONOIDS: dict = {}  # (xp, spec, dtype) -> monoid's pair: made once, not on every call


def monoid(xp, spec: ReductionSpec, dtype=None):
    """(reduce, combine) for a splittable reduction (sum, prod, max, min, any, all).

    On the CPU the callables run the ufunc of `spec.fold` (`np.add.reduce` is what `np.sum`
    calls, minus about 1.4 us of wrapper; `np.any`/`np.all` pass dtype=bool); elsewhere
    `xp.<name>`. Both take `fn(view, axis=, out=, keepdims=True[, dtype=])`.
    """
    key = (xp, spec, dtype)
    found = _MONOIDS.get(key)
    if found is None:
        found = _MONOIDS[key] = _monoid(xp, spec, dtype)
    return found


def _monoid(xp, spec: ReductionSpec, dtype):
    fn = getattr(np, spec.fold).reduce if xp is np else getattr(xp, spec.loop)
    if xp is np and spec.accumulator is Accumulator.BOOL:
        dtype = np.bool_
    dtype = ufunc_dtype(dtype)
    extra = {} if dtype is None else {"dtype": dtype}

    if xp is np:

        def reducer(view, axes, out):  # ufunc.reduce(array, axis, dtype, out, keepdims)
            return fn(view, axes, dtype, out, True)

        reducer.whole = (fn, dtype)  # SmallPlan.whole
    else:

        def reducer(view, axes, out):
            return fn(view, axis=axes, out=out, keepdims=True, **extra)

    def combine(states, out):
        fn(stacked(xp_of(out), states), axis=0, out=out, **extra)

    return reducer, combine


def folding(spec: ReductionSpec) -> ReductionSpec:
    """The splittable reduction that combines `spec`'s partial results (sum for
    count_nonzero)."""
    return BY_FOLD[spec.fold]


# --- Note [Small reductions] -----------------------------------------------------------------

SMALL = 2 * GRAIN_SIZE  # below this, the CPU backend runs the reducer once on the whole input


# --- Note [Large reductions] -----------------------------------------------------------------
# A reduction of SMALL elements or more that the CPU backend ran as one call on one thread
# (`runs_whole`) records its plan too, where its data was in C order: the shapes, the order
# and the thread count decide that call, so a later call with the same key, on C-order data,
# while xtensor is set to one thread, replays it (here and in the C twin, `reduce0_body`).
# Where the shapes alone make it one call at any thread count (a float sum over the outer
# dims below ORDERED_FACTOR grains, Note [Reduction grain size] in _iter/reduce.py), the plan
# says so (`anywhere`) and replays at any thread count. Such a call takes a millisecond, and
# the checks and layers above the backend, run cold after a sweep of the caches, cost 4-8% of
# it. Any other large call takes the full path, whose bits are the same (the thread count
# changes no result), so the gate only picks the faster path.


class SmallPlan(NamedTuple):
    """What the full path did for one small call signature."""

    reducer: object  # reducer(data, axes, out), the full path's own callable
    axes: tuple  # the reduced axes of size > 1, as the full path passed them
    keep_shape: tuple  # the output as allocated (reduced axes kept as 1)
    shape: tuple | None  # the result's shape, or None when it is keep_shape
    dtype: np.dtype  # the output dtype
    quiet: bool  # floating-point errors are possible: silence them
    flat: bool  # the front flattened its input first (argmax with axis=None)
    # The reducer's ufunc reduce (`np.add.reduce`) when the call drops every reduced axis
    # (no keepdims, none of size 1): `whole(data, axes, dtype)` is the reducer's own call
    # without its output buffer and reshapes (dtype is the one the reducer passes, or else the
    # output's, which NumPy uses when given `out=`); a 0-d answer comes back a NumPy scalar.
    whole: object = None
    anywhere: bool = False  # a large call that is one call at any thread count (Note above)


def listed(x, func: str):
    """A list or tuple `x` read as `checked` reads it (with its errors), as an Array, so the
    call's small plan applies too (`sum([1, 2, 3])`), and so is NumPy's array of a numeric
    dtype (the Array over its memory, as `asarray` makes it); any other `x` as it is."""
    if type(x) is list or type(x) is tuple:
        data = plain_data(x)  # `backing`'s own first step, without its frames
        return wrap(backing(x, func, "x", scalars=False) if data is None else data)
    if type(x) is np.ndarray and (y := over_numpy(x)) is not None:
        return y
    return x


def small_key(func: str, x, axis, keepdims, extra=None):
    """The plan-cache key of a call (see Note [Small reductions]), or None."""
    if type(x) is not Array or (keepdims is not False and keepdims is not True):
        return None
    if axis is not None and type(axis) is not int:
        if isinstance(axis, np.integer):  # `axis=np.int64(1)`, read as its int
            axis = int(axis)
        elif type(axis) is not tuple or any(type(a) is not int for a in axis):
            return None
    data = x._data
    return (func, type(data), data.dtype, data.shape, axis, keepdims, extra)


def cached(key, x):
    """The replayed result of a small call seen before (see Note [Small reductions]), or None."""
    plan = PLANS.plans.get(key)
    if plan is None:
        return None
    if type(plan) is not SmallPlan:
        return _run_device_plan(plan, x._data)
    data = x._data
    if data.size >= SMALL and not (
        data.flags.c_contiguous and (plan.anywhere or get_num_threads() == 1)
    ):
        return None  # Note [Large reductions]
    PLANS._hits += 1
    return run_small(plan, data)


def _run_device_plan(plan, data) -> Array | None:
    """A device's planned reduction replayed on `data`, or None where it no longer fits."""
    call, flat, shape = plan
    out = call(data.reshape(-1) if flat else data)
    if out is None:
        return None
    PLANS._hits += 1
    return wrap(out if shape is None else out.reshape(shape))


def run_small(plan: SmallPlan, data) -> Array:
    """Replay `plan` on backing array `data` (whose signature gave `plan`)."""
    reducer, axes, keep_shape, shape, dtype, quiet, flat, whole, _ = plan
    if flat:
        data = data.reshape(-1)
    if whole is not None and (not shape or len(shape) == 1 or data.flags.c_contiguous):
        # the ufunc's reduce itself (a 0-d answer: a NumPy scalar, made 0-d); its result's
        # layout follows the input's, the buffer's is C order: the same on C-order input, and
        # for a result of one dimension on any
        reducer, out, args = whole, None, (data, axes, dtype)
    else:
        out = np.empty(keep_shape, dtype)
        args = (data, axes, out)
    if not quiet:
        r = reducer(*args)
    elif _FP_STATE is not None:  # quietly(), inlined: this is the hot path
        token = _FP_STATE.set(_FP_IGNORE)
        try:
            r = reducer(*args)
        finally:
            _FP_STATE.reset(token)
    else:
        r = quietly(reducer, *args)
    result = _new(Array)
    if out is None:
        result._data = np.asarray(r)
    else:
        result._data = out if shape is None else out.reshape(shape)
    return result


# NumPy's floating-point error state and its prebuilt "ignore all" value (None, None under
# another NumPy), for the hot paths that swap it themselves; `quietly` wraps one call.
_FP_STATE, _FP_IGNORE = (cpu._STATE, cpu._IGNORE) if cpu._STATE is not None else (None, None)


def loudly(cast, *args):
    """`cast(*args)` (`ndarray.astype`, a conversion to a dtype) with NumPy's "overflow
    encountered in cast" at the user's line, not xtensor's (Note [Warnings at the caller's
    line] in `_backends/cpu.py`): `quietly`'s twin for the casts NumPy warns about."""
    token = at_caller("cast")
    try:
        return cast(*args)
    finally:
        restore(token)


def fold(x, axis, keepdims, spec: ReductionSpec) -> Array:
    """A reduction that folds one binary op with no dtype argument (max, min, any, all):
    the replayed small plan, or the checked path (see Note [Small reductions])."""
    func = spec.name
    x = listed(x, func)
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    check_nonempty(data, axes, spec, func)
    reducer, combine = monoid(xp_of(data), spec)
    out_dtype = spec.result_dtype(_dtypes.from_numpy(data.dtype))
    return reduce(spec, data, axes, keepdims, out_dtype, func, reducer, combine, small_key=key)


__all__ = [
    "fold",
    "SMALL",
    "SPECS",
    "SmallPlan",
    "cached",
    "check_keepdims",
    "check_nonempty",
    "checked",
    "entry_frame",
    "folding",
    "is_int",
    "keepdims_shape",
    "monoid",
    "quietly",
    "reduce",
    "relayed",
    "requested_dtype",
    "run_small",
    "small_key",
    "stacked",
    "sum_of",
    "warn_at_caller",
    "xp_of",
]

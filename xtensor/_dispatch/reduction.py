"""Shared machinery of the reduction functions (statistical, searching and utility chapters).

Owns what every reduction front needs: turning the input into backing data, the standard's
accumulation dtypes, running a reduction through the iterator's reduction mode
(`_iter.reduce.run_reduction`), and the plan cache of small calls. The op-specific callables
live with the public functions in `_statistical.py` and `_utility.py`; axes are normalised by
`_axes.py`.

Note [Small reductions]
~~~~~~~~~~~~~~~~~~~~~~~
On 10 elements NumPy's own `np.sum` takes about 2 us, and checking xtensor's arguments (axis,
dtype, keepdims, emptiness), building the reducer closures and entering `np.errstate` took
three times that. So, as elementwise ops do (Note [Small-call fast path] in _dispatch.py),
each reduction front keys its call on a signature -- function, input dtype and shape, axis,
keepdims and any op-specific extra (the `dtype` argument, var's correction) -- and the full
path, when it runs the one-chunk host branch, records a `SmallPlan`: the very reducer
callable it ran, the reduced axes it passed, the output shapes and dtype. A later call with
the same signature allocates the output and runs `reducer(data, axes, out)` directly, so
results match the full path bit for bit, and skipping the checks is safe because every check
depends only on the key (an empty `max` raises before any plan is recorded).

The key holds user values only when their types are exactly `int`, a tuple of `int`, `bool`
or an xtensor DType: `True == 1 == 1.0` hash alike, so a cached `axis=1` must not let
`axis=True` or `axis=1.0` skip its TypeError. Anything else takes the full path.
"""

from __future__ import annotations

import operator
from typing import NamedTuple

import numpy as np

from .._core import dtypes as _dtypes
from .._array import Array, _new, wrap
from .._core.axes import normalize_axes
from .._core.devices import array_module, device_of
from .._iter import REDUCTION, build
from .._iter.parallel import GRAIN_SIZE
from .._iter.reduce import run_reduction

# The output is always freshly allocated here, so no overlap check is needed.
_FLAGS = REDUCTION.with_(check_mem_overlap=False)


def data_of(x, func: str):
    """The backing array of `x`: an Array's buffer, or `asarray(x)` for NumPy-style inputs."""
    if isinstance(x, Array):
        return x._data
    from .._creation import asarray

    try:
        return asarray(x)._data
    except (TypeError, ValueError) as e:
        raise TypeError(f"{func}: x must be an array; got {type(x).__name__} ({e})") from None


def is_int(value) -> bool:
    """True for Python/NumPy integers (anything with __index__), bools included."""
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def accumulation_dtype(dtype: _dtypes.DType) -> _dtypes.DType:
    """The standard's sum/prod dtype: small signed ints (and bool) -> int64, unsigned -> uint64."""
    if dtype.kind in "bi":
        return _dtypes.DEFAULT_INT
    if dtype.kind == "u":
        return _dtypes.uint64
    return dtype


def requested_dtype(dtype, default: _dtypes.DType, func: str) -> _dtypes.DType:
    return default if dtype is None else _dtypes.as_dtype(dtype, func)


def keepdims_shape(shape: tuple, axes: tuple) -> tuple:
    return tuple(1 if d in axes else n for d, n in enumerate(shape))


def check_keepdims(keepdims, func: str) -> None:
    if not isinstance(keepdims, (bool, np.bool_)):
        raise TypeError(f"{func}: keepdims must be a bool; got {type(keepdims).__name__}")


def check_nonempty(data, axes: tuple, func: str, what: str) -> None:
    """No identity (max, min, argmax, argmin): raise if an empty reduction must give values."""
    if data.size == 0 and all(n for d, n in enumerate(data.shape) if d not in axes):
        empty = next(d for d, n in enumerate(data.shape) if n == 0)
        raise ValueError(f"{func}: cannot take the {what} of an empty array (axis {empty} has "
                         f"size 0 and {func} has no identity)")


def on_device(data) -> bool:
    """Whether backing array `data` lives on a CUDA device (tests of the device path patch
    this to run the device path on host memory through the kernel simulator)."""
    return type(data) is not np.ndarray


def reduce(data, axes: tuple, keepdims: bool, out_dtype: _dtypes.DType, func: str,
           reducer, combine=None, partial=None, *, kind: str | None = None,
           ddof: float = 0.0, shape: tuple | None = None, small_key=None,
           flat: bool = False) -> Array:
    """Run one reduction through the iterator and wrap the result (see _iter/reduce.py).

    `kind` names the reduction for the device's generated kernels (`sum`, `argmax`, `var`,
    `count_nonzero`... see `_cuda_backend.run_reduction`); `ddof` is var/std's correction.
    On the CPU, and for kinds the device kernels lack, the callables do the work. `shape`
    overrides the result's shape; `small_key` (from `small_key`) records a small call's plan,
    where `flat` says the front flattened its input (see Note [Small reductions]).
    """
    xp = xp_of(data)
    keep_shape = keepdims_shape(data.shape, axes)
    out = xp.empty(keep_shape, out_dtype.numpy)
    if on_device(data) and _device_kernels().supports_reduction(kind, data.dtype):
        _device_kernels().run_reduction(data, out, kind, func, ddof)
    else:
        _host_reduce(data, axes, out, func, reducer, combine, partial)
    if shape is None:
        shape = keep_shape if keepdims else tuple(
            n for d, n in enumerate(data.shape) if d not in axes)
    if small_key is not None and not on_device(data) and data.size < _SMALL:
        _remember(small_key, SmallPlan(
            reducer, _nonunit(data.shape, axes), keep_shape, None if shape == keep_shape
            else shape, out.dtype, data.dtype.kind in "fc" or out.dtype.kind in "fc", flat))
    return wrap(out if shape == keep_shape else out.reshape(shape))


def _device_kernels():
    from .._backends import cuda as _cuda_backend

    return _cuda_backend


def _host_reduce(data, axes: tuple, out, func: str, reducer, combine, partial) -> None:
    with np.errstate(all="ignore"):  # NaN/inf results are the answer, not a warning
        if data.size < _SMALL:
            # One chunk either way: skip the iterator's plan lookup, as elementwise ops do
            # for small calls (Note [Small-call fast path] in _dispatch.py).
            reducer(data, _nonunit(data.shape, axes), out)
        else:
            run_reduction(build(_FLAGS, (out,), (data,), func), reducer, combine,
                          partial=partial)


# --- reducer factories shared by several functions ------------------------------------------

def xp_of(data):
    """The array module (numpy or cupy) that owns backing array `data`."""
    return np if type(data) is np.ndarray else array_module(device_of(data))


def stacked(xp, states):
    return xp.stack(states) if len(states) > 1 else states[0][None]


# On an ndarray, np.sum(a, axis, dtype, out, keepdims) *is* np.add.reduce(a, axis, dtype, out,
# keepdims) (np.any/np.all pass dtype=bool), minus about 1.4 us of Python wrapper.
_NUMPY_REDUCE = {"sum": np.add.reduce, "prod": np.multiply.reduce, "max": np.maximum.reduce,
                 "min": np.minimum.reduce, "any": np.logical_or.reduce,
                 "all": np.logical_and.reduce}


def sum_of(xp):
    """`xp.sum`, or NumPy's ufunc reduce behind it (same keywords, same result)."""
    return np.add.reduce if xp is np else xp.sum


def monoid(xp, name: str, dtype=None):
    """(reduce, combine) for the associative reduction `name`: sum, prod, max, min, any, all.

    The callables run `xp.<name>` (NumPy's ufunc reduce behind it on the CPU) as
    `fn(view, axis=, out=, keepdims=True[, dtype=])`, on NumPy and CuPy views alike.
    """
    fn = _NUMPY_REDUCE[name] if xp is np else getattr(xp, name)
    if xp is np and name in ("any", "all"):
        dtype = np.bool_
    extra = {} if dtype is None else {"dtype": dtype}

    if xp is np:
        def reducer(view, axes, out):  # ufunc.reduce(array, axis, dtype, out, keepdims)
            return fn(view, axes, dtype, out, True)
    else:
        def reducer(view, axes, out):
            return fn(view, axis=axes, out=out, keepdims=True, **extra)

    def combine(states, out):
        fn(stacked(xp_of(out), states), axis=0, out=out, **extra)

    return reducer, combine


# --- Note [Small reductions] -----------------------------------------------------------------

_SMALL = 2 * GRAIN_SIZE  # below this, the full path runs the reducer once on the whole input
SMALL_PLANS: dict = {}  # small_key(...) -> SmallPlan
_SMALL_PLAN_LIMIT = 1024


class SmallPlan(NamedTuple):
    """What the full path did for one small call signature."""

    reducer: object        # reducer(data, axes, out), the full path's own callable
    axes: tuple            # the reduced axes of size > 1, as the full path passed them
    keep_shape: tuple      # the output as allocated (reduced axes kept as 1)
    shape: tuple | None    # the result's shape, or None when it is keep_shape
    dtype: np.dtype        # the output dtype
    quiet: bool            # floating-point errors are possible: silence them
    flat: bool             # the front flattened its input first (argmax with axis=None)


def small_key(func: str, x, axis, keepdims, extra=None):
    """The plan-cache key of a call (see Note [Small reductions]), or None."""
    if type(x) is not Array or (keepdims is not False and keepdims is not True):
        return None
    if axis is not None and type(axis) is not int:
        if type(axis) is not tuple:
            return None
        for a in axis:
            if type(a) is not int:
                return None
    data = x._data
    if on_device(data):
        return None
    return (func, data.dtype, data.shape, axis, keepdims, extra)


def cached(key, x):
    """The replayed result of a small call seen before (see Note [Small reductions]), or None."""
    plan = SMALL_PLANS.get(key)
    return None if plan is None else run_small(plan, x._data)


def checked(x, axis, keepdims, func: str) -> tuple:
    """(data, sorted axes) after the argument checks every reduction shares."""
    data = data_of(x, func)
    axes = normalize_axes(axis, data.ndim, func, sort=True, allow_none=True)
    check_keepdims(keepdims, func)
    return data, axes


def run_small(plan: SmallPlan, data) -> Array:
    """Replay `plan` on backing array `data` (whose signature gave `plan`)."""
    reducer, axes, keep_shape, shape, dtype, quiet, flat = plan
    if flat:
        data = data.reshape(-1)
    out = np.empty(keep_shape, dtype)
    if not quiet:
        reducer(data, axes, out)
    elif _FP_STATE is not None:  # quietly(), inlined: this is the hot path
        token = _FP_STATE.set(_FP_IGNORE)
        try:
            reducer(data, axes, out)
        finally:
            _FP_STATE.reset(token)
    else:
        quietly(reducer, data, axes, out)
    result = _new(Array)
    result._data = out if shape is None else out.reshape(shape)
    return result


def small_plan_cache_clear() -> None:
    SMALL_PLANS.clear()


def _remember(key, plan: SmallPlan) -> None:
    if len(SMALL_PLANS) >= _SMALL_PLAN_LIMIT:
        SMALL_PLANS.clear()
    SMALL_PLANS[key] = plan


def _nonunit(shape: tuple, axes: tuple) -> tuple:
    return tuple(a for a in axes if shape[a] != 1)


try:
    # NumPy 2 keeps the floating-point error state in a context variable; setting it to a
    # prebuilt "ignore all" state is what `np.errstate(all="ignore")` does, minus the ~0.8 us
    # of building the state on every call.
    from numpy._core._ufunc_config import _extobj_contextvar as _FP_STATE
    from numpy._core._ufunc_config import _make_extobj

    _FP_IGNORE = _make_extobj(all="ignore")
except (ImportError, AttributeError, TypeError):  # another NumPy: use the public context manager
    _FP_STATE = None


def quietly(fn, *args):
    """`fn(*args)` with NumPy's floating-point warnings silenced (NaN/inf are answers here)."""
    if _FP_STATE is None:
        with np.errstate(all="ignore"):
            return fn(*args)
    token = _FP_STATE.set(_FP_IGNORE)
    try:
        return fn(*args)
    finally:
        _FP_STATE.reset(token)


__all__ = ["cached", "checked", "data_of", "is_int", "xp_of", "accumulation_dtype", "reduce", "on_device", "monoid",
           "check_nonempty", "check_keepdims", "requested_dtype", "sum_of", "small_key",
           "SMALL_PLANS", "run_small", "quietly"]

"""The meta device's array module: NumPy's function names, computing shapes and dtypes only.

The namespace runs `backend_of(data).xp.<function>(...)` on every device; on the meta device
that `xp` is `XP` below. Each function here returns `MetaData` of the shape and dtype NumPy's
function would return, and raises NumPy's error classes for bad shapes and axes: views run
NumPy on stand-ins (Note [Meta views] in meta_array.py), the others have explicit shape rules,
and dtypes come from NumPy run on tiny arrays of the operands' dtypes ("probes"). A function
without a rule here raises NotImplementedError when called, never a wrong shape
(Note [Meta errors]); NumPy's ufuncs, dtypes and constants pass through unchanged (a ufunc on
meta data reaches `meta_ufunc.ufunc_call` through NumPy's protocol).
"""

from __future__ import annotations

import math
import operator
import types

import numpy as np

from .._core.axes import normalize_axes, normalize_axis
from .meta_array import VALUE_DEPENDENT, MetaData, meta, unsupported
from .meta_ufunc import (
    as_meta,
    broadcast,
    into_out,
    probe_of,
    reduction,
    same_shape,
    scan,
    shrunk,
    standin,
    ufunc_call,
)


def _shape_arg(shape) -> tuple:
    return (operator.index(shape),) if hasattr(shape, "__index__") else tuple(shape)


# --- creation --------------------------------------------------------------------------------


def empty(shape, dtype=float, order="C", **kwargs) -> MetaData:
    return MetaData(_shape_arg(shape), dtype)


def full(shape, fill_value, dtype=None, order="C", **kwargs) -> MetaData:
    probe = np.full((), standin(fill_value), dtype)  # NumPy's own checks of the value
    return MetaData(_shape_arg(shape), probe.dtype)


def _like(maker):
    def like(a, *args, dtype=None, shape=None, **kwargs):
        shape = a.shape if shape is None else shape
        return maker(shape, *args, dtype=a.dtype if dtype is None else dtype)

    return like


def arange(start, stop=None, step=1, dtype=None, **kwargs) -> MetaData:
    """NumPy's length rule, ceil((stop - start) / step) computed as NumPy computes it."""
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ZeroDivisionError("arange: step must not be zero")
    length = max(math.ceil((stop - start) / step), 0)
    return MetaData((length,), np.result_type(start, stop, step) if dtype is None else dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    if retstep or np.ndim(start) or np.ndim(stop):
        raise unsupported("linspace", "only scalar start and stop, without retstep")
    probe = np.linspace(start, stop, 2, dtype=dtype)
    if operator.index(num) < 0:
        raise ValueError(f"linspace: number of samples, {num}, must be non-negative")
    return MetaData((operator.index(num),), probe.dtype)


def eye(N, M=None, k=0, dtype=float, order="C", **kwargs) -> MetaData:
    return MetaData((N, N if M is None else M), dtype)


def asarray(obj, dtype=None, copy=None, **kwargs) -> MetaData:
    """Meta data of the shape and dtype `obj` (host data, or meta data) converts to."""
    if type(obj) is MetaData:
        return obj if dtype is None else obj.astype(dtype, copy=False)
    host = np.asarray(obj, dtype=dtype)
    return meta(host.shape, host.dtype)


def from_dlpack(x, copy=None, **kwargs) -> MetaData:
    """The shape and dtype of a host DLPack producer; its memory is only looked at."""
    host = np.from_dlpack(x)
    return meta(host.shape, host.dtype)


def _tri(m, k=0):
    if m.ndim < 2:
        raise unsupported("tril", "arrays of fewer than 2 dimensions")
    return meta(m.shape, m.dtype)


# --- views: NumPy on stand-ins (Note [Meta views]) --------------------------------------------


def _view(np_function):
    def view(*args, **kwargs):
        args = [
            [standin(a) for a in arg] if isinstance(arg, (list, tuple)) else standin(arg)
            for arg in args
        ]
        return as_meta(np_function(*args, **kwargs))

    view.__name__ = np_function.__name__
    return view


def ravel(a, order="C") -> MetaData:
    return a.ravel(order)


def meshgrid(*xi, indexing="xy", copy=True, sparse=False):
    return as_meta(
        np.meshgrid(*(standin(x) for x in xi), indexing=indexing, sparse=sparse, copy=False)
    )


# --- explicit shape rules ------------------------------------------------------------------


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    arrays = list(arrays)
    if not arrays:
        raise ValueError("concatenate: need at least one array to concatenate")
    if axis is None:
        arrays, axis = [a.reshape(-1) for a in arrays], 0
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("concatenate: zero-dimensional arrays cannot be concatenated")
    axis = normalize_axis(axis, ndim, "concatenate")
    shape = list(arrays[0].shape)
    for i, a in enumerate(arrays[1:], 1):
        if a.ndim != ndim or any(
            n != m for d, (n, m) in enumerate(zip(a.shape, shape)) if d != axis
        ):
            raise ValueError(
                f"concatenate: all the input array dimensions except for the concatenation axis "
                f"must match exactly, but array 0 has shape {arrays[0].shape} and array {i} has "
                f"shape {a.shape}"
            )
        shape[axis] += a.shape[axis]
    probe = np.concatenate([probe_of(a, (1,)) for a in arrays], dtype=dtype, casting=casting)
    return into_out(meta(tuple(shape), probe.dtype), out, "concatenate")


def stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    arrays = list(arrays)
    if not arrays:
        raise ValueError("stack: need at least one array to stack")
    if any(a.shape != arrays[0].shape for a in arrays):
        raise ValueError("stack: all input arrays must have the same shape")
    shape = list(arrays[0].shape)
    shape.insert(normalize_axis(axis, len(shape) + 1, "stack"), len(arrays))
    probe = np.stack([probe_of(a) for a in arrays], dtype=dtype, casting=casting)
    return into_out(meta(tuple(shape), probe.dtype), out, "stack")


def roll(a, shift, axis=None):
    np.roll(shrunk(a), shift, axis)  # NumPy's checks of shift and axis
    return meta(a.shape, a.dtype)


def repeat(a, repeats, axis=None):
    if type(repeats) is MetaData or np.ndim(repeats) > 0 and np.size(repeats) != 1:
        raise unsupported("repeat", "per-element repeats; " + VALUE_DEPENDENT)
    count = operator.index(np.asarray(repeats).reshape(()).item())
    if count < 0:
        raise ValueError("repeat: repeats may not contain negative values")
    if axis is None:
        return meta((a.size * count,), a.dtype)
    axis = normalize_axis(axis, a.ndim, "repeat")
    return meta(a.shape[:axis] + (a.shape[axis] * count,) + a.shape[axis + 1 :], a.dtype)


def tile(a, reps):
    reps = (operator.index(reps),) if hasattr(reps, "__index__") else tuple(reps)
    d = max(len(reps), a.ndim)
    shape = (1,) * (d - a.ndim) + a.shape
    reps = (1,) * (d - len(reps)) + reps
    return meta(tuple(n * r for n, r in zip(shape, reps)), a.dtype)


def take(a, indices, axis=None, out=None, mode="raise"):
    shape = tuple(np.shape(indices))
    if axis is None:
        a, axis = a.reshape(-1), 0
    axis = normalize_axis(axis, a.ndim, "take")
    if a.shape[axis] == 0 and math.prod(shape) and mode == "raise":
        raise IndexError("cannot do a non-empty take from an empty axes.")
    return into_out(meta(a.shape[:axis] + shape + a.shape[axis + 1 :], a.dtype), out, "take")


def take_along_axis(arr, indices, axis=-1):
    if axis is None:
        return meta(indices.shape, arr.dtype)
    if indices.ndim != arr.ndim:
        raise ValueError("take_along_axis: indices and arr must have the same number of dimensions")
    axis = normalize_axis(axis, arr.ndim, "take_along_axis")
    drop = [
        tuple(1 if d == axis else n for d, n in enumerate(s)) for s in (arr.shape, indices.shape)
    ]
    shape = list(broadcast(drop, "take_along_axis"))
    shape[axis] = indices.shape[axis]
    return meta(tuple(shape), arr.dtype)


def matmul(a, b, out=None, **kwargs):
    """PEP 465's rules: 1-D operands get a dim added and removed again; stacks broadcast.
    NumPy's `dtype` and `casting` decide the dtype; `out` takes the result as NumPy's would
    (shape equal, cast under `casting`); its other keywords (`axes`...) are not supported."""
    options = {k: kwargs.pop(k) for k in ("dtype", "casting") if k in kwargs}
    kwargs.pop("subok", None)
    if kwargs:
        raise NotImplementedError(f"matmul: {sorted(kwargs)} not supported on the meta device")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    a_shape = (1,) + a.shape if a.ndim == 1 else a.shape
    b_shape = b.shape + (1,) if b.ndim == 1 else b.shape
    if a_shape[-1] != b_shape[-2]:
        raise ValueError(
            f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature (n?,k),(k,m?)->(n?,m?) (size {b_shape[-2]} is different from {a_shape[-1]})"
        )
    stack = broadcast((a_shape[:-2], b_shape[:-2]), "matmul")
    core = (a_shape[-2],) * (a.ndim > 1) + (b_shape[-1],) * (b.ndim > 1)
    dtype = np.matmul(probe_of(a, (1, 1)), probe_of(b, (1, 1)), **options).dtype
    if out is None:
        return meta(stack + core, dtype)
    if out.shape != stack + core:
        raise ValueError(f"matmul: out has shape {out.shape}, but the product has {stack + core}")
    if not np.can_cast(dtype, out.dtype, options.get("casting", "same_kind")):
        raise TypeError(f"matmul: cannot cast the product from {dtype} to out's {out.dtype}")
    return out


def tensordot(a, b, axes=2):
    if hasattr(axes, "__index__"):
        n = operator.index(axes)
        axes = (list(range(a.ndim - n, a.ndim)), list(range(n)))
    first, second = ([x] if hasattr(x, "__index__") else list(x) for x in axes)
    first = normalize_axes(first, a.ndim, "tensordot")
    second = normalize_axes(second, b.ndim, "tensordot")
    if len(first) != len(second) or any(a.shape[i] != b.shape[j] for i, j in zip(first, second)):
        raise ValueError("tensordot: shape-mismatch for sum")
    shape = tuple(n for d, n in enumerate(a.shape) if d not in first) + tuple(
        n for d, n in enumerate(b.shape) if d not in second
    )
    return meta(shape, np.dot(probe_of(a, (1,)), probe_of(b, (1,))).dtype)


def dot(a, b, out=None):
    if a.ndim == 0 or b.ndim == 0:
        return np.multiply(a, b)
    k = b.shape[-2] if b.ndim >= 2 else b.shape[0]
    if a.shape[-1] != k:
        raise ValueError(f"dot: shapes {a.shape} and {b.shape} not aligned")
    shape = a.shape[:-1] + b.shape[:-2] + b.shape[-1:] * (b.ndim >= 2)
    return into_out(meta(shape, np.dot(probe_of(a, (1,)), probe_of(b, (1,))).dtype), out, "dot")


def inner(a, b):
    if a.ndim == 0 or b.ndim == 0:
        return np.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"inner: shapes {a.shape} and {b.shape} not aligned")
    return meta(a.shape[:-1] + b.shape[:-1], np.dot(probe_of(a, (1,)), probe_of(b, (1,))).dtype)


def vdot(a, b):
    if a.size != b.size:
        raise ValueError("vdot: vectors have different lengths")
    return meta((), np.vdot(probe_of(a, (1,)), probe_of(b, (1,))).dtype)


def sort(a, axis=-1, kind=None, order=None, stable=None):
    if axis is None:
        return meta((a.size,), a.dtype)
    normalize_axis(axis, a.ndim, "sort")
    return meta(a.shape, a.dtype)


def argsort(a, axis=-1, kind=None, order=None, stable=None):
    return meta(sort(a, axis).shape, np.dtype(np.intp))


def copyto(dst, src, casting="same_kind", where=True):
    """Nothing to copy: NumPy's checks of the shapes and the cast only."""
    shapes = (np.shape(src),) + (() if where is True else (np.shape(where),))
    if broadcast((*shapes, dst.shape), "copyto") != dst.shape:
        raise ValueError(f"copyto: could not broadcast {shapes[0]} into shape {dst.shape}")
    np.copyto(probe_of(dst), probe_of(src), casting=casting)


def where(condition, *values):
    if not values:
        raise unsupported("nonzero", VALUE_DEPENDENT)
    shape = broadcast([tuple(np.shape(v)) for v in (condition, *values)], "where")
    dtype = np.where(probe_of(condition), *(probe_of(v) for v in values)).dtype
    return meta(shape, dtype)


def result_type(*arrays_and_dtypes):
    return np.result_type(*(a.dtype if type(a) is MetaData else a for a in arrays_and_dtypes))


def can_cast(from_, to, casting="safe"):
    return np.can_cast(from_.dtype if type(from_) is MetaData else from_, to, casting)


def isin(element, test_elements, *args, **kwargs):
    return meta(tuple(np.shape(element)), np.dtype(bool))


def searchsorted(a, v, side="left", sorter=None):
    return meta(tuple(np.shape(v)), np.dtype(np.intp))


def _astype(x, dtype, copy=True, **kwargs):
    return x.astype(dtype, copy=copy)


# --- the namespace ---------------------------------------------------------------------------

FUNCTIONS = {
    "empty": empty,
    "zeros": empty,
    "ones": empty,
    "full": full,
    "empty_like": _like(empty),
    "zeros_like": _like(empty),
    "ones_like": _like(empty),
    "full_like": lambda a, fill_value, dtype=None, **kw: full(
        a.shape, fill_value, a.dtype if dtype is None else dtype
    ),
    "arange": arange,
    "linspace": linspace,
    "eye": eye,
    "identity": lambda n, dtype=float, **kw: eye(n, dtype=dtype),
    "array": asarray,
    "asarray": asarray,
    "asanyarray": asarray,
    "from_dlpack": from_dlpack,
    "ascontiguousarray": asarray,
    "asfortranarray": asarray,
    "astype": _astype,
    "meshgrid": meshgrid,
    "tril": _tri,
    "triu": _tri,
    "ravel": ravel,
    "concatenate": concatenate,
    "stack": stack,
    "roll": roll,
    "repeat": repeat,
    "tile": tile,
    "take": take,
    "take_along_axis": take_along_axis,
    "matmul": matmul,
    "tensordot": tensordot,
    "dot": dot,
    "inner": inner,
    "vdot": vdot,
    "sort": sort,
    "argsort": argsort,
    "copyto": copyto,
    "where": where,
    "round": same_shape(np.round),
    "around": same_shape(np.round),
    "clip": same_shape(np.clip),
    "cumsum": scan(np.cumsum),
    "cumprod": scan(np.cumprod),
    "result_type": result_type,
    "can_cast": can_cast,
    "isin": isin,
    "searchsorted": searchsorted,
    "ndarray": MetaData,
    "shape": lambda a: tuple(a.shape),
    "ndim": lambda a: a.ndim,
    "size": lambda a, axis=None: a.size if axis is None else a.shape[axis],
}
FUNCTIONS.update(
    {
        f.__name__: _view(f)
        for f in (
            np.broadcast_to,
            np.broadcast_arrays,
            np.moveaxis,
            np.flip,
            np.squeeze,
            np.expand_dims,
            np.swapaxes,
            np.transpose,
            np.permute_dims,
            np.matrix_transpose,
            np.reshape,
            np.diagonal,
            np.atleast_1d,
            np.atleast_2d,
            np.atleast_3d,
        )
    }
)
FUNCTIONS.update(
    {
        f.__name__: reduction(f)
        for f in (np.sum, np.prod, np.mean, np.std, np.var, np.max, np.min, np.any, np.all)
    }
)
FUNCTIONS.update(
    {
        "amax": FUNCTIONS["max"],
        "amin": FUNCTIONS["min"],
        "argmax": reduction(np.argmax, index=True),
        "argmin": reduction(np.argmin, index=True),
        "count_nonzero": reduction(np.count_nonzero, index=True),
    }
)
# Functions of dtypes only: NumPy's own serve.
DTYPE_FUNCTIONS = frozenset({"issubdtype", "promote_types", "isdtype", "finfo", "iinfo"})
# Their result's shape depends on values (Note [Meta errors]).
VALUE_DEPENDENT_NAMES = frozenset(
    {
        "nonzero",
        "argwhere",
        "flatnonzero",
        "unique",
        "unique_values",
        "unique_counts",
        "unique_inverse",
        "unique_all",
        "compress",
        "extract",
        "bincount",
        "trim_zeros",
    }
)


class _Unsupported:
    """A NumPy function (or module) without a meta rule: calling it raises."""

    def __init__(self, name: str):
        self._name = name

    def __call__(self, *args, **kwargs):
        why = VALUE_DEPENDENT if self._name in VALUE_DEPENDENT_NAMES else ""
        raise unsupported(self._name, why)

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Unsupported(f"{self._name}.{name}")


class MetaNumPy:
    """`xp` of the meta device: FUNCTIONS, then NumPy's ufuncs, types and constants; any
    other NumPy name is an `_Unsupported` stand-in."""

    __name__ = "xtensor meta"

    def __getattr__(self, name: str):
        function = FUNCTIONS.get(name)
        if function is not None:
            return function
        attr = getattr(np, name)  # AttributeError for names NumPy lacks
        if isinstance(attr, types.ModuleType) or (
            callable(attr)
            and not isinstance(attr, (np.ufunc, type))
            and name not in DTYPE_FUNCTIONS
        ):
            return _Unsupported(name)
        return attr


XP = MetaNumPy()
MetaData.functions = {**FUNCTIONS, "<ufunc>": ufunc_call}

__all__ = ["FUNCTIONS", "XP", "MetaNumPy", "broadcast", "ufunc_call"]

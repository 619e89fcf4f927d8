"""Data type functions (Array API chapter "Data Type Functions")."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _dtypes
from ._array import Array, wrap
from ._device import array_module, resolve


def astype(x, dtype, /, *, copy=True, device=None) -> Array:
    """`x` converted to `dtype` (a copy unless copy=False and nothing changes)."""
    if not isinstance(x, Array):
        raise TypeError(f"astype: x must be an xtensor array; got {type(x).__name__}")
    target = _dtypes.as_dtype(dtype, "astype")
    dev = resolve(device, "astype")
    if dev is not None and dev != x.device:
        x = x.to_device(dev)
        copy = False  # the move already copied
    data = x._data
    if data.dtype == target.numpy and not copy:
        return x
    with np.errstate(all="ignore"):
        return wrap(data.astype(target.numpy, copy=True))


def _dtype_of(value, func: str) -> _dtypes.DType:
    if isinstance(value, Array):
        return value.dtype
    return _dtypes.as_dtype(value, func)


def can_cast(from_, to, /) -> bool:
    """True when `from_` (a dtype or array) promotes to `to` without changing values' kind
    rules, i.e. `to` is above `from_` in the promotion lattice."""
    src = _dtype_of(from_, "can_cast")
    dst = _dtypes.as_dtype(to, "can_cast")
    return _dtypes.promote_pair(src, dst) is dst


@dataclass(frozen=True)
class finfo_object:
    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: _dtypes.DType


@dataclass(frozen=True)
class iinfo_object:
    bits: int
    max: int
    min: int
    dtype: _dtypes.DType


def finfo(type, /) -> finfo_object:
    """Machine limits of a floating-point dtype (for complex, of its real component)."""
    d = _dtype_of(type, "finfo")
    if d.kind not in "fc":
        raise TypeError(f"finfo: {d.name} is not a floating-point dtype; use iinfo for integers")
    real = _dtypes.real_dtype(d)
    info = np.finfo(real.numpy)
    return finfo_object(int(info.bits), float(info.eps), float(info.max), float(info.min),
                        float(info.smallest_normal), real)


def iinfo(type, /) -> iinfo_object:
    """Machine limits of an integer dtype."""
    d = _dtype_of(type, "iinfo")
    if d.kind not in "iu":
        raise TypeError(f"iinfo: {d.name} is not an integer dtype; use finfo for floats")
    info = np.iinfo(d.numpy)
    return iinfo_object(int(info.bits), int(info.max), int(info.min), d)


def isdtype(dtype, kind) -> bool:
    """Whether `dtype` is `kind`: a dtype, a category name ('integral', 'real floating', ...),
    or a tuple of those."""
    if not isinstance(dtype, _dtypes.DType):
        raise TypeError(f"isdtype: dtype must be an xtensor dtype; got {dtype!r}")
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, _dtypes.DType):
        return dtype is kind
    if isinstance(kind, str):
        try:
            return dtype in _dtypes.CATEGORIES[kind]
        except KeyError:
            raise ValueError(f"isdtype: unknown kind {kind!r}; expected one of "
                             f"{sorted(_dtypes.CATEGORIES)}") from None
    raise TypeError(f"isdtype: kind must be a dtype, a string or a tuple; got {kind!r}")


def result_type(*arrays_and_dtypes) -> _dtypes.DType:
    """The promoted dtype of arrays, dtypes and (weak) Python scalars."""
    dtypes, kinds = [], []
    for a in arrays_and_dtypes:
        kind = _dtypes.scalar_kind(a)
        if kind is not None:
            kinds.append(kind)
        else:
            dtypes.append(_dtype_of(a, "result_type"))
    if not dtypes and not kinds:
        raise ValueError("result_type: at least one array or dtype is required")
    return _dtypes.promote(tuple(dtypes), tuple(kinds))


__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]

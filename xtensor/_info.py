"""Inspection (Array API chapter "Inspection"): `__array_namespace_info__`."""

from __future__ import annotations

from . import _dtypes
from ._device import CPU, cuda_devices, parse

_KIND_GROUPS = {
    "bool": _dtypes.BOOLEAN,
    "signed integer": _dtypes.SIGNED,
    "unsigned integer": _dtypes.UNSIGNED,
    "integral": _dtypes.INTEGER,
    "real floating": _dtypes.REAL_FLOATING,
    "complex floating": _dtypes.COMPLEX_FLOATING,
    "numeric": _dtypes.NUMERIC,
}


class Info:
    """What this namespace supports, as `xtensor.__array_namespace_info__()` reports it."""

    __module__ = "xtensor"

    def capabilities(self) -> dict:
        return {"boolean indexing": True, "data-dependent shapes": True,
                "max dimensions": 64}

    def default_device(self):
        return CPU

    def devices(self) -> list:
        return [CPU, *cuda_devices()]

    def default_dtypes(self, *, device=None) -> dict:
        if device is not None:
            parse(device)
        return {"real floating": _dtypes.float64, "complex floating": _dtypes.complex128,
                "integral": _dtypes.int64, "indexing": _dtypes.int64}

    def dtypes(self, *, device=None, kind=None) -> dict:
        if device is not None:
            parse(device)
        chosen = [d for d in _dtypes.ALL if _matches(d, kind)]
        return {d.name: d for d in chosen}


def _matches(d, kind) -> bool:
    if kind is None:
        return True
    if isinstance(kind, tuple):
        return any(_matches(d, k) for k in kind)
    if isinstance(kind, _dtypes.DType):
        return d is kind
    try:
        return d in _KIND_GROUPS[kind]
    except KeyError:
        raise ValueError(f"dtypes: unknown kind {kind!r}; expected one of "
                         f"{sorted(_KIND_GROUPS)}") from None


def __array_namespace_info__() -> Info:
    return Info()

"""Inspection (Array API chapter "Inspection"): `__array_namespace_info__`.

Reports what this namespace supports: capabilities, devices and dtypes. Knows nothing about
how ops run.
"""

from __future__ import annotations

from ._array import Array
from ._core import dtypes as _dtypes
from ._core.devices import CPU, available, resolve

# The functions the standard marks as having data-dependent output shapes.
DATA_DEPENDENT_FUNCTIONS = (
    "nonzero",
    "repeat",
    "unique_all",
    "unique_counts",
    "unique_inverse",
    "unique_values",
)

MAX_DIMENSIONS = 64  # NumPy's limit, and so the backing buffers' limit


class Info:
    """What this namespace supports, as `xtensor.__array_namespace_info__()` reports it."""

    __module__ = "xtensor"

    def capabilities(self) -> dict:
        """Boolean indexing is NumPy's own; data-dependent shapes are claimed only when every
        function with such outputs exists in the namespace (the finished `xtensor` module,
        which the package hands to `Array._namespace` once it is loaded)."""
        namespace = Array._namespace
        dds = all(callable(getattr(namespace, name, None)) for name in DATA_DEPENDENT_FUNCTIONS)
        return {
            "boolean indexing": True,
            "data-dependent shapes": dds,
            "max dimensions": MAX_DIMENSIONS,
        }

    def default_device(self):
        return CPU

    def devices(self) -> tuple:
        return available()

    def default_dtypes(self, *, device=None) -> dict:
        """The same on every device: NumPy's defaults."""
        resolve(device, "default_dtypes")
        return {
            "real floating": _dtypes.DEFAULT_FLOAT,
            "complex floating": _dtypes.DEFAULT_COMPLEX,
            "integral": _dtypes.DEFAULT_INT,
            "indexing": _dtypes.DEFAULT_INDEX,
        }

    def dtypes(self, *, device=None, kind=None) -> dict:
        """Name -> dtype for the standard's dtypes of `kind` (a kind name or a tuple of them);
        every device supports all 13. NumPy's float16, which xtensor also supports, is left
        out: the standard has no float16, and code that asks this function wants the
        portable set (see Note [float16] in `_core/dtypes.py`)."""
        resolve(device, "dtypes")
        return {d.name: d for d in _dtypes.STANDARD if _matches(d, kind)}

    def __repr__(self) -> str:
        return "xtensor.__array_namespace_info__()"


def _matches(d: _dtypes.DType, kind) -> bool:
    if kind is None:
        return True
    if isinstance(kind, tuple):
        return any(_matches(d, k) for k in kind)
    if isinstance(kind, _dtypes.DType):  # (as isdtype reads kinds; NumPy refuses them)
        return d is kind
    if not isinstance(kind, str):  # (NumPy's ValueError: an unsupported kind)
        raise ValueError(f"dtypes: kind must be a kind name or a tuple of them; got {kind!r}")
    try:
        return d in _dtypes.CATEGORIES[kind]
    except KeyError:
        raise ValueError(
            f"dtypes: unknown kind {kind!r}; expected one of {sorted(_dtypes.CATEGORIES)}"
        ) from None


def __array_namespace_info__() -> Info:
    """The inspection namespace: `capabilities()`, `default_device()`, `default_dtypes()`,
    `devices()` and `dtypes()`."""
    return Info()

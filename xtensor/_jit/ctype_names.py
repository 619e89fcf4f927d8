"""The one map from NumPy dtypes to the C++ type names used in generated kernels.

Owns: the dtype -> C type spelling (``float32`` -> ``float``), the short tag used in
readable kernel names (``f32``), and the reverse lookups.  Knows nothing about ops.
Named ``ctype_names`` so that no reader confuses it with the stdlib ``ctypes``.

C types are spelled without ``<stdint.h>`` (NVRTC has no system headers): ``long long``
is 64 bits on every platform CUDA and the hostsim harness run on, ``int`` is 32.
"""

from __future__ import annotations

import numpy as np

__all__ = ["SUPPORTED_DTYPES", "ctype_of", "dtype_of", "itemsize_of", "tag_of"]

# dtype name -> (C++ type, short tag for kernel names)
_TABLE: dict[str, tuple[str, str]] = {
    "bool": ("bool", "b1"),
    "int8": ("signed char", "i8"),
    "int16": ("short", "i16"),
    "int32": ("int", "i32"),
    "int64": ("long long", "i64"),
    "uint8": ("unsigned char", "u8"),
    "uint16": ("unsigned short", "u16"),
    "uint32": ("unsigned int", "u32"),
    "uint64": ("unsigned long long", "u64"),
    "float16": ("xt::half", "f16"),  # storage only: kernels compute in float (xt_half.cuh)
    "float32": ("float", "f32"),
    "float64": ("double", "f64"),
    "complex64": ("xt::complex<float>", "c64"),
    "complex128": ("xt::complex<double>", "c128"),
}
_BY_CTYPE: dict[str, str] = {ctype: name for name, (ctype, _) in _TABLE.items()}

SUPPORTED_DTYPES: tuple[np.dtype, ...] = tuple(np.dtype(name) for name in _TABLE)


def ctype_of(dtype, op: str | None = None) -> str:
    """The C++ spelling of ``dtype``; ``TypeError`` naming the dtype (and op) if unsupported."""
    name = np.dtype(dtype).name
    if name not in _TABLE:
        where = f"{op}: " if op else ""
        supported = ", ".join(_TABLE)
        raise TypeError(
            f"{where}dtype {name} has no CUDA kernel type; supported dtypes are {supported}"
        )
    return _TABLE[name][0]


def dtype_of(ctype: str) -> np.dtype:
    """The NumPy dtype of a C++ type name produced by :func:`ctype_of`."""
    if ctype not in _BY_CTYPE:
        raise TypeError(f"C type {ctype!r} is not one of xtensor's kernel types")
    return np.dtype(_BY_CTYPE[ctype])


def tag_of(ctype: str) -> str:
    """Short tag of a C++ type for kernel names: ``float`` -> ``f32``."""
    return _TABLE[dtype_of(ctype).name][1]


def itemsize_of(ctype: str) -> int:
    """Size in bytes of a kernel C type (equal to the NumPy itemsize)."""
    return dtype_of(ctype).itemsize

"""NumPy's `numpy.lib.format`: the `.npy` format, read and written on open files.

NumPy owns the format, so this module is NumPy's where a function handles only headers, bytes
and dtypes (`magic`, `read_magic`, the `read_array_header_*`/`write_array_header_*` pairs,
`descr_to_dtype`, `drop_metadata`, `isfileobj` and the constants). Where NumPy's functions take
or give arrays, these take xtensor Arrays (their host copy is written) and give CPU Arrays:
`read_array`, `write_array`, `header_data_from_array_1_0`, `dtype_to_descr` (an xtensor dtype
too) and `open_memmap`, whose Array views NumPy's memory map as `load(..., mmap_mode=...)`'s
does (xtensor has no `memmap` class: the map is written back when the Array is released).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.format import (
    ARRAY_ALIGN,
    BUFFER_SIZE,
    EXPECTED_KEYS,
    GROWTH_AXIS_MAX_DIGITS,
    MAGIC_LEN,
    MAGIC_PREFIX,
    descr_to_dtype,
    drop_metadata,
    isfileobj,
    magic,
    read_array_header_1_0,
    read_array_header_2_0,
    read_magic,
    write_array_header_1_0,
    write_array_header_2_0,
)

from xtensor._array import Array
from xtensor._numpy_io import _host, _loaded, _named

_format = np.lib.format


def dtype_to_descr(dtype: Any) -> Any:
    """The `descr` of a `.npy` header for `dtype` (NumPy's, for an xtensor dtype too)."""
    return _format.dtype_to_descr(np.dtype(dtype))


def header_data_from_array_1_0(array: Any) -> dict:
    """The header's `shape`, `fortran_order` and `descr` for writing `array`."""
    return _format.header_data_from_array_1_0(_host(array, "header_data_from_array_1_0", "array"))


def write_array(
    fp: Any,
    array: Any,
    version: tuple[int, int] | None = None,
    allow_pickle: bool = True,
    pickle_kwargs: dict | None = None,
) -> None:
    """Write `array` (its host copy) to the open file `fp` as a `.npy` file, as NumPy's."""
    data = _host(array, "write_array", "array")
    with _named("write_array"):
        _format.write_array(fp, data, version, allow_pickle, pickle_kwargs)


def read_array(
    fp: Any,
    allow_pickle: bool = False,
    pickle_kwargs: dict | None = None,
    *,
    max_header_size: int = 10000,
) -> Array:
    """The array of the `.npy` file open as `fp`, as a CPU Array."""
    with _named("read_array"):
        data = _format.read_array(fp, allow_pickle, pickle_kwargs, max_header_size=max_header_size)
    return _loaded(data, "read_array")


def open_memmap(
    filename: Any,
    mode: str = "r+",
    dtype: Any = None,
    shape: tuple[int, ...] | None = None,
    fortran_order: bool = False,
    version: tuple[int, int] | None = None,
    *,
    max_header_size: int = 10000,
) -> Array:
    """A `.npy` file mapped into memory (`mode` 'w+' creates it from `dtype` and `shape`), as
    an Array viewing the map."""
    dt = None if dtype is None else np.dtype(dtype)
    with _named("open_memmap"):
        data = _format.open_memmap(
            filename, mode, dt, shape, fortran_order, version, max_header_size=max_header_size
        )
    return _loaded(data, "open_memmap")


__all__ = [
    "ARRAY_ALIGN",
    "BUFFER_SIZE",
    "EXPECTED_KEYS",
    "GROWTH_AXIS_MAX_DIGITS",
    "MAGIC_LEN",
    "MAGIC_PREFIX",
    "descr_to_dtype",
    "drop_metadata",
    "dtype_to_descr",
    "header_data_from_array_1_0",
    "isfileobj",
    "magic",
    "open_memmap",
    "read_array",
    "read_array_header_1_0",
    "read_array_header_2_0",
    "read_magic",
    "write_array",
    "write_array_header_1_0",
    "write_array_header_2_0",
]

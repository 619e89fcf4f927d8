"""The small-call fast path of the creation functions that take a shape (and of `arange`).

Note [Small creation calls]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy's `zeros(10)` takes about 0.2 us, and normalising xtensor's arguments (order, device,
`like=`, the dtype's spelling, the shape) took five times that. A call with no device, no
`like=` and C order is a CPU call whose dtype is the only argument needing work, so its NumPy
dtype is resolved once per spelling and cached here (`cpu_dtype`; only spellings whose
equality is exact are kept: names, types, DTypes, NumPy dtypes). An int or tuple shape goes
to NumPy as given: NumPy reads it as `_creation_args._shape` does (each entry through
`__index__`, negatives refused), and a shape NumPy refuses takes the full path, whose error
names the function.
"""

from __future__ import annotations

import numpy as np

from .._core import dtypes as _dtypes

# Filled with xtensor's own dtypes from the start: asarray's C twin reads it too, and
# asarray's Python path (which resolves a dtype for any device) does not fill it.
_CPU_DTYPES: dict = {d: d.numpy for d in _dtypes.ALL}
CPU_DTYPES = _CPU_DTYPES  # the C twins of zeros, ones, empty and asarray read it

# The dtype `full` gives a Python scalar fill when no dtype is asked for.
FILL_DTYPES = {
    bool: np.dtype(np.bool_),
    int: _dtypes.DEFAULT_INT.numpy,
    float: _dtypes.DEFAULT_FLOAT.numpy,
    complex: _dtypes.DEFAULT_COMPLEX.numpy,
}
DEFAULT_FLOAT = _dtypes.DEFAULT_FLOAT.numpy
INT_RANGE = range(-(2**63), 2**63)  # the Python ints `full` may store in its default int64


def cpu_dtype(dtype, func: str) -> np.dtype:
    """The NumPy dtype of creation argument `dtype` (not None), cached per spelling."""
    try:
        return _CPU_DTYPES[dtype]
    except (KeyError, TypeError):  # TypeError: unhashable, refused by as_dtype below
        pass
    np_dtype = _dtypes.as_dtype(dtype, func).numpy
    if type(dtype) in (str, type, _dtypes.DType) or isinstance(dtype, np.dtype):
        _CPU_DTYPES[dtype] = np_dtype
    return np_dtype


__all__ = ["CPU_DTYPES", "DEFAULT_FLOAT", "FILL_DTYPES", "INT_RANGE", "cpu_dtype"]

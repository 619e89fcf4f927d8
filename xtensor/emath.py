"""`xtensor.emath`: NumPy's `numpy.emath` (numpy.lib.scimath), math functions whose results
move into the complex plane where the real ones are undefined: sqrt, log, log2, log10 and
logn of negative numbers, power of negative bases, arccos, arcsin and arctanh beyond [-1, 1].

As in NumPy the decision is per call, not per element: when any real input lies outside the
real domain, the whole input is converted to complex first (complex64 for int8, int16,
uint8, uint16 and float32, as NumPy's `_tocomplex`; complex128 otherwise), then the ordinary
function runs. The functions are compositions of xtensor's own, so they run on every device.
Boolean input computes like int8, so `sqrt` of bool is float16 and `power` of bools int8, as
in NumPy.
"""

from __future__ import annotations

from ._array import Array
from ._core import dtypes as _dtypes
from ._data_types import astype
from ._elementwise import (
    abs,
    acos,
    asin,
    atanh,
    divide,
    greater,
    less,
    multiply,
    pow,
)
from ._elementwise import log as _log
from ._elementwise import log2 as _log2
from ._elementwise import log10 as _log10
from ._elementwise import sqrt as _sqrt
from ._numpy_helpers import as_array
from ._typing import ArrayLike
from ._utility import any as _any

__all__ = ["arccos", "arcsin", "arctanh", "log", "log2", "log10", "logn", "power", "sqrt"]

# NumPy's _tocomplex: these go to complex64, every other real dtype to complex128
_TO_COMPLEX64 = (_dtypes.int8, _dtypes.int16, _dtypes.uint8, _dtypes.uint16, _dtypes.float32)


def _real_input(x, func: str, name: str = "x") -> Array:
    arr = as_array(x, f"emath.{func}", name)
    return astype(arr, _dtypes.int8) if arr.dtype == _dtypes.bool else arr


def _to_complex(x: Array) -> Array:
    target = _dtypes.complex64 if x.dtype in _TO_COMPLEX64 else _dtypes.complex128
    return astype(x, target)


def _complex_if(x: Array, outside) -> Array:
    """`x` as complex when it is real and `outside(x)` holds anywhere."""
    if x.dtype in _dtypes.COMPLEX_FLOATING or not bool(_any(outside(x))):
        return x
    return _to_complex(x)


def _negative(x: Array) -> Array:
    return less(x, 0)


def _beyond_one(x: Array) -> Array:
    return greater(abs(x), 1)


def sqrt(x: ArrayLike) -> Array:
    """Square root; complex for negative input (sqrt(-1) is 1j)."""
    return _sqrt(_complex_if(_real_input(x, "sqrt"), _negative))


def log(x: ArrayLike) -> Array:
    """Natural logarithm; complex for negative input (log(-1) is pi*1j)."""
    return _log(_complex_if(_real_input(x, "log"), _negative))


def log2(x: ArrayLike) -> Array:
    """Base-2 logarithm; complex for negative input."""
    return _log2(_complex_if(_real_input(x, "log2"), _negative))


def log10(x: ArrayLike) -> Array:
    """Base-10 logarithm; complex for negative input."""
    return _log10(_complex_if(_real_input(x, "log10"), _negative))


def logn(n: ArrayLike, x: ArrayLike) -> Array:
    """Logarithm of `x` in base `n`: log(x) / log(n), complex where either is negative."""
    x = _complex_if(_real_input(x, "logn"), _negative)
    n = _complex_if(_real_input(n, "logn", "n"), _negative)
    return divide(_log(x), _log(n))


def power(x: ArrayLike, p: ArrayLike) -> Array:
    """x**p; complex for negative bases, and negative integer powers give floats (NumPy
    raises for those in `power` itself)."""
    x = _complex_if(_real_input(x, "power"), _negative)
    p = _real_input(p, "power", "p")
    if p.dtype not in _dtypes.COMPLEX_FLOATING and bool(_any(_negative(p))):
        p = multiply(p, 1.0)  # NumPy's _fix_int_lt_zero: ints to float64, floats kept
    return pow(x, p)


def arccos(x: ArrayLike) -> Array:
    """Inverse cosine; complex for |x| > 1."""
    return acos(_complex_if(_real_input(x, "arccos"), _beyond_one))


def arcsin(x: ArrayLike) -> Array:
    """Inverse sine; complex for |x| > 1."""
    return asin(_complex_if(_real_input(x, "arcsin"), _beyond_one))


def arctanh(x: ArrayLike) -> Array:
    """Inverse hyperbolic tangent; complex for |x| > 1 (+-inf at +-1)."""
    return atanh(_complex_if(_real_input(x, "arctanh"), _beyond_one))

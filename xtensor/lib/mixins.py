"""NumPy's `numpy.lib.mixins`: `NDArrayOperatorsMixin` itself.

A class that defines `__array_ufunc__` and derives from it gets Python's operators through
NumPy's ufuncs, which NumPy hands to that `__array_ufunc__`; xtensor Arrays held inside such a
class take part as they do in NumPy's own ufunc calls (`numpy.add(x, 1)` of an Array is an
Array). xtensor's functions (`xtensor.sin(obj)`) do not call `__array_ufunc__` of other types.
"""

from __future__ import annotations

from numpy.lib.mixins import NDArrayOperatorsMixin

__all__ = ["NDArrayOperatorsMixin"]

"""NumPy's `numpy.lib.scimath`: the functions of `xtensor.emath` (NumPy's `numpy.emath` is
this module too), whose results turn complex where the real answer does not exist."""

from __future__ import annotations

from xtensor.emath import arccos, arcsin, arctanh, log, log2, log10, logn, power, sqrt

__all__ = ["sqrt", "log", "log2", "logn", "log10", "power", "arccos", "arcsin", "arctanh"]

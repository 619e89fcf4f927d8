"""xtensor.exceptions: NumPy's `numpy.exceptions`, importable as NumPy scripts import it.

Every name is NumPy's own class, not a look-alike, so one `except` clause catches what either
library raises: `except xtensor.exceptions.AxisError` catches NumPy's errors, and
`except numpy.exceptions.AxisError` catches xtensor's. That holds because xtensor raises these
very classes: axis checks raise the `AxisError` of `_core.axes` (NumPy's, a ValueError and an
IndexError), and the ufunc layer warns with NumPy's `ComplexWarning`. The others
(`DTypePromotionError`, `TooHardError`, the deprecation warnings, `RankWarning`) are here for
`except` clauses and `warnings.filterwarnings` calls in NumPy scripts.
"""

from __future__ import annotations

from numpy.exceptions import (
    ComplexWarning,
    DTypePromotionError,
    ModuleDeprecationWarning,
    RankWarning,
    TooHardError,
    VisibleDeprecationWarning,
)

from ._core.axes import AxisError

__all__ = [
    "AxisError",
    "ComplexWarning",
    "DTypePromotionError",
    "ModuleDeprecationWarning",
    "RankWarning",
    "TooHardError",
    "VisibleDeprecationWarning",
]

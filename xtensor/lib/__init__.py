"""NumPy's `numpy.lib` for xtensor arrays: `xtensor.lib.stride_tricks` (as_strided and
sliding_window_view), importable as NumPy scripts import `numpy.lib.stride_tricks`."""

from __future__ import annotations

# Spelled absolutely: `from . import stride_tricks` reads as the package importing itself.
import xtensor.lib.stride_tricks as stride_tricks

__all__ = ["stride_tricks"]

"""NumPy's `numpy.lib.introspect`: `opt_func_info` reports the CPU features NumPy's ufunc loops
were built for and dispatch to, which are xtensor's CPU loops too."""

from __future__ import annotations

from numpy.lib.introspect import opt_func_info

__all__ = ["opt_func_info"]

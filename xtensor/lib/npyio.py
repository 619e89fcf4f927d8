"""NumPy's `numpy.lib.npyio`: `NpzFile` is xtensor's, the class of what `xtensor.load` gives for
a `.npz` archive (a mapping of names to Arrays); `DataSource`, which only opens files and URLs,
is NumPy's own."""

from __future__ import annotations

from numpy.lib.npyio import DataSource

from xtensor._numpy_io import NpzFile

__all__ = ["DataSource", "NpzFile"]

"""NumPy's `numpy.lib` for xtensor arrays, importable as NumPy scripts import its parts:
`stride_tricks` (as_strided, sliding_window_view), `array_utils` (byte_bounds and the axis
normalizers), `scimath` (`xtensor.emath`'s functions), `format` (`.npy` files read and written
as Arrays), `npyio` (`NpzFile`, what `load` gives for a `.npz`), `introspect`, `mixins` and
the classes `NumpyVersion` and `Arrayterator`, which are NumPy's own (`Arrayterator` slices
the array it is given, so it yields xtensor Arrays for an xtensor Array). `recfunctions` is
not provided: its masked-array forms (`usemask=True`, the default of append_fields,
stack_arrays, join_by) are NumPy's masked arrays, not xtensor's.
"""

from __future__ import annotations

from numpy.lib import Arrayterator, NumpyVersion

# Spelled absolutely: `from . import stride_tricks` reads as the package importing itself.
import xtensor.lib.array_utils as array_utils
import xtensor.lib.format as format
import xtensor.lib.introspect as introspect
import xtensor.lib.mixins as mixins
import xtensor.lib.npyio as npyio
import xtensor.lib.scimath as scimath
import xtensor.lib.stride_tricks as stride_tricks

__all__ = [
    "Arrayterator",
    "NumpyVersion",
    "array_utils",
    "format",
    "introspect",
    "mixins",
    "npyio",
    "scimath",
    "stride_tricks",
]

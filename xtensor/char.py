"""`xtensor.char`: NumPy's legacy `numpy.char`, element-wise functions of string arrays.

The same thin wrappers as `xtensor.strings` (see there), over `numpy.char`, which adds `join`,
`compare_chararrays` and `split`, `rsplit` and `splitlines`: the last three return NumPy's
object arrays of lists, which xtensor keeps on the CPU as it keeps strings (Note [Host-only
dtypes] in `_core/dtypes.py`).
The `chararray` class is an ndarray subclass, which xtensor has not: it is left out.
"""

from __future__ import annotations

import numpy as np

from .strings import NAMES as _STRINGS_NAMES
from .strings import wrapper as _wrapper

NAMES = tuple(
    n
    for n in (*_STRINGS_NAMES, "join", "split", "rsplit", "splitlines", "compare_chararrays")
    if n != "slice" and hasattr(np.char, n)
)
globals().update({name: _wrapper(np.char, name, f"char.{name}") for name in NAMES})

__all__ = sorted(NAMES)  # noqa: PLE0605 (built from the list above)

"""NumPy-only names (not in the Array API standard) that NumPy scripts use most, collected.

So that `import xtensor as np` runs ordinary NumPy scripts. The functions live by theme:
`_numpy_shape` (stacking, splitting, atleast_Nd), `_numpy_math` (closeness, rounding, NaN
cleanup, interp), `_numpy_matrix` (diag, diagonal, trace, cross) and `_numpy_stats` (order
statistics, NaN reductions, cov, histogram). This module gathers their `NUMPY_ALIASES` into one
dict and `__all__`, imported by `xtensor/__init__.py` as one block, plus NumPy's own display
and floating-point error-state knobs (repr and the CPU loops are NumPy's, so they act on
xtensor too). No name here may shadow a standard one (a test checks it).
"""

from __future__ import annotations

import numpy as np

from ._array import Array
from ._numpy_math import NUMPY_ALIASES as _MATH
from ._numpy_matrix import NUMPY_ALIASES as _MATRIX
from ._numpy_shape import NUMPY_ALIASES as _SHAPE
from ._numpy_stats import NUMPY_ALIASES as _STATS

_NUMPY_OWN = {
    "ndarray": Array,
    "errstate": np.errstate,
    "set_printoptions": np.set_printoptions,
    "get_printoptions": np.get_printoptions,
    "printoptions": np.printoptions,
}

NUMPY_ALIASES: dict = {**_SHAPE, **_MATH, **_MATRIX, **_STATS, **_NUMPY_OWN}
globals().update(NUMPY_ALIASES)

__all__ = sorted(NUMPY_ALIASES)  # noqa: PLE0605 (built from the dict, as in _aliases.py)

"""NumPy-only names (not in the Array API standard) that NumPy scripts use most, collected.

So that `import xtensor as np` runs ordinary NumPy scripts. The functions live by theme:
`_numpy_shape` (stacking, splitting, atleast_Nd), `_numpy_math` (closeness, rounding, NaN
cleanup, interp), `_numpy_matrix` (diag, diagonal, trace, cross), `_numpy_matrix_make`
(NumPy's matrix class, asmatrix, bmat), `_numpy_stats` (order statistics, NaN reductions,
cov, histogram), `_numpy_creation`, `_numpy_index` (index
arithmetic, put/take variants, sets), `_numpy_io` (files), `_numpy_poly` (polynomials,
windows), `_numpy_printing` (repr and print options) and `_numpy_types` (scalar types and
dtype utilities). This module gathers their `NUMPY_ALIASES` into one
dict and `__all__`, imported by `xtensor/__init__.py` as one block, plus NumPy's own display
and floating-point error-state knobs (repr and the CPU loops are NumPy's, so they act on
xtensor too). No name here may shadow a standard one (a test checks it).
"""

from __future__ import annotations

import sys

import numpy as np

from . import _numpy_protocols  # noqa: F401  (installs Array's NumPy protocol handlers)
from ._array import Array
from ._numpy_creation import NUMPY_ALIASES as _CREATION
from ._numpy_index import NUMPY_ALIASES as _INDEX
from ._numpy_io import NUMPY_ALIASES as _IO
from ._numpy_math import NUMPY_ALIASES as _MATH
from ._numpy_matrix import NUMPY_ALIASES as _MATRIX
from ._numpy_matrix_make import NUMPY_ALIASES as _MATRIX_CLASS
from ._numpy_poly import NUMPY_ALIASES as _POLY
from ._numpy_printing import NUMPY_ALIASES as _PRINTING
from ._numpy_shape import NUMPY_ALIASES as _SHAPE
from ._numpy_stats import NUMPY_ALIASES as _STATS
from ._numpy_types import NUMPY_ALIASES as _TYPES

_NUMPY_OWN = {
    "ndarray": Array,
    # NumPy's own packages, on NumPy's arrays (an xtensor Array converts to one on the way in):
    # `np.ma.masked_where(x > 2, x)` and `np.polynomial.Polynomial.fit(x, y, 2)` run and print
    # as under NumPy, and xtensor's ufuncs leave a masked array to NumPy (its mask kept).
    "ma": np.ma,
    "polynomial": np.polynomial,
    # and its modules of types: `np.dtypes.StringDType()`, `np.typing.NDArray[np.float64]`
    "dtypes": np.dtypes,
    "typing": np.typing,
    "errstate": np.errstate,
    "set_printoptions": np.set_printoptions,
    "get_printoptions": np.get_printoptions,
    "printoptions": np.printoptions,
}

NUMPY_ALIASES: dict = {
    **_NUMPY_OWN,
    **_SHAPE,
    **_MATH,
    **_MATRIX,
    **_MATRIX_CLASS,
    **_STATS,
    **_CREATION,
    **_INDEX,
    **_IO,
    **_POLY,
    **_PRINTING,
    **_TYPES,
}
globals().update(NUMPY_ALIASES)

# `import numpy.ma as ma`, `from numpy.polynomial import Polynomial` and `numpy.dtypes` or
# `numpy.typing` imports become `import xtensor.ma as ma`... under `import xtensor as np`: the
# import system looks the dotted name up in sys.modules, so NumPy's loaded packages and their
# submodules are entered there under xtensor's name too (the same module objects, not copies).
_PACKAGES = frozenset({"ma", "polynomial", "dtypes", "typing"})
for _name, _module in list(sys.modules.items()):
    if _name.startswith("numpy.") and _name.split(".")[1] in _PACKAGES:
        sys.modules.setdefault("xtensor" + _name[len("numpy") :], _module)
del _name, _module

__all__ = sorted(NUMPY_ALIASES)  # noqa: PLE0605 (built from the dict, as in _aliases.py)

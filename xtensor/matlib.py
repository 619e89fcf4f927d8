"""`xtensor.matlib`: NumPy's `numpy.matlib`, the namespace whose creation functions answer
matrices: `empty`, `zeros`, `ones`, `identity`, `eye`, `rand`, `randn` and `repmat`; every
other name is the main namespace's own (`matlib.sum`, `matlib.matrix`), as in NumPy.

Importing it warns (PendingDeprecationWarning), as importing `numpy.matlib` does.
"""

from __future__ import annotations

import os
import sys
import warnings
from typing import Any

from . import random as _random
from ._array import Array
from ._creation import asarray
from ._creation import empty as _empty
from ._creation import eye as _eye
from ._creation import ones as _ones
from ._creation import zeros as _zeros
from ._manipulation import reshape, tile
from ._numpy_matrix_class import as_result, matrix, warn_made

_IMPORT_WARNING = (
    "Importing from numpy.matlib is deprecated since 1.19.0. The matrix subclass is not the "
    "recommended way to represent matrices or deal with linear algebra (see "
    "https://docs.scipy.org/doc/numpy/user/numpy-for-matlab-users.html). Please adjust your "
    "code to use regular ndarray. "
)  # NumPy's own words


def _warn_importer() -> None:
    """The import warning, at the line that imported this module (past the import machinery
    and xtensor's own lazy `xtensor.matlib` lookup)."""
    inside = os.path.dirname(__file__)
    frame = sys._getframe(1)
    while frame is not None and (
        frame.f_code.co_filename.startswith((inside, "<frozen importlib"))
    ):
        frame = frame.f_back
    if frame is None:
        warnings.warn(_IMPORT_WARNING, PendingDeprecationWarning, stacklevel=2)
        return
    globs = frame.f_globals
    warnings.warn_explicit(
        _IMPORT_WARNING,
        PendingDeprecationWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
        module=globs.get("__name__", "<string>"),
        registry=globs.setdefault("__warningregistry__", {}),
    )


_warn_importer()


def empty(shape: Any, dtype: Any = None, order: str = "C") -> matrix:
    """A matrix of `shape` (an int: one row) with its values not set."""
    return as_result(_empty(shape, dtype=dtype, order=order))


def zeros(shape: Any, dtype: Any = None, order: str = "C") -> matrix:
    """A matrix of `shape` (an int: one row) filled with zeros."""
    return as_result(_zeros(shape, dtype=dtype, order=order))


def ones(shape: Any, dtype: Any = None, order: str = "C") -> matrix:
    """A matrix of `shape` (an int: one row) filled with ones."""
    return as_result(_ones(shape, dtype=dtype, order=order))


def identity(n: int, dtype: Any = None) -> matrix:
    """The n x n identity matrix."""
    return as_result(_eye(n, dtype=dtype))


def eye(n: int, M: int | None = None, k: int = 0, dtype: Any = float, order: str = "C") -> matrix:
    """An n x M matrix with ones on diagonal `k` (0: the main one) and zeros elsewhere."""
    x = _eye(n, M, k=k, dtype=dtype)
    if order == "F":
        x = x.copy(order="F")
    warn_made()  # (NumPy's goes through asmatrix, which warns)
    return as_result(x)


def rand(*args: Any) -> matrix:
    """A matrix of uniform [0, 1) draws, from the legacy random state (`random.seed`); the
    shape as numbers or one tuple."""
    if args and isinstance(args[0], tuple):
        args = args[0]
    warn_made()
    return as_result(_random.rand(*args))


def randn(*args: Any) -> matrix:
    """A matrix of standard normal draws, from the legacy random state (`random.seed`); the
    shape as numbers or one tuple."""
    if args and isinstance(args[0], tuple):
        args = args[0]
    warn_made()
    return as_result(_random.randn(*args))


def repmat(a: Any, m: int, n: int) -> Any:
    """`a` (read as 2-d: a scalar 1x1, a 1-d array one row) repeated m times down and n times
    across; a matrix for a matrix, else an array."""
    x = a if isinstance(a, Array) else asarray(a)
    rows, cols = (1, 1) if x.ndim == 0 else (1, x.shape[0]) if x.ndim == 1 else x.shape
    out = tile(reshape(x, (rows, cols)), (m, n))
    return as_result(out) if isinstance(a, matrix) else out


_OWN = ["empty", "zeros", "ones", "identity", "eye", "rand", "randn", "repmat"]
_OWN += ["matrix", "asmatrix", "bmat"]


def __getattr__(name: str) -> Any:
    # every other name of numpy.matlib is the main namespace's, as NumPy's module star-imports
    try:
        return getattr(Array._namespace, name)
    except AttributeError:
        raise AttributeError(f"module 'xtensor.matlib' has no attribute {name!r}") from None


def __dir__() -> list:
    return sorted(set(globals()) | set(dir(Array._namespace)))


__all__ = sorted(set(_OWN) | set(Array._namespace.__all__))  # noqa: PLE0605

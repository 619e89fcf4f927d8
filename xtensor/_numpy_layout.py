"""NumPy-only queries about arrays and their memory: ndim, shape, size, isscalar, iterable,
may_share_memory, shares_memory and isfortran; the `broadcast` object, the `flatiter` type
of `x.flat` and the `little_endian` flag.

They answer from an Array's own attributes and backing buffer, so they work for CUDA arrays
too; anything else (lists, NumPy arrays, scalars) is answered by NumPy itself, exactly as
NumPy answers it. Exported with the shape theme (`_numpy_shape`).
"""

from __future__ import annotations

import math
import numbers
import sys
from typing import Any

import numpy as np

from ._array import Array, backing
from ._array_views import flatiter
from ._manipulation import broadcast_to
from ._numpy_helpers import as_array
from ._numpy_run import module, numpy_errors
from ._typing import ArrayLike


def ndim(a: ArrayLike) -> int:
    """The number of dimensions of `a` (0 for a scalar)."""
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def shape(a: ArrayLike) -> tuple[int, ...]:
    """The shape of `a` (() for a scalar)."""
    return a.shape if isinstance(a, Array) else np.shape(a)


def size(a: ArrayLike, axis: int | tuple[int, ...] | None = None) -> int:
    """The number of elements of `a`, or along `axis` (an int or a tuple of ints)."""
    if not isinstance(a, Array):
        with numpy_errors("size"):
            return np.size(a, axis)
    if axis is None:
        return a.size
    if type(axis) is int and -a.ndim <= axis < a.ndim:  # `size(x, 0)`, the common one
        return a.shape[axis]
    # NumPy's own axis checks, on a zero-byte stand-in of a's shape
    with numpy_errors("size"):
        return np.size(np.broadcast_to(np.False_, a.shape), axis)


def isscalar(element: object) -> bool:
    """Whether `element` is a Python or NumPy scalar, or a 0-d CPU Array standing for one (an
    element, a reduction's answer: Note [0-d arrays print as scalars] in _array.py); 0-d
    arrays made as arrays (`asarray(5)`) are not scalars, as NumPy's are not."""
    t = type(element)
    if t is Array:
        d = element._data
        return type(d) is np.ndarray and not d.ndim and not getattr(element, "_as_ndarray", 0)
    # NumPy's test, with its tuple of scalar types read as a set first
    return t in _SCALAR_TYPES or isinstance(element, (np.generic, numbers.Number))


_SCALAR_TYPES = frozenset(np.ScalarType)


def iterable(y: object) -> bool:
    """Whether `iter(y)` works (False for 0-d arrays)."""
    return np.iterable(y)


def _buffers(a, b, func: str):
    """The backing data of a and b, or None when they live on different devices."""
    da, db = backing(a, func, "a", scalars=False), backing(b, func, "b", scalars=False)
    return (da, db) if type(da) is type(db) else None


def may_share_memory(a: Any, b: Any, /, max_work: int | None = 0) -> bool:
    """Whether a and b might share memory: their memory bounds overlap (max_work=0), or an
    exact answer within `max_work` steps."""
    pair = _buffers(a, b, "may_share_memory")
    if pair is None:
        return False
    with numpy_errors("may_share_memory"):
        if type(pair[0]) is np.ndarray:
            return bool(np.may_share_memory(*pair, max_work=max_work))
        return bool(module(a.device).may_share_memory(*pair, max_work=max_work or None))


def shares_memory(a: Any, b: Any, /, max_work: int | None = -1) -> bool:
    """Whether a and b share memory, exactly (max_work=-1), or within `max_work` steps."""
    pair = _buffers(a, b, "shares_memory")
    if pair is None:
        return False
    with numpy_errors("shares_memory"):
        if type(pair[0]) is np.ndarray:
            return bool(np.shares_memory(*pair, max_work=max_work))
        cap = None if max_work == -1 else max_work
        return bool(module(a.device).shares_memory(*pair, max_work=cap))


def isfortran(a: Array) -> bool:
    """Whether `a` is Fortran-contiguous and not also C-contiguous (1-D arrays are not)."""
    if not isinstance(a, Array):
        return np.isfortran(a)
    flags = a._data.flags
    return bool(flags.f_contiguous and not flags.c_contiguous)


# --- broadcast objects ------------------------------------------------------------------------


class broadcast:
    """NumPy's `broadcast(*args)`: the shape, size and dimensions that the arguments broadcast
    to, and an iterator over tuples of their broadcast elements (0-d Arrays, as xtensor's
    iteration gives). `iters` are flat iterators over each argument broadcast to `shape`.
    """

    __module__ = "xtensor"

    def __init__(self, *args: ArrayLike) -> None:
        if len(args) > 64:
            raise ValueError(f"broadcast: at most 64 arguments are allowed; got {len(args)}")
        arrays = [as_array(a, "broadcast", f"args[{i}]") for i, a in enumerate(args)]
        with numpy_errors("broadcast"):
            self.shape: tuple[int, ...] = np.broadcast_shapes(*(a.shape for a in arrays))
        self._views = tuple(broadcast_to(a, self.shape) for a in arrays)
        self.index = 0

    @property
    def ndim(self) -> int:
        return len(self.shape)

    nd = ndim

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def numiter(self) -> int:
        return len(self._views)

    @property
    def iters(self) -> tuple[flatiter, ...]:
        return tuple(v.flat for v in self._views)

    def reset(self) -> None:
        """Go back to the first element."""
        self.index = 0

    def __iter__(self) -> broadcast:
        return self

    def __next__(self) -> tuple[Array, ...]:
        if self.index >= self.size:
            raise StopIteration
        where = np.unravel_index(self.index, self.shape)
        self.index += 1
        return tuple(v[where] for v in self._views)


NUMPY_ALIASES: dict = {
    "broadcast": broadcast,
    "flatiter": flatiter,
    "little_endian": sys.byteorder == "little",
    "ndim": ndim,
    "shape": shape,
    "size": size,
    "isscalar": isscalar,
    "iterable": iterable,
    "may_share_memory": may_share_memory,
    "shares_memory": shares_memory,
    "isfortran": isfortran,
}

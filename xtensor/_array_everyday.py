"""Array's everyday NumPy methods (`x.ravel()`, `x.sort()`, `x.real`, `x.take(i)`...), each with
a first branch for a CPU array and NumPy's default options.

Each method otherwise calls its namespace function, as `_array_methods` says why; those calls
cost 10 to 30 times NumPy's own method on a small array (argument checks, the namespace
lookup, error-naming context managers). The first branch of each method is what that call
returns for a NumPy buffer and plain arguments, computed by the ndarray's own method: the same
values, dtype, strides, view-or-copy and errors. Anything else (keywords, a device's buffer,
an argument NumPy would refuse) falls through to the checked call, which words the errors.
`_array_methods.attach` copies these methods onto Array.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, SupportsIndex

import numpy as np

from ._array import Array, _new, kept, wrap
from ._core import dtypes as _dtypes
from ._dispatch.compiled import sorts_in_place
from ._dispatch.elementwise import SMALL_NUMEL
from ._dispatch.host_threads import flattened
from ._numpy_run import numpy_errors
from ._numpy_run import written_into as _into
from ._sorting import _FAST_MIN
from ._typing import ArrayLike, AxisLike, Scalar

_NDARRAY = np.ndarray
_ORDERS = ("C", "F", "A", "K")  # NumPy's memory orders (others: its error, worded)
_FLOAT64 = np.dtype(np.float64)
_INDEX = _dtypes.DEFAULT_INDEX.numpy
_CLIP = np._core.umath.clip  # np.clip's ufunc, without its Python wrapper


def _ns():
    return Array._namespace


def _varargs(values):
    """NumPy's `x.reshape(2, 3)`, `x.reshape((2, 3))` and `x.reshape(sizes)` (a 1-d integer
    array, as NumPy reads one) spellings, as one tuple."""
    if len(values) == 1 and getattr(values[0], "ndim", 0) == 1:
        return tuple(values[0].tolist())
    return tuple(values[0]) if len(values) == 1 and isinstance(values[0], (tuple, list)) else values


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _take(x: Array, indices, axis, mode: str) -> Array:
    """NumPy's take: indices of any shape, out-of-range ones refused, wrapped or clipped."""
    ind = _ns().asarray(indices, device=x.device)._data
    if not ind.size and ind.dtype.kind == "f":  # `take([])`: NumPy reads [] as intp indices
        ind = ind.astype(np.intp)
    with numpy_errors("take"):
        r = x._data.take(ind, axis=axis, mode=mode)
    return wrap(np.asarray(r) if isinstance(r, np.generic) else r)  # a 0-d index: a scalar


def _in_place_axis(axis, func: str) -> None:
    if axis is None:  # NumPy's TypeError: a flattened copy cannot be written back in place
        raise TypeError(
            f"{func}: the method works in place along one int axis; got axis=None "
            f"(xtensor.{func}(x, axis=None) gives a flattened copy)"
        )


class _NumPyMethods:
    """The methods `_array_methods.attach` copies onto Array (a holder, never instantiated).
    Its name is `_array_methods`' holder's, which Python's arity errors name
    (`_NumPyMethods.take() missing 1 required positional argument`)."""

    # --- views and shapes: the namespace functions' own first branches, without their frames

    def transpose(self, *axes: SupportsIndex | Sequence[SupportsIndex]) -> Array:
        if len(axes) == 1 and axes[0] is None:  # NumPy's spelling of no axes given
            axes = ()
        if not axes and type(d := self._data) is _NDARRAY:
            r = _new(Array)  # wrap(), inlined here and below: the call is NumPy's but for it
            r._data = d.transpose()
            return r if d.ndim else kept(self, r)
        return _ns().transpose(self, _varargs(axes) if axes else None)

    def swapaxes(self, axis1: int, axis2: int, /) -> Array:
        if type(d := self._data) is _NDARRAY and type(axis1) is type(axis2) is int:
            try:  # an axis NumPy refuses: the namespace words the error
                view = d.swapaxes(axis1, axis2)
            except ValueError:
                pass
            else:
                r = _new(Array)
                r._data = view
                return r
        return _ns().swapaxes(self, axis1, axis2)

    def squeeze(self, axis: AxisLike | list[int] = None) -> Array:
        if axis is None and type(d := self._data) is _NDARRAY and d.size:
            if (v := d.squeeze()) is d:
                return self  # nothing goes: NumPy's method answers the array itself too
            r = _new(Array)
            r._data = v
            return kept(self, r)
        return _ns().squeeze(self, _axis(axis))

    def flatten(self, order: str = "C") -> Array:
        if type(d := self._data) is _NDARRAY and type(order) is str and order in _ORDERS:
            r = _new(Array)  # NumPy's flatten: a copy in `order` that owns its memory
            r._data = flattened(d) if order == "C" else d.flatten(order)  # (C: maybe cached)
            return r
        if order == "C":
            return _ns().reshape(self, (-1,), copy=True)
        with numpy_errors("flatten"):
            return wrap(self._data.flatten(order))

    def ravel(self, order: str = "C") -> Array:
        if type(d := self._data) is _NDARRAY and type(order) is str and order in _ORDERS:
            r = _new(Array)  # NumPy's: a view of data laid out in `order`, else a copy
            r._data = d.ravel(order)
            return r
        if order == "C":
            return _ns().reshape(self, (-1,))
        with numpy_errors("ravel"):
            return wrap(self._data.ravel(order))

    def repeat(self, repeats: int | Array, axis: int | None = None) -> Array:
        if type(d := self._data) is _NDARRAY and type(repeats) is int and repeats >= 0:
            if axis is None or type(axis) is int and -d.ndim <= axis < d.ndim:
                r = _new(Array)
                r._data = d.repeat(repeats, axis)
                return r
        return _ns().repeat(self, repeats, axis=axis)

    # --- complex parts ----------------------------------------------------------------------

    @property
    def real(self) -> Array:
        r = _new(Array)  # a view, as NumPy's (a real array is its own real part)
        r._data = self._data.real
        return kept(self, r)

    @real.setter
    def real(self, value: ArrayLike) -> None:
        # `a.real = v` writes through the view, as NumPy's does (a real array is its own real
        # part); __setitem__'s checks apply, so a complex value is refused, not truncated.
        wrap(self._data.real)[...] = value

    @property
    def imag(self) -> Array:
        r = _new(Array)  # a view for complex arrays; read-only zeros otherwise
        r._data = self._data.imag
        return kept(self, r)

    @imag.setter
    def imag(self, value: ArrayLike) -> None:
        if self._data.dtype.kind != "c":  # NumPy's imag of a real array is a read-only copy
            raise TypeError(f"imag: array of dtype {self.dtype.name} has no imaginary part to set")
        wrap(self._data.imag)[...] = value

    def conj(self) -> Array:
        d = self._data
        if type(d) is _NDARRAY:
            if d.dtype.kind in "biuf":
                return self  # a real array is its own conjugate: NumPy's method answers it
            # the namespace's small call is NumPy's loop in one chunk
            if d.ndim and d.dtype.kind == "c" and d.size < SMALL_NUMEL:
                r = _new(Array)
                r._data = d.conjugate()
                return r
        return _ns().conj(self)

    def conjugate(self) -> Array:
        return _NumPyMethods.conj(self)

    # --- arithmetic -------------------------------------------------------------------------

    def dot(self, b: ArrayLike, out: Array | None = None) -> Array:  # NumPy's names
        if out is None:
            return self._namespace.dot(self, b)
        return _into(_ns().dot(self, b), out, "dot")

    def clip(
        self,
        min: ArrayLike | None = None,
        max: ArrayLike | None = None,
        out: Array | None = None,
    ) -> Array:
        if out is None and type(min) in _NUMBERS and type(max) in _NUMBERS:
            d = self._data  # clip's own first branch: a float array between Python numbers
            if type(d) is _NDARRAY and d.dtype.kind == "f" and d.size < SMALL_NUMEL:
                if d.flags.c_contiguous:
                    v = _CLIP(d, min, max)
                    r = _new(Array)
                    r._data = v if type(v) is _NDARRAY else np.asarray(v)  # 0-d: a scalar
                    return r
        return _into(_ns().clip(self, min, max), out, "clip")

    def round(self, decimals: int = 0, out: Array | None = None) -> Array:
        if out is None and type(decimals) is int:
            d = self._data  # around's call of np.round, whose answer is d.round's
            if type(d) is _NDARRAY and d.ndim and d.dtype.kind in "iufc":
                r = _new(Array)
                r._data = d.round(decimals)
                return r
        return _ns().around(self, decimals, out)  # out: NumPy's casting checks

    # --- sorting and searching --------------------------------------------------------------

    def argsort(
        self,
        axis: int | None = -1,
        kind: str | None = None,
        order: None = None,
        *,
        stable: bool | None = None,
    ) -> Array:
        if kind is None and order is None and stable is None and type(axis) is int:
            d = self._data  # argsort's own first branch below _FAST_MIN: NumPy's stable sort
            if type(d) is _NDARRAY and -d.ndim <= axis < d.ndim and d.size < _FAST_MIN:
                r = _new(Array)
                r._data = d.argsort(axis, "stable").astype(_INDEX, copy=False)
                return r
        return _ns().argsort(self, axis, kind, order, stable=stable)

    def sort(
        self,
        axis: int = -1,
        kind: str | None = None,
        order: None = None,
        *,
        stable: bool | None = None,
    ) -> None:
        """In place, as NumPy's method is (the namespace's `sort` returns a new array)."""
        _in_place_axis(axis, "sort")
        d = self._data
        if type(d) is _NDARRAY and kind is None and order is None and stable is None:
            # A stable sort's values are unique, so sorting in place writes what the copy
            # below would: NumPy's stable sort under _FAST_MIN elements, its fast one where
            # that writes the same values and no radix sort beats it; else the namespace's.
            small = d.size < _FAST_MIN
            if type(axis) is int and (small or sorts_in_place(d, axis)):
                try:  # a read-only array, a bad axis: the checked path words the error
                    d.sort(axis, "stable" if small else None)
                except ValueError:
                    pass
                else:
                    return
        self[...] = _ns().sort(self, axis, kind, order, stable=stable)

    def searchsorted(
        self,
        v: ArrayLike,
        side: Literal["left", "right"] = "left",
        sorter: ArrayLike | None = None,
    ) -> Array:
        d = self._data
        t = type(v)
        if sorter is None and type(d) is _NDARRAY and (side == "left" or side == "right"):
            # searchsorted's own first branch: a float64 array and a Python float (NumPy reads
            # it as float64: nothing to convert), or a CPU Array; d not 1-d: NumPy's
            # ValueError, which the checked path words
            if t is float and d.dtype is _FLOAT64:
                try:
                    found = d.searchsorted(v, side)
                except ValueError:
                    pass
                else:
                    r = _new(Array)
                    r._data = found.__array__(_INDEX)  # an intp scalar, as a 0-d index array
                    return r
            elif t is Array and type(w := v._data) is _NDARRAY and d.ndim == 1:
                r = _new(Array)
                r._data = np.asarray(d.searchsorted(w, side), _INDEX)
                return r
        sorter = None if sorter is None else _ns().asarray(sorter, device=self.device)
        return _ns().searchsorted(self, v, side=side, sorter=sorter)

    def nonzero(self) -> tuple[Array, ...]:
        return self._namespace.nonzero(self)

    # --- elements ---------------------------------------------------------------------------

    def take(
        self,
        indices: ArrayLike,
        axis: int | None = None,
        out: Array | None = None,
        mode: str = "raise",
    ) -> Array:
        if axis is None and out is None and mode == "raise" and type(d := self._data) is _NDARRAY:
            # A flat list of Python ints (which asarray makes int64, NumPy's take intp; none:
            # NumPy's empty take, as the function's) or a CPU Array: NumPy's take of it. Other
            # lists stay below: NumPy's take would cast [1, 2.5] unsafely.
            t = type(indices)
            ind = indices._data if t is Array else indices
            if (t is list and _all_ints(indices)) or type(ind) is _NDARRAY:
                try:
                    v = d.take(ind)
                except (IndexError, TypeError, ValueError, OverflowError):
                    pass
                else:
                    r = _new(Array)
                    r._data = v if type(v) is _NDARRAY else np.asarray(v)  # 0-d: a scalar
                    return r
        return _into(_take(self, indices, axis, mode), out, "take")

    def fill(self, value: Scalar | Array) -> None:
        t = type(value)
        d = self._data
        # `x[...] = value` writes what NumPy's fill writes for a Python number of x's kind
        if type(d) is _NDARRAY and (
            t is float and d.dtype.kind in "fc" or t is int and d.dtype.kind in "iufc"
        ):
            try:  # read-only, an int out of range: __setitem__ words the error
                d.fill(value)
            except (ValueError, OverflowError):
                pass
            else:
                return
        self[...] = value


def _all_ints(values: list) -> bool:
    for v in values:
        if type(v) is not int:
            return False
    return True


_NUMBERS = frozenset({int, float})  # bounds a float array's result keeps its dtype beside

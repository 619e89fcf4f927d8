"""NumPy's array methods on `xtensor.Array`: one-liners over the namespace functions.

`Array` sits below the namespace, so it cannot import the functions its NumPy-style methods
call (`x.sum()`, `x.reshape(2, 3)`); the package's `__init__` calls `attach(xtensor)` once the
namespace is complete, and each method looks its function up there. NumPy's keyword names
are translated where the standard's differ (ddof -> correction), and `out=` writes the result
into the given Array, as NumPy's does. The methods about memory itself (view, flags, flat,
base, resize, byteswap...) live in `_array_views`; `attach` copies both sets.

Left out on purpose: `dump`, `dumps` and `tofile` (the file functions' theme), `ptp` and
`itemset` (gone from NumPy 2), and `__array_interface__` (it would make libraries treat an
Array as a NumPy array).
"""

from __future__ import annotations

import numpy as np

from ._array import Array, wrap
from ._array_views import MemoryMethods
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device
from ._numpy_io import ARRAY_METHODS as _FILE_METHODS
from ._numpy_run import numpy_errors


def _ns():
    return Array._namespace


def _varargs(values):
    """NumPy's `x.reshape(2, 3)` and `x.reshape((2, 3))` spellings, as one tuple."""
    return tuple(values[0]) if len(values) == 1 and isinstance(values[0], (tuple, list)) else values


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _cast(x: Array, dtype):
    return x if dtype is None else _ns().astype(x, dtype)


def _into(result: Array, out, func: str) -> Array:
    """NumPy's `out=`: the result written into `out` (cast as NumPy casts), which is returned."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    check_same_device(func, [result.device, out.device])
    if out.shape != result.shape:
        raise ValueError(f"{func}: out has shape {out.shape}, but the result has {result.shape}")
    with numpy_errors(func):
        out._data[...] = result._data
    return out


def _ordered(x: Array, order, func: str) -> Array:
    """`x` in memory order `order` ('C', 'F', 'A', 'K'), copied only when it is not."""
    if order in (None, "K", "A", "C") and (order != "C" or x._data.flags.c_contiguous):
        return x
    with numpy_errors(func):
        return wrap(x._data.copy(order=order))


class _NumPyMethods:
    """The methods `attach` copies onto Array (a plain holder, never instantiated)."""

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True, *, device=None):
        if casting != "unsafe":
            target = _dtypes.as_dtype(dtype, "astype")
            if not np.can_cast(self.dtype.numpy, target.numpy, casting):
                raise TypeError(
                    f"astype: cannot cast array data from {self.dtype.name} to "
                    f"{target.name} according to the rule {casting!r}"
                )
        return _ordered(_ns().astype(self, dtype, copy=copy, device=device), order, "astype")

    def reshape(self, *shape, order="C", copy=None) -> Array:
        if order == "C":
            return _ns().reshape(self, _varargs(shape), copy=copy)
        options = {} if copy is None else {"copy": copy}
        with numpy_errors("reshape"):
            return wrap(self._data.reshape(_varargs(shape), order=order, **options))

    def transpose(self, *axes) -> Array:
        return _ns().transpose(self, _varargs(axes) if axes else None)

    def swapaxes(self, axis1, axis2, /) -> Array:
        return _ns().swapaxes(self, axis1, axis2)

    def squeeze(self, axis=None) -> Array:
        return _ns().squeeze(self, _axis(axis))

    def flatten(self, order="C") -> Array:
        if order == "C":
            return _ns().reshape(self, (-1,), copy=True)
        with numpy_errors("flatten"):
            return wrap(self._data.flatten(order))

    def ravel(self, order="C") -> Array:
        if order == "C":
            return _ns().reshape(self, (-1,))
        with numpy_errors("ravel"):
            return wrap(self._data.ravel(order))

    def copy(self, order="C") -> Array:
        with numpy_errors("copy"):
            return wrap(self._data.copy(order=order))

    def __copy__(self) -> Array:
        return wrap(self._data.copy())

    def __deepcopy__(self, memo) -> Array:
        return wrap(self._data.copy())

    def __contains__(self, value) -> bool:
        """`value in x`: whether any element equals it, as NumPy's arrays answer."""
        if not isinstance(value, (Array, *SCALARS)):
            value = _ns().asarray(value, device=self.device)
        return bool(_ns().any(self == value))

    def tolist(self):
        return self._data.tolist()

    def item(self, *args):
        return self._data.item(*args)

    def fill(self, value) -> None:
        self[...] = value

    @property
    def real(self) -> Array:
        return wrap(self._data.real)  # a view, as NumPy's

    @real.setter
    def real(self, value) -> None:
        # `a.real = v` writes through the view, as NumPy's does (a real array is its own real
        # part); __setitem__'s checks apply, so a complex value is refused, not truncated.
        wrap(self._data.real)[...] = value

    @property
    def imag(self) -> Array:
        return wrap(self._data.imag)  # a view for complex arrays; read-only zeros otherwise

    @imag.setter
    def imag(self, value) -> None:
        if self._data.dtype.kind != "c":  # NumPy's imag of a real array is a read-only copy
            raise TypeError(f"imag: array of dtype {self.dtype.name} has no imaginary part to set")
        wrap(self._data.imag)[...] = value

    def conj(self) -> Array:
        return _ns().conj(self)

    def conjugate(self) -> Array:
        return _ns().conj(self)

    def dot(self, other, /, out=None) -> Array:
        return _into(_ns().dot(self, other), out, "dot")

    def clip(self, min=None, max=None, out=None) -> Array:
        return _into(_ns().clip(self, min, max), out, "clip")

    def round(self, decimals=0, out=None) -> Array:
        return _into(_ns().around(self, decimals), out, "round")

    def argsort(self, axis=-1, kind=None, order=None, *, stable=None) -> Array:
        _no_order(order, "argsort")
        return _ns().argsort(self, axis=axis)

    def sort(self, axis=-1, kind=None, order=None, *, stable=None) -> None:
        """In place, as NumPy's method is (the namespace's `sort` returns a new array)."""
        _no_order(order, "sort")
        self[...] = _ns().sort(self, axis=axis)

    def partition(self, kth, axis=-1, kind="introselect", order=None) -> None:
        """In place: the element at `kth` where a sort would put it, smaller ones before."""
        self[...] = _ns().partition(self, kth, axis=axis, kind=kind, order=order)

    def argpartition(self, kth, axis=-1, kind="introselect", order=None) -> Array:
        return _ns().argpartition(self, kth, axis=axis, kind=kind, order=order)

    def searchsorted(self, v, side="left", sorter=None) -> Array:
        sorter = None if sorter is None else _ns().asarray(sorter, device=self.device)
        return _ns().searchsorted(self, v, side=side, sorter=sorter)

    def nonzero(self) -> tuple:
        return _ns().nonzero(self)

    def compress(self, condition, axis=None, out=None) -> Array:
        return _ns().compress(condition, self, axis=axis, out=out)

    def choose(self, choices, out=None, mode="raise") -> Array:
        return _ns().choose(self, choices, out=out, mode=mode)

    def put(self, indices, values, mode="raise") -> None:
        _ns().put(self, indices, values, mode=mode)

    def repeat(self, repeats, axis=None) -> Array:
        return _ns().repeat(self, repeats, axis=axis)

    def take(self, indices, axis=None, out=None, mode="raise") -> Array:
        return _into(_take(self, indices, axis, mode), out, "take")

    def diagonal(self, offset=0, axis1=0, axis2=1) -> Array:
        return _ns().diagonal(self, offset, axis1, axis2)

    def trace(self, offset=0, axis1=0, axis2=1, dtype=None, out=None) -> Array:
        return _into(_ns().trace(self, offset, axis1, axis2, dtype), out, "trace")

    def sum(self, axis=None, dtype=None, out=None, *, keepdims=False) -> Array:
        total = _ns().sum(self, axis=_axis(axis), dtype=dtype, keepdims=keepdims)
        return _into(total, out, "sum")

    def prod(self, axis=None, dtype=None, out=None, *, keepdims=False) -> Array:
        product = _ns().prod(self, axis=_axis(axis), dtype=dtype, keepdims=keepdims)
        return _into(product, out, "prod")

    def mean(self, axis=None, dtype=None, out=None, *, keepdims=False) -> Array:
        average = _ns().mean(_cast(self, dtype), axis=_axis(axis), keepdims=keepdims)
        return _into(average, out, "mean")

    def std(self, axis=None, dtype=None, out=None, ddof=0, *, keepdims=False) -> Array:
        x = _cast(self, dtype)
        spread = _ns().std(x, axis=_axis(axis), correction=ddof, keepdims=keepdims)
        return _into(spread, out, "std")

    def var(self, axis=None, dtype=None, out=None, ddof=0, *, keepdims=False) -> Array:
        x = _cast(self, dtype)
        spread = _ns().var(x, axis=_axis(axis), correction=ddof, keepdims=keepdims)
        return _into(spread, out, "var")

    def max(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().max(self, axis=_axis(axis), keepdims=keepdims), out, "max")

    def min(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().min(self, axis=_axis(axis), keepdims=keepdims), out, "min")

    def argmax(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().argmax(self, axis=axis, keepdims=keepdims), out, "argmax")

    def argmin(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().argmin(self, axis=axis, keepdims=keepdims), out, "argmin")

    def any(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().any(self, axis=_axis(axis), keepdims=keepdims), out, "any")

    def all(self, axis=None, out=None, *, keepdims=False) -> Array:
        return _into(_ns().all(self, axis=_axis(axis), keepdims=keepdims), out, "all")

    def cumsum(self, axis=None, dtype=None, out=None) -> Array:
        return _into(_ns().cumsum(self, axis=axis, dtype=dtype), out, "cumsum")

    def cumprod(self, axis=None, dtype=None, out=None) -> Array:
        return _into(_ns().cumprod(self, axis=axis, dtype=dtype), out, "cumprod")


def _no_order(order, func: str) -> None:
    if order is not None:
        raise ValueError(f"{func}: Cannot specify order when the array has no fields.")


def _take(x: Array, indices, axis, mode: str) -> Array:
    """NumPy's take: indices of any shape, out-of-range ones refused, wrapped or clipped."""
    ind = _ns().asarray(indices, device=x.device)._data
    with numpy_errors("take"):
        return wrap(x._data.take(ind, axis=axis, mode=mode))


_DUNDERS = ("__copy__", "__deepcopy__", "__contains__")


def attach(namespace) -> None:
    """Give Array its NumPy-style methods and `__array_namespace__` target: `namespace`."""
    Array._namespace = namespace
    for holder in (_NumPyMethods, MemoryMethods):
        for name, member in vars(holder).items():
            if not name.startswith("__") or name in _DUNDERS:
                setattr(Array, name, member)
    for name in ("tofile", "dump", "dumps"):  # x.tofile(f) is _numpy_io.tofile(x, f)
        setattr(Array, name, _FILE_METHODS[name])

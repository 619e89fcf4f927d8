"""NumPy's array methods on `xtensor.Array`: one-liners over the namespace functions.

`Array` sits below the namespace, so it cannot import the functions its NumPy-style methods
call (`x.sum()`, `x.reshape(2, 3)`); the package's `__init__` calls `attach(xtensor)` once the
namespace is complete, and each method looks its function up there. NumPy's keyword names
are translated where the standard's differ (ddof -> correction).
"""

from __future__ import annotations

from ._array import Array, wrap


def _ns():
    return Array._namespace


def _varargs(values):
    """NumPy's `x.reshape(2, 3)` and `x.reshape((2, 3))` spellings, as one tuple."""
    return tuple(values[0]) if len(values) == 1 and isinstance(values[0], (tuple, list)) else values


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _cast(x: Array, dtype):
    return x if dtype is None else _ns().astype(x, dtype)


class _NumPyMethods:
    """The methods `attach` copies onto Array (a plain holder, never instantiated)."""

    def astype(self, dtype, copy=True, *, device=None) -> Array:
        return _ns().astype(self, dtype, copy=copy, device=device)

    def reshape(self, *shape, copy=None) -> Array:
        return _ns().reshape(self, _varargs(shape), copy=copy)

    def transpose(self, *axes) -> Array:
        return _ns().transpose(self, _varargs(axes) if axes else None)

    def swapaxes(self, axis1, axis2) -> Array:
        return _ns().swapaxes(self, axis1, axis2)

    def squeeze(self, axis=None) -> Array:
        return _ns().squeeze(self, axis)

    def flatten(self) -> Array:
        return _ns().reshape(self, (-1,), copy=True)

    def ravel(self) -> Array:
        return _ns().reshape(self, (-1,))

    def copy(self) -> Array:
        return wrap(self._data.copy())

    def __copy__(self) -> Array:
        return wrap(self._data.copy())

    def __deepcopy__(self, memo) -> Array:
        return wrap(self._data.copy())

    def tolist(self):
        return self._data.tolist()

    def item(self, *args):
        return self._data.item(*args)

    def fill(self, value) -> None:
        self[...] = value

    @property
    def real(self) -> Array:
        return wrap(self._data.real)  # a view, as NumPy's

    @property
    def imag(self) -> Array:
        return wrap(self._data.imag)  # a view for complex arrays; read-only zeros otherwise

    def conj(self) -> Array:
        return _ns().conj(self)

    def dot(self, other) -> Array:
        return _ns().dot(self, other)

    def clip(self, min=None, max=None) -> Array:
        return _ns().clip(self, min, max)

    def round(self, decimals=0) -> Array:
        return _ns().around(self, decimals)

    def argsort(self, axis=-1) -> Array:
        return _ns().argsort(self, axis=axis)

    def sort(self, axis=-1) -> None:
        """In place, as NumPy's method is (the namespace's `sort` returns a new array)."""
        self[...] = _ns().sort(self, axis=axis)

    def nonzero(self) -> tuple:
        return _ns().nonzero(self)

    def repeat(self, repeats, axis=None) -> Array:
        return _ns().repeat(self, repeats, axis=axis)

    def take(self, indices, axis=None) -> Array:
        if axis is None:
            return _ns().take(self.reshape(-1), _ns().asarray(indices))
        return _ns().take(self, _ns().asarray(indices), axis=axis)

    def diagonal(self, offset=0) -> Array:
        return _ns().linalg.diagonal(self, offset=offset)

    def trace(self, offset=0) -> Array:
        return _ns().linalg.trace(self, offset=offset)

    def sum(self, axis=None, dtype=None, *, keepdims=False) -> Array:
        return _ns().sum(self, axis=_axis(axis), dtype=dtype, keepdims=keepdims)

    def prod(self, axis=None, dtype=None, *, keepdims=False) -> Array:
        return _ns().prod(self, axis=_axis(axis), dtype=dtype, keepdims=keepdims)

    def mean(self, axis=None, dtype=None, *, keepdims=False) -> Array:
        return _ns().mean(_cast(self, dtype), axis=_axis(axis), keepdims=keepdims)

    def std(self, axis=None, dtype=None, *, ddof=0, keepdims=False) -> Array:
        return _ns().std(_cast(self, dtype), axis=_axis(axis), correction=ddof, keepdims=keepdims)

    def var(self, axis=None, dtype=None, *, ddof=0, keepdims=False) -> Array:
        return _ns().var(_cast(self, dtype), axis=_axis(axis), correction=ddof, keepdims=keepdims)

    def max(self, axis=None, *, keepdims=False) -> Array:
        return _ns().max(self, axis=_axis(axis), keepdims=keepdims)

    def min(self, axis=None, *, keepdims=False) -> Array:
        return _ns().min(self, axis=_axis(axis), keepdims=keepdims)

    def argmax(self, axis=None, *, keepdims=False) -> Array:
        return _ns().argmax(self, axis=axis, keepdims=keepdims)

    def argmin(self, axis=None, *, keepdims=False) -> Array:
        return _ns().argmin(self, axis=axis, keepdims=keepdims)

    def any(self, axis=None, *, keepdims=False) -> Array:
        return _ns().any(self, axis=_axis(axis), keepdims=keepdims)

    def all(self, axis=None, *, keepdims=False) -> Array:
        return _ns().all(self, axis=_axis(axis), keepdims=keepdims)

    def cumsum(self, axis=None, dtype=None) -> Array:
        return _ns().cumsum(self, axis=axis, dtype=dtype)

    def cumprod(self, axis=None, dtype=None) -> Array:
        return _ns().cumprod(self, axis=axis, dtype=dtype)


def attach(namespace) -> None:
    """Give Array its NumPy-style methods and `__array_namespace__` target: `namespace`."""
    Array._namespace = namespace
    for name, member in vars(_NumPyMethods).items():
        if not name.startswith("__") or name in ("__copy__", "__deepcopy__"):
            setattr(Array, name, member)

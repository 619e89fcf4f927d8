"""`xtensor.rec`: NumPy's record arrays, structured arrays whose fields read as attributes.

A structured array (`asarray(rows, dtype=[('name', 'U10'), ('age', 'i4')])`) is a host-only
array (Note [Host-only dtypes] in `_core/dtypes.py`): NumPy memory on the CPU, indexed by field
(`x['age']`, a view) as in NumPy. `recarray` is the same Array with NumPy's recarray
conveniences: `r.age` reads the field `age` (a recarray again when the field is itself
structured), `r.age = ...` writes it, indexing keeps records as recarrays, and the repr is
NumPy's `rec.array(...)`. The backing buffer stays a plain `numpy.ndarray` of a void dtype, as
for every CPU array; `array`, `fromarrays`, `fromrecords`, `fromstring` and `fromfile` are
NumPy's constructors, handed the backing arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array, wrap
from ._core.checks import prefixed
from ._core.convert import check_standard
from ._core.dtypes import from_numpy
from ._host_dtypes import record, to_host

format_parser = np.rec.format_parser
find_duplicate = np.rec.find_duplicate


class recarray(Array):
    """An Array of records whose fields read as attributes (NumPy's `numpy.recarray`).

    `recarray(shape, dtype)` (or `formats=`, `names=`...) makes an uninitialised one, as in
    NumPy; `rec.array`, `rec.fromarrays` and `rec.fromrecords` make one from data.
    """

    __slots__ = ()

    def __new__(cls, shape: Any, dtype: Any = None, *args: Any, **kwargs: Any) -> recarray:
        dtype = to_host(dtype, "recarray")
        return as_recarray(np.recarray(shape, dtype, *args, **kwargs), "recarray")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass  # `__new__` made it; Array's own constructor refuses direct calls

    @property
    def dtype(self) -> Any:
        """The record dtype NumPy's recarray reports, `dtype((numpy.record, [...]))`; the
        backing buffer keeps its plain void dtype."""
        return from_numpy(np.dtype((np.record, self._data.dtype)))

    @dtype.setter
    def dtype(self, value: Any) -> None:
        Array.dtype.__set__(self, value)

    def __getattr__(self, name: str) -> Any:
        names = self._data.dtype.names
        if names is None or name not in names:
            raise AttributeError(
                f"recarray has no attribute or field {name!r}; the fields are {names}"
            )
        return _records(self[name])

    def __setattr__(self, name: str, value: Any) -> None:
        names = self._data.dtype.names
        if name != "_data" and names is not None and name in names:
            self[name] = value
            return
        super().__setattr__(name, value)

    def __getitem__(self, key: Any) -> Array:
        return _records(super().__getitem__(key))

    def __repr__(self) -> str:  # (an element, 0-d here, prints as NumPy's np.record)
        element = self.ndim == 0 and not getattr(self, "_as_ndarray", None)
        return repr(self._numpy_view()[()] if element else self._numpy_view())

    def _numpy_view(self) -> np.ndarray:
        """The data as NumPy's own class, for NumPy's printing (`array_repr` names it)."""
        return self._data.view(np.recarray)

    def __reduce__(self) -> tuple:
        return (as_recarray, (self._data, "recarray"))  # `__new__` takes NumPy's arguments

    def field(self, attr: int | str, val: Any = None) -> Any:
        """NumPy's `recarray.field`: the field `attr` (a name or a position), or set it to
        `val`."""
        name = attr if isinstance(attr, str) else self._data.dtype.names[attr]
        if val is None:
            return _records(self[name])
        self[name] = val
        return None


def _keeping_records(name: str) -> Any:
    """Array's method `name`, answering a recarray where it answers records, as NumPy's
    recarray methods do (`r.copy().age`)."""

    def kept(self: recarray, *args: Any, **kwargs: Any) -> Any:
        out = getattr(Array, name)(self, *args, **kwargs)  # (installed after this module)
        if name == "view" and (kwargs.get("type") is not None or len(args) > 1 or _a_type(args)):
            return out  # `r.view(xt.Array)`: the type asked for
        return _records(out) if type(out) is Array else out

    kept.__name__ = kept.__qualname__ = name
    return kept


def _a_type(args: tuple) -> bool:
    return bool(args) and isinstance(args[0], type) and issubclass(args[0], (Array, np.ndarray))


_RECORD_METHODS = ("copy", "__copy__", "__deepcopy__", "reshape", "ravel", "flatten", "view")
_RECORD_METHODS += ("transpose", "squeeze", "swapaxes", "take", "repeat")
for _name in _RECORD_METHODS:
    setattr(recarray, _name, _keeping_records(_name))


def _transposed(self: recarray) -> Array:
    """The transpose, a recarray as NumPy's."""
    return _records(Array.T.__get__(self))


recarray.T = property(_transposed)


def _records(a: Array) -> Array:
    """`a` as a recarray when it holds records, else as it is (NumPy's rule for fields)."""
    if not isinstance(a, Array) or a._data.dtype.names is None or type(a) is recarray:
        return a  # (a record's text field is NumPy's str_)
    r = object.__new__(recarray)
    object.__setattr__(r, "_data", a._data)
    return r


def as_recarray(data: Any, func: str) -> recarray:
    """A recarray around NumPy array `data` (a `numpy.recarray` is viewed as a plain array
    of a void dtype, the form every CPU array keeps)."""
    data = np.asarray(data)
    if data.dtype.names is None:
        raise TypeError(f"{func}: a record array needs a structured dtype; got {data.dtype}")
    plain = data.view(np.ndarray)
    if plain.dtype.type is not np.void:
        plain = plain.view(np.dtype((np.void, plain.dtype)))
    return _records(wrap(check_standard(plain, func)))


def _constructor(name: str) -> Any:
    numpy_function = getattr(np.rec, name)

    def function(*args: Any, **kwargs: Any) -> recarray:
        args = tuple(to_host(a, f"rec.{name}") for a in args)
        kwargs = {k: to_host(v, f"rec.{name}") for k, v in kwargs.items()}
        try:
            records = as_recarray(numpy_function(*args, **kwargs), f"rec.{name}")
        except (TypeError, ValueError) as e:
            if str(e).startswith(f"rec.{name}:"):
                raise
            raise prefixed(e, f"rec.{name}") from None
        if not records.ndim:  # one record made: NumPy's 0-d recarray
            object.__setattr__(records, "_as_ndarray", True)
        return records

    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = f"NumPy's `numpy.rec.{name}`, returning an xtensor recarray (CPU only)."
    return function


CONSTRUCTORS = ("array", "fromarrays", "fromrecords", "fromstring", "fromfile")
globals().update({n: _constructor(n) for n in CONSTRUCTORS})

__all__ = [  # noqa: PLE0605 (the constructors are built from the list above)
    "recarray",
    "record",
    "format_parser",
    "find_duplicate",
    *CONSTRUCTORS,
]

"""xtensor.Array: the array object. Its own type, never a numpy.ndarray subclass.

The class holds a backing buffer (numpy.ndarray on the CPU, cupy.ndarray on CUDA, `MetaData`
on meta: a shape and a dtype, no values) and delegates: its arithmetic, comparison and bitwise
dunders come from the op table (`_elementwise.py`), each calling the namespace function.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import GenericAlias, ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from ._backends import backend_for, cpu_threads
from ._backends.meta import MetaData, describe
from ._backends.meta_array import no_data
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS
from ._core.convert import array_scalars, host_array, host_only_message
from ._core.devices import CPU, Device, device_of, resolve
from ._core.hints import DeviceLike, DTypeLike, HostArrayLike, IndexKey
from ._core.keys import fields, is_basic, is_field_key

if TYPE_CHECKING:  # the members attached at import time, as type checkers see them
    from ._core.array_surface import ArraySurface
else:
    ArraySurface = object

SUPPORTED_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")
# Note [Elements are values]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~
# Where NumPy answers a scalar, xtensor answers a 0-d array (the standard has no scalars). A
# NumPy scalar is a value: a copy of the element, with no in-place operators. So `x[i]` with
# an int for every axis (and so iteration over a 1-d array, `x.flat`, `ndenumerate`) returns
# a fresh 0-d copy, not a view: `tmp = a[i]; a[i] = a[j]; a[j] = tmp` swaps, as in NumPy. And
# `x op= y` on a 0-d array standing for a scalar answers NotImplemented (`fast_in_place` in
# `_dispatch/inplace.py`), so Python runs `x = x op y`, as for NumPy's scalars: `total += v`
# in a loop never changes the element `total` was read from, nor a result already stored in a
# list, and `n /= 2` on an int count gives a float, `s += row` an array. NumPy's 0-d ndarray
# (Note [0-d arrays print as scalars]: `t = zeros(()); t += 1`) is updated in place. Keys with
# an Ellipsis, a slice or None (`x[0, ...]`) still give views, as NumPy's 0-d arrays do;
# `x[...] += 1` still updates x (`__setitem__`).
# Elements of NumPy's host-only text, object and date dtypes are NumPy's scalars themselves,
# as NumPy gives them: `names[0].upper()` works, `objects[0]` is the object.
# A 0-d array also hashes as its value does, as NumPy's scalar: `set(row)`, `Counter(a)` and
# `counts[a[i]] += 1` work, and find the Python int's entry. Other arrays are unhashable.


# Note [0-d arrays print as scalars]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# A 0-d array stands where NumPy answers a scalar (a reduction, an element), so it prints as
# that scalar: `print([a.min()])` is NumPy's `[np.int64(1)]` (`[1]` under legacy='1.25').
# NumPy's rarer 0-d ndarray (`asarray(5)`, `zeros(())`, what `select` answers) prints as an
# array: what makes one sets `_as_ndarray`, in C and Python (`made_as_array`). So does any
# 0-d array on a GPU, naming its device. A view, copy or cast keeps its array's kind, as
# NumPy's methods do (`kept`): `a.T`, `a.copy()`, `a.astype(float)` of a 0-d ndarray `a` are
# arrays, of a scalar scalars; one with axes made 0-d (`squeeze`, `reshape(())`) is an
# ndarray, and so is `x[...]` (an Ellipsis in the key) and `np.copy(x)`.


def made_as_array(x: Array) -> Array:
    """`x`, made by a creation function: if 0-d, it prints as NumPy's 0-d ndarray does."""
    if not x._data.ndim and type(x) is Array:
        x._as_ndarray = True
    return x


def kept(x: Array, r: Array) -> Array:
    """`r`, a view, copy or cast of `x` (a reshape, a transpose, astype): if 0-d, NumPy's 0-d
    ndarray, unless `x` stood for NumPy's scalar (0-d and unmarked), whose methods answer
    scalars. `np.squeeze(np.array([5.0]))` prints `array(5.)`, as in NumPy."""
    if not r._data.ndim and (x._data.ndim or getattr(x, "_as_ndarray", None)):
        made_as_array(r)
    return r


_SCALAR_KINDS = "USOMmT"  # host-only dtypes whose elements are NumPy's scalars (T: a str)


def _element(data):
    """0-d `data`, a view of one element, as NumPy's scalar would be: a fresh 0-d copy, or for
    NumPy's text, object and date dtypes NumPy's scalar itself, as their iteration gives
    (`names[0].upper()`, `objects[0]` the object). A record is a 0-d view, as NumPy's record
    is: `p[1]['age'] = 99` writes p, `p[0][1]`, `len` and `name, age = p[0]` read its fields."""
    if data.dtype.kind in _SCALAR_KINDS:
        return data[()]
    return wrap(data if data.dtype.names else data.copy())  # a record: NumPy's view of it


# x[mask] below this many elements is NumPy's boolean index (0.2 us on 10 elements), from
# here on compress, which the same mask makes 2 to 4 times faster (Note [Mask compaction]).
_MASK_INDEX_MAX = 512


class Array(ArraySurface):
    """An n-dimensional array on one device. Create one with `xtensor.asarray` and friends."""

    __slots__ = ("_data", "_as_ndarray", "__weakref__")  # Note [0-d arrays print as scalars]
    __class_getitem__ = classmethod(GenericAlias)  # `np.ndarray[Any, np.dtype[...]]` hints
    # The finished `xtensor` module, set by `_array_methods.attach` when the package loads.
    _namespace = None
    # The indexing chapter's key checker (`_indexing.normalize_key`), installed by that module:
    # the Array type sits below the namespace, so the namespace hands it down.
    _normalize_key = None
    # NumPy's override protocols (`numpy.sin(x)`, `ndarray + x`, `numpy.mean(x)`): handlers
    # installed by `_numpy_protocols`, since the functions they dispatch to sit above this type.
    _ufunc_protocol = None
    _function_protocol = None
    # Above NumPy's 0: libraries that pick a result type by priority (Dask's dot, mixed
    # NumPy/xtensor operands) pick xtensor's, as CuPy's arrays do with the same value.
    __array_priority__ = 100

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # A subclass's `__new__` made this one (`asarray(x).view(cls)`, as NumPy's subclassing
        # guide writes it), and Python runs `__init__` after it: nothing is left to do.
        if type(self) is Array:
            raise TypeError("xtensor.Array cannot be constructed directly; use xtensor.asarray()")

    def __hash__(self) -> int:  # Note [Elements are values]
        if self._data.ndim:
            raise TypeError(f"unhashable type: 'Array' of shape {self._data.shape}; only 0-d ones")
        return hash(self._data.item())

    # --- attributes -----------------------------------------------------------------------
    @property
    def dtype(self) -> _dtypes.DType:
        return _dtypes.from_numpy(self._data.dtype)

    @dtype.setter
    def dtype(self, value: DTypeLike) -> None:
        self._data = self.view(value)._data  # NumPy's `x.dtype = '<i2'`: its bytes read anew

    @property
    def device(self) -> Device:
        return device_of(self._data)

    @property
    def shape(self) -> tuple[int, ...]:
        return self._data.shape

    @shape.setter
    def shape(self, value: tuple[int, ...] | int) -> None:
        # NumPy's `a.shape = (3, 4)`: the data viewed in the new shape, never copied; NumPy's
        # AttributeError where no view has it (`a.T.shape = -1`); other views keep theirs.
        view = self._data.view()
        view.shape = value
        if not view.ndim and self._data.ndim:  # made 0-d: NumPy's 0-d ndarray, as reshape's
            self._as_ndarray = True
        self._data = view

    @property
    def ndim(self) -> int:
        return self._data.ndim

    @property
    def size(self) -> int:
        return self._data.size

    @property
    def T(self) -> Array:
        return kept(self, wrap(self._data.T))

    @property
    def mT(self) -> Array:
        if self._data.ndim < 2:
            raise ValueError(
                f"mT: the array must have at least 2 dimensions; got shape {self.shape}"
            )
        return wrap(self._data.swapaxes(-1, -2))

    # --- conversion to Python scalars ----------------------------------------------------
    def _scalar(self, kind: str):
        if self._data.ndim != 0:
            raise TypeError(
                f"{kind}(): only 0-dimensional arrays convert to Python scalars; "
                f"got shape {self.shape}"
            )
        if type(self._data) is MetaData:
            raise no_data(f"{kind}()")
        return self._data.item() if self._data.dtype.kind != "c" or kind == "complex" else None

    def __bool__(self) -> bool:
        d = self._data
        if type(d) is np.ndarray and not d.ndim:  # the common case, as NumPy answers it
            return bool(d.item()) if d.dtype.kind in "biufc" else bool(d)  # (a date's: NumPy's)
        if d.size != 1:
            raise ValueError(
                f"bool(): the truth value of an array of shape {self.shape} is "
                "ambiguous; use xtensor.any() or xtensor.all()"
            )
        if type(self._data) is MetaData:
            raise no_data("bool()")
        return bool(d) if type(d) is np.ndarray else bool(d.reshape(()).item())

    def __int__(self) -> int:
        d = self._data
        if type(d) is np.ndarray and not d.ndim and d.dtype.kind in "biuf":
            return int(d.item())
        if d.dtype.kind == "c":
            raise TypeError("int(): cannot convert a complex array to int")
        return int(self._scalar("int"))

    def __float__(self) -> float:
        d = self._data
        if type(d) is np.ndarray and not d.ndim and d.dtype.kind in "biuf":
            return float(d.item())
        if d.dtype.kind == "c":
            raise TypeError("float(): cannot convert a complex array to float; use real()")
        return float(self._scalar("float"))

    def __complex__(self) -> complex:
        return complex(self._scalar("complex"))

    def __index__(self) -> int:
        d = self._data
        if type(d) is np.ndarray and not d.ndim and d.dtype.kind in "iu":
            return d.item()
        if type(d) is MetaData and not d.ndim:
            raise no_data("__index__")
        if self._data.dtype.kind not in "iu":
            raise TypeError(
                f"__index__: only integer arrays can be used as an index; got "
                f"dtype {self.dtype.name}"
            )
        return int(self._scalar("int"))

    # --- interchange --------------------------------------------------------------------
    def __array_namespace__(self, *, api_version: str | None = None) -> ModuleType:
        if api_version is not None and api_version not in SUPPORTED_API_VERSIONS:
            raise ValueError(
                f"__array_namespace__: api_version {api_version!r} is not "
                f"supported; choose one of {SUPPORTED_API_VERSIONS}"
            )
        return self._namespace

    def __array__(
        self, dtype: DTypeLike | None = None, copy: bool | None = None
    ) -> np.ndarray[Any, Any]:
        if type(self._data) is not np.ndarray:
            if type(self._data) is MetaData:
                raise no_data("__array__")
            raise TypeError(
                "__array__: this array lives on a CUDA device; NumPy cannot read "
                "it implicitly. Use x.to_device('cpu') first"
            )
        if copy is False and dtype is not None and np.dtype(dtype) != self._data.dtype:
            raise ValueError("__array__: copy=False is impossible with a dtype change")
        data = self._data if dtype is None else self._data.astype(dtype, copy=False)
        return data.copy() if copy else data

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """NumPy's ufuncs on Arrays (`numpy.sin(x)`, `numpy.add.reduce(x)`, `ndarray + x`) run
        xtensor's function of the same name; see `_numpy_protocols`."""
        return Array._ufunc_protocol(self, ufunc, method, inputs, kwargs)

    def __array_function__(
        self, func: Any, types: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """NumPy's functions on Arrays (`numpy.mean(x)`, `numpy.concatenate([x, y])`) run
        xtensor's function of the same qualified name; see `_numpy_protocols`."""
        return Array._function_protocol(self, func, types, args, kwargs)

    def __dlpack__(
        self,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        data, kwargs = self._data, {"stream": stream}
        if max_version is not None:
            kwargs["max_version"] = max_version
        if dl_device is not None:
            kwargs["dl_device"] = dl_device
        if copy and type(data) is not np.ndarray and dl_device in (None, self.__dlpack_device__()):
            data, copy = backend_for(self.device).copy(data), None  # CuPy copies only to the CPU
        if copy is not None:
            kwargs["copy"] = copy
        try:
            return data.__dlpack__(**kwargs)
        except ValueError as e:  # CuPy's refusal of copy=False to another device
            if copy is not False:
                raise
            raise BufferError(f"__dlpack__: {e}") from None

    def __dlpack_device__(self) -> tuple[int, int]:
        return self._data.__dlpack_device__()

    def to_device(self, device: DeviceLike, /, *, stream: Any = None) -> Array:
        target = resolve(device, "to_device")
        source = self.device
        if target is None or target == source:
            return self
        if source.kind == "meta":
            raise no_data(f"to_device('{target}')")
        if _dtypes.is_host_only_numpy(self._data.dtype):
            raise TypeError(f"to_device: {host_only_message(self.dtype)}")
        # To a GPU, CuPy copies from host or peer memory alike: one transfer either way.
        data = self._data if target.kind != "cpu" else backend_for(source).to_host(self._data)
        return wrap(backend_for(target).from_host(data, target))

    # --- indexing: keys checked by _indexing.normalize_key, then the backend indexes --------
    # The commonest keys (slices and in-range ints, a full-shape boolean mask) need none of
    # normalize_key's work: each branch below is what it would return for them, indexed the
    # same way (Note [Small-call fast path] in _dispatch/elementwise.py explains why this matters).
    def __getitem__(self, key: IndexKey) -> Array:
        data = self._data
        t = type(key)
        if t is slice:
            if data.ndim:
                a = _new(Array)  # wrap(), inlined on the hottest keys
                a._data = data[key]
                return a
        elif t is int:
            if type(data) is np.ndarray:
                try:  # NumPy checks the bounds; Ellipsis: a 0-d view, never a NumPy scalar
                    view = data[key, ...]
                except IndexError:  # out of range, or a 0-d array: normalize_key says which
                    if (
                        not data.ndim
                        and data.dtype.names
                        and -len(data.dtype) <= key < len(data.dtype)
                    ):
                        return _element(data[data.dtype.names[key]])  # a record's field
                else:
                    if not view.ndim:
                        return _element(view)  # Note [Elements are values]
                    a = _new(Array)
                    a._data = view
                    return a
            elif data.ndim and -data.shape[0] <= key < data.shape[0]:
                view = data[key, ...]
                return wrap(view) if view.ndim else _element(view)
        elif t is tuple:
            if basic := is_basic(key, data.shape):  # (with no Ellipsis, ints may be a scalar)
                if basic == 2:
                    return made_as_array(wrap(data[key]))  # 0-d: NumPy's ndarray
                view = data[key + (Ellipsis,)]
                return wrap(view) if view.ndim else _element(view)
        elif t is Array or t is np.ndarray:  # (NumPy's mask or indices as the Array over it)
            k = key._data if t is Array else key
            if type(k) is np.ndarray and type(data) is np.ndarray:
                if k.dtype.kind == "b" and k.shape == data.shape:
                    if k.size < _MASK_INDEX_MAX:  # NumPy's own index beats compress here
                        return wrap(data[k])
                    return wrap(cpu_threads.masked(data, k))  # Note [Mask compaction]
                gather = k.dtype.kind in "iu" and k.ndim == 1 and data.ndim
                if gather and k.size >= cpu_threads.TAKE_MIN:
                    return wrap(cpu_threads.take(data, k, 0, "__getitem__"))  # in threads
                if gather:
                    try:  # NumPy's gather, out of range below (the checked path words it)
                        return wrap(data[k])
                    except IndexError:
                        pass
        elif key is None and type(data) is np.ndarray:  # x[None]: a new leading axis
            return wrap(data[None])
        elif t is list and key and type(data) is np.ndarray and data.ndim:
            if all(type(k) is int for k in key):  # x[[0, 2]]: NumPy's gather, unchecked
                try:
                    return wrap(data[key])
                except IndexError:  # out of range: the checked path below words it
                    pass
        if t is str or t is list and key and type(key[0]) is str:  # x['age']: a field's view
            if is_field_key(key, data):  # an element's own field: NumPy's scalar's (a value)
                view = fields(data, key, "__getitem__")
                element = not (view.ndim or getattr(self, "_as_ndarray", None) or t is list)
                return _element(view) if element else kept(self, wrap(view))
        scalar = not (key is Ellipsis or t is tuple and any(k is Ellipsis for k in key))
        key = self._normalize_key(key, data, "__getitem__")
        try:
            r = data[key]
        except IndexError as e:  # NumPy's own bounds check names the axis and size
            raise IndexError(f"__getitem__: {e}") from None
        if scalar and not r.ndim:
            return _element(r)  # Note [Elements are values]
        return wrap(r) if scalar else made_as_array(wrap(r))  # `x[...]`: NumPy's 0-d ndarray

    def __setitem__(self, key: IndexKey, value: Array | HostArrayLike) -> None:
        data = self._data
        t = type(key)
        if (
            (t is tuple and is_basic(key, data.shape))
            or key is Ellipsis
            or data.ndim
            and (t is slice or (t is int and -data.shape[0] <= key < data.shape[0]))
            or _is_plain_fancy(key, data)
        ):
            v = type(value)
            if v is int or v is bool or (v is float and type(data) is np.ndarray):
                data[key._data if t is Array else key] = value
                return
            if v is Array or (v is np.ndarray and value.dtype.kind in "biufc"):
                v = value._data if v is Array else value  # _setitem_value's checks, for a
                if (  # same-device real value
                    type(v) is np.ndarray
                    and type(data) is np.ndarray
                    and (v.dtype.kind != "c" or data.dtype.kind == "c")
                ):
                    data[key._data if t is Array else key] = scalar_checked(value, v, data)
                    return
        if t is str or t is int and not data.ndim or t is list and key and type(key[0]) is str:
            if is_field_key(key, data):
                fields(data, key, "__setitem__")[...] = _setitem_value(value, self)
                return
        key = self._normalize_key(key, data, "__setitem__")
        value = _setitem_value(value, self)
        try:
            data[key] = value
        except IndexError as e:
            raise IndexError(f"__setitem__: {e}") from None

    def __len__(self) -> int:
        if self._data.ndim == 0:
            if self._data.dtype.names:  # a record, as NumPy's: its number of fields
                return len(self._data.dtype.names)
            raise TypeError("len() of a 0-dimensional array")
        return self._data.shape[0]

    def __iter__(self) -> Iterator[Array]:
        if self._data.ndim == 0:
            if names := self._data.dtype.names:  # a record: its fields' values, as NumPy's
                return (_element(self._data[name]) for name in names)
            raise TypeError("iteration over a 0-dimensional array")
        if self._data.dtype.kind in _SCALAR_KINDS:
            # `for name in names:` gives NumPy's str_ (a Python str: hashable, with str's
            # methods), as scripts keying dicts by label need, and an object array its objects
            # (`_element`); rows stay arrays.
            return (wrap(r) if type(r) is np.ndarray else r for r in self._data)
        # self[i] for each i, without a generator's frame per item: the C getitem, mapped
        return map(self.__getitem__, range(self._data.shape[0]))

    @property
    def nbytes(self) -> int:
        return self._data.nbytes

    @property
    def itemsize(self) -> int:
        return self._data.itemsize

    @property
    def strides(self) -> tuple[int, ...]:
        return self._data.strides

    # --- display: NumPy's printing of the host data, so NumPy's print options apply -------
    def _host_for_display(self) -> np.ndarray:
        return self._data if type(self._data) is np.ndarray else self.to_device(CPU)._data

    def __repr__(self) -> str:
        """NumPy's repr (`array([1., 2.])`, `array([1, 2], dtype=int8)`); an array on a GPU
        adds `, device='cuda:0'` before the closing parenthesis. A meta array has no values
        to show: `array(..., shape=(3, 4), dtype=float64, device='meta')`."""
        return self._shown(repr, np.array_repr)

    def __str__(self) -> str:
        return self._shown(str, np.array_str)  # (print options do not reach a scalar's str)

    def _shown(self, scalar_text, array_text) -> str:
        if (scalar := self._printed()) is not None:
            return scalar_text(scalar)  # Note [0-d arrays print as scalars]
        if type(self._data) is MetaData:
            return describe(self._data)
        text = array_text(self._host_for_display())
        if array_text is np.array_str or (device := self.device) == CPU:
            return text
        return f"{text[:-1]}, device='{device}')"

    def _printed(self):
        """The NumPy scalar a 0-d CPU array prints as, else None."""
        data = self._data
        if type(data) is not np.ndarray or data.ndim or getattr(self, "_as_ndarray", None):
            return None
        return data[()]

    def __format__(self, spec: str) -> str:
        """NumPy's format: `f"{x:.3f}"` formats a 0-d array as its NumPy scalar."""
        if type(data := self._data) is np.ndarray and not data.ndim:  # the commonest: `f"{v}"`
            return format(data[()], spec)
        if type(data) is MetaData:
            if spec:
                raise no_data(f"format(x, {spec!r})")
            return describe(data)
        return format(self._host_for_display(), spec)  # (a 0-d one formats its scalar)


def wrap(data) -> Array:
    """An Array around a backing buffer (no copy)."""
    if isinstance(data, Array):  # a backend routine was handed an Array: a bug in the caller
        raise TypeError(
            "wrap: internal error: an Array cannot back another Array; the caller must pass "
            "its backing data (Array._data) to the array module, not the Array"
        )
    a = _new(Array)
    a._data = data
    return a


_new = object.__new__


def plain_numpy(value) -> bool:
    """Whether `value` is NumPy's own array of a numeric dtype in native byte order, which
    first branches read as the Array over its memory (Note [NumPy scalar operands] in
    `_dispatch/_cfast_elementwise.c`, whose `numpy_data` is this test in C)."""
    return type(value) is np.ndarray and value.dtype.kind in "biufc" and value.dtype.isnative


def over_numpy(value) -> Array | None:
    """`value` as the Array over its memory (what `asarray` makes of it, without its checks)
    where it is `plain_numpy`, else None."""
    return wrap(value) if plain_numpy(value) else None


def backing(value, func: str, name: str = "x", *, scalars: bool = True):
    """The backing data of one operand of `func`: an Array's buffer, a Python scalar (when
    `scalars`), or anything NumPy can read, converted on the host (lists, tuples, NumPy
    arrays and scalars). The one place an argument becomes backing data."""
    t = type(value)
    if t is Array:
        return value._data
    if scalars and t in SCALARS:
        return value
    if isinstance(value, Array):
        return value._data
    what = "an array or a Python scalar" if scalars else "an array"
    if t is str:  # text is an operand only beside a string array (`_dispatch/host_only.py`)
        raise TypeError(f"{func}: {name} must be {what}; got str")
    try:
        return host_array(value, func=func)
    except (TypeError, ValueError) as e:
        # NumPy's class is kept: ValueError for a ragged nested list, TypeError otherwise
        raise type(e)(f"{func}: {name} must be {what}; got {t.__name__} ({e})") from None


def _is_plain_fancy(key, data) -> bool:
    """Whether `key` indexes NumPy data `data` by a mask of its shape or 1-d in-range indices
    (an Array over NumPy data), or a non-empty list of in-range ints: NumPy's own index."""
    if type(data) is not np.ndarray:
        return False
    if type(key) is Array or type(key) is np.ndarray:  # (NumPy's as the Array over it)
        k = key._data if type(key) is Array else key
        if type(k) is np.ndarray and k.dtype.kind in "iu" and k.ndim == 1 and data.ndim:
            n = data.shape[0]
            return not k.size or (int(k.min()) >= -n and int(k.max()) < n)
        return type(k) is np.ndarray and k.dtype.kind == "b" and k.shape == data.shape
    if type(key) is not list or not key or not data.ndim:
        return False
    n = data.shape[0]
    return all(type(i) is int and -n <= i < n for i in key)


def _setitem_value(value, target: Array):
    """The backend value for `target[key] = value`: NumPy's silent casts, but a complex value
    never lands in a real array (NumPy drops the imaginary part with a warning)."""
    if isinstance(value, Array):
        if value.device != target.device:
            raise ValueError(
                f"__setitem__: value is on {value.device} but the array is on {target.device}"
            )
        value = scalar_checked(value, value._data, target._data)
    elif isinstance(value, (list, tuple)):
        stored = target._data.dtype.kind
        if stored in _dtypes.HOST_ONLY_KINDS:
            value = _host_only_elements(value)
            if stored in "OV":  # NumPy's own reading: `o[0] = [1, 2]` stores the list, and a
                return value  # record reads a tuple by its fields, `inv[0] = ('pear', 4)`
        xp = backend_for(target.device).xp  # into ints in their dtype: `[300]` into uint8 raises
        value = xp.asarray(value, target._data.dtype) if stored in "iu" else xp.asarray(value)
    elif target.device.kind == "cuda" and np.ndim(value) == 0:
        # a host scalar onto a GPU array: moved as a 0-d array, since CuPy's fill drops the
        # sign of -0.0 (Note [Signed zeros through CuPy] in _backends/cuda.py)
        host = np.asarray(value)
        if host.dtype.kind != "c" or target._data.dtype.kind == "c":
            host = np.asarray(value, target._data.dtype)  # NumPy's range check of an int
        value = backend_for(target.device).from_host(host, target.device)
    is_complex = value.dtype.kind == "c" if hasattr(value, "dtype") else isinstance(value, complex)
    if is_complex and target._data.dtype.kind != "c":
        raise TypeError(
            f"__setitem__: cannot store a complex value in an array of dtype "
            f"{target.dtype.name}; take real() or imag() first"
        )
    return value


def scalar_checked(value, v, data):
    """`v` (Array `value`'s data) as NumPy's scalar where `value` stands for one going into
    other integers: NumPy stores it as a Python number (`int8_array[0] = int64(200)` is
    OverflowError, a NaN ValueError), where a 0-d array is cast (-56). Else `v`."""
    if v.ndim or data.dtype.kind not in "iu" or v.dtype == data.dtype:
        return v
    return v if type(v) is not np.ndarray or getattr(value, "_as_ndarray", None) else v[()]


def _host_only_elements(value):
    """List or tuple `value` for a host-only array, its 0-d Arrays as NumPy's scalars
    (`names[:] = [names[1], names[0]]`): an object array would store the Array itself."""
    elements = array_scalars(value)
    return value if elements is None else elements

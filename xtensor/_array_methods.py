"""NumPy's array methods on `xtensor.Array`: one-liners over the namespace functions.

`Array` sits below the namespace, so it cannot import the functions its NumPy-style methods
call (`x.sum()`, `x.reshape(2, 3)`); the package's `__init__` calls `attach(xtensor)` once the
namespace is complete, and each method looks its function up there. NumPy's keyword names
are translated where the standard's differ (ddof -> correction), and `out=` writes the result
into the given Array, as NumPy's does. The everyday ones with a first branch for CPU data
(ravel, squeeze, sort, take, real...) live in `_array_everyday`, the methods about memory
itself (view, flags, flat, base, resize, byteswap...) in `_array_views`; `attach` copies all
three sets.

Left out on purpose: `dump`, `dumps` and `tofile` (the file functions' theme), `ptp` and
`itemset` (gone from NumPy 2).

Note [Casts NumPy warns about]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
`astype` warns where NumPy's cast does, under the caller's `np.errstate`, at the caller's line:
"overflow encountered in cast" where a value overflows a narrower float (1e300 to float32,
70000 to float16), "invalid value encountered in cast" for NaN or inf to an integer. A large
cast runs in threads with the flags the caller would hear of raised as errors in its chunks
(the workers share the caller's error state); where one is, NumPy's own single cast runs
again and says so its own way. The C twin's float64 -> float32 loop hands a cast that raised
a flag to NumPy's cast the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy as _deepcopy
from typing import Any, SupportsIndex

import numpy as np

from ._array import Array, _new, kept, wrap
from ._array_everyday import _axis, _into, _ns, _varargs
from ._array_everyday import _NumPyMethods as _EverydayMethods
from ._array_scalars import _integral, _real_scalar, _scalar_power
from ._array_views import _CACHED_MIN_BYTES, NO_INTERFACE, MemoryMethods, flatiter
from ._core import convert as _convert
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS
from ._dispatch import PLANS, elementwise
from ._dispatch.compiled import compiled, compiled_property, compiled_reduction, is_compiled
from ._dispatch.host_threads import copied, limits
from ._dispatch.plans import INTS, scalar_arithmetic
from ._dispatch.reduction import SMALL, loudly, run_small
from ._dispatch.scan import compiled_scan
from ._numpy_helpers import check_same_value
from ._numpy_io import ARRAY_METHODS as _FILE_METHODS
from ._numpy_matrix import small_trace
from ._numpy_ondevice import NO_VALUE
from ._numpy_run import numpy_errors
from ._typing import ArrayLike, AxisLike, DeviceLike, DTypeLike, Scalar


def _operand(other) -> bool:
    """Whether a binary dunder takes `other` (NumPy's array-likes), else NotImplemented."""
    return type(other) in SCALARS or isinstance(other, (Array, np.ndarray, np.generic, list, tuple))


def _cast(x: Array, dtype):
    return x if dtype is None else _ns().astype(x, dtype)


def _ordered(x: Array, order, func: str, source) -> Array:
    """`x` in memory order `order` ('C', 'F', 'A': F where `source`'s data is F- and not
    C-contiguous, else C, as NumPy reads it; 'K'), copied only when it is not."""
    if order == "A" and type(source) is np.ndarray:
        order = "F" if source.flags.f_contiguous and not source.flags.c_contiguous else "C"
    flags = x._data.flags
    if order in (None, "K") or (order == "C" and flags.c_contiguous):
        return x
    if order == "F" and flags.f_contiguous and (not flags.c_contiguous or x._data is source):
        return x  # (a new array laid both ways: NumPy's F strides for axes of length 1 too)
    with numpy_errors(func):
        return wrap(x._data.copy(order=order))


def _as_kept(data, order) -> bool:
    """Whether `order` lays a cast of `data` out as order 'K' does: 'K', or the order its
    memory already has ('C' of C-contiguous data, 'F' and 'A' of data only F-contiguous)."""
    if order == "K":
        return True
    if type(data) is not np.ndarray or type(order) is not str:
        return False
    c, f = data.flags.c_contiguous, data.flags.f_contiguous
    return c if order == "C" else (order == "F" or order == "A") and f and not c


_CASTS = PLANS.small_table("astype")  # `astype`'s small table (see _data_types.astype)
_ASTYPE = np.ndarray.astype


def _spelled(dtype) -> bool:
    """Whether `dtype` spells a dtype as NumPy does, hashable and always the same one (`int`,
    `np.float32`, `"f4"`, `np.dtype("f4")`): `astype`'s small table keys it like a DType."""
    t = type(dtype)
    return t is type or t is str or isinstance(dtype, np.dtype)


_ORDERS = ("F", "A", "K")  # NumPy's other memory orders, beside "C"
_DATE_CASTS = frozenset({"MM", "mm"})  # casts of dates whose unit no value decides


def _kept_layout(data):
    """A copy of `data` in its own memory layout, as NumPy's `copy.copy` and `copy.deepcopy`
    make (`deepcopy(a.T)` stays Fortran-ordered); CuPy's arrays copy in C order."""
    return data.copy(order="K") if type(data) is np.ndarray else data.copy()


class _NumPyMethods:
    """The methods `attach` copies onto Array (a plain holder, never instantiated)."""

    def astype(
        self,
        dtype: DTypeLike,
        order: str = "K",
        casting: str = "unsafe",
        subok: bool = True,
        copy: bool = True,
        *,
        device: DeviceLike | None = None,
    ) -> Array:
        d = self._data  # `astype(x.dtype, copy=False)`: no cast, the array itself (NumPy's)
        if copy is False and type(dtype) is _dtypes.DType and type(d) is np.ndarray:
            if dtype.numpy == d.dtype and casting == "unsafe" and order == "K" and device is None:
                _CASTS[d.dtype, dtype] = d.dtype  # (the C twin's entry: copy=True casts)
                return self
        # (copy=False: a cast copies all the same, and no cast answers the array itself)
        quick = casting == "unsafe" and (copy is True or copy is False) and _as_kept(d, order)
        spelled = _spelled(dtype)
        if (type(dtype) is _dtypes.DType or spelled) and quick and device is None:
            data = self._data
            if type(data) is np.ndarray:
                target = _CASTS.get((data.dtype, dtype))
                if copy is False and target is not None and target == data.dtype:
                    return self  # (`None == dtype` is True: NumPy reads None as float64)
                # a cast seen before: casting="unsafe" allows any (a large one: threads)
                if target is not None and data.size < limits.CAST_MIN:
                    PLANS._hits += 1
                    result = _new(Array)
                    result._data = loudly(_ASTYPE, data, target)  # Note [Casts NumPy warns about]
                    return kept(self, result)
        if casting == "same_value":  # NumPy 2.4: any cast, as long as no value changes
            out = _ns().astype(self, dtype, copy=copy, device=device)
            out = _ordered(out, order, "astype", self._data)
            check_same_value(self, out, "astype")
            return kept(self, out)
        if casting != "unsafe":
            target = _dtypes.as_dtype(dtype, "astype")
            if not np.can_cast(self.dtype.numpy, target.numpy, casting):
                raise TypeError(
                    f"astype: cannot cast array data from {self.dtype.name} to "
                    f"{target.name} according to the rule {casting!r}"
                )
        out = _ordered(_ns().astype(self, dtype, copy=copy, device=device), order, "astype", d)
        if (
            spelled
            and quick
            and device is None
            and type(self._data) is np.ndarray
            and type(out._data) is np.ndarray
        ):
            kinds = self._data.dtype.kind + out._data.dtype.kind  # (dates: units fixed by dates)
            if kinds[1] in "biufc" or kinds in _DATE_CASTS:  # `astype(int)`, `astype("f4")`
                _CASTS[self._data.dtype, dtype] = out._data.dtype
        return kept(self, out)

    def __round__(self, ndigits: int | None = None) -> int | Array:
        """`round(x)`, `round(x, 2)`: a 0-d array rounds as the NumPy scalar it stands for
        (`x[i]`, `x.sum()` are NumPy scalars there): to a Python int, or to a 0-d array of
        its dtype with `ndigits`. NumPy's ndarrays have no `__round__`, so other shapes
        raise TypeError, as NumPy's do; use `xtensor.round(x, decimals)`."""
        _real_scalar(self, "round", "iuf", "Use xtensor.round(x, decimals) for arrays")
        if ndigits is None:
            return round(self._scalar("round"))
        return _ns().round(self, decimals=ndigits)

    # The rest of the Python number protocol NumPy's real scalars have, for `math.trunc(x[i])`,
    # `x.sum().is_integer()`, `Fraction(*x[i].as_integer_ratio())`: 0-d arrays only, as round.
    def __trunc__(self) -> int:
        return int(_real_scalar(self, "math.trunc", "iuf", "Use xtensor.trunc(x)"))

    def is_integer(self) -> bool:
        """Whether this 0-d real array holds an integral value (NumPy's scalar method)."""
        value = _real_scalar(self, "is_integer", "iuf")
        return value.is_integer() if type(value) is float else True

    def as_integer_ratio(self) -> tuple[int, int]:
        """(numerator, denominator) of this 0-d floating array's exact value, as
        `float.as_integer_ratio` gives them (NumPy's floating scalar method)."""
        return _real_scalar(self, "as_integer_ratio", "f").as_integer_ratio()

    @property
    def hex(self) -> Callable[[], str]:
        """`float.hex` of this float64 value: NumPy's float64 is a Python float, and its other
        scalars and its arrays have no `hex` (so `hasattr(x, "hex")` answers as NumPy's)."""
        d = self._data
        if type(d) is np.ndarray and not d.ndim and d.dtype == np.float64:
            if not getattr(self, "_as_ndarray", None):
                return d.item().hex
        what = "a 0-d array" if not self.ndim else f"an array of shape {self.shape}"
        raise AttributeError(
            f"hex: only a float64 value (NumPy's float64 scalar) has it; got {what} of "
            f"dtype {self.dtype.name}"
        )

    def bit_count(self) -> int:
        """The number of ones in |value| of this 0-d integer array (NumPy's int method)."""
        return _real_scalar(self, "bit_count", "iu").bit_count()

    numerator, denominator = _integral("numerator"), _integral("denominator")

    def __divmod__(self, other: ArrayLike) -> tuple[Array, Array]:
        if (r := scalar_arithmetic("divmod", self, other, "iuf")) is not None:
            return r  # two values: NumPy's scalar divmod (Note [Scalar arithmetic])
        return _ns().divmod(self, other) if _operand(other) else NotImplemented

    def __rdivmod__(self, other: ArrayLike) -> tuple[Array, Array]:
        if (r := scalar_arithmetic("divmod", other, self, "iuf")) is not None:
            return r
        return _ns().divmod(other, self) if _operand(other) else NotImplemented

    def reshape(
        self,
        *shape: SupportsIndex | Sequence[SupportsIndex],
        order: str = "C",
        copy: bool | None = None,
    ) -> Array:
        if not shape:  # NumPy's TypeError (reshape(()) is the 0-d shape)
            raise TypeError("reshape: a shape is needed, as x.reshape(2, 3) or x.reshape((2, 3))")
        data = self._data
        if type(data) is np.ndarray and order == "C" and copy is None:
            # NumPy's reshape is the standard's for int sizes (a view when it can be one), as
            # arguments or one tuple: any other spelling, and NumPy's errors, take the checked
            # path.
            sizes = shape[0] if len(shape) == 1 and type(shape[0]) is tuple else shape
            for n in sizes:
                if type(n) is not int:
                    break
            else:
                try:
                    result = _new(Array)
                    result._data = data.reshape(sizes)
                    return kept(self, result)
                except ValueError:
                    pass
        if order == "C":
            return _ns().reshape(self, _varargs(shape), copy=copy)
        options = {} if copy is None else {"copy": copy}
        with numpy_errors("reshape"):
            return kept(self, wrap(self._data.reshape(_varargs(shape), order=order, **options)))

    def copy(self, order: str = "C") -> Array:
        if type(d := self._data) is np.ndarray and (order == "C" or order in _ORDERS):
            r = _new(Array)  # NumPy's copy in that order (any other: NumPy's error, worded)
            r._data = copied(d, order)
            return kept(self, r)
        with numpy_errors("copy"):
            return kept(self, wrap(self._data.copy(order=order)))

    def __copy__(self) -> Array:
        return kept(self, wrap(_kept_layout(self._data)))

    def __deepcopy__(self, memo: dict[int, Any] | None) -> Array:
        data = self._data  # NumPy's deepcopy: an object array's elements are copied too
        copied = _deepcopy(data, memo) if data.dtype.hasobject else _kept_layout(data)
        return kept(self, wrap(copied))

    def __contains__(self, value: object) -> bool:
        """`value in x`: whether any element equals it, as NumPy's arrays answer."""
        if value is None and self._data.dtype.kind != "O":
            return False  # `x == None` is all False, as in NumPy (the README)
        if not isinstance(value, (Array, *SCALARS)):
            value = _ns().asarray(value, device=self.device)
        return bool(_ns().any(self == value))

    def tolist(self) -> Any:
        return self._data.tolist()

    def to_numpy(self) -> np.ndarray:
        """The values as a NumPy array (a copy from another device, else the data itself): the
        conversion pandas and xarray objects have, which plotting libraries ask array-likes
        for (Matplotlib's `boxplot` and `hist` take a matrix's columns as datasets through it,
        as an ndarray's; without it, its rows)."""
        return np.asarray(self.to_device("cpu"))

    def item(self, *args: SupportsIndex) -> Any:
        return self._data.item(*args)

    def _mpmath_(self, prec: int, rounding: str) -> Any:
        """mpmath's conversion hook (`sympy.Float(a[1])`, `mpmath.mpf(x.sum())`): the Python
        number a one-element array holds, as NumPy's float64 is a Python float."""
        return self.item()

    def _sympy_(self) -> Any:
        """SymPy's conversion hook (`sympify(a[0])`, `x * a[0]`, `Rational(a[0], a[2])`):
        what SymPy makes of NumPy's scalar or array of these values. Without it SymPy reads
        `.flat`, whose elements are 0-d arrays with a `.flat` of their own, without end."""
        import sympy  # lazy: only SymPy calls this

        host = np.asarray(self)
        return sympy.sympify(host[()] if host.ndim == 0 else host)

    def partition(
        self,
        kth: int | Sequence[int] | Array,
        axis: int = -1,
        kind: str = "introselect",
        order: None = None,
    ) -> None:
        """In place: the element at `kth` where a sort would put it, smaller ones before."""
        if axis is None:  # NumPy's TypeError: a flattened copy cannot be written back
            raise TypeError("partition: the method works in place along one int axis; got None")
        self[...] = _ns().partition(self, kth, axis=axis, kind=kind, order=order)

    def argpartition(
        self,
        kth: int | Sequence[int] | Array,
        axis: int | None = -1,
        kind: str = "introselect",
        order: None = None,
    ) -> Array:
        return _ns().argpartition(self, kth, axis=axis, kind=kind, order=order)

    def compress(
        self, condition: ArrayLike, axis: int | None = None, out: Array | None = None
    ) -> Array:
        return _ns().compress(condition, self, axis=axis, out=out)

    def choose(self, choices: ArrayLike, out: Array | None = None, mode: str = "raise") -> Array:
        return _ns().choose(self, choices, out=out, mode=mode)

    def put(self, indices: ArrayLike, values: ArrayLike, mode: str = "raise") -> None:
        _ns().put(self, indices, values, mode=mode)

    def diagonal(self, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
        return _ns().diagonal(self, offset, axis1, axis2)

    def trace(
        self,
        offset: int = 0,
        axis1: int = 0,
        axis2: int = 1,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
    ) -> Array:
        if dtype is None and out is None:  # the namespace trace's first branch, less 2 frames
            if (r := small_trace(self, offset, axis1, axis2)) is not None:
                return r
        return _into(_ns().trace(self, offset, axis1, axis2, dtype), out, "trace")

    def sum(
        self,
        axis: AxisLike | list[int] = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
        keepdims: bool = False,
        initial: Scalar = NO_VALUE,
        where: ArrayLike = True,
    ) -> Array:
        if axis is None and dtype is None and out is None and keepdims is False:
            if initial is NO_VALUE and where is True:
                # `x.sum()`: the namespace function's own cached plan (its `small_key`,
                # inlined), without its frames.
                data = self._data
                key = ("sum", type(data), data.dtype, data.shape, None, False, None)
                plan = PLANS.plans.get(key)
                if plan is not None and type(data) is np.ndarray:  # a device's plan: below
                    PLANS._hits += 1
                    return run_small(plan, data)
        return _ns().sum(self, _axis(axis), dtype, out, keepdims, initial, where)

    def prod(
        self,
        axis: AxisLike | list[int] = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
        keepdims: bool = False,
        initial: Scalar = NO_VALUE,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().prod(self, _axis(axis), dtype, out, keepdims, initial, where)

    def mean(
        self,
        axis: AxisLike | list[int] = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
        keepdims: bool = False,
        *,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().mean(self, _axis(axis), dtype, out, keepdims, where=where)

    def std(
        self,
        axis: AxisLike | list[int] = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
        ddof: float = 0,
        keepdims: bool = False,
        *,
        where: ArrayLike = True,
        mean: ArrayLike = NO_VALUE,
    ) -> Array:
        return _ns().std(self, _axis(axis), dtype, out, ddof, keepdims, where=where, mean=mean)

    def var(
        self,
        axis: AxisLike | list[int] = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
        ddof: float = 0,
        keepdims: bool = False,
        *,
        where: ArrayLike = True,
        mean: ArrayLike = NO_VALUE,
    ) -> Array:
        return _ns().var(self, _axis(axis), dtype, out, ddof, keepdims, where=where, mean=mean)

    def max(
        self,
        axis: AxisLike | list[int] = None,
        out: Array | None = None,
        keepdims: bool = False,
        initial: Scalar = NO_VALUE,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().max(self, _axis(axis), out, keepdims, initial, where)

    def min(
        self,
        axis: AxisLike | list[int] = None,
        out: Array | None = None,
        keepdims: bool = False,
        initial: Scalar = NO_VALUE,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().min(self, _axis(axis), out, keepdims, initial, where)

    def argmax(
        self, axis: int | None = None, out: Array | None = None, *, keepdims: bool = False
    ) -> Array:
        return _ns().argmax(self, axis, out, keepdims=keepdims)  # out: NumPy's checks

    def argmin(
        self, axis: int | None = None, out: Array | None = None, *, keepdims: bool = False
    ) -> Array:
        return _ns().argmin(self, axis, out, keepdims=keepdims)  # out: NumPy's checks

    def any(
        self,
        axis: AxisLike | list[int] = None,
        out: Array | None = None,
        keepdims: bool = False,
        *,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().any(self, _axis(axis), out, keepdims, where=where)

    def all(
        self,
        axis: AxisLike | list[int] = None,
        out: Array | None = None,
        keepdims: bool = False,
        *,
        where: ArrayLike = True,
    ) -> Array:
        return _ns().all(self, _axis(axis), out, keepdims, where=where)

    def cumsum(
        self,
        axis: int | None = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
    ) -> Array:
        return _ns().cumsum(self, axis, dtype, out)

    def cumprod(
        self,
        axis: int | None = None,
        dtype: DTypeLike | None = None,
        out: Array | None = None,
    ) -> Array:
        return _ns().cumprod(self, axis, dtype, out)


_DUNDERS = (
    "__copy__",
    "__deepcopy__",
    "__contains__",
    "__round__",
    "__trunc__",
    "__divmod__",
    "__rdivmod__",
    "__array_struct__",
    "__array_interface__",
)


def attach(namespace) -> None:
    """Give Array its NumPy-style methods and `__array_namespace__` target: `namespace`."""
    Array._namespace = namespace
    _convert.ARRAY = Array  # lists of Arrays, read below the Array type (`plain_data`)
    for holder in (_NumPyMethods, _EverydayMethods, MemoryMethods):
        for name, member in vars(holder).items():
            if not name.startswith("__") or name in _DUNDERS:
                setattr(Array, name, member)
    for name in ("tofile", "dump", "dumps"):  # x.tofile(f) is _numpy_io.tofile(x, f)
        setattr(Array, name, _FILE_METHODS[name])
    _scalar_power(namespace)
    _compile_methods()


def _compile_methods() -> None:
    """Put the C twins of the hottest methods in front of them (Note [Compiled hot path] in
    `_dispatch/_cfast.c`): each runs its method's first branch and calls the method for
    anything else. Without the extension each stays the Python method."""
    if is_compiled(Array.__getitem__):
        return  # attached before
    # (a mask from the size its compaction runs in threads: Note [Mask compaction])
    Array.__getitem__ = compiled("getitem", Array.__getitem__, extra=(limits, "MASK_MIN"))
    Array.__setitem__ = compiled("setitem", Array.__setitem__)
    Array.__iter__ = compiled("elements", Array.__iter__)  # `for v in x`: x[i] without calls
    Array.T = compiled_property(vars(Array)["T"], "T")
    Array.mT = compiled_property(vars(Array)["mT"], "mT")
    Array.base = compiled_property(vars(Array)["base"], "base", _CACHED_MIN_BYTES)
    Array.real = compiled_property(vars(Array)["real"], "real")
    Array.imag = compiled_property(vars(Array)["imag"], "imag")
    Array.flags = compiled_property(vars(Array)["flags"], "flags", _CACHED_MIN_BYTES)
    Array.flat = compiled_property(vars(Array)["flat"], "flat", flatiter)
    for name, refusal in NO_INTERFACE.items():  # NumPy reads both: Note [Array interface]
        setattr(Array, name, compiled_property(vars(Array)[name], name, refusal))
    flatiter.__getitem__ = compiled("flat_item", flatiter.__getitem__, extra=flatiter)
    Array.reshape = compiled("reshape", _NumPyMethods.reshape)
    small, ints = PLANS.small_table("divmod"), PLANS.small_table("divmod" + INTS)
    limit = elementwise.SMALL_NUMEL
    for name, reflected in (("__divmod__", False), ("__rdivmod__", True)):
        twin = compiled(
            "scalar_divmod",
            getattr(_NumPyMethods, name),
            small,
            extra=(limit, reflected, ints),
            limit=limit,
        )
        setattr(Array, name, twin)
    Array.copy = compiled("copy", _NumPyMethods.copy)
    # `x.dot(y)`, `x.nonzero()`: the twins of the namespace functions the methods call
    Array.dot = compiled("pair", _EverydayMethods.dot, extra=None)  # NumPy's dot in C
    Array.nonzero = compiled("nonzero", _EverydayMethods.nonzero)
    Array.searchsorted = compiled("search", _EverydayMethods.searchsorted)
    Array.take = compiled("take", _EverydayMethods.take, extra=(limits, "TAKE_MIN"))
    # (NumPy's method, the most positional arguments the twin takes, self included)
    Array.item = compiled("passthrough", _NumPyMethods.item, extra=(np.ndarray.item, 33))
    Array.tolist = compiled("passthrough", _NumPyMethods.tolist, extra=(np.ndarray.tolist, 1))
    for number, name in enumerate(("ravel", "flatten", "squeeze", "conj")):  # method0's enum
        method = getattr(_EverydayMethods, name)
        limit = elementwise.SMALL_NUMEL  # conj's first branch: one chunk
        setattr(Array, name, compiled("method0", method, extra=number, limit=limit))
    Array.fill = compiled("fill", _EverydayMethods.fill)
    Array.transpose = compiled("method0", _EverydayMethods.transpose, extra=5)
    Array.sort = compiled("method0", _EverydayMethods.sort, extra=7)  # in place
    Array.argsort = compiled("sort", _EverydayMethods.argsort, extra=True)  # `argsort`'s twin
    Array.diagonal = compiled("method0", _NumPyMethods.diagonal, extra=8)
    Array.view = compiled("method0", MemoryMethods.view, extra=9)
    Array.trace = compiled("method0", _NumPyMethods.trace, extra=11, limit=SMALL)
    Array.round = compiled("method0", _EverydayMethods.round, extra=12)  # `x.round(2)`
    Array.conjugate = compiled("method0", _EverydayMethods.conjugate, extra=3)  # conj's
    Array.tobytes = compiled("passthrough", MemoryMethods.tobytes, extra=(np.ndarray.tobytes, 1))
    for name in ("swapaxes", "repeat"):  # NumPy's method with int arguments (the most: 3)
        method = getattr(_EverydayMethods, name)
        setattr(Array, name, compiled("int_method", method, extra=(getattr(np.ndarray, name), 3)))
    Array.astype = compiled(
        "astype", _NumPyMethods.astype, _CASTS, extra=(_dtypes.DType, limits, "CAST_MIN")
    )
    # `x.sum()`, `x.max(0)`, `x.var()`...: each replays the plan its namespace function
    # recorded (var's and std's without a correction); a reduction elides nothing.
    names = ("sum", "prod", "max", "min", "mean", "var", "std", "any", "all", "argmax", "argmin")
    for name in names:
        setattr(Array, name, compiled_reduction(getattr(_NumPyMethods, name)))
    Array.cumsum = compiled_scan(_NumPyMethods.cumsum, "cumsum", flat=True)
    Array.cumprod = compiled_scan(_NumPyMethods.cumprod, "cumprod", flat=True)
    Array.__format__ = compiled("format", Array.__format__)  # `f"{x[i]:.3f}"`
    # float(x[i]), `if x[i] > t:`: (the conversion, the dtype kinds its first branch takes)
    for name, convert, kinds in (
        ("__float__", float, b"biuf"),
        ("__int__", int, b"biuf"),
        ("__index__", None, b"iu"),
        ("__bool__", bool, b"biufc"),
    ):
        setattr(Array, name, compiled("scalar", getattr(Array, name), extra=(convert, kinds)))

"""Array's NumPy methods about memory: view, getfield/setfield, byteswap, tobytes, resize,
setflags, and the `flags`, `flat` and `base` attributes (attached by `_array_methods.attach`).

They act on the backing buffer itself, so they are written against the buffer's own methods
(NumPy's or CuPy's) rather than the namespace; where CuPy lacks one (getfield, byteswap), the
same bytes are reached through a uint8 view. Dtypes stay among xtensor's 13: `view` and
`getfield` refuse any other, as `asarray` does.

Note [Owning memory]
~~~~~~~~~~~~~~~~~~~~
NumPy says an array owns its memory when its `base` is None. The CPU backend hands out large
outputs as whole-buffer views of the uint8 buffers it keeps for reuse (Note [Output buffer
cache] in `_backends/cpu.py`), so `(x + 1).base` would be a uint8 buffer where NumPy's is
None. An array that spans the whole of a large, owning, 1-D uint8 base but for the spare
bytes before and after it that start it on a cache line counts as owning its memory here:
`base` is None and `flags.owndata` is True for it, as NumPy would report for the same
operation.
"""

from __future__ import annotations

import builtins
import sys
from collections.abc import Iterator
from typing import Any, SupportsIndex

import numpy as np

from ._array import _SCALAR_KINDS, Array, _new, kept, scalar_checked, wrap
from ._core import dtypes as _dtypes
from ._core.dtype_extras import swapped_numpy
from ._dispatch import backend_of
from ._numpy_run import numpy_errors
from ._typing import ArrayLike, DTypeLike, IndexKey, ShapeLike

_CACHED_MIN_BYTES = 1 << 20  # the CPU output cache keeps buffers from 1 MiB up
_CACHE_ALIGN = 4096  # with spare bytes to start each on a page (cpu.py: ALIGN)
_BYTES = np.dtype(np.uint8)  # its buffers' dtype (`is`: a dtype == a type costs ~100 ns)
_type, _DType = builtins.type, _dtypes.DType  # (`view` calls its argument `type`, as NumPy's)
_SPELLED, _SPELLINGS = _dtypes.SPELLED, _dtypes.SPELLING_TYPES


def owns_memory(data) -> bool:
    """Whether backing `data` owns its memory, as users see it (see Note [Owning memory])."""
    base = data.base
    if base is None:
        return True
    return (
        type(base) is np.ndarray
        and base.base is None
        and base.dtype is _BYTES
        and base.ndim == 1
        and base.nbytes == data.nbytes + _CACHE_ALIGN
        and data.nbytes >= _CACHED_MIN_BYTES
        and data.flags.c_contiguous
        and 0 <= data.ctypes.data - base.ctypes.data < _CACHE_ALIGN
    )


def _plain_number(dtype: np.dtype) -> bool:
    """NumPy's own bool or number dtype in native order (Note [Array interface])."""
    return dtype.kind in "biufc" and dtype.isbuiltin == 1


def _described(dtype: np.dtype) -> bool:
    """A dtype whose typestr NumPy reads back whole: its own, but records."""
    return dtype.kind in "biufcMmSUO" and dtype.isbuiltin != 2


NO_INTERFACE = {  # Note [Array interface] (at MemoryMethods.__array_struct__)
    "__array_struct__": "__array_struct__: only CPU arrays of numbers, of one or more "
    "dimensions, have NumPy's capsule; np.asarray(x) reads any array",
    "__array_interface__": "__array_interface__: only CPU arrays of one or more dimensions "
    "of NumPy's own dtypes (not records) have NumPy's interface; np.asarray(x) reads any "
    "array",
}


# --- flags ---------------------------------------------------------------------------------


class flagsobj:
    """NumPy's `x.flags`: the memory layout of an array, by attribute (`x.flags.writeable`)
    or by NumPy's key (`x.flags['C_CONTIGUOUS']`, `x.flags['W']`). `writeable` can be set."""

    __slots__ = ("_data",)
    _KEYS = {
        "C_CONTIGUOUS": "c_contiguous",
        "C": "c_contiguous",
        "CONTIGUOUS": "c_contiguous",
        "F_CONTIGUOUS": "f_contiguous",
        "F": "f_contiguous",
        "FORTRAN": "f_contiguous",
        "OWNDATA": "owndata",
        "O": "owndata",
        "WRITEABLE": "writeable",
        "W": "writeable",
        "ALIGNED": "aligned",
        "A": "aligned",
        "WRITEBACKIFCOPY": "writebackifcopy",
        "X": "writebackifcopy",
        "FNC": "fnc",
        "FORC": "forc",
        "BEHAVED": "behaved",
        "B": "behaved",
        "CARRAY": "carray",
        "CA": "carray",
        "FARRAY": "farray",
        "FA": "farray",
    }
    _SETTABLE = {"writeable": "write", "aligned": "align", "writebackifcopy": "uic"}

    def __init__(self, data):
        self._data = data

    def _flag(name: str, derived):
        """NumPy's own flag when the buffer is NumPy's; else derived from the CUDA buffer's
        flags (CuPy arrays are always writeable and aligned and carry no such flags)."""

        def get(self):
            flags = self._data.flags
            if type(self._data) is np.ndarray:
                return bool(getattr(flags, name))
            return bool(derived(self, flags))

        return property(get)

    c_contiguous = _flag("c_contiguous", lambda self, f: f.c_contiguous)
    f_contiguous = _flag("f_contiguous", lambda self, f: f.f_contiguous)
    aligned = _flag("aligned", lambda self, f: True)
    writebackifcopy = _flag("writebackifcopy", lambda self, f: False)
    fnc = _flag("fnc", lambda self, f: f.f_contiguous and not f.c_contiguous)
    forc = _flag("forc", lambda self, f: f.f_contiguous or f.c_contiguous)
    behaved = _flag("behaved", lambda self, f: True)
    carray = _flag("carray", lambda self, f: f.c_contiguous)
    farray = _flag("farray", lambda self, f: f.f_contiguous and not f.c_contiguous)
    owndata = property(lambda self: owns_memory(self._data))
    del _flag

    @property
    def writeable(self) -> bool:
        return bool(getattr(self._data.flags, "writeable", True))

    @writeable.setter
    def writeable(self, value: bool) -> None:
        _setflags(self._data, write=value)

    def __getitem__(self, key: str) -> bool:
        if key not in self._KEYS:
            raise KeyError("Unknown flag")
        return getattr(self, self._KEYS[key])

    def __setitem__(self, key: str, value: bool) -> None:
        name = self._KEYS.get(key)
        if name not in self._SETTABLE:
            raise KeyError("Unknown flag")
        _setflags(self._data, **{self._SETTABLE[name]: value})

    def __repr__(self) -> str:
        names = ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED")
        lines = [f"  {name} : {self[name]}" for name in (*names, "WRITEBACKIFCOPY")]
        return "\n".join(lines) + "\n"


def _setflags(data, write=None, align=None, uic=None) -> None:
    if type(data) is np.ndarray:
        with numpy_errors("setflags"):
            data.setflags(write=write, align=align, uic=uic)
    elif write is False or align is False or uic:
        raise ValueError("setflags: CUDA arrays are always writeable and aligned")


# --- flat ----------------------------------------------------------------------------------


class flatiter:
    """NumPy's `x.flat`: the elements of `x` in C order, to iterate over (0-d Arrays; NumPy's
    scalars for text, objects and dates, as `x[i]`), index (`x.flat[3]`, `x.flat[::2]`:
    copies) and assign through (`x.flat[3] = 1`; shorter values repeat, as in NumPy)."""

    __slots__ = ("base", "_at")  # _at: where `next` has reached (unset: 0; C makes these)

    def __init__(self, base: Array) -> None:
        self.base = base

    def __len__(self) -> int:
        return self.base.size

    def __next__(self) -> Array:
        """NumPy's `next(x.flat)`: the next element, from where the last `next` left off."""
        at = self.index
        if at >= self.base.size:
            raise StopIteration
        self._at = at + 1
        return self[at]

    @property
    def index(self) -> int:
        """The flat position `next` reads next, as NumPy's `flatiter.index`."""
        return getattr(self, "_at", 0)

    @property
    def coords(self) -> tuple[int, ...]:
        """`index` as an index along each axis, as NumPy's `flatiter.coords`."""
        return tuple(int(i) for i in np.unravel_index(self.index, self.base.shape))

    def __iter__(self) -> Iterator[Array]:
        flat = self.base._data.reshape(-1)  # each element a copy (Note [Elements are values])
        if flat.dtype.kind in _SCALAR_KINDS:  # NumPy's scalars, as `x[i]` gives them
            return (flat[i] for i in range(self.index, flat.shape[0]))
        return (wrap(flat[i, ...].copy()) for i in range(self.index, flat.shape[0]))

    def __getitem__(self, key: IndexKey) -> Array:
        if type(key) is int and type(d := self.base._data) is np.ndarray:
            try:  # `x.flat[3]`: NumPy's element (a scalar) as a 0-d array, out of range below
                out = d.flat[key]
            except IndexError:
                pass
            else:
                if d.dtype.kind in _SCALAR_KINDS:
                    return out  # text, objects and dates: NumPy's scalar, as `x[i]` gives it
                r = _new(Array)
                r._data = np.asarray(out)
                return r
        key = key._data if isinstance(key, Array) else key
        with numpy_errors("flat"):
            out = self.base._data.flat[key]
        if type(out) is not np.ndarray and self.base._data.dtype.kind in _SCALAR_KINDS:
            return out  # text, objects and dates: NumPy's scalar, as `x[i]` gives it
        if isinstance(out, np.generic) or not hasattr(out, "dtype"):
            out = np.asarray(out)
        return wrap(out)

    def __setitem__(self, key: IndexKey, value: ArrayLike) -> None:
        key = key._data if isinstance(key, Array) else key
        data = self.base._data
        if isinstance(value, Array):
            value = scalar_checked(value, value._data, data)
        with numpy_errors("flat"):
            data.flat[key] = value

    def copy(self) -> Array:
        return wrap(self.base._data.flatten())


# --- the methods -----------------------------------------------------------------------------


def _field(data, dtype, offset: int, func: str):
    """A view of `dtype` at byte `offset` inside each element of `data` (getfield/setfield)."""
    if hasattr(data, "getfield"):
        with numpy_errors(func):
            return data.getfield(dtype, offset)
    return _field_by_bytes(data, dtype, offset, func)


def _field_by_bytes(data, dtype, offset: int, func: str):
    """`_field` for buffers without getfield (CuPy's): the element's bytes, viewed as uint8
    along a new last axis, cut to the field and viewed as `dtype`."""
    size = np.dtype(dtype).itemsize
    if not 0 <= offset <= data.itemsize - size:
        raise ValueError(f"{func}: new type plus offset is larger than original type")
    with numpy_errors(func):
        raw = data[..., None].view(np.uint8)
        return raw[..., offset : offset + size].view(dtype)[..., 0]


def _byteswapped(data):
    """`data` with the bytes of each element reversed (of each part, for complex)."""
    xp = backend_of(data).xp
    parts = 2 if data.dtype.kind == "c" else 1
    raw = xp.ascontiguousarray(data).reshape(data.shape + (1,)).view(np.uint8)
    raw = raw.reshape(data.shape + (parts, data.itemsize // parts))[..., ::-1]
    raw = xp.ascontiguousarray(raw).reshape(data.shape + (data.itemsize,))
    return raw.view(data.dtype).reshape(data.shape)


class MemoryMethods:
    """The methods `_array_methods.attach` copies onto Array (a holder, never instantiated)."""

    @property
    def flags(self) -> flagsobj:  # (or NumPy's own, which reads alike)
        """NumPy's flags object of CPU data, but for the output cache's buffers (whose OWNDATA
        reads True: Note [Owning memory]) and CUDA data: this module's flagsobj there."""
        data = self._data
        if type(data) is np.ndarray and owns_memory(data) == (data.base is None):
            return data.flags
        f = _new(flagsobj)  # flagsobj(data), without its __init__ frame
        f._data = data
        return f

    @property
    def data(self) -> memoryview:
        """NumPy's buffer over CPU memory (`f.write(x.data)`, as SciPy's wavfile writes)."""
        if type(data := self._data) is not np.ndarray:
            raise AttributeError(
                f"data: this array lives on {self.device}, and only host memory has a Python "
                "buffer; move it with x.to_device('cpu') first"
            )
        return data.data

    # Note [Array interface]
    # Pillow's `Image.fromarray` and other C-level readers take an array's memory from
    # NumPy's `__array_interface__`. Its strides are always given, as the protocol allows, so
    # Pillow copies the memory with `tobytes` (an Array has no buffer protocol to read it
    # through); `np.ctypeslib.as_ctypes` refuses that, and reads `np.asarray(x)`. NumPy reads
    # `__array_struct__`, then `__array_interface__`, before `__array__`, and either costs it
    # more: `np.asarray` of an array takes 0.67 us through the capsule and 1.1 through the
    # dict, against 0.3 through `__array__`, and every absent attribute costs a raised
    # AttributeError. So a 0-d array, NumPy's scalar here (Note [Elements are values]), which
    # libraries convert by the thousand in lists, has neither (raised in C, ~20 ns); other CPU
    # arrays have both, the capsule only for NumPy's own numbers in native order (NumPy
    # rebuilds the dtype from a kind and a size: a date would lose its unit), the dict for
    # NumPy's own dtypes but records (its typestr would drop their fields' offsets). Device,
    # meta, StringDType and registered dtypes (ml_dtypes' bfloat16) have neither, and
    # `__array__` answers for them. The C getters (`_dispatch/_cfast.c`) stand in front.
    # `np.asarray(x)` is then a new view of x's memory each time, whose `base` is NumPy's
    # (x, capsule) pair.
    @property
    def __array_struct__(self) -> Any:
        data = self._data
        if type(data) is not np.ndarray or not data.ndim or not _plain_number(data.dtype):
            raise AttributeError(NO_INTERFACE["__array_struct__"])
        return data.__array_struct__

    @property
    def __array_interface__(self) -> dict[str, Any]:
        data = self._data
        if type(data) is not np.ndarray or not data.ndim or not _described(data.dtype):
            raise AttributeError(NO_INTERFACE["__array_interface__"])
        interface = data.__array_interface__
        interface["strides"] = data.strides
        return interface

    @property
    def flat(self) -> flatiter:
        f = _new(flatiter)
        f.base = self
        return f

    @flat.setter
    def flat(self, value: ArrayLike) -> None:
        """NumPy's `a.flat = values`: values read in C order, repeated or cut to a's size."""
        data = self._data
        values = np.asarray(value) if isinstance(value, Array) else value  # (on the host)
        if type(data) is not np.ndarray:  # a device's array: NumPy's fill, then one copy in
            data[...] = backend_of(data).xp.asarray(np.resize(values, data.shape))
            return
        with numpy_errors("flat"):
            data.flat = values

    @property
    def base(self) -> Array | None:
        """The array whose memory this one views (None when it owns its memory)."""
        data = self._data
        base = data.base
        if base is None or owns_memory(data):
            return None
        if type(base) is np.ndarray:
            r = _new(Array)
            r._data = base
            return r
        return wrap(base) if hasattr(base, "dtype") else base

    def view(self, dtype: DTypeLike | None = None, type: type[Any] | None = None) -> Array:
        """A new Array on the same memory; with `dtype`, the bytes reinterpreted as it."""
        if type is None:  # x.view(xt.float32), x.view(np.float32), x.view('f4'), x.view(float)
            t = _type(dtype)
            d = dtype if t is _DType else _SPELLED.get(dtype) if t in _SPELLINGS else None
            if d is not None:
                try:
                    data = self._data.view(d.numpy)
                except Exception:  # deliberate: the checked path below names NumPy's refusal
                    pass
                else:
                    r = _new(Array)
                    r._data = data
                    return r if data.ndim else kept(self, r)
        if dtype is None and type is None:  # x.view(): a new Array on the same buffer
            r = _new(Array)
            r._data = self._data.view()
            return kept(self, r)
        if isinstance(dtype, builtins.type) and issubclass(dtype, (Array, np.ndarray)):
            dtype, type = None, dtype  # NumPy's x.view(ndarray_subclass) spelling
        if isinstance(type, builtins.type) and issubclass(type, np.ndarray):
            return _numpy_view(self._data, dtype, type)  # NumPy's own classes (np.ma's calls)
        if type is not None and not (isinstance(type, builtins.type) and issubclass(type, Array)):
            raise TypeError(f"view: type must be an array class; got {type!r}")
        if dtype is None:
            return _as_type(kept(self, wrap(self._data.view())), type)
        swapped = swapped_numpy(dtype)
        if swapped is not None:  # the bytes read in that order, kept native: a copy
            with numpy_errors("view"):
                data = self._data.view(swapped)
            return _as_type(kept(self, wrap(data.astype(swapped.newbyteorder("=")))), type)
        np_dtype = _dtypes.as_dtype(dtype, "view").numpy
        with numpy_errors("view"):
            return _as_type(kept(self, wrap(self._data.view(np_dtype))), type)

    def getfield(self, dtype: DTypeLike, offset: int = 0) -> Array:
        """The field of `dtype` at byte `offset` in each element, as a view."""
        np_dtype = _dtypes.as_dtype(dtype, "getfield").numpy
        return kept(self, wrap(_field(self._data, np_dtype, offset, "getfield")))

    def setfield(self, val: ArrayLike, dtype: DTypeLike, offset: int = 0) -> None:
        """Write `val` into the field of `dtype` at byte `offset` in each element."""
        np_dtype = _dtypes.as_dtype(dtype, "setfield").numpy
        field = _field(self._data, np_dtype, offset, "setfield")
        with numpy_errors("setfield"):
            field[...] = val._data if isinstance(val, Array) else val

    def byteswap(self, inplace: bool = False) -> Array:
        """The elements with their bytes reversed (in place when inplace=True)."""
        data = self._data
        if type(data) is np.ndarray:
            with numpy_errors("byteswap"):
                swapped = data.byteswap(inplace)
        else:
            swapped = _byteswapped(data)
            if inplace:
                data[...] = swapped
        return self if inplace else kept(self, wrap(swapped))

    def tobytes(self, order: str = "C") -> bytes:
        """The raw bytes of the elements, in C (or `order`) order."""
        if order == "C" and type(d := self._data) is np.ndarray:
            return d.tobytes()  # the host buffer's own bytes, no error to name
        host = backend_of(self._data).to_host(self._data)
        with numpy_errors("tobytes"):
            return host.tobytes(order)

    def setflags(
        self, write: bool | None = None, align: bool | None = None, uic: bool | None = None
    ) -> None:
        """Set the WRITEABLE (and ALIGNED, WRITEBACKIFCOPY) flags, as NumPy allows."""
        _setflags(self._data, write=write, align=align, uic=uic)

    def resize(self, *new_shape: SupportsIndex | ShapeLike, refcheck: bool = True) -> None:
        """Change the shape and size in place: elements kept in order, new ones zero.

        As NumPy's, it refuses (ValueError) when something else references this array's
        buffer (a view, another Array on it), unless refcheck=False. A view of another array
        gets a buffer of its own rather than NumPy's refusal.
        """
        if len(new_shape) == 1 and not isinstance(new_shape[0], int):
            new_shape = new_shape[0]
        shape = tuple(int(n) for n in np.atleast_1d(np.asarray(new_shape, dtype=np.intp)))
        if any(n < 0 for n in shape):
            raise ValueError("resize: negative dimensions not allowed")
        data = self._data
        # References to the buffer: this Array's slot, the local `data` and getrefcount's own
        # argument; to this Array: the caller's name, `self` and getrefcount's argument (a
        # second name, `b = a`, is one more, which NumPy refuses too).
        if refcheck and (sys.getrefcount(data) > 3 or sys.getrefcount(self) > 3):
            raise ValueError(
                "resize: cannot resize an array that references or is referenced by another "
                "object in this way. Use the resize function to get a new resized copy or set "
                "refcheck=False to disable this check"
            )
        xp = backend_of(data).xp
        size = int(np.prod(shape))
        order = "F" if data.flags.f_contiguous and not data.flags.c_contiguous else "C"
        old = data.ravel(order=order)
        new = xp.zeros(size, dtype=data.dtype)
        kept = min(size, old.shape[0])
        new[:kept] = old[:kept]
        self._data = new.reshape(shape)


def _numpy_view(data, dtype, cls):
    """`x.view(dtype, cls)` for a NumPy class (`numpy.ma.MaskedArray`): NumPy's view of the
    same memory, as `numpy.asarray(x)` gives, for code that hands Arrays to NumPy's classes."""
    if type(data) is not np.ndarray:
        raise TypeError(f"view: a {cls.__name__} views host memory; move x with to_device('cpu')")
    with numpy_errors("view"):
        view = data if dtype is None else data.view(_dtypes.as_dtype(dtype, "view").numpy)
        return view.view(cls)


def _as_type(view, cls):
    """`view` as the Array subclass `cls` asked of `view` (`x.view(xt.recarray)`, as NumPy
    scripts view records as `np.recarray`); the same backing data."""
    if cls is None or cls is type(view):
        return view
    out = object.__new__(cls)
    object.__setattr__(out, "_data", view._data)
    if (finalize := getattr(cls, "__array_finalize__", None)) is not None:
        finalize(out, view)  # NumPy's hook: `x.view(xt.matrix)` takes a matrix's shape
    return out

"""NumPy-only functions: files and buffers (`.npy`/`.npz`, text, raw binary, pickles).

NumPy owns the formats, so every function here hands host buffers to NumPy's own reader or
writer: files written by xtensor are NumPy's files byte for byte and load in NumPy, and the
other way round. Writing takes an Array's host copy (`backend.to_host`, one transfer for CUDA
data); reading always gives CPU Arrays. What comes back from a file passes through
`_core.convert.host_array`, as `asarray` input does: non-native byte orders turn native (a
copy; records field by field), and data of xtensor's 14 dtypes (the standard's 13 and
float16) and of its CPU-only ones (strings, datetimes, objects, records, long double: Note
[Host-only dtypes] in `_core/dtypes.py`) is wrapped without a copy, so `load(...,
mmap_mode=...)` and `frombuffer` give Arrays viewing the map or buffer.

Structured dtypes read and write as in NumPy (`loadtxt(..., dtype=[('d', 'M8[D]'), ('v',
'i4')])`, `genfromtxt(..., names=True)`, `fromregex` with NumPy's structured dtype); `genfromtxt`'s
`usemask=True` gives NumPy's masked arrays, as `xtensor.ma` is NumPy's. `fromregex` also
takes a plain dtype, which NumPy refuses, giving the fields side by side (see its docstring).

`tofile`, `tobytes`, `dump` and `dumps` are the array methods of the same names, written as
functions taking the array first (`ARRAY_METHODS`); they are not NumPy top-level names.
"""

from __future__ import annotations

import pickle
import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from ._array import Array, backing, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.convert import host_array
from ._creation_small import numeric_dtype
from ._dispatch import backend_of
from ._dispatch.reduction import relayed
from ._manipulation_operands import like_device
from ._typing import ArrayLike, DTypeLike, FileLike

# NumPy's argument errors, renamed after the xtensor function; OSErrors (missing files) and
# KeyErrors (missing archive members) pass through untouched, as their messages are NumPy's.
_RENAMED = (TypeError, ValueError, IndexError, RuntimeError, EOFError, pickle.UnpicklingError)


class _named:
    """Prefix NumPy's errors with `func`, keeping their class where it can be rebuilt from a
    message (UnicodeDecodeError cannot: it becomes the built-in ValueError it derives from).
    A class, not a generator: entering it costs a third as much, on every read."""

    __slots__ = ("func",)

    def __init__(self, func: str) -> None:
        self.func = func

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, e, tb) -> None:
        if e is None or not isinstance(e, _RENAMED):
            return
        message = f"{self.func}: {e}"
        try:
            renamed = type(e)(message)
        except Exception:  # a constructor wanting more than a message
            renamed = next(k for k in _RENAMED if isinstance(e, k))(message)
        raise renamed from None


def _host(value, func: str, name: str = "a") -> np.ndarray:
    """`value` (an Array or anything `asarray` reads) as a NumPy array on the host."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "V":
        return value  # records of any byte order, written as NumPy writes them
    data = backing(value, func, name, scalars=False)
    return backend_of(data).to_host(data)


def _stored(value, func: str, name: str):
    """What save and savez write: an Array's host data, or any other value as it is, which
    NumPy reads as its writer does (`save(f, history_dict)`: a 0-d object array)."""
    return _host(value, func, name) if isinstance(value, Array) else value


def _loaded(data, func: str) -> Array:
    """A NumPy array read from a file or buffer as a CPU Array; no copy for standard data. A
    0-d one prints as NumPy's 0-d ndarray; a NumPy scalar (from a pickle) as its scalar."""
    if type(data) is np.ndarray and data.ndim and data.dtype in _PLAIN_READS:
        return wrap(data)  # (a plain read: `host_array` would hand it back as it is)
    scalar = isinstance(data, np.generic)
    if scalar:
        data = np.asarray(data)
    if data.dtype.kind == "V" and not data.dtype.isnative:  # e.g. records from a '>i4' file
        data = data.astype(data.dtype.newbyteorder("="))  # every field native, as host_array does
    # np.asarray (inside host_array) turns a np.memmap into a plain ndarray view of the map.
    x = wrap(host_array(data, func=func))
    return x if scalar else made_as_array(x)


def _read_dtype(dtype, func: str, columns: bool = False) -> np.dtype:
    """The NumPy dtype to read as: one xtensor has (host-only ones included) or a non-native
    byte order of one (made native once read). `columns`: a sequence of column types
    (genfromtxt's `(int, float)`) passes as it is, for NumPy to make fields of."""
    if type(dtype) in _SPELLED and (dt := _READ_DTYPES.get(dtype)) is not None:
        return dt
    if columns and type(dtype) in (list, tuple) and not any(type(d) is tuple for d in dtype):
        try:
            np.dtype(dtype)
        except (TypeError, ValueError):
            return dtype
    with _named(func):
        dt = np.dtype(dtype)
    try:
        _dtypes.from_numpy(dt.newbyteorder("="))
    except TypeError as e:
        raise TypeError(f"{func}: {e}") from None
    if type(dtype) in _SPELLED and dt.isnative and dt.kind in "biufc":
        _READ_DTYPES[dtype] = dt  # (`float`, "f4": the next read skips these steps)
    return dt


# Plain numeric dtypes `_read_dtype` has read, by how they were spelled
_READ_DTYPES: dict = {}
# NumPy's native bool, integer, float and complex dtypes, which a read needs no check for
_PLAIN_READS = frozenset(np.dtype(c) for c in "?bhilqBHILQefdgFDG" if c not in "gG")
_SPELLED = (type, str)
_NP_FROMBUFFER, _new = np.frombuffer, object.__new__


def _check_like(like, func: str) -> None:
    """NumPy's `like=` (NEP 35) check; the result is a CPU Array whatever `like` is."""
    like_device(like, func)


# --- .npy and .npz ------------------------------------------------------------------------------


def save(file: FileLike, arr: ArrayLike, allow_pickle: bool = True) -> None:
    """Write `arr` to a `.npy` file (a path gets `.npy` appended if it lacks it), as NumPy.
    Anything else NumPy writes as it reads it (a dict or a str: a 0-d object or text array)."""
    data = _stored(arr, "save", "arr")
    with _named("save"):
        np.save(file, data, allow_pickle=allow_pickle)


def _savez(func: str, writer, file, args, kwds, allow_pickle) -> None:
    arrays = [_stored(a, func, f"arr_{i}") for i, a in enumerate(args)]
    named = {k: _stored(v, func, k) for k, v in kwds.items()}
    with _named(func):
        writer(file, *arrays, allow_pickle=allow_pickle, **named)


def savez(file: FileLike, *args: ArrayLike, allow_pickle: bool = True, **kwds: ArrayLike) -> None:
    """Write several arrays to an uncompressed `.npz` archive (positional ones as `arr_0`...)."""
    _savez("savez", np.savez, file, args, kwds, allow_pickle)


def savez_compressed(
    file: FileLike, *args: ArrayLike, allow_pickle: bool = True, **kwds: ArrayLike
) -> None:
    """Write several arrays to a deflate-compressed `.npz` archive."""
    _savez("savez_compressed", np.savez_compressed, file, args, kwds, allow_pickle)


def load(
    file: FileLike,
    mmap_mode: str | None = None,
    allow_pickle: bool = False,
    fix_imports: bool = True,
    encoding: str = "ASCII",
    *,
    max_header_size: int = 10000,
) -> Any:  # an Array, an NpzFile of them, or a pickled object
    """Read a `.npy` file (an Array; with `mmap_mode` an Array viewing the memory map), a
    `.npz` archive (an `NpzFile` whose items are Arrays) or, with `allow_pickle=True`, a
    pickle (arrays in it become Arrays; any other object is returned as NumPy returns it).

    Object arrays need `allow_pickle=True`, as in NumPy (ValueError without it), and then load
    as object Arrays; records, datetimes and long doubles load as NumPy reads them.

    >>> import io, xtensor as xt
    >>> f = io.BytesIO(); xt.save(f, xt.arange(3)); _ = f.seek(0)
    >>> xt.load(f).shape
    (3,)
    """
    with _named("load"):
        out = np.load(
            file,
            mmap_mode=mmap_mode,
            allow_pickle=allow_pickle,
            fix_imports=fix_imports,
            encoding=encoding,
            max_header_size=max_header_size,
        )
    if isinstance(out, np.lib.npyio.NpzFile):
        return NpzFile(out)
    if isinstance(out, (np.ndarray, np.generic)):
        return _loaded(out, "load")
    return out


class NpzFile(Mapping):
    """A `.npz` archive opened by `load`: a read-only mapping of names to Arrays, read lazily.

    Like NumPy's `NpzFile`: `files` lists the names, `npz["x"]` (or `npz["x.npy"]`, or
    `npz.f.x`) reads one array, and it is a context manager that closes the archive on exit.
    """

    def __init__(self, npz):
        self._npz = npz  # NumPy's NpzFile: it owns the zip and, when opened from a path, the file
        self.f = _Fields(self)

    @property
    def files(self) -> list:
        return self._npz.files

    @property
    def zip(self):
        return self._npz.zip

    @property
    def fid(self):
        return self._npz.fid

    def __getitem__(self, key):
        with _named("load"):
            value = self._npz[key]
        # Members that are not .npy files come back as NumPy returns them: their raw bytes.
        return _loaded(value, "load") if isinstance(value, np.ndarray) else value

    def __contains__(self, key) -> bool:
        return key in self._npz  # without reading the member, unlike Mapping's default

    def __iter__(self):
        return iter(self._npz)

    def __len__(self) -> int:
        return len(self._npz)

    def close(self) -> None:
        self._npz.close()
        self.f = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __repr__(self) -> str:
        return repr(self._npz)


class _Fields:
    """`npz.f.name` for `npz["name"]`, as NumPy's BagObj (a weak reference: no cycle)."""

    __slots__ = ("_xt_npz",)

    def __init__(self, npz: NpzFile):
        self._xt_npz = weakref.proxy(npz)

    def __getattr__(self, key):
        try:
            return self._xt_npz[key]
        except KeyError:
            raise AttributeError(key) from None

    def __dir__(self):
        return list(self._xt_npz.keys())


# --- text -------------------------------------------------------------------------------------


def savetxt(
    fname: FileLike,
    X: ArrayLike,
    fmt: str | Sequence[str] = "%.18e",
    delimiter: str = " ",
    newline: str = "\n",
    header: str = "",
    footer: str = "",
    comments: str = "# ",
    encoding: str | None = None,
) -> None:
    """Write a 1-D or 2-D array to a text file, one row per line, formatted as NumPy does."""
    data = _host(X, "savetxt", "X")
    with _named("savetxt"):
        np.savetxt(fname, data, fmt, delimiter, newline, header, footer, comments, encoding)


def loadtxt(
    fname: FileLike | Sequence[str],
    dtype: DTypeLike | None = float,
    comments: str | Sequence[str] | None = "#",
    delimiter: str | None = None,
    converters: Mapping[int, Callable[[str], Any]] | Callable[[str], Any] | None = None,
    skiprows: int = 0,
    usecols: int | Sequence[int] | None = None,
    unpack: bool = False,
    ndmin: int = 0,
    encoding: str | None = None,
    max_rows: int | None = None,
    *,
    quotechar: str | None = None,
    like: Array | None = None,
) -> Array:
    """Read a table of numbers from a text file (all of NumPy's options, plain dtypes only)."""
    dt = _read_dtype(dtype, "loadtxt")
    _check_like(like, "loadtxt")
    with _named("loadtxt"):
        out = relayed(  # its warnings ("input contained no data") at the user's line
            np.loadtxt,
            fname,
            dt,
            comments,
            delimiter,
            converters,
            skiprows,
            usecols,
            unpack,
            ndmin,
            encoding,
            max_rows,
            quotechar=quotechar,
        )
    return _read(out, "loadtxt")


def genfromtxt(
    fname: FileLike | Sequence[str],
    dtype: DTypeLike | None = float,
    comments: str = "#",
    delimiter: str | int | Sequence[int] | None = None,
    skip_header: int = 0,
    skip_footer: int = 0,
    converters: Mapping[int, Callable[[str], Any]] | None = None,
    missing_values: Any = None,
    filling_values: Any = None,
    usecols: int | Sequence[int] | None = None,
    names: bool | str | Sequence[str] | None = None,
    excludelist: Sequence[str] | None = None,
    deletechars: str = " !#$%&'()*+,-./:;<=>?@[\\]^{|}~",
    replace_space: str = "_",
    autostrip: bool = False,
    case_sensitive: bool | str = True,
    defaultfmt: str = "f%i",
    unpack: bool | None = None,
    usemask: bool = False,
    loose: bool = True,
    invalid_raise: bool = True,
    max_rows: int | None = None,
    encoding: str | None = None,
    *,
    ndmin: int = 0,
    like: Array | None = None,
) -> Array:
    """Read a table of numbers with missing values handled (NumPy's options; `usemask=True`
    gives NumPy's masked array, as `xtensor.ma` is NumPy's). With `dtype=None` the dtype is
    inferred as NumPy does: columns that infer different dtypes, or `names=`, give a
    structured array; so does a sequence of column types (`dtype=(int, float, 'U5')`)."""
    dt = None if dtype is None else _read_dtype(dtype, "genfromtxt", columns=True)
    _check_like(like, "genfromtxt")
    with _named("genfromtxt"):
        out = relayed(  # its warnings (ConversionWarning) at the user's line
            np.genfromtxt,
            fname,
            dt,
            comments,
            delimiter,
            skip_header,
            skip_footer,
            converters,
            missing_values,
            filling_values,
            usecols,
            names,
            excludelist,
            deletechars,
            replace_space,
            autostrip,
            case_sensitive,
            defaultfmt,
            unpack,
            usemask,
            loose,
            invalid_raise,
            max_rows,
            encoding,
            ndmin=ndmin,
        )
    return out if usemask else _read(out, "genfromtxt")  # masks: NumPy's masked arrays


def _read(out, func: str):
    """A text reader's answer as Arrays: one, or NumPy's list of columns (`unpack=True` of a
    structured table)."""
    return [_loaded(o, func) for o in out] if isinstance(out, list) else _loaded(out, func)


def fromregex(
    file: FileLike,
    regexp: str | bytes | re.Pattern[Any],
    dtype: DTypeLike,
    encoding: str | None = None,
) -> Array:
    """The regular expression's matches in a text file, parsed as `dtype`.

    A structured `dtype` gives NumPy's structured array, one field per group. A plain dtype
    (which NumPy refuses) gives those fields side by side: 1-D for a pattern with no group or
    one group (the single field), shape `(matches, groups)` for more.
    """
    dt = _read_dtype(dtype, "fromregex")
    if dt.names is not None:
        with _named("fromregex"):
            return _loaded(np.fromregex(file, regexp, dt, encoding), "fromregex")
    with _named("fromregex"):
        groups = regexp.groups if hasattr(regexp, "groups") else re.compile(regexp).groups
        fields = max(groups, 1)  # with no group, findall gives the whole match: one field
        structured = np.dtype([(f"f{i}", dt) for i in range(fields)])
        out = np.fromregex(file, regexp, structured, encoding)
    # The fields are packed one after another, so the records are rows of `fields` values.
    values = out.view(dt)
    return _loaded(values if groups < 2 else values.reshape(len(out), fields), "fromregex")


def fromstring(
    string: str | bytes,
    dtype: DTypeLike = float,
    count: int = -1,
    sep: str = "",
    *,
    like: Array | None = None,
) -> Array:
    """A 1-D array of the numbers in `string` separated by `sep` (text mode only: NumPy 2
    removed the binary mode, the default `sep=''`, and raises ValueError for it; use
    `frombuffer`)."""
    dt = _read_dtype(dtype, "fromstring")
    _check_like(like, "fromstring")
    with _named("fromstring"):
        out = np.fromstring(string, dt, count, sep=sep)
    return _loaded(out, "fromstring")


# --- raw binary -------------------------------------------------------------------------------


def fromfile(
    file: FileLike,
    dtype: DTypeLike = float,
    count: int = -1,
    sep: str = "",
    offset: int = 0,
    *,
    like: Array | None = None,
) -> Array:
    """Read raw binary (`sep=''`) or separated text from a file (a path or an open file)."""
    dt = _read_dtype(dtype, "fromfile")
    _check_like(like, "fromfile")
    with _named("fromfile"):
        out = np.fromfile(file, dt, count, sep, offset)
    return _loaded(out, "fromfile")


def frombuffer(
    buffer: Any,
    dtype: DTypeLike = float,
    count: int = -1,
    offset: int = 0,
    *,
    like: Array | None = None,
) -> Array:
    """A 1-D Array viewing `buffer`'s bytes (no copy for standard dtypes; read-only when the
    buffer is). An Array's own bytes are read from its host copy."""
    if like is None and (plain := numeric_dtype(dtype)) is not None:
        if not isinstance(buffer, Array):
            x = _new(Array)  # wrap(), inlined: it costs a fifth of the call
            try:  # the common call's answer without the checks' frames (NumPy's errors: below)
                x._data = _NP_FROMBUFFER(buffer, plain, count, offset)
                return x
            except (ValueError, TypeError, AttributeError):
                pass
    dt = _read_dtype(dtype, "frombuffer")
    _check_like(like, "frombuffer")
    if isinstance(buffer, Array):
        buffer = _host(buffer, "frombuffer", "buffer")
    with _named("frombuffer"):
        out = np.frombuffer(buffer, dt, count, offset)
    return _loaded(out, "frombuffer")


# --- array methods, as functions taking the array first --------------------------------------


def tofile(a: ArrayLike, fid: FileLike, sep: str = "", format: str = "%s") -> None:
    """`a.tofile(fid)`: the elements in C order, as raw bytes or as text separated by `sep`."""
    data = _host(a, "tofile")
    with _named("tofile"):
        data.tofile(fid, sep=sep, format=format)


def tobytes(a: ArrayLike, order: str = "C") -> bytes:
    """`a.tobytes()`: the raw bytes of the elements in `order` ('C', 'F', 'A' or 'K')."""
    data = _host(a, "tobytes")
    with _named("tobytes"):
        return data.tobytes(order=order)


def dump(a: ArrayLike, file: FileLike) -> None:
    """`a.dump(file)`: pickle `a` to a path or an open binary file. The pickle holds a NumPy
    array (NumPy's own bytes), so NumPy reads it; `load(file, allow_pickle=True)` gives an Array.
    """
    data = _host(a, "dump")
    with _named("dump"):
        data.dump(file)


def dumps(a: ArrayLike) -> bytes:
    """`a.dumps()`: the pickle `dump` writes, as bytes (NumPy's, byte for byte)."""
    return _host(a, "dumps").dumps()


ARRAY_METHODS: dict = {"tofile": tofile, "tobytes": tobytes, "dump": dump, "dumps": dumps}

NUMPY_ALIASES: dict = {
    "save": save,
    "savez": savez,
    "savez_compressed": savez_compressed,
    "load": load,
    "savetxt": savetxt,
    "loadtxt": loadtxt,
    "genfromtxt": genfromtxt,
    "fromregex": fromregex,
    "fromstring": fromstring,
    "fromfile": fromfile,
    "frombuffer": frombuffer,
}

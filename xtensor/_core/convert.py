"""Host conversion: any Python object NumPy can read -> a NumPy array of a standard dtype.

`asarray` (creation), the operands of every function (`_array.backing`) and NumPy-style
helpers all convert through `host_array`, so lists, tuples, buffers, NumPy arrays and scalars
turn into the same dtypes with the same errors everywhere. Only the standard's 13 dtypes come
out, NumPy's float16 (see Note [float16] in `dtypes.py`) and the host-only dtypes (strings,
datetimes, objects, records, long double: Note [Host-only dtypes] there); non-native byte
orders become native.
"""

from __future__ import annotations

import numpy as np

from . import dtypes as _dtypes

SCALAR_DEFAULTS = {
    bool: _dtypes.bool,
    int: _dtypes.DEFAULT_INT,
    float: _dtypes.DEFAULT_FLOAT,
    complex: _dtypes.DEFAULT_COMPLEX,
}


def undispatched(function):
    """NumPy's C function behind `function` (`np.concatenate`, `np.dot`...), without its
    `__array_function__` dispatch, a Python frame per call: for callers that hand it exact
    ndarrays only, which override nothing."""
    return getattr(function, "_implementation", function)


def host_array(obj, want: _dtypes.DType | None = None, copy=None, func: str = "asarray"):
    """`obj` as a NumPy array of dtype `want` (or its natural standard dtype when None)."""
    if want is None and type(obj) in _SEQUENCES and copy is not False:
        if (data := plain_data(obj)) is not None:  # the commonest call: `sum([1, 2, 3])`
            return data
    if want is None and type(obj) in SCALAR_DEFAULTS:
        want = scalar_dtype(obj, func)
    if isinstance(obj, bytearray):
        obj = memoryview(obj)  # a buffer of bytes, as NumPy reads it (`bytes` is its S scalar)
    elif hasattr(obj, "__cuda_array_interface__") and hasattr(obj, "get"):
        obj = obj.get()  # a CuPy array asked onto the CPU
    data = _to_numpy(obj, want, copy, func)
    if want is None:
        if data.dtype.kind == "O" and not _holds_objects(obj):
            raise TypeError(f"{func}: {_inferred_object(obj)}")
        data = _native_standard(data, copy, func)
    check_standard(data, func)
    return data


_SEQUENCES = (list, tuple)
_STANDARD = frozenset(d.numpy for d in _dtypes.ALL)  # native byte order


# The Array type, handed down when the package loads (this layer imports nothing above it).
ARRAY: type | None = None


def plain_data(obj):
    """NumPy's reading of a list, tuple or Python number where it is one of the standard's
    dtypes in native byte order: all `host_array`'s checks would keep of it. None where it is
    anything else or NumPy refuses `obj`: the caller's checked path reads it and says why."""
    if type(obj) is list and obj and type(obj[0]) is ARRAY:
        obj = _datas(obj)  # Note [Lists of elements] in _dispatch/_cfast_creation.c
    try:
        data = np.asarray(obj)
    except Exception:  # noqa: BLE001 - the checked path words any refusal
        return None
    return data if data.dtype in _STANDARD else None


def _datas(items: list) -> list:
    """`items` with each Array over CPU data as that data: NumPy reads its own arrays at once,
    an Array through `__array__` after failed lookups, ~300 ns each."""
    return [i._data if type(i) is ARRAY and type(i._data) is np.ndarray else i for i in items]


def scalar_dtype(value, func: str = "asarray") -> _dtypes.DType:
    """The dtype of a lone Python scalar; ints past int64 but within uint64 get uint64, as in
    NumPy."""
    if type(value) is int and not -(2**63) <= value < 2**63:
        _dtypes.check_scalar_fits(value, _dtypes.uint64, func)
        return _dtypes.uint64
    return SCALAR_DEFAULTS[type(value)]


def check_standard(data, func: str):
    """Refuse backing data whose dtype xtensor lacks (byte-swapped records...), and host-only
    data anywhere but in a NumPy array (Note [Host-only dtypes] in `dtypes.py`)."""
    try:
        dtype = _dtypes.from_numpy(data.dtype)
    except TypeError as e:
        raise TypeError(f"{func}: {e}") from None
    if type(data) is not np.ndarray and _dtypes.is_host_only(dtype):
        raise TypeError(f"{func}: {host_only_message(dtype)}")
    return data


TEXT_ON_CPU = "string arrays are supported on the CPU only"


def host_only_message(dtype) -> str:
    """Why an array of host-only `dtype` cannot leave the CPU, in a sentence for the user."""
    if dtype.kind in _dtypes.TEXT_KINDS:
        return TEXT_ON_CPU
    return (
        f"{dtype} arrays are supported on the CPU only; NumPy computes them there, and "
        "other devices have no type for them (keep the array on the CPU, or convert it "
        "with astype to a standard dtype first)"
    )


def _holds_objects(obj) -> bool:
    """Whether `obj` is itself an array of objects (a NumPy object array; another library's
    array whose `__array__` answers one: a pandas column of strings, an Index), which NumPy
    reads as it is, rather than a list whose objects NumPy would infer."""
    return isinstance(obj, np.ndarray) or (
        hasattr(type(obj), "__array__") and type(obj) not in _SEQUENCES
    )


def _inferred_object(obj) -> str:
    """Why `obj` (None, a ragged mix, an arbitrary Python object) is not read as an object
    array unless asked for: NumPy would silently make one, where a number was almost always
    meant, and every op on it would then run Python's arithmetic per element."""
    return (
        f"NumPy would read {obj!r:.60} as an object array; xtensor makes object arrays only "
        "when asked, with dtype=object"
    )


def _to_numpy(obj, want, copy, func):
    try:
        data = np.asarray(obj, dtype=None if want is None else want.numpy, copy=copy)
    except (ValueError, OverflowError, TypeError) as e:
        if (own := _own_array(obj, e)) is not None:
            return _to_numpy(own, want, copy, func)
        if (elements := array_scalars(obj)) is None:
            raise _worded(e, obj, copy, func) from None
        return _to_numpy(elements, want, copy, func)
    if data.dtype.kind == "O" and type(obj) in _SEQUENCES and _stores_array_likes(data):
        if (elements := array_scalars(obj)) is not None:  # NumPy's scalars stored, not 0-d
            return _to_numpy(elements, want, copy, func)  # arrays (`[names[0]]`, dtype=object)
    return data


def _own_array(obj, e: Exception):
    """The CPU data of the xtensor Array `obj.__array__()` answers, where NumPy refused it as no
    ndarray (`e`): a class whose `__array__` was written under `import xtensor as np` (NumPy's
    guide to custom containers: `return self._i * np.eye(self._N)`). Else None."""
    if not (isinstance(e, ValueError) and "__array__ method not producing" in str(e)):
        return None
    out = obj.__array__()
    return out._data if type(out) is ARRAY and type(out._data) is np.ndarray else None


def _stores_array_likes(data) -> bool:
    """Whether object array `data` holds array-likes other than NumPy's own: one look at each
    element's type, in C, where walking the list it came from in Python costs 20 times more."""
    types = set(map(type, data.flat)).difference(_PYTHON_TYPES)
    return any(
        hasattr(t, "__array__") and not issubclass(t, (np.ndarray, np.generic)) for t in types
    )


_PYTHON_TYPES = (bool, int, float, complex, str, bytes, list, tuple, dict, type(None))


def _worded(e: Exception, obj, copy, func) -> Exception:
    """NumPy's refusal to read `obj`, naming `func`; its class kept."""
    if isinstance(e, ValueError) and copy is False and "copy" in str(e):
        return ValueError(
            f"{func}: copy=False, but a {type(obj).__name__} cannot be "
            f"converted without copying ({e})"
        )
    # NumPy's own subclasses (DTypePromotionError...) take other arguments: the base class
    base = next(c for c in (ValueError, OverflowError, TypeError) if isinstance(e, c))
    return base(f"{func}: {e}")  # TypeError: e.g. a complex value asked into a real dtype


def array_scalars(obj):
    """List or tuple `obj` with each 0-d array-like inside it (an xtensor Array: `names[0]`,
    `dates[-1]`) replaced by NumPy's scalar of it, or None where it holds none. NumPy reads
    its own 0-d arrays in a list as their elements, but reads other array-likes' strings,
    dates and records as sequences, or stores them whole in an object array; asked only
    once NumPy has refused `obj` or made objects of it, so numeric lists pay nothing."""
    if type(obj) not in _SEQUENCES:
        return None
    found = False

    def element(item):
        nonlocal found
        if type(item) in _SEQUENCES:
            return type(item)(element(i) for i in item)
        if isinstance(item, (np.ndarray, np.generic)) or not hasattr(item, "__array__"):
            return item
        try:
            data = np.asarray(item)
        except Exception:  # noqa: BLE001 - a device array: NumPy's own refusal stands
            return item
        if data.ndim:
            return item  # read by NumPy as the array it is
        found = True
        return data[()]

    elements = element(obj)
    return elements if found else None


def _native_standard(data, copy, func):
    """Non-native byte order -> native: the same dtype in the order xtensor keeps."""
    dt = data.dtype
    if dt.kind not in "biufcUSMm" or dt.isnative:  # (StringDType has no byte order to swap)
        return data  # already fine, or unsupported: check_standard names it
    target = dt.newbyteorder("=")
    if copy is False:
        raise ValueError(
            f"{func}: copy=False, but NumPy dtype {dt} must be converted to {target}, which copies"
        )
    return data.astype(target)

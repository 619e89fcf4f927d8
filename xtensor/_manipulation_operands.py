"""The array operands of the namespace functions: NumPy's array-likes read as Arrays
(`as_operand`, `as_operands`; Python text by `text_scalar`), sequences of them checked onto
one device and promoted (`common_arrays`), and the NumPy arrays behind a sequence of CPU
Arrays of one dtype (`one_dtype`, the joining functions' first branches), lists read for
a first branch (`listed`, `listed_all`: Note [List operands]), and the joining functions'
NumPy keywords `out`, `dtype` and `casting` (`join_numpy`). Shared by `_manipulation`,
`_creation`, `_indexing`, `_sorting`, `_searching` and `_sets` (through `_manipulation`'s
names); knows no function's own checks.
"""

from __future__ import annotations

import operator

import numpy as np

from ._array import Array, backing, over_numpy, plain_numpy, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._core.checks import check_same_device, prefixed
from ._core.convert import plain_data
from ._core.devices import CPU
from ._dispatch import backend_of
from ._manipulation_args import _check_same_shapes, check_axis_type, python_floats_as_ints


def one_dtype(arrays) -> list | None:
    """The NumPy arrays behind a non-empty list or tuple of CPU arrays (or NumPy's own of a
    numeric dtype) of one dtype (by identity), else None: there NumPy's joining functions give
    the standard's answer. The C twin of `concat` takes the same, at least 1-D (NumPy refuses
    0-d ones: see concat)."""
    if type(arrays) is not list and type(arrays) is not tuple:
        return None
    datas, dtype = [], None
    for a in arrays:
        if plain_numpy(a):
            d = a  # NumPy's array, as the Array over it
        elif type(a) is not Array or type(d := a._data) is not np.ndarray:
            return None
        if dtype is None:
            dtype = d.dtype
        elif d.dtype is not dtype:
            return None
        datas.append(d)
    return datas or None


def check_array(x, func: str, name: str = "x") -> Array:
    """`x` itself when it is an xtensor Array; a TypeError otherwise.

    Only for arguments that NumPy, too, takes as arrays alone (`astype`'s operand, `like=`):
    array operands take NumPy's array-likes through `as_operand`.
    """
    if not isinstance(x, Array):
        raise TypeError(f"{func}: {name} must be an xtensor array; got {type(x).__name__}")
    return x


def like_device(like, func: str):
    """NumPy's `like=` (NEP 35): the device of an xtensor Array, the CPU for another array that
    implements `__array_function__` (NumPy's: where NumPy answers an ndarray, xtensor answers
    a CPU Array), None for None; a TypeError for anything else, as NumPy's."""
    if like is None or isinstance(like, Array):
        return None if like is None else like.device
    if not hasattr(like, "__array_function__"):
        raise TypeError(
            f"{func}: the `like` argument must be an array-like that implements the "
            f"`__array_function__` protocol; got {type(like).__name__}"
        )
    return CPU


def as_operand(x, func: str, name: str = "x") -> Array:
    """`x` as an Array: itself, or what NumPy reads as an array (nested lists and tuples,
    Python and NumPy scalars, NumPy arrays) converted on the host by `_array.backing`, whose
    TypeError names `func` and `name` for what NumPy cannot read (strings, None...)."""
    if isinstance(x, Array):
        return x
    return wrap(backing(x, func, name, scalars=False))


def text_scalar(x):
    """A Python str or bytes as NumPy reads it among arrays, its 0-d '<U'/'S' array (a
    host-only dtype: Note [Host-only dtypes] in `_core/dtypes.py`); anything else as it is.
    `backing` refuses a bare str, which is an operand only where NumPy reads it as text."""
    return np.asarray(x) if type(x) is str or type(x) is bytes else x


def as_operands(arrays, func: str, name: str = "arrays") -> list:
    """A non-empty sequence of array operands as Arrays; NumPy's array-likes among them land
    on the device of the first Array, so `concat(([0.0], x))` works on any device."""
    if isinstance(arrays, (Array, np.ndarray)) and arrays.ndim:
        arrays = list(arrays)  # NumPy joins the sub-arrays along the first axis
    if not isinstance(arrays, (tuple, list)):
        raise TypeError(
            f"{func}: {name} must be a sequence (tuple or list) of arrays; got "
            f"{type(arrays).__name__}"
        )
    if not arrays:
        raise ValueError(f"{func}: {name} must contain at least one array")
    device = next((a.device for a in arrays if isinstance(a, Array)), None)
    out = []
    for i, a in enumerate(arrays):
        if not isinstance(a, Array):
            a = as_operand(text_scalar(a), func, f"{name}[{i}]")
            a = a if device is None else a.to_device(device)
        out.append(a)
    return out


# --- Note [List operands] ----------------------------------------------------------------------
#
# Scripts written for NumPy pass lists, tuples and Python numbers where arrays go:
# `diag([1, 2, 3])`, `dot([1, 2], [3, 4])`. A function's first branch takes CPU Arrays only, so
# such a call would pay for the whole checked path. Instead, once the first branch has declined,
# the function reads its list operands as its checked path would (`backing`, which `as_operand`
# calls: for a list, `host_array`'s own first step, NumPy's reading kept where it is one of the
# standard's dtypes; for a Python number, NumPy's reading, the dtype `scalar_dtype` names) and
# calls itself again with the Arrays, which the first branch (or the C twin) takes; the checked
# path, where the call still lands, finds Arrays and reads nothing twice.
#
# The reading is kept only where it is plain: a numeric array, every other operand a CPU Array
# or a list read so too. Anything else (strings, None, ragged lists, NumPy or CuPy arrays, an
# Array on another device, an int past int64) gives None, and the checked path reads the
# original operands itself, so its errors, their order and its device placement stay as they
# were. Python numbers are read (`numbers=True`) only where the checked path reads them as 0-d
# arrays, not as weak scalars.

SEQUENCES = (list, tuple)
# what `listed` reads with numbers=True (NumPy's arrays: as the Arrays over them)
READABLE = (list, tuple, int, float, complex, bool, np.ndarray)
_new = object.__new__


def listed(x, numbers: bool = True) -> Array | None:
    """Operand `x` for a first branch (Note [List operands]): a CPU Array as it is; NumPy's
    numeric array as the Array over it; a list or tuple (or, with `numbers`, a Python number)
    as the CPU Array `as_operand` reads; None for anything else, or where that reading fails
    or is not a numeric array."""
    t = type(x)
    if t is Array:
        return x if type(x._data) is np.ndarray else None
    if t is np.ndarray:  # NumPy's array of a numeric dtype: the Array over its memory
        return over_numpy(x)
    if not (t is list or t is tuple or (numbers and t in READABLE)):
        return None
    if t is int and not -(2**63) <= x < 2**63:
        return None  # uint64, or refused: the checked path reads it
    if (data := plain_data(x)) is None:
        return None
    a = _new(Array)  # wrap(data), inlined
    a._data = data
    return a


def listed_data(x):
    """`listed(x, numbers=False)`'s CPU buffer, without the Array around it: for first branches
    that hand NumPy buffers (`convolve(x, [1, 2, 1])`); None where `listed` gives None."""
    t = type(x)
    if t is Array:
        return x._data if type(x._data) is np.ndarray else None
    return plain_data(x) if t is list or t is tuple else None


def listed_all(arrays, kinds: str = "") -> list | None:
    """A list or tuple of operands (`concat`'s, or `dot`'s pair) each read by `listed`, when
    one at least is not an Array and all read (into dtypes of `kinds`, when given); else None."""
    if type(arrays) is not list and type(arrays) is not tuple:
        return None
    out, read = [], False
    for a in arrays:
        if type(a) is not Array:
            read = True
            if (a := listed(a)) is None:
                return None
        elif type(a._data) is not np.ndarray:
            return None
        if kinds and a._data.dtype.kind not in kinds:
            return None
        out.append(a)
    return out if read else None  # all Arrays: the first branch has declined these


def common_arrays(arrays, func: str, name: str = "arrays") -> tuple:
    """Check a non-empty sequence of array operands on one device; (module, promoted dtype,
    datas). Mixed kinds promote as NumPy's do: `concat(([0.0], int64 array))` is float64."""
    arrays = as_operands(arrays, func, name)
    check_same_device(func, [a.device for a in arrays])
    dtype = _dtypes.promote(tuple(a.dtype for a in arrays))
    datas = [a._data for a in arrays]
    return backend_of(datas[0]).xp, dtype, datas


def warn_on_write(view: Array, data) -> Array:
    """`view`, broadcast_to's read-only view of ndarray `data`, flagged as NumPy's
    broadcast_arrays flags its views: writable where `data` is, with NumPy's FutureWarning
    on the first write."""
    flags = view._data.flags
    if data.flags._writeable_no_warn:
        flags.writeable = True
        flags._warn_on_write = True
    return view


# --- NumPy's joining keywords ------------------------------------------------------------------


def join_numpy(func: str, arrays, axis, out, dtype, casting) -> Array:
    """`concat` or `stack` (`func`) with NumPy's `out`, `dtype` or `casting`: NumPy's casting
    rule and words. A stack is the concatenation of its arrays each given the new axis."""
    if out is not None and dtype is not None:
        raise TypeError(f"{func}: give out or dtype, not both (out's dtype is the result dtype)")
    if out is not None and not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    check_axis_type(axis, func)
    xp, common, datas = common_arrays(arrays, func)
    if out is not None:
        check_same_device(func, [arrays[0].device, out.device])
        target = _dtypes.from_numpy(out._data.dtype)
    else:
        target = common if dtype is None else _dtypes.as_dtype(dtype, func)
    if func == "stack":
        _check_same_shapes([d.shape for d in datas], None, func)
        axis = normalize_axis(axis, datas[0].ndim + 1, func)
        new = (slice(None),) * axis + (None,)
        datas = [d[new] for d in datas]
    elif axis is None:
        datas = [d.ravel() for d in datas]
    elif datas[0].ndim == 0:
        raise ValueError(f"{func}: zero-dimensional arrays cannot be concatenated; use stack()")
    else:
        axis = normalize_axis(axis, datas[0].ndim, func)
        _check_same_shapes([d.shape for d in datas], axis, func)
    options = {"out": out._data} if out is not None else {"dtype": target.numpy}
    try:
        result = xp.concatenate(datas, axis=0 if axis is None else axis, casting=casting, **options)
    except (TypeError, ValueError) as e:  # NumPy's casting and out-shape errors, prefixed
        raise prefixed(e, func) from None
    return out if out is not None else wrap(result)


def repeat_counts(repeats, x: Array):
    """`repeats` as an int or the backing array of integer counts on x's device."""
    if not isinstance(repeats, Array):
        try:
            counts = operator.index(repeats)
        except TypeError:  # NumPy's array-likes of counts (a list, a NumPy array, 2.0)
            empty = isinstance(repeats, (list, tuple)) and not repeats
            given = as_operand(repeats, "repeat", "repeats")
            if empty:  # NumPy reads [] as no counts, not as float64
                given = wrap(given._data.astype(_dtypes.DEFAULT_INT.numpy))
            elif type(given._data) is np.ndarray:  # (`repeat(x, n / 2)`: NumPy's reading)
                given = wrap(python_floats_as_ints(repeats, given._data, "repeat", "repeats"))
            repeats = given.to_device(x.device)
        else:
            if counts < 0:
                raise ValueError(f"repeat: repeats must not be negative; got {counts}")
            return counts
    if repeats.dtype not in _dtypes.INTEGER and repeats.dtype != _dtypes.bool:
        raise TypeError(f"repeat: repeats must have an integer dtype; got {repeats.dtype.name}")
    check_same_device("repeat", (x.device, repeats.device))
    counts = repeats._data
    if counts.size and repeats.device.kind != "meta" and int(counts.min()) < 0:
        raise ValueError("repeat: repeats must not be negative")
    return counts

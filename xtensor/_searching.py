"""Searching functions (Array API chapter "Searching Functions"): nonzero, searchsorted, where.

`where` is an elementwise op with three inputs and runs through the TensorIterator: the
iterator broadcasts, promotes x1 and x2 (a boolean condition is the bottom of the promotion
lattice, so it never changes the common dtype) and allocates the output. argmax, argmin and
count_nonzero live in `_statistical.py`.

A repeated small `where` on CPU arrays skips the iterator: the first call records the
result's shape and dtype in the dispatch plan cache (`PLANS`, Note [Plan cache]) under the
operands' signature ("where", then dtypes, shapes, strides, scalar types), and later calls run
the same two `copyto`s into a fresh array, as elementwise ops do.
"""

from __future__ import annotations

from typing import Any, Literal, overload

import numpy as np

from ._array import Array, _new, backing, made_as_array, plain_numpy, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device
from ._core.convert import host_only_message, plain_data
from ._core.devices import device_of
from ._dispatch import PLANS, Promotion, backend_of, iterate
from ._dispatch.compiled import TINY, compiled
from ._dispatch.elementwise import SMALL_NUMEL
from ._dispatch.host_only import defers_to_numpy, is_host_only, text_operands
from ._manipulation import as_operand
from ._manipulation_operands import READABLE, SEQUENCES, listed, text_scalar
from ._typing import ArrayLike

_MISSING = object()


@overload
def where(condition: ArrayLike, /) -> tuple[Array, ...]: ...
@overload
def where(condition: ArrayLike, x1: ArrayLike, x2: ArrayLike, /) -> Array: ...


@defers_to_numpy
def where(
    condition: ArrayLike, x1: Any = _MISSING, x2: Any = _MISSING, /
) -> Array | tuple[Array, ...]:
    """Elements of x1 where `condition` is True, else of x2; x1 and x2 promote together.

    As in NumPy, `where(condition)` alone is `nonzero(condition)`, a condition of another
    dtype reads as bool (nonzero elements are True), and Python scalars alone give a 0-d array.

    >>> import xtensor as xp
    >>> xp.where(xp.asarray([True, False]), xp.asarray([1, 2]), 0.5)
    array([1. , 0.5])
    """
    if x1 is _MISSING and x2 is _MISSING:
        return nonzero(condition)
    c = condition._data if type(condition) is Array else condition
    if type(c) is np.ndarray and c.ndim == 1:
        # Note [Small tables]: 1-d arrays of one shape (or Python floats and complex numbers
        # beside the condition), whose dtypes gave NumPy's dtype; NumPy's arrays as Arrays.
        a = x1._data if type(x1) is Array else x1
        b = x2._data if type(x2) is Array else x2
        ka = a.dtype if type(a) is np.ndarray and a.shape == c.shape else None
        kb = b.dtype if type(b) is np.ndarray and b.shape == c.shape else None
        ka = type(a) if type(a) in _WEAK or _small_int(a, b) else ka
        kb = type(b) if type(b) in _WEAK or _small_int(b, a) else kb
        if (c.dtype, ka, kb) in _SMALL and c.shape[0] < _SMALL_NUMEL:
            PLANS._hits += 1
            return wrap(np.where(c, a, b))
    key, data = _signature((condition, x1, x2))
    plan = PLANS.plans.get(key)  # (shape, numpy dtype, common DType, has an int scalar)
    if plan is not None:
        PLANS._hits += 1
        return _replay(plan, data)
    if type(condition) in SEQUENCES or type(x1) in SEQUENCES or type(x2) in SEQUENCES:
        if (args := _listed_where(condition, x1, x2)) is not None:  # Note [List operands]
            return where(*args)
    return _where(condition, x1, x2, key)


def _listed_where(*args) -> list | None:
    """where's operands with the lists among them read as `backing` reads them, and its
    Python scalars as they are (weak), for the branches above; None where the checked path
    must read them (see `listed`)."""
    out = []
    for a in args:
        if type(a) not in SCALARS and (a := listed(a, numbers=False)) is None:
            return None
        out.append(a)
    return out


def _signature(args) -> tuple:
    """(key, backing data) of CPU arrays and Python scalars, or (None, None)."""
    key, data = ["where"], []
    for a in args:
        t = type(a)
        if t is Array or plain_numpy(a):
            d = a._data if t is Array else a  # (NumPy's array as the Array over it)
            if type(d) is not np.ndarray:
                return None, None
            key.append(d.dtype)
            key.append(d.shape)
            key.append(d.strides)
            data.append(d)
        elif t in SCALARS:
            key.append(t)
            data.append(a)
        else:
            return None, None
    return tuple(key), data


def _replay(plan, data):
    shape, dtype, common, int_scalar = plan
    cond, a, b = data
    if int_scalar:  # NumPy's wrapping of a Python int the common dtype cannot hold
        a, b = _wrapped_int(a, common), _wrapped_int(b, common)
    if type(cond) is np.ndarray:
        r = np.where(cond, a, b)  # Python scalars as NumPy reads them (weak, and they fit)
        if r.dtype == dtype:
            return made_as_array(wrap(r))  # 0-d: NumPy's ndarray, as where's always are
        # A Python scalar becomes a 0-d array of the result dtype (the cast copyto would
        # make), so `where(x > 0, x, 0.0)` is NumPy's one pass too.
        a = a if type(a) is np.ndarray else np.asarray(a, dtype)
        b = b if type(b) is np.ndarray else np.asarray(b, dtype)
        if a.dtype == b.dtype == dtype:
            return made_as_array(wrap(np.where(cond, a, b)))  # one pass, not the two below
    out = np.empty(shape, dtype)
    np.copyto(out, b, casting="unsafe")
    np.copyto(out, a, casting="unsafe", where=cond)
    return made_as_array(wrap(out))


def _fitted(inputs) -> tuple:
    """`inputs` with a Python int x1 or x2 that the common integer dtype cannot hold wrapped
    into it, as NumPy's `where` casts it (`where(m, uint8_array, 300)` puts 44), where NumPy's
    operators raise OverflowError; the standard leaves out-of-range ints unspecified."""
    cond, a, b = inputs
    kinds = tuple(_dtypes.scalar_kind(v) for v in (a, b) if type(v) in SCALARS)
    values = tuple(_dtypes.from_numpy(v.dtype) for v in (a, b) if type(v) not in SCALARS)
    common = _dtypes.promote(values, kinds)
    return cond, _wrapped_int(a, common), _wrapped_int(b, common)


def _wrapped_int(value, common):
    """Python int `value` as NumPy's `where` reads it for integer dtype `common`: through
    int64 (uint64 above its range; beyond both, NumPy's OverflowError), cast unsafely."""
    if type(value) is not int or _dtypes.int_fits(value, common):
        return value
    try:
        return np.asarray(value).astype(common.numpy).item()
    except OverflowError as e:
        raise OverflowError(f"where: {e}") from None


def _text_where(inputs) -> Array:
    """`where` on host-only arrays (strings, datetimes...: Note [Host-only dtypes] in
    `_core/dtypes.py`): NumPy's, on the CPU."""
    arrays = [d for d in inputs if type(d) not in SCALARS]
    if any(type(d) is not np.ndarray for d in arrays):
        host = next(d.dtype for d in arrays if _dtypes.is_host_only_numpy(d.dtype))
        raise TypeError(f"where: {host_only_message(_dtypes.from_numpy(host))}")
    try:
        return made_as_array(wrap(np.asarray(np.where(*inputs))))  # NumPy's 0-d ndarray
    except TypeError as e:  # a string array with a number: NumPy has no common dtype
        raise TypeError(f"where: {e}") from None


def _where(condition, x1, x2, key):
    if x1 is _MISSING or x2 is _MISSING:
        if x1 is not x2:
            raise ValueError("where: give both x1 and x2, or neither (for nonzero)")
        return nonzero(condition)
    args = (condition, x1, x2)
    check_same_device("where", [a.device for a in args if isinstance(a, Array)])
    cond = backing(condition, "where", "condition")
    scalar = type(cond) in SCALARS
    if (type(cond) is not bool) if scalar else cond.dtype.kind != "b":
        # The standard: condition "should" be boolean; NumPy reads any as bool (nonzero,
        # non-empty text). No plan: its replay takes the condition as it is.
        cond, key = bool(cond) if scalar else cond.astype(bool), None
    if is_host_only(x1) or is_host_only(x2):  # e.g. string arrays, with a Python str beside
        return _text_where(text_operands((cond, x1, x2), "where", ("condition", "x1", "x2")))
    try:
        inputs = (cond, backing(x1, "where", "x1"), backing(x2, "where", "x2"))
    except TypeError:  # `backing` refuses a str: NumPy reads it as a 0-d text array
        if type(x1) is not str and type(x2) is not str:
            raise
        x1, x2 = text_scalar(x1), text_scalar(x2)
        return _text_where(text_operands((cond, x1, x2), "where", ("condition", "x1", "x2")))
    arrays = [d for d in inputs if type(d) not in SCALARS]
    if not arrays:  # Python scalars alone: NumPy's 0-d answer (its dtypes for them)
        return made_as_array(wrap(np.asarray(np.where(*inputs))))  # NumPy's 0-d ndarray
    if any(_dtypes.is_host_only_numpy(d.dtype) for d in arrays):  # lists of str, objects
        return _text_where(inputs)
    if type(inputs[1]) is int or type(inputs[2]) is int:
        inputs = _fitted(inputs)
    xp = backend_of(arrays[0]).xp
    chunks = []  # the output chunks the iterator handed the loop

    def loop(ops):
        out, c, a, b = ops
        chunks.append(out)
        if xp is np:  # a Python scalar as the 0-d array of out's dtype the copies would cast
            a = np.asarray(a, out.dtype) if type(a) in SCALARS else a
            b = np.asarray(b, out.dtype) if type(b) in SCALARS else b
        if getattr(a, "dtype", None) == out.dtype == getattr(b, "dtype", None):
            if xp is np and out.ndim and out.size > _WHERE_BLOCK:
                _blocked_where(out, c, a, b)
            else:
                out[...] = xp.where(c, a, b)  # one pass and a copy: 1.1-1.6x faster than two
            return
        xp.copyto(out, b, casting="unsafe")
        xp.copyto(out, a, casting="unsafe", where=c)

    # Python scalars are weak for x1/x2 (2024.12); nothing is ever written to a given output.
    it = iterate(
        (None,), inputs, "where", loop, Promotion.DEFAULT, enforce_safe_casting_to_output=False
    )
    out = it.outputs[0]
    if key is not None:
        PLANS.misses += 1
        # A replay is one whole-array copy pair into a C-order array from np.empty: record
        # only calls the iterator ran that way, and would at any thread count (a large call
        # run whole on one thread would replay whole on two).
        whole = len(chunks) == 1 and chunks[0].size == out.size  # (maybe a view of out)
        if whole and out.flags.c_contiguous and out.size < SMALL_NUMEL:
            has_int = any(type(d) is int for d in inputs)
            PLANS.put(key, (out.shape, out.dtype, it.common_dtype, has_int))
            _record_small(inputs, out)
    return made_as_array(wrap(out))


_WHERE_BLOCK = 1 << 17  # elements a block of `where` computes at a time on the host


def _blocked_where(out, c, a, b) -> None:
    """`out[...] = numpy.where(c, a, b)` (operands broadcastable to out) by blocks of rows
    the caches hold, not through a temporary of out's size: 10**8 float64 on one thread took
    2.35x NumPy's time that way (two passes over 800 MB more), 1.06x by blocks of 2**17
    (2**13: 1.18, 2**15: 1.08; 10**7: 0.91, where NumPy's own output faults its pages)."""
    rows = max(1, _WHERE_BLOCK // max(1, out[0].size))
    c, a, b = [np.broadcast_to(v, out.shape) if np.ndim(v) else v for v in (c, a, b)]
    for i in range(0, len(out), rows):
        part = slice(i, i + rows)
        out[part] = np.where(*[v[part] if np.ndim(v) else v for v in (c, a, b)])


_SMALL = PLANS.small_table("where")  # (condition, x1, x2 dtypes) of NumPy's own answer
_SMALL_NUMEL = 1 << 16  # one chunk at any grain size


_WEAK = (float, complex)  # Python scalars that `numpy.where` reads weakly, as we do
_SCALARS = (int, float, complex)


def _small_int(value, other) -> bool:
    """Whether Python int `value` may take the small table: within int64, beside another
    Python number (the dtype two Python ints give), or beside an array whose dtype it then
    keeps exactly: in an integer dtype's range, within 2**53 of a float32, float64 or
    complex dtype (a double holds it, so it rounds once)."""
    if type(value) is not int or not -(2**63) <= value < 2**63:
        return False
    if type(other) is np.ndarray and other.dtype.kind in "iu":
        info = np.iinfo(other.dtype)
        return info.min <= value <= info.max
    if type(other) is np.ndarray and other.dtype.char in "fdFD":
        return -(2**53) <= value <= 2**53
    return type(other) in _SCALARS


def _record_small(inputs, out) -> None:
    """Record a small 1-d call whose dtypes (Python types, for floats and complex numbers,
    and ints beside another Python number) make `numpy.where` return `out`'s dtype."""
    cond, *values = inputs
    if out.ndim != 1 or type(cond) is not np.ndarray or cond.shape != out.shape:
        return
    kinds = [cond.dtype]
    for d, other in zip(values, values[::-1]):
        if type(d) is np.ndarray and d.shape == out.shape:
            kinds.append(d.dtype)
        elif type(d) in _WEAK or _small_int(d, other):
            kinds.append(type(d))
        else:
            return
    if np.where(*inputs).dtype == out.dtype:
        _SMALL[tuple(kinds)] = True


@defers_to_numpy
def nonzero(x: ArrayLike, /) -> tuple[Array, ...]:
    """Indices of the nonzero (True, or either part nonzero) elements, one array per axis."""
    if type(x) is Array and type(x._data) is np.ndarray and x._data.ndim:  # the common case
        index = _dtypes.DEFAULT_INDEX.numpy  # NumPy's intp: the same dtype on 64-bit hosts
        return tuple([wrap(i if i.dtype is index else i.astype(index)) for i in x._data.nonzero()])
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return nonzero(y)
    x = as_operand(x, "nonzero")
    if x.ndim == 0:
        raise ValueError(
            "nonzero: x must have at least one dimension; for a 0-d array use "
            "nonzero(reshape(x, (1,)))"
        )
    xp = backend_of(x._data).xp
    return tuple(
        wrap(i.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False)) for i in xp.nonzero(x._data)
    )


@defers_to_numpy
def searchsorted(
    a: ArrayLike,
    v: ArrayLike,
    side: Literal["left", "right"] = "left",
    sorter: ArrayLike | None = None,
) -> Array:
    """Where the elements of `v` would be inserted into the sorted 1-D `a` to keep it sorted
    (the standard's x1 and x2, under NumPy's names).

    As in NumPy, `side` and `sorter` may be passed by position, and a, v and `sorter` may
    be lists (or other array-likes), which land on a's device."""
    x1, x2 = a, v
    if type(x1) is Array and sorter is None and (side == "left" or side == "right"):
        a = x1._data
        if type(a) is np.ndarray and a.ndim == 1:
            # NumPy reads a Python float as float64: beside float64, no conversion to make
            v = x2 if type(x2) is float and a.dtype is _FLOAT64 else _plain_values(a, x2)
            if v is not None:
                wrapped = _new(Array)  # wrap(), inlined: this call is NumPy's in all but this
                wrapped._data = np.asarray(a.searchsorted(v, side), _INDEX)
                return wrapped
    if type(x1) in SEQUENCES and (y := listed(x1)) is not None:  # Note [List operands]
        return searchsorted(y, x2, side, sorter)
    x1 = as_operand(x1, "searchsorted", "x1")
    if x1.ndim != 1:
        raise ValueError(f"searchsorted: x1 must be one-dimensional; got shape {x1.shape}")
    if side not in ("left", "right"):
        raise ValueError(f"searchsorted: side must be 'left' or 'right'; got {side!r}")
    xp = backend_of(x1._data).xp
    try:
        values = backing(x2, "searchsorted", "x2")
    except TypeError:  # `backing` refuses a str: NumPy reads it as a 0-d text array
        if type(x2) is not str:
            raise
        values = text_scalar(x2)
    if type(values) in SCALARS:  # Note [Scalar search values]
        own = _dtypes.promote((), (_dtypes.scalar_kind(values),))
        dtype = _dtypes.promote((x1.dtype, own)).numpy
        if type(values) is int and x1.dtype.kind in "iu":  # compared exactly, in x1's dtype
            dtype = x1.dtype.numpy
        if type(values) is int and dtype.kind in "iu":
            info = np.iinfo(dtype)
            if not info.min <= values <= info.max:  # past every element
                place = 0 if values < info.min else x1.shape[0]
                return wrap(xp.asarray(place, dtype=_dtypes.DEFAULT_INDEX.numpy))
        values = xp.asarray(values, dtype=dtype)
    elif isinstance(x2, Array):
        check_same_device("searchsorted", (x1.device, device_of(values)))
    else:
        values = wrap(values).to_device(x1.device)._data
    order = None
    if sorter is not None:
        if not isinstance(sorter, Array):
            sorter = as_operand(sorter, "searchsorted", "sorter").to_device(x1.device)
        if sorter.dtype not in _dtypes.INTEGER or sorter.shape != x1.shape:
            raise ValueError(
                f"searchsorted: sorter must be an integer array of x1's shape "
                f"{x1.shape}; got {sorter.dtype.name} of shape {sorter.shape}"
            )
        check_same_device("searchsorted", (x1.device, sorter.device))
        order = sorter._data
    out = xp.searchsorted(x1._data, values, side=side, sorter=order)
    return wrap(xp.asarray(out, dtype=_dtypes.DEFAULT_INDEX.numpy))


_FLOAT64 = np.dtype(np.float64)
_INDEX = _dtypes.DEFAULT_INDEX.numpy


def _plain_values(a, x2):
    """x2's buffer where it needs no check beside 1-d CPU array `a` (a CPU Array, or a Python
    int beside integer data, compared in a's dtype: Note [Scalar search values]); else None.
    An int that a's dtype cannot hold is None: the checked path's."""
    t = type(x2)
    if t is Array:
        v = x2._data
        return v if type(v) is np.ndarray else None
    if t is int and a.dtype.kind in "iu":
        try:
            return np.asarray(x2, a.dtype)
        except OverflowError:
            return None
    if t is list and (v := plain_data(x2)) is not None and v.dtype == a.dtype:
        return v  # `searchsorted(a, [0.5, 1.0])`: already a's dtype, nothing to promote
    return None


# Note [Scalar search values]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~
# `searchsorted(a, 1.00000001)` of float32 `a = [1.0]`: NumPy reads a Python number as an
# array of its own dtype (float64, int64, complex128), not as a weak scalar, and compares in
# the dtype both promote to: 1, the place of the value itself. The standard says a scalar
# "should" be read as a 0-d array of the dtype the mixing rules give (float32: 1.0, place 0);
# a "should" is NumPy's to settle here, and NumPy's place keeps the standard's index
# condition for the value as given. A Python int beside integer data is compared exactly, in
# the data's dtype (or placed past every element when that dtype cannot hold it): NumPy's
# answer wherever NumPy's is exact, where NumPy compares uint64 data with an int64 value in
# float64 (`searchsorted(uint64 [2**60, 2**60 + 2], 2**60 + 1)`: NumPy 0, xtensor 1).

# Note [Compiled hot path] (_dispatch/_cfast.c): the C twin of `where`'s first branch.
where = compiled("where", where, _SMALL, limit=min(TINY, _SMALL_NUMEL))
searchsorted = compiled("search", searchsorted)  # its first branch, as the method's
nonzero = compiled("nonzero", nonzero)  # its first branch, and where(c)'s

NUMPY_ALIASES: dict = {}

__all__ = ["nonzero", "searchsorted", "where"]

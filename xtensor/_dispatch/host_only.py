"""Elementwise ops on host-only arrays (Note [Host-only dtypes] in `_core/dtypes.py`).

The op table's domains hold numeric dtypes only, so a string, datetime, object, record or long
double operand fails the domain check of `ElementwiseOp.run`, which sends the call here instead
of raising: NumPy's own loops (`equal`, `subtract` of two datetimes, `multiply` of a timedelta
by an int, `sqrt` in extended precision...) compute it on the CPU. Nothing here touches a
numeric call: the domain check fails first.
"""

from __future__ import annotations

import datetime
import functools
import inspect
import operator

import numpy as np

from .._array import Array, _new, backing, wrap
from .._backends.cpu import at_caller, restore
from .._core import dtypes as _dtypes
from .._core.checks import SCALARS
from .._core.convert import host_only_message
from .._ops.spec import OpSpec
from .plans import PLANS, small_key


def is_host_only(value) -> bool:
    """Whether `value` is an array of a host-only dtype (an xtensor Array or a NumPy array)."""
    data = value._data if isinstance(value, Array) else value
    return isinstance(data, np.ndarray) and _dtypes.is_host_only_numpy(data.dtype)


def text_operands(args, func: str, names) -> list:
    """Backing data of `args` where an operand `backing` refuses stands beside a host-only
    array, read as NumPy reads it there (see `beside_host`). Elsewhere such an operand raises
    `backing`'s error."""
    host = next((a for a in args if is_host_only(a)), None)
    kind = None if host is None else (host._data if isinstance(host, Array) else host).dtype.kind
    data = []
    for a, n in zip(args, names):
        try:
            data.append(backing(a, func, n))
        except TypeError:
            if kind is None or not accepts_beside(kind, a):
                raise
            data.append(beside_host(kind, a))
    return data


_DATES = (datetime.date, datetime.timedelta)  # datetime.datetime is a date


def accepts_beside(kind: str, value) -> bool:
    """Whether `value`, which is no array nor number, is an operand beside a host-only array of
    NumPy kind `kind`: a str beside strings, dates or objects, bytes beside strings, a Python
    date, datetime or timedelta beside datetimes and timedeltas, anything beside objects but
    what opts out of NumPy's operators (`__array_ufunc__ = None`). The Array dunders ask this
    only after the numeric check has failed, so numeric operators pay nothing for it."""
    if kind == "O":
        return getattr(type(value), "__array_ufunc__", False) is not None
    if kind in "UST":  # 'T': NumPy's StringDType
        return isinstance(value, (str, bytes))
    if kind in "Mm":
        return isinstance(value, (str, *_DATES))
    return False


def beside_host(kind: str, value):
    """`value` (accepted by `accepts_beside`) as NumPy data: an object array beside objects; a
    date string parsed at its own unit beside datetimes (`dates < '2020-06-01'`), or left as
    text when it is no date, so NumPy decides (`==` is then False everywhere); a Python date or
    duration as NumPy's scalar of it (`dates + timedelta(days=1)`, at microseconds)."""
    if kind == "O":
        return np.asarray(value, dtype=object)
    if isinstance(value, datetime.timedelta):
        return np.asarray(np.timedelta64(value))
    if isinstance(value, datetime.date):
        return np.asarray(np.datetime64(value))
    if kind == "M":
        try:
            return np.asarray(np.datetime64(value))
        except ValueError:
            pass
    return np.asarray(value)


def host_only_call(spec: OpSpec, data, outs):
    """An op on host-only arrays (Note [Host-only dtypes] in `_core/dtypes.py`): NumPy's ufunc
    of the same name on the CPU, with NumPy's errors (`a - b` of strings, `dt + dt`) naming
    `spec`."""
    arrays = [d for d in data if type(d) not in SCALARS]
    if any(type(d) is not np.ndarray for d in arrays):  # a device array beside a host-only one
        host = next(d.dtype for d in arrays if _dtypes.is_host_only_numpy(d.dtype))
        raise TypeError(f"{spec.name}: {host_only_message(_dtypes.from_numpy(host))}")
    out = tuple(None if o is None else backing(o, spec.name, "out", scalars=False) for o in outs)
    out = out if any(o is not None for o in out) else None
    ufunc = getattr(np, spec.name, None)
    if spec.name in _RECORD_OPERATORS and out is None and _has_records(arrays):
        ufunc = _RECORD_OPERATORS[spec.name]
    elif not isinstance(ufunc, np.ufunc):
        ufunc = _function_for(spec, data)
    result = _called(spec.name, ufunc, data, out)
    results = result if spec.nout > 1 else (result,)
    arrays = tuple(o if o is not None else wrap(np.asarray(r)) for o, r in zip(outs, results))
    return arrays if spec.nout > 1 else arrays[0]


def _called(name: str, ufunc, data, out=None):
    """`ufunc(*data, out=out)`, NumPy's errors (`a - b` of strings, `dt + dt`) naming `name`."""
    try:
        return ufunc(*data) if out is None else ufunc(*data, out=out)
    except TypeError as e:  # NumPy's UFuncTypeError and DTypePromotionError
        raise TypeError(f"{name}: {e}") from None
    except ValueError as e:  # shapes that do not broadcast
        raise ValueError(f"{name}: {e}") from None


def host_only_fast(spec: OpSpec, args):
    """`host_only_call`'s answer at once for the commonest calls on strings and datetimes: CPU
    Arrays beside Python numbers, NumPy scalars or what `accepts_beside` takes (`dates +
    np.timedelta64(1, 'D')`, `names == "ab"`); None for any other call (numeric ones first).
    A call on dates goes in the op's small table, for the C twins' next call."""
    kind, arrays = None, True
    for a in args:
        if type(a) is Array:
            d = a._data
            if type(d) is not np.ndarray:
                return None
            if d.dtype.kind in "USMm":
                kind = d.dtype.kind
        else:
            arrays = False
    ufunc = _UFUNCS.get(spec.name) if kind is not None and spec.nout == 1 else None
    if ufunc is None:
        return None
    if arrays:
        data = [a._data for a in args]
    else:
        data = [a._data if type(a) is Array else _beside(kind, a) for a in args]
        if any(d is None for d in data):
            return None
    r = _called(spec.name, ufunc, data)
    if kind in "Mm":  # (not text: NumPy sizes a 0-d result's string by its value)
        # Note [Small-call fast path]; NumPy's scalars are 0-d arrays here, as the C twins
        # make them (Note [NumPy scalar operands] in _cfast_elementwise.c)
        PLANS.small_table(spec.name)[small_key(data)] = ufunc
    wrapped = _new(Array)
    wrapped._data = r if type(r) is np.ndarray else np.asarray(r)
    return wrapped


def _beside(kind: str, value):
    """An operand beside an Array of kind `kind` as NumPy data, or None where the full path
    decides."""
    if type(value) in SCALARS:
        return value
    if isinstance(value, np.generic):
        return np.asarray(value)
    return beside_host(kind, value) if accepts_beside(kind, value) else None


# NumPy's ufuncs by the op table's names (`host_only_fast`: no module lookup per call)
_UFUNCS = {name: f for name, f in vars(np).items() if type(f) is np.ufunc}


# Note [Record equality]: NumPy's `==` and `!=` on structured (void) arrays compare them field
# by field (ndarray.__eq__), while its ufuncs `equal`/`not_equal` have no loop for them. Here
# the operator and the function are one call, so both give the operator's answer: `st ==
# st[0]`, as scripts write it, works, and `equal(st, st)` answers where NumPy raises. NumPy's
# TypeError for a record against a number or unlike fields still comes out.
_RECORD_OPERATORS = {
    "equal": lambda x1, x2, out=None: operator.eq(x1, x2),  # out is None: see host_only_call
    "not_equal": lambda x1, x2, out=None: operator.ne(x1, x2),
}


def _has_records(arrays) -> bool:
    return any(a.dtype.kind == "V" for a in arrays)


# NumPy's functions for the ops that are no ufunc there, on the numeric and object arrays they
# take (`real(x)` of a long double, `round` of a complex one).
_FUNCTIONS = {"real": np.real, "imag": np.imag, "round": np.round}


def _function_for(spec: OpSpec, data):
    """A ufunc-like call of NumPy's function for `spec`: the result is a new array (`np.real`
    of a real array is that array itself) or written into `out`."""
    function = _FUNCTIONS.get(spec.name)
    if function is None or any(d.dtype.kind not in "fcO" for d in data if type(d) is np.ndarray):
        dtypes = ", ".join(str(d.dtype) for d in data if type(d) is np.ndarray)
        raise TypeError(f"{spec.name}: NumPy has no {spec.name} for arrays of dtype {dtypes}")

    def call(x, out=None):
        if out is None:
            return np.array(function(x))
        np.copyto(out[0], function(x), casting="same_kind")
        return out[0]

    return call


def foreign_call(spec: OpSpec, args, out):
    """NumPy's ufunc of `args` where one is another library's array with its own NumPy
    overrides (a pandas Series or DataFrame, an xarray DataArray, a dask array: a type with
    `__array_ufunc__`), so that library computes it, as under NumPy: `log(series)` is a Series
    with its index. NotImplemented for every other call (and where NumPy has no such ufunc)."""
    for a in args:
        if type(a) is not Array and type(a) not in SCALARS and _foreign(a):
            break
    else:
        return NotImplemented
    fn = getattr(np, spec.name, None)  # NumPy's ufunc, or its function of one operand (round)
    if isinstance(fn, np.ufunc):
        fits = fn.nin == spec.nin
    else:
        fits = callable(fn) and spec.nin == 1 and len(args) == 1
    if out is not None or not fits:
        return NotImplemented
    token = at_caller(fn.__name__)  # Note [Warnings at the caller's line] in cpu.py
    try:
        return fn(*args)
    finally:
        restore(token)


def numpy_for_subclass(name: str, *args, **kwargs):
    """NumPy's function `name` (`dot`, or dotted below numpy: `linalg.inv`) of `args` where
    one is an Array subclass with NumPy overrides of its own (`matrix`), which NumPy hands the
    call, or NumPy's masked array: the answer has the type NumPy's has (`dot(a, m)` and
    `inv(m)` are matrices, `dot(masked, x)` masked). NotImplemented for any other call."""
    for a in args:
        if type(a) is not Array and isinstance(a, (Array, np.ma.MaskedArray)) and _foreign(a):
            break
    else:
        return NotImplemented
    args = _beside_masked(a, args)
    fn = np
    for part in name.split("."):
        fn = getattr(fn, part)
    return fn(*args, **kwargs)


def numpy_for_foreign(name: str, x, /, *args, **kwargs):
    """NumPy's function `name` of `x` where x is another library's array (`foreign_call`),
    which NumPy hands to x's own method: `round(series, 2)`, `cumsum(series)` and
    `clip(series, 0, 1)` are Series, as under NumPy. NotImplemented for any other x."""
    if type(x) is Array or type(x) in SCALARS or not _foreign(x):
        return NotImplemented
    return _numpy_answer(name, x, (x, *args), kwargs)


def numpy_for_foreign_items(name: str, arrays, /, *args, **kwargs):
    """NumPy's function `name` of a sequence of `arrays` of which one is another library's (a
    masked array: `concatenate([masked, x])` is masked, as under NumPy); else NotImplemented."""
    if type(arrays) in (list, tuple):
        for x in arrays:
            if type(x) is not Array and type(x) not in SCALARS and _foreign(x):
                return _numpy_answer(name, x, (list(_beside_masked(x, arrays)), *args), kwargs)
    return NotImplemented


def _beside_masked(x, args: tuple) -> tuple:
    """`args` for NumPy's function of foreign `x`: beside NumPy's masked array, xtensor's CPU
    Arrays as their NumPy data, as a NumPy script's own arrays would be (else NumPy would hand
    the call back to xtensor, whose Array cannot hold a masked array)."""
    if not isinstance(x, np.ma.MaskedArray):
        return args
    return tuple(v._data if type(v) is Array and type(v._data) is np.ndarray else v for v in args)


def _numpy_answer(name: str, x, args: tuple, kwargs: dict):
    """NumPy's `name(*args, **kwargs)`, whose array argument x is another library's."""
    args = _beside_masked(x, args)
    try:
        return getattr(np, name)(*args, **kwargs)
    except TypeError as e:
        if "no implementation found" not in str(e):
            raise
        found = _own_override(name, x, args, kwargs)
        if found is NotImplemented:
            raise
        return found


def _own_override(name: str, x, args: tuple, kwargs: dict):
    """x's `__array_function__` asked with xtensor's own function `name`, where it turned NumPy's
    down: a container written under `import xtensor as np` keys its overrides by xtensor's
    functions (`HANDLED_FUNCTIONS[np.sum]`, NumPy's guide to custom array containers)."""
    own = getattr(Array._namespace, name, None)  # the public function, as the script named it
    if own is None:
        return NotImplemented
    return type(x).__array_function__(x, own, (type(x),), args, kwargs)


def defers_to_numpy(function):
    """`function` (a NumPy function's twin, named and with parameters named as NumPy's)
    answering NumPy's own answer when its first argument, by position or by name, is another
    library's array (`numpy_for_foreign`): NumPy's `nanmean(series)` and `median(series)` are
    NumPy scalars, which pandas stores where a 0-d array would not be
    (`series.fillna(np.nanmean(series))`), and `isin(series, keep)` an ndarray, which pandas
    takes as a mask where an Array would be read as column labels."""
    first = next(iter(inspect.signature(function).parameters))

    @functools.wraps(function)
    def call(*args, **kwargs):
        a = args[0] if args else kwargs.get(first)
        if type(a) is not Array and type(a) not in SCALARS and _foreign(a):
            return _numpy_answer(function.__name__, a, args, kwargs)
        return function(*args, **kwargs)

    return call


def _foreign(value) -> bool:
    kind = type(value)  # (CuPy's arrays are xtensor's own operands on a GPU)
    if isinstance(value, Array):  # a subclass with NumPy's overrides of its own (matrix)
        return kind.__array_function__ is not Array.__array_function__
    if isinstance(value, (np.ndarray, np.generic)):
        return isinstance(value, np.ma.MaskedArray)  # NumPy's subclass whose mask must stay
    return hasattr(kind, "__array_ufunc__") and not kind.__module__.startswith("cupy")


def numpy_ufunc_method(ufunc, method: str, args: tuple, kwargs: dict, written: tuple = ()):
    """NumPy's `ufunc.<method>(*args, **kwargs)` ('__call__', 'reduce', 'accumulate', 'at'...)
    where NumPy owns the call: an operand is another library's array, which NumPy hands to that
    library (`maximum.accumulate(series)` and `exp(series, dtype=float32)` are Series with the
    index), or an array written (`written`: `out=`, `at`'s target) is a NumPy array, which
    NumPy writes in place (`sqrt(a, out=a)` of `a = df.to_numpy(copy=True)`). xtensor's CPU
    operands reach NumPy as their buffers. NotImplemented for every other call, and where an
    xtensor Array is written."""
    if not isinstance(ufunc, np.ufunc) or any(isinstance(w, Array) for w in written):
        return NotImplemented
    operands = (*args, kwargs.get("where"))
    if not any(isinstance(w, np.ndarray) for w in written) and not any(
        _library_array(a) for a in operands
    ):
        return NotImplemented
    args = tuple(_buffer(a) for a in args)
    kwargs = {k: _buffer(v) for k, v in kwargs.items()}
    if kwargs.get("dtype") is not None:
        kwargs["dtype"] = np.dtype(kwargs["dtype"])
    token = at_caller(ufunc.__name__)  # Note [Warnings at the caller's line] in cpu.py
    try:
        return getattr(ufunc, method)(*args, **kwargs)
    finally:
        restore(token)


def _library_array(value) -> bool:
    """Another library's array (not an xtensor Array, nor a subclass: see numpy_for_subclass)."""
    return not isinstance(value, Array) and type(value) not in SCALARS and _foreign(value)


def _buffer(value):
    """A CPU Array's NumPy buffer (one level into tuples: index tuples, `out=` tuples)."""
    if type(value) is tuple:
        return tuple(_buffer(v) for v in value)
    if type(value) is Array and type(value._data) is np.ndarray:
        return value._data
    return value

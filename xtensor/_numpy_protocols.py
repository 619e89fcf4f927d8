"""NumPy's override protocols for xtensor.Array: `numpy.sin(x)`, `ndarray + x`, `numpy.mean(x)`.

NumPy hands every call that involves an xtensor Array to one of two hooks on its type:
`__array_ufunc__` for ufuncs (`numpy.sin(x)`, `numpy.add.reduce(x)`, and the operators of an
ndarray, so `ndarray + x` lands here) and `__array_function__` for the rest of NumPy's
overridable API (`numpy.mean`, `numpy.concatenate`, `numpy.linalg.norm`, `numpy.fft.fft` ...).
Both dispatch to the xtensor function of the same qualified name, as CuPy does, so the work
runs on the array's own device through xtensor's engine and the result is an xtensor Array.
Dask, xarray and other duck-array libraries rely on exactly this.

`Array` sits below the namespace and cannot import the functions these hooks call: this module
installs the two handlers on it when the package loads (as `_indexing` hands down its key
checker); `Array.__array_ufunc__` and `Array.__array_function__` only forward to them.

Note [NumPy fallback]
    xtensor implements the standard plus NumPy's common extras, not all of NumPy. When xtensor
    has no function of that name (`numpy.fmod`, `numpy.shape`), or refuses the call with
    TypeError or ValueError (NumPy-only arguments: `out=`, `where=`, `ddof=`, a positional
    `axis`, `numpy.where(c)` with one argument), arrays on the CPU fall back to NumPy's own
    implementation on their host buffers (no copy) and every ndarray in the result is wrapped.
    The caller asked for NumPy's function, so NumPy's answer (or NumPy's error) is the right one.
    Arrays on a GPU raise TypeError instead: NumPy cannot read device memory and xtensor never
    moves data silently. Example: `numpy.std(x, ddof=1)` -> `xtensor.std` refuses `ddof` ->
    `numpy.std(x._data, ddof=1)` -> 0-d Array.

Note [Dtypes xtensor lacks]
    When xtensor refused the call with TypeError and NumPy's answer is an array of a dtype
    xtensor does not have (structured, strings, objects), the refusal stands: the TypeError is
    raised, as CuPy raises for dtypes it lacks. Duck-array code relies on that: Dask's
    `argmax` asks `numpy.empty_like(chunk, dtype=[("vals", ...), ("arg", ...)])` and keeps its
    intermediate results in a dict of xtensor Arrays when that raises TypeError, where a
    structured ndarray would turn the whole result into NumPy's.

Note [Re-entry]
    An xtensor function that itself calls a NumPy function on an Array (instead of on its
    buffer) would bounce back here and recurse forever. A per-thread set of the calls in flight
    sends such a repeat straight to NumPy's implementation.
"""

from __future__ import annotations

import threading

import numpy as np

from ._array import Array, made_as_array, over_numpy, wrap
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._core.devices import CPU
from ._dispatch import backend_of
from ._dispatch.compiled import compiled
from ._ufunc import ufunc as _ufunc

# Types whose values NumPy would hand us and xtensor converts itself; another type that
# defines `__array_ufunc__` (dask, xarray, pint...) is a library that should handle the call.
_KNOWN = (Array, np.ndarray, np.generic)


class _InFlight(threading.local):
    """The calls this thread has in flight (Note [Re-entry])."""

    def __init__(self):
        self.calls: set = set()


_IN_FLIGHT = _InFlight()


class _OnDevice(Exception):
    """Raised while converting arguments for NumPy when one of them lives on a GPU."""

    def __init__(self, device):
        super().__init__(str(device))
        self.device = device


def host_data(value):
    """The host NumPy data behind `value`: an Array's buffer (copied from a GPU), else `value`."""
    if isinstance(value, Array):
        data = value._data
        return data if type(data) is np.ndarray else backend_of(data).to_host(data)
    return value


# --- converting arguments and results ----------------------------------------------------------


def _to_host(value, originals: dict):
    """`value` with each CPU Array replaced by its buffer (remembered in `originals`, so that a
    buffer NumPy returns, like `out=`, maps back to its Array); lists and tuples recursively."""
    if isinstance(value, Array):
        if value.device != CPU:
            raise _OnDevice(value.device)
        data = value._data
        originals[id(data)] = value
        return data
    t = type(value)
    if t is list or t is tuple:
        return t(_to_host(v, originals) for v in value)
    return value


def _wrap_result(value, originals: dict):
    """NumPy's result with every ndarray (and NumPy scalar) of a dtype xtensor has wrapped as
    an Array; a returned input buffer is that input's Array itself. Tuples, lists and named
    tuples keep their type; anything else (str, int, dtype, foreign dtypes) is returned as is."""
    if isinstance(value, (np.ndarray, np.generic)):
        original = originals.get(id(value))
        if original is not None and original._data is value:
            return original
        try:
            _dtypes.from_numpy(value.dtype)
        except TypeError:
            return value  # strings, objects, datetimes: xtensor has no such Array
        if isinstance(value, np.ndarray):  # a 0-d one prints as NumPy's 0-d ndarray
            return made_as_array(wrap(value))
        return wrap(np.asarray(value))
    if isinstance(value, (tuple, list)):
        items = [_wrap_result(v, originals) for v in value]
        if hasattr(type(value), "_fields"):  # a named tuple (SVDResult, EighResult ...)
            return type(value)(*items)
        return type(value)(items)
    return value


def _numpy_call(what: str, call, args: tuple, kwargs: dict, refused: Exception | None):
    """`call` (a NumPy routine) on the host buffers of `args` and `kwargs`, result wrapped;
    TypeError naming `what` when an argument lives on a GPU. See Note [NumPy fallback]."""
    originals: dict = {}
    try:
        host_args = _to_host(args, originals)
        host_kwargs = {k: _to_host(v, originals) for k, v in kwargs.items()}
    except _OnDevice as e:
        reason = "has no such function" if refused is None else f"refused the call ({refused})"
        raise TypeError(
            f"{what}: xtensor {reason}, and NumPy cannot read an array on {e.device}; "
            "move it with x.to_device('cpu') first"
        ) from refused
    return _wrap_result(call(*host_args, **host_kwargs), originals)


def _on_device(values) -> bool:
    """Whether any Array among `values` (nested in lists and tuples too) lives on a GPU."""
    for v in values:
        if isinstance(v, Array):
            if v.device != CPU:
                return True
        elif type(v) is list or type(v) is tuple:
            if _on_device(v):
                return True
    return False


def _try_xtensor(key, xt_func, args: tuple, kwargs: dict):
    """`(True, result)` of `xt_func`, or `(False, refusal)` when NumPy should answer instead:
    no xtensor function (refusal None), a repeat call (Note [Re-entry]) or a TypeError or
    ValueError from xtensor on CPU arrays (Note [NumPy fallback]); on a GPU those propagate."""
    in_flight = _IN_FLIGHT.calls
    if xt_func is None or key in in_flight:
        return False, None
    in_flight.add(key)
    try:
        return True, xt_func(*args, **kwargs)
    except (TypeError, ValueError) as e:
        if _on_device(args) or _on_device(kwargs.values()):
            raise
        return False, e
    finally:
        in_flight.discard(key)


# --- __array_ufunc__ -------------------------------------------------------------------------


def _xt_operand(value):
    """A ufunc operand for xtensor: Arrays and Python scalars as they are, NumPy data as an
    Array over the same memory (so an ndarray `out=` is written in place)."""
    if type(value) is Array:
        return value
    if isinstance(value, np.ndarray):  # (a subclass as NumPy's own array: `recarray + x`)
        return wrap(value if type(value) is np.ndarray else value.view(np.ndarray))
    if isinstance(value, np.generic):
        return wrap(np.asarray(value))
    if type(value) is list or type(value) is tuple:
        return Array._namespace.asarray(value)
    return value


def _foreign(value) -> bool:
    """Whether `value` belongs to a library with its own NumPy overrides (dask, xarray, pint):
    xtensor then leaves the call to it."""
    return hasattr(type(value), "__array_ufunc__") and not isinstance(value, _KNOWN)


def _namesake(ufunc):
    """xtensor's function named as NumPy's `ufunc` (None for scipy.special's ufuncs, which
    share a few names)."""
    name = ufunc.__name__
    return getattr(Array._namespace, name, None) if getattr(np, name, None) is ufunc else None


# NumPy's numeric scalars and Python's: operands the op table's functions read as NumPy does
# (`np.float64(2) * x` is float64 for a float32 x, Note [NumPy scalar operands] in
# _dispatch/_cfast_elementwise.c). Extended precision is left to the full path.
_PLAIN_SCALARS = frozenset(
    {bool, int, float, complex, *(np.dtype(c).type for c in "?bBhHiIlLqQefdFD")}
)
_OP_FUNCTIONS: dict = {}  # NumPy's ufunc -> xtensor's namesake in the op table, or None


def _op_function(ufunc):
    """xtensor's namesake of `ufunc` where it is one of the op table's elementwise functions
    or `matmul` (`ndarray @ x`), which compute on backing buffers and never call NumPy back
    with an Array (Note [Re-entry])."""
    found = _namesake(ufunc)
    plain = isinstance(found, _ufunc) or ufunc is np.matmul
    _OP_FUNCTIONS[ufunc] = found if plain else None
    return _OP_FUNCTIONS[ufunc]


def _plain(operands) -> bool:
    """Whether each operand is a CPU Array, a NumPy array or a scalar of `_PLAIN_SCALARS`:
    what the op table's functions read as NumPy does (an ndarray as the Array over its
    memory). An Array on another device takes the full path, which names the devices."""
    for v in operands:
        t = type(v)
        if t is Array:
            if type(v._data) is not np.ndarray:
                return False
        elif t is not np.ndarray and t not in _PLAIN_SCALARS:
            return False
    return True


def _plain_out(value) -> Array | None:
    """`value` as the CPU Array an op table's function writes (an ndarray's over its memory),
    or None where the full path should take it."""
    if type(value) is Array:
        return value if type(value._data) is np.ndarray else None
    return over_numpy(value)


def _masked(ufunc, method: str, inputs: tuple, kwargs: dict):
    """NumPy's `ufunc.method` where an operand is a masked array: on CPU Arrays' buffers, so
    the answer is NumPy's masked array with its mask (`x * m` as `ndarray * m`)."""
    what = f"numpy.{ufunc.__name__}"
    try:
        host = _to_host(inputs, {})
        host_kwargs = {k: _to_host(v, {}) for k, v in kwargs.items()}
    except _OnDevice as e:
        raise TypeError(
            f"{what}: NumPy's masked arrays live on the CPU, and NumPy cannot read an array "
            f"on {e.device}; move it with x.to_device('cpu') first"
        ) from None
    return getattr(ufunc, method)(*host, **host_kwargs)


def array_ufunc(self: Array, ufunc, method: str, inputs: tuple, kwargs: dict):
    """`Array.__array_ufunc__`: NumPy's `ufunc.method(*inputs, **kwargs)` by xtensor."""
    if method == "__call__" and (not kwargs or len(kwargs) == 1 and "out" in kwargs):
        # The commonest calls, `np.float64(2) * x`, `ndarray + x`, `np.sin(x)` or `a += x`,
        # without the frames below: 2.4 us of 2.8 for 1000 values. What it refuses, the full
        # path answers. (`s < x` of NumPy's scalar s hands it over as a 0-d ndarray.)
        fast = _OP_FUNCTIONS[ufunc] if ufunc in _OP_FUNCTIONS else _op_function(ufunc)
        if fast is not None and _plain(inputs):
            try:
                if not kwargs:
                    return fast(*inputs)
                out = kwargs["out"]  # (NumPy's tuple, one entry per output)
                if len(out) == 1 and (target := _plain_out(out[0])) is not None:
                    fast(*inputs, out=target)
                    return out[0]
            except (TypeError, ValueError):
                pass
    out = kwargs.get("out", ())
    for v in (*inputs, *out) if out else inputs:
        if type(v) is not Array and _foreign(v):
            return NotImplemented
        if isinstance(v, np.ma.MaskedArray):  # NumPy's answer, masked: as for `ndarray * m`
            return _masked(ufunc, method, inputs, kwargs)
    xt_func = _namesake(ufunc)
    if method != "__call__":
        xt_func = getattr(xt_func, method, None)
    xt_kwargs = kwargs
    if out or "where" in kwargs:
        xt_kwargs = dict(kwargs)
        if out:
            outs = tuple(None if o is None else _xt_operand(o) for o in out)
            xt_kwargs["out"] = outs[0] if len(outs) == 1 else outs
        if "where" in kwargs:  # (NumPy drops `out=None` before this: no warning is due)
            xt_kwargs["where"] = _xt_operand(kwargs["where"])
            xt_kwargs.setdefault("out", None)
    xt_inputs = [v if type(v) is Array else _xt_operand(v) for v in inputs]
    done, result = _try_xtensor((ufunc, method), xt_func, xt_inputs, xt_kwargs)
    if not done:
        name = ufunc.__name__
        what = f"numpy.{name}" if method == "__call__" else f"numpy.{name}.{method}"
        result = _numpy_call(what, getattr(ufunc, method), xt_inputs, xt_kwargs, result)
    if out and result is not None:  # NumPy returns the `out=` arguments themselves
        return out[0] if len(out) == 1 else out
    return result


# --- __array_function__ ----------------------------------------------------------------------


def _home(func):
    """(xtensor's module, name) at `func`'s qualified NumPy name (`numpy.linalg.norm` ->
    `xtensor.linalg`, "norm"), or None when `func` is not public NumPy's own."""
    module = getattr(func, "__module__", None) or ""
    name = getattr(func, "__name__", "")
    if module != "numpy" and not module.startswith("numpy."):
        return None
    owner, ours = np, Array._namespace
    for part in module.split(".")[1:]:
        owner, ours = getattr(owner, part, None), getattr(ours, part, None)
    if getattr(owner, name, None) is not func:
        return None  # a private NumPy module, or a function that is not public there
    return ours, name


_HOMES: dict = {}  # NumPy's function -> `_home`'s answer: one lookup a call


def _xtensor_function(func):
    """xtensor's namesake of NumPy's `func`, or None when xtensor has none."""
    try:
        home = _HOMES[func]
    except KeyError:
        home = _HOMES[func] = _home(func)
    found = None if home is None else getattr(home[0], home[1], None)
    return found if found is not func and callable(found) else None


def array_function(self: Array, func, types: tuple, args: tuple, kwargs: dict):
    """`Array.__array_function__`: NumPy's `func(*args, **kwargs)` by xtensor."""
    for t in types:
        if t is not Array and not issubclass(t, (Array, np.ndarray)):
            return NotImplemented
    xt_func = _xtensor_function(func)
    done, result = _try_xtensor(func, xt_func, args, kwargs)
    if done:
        return result
    what = f"{func.__module__}.{func.__name__}"
    answer = _numpy_call(what, undispatched(func), args, kwargs, result)
    if isinstance(result, TypeError) and _foreign_dtype(answer):
        raise result  # see Note [Dtypes xtensor lacks]
    return answer


def _foreign_dtype(value) -> bool:
    """Whether `value` (or a list or tuple of results) holds an ndarray of a dtype xtensor lacks."""
    if isinstance(value, np.ndarray):
        return True  # _wrap_result wraps every ndarray of a dtype xtensor has
    if isinstance(value, (tuple, list)):
        return any(_foreign_dtype(v) for v in value)
    return False


Array._ufunc_protocol = array_ufunc
Array._function_protocol = array_function
# array_ufunc's first branch in C, reading its memo and its scalars (~0.5 us of `a + x`)
Array.__array_ufunc__ = compiled(
    "protocol", Array.__array_ufunc__, _OP_FUNCTIONS, extra=_PLAIN_SCALARS
)
# array_function's call of xtensor's namesake in C, reading its memo (~0.5 us of `np.dot`)
Array.__array_function__ = compiled(
    "function_protocol", Array.__array_function__, _HOMES, extra=_IN_FLIGHT
)

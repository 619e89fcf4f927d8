"""Running NumPy's own routine on the arrays' device, for the NumPy-only index, set, shape and
creation helpers (`_numpy_index`, `_numpy_select`, `_numpy_sets`, `_numpy_shape`,
`_numpy_layout`, `_numpy_creation`, `lib.stride_tricks`).

Those functions *are* NumPy's algorithms (pad's modes, ravel_multi_index's index arithmetic,
the set routines' sorting tricks): rewriting them over the namespace would only re-derive
NumPy. So each converts its arguments once (`device_datas`), runs the routine of the device's
array module, numpy on the CPU and cupy on CUDA (`run`), and wraps what comes back (`result`).

Device rule: the xtensor Arrays among the arguments must share one device. On the CPU every
other argument (a list, a NumPy array, a scalar) goes to NumPy as given, so NumPy converts it
exactly as it would have (weak Python scalars, lists read against the target's dtype); on
CUDA it is converted as `asarray` converts it and moved there. Only xtensor's dtypes (the
standard's 13 and float16) come out: a byte-swapped result turns native as `asarray` turns one,
anything else (object, strings) is refused.
"""

from __future__ import annotations

import numpy as np
from numpy.exceptions import AxisError, TooHardError
from numpy.linalg import LinAlgError

from ._array import Array, backing, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device
from ._core.convert import check_standard
from ._core.devices import CPU, Device
from ._dispatch import backend_for
from ._host_dtypes import object_scalar
from ._manipulation_operands import like_device as _like_device


def common_device(func: str, values) -> Device:
    """The one device of the xtensor Arrays among `values` (the CPU when there are none)."""
    arrays = [v for v in values if isinstance(v, Array)]
    if all(type(a._data) is np.ndarray for a in arrays):  # NumPy's buffers: all on the CPU
        return CPU
    devices = [a.device for a in arrays]
    check_same_device(func, devices)
    return devices[0] if devices else CPU


def data_on(value, device: Device, func: str, name: str, *, scalars: bool = False):
    """The backing data of argument `name` for a routine running on `device`: an Array's own
    data; on the CPU anything else exactly as given, so NumPy converts it as it always does
    (against the target's dtype, lists of Arrays included); on CUDA converted as `asarray`
    converts it and moved there (Python scalars kept as they are when `scalars`)."""
    if isinstance(value, Array):
        return value._data
    if device.kind == "cpu":
        return value
    data = backing(value, func, name, scalars=scalars)
    return data if type(data) in SCALARS else backend_for(device).from_host(data, device)


def device_datas(func: str, pairs, *, scalars: bool = False) -> tuple:
    """(device, datas) for the (value, name) `pairs`, all on their Arrays' common device."""
    device = common_device(func, [v for v, _ in pairs])
    return device, [data_on(v, device, func, n, scalars=scalars) for v, n in pairs]


def module(device: Device):
    """numpy for the CPU, cupy for a CUDA device."""
    return backend_for(device).xp


def like_device(like, func: str) -> Device:
    """NumPy's `like=`: create on the device of that xtensor Array (the CPU by default, and
    for another array that implements `__array_function__`, as `_manipulation_operands`'s)."""
    return CPU if like is None else _like_device(like, func)


_KINDS = (TypeError, ValueError, IndexError, RuntimeError, OverflowError)
# Classes rebuilt as themselves from a message (NotImplementedError: the meta device's
# "not supported", and shares_memory's TooHardError, which would otherwise turn into their
# base class, RuntimeError).
_KEPT = (AxisError, LinAlgError, NotImplementedError, TooHardError, *_KINDS)


def written_into(result: Array, out, func: str, casting: str | None = None) -> Array:
    """NumPy's `out=`: `result` written into Array `out` (of the result's shape), which is
    returned; cast as an assignment casts, or under `casting` where given (a gufunc's
    'same_kind', as NumPy's fft writes its `out`). `result` itself without `out`."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    check_same_device(func, [result.device, out.device])
    if out.shape != result.shape:
        raise ValueError(f"{func}: out has shape {out.shape}, but the result has {result.shape}")
    with numpy_errors(func):
        if casting is None:
            out._data[...] = result._data
        else:
            backend_for(out.device).xp.copyto(out._data, result._data, casting=casting)
    return out


def numpy_errors(func: str) -> NamedErrors:
    """Re-raise NumPy's (or CuPy's) argument errors named after `func`: the same class where
    it can be rebuilt from a message (AxisError, LinAlgError and the built-ins), otherwise the
    built-in type it belongs to."""
    return NamedErrors(func)


def renamed(e: BaseException, func: str) -> None:
    """Raise `e` named after `func` (what `numpy_errors` does, for callers that catch in a
    `try`, which costs nothing until it catches); return where e passes as it is: not one of
    NumPy's argument errors, or already named."""
    kind = type(e)
    if not issubclass(kind, _KINDS) or str(e).startswith(f"{func}:"):
        return
    message = f"{func}: {e}"
    if kind in _KEPT:
        raise kind(message) from None
    raise next(k for k in _KINDS if isinstance(e, k))(message) from None


class NamedErrors:
    """`numpy_errors`' context manager (and `_numpy_helpers.named_errors`' base): a class, as
    small calls pay ~0.5 us for a generator's."""

    __slots__ = ("func",)

    def __init__(self, func: str):
        self.func = func

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, e, traceback) -> bool:
        if kind is not None:
            renamed(e, self.func)
        return False


def run(func: str, routine: str, device: Device, *args, **kwargs):
    """`routine` of `device`'s array module on `args`, errors named after `func`: the raw
    result. A CUDA call runs with that GPU current, so anything it allocates lands there."""
    xp = np if device is CPU else module(device)
    try:  # (a try costs nothing until it catches; numpy_errors' `with` 0.3 us a call)
        if device.kind != "cuda":  # cpu, and meta (no memory to place)
            return getattr(xp, routine)(*args, **kwargs)
        with xp.cuda.Device(device.index):
            return getattr(xp, routine)(*args, **kwargs)
    except Exception as e:
        renamed(e, func)
        raise


def apply(func: str, device: Device, *args, **kwargs):
    """`run` of the routine named like `func`, its result wrapped: an Array, or a tuple of
    Arrays where NumPy returns a tuple."""
    out = run(func, func, device, *args, **kwargs)
    return results(out, func) if isinstance(out, (tuple, list)) else result(out, func)


def result(out, func: str) -> Array:
    """A backend result as an Array: NumPy scalars and Python numbers become 0-d arrays (an
    object array's element, `median` of Fractions, one of dtype object) and byte-swapped data
    turns native (as `asarray` does); dtypes xtensor lacks raise. A 0-d array NumPy answered
    prints as one (Note [0-d arrays print as scalars] in _array.py), a scalar as a scalar."""
    if isinstance(out, Array):
        return out
    scalar = not hasattr(out, "ndim") or isinstance(out, np.generic)
    if scalar:
        out = np.asarray(out) if isinstance(out, (np.generic, *SCALARS)) else object_scalar(out)
    dt = out.dtype
    if not dt.isnative and dt.kind in "biufcUSMm":
        out = out.astype(dt.newbyteorder("="))
    x = wrap(check_standard(out, func))
    return x if scalar else made_as_array(x)


def results(outs, func: str) -> tuple:
    return tuple(result(o, func) for o in outs)


def dtype_arg(dtype, func: str):
    """A `dtype=` argument as a NumPy dtype of one of xtensor's 14 (None stays None)."""
    return None if dtype is None else _dtypes.as_dtype(dtype, func).numpy


def target(a, func: str, name: str = "a") -> Array:
    """The xtensor Array a function writes into in place (NumPy requires an ndarray there); a
    NumPy array is written through an Array over its memory, as NumPy writes it (`fill_diagonal`
    of `df.to_numpy(copy=True)`)."""
    if type(a) is np.ndarray:
        return wrap(a)
    if not isinstance(a, Array):
        raise TypeError(
            f"{func}: {name} must be an xtensor Array to write into; got {type(a).__name__}"
        )
    return a


def given(**kwargs) -> dict:
    """Only the options that differ from NumPy's defaults (given as `name=(value, default)`),
    so CuPy routines that lack an option still accept the call."""
    return {k: v for k, (v, default) in kwargs.items() if v is not default and v != default}


def direct(routine, a, *args) -> Array | None:
    """`routine(data, *args)` (NumPy's, its dispatch skipped) of a CPU Array `a` of a numeric
    dtype, wrapped: the call `apply` makes; None for other operands, for an answer that is no
    array, or where NumPy refuses (the checked path words that)."""
    if type(a) is Array and type(d := a._data) is np.ndarray and d.dtype.kind in "biufc":
        try:
            out = routine(d, *args)
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            return None
        if type(out) is np.ndarray:
            r = object.__new__(Array)  # wrapped as `wrap` does, inlined: its call costs a tenth
            r._data = out
            return r
    return None

"""NumPy-only elementwise helpers: closeness and equality tests, rounding to decimals, NaN
and infinity cleanup, complex-number tests, special functions (sinc, i0), ptp, copy and interp,
and the constant euler_gamma.

Built on the namespace functions where NumPy's definition is a composition of them
(isclose, nan_to_num, array_equiv); `around` with decimals, `interp` and the special
functions run the device's own routine (`_numpy_helpers.on_backend`, `_numpy_ondevice.call`).
This module's `NUMPY_ALIASES` also gathers `_numpy_calculus`'s (gradient, convolve...) and
`_numpy_functional`'s (vectorize, apply_along_axis, the error state).
"""

from __future__ import annotations

import builtins
import operator

import numpy as np

from ._array import Array, _new, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS
from ._core.convert import undispatched
from ._core.values import INF, NAN, NEG_INF, POS_INF, classes
from ._creation import asarray
from ._data_types import astype, finfo, result_type
from ._dispatch.compiled import compiled
from ._dispatch.host_only import numpy_for_foreign
from ._dispatch.host_threads import copied
from ._dispatch.reduction import SMALL
from ._elementwise import (
    abs,
    equal,
    imag,
    isfinite,
    isinf,
    isnan,
    less_equal,
    logical_and,
    real,
    round,
    round_into,
    subtract,
    trunc,
)
from ._manipulation import broadcast_shapes
from ._manipulation_operands import SEQUENCES, listed, listed_data
from ._numpy_calculus import NUMPY_ALIASES as _CALCULUS
from ._numpy_functional import NUMPY_ALIASES as _FUNCTIONAL
from ._numpy_helpers import as_array, on_backend
from ._numpy_ondevice import NO_VALUE, call, given, out_buffer, result
from ._numpy_run import result as array_result
from ._searching import where
from ._statistical import max, min
from ._typing import ArrayLike, AxisLike
from ._utility import all

# --- comparisons -----------------------------------------------------------------------------


def _close_operands(a, b, func: str):
    """x and y as NumPy's isclose sees them: y (at least float) and x promoted to match.

    A Python scalar takes the other operand's dtype, as a weak scalar would in NumPy.
    """
    x = a if type(a) in SCALARS else as_array(a, func, "a")
    y = b if type(b) in SCALARS else as_array(b, func, "b")
    if type(y) in _INTS:
        y = float(y)  # as NumPy's isclose: `isclose(uint8_array, 300)` is False, not an overflow
    if not isinstance(x, Array) and not isinstance(y, Array):
        x = asarray(x)
    if isinstance(y, Array):  # (before x: a Python int x takes y's float)
        y = astype(y, result_type(y.dtype, 1.0), copy=False)
    else:
        y = asarray(y, dtype=result_type(x.dtype, y), device=x.device)
    if not isinstance(x, Array):
        x = asarray(x, dtype=result_type(y.dtype, x), device=y.device)
    if x.dtype == _dtypes.bool:
        x = astype(x, y.dtype)  # xtensor has no bool arithmetic; NumPy casts it the same way
    return x, y


_INTS = (int, builtins.bool)


def isclose(
    a: ArrayLike, b: ArrayLike, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> Array:
    """Elementwise `|a - b| <= atol + rtol * |b|` (equal infinities are close)."""
    x, y = _close_operands(a, b, "isclose")
    with np.errstate(invalid="ignore"):  # inf - inf is expected here
        # as few temporaries as NumPy's: two of the float dtype (the bound's are elided into
        # one), the rest updated in place
        diff = subtract(x, y)
        # (complex: |diff| is real, a new array; into diff's buffer a cast the iterator makes)
        size = abs(diff) if diff.dtype.kind == "c" else abs(diff, out=diff)
        close = less_equal(size, atol + rtol * abs(y))
        close &= isfinite(y)
        close |= equal(x, y)
    if equal_nan:
        close |= logical_and(isnan(x), isnan(y))
    return close


def allclose(
    a: ArrayLike, b: ArrayLike, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False
) -> bool:
    """Whether every element of `a` is close to `b` (see `isclose`); a Python bool."""
    return builtins.bool(all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1: ArrayLike, a2: ArrayLike, equal_nan: bool = False) -> bool:
    """Whether both arrays have the same shape and elements; a Python bool. `==` is NumPy's
    operator (text and numbers are unequal); `equal_nan` needs `isnan`, as NumPy's does."""
    try:
        x, y = as_array(a1, "array_equal"), as_array(a2, "array_equal")
    except (TypeError, ValueError):  # NumPy: False for whatever `asarray` refuses (ragged)
        return False
    if x.shape != y.shape:
        return False
    if not equal_nan:
        return builtins.bool(all(x == y))
    if x is y:
        return True  # NumPy's shortcut: an array equals itself, NaNs included
    if x.dtype in _NO_NAN and y.dtype in _NO_NAN:
        return builtins.bool(all(x == y))
    x_nan, y_nan = isnan(x), isnan(y)  # TypeError for text or objects, as NumPy's
    if not builtins.bool(all(x_nan == y_nan)):
        return False
    keep = ~x_nan
    return builtins.bool(all(x[keep] == y[keep]))


# NumPy's `_dtype_cannot_hold_nan`: bool and the signed integers (its list has no unsigned).
_NO_NAN = frozenset({_dtypes.bool, _dtypes.int8, _dtypes.int16, _dtypes.int32, _dtypes.int64})


def array_equiv(a1: ArrayLike, a2: ArrayLike) -> bool:
    """Whether the arrays are equal after broadcasting to one shape (False when they cannot
    be); a Python bool."""
    if type(a1) is type(a2) is Array:  # NumPy's steps on CPU arrays of one numeric dtype
        d, e = a1._data, a2._data
        if type(d) is type(e) is _NDARRAY and d.dtype is e.dtype and d.dtype.kind in "biufc":
            try:
                _BROADCAST(d, e)
            except ValueError:
                return False
            return builtins.bool((d == e).all())
    try:
        x, y = as_array(a1, "array_equiv", "a1"), as_array(a2, "array_equiv", "a2")
        broadcast_shapes(x.shape, y.shape)
    except (TypeError, ValueError):
        return False
    return builtins.bool(all(x == y))  # NumPy's operator: text with numbers is unequal


# --- rounding and cleanup --------------------------------------------------------------------


def around(a: ArrayLike, decimals: int = 0, out: Array | None = None) -> Array:
    """Round to `decimals` places (negative: to tens, hundreds...), halves to even; written
    into `out` when given (NumPy's checks and 'same_kind' casting), which is returned."""
    if type(a) is Array and type(d := a._data) is np.ndarray and type(decimals) is int:
        if out is None and d.dtype.kind in "iufc":  # np.round, minus its frames
            try:
                r = d.round(decimals)
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
            else:
                return _plain(r)
    if out is None and (r := numpy_for_foreign("round", a, decimals)) is not NotImplemented:
        return r  # another library's array (a pandas Series): its own round, as NumPy's
    x = as_array(a, "around")
    if isinstance(decimals, bool) or not hasattr(decimals, "__index__"):
        raise TypeError(f"around: decimals must be an int; got {type(decimals).__name__}")
    decimals = operator.index(decimals)
    if out is not None:
        return round_into(x, decimals, out, "around")
    if decimals == 0:
        return round(x)
    if x.dtype == _dtypes.bool:
        raise TypeError(
            "around: a has dtype bool, but around with decimals requires a numeric dtype"
        )
    return array_result(on_backend("around", "round", (x,), decimals), "around")


def nan_to_num(
    x: ArrayLike,
    copy: bool = True,
    nan: float = 0.0,
    posinf: float | None = None,
    neginf: float | None = None,
) -> Array:
    """NaN -> `nan`, +inf -> `posinf` (default: the dtype's max), -inf -> `neginf` (its min);
    real and imaginary parts separately. copy=False writes into `x`."""
    arr = as_array(x, "nan_to_num", "x")
    plain = arr.dtype not in _dtypes.FLOATING  # or nothing to replace: one scan, not three
    if plain or type(arr._data) is np.ndarray and not classes(arr._data) & (NAN | INF):
        if not copy:
            return arr
        out = arr.copy(order="K")  # NumPy's copy keeps the layout
        return out if out.ndim else wrap(out._data)  # 0-d: NumPy's scalar (its `x[()]`)
    if type(d := arr._data) is np.ndarray and d.ndim and d.dtype.kind in "fc":
        out = _replaced(d, classes(d), copy, nan, posinf, neginf)
        return wrap(out) if copy else arr
    if type(arr._data) is np.ndarray:  # NumPy's own: one pass, in place when copy=False
        options = {"nan": nan, "posinf": posinf, "neginf": neginf}
        data = call("nan_to_num", "nan_to_num", arr, arr._data, copy=copy, **options)
        return result(data, "nan_to_num") if copy else arr  # a 0-d answer is a NumPy scalar
    if arr.dtype in _dtypes.COMPLEX_FLOATING:
        parts = [_finite(p, nan, posinf, neginf) for p in (real(arr), imag(arr))]
        out = astype(parts[0], arr.dtype) + parts[1] * 1j
    else:
        out = _finite(arr, nan, posinf, neginf)
    if copy:
        return out
    arr[...] = out
    return arr


def _replaced(d, found: int, copy: bool, nan, posinf, neginf):
    """NumPy's `nan_to_num` steps on host floats `d` (a copy in order K unless copy=False)
    holding the special values `found` (`classes`): the masks of those alone, all taken before
    any is written, as NumPy's (it takes all three, each a pass or two)."""
    x = np.array(d, copy=True) if copy else d
    info = np.finfo(x.real.dtype)
    values = (nan, info.max if posinf is None else posinf, info.min if neginf is None else neginf)
    tests = (np.isnan, _is_pos_inf, _is_neg_inf)
    for part in (x.real, x.imag) if x.dtype.kind == "c" else (x,):
        masks = [test(part) if found & bit else None for test, bit in zip(tests, _SPECIAL_BITS)]
        for value, mask in zip(values, masks):
            if mask is not None:
                np.copyto(part, value, where=mask)
    return x


def _is_pos_inf(part):
    return part == np.inf  # (NumPy's isposinf: isinf and not signbit, two passes)


def _is_neg_inf(part):
    return part == -np.inf


_SPECIAL_BITS = (NAN, POS_INF, NEG_INF)


def _finite(v: Array, nan, posinf, neginf) -> Array:
    info = finfo(v.dtype)
    v = where(isnan(v), nan, v)
    v = where(logical_and(isinf(v), v > 0), info.max if posinf is None else posinf, v)
    return where(logical_and(isinf(v), v < 0), info.min if neginf is None else neginf, v)


def ptp(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
) -> Array:
    """Range of values (max - min) along `axis`."""
    if out is None and (keepdims is NO_VALUE or keepdims is False) and type(a) is Array:
        d = a._data  # the ufunc reduces the max and min below replay (one thread at this size)
        if type(d) is np.ndarray and d.dtype.kind in "iuf" and 0 < d.size < SMALL:
            if axis is None or (type(axis) is int and 0 < d.ndim < 3):  # else: layouts, 0-d
                try:
                    return _plain(np.subtract(_MAXIMUM(d, axis), _MINIMUM(d, axis)))
                except ValueError:  # an axis out of range, worded below
                    pass
    if type(a) is not Array:  # a pandas object: NumPy's maximum and minimum reductions of it
        options = {"axis": axis, "out": out, "keepdims": keepdims}
        options = {k: v for k, v in options.items() if v is not None and v is not NO_VALUE}
        if (r := numpy_for_foreign("ptp", a, **options)) is not NotImplemented:
            return r
    x = as_array(a, "ptp")
    if x.dtype == _dtypes.bool:
        max(x, axis=axis)  # (NumPy reduces first: an empty reduction is its ValueError)
        raise TypeError("ptp: a has dtype bool, but ptp requires a numeric dtype")
    axis = tuple(axis) if isinstance(axis, list) else axis
    if out is not None:  # NumPy's casting into `out` is its routine's
        buffer = out_buffer(out, x, "ptp")
        call("ptp", "ptp", x, x._data, axis=axis, out=buffer, **given(keepdims=keepdims))
        return out
    keepdims = keepdims is True
    return subtract(max(x, axis=axis, keepdims=keepdims), min(x, axis=axis, keepdims=keepdims))


# --- complex numbers ------------------------------------------------------------------------


def angle(z: ArrayLike, deg: bool = False) -> Array:
    """The counterclockwise angle of each complex `z` from the positive real axis (radians,
    or degrees with deg=True); 0 or pi for real input."""
    if type(z) is Array and type(d := z._data) is _NDARRAY and (kind := d.dtype.kind) in "biufc":
        if deg is False:  # np.angle's own steps: arctan2 of the parts (0 for real input)
            return _plain(_ARCTAN2(d.imag, d.real) if kind == "c" else _ARCTAN2(0, d))
        if deg is True:
            return _plain(_ANGLE(d, True))
    x = as_array(z, "angle", "z")
    return result(call("angle", "angle", x, x._data, deg=deg), "angle")


def real_if_close(a: ArrayLike, tol: float = 100) -> Array:
    """The real part of complex `a` when every imaginary part is within `tol` machine
    epsilons of zero (`tol` < 1: an absolute tolerance); otherwise `a` itself."""
    if type(a) is Array and type(d := a._data) is np.ndarray:
        if d.dtype.kind != "c":
            return a  # np.real_if_close returns real input itself, whatever `tol` is
        if type(tol) in _WEAK:  # np.real_if_close's steps, its finfo read from a table
            if tol > 1:
                tol = _EPS[d.dtype] * tol
            return made_as_array(wrap(d.real)) if (_ABSOLUTE(d.imag) < tol).all() else a
    x = as_array(a, "real_if_close")
    out = call("real_if_close", "real_if_close", x, x._data, tol=tol)
    return x if out is x._data else result(out, "real_if_close")


def iscomplex(x: ArrayLike) -> Array:
    """Elementwise: whether the imaginary part is nonzero (all False for real dtypes)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and (kind := d.dtype.kind) in "biufc":
        # np.iscomplex's steps: all False (a NumPy scalar for 0-d) for real input
        return _plain(d.imag != 0 if kind == "c" else _ZEROS(d.shape, bool)[()])
    arr = as_array(x, "iscomplex", "x")
    return result(call("iscomplex", "iscomplex", arr, arr._data), "iscomplex")


def isreal(x: ArrayLike) -> Array:
    """Elementwise: whether the imaginary part is zero (all True for real dtypes)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and d.dtype.kind in "biufc":
        return _plain(d.imag == 0)  # np.isreal's step
    arr = as_array(x, "isreal", "x")
    return result(call("isreal", "isreal", arr, arr._data), "isreal")


def iscomplexobj(x: object) -> bool:
    """Whether `x` has a complex dtype (whatever its values); a Python bool."""
    if isinstance(x, Array):
        return x.dtype in _dtypes.COMPLEX_FLOATING
    return builtins.bool(np.iscomplexobj(x))


def isrealobj(x: object) -> bool:
    """Whether `x` does not have a complex dtype; a Python bool."""
    return not iscomplexobj(x)


def sort_complex(a: ArrayLike) -> Array:
    """`a` sorted along its last axis by real part, then imaginary part, as complex
    (complex64 for int8, int16, uint8 and uint16 input, as in NumPy; complex128 otherwise,
    float32 included)."""
    if (r := _direct(_SORT_COMPLEX, a)) is not None:
        return r
    x = as_array(a, "sort_complex")
    return result(call("sort_complex", "sort_complex", x, x._data), "sort_complex")


# --- infinities, rounding toward zero and special functions ----------------------------------


def _unary_out(func: str, x, out) -> Array:
    if out is None and (r := _direct(_UNARY[func], x)) is not None:
        return r
    arr = as_array(x, func, "x")
    buffer = out_buffer(out, arr, func)
    raw = call(func, func, arr, arr._data, **({} if buffer is None else {"out": buffer}))
    return out if out is not None else result(raw, func)


def isneginf(x: ArrayLike, out: Array | None = None) -> Array:
    """Elementwise: whether `x` is negative infinity (complex input is a TypeError)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and d.dtype.kind in "biuf":
        if out is None:  # np.isneginf's steps
            return _plain(_LOGICAL_AND(_ISINF(d), _SIGNBIT(d)))
    return _unary_out("isneginf", x, out)


def isposinf(x: ArrayLike, out: Array | None = None) -> Array:
    """Elementwise: whether `x` is positive infinity (complex input is a TypeError)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and d.dtype.kind in "biuf":
        if out is None:  # np.isposinf's steps
            return _plain(_LOGICAL_AND(_ISINF(d), ~_SIGNBIT(d)))
    return _unary_out("isposinf", x, out)


def fix(x: ArrayLike, out: Array | None = None) -> Array:
    """Round toward zero (integers come back unchanged, in their dtype)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and d.dtype.kind in "biuf":
        if out is None:  # np.fix is np.trunc's values (its steps changed across NumPy 2.x)
            return trunc(x) if _FIX_IS_TRUNC else _plain(_UNARY["fix"](d))
    return _unary_out("fix", x, out)


# whether this NumPy's fix keeps integer dtypes as its trunc does (NumPy 2.0's cast to float)
_FIX_IS_TRUNC = np.fix(np.arange(2)).dtype == np.trunc(np.arange(2)).dtype


def sinc(x: ArrayLike) -> Array:
    """The normalized sinc function sin(pi x) / (pi x), 1 at 0."""
    if type(x) is Array and type(d := x._data) is np.ndarray and d.dtype.kind in "biufc":
        y = np.pi * d  # np.sinc's own steps, its finfo read from a table
        y = np.where(y, y, _EPS.get(y.dtype, 1e-20))
        return _plain(np.sin(y) / y)
    arr = as_array(x, "sinc", "x")
    return result(call("sinc", "sinc", arr, arr._data), "sinc")


def i0(x: ArrayLike) -> Array:
    """The modified Bessel function of the first kind, order 0 (real input only)."""
    arr = as_array(x, "i0", "x")
    return result(call("i0", "i0", arr, arr._data), "i0")


def copy(a: ArrayLike, order: str = "K", subok: bool = False) -> Array:
    """A copy of `a`, laid out in memory as `order` says ('K' keeps a's layout, 'A' is 'F'
    only for an F-contiguous `a`, as NumPy's): `copy(a, order='F').flags` must not lie."""
    if type(a) is Array and type(order) is str and order in _ORDERS:
        d = a._data  # np.copy's own call on a CPU array of a standard dtype (`result` keeps it)
        if type(d) is np.ndarray and (t := d.dtype).kind in "biufc" and t.isnative:
            return made_as_array(wrap(copied(d, order)))  # 0-d: NumPy's ndarray, always
    x = as_array(a, "copy")
    return result(call("copy", "copy", x, x._data, order=order), "copy")


copy = compiled("method0", copy, extra=4)  # method0's COPY_K: copy(a), the first branch in C


def interp(
    x: ArrayLike,
    xp: ArrayLike,
    fp: ArrayLike,
    left: complex | None = None,
    right: complex | None = None,
    period: float | None = None,
) -> Array:
    """Piecewise-linear interpolation of the points (xp, fp) at `x` (xp increasing)."""
    if left is right is period is None and (a := listed_data(xp)) is not None:
        # np.interp's own call on CPU Arrays (or lists read as `listed` reads them: Note [List
        # operands]) and a Python float x (an int would first become an int64 array below,
        # which refuses some). The real routine checks the rest itself and refuses complex fp
        # (np.interp's other routine): where it raises, the checked path runs, and words the
        # errors.
        f, tx = listed_data(fp), type(x)
        v = x if tx is float else listed_data(x)
        if f is not None and v is not None:
            try:
                out = _INTERP(v, a, f, None, None)
            except (TypeError, ValueError):
                pass
            else:
                wrapped = _new(Array)  # wrap(), inlined: this call is NumPy's in all but this
                wrapped._data = np.asarray(out)
                return wrapped
    if type(x) in SEQUENCES or type(xp) in SEQUENCES or type(fp) in SEQUENCES:
        # Note [List operands]: a Python float x stays one, as the branch above wants it
        v = x if type(x) is float else listed(x)
        a, f = listed(xp), listed(fp)
        if v is not None and a is not None and f is not None:
            return interp(v, a, f, left, right, period)
    arrays = tuple(as_array(v, "interp", n) for v, n in ((x, "x"), (xp, "xp"), (fp, "fp")))
    for arr, name in zip(arrays[1:], ("xp", "fp")):
        if arr.ndim != 1:
            raise ValueError(f"interp: {name} must be 1-dimensional; got shape {arr.shape}")
    options = {  # those left None keep NumPy's defaults
        k: v for k, v in (("left", left), ("right", right), ("period", period)) if v is not None
    }
    return array_result(on_backend("interp", "interp", arrays, **options), "interp")


def _direct(routine, x) -> Array | None:
    """`routine(data)` (NumPy's own, its dispatch skipped) of a CPU Array `x` of a numeric
    dtype, as `call` and `result` give it; None for other operands, or where NumPy refuses
    (the checked path words that)."""
    if type(x) is Array and type(d := x._data) is _NDARRAY and d.dtype.kind in "biufc":
        try:
            out = routine(d)
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            return None
        r = _new(Array)  # `_plain`, inlined
        r._data = out if type(out) is _NDARRAY else np.asarray(out)
        return r
    return None


def _plain(out) -> Array:
    """A NumPy routine's answer on numeric CPU data as `result` gives it (scalars 0-d),
    wrapped as `wrap` does, inlined: its frame is a tenth of a small call."""
    r = _new(Array)
    r._data = out if type(out) is np.ndarray else np.asarray(out)
    return r


_ORDERS = ("K", "C", "F", "A")
_WEAK = (int, float)
_ARCTAN2, _ABSOLUTE, _NDARRAY = np.arctan2, np.absolute, np.ndarray
# np.finfo(dtype).eps of the inexact dtypes (a complex dtype's is its parts'): np.finfo
# costs more than a small sinc or real_if_close
_INEXACT = (np.float16, np.float32, np.float64, np.longdouble, np.complex64, np.complex128)
_EPS = {np.dtype(t): np.finfo(t).eps for t in (*_INEXACT, np.clongdouble)}
_BROADCAST = np.broadcast
# NumPy's functions, minus __array_function__'s frame (they are handed exact ndarrays)
_ANGLE, _SORT_COMPLEX = undispatched(np.angle), undispatched(np.sort_complex)
_UNARY = {f: undispatched(getattr(np, f)) for f in ("isneginf", "isposinf", "fix")}
_LOGICAL_AND, _ISINF, _SIGNBIT, _ZEROS = np.logical_and, np.isinf, np.signbit, np.zeros
_MAXIMUM, _MINIMUM = np.maximum.reduce, np.minimum.reduce
_INTERP = np._core.multiarray.interp  # np.interp's routine for real fp, read as float64


NUMPY_ALIASES: dict = {
    "isclose": isclose,
    "allclose": allclose,
    "array_equal": array_equal,
    "around": around,
    "nan_to_num": nan_to_num,
    "ptp": ptp,
    "copy": copy,
    "interp": interp,
    "array_equiv": array_equiv,
    "angle": angle,
    "real_if_close": real_if_close,
    "iscomplex": iscomplex,
    "isreal": isreal,
    "iscomplexobj": iscomplexobj,
    "isrealobj": isrealobj,
    "sort_complex": sort_complex,
    "isneginf": isneginf,
    "isposinf": isposinf,
    "fix": fix,
    "sinc": sinc,
    "i0": i0,
    "euler_gamma": np.euler_gamma,  # a Python float, as NumPy's (like the standard's pi and e)
    **_CALCULUS,
    **_FUNCTIONAL,
}

"""Elementwise functions (Array API chapter "Element-wise Functions"), built from the op table.

Every function here is generated from its record in `_ops/elementwise.py`: a NumPy-style
`ufunc` object (`_ufunc.py`) where NumPy's function of that name is a ufunc, else a plain
function (`round`, `real`, `imag`). The Array's operator dunders are attached from the
records' `dunders` fields: each is the public function's own fast path (`fast_binary`...)
under the dunder's name, so `x + y` runs no wrapper frame. Only `clip`, whose
optional bounds make it more than a plain n-ary op, has a hand-written front that still runs
its record's loop through the iterator.
"""

from __future__ import annotations

import functools
import operator
from typing import Any

import numpy as np

from ._array import Array, backing, kept, over_numpy, wrap
from ._core import dtypes as _dtypes
from ._core.checks import check_same_device
from ._core.devices import device_of
from ._dispatch import PLANS, backend_of, broadcast_shapes, empty_output, iterate
from ._dispatch.compiled import compiled
from ._dispatch.elementwise import (
    SMALL_NUMEL,
    ElementwiseOp,
    fast_binary,
    fast_in_place,
    fast_unary,
    named,
    values_first,
)
from ._dispatch.host_only import accepts_beside, numpy_for_foreign
from ._dispatch.optable import BY_NAME, OPS
from ._dispatch.plans import (
    VALUE_OPERATORS,
    repeats_sequence,
    scalar_arithmetic,
    twin_calls,
    value_operator,
)
from ._dispatch.public import make_public
from ._manipulation_operands import as_operand
from ._numpy_run import numpy_errors
from ._typing import ArrayLike
from ._ufunc import make_ufunc, numpy_ufunc_for, ufunc  # noqa: F401 - ufunc is public

# The positional-only function of each record: what the Array dunders call (a ufunc's call
# takes options, and keyword parameters cost every call; see Note [Ufunc calls]).
_FUNCTIONS = {op.name: make_public(op) for op in OPS if op.name != "clip"}


def _with_decimals(generated):
    """`round(x, decimals)`, as NumPy scripts call it; decimals=0 is the standard's round."""

    def round(x: ArrayLike, /, decimals: int = 0, out: Array | None = None) -> Array:
        if decimals == 0 and type(decimals) is int and out is None:
            return generated(x)
        if isinstance(decimals, bool) or not hasattr(decimals, "__index__"):
            raise TypeError(f"round: decimals must be an int; got {type(decimals).__name__}")
        digits = operator.index(decimals)
        if out is not None:
            return round_into(x, digits, out, "round")
        if (r := numpy_for_foreign("round", x, digits)) is not NotImplemented:
            return r  # another library's array (a pandas Series): its own round, as NumPy's
        if digits == 0:
            return generated(x)
        data = backing(x, "round", "x", scalars=False)
        if data.dtype.kind == "b":
            raise TypeError(
                "round: x has dtype bool, but round with decimals requires a numeric dtype"
            )
        if type(data) is np.ndarray:  # the method: np.round's two wrappers cost 0.5 us
            return wrap(np.asarray(data.round(digits)))
        xp = backend_of(data).xp
        return wrap(xp.asarray(xp.round(data, digits)))

    round.__module__, round._op = generated.__module__, generated._op
    round.__qualname__ = "round"
    round.__doc__ = (
        generated.__doc__ + "\n\nNumPy extension: `decimals` rounds to that many "
        "places (negative: to tens, hundreds...), halves to even."
    )
    return round


def round_into(x, digits: int, out, func: str) -> Array:
    """NumPy's `round(x, digits, out=out)`: the device module's round writing into Array `out`,
    which is returned. NumPy's own steps and checks apply ('same_kind' casting, out's shape;
    the steps run in out's dtype, so a float32 x rounded into float64 is NumPy's value; bool x
    rounds into a float `out`)."""
    data = backing(x, func, "x", scalars=False)
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    check_same_device(func, [device_of(data), out.device])
    with numpy_errors(func):
        backend_of(data).xp.round(data, digits, out=out._data)
    return out


_PUBLIC = {
    name: make_ufunc(BY_NAME[name], function) if numpy_ufunc_for(BY_NAME[name]) else function
    for name, function in _FUNCTIONS.items()
}
_PUBLIC["round"] = _with_decimals(_FUNCTIONS["round"])


def _part_view(generated, part: str):
    """`real` and `imag` as NumPy's `np.real`/`np.imag` answer a CPU array: a view of a
    complex array's memory (`np.real(z)[0] = 9` writes z), for `real` of a real array the
    array itself, and for `imag` NumPy's read-only zeros; the standard leaves views to the
    library. A Python number's part is a Python number (`np.real(2.5)` is 2.5). Else the
    op's own result."""

    def function(x: ArrayLike, /) -> Array:
        if type(x) is Array and type(d := x._data) is np.ndarray:
            if part == "real" and d.dtype.kind in "biuf":
                return x
            if d.dtype.kind in "biufc":  # (0-d: NumPy's 0-d ndarray for one, as x's kind)
                return kept(x, wrap(d.real if part == "real" else d.imag))
            return kept(x, generated(x))
        elif type(x) in (int, float, complex):  # a Python number's own part, as NumPy's
            return getattr(x, part)
        return generated(x)

    functools.update_wrapper(function, generated)
    function._op = generated._op
    return function


# (their C twins: method0 numbers 13 and 14 in _dispatch/_cfast_calls.c)
_PUBLIC["real"] = compiled("method0", _part_view(_FUNCTIONS["real"], "real"), extra=13)
_PUBLIC["imag"] = compiled("method0", _part_view(_FUNCTIONS["imag"], "imag"), extra=14)
globals().update(_PUBLIC)


# --- Array dunders, from the table ----------------------------------------------------------

# Lists and tuples are NumPy's array-likes: `x + [1, 2]` reads them as asarray does.
_OPERAND_TYPES = (Array, bool, int, float, complex, np.ndarray, np.generic, list, tuple, range)
_FAST_TYPES = frozenset({Array, bool, int, float, complex})


def _accepts(other) -> bool:
    return type(other) in _FAST_TYPES or isinstance(other, _OPERAND_TYPES)


def _numpy_unequal(self: Array, other: object) -> bool:
    """Whether NumPy's `==` of operands of these dtypes answers "no element is equal" where
    the ufunc has no loop, rather than raising (unlike records, timedelta64[Y] beside [h]):
    asked of empty stand-ins."""
    data = self._data
    if type(data) is not np.ndarray:
        return True
    try:
        theirs = other._data if isinstance(other, Array) else np.asarray(other)
        operator.eq(data.reshape(-1)[:0], theirs.reshape(-1)[:0])
    except TypeError:
        return False
    except Exception:  # noqa: BLE001 - any other refusal: the answer below decides
        return True
    return True


def _text_operand(self: Array, other: object) -> bool:
    """`x + 'a'` on a string array, `dates < '2020-06-01'`, `objects + Fraction(1, 2)`: an
    operand the functions read beside a host-only array (`accepts_beside`). Asked only once
    `_accepts` has said no, so numeric operators never reach it."""
    kind = getattr(self._data.dtype, "kind", "")  # a device array's dtype may be no NumPy one
    return kind in _dtypes.HOST_ONLY_KINDS and accepts_beside(kind, other)


def _not_text(self: Array, other: object, name: str):
    """NotImplemented, for the other operand's dunder; but NumPy's 0-d ndarray beside a str
    refuses, as NumPy's does, where Python would repeat the str by its `__index__`
    (`asarray(3) * 'a'`; an element is NumPy's scalar, whose 'aaa' it is)."""
    if type(other) is str and getattr(self, "_as_ndarray", None):
        raise TypeError(f"{name}: the operands must be arrays or numbers; got a str")
    return NotImplemented


def _forward(op: ElementwiseOp):
    """`x op y`: the public function's own fast path (no wrapper frame), and NotImplemented
    for an operand NumPy would not read, so the other operand's reflected dunder decides."""

    def slow(self: Array, other: ArrayLike) -> Array:
        if _accepts(other) or _text_operand(self, other):
            return op(self, other)
        return _not_text(self, other, op.spec.name)

    return fast_binary(op, slow, repeats=op.spec.name == "multiply", values=True)


def _stands_for_scalar(x: Array) -> bool:
    """Whether `x` is an element (0-d, unmarked: Note [0-d arrays print as scalars])."""
    return not x._data.ndim and type(x) is Array and not getattr(x, "_as_ndarray", None)


def _equality(op: ElementwiseOp, constant: bool):
    """`__eq__`/`__ne__`: as NumPy, an operand that is no array (`x == None`, `x == "a"`) is
    compared elementwise and equals no element, so the result is an array of `constant`
    (False for ==, True for !=); a list or tuple is read as an array."""

    def slow(self: Array, other: object) -> Array:
        if _accepts(other) or _text_operand(self, other):
            try:
                return op(self, other)
            except TypeError:
                if not _numpy_unequal(self, other):
                    raise  # (unlike records, dates of units with no common one: NumPy's too)
                # no comparison loop (text against a number, str against bytes, dates against
                # timedeltas or numbers): NumPy's == says no element is equal, broadcast
                shape = other.shape if isinstance(other, Array) else np.shape(other)
                shape = broadcast_shapes((self.shape, tuple(shape)), op.spec.name)
                xp = backend_of(self._data).xp
                return wrap(xp.full(shape, constant, dtype=xp.bool_))
        elif getattr(type(other), "__array_ufunc__", False) is None:
            return NotImplemented  # NumPy's opt-out: the other operand's own __eq__ decides
        elif other is not None and not isinstance(other, (str, bytes)):
            try:
                return op(self, backing(other, op.spec.name, "x2"))
            except TypeError:  # not readable as an array: no element can equal it
                pass
        if not isinstance(other, (str, bytes)) and _stands_for_scalar(self):
            return constant  # NumPy's scalar answers Python's bool to None or an object
        xp = backend_of(self._data).xp
        return wrap(xp.full(self._data.shape, constant, dtype=xp.bool_))

    return fast_binary(op, slow, values=True)


def _reflected(op: ElementwiseOp):
    """`2.0 - x`: the public function on (other, self); its C twin runs the function's
    scalar-left branch without this frame (Note [Compiled hot path] in _dispatch/_cfast.c)."""
    function = _FUNCTIONS[op.spec.name]

    name = op.spec.name
    repeats = name == "multiply"  # `[0] * n`: Python's repetition (fast_binary's)

    def method(self: Array, other: ArrayLike) -> Array:
        if (r := value_operator(name, other, self)) is not None:
            return r  # two values: Note [Scalar arithmetic] in _dispatch/plans.py
        if repeats and (r := scalar_arithmetic("mul", other, self, "c")) is not None:
            return r  # complex values, as the C twin's `binary_body` computes them
        if repeats and repeats_sequence(other, self):
            return NotImplemented
        if _accepts(other) or _text_operand(self, other):
            return function(other, self)
        return _not_text(self, other, name)

    small, kind = PLANS.small_table(op.spec.name), "rmul" if repeats else "reflected"
    extra = twin_calls(op, SMALL_NUMEL)  # the binary twin's (`fast_binary`)
    twin = compiled(kind, method, small, extra=extra, limit=SMALL_NUMEL)
    return values_first(twin, name) if name in VALUE_OPERATORS else twin


def _inplace(op: ElementwiseOp):
    """`x op= y`: the recorded loop when x's and y's dtypes were seen before (Note [In-place
    fast path] in `_dispatch/inplace.py`), else the full path with `out=x`."""

    def slow(self: Array, other: ArrayLike) -> Array:
        if not (_accepts(other) or _text_operand(self, other)):
            return NotImplemented
        op(self, other, out=self)
        return self

    return fast_in_place(op, slow)


def _attach_dunders() -> None:
    for name, function in _FUNCTIONS.items():
        op = function._op
        for dunder in BY_NAME[name].dunders:
            if op.spec.nin == 1:
                make = functools.partial(fast_unary, values=True)  # the function's code
            elif dunder.startswith("__i") and dunder != "__invert__":
                make = _inplace
            elif dunder in ("__eq__", "__ne__"):
                make = functools.partial(_equality, constant=dunder == "__ne__")
            elif dunder.startswith("__r") and dunder not in ("__rshift__",):
                make = _reflected
            else:
                make = _forward
            method = named(make(op), dunder)
            method.__doc__ = f"Calls xtensor.{name}; see its documentation."
            operands = method.__code__.co_varnames[1 : method.__code__.co_argcount]
            method.__annotations__ = {**dict.fromkeys(operands, "ArrayLike"), "return": "Array"}
            setattr(Array, dunder, method)


_attach_dunders()


# --- clip -----------------------------------------------------------------------------------

_CLIP = ElementwiseOp(BY_NAME["clip"])
_UNSET: Any = object()  # a_min/a_max not given (None is "no bound")


def clip(
    a: ArrayLike,
    min: ArrayLike | None = None,
    max: ArrayLike | None = None,
    out: Array | None = None,
    *,
    a_min: ArrayLike | None = _UNSET,
    a_max: ArrayLike | None = _UNSET,
) -> Array:
    """Clamp each element of `a` to [min, max]; a None bound is no bound.

    Bounds of a's dtype (or Python numbers of its kind) give a result of a's dtype, as the
    standard requires; other bounds, which the standard leaves unspecified, promote as in
    NumPy (a Python float on an integer array gives float64). Python-int bounds beyond a's
    integer range are NumPy's: no bound where they cannot bind, OverflowError where they
    would bind every element; NaN bounds give NaN.
    NumPy's `out` (an Array) receives the result, cast under NumPy's 'same_kind' rule, and
    is returned. NumPy's names `a_min` and `a_max` may stand for `min` and `max` (a bound
    left out is no bound, as the standard's are, where NumPy asks for both).

    >>> import xtensor as xp
    >>> print(xp.clip(xp.asarray([1, 5, 9]), 2, 6))
    [2 5 6]
    """
    x = a  # the standard's name, positional-only there (NumPy names it `a`)
    if a_min is not _UNSET or a_max is not _UNSET:
        min, max = _numpy_bounds(min, max, a_min, a_max)
    if type(out) is Array and type(x) is Array:
        if (r := _clip_into_plain(x, min, max, out)) is not None:  # `clip(x, 0, 1, out=x)`
            return r
    if out is None and type(min) in _NUMBERS and type(max) in _NUMBERS:
        if type(x) in _NUMBERS:  # `clip(5, 0, 3)`: a number read as NumPy's clip reads it
            x = as_operand(x, "clip")
        elif type(x) is np.ndarray and (y := over_numpy(x)) is not None:
            x = y  # NumPy's array, as the Array over it
        xd = x._data if type(x) is Array else None  # between Python numbers: NumPy's loop
        if type(xd) is np.ndarray and xd.size < SMALL_NUMEL and _numpy_clips(xd, min, max):
            if xd.flags.c_contiguous:  # a C-order result, as the iterator's buffer below
                r = np._core.umath.clip(xd, min, max)
                return wrap(r if type(r) is np.ndarray else np.asarray(r))  # 0-d: a scalar
    elif out is None and (min is None) is not (max is None):
        xd = x._data if type(x) is Array else None  # one bound: NumPy's minimum or maximum
        bound = max if min is None else min
        if type(xd) is np.ndarray and xd.dtype.kind in "fc" and type(bound) in _NUMBERS:
            if xd.flags.c_contiguous and xd.size < SMALL_NUMEL:
                r = (np.minimum if min is None else np.maximum)(xd, bound)
                return wrap(r if type(r) is np.ndarray else np.asarray(r))  # 0-d: a scalar
    if out is None and (r := numpy_for_foreign("clip", x, min, max)) is not NotImplemented:
        return r  # another library's array (a pandas Series): its own clip, as NumPy's
    x = as_operand(x, "clip")  # NumPy's array-likes too (`clip(5, 0, 3)`), as NumPy's clip
    if x._data.dtype.kind in "Mm" and out is None:  # dates: NumPy's clip (its loops)
        bounds = [b._data if isinstance(b, Array) else b for b in (min, max)]
        with numpy_errors("clip"):
            return wrap(np.asarray(np.clip(x._data, *bounds)))
    _CLIP._check_domain([x._data])
    xd = x._data
    lo = None if min is None else _bound(min, "min")
    hi = None if max is None else _bound(max, "max")
    if lo is None and hi is None:
        return _clip_into(wrap(xd.copy()), out)
    result = _clip_dtype(xd, lo, hi)
    if result.kind in "iu" and (type(lo) is int or type(hi) is int):
        lo, hi = _int_bounds(lo, hi, result)
    if (
        out is None
        and type(xd) is np.ndarray
        and type(lo) in _PLAIN_BOUNDS
        and type(hi) in _PLAIN_BOUNDS
        and xd.flags.c_contiguous
        and xd.size < SMALL_NUMEL
    ):
        # Scalar bounds on a C-contiguous array the iterator would run as one chunk: its one
        # NumPy call into a C-order buffer, without the iterator (~40 us of a 70 us call).
        return wrap(_clip_loop(xd, lo, hi, np.empty(xd.shape, result)))
    shapes = tuple(np.shape(b) for b in (xd, lo, hi) if b is not None)
    buffer = empty_output(xd, broadcast_shapes(shapes, "clip"), result)
    inputs = [b for b in (xd, lo, hi) if b is not None]

    def run(ops):  # the iterator's operands: out, x, then the bounds given
        o, rest = ops[0], iter(ops[1:])
        x_ = next(rest)
        _clip_loop(x_, None if lo is None else next(rest), None if hi is None else next(rest), o)

    iterate((buffer,), inputs, "clip", run, enforce_safe_casting_to_output=False)
    return _clip_into(wrap(buffer), out)


clip.__module__ = "xtensor"


def _numpy_bounds(min, max, a_min, a_max) -> tuple:
    """(min, max) from NumPy's `a_min`/`a_max` beside the standard's `min`/`max`: NumPy
    forbids min= or max= beside both of its own, and a bound given twice is a TypeError."""
    if a_min is not _UNSET and a_max is not _UNSET and (min is not None or max is not None):
        raise ValueError(
            "clip: passing min or max (or bounds by position) when a_min and a_max are "
            "given is forbidden"
        )
    for name, standard, numpy_bound in (("a_min", min, a_min), ("a_max", max, a_max)):
        if numpy_bound is not _UNSET and standard is not None:
            raise TypeError(f"clip: got multiple values for {name} (also given by position)")
    return (min if a_min is _UNSET else a_min), (max if a_max is _UNSET else a_max)


# Bounds `clip` runs without the iterator: Python numbers (after `_bound`) or no bound.
_PLAIN_BOUNDS = frozenset({int, float, bool, type(None)})
_NUMBERS = frozenset({int, float})  # bounds a float array's result keeps its dtype beside


def _clip_into_plain(x: Array, lo, hi, out: Array) -> Array | None:
    """`clip(x, lo, hi, out=out)` as NumPy's clip loop into out's buffer (which checks the
    'same_kind' cast and handles out overlapping x), for Python-number bounds `_numpy_clips`
    takes and an out of x's shape, at any size (the full path's chunks cost 3.6x NumPy's one
    loop at 10**7); else None: the full path's."""
    xd, o = x._data, out._data
    if type(xd) is not np.ndarray or type(o) is not np.ndarray or o.shape != xd.shape:
        return None
    if type(lo) not in _NUMBERS or type(hi) not in _NUMBERS:
        return None
    if not o.flags.writeable or not _numpy_clips(xd, lo, hi):
        return None
    try:
        np._core.umath.clip(xd, lo, hi, out=o)
    except (TypeError, ValueError):  # (nothing written: the full path words the refusal)
        return None
    return out


def _numpy_clips(xd, lo, hi) -> bool:
    """Whether NumPy's clip of `xd` between Python numbers `lo` and `hi` is the answer: a
    float or complex array, or an integer or bool one between Python ints in the result's
    range (beyond it, `_int_bounds` reads them; bools between ints give the default integer,
    between floats float64, in both)."""
    kind = xd.dtype.kind
    if kind in "fc":
        return True
    if kind not in "iub" or type(lo) is not int or type(hi) is not int:
        return kind == "b"  # a float bound: float64, as `_clip_dtype` finds it
    dtype = xd.dtype if kind != "b" else np.dtype(np.intp)
    limits = _INT_LIMITS.get(dtype)
    if limits is None:
        info = np.iinfo(dtype)
        limits = _INT_LIMITS[dtype] = (int(info.min), int(info.max))
    return limits[0] <= lo <= limits[1] and limits[0] <= hi <= limits[1]


_INT_LIMITS: dict = {}  # an integer dtype -> its (min, max), for `_numpy_clips`


def _clip_dtype(xd, lo, hi):
    """NumPy's result dtype for clip: x's own unless a bound is of another dtype or kind
    (Python numbers are weak: an int of any size keeps an integer x's dtype)."""
    kind = xd.dtype.kind
    if all(b is None or type(b) is int or (type(b) is float and kind in "fc") for b in (lo, hi)):
        if kind != "b":
            return xd.dtype
    return np.result_type(xd, *(b for b in (lo, hi) if b is not None))


def _clip_loop(x, lo, hi, out):
    """NumPy's loop for clip into `out`: both bounds, or the one given (None: no bound)."""
    if type(out) is not np.ndarray:  # a device's ufuncs: no casting=, and no clip ufunc
        xp = backend_of(out).xp
        low = x if lo is None else xp.maximum(x, lo)
        if hi is None:
            xp.copyto(out, low, casting="unsafe")
        else:
            xp.minimum(low, hi, out=out)
        return out
    if lo is not None and hi is not None:
        np._core.umath.clip(x, lo, hi, out=out, casting="unsafe")
    elif lo is not None:
        np.maximum(x, lo, out=out, casting="unsafe")
    else:
        np.minimum(x, hi, out=out, casting="unsafe")
    return out


def _clip_into(result: Array, out):
    """NumPy's `clip(..., out=a)`: `result` written into `out` (computed apart first, so `out`
    may alias `x` or a bound), which is returned; never silently left unwritten."""
    if out is None:
        return result
    if not isinstance(out, Array):
        raise TypeError(f"clip: out must be an xtensor Array; got {type(out).__name__}")
    if out.device != result.device:
        raise ValueError(f"clip: out is on {out.device} but the result is on {result.device}")
    src, dst = result._data.dtype, out._data.dtype
    if not np.can_cast(src, dst, "same_kind"):
        raise TypeError(
            f"clip: cannot cast the result from {src} to out's dtype {dst} under 'same_kind'"
        )
    if broadcast_shapes((out.shape, result.shape), "clip") != out.shape:
        raise ValueError(
            f"clip: out has shape {out.shape}, but the result has shape {result.shape}"
        )
    out._data[...] = result._data
    return out


def _bound(value, name):
    data = backing(value, "clip", name)
    if type(data) is not np.ndarray:
        return data
    bound_dtype = _dtypes.from_numpy(data.dtype)
    if bound_dtype not in _CLIP.spec.domain.dtypes:
        raise TypeError(
            f"clip: {name} has dtype {bound_dtype.name}, but clip requires "
            f"{_CLIP.spec.domain.phrase}"
        )
    return data


def _int_bounds(lo, hi, result: np.dtype) -> tuple:
    """Python-int bounds beyond the integer `result` dtype's range, as NumPy reads them: one
    that cannot bind (a min below it, a max above it) is clamped to it; one that would bind
    every element (a min above it, a max below it) is NumPy's OverflowError."""
    info = np.iinfo(result)
    low, high = type(lo) is int and lo > info.max, type(hi) is int and hi < info.min
    if low or high:
        bound = lo if low else hi
        raise OverflowError(f"clip: Python integer {bound} out of bounds for {result}")
    if type(lo) is int:
        lo = max(lo, int(info.min))
    if type(hi) is int:
        hi = min(hi, int(info.max))
    return lo, hi


__all__ = sorted([*_PUBLIC, "clip", "ufunc"])

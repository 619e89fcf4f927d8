"""CPU loops for ops NumPy has no ufunc for, with the ufunc calling convention.

Each takes the inputs and an optional `out=` (an array or a 1-tuple, as ufuncs accept): with
`out` it writes there and returns it; without, it returns a new array, never a view of the
input (the small-call fast path in `_dispatch` calls loops that way). The new array keeps the
input's memory layout, as a ufunc's `order='K'` output would.
"""

from __future__ import annotations

import numpy as np


def _target(out):
    return out[0] if isinstance(out, tuple) else out


def _fresh(values, like):
    """`values` as a new array laid out like `like` (order='K'), never sharing memory."""
    return np.array(values, copy=True, order="K") if np.ndim(like) else np.array(values)


def real_loop(x, out=None, **_ufunc_kwargs):
    """The real part; for real inputs, the input itself."""
    if out is None:
        return _fresh(np.real(x), x)
    target = _target(out)
    np.copyto(target, np.real(x), casting="unsafe")
    return target


def imag_loop(x, out=None, **_ufunc_kwargs):
    """The imaginary part; for real inputs, zeros of the input's dtype."""
    if out is None:
        if np.iscomplexobj(x):
            return _fresh(np.imag(x), x)
        return np.zeros_like(x)
    target = _target(out)
    if np.iscomplexobj(x):
        np.copyto(target, np.imag(x), casting="unsafe")
    else:
        target[...] = 0
    return target


def copy_loop(x, out=None, **_ufunc_kwargs):
    """The identity, for rounding ops on integers (floor of an int is itself)."""
    if out is None:
        return _fresh(x, x)
    target = _target(out)
    np.copyto(target, x, casting="unsafe")
    return target


def signbit_loop(x, out=None, **_ufunc_kwargs):
    """NumPy's signbit; integer and bool inputs, for which NumPy has no loop of their own (it
    casts them to a float), are compared with zero directly, so no value rounds."""
    if np.asarray(x).dtype.kind in "fc":
        return np.signbit(x) if out is None else np.signbit(x, out=_target(out))
    values = np.less(x, 0)
    if out is None:
        return _fresh(values, x)
    target = _target(out)
    np.copyto(target, values, casting="unsafe")
    return target


def round_loop(x, out=None, **_ufunc_kwargs):
    """NumPy's rint; complex values by their parts, as NumPy's `round` rounds them: NumPy's
    complex rint loop takes 3x the time of the two float ones (1.7 ns a value)."""
    x = np.asarray(x)
    if x.dtype.kind != "c":
        return np.rint(x, out=out)
    target = np.empty_like(x) if out is None else _target(out)
    np.rint(x.real, out=target.real, casting="unsafe")
    np.rint(x.imag, out=target.imag, casting="unsafe")
    return target


round_loop.__name__ = "rint"  # what a warning names, as NumPy's (`ufunc_name`)
# Few values take NumPy's complex loop instead (`exact_ufunc`): the same values, and one call
# costs less than two below ~1500 values; real ones always take NumPy's rint (`as_ufunc`).
# (That loop, in the small table, then also serves the C twins' calls run whole, below two
# grains: NumPy's rint speed there, as before; 10**5 complex128 0.54 of np.round's time else.)
round_loop.as_ufunc = lambda data: (np.rint, None) if np.size(data[0]) < 2048 else None

_EXPONENT_LIMIT = 2**31 - 1  # exponents past int32 over- or underflow every float alike


def ldexp_loop(x1, x2, out=None, **_ufunc_kwargs):
    """x1 * 2**x2 in the float dtype of x1 (FROM_X1), by NumPy's int32-exponent loop: the
    exponent is clamped to int32, which changes no result, so any integer dtype (and Python
    ints of any size) can hold it. A Python scalar x1 computes in float64."""
    if not hasattr(x1, "dtype"):
        x1 = np.float64(x1)
    if type(x2) is int or type(x2) is bool:
        x2 = np.int32(max(-_EXPONENT_LIMIT, min(_EXPONENT_LIMIT, x2)))
    elif x2.dtype.kind == "u" and x2.dtype.itemsize >= 4:
        x2 = np.minimum(x2, _EXPONENT_LIMIT).astype(np.int32)
    elif x2.dtype.itemsize > 4:
        x2 = np.clip(x2, -_EXPONENT_LIMIT, _EXPONENT_LIMIT).astype(np.int32)
    if out is None:
        return np.ldexp(x1, x2)
    target = _target(out)
    np.ldexp(x1, x2, out=target, casting="unsafe")
    return target


def _ldexp_as_ufunc(data):
    """(np.ldexp, the range a Python int exponent must keep to) where NumPy's own call on
    operands `data` is `ldexp_loop`'s answer: a float16, float32 or float64 array x1 and an
    exponent NumPy reads without a cast that could fail (a Python int in int32's range, a bool,
    an array of kind b or i, or u of at most 32 bits; NumPy's int64 loop clamps as the loop
    does); else None."""
    x1, x2 = data
    if type(x1) is not np.ndarray or x1.dtype.char not in "efd":
        return None
    if type(x2) is int:
        return np.ldexp, (-_EXPONENT_LIMIT - 1, _EXPONENT_LIMIT)
    if type(x2) is bool:
        return np.ldexp, None
    if type(x2) is np.ndarray and (x2.dtype.kind in "bi" or x2.dtype.char in "BHI"):
        return np.ldexp, None
    return None


ldexp_loop.as_ufunc = _ldexp_as_ufunc  # read by the fast path (`fast_entry` of _dispatch/plans.py)
ldexp_loop.__name__ = "ldexp"  # what its overflow warning names, as NumPy's (`ufunc_name`)


# Where a loop above is exactly one NumPy ufunc for a compute dtype's kind (a copy for real
# inputs of `real` and integer ones of the rounding ops, NumPy's own signbit, whose cast of an
# integer to a float may round it but never changes its sign), the
# CPU runs that ufunc: its calls can then take the small tables and NumPy's inner loop
# directly (Note [Direct inner loops] in _dispatch/_cfast_direct.c).
_AS_UFUNC = {
    real_loop: {"i": np.positive, "u": np.positive, "f": np.positive},
    copy_loop: {"i": np.positive, "u": np.positive, "b": np.absolute},  # (|b| is b)
    signbit_loop: {"f": np.signbit, "i": np.signbit, "u": np.signbit, "b": np.signbit},
    round_loop: {"f": np.rint},
}


def as_ufunc(loop, kind: str):
    """The ufunc computing `loop` on a compute dtype of kind `kind`, or `loop` itself."""
    return _AS_UFUNC.get(loop, {}).get(kind, loop)

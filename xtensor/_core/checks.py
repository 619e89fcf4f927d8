"""Argument checks every layer shares, so their messages read the same everywhere.

Messages follow one shape: "<func>: <operand> <problem>; <what to do>".
"""

from __future__ import annotations

from numpy.exceptions import AxisError

# Python scalars that operate with arrays as weak scalars (NEP 50); NumPy scalars are not here:
# they carry a dtype and convert like arrays.
SCALARS = (bool, int, float, complex)


def check_same_device(func: str, devices) -> None:
    """ValueError naming every device when the operands of `func` live on more than one."""
    distinct = set(devices)
    if len(distinct) > 1:
        raise ValueError(
            f"{func}: operands are on different devices "
            f"({', '.join(sorted(str(d) for d in distinct))}); move them to one "
            "device with to_device() first"
        )


try:  # NumPy's base of its ufuncs' TypeErrors, which scripts catch and print by name
    from numpy._core._exceptions import UFuncTypeError as _NumPyUFuncTypeError
except ImportError:  # (a NumPy that moved it: a plain TypeError all the same)
    _NumPyUFuncTypeError = TypeError


class UFuncTypeError(_NumPyUFuncTypeError):
    """The TypeError of an elementwise op NumPy raises as a `UFuncTypeError` (an output it
    cannot cast into: `int_array += float_array`), with xtensor's words: NumPy's class words
    its own from the ufunc. `type(e).__name__` is NumPy's name, and `except TypeError` and
    NumPy's class both catch it."""

    def __init__(self, message: str) -> None:
        TypeError.__init__(self, message)


def internal_error(message: str) -> RuntimeError:
    """An error for a broken invariant, not for bad input."""
    return RuntimeError(f"{message}; this is a bug in xtensor; please report it")


def prefixed(e: Exception, func: str) -> Exception:
    """NumPy's error `e` as the standard exception type it belongs to, naming `func`: NumPy's
    own subclasses (`_UFuncInputCastingError`...) take other arguments than a message."""
    for family in (AxisError, IndexError, TypeError, OverflowError, ValueError):
        if isinstance(e, family):
            return family(f"{func}: {e}")
    return e


def memory_order(order, func: str, allowed: str = "CFAK") -> str:
    """NumPy's reading of an `order` argument not spelled as one of `allowed`: the letter in
    either case ('f' is 'F'); anything else is NumPy's error (TypeError for no str, else
    ValueError), naming `func`."""
    if type(order) is str and len(order) == 1 and order.upper() in allowed:
        return order.upper()
    if not isinstance(order, str):
        raise TypeError(f"{func}: order must be a str, not {type(order).__name__}")
    if allowed == "CF":
        raise ValueError(f"{func}: only 'C' or 'F' order is permitted; got {order!r}")
    *first, last = [repr(c) for c in allowed]
    raise ValueError(f"{func}: order must be one of {', '.join(first)} or {last}; got {order!r}")

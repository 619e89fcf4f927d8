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

"""Argument checks every layer shares, so their messages read the same everywhere.

Messages follow one shape: "<func>: <operand> <problem>; <what to do>".
"""

from __future__ import annotations

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


def internal_error(message: str) -> RuntimeError:
    """An error for a broken invariant, not for bad input."""
    return RuntimeError(f"{message}; this is a bug in xtensor; please report it")

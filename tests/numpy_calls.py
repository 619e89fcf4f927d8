"""NumPy as the oracle for whole calls of the NumPy-only index, set, shape and creation
helpers: one call on NumPy, the same call on xtensor, and the answers compared (nested tuples
and lists, Arrays, Python values), or, when NumPy raises, the same kind of error from
xtensor, named after the function.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from numpy.exceptions import AxisError

import xtensor as xt
from tests.oracle import assert_same

# xtensor keeps AxisError (both a ValueError and an IndexError); NumPy's other errors
# (UFuncTypeError, DTypePromotionError...) arrive as their built-in base class.
KINDS = (AxisError, TypeError, ValueError, IndexError, RuntimeError, OverflowError, KeyError)


def error_kind(e: BaseException) -> type:
    return next(k for k in KINDS if isinstance(e, k))


def to_xt(value):
    """NumPy arrays, also inside lists, tuples and dicts, as xtensor Arrays."""
    if isinstance(value, np.ndarray):
        return xt.asarray(value)
    if isinstance(value, (list, tuple)):
        return type(value)(to_xt(v) for v in value)
    if isinstance(value, dict):
        return {k: to_xt(v) for k, v in value.items()}
    return value


def same(got, want, err_msg: str = "") -> None:
    """`got` (xtensor) is NumPy's `want`: containers item by item, arrays and NumPy scalars
    as Arrays of the same dtype, shape and values, Python values equal and of one type."""
    if isinstance(want, (tuple, list)):
        assert isinstance(got, (tuple, list)), f"{err_msg}: {type(got)} is not a sequence"
        assert len(got) == len(want), err_msg
        for g, w in zip(got, want):
            same(g, w, err_msg)
    elif isinstance(want, (np.ndarray, np.generic)):
        assert_same(got, want, err_msg=err_msg)
    else:
        assert type(got) is type(want) and got == want, f"{err_msg}: {got!r} != {want!r}"


def check(name: str, *args, match: str | None = "", **kwargs):
    """`numpy.<name>` against `xtensor.<name>` on the same arguments (NumPy arrays given to
    xtensor as Arrays). NumPy's error must come back as the same kind, its message starting
    with `match` (the function's name unless given; None: not checked)."""
    try:
        want = getattr(np, name)(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - whatever NumPy raises is the oracle's answer
        pattern = None if match is None else f"^{match or name}:"
        with pytest.raises(error_kind(e), match=pattern):
            getattr(xt, name)(*to_xt(args), **to_xt(kwargs))
        return None
    got = getattr(xt, name)(*to_xt(args), **to_xt(kwargs))
    same(got, want, name)
    return got


def check_in_place(name: str, target: np.ndarray, *args, **kwargs) -> None:
    """A NumPy function that writes into `target`, against xtensor's writing into an Array:
    the same values afterwards (or the same kind of error, both left untouched)."""
    want, got = target.copy(), xt.asarray(target.copy())
    try:
        getattr(np, name)(want, *args, **kwargs)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(error_kind(e), match=f"^{name}:"):
            getattr(xt, name)(got, *to_xt(args), **to_xt(kwargs))
        return
    assert getattr(xt, name)(got, *to_xt(args), **to_xt(kwargs)) is None
    assert_same(got, want, err_msg=name)


def assert_numpy_signature(name: str) -> None:
    """xtensor.<name> takes NumPy's parameters: names, kinds and defaults."""
    ours = inspect.signature(getattr(xt, name)).parameters
    numpys = inspect.signature(getattr(np, name)).parameters
    assert list(ours) == list(numpys), name
    for p, q in zip(ours.values(), numpys.values()):
        assert p.kind == q.kind, f"{name}: {p.name} is {p.kind}, NumPy's is {q.kind}"
        assert p.default is q.default or p.default == q.default, f"{name}: {p.name} default"

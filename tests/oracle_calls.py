"""NumPy as the oracle for whole calls: run one call on NumPy and the same call on xtensor,
then compare what comes back (nested tuples and lists, Arrays, Python scalars) or, when NumPy
raises, that xtensor raises the same kind of error.

Used by the tests of NumPy's math, statistics and polynomial helpers (tests/test_numpy_*.py).
"""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from numpy.exceptions import AxisError
from numpy.linalg import LinAlgError

import xtensor as xt
from tests.oracle import assert_same

# The classes xtensor keeps as they are; NumPy's other errors (UFuncTypeError...) arrive as
# their built-in base class, prefixed with the function's name.
KEPT = (AxisError, LinAlgError, ZeroDivisionError, FloatingPointError)
BASES = (TypeError, ValueError, IndexError, RuntimeError, OverflowError)


def expected_error(e: BaseException) -> type:
    if isinstance(e, KEPT):
        return next(k for k in KEPT if isinstance(e, k))
    return next(k for k in BASES if isinstance(e, k))


def to_xt(value):
    """NumPy arrays (also inside lists and tuples) as xtensor Arrays; the rest as it is."""
    if isinstance(value, np.ndarray):
        return xt.asarray(value)
    if isinstance(value, tuple):
        return tuple(to_xt(v) for v in value)
    if isinstance(value, dict):
        return {k: to_xt(v) for k, v in value.items()}
    if isinstance(value, list) and any(isinstance(v, np.ndarray) for v in value):
        return [to_xt(v) for v in value]
    return value


def same(got, want, *, rtol=None, err_msg=""):
    """`got` (xtensor) is what NumPy's `want` is: containers item by item, arrays and NumPy
    scalars as Arrays of the same dtype, shape and values, Python values equal."""
    if isinstance(want, (tuple, list)):
        assert type(got) is type(want), f"{err_msg} {type(got)} is not NumPy's {type(want)}"
        assert len(got) == len(want), err_msg
        for g, w in zip(got, want):
            same(g, w, rtol=rtol, err_msg=err_msg)
    elif isinstance(want, (np.ndarray, np.generic)):
        assert_same(got, want, rtol=rtol, err_msg=err_msg)
    else:
        assert type(got) is type(want), f"{err_msg} {type(got)} is not NumPy's {type(want)}"
        assert got == want or (got != got and want != want), f"{err_msg} {got!r} != {want!r}"


def check(name: str, *args, rtol=None, np_func=None, xt_func=None, **kwargs):
    """`numpy.<name>(*args, **kwargs)` against `xtensor.<name>` on the same arguments (NumPy
    arrays given to xtensor as Arrays): equal results, or the same kind of error."""
    np_func = np_func or getattr(np, name)
    xt_func = xt_func or getattr(xt, name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's warnings ("All-NaN slice") come on both sides
        try:
            want = np_func(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - any NumPy error is the oracle's answer
            with pytest.raises(expected_error(e)):
                xt_func(*to_xt(args), **to_xt(kwargs))
            return None
        got = xt_func(*to_xt(args), **to_xt(kwargs))
    same(got, want, rtol=rtol, err_msg=name)
    return got


def assert_same_signature(ours, numpys) -> None:
    """Parameter names, kinds and defaults as NumPy's (NumPy's `<no value>` default included)."""
    a, b = inspect.signature(ours), inspect.signature(numpys)
    assert [(p.name, p.kind) for p in a.parameters.values()] == [
        (p.name, p.kind) for p in b.parameters.values()
    ], f"{ours}: {a} != NumPy's {b}"
    for p, q in zip(a.parameters.values(), b.parameters.values()):
        assert p.default is q.default or p.default == q.default, f"{ours}: {p} != {q}"

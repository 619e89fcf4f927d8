"""xtensor._core.axes: the one axis normaliser, against NumPy's own, and its use everywhere.

Checks values (ordered and sorted), every error type and message, and that each namespace
function taking an axis raises the same errors through it.
"""

import importlib
import pkgutil

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.exceptions import AxisError
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

import xtensor as xt
from xtensor._core import axes as _axes
from xtensor._core.axes import normalize_axes, normalize_axis

ndims = st.integers(0, 6)


@given(
    ndims.flatmap(lambda n: st.tuples(st.just(n), st.integers(-n - 2, n + 2))),
    st.sampled_from([int, np.int8, np.int64, np.uint16]),
)
def test_normalize_axis_matches_numpy(case, kind):
    ndim, axis = case
    if axis < 0 and kind is np.uint16:
        kind = int
    try:
        want = normalize_axis_index(axis, ndim)
    except AxisError:
        with pytest.raises(
            AxisError, match=f"sum: axis {axis} is out of range for an array of {ndim} dimension"
        ):
            normalize_axis(kind(axis), ndim, "sum")
        return
    got = normalize_axis(kind(axis), ndim, "sum")
    assert got == want and type(got) is int


@given(
    st.integers(1, 5).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.integers(-n, n - 1), max_size=n + 1))
    ),
    st.booleans(),
)
def test_normalize_axes_matches_numpy(case, sort):
    ndim, axes = case
    try:
        want = normalize_axis_tuple(axes, ndim)
    except ValueError:  # NumPy: "repeated axis"
        with pytest.raises(ValueError, match=r"flip: axis \d is repeated in axis="):
            normalize_axes(tuple(axes), ndim, "flip", sort=sort)
        return
    got = normalize_axes(tuple(axes), ndim, "flip", sort=sort)
    assert got == (tuple(sorted(want)) if sort else want)
    assert normalize_axes(list(axes), ndim, "flip", sort=sort) == got


def test_forms_and_none():
    assert normalize_axes(-1, 3, "f") == (2,)
    assert normalize_axes(None, 3, "f", allow_none=True) == (0, 1, 2)
    assert normalize_axes((), 3, "f") == ()
    assert normalize_axes((2, 0), 3, "f", sort=True) == (0, 2)
    assert normalize_axes(np.int32(1), 2, "f") == (1,)
    with pytest.raises(TypeError, match="f: axis must be an int or a tuple of ints; got NoneType"):
        normalize_axes(None, 3, "f")


@pytest.mark.parametrize(
    "bad, got",
    [(True, "bool"), (np.True_, "bool"), (1.0, "float"), ("0", "str"), (np.float64(1), "float64")],
)
def test_non_integer_axis_is_type_error(bad, got):
    with pytest.raises(TypeError, match=f"^g: axis must be an int; got {got}$"):
        normalize_axis(bad, 2, "g")
    with pytest.raises(
        TypeError, match=f"^g: source must be an int or a tuple of ints; got {got}$"
    ):
        normalize_axes((0, bad), 2, "g", "source")
    with pytest.raises(TypeError, match="g: axis must be an int, a tuple of ints or None"):
        normalize_axes(bad, 2, "g", allow_none=True)


def test_messages():
    with pytest.raises(
        AxisError,
        match=r"^sum: axis 3 is out of range for an array of 2 "
        r"dimensions$",
    ) as info:
        normalize_axis(3, 2, "sum")
    assert isinstance(info.value, ValueError) and isinstance(info.value, IndexError)
    with pytest.raises(AxisError, match="an array of 1 dimension$"):
        normalize_axis(-2, 1, "sum")
    with pytest.raises(AxisError, match=r"^t: axes 5 is out of range for x1, an array of 2 "):
        normalize_axes((5,), 2, "t", "axes", operand="x1")
    with pytest.raises(ValueError, match=r"^sum: axis 1 is repeated in axis=\(1, -1\)$"):
        normalize_axes((1, -1), 2, "sum", sort=True)
    with pytest.raises(ValueError, match=r"^t: axis 0 is repeated in axes=\[0, 0\] for x2$"):
        normalize_axes([0, 0], 2, "t", "axes", operand="x2")


def test_no_other_copies():
    """Every module that normalises axes uses _axes' functions, and none defines its own."""
    users = 0
    for pkg in (xt, xt.linalg, xt.fft):
        for info in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + "."):
            module = importlib.import_module(info.name)
            for name in ("normalize_axis", "normalize_axes"):
                if hasattr(module, name) and module is not _axes:
                    assert getattr(module, name) is getattr(_axes, name), (info.name, name)
                    users += 1
    assert users >= 12


X = xt.ones((2, 3))
CALLERS = {  # function name -> a call taking `axis`
    "sum": lambda a: xt.sum(X, axis=a),
    "mean": lambda a: xt.mean(X, axis=a),
    "argmax": lambda a: xt.argmax(X, axis=a),
    "any": lambda a: xt.any(X, axis=a),
    "cumulative_sum": lambda a: xt.cumulative_sum(X, axis=a),
    "diff": lambda a: xt.diff(X, axis=a),
    "sort": lambda a: xt.sort(X, axis=a),
    "argsort": lambda a: xt.argsort(X, axis=a),
    "take": lambda a: xt.take(X, xt.asarray([0]), axis=a),
    "flip": lambda a: xt.flip(X, axis=a),
    "expand_dims": lambda a: xt.expand_dims(X, axis=a),
    "concat": lambda a: xt.concat((X, X), axis=a),
    "stack": lambda a: xt.stack((X, X), axis=a),
    "squeeze": lambda a: xt.squeeze(X, axis=a),
    "unstack": lambda a: xt.unstack(X, axis=a),
    "vector_norm": lambda a: xt.linalg.vector_norm(X, axis=a),
    "fft": lambda a: xt.fft.fft(X, axis=a),
    "fftshift": lambda a: xt.fft.fftshift(X, axes=a),
}


@pytest.mark.parametrize("func", sorted(CALLERS))
def test_every_caller_reports_alike(func):
    call = CALLERS[func]
    extra = 1 if func in ("expand_dims", "stack") else 0  # these index the result's axes
    with pytest.raises(
        AxisError,
        match=f"^{func}: (axis|axes) 7 is out of range for an array of {2 + extra} dimensions$",
    ):
        call(7)
    with pytest.raises(TypeError, match=f"^{func}: (axis|axes) must be an int.*; got bool$"):
        call(True)
    with pytest.raises(TypeError, match=f"^{func}: (axis|axes) must be an int.*; got float$"):
        call(1.0)

"""The first branches of the ufunc methods on CPU Arrays (`reduce` of the six folds, which is
xtensor's reduction; `accumulate` and small `outer`, NumPy's own method): the same outcome as
the checked path (forced by an operand that is not an exact Array), NumPy as the oracle for
values, and the checked path's errors, an axis out of range included; `at` of Array indices,
NumPy's method at once.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same
from tests.test_fast_calls_linalg import SETTINGS, checked, same_outcome
from tests.test_fast_calls_shape import assert_branch_taken
from xtensor import _ufunc
from xtensor._dispatch.compiled import python_of

DTYPES = ("bool", "int8", "int32", "uint64", "float16", "float32", "float64", "complex128")
FOLDS = ("add", "multiply", "maximum", "minimum", "logical_or", "logical_and")
AXES = (0, 1, -1, -2, 2, -3, 2**70, None, (0,), True, np.int64(0))


@pytest.mark.parametrize("name", [*FOLDS, "subtract"])
@SETTINGS
@given(a=st.sampled_from(DTYPES).flatmap(arrays), axis=st.sampled_from(AXES))
def test_reduce(name, a, axis):
    x, f = xt.asarray(a), getattr(xt, name)
    same_outcome(lambda: f.reduce(x, axis), lambda: checked(f.reduce, x, axis))
    same_outcome(lambda: f.reduce(x), lambda: checked(f.reduce, x))
    if a.dtype.kind == "f" and type(axis) is int and -a.ndim <= axis < a.ndim:
        try:
            with np.errstate(all="ignore"):  # the reductions are quiet
                want = getattr(np, name).reduce(a, axis)
        except ValueError:  # an empty reduction with no identity: xtensor's refuses too
            with pytest.raises(ValueError):
                f.reduce(x, axis)
            return
        assert_same(f.reduce(x, axis), want, rtol=1e-3 if a.dtype == np.float16 else 1e-5)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "subtract", "logical_xor", "sin"])
@SETTINGS
@given(a=st.sampled_from(DTYPES).flatmap(arrays), axis=st.sampled_from(AXES))
def test_accumulate(name, a, axis):
    x, f = xt.asarray(a), getattr(xt, name)
    same_outcome(lambda: f.accumulate(x, axis), lambda: checked(f.accumulate, x, axis))
    try:
        want = getattr(np, name).accumulate(a, axis)
    except (ValueError, TypeError, OverflowError):
        return
    assert_same(f.accumulate(x, axis), want, rtol=0)  # NumPy's own method


@pytest.mark.parametrize("name", ["add", "multiply", "subtract", "power", "divide", "less"])
@SETTINGS
@given(data=st.data())
def test_outer(name, data):
    dtype = data.draw(st.sampled_from(DTYPES))
    a = data.draw(arrays(dtype, shape=data.draw(st.sampled_from(((), (0,), (3,), (2, 3))))))
    b = data.draw(arrays(dtype, shape=data.draw(st.sampled_from(((), (4,), (1, 2))))))
    x, y, f = xt.asarray(a), xt.asarray(b), getattr(xt, name)
    try:
        f(x, y)  # the plain call fills the small table the branch reads
    except (ValueError, TypeError):
        pass
    same_outcome(lambda: f.outer(x, y), lambda: checked(f.outer, x, y))
    try:
        with np.errstate(all="ignore"):
            want = getattr(np, name).outer(a, b)
    except (ValueError, TypeError):
        return
    try:
        with np.errstate(all="ignore"):
            got = f.outer(x, y)
    except TypeError:  # xtensor's domain (no ordering of complex numbers)
        return
    if got.dtype == want.dtype:  # (xtensor's promotion may differ from NumPy's for some pairs)
        assert_same(got, want, rtol=0)


def test_reduce_axis_errors_and_0d_arrays_stay_the_checked_paths():
    x = xt.asarray([1.0, 2.0, 3.0])
    for axis in (1, -2, 2**70):
        with pytest.raises(np.exceptions.AxisError, match=f"add.reduce: axis {axis} is out"):
            xt.add.reduce(x, axis)
    zero_d = xt.asarray(5.0)
    for axis in (0, -1):  # NumPy reduces a 0-d array over nothing
        assert_same(xt.add.reduce(zero_d, axis), np.add.reduce(np.asarray(5.0), axis))
    with pytest.raises(ValueError, match="reduce only supported for binary functions"):
        xt.sin.reduce(x)
    with pytest.raises(ValueError, match="accumulate only supported for binary functions"):
        xt.sin.accumulate(x)


X = xt.asarray(np.arange(1.0, 11.0))
# Each branch, proved taken: the checked path's first step raises while the call runs.
BRANCHES = [
    (_ufunc, "backing", lambda: xt.add.reduce(X)),
    (_ufunc, "backing", lambda: xt.maximum.reduce(X.reshape(2, 5), -1)),
    (_ufunc, "backing", lambda: xt.add.accumulate(X)),
    (_ufunc, "backing", lambda: xt.multiply.accumulate(X.reshape(2, 5), 1)),
    (_ufunc, "backing", lambda: (xt.multiply(X, X), xt.multiply.outer(X, X))[1]),
]


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    assert_branch_taken(*BRANCHES[index], monkeypatch)


def test_bound_methods_follow_their_class(monkeypatch):
    """A ufunc object remembers the bound methods read from it (a method call makes none),
    and reads them again once their class changes."""
    x = xt.asarray([1.0, 2.0, 3.0])
    assert_same(xt.add.reduce(x), np.float64(6.0))
    instance = getattr(xt.add, "__wrapped__", xt.add)  # (the ufunc object's own, compiled)
    kind = type(instance)  # the instance's own class (Note [One class per ufunc])
    monkeypatch.setattr(kind, "reduce", lambda self, array, axis=0: "patched")
    assert xt.add.reduce(x) == "patched"
    monkeypatch.undo()
    assert_same(xt.add.reduce(x), np.float64(6.0))
    assert xt.add.reduce.__self__ is instance
    assert xt.add.accumulate.__self__ is not xt.multiply.accumulate.__self__


@pytest.mark.parametrize("name", ["divmod", "modf", "frexp"])
@SETTINGS
@given(a=st.sampled_from(DTYPES).flatmap(arrays), scalar=st.sampled_from([None, 3, 0.5, -2]))
def test_several_outputs_replay_their_plan(name, a, scalar):
    """Ops of two outputs replay a recorded plan from their second call (`record_outputs`):
    the same outcome as the checked path, both outputs."""
    f, x = getattr(xt, name), xt.asarray(a)
    args = (x,) if name != "divmod" else (x, x if scalar is None else scalar)
    own_call = type(getattr(f, "__wrapped__", f)).__dict__["__call__"].__func__
    calls = [f, python_of(own_call)]  # the C twin's small table, and the Python fast path's
    if name == "divmod":  # and the operator's twin, both ways round
        calls += [divmod, lambda x1, x2: type(x).__rdivmod__(x2, x1)]
    for _ in range(2):  # the first call records the plan the second replays
        for call in calls:
            same_outcome(lambda c=call: c(*args), lambda: checked(f, *args))


@given(
    dtype=st.sampled_from(["float64", "float32", "int64", "int8", "complex128"]),
    n=st.integers(1, 40),
    step=st.sampled_from([1, 2, -1]),
    data=st.data(),
)
def test_at_of_array_indices_is_numpys(dtype, n, step, data):
    """`ufunc.at` of Array indices and a number or Array (NumPy's method at once), views too."""
    base, draw = np.arange(2 * n).astype(dtype), data.draw
    idx = np.asarray(draw(st.lists(st.integers(-n, n - 1), max_size=12)), dtype=np.intp)
    b = draw(st.sampled_from([3, 2.5, True, "array"] + [1 + 2j] * (dtype[0] == "c")))
    vals = np.arange(idx.size).astype(dtype) if b == "array" else b
    given = xt.asarray(vals) if b == "array" else vals
    for name in ("add", "multiply", "maximum"):
        want, got = base.copy(), xt.asarray(base.copy())
        getattr(np, name).at(want[::step][:n], idx, vals)
        assert getattr(xt, name).at(got[::step][:n], xt.asarray(idx), given) is None
        assert_same(got, want)

"""Unary functions of Python numbers (`xt.sqrt(2.0)`, `xt.abs(-3)`): the small table's entry
for the number's Python type, run by the C twin and by its Python function, gives what the
full path gives, and NumPy's values and dtype (as a 0-d array where NumPy answers a scalar)."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import SETTINGS, assert_same, outcome, python_of, ufunc_call
from xtensor._dispatch.optable import OPS

UNARY = sorted(op.name for op in OPS if op.nin == 1 and op.nout == 1)
NUMBERS = [0, -3, 7, 2**63 - 1, -(2**63), 2**63, 2**70, True, False, 2.5, -0.0, 1e308]
NUMBERS += [float("inf"), float("nan"), -1.5, 1j, complex(-2.0, 0.5)]


def _twin(name):
    """The C twin `xt.<name>(x)` runs: its ufunc class's `__call__`, or the function itself."""
    try:
        return ufunc_call(name)
    except AttributeError:  # a plain function (real, imag...)
        return getattr(xt, name)


@SETTINGS
@given(name=st.sampled_from(UNARY), value=st.sampled_from(NUMBERS))
def test_unary_of_a_python_number_matches_the_full_path(name, value):
    call = _twin(name)
    first = outcome(python_of(call), value, warn="error")  # the full path, which records
    assert assert_same(call, value, owner=False)[:4] == first[:4]
    public = getattr(xt, name)
    assert outcome(public, value, warn="error")[:4] == first[:4]


BINARY = sorted(op.name for op in OPS if op.nin == 2 and op.nout == 1)


@SETTINGS
@given(name=st.sampled_from(BINARY), x1=st.sampled_from(NUMBERS), x2=st.sampled_from(NUMBERS))
def test_binary_of_two_python_numbers_matches_the_full_path(name, x1, x2):
    """`maximum(1.0, 2.0)`: the entry for the two Python types (two ints: the ints table's,
    whose int64 range both keep to), in C and in Python, as the full path answers."""
    call = _twin(name)
    first = outcome(python_of(call), x1, x2, warn="error")
    assert assert_same(call, x1, x2, owner=False)[:4] == first[:4]
    assert outcome(getattr(xt, name), x1, x2, warn="error")[:4] == first[:4]


@pytest.mark.parametrize("name", ["sqrt", "exp", "sin", "abs", "floor", "isnan", "sign"])
@pytest.mark.parametrize("value", [2, -3, 2.5, -0.0, True, 1j])
def test_unary_of_a_python_number_is_numpys(name, value):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = np.asarray(getattr(np, name if name != "abs" else "absolute")(value))
        except TypeError:
            with pytest.raises(TypeError):
                getattr(xt, name)(value)
            return
        for _ in range(3):  # the full path, then the small table's entry
            got = getattr(xt, name)(value)
            assert isinstance(got, xt.Array) and got.shape == ()
            assert got._data.dtype == want.dtype
            np.testing.assert_array_equal(got._data, want)


REDUCTIONS = ["sum", "prod", "max", "min", "mean", "std", "var", "argmax", "argmin", "any", "all"]
LISTS = [[1, 2, 3], [1.0, 2.5, -4.0], [True, False], [[1, 2], [3, 4]], (1, 2), [2**40, 3]]


@pytest.mark.parametrize("name", REDUCTIONS + ["count_nonzero"])
@pytest.mark.parametrize("values", LISTS)
@pytest.mark.parametrize("axis", [None, 0, -1])
def test_reductions_of_python_lists_are_numpys(name, values, axis):
    """`sum([1, 2, 3])`: the list read as `asarray` reads it, then the Array's small plan
    (replayed from the second call on), with NumPy's values and dtype."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = np.asarray(getattr(np, name)(values, axis=axis))
        for _ in range(3):
            got = getattr(xt, name)(values, axis=axis)
            assert got._data.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_allclose(got._data, want, rtol=1e-15)


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reductions_of_unreadable_lists_name_the_function(name):
    with pytest.raises(TypeError, match=f"^{name}: x must be an array"):
        getattr(xt, name)([1, None])
    with pytest.raises(ValueError, match=f"^{name}: x must be an array"):
        getattr(xt, name)([[1, 2], [3]])


LIST_OPERANDS = [[1, 2], [1.5, -2.0], [True, False], (3, 4), [[1, 2], [3, 4]], [1j, 2], []]
BAD_OPERANDS = [[1, None], [[1, 2], [3]], ["a", "b"]]


@pytest.mark.parametrize("name", ["sqrt", "negative", "isnan", "add", "maximum", "less"])
@pytest.mark.parametrize("value", LIST_OPERANDS + BAD_OPERANDS)
def test_ufuncs_of_lists_are_the_full_paths(name, value):
    """`sqrt([4.0, 9.0])`, `add([1, 2], x)`: the list read as the full path reads it (NumPy's
    reading, of a standard dtype), then the Array call; anything else is the full path's."""
    fn, op = getattr(xt, name), getattr(xt, name)._op
    args = (value,) if op.spec.nin == 1 else (value, xt.asarray([2, 3]))
    for operands in (args, args[::-1]):
        full = outcome(op.__call__, *operands, warn="error")
        for _ in range(2):  # (values too: the bytes after the flags)
            got = outcome(fn, *operands, warn="error")
            assert got[:4] == full[:4] and got[5:6] == full[5:6]

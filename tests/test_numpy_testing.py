"""xtensor.testing: NumPy's testing helpers taking xtensor arrays, with NumPy's verdicts and
NumPy's failure messages (each case runs the helper on NumPy data and on xtensor data)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import xtensor as xt
import xtensor.testing as xtt

A = np.array([[1.0, 2.0, np.nan], [4.0, 5.0, 6.0]])
B = A + np.array([[0, 1e-9, 0], [0, 0, 3e-6]])
INTS = np.arange(6, dtype=np.int32).reshape(2, 3)
STRINGS = np.array(["ab", "cde"])

# (helper, args, kwargs): passing and failing cases alike.
CASES = [
    ("assert_allclose", (A, B), {}),
    ("assert_allclose", (A, B), {"rtol": 1e-7, "equal_nan": True}),
    ("assert_allclose", (A, B), {"equal_nan": False}),
    ("assert_allclose", (A, B), {"rtol": 0, "atol": 1e-5}),
    ("assert_array_equal", (INTS, INTS.copy()), {}),
    ("assert_array_equal", (INTS, INTS + (INTS == 4)), {}),
    ("assert_array_equal", (INTS, INTS[0]), {}),
    ("assert_array_equal", (INTS, INTS), {"strict": True}),
    ("assert_array_equal", (STRINGS, STRINGS), {}),
    ("assert_array_almost_equal", (A, B), {}),
    ("assert_array_almost_equal", (A, B), {"decimal": 7}),
    ("assert_almost_equal", (A, B), {"decimal": 5}),
    ("assert_almost_equal", (A[1], B[1]), {"decimal": 7}),
    ("assert_equal", (INTS, INTS), {}),
    ("assert_equal", (INTS, INTS.T), {}),
    ("assert_equal", ([INTS, {"k": A}], [INTS, {"k": A}]), {}),
    ("assert_array_less", (INTS, INTS + 1), {}),
    ("assert_array_less", (INTS, INTS), {}),
    ("assert_array_max_ulp", (A[1], B[1]), {"maxulp": 1}),
    ("assert_array_max_ulp", (A[1], A[1]), {}),
    ("assert_array_almost_equal_nulp", (A[1], A[1] * (1 + 1e-16)), {}),
    ("assert_approx_equal", (np.float64(1.0), np.float64(1.0000001)), {"significant": 7}),
    ("assert_approx_equal", (np.float64(1.0), np.float64(1.0001)), {"significant": 7}),
]


def _as_xtensor(value):
    if isinstance(value, np.ndarray):
        return xt.asarray(value)
    if isinstance(value, list):
        return [_as_xtensor(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_xtensor(v) for k, v in value.items()}
    return value


def _outcome(helper, args, kwargs):
    try:
        helper(*args, **kwargs)
    except AssertionError as e:
        return str(e)
    return None


@pytest.mark.parametrize(
    "name,args,kwargs", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_same_verdict_and_message_as_numpy(name, args, kwargs):
    want = _outcome(getattr(np.testing, name), args, kwargs)
    got = _outcome(getattr(xtt, name), tuple(_as_xtensor(a) for a in args), kwargs)
    assert got == want


def test_mixed_operands_and_scalars():
    xtt.assert_allclose(xt.asarray([1.0, 2.0]), np.array([1.0, 2.0]))
    xtt.assert_allclose(xt.asarray(3.0), 3.0)
    xtt.assert_equal(xt.asarray(2), 2)
    with pytest.raises(AssertionError, match="Mismatched elements: 1 / 2"):
        xtt.assert_array_equal([1, 2], xt.asarray([1, 3]))


def test_string_equal_and_passthrough_helpers():
    xtt.assert_string_equal("abc", "abc")
    with pytest.raises(AssertionError):
        xtt.assert_string_equal("abc", "abd")
    for name in ("assert_raises", "assert_warns", "assert_", "suppress_warnings", "SkipTest"):
        assert getattr(xtt, name) is getattr(np.testing, name)
    with xtt.assert_raises(ValueError):
        xt.reshape(xt.arange(3), (2, 2))
    with pytest.raises(AssertionError, match="custom"):
        xtt.assert_(False, "custom")
    with pytest.warns(DeprecationWarning), xtt.assert_warns(UserWarning):  # NumPy 2.4's
        warnings.warn("x", UserWarning, stacklevel=1)


def test_every_numpy_testing_name_is_here():
    missing = [n for n in np.testing.__all__ if not hasattr(xtt, n)]
    assert missing == [] and xt.testing is xtt
    assert xtt.assert_allclose.__name__ == "assert_allclose"
    assert xtt.assert_allclose.__module__ == "xtensor.testing"


def test_meta_arrays_have_no_values_to_compare():
    x = xt.ones(3, device="meta")
    with pytest.raises(TypeError, match="^assert_allclose: an array on the meta device"):
        xtt.assert_allclose(x, x)

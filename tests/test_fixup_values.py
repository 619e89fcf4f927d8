"""The first tests of the special-case fix-ups: `_core.values.classes` (compiled, and NumPy's
answer where the scan does not reach) and the exponent layouts on which NumPy's power takes
sqrt, so that every layout of a 0.5 exponent gives the standard's (-inf) ** 0.5 == +inf and
(-0.0) ** 0.5 == +0.0, and floor_divide its infinities, from a cold or a warm small table."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays
from xtensor._core import values
from xtensor._dispatch import PLANS

SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -2.0]


@given(
    data=st.data(),
    dtype=st.sampled_from(["float16", "float32", "float64", "complex64", "complex128"]),
)
def test_classes_match_numpy(data, dtype):
    base = data.draw(arrays(dtype))
    picks = data.draw(st.lists(st.sampled_from(SPECIAL), max_size=3))
    a = base.copy()
    flat = a.reshape(-1)
    for i, v in enumerate(picks[: flat.size]):
        flat[i] = v
    view = a[::-1] if a.ndim else a  # a layout the compiled scan may leave to NumPy
    for x in (a, view, base):
        assert values.classes(x) == values._numpy_classes(np.asarray(x))


@pytest.mark.parametrize("v", [*SPECIAL, 3, 0, True, complex(0, -np.inf), complex(-0.0, 1)])
def test_classes_of_python_scalars(v):
    assert values.classes(v) == values._numpy_classes(np.asarray(v))


def _standard_pow(x1, x2):
    """pow with every element raised by C's pow (a full, non-broadcast exponent array), whose
    special cases are the standard's."""
    shape = np.broadcast_shapes(np.shape(x1), np.shape(x2))
    full = np.array(np.broadcast_to(x2, shape))
    return np.power(np.broadcast_to(x1, shape), full)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize(
    "exponent",
    [
        lambda d: 0.5,
        lambda d: np.array(0.5, d),
        lambda d: np.full(4, 0.5, d),
        lambda d: np.full(1, 0.5, d),
        lambda d: np.broadcast_to(np.array(0.5, d), (4,)),
        lambda d: np.array([0.5, 2.0, 0.5, 3.0], d),
        lambda d: np.full(8, 0.5, d)[::2],
    ],
)
def test_every_layout_of_a_half_exponent_follows_the_standard(dtype, exponent):
    x1 = np.array([-np.inf, -0.0, 4.0, -1.0], dtype)
    x2 = exponent(dtype)
    want = _standard_pow(x1, x2)
    operand = xt.asarray(x2) if isinstance(x2, np.ndarray) else x2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for _ in range(2):  # the full path, then the small table
            got = np.asarray(xt.pow(xt.asarray(x1), operand))
            np.testing.assert_array_equal(got, want)
            assert (np.signbit(got) == np.signbit(want))[~np.isnan(want)].all()
    PLANS.clear()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_floor_divide_infinities_from_a_warm_table(dtype):
    x1 = np.array([np.inf, -np.inf, 3.0, -3.0, 1.0], dtype)
    x2 = np.array([2.0, 2.0, np.inf, np.inf, 0.5], dtype)
    want = np.array([np.inf, -np.inf, 0.0, -0.0, 2.0], dtype)  # floor(x1 / x2), literally
    for _ in range(2):
        got = np.asarray(xt.floor_divide(xt.asarray(x1), xt.asarray(x2)))
        np.testing.assert_array_equal(got, want)
        assert (np.signbit(got) == np.signbit(want)).all()
    for _ in range(2):  # a Python float divisor: only an infinite dividend can need a patch
        np.testing.assert_array_equal(np.asarray(xt.asarray(x1[:2]) // 2.0), want[:2])

"""The in-place fast path (Note [In-place fast path] in xtensor/_dispatch/elementwise.py):
repeated `x op= y` gives NumPy's answer, whatever the operands, overlaps and dtypes."""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays
from xtensor._dispatch import PLANS

OPS = {
    "+=": operator.iadd,
    "-=": operator.isub,
    "*=": operator.imul,
    "/=": operator.itruediv,
    "&=": operator.iand,
    "|=": operator.ior,
    "**=": operator.ipow,
    "//=": operator.ifloordiv,
}


def _outcome(fn):
    try:
        return fn(), None
    except Exception as e:  # the error class is the outcome to compare
        return None, type(e)


@given(
    st.sampled_from(sorted(OPS)),
    st.sampled_from(["float64", "float32", "int32", "int8", "bool"]),
    st.sampled_from(["float64", "int32", "int8", "bool", "float scalar"]),
    st.data(),
)
def test_repeated_in_place_ops_match_numpy(op, dtype, other_kind, data):
    a = data.draw(arrays(dtype, shape=(5,)))
    if other_kind == "float scalar":
        b_np = b_xt = data.draw(st.floats(-4, 4, allow_nan=False))
    else:
        b_np = data.draw(arrays(other_kind, shape=(5,)))
        b_xt = xt.asarray(b_np)
    x, n = xt.asarray(a.copy()), a.copy()
    fn = OPS[op]
    with np.errstate(all="ignore"):
        for _ in range(3):  # cold, then the recorded loop
            _, want_error = _outcome(lambda: fn(n, b_np))
            _, got_error = _outcome(lambda: fn(x, b_xt))
            assert (want_error is None) == (got_error is None), (want_error, got_error)
            if want_error is not None:
                assert issubclass(got_error, (TypeError, ValueError, OverflowError)), got_error
                return
            np.testing.assert_array_equal(np.asarray(x), n)
            assert np.asarray(x).dtype == n.dtype


def test_warm_in_place_skips_the_full_path_and_keeps_aliasing_rules():
    PLANS.clear()
    x, y = xt.asarray(np.arange(6.0)), xt.asarray(np.ones(6))
    x += y
    hits = PLANS.hits
    x += y  # recorded: one plan hit, the pinned loop runs on x's buffer
    assert PLANS.hits == hits + 1 and any(k[0] == "in place" for k in PLANS.plans)
    np.testing.assert_array_equal(np.asarray(x), np.arange(6.0) + 2)
    z, w = xt.asarray(np.arange(6.0)), np.arange(6.0)
    for _ in range(3):  # partial overlap: always the full path's copy-first answer
        z[1:] += z[:-1]
        w[1:] += w[:-1]
    np.testing.assert_array_equal(np.asarray(z), w)
    x += x
    np.testing.assert_array_equal(np.asarray(x), 2 * (np.arange(6.0) + 2))


def test_int_scalars_keep_their_bound_check():
    i8 = xt.asarray(np.arange(4, dtype=np.int8))
    for _ in range(3):
        i8 += 1
    with pytest.raises(OverflowError, match="add: Python integer 1000 is out of bounds"):
        i8 += 1000

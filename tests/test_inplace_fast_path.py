"""The in-place fast path (Note [In-place fast path] in xtensor/_dispatch/inplace.py):
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
    # (`//` of an infinity is the standard's: `inf // 1.0 == inf` where NumPy's is NaN, and
    # `-1.0 // inf == -0.0` where NumPy's is -1.0; so both operands are finite there)
    a = data.draw(arrays(dtype, shape=(5,), finite=op == "//="))
    if other_kind == "float scalar":
        b_np = b_xt = data.draw(st.floats(-4, 4, allow_nan=False))
    else:
        b_np = data.draw(arrays(other_kind, shape=(5,), finite=op == "//="))
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
            if op == "//=" and not np.isfinite(n).all():
                break  # an overflow to inf: the next `//` is the standard's inf, NumPy's NaN


def test_warm_in_place_skips_the_full_path_and_keeps_aliasing_rules():
    PLANS.clear()
    x, y = xt.asarray(np.arange(6.0)), xt.asarray(np.ones(6))
    x += y
    hits = PLANS.hits
    x += y  # recorded: one plan hit, the pinned loop runs on x's buffer
    assert PLANS.hits == hits + 1 and PLANS.small["add in place"]
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


OVERLAPS = {
    "shifted right": lambda a: (a[1:], a[:-1]),
    "shifted left": lambda a: (a[:-1], a[1:]),
    "reversed": lambda a: (a, a[::-1]),
    "strided pair": lambda a: (a[::2], a[1::2]),
    "itself": lambda a: (a, a),
    "2-d transposed": lambda a: (a[:9].reshape(3, 3), a[:9].reshape(3, 3).T),
}


@pytest.mark.parametrize("overlap", OVERLAPS)
@pytest.mark.parametrize("op", ["+=", "*=", "-="])
def test_aliasing_operands_give_numpys_answer_warm(overlap, op):
    """The recorded loop is NumPy's own `x op= y`, which copies an overlapping input first."""
    fn, pick = OPS[op], OVERLAPS[overlap]
    z, w = xt.asarray(np.arange(10.0)), np.arange(10.0)
    for _ in range(3):  # cold, then the small table
        zx, zy = pick(z)
        wx, wy = pick(w)
        fn(zx, zy)
        fn(wx, wy)
        np.testing.assert_array_equal(np.asarray(z), w)


@pytest.mark.parametrize(
    ("x_shape", "y_shape"),
    [((3, 4), (4,)), ((3, 4), (1, 4)), ((3, 4), (3, 1)), ((), ()), ((0, 4), (4,)), ((4,), (3, 4))],
)
@pytest.mark.parametrize("layout", ["contiguous", "transposed"])
def test_broadcasting_into_x_matches_numpy(x_shape, y_shape, layout):
    base = np.arange(float(np.prod(x_shape)), dtype=np.float64).reshape(x_shape)
    n = base.T.copy().T if layout == "transposed" else base.copy()
    x = xt.asarray(n.copy())
    if layout == "transposed":
        x = xt.asarray(n.T.copy()).T
    y = np.ones(y_shape)
    for _ in range(3):
        _, want_error = _outcome(lambda: OPS["+="](n, y))
        got, got_error = _outcome(lambda x=x: OPS["+="](x, xt.asarray(y)))
        assert got_error is want_error, (got_error, want_error)
        if not x.ndim and got_error is None:  # a value: rebound, as `x += y` does
            x = got  # (Note [Elements are values] in _array.py)
        np.testing.assert_array_equal(np.asarray(x), n)
        assert np.asarray(x).strides == n.strides or not n.size


def test_int_x_plus_float_y_raises_like_numpy_warm():
    x, y = xt.asarray(np.arange(4)), xt.asarray(np.ones(4))
    for _ in range(3):
        with pytest.raises(TypeError):
            np.add(np.arange(4), np.ones(4), out=np.arange(4))  # NumPy's same_kind refusal
        with pytest.raises(TypeError, match="add"):
            x += y
        with pytest.raises(TypeError, match="add"):
            x += 1.5
    np.testing.assert_array_equal(np.asarray(x), np.arange(4))


def test_device_operands_never_take_the_host_loop():
    x, y = xt.asarray(np.ones(3)), xt.asarray(np.ones(3))
    for _ in range(2):
        x += y  # the small table now holds float64 += float64
    m = xt.zeros(3, device="meta")
    for _ in range(2):
        m += xt.zeros(3, device="meta")  # shape and dtype only: never NumPy
        assert m.device == xt.Device("meta") and m.shape == (3,)
        with pytest.raises(ValueError, match="meta"):
            x += m
    np.testing.assert_array_equal(np.asarray(x), np.full(3, 3.0))


class _Foreign:
    """An operand xtensor does not read: its reflected dunders must get their turn."""

    __array_ufunc__ = None

    def __radd__(self, other):
        return "radd"

    def __iadd__(self, other):
        return "iadd"

    def __eq__(self, other):
        return "eq"


def test_operator_dunders_give_foreign_operands_their_turn():
    x = xt.asarray(np.ones(3))
    for _ in range(2):
        assert x + _Foreign() == "radd"
        assert (x == _Foreign()) == "eq"
        y = x
        y += _Foreign()
        assert y == "radd"
        np.testing.assert_array_equal(np.asarray(x == None), np.ones(3) == None)  # noqa: E711

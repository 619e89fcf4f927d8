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


@given(
    dtype=st.sampled_from(["float16", "float32", "float64", "complex128"]),
    n=st.sampled_from([1, 4095, 4096, 4097, 3 * 4096 + 5]),
    places=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(SPECIAL))),
    wanted=st.integers(1, values.ALL),
)
def test_classes_by_blocks_find_what_is_wanted(dtype, n, places, wanted):
    """The compiled scan reads blocks of 4096 values, the fast pass alone where a block holds
    none, and may stop once it has found every class of `wanted`: the answer holds each of
    those the array holds, and nothing the array lacks."""
    a = np.ones(n, dtype)
    for where, v in places:
        a[int(where * n)] = v
    every = values._numpy_classes(a)
    got = values.classes(a, wanted)
    assert got & wanted == every & wanted and got & ~every == 0
    assert values.classes(a) == every


def test_classes_of_every_float16():
    """The compiled scan reads float16 bits (no C type): each of the 65536 values alone, and
    runs of them (the fast pass's vector lanes), as NumPy's tests class them."""
    every = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    for i in range(every.size):
        assert values.classes(every[i : i + 1]) == values._numpy_classes(every[i : i + 1])
    for start in range(0, every.size, 997):
        run = every[start : start + 40]
        assert values.classes(run) == values._numpy_classes(run)


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
    for divisor in (xt.asarray([True, True]), xt.asarray([-2, 3], dtype=xt.int8)):
        got = np.asarray(xt.floor_divide(xt.asarray(x1[:2]), divisor))  # bool: no np.sign loop
        np.testing.assert_array_equal(got, np.copysign(np.inf, x1[:2] * np.asarray(divisor)))


@given(
    data=st.data(),
    dtype=st.sampled_from(["float32", "float64"]),
    divisor=st.sampled_from(["array", "float", "0-d"]),
)
def test_guarded_fixup_answers_as_the_python_patch(data, dtype, divisor):
    """Note [Guarded fix-ups]: the compiled guard's answer is `_patched`'s, bit for bit, with
    and without the fix-up's trigger values (infinities), for each kind of divisor."""
    from xtensor._dispatch.plans import _patched  # deliberate: the twin under test
    from xtensor._ops.special_cases import floor_divide as fixup

    def drawn(shape=None):
        a = data.draw(arrays(dtype, shape=shape))  # sometimes a strided or reversed view
        picks = data.draw(st.lists(st.sampled_from(SPECIAL), max_size=3))
        for i, v in enumerate(picks[: a.size]):
            a[np.unravel_index(i, a.shape)] = v
        return a

    x1 = drawn()
    if divisor == "float":
        x2 = data.draw(st.sampled_from([0.3, np.inf, -np.inf, 0.0, np.nan]))
    else:
        x2 = drawn(() if divisor == "0-d" else x1.shape)
    guard = values.guarded(np.floor_divide, fixup, fixup.trigger)
    if guard is None:
        pytest.skip("the _cvalues extension is not built")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = _patched(np.floor_divide, fixup, x1, x2)
        got = guard(x1, x2)
    assert type(got) is np.ndarray and got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


def test_the_small_table_holds_the_guard():
    PLANS.clear()
    x = xt.asarray(np.array([1.0, np.inf, -4.0]))
    for _ in range(2):
        np.testing.assert_array_equal(np.asarray(x // 2.0), [0.0, np.inf, -2.0])
    loop = PLANS.small_table("floor_divide")[(np.dtype("float64"), float)]
    assert (type(loop).__name__ == "guarded") == (values.guarded(None, None, 0) is not None)
    PLANS.clear()

"""The first branches of NumPy's shape, math, calculus, creation and statistics helpers
(`_numpy_shape`, `_numpy_math`, `_numpy_calculus`, `_numpy_creation`, `_numpy_stats`): flipud,
fliplr, rot90, rollaxis, dstack, block, pad, ediff1d, packbits, unpackbits, ascontiguousarray,
asfortranarray, asanyarray, asarray_chkfinite, require, vander, diagflat, around, angle,
real_if_close, sinc, iscomplex, isreal, sort_complex, isneginf, isposinf, fix, array_equiv,
ptp, gradient, correlate and average.

Each test runs a call on xtensor Arrays (the first branch's case) and the same call on the
NumPy arrays themselves, which the first branches leave to the checked path, and asserts the
two agree: the answer's dtype, shape, strides and bytes, or the error's type and message,
and the warnings. NumPy is the oracle for the answers.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays

DTYPES = (*ALL_DTYPES, "float16")
NUMERIC = tuple(d for d in DTYPES if d != "bool")
SETTINGS = settings(max_examples=30, deadline=None)


def layout(got):
    """An answer as comparable data: an Array's dtype, shape, strides and bytes (tuples and
    lists item by item), anything else as it is."""
    if isinstance(got, xt.Array):
        d = got._data
        return (d.dtype, d.shape, d.strides, np.ascontiguousarray(d).tobytes())
    if isinstance(got, (tuple, list)):
        return (type(got), *map(layout, got))
    return (type(got), got)


def outcome(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            got = layout(call())
        except Exception as e:  # deliberate: every error must agree
            got = ("raised", type(e), str(e))
    return got, [(w.category, str(w.message)) for w in caught]


def assert_fast_is_checked(func, *args, **kwargs):
    """`func` on Arrays (the first branch) agrees with `func` on their NumPy data (the
    checked path); the fast answer is returned."""
    fast = outcome(lambda: func(*(xt.asarray(a) if _is_array(a) else a for a in args), **kwargs))
    checked = outcome(lambda: func(*args, **kwargs))
    assert fast == checked
    return fast[0]


def _is_array(a) -> bool:
    return isinstance(a, np.ndarray)


def assert_numpy_answer(got, want):
    """An xtensor answer equals NumPy's `want` in dtype, shape and bytes."""
    want = np.asarray(want)
    assert isinstance(got, xt.Array)
    d = got._data
    assert (d.dtype, d.shape) == (want.dtype, want.shape)
    assert np.ascontiguousarray(d).tobytes() == np.ascontiguousarray(want).tobytes()


def numpy_call(func, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return func(*args, **kwargs)


UNARY = [
    ("flipud", ()),
    ("fliplr", ()),
    ("rot90", ()),
    ("rot90", (2,)),
    ("rot90", (-1,)),
    ("rollaxis", (-1,)),
    ("ediff1d", ()),
    ("pad", (1,)),
    ("pad", ((1, 2),)),
    ("ascontiguousarray", ()),
    ("asfortranarray", ()),
    ("asarray_chkfinite", ()),
    ("require", (None, "F")),
    ("vander", ()),
    ("diagflat", (1,)),
    ("around", (1,)),
    ("angle", ()),
    ("angle", (True,)),
    ("real_if_close", ()),
    ("sinc", ()),
    ("iscomplex", ()),
    ("isreal", ()),
    ("sort_complex", ()),
    ("isneginf", ()),
    ("isposinf", ()),
    ("fix", ()),
    ("ptp", ()),
    ("ptp", (0,)),
    ("gradient", ()),
    ("gradient", (2.0,)),
]


@pytest.mark.parametrize(("name", "extra"), UNARY, ids=lambda v: str(v))
@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(DTYPES))
def test_unary_first_branch_is_checked_path(name, extra, data, dtype):
    a = data.draw(arrays(dtype))
    func = getattr(xt, name)
    got = assert_fast_is_checked(func, a, *extra)
    if got[0] != "raised" and name not in ("asarray_chkfinite", "ptp"):
        assert_numpy_answer_of(func(xt.asarray(a), *extra), getattr(np, name), a, extra)


def assert_numpy_answer_of(got, numpy_func, a, extra):
    want = numpy_call(numpy_func, a, *extra)
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert_numpy_answer(g, w)
    else:
        assert_numpy_answer(got, want)


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(("bool", "uint8", "int8", "float64")))
def test_bit_packing(data, dtype):
    a = data.draw(arrays(dtype))
    for func, extra in ((xt.packbits, ()), (xt.packbits, (-1, "little")), (xt.unpackbits, ())):
        got = assert_fast_is_checked(func, a, *extra)
        if got[0] != "raised":
            assert_numpy_answer(func(xt.asarray(a), *extra), getattr(np, func.__name__)(a, *extra))


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(DTYPES))
def test_pairs(data, dtype):
    """dstack, array_equiv, correlate and weighted average of two arrays of one dtype."""
    a = data.draw(arrays(dtype, shape=data.draw(st.sampled_from([(), (4,), (3, 2), (0,)]))))
    b = data.draw(arrays(dtype, shape=a.shape))
    assert_fast_is_checked(lambda x, y: xt.dstack([x, y]), a, b)
    assert_fast_is_checked(lambda x, y: xt.block([[x, y], [y, x]]), a, b)
    assert_fast_is_checked(lambda x, y: xt.gradient(x, axis=-1, edge_order=2), a, b)
    got = assert_fast_is_checked(xt.array_equiv, a, b)
    assert got == (bool, np.array_equiv(a, b))
    assert assert_fast_is_checked(xt.array_equiv, a, a.copy()) == (bool, np.array_equiv(a, a))
    v = b[::-1] if b.ndim else b  # a reversed view where there is an axis to reverse
    for mode in ("valid", "full", "same"):
        got = assert_fast_is_checked(xt.correlate, a, v, mode)
        if got[0] != "raised":
            want = numpy_call(np.correlate, a, v, mode)
            assert_numpy_answer(xt.correlate(xt.asarray(a), xt.asarray(v), mode), want)
    assert_fast_is_checked(xt.correlate, a, v)  # the C twin's spelling
    assert_fast_is_checked(xt.average, a, None, b)
    assert_fast_is_checked(xt.average, a)


@pytest.mark.parametrize("dtype", ["int8", "float32", "float64", "complex128"])
def test_views_share_numpy_strides(dtype):
    """The view functions answer NumPy's own view: its strides, on the same buffer."""
    d = np.arange(24).reshape(2, 3, 4).astype(dtype)
    x = xt.asarray(d)
    for name, extra in (("flipud", ()), ("fliplr", ()), ("rollaxis", (2,))):
        got, want = getattr(xt, name)(x, *extra)._data, getattr(np, name)(d, *extra)
        assert (got.strides, got.shape) == (want.strides, want.shape)
        assert np.shares_memory(got, d)
    for k in range(-5, 6):
        got, want = xt.rot90(x, k)._data, np.rot90(d, k)
        assert (got.strides, got.shape, got.tobytes()) == (want.strides, want.shape, want.tobytes())


def test_identity_answers():
    """Where NumPy answers its input, the first branch answers the Array itself."""
    x = xt.asarray(np.linspace(0.0, 1.0, 6))
    for func in (xt.ascontiguousarray, xt.asanyarray, xt.asarray_chkfinite, xt.require):
        assert func(x) is x
    assert xt.real_if_close(x) is x
    z = xt.asarray(np.array([1 + 1j, 2]))
    assert xt.real_if_close(z) is z
    assert xt.real_if_close(xt.asarray(np.array([1 + 1e-15j, 2]))).dtype == xt.float64
    assert xt.asfortranarray(x) is x
    assert xt.ascontiguousarray(xt.asarray(np.ones((2, 3))).T)._data.flags.c_contiguous


@pytest.mark.parametrize(
    ("call", "kind", "fragment"),
    [
        (lambda x: xt.flipud(x[0]), ValueError, "flipud"),
        (lambda x: xt.fliplr(x), ValueError, "fliplr"),
        (lambda x: xt.rot90(x), ValueError, "rot90"),
        (lambda x: xt.rollaxis(x, 3), ValueError, "rollaxis"),
        (lambda x: xt.ediff1d(x > 0), TypeError, "ediff1d"),
        (lambda x: xt.pad(x, -1), ValueError, "pad"),
        (lambda x: xt.pad(x, 1, "bogus"), ValueError, "pad"),
        (lambda x: xt.packbits(x), TypeError, "packbits"),
        (lambda x: xt.vander(x[0]), ValueError, "vander"),
        (lambda x: xt.require(x, None, "Z"), KeyError, "Z"),
        (lambda x: xt.isneginf(x + 1j), TypeError, "isneginf"),
        (lambda x: xt.correlate(x, x[:0]), ValueError, "correlate"),
        (lambda x: xt.gradient(x[:1]), ValueError, "gradient"),
        (lambda x: xt.average(x, weights=x * 0), ZeroDivisionError, "average"),
        (lambda x: xt.asarray_chkfinite(x / 0), ValueError, "asarray_chkfinite"),
        (lambda x: xt.around(x > 0, 1), TypeError, "around"),
        (lambda x: xt.ptp(x, 2), ValueError, "axis"),
    ],
)
def test_refusals_are_the_checked_paths(call, kind, fragment):
    x = xt.asarray(np.array([1.0, 2.0, 4.0]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(kind, match=fragment):
            call(x)

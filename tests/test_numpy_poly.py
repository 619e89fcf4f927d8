"""NumPy's polynomial functions, poly1d and window functions (xtensor/_numpy_poly.py)
against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.oracle_calls import assert_same_signature, check, same

FUNCTIONS = (
    "poly polyadd polysub polymul polydiv polyder polyint polyval polyfit roots "
    "bartlett blackman hamming hanning kaiser"
).split()
COEFF_DTYPES = ("bool", "int8", "int64", "uint8", "float32", "float64", "complex64", "complex128")


@pytest.mark.parametrize("name", FUNCTIONS)
def test_signature_is_numpys(name):
    assert_same_signature(getattr(xt, name), getattr(np, name))


def test_poly1d_signature_is_numpys():
    assert_same_signature(xt.poly1d.__init__, np.poly1d.__init__)


def coefficients(dtypes=COEFF_DTYPES, max_side=5):
    """1-D coefficient arrays (small integers: exact in every dtype, leading zeros too)."""
    values = st.integers(-4, 4)
    return st.tuples(st.sampled_from(dtypes), st.lists(values, min_size=0, max_size=max_side)).map(
        lambda t: np.array(t[1], dtype=np.int64).astype(t[0])
    )


@pytest.mark.parametrize("name", ("polyadd", "polysub", "polymul", "polydiv"))
@given(a=coefficients(), b=coefficients())
def test_binary(name, a, b):
    check(name, a, b, rtol=1e-5)


@pytest.mark.parametrize("name", ("polyadd", "polysub", "polymul"))
def test_binary_scalars_and_lists(name):
    check(name, 3, [1, 2])
    check(name, [1.5, 2], 2.0)
    check(name, np.ones((2, 2)), [1.0])  # NumPy's 2-D rules (polymul: ValueError)


@given(p=coefficients(), m=st.integers(0, 3))
def test_polyder_polyint(p, m):
    check("polyder", p, m=m, rtol=1e-5)
    check("polyint", p, m=m, rtol=1e-5)
    check("polyint", p, m=m, k=2.5, rtol=1e-5)
    check("polyint", p, m=2, k=[1.0, -1.0], rtol=1e-5)


def test_polyder_polyint_errors():
    check("polyder", [1, 2, 3], m=-1)  # ValueError
    check("polyint", [1, 2, 3], m=-1)
    check("polyint", [1, 2, 3], m=3, k=[1.0, 2.0])  # k too short


@given(
    p=coefficients(),
    x=st.tuples(
        st.sampled_from(("int8", "int64", "float32", "float64", "complex128")),
        shapes(max_dims=2, max_side=3),
    ).flatmap(lambda t: arrays(*t, finite=True)),
)
def test_polyval(p, x):
    with np.errstate(all="ignore"):
        check("polyval", p, x, rtol=1e-4)
    check("polyval", p, 2)


def test_polyval_scalars_and_composition():
    check("polyval", [3, 0, 1], 5)
    check("polyval", [1.0, -2.0], [1, 2, 3])
    check("polyval", np.ones((2, 2)), 1.0)  # NumPy's 2-D rules
    composed = xt.polyval([1, 2, 3], xt.poly1d([1, 1]))
    assert isinstance(composed, xt.poly1d)
    same(composed.coeffs, np.polyval([1, 2, 3], np.poly1d([1, 1])).coeffs)


@given(p=coefficients(("int64", "float64", "complex128"), max_side=6))
def test_roots(p):
    got = xt.roots(xt.asarray(p)) if p.size else None
    want = np.roots(p) if p.size else None
    if want is None:
        check("roots", p)
        return
    same(got, want, rtol=1e-7)


def test_roots_and_poly_round_trip():
    check("roots", [1, -3, 2])
    check("roots", [0, 0, 1, -1])  # leading zeros
    check("roots", np.ones((2, 2)))  # ValueError: rank-1 only
    check("poly", [1, 2])
    check("poly", np.array([1 + 1j, 1 - 1j]))  # conjugate pairs: real result
    check("poly", np.array([[1.0, 2.0], [3.0, 4.0]]))  # a square matrix's eigenvalues
    check("poly", [])  # 1.0, a Python float as in NumPy
    check("poly", np.ones((2, 3)))  # ValueError
    check("poly", np.array([1, 2], np.float32))


@given(
    x=arrays("float64", (8,), finite=True),
    deg=st.integers(0, 3),
    full=st.booleans(),
)
def test_polyfit(x, deg, full):
    x = np.linspace(-1, 1, 8) + x * 0  # well-spaced points; hypothesis varies y
    y = np.cos(3 * x) + np.arange(8) % 3
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check("polyfit", x, y, deg, full=full, rtol=1e-9)
        check("polyfit", x, y, deg, w=np.linspace(1, 2, 8), rtol=1e-9)
        check("polyfit", x, np.stack([y, 2 * y], axis=1), deg, rtol=1e-9)
        check("polyfit", x, y, deg, cov=True, rtol=1e-9)
        check("polyfit", x, y, deg, cov="unscaled", rcond=1e-10, rtol=1e-9)


def test_polyfit_errors_and_warning():
    check("polyfit", [1, 2, 3], [1, 2, 3], -1)  # ValueError
    check("polyfit", [[1, 2]], [1, 2], 1)  # TypeError
    check("polyfit", [], [], 1)  # TypeError
    check("polyfit", [1, 2, 3], [1, 2], 1)  # TypeError: lengths differ
    check("polyfit", [1.0, 2.0], [1.0, 2.0], 1, cov=True)  # ValueError: too few points
    with pytest.warns(np.exceptions.RankWarning):
        xt.polyfit([1.0, 1.0, 1.0], [1.0, 2.0, 3.0], 2)


# --- poly1d ------------------------------------------------------------------------------------


def _same_poly(got, want):
    assert isinstance(got, xt.poly1d), type(got)
    assert isinstance(got.coeffs, xt.Array)
    same(got.coeffs, want.coeffs, rtol=1e-6)
    assert got.variable == want.variable and got.order == want.order


@given(c=coefficients(("int64", "float64", "complex128")), d=coefficients(("int64", "float64")))
def test_poly1d_arithmetic(c, d):
    p, q = xt.poly1d(xt.asarray(c)), xt.poly1d(d)
    P, Q = np.poly1d(c), np.poly1d(d)
    for got, want in (
        (p + q, P + Q),
        (p - q, P - Q),
        (p * q, P * Q),
        (2 * p, 2 * P),
        (p * 1.5, P * 1.5),
        (-p, -P),
        (+p, +P),
        (3 - p, 3 - P),
        (1 + p, 1 + P),
        (p**2, P**2),
        (p**0, P**0),
        (p.deriv(), P.deriv()),
        (p.integ(m=2, k=[1, 2]), P.integ(m=2, k=[1, 2])),
    ):
        _same_poly(got, want)
    assert (p == q) == (P == Q) and (p != q) == (P != Q)
    assert len(p) == len(P)
    if q.coeffs.shape[0] > 0 and float(abs(q.coeffs).max()) > 0:
        for got, want in zip(p / q, P / Q):
            _same_poly(got, want)


def test_poly1d_construction_and_display():
    for args, kwargs in (
        (([1, 2, 3],), {}),
        (([0, 0, 1.5, 2],), {}),
        (([],), {}),
        ((5,), {}),
        (([1, 2],), {"r": True}),
        (([1 + 2j, 3],), {"variable": "z"}),
        (([-1, 0, 2.25],), {"variable": "t"}),
    ):
        got, want = xt.poly1d(*args, **kwargs), np.poly1d(*args, **kwargs)
        _same_poly(got, want)
        assert repr(got) == repr(want)
        assert str(got) == str(want)
    copy = xt.poly1d(xt.poly1d([1, 2]), variable="s")
    assert copy.variable == "s" and copy.coeffs.shape == (2,)
    with pytest.raises(ValueError, match="poly1d"):
        xt.poly1d(np.ones((2, 2)))


def test_poly1d_evaluation_and_items():
    p, P = xt.poly1d([1.0, -2.0, 3.0]), np.poly1d([1.0, -2.0, 3.0])
    assert_same(p(xt.asarray([0.0, 1.5, 2.0])), P(np.array([0.0, 1.5, 2.0])))
    assert_same(p(2), np.asarray(P(2)))
    _same_poly(p(xt.poly1d([1, 1])), P(np.poly1d([1, 1])))
    same(p.roots, P.roots)
    assert p.r is not None and p.c is p.coeffs and p.coef is p.coeffs and p.o == p.order
    for power in (-1, 0, 1, 2, 5):
        assert_same(p[power], np.asarray(P[power]))
    assert [float(c) for c in p] == list(P)
    assert_same(xt.asarray(np.asarray(p)), np.asarray(P))
    with pytest.raises(AttributeError):
        p.coeffs = xt.asarray([1.0])
    with pytest.raises(ValueError):
        p ** (-1)
    with pytest.raises(ValueError):
        p[-1] = 3.0


def test_poly1d_setitem_grows():
    p, P = xt.poly1d([1.0, 2.0]), np.poly1d([1.0, 2.0])
    p[4], P[4] = 7.0, 7.0
    p[0], P[0] = -1.0, -1.0
    same(p.coeffs, P.coeffs)
    assert repr(p) == repr(P) and str(p) == str(P) and p.order == P.order


def test_functions_return_poly1d_for_poly1d_input():
    p, q = xt.poly1d([1, 3, 2]), xt.poly1d([1, 1])
    P, Q = np.poly1d([1, 3, 2]), np.poly1d([1, 1])
    _same_poly(xt.polyadd(p, [1]), np.polyadd(P, [1]))
    _same_poly(xt.polysub([1], p), np.polysub([1], P))
    _same_poly(xt.polymul(p, q), np.polymul(P, Q))
    for got, want in zip(xt.polydiv(p, q), np.polydiv(P, Q)):
        _same_poly(got, want)
    _same_poly(xt.polyder(p), np.polyder(P))
    _same_poly(xt.polyint(p, k=1), np.polyint(P, k=1))
    same(xt.polyval(p, 2), np.polyval(P, 2))
    same(xt.roots(p), np.roots(P))
    assert not isinstance(xt.polyadd([1], [2]), xt.poly1d)


# --- windows -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ("bartlett", "blackman", "hamming", "hanning"))
@given(m=st.integers(-2, 40))
def test_windows(name, m):
    check(name, m)
    assert xt.asarray(getattr(xt, name)(max(m, 1))).dtype == xt.float64


@given(m=st.integers(-2, 40), beta=st.floats(0, 20))
def test_kaiser(m, beta):
    check("kaiser", m, beta)


def test_window_arguments():
    check("hanning", 5.0)
    check("kaiser", 6, 14)
    check("hamming", "5")  # TypeError in both

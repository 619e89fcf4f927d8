"""0-d operands compute as NumPy's scalars do where NumPy's scalar operators round differently
from its array loops (Note [Scalar arithmetic] in xtensor/_dispatch/plans.py): `**` of any
numbers, `*` of complex ones and `divmod` of real ones, compared bit for bit with NumPy's
scalars, through the C twins and their Python functions alike; arrays keep the loops."""

from __future__ import annotations

import functools
import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import SETTINGS, assert_same
from xtensor._dispatch.compiled import python_of

REALS = st.floats(-50, 50, allow_nan=False, width=32)
VALUES = {
    "float32": REALS,
    "float64": st.floats(-50, 50, allow_nan=False),
    "complex64": st.complex_numbers(max_magnitude=50, allow_nan=False, width=64),
    "complex128": st.complex_numbers(max_magnitude=50, allow_nan=False),
    "int64": st.integers(-20, 20),
    "uint8": st.integers(0, 12),
}
EXPONENTS = st.one_of(
    st.sampled_from([2, 3, -1, -3, 0.5, 2.5, -1.25, 0]), st.floats(-4, 4), st.integers(-3, 5)
)


def _same(got, want):
    """got (a 0-d Array) holds NumPy's scalar `want`: dtype and bits, or both raised."""
    if isinstance(want, type) and issubclass(want, Exception):
        assert isinstance(got, type) and issubclass(got, Exception), (got, want)
        return
    assert type(got) is xt.Array and got.shape == (), got
    want = np.asarray(want)
    assert got.dtype == want.dtype and np.asarray(got).tobytes() == want.tobytes(), (got, want)


def _outcome(call):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return call()
        except (ValueError, OverflowError, ZeroDivisionError) as e:
            return type(e)


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(list(VALUES)), exponent=EXPONENTS)
def test_power_of_values_is_numpys_scalar_power(data, dtype, exponent):
    v = data.draw(VALUES[dtype], label="value")
    # elements, which stand for NumPy's scalars (`asarray(v)` is NumPy's 0-d ndarray)
    s, x, e = np.dtype(dtype).type(v), xt.asarray([v], dtype=dtype)[0], xt.asarray([exponent])[0]
    for power in (xt.Array.__pow__, python_of(xt.Array.__pow__)):
        _same(_outcome(functools.partial(power, x, exponent)), _outcome(lambda: s**exponent))
        _same(_outcome(functools.partial(power, x, e)), _outcome(lambda: s ** e._data[()]))
    _same(_outcome(lambda: exponent**x), _outcome(lambda: exponent**s))
    assert_same(xt.Array.__rpow__, x, exponent)  # the C twin and its Python method agree
    _same(_outcome(lambda: pow(x, exponent)), _outcome(lambda: pow(s, exponent)))
    if isinstance(want := _outcome(lambda: s**exponent), type):
        return
    y = xt.asarray([v], dtype=dtype)[0]  # an element, NumPy's scalar: a value
    element = y
    y **= exponent  # `y = y ** exponent`, the element untouched
    _same(y, want)
    assert np.asarray(element).tobytes() == np.asarray(s).tobytes()


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(["complex64", "complex128"]))
def test_complex_product_of_values_is_numpys_scalar_product(data, dtype):
    a, b = data.draw(VALUES[dtype], label="a"), data.draw(VALUES[dtype], label="b")
    sa, sb = np.dtype(dtype).type(a), np.dtype(dtype).type(b)
    xa, xb = xt.asarray([sa])[0], xt.asarray([sb])[0]  # elements: NumPy's scalars
    for mul in (operator.mul, python_of(xt.Array.__mul__)):
        _same(mul(xa, xb), sa * sb)
        _same(mul(xa, xa.conjugate()), sa * sa.conjugate())
        _same(mul(xa, 2.5), sa * 2.5)
    _same(b * xa, b * sa)  # a Python complex on the left: the reflected `*`
    _same(xt.float64(1.5) * xa, np.float64(1.5) * sa)
    assert_same(xt.Array.__mul__, xa, xb)


def test_zero_d_ndarrays_compute_as_numpys_arrays():
    """`asarray(5)` is NumPy's 0-d ndarray, not its scalar: its arithmetic is the loop's, which
    warns of no integer overflow (an element's is NumPy's scalar math, which does)."""
    a, b = np.array(0, dtype="uint8"), np.array(True)
    with np.errstate(over="warn"), warnings.catch_warnings():
        warnings.simplefilter("error")
        got = xt.asarray(a) - xt.asarray(b)
        assert repr(got) == repr(a - b) == "np.uint8(255)"
        assert repr(xt.asarray([a])[0] - xt.asarray(b)) == repr(a[()] - b)
    with np.errstate(over="warn"), pytest.warns(RuntimeWarning, match="scalar subtract"):
        xt.asarray([a])[0] - xt.asarray([True], dtype=xt.uint8)[0]


def test_mandelbrot_point_loop_prints_numpys_values():
    for m in (np, xt):
        c, z, orbit = m.complex128(-0.7454 + 0.1130j), 0, []
        for _ in range(30):
            z = z * z + c
            orbit.append(repr(z))
        if m is np:
            want = orbit
    assert orbit == want


def test_arrays_keep_numpys_loops():
    a = np.array([1.9885665031280197 - 0.8180730890423086j, 1 + 1j])
    b = np.array([1.1411422884212863 - 0.24680948450034318j, 2j])
    np.testing.assert_array_equal(np.asarray(xt.asarray(a) * xt.asarray(b)), a * b)
    f = np.array([0.3, 0.7], np.float32)
    np.testing.assert_array_equal(np.asarray(xt.asarray(f) ** 3), f**3)
    assert (xt.multiply(xt.asarray(a[0]), xt.asarray(b[0])) == np.multiply(a[0], b[0])).all()


def test_warnings_read_as_numpys_scalar_warnings_at_the_callers_line():
    with warnings.catch_warnings(record=True) as caught, np.errstate(over="warn"):
        warnings.simplefilter("always")
        xt.float64(1e300) ** 2
    assert [str(w.message) for w in caught] == ["overflow encountered in scalar power"]
    assert caught[0].filename == __file__


@pytest.mark.parametrize("base, exponent", [(xt.int64(2), -1), (xt.uint8(3), -1)])
def test_refusals_are_worded_by_xtensor(base, exponent):
    with pytest.raises((ValueError, OverflowError), match="^pow: "):
        base**exponent


@pytest.mark.parametrize("name", ["add", "sub", "truediv", "mul", "pow"])
@pytest.mark.parametrize("left", [1, 2.5, 1j, "value"])
def test_every_operator_of_values_answers_numpys_scalar(name, left):
    """Each operator, either side, on 0-d complex and float values (the `*` twin's flag
    must not leak into the other operators, nor into the ufuncs' twins)."""
    op = getattr(operator, name)
    for s in (np.complex128(-0.5 + 0.25j), np.float64(0.75), np.complex64(2 - 1j)):
        x = xt.asarray(s)
        other, xt_other = (s, x) if left == "value" else (left, left)
        p = functools.partial
        _same(_outcome(p(op, xt_other, x)), _outcome(p(op, other, s)))
        _same(_outcome(p(op, x, xt_other)), _outcome(p(op, s, other)))
    function = {"add": xt.add, "sub": xt.subtract, "truediv": xt.divide}.get(name)
    if function is not None:
        z = xt.asarray(np.complex128(-0.5 + 0.25j))
        _same(function(z, z), op(np.complex128(-0.5 + 0.25j), np.complex128(-0.5 + 0.25j)))


DIVMOD_VALUES = {
    "float64": st.floats(-50, 50, allow_nan=False),
    "float32": REALS,
    "int64": st.integers(-20, 20),
    "int8": st.integers(-100, 100),
    "uint8": st.integers(0, 200),
}
DIVISORS = st.one_of(
    st.sampled_from([0, 0.0, -0.0, 3, -3, 0.3, 1e-300, -1]), st.integers(-400, 400), REALS
)


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(list(DIVMOD_VALUES)), divisor=DIVISORS)
def test_divmod_of_values_is_numpys_scalar_divmod(data, dtype, divisor):
    """`divmod(a[i], d)` and `divmod(d, a[i])` as NumPy's scalars answer them (their quotient
    and remainder, both 0-d), through the C twin and its Python method; a refusal (a Python
    int the dtype cannot hold) is the full path's error."""
    v = data.draw(DIVMOD_VALUES[dtype], label="value")
    s, x = np.dtype(dtype).type(v), xt.asarray(v, dtype=dtype)
    for forward, reflected in [
        (xt.Array.__divmod__, xt.Array.__rdivmod__),
        (python_of(xt.Array.__divmod__), python_of(xt.Array.__rdivmod__)),
    ]:
        p = functools.partial
        for got, want in [
            (_outcome(p(forward, x, divisor)), _outcome(p(divmod, s, divisor))),
            (_outcome(p(reflected, x, divisor)), _outcome(p(divmod, divisor, s))),
            (_outcome(p(forward, x, x)), _outcome(p(divmod, s, s))),
        ]:
            if isinstance(want, tuple):
                assert isinstance(got, tuple) and len(got) == 2, got
                _same(got[0], want[0])
                _same(got[1], want[1])
            else:
                assert got is not NotImplemented and isinstance(got, (tuple, type)), got


def test_divmod_warnings_are_numpys_scalar_warnings_at_the_callers_line():
    for value, divisor in [(xt.int64(7), 0), (xt.float64(7.0), 0.0)]:
        for call in (divmod, lambda a, b: python_of(xt.Array.__divmod__)(a, b)):
            with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
                warnings.simplefilter("always")
                call(value, divisor)
            assert caught and all("encountered in scalar divmod" in str(w.message) for w in caught)
            assert caught[0].filename == __file__

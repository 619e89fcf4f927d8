"""Extended precision (`longdouble`, `clongdouble`): host-only dtypes (Note [Host-only dtypes] in
`xtensor/_core/dtypes.py`) that compute through NumPy's own extended-precision loops on the
CPU, with NumPy's promotion (float64 with longdouble is longdouble). CUDA has no such type,
so another device refuses them naming the dtype.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import assert_same

EXTENDED = np.finfo(np.longdouble).eps < np.finfo(np.float64).eps  # x86-64: 80-bit


def test_names_are_numpys_dtypes():
    assert xt.longdouble == np.dtype(np.longdouble) and xt.clongdouble == np.dtype(np.clongdouble)
    for name in ("float128", "complex256"):
        if hasattr(np, name):
            assert getattr(xt, name) == np.dtype(getattr(np, name))
    assert_same(xt.longdouble(1) / 3, np.asarray(np.longdouble(1) / 3))
    assert xt.longdouble not in xt.__array_namespace_info__().dtypes().values()
    assert xt.isdtype(xt.longdouble, "real floating")  # NumPy's reading, as float16's
    assert xt.isdtype(xt.clongdouble, "complex floating") and xt.isdtype(xt.longdouble, "numeric")
    assert not xt.isdtype(xt.longdouble, "integral")


@pytest.mark.skipif(not EXTENDED, reason="long double is float64 on this platform")
def test_computes_in_extended_precision():
    third = xt.asarray([1], dtype=xt.longdouble) / 3
    want = np.asarray([1], dtype=np.longdouble) / 3
    assert_same(third, want)
    assert np.asarray(third)[0] != np.float64(1) / 3  # more digits than a double holds
    assert_same(xt.sqrt(third), np.sqrt(want))
    assert_same(xt.exp(third) - 1, np.exp(want) - 1)


@given(
    a=hnp.arrays(
        np.longdouble,
        hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
        elements=st.floats(-1e6, 1e6),
    ),
    b=st.floats(-1e6, 1e6),
)
def test_elementwise_and_promotion_match_numpy(a, b):
    x = xt.asarray(a)
    assert_same(x * b, a * b)
    assert_same(x + xt.asarray(a.astype(np.float64)), a + a.astype(np.float64))
    assert_same(x < b, a < b)
    assert_same(xt.floor(x), np.floor(a))
    assert xt.result_type(xt.float64, xt.longdouble) == np.result_type(np.float64, np.longdouble)


def test_reductions_and_complex():
    a = np.linspace(0, 1, 7, dtype=np.longdouble)
    x = xt.asarray(a)
    assert_same(xt.sum(x), np.asarray(np.sum(a)))
    assert_same(xt.mean(x), np.asarray(np.mean(a)))
    assert_same(xt.cumulative_sum(x), np.cumsum(a))
    assert_same(xt.sort(x[::-1]), np.sort(a[::-1]))
    z = a + 1j * a[::-1]
    assert_same(xt.abs(xt.asarray(z)), np.abs(z))
    assert_same(xt.asarray(z) * 2j, z * 2j)


def test_other_devices_refuse_long_double():
    x = xt.asarray([1.0], dtype=xt.longdouble)
    name = np.dtype(np.longdouble).name
    with pytest.raises(TypeError, match=f"to_device: {name} arrays are supported on the CPU"):
        x.to_device("meta")
    with pytest.raises(TypeError, match=f"astype: {name} arrays are supported on the CPU"):
        xt.astype(xt.ones(2, device="meta"), xt.longdouble)


ZS = np.array([1 + 2j, 3 - 1j, -0.5 + 0.25j, 1e-18 + 1j], dtype=np.clongdouble)


def test_std_and_var_of_clongdouble_are_real_long_doubles():
    z = xt.asarray(ZS)
    for got, want in [
        (xt.std(z), np.std(ZS)),
        (xt.var(z), np.var(ZS)),
        (xt.var(z, correction=1), np.var(ZS, ddof=1)),
        (xt.std(xt.reshape(z, (2, 2)), axis=0), np.std(ZS.reshape(2, 2), axis=0)),
        (xt.std(xt.asarray(ZS.real)), np.std(ZS.real)),
    ]:
        assert got.dtype == want.dtype == np.dtype(np.longdouble)
        assert_same(got, np.asarray(want))


@pytest.mark.parametrize("data", [ZS, ZS.real.copy(), ZS[::-2]], ids=["complex", "real", "view"])
def test_complex_parts_abs_angle_and_round_match_numpy(data):
    x = xt.asarray(data)
    for name in ("abs", "real", "imag", "angle", "conj", "sign", "isfinite"):
        assert_same(getattr(xt, name)(x), np.asarray(getattr(np, name)(data)))
    assert_same(xt.round(x), np.round(data))
    assert_same(xt.round(x, 1), np.round(data, 1))
    real = xt.real(x)
    real[...] = 7  # a new array, never a view of x (np.real of a real array is the array itself)
    assert_same(x, data)


def test_real_and_imag_refuse_dates_as_numpy_has_no_loop_for_them():
    with pytest.raises(TypeError, match="real: "):
        xt.real(xt.asarray(["2020-01-01"], dtype="datetime64[D]"))


def test_finfo_of_long_double_is_numpys_to_the_last_digit():
    for dtype in (xt.longdouble, xt.clongdouble):
        got, want = xt.finfo(dtype), np.finfo(dtype.numpy)
        assert got.dtype == want.dtype == xt.longdouble
        assert (got.bits, got.precision) == (want.bits, want.precision)
        for field in ("eps", "max", "min", "smallest_normal", "tiny", "resolution"):
            value = getattr(got, field)
            assert value == getattr(want, field) and np.isfinite(value) and value != 0, field
    assert isinstance(xt.finfo(xt.float64).max, float)  # the standard's fields: Python floats
    assert xt.finfo(xt.complex128).dtype == xt.float64

"""astype's casts against NumPy's: float64 narrowed to float32 in C (bit for bit, quiet, no
flag left set) and a float cast to an integer, which warns as NumPy's does on every call, the
first (the checked path) and the later ones (the C twin's table). Casts and sums the C runs
without the error-state variable raise no floating-point flag."""

from __future__ import annotations

import ctypes
import platform
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import assert_same
from tests.test_fast_methods import same

SETTINGS = settings(max_examples=40, deadline=None)


EXTREMES = [1e300, -1e300, 1e-300, -1e-50, np.nan, -np.inf, np.inf, 0.0, -0.0, 3.4028235e38]
EXTREMES += [3.4028236e38, 1.17e-38, 1e-45, 1e-46, 5e-324, -7.5, 1 / 3]


@SETTINGS
@given(
    picks=st.lists(st.sampled_from(EXTREMES) | st.floats(allow_nan=False), max_size=30),
    layout=st.sampled_from(["1-d", "C", "F", "strided"]),
)
def test_float64_to_float32_is_numpys_cast_and_quiet(picks, layout):
    """The C twin narrows contiguous float64 itself: NumPy's bits and layout, no warning
    (astype's float casts are quiet), and no flag left set (NumPy's cast leaves them)."""
    a = np.array(picks + [0.5] * (6 - len(picks) % 6), dtype=np.float64)
    a = {"1-d": a, "C": a.reshape(-1, 6), "F": a.reshape(-1, 6).T, "strided": a[::2]}[layout]
    with np.errstate(all="ignore"):
        want = a.astype(np.float32)
    with np.errstate(all="warn"), warnings.catch_warnings():  # (the tests' fixture ignores)
        warnings.simplefilter("error")
        for attempt in range(2):  # the first call records the cast, through NumPy's
            for cast in (lambda x: x.astype("float32"), lambda x: xt.astype(x, xt.float32)):
                x = xt.asarray(a)
                _clear_flags()
                got = cast(x)
                assert _flags() == 0 or attempt == 0 or layout == "strided"  # (NumPy's: left)
                same(got, want)


_FENV = ctypes.CDLL(None) if sys.platform == "linux" and platform.machine() == "x86_64" else None
_FLAGS = 0x01 | 0x08 | 0x10  # x86's FE_INVALID, FE_OVERFLOW, FE_UNDERFLOW (glibc's fenv.h)


def _clear_flags() -> None:
    if _FENV is not None:
        _FENV.feclearexcept(0x3D)  # FE_ALL_EXCEPT


def _flags() -> int:
    """The floating-point flags raised since `_clear_flags` (0 off x86-64 Linux)."""
    return 0 if _FENV is None else _FENV.fetestexcept(_FLAGS)


@pytest.mark.parametrize("to", ["int64", "int32", "uint8"])
@pytest.mark.parametrize("form", ["method", "function"])
def test_float_to_integer_warns_on_every_call(to, form):
    x = xt.asarray([np.nan, 1e300, 2.5])
    with np.errstate(invalid="ignore"):
        want = x._data.astype(to)
    for _ in range(3):  # the first call records the cast; the later ones replay it
        with np.errstate(invalid="warn"), pytest.warns(RuntimeWarning, match="in cast"):
            got = x.astype(to) if form == "method" else xt.astype(x, getattr(xt, to))
        same(got, want)
    with np.errstate(invalid="raise"), pytest.raises(FloatingPointError):
        x.astype(to) if form == "method" else xt.astype(x, getattr(xt, to))
    with np.errstate(all="warn"), warnings.catch_warnings():
        warnings.simplefilter("error")  # values in range: no warning
        same(
            xt.astype(xt.asarray([1.5, -2.5]), getattr(xt, to)), np.asarray([1.5, -2.5]).astype(to)
        )


# --- astype and sum without the error-state variable (Note [Quiet without the context
# variable] in _cfast_paths.c): where the C skips it, no floating-point flag can be raised


EDGES = [0.0, -0.0, 1.5, -2.0, 1e-40, 1e-300, 3.4e38, 3.5e38, 1e308, -1e308]
EDGES += [float("nan"), float("inf"), -float("inf"), 2.0**-126, 2.0**-149]


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.sampled_from(EDGES), max_size=6),
    source=st.sampled_from(["float64", "float32", "int64", "uint8", "bool"]),
    to=st.sampled_from(["float32", "float64", "int8", "int64", "complex64", "float16", "bool"]),
    strided=st.booleans(),
    repeat=st.sampled_from([1, 37, 170]),  # past the vectorized scans' widths, and SCAN_MAX
)
def test_quiet_casts_and_sums_raise_nothing(values, source, to, strided, repeat):
    with np.errstate(all="ignore"):  # casts of NaN, inf and negatives to integers
        data = np.array(values * 2 * repeat, dtype="float64").astype(source)
    x = xt.asarray(data[::2] if strided else data[: len(values) * repeat])
    with np.errstate(all="raise"):  # a flag the Python path silences would raise here
        got = assert_same(lambda a: a.astype(getattr(xt, to)), x)
        assert got[0] is np.ndarray
        summed = assert_same(lambda a: a.sum(), x)
        for name in ("max", "min", "argmax", "argmin"):
            assert_same(getattr(xt.Array, name), x, owner=name in ("max", "min"))
    with np.errstate(all="ignore"):
        want = x._data.astype(to)
    assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())
    assert summed[0] is np.ndarray

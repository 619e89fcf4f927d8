"""astype's casts against NumPy's: the same bits and layout, and the same warnings ("overflow
encountered in cast" for a value too large for a narrower float, "invalid value encountered in
cast" for NaN or inf to an integer) at the caller's line, or the same FloatingPointError under
`np.errstate(raise)`, on every call: the first (the checked path), the later ones (the C
twin's table), and large ones (threads). Sums the C runs without the error-state variable
raise no floating-point flag."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import assert_same

SETTINGS = settings(max_examples=40, deadline=None)


def heard(cast, data):
    """(the cast's dtype, shape, strides and bytes, or its FloatingPointError's message; the
    warnings it gave, with their files) under the current `np.errstate`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = np.asarray(cast(data))
            result = (r.dtype, r.shape, r.strides if r.size else None, r.tobytes())
        except FloatingPointError as e:
            result = str(e)
    return result, [(str(w.message), w.filename) for w in caught]


def assert_heard_as_numpy(cast, a):
    """`cast` of Array(a) and of NumPy's `a` agree: value, warnings and their lines, errors."""
    assert heard(cast, xt.asarray(a)) == heard(cast, a)


EXTREMES = [1e300, -1e300, 1e-300, -1e-50, np.nan, -np.inf, np.inf, 0.0, -0.0, 3.4028235e38]
EXTREMES += [3.4028236e38, 1.17e-38, 1e-45, 1e-46, 5e-324, -7.5, 1 / 3]
LAYOUTS = ["1-d", "C", "F", "strided"]


@SETTINGS
@given(
    picks=st.lists(st.sampled_from(EXTREMES) | st.floats(allow_nan=False), max_size=30),
    layout=st.sampled_from(LAYOUTS),
    mode=st.sampled_from(["warn", "raise", "ignore"]),
)
def test_float64_to_float32_is_numpys_cast(picks, layout, mode):
    """The C twin narrows contiguous float64 itself; a cast that overflowed or underflowed
    is NumPy's again, which warns, or raises, as the caller asked."""
    a = np.array(picks + [0.5] * (6 - len(picks) % 6), dtype=np.float64)
    a = {"1-d": a, "C": a.reshape(-1, 6), "F": a.reshape(-1, 6).T, "strided": a[::2]}[layout]
    with np.errstate(all=mode):
        for _ in range(2):  # the first call records the cast, through NumPy's
            assert_heard_as_numpy(lambda x: x.astype("float32"), a)
            assert_heard_as_numpy(lambda x: x.astype(np.float32), a)
            assert heard(lambda x: xt.astype(x, xt.float32), xt.asarray(a)) == heard(
                lambda x: x.astype(np.float32), a
            )


# (source dtype, a value NumPy's cast to `to` warns about, to)
LOUD = [
    ("float64", np.nan, "int64"),
    ("float64", 1e300, "int32"),
    ("float64", -np.inf, "uint8"),
    ("float64", 1e300, "float32"),
    ("float32", 1e6, "float16"),
    ("int64", 70000, "float16"),
    ("complex128", 1e300 + 1j, "complex64"),
    ("float64", -1e300, "complex64"),
]
FORMS = {
    "method": lambda x, to: x.astype(to),
    "function": lambda x, to: (
        xt.astype(x, getattr(xt, to)) if type(x) is xt.Array else x.astype(to)
    ),
    "asarray": lambda x, to: (xt if type(x) is xt.Array else np).asarray(x, dtype=to),
}


@pytest.mark.parametrize(("source", "value", "to"), LOUD)
@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("size", ["small", "threads"])
def test_casts_warn_as_numpys_on_every_call(source, value, to, form, size, monkeypatch):
    if size == "threads":  # a large cast: in chunks on the pool, its flags heard in each
        monkeypatch.setattr(xt._backends.cpu_threads, "CAST_MIN", 1 << 10)
    n = 3 if size == "small" else 5000
    a = np.full(n, value).astype(source)
    a[1] = 2  # (a value in range beside it)
    cast = lambda x: FORMS[form](x, to)  # noqa: E731
    for mode in ("warn", "raise", "ignore", "warn"):
        with np.errstate(all=mode):
            for _ in range(2):  # the first call records the cast; the later ones replay it
                got = heard(cast, xt.asarray(a))
                assert got == heard(cast, a)
                assert len(got[1]) == (mode == "warn")  # (the case warns in NumPy)
    in_range = np.full(n, 2).astype(source)
    with np.errstate(all="raise"):
        assert heard(cast, xt.asarray(in_range)) == heard(cast, in_range)


# --- casts under `np.errstate(all="raise")`, and sums the C runs without the error-state
# variable (Note [Quiet without the context variable] in _cfast_paths.c): no flag raised


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
def test_casts_raise_as_numpys_and_sums_raise_nothing(values, source, to, strided, repeat):
    with np.errstate(all="ignore"):  # casts of NaN, inf and negatives to integers
        data = np.array(values * 2 * repeat, dtype="float64").astype(source)
    a = data[::2] if strided else data[: len(values) * repeat]
    x = xt.asarray(a)
    with np.errstate(all="raise"):  # a flag the Python path silences would raise here
        for _ in range(2):
            assert heard(lambda v: v.astype(to), x) == heard(lambda v: v.astype(to), a)
        assert_same(lambda v: v.astype(getattr(xt, to)), x)  # the twin and its function
        summed = assert_same(lambda v: v.sum(), x)
        for name in ("max", "min", "argmax", "argmin"):
            assert_same(getattr(xt.Array, name), x, owner=name in ("max", "min"))
    assert summed[0] is np.ndarray

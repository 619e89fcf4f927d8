"""Everyday calls from the sixth survey (scientists' and engineers' scripts: numerical methods,
simulation, signal and image processing, statistics and finance, data wrangling), each checked
against NumPy 2.4 as the oracle: NumPy's own packages imported by their dotted names, and the
all-NaN warning NumPy words differently for a list."""

from __future__ import annotations

import importlib
import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same

# --- 1. `import numpy.ma as ma`, `from numpy.polynomial import Polynomial` -------------------

SUBMODULES = [
    "ma",
    "ma.core",
    "ma.extras",
    "polynomial",
    "polynomial.polynomial",
    "polynomial.chebyshev",
    "polynomial.legendre",
    "polynomial.hermite",
    "polynomial.hermite_e",
    "polynomial.laguerre",
    "polynomial.polyutils",
    "dtypes",
    "typing",
]


@pytest.mark.parametrize("name", SUBMODULES)
def test_numpys_packages_import_by_their_dotted_names(name):
    assert importlib.import_module(f"xtensor.{name}") is importlib.import_module(f"numpy.{name}")
    if "." not in name:  # and read as the namespace's attributes: `np.dtypes.StringDType()`
        assert getattr(xt, name) is getattr(np, name)


def test_masked_array_script_runs_through_the_dotted_import():
    import xtensor.ma as ma  # the spelling `import numpy.ma as ma` turns into

    readings = xt.asarray([12.1, -999.0, 13.4, -999.0, 15.2])
    got = ma.masked_values(readings, -999.0)
    want = np.ma.masked_values(np.asarray(readings), -999.0)
    assert str(got) == str(want)
    assert repr(got.mean()) == repr(want.mean())


def test_polynomial_fit_runs_through_the_from_import():
    from xtensor.polynomial import Chebyshev, Polynomial

    x = xt.linspace(-1, 1, 20)
    y = xt.cos(3 * x)
    for cls, numpy_cls in ((Polynomial, np.polynomial.Polynomial), (Chebyshev,) * 2):
        got = cls.fit(x, y, 4).convert().coef
        want = numpy_cls.fit(np.asarray(x), np.asarray(y), 4).convert().coef
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-14)


# --- 2. nanmax/nanmin of a list: NumPy's other branch says "All-NaN axis encountered" ----------


def _recorded(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call()
    return out, [(w.category, str(w.message)) for w in caught]


_FLOAT = st.one_of(st.just(math.nan), st.floats(-1e6, 1e6))


@given(
    rows=st.integers(1, 4).flatmap(
        lambda n: st.lists(st.lists(_FLOAT, min_size=n, max_size=n), min_size=1, max_size=4)
    ),
    axis=st.sampled_from([None, 0, 1, -1]),
    name=st.sampled_from(["nanmax", "nanmin"]),
)
def test_nan_extremes_of_lists_warn_as_numpy(rows, axis, name):
    got, got_warnings = _recorded(lambda: getattr(xt, name)(rows, axis=axis))
    want, want_warnings = _recorded(lambda: getattr(np, name)(rows, axis=axis))
    assert got_warnings == want_warnings
    assert_same(got, want)


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    [
        ("nanmax", ([math.nan, math.nan],), {}),
        ("nanmin", ([[math.nan], [math.nan]],), {"axis": 1}),
        ("nanmax", ((math.nan, 1.0),), {"keepdims": True}),
        ("nanmin", (math.nan,), {}),
        ("nanmax", ([1, 5, 2],), {}),
        ("nanmin", ([[math.nan, 2.0]],), {"axis": 0, "initial": 1.0}),
    ],
)
def test_nan_extremes_of_sequences_and_numbers(name, args, kwargs):
    got, got_warnings = _recorded(lambda: getattr(xt, name)(*args, **kwargs))
    want, want_warnings = _recorded(lambda: getattr(np, name)(*args, **kwargs))
    assert got_warnings == want_warnings
    assert repr(got) == repr(want)


def test_nan_extremes_of_arrays_keep_the_slice_wording():
    rows = [[math.nan], [math.nan]]
    _, got = _recorded(lambda: xt.nanmax(xt.asarray(rows), axis=1))
    _, want = _recorded(lambda: np.nanmax(np.asarray(rows), axis=1))
    assert got == want == [(RuntimeWarning, "All-NaN slice encountered")]

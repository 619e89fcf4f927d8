"""NumPy as the oracle: strategies for operands and one comparison helper.

`assert_same(xt_result, np_result)` checks dtype, shape and values (NaNs equal, signed zeros
distinguished when `signed_zeros=True`, ulp-scale tolerance for transcendental floats).
Strategies produce NumPy arrays (0-d, empty, non-contiguous and negative-stride views) that
tests hand to both libraries.
"""

from __future__ import annotations

import warnings

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt

ALL_DTYPES = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
INT_DTYPES = ALL_DTYPES[1:9]
FLOAT_DTYPES = ("float32", "float64")
COMPLEX_DTYPES = ("complex64", "complex128")

RTOL = {"float32": 2e-6, "float64": 1e-13, "complex64": 2e-6, "complex128": 1e-13}
RTOL["float16"] = 1e-3  # one rounding step: float16 results are float32 math rounded once


def shapes(min_dims=0, max_dims=3, min_side=0, max_side=5):
    return hnp.array_shapes(
        min_dims=min_dims, max_dims=max_dims, min_side=min_side, max_side=max_side
    )


def _elements(dtype: str, finite: bool):
    dt = np.dtype(dtype)
    if dt.kind == "f":
        return st.floats(width=dt.itemsize * 8, allow_nan=not finite, allow_infinity=not finite)
    if dt.kind == "c":
        return st.complex_numbers(
            width=dt.itemsize * 8, allow_nan=not finite, allow_infinity=not finite
        )
    return None  # hypothesis' default covers the whole integer range and bool


@st.composite
def arrays(draw, dtype: str, shape=None, finite=False, views=True):
    """A NumPy array of `dtype`; sometimes a transposed, strided or reversed view."""
    shape = draw(shapes()) if shape is None else shape
    if views and len(shape) and draw(st.booleans()):
        # Build a larger base and take a non-contiguous view with the requested shape.
        base_shape = tuple(2 * n for n in shape)
        base = draw(hnp.arrays(dtype, base_shape, elements=_elements(dtype, finite)))
        view = base[tuple(slice(None, None, 2) for _ in shape)]
        if draw(st.booleans()):
            view = view[..., ::-1]
        return view
    arr = draw(hnp.arrays(dtype, shape, elements=_elements(dtype, finite)))
    if views and arr.ndim >= 2 and draw(st.booleans()):
        arr = np.ascontiguousarray(arr.T).T  # same values, Fortran layout
    return arr


def to_xt(a):
    return xt.asarray(a) if isinstance(a, np.ndarray) else a


def assert_same(got, want, *, rtol=None, signed_zeros=False, err_msg=""):
    """`got` (xtensor) equals `want` (NumPy) in dtype, shape and values."""
    assert isinstance(got, xt.Array), f"{err_msg} expected an xtensor Array, got {type(got)}"
    want = np.asarray(want)
    g = np.asarray(got)
    assert g.dtype == want.dtype, f"{err_msg} dtype {g.dtype} != NumPy's {want.dtype}"
    assert g.shape == want.shape, f"{err_msg} shape {g.shape} != NumPy's {want.shape}"
    if rtol is None:
        rtol = RTOL.get(want.dtype.name, 0)
    if rtol == 0:
        np.testing.assert_array_equal(g, want, err_msg=err_msg, strict=True)
    else:
        np.testing.assert_allclose(g, want, rtol=rtol, atol=0, equal_nan=True, err_msg=err_msg)
    if signed_zeros and want.dtype.kind == "f":
        zero = want == 0
        np.testing.assert_array_equal(
            np.signbit(g[zero]), np.signbit(want[zero]), err_msg=f"{err_msg} signed zeros differ"
        )


def assert_same_linspace(got: tuple, want: tuple) -> None:
    """`linspace(..., retstep=True)`'s samples and step as NumPy's: the step a 0-d Array of
    NumPy's, or Python's nan (a float, as NumPy's) where there is no interval."""
    assert_same(got[0], want[0])
    if type(want[1]) is float:
        assert type(got[1]) is float and got[1] != got[1], got[1]
    else:
        assert_same(got[1], np.asarray(want[1]))


def assert_same_results(got, want) -> None:
    """`assert_same` of each item where NumPy answers a tuple (unique_*, nonzero), else of
    the one result."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w)
    else:
        assert_same(got, want)


def outcome(call, layout):
    """What `call()` gives, comparable across two paths of one call: `layout(result)`, or the
    exception's type and message; with the warnings raised, NumPy's floating-point ones
    included (the suite's fixture silences them)."""
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        try:
            got = layout(call())
        except Exception as e:  # the error itself is the outcome to compare
            got = ("raised", type(e), str(e))
    return got, tuple((type(w.message), str(w.message)) for w in caught)

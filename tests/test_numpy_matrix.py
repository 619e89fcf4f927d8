"""NumPy 2.2's stacked matrix-vector products `matvec` and `vecmat` (xtensor/_numpy_matrix.py)
against NumPy's gufuncs: every dtype pair, broadcast batch dimensions, empty sizes,
non-contiguous views, list inputs and NumPy's shape errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, assert_same

SIGNATURES = {"matvec": "(m,n),(n)->(m)", "vecmat": "(n),(n,m)->(m)"}


def _small(draw, dtype: str, shape: tuple) -> np.ndarray:
    """Small whole values, so that sums are exact in every dtype and every summation order;
    sometimes a reversed (non-contiguous) view."""
    if dtype == "bool":
        elements = st.booleans()
    elif np.dtype(dtype).kind == "c":
        elements = st.complex_numbers(max_magnitude=4).map(
            lambda z: complex(round(z.real), round(z.imag))
        )
    else:
        elements = st.integers(0, 4)
    a = draw(hnp.arrays(dtype, shape, elements=elements))
    return a[..., ::-1] if a.ndim and draw(st.booleans()) else a


@pytest.mark.parametrize("name", sorted(SIGNATURES))
@given(data=st.data())
def test_matches_numpys_gufunc(name, data):
    shapes = data.draw(hnp.mutually_broadcastable_shapes(signature=SIGNATURES[name], max_side=3))
    d1, d2 = data.draw(st.sampled_from(ALL_DTYPES)), data.draw(st.sampled_from(ALL_DTYPES))
    a = _small(data.draw, d1, shapes.input_shapes[0])
    b = _small(data.draw, d2, shapes.input_shapes[1])
    want = getattr(np, name)(a, b)
    assert_same(getattr(xt, name)(xt.asarray(a), xt.asarray(b)), want)


def test_vecmat_conjugates_the_vector_and_matvec_does_not():
    v = np.array([1 + 2j, 3 - 1j])
    m = np.array([[1.0, 2.0], [0.5, -1.0]])
    assert_same(xt.vecmat(xt.asarray(v), xt.asarray(m)), np.vecmat(v, m))
    assert_same(xt.matvec(xt.asarray(m), xt.asarray(v)), np.matvec(m, v))
    assert_same(xt.matvec([[1, 2], [3, 4]], [1, 1]), np.matvec([[1, 2], [3, 4]], [1, 1]))


@pytest.mark.parametrize(
    ("name", "x1", "x2", "match"),
    [
        ("matvec", np.ones(3), np.ones(3), "matvec: x1 must have at least 2 dimensions"),
        ("matvec", np.ones((2, 3)), np.ones(()), "matvec: x2 must have at least 1 dimension"),
        ("matvec", np.ones((2, 3)), np.ones(2), r"matvec: shapes \(2, 3\) \(x1\) and \(2,\)"),
        ("vecmat", np.ones(2), np.ones(2), "vecmat: x2 must have at least 2 dimensions"),
        ("vecmat", np.ones(2), np.ones((3, 2)), "vecmat: shapes .* vector length 2 differs"),
        ("matvec", np.ones((2, 2, 3)), np.ones((3, 3)), "^matvec: shape mismatch"),
    ],
)
def test_shape_errors_are_numpys_class_and_name_the_function(name, x1, x2, match):
    with pytest.raises(ValueError):
        getattr(np, name)(x1, x2)
    with pytest.raises(ValueError, match=match):
        getattr(xt, name)(xt.asarray(x1), xt.asarray(x2))

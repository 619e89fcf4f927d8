"""NumPy's operand conventions where the standard is silent, compared with NumPy."""

from __future__ import annotations

import numpy as np

import xtensor as xt


def test_numpy_operand_conventions():
    """NumPy's conveniences where the standard is silent: list operands on either side of an
    operator, axis=None sorts, lstsq's int32 rank."""
    a, n = xt.asarray([1.0, 2.0]), np.asarray([1.0, 2.0])
    for got, want in (
        (a + [1, 2], n + [1, 2]),
        ([1, 2] + a, [1, 2] + n),
        (a * (2, 3), n * (2, 3)),
        (a == [1, 5], n == [1, 5]),
    ):
        assert type(got) is xt.Array
        np.testing.assert_array_equal(np.asarray(got), want)
    m = np.asarray([[3, 1], [2, 0]])
    np.testing.assert_array_equal(
        np.asarray(xt.argsort(xt.asarray(m), axis=None)), np.argsort(m, axis=None, kind="stable")
    )
    np.testing.assert_array_equal(np.asarray(xt.sort(xt.asarray(m), axis=None)), np.sort(m, None))
    rank = xt.linalg.lstsq(xt.eye(2), xt.ones(2))[2]
    assert rank.dtype == np.linalg.lstsq(np.eye(2), np.ones(2))[2].dtype

"""The iterator's shape and stride algebra, tested on plain tuples (no arrays, no ops)."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.oracle import shapes
from xtensor._iter import layout


@given(st.lists(shapes(max_dims=4), min_size=1, max_size=4))
def test_broadcast_shapes_matches_numpy(shape_list):
    try:
        want = np.broadcast_shapes(*shape_list)
    except ValueError as e:
        with pytest.raises(ValueError) as info:
            layout.broadcast_shapes(tuple(shape_list))
        assert str(info.value) == f"broadcast_shapes: {e}"  # NumPy's text, args and all
    else:
        assert layout.broadcast_shapes(tuple(shape_list)) == want


def test_broadcast_error_is_numpys_ufunc_error():
    with pytest.raises(ValueError) as numpy_error:
        np.add(np.ones((3, 4)), np.ones(5))
    with pytest.raises(ValueError) as info:
        layout.broadcast_shapes(((3, 4), (5,)), "add")
    assert str(info.value) == f"add: {numpy_error.value}"


def test_broadcast_strides_zero_on_broadcast_dims():
    assert layout.broadcast_strides((3, 1), (8, 8), (2, 3, 4)) == (0, 8, 0)


def test_iteration_order_c_order_is_identity():
    assert layout.iteration_order((2, 3, 4), [(96, 32, 8)]) == (0, 1, 2)


def test_iteration_order_follows_transposed_input():
    # A.T of a C-ordered (3, 4) float64 array has strides (8, 32): dim 1 is outer.
    assert layout.iteration_order((4, 3), [(8, 32)]) == (1, 0)


def test_iteration_order_conflicts_go_to_c_order():
    # First input transposed, second C-ordered: NumPy's order='K' picks C order on a conflict.
    assert layout.iteration_order((4, 3), [(8, 32), (24, 8)]) == (0, 1)
    # A broadcast (zero-stride) dim gives no information; the next operand decides.
    assert layout.iteration_order((4, 3), [(0, 8), (8, 32)]) == (1, 0)


def test_strides_in_order_makes_permuted_dims_contiguous():
    assert layout.strides_in_order((4, 3), (1, 0), 8) == (8, 32)
    assert layout.strides_in_order((2, 3, 4), (0, 1, 2), 4) == (48, 16, 4)


def test_coalesce_contiguous_to_one_dim():
    shape, strides = layout.coalesce((200, 300, 4), [(4800, 16, 4), (4800, 16, 4)])
    assert shape == (240000,) and strides == [(4,), (4,)]


def test_coalesce_keeps_dims_broken_by_one_operand():
    # Second operand broadcasts along dim 0 (stride 0): dims cannot fold.
    shape, strides = layout.coalesce((5, 6), [(48, 8), (0, 8)])
    assert shape == (5, 6) and strides == [(48, 8), (0, 8)]


def test_coalesce_folds_two_broadcast_dims_and_drops_size_one():
    shape, strides = layout.coalesce((3, 1, 4, 5), [(0, 0, 0, 8), (0, 99, 0, 8)])
    assert shape == (12, 5) and strides == [(0, 8), (0, 8)]


def test_coalesce_all_ones_gives_one_dim():
    assert layout.coalesce((1, 1), [(8, 8)]) == ((1,), [(0,)])
    assert layout.coalesce((), [()]) == ((1,), [(0,)])


@given(shapes(min_dims=1, max_dims=4, min_side=1, max_side=6), st.data())
def test_linear_blocks_cover_range_exactly_once(shape, data):
    total = int(np.prod(shape))
    begin = data.draw(st.integers(0, total))
    end = data.draw(st.integers(begin, total))
    seen = np.zeros(shape, int)
    blocks = list(layout.linear_blocks(shape, begin, end))
    for block in blocks:
        seen[block] += 1
    flat = seen.reshape(-1)
    assert (flat[begin:end] == 1).all() and flat[:begin].sum() == 0 and flat[end:].sum() == 0
    assert len(blocks) <= 2 * len(shape) - 1

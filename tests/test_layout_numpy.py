"""Result layouts are NumPy's (Note [Output layout] in xtensor/_iter/layout.py): the strides
of an elementwise result equal those of NumPy's for every mix of C, Fortran, transposed,
sliced, reversed and broadcast operands, on the iterator's first call (which allocates the
output), on a repeated call (the fast path, where NumPy allocates it) and on calls large
enough to run in parallel chunks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same
from xtensor._dispatch import plan_cache_clear
from xtensor._iter import GRAIN_SIZE, layout


def _layouts(shape, dtype="float64"):
    """Operands of `shape` in every layout the grid covers, by name."""
    base = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)
    out = {"C": base, "F": np.asfortranarray(base)}
    if base.ndim >= 2:
        rev = tuple(reversed(range(base.ndim)))
        out["T"] = np.ascontiguousarray(base.transpose(rev)).transpose(rev)
    if base.ndim == 3:
        for perm in ((1, 0, 2), (0, 2, 1), (2, 0, 1)):
            out[f"P{perm}"] = np.ascontiguousarray(base.transpose(perm)).transpose(np.argsort(perm))
    out["sliced"] = np.repeat(base, 2, axis=-1)[..., ::2]
    out["reversed"] = np.ascontiguousarray(base[..., ::-1])[..., ::-1]
    out["F sliced"] = np.asfortranarray(np.repeat(base, 2, axis=0))[::2]
    return out


def _broadcast(shape, dtype="float64"):
    """Operands that broadcast to `shape`: fewer dims, size-1 dims, 0-d, in C and F."""
    n = len(shape)
    candidates = {shape[1:], (), (1,) * n}
    for d in range(n):
        candidates.add(tuple(1 if i == d else s for i, s in enumerate(shape)))
        candidates.add(tuple(s if i == d else 1 for i, s in enumerate(shape)))
    out = {}
    for bshape in sorted(candidates):
        b = np.arange(int(np.prod(bshape)), dtype=dtype).reshape(bshape) + 1
        out[f"b{bshape}"] = b
        if b.ndim >= 2:
            out[f"b{bshape}F"] = np.asfortranarray(b)
    return out


def _result(fn, operands, *, fresh_plan):
    if fresh_plan:
        plan_cache_clear()
    return fn(*(xt.asarray(a) if isinstance(a, np.ndarray) else a for a in operands))


def _check_layout(fn_np, fn_xt, operands):
    want = fn_np(*operands)
    for fresh_plan in (True, False):  # the iterator's allocation, then the fast path's
        got = _result(fn_xt, operands, fresh_plan=fresh_plan)
        assert_same(got, want)
        assert got._data.strides == want.strides, (fresh_plan, got._data.strides, want.strides)


GRID_SHAPES = [(4, 6), (3, 4, 5), (1, 5), (6, 1), (2, 1, 3)]


@pytest.mark.parametrize("shape", GRID_SHAPES, ids=str)
def test_binary_grid_matches_numpy_strides(shape):
    operands = {**_layouts(shape), **_broadcast(shape)}
    for a1, a2 in itertools.product(operands.values(), repeat=2):
        try:
            np.add(a1, a2)
        except ValueError:
            continue
        _check_layout(np.add, xt.add, (a1, a2))


@pytest.mark.parametrize("shape", [(4, 6), (3, 4, 5)], ids=str)
def test_mixed_dtypes_and_scalars_match_numpy_strides(shape):
    f64 = _layouts(shape)
    f32 = _layouts(shape, "float32")
    for a1, a2 in itertools.product(f32.values(), f64.values()):
        _check_layout(np.multiply, xt.multiply, (a1, a2))
    for a in f64.values():
        _check_layout(lambda x, s: x * s, lambda x, s: x * s, (a, 2.5))
        _check_layout(np.exp, xt.exp, (a,))


def test_transpose_plus_itself_is_c_ordered():
    a = np.arange(36.0).reshape(6, 6)
    x = xt.asarray(a)
    plan_cache_clear()
    r = x.T + x
    assert r._data.flags.c_contiguous and (a.T + a).flags.c_contiguous
    plan_cache_clear()
    assert (x.T + x.T)._data.flags.f_contiguous  # both inputs agree: Fortran order


@pytest.mark.parametrize("name", ["C", "F", "T", "sliced", "reversed", "F sliced"])
@pytest.mark.parametrize("other", ["C", "F", "T", "row", "column"])
def test_parallel_sized_calls_match_numpy_strides(name, other):
    shape = (1024, 2 * GRAIN_SIZE // 1024)  # runs in parallel chunks
    a = _layouts(shape)[name]
    if other == "row":
        b = np.arange(shape[1], dtype=np.float64)
    elif other == "column":
        b = np.arange(shape[0], dtype=np.float64)[:, None]
    else:
        b = _layouts(shape)[other]
    _check_layout(np.add, xt.add, (a, b))
    _check_layout(np.subtract, xt.subtract, (b, a))


def test_iteration_order_lets_c_order_win_a_conflict():
    # (4, 3) float64: the first operand Fortran-ordered, the second C-ordered.
    assert layout.iteration_order((4, 3), [(8, 32), (24, 8)]) == (0, 1)
    assert layout.iteration_order((4, 3), [(8, 32), (8, 32)]) == (1, 0)
    # A zero stride (broadcast) gives no say: the other operand decides.
    assert layout.iteration_order((4, 3), [(0, 8), (8, 32)]) == (1, 0)
    # An undecided pair is stepped over: dim 0 still moves inside dim 2.
    assert layout.iteration_order((3, 1, 5), [(8, 0, 24)]) == (1, 2, 0)


@st.composite
def _operand(draw, shape):
    """A NumPy operand broadcasting to `shape`: any dims dropped or set to 1, any dim order in
    memory, any dims sliced or reversed."""
    ndim = draw(st.integers(0, len(shape)))
    own = list(shape[len(shape) - ndim :])
    for d in range(ndim):
        if draw(st.booleans()) and draw(st.booleans()):
            own[d] = 1
    order = draw(st.permutations(range(ndim)))
    steps = [draw(st.sampled_from([1, 1, 2, -1])) for _ in range(ndim)]
    stored = [own[p] * abs(steps[p]) for p in order]
    base = np.arange(int(np.prod(stored)), dtype=np.float64).reshape(stored) + 1
    array = base.transpose(np.argsort(order)) if ndim else base
    index = tuple(slice(None, None, s) for s in steps)
    return array[index] if ndim else array


@given(st.data(), st.lists(st.integers(1, 4), min_size=1, max_size=4))
def test_random_layouts_match_numpy_strides(data, shape):
    shape = tuple(shape)
    a = data.draw(_operand(shape))
    b = data.draw(_operand(shape))
    _check_layout(np.add, xt.add, (a, b))
    _check_layout(np.negative, xt.negative, (a,))

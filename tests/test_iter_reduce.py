"""The reduction engine (_iter/reduce.py) on its own: split choice, chunk coverage, combine
order, and results that do not depend on the thread count. No xtensor ops: the reduce callables
are plain NumPy calls, and a small grain size makes small arrays take the parallel paths.
"""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.oracle import arrays, shapes
from xtensor._iter import REDUCTION, build, get_num_threads, set_num_threads
from xtensor._iter.parallel import CHUNKS_PER_THREAD
from xtensor._iter.reduce import (
    MAX_CHUNKS,
    MIN_KEPT,
    Split,
    choose_split,
    run_reduction,
    runs_whole,
)

GRAIN = 8  # tiny, so that arrays of a few dozen elements split


@pytest.fixture
def threads():
    before = get_num_threads()
    set_num_threads(4)
    yield
    set_num_threads(before)


def sum_reduce(view, axes, out):
    return np.add.reduce(view, axis=axes, out=out, keepdims=True)


def sum_combine(states, out):
    np.add.reduce(np.stack(states), axis=0, out=out)


def keepdims_out(a, axes, dtype=None):
    return np.zeros(tuple(1 if d in axes else n for d, n in enumerate(a.shape)), dtype or a.dtype)


def run_sum(a, axes, num_threads, grain=GRAIN, dtype=None, reduced_chunk=4 * GRAIN):
    """Sum on `num_threads` threads (the `threads` fixture restores the count)."""
    set_num_threads(num_threads)
    out = keepdims_out(a, axes, dtype)
    it = build(REDUCTION, (out,), (a,), "sum")
    return run_reduction(it, sum_reduce, sum_combine, grain_size=grain, reduced_chunk=reduced_chunk)


@st.composite
def array_and_axes(draw, dtype):
    a = draw(arrays(dtype, shape=draw(shapes(min_dims=1, max_dims=3, min_side=0, max_side=9))))
    axes = draw(st.lists(st.integers(0, a.ndim - 1), unique=True, max_size=a.ndim))
    return a, tuple(sorted(axes))


# --- choose_split ----------------------------------------------------------------------------


def test_small_is_serial():
    assert choose_split((100,), (0,), 4, grain_size=64).kind == "serial"
    # One thread and an order-insensitive reduction: nothing to gain from chunks.
    assert choose_split((10**6,), (0,), 1, grain_size=64, order_sensitive=False).kind == "serial"


def test_order_sensitive_chunks_ignore_the_thread_count():
    # Only the shape and the slab size decide: 10**6 // 1000 slabs, capped at MAX_CHUNKS.
    for threads in (1, 2, 7):
        split = choose_split((10**6,), (0,), threads, grain_size=64, reduced_chunk=1000)
        assert split.kind == "reduced" and len(split.bounds) == MAX_CHUNKS
    split = choose_split((10**4,), (0,), 3, grain_size=64, reduced_chunk=1000)
    assert len(split.bounds) == 10


def test_order_insensitive_reduced_split_follows_the_threads():
    # CHUNKS_PER_THREAD chunks per thread (Note [Dynamic chunks]), none under the grain size.
    split = choose_split((10**6,), (0,), 3, grain_size=64, order_sensitive=False)
    assert split.kind == "reduced" and len(split.bounds) == 3 * CHUNKS_PER_THREAD
    split = choose_split((640,), (0,), 3, grain_size=64, order_sensitive=False)
    assert len(split.bounds) == 10


def test_outer_kept_dim_splits_outputs_by_the_thread_count():
    split = choose_split((1000, 50), (1,), 2, grain_size=100)
    step = 1000 // (2 * CHUNKS_PER_THREAD)
    assert split == Split("kept", 0, tuple((b, b + step) for b in range(0, 1000, step)))
    assert choose_split((1000, 50), (1,), 1, grain_size=100).kind == "serial"


def test_outer_reduced_dim_is_cut_not_the_inner_kept_one():
    # sum over axis 0 of a C-ordered matrix: slabs of whole rows, never column slabs.
    split = choose_split((4000, 4000), (0,), 2, grain_size=1 << 18, reduced_chunk=1 << 21)
    assert split.kind == "reduced" and split.dim == 0 and len(split.bounds) == 7


def test_few_outer_outputs_split_the_reduced_dim():
    split = choose_split((MIN_KEPT - 1, 1000), (1,), 2, grain_size=100, reduced_chunk=500)
    assert split.kind == "reduced" and split.dim == 1 and len(split.bounds) == 14


def test_without_combine_never_splits_reduced_dims():
    split = choose_split((3, 1000), (1,), 2, grain_size=100, can_combine=False)
    assert split.kind == "kept" and split.dim == 0
    assert choose_split((1000,), (0,), 2, grain_size=100, can_combine=False).kind == "serial"


@given(
    st.lists(st.integers(1, 300), min_size=1, max_size=3),
    st.integers(1, 8),
    st.booleans(),
    st.data(),
)
def test_split_bounds_tile_the_dim(shape, threads, order_sensitive, data):
    reduced = tuple(data.draw(st.sets(st.integers(0, len(shape) - 1))))
    split = choose_split(
        tuple(shape),
        reduced,
        threads,
        grain_size=16,
        order_sensitive=order_sensitive,
        reduced_chunk=64,
    )
    if split.kind == "serial":
        return
    assert split.bounds[0][0] == 0 and split.bounds[-1][1] == shape[split.dim]
    assert all(e == b for (_, e), (b, _) in zip(split.bounds, split.bounds[1:]))
    assert 2 <= len(split.bounds) <= MAX_CHUNKS
    assert (split.dim in reduced) == (split.kind == "reduced")
    if split.kind == "kept" or not order_sensitive:
        assert len(split.bounds) <= threads * CHUNKS_PER_THREAD


# --- run_reduction ---------------------------------------------------------------------------


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(array_and_axes("int32"))
def test_integer_sum_is_identical_for_1_and_n_threads(threads, case):
    a, axes = case
    want = np.sum(a, axis=axes, keepdims=True, dtype=np.int64)
    for n in (1, 2, 3, 4):
        got = run_sum(a, axes, n, dtype=np.int64)
        np.testing.assert_array_equal(got, want, strict=True)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(array_and_axes("float64"))
def test_float_sum_matches_numpy_within_pairwise_error(threads, case):
    a, axes = case
    a = np.nan_to_num(a, nan=1.0, posinf=1e300, neginf=-1e300) * 1e-10
    want = np.sum(a, axis=axes, keepdims=True)
    bound = np.sum(np.abs(a), axis=axes, keepdims=True)
    for n in (2, 4):
        got = run_sum(a, axes, n)
        tol = 8 * np.finfo(np.float64).eps * (math.log2(max(a.size, 2)) + n) * bound
        assert np.all(np.abs(got - want) <= tol)


@pytest.mark.parametrize("axes", [(0,), (1,), (0, 1)])
def test_float_sum_is_bit_identical_for_any_thread_count(threads, axes):
    a = np.random.default_rng(1).standard_normal((7, 4001))
    first = run_sum(a, axes, 1, grain=64, reduced_chunk=800)
    for n in (1, 2, 3, 4):
        np.testing.assert_array_equal(run_sum(a, axes, n, grain=64, reduced_chunk=800), first)


def test_kept_split_gives_each_chunk_its_own_slab(threads):
    a = np.arange(64 * 10, dtype=np.int64).reshape(64, 10)
    seen = []

    def recording(view, axes, out):
        seen.append((view.shape, axes, out.shape))
        return sum_reduce(view, axes, out)

    out = keepdims_out(a, (1,))
    run_reduction(build(REDUCTION, (out,), (a,)), recording, None, grain_size=GRAIN)
    np.testing.assert_array_equal(out, a.sum(axis=1, keepdims=True))
    assert sorted(seen) == [((4, 10), (1,), (4, 1))] * 16  # 4 threads, 4 chunks each


def test_reduced_split_passes_starts_and_combines_in_order(threads):
    a = np.arange(2 * 400, dtype=np.float64).reshape(2, 400)
    starts, received = [], []

    def partial(view, axes, start):
        starts.append(start)
        return np.argmax(view, axis=axes[0], keepdims=True) + start[0]

    def combine(states, out):
        received.extend(s.copy() for s in states)
        out[...] = np.max(np.stack(states), axis=0)

    out = keepdims_out(a, (1,), np.int64)
    run_reduction(
        build(REDUCTION, (out,), (a,)),
        None,
        combine,
        partial=partial,
        grain_size=GRAIN,
        reduced_chunk=200,
    )
    assert sorted(starts) == [(0,), (100,), (200,), (300,)]
    assert [int(s[0, 0]) for s in received] == [99, 199, 299, 399]
    np.testing.assert_array_equal(out, [[399], [399]])


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["C", "F", "reversed", "strided"]), st.integers(0, 2))
def test_layouts_reduce_like_numpy(threads, layout, axis):
    base = np.arange(6 * 8 * 10, dtype=np.int64).reshape(6, 8, 10) % 97
    a = {
        "C": base,
        "F": np.asfortranarray(base),
        "reversed": base[::-1, :, ::-1],
        "strided": np.repeat(base, 2, axis=2)[:, :, ::2],
    }[layout]
    got = run_sum(a, (axis,), 4)
    np.testing.assert_array_equal(got, a.sum(axis=axis, keepdims=True))


def test_empty_and_small_inputs_run_serially_with_own_shapes():
    calls = []

    def recording(view, axes, out):
        calls.append((view.shape, axes))
        return sum_reduce(view, axes, out)

    a = np.zeros((3, 0, 4))
    out = keepdims_out(a, (1,))
    run_reduction(build(REDUCTION, (out,), (a,)), recording, sum_combine)
    assert calls == [((3, 0, 4), (1,))]
    np.testing.assert_array_equal(out, np.zeros((3, 1, 4)))


def test_two_inputs_is_an_internal_error():
    a = np.ones((4, 4))
    out = np.zeros((4, 1))
    it = build(REDUCTION, (out,), (a, a))
    with pytest.raises(RuntimeError, match="this is a bug in xtensor"):
        run_reduction(it, sum_reduce, sum_combine)


@settings(max_examples=200, deadline=None)
@given(
    case=array_and_axes("float64"),
    order=st.sampled_from(["C", "F"]),
    threads=st.integers(1, 4),
    order_sensitive=st.booleans(),
)
def test_runs_whole_predicts_the_split_of_a_dense_array(case, order, threads, order_sensitive):
    """`runs_whole` tells a serial split from the shapes alone (Note [Reduction splitting]):
    for C- and F-ordered inputs it says True exactly when the built iterator's shape gives
    a serial `choose_split`."""
    a, axes = case
    a = np.asarray(a, order=order)
    if not axes or a.size < 2 * GRAIN:
        return  # below two grains both answer serial without looking at the shape
    out = keepdims_out(a, axes)
    it = build(REDUCTION, (out,), (a,), "sum")
    out_view, _ = it.views()
    reduced = tuple(d for d, s in enumerate(out_view.strides) if s == 0 and it.shape[d] > 1)
    options = dict(grain_size=GRAIN, order_sensitive=order_sensitive, reduced_chunk=4 * GRAIN)
    built = choose_split(it.shape, reduced, threads, **options)
    assert runs_whole(a, out, threads, **options) == (built.kind == "serial")

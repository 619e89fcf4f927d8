"""TensorIter built from IterConfig: layout, types, overlap, chunking, plan cache, 32-bit split,
presets, and the per-array-type memory registry.

These tests use no xtensor ops: loops are plain copies or recorders, as in NumPy's
test_nditer.py.
"""

import threading
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, shapes
from xtensor._core import dtypes as _dtypes
from xtensor._core.dtypes import Promotion
from xtensor._iter import (
    ELEMENTWISE,
    IterConfig,
    IterFlags,
    build,
    flags_for,
    get_num_threads,
    layout,
    memory,
    parallel,
    plan_cache_clear,
    plan_cache_size,
    set_num_threads,
)
from xtensor._iter.overlap import Overlap, overlap


def copy_loop(ops):
    np.copyto(ops[0], ops[1], casting="unsafe")


def add_loop(ops):
    np.add(ops[1], ops[2], out=ops[0], casting="unsafe")


def test_output_follows_transposed_input_layout():
    a = np.arange(12.0).reshape(3, 4)
    it = IterConfig.unary_op(None, a.T).build()
    out = it.outputs[0]
    assert out.shape == (4, 3) and out.flags.f_contiguous and not out.flags.c_contiguous
    it.for_each(copy_loop)
    np.testing.assert_array_equal(out, a.T)


def test_output_layout_c_for_c_inputs_and_iteration_coalesced():
    a = np.ones((20, 30, 4), np.float32)
    it = IterConfig.binary_op(None, a, a).build()
    assert it.outputs[0].flags.c_contiguous
    assert it.shape == (2400,)
    assert [op.byte_strides for op in it.operands] == [(4,), (4,), (4,)]


def test_broadcast_shape_and_strides():
    a = np.ones((5, 1, 3))
    b = np.ones((4, 1))
    it = IterConfig.binary_op(None, a, b).build()
    assert it.broadcast_shape == (5, 4, 3)
    assert it.operands[2].byte_strides[-1] == 0  # b broadcasts along the last dim


def test_promotion_and_result_dtype():
    a = np.ones(3, np.int8)
    b = np.ones(3, np.uint8)
    it = IterConfig.binary_op(None, a, b).build()
    assert it.common_dtype is _dtypes.int16 and it.outputs[0].dtype == np.int16
    it = IterConfig.binary_op(None, a, 2.5).build()
    assert it.common_dtype is _dtypes.float64
    it = IterConfig.comparison_op(None, a, b).build()
    assert it.outputs[0].dtype == np.bool_
    # Small ints compute in NumPy's loop float: float16 for int8 with uint8, float32 with uint16.
    for x1, x2 in ((a, a), (a, b), (a, np.ones(3, np.uint16))):
        it = IterConfig.binary_float_op(None, x1, x2).build()
        assert it.common_dtype.numpy == it.outputs[0].dtype == np.arctan2(x1, x2).dtype


def test_same_dtype_check_and_scalar_rules():
    a, b = np.ones(3, np.int8), np.ones(3, np.int16)
    with pytest.raises(TypeError, match="same dtype; got int8, int16"):
        IterConfig(IterFlags(), "f").add_output(None).add_input(a).add_input(b).build()
    with pytest.raises(TypeError, match="Python scalar operands are not allowed"):
        IterConfig(IterFlags(), "f").add_output(None).add_input(a).add_input(1).build()
    with pytest.raises(OverflowError, match="300 is out of bounds for int8"):
        IterConfig.binary_op(None, a, 300, "add").build()


def test_safe_casting_to_given_output():
    out = np.ones(3, np.int64)
    with pytest.raises(
        TypeError, match="cannot store a float64 result in an output of dtype int64"
    ):
        IterConfig.binary_op(out, out, 1.5, "add").build()
    # Same kind, narrower: allowed, as NumPy's in-place ops allow it.
    IterConfig.binary_op(np.ones(3, np.int32), np.ones(3, np.int32), np.ones(3, np.int64)).build()


def test_output_shape_must_hold_result():
    with pytest.raises(
        ValueError,
        match=r"add: output of shape \(3,\) cannot hold the result "
        r"of shape \(2, 3\)",
    ):
        IterConfig.binary_op(np.ones(3), np.ones(3), np.ones((2, 3)), "add").build()


def test_builder_order_and_flag_errors():
    with pytest.raises(ValueError, match="add outputs before inputs"):
        IterConfig().add_input(np.ones(2)).add_output(None)
    with pytest.raises(ValueError, match="contradict"):
        IterFlags(check_all_same_dtype=True, promote_inputs_to_common_dtype=True)
    with pytest.raises(ValueError, match="needs promote_inputs_to_common_dtype"):
        IterFlags(promote_integer_inputs_to_float=True)
    with pytest.raises(TypeError, match="unknown flag"):
        IterConfig().set(not_a_flag=True)


def test_full_overlap_runs_in_place_without_copy():
    x = np.arange(10.0)
    it = IterConfig.binary_op(x, x, 1.0).build()
    assert it.arrays[1] is x  # no defensive copy
    it.for_each(add_loop)
    np.testing.assert_array_equal(x, np.arange(10.0) + 1)


def test_partial_overlap_gives_numpy_answer():
    x = np.arange(10.0)
    want = x.copy()
    want[1:] += want[:-1].copy()
    IterConfig.binary_op(x[1:], x[1:], x[:-1]).build().for_each(add_loop)
    np.testing.assert_array_equal(x, want)


def test_overlap_check_can_be_disabled():
    x = np.arange(5.0)
    it = (
        IterConfig(ELEMENTWISE.with_(check_mem_overlap=False))
        .add_output(x[1:])
        .add_input(x[:-1])
        .build()
    )
    assert it.arrays[1].base is x or it.arrays[1].base is x.base


def test_plan_cache_hit_on_repeat():
    plan_cache_clear()
    a = np.ones((3, 4))
    IterConfig.binary_op(None, a, a).build()
    n = plan_cache_size()
    IterConfig.binary_op(None, np.zeros((3, 4)), np.zeros((3, 4))).build()
    assert plan_cache_size() == n
    IterConfig.binary_op(None, a.T, a.T).build()
    assert plan_cache_size() == n + 1


@pytest.fixture
def threads():
    before = get_num_threads()
    yield
    set_num_threads(before)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dtype=st.sampled_from(["int32", "float64", "complex64"]), data=st.data())
def test_one_and_many_threads_bit_identical(threads, dtype, data):
    shape = data.draw(shapes(min_dims=1, max_dims=3, min_side=1, max_side=40))
    a = data.draw(arrays(dtype, shape, finite=True))
    b = data.draw(arrays(dtype, shape[1:], finite=True))
    results = []
    for n in (1, 3):
        set_num_threads(n)
        it = IterConfig.binary_op(None, a, b).build()
        it.for_each(add_loop, grain_size=7)  # tiny grain: many chunks, mid-row splits
        results.append(it.outputs[0])
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_array_equal(results[0], np.add(a, b))


def test_chunk_bounds_depend_only_on_grain_and_threads():
    assert parallel.chunk_bounds(100, grain_size=40, num_threads=8) == [(0, 50), (50, 100)]
    assert parallel.chunk_bounds(100, grain_size=200, num_threads=8) == [(0, 100)]
    assert parallel.chunk_bounds(0, grain_size=1, num_threads=4) == [(0, 0)]
    bounds = parallel.chunk_bounds(10**6, grain_size=1000, num_threads=3)
    assert len(bounds) == 3 and bounds[0][0] == 0 and bounds[-1][1] == 10**6


def test_for_each_uses_several_threads(threads):
    set_num_threads(2)
    seen, second = set(), threading.Event()
    a = np.ones(4000)

    def record(ops):
        seen.add(threading.get_ident())
        if len(seen) == 1:
            second.wait(5)  # hold the first chunk until another thread has taken one
        second.set()
        copy_loop(ops)

    it = IterConfig.unary_op(None, a).build()
    it.for_each(record, grain_size=1000)
    assert len(seen) == 2
    np.testing.assert_array_equal(it.outputs[0], a)


def test_caller_runs_every_chunk_when_the_workers_are_busy(threads):
    # Note [Dynamic chunks]: a helper no worker has picked up is dropped, not waited for.
    set_num_threads(2)
    busy, release = threading.Event(), threading.Event()
    pool = parallel._acquire()
    try:
        blocker = pool.executor.submit(lambda: (busy.set(), release.wait(10)))
        assert busy.wait(5)
        seen = []
        parallel.parallel_for(8, lambda b, e: seen.append((b, e, threading.get_ident())), 1)
        assert not blocker.done()  # returned without waiting for the busy worker
        assert [i for b, e, _ in sorted(seen) for i in range(b, e)] == list(range(8))
        assert {t for _, _, t in seen} == {threading.get_ident()}
    finally:
        release.set()
        parallel._release(pool)


def test_errors_in_chunks_propagate(threads):
    set_num_threads(2)

    def fail(ops):
        raise RuntimeError("boom")

    it = IterConfig.unary_op(None, np.ones(4000)).build()
    with pytest.raises(RuntimeError, match="boom"):
        it.for_each(fail, grain_size=1000)


def test_default_thread_count_yields_to_a_busy_machine(threads, monkeypatch):
    # Note [Busy machines]: only the default pool consults the others' use of the cores.
    adaptive = parallel._Pool(2, adaptive=True)
    monkeypatch.setattr(parallel, "_pool", adaptive)
    monkeypatch.setattr(parallel, "_CORES", 4)
    load = {"others": 0.0, "read_at": float("inf"), "cpu_at": None, "ticks": None}
    monkeypatch.setattr(parallel, "_load", load)
    assert not parallel.serial() and parallel.usable_threads() == 2
    load["others"] = 4.0  # others fill every core
    assert parallel.serial() and parallel.usable_threads() == 1
    load["others"] = 2.6  # one core and a bit is left: one thread
    assert parallel.serial() and parallel.usable_threads() == 1
    load["others"] = 2.0
    assert not parallel.serial() and parallel.usable_threads() == 2
    load["others"] = 6.0
    ran_in = set()
    parallel.parallel_for(8, lambda b, e: ran_in.add(threading.get_ident()), 1)
    assert ran_in == {threading.get_ident()}
    set_num_threads(2)  # a count the user chose is kept, however busy the machine
    assert not parallel.serial() and parallel.usable_threads() == 2
    adaptive.shutdown()
    four = parallel._Pool(4, adaptive=True)  # others need one core: three threads are left
    monkeypatch.setattr(parallel, "_pool", four)
    load["others"] = 1.0
    assert parallel.usable_threads() == 3
    four.shutdown()


def test_the_others_use_leaves_out_this_process_own(monkeypatch):
    """Note [Busy machines]: over a window of two seconds, the 4 CPUs were busy half of their
    ticks (two cores), one core of it this process's own CPU time: one busy core is left to
    the others. A steady load average (which counts idle sandboxes) plays no part."""
    monkeypatch.setattr(parallel, "_CORES", 4)
    now, cpu = time.monotonic(), time.process_time()
    load = {"others": 0.0, "read_at": now - 2.0, "cpu_at": cpu - 2.0, "ticks": (1000, 4000)}
    monkeypatch.setattr(parallel, "_load", load)
    monkeypatch.setattr(parallel, "_cpu_ticks", lambda: (1400, 4800))
    assert parallel._others_load() == pytest.approx(1.0, abs=0.05)
    assert load["ticks"] == (1400, 4800) and load["read_at"] >= now
    monkeypatch.setattr(parallel, "_cpu_ticks", lambda: (1400, 5600))  # all idle since
    load["read_at"] = time.monotonic() - 2.0
    load["cpu_at"] = time.process_time()
    assert parallel._others_load() == 0.0
    load["others"], load["read_at"] = 3.0, time.monotonic()  # measured just now: trusted
    assert parallel._others_load() == 3.0
    monkeypatch.setattr(parallel, "_cpu_ticks", lambda: None)  # nothing to read: kept
    load["read_at"] = time.monotonic() - 2.0
    assert parallel._others_load() == 3.0


def test_cpu_ticks_read_this_machine():
    ticks = parallel._cpu_ticks()
    if ticks is None:
        pytest.skip("no /proc/stat on this platform")
    busy, total = ticks
    assert 0 <= busy <= total and total > 0


def test_thread_count_from_environment_is_not_adaptive(monkeypatch):
    monkeypatch.setenv("XTENSOR_NUM_THREADS", "3")
    pool = parallel._default_pool()
    assert pool.num_threads == 3 and not pool.adaptive
    pool.shutdown()
    monkeypatch.delenv("XTENSOR_NUM_THREADS")
    pool = parallel._default_pool()
    assert pool.adaptive
    pool.shutdown()


def test_set_num_threads_validates():
    with pytest.raises(ValueError, match="positive integer"):
        set_num_threads(0)


def test_split_32bit_pieces_fit_and_cover():
    # A broadcast view: 2^33 logical elements backed by one float32.
    big = np.broadcast_to(np.ones(1, np.float32), (1 << 17, 1 << 16))
    out = np.broadcast_to(np.ones(1, np.float32), big.shape)
    it = build(IterFlags(check_mem_overlap=False), (out,), (big,))
    pieces = it.split_32bit()
    assert sum(p.numel for p in pieces) == it.numel
    assert len(pieces) >= 4 and all(p.numel <= 2**31 - 1 for p in pieces)
    small = IterConfig.unary_op(None, np.ones(10)).build()
    assert small.split_32bit() == [small]


def test_split_32bit_respects_byte_offsets():
    # Few elements but a huge stride: byte offsets pass 2^31, so the iterator must split.
    base = np.broadcast_to(np.ones(1, np.float64), (4, 1 << 30))
    view = np.lib.stride_tricks.as_strided(base, (4, 2), (1 << 30, 0))
    it = build(IterFlags(check_mem_overlap=False), (None,), (view,))
    pieces = it.split_32bit()
    assert len(pieces) == 2 and sum(p.numel for p in pieces) == 8


@pytest.mark.parametrize("limit", [40, 200, 1000])
def test_split_32bit_pieces_run_like_the_whole(limit):
    # A tiny limit forces splits of a small transposed, negatively strided problem; running
    # the loop on every piece's views must write every output element exactly once.
    a = np.arange(24 * 10, dtype=np.float64).reshape(24, 10)[::-1].T
    b = np.arange(10.0)[:, None]
    it = IterConfig.binary_op(None, a, b).build()
    pieces = it.split_32bit(limit)
    assert sum(p.numel for p in pieces) == it.numel
    for p in pieces:
        strides = p.byte_strides()
        assert p.numel <= limit
        assert (
            max(sum(abs(s) * (n - 1) for s, n in zip(st, p.shape)) + 8 for st in strides) <= limit
        )
        assert len(p.data_addresses()) == 3
        p.serial_for_each(add_loop, 0, p.numel)
    np.testing.assert_array_equal(it.outputs[0], a + b)


def test_split_32bit_moves_data_addresses_to_each_piece():
    a = np.arange(64.0)
    it = IterConfig.unary_op(None, a).build()
    whole = it.data_addresses()
    assert whole == (it.outputs[0].ctypes.data, a.ctypes.data)
    first, second = it.split_32bit(32 * 8)
    assert first.data_addresses() == whole and first.shape == (32,)
    assert second.data_addresses() == tuple(x + 32 * 8 for x in whole)


def test_split_32bit_never_halves_a_size_one_dim():
    # Strides (3 * 2**28, 2**28) and a limit of 2**28: a (1, 2) piece still passes the limit
    # through dim 1, while its size-1 dim 0 has the larger stride. Cutting dim 0 again would
    # never end; the splitter must cut dim 1.
    base = np.broadcast_to(np.ones(1, np.float64), (3, 1 << 30))
    view = np.lib.stride_tricks.as_strided(base, (3, 2), (3 << 28, 1 << 28))
    it = build(IterFlags(check_mem_overlap=False), (None,), (view,))
    pieces = it.split_32bit(1 << 28)
    assert [p.shape for p in pieces] == [(1, 1)] * 6


# --- presets and bounded caches ------------------------------------------------------------------


def test_presets_come_from_promotion_kinds():
    a = np.ones(3)
    assert IterConfig.binary_op(None, a, a).flags is flags_for(Promotion.DEFAULT)
    assert IterConfig.unary_op(None, a).flags is flags_for(Promotion.DEFAULT)
    assert IterConfig.binary_float_op(None, a, a).flags is flags_for(Promotion.INT_TO_FLOAT)
    assert IterConfig.unary_float_op(None, a).flags is flags_for(Promotion.INT_TO_FLOAT)
    assert IterConfig.comparison_op(None, a, a).flags is flags_for(Promotion.ALWAYS_BOOL)


def test_broadcast_shape_cache_is_bounded():
    assert layout.broadcast_shapes.cache_info().maxsize == 4096


# --- memory registry -----------------------------------------------------------------------------


class _Tagged(np.ndarray):
    """A NumPy subclass standing in for a device array type."""


def test_unregistered_array_type_is_a_clear_error():
    class Foreign:
        pass

    with pytest.raises(TypeError, match="no memory functions for arrays of type .*Foreign"):
        memory.ops_for(Foreign())


def test_subclasses_use_the_numpy_record_and_registrations_take_over(monkeypatch):
    x = np.arange(8.0).view(_Tagged)
    assert memory.ops_for(x) is memory.ops_for_type(np.ndarray)
    calls = []

    def empty(shape, dtype):
        calls.append((shape, dtype))
        return np.empty(shape, dtype).view(_Tagged)

    monkeypatch.setitem(
        memory._REGISTRY,
        _Tagged,
        memory.MemoryOps(
            empty, memory.NUMPY.as_strided, memory.NUMPY.may_share_memory, memory.NUMPY.data_address
        ),
    )
    out = IterConfig.unary_op(None, x).build().outputs[0]
    assert type(out) is _Tagged and calls == [((8,), np.dtype(np.float64))]


def test_overlap_between_memory_kinds_is_none(monkeypatch):
    x = np.arange(8.0)
    monkeypatch.setitem(
        memory._REGISTRY,
        _Tagged,
        memory.MemoryOps(
            np.empty,
            memory.NUMPY.as_strided,
            memory.NUMPY.may_share_memory,
            memory.NUMPY.data_address,
        ),
    )
    assert overlap(x, x.view(_Tagged), (8,), (8,)) is Overlap.NONE
    assert overlap(x[1:], x[:-1], (8,), (8,)) is Overlap.PARTIAL
    assert overlap(x, x, (8,), (8,)) is Overlap.FULL


def test_cpu_allocator_registers_itself_for_numpy():
    from xtensor._backends import cpu as allocator

    assert memory.ops_for_type(np.ndarray).empty is allocator.empty


def test_output_cache_reuses_only_free_buffers(monkeypatch):
    from xtensor._backends import cpu as allocator

    monkeypatch.setenv("XTENSOR_CPU_CACHE_MB", "64")
    monkeypatch.setattr(allocator, "MIN_BYTES", 1 << 20)  # cache 2 MiB outputs: cheaper tests
    allocator.cache_clear()
    a = np.ones(1 << 18)  # 2 MiB: above MIN_BYTES
    first = IterConfig.unary_op(None, a).build().outputs[0]
    view = first[5:9]
    del first
    second = IterConfig.unary_op(None, a).build().outputs[0]
    assert not np.shares_memory(view, second)  # the view keeps the first buffer busy
    second[...] = 7.0
    del second
    third = IterConfig.unary_op(None, a).build().outputs[0]
    assert allocator.cache_info()["buffers"] == 2
    assert (third == 7.0).all()  # reused the free buffer (values left uninitialized)
    assert third.base is not None and third.base.dtype == np.uint8
    assert third.ctypes.data % allocator.ALIGN == 0 and third.flags.c_contiguous


def test_output_cache_limit_and_disable(monkeypatch):
    from xtensor._backends import cpu as allocator

    monkeypatch.setattr(allocator, "MIN_BYTES", 1 << 20)
    allocator.cache_clear()
    monkeypatch.setenv("XTENSOR_CPU_CACHE_MB", "0")
    out = IterConfig.unary_op(None, np.ones(1 << 18)).build().outputs[0]
    assert out.flags.owndata and allocator.cache_info()["buffers"] == 0
    monkeypatch.setenv("XTENSOR_CPU_CACHE_MB", "3")
    keep = [IterConfig.unary_op(None, np.ones(1 << 18)).build().outputs[0] for _ in range(3)]
    assert allocator.cache_info()["bytes"] <= 3 << 20
    monkeypatch.setenv("XTENSOR_CPU_CACHE_MB", "lots")
    with pytest.raises(ValueError, match="XTENSOR_CPU_CACHE_MB must be a whole number"):
        IterConfig.unary_op(None, np.ones(1 << 18)).build()
    del keep


def test_empty_cache_releases_only_free_buffers(monkeypatch):
    from xtensor._backends import cpu as allocator

    monkeypatch.setattr(allocator, "MIN_BYTES", 1 << 20)
    allocator.cache_clear()
    a = np.ones(1 << 18)
    live = IterConfig.unary_op(None, a).build().outputs[0]
    IterConfig.unary_op(None, a).build()  # its output is dropped at once: a free buffer
    held = a.nbytes + allocator.ALIGN  # each buffer has room to start on a page
    assert allocator.cache_info() == {"buffers": 2, "bytes": 2 * held, "free": 1}
    assert xt.empty_cache() == held
    assert allocator.cache_info() == {"buffers": 1, "bytes": held, "free": 0}
    del live
    assert xt.empty_cache() == held and allocator.cache_info()["buffers"] == 0


def test_outputs_below_min_bytes_bypass_the_cache():
    from xtensor._backends import cpu as allocator

    allocator.cache_clear()
    out = IterConfig.unary_op(None, np.ones(allocator.MIN_BYTES // 8 - 1)).build().outputs[0]
    assert out.flags.owndata and allocator.cache_info()["buffers"] == 0


def test_num_threads_from_environment():
    import subprocess
    import sys

    code = "import xtensor; print(xtensor.get_num_threads())"
    env = {"XTENSOR_NUM_THREADS": "3", "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.stdout.strip() == "3", done.stderr
    env["XTENSOR_NUM_THREADS"] = "many"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode != 0 and "XTENSOR_NUM_THREADS must be a positive integer" in done.stderr

"""Note [Radix runs in threads]: the compiled merge, the radix argsort's sorted keys, and long
rows sorted in runs among threads; Note [Digits that vary]: the radix sort of values that
differ in a few bytes; against NumPy's stable sort and argsort bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_sorting import EXTREME_INTS, POOL, _bits, _keys
from xtensor._backends import cpu_sort, cpu_threads
from xtensor._iter import parallel

pytestmark = pytest.mark.skipif(
    cpu_sort._csort is None, reason="the compiled sorts are not built (or XTENSOR_PURE_PYTHON)"
)
MERGED = ["int32", "uint32", "int64", "uint64", "float32", "float64"]


def _same_bits(got, want) -> bool:
    width = f"u{want.itemsize}"
    return got.view(width).tobytes() == want.view(width).tobytes()


@given(
    dtype=st.sampled_from(MERGED),
    n=st.integers(0, 70),
    spread=st.sampled_from([2, 50, None]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=4),
    extremes=st.lists(st.sampled_from(EXTREME_INTS), max_size=2),
    cuts=st.tuples(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1)),
    seed=st.integers(0, 2**16),
)
def test_compiled_merge_is_the_stable_merge(dtype, n, spread, picks, extremes, cuts, seed):
    """`_csort.merge` of two stably sorted runs, any part k0:k1 of the output: NumPy's stable
    sort of the whole (the first run's values first on ties, -0.0 tied with 0.0, NaNs of any
    payload last and tied), values and positions, or positions alone."""
    x = _keys(dtype, (n,), spread, picks, extremes, seed)
    cut = int(cuts[0] * n)
    k0 = int(cuts[1] * n)
    k1 = k0 + int(cuts[2] * (n - k0))
    pa = np.argsort(x[:cut], kind="stable")
    pb = np.argsort(x[cut:], kind="stable") + cut
    a, b = x[pa], x[pb]
    want = np.argsort(x, kind="stable")[k0:k1]
    values, positions = np.empty(k1 - k0, x.dtype), np.empty(k1 - k0, np.intp)
    assert cpu_sort._csort.merge(a, b, values, k0, pa, pb, positions) is True
    np.testing.assert_array_equal(positions, want)
    assert _same_bits(values, x[want])
    alone = np.empty(k1 - k0, np.intp)
    assert cpu_sort._csort.merge(a, b, None, k0, pa, pb, alone) is True
    np.testing.assert_array_equal(alone, want)
    only_values = np.empty(k1 - k0, x.dtype)
    assert cpu_sort._csort.merge(a, b, only_values, k0) is True
    assert _same_bits(only_values, x[want])


def test_compiled_merge_refuses_what_it_does_not_merge():
    """Other dtypes, mixed dtypes, a part past the runs' end: None (the caller's timsort)."""
    merge, h = cpu_sort._csort.merge, np.arange(4, dtype=np.int16)
    assert merge(h, h, np.empty(8, np.int16), 0) is None
    f, g = np.arange(4.0), np.arange(4, dtype=np.float32)
    assert merge(f, g, np.empty(8), 0) is None
    assert merge(f, f, np.empty(8), 1) is None
    assert merge(f, f, np.empty(8), 0, np.arange(4), np.arange(4)) is None  # no pout
    assert merge(f, f, np.empty(16)[::2], 0) is None  # a strided part
    assert merge(f[::2], f[::2], np.empty(4), 0) is None


@pytest.mark.parametrize("dtype", ["float64", "int64", "uint64", "float32", "int32", "int8"])
@pytest.mark.parametrize("n", [1, 9, 700, 3000])
def test_radix_keys_order_the_argsort(dtype, n):
    """`_csort.radix(..., keys)`: the same argsort as without keys, and the sorted keys
    ascending, equal exactly where the sorted values tie (so merges of runs by keys keep the
    stable order), ascending and descending, with one pass, several, or none."""
    rng = np.random.default_rng(n)
    for a in (_keys(dtype, (n,), 50, [0, 1, 5, 6, 7], [], n), np.full(n, 3, dtype)):
        if a.dtype.kind == "f":
            a[rng.integers(0, n, 3)] = _bits(dtype, POOL[1])
        for descending in (False, True):
            order, keys = np.empty(n, np.intp), np.empty(n, np.uint64)
            assert cpu_sort._csort.radix(a, order, descending, keys) is True
            plain = np.empty(n, np.intp)
            assert cpu_sort._csort.radix(a, plain, descending) is True
            np.testing.assert_array_equal(order, plain)
            s = a[order]
            tie = s[1:] == s[:-1]
            if a.dtype.kind == "f":
                tie |= np.isnan(s[1:]) & np.isnan(s[:-1])
            assert (keys[1:] >= keys[:-1]).all()
            np.testing.assert_array_equal(keys[1:] == keys[:-1], tie)


@pytest.fixture
def long_rows(monkeypatch):
    """Rows of 64 values and more sort in runs of 16 or more (as 2**18 values would), with
    `_csort.merge`'s calls counted; `threads(n)` sets the threads the runs see."""
    merges = []

    class Counting:
        def __getattr__(self, name):
            return getattr(cpu_sort._csort, name)

        def merge(self, *args):
            merges.append(len(args))
            return cpu_sort._csort.merge(*args)

    monkeypatch.setattr(cpu_sort, "RADIX_RUNS_MIN", {4: 64, 8: 64})
    monkeypatch.setattr(cpu_threads, "SORT_GRAIN", 16)
    monkeypatch.setattr(cpu_threads, "_csort", Counting())
    monkeypatch.setitem(cpu_sort._RADIX_WINS, np.dtype("float64"), True)
    monkeypatch.setitem(cpu_sort._RADIX_WINS, np.dtype("int32"), True)

    def threads(n):
        monkeypatch.setattr(parallel, "usable_threads", lambda: n)
        monkeypatch.setattr(parallel, "get_num_threads", lambda: n)

    return threads, merges


@pytest.mark.parametrize("threads", [2, 3, 4])
@pytest.mark.parametrize("dtype", ["float64", "int32"])
@pytest.mark.parametrize("specials", [False, True])
def test_long_rows_sort_in_runs(long_rows, threads, dtype, specials):
    """One long row sorts and argsorts (either order) in a run per thread, merged in one or
    more rounds: NumPy's stable answer bit for bit. Rows whose runs the values' radix sort
    refuses (zeros of both signs) take the other sorts, with the same answer."""
    set_threads, merges = long_rows
    set_threads(threads)
    rng = np.random.default_rng(threads)
    for n in (2049, 5001):  # (shorter rows take the compiled twins, NumPy's sorts)
        a = rng.integers(-20, 20, n).astype(dtype)  # many ties
        if specials and dtype == "float64":
            a[rng.integers(0, n, 9)] = [0.0, -0.0, np.nan, -np.nan, np.inf] + [-0.0] * 4
        x, merges[:] = xt.asarray(a), []
        assert _same_bits(xt.sort(x)._data, np.sort(a, kind="stable"))
        np.testing.assert_array_equal(xt.argsort(x)._data, np.argsort(a, kind="stable"))
        flipped = np.argsort(a[::-1], kind="stable")
        want = n - 1 - flipped[::-1]  # the stable descending order
        np.testing.assert_array_equal(xt.argsort(x, descending=True)._data, want)
        assert merges, "no run was merged"


@pytest.mark.parametrize("dtype", [*MERGED, "int8", "uint16", "float16"])
@pytest.mark.parametrize("late", [0, 63, 64, 500])
@pytest.mark.parametrize("row", [1, 7, 64, 65, 1000])
def test_values_that_differ_in_a_few_bytes_sort_as_numpy(dtype, late, row):
    """The radix sorts count only the digits the row's values do not all share: values that
    differ in one byte, or two, at any place, the first difference at the start, just before
    or after the sample of 64 values, or late; NumPy's stable sort (`_csort.sorted`: 4- and
    8-byte dtypes) and argsort, either order (`_csort.radix`), bit for bit."""
    width = np.dtype(dtype).itemsize
    rng = np.random.default_rng(row + late)
    for places in ([0], [width - 1], sorted({min(1, width - 1), max(width - 2, 0)}), range(width)):
        bits = np.full(row, 0x3F, np.uint64) << np.uint64(8 * (width - 1))  # (a float's 1.x)
        for place in places:
            digit = rng.integers(0, 3, row).astype(np.uint64) << np.uint64(8 * place)
            digit[: min(late, row)] = 0  # every value alike until `late`
            bits |= digit
        a = bits.astype(f"u{width}").view(dtype)
        if dtype[0] == "f":
            a = np.where(np.isnan(a), 1.0, a).astype(dtype)  # (NaNs of other bits are refused)
        order = np.empty(row, np.intp)
        assert cpu_sort._csort.radix(a, order) is True
        np.testing.assert_array_equal(order, np.argsort(a, kind="stable"))
        assert cpu_sort._csort.radix(a, order, True) is True
        np.testing.assert_array_equal(order, row - 1 - np.argsort(a[::-1], kind="stable")[::-1])
        if width >= 4:
            out = np.empty_like(a)
            assert cpu_sort._csort.sorted(a, out) is True
            assert _same_bits(out, np.sort(a, kind="stable"))


@given(
    dtype=st.sampled_from(MERGED),
    k=st.integers(1, 5),
    n=st.integers(64, 3000),
    specials=st.booleans(),
    late=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_rows_of_few_values_sort_as_numpy(dtype, k, n, specials, late, seed):
    """Note [Few distinct values]: a row of up to 4 distinct values sorts by counting them,
    NumPy's stable sort bit for bit; a fifth value, early or late (after the sample), zeros
    of both signs and NaNs of other bits go to the radix sort, with the same answer. With
    ties=False the sort answers NumPy's bits or refuses."""
    rng = np.random.default_rng(seed)
    if dtype[0] == "f":
        pool = [1.5, -2.0, 7.0, np.inf, -np.inf]
        pool += [0.0, -0.0, np.nan, -np.nan] if specials else []
        values = rng.choice(np.array(pool, dtype), k)
    else:
        values = rng.integers(-5 if dtype[0] == "i" else 0, 2**31 - 1, k).astype(dtype)
    a = values[rng.integers(0, k, n)]
    if late:
        a[-1] = a.max() // 2 + 1 if dtype[0] != "f" else 0.25  # a value the sample did not see
    for ties in (True, False):
        out = np.empty_like(a)
        answered = cpu_sort._csort.sorted(a, out, ties)
        assert answered or not ties
        if answered:
            assert _same_bits(out, np.sort(a, kind="stable"))


def test_long_rows_of_few_values_sort_whole(long_rows):
    """A long row whose first 64 values are few sorts whole, by counting (no runs, no
    merge): xt.sort and xt.unique give NumPy's answers."""
    set_threads, merges = long_rows
    set_threads(2)
    a = np.round(np.random.default_rng(3).random(5001))  # 0.0 and 1.0
    x = xt.asarray(a)
    assert _same_bits(xt.sort(x)._data, np.sort(a, kind="stable"))
    np.testing.assert_array_equal(xt.unique(x)._data, np.unique(a))
    assert not merges


@pytest.mark.parametrize("dtype", ["float64", "int64", "float32", "int32", "uint8"])
def test_sorts_with_scratch_answer_as_without(dtype):
    """Note [Sort scratch]: `_csort.sorted` and `_csort.radix` with a caller's scratch buffer
    (exactly as large as needed, larger, too small or misaligned: malloc's then) answer as
    without one; a read-only one is refused."""
    rng = np.random.default_rng(7)
    a = _keys(dtype, (3, 2500), 50, [0, 1, 5, 6, 7], [], 7)
    if a.dtype.kind == "f":
        a[0, rng.integers(0, 2500, 3)] = _bits(dtype, POOL[1])
    per_value = 16 if a.itemsize > 4 else 8
    for descending in (False, True):
        plain = np.empty(a.shape, np.intp)
        assert cpu_sort._csort.radix(a, plain, descending) is True
        for size in (2500 * per_value, 2500 * per_value + 64, 100):
            for offset in (0, 3):
                scratch = np.full(size + offset, 0xAB, np.uint8)[offset:]
                order, keys = np.empty(a.shape, np.intp), np.empty(a.size, np.uint64)
                assert cpu_sort._csort.radix(a, order, descending, keys, scratch) is True
                np.testing.assert_array_equal(order, plain)
    if a.itemsize in (4, 8):
        want = np.sort(a, kind="stable")
        for scratch in (np.empty(2500 * a.itemsize, np.uint8), np.empty(8, np.uint8)):
            out = np.empty_like(a)
            assert cpu_sort._csort.sorted(a, out, True, scratch) is True
            assert _same_bits(out, want)
    else:
        assert cpu_sort._csort.sorted(a, np.empty_like(a), True, np.empty(8, np.uint8)) is None
    frozen = np.empty(2500 * per_value, np.uint8)
    frozen.flags.writeable = False
    with pytest.raises((BufferError, ValueError)):
        cpu_sort._csort.radix(a, np.empty(a.shape, np.intp), False, None, frozen)


def test_long_sorts_take_their_scratch_from_the_output_cache(monkeypatch):
    """A sort whose temporaries malloc would map afresh (a row of 8-byte values past its mmap
    threshold; in runs on two threads, the argsort's runs of 16 bytes a value) takes them from
    the output buffer cache, and answers NumPy's stable sort; shorter rows' come from the C's
    malloc."""
    asked = []
    scratch = cpu_sort._scratch

    def counted(rows, per_value):
        got = scratch(rows, per_value)
        asked.append((per_value, got is not None and got.base is not None))
        return got

    monkeypatch.setattr(cpu_sort, "_scratch", counted)
    n = (32 << 20) // 8 + 1000  # just past malloc's mmap threshold
    a = np.random.default_rng(3).standard_normal(n)
    a[::97] = 0.5  # ties
    x = xt.asarray(a)
    cached = {1: [(8, True), (16, True)], 2: [(8, False)] * 2 + [(16, True)] * 2}
    for threads in (1, 2):
        monkeypatch.setattr(parallel, "usable_threads", lambda threads=threads: threads)
        asked.clear()
        assert _same_bits(xt.sort(x)._data, np.sort(a, kind="stable"))
        np.testing.assert_array_equal(xt.argsort(x)._data, np.argsort(a, kind="stable"))
        assert asked == cached[threads]
    asked.clear()
    xt.sort(x[:5000])
    assert asked == [(8, False)]

"""The CPU backend's parallel scans, stable sorts, casts, gathers and mask compaction
(`_backends/cpu_threads.py`), against NumPy, and bit-identical for 1, 2 and 3 threads.

The size thresholds and grain sizes are shrunk (the `small` fixture), so arrays of a few
thousand elements really split into blocks, runs and chunks and the file stays fast.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from xtensor._backends import cpu_threads
from xtensor._dispatch import host_threads

THREADS = (1, 2, 3)
rng = np.random.default_rng(7)


@pytest.fixture
def small(monkeypatch):
    """Thresholds a few thousand elements cross; the thread count restored afterwards."""
    for name, value in {
        "SCAN_MIN": 2000,
        "SCAN_BLOCK": 128,
        "COMPILED_SCAN_THREADS": 2000,
        "SORT_MIN": 512,
        "ARGSORT_MIN": 512,
        "SORT_GRAIN": 64,
        "CAST_MIN": 4096,
        "TAKE_MIN": 1024,
        "MASK_MIN": 4096,
    }.items():
        monkeypatch.setattr(cpu_threads, name, value)
    before = xt.get_num_threads()
    yield monkeypatch
    xt.set_num_threads(before)


def per_thread_count(run):
    """[run() as a NumPy array for each thread count in THREADS]."""
    results = []
    for n in THREADS:
        xt.set_num_threads(n)
        results.append(np.asarray(run()))
    return results


def assert_identical(results):
    first = results[0]
    for r in results[1:]:
        assert r.dtype == first.dtype and r.shape == first.shape
        assert r.tobytes() == first.tobytes()


# --- scans (Note [Block scan]) -------------------------------------------------------------------

SCAN_CASES = [
    # (shape, axis, dtype of x): 1-d, few rows (blocks of rows), many rows (whole rows)
    ((5001,), 0, np.float64),
    ((5001,), 0, np.float32),
    ((5001,), 0, np.complex128),
    ((5001,), 0, np.int64),
    ((5001,), 0, np.int8),
    ((5001,), 0, np.bool_),
    ((3, 2100), 1, np.float64),
    ((2100, 3), 0, np.float32),
    ((40, 300), 1, np.float64),
    ((300, 40), 0, np.int32),
]


def _values(shape, dtype, near_one=False):
    if dtype is np.bool_:
        return rng.random(shape) < 0.5
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-100, 100, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    x = 1 + x / 1000 if near_one else x
    return x.astype(dtype)


@pytest.mark.parametrize("shape, axis, dtype", SCAN_CASES)
@pytest.mark.parametrize("func", ["cumulative_sum", "cumulative_prod"])
def test_scan_matches_numpy_and_is_thread_count_independent(small, shape, axis, dtype, func):
    x = _values(shape, dtype, near_one=func == "cumulative_prod")
    a = xt.asarray(x)
    results = per_thread_count(lambda: getattr(xt, func)(a, axis=axis))
    assert_identical(results)
    want = (np.cumsum if func == "cumulative_sum" else np.cumprod)(x, axis=axis)
    got = results[0]
    assert got.dtype == want.dtype and got.shape == want.shape
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want)  # integer scans are exact
    else:
        rtol = 1e-4 if want.dtype in (np.float32, np.complex64) else 1e-11
        np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * np.abs(want).max())


def test_block_scan_really_splits_and_rounds_differently_from_numpy(small):
    # Without this the tests above could pass on NumPy's own sequential loop.
    x = rng.standard_normal(5001)
    got = np.asarray(xt.cumulative_sum(xt.asarray(x)))
    assert got.tobytes() != np.cumsum(x).tobytes()
    np.testing.assert_allclose(got, np.cumsum(x), rtol=1e-11, atol=1e-11)


@pytest.mark.parametrize("dtype", [np.int64, np.uint64, np.int32])
def test_integer_scan_wraps_as_numpy(small, dtype):
    info = np.iinfo(dtype)
    x = rng.integers(info.max // 4, info.max // 2, 5001, dtype=dtype)
    for threads in THREADS:
        xt.set_num_threads(threads)
        np.testing.assert_array_equal(np.asarray(xt.cumsum(xt.asarray(x))), np.cumsum(x))
        want = np.cumprod(x | 1)  # odd factors: never 0, wrapping on every step
        np.testing.assert_array_equal(np.asarray(xt.cumprod(xt.asarray(x | 1))), want)
    narrow = np.cumsum(x, dtype=np.int8)  # cast, then wrap in int8
    np.testing.assert_array_equal(np.asarray(xt.cumsum(xt.asarray(x), dtype=xt.int8)), narrow)


def test_scan_of_views_and_include_initial(small):
    x = rng.standard_normal((2, 9000))
    for view in (x[:, ::2], x[::-1, ::-3], x.T[::2].T):
        a = xt.asarray(view)
        results = per_thread_count(lambda a=a: xt.cumulative_sum(a, axis=1, include_initial=True))
        assert_identical(results)
        want = np.concatenate([np.zeros((2, 1)), np.cumsum(view, axis=1)], axis=1)
        np.testing.assert_allclose(results[0], want, rtol=1e-11, atol=1e-9)


def test_scan_nan_and_inf_propagate(small):
    x = rng.standard_normal(5001)
    x[3000], x[4000] = np.nan, np.inf
    results = per_thread_count(lambda: xt.cumsum(xt.asarray(x)))
    assert_identical(results)
    np.testing.assert_allclose(results[0], np.cumsum(x), rtol=1e-11, atol=1e-11)


# --- sort and argsort (Note [Parallel stable sort]) ---------------------------------------------


def _sortable(n, dtype):
    if np.dtype(dtype).kind in "iu":
        return rng.integers(0, 50, n).astype(dtype)  # many ties
    x = rng.standard_normal(n).astype(dtype)
    x[rng.integers(0, n, n // 20)] = np.nan
    x[rng.integers(0, n, n // 20)] = -0.0
    x[rng.integers(0, n, n // 20)] = 0.0
    x[rng.integers(0, n, n // 20)] = 1.5  # ties among plain numbers too
    return x


def _serial(small, run):
    """run() on the serial path (the code before parallel sorts): NumPy's stable sort."""
    with small.context() as m:
        m.setattr(cpu_threads, "SORT_MIN", 1 << 62)
        m.setattr(cpu_threads, "ARGSORT_MIN", 1 << 62)
        return np.asarray(run())


@pytest.mark.parametrize(
    "dtype", [np.float64, np.float32, np.float16, np.int64, np.int32, np.uint32, np.uint64]
)
@pytest.mark.parametrize("n", [600, 5003])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_and_argsort_equal_the_serial_stable_sort(small, dtype, n, descending):
    x = _sortable(n, dtype)
    a = xt.asarray(x)
    for func in (xt.sort, xt.argsort):
        results = per_thread_count(lambda f=func: f(a, descending=descending))
        assert_identical(results)  # bytes: NaNs and signed zeros in the same places
        want = _serial(small, lambda f=func: f(a, descending=descending))
        assert results[0].tobytes() == want.tobytes() and results[0].dtype == want.dtype
    if not descending:
        assert results[0].tobytes() == np.argsort(x, kind="stable").astype(np.int64).tobytes()


@pytest.mark.parametrize("shape, axis", [((3, 2000), 1), ((2000, 3), 0), ((40, 300), 1)])
def test_sort_along_an_axis_of_a_view(small, shape, axis):
    x = _sortable(shape[0] * shape[1] * 2, np.float64).reshape(shape[0], -1)[:, ::2]
    x = x.reshape(shape) if x.shape != shape else x
    a = xt.asarray(x)
    for func, ref in ((xt.sort, np.sort), (xt.argsort, np.argsort)):
        results = per_thread_count(lambda f=func: f(a, axis=axis))
        assert_identical(results)
        want = ref(x, axis=axis, kind="stable")
        assert results[0].tobytes() == want.astype(results[0].dtype).tobytes()


def test_unstable_sort_stays_numpy_own(small):
    x = (np.arange(5000) % 7).astype(np.float64)
    xt.set_num_threads(2)
    got = np.asarray(xt.argsort(xt.asarray(x), stable=False))
    np.testing.assert_array_equal(got, np.argsort(x))


def test_merge_path_splits_ties_stably():
    a, b = np.array([1.0, 2.0, 2.0, np.nan]), np.array([2.0, 2.0, np.nan])
    # The first 3 merged: 1 and both 2.0s of a (a wins ties); then b's 2.0s, then the NaNs.
    assert [cpu_threads._merge_path(a, b, k) for k in range(8)] == [0, 1, 2, 3, 3, 3, 4, 4]


@given(st.lists(st.integers(-3, 3) | st.just(None), min_size=600, max_size=900))
def test_sort_property(values):
    x = np.array([np.nan if v is None else v for v in values], dtype=np.float32)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(cpu_threads, "SORT_MIN", 512)
        m.setattr(cpu_threads, "ARGSORT_MIN", 512)
        m.setattr(cpu_threads, "SORT_GRAIN", 64)
        before = xt.get_num_threads()
        try:
            xt.set_num_threads(3)
            got = np.asarray(xt.argsort(xt.asarray(x)))
            values_got = np.asarray(xt.sort(xt.asarray(x)))
        finally:
            xt.set_num_threads(before)
    np.testing.assert_array_equal(got, np.argsort(x, kind="stable"))
    assert values_got.tobytes() == np.sort(x, kind="stable").tobytes()


# --- astype, take, masks, where -------------------------------------------------------------


@pytest.mark.parametrize(
    "source, target",
    [
        (np.float64, xt.float32),
        (np.float64, xt.int32),
        (np.int64, xt.float64),
        (np.bool_, xt.uint8),
    ],
)
def test_astype(small, source, target):
    x = _values((70, 90), source)
    if source is np.float64:
        x[0, :3] = (np.nan, np.inf, 1e300)  # implementation-defined casts, equal to NumPy's
    for view in (x, np.asfortranarray(x), x[:, ::2]):
        a = xt.asarray(view)
        results = per_thread_count(lambda a=a: xt.astype(a, target))
        assert_identical(results)
        with np.errstate(all="ignore"):
            want = view.astype(target.numpy)
        assert results[0].tobytes() == want.tobytes() and results[0].dtype == want.dtype
        assert results[0].flags.f_contiguous == want.flags.f_contiguous
        assert np.asarray(a.astype(target)).tobytes() == want.tobytes()  # the method too


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_take(small, axis):
    x = rng.standard_normal((60, 70))
    size = x.size if axis is None else x.shape[axis]
    idx = rng.integers(-size, size, 3000)
    a, i = xt.asarray(x), xt.asarray(idx)
    results = per_thread_count(lambda: xt.take(a, i, axis=axis))
    assert_identical(results)
    np.testing.assert_array_equal(results[0], np.take(x, idx, axis=axis))
    bad = idx.copy()
    bad[2500] = size
    xt.set_num_threads(2)
    with pytest.raises(IndexError, match=f"take: index {size} is out of bounds"):
        xt.take(a, xt.asarray(bad), axis=axis)
    for mode in ("wrap", "clip"):
        got = xt.take(a, xt.asarray(bad * 3), axis=axis, mode=mode)
        np.testing.assert_array_equal(np.asarray(got), np.take(x, bad * 3, axis=axis, mode=mode))


@pytest.mark.parametrize("dtype", [np.float64, np.int8, np.complex64])
def test_masked(small, dtype):
    x = _values((80, 70), dtype)
    mask = rng.random(x.shape) < 0.4
    results = per_thread_count(lambda: host_threads.masked(x, mask))
    assert_identical(results)
    np.testing.assert_array_equal(results[0], x[mask])
    np.testing.assert_array_equal(host_threads.masked(x.T, mask.T), x.T[mask.T])  # F order
    assert host_threads.masked(x, np.zeros_like(mask)).shape == (0,)
    halves = np.zeros_like(mask)  # (two chunks of 2800 here) one all set: a copy; one none
    halves[:40] = True
    for m in (halves, ~halves, np.ones_like(mask), halves & mask):
        results = per_thread_count(lambda m=m: host_threads.masked(x, m))
        assert_identical(results)
        np.testing.assert_array_equal(results[0], x[m])


def test_where_large(small):
    c = rng.random(5000) < 0.5
    x, y = rng.standard_normal(5000), rng.standard_normal(5000).astype(np.float32)
    for second in (x[::-1], y, 2.5):  # one dtype (one pass), a cast, a Python scalar
        b = xt.asarray(second) if isinstance(second, np.ndarray) else second
        results = per_thread_count(lambda b=b: xt.where(xt.asarray(c), xt.asarray(x), b))
        assert_identical(results)
        np.testing.assert_array_equal(results[0], np.where(c, x, second))

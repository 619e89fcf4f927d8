"""Where large elementwise calls split (Note [Memory-bound grain] in `_backends/cpu.py`) and
how a large `x op= y` or `out=` call on one usable thread runs NumPy's loop whole
(`elision.run_into`): the answers against NumPy, and which path ran."""

import numpy as np
import pytest

import xtensor as xt
from xtensor._backends.cpu import MEMORY_BOUND_BYTES, grain_for
from xtensor._dispatch import PLANS
from xtensor._dispatch.optable import BY_NAME
from xtensor._iter import GRAIN_SIZE, parallel

F32 = np.dtype(np.float32)
# Above two GRAIN_SIZEs (where `exp` splits) and below two memory-bound float32 grains.
MID = 3 * GRAIN_SIZE + 5


@pytest.fixture
def threads():
    before = xt.get_num_threads()
    yield xt.set_num_threads
    xt.set_num_threads(before)


@pytest.mark.parametrize(
    "name, dtype, expected",
    [
        ("add", np.float32, MEMORY_BOUND_BYTES // 4),
        ("add", np.float64, MEMORY_BOUND_BYTES // 8),
        ("less", np.float64, MEMORY_BOUND_BYTES // 8),  # the widest operand, not the bool result
        ("add", np.complex128, GRAIN_SIZE),  # never below GRAIN_SIZE
        ("exp", np.float32, GRAIN_SIZE),  # compute-bound: GRAIN_SIZE at any dtype
    ],
)
def test_grain_for(name, dtype, expected):
    operands = (np.empty(3, dtype), np.empty(3, dtype), 2.0)
    assert grain_for(BY_NAME[name], operands) == max(GRAIN_SIZE, expected)


def test_one_array_alone_splits_from_twice_the_bytes():
    # `x *= 2.0` reads and writes the same lines (Note [Memory-bound grain])
    a, b = np.empty(3, np.float32), np.empty(3, np.float32)
    assert grain_for(BY_NAME["multiply"], (a, a, 2.0)) == 2 * MEMORY_BOUND_BYTES // 4
    assert grain_for(BY_NAME["negative"], (a, a)) == 2 * MEMORY_BOUND_BYTES // 4
    assert grain_for(BY_NAME["add"], (a, a, b)) == MEMORY_BOUND_BYTES // 4
    assert grain_for(BY_NAME["add"], (a, a[:])) == MEMORY_BOUND_BYTES // 4  # (a view: two)


def test_memory_bound_ops_split_later(threads, splits):
    threads(2)
    a = np.linspace(0, 1, MID, dtype=F32)
    b = np.linspace(1, 2, MID, dtype=F32)
    x, y = xt.asarray(a), xt.asarray(b)
    for _ in range(2):  # the full path, then the planned call
        np.testing.assert_array_equal(np.asarray(x + y), a + b)
    assert splits == []
    for _ in range(2):
        np.testing.assert_array_equal(np.asarray(xt.exp(x)), np.exp(a))
    assert len(splits) == 2
    n = 2 * (MEMORY_BOUND_BYTES // 4) + 3
    big = xt.ones(n, dtype=xt.float32)
    np.testing.assert_array_equal(np.asarray(big * 3.0), np.full(n, 3.0, np.float32))
    assert len(splits) == 3


def _cases(n):
    rng = np.random.default_rng(3)
    a = rng.standard_normal(n).astype(F32)
    b = rng.standard_normal(n).astype(F32)
    return a, b


@pytest.mark.parametrize("count", [1, 2])
def test_large_into_calls_match_numpy(threads, count):
    """On one thread they skip the iterator (no plan-cache miss); on two the mid-size
    memory-bound ones run whole too. Either way the answer is NumPy's."""
    threads(count)
    a, b = _cases(MID)
    x, y = xt.asarray(a.copy()), xt.asarray(b)
    misses = PLANS.misses
    x += y
    x *= 2.0
    x -= 1
    out = xt.empty(MID, dtype=xt.float32)
    xt.multiply(x, y, out=out)
    xt.add(x, y, out)  # positional out
    expected = (a + b) * np.float32(2.0) - 1
    np.testing.assert_array_equal(np.asarray(x), expected)
    np.testing.assert_array_equal(np.asarray(out), expected + b)
    assert PLANS.misses == misses


def test_large_into_overlap_is_numpy_answer(threads):
    threads(1)
    a, _ = _cases(MID)
    z = xt.asarray(a.copy())
    z[1:] += z[:-1]  # reads what an earlier element wrote: NumPy copies the input first
    expected = a.copy()
    expected[1:] += expected[:-1]
    np.testing.assert_array_equal(np.asarray(z), expected)
    z[:-1] *= z[1:]
    expected[:-1] *= expected[1:]
    np.testing.assert_array_equal(np.asarray(z), expected)


def test_large_into_refusals(threads):
    threads(1)
    frozen = np.zeros(MID, np.float32)
    frozen.flags.writeable = False
    x = xt.asarray(frozen)
    with pytest.raises(ValueError, match="read-only"):
        x += 1.0
    i8 = xt.zeros(MID, dtype=xt.int8)
    with pytest.raises(OverflowError):
        i8 += 300  # NumPy refuses a Python int outside int8 as well
    with pytest.raises(ValueError, match="add"):  # does not broadcast into x
        xt.add(xt.zeros(MID, dtype=xt.float32), xt.zeros(MID, dtype=xt.float32), out=xt.zeros(3))
    i8 += 3
    np.testing.assert_array_equal(np.asarray(i8), np.full(MID, 3, np.int8))


@pytest.mark.parametrize("count", [1, 2])
def test_in_place_calls_the_twin_runs_whole_stay_in_c(threads, splits, count):
    """Past the small tables' size, `x op= y` and `out=` calls that the Python path would run
    as one loop (one thread set, or below two of the op's grains) run in the C twins, with
    NumPy's answer; a call the Python path splits still splits."""
    from tests.test_cfast import python_frames
    from xtensor._dispatch.compiled import CFAST

    threads(count)
    n = 2 * (MEMORY_BOUND_BYTES // 4) + 3  # float32: one array alone stays whole below 2x
    a, b = np.linspace(0, 1, n, dtype=F32), np.linspace(1, 2, n, dtype=F32)
    x, y = xt.asarray(a.copy()), xt.asarray(b)
    for _ in range(2):  # the first call records the loop
        x *= 1.5
        a *= np.float32(1.5)
    np.testing.assert_array_equal(np.asarray(x), a)
    assert splits == []
    half = n // 2  # `out=` of two arrays: whole below two grains of 8 MiB each
    u, v, w = x[:half], y[:half], xt.empty(half, dtype=xt.float32)
    for _ in range(2):
        xt.multiply(u, v, out=w)
    np.testing.assert_array_equal(np.asarray(w), a[:half] * b[:half])
    if CFAST is not None:
        assert "large" not in python_frames(lambda: x.__imul__(1.0))
        assert "run_into" not in python_frames(lambda: xt.multiply(u, v, out=w))
    x += y  # two arrays: split from 16 MiB each with two threads
    np.testing.assert_array_equal(np.asarray(x), a + b)
    assert len(splits) == (count == 2 and not parallel.serial())


@pytest.mark.parametrize("count", [1, 2])
def test_new_outputs_the_full_path_makes_whole_stay_in_c(threads, splits, count):
    """Past the small tables' size, a call with a new output that the full path runs as one
    NumPy loop (below two of the op's grains, or on one thread below the output cache's
    floor) runs in the C twins, with NumPy's answer (a cast too, on one thread); a call
    whose result may be wider than its operands (int32 / int32 is float64) is sized by the
    widest, so a call the full path splits still splits; and a temporary operand is still
    written into (Note [Temporary elision] in elision.py)."""
    from tests.test_cfast import python_frames
    from tests.test_elision import CALIBRATES
    from xtensor._dispatch import elision
    from xtensor._dispatch.compiled import CFAST

    threads(count)
    n = 2 * (MEMORY_BOUND_BYTES // 4) - 5  # a float32 result: below two grains
    a, b = np.linspace(0, 1, n, dtype=F32), np.linspace(1, 2, n, dtype=F32)
    x, y = xt.asarray(a), xt.asarray(b)
    calls = {
        "x + y": (lambda: x + y, lambda: a + b),
        "x * 1.5": (lambda: x * 1.5, lambda: a * 1.5),
        "2.5 - x": (lambda: 2.5 - x, lambda: 2.5 - a),
        "add(x, y)": (lambda: xt.add(x, y), lambda: np.add(a, b)),
        "x < y": (lambda: x < y, lambda: a < b),
        "-x": (lambda: -x, lambda: -a),
        "abs(x)": (lambda: abs(x), lambda: abs(a)),
        # compute-bound, and a cast: one loop on one thread (on two, split: below)
        "sqrt(x)": (lambda: xt.sqrt(x), lambda: np.sqrt(a)),
        "x.astype(float64)": (lambda: x.astype(xt.float64), lambda: a.astype(np.float64)),
    }
    for name, (got, want) in calls.items():
        got()  # records the loop
        r, w = np.asarray(got()), want()
        assert r.dtype == w.dtype and r.tobytes() == w.tobytes(), name
        if CFAST is not None and (count == 1 or name not in ("sqrt(x)", "x.astype(float64)")):
            # (the C reads xtensor's thread count from `get_num_threads`)
            assert python_frames(got) <= {"<lambda>", "get_num_threads", "_current"}, name
    assert len(splits) == 4 * (count == 2 and not parallel.serial())  # sqrt's and astype's
    splits.clear()
    split = count == 2 and not parallel.serial()
    for _ in range(2):  # complex64 and float64 results, past two of their grains
        z, q = x * 1j, xt.asarray(np.arange(n, dtype=np.int32)) / 3
    np.testing.assert_array_equal(np.asarray(z), a * 1j)
    np.testing.assert_array_equal(np.asarray(q), np.arange(n, dtype=np.int32) / 3)
    assert len(splits) == 4 * split
    if CALIBRATES:
        before = elision.elided_calls()
        r = (x + y) * 2.0  # a temporary: `* 2.0` goes into its buffer
        assert elision.elided_calls() == before + 1
        np.testing.assert_array_equal(np.asarray(r), (a + b) * np.float32(2.0))

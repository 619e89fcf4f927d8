"""Threads: changing the thread count while other threads compute, and results that do not
depend on the thread count (Note [Changing the thread count] in _iter/parallel.py, Note
[Reduction splitting] in _iter/reduce.py). Arrays of 2**20 float64 really split into chunks
(GRAIN_SIZE is 2**19 elements); float sums of 2**24 elements and more (2 * ORDERED_FACTOR *
the reduction GRAIN_SIZE) are summed in fixed slabs of REDUCED_CHUNK elements, whatever the
thread count.
"""

import threading
import time

import numpy as np
import pytest

import xtensor as xt
from xtensor._iter import parallel
from xtensor._iter.reduce import GRAIN_SIZE, ORDERED_FACTOR, choose_split

N = 1 << 20
rng = np.random.default_rng(11)
A = rng.standard_normal(N)
B = rng.standard_normal(N)
M = rng.standard_normal((1024, 1024))


@pytest.fixture
def restore_threads():
    before = xt.get_num_threads()
    yield
    xt.set_num_threads(before)


def _workloads():
    """(name, xtensor computation, NumPy reference, exact?) for large ops and reductions."""
    a, b, m = xt.asarray(A), xt.asarray(B), xt.asarray(M)
    return [
        ("add", lambda: xt.add(a, b), lambda: A + B, True),
        ("multiply_scalar", lambda: a * 3.0, lambda: A * 3.0, True),
        ("sqrt_abs", lambda: xt.sqrt(xt.abs(a)), lambda: np.sqrt(np.abs(A)), True),
        ("sum", lambda: xt.sum(a), lambda: np.sum(A), False),
        ("max", lambda: xt.max(b), lambda: np.max(B), True),
        ("sum_axis0", lambda: xt.sum(m, axis=0), lambda: np.sum(M, axis=0), False),
        ("mean_axis1", lambda: xt.mean(m, axis=1), lambda: np.mean(M, axis=1), False),
    ]


def _check(name, got, want, exact):
    got = np.asarray(got)
    if exact:
        np.testing.assert_array_equal(got, want, err_msg=name)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9, err_msg=name)


def test_changing_thread_count_while_computing(restore_threads):
    work = _workloads()
    wants = [want() for _, _, want, _ in work]
    errors, done, changes = [], threading.Event(), [0]
    deadline = time.monotonic() + 4.0

    def compute(seed):
        try:
            for i in range(seed, seed + 40):
                if time.monotonic() > deadline:
                    break
                name, run, _, exact = work[i % len(work)]
                _check(name, run(), wants[i % len(work)], exact)
        except BaseException as e:  # noqa: BLE001 - every failure is reported below
            errors.append(e)

    def change():
        try:
            while not done.is_set():
                xt.set_num_threads(1 + changes[0] % 3)
                changes[0] += 1
                time.sleep(0.0005)
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    changer = threading.Thread(target=change)
    workers = [threading.Thread(target=compute, args=(k,)) for k in range(4)]
    changer.start()
    for w in workers:
        w.start()
    for w in workers:
        w.join(30)
    done.set()
    changer.join(30)
    assert not errors, errors[:3]
    assert changes[0] > 10  # the count really changed while the workers ran


def test_pool_retired_while_in_use_finishes_its_work(restore_threads):
    xt.set_num_threads(2)
    started, release, seen = threading.Event(), threading.Event(), []

    def chunk(begin, end):
        if begin == 0:  # the calling thread's chunk: hold the pool until released
            started.set()
            release.wait(5)
        seen.append((begin, end))

    caller = threading.Thread(target=parallel.parallel_for, args=(4, chunk, 1))
    caller.start()
    assert started.wait(5)
    in_use = parallel._pool
    xt.set_num_threads(3)  # retires the pool the caller is still using
    assert in_use.retired and in_use.users == 1
    release.set()
    caller.join(5)
    assert [i for b, e in sorted(seen) for i in range(b, e)] == [0, 1, 2, 3]  # each once
    with pytest.raises(RuntimeError):  # shut down by its last user
        in_use.executor.submit(print)
    assert xt.get_num_threads() == 3


@pytest.mark.parametrize("threads", [2, 3, 4])
def test_one_and_n_threads_are_bit_identical(restore_threads, threads):
    a, b, m = xt.asarray(A), xt.asarray(B), xt.asarray(M)

    def results():
        return [
            np.asarray(r).tobytes()
            for r in (
                xt.sum(a),
                xt.sum(m, axis=0),
                xt.sum(m, axis=1),
                xt.mean(a),
                xt.add(xt.multiply(a, b), a),
                xt.exp(a),
            )
        ]

    xt.set_num_threads(1)
    one = results()
    xt.set_num_threads(threads)
    assert results() == one


# float32 (64 MiB): the smallest reduced splits of a float sum (Note [Reduction grain size])
BIG = 2 * ORDERED_FACTOR * GRAIN_SIZE + 12345
F32 = rng.standard_normal(BIG, dtype=np.float32)
F32_M = F32[: (BIG // 1024) * 1024].reshape(-1, 1024)


def test_large_float32_reductions_are_cut_into_slabs():
    # The test below is only meaningful if one thread really sums slab by slab.
    assert choose_split((BIG,), (0,), 1).kind == "reduced"
    assert choose_split(F32_M.shape, (0,), 1).kind == "reduced"


@pytest.mark.parametrize("threads", [2, 3])
def test_large_float32_reductions_bit_identical_across_threads(restore_threads, threads):
    a, m = xt.asarray(F32), xt.asarray(F32_M)
    cases = [
        (lambda: xt.sum(a), np.sum(F32, dtype=np.float64)),
        (lambda: xt.mean(a), np.mean(F32, dtype=np.float64)),
        (lambda: xt.max(a), np.max(F32)),
        (lambda: xt.argmax(a), np.argmax(F32)),
        (lambda: xt.sum(m, axis=0), np.sum(F32_M, axis=0, dtype=np.float64)),
        (lambda: xt.var(a), np.var(F32, dtype=np.float64)),
    ]
    xt.set_num_threads(1)
    one = [np.asarray(run()) for run, _ in cases]
    xt.set_num_threads(threads)
    for (run, want), first in zip(cases, one):
        got = np.asarray(run())
        assert got.tobytes() == first.tobytes() and got.dtype == first.dtype
        np.testing.assert_allclose(got, want, rtol=2e-5, atol=1e-3)

"""How far one elementwise call travels: a first `add` crosses at most six source files (a
large one adds the thread pool's), and a repeat call with the same signature runs one cached
plan (one plan-cache lookup, no iterator build, no planning). A regression here is a design
regression: every call pays for each layer it crosses."""

from __future__ import annotations

import collections
import sys

import numpy as np
import pytest

import xtensor as xt
from xtensor._dispatch import PLANS
from xtensor._dispatch.compiled import CFAST
from xtensor._dispatch.elision import ELIDE_BYTES, calibration
from xtensor._iter import plan_cache_clear

MAX_FIRST_CALL_FILES = 6
PLANNING = {"build", "make_plan", "compute_shape", "compute_types", "iteration_order"}


def _functions_called(fn) -> collections.Counter:
    """(xtensor source file, function) pairs that `fn()` runs, with call counts."""
    calls = collections.Counter()

    def profile(frame, event, _arg):
        if event == "call" and "/xtensor/" in frame.f_code.co_filename:
            path = frame.f_code.co_filename.split("/xtensor/", 1)[1]
            calls[path, frame.f_code.co_name] += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return calls


@pytest.fixture
def fresh_caches():
    PLANS.clear()
    plan_cache_clear()
    yield
    PLANS.clear()


@pytest.mark.parametrize("n", [10, 2**20])
def test_first_add_crosses_few_files(fresh_caches, n):
    a, b = xt.asarray(np.arange(float(n))), xt.asarray(np.ones(n))
    calibration()  # once per process, by the first large call: not this call's path
    files = {path for path, _ in _functions_called(lambda: xt.add(a, b))}
    if n >= 2 * xt._iter.GRAIN_SIZE:  # large: chunks go to the thread pool
        files.discard("_iter/parallel.py")
    if n * 8 >= ELIDE_BYTES:  # large: the operand is checked for temporary elision
        files.discard("_dispatch/elision.py")
    assert len(files) <= MAX_FIRST_CALL_FILES, sorted(files)


@pytest.mark.parametrize("n", [10, 2**20])
def test_repeat_add_runs_one_cached_plan(fresh_caches, n):
    a, b = xt.asarray(np.arange(float(n))), xt.asarray(np.ones(n))
    want = np.asarray(xt.add(a, b))
    hits, misses = PLANS.hits, PLANS.misses
    called = _functions_called(lambda: xt.add(a, b))
    assert (PLANS.hits - hits, PLANS.misses - misses) == (1, 0)
    assert not PLANNING & {name for _, name in called}, sorted(called)
    np.testing.assert_array_equal(np.asarray(xt.add(a, b)), want)


def test_warm_operators_run_one_frame(fresh_caches):
    """`x + y`, `x < y`, `-x` and `x += y` are the public function's own fast path (or the
    in-place table's), bound as the dunder: no wrapper frame in between. With the compiled
    hot path (`_dispatch/compiled.py`) the dunder is the C twin, and no Python frame runs;
    without it, the dunder runs once with its helpers (values, the warnings' swap) and none
    of the engine's frames."""
    x, y = xt.asarray(np.arange(4.0)), xt.asarray(np.ones(4))

    def iadd():
        z = x
        z += y

    helpers = ("_dispatch/elementwise.py", "_dispatch/plans.py", "_backends/cpu.py")
    for fn, dunder in ((lambda: x + y, "__add__"), (lambda: x < y, "__lt__"),
                       (lambda: -x, "__neg__"), (iadd, "__iadd__")):  # fmt: skip
        fn()
        called = _functions_called(fn)
        if CFAST is not None:
            assert sum(called.values()) == 0, called
            continue
        assert sum(n for (_, name), n in called.items() if name == dunder) == 1, called
        assert all(path in helpers or path == "_dispatch/inplace.py" for path, _ in called)

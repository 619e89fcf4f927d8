"""Costly loops split early (Note [Costly loops] in `_backends/cpu_grain.py`): their measured
grains, which calls split on every path (operators, ufunc calls, `out=`, temporaries), and
answers equal to NumPy's whole calls bit for bit, wherever the chunks are cut."""

import operator

import numpy as np
import pytest

import xtensor as xt
from tests.test_cfast import python_frames
from xtensor._backends import cpu_grain
from xtensor._backends.cpu import grain_for
from xtensor._dispatch import elision
from xtensor._dispatch.compiled import CFAST
from xtensor._dispatch.optable import BY_NAME
from xtensor._iter import GRAIN_SIZE, parallel

# Odd, past several of the least grains, and under the small tables' bound (2**20).
N = 5 * cpu_grain.GRAIN_MIN + 3


@pytest.fixture
def least_grains(monkeypatch):
    """Every loop measured anew as costly enough for the least grain."""
    monkeypatch.setattr(cpu_grain, "CHUNK_NS", 1)
    monkeypatch.setattr(cpu_grain, "COSTLY_NS", 0)
    monkeypatch.setattr(cpu_grain, "_grains", {})
    sizes = elision.SPLIT_SIZES  # (the C twins hold this dict: emptied, not replaced)
    saved = dict(sizes)
    sizes.clear()
    try:
        yield
        assert all(v == 2 * cpu_grain.GRAIN_MIN for v in sizes.values()), sizes
    finally:
        sizes.clear()
        sizes.update(saved)


def test_measured_grains_lie_between_the_bounds():
    for name, dtype in [("sin", "f8"), ("floor_divide", "f8"), ("exp", "c16")]:
        d = np.dtype(dtype)
        grain = cpu_grain.costly_grain(BY_NAME[name], d, d)
        assert cpu_grain.GRAIN_MIN <= grain <= GRAIN_SIZE
        assert grain_for(BY_NAME[name], (), d, d) == grain
    # a loop well under COSTLY_NS an element, a memory-bound op and a loop NumPy lacks keep
    # their rules (float32 `exp`: 0.5 ns an element on the VM of the Note)
    f4, f8 = np.dtype("f4"), np.dtype("f8")
    assert cpu_grain.costly_grain(BY_NAME["exp"], f4, f4) == GRAIN_SIZE
    assert grain_for(BY_NAME["add"], (np.empty(3),), f8, f8) >= GRAIN_SIZE
    text = np.dtype("U3")
    assert cpu_grain.costly_grain(BY_NAME["sin"], text, text) == GRAIN_SIZE


def test_split_min_is_the_c_twins(least_grains):
    # the C asks from cpu_grain.SPLIT_MIN elements (_cfast.h's SPLIT_MIN), not below
    if CFAST is None:
        pytest.skip("the C extension is off")
    x = xt.asarray(np.linspace(0, 1, cpu_grain.SPLIT_MIN))
    small = x[:-1]
    xt.sin(small), xt.sin(x)  # the first calls record plans and sizes
    assert python_frames(lambda: xt.sin(small)) == {"<lambda>"}
    assert "splits" in python_frames(lambda: xt.sin(x))  # (it asks the pool)


CALLS = [
    ("sin", lambda xp, a, b: xp.sin(a)),
    ("cos of a view", lambda xp, a, b: xp.cos(a[3:])),
    ("exp of a temporary", lambda xp, a, b: xp.exp(a * 0.5)),
    ("floor_divide", lambda xp, a, b: a // b),
    ("remainder beside a number", lambda xp, a, b: a % 0.75),
    ("hypot", lambda xp, a, b: xp.hypot(a, b)),
    ("arctan2 of strided views", lambda xp, a, b: xp.arctan2(a[2::2], b[1::2])),
    ("power", lambda xp, a, b: a**b),
    ("out=", lambda xp, a, b: xp.log1p(a, out=xp.empty_like(a))),
]


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("what, call", CALLS, ids=[c[0] for c in CALLS])
def test_split_calls_match_numpys_whole_ones(what, call, dtype, threads, least_grains, splits):
    threads(2)
    rng = np.random.default_rng(7)
    a = (rng.random(N) * 3 + 0.25).astype(dtype)
    b = (rng.random(N) + 0.5).astype(dtype)
    if np.dtype(dtype).kind == "c" and what in ("floor_divide", "remainder beside a number"):
        pytest.skip("no complex floor division")
    if np.dtype(dtype).kind == "c" and what in ("hypot", "arctan2 of strided views"):
        pytest.skip("no complex hypot or arctan2")
    with np.errstate(all="ignore"):
        want = call(np, a, b)
        got = call(xt, xt.asarray(a), xt.asarray(b))
    got = np.asarray(got)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()
    if not parallel.serial():
        assert splits, "the call ran whole"


def test_one_thread_runs_whole_and_answers_the_same(threads, least_grains, splits):
    a = np.linspace(0.1, 3, N)
    threads(1)
    got = np.asarray(xt.sin(xt.asarray(a)))
    assert got.tobytes() == np.sin(a).tobytes() and not splits


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_in_place_calls_split_too(dtype, threads, least_grains, splits):
    threads(2)
    rng = np.random.default_rng(3)
    a = (rng.random(N) * 3 + 0.25).astype(dtype)
    b = (rng.random(N) + 0.5).astype(dtype)
    for update in (
        lambda x, y: operator.ifloordiv(x, y),
        lambda x, y: operator.imod(x, 0.75),
        lambda x, y: operator.ipow(x, 3),
    ):
        want = update(a.copy(), b)
        x = xt.asarray(a.copy())
        view = x[...]
        update(x, xt.asarray(b))
        assert np.asarray(view).tobytes() == want.tobytes()  # written in place, NumPy's bits
    assert len(splits) == 3 or parallel.serial()

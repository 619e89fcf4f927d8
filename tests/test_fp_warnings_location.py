"""NumPy's floating-point warnings point at the user's line, as NumPy's own do (Note [Warnings
at the caller's line] in xtensor/_backends/cpu.py): on a first call (the engine's full path),
on later ones (the small tables, the C), on large arrays split over threads, and as many of
them as NumPy gives."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import xtensor as xt
from xtensor._iter import parallel

CALLS = {
    "divide": lambda m, x: x / 0,
    "log": lambda m, x: m.log(x),
    "sqrt": lambda m, x: m.sqrt(x),
    "power": lambda m, x: m.power(x, -1.5),
    "exp overflow": lambda m, x: m.exp(x * 1000),
    "floor_divide": lambda m, x: m.floor_divide(x, 0.0),
}


def _warnings(call, m, x) -> list:
    # (NumPy's default error state: conftest's autouse fixture ignores every error)
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        call(m, x)
    return [(w.category, str(w.message), w.filename) for w in caught]


@pytest.mark.parametrize("size", [3, 100_000, 3_000_000])
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", CALLS)
def test_warnings_name_the_callers_line_as_numpys_do(name, threads, size):
    values = np.resize(np.array([1.0, 0.0, -1.0]), size)
    before = parallel.get_num_threads()
    parallel.set_num_threads(threads)
    try:
        for _ in range(2):  # the full path, then the recorded plan
            want = _warnings(CALLS[name], np, values)
            got = _warnings(CALLS[name], xt, xt.asarray(values))
            assert got == want and want  # (every call warns: NumPy's error state is "warn")
            assert all(w[2] == __file__ for w in got)
    finally:
        parallel.set_num_threads(before)


def test_in_place_operators_warn_at_the_callers_line():
    """`x /= 0` of a small array (the in-place table's loop, in Python where there is no C
    extension) warns at the user's line, once, as NumPy's does."""
    for _ in range(2):  # the full path, then the table
        seen = []
        for m in (np, xt):
            x = m.asarray(np.array([1.0, 0.0, -1.0]))
            with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
                warnings.simplefilter("always")
                x /= 0
            seen.append([(str(w.message), w.filename) for w in caught])
        assert seen[0] == seen[1] and seen[0] and all(f == __file__ for _, f in seen[0])


def test_errstate_modes_other_than_warn_are_numpys():
    x = xt.asarray([1.0, 0.0])
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError):
        x / 0
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("error")
        x / 0


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.asarray([1.0, 2.0], dtype=m.float32) + 1e40,
        lambda m: m.asarray([1.0], dtype=m.float16) + 70000,
    ],
)
def test_a_python_number_cast_warns_numpys_cast_message(call):
    """NumPy names the cast, not the ufunc, where a Python number overflows the operand's
    dtype; such calls keep NumPy's own warning (its words, if not the user's line)."""
    for _ in range(2):
        got = [w[:2] for w in _warnings(lambda m, x: call(m), xt, None)]
        assert got == [w[:2] for w in _warnings(lambda m, x: call(m), np, None)]


def test_a_users_errcall_is_kept():
    calls = []
    with np.errstate(divide="call", invalid="warn", call=lambda kind, flag: calls.append(kind)):
        for _ in range(2):  # divide by zero: the user's callback; 0/0: a warning
            with pytest.warns(RuntimeWarning, match="invalid value encountered in divide"):
                xt.asarray([1.0, 0.0]) / 0
    assert calls == ["divide by zero", "divide by zero"]

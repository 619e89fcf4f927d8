"""NumPy's parameter names and positions where the standard's differ or are positional-only.

Scripts written for NumPy pass `np.take(a, indices=...)`, `np.clip(x, a_min=0, a_max=1)`,
`np.linalg.solve(a=..., b=...)`. Each call here runs once under NumPy and once under xtensor,
written the same way, and must give NumPy's values, dtype and shape (or its exception class);
the standard's spelling (its operands by position) keeps working. Also NumPy's answers for
`take_along_axis(axis=None)`, `roll` with several shifts, `where` with a non-boolean or
all-scalar condition, and `concatenate(a, b)` (an array passed where `axis` goes).
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import assert_same, assert_same_results
from xtensor._dispatch.compiled import is_compiled

A = [[3.0, 1.0, 2.0], [2.0, 4.0, 0.5]]
M = [[3.0, 1.0], [2.0, 4.0]]


def _both(call):
    """call(numpy) and call(xtensor), with the same literal operands made by each."""
    return call(xt), call(np)


def _same(call):
    assert_same_results(*_both(call))


# --- NumPy's keyword names -------------------------------------------------------------------

KEYWORD_CALLS = {
    "clip a_min a_max": lambda m: m.clip(m.asarray(A), a_min=1, a_max=3),
    "clip 1 a_max": lambda m: m.clip(m.asarray(A), 1, a_max=3),
    "clip a=": lambda m: m.clip(a=m.asarray(A), a_min=0, a_max=1),
    "clip None a_max": lambda m: m.clip(m.asarray(A), None, a_max=2),
    "clip min max": lambda m: m.clip(m.asarray(A), min=1, max=2),
    "clip out by position": lambda m: m.clip(m.asarray(A), 1, 2, m.zeros((2, 3))),
    "repeat": lambda m: m.repeat(m.asarray([1, 2]), repeats=3),
    "repeat a=": lambda m: m.repeat(a=m.asarray([1, 2]), repeats=2, axis=0),
    "fftfreq": lambda m: m.fft.fftfreq(n=8, d=0.125),
    "rfftfreq": lambda m: m.fft.rfftfreq(n=8, d=0.125),
    "tile": lambda m: m.tile(m.asarray(A), reps=2),
    "tile A=": lambda m: m.tile(A=m.asarray(A), reps=(2, 1)),
    "moveaxis": lambda m: m.moveaxis(m.asarray(A), source=0, destination=-1),
    "take": lambda m: m.take(m.asarray(A), indices=[2, 0]),
    "take a= axis": lambda m: m.take(a=m.asarray(A), indices=[1], axis=1),
    "take_along_axis": lambda m: m.take_along_axis(
        m.asarray(A), indices=m.argsort(m.asarray(A), axis=1), axis=1
    ),
    "isin test_elements": lambda m: m.isin(m.asarray(A), test_elements=[2.0]),
    "isin element": lambda m: m.isin(element=m.asarray(A), test_elements=[2.0], invert=True),
    "searchsorted": lambda m: m.searchsorted(m.asarray([1, 2, 3]), v=2),
    "searchsorted a=": lambda m: m.searchsorted(a=m.asarray([1, 2, 3]), v=[2, 3], side="right"),
    "dot": lambda m: m.dot(m.asarray(A), b=m.asarray(A).T),
    "outer": lambda m: m.outer(a=[1, 2], b=[3, 4]),
    "stack dtype": lambda m: m.stack([m.asarray(A), m.asarray(A)], dtype=m.float32),
    "stack casting": lambda m: m.stack([m.asarray(A)] * 2, 1, dtype="int8", casting="unsafe"),
    "stack out": lambda m: m.stack([m.asarray(A)] * 2, out=m.zeros((2, 2, 3), dtype="float32")),
    "stack out by position": lambda m: m.stack([m.asarray(A)] * 2, 2, m.zeros((2, 3, 2))),
    "fftshift x=": lambda m: m.fft.fftshift(x=m.asarray(A)),
    "fftshift axes=": lambda m: m.fft.fftshift(m.asarray(A), axes=1),
    "ifftshift": lambda m: m.fft.ifftshift(x=m.asarray(A), axes=(0,)),
    "lstsq": lambda m: m.linalg.lstsq(a=m.asarray(M), b=m.asarray([1.0, 2.0]), rcond=None)[0],
    "solve": lambda m: m.linalg.solve(a=m.asarray(M), b=m.asarray([1.0, 2.0])),
    "inv": lambda m: m.linalg.inv(a=m.asarray(M)),
    "matrix_power": lambda m: m.linalg.matrix_power(m.asarray(M), n=2),
    "matrix_power a=": lambda m: m.linalg.matrix_power(a=m.asarray(M), n=-1),
    "tensorsolve": lambda m: m.linalg.tensorsolve(a=m.asarray(M), b=m.asarray([1.0, 2.0])),
    "multi_dot": lambda m: m.linalg.multi_dot(arrays=[m.asarray(M), m.asarray(M), m.asarray(M)]),
    "multi_dot out": lambda m: m.linalg.multi_dot([m.asarray(M)] * 3, out=m.zeros((2, 2))),
    "cumulative_sum out": lambda m: m.cumulative_sum(
        m.asarray(A), axis=1, out=m.zeros((2, 3), dtype="float32")
    ),
    "cumulative_prod out": lambda m: m.cumulative_prod(
        m.asarray(A), axis=0, include_initial=True, out=m.zeros((3, 3))
    ),
    "eye order": lambda m: m.eye(3, 4, 1, "int32", "F"),
    "vecdot out dtype": lambda m: m.vecdot(
        m.asarray(A), m.asarray(A), out=m.zeros(2, dtype="float32"), dtype="float32"
    ),
    "can_cast": lambda m: m.asarray(m.can_cast(from_="int8", to="int64")),
    "can_cast casting": lambda m: m.asarray(m.can_cast(from_="int64", to="int8", casting="unsafe")),
    "sum keepdims=1": lambda m: m.sum(m.asarray(A), axis=1, keepdims=1),
    "mean keepdims=0": lambda m: m.mean(m.asarray(A), axis=0, keepdims=0),
    "max keepdims=np.int64": lambda m: m.max(m.asarray(A), axis=1, keepdims=np.int64(1)),
    "tensordot np.int64": lambda m: m.tensordot(m.asarray(A), m.asarray(A).T, axes=np.int64(1)),
    "method dot b=": lambda m: m.asarray(A).dot(b=m.asarray(A).T),
    "roll float shift": lambda m: m.roll(m.asarray(A), 4 / 2, axis=1),
    "roll float shifts": lambda m: m.roll(m.asarray(A), (1.0, 2.7), axis=(0, 1)),
    "real of a float": lambda m: m.asarray(m.real(2.5) + 0 * m.imag(3)),
    "tensordot 0-d": lambda m: m.tensordot(m.asarray(A), m.asarray(A).T, axes=m.asarray(1)),
    "tensordot array pairs": lambda m: m.tensordot(
        m.asarray(A), m.asarray(A), axes=m.asarray([[0, 1], [0, 1]])
    ),
}


@pytest.mark.parametrize("name", sorted(KEYWORD_CALLS))
def test_numpy_keyword_names(name):
    _same(KEYWORD_CALLS[name])


# The standard's spelling: its positional-only operands by position.
STANDARD_CALLS = {
    "clip": lambda m: m.clip(m.asarray(A), 1.5, None),
    "repeat": lambda m: m.repeat(m.asarray(A), 2, axis=1),
    "tile": lambda m: m.tile(m.asarray(A), (2, 2)),
    "moveaxis": lambda m: m.moveaxis(m.asarray(A), 0, 1),
    "take": lambda m: m.take(m.asarray(A), m.asarray([1, 0]), axis=1),
    "isin": lambda m: m.isin(m.asarray(A), m.asarray([2.0, 3.0]), invert=False),
    "searchsorted": lambda m: m.searchsorted(m.asarray([1.0, 2.0]), m.asarray([1.5])),
    "stack": lambda m: m.stack((m.asarray(A), m.asarray(A)), axis=-1),
    "solve": lambda m: m.linalg.solve(m.asarray(M), m.asarray(M)),
    "fftfreq": lambda m: m.fft.fftfreq(5, d=2.0),
}


@pytest.mark.parametrize("name", sorted(STANDARD_CALLS))
def test_the_standard_spelling_still_works(name):
    _same(STANDARD_CALLS[name])


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda m: m.clip(m.asarray(A), a_min=0, a_max=1, min=0), ValueError),
        (lambda m: m.clip(m.asarray(A), 0, 1, a_max=2), TypeError),
        (lambda m: m.clip(m.asarray(A), 1, a_min=2), TypeError),
        (lambda m: m.take(m.asarray(A), [0], x=1), TypeError),  # no such name in either
        (lambda m: m.stack([m.asarray(A)] * 2, out=m.zeros((2, 2, 3), dtype="int64")), TypeError),
        (lambda m: m.stack([m.asarray(A)] * 2, out=m.zeros((2, 3, 2))), ValueError),
    ],
)
def test_keyword_refusals_match_numpy(call, error):
    for m in (np, xt):
        with pytest.raises(error):
            call(m)


def test_numpy_names_are_in_the_signatures():
    """Positional-or-keyword under NumPy's names (the standard's positional-only marker only
    restricts callers; its keyword parameters keep their names)."""
    expected = {
        xt.take: ("a", "indices", "axis"),
        xt.repeat: ("a", "repeats", "axis"),
        xt.isin: ("element", "test_elements"),
        xt.linalg.solve: ("a", "b"),
        xt.fft.fftfreq: ("n", "d"),
    }
    for func, names in expected.items():
        params = inspect.signature(func).parameters
        for name in names:
            assert params[name].kind is inspect.Parameter.POSITIONAL_OR_KEYWORD, (func, name)


def test_twins_hand_numpy_keywords_to_python():
    """A C twin declines a keyword it does not know; the Python function answers."""
    for func, call in [
        (xt.take, lambda: xt.take(xt.asarray(A), indices=[1])),
        (xt.concat, lambda: xt.concat([xt.asarray(A)], axis=0)),
        (xt.dot, lambda: xt.dot(xt.asarray(M), b=xt.asarray(M))),
        (xt.where, lambda: xt.where(xt.asarray([True, False]), 1.0, 2.0)),
    ]:
        if is_compiled(func) or hasattr(func, "__wrapped__"):
            assert isinstance(call(), xt.Array)


# --- take_along_axis(axis=None), roll, where, concatenate(a, b) -------------------------------


def test_take_along_axis_none_flattens():
    _same(lambda m: m.take_along_axis(m.asarray(M), m.argsort(m.asarray(M), axis=None), None))
    for m in (np, xt):
        with pytest.raises(ValueError):
            m.take_along_axis(m.asarray(M), m.asarray([[0, 1]]), axis=None)


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.roll(m.arange(5), (1, 2), axis=0),
        lambda m: m.roll(m.arange(6).reshape(2, 3), (1, 1)),
        lambda m: m.roll(m.arange(6).reshape(2, 3), (1, 1), axis=1),
        lambda m: m.roll(m.arange(6).reshape(2, 3), 1, axis=(0, 1)),
        lambda m: m.roll(m.arange(6).reshape(2, 3), (2, -1), axis=(1, 0)),
        lambda m: m.roll(m.arange(6).reshape(2, 3), [1, 2], axis=[1, 1]),
    ],
)
def test_roll_broadcasts_shift_against_axis(call):
    _same(call)


def test_roll_refuses_what_numpy_refuses():
    for m in (np, xt):
        with pytest.raises(ValueError):
            m.roll(m.arange(6).reshape(2, 3), (1, 2, 3), axis=(0, 1))


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.where(m.arange(4) % 2, "odd", "even"),
        lambda m: m.where([[1, 0], [0, 1]], m.asarray(M), -m.asarray(M)),
        lambda m: m.where(m.asarray([1.0, 0.0, np.nan]), 1, 2),
        lambda m: m.where(m.asarray(["a", ""]), 1, 0),
        lambda m: m.where(True, 1, 0),
        lambda m: m.where(0, 1.5, 2),
        lambda m: m.where(2 + 0j, 1, 2.5),
    ],
)
def test_where_reads_any_condition_as_bool(call):
    got, want = _both(call)
    assert_same(xt.asarray(got), np.asarray(want))


def test_where_non_bool_condition_repeats():
    """A repeated call (the plan cache's second visit) answers as the first."""
    c = xt.asarray([2, 0, 1], dtype=xt.int8)
    first = xt.where(c, xt.asarray([1, 2, 3]), 0)
    assert_same(xt.where(c, xt.asarray([1, 2, 3]), 0), np.asarray(first._data))
    assert_same(first, np.where(np.asarray([2, 0, 1], np.int8), [1, 2, 3], 0))


@pytest.mark.parametrize("func", ["concatenate", "stack"])
def test_an_array_in_axis_is_a_type_error(func):
    for m in (np, xt):
        a = m.asarray([1, 2])
        with pytest.raises(TypeError):
            getattr(m, func)(a, a)
    with pytest.raises(TypeError, match=rf"^{'concat' if func == 'concatenate' else func}: axis"):
        getattr(xt, func)(xt.asarray([1, 2]), xt.asarray([3, 4]))
    with pytest.raises(TypeError, match="axis"):
        getattr(xt, func)([xt.asarray([1, 2])], xt.asarray([3, 4]), dtype=xt.float64)

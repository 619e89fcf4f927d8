"""Calls from everyday NumPy scripts that once differed from NumPy (a survey of 116 scripts run
under both libraries): each is run on NumPy and on xtensor, and must agree in value, dtype and
shape, or raise the same exception class."""

from __future__ import annotations

import collections

import numpy as np
import pytest

import xtensor as xt


def _outcome(call, m):
    try:
        r = call(m)
    except Exception as e:  # noqa: BLE001 - the exception class is the outcome to compare
        return ("raised", type(e))
    r = np.asarray(r) if isinstance(r, xt.Array) else r
    if isinstance(r, (np.ndarray, np.generic)):
        return (r.dtype, np.shape(r), np.asarray(r).tolist())
    return ("value", r)


def _same(call):
    assert _outcome(call, xt) == _outcome(call, np)


# --- bytes are NumPy's S scalars, not buffers ---------------------------------------------------

BYTES = {
    "compare": lambda m: m.asarray([b"AB", b"CD", b"AB"]) == b"AB",
    "asarray": lambda m: m.asarray(b"ab"),
    "where": lambda m: m.where(m.asarray([True, False]), m.asarray([b"a", b"b"]), b"z"),
    "append": lambda m: m.append(m.asarray([b"a"]), b"b"),
    "isin": lambda m: m.isin(m.asarray([b"x", b"y"]), b"x"),
    "full": lambda m: m.full(2, b"x"),
    "bytearray is a buffer": lambda m: m.asarray(bytearray(b"\x01\x02")),
}


@pytest.mark.parametrize("name", BYTES)
def test_bytes_are_numpys_string_scalars(name):
    _same(BYTES[name])


# --- a 0-d integer is an int where NumPy takes one --------------------------------------------


def _count(m):
    return m.asarray([0, 2, 1]).max() + 1  # NumPy's integer scalar, xtensor's 0-d array


COUNTS = {
    "zeros": lambda m: m.zeros(_count(m)),
    "ones": lambda m: m.ones(_count(m), dtype=int),
    "empty": lambda m: m.empty(_count(m)).shape,
    "full": lambda m: m.full(_count(m), 7),
    "zeros_like shape": lambda m: m.zeros_like(m.asarray([1.0]), shape=_count(m)),
    "resize": lambda m: m.resize(m.asarray([1, 2]), _count(m)),
    "permutation": lambda m: m.sort(m.random.permutation(_count(m))),
    "eye": lambda m: m.eye(_count(m)),
    "tuple shape": lambda m: m.zeros((_count(m), 2)),
    "a bool is no shape": lambda m: m.zeros(True),
    "a float is no shape": lambda m: m.zeros(m.asarray([2.0]).max()),
}


@pytest.mark.parametrize("name", COUNTS)
def test_a_0d_integer_is_a_shape_or_count(name):
    _same(COUNTS[name])


# --- sequences as index arrays and operands -------------------------------------------------

SEQUENCE_KEYS = {
    "range": lambda m: m.arange(10)[range(3)],
    "tuple inside the key": lambda m: m.arange(12).reshape(3, 4)[(0, 2), 1],
    "tuple alone inside": lambda m: m.arange(10)[(1, 2),],
    "deque": lambda m: m.arange(10)[collections.deque([1, 2])],
    "quickstart's range per column": lambda m: m.arange(12).reshape(3, 4)[[0, 2, 1], range(3)],
    "empty tuple inside": lambda m: m.arange(10)[(),],
    "range operand": lambda m: m.arange(3) + range(3),
    "reflected range operand": lambda m: range(3) * m.arange(3),
    "a range of floats is no key": lambda m: m.arange(10)[(1.5, 2)],
}


@pytest.mark.parametrize("name", SEQUENCE_KEYS)
def test_sequences_are_index_arrays_as_in_numpy(name):
    _same(SEQUENCE_KEYS[name])


def test_setitem_with_a_range_key():
    want, got = np.arange(5), xt.arange(5)
    want[range(2)] = 0
    got[range(2)] = 0
    assert got.tolist() == want.tolist()


# --- rint is NumPy's, not round -----------------------------------------------------------------


@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "uint16", "int64", "float16", "float32", "complex128"]
)
def test_rint_computes_integers_in_floating_point_as_numpy(dtype):
    values = np.array([0, 1, 2, 3], dtype=dtype) if dtype != "bool" else np.array([True, False])
    _same(lambda m: m.rint(m.asarray(values / 2 if values.dtype.kind in "fc" else values)))
    _same(lambda m: m.round(m.asarray(values)))  # round keeps integers

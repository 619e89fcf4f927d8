"""Everyday NumPy script idioms on string, date and record arrays, with NumPy as the oracle:
lists of elements read back out of such arrays (`np.array([names[1], names[0]])`,
`np.isin(names, [names[0]])`), a record stored from a tuple (`inv[0] = ('pear', 4)`), and
`==`/`!=` between records (`st == st[0]`).

Each case is a function of the array module, run once with NumPy and once with xtensor; the
results must agree in values, dtype and shape (and, in object arrays, in the types of the
stored elements), or both calls must raise the same class.
"""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import assert_same

RECORD = [("i", "i4"), ("f", "f8")]
STOCK = [("name", "U10"), ("qty", "i4")]


def _names(m):
    return m.array(["ann", "bob"])


def _dates(m):
    return m.array(["2024-01-01", "2024-03-01"], dtype="datetime64[D]")


def _records(m):
    return m.array([(1, 2.0), (3, 4.0)], dtype=RECORD)


def _outcome(case, m):
    try:
        return case(m)
    except (TypeError, ValueError) as e:
        return TypeError if isinstance(e, TypeError) else ValueError


def _same(case):
    mine, theirs = _outcome(case, xt), _outcome(case, np)
    if isinstance(theirs, type):
        assert mine is theirs, f"NumPy raised {theirs.__name__}; xtensor gave {mine!r}"
        return
    assert_same(mine, theirs)
    if theirs.dtype == object:  # NumPy's scalars stored, not xtensor's 0-d arrays
        stored = [type(v) for v in np.asarray(mine).ravel()]
        assert stored == [type(v) for v in theirs.ravel()]


# --- lists of elements of host-only arrays -------------------------------------------------------

LIST_CASES = {
    "str elements": lambda m: m.array([_names(m)[1], _names(m)[0]]),
    "str elements tuple": lambda m: m.asarray((_names(m)[0], _names(m)[1])),
    "str elements nested": lambda m: m.array([[_names(m)[0]], [_names(m)[1]]]),
    "str element and str": lambda m: m.array([_names(m)[0], "x"]),
    "str element and int": lambda m: m.array([_names(m)[0], 1]),
    "float element and str element": lambda m: m.array([m.array([1.5])[0], _names(m)[0]]),
    "str element, dtype U5": lambda m: m.array([_names(m)[0]], dtype="U5"),
    "str element, dtype object": lambda m: m.array([_names(m)[0]], dtype=object),
    "float element, dtype object": lambda m: m.array([m.array([1.5])[0]], dtype=object),
    "bytes element": lambda m: m.array([m.array([b"ab"])[0]]),
    "date elements": lambda m: m.array([_dates(m)[0], _dates(m)[-1]]),
    "date element, dtype M8[s]": lambda m: m.array([_dates(m)[0]], dtype="M8[s]"),
    "datetime64 scalars": lambda m: m.array(
        [m.datetime64("2024-05-01"), m.datetime64("2024-06-01")]
    ),
    "timedelta element": lambda m: m.array([_dates(m)[1] - _dates(m)[0]]),
    "record elements": lambda m: m.array([_records(m)[1], _records(m)[0]]),
    "isin": lambda m: m.isin(_names(m), [_names(m)[0]]),
    "unique": lambda m: m.unique([_names(m)[1], _names(m)[1]]),
    "sort": lambda m: m.sort([_names(m)[1], _names(m)[0]]),
    "concatenate": lambda m: m.concatenate([_names(m), [_names(m)[0]]]),
    "float elements": lambda m: m.array([m.array([1.5, 2.5])[1], m.array([1.5, 2.5])[0]]),
}


@pytest.mark.parametrize("name", LIST_CASES)
def test_list_of_elements(name):
    _same(LIST_CASES[name])


def test_inferred_objects_still_refused():
    # xtensor makes object arrays only when asked (a deliberate difference from NumPy)
    with pytest.raises(TypeError, match="object array"):
        xt.array([_names(xt)[0], None])


# --- storing records and elements ----------------------------------------------------------------


def _stored(key, value):
    """The stock array after `stock[key] = value(stock)`."""

    def case(m):
        stock = m.zeros(3, dtype=STOCK)
        stock[0] = ("pear", 4)
        stock[key] = value(stock)
        return stock

    return case


STORE_CASES = {
    "tuple into a record": _stored(1, lambda s: ("fig", 2)),
    "tuples into a slice": _stored(slice(None), lambda s: [("a", 1), ("b", 2), ("c", 3)]),
    "tuple broadcast": _stored(slice(1, None), lambda s: ("z", 9)),
    "tuples by index list": _stored([1, 2], lambda s: [("x", 7), ("y", 8)]),
    "record from a record": _stored(2, lambda s: s[0]),
    "records from a list of records": _stored(slice(1, 3), lambda s: [s[0], s[0]]),
    "list into a field": _stored("qty", lambda s: [5, 6, 7]),
    "tuple of the wrong length": _stored(0, lambda s: ("a", 1, 2)),
}


@pytest.mark.parametrize("name", STORE_CASES)
def test_store_record(name):
    _same(STORE_CASES[name])


def _swapped(make):
    """`x[:] = [y[1], y[0]]`, y a copy of x: NumPy's record elements are views (so a swap
    within one record array overwrites one of them first), xtensor's are values."""

    def case(m):
        x = make(m)
        y = x.copy()
        x[:] = [y[1], y[0]]
        return x

    return case


@pytest.mark.parametrize(
    "make", [_names, _dates, _records, lambda m: m.array(["a", 1], dtype=object)]
)
def test_swap_elements_by_list(make):
    _same(_swapped(make))


# --- == and != between records -------------------------------------------------------------------

COMPARE_CASES = {
    "== element": lambda m: _records(m) == _records(m)[0],
    "!= element": lambda m: _records(m) != _records(m)[0],
    "element == array": lambda m: _records(m)[1] == _records(m),
    "== itself": lambda m: _records(m) == _records(m),
    "== broadcast": lambda m: _records(m) == _records(m).reshape(2, 1),
    "== other field dtypes": lambda m: (
        _records(m) == m.array([(3, 4.0)], dtype=[("i", "i8"), ("f", "f4")])
    ),
    "== other field names": lambda m: (
        _records(m) == m.array([(1, 2.0)], dtype=[("j", "i4"), ("f", "f8")])
    ),
    "== number": lambda m: _records(m) == 5,
    "mask from ==": lambda m: _records(m)[_records(m) == _records(m)[1]],
    "< records": lambda m: _records(m) < _records(m),
}


@pytest.mark.parametrize("name", COMPARE_CASES)
def test_compare_records(name):
    _same(COMPARE_CASES[name])


def test_record_elements_compare_as_bools():
    st = _records(xt)
    assert bool(st[0] == st[0]) and not bool(st[0] != st[0]) and not bool(st[0] == st[1])

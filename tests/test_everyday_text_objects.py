"""Everyday NumPy script idioms on text and object arrays, and `out=` of dot and matmul, with
NumPy as the oracle: Python str/bytes scalars beside string arrays (`where`, `append`,
`searchsorted`, the stacking functions), lists stored in object arrays by `o[i] = [...]`,
`char.split`/`rsplit`/`splitlines`, and `dot(a, b, out=c)`/`matmul(a, b, out=c)`.

Each case is a function of the array module, run once with NumPy and once with xtensor; the
results must agree in values, dtype and shape, or both calls must raise the same class.
"""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import assert_same


def _both(case):
    """(xtensor's outcome, NumPy's): the result, or the exception's class."""
    out = []
    for m in (xt, np):
        try:
            out.append(case(m))
        except (TypeError, ValueError) as e:
            out.append(TypeError if isinstance(e, TypeError) else ValueError)
    return out


def _same(case):
    mine, theirs = _both(case)
    if isinstance(theirs, type):
        assert mine is theirs, f"NumPy raised {theirs.__name__}; xtensor gave {mine!r}"
        return
    if isinstance(theirs, tuple):
        assert isinstance(mine, tuple) and len(mine) == len(theirs)
        for g, w in zip(mine, theirs):
            assert_same(g, w)
        return
    if np.asarray(theirs).dtype == object:  # lists inside: compare the nested Python values
        assert isinstance(mine, xt.Array) and mine.dtype == theirs.dtype
        assert np.asarray(mine).shape == theirs.shape
        assert np.asarray(mine).tolist() == np.asarray(theirs).tolist()
        return
    assert_same(mine, theirs)


def _u(m, *values):
    return m.asarray(list(values))


# --- Python str and bytes beside string arrays -------------------------------------------------

TEXT_CASES = {
    "where str str": lambda m: m.where(_u(m, True, False), "yes", "no"),
    "where bytes bytes": lambda m: m.where(_u(m, True, False), b"yes", b"no"),
    "where bytes str": lambda m: m.where(_u(m, True, False), b"a", "bb"),
    "where str array": lambda m: m.where(_u(m, True, False), "a", _u(m, "xyz", "b")),
    "where array str": lambda m: m.where(_u(m, True, False), _u(m, "xyz", "b"), "cd"),
    "where str list": lambda m: m.where(_u(m, True, False), "a", ["x", "yz"]),
    "where 0-d condition": lambda m: m.where(True, "a", "bc"),
    "where 2-d": lambda m: m.where(m.asarray([[True], [False]]), "ab", _u(m, "c", "d")),
    "where str int": lambda m: m.where(_u(m, True, False), "a", 1),
    "where str float array": lambda m: m.where(_u(m, True, False), "a", _u(m, 1.0, 2.0)),
    "append": lambda m: m.append(_u(m, "a"), "b"),
    "append str str": lambda m: m.append("a", "bcd"),
    "append bytes": lambda m: m.append(_u(m, b"a"), b"bb"),
    "append int array": lambda m: m.append(_u(m, 1), "b"),
    "append list": lambda m: m.append(_u(m, "a"), ["bb", "c"]),
    "append axis": lambda m: m.append(m.asarray([["a"]]), "b", axis=0),
    "searchsorted": lambda m: m.searchsorted(_u(m, "a", "c"), "b"),
    "searchsorted right": lambda m: m.searchsorted(_u(m, "a", "b", "c"), "b", side="right"),
    "searchsorted sorter": lambda m: m.searchsorted(_u(m, "c", "a"), "b", sorter=m.asarray([1, 0])),
    "searchsorted bytes": lambda m: m.searchsorted(_u(m, b"a", b"c"), b"b"),
    "searchsorted int array": lambda m: m.searchsorted(_u(m, 1, 2), "b"),
    "hstack": lambda m: m.hstack([_u(m, "a"), "b"]),
    "hstack int array": lambda m: m.hstack([_u(m, 1), "bc"]),
    "vstack": lambda m: m.vstack([_u(m, "a"), "b"]),
    "dstack": lambda m: m.dstack([_u(m, "a"), "b"]),
    "column_stack": lambda m: m.column_stack([_u(m, "a"), "b"]),
    "atleast_1d": lambda m: m.atleast_1d("a"),
    "atleast_2d several": lambda m: m.atleast_2d("a", _u(m, "b")),
    "atleast_3d": lambda m: m.atleast_3d(b"ab"),
    "concatenate list": lambda m: m.concatenate([_u(m, "a"), ["b"]]),
    "concatenate 0-d str": lambda m: m.concatenate([_u(m, "a"), "b"]),
    "stack 0-d": lambda m: m.stack([m.asarray("a"), "bc"]),
    "char.add": lambda m: m.char.add(_u(m, "a"), "b"),
    "char.add bytes": lambda m: m.char.add(_u(m, b"a"), b"b"),
}


@pytest.mark.parametrize("name", TEXT_CASES)
def test_text_scalars_follow_numpy(name):
    _same(TEXT_CASES[name])


def test_where_text_error_names_function():
    with pytest.raises(TypeError, match="^where: "):
        xt.where(xt.asarray([True, False]), "a", 1)


def test_numeric_where_and_searchsorted_unchanged():
    c = np.array([True, False, True])
    assert_same(xt.where(xt.asarray(c), 1.5, xt.asarray([1, 2, 3])), np.where(c, 1.5, [1, 2, 3]))
    s = np.array([1.0, 2.0, 3.0])
    assert_same(xt.searchsorted(xt.asarray(s), 2.5), np.asarray(np.searchsorted(s, 2.5)))
    with pytest.raises(TypeError):  # a non-text operand `backing` refuses is still refused
        xt.where(xt.asarray(c), object(), 1)


# --- object arrays store lists and tuples as elements ------------------------------------------


def _store(key, value, shape=2):
    def case(m):
        o = m.empty(shape, dtype=object)
        o[key] = value
        return o

    return case


OBJECT_CASES = {
    "int key list": _store(0, [1, 2]),
    "int key tuple": _store(1, (1, "x")),
    "int key empty list": _store(0, []),
    "slice key list": _store(slice(None), [1, 2]),
    "slice key nested": _store(slice(None), [[1, 2], [3, 4]]),
    "slice key too long": _store(slice(None), [1, 2, 3]),
    "ellipsis key": _store(Ellipsis, [1, 2]),
    "2-d row": _store(0, [1, 2], shape=(2, 2)),
    "2-d element": _store((0, 1), [1, 2], shape=(2, 2)),
    "fancy key": _store([0], [[1, 2]]),
}


@pytest.mark.parametrize("name", OBJECT_CASES)
def test_object_setitem_stores_sequences(name):
    _same(OBJECT_CASES[name])


def test_object_element_is_the_list_itself():
    o = xt.empty(2, dtype=object)
    item = [1, 2]
    o[0] = item
    assert o[0] is item  # NumPy's element of an object array: the object itself
    o[1] = (3, 4)
    assert np.asarray(o).tolist() == [[1, 2], (3, 4)]


def test_numeric_setitem_of_a_list_still_refused():
    a = xt.zeros(2)
    with pytest.raises(ValueError):
        a[0] = [1, 2]
    a[:] = [1, 2]  # a sequence of the target's shape is still read as an array
    assert_same(a, np.array([1.0, 2.0]))


# --- char.split, rsplit, splitlines --------------------------------------------------------------

SPLIT_CASES = {
    "split": lambda m: m.char.split(_u(m, "a b", " c  d ", "")),
    "split sep": lambda m: m.char.split(_u(m, "a,b,,c"), ","),
    "split maxsplit": lambda m: m.char.split(_u(m, "a b c"), maxsplit=1),
    "split 2-d": lambda m: m.char.split(m.asarray([["a b"], ["c"]])),
    "split bytes": lambda m: m.char.split(_u(m, b"a b")),
    "rsplit": lambda m: m.char.rsplit(_u(m, "a b c"), maxsplit=1),
    "rsplit sep": lambda m: m.char.rsplit(_u(m, "a-b-c"), "-", 1),
    "splitlines": lambda m: m.char.splitlines(_u(m, "a\nb", "c\r\nd")),
    "splitlines keepends": lambda m: m.char.splitlines(_u(m, "a\nb"), True),
    "split of a number": lambda m: m.char.split(m.asarray([1, 2])),
}


@pytest.mark.parametrize("name", SPLIT_CASES)
def test_char_split_family(name):
    _same(SPLIT_CASES[name])


def test_char_split_error_names_function():
    with pytest.raises(TypeError, match="^char.split: "):
        xt.char.split(xt.asarray([1, 2]))


# --- dot and matmul with out= --------------------------------------------------------------------

_A = np.arange(6.0).reshape(2, 3)
_B = np.arange(6.0).reshape(3, 2)


def _into(func, a, b, out, positional=False):
    """`func(a, b, out=out)` in module m: (whether out came back, out after the call)."""

    def case(m):
        x, y = (m.asarray(v) if isinstance(v, np.ndarray) else v for v in (a, b))
        o = m.asarray(out.copy())
        r = getattr(m, func)(x, y, o) if positional else getattr(m, func)(x, y, out=o)
        assert r is o
        return o

    return case


PRODUCT_CASES = {
    "ok": (_A, _B, np.zeros((2, 2))),
    "float32 out": (_A, _B, np.zeros((2, 2), np.float32)),
    "int out": (_A, _B, np.zeros((2, 2), np.int64)),
    "complex to real out": (_A.astype(complex), _B, np.zeros((2, 2))),
    "ints into float": (np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2), np.zeros((2, 2))),
    "mixed int32 float32": (
        np.ones((2, 3), np.int32),
        np.ones((3, 2), np.float32),
        np.zeros((2, 2)),
    ),
    "wrong shape": (_A, _B, np.zeros((2, 3))),
    "extra leading dimension": (_A, _B, np.zeros((4, 2, 2))),
    "misaligned": (_A, _A, np.zeros((2, 3))),
    "stacks": (np.ones((2, 2, 3)), np.ones((2, 3, 2)), np.zeros((2, 2, 2))),
    "matrix vector": (_A, np.ones(3), np.zeros(2)),
    "lists": ([[1.0, 2.0]], [[3.0], [4.0]], np.zeros((1, 1))),
    "0-d operand": (np.ones(3), np.float64(2.0), np.zeros(3)),
}


@pytest.mark.parametrize("func", ["dot", "matmul"])
@pytest.mark.parametrize("name", PRODUCT_CASES)
def test_product_out_follows_numpy(func, name):
    _same(_into(func, *PRODUCT_CASES[name]))


@pytest.mark.parametrize("func", ["dot", "matmul"])
def test_product_out_positional(func):
    _same(_into(func, _A, _B, np.zeros((2, 2)), positional=True))


def test_dot_out_must_be_c_contiguous_as_in_numpy():
    with pytest.raises(ValueError, match="^dot: "):
        xt.dot(xt.asarray(_A), xt.asarray(_B), out=xt.zeros((2, 4))[:, ::2])
    np_big, xt_big = np.zeros((2, 4)), xt.zeros((2, 4))
    assert xt.matmul(xt.asarray(_A), xt.asarray(_B), out=xt_big[:, ::2]) is not None
    np.matmul(_A, _B, out=np_big[:, ::2])
    assert_same(xt_big, np_big)  # matmul writes into the strided view's buffer


def test_product_out_errors_name_function():
    with pytest.raises(TypeError, match="^matmul: Cannot cast"):
        xt.matmul(xt.asarray(_A), xt.asarray(_B), out=xt.zeros((2, 2), dtype=xt.int64))
    with pytest.raises(ValueError, match="^matmul: Output operand"):  # prefixed once
        xt.matmul(xt.asarray(_A), xt.asarray(_B), out=xt.zeros((2, 3)))
    with pytest.raises(TypeError, match="^dot: out must be an xtensor Array; got list"):
        xt.dot(xt.asarray(_A), xt.asarray(_B), out=[[0.0, 0.0], [0.0, 0.0]])


def test_matmul_out_tuple_and_aliasing():
    x, o = xt.asarray(_A), xt.zeros((2, 2))
    assert xt.matmul(x, xt.asarray(_B), out=(o,)) is o
    assert_same(o, _A @ _B)
    m = np.arange(4.0).reshape(2, 2)
    y = xt.asarray(m.copy())
    assert xt.matmul(y, y, out=y) is y
    assert_same(y, np.matmul(m, m, out=m.copy()))


def test_dot_of_vectors_into_0d_out():
    """NumPy answers a 0-d `out` of dot with a scalar (a new object), having filled `out`."""
    o, want = xt.zeros(()), np.zeros(())
    r = xt.dot(xt.ones(3), xt.ones(3), out=o)
    w = np.dot(np.ones(3), np.ones(3), out=want)
    assert r is not o and w is not want
    assert_same(o, want)
    assert_same(r, np.asarray(w))

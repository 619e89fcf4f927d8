"""`array` and `asarray` with NumPy's `order=` and `ndmin=`, and NumPy's memory orders in
either case, against NumPy: shape, strides (the new axes' too), values, sharing and errors,
through the C twin and through its Python function; and the loading of the optional
compiled extensions."""

from __future__ import annotations

import itertools
import sys

import numpy as np
import pytest

import xtensor as xt
from tests.test_cfast import python_of
from xtensor._core.extensions import optional

_M = np.arange(24.0).reshape(4, 6)
VIEWS = {
    "C": _M,
    "F": np.asfortranarray(_M),
    "T": _M.T,
    "T[::2]": _M.T[::2],
    "[:, ::2]": _M[:, ::2],
    "[::2].T": _M[::2].T,
    "row": _M[0],
    "row[::2]": _M[0, ::2],
    "0-d": np.array(3.0),
    "column": _M[:, :1],
    "int8": np.arange(6, dtype=np.int8).reshape(2, 3),
}
ORDERS = [None, "K", "A", "C", "F", "k", "a", "c", "f", "Q", "CF", 1]
NDMINS = [None, 0, 1, 3, 40, -1, 2.0]
COPIES = [None, True, False, "unset"]


def _outcome(fn, data, **kw):
    """(shape, strides, values, shares memory with `data`), or the exception's type."""
    try:
        r = fn(data, **kw)
    except (ValueError, TypeError) as e:
        return type(e)
    d = r if isinstance(r, np.ndarray) else r._data
    return d.shape, d.strides, d.tolist(), np.shares_memory(d, data)


def _calls():
    for order, ndmin, copy in itertools.product(ORDERS, NDMINS, COPIES):
        kw = {k: v for k, v in (("order", order), ("ndmin", ndmin)) if v is not None}
        if copy != "unset":
            kw["copy"] = copy
        yield kw


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("func", ["array", "asarray"])
def test_order_and_ndmin_match_numpy(func, view):
    data = VIEWS[view]
    x = xt.asarray(data)
    for kw in _calls():
        want = _outcome(getattr(np, func), data, **kw)
        got = _outcome(getattr(xt, func), x, **kw)
        if isinstance(want, type):  # NumPy's refusal: the same error class
            assert isinstance(got, type) and issubclass(got, want), (func, view, kw, got)
            continue
        assert got == want, (func, view, kw)


@pytest.mark.parametrize("view", VIEWS)
def test_python_twin_agrees_but_for_strides_of_length_one_axes(view):
    """The twin's answers (what runs without the extension, or past its size): the same but
    for the strides of axes of length 1, which no computation reads (a column copied in
    order F keeps the C copy's stride there, (8, 8) where NumPy's has (8, 32))."""
    data = VIEWS[view]
    x = xt.asarray(data)
    for func in ("array", "asarray"):
        for kw in _calls():
            want = _outcome(getattr(np, func), data, **kw)
            got = _outcome(python_of(getattr(xt, func)), x, **kw)
            if isinstance(want, type):
                assert isinstance(got, type) and issubclass(got, want), (func, view, kw)
                continue
            (shape, strides, *rest), (gshape, gstrides, *grest) = want, got
            long = [i for i, n in enumerate(shape) if n > 1]
            assert (gshape, grest) == (shape, rest), (func, view, kw)
            assert [gstrides[i] for i in long] == [strides[i] for i in long], (func, view, kw)


def test_ndmin_view_writes_through_and_keeps_writeability():
    x = xt.asarray(_M.copy())
    v = xt.array(x, copy=None, ndmin=4)
    v[0, 0, 1, 2] = -1.0
    assert float(x[1, 2]) == -1.0
    ro = xt.asarray(_M.copy())
    ro._data.flags.writeable = False
    assert not xt.array(ro, copy=None, ndmin=3)._data.flags.writeable
    assert xt.array(ro, ndmin=3)._data.flags.writeable  # a copy is writeable


def test_asarray_refuses_ndmin():
    with pytest.raises(TypeError):
        xt.asarray(xt.asarray(_M), ndmin=2)


@pytest.mark.parametrize(
    "call",
    [
        lambda m, a: m.zeros((2, 3), order="f"),
        lambda m, a: m.ones((2, 3), order="c"),
        lambda m, a: m.empty((2, 3), order="f"),
        lambda m, a: m.full((2, 3), 1.5, order="f"),
        lambda m, a: m.eye(3, order="f"),
        lambda m, a: m.empty_like(a, order="f"),
        lambda m, a: m.ones_like(a, order="a"),
        lambda m, a: m.zeros_like(a.T, order="k"),
        lambda m, a: m.ravel(a, order="f"),
        lambda m, a: m.ravel(a.T, order="k"),
        lambda m, a: m.ravel(a.T, order="a"),
        lambda m, a: m.reshape(a, (3, 8), order="f"),
        lambda m, a: a.reshape((3, 8), order="a"),
        lambda m, a: m.asarray(a, order="f"),
    ],
)
def test_lower_case_orders_read_as_numpy_reads_them(call):
    want = call(np, _M)
    got = call(xt, xt.asarray(_M))._data
    assert (got.shape, got.flags.f_contiguous, got.flags.c_contiguous) == (
        want.shape,
        want.flags.f_contiguous,
        want.flags.c_contiguous,
    )
    if not any("empty" in name for name in call.__code__.co_names):  # (empty: any bytes)
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: xt.zeros(3, order="A"), "zeros: only 'C' or 'F' order is permitted"),
        (lambda: xt.full(3, 1.0, order="k"), "full: only 'C' or 'F' order is permitted"),
        (lambda: xt.empty_like(xt.ones(3), order="Q"), "empty_like: order must be one of"),
        (lambda: xt.ravel(xt.ones(3), order="x"), "ravel: order must be one of 'C', 'F' or 'A'"),
        (lambda: xt.asarray(xt.ones(3), order="CF"), "asarray: order must be one of"),
        (lambda: xt.array([1, 2], order="B"), "array: order must be one of"),
    ],
)
def test_orders_numpy_refuses_name_the_function(call, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        call()
    with pytest.raises(TypeError, match="array: order must be a str, not int"):
        xt.array([1, 2], order=1)


def test_optional_extension_missing_or_broken(tmp_path, monkeypatch):
    assert optional("xtensor._core._no_such_extension") is None
    (tmp_path / "xt_broken_ext.py").write_text("raise ImportError('undefined symbol: f')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(RuntimeWarning, match="xt_broken_ext is built but does not load"):
        assert optional("xt_broken_ext") is None
    sys.modules.pop("xt_broken_ext", None)

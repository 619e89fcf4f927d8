"""Ufunc calls with one keyword, on their short paths: `add(a, b, dtype=...)` alone
(`_ufunc_call._with_dtype`) against NumPy and against the full path, and `sqrt(x, where=m)`
alone (`_where_alone`) against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, assert_same
from tests.test_cfast import python_frames
from tests.test_cfast_operands import COMPILED
from tests.test_ufunc import _both

DTYPE_SPELLINGS = [xt.float32, np.float32, "float32", float, "int16", np.dtype("uint8"), bool]
DTYPE_SPELLINGS += [complex, xt.int64, "float16"]


@given(
    name=st.sampled_from(["add", "multiply", "floor_divide", "remainder", "power", "divide"]),
    d1=st.sampled_from(ALL_DTYPES),
    d2=st.sampled_from(ALL_DTYPES),
    dtype=st.sampled_from(DTYPE_SPELLINGS),
    scalar=st.sampled_from([None, 2, -1.5, True, 1j]),
    unary=st.sampled_from(["sqrt", "abs", "sign", "negative", "exp"]),
    reps=st.sampled_from([1, 6000]),
)
def test_dtype_alone_answers_as_numpy_and_the_full_path(name, d1, d2, dtype, scalar, unary, reps):
    """`uf(*inputs, dtype=d)` alone (its short path, `_with_dtype`; the second call replays
    its memo; from SPLIT_MIN elements NumPy's ufunc with `dtype=` where it computes as the
    op) against NumPy and against the full path (`casting="same_kind"`, the default, given:
    the short path never takes it). floor_divide and remainder follow the standard's
    special cases where NumPy's loops differ (`inf // 1`: README), so only their dtypes are
    NumPy's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = np.tile(np.arange(-2, 4).astype(d1).reshape(2, 3), (1, reps))
        a[:, -3:] = a[:, -3:] * 2 if d1 != "bool" else a[:, -3:]  # (inf // 1 below, in floats)
        if a.dtype.kind == "f":
            a[0, -1] = np.inf
        b = a.astype(d2)[::-1] if scalar is None else scalar
        x, y = xt.asarray(a), xt.asarray(b) if scalar is None else scalar
        with np.errstate(all="ignore"):
            for uf, args, xargs in ((name, (a, b), (x, y)), (unary, (a,), (x,))):
                for _ in range(2):
                    got = _both(
                        lambda u=uf, v=xargs: getattr(xt, u)(*v, dtype=dtype),
                        lambda u=uf, v=args: getattr(np, u)(*v, dtype=dtype),
                        values=uf not in ("floor_divide", "remainder"),
                    )
                    if got is not None:
                        full = getattr(xt, uf)(*xargs, dtype=dtype, casting="same_kind")
                        assert_same(got, np.asarray(full))


@given(
    name=st.sampled_from(["sqrt", "add", "less", "multiply", "negative", "floor_divide"]),
    dtype=st.sampled_from(ALL_DTYPES),
    scalar=st.sampled_from([None, 2, 0.5]),
    mask=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_where_alone_computes_the_masked_elements_as_numpy(name, dtype, scalar, mask):
    """`uf(*inputs, where=m)` with no out: NumPy's dtype, shape, warning and values where m
    holds (elsewhere the memory is uninitialized, in NumPy as here)."""
    uf, m = getattr(np, name), np.array(mask).reshape(2, 3)
    a = np.arange(-2, 4).astype(dtype).reshape(2, 3)
    args = (a, a[::-1] if scalar is None else scalar)[: uf.nin]
    xargs = tuple(xt.asarray(v) if isinstance(v, np.ndarray) else v for v in args)
    for where in (m, xt.asarray(m)):
        with np.errstate(all="ignore"), warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            try:
                want = uf(*args, where=m)
            except (TypeError, ValueError) as e:
                want = type(e)
            if isinstance(want, type):
                with pytest.raises(want):
                    getattr(xt, name)(*xargs, where=where)
                continue
            got = getattr(xt, name)(*xargs, where=where)
        assert [w.category for w in seen] == [UserWarning, UserWarning]  # NumPy's, then ours
        assert (got.shape, got._data.dtype) == (want.shape, want.dtype)
        if name != "floor_divide":  # (the standard's special cases: README)
            np.testing.assert_array_equal(got._data[m], want[m], strict=True)


@pytest.mark.skipif(not COMPILED, reason="the C twins are off here")
def test_out_and_where_stay_in_c():
    """`divide(a, b, out=o, where=m)` with a bool mask of o's shape: the C twin's, either
    keyword order, the mask an Array's or NumPy's."""
    a, b, o = xt.asarray([1.0, 2.0, 3.0]), xt.asarray([0.0, 4.0, 5.0]), xt.zeros(3)
    mask = b != 0
    for call in (
        lambda: xt.divide(a, b, out=o, where=mask),
        lambda: xt.divide(a, b, where=mask, out=o),
        lambda: xt.sqrt(a, out=o, where=np.array([True, False, True])),
    ):
        call()
        assert python_frames(call) == {"<lambda>"}
    assert o.tolist() == [1.0, 0.5, 3.0**0.5]


@pytest.mark.parametrize("name", ["add", "sqrt", "multiply"])
def test_where_past_the_split_size_is_numpys_masked_loop(name):
    """`add(x, y, out=o, where=m)` past the size where elementwise calls split into chunks:
    NumPy's loop runs whole, the masked-out elements of o kept (NumPy's answer)."""
    n = 1 << 17
    a = np.linspace(-1.0, 2.0, n)
    m = (np.arange(n) % 3) == 0
    args = (a, a[::-1])[: getattr(np, name).nin]
    want = np.full(n, 7.0)
    with np.errstate(all="ignore"):
        getattr(np, name)(*args, out=want, where=m)
        got = xt.full(n, 7.0)
        getattr(xt, name)(*map(xt.asarray, args), out=got, where=xt.asarray(m))
    np.testing.assert_array_equal(got._data, want, strict=True)

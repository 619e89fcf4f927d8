"""Large copies into the output buffer cache (`copied` in _dispatch/host_threads.py): `x.copy()`
and `np.copy(x)` of 32 MiB and more write a cached buffer, whose pages are mapped already;
NumPy's bytes, layout and dtype all the same, and smaller or object copies NumPy's own."""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from xtensor._backends import cpu
from xtensor._dispatch.host_threads import copied

N = (32 << 20) // 8 + 8  # float64 elements just past the cache's smallest buffer


@pytest.mark.parametrize("order", ["C", "A", "K", "F"])
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided"])
def test_large_copies_are_numpys_in_every_order(order, layout):
    base = np.arange(2 * N, dtype=np.float64)
    data = {
        "contiguous": base[:N],
        "transposed": base[: N // 8 * 8].reshape(8, -1).T,
        "strided": base[::2],
    }[layout]
    x = xt.asarray(base)
    view = {"contiguous": x[:N], "transposed": x[: N // 8 * 8].reshape(8, -1).T, "strided": x[::2]}
    got, want = view[layout].copy(order), data.copy(order)
    assert got._data.strides == want.strides and got._data.tobytes() == want.tobytes()
    assert got.base is None  # an owner, as NumPy's copy
    got[0] = -1.0  # and no view of the original
    assert float(x[0]) == 0.0
    if order in ("K", "A", "C"):
        k = xt.copy(view[layout], order=order)
        assert k._data.strides == np.copy(data, order=order).strides


def test_only_large_c_order_plain_copies_take_the_cache():
    assert cpu.MIN_BYTES == 32 << 20  # CACHED_BYTES in _dispatch/_cfast.h: the C twins' bound
    cpu.cache_clear()
    big = np.ones(N)
    assert copied(big).base is not None  # a view of a cached buffer
    assert copied(big, "K").base is not None
    assert copied(big, "F").base is None  # an F-order copy: NumPy's own
    assert copied(big[: N // 2]).base is None  # below 32 MiB: NumPy's own
    assert copied(big.reshape(8, -1).T, "K").base is None  # (K of F-ordered data: NumPy's)
    objects = np.empty(N // 8, dtype=object)  # (object items own references: never cached)
    objects[:] = 1
    assert copied(objects).base is None


@pytest.mark.parametrize("transposed", [False, True])
def test_large_flatten_is_numpys_and_owns_its_memory(transposed):
    data = np.arange(N // 8 * 8, dtype=np.float64).reshape(8, -1)
    data = data.T if transposed else data
    x = xt.asarray(data)
    got = x.flatten()
    assert got._data.tobytes() == data.flatten().tobytes() and got.shape == (data.size,)
    assert got.base is None and got.flags.owndata and got._data.base is not None  # (cached)
    small = xt.asarray(data[:2]).flatten()
    assert small.base is None and small._data.base is None  # NumPy's own below 32 MiB


@pytest.mark.parametrize("axis", [0, 1, -1, -2])
def test_large_concatenations_are_numpys(axis):
    """`concatenate` of arrays of one dtype, 32 MiB and more in all: NumPy's answer, written
    into a cached buffer; operands NumPy refuses keep NumPy's errors, worded by xtensor."""
    a = np.arange(N, dtype=np.float64).reshape(8, -1)
    x = xt.asarray(a)
    got = xt.concatenate([x, x[:, :5] if axis in (1, -1) else x[:3]], axis=axis)
    want = np.concatenate([a, a[:, :5] if axis in (1, -1) else a[:3]], axis=axis)
    assert got.shape == want.shape and got._data.tobytes() == want.tobytes()
    assert got.base is None and got._data.base is not None  # (cached)
    with pytest.raises(ValueError, match="concat"):
        xt.concatenate([x, x[:3, :5]], axis=axis)
    with pytest.raises((ValueError, IndexError), match="concat"):
        xt.concatenate([x, x], axis=2)


@pytest.mark.parametrize("join", ["stack", "vstack", "hstack", "dstack", "column_stack"])
def test_large_stacks_are_numpys(join):
    a = np.arange(N, dtype=np.float64).reshape(8, -1)
    x = xt.asarray(a)
    got, want = getattr(xt, join)([x, x]), getattr(np, join)([a, a])
    assert got.shape == want.shape and got._data.strides == want.strides
    assert got._data.tobytes() == want.tobytes() and got._data.base is not None  # (cached)


@pytest.mark.parametrize("big", [False, True])
def test_array_copies_keep_the_layout_as_numpys(big):
    """`np.array(x)` copies in x's layout (order 'K'), as NumPy's: an F-ordered array stays
    F-ordered, a C-ordered one of 32 MiB and more is written into a cached buffer."""
    n = N if big else 60
    for data in (np.arange(n, dtype=np.float64).reshape(-1, 2 if big else 6).T,
                 np.arange(n, dtype=np.float64).reshape(2, -1)):  # fmt: skip
        for got in (xt.array(xt.asarray(data)), xt.asarray(xt.asarray(data), copy=True)):
            want = np.asarray(data, copy=True)
            assert got._data.strides == want.strides and got._data.tobytes() == want.tobytes()
            assert got.base is None and not np.shares_memory(got._data, data)
            assert (got._data.base is not None) == (big and data.flags.c_contiguous)  # cached

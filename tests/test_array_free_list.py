"""The Arrays the compiled hot path reuses (Note [Array free list] in _dispatch/_cfast_arrays.c):
a reused Array is a whole new object to Python: its own data, tracked by the collector, weak
references to its last life gone; a subclass's instances still free; nothing leaks."""

from __future__ import annotations

import gc
import sys
import weakref

import numpy as np
import pytest

import xtensor as xt
from xtensor._dispatch.compiled import CFAST

needs_c = pytest.mark.skipif(
    CFAST is None or not hasattr(CFAST, "adopt"), reason="the compiled hot path is off"
)


def churn(x: xt.Array, n: int = 200) -> list[xt.Array]:
    """`n` views and sums of `x` made and dropped through the C twins, and the last few kept."""
    kept = []
    for i in range(n):
        v = x[::-1] + x
        if i % 50 == 0:
            kept.append(v)
    return kept


def test_reused_arrays_hold_their_own_data():
    a = np.arange(10.0)
    x = xt.asarray(a)
    kept = churn(x)
    for v in kept:
        np.testing.assert_array_equal(np.asarray(v), a[::-1] + a)
    # every answer alive at once is a distinct object over a distinct buffer
    views = [x[i : i + 3] for i in range(7)]
    assert len({id(v) for v in views}) == 7
    for i, v in enumerate(views):
        np.testing.assert_array_equal(np.asarray(v), a[i : i + 3])


@needs_c
def test_arrays_over_ndarrays_are_left_to_reference_counting():
    """An ndarray shows the collector no reference, so the C paths' Arrays over one are not
    tracked, reused or new."""
    x = xt.asarray(np.arange(4.0))
    churn(x)
    assert not gc.is_tracked(x[::-1]) and not gc.is_tracked(x + x)


def test_weak_references_die_with_the_array_and_not_with_its_reuse():
    x = xt.asarray(np.arange(5.0))
    v = x[::-1]
    called = []
    ref = weakref.ref(v, lambda r: called.append(r))
    del v
    assert ref() is None and len(called) == 1
    w = x[1:]  # may be the same memory, reused: the old reference stays dead
    assert ref() is None and len(called) == 1
    ref2 = weakref.ref(w)
    assert ref2() is w


def test_subclass_instances_free():
    class Tagged(xt.Array):
        __slots__ = ("tag",)

    t = object.__new__(Tagged)
    t._data = np.arange(3.0)
    t.tag = [1, 2]
    tag_ref = weakref.ref(t._data)  # the ndarray dies with the instance
    del t
    gc.collect()
    assert tag_ref() is None


def test_no_leaks_over_many_calls():
    x = xt.asarray(np.arange(8.0))
    data = x._data
    churn(x, 500)  # the free list fills: each Array on it holds a reference to the type
    gc.collect()
    before = sys.getrefcount(data), sys.getrefcount(xt.Array)
    for _ in range(3):
        churn(x, 500)
    gc.collect()
    assert (sys.getrefcount(data), sys.getrefcount(xt.Array)) == before

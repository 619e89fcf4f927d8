"""nditer and nested_iters over xtensor arrays: each walk gives what NumPy's gives over the same
data (values, dtypes, shapes, indices), as 0-d Arrays that are views into the operands."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays

DTYPES = ("bool", "int8", "uint16", "int64", "float32", "float64", "complex64")


def _walk(iterator) -> list:
    """Every step's values, as NumPy arrays (tuples kept), and the multi_index if tracked."""
    steps = []
    for value in iterator:
        values = value if isinstance(value, tuple) else (value,)
        steps.append(tuple(np.array(v) for v in values))
    return steps


def _same_walk(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        for a, b in zip(g, w, strict=True):
            assert a.dtype == b.dtype and a.shape == b.shape
            np.testing.assert_array_equal(a, b)


@given(data=st.data(), dtype=st.sampled_from(DTYPES), order=st.sampled_from("KCFA"))
def test_walk_matches_numpy(data, dtype, order):
    a = data.draw(arrays(dtype), label="a")  # 0-d, empty and non-contiguous views included
    flags = ["zerosize_ok", "refs_ok"]
    got = _walk(xt.nditer(xt.asarray(a), flags=flags, order=order))
    _same_walk(got, _walk(np.nditer(a, flags=flags, order=order)))


@given(data=st.data(), flags=st.sampled_from([["multi_index"], ["c_index"], ["f_index"]]))
def test_indices_match_numpy(data, flags):
    a = data.draw(arrays("int32", shape=(2, 3)), label="a")
    got, want = xt.nditer(xt.asarray(a), flags=flags), np.nditer(a, flags=flags)
    attribute = "multi_index" if flags == ["multi_index"] else "index"
    for g, w in zip(got, want, strict=True):
        assert getattr(got, attribute) == getattr(want, attribute)
        assert int(g) == int(w)


def test_elements_are_0d_arrays_that_print_like_numpys():
    a = xt.asarray([[1.5, 2.0], [3.0, 4.25]])
    got = list(xt.nditer(a))
    assert all(isinstance(x, xt.Array) and x.shape == () and x.dtype == xt.float64 for x in got)
    assert [str(x) for x in got] == [str(x) for x in np.nditer(np.asarray(a))]
    assert [f"{x:.2f}" for x in got] == [f"{x:.2f}" for x in np.nditer(np.asarray(a))]


def test_readwrite_writes_through_to_the_array():
    a = xt.reshape(xt.arange(6), (2, 3))
    n = np.arange(6).reshape(2, 3)
    with xt.nditer(a, op_flags=["readwrite"]) as it:
        for x in it:
            x[...] = 2 * x + 1
    with np.nditer(n, op_flags=["readwrite"]) as it:
        for x in it:
            x[...] = 2 * x + 1
    np.testing.assert_array_equal(np.asarray(a), n)


def test_transposed_view_readwrite():
    base = xt.zeros((3, 4))
    view = base.T
    with xt.nditer(view, flags=["multi_index"], op_flags=["writeonly"]) as it:
        for x in it:
            x[...] = 10 * it.multi_index[0] + it.multi_index[1]
    np.testing.assert_array_equal(np.asarray(base), (np.arange(4)[:, None] * 10 + np.arange(3)).T)


def test_buffered_cast_writes_back_on_close():
    a = xt.arange(5, dtype=xt.float64)
    with xt.nditer(
        a, flags=["buffered"], op_flags=["readwrite"], op_dtypes=[xt.float32], casting="same_kind"
    ) as it:
        for x in it:
            assert x.dtype == xt.float32
            x[...] = x * 3
    np.testing.assert_array_equal(np.asarray(a), np.arange(5.0) * 3)


def test_allocated_output_and_operands():
    a = xt.asarray([[1, 2], [3, 4]], dtype=xt.int16)
    it = xt.nditer([a, None], op_flags=[["readonly"], ["writeonly", "allocate"]])
    assert it.dtypes == (xt.int16, xt.int16)
    with it:
        for x, y in it:
            y[...] = x * x
        result = it.operands[1]
    assert isinstance(result, xt.Array) and result.dtype == xt.int16
    np.testing.assert_array_equal(np.asarray(result), [[1, 4], [9, 16]])


def test_external_loop_gives_1d_chunks():
    a = np.arange(12).reshape(3, 4)[:, ::2]
    got = [np.asarray(c) for c in xt.nditer(xt.asarray(a), flags=["external_loop"], order="F")]
    want = list(np.nditer(a, flags=["external_loop"], order="F"))
    assert all(isinstance(c, np.ndarray) for c in got) and len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_broadcast_operands_and_numpy_attributes():
    a, b = xt.arange(3), xt.reshape(xt.arange(2), (2, 1))
    it = xt.nditer([a, b])
    want = np.nditer([np.arange(3), np.arange(2).reshape(2, 1)])
    assert (it.shape, it.ndim, it.nop, it.itersize) == (want.shape, want.ndim, 2, 6)
    _same_walk(_walk(it), _walk(want))
    assert it.finished
    it.reset()
    assert not it.finished and int(it.value[0]) == 0


def test_nested_iters_match_numpy():
    n = np.arange(12).reshape(2, 3, 2)
    outer, inner = xt.nested_iters(xt.asarray(n), [[1], [0, 2]], flags=["multi_index"])
    w_outer, w_inner = np.nested_iters(n, [[1], [0, 2]], flags=["multi_index"])
    got = [(outer.multi_index, [int(y) for y in inner]) for _ in outer]
    want = [(w_outer.multi_index, [int(y) for y in w_inner]) for _ in w_outer]
    assert got == want and isinstance(outer, xt.nditer)


def test_meta_array_raises_type_error_naming_nditer():
    x = xt.ones(3, device="meta")
    with pytest.raises(TypeError, match="^nditer: operand 0 lives on the meta device"):
        xt.nditer(x)


def test_cuda_array_raises_type_error_naming_nditer():
    cuda = [d for d in xt.__array_namespace_info__().devices() if d.kind == "cuda"]
    if not cuda:
        pytest.skip("no CUDA device")
    with pytest.raises(TypeError, match="^nditer: operand 1 lives on a CUDA device"):
        xt.nditer([xt.ones(3), xt.ones(3, device=cuda[0])])

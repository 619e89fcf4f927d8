"""NumPy's padding, blocking, insertion, deletion, rotation, trimming, bit-packing and
splitting routines and the memory-layout queries (xtensor/_numpy_shape.py,
_numpy_layout.py) against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.numpy_calls import assert_numpy_signature, check, same
from tests.oracle import arrays, assert_same, shapes
from xtensor._numpy_shape import _block_generic, _insert_generic

SHAPE_NAMES = [
    "pad",
    "block",
    "insert",
    "delete",
    "resize",
    "rot90",
    "fliplr",
    "flipud",
    "hsplit",
    "vsplit",
    "dsplit",
    "rollaxis",
    "trim_zeros",
    "ediff1d",
    "packbits",
    "unpackbits",
    "ndim",
    "shape",
    "size",
    "isscalar",
    "iterable",
    "may_share_memory",
    "shares_memory",
    "isfortran",
]
MODES = [
    "constant",
    "edge",
    "linear_ramp",
    "maximum",
    "mean",
    "median",
    "minimum",
    "reflect",
    "symmetric",
    "wrap",
]


@pytest.mark.parametrize("name", SHAPE_NAMES)
def test_signatures_are_numpys(name):
    assert_numpy_signature(name)
    assert name in xt.__all__


def _arr(dtype, shape_strategy, **kwargs):
    return shape_strategy.flatmap(lambda shape: arrays(dtype, shape, **kwargs))


# --- splitting -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["hsplit", "vsplit", "dsplit"])
@given(
    a=_arr("int16", shapes(max_dims=4, max_side=4)),
    spec=st.one_of(st.integers(1, 3), st.lists(st.integers(-4, 4), max_size=3)),
)
def test_hsplit_vsplit_dsplit_match_numpy(name, a, spec):
    check(name, a, spec, match=None)  # the equal-sections error is split's own


@pytest.mark.parametrize("name", ["hsplit", "vsplit", "dsplit"])
def test_too_few_dimensions_name_the_function(name):
    check(name, np.zeros(()), 1)
    check(name, np.zeros((2,) * {"hsplit": 0, "vsplit": 1, "dsplit": 2}[name]), 1)


# --- pad ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
@given(
    a=_arr("float64", shapes(max_dims=3, max_side=4), finite=True),
    width=st.one_of(
        st.integers(0, 3),
        st.tuples(st.integers(0, 3), st.integers(0, 3)),
        st.just(((1, 0), (0, 2), (2, 1))),
    ),
)
def test_pad_matches_numpy(mode, a, width):
    if isinstance(width, tuple) and isinstance(width[0], tuple):
        width = width[: a.ndim]
    check("pad", a, width, mode=mode)


@pytest.mark.parametrize(
    ("mode", "kwargs"),
    [
        ("constant", {"constant_values": ((1, 2), (3, 4))}),
        ("constant", {"constant_values": 7}),
        ("linear_ramp", {"end_values": (-5, 5)}),
        ("maximum", {"stat_length": 1}),
        ("mean", {"stat_length": ((1, 2), (2, 1))}),
        ("reflect", {"reflect_type": "odd"}),
        ("symmetric", {"reflect_type": "odd"}),
        ("constant", {"end_values": 1}),
        ("wrap", {"constant_values": 1}),
        ("nonsense", {}),
    ],
)
def test_pad_options_match_numpy(mode, kwargs):
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    check("pad", a, ((1, 2), (2, 1)), mode=mode, **kwargs)
    check("pad", a, -1, mode=mode, **kwargs)


def test_pad_with_a_function_and_empty_mode():
    def ten(vector, width, axis, kwargs):
        vector[: width[0]] = kwargs.get("value", 10)
        vector[vector.size - width[1] :] = -1

    a = np.arange(6).reshape(2, 3)
    check("pad", a, 2, ten)
    check("pad", a, 1, ten, value=3)
    assert xt.pad(xt.asarray(a), 1, "empty").shape == (4, 5)


# --- block -------------------------------------------------------------------------------------

BLOCKS = [
    [[np.ones((2, 2)), np.zeros((2, 1), np.int8)], [np.full((1, 3), 5)]],
    [np.arange(3), [4, 5]],
    [[1, 2], [3, 4]],
    np.arange(3),
    2.5,
    [[[np.ones(2)]], [[np.zeros(2)]]],
    [[np.ones((2, 2))], [np.ones((3, 3))]],
]


@pytest.mark.parametrize("arrays", BLOCKS)
def test_block_matches_numpy(arrays):
    check("block", arrays)
    try:
        want = np.block(arrays)
    except ValueError:
        with pytest.raises(ValueError):
            _block_generic(np, arrays)
        return
    assert_same(xt.asarray(_block_generic(np, arrays)), want)


@pytest.mark.parametrize("arrays", [([1], [2]), [[1], [[2]]], [], [[1], []]])
def test_block_errors_match_numpy(arrays):
    check("block", arrays)
    with pytest.raises(type(_error(np.block, arrays)), match="block: "):
        _block_generic(np, arrays)


def _error(func, *args):
    try:
        func(*args)
    except Exception as e:  # noqa: BLE001
        return e
    raise AssertionError("no error")


# --- insert and delete -------------------------------------------------------------------------


@st.composite
def _index_specs(draw, n):
    return draw(
        st.one_of(
            st.integers(-n - 1, n + 1),
            st.lists(st.integers(-n, n), max_size=4),
            st.builds(slice, st.integers(-n, n), st.integers(-n, n), st.sampled_from([1, 2, -1])),
            hnp.arrays(np.bool_, n) if n else st.just([]),
        )
    )


@given(data=st.data(), dtype=st.sampled_from(["int8", "float32", "complex64"]))
def test_insert_and_delete_match_numpy(data, dtype):
    a = data.draw(arrays(dtype, data.draw(shapes(min_dims=1, max_dims=3, max_side=4))))
    axis = data.draw(st.sampled_from([None, 0, -1]))
    n = a.size if axis is None else a.shape[axis]
    obj = data.draw(_index_specs(n))
    values = data.draw(st.sampled_from([7, [1, 2], np.arange(2.0), [[9], [8]]]))
    got = check("insert", a, obj, values, axis=axis)
    if got is not None:  # the device algorithm that CUDA arrays use gives the same answer
        assert_same(xt.asarray(_insert_generic(np, a, obj, values, axis)), got)
    if not isinstance(obj, np.ndarray) or obj.size == n:
        check("delete", a, obj, axis=axis)


def test_insert_and_delete_with_array_indices():
    a = np.arange(6).reshape(2, 3)
    check("insert", a, np.array([1, 1]), np.array([[7], [8]]), axis=1)
    check("delete", a, np.array([0, 2]), 1)
    check("insert", a, 5, 1, axis=3)
    check("insert", a, [[1]], 1)


# --- rearranging -------------------------------------------------------------------------------


@given(
    a=_arr("uint8", shapes(max_dims=3, max_side=3)),
    new_shape=st.one_of(st.integers(0, 7), st.lists(st.integers(0, 3), max_size=3)),
)
def test_resize_matches_numpy(a, new_shape):
    check("resize", a, new_shape)
    check("resize", a, -1)


@given(
    m=_arr("int32", shapes(max_dims=3, max_side=3)),
    k=st.integers(-5, 5),
    axes=st.sampled_from([(0, 1), (1, 0), (-1, 0), (0, 0), (1, 2)]),
)
def test_rot90_flips_and_rollaxis_match_numpy(m, k, axes):
    check("rot90", m, k, axes)
    check("fliplr", m)
    check("flipud", m)
    check("rollaxis", m, -1)
    check("rollaxis", m, 0, start=m.ndim)


@given(
    filt=_arr("int8", shapes(max_dims=2, max_side=5)),
    trim=st.sampled_from(["f", "b", "fb", "bf", "x"]),
    axis=st.sampled_from([None, 0, -1]),
)
def test_trim_zeros_matches_numpy(filt, trim, axis):
    filt = np.where(filt > 50, filt, 0)
    check("trim_zeros", filt, trim, axis=axis)


@given(
    a=_arr("int64", shapes(max_dims=2)),
    to_end=st.one_of(st.none(), st.just([9, 8]), st.integers(-3, 3)),
    to_begin=st.one_of(st.none(), st.just(np.array([1]))),
)
def test_ediff1d_matches_numpy(a, to_end, to_begin):
    check("ediff1d", a, to_end=to_end, to_begin=to_begin)
    check("ediff1d", a.astype(np.float32), to_end=1.5)


@given(
    a=_arr("bool", shapes(max_dims=3, max_side=10)),
    axis=st.sampled_from([None, 0, -1]),
    bitorder=st.sampled_from(["big", "little"]),
    count=st.one_of(st.none(), st.integers(-9, 12)),
)
def test_packbits_and_unpackbits_match_numpy(a, axis, bitorder, count):
    packed = check("packbits", a, axis=axis, bitorder=bitorder)
    check("packbits", a.astype(np.int16), axis, bitorder)
    if packed is not None:
        p = np.asarray(packed)
        if count is not None and count > 0 and (p.size if axis is None else p.shape[axis]) == 0:
            # NumPy leaves the padding of an empty input unwritten (whatever memory held)
            want = np.unpackbits(p, axis=axis, count=count, bitorder=bitorder)
            got = xt.unpackbits(xt.asarray(p), axis=axis, count=count, bitorder=bitorder)
            assert_same(got, np.zeros_like(want))
        else:
            check("unpackbits", p, axis=axis, count=count, bitorder=bitorder)
    check("unpackbits", a.astype(np.int16))
    check("packbits", a, bitorder="middle")


# --- layout queries ----------------------------------------------------------------------------


@given(a=_arr("float32", shapes(max_dims=3)), axis=st.sampled_from([None, 0, -1, (0, -1), 3]))
def test_ndim_shape_size_match_numpy(a, axis):
    for value in (a, a.tolist(), 5.0):
        assert xt.ndim(to := xt.asarray(value)) == np.ndim(value) == xt.ndim(value)
        assert xt.shape(to) == np.shape(value) == xt.shape(value)
    check("size", a, axis)
    check("size", a.tolist() if a.ndim else 1.0, axis)


def test_isscalar_of_elements_and_answers_matches_numpy():
    """An element or a reduction's answer stands for NumPy's scalar; 0-d arrays made as
    arrays do not (Note [0-d arrays print as scalars])."""
    a, x = np.arange(6.0).reshape(2, 3), xt.asarray(np.arange(6.0).reshape(2, 3))
    pairs = [
        (x[0, 1], a[0, 1]),
        (x.sum(), a.sum()),
        (x.max(), a.max()),
        (x[1][2], a[1][2]),
        (x[0, 1].copy(), a[0, 1].copy()),
        (xt.asarray(5.0), np.asarray(5.0)),
        (xt.asarray(5.0)[()], np.asarray(5.0)[()]),
        (xt.zeros(()), np.zeros(())),
        (x[0], a[0]),
        (x[0, ...], a[0, ...]),
    ]
    for got, want in pairs:
        assert xt.isscalar(got) is np.isscalar(want)


@pytest.mark.parametrize(
    "value",
    [3, 2.5, True, 1j, np.float32(1), "s", [1], (1,), np.ones(2), np.array(1.0), None, range(3)],
)
def test_isscalar_and_iterable_match_numpy(value):
    assert xt.isscalar(value) is np.isscalar(value)
    assert xt.iterable(value) is np.iterable(value)
    if isinstance(value, np.ndarray):
        assert xt.isscalar(xt.asarray(value)) is False
        assert xt.iterable(xt.asarray(value)) is np.iterable(value)


def test_memory_sharing_matches_numpy():
    base = np.arange(12.0)
    x = xt.asarray(base)
    pairs = [(x, x[1:]), (x[::2], x[1::2]), (x[:3], x[3:]), (x, xt.asarray(base.copy()))]
    for a, b in pairs:
        na, nb = np.asarray(a), np.asarray(b)
        assert xt.may_share_memory(a, b) is np.may_share_memory(na, nb)
        assert xt.shares_memory(a, b) is np.shares_memory(na, nb)
        assert xt.shares_memory(a, b, max_work=10) is np.shares_memory(na, nb, max_work=10)
        assert xt.may_share_memory(a, b, max_work=-1) is np.may_share_memory(na, nb, max_work=-1)
    assert xt.may_share_memory(x, base) and not xt.shares_memory([1, 2], [1, 2])


@pytest.mark.parametrize(
    "a", [np.ones((2, 3)), np.ones((2, 3)).T, np.ones(3), np.ones((2, 3))[:, ::2], np.ones(())]
)
def test_isfortran_matches_numpy(a):
    assert xt.isfortran(xt.asarray(a)) is np.isfortran(a)
    with pytest.raises(AttributeError):
        xt.isfortran([1, 2])
    same(xt.isfortran(a), np.isfortran(a))


# --- row_stack, broadcast objects, flatiter, little_endian -------------------------------------


@given(data=st.data())
def test_row_stack_is_vstack_with_numpys_warning(data):
    parts = [data.draw(arrays("int32", (data.draw(st.integers(1, 3)), 4))) for _ in range(2)]
    with pytest.warns(DeprecationWarning, match="row_stack"):
        want = np.row_stack(parts)
    with pytest.warns(DeprecationWarning, match="`row_stack` alias is deprecated"):
        got = xt.row_stack([xt.asarray(p) for p in parts])
    assert_same(got, want)
    assert_numpy_signature("row_stack")


def _broadcast_inputs(draw):
    shapes_drawn = draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3)).input_shapes
    return [draw(arrays(dt, s)) for dt, s in zip(("int8", "float64", "bool"), shapes_drawn)]


@given(data=st.data())
def test_broadcast_object_matches_numpys(data):
    inputs = _broadcast_inputs(data.draw)
    want = np.broadcast(*inputs)
    got = xt.broadcast(*[xt.asarray(a) for a in inputs])
    for attr in ("shape", "ndim", "nd", "size", "numiter", "index"):
        assert getattr(got, attr) == getattr(want, attr), attr
    for g_items, w_items in zip(got, want, strict=True):
        for g, w in zip(g_items, w_items, strict=True):
            assert_same(g, np.asarray(w))
    assert got.index == want.index == want.size
    got.reset()
    assert got.index == 0
    for it, a in zip(got.iters, np.broadcast_arrays(*inputs), strict=True):
        assert isinstance(it, xt.flatiter)
        assert_same(it.copy(), a.ravel())


def test_broadcast_takes_scalars_and_lists_and_names_itself_in_errors():
    got, want = xt.broadcast([[1], [2]], 3.5), np.broadcast([[1], [2]], 3.5)
    assert got.shape == want.shape and got.numiter == 2
    assert [tuple(float(v) for v in t) for t in got] == [tuple(map(float, t)) for t in want]
    assert xt.broadcast().shape == np.broadcast().shape == ()
    with pytest.raises(ValueError, match="^broadcast: shape mismatch"):
        xt.broadcast(xt.ones(3), [1, 2])
    with pytest.raises(ValueError, match="^broadcast: at most 64"):
        xt.broadcast(*[1] * 65)


def test_flatiter_and_little_endian_are_numpys():
    assert type(xt.arange(3).flat) is xt.flatiter
    assert xt.little_endian is np.little_endian


@given(shapes(max_dims=4), st.sampled_from([None, 0, 1, -1, -4, 3, 4, (0, 1), (-1,), 1.0]))
def test_size_along_axes_matches_numpy(shape, axis):
    """`size(x, axis)`: NumPy's count, or its kind of error for an axis out of range."""
    a = np.zeros(shape)
    try:
        want = np.size(a, axis)
    except Exception as e:  # noqa: BLE001 - whatever NumPy refuses, xtensor refuses alike
        with pytest.raises(type(e)):
            xt.size(xt.asarray(a), axis)
        return
    assert xt.size(xt.asarray(a), axis) == want

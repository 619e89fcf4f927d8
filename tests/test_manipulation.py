"""Manipulation functions against NumPy: values, dtypes, views, and error types/messages."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes

dtypes = st.sampled_from(ALL_DTYPES)


def shares(result, base) -> bool:
    return np.shares_memory(result._data, base._data)


@st.composite
def array_and_axis(draw, min_dims=1):
    a = draw(arrays(draw(dtypes), draw(shapes(min_dims=min_dims))))
    return a, draw(st.integers(-a.ndim, a.ndim - 1)) if a.ndim else None


# --- views --------------------------------------------------------------------------------------


@given(data=st.data())
def test_view_functions_match_numpy_and_share_memory(data):
    a, axis = data.draw(array_and_axis())
    x = xt.asarray(a)
    perm = data.draw(st.permutations(range(a.ndim)))
    cases = [
        (xt.permute_dims(x, tuple(perm)), np.transpose(a, perm)),
        (xt.flip(x, axis=axis), np.flip(a, axis)),
        (xt.flip(x), np.flip(a)),
        (xt.expand_dims(x, axis=axis), np.expand_dims(a, axis)),
        (xt.moveaxis(x, axis, 0), np.moveaxis(a, axis, 0)),
        (xt.broadcast_to(x, (2,) + a.shape), np.broadcast_to(a, (2,) + a.shape)),
        (xt.reshape(x, (-1,)), a.reshape(-1)),
    ]
    for got, want in cases:
        assert_same(got, want)
        if a.size:
            assert shares(got, x) or not np.shares_memory(want, a)
    if a.shape[axis] == 1:
        assert_same(xt.squeeze(x, axis), np.squeeze(a, axis))
    for got, want in zip(xt.unstack(x, axis=axis), np.moveaxis(a, axis, 0)):
        assert_same(got, want)
        # views, but a 1-d x's elements are copies, as NumPy's scalars (Note [Elements are
        # values] in xtensor/_array.py)
        assert got.size == 0 or shares(got, x) == (a.ndim > 1)


def test_views_write_through():
    x = xt.zeros((2, 3))
    xt.permute_dims(x, (1, 0))[2, 1] = 5.0
    xt.flip(x, axis=1)[0, 0] = 7.0
    assert x.tolist() == [[0.0, 0.0, 7.0], [0.0, 0.0, 5.0]]


def test_flip_zero_dim_is_an_array():
    x = xt.asarray(3.5)
    assert_same(xt.flip(x), np.asarray(3.5))


@given(data=st.data())
def test_expand_dims_tuple_axes(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(max_dims=2))))
    m = a.ndim + 2
    axes = data.draw(
        st.lists(st.integers(-m, m - 1), min_size=2, max_size=2).filter(
            lambda ax: ax[0] % m != ax[1] % m
        )
    )
    assert_same(xt.expand_dims(xt.asarray(a), axis=tuple(axes)), np.expand_dims(a, tuple(axes)))


# --- reshape ------------------------------------------------------------------------------------


@given(data=st.data())
def test_reshape_matches_numpy(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(min_side=1))))
    new = (a.size,) if data.draw(st.booleans()) else (-1, 1)
    copy = data.draw(st.sampled_from([None, True]))
    got = xt.reshape(xt.asarray(a), new, copy=copy)
    assert_same(got, a.reshape(new))
    if copy:
        assert not np.shares_memory(got._data, a)


def test_reshape_copy_false():
    x = xt.reshape(xt.arange(6), (2, 3))
    assert shares(xt.reshape(x, (3, 2), copy=False), x)
    with pytest.raises(ValueError, match="reshape: copy=False.*without a copy"):
        xt.reshape(x.T, (6,), copy=False)


@pytest.mark.parametrize(
    "shape, match",
    [
        ((4,), "cannot reshape an array of size 6 into shape \\(4,\\)"),
        ((-1, -1), "may hold one -1"),
        ((4, -1), "cannot reshape an array of size 6"),
    ],
)
def test_reshape_errors(shape, match):
    with pytest.raises(ValueError, match=f"reshape: .*{match}"):
        xt.reshape(xt.arange(6), shape)


# --- joining ------------------------------------------------------------------------------------


@given(d1=dtypes, d2=dtypes, data=st.data())
def test_concat_and_stack_promote_like_numpy(d1, d2, data):
    shape = data.draw(shapes(min_dims=1, max_dims=2))
    a, b = data.draw(arrays(d1, shape)), data.draw(arrays(d2, shape))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    xa, xb = xt.asarray(a), xt.asarray(b)
    assert_same(xt.concat([xa, xb], axis=axis), np.concatenate([a, b], axis=axis))
    assert_same(xt.concat((xa, xb), axis=None), np.concatenate([a, b], axis=None))
    assert_same(xt.stack([xa, xb], axis=axis), np.stack([a, b], axis=axis))


def test_join_errors():
    a, b = xt.zeros((2, 3)), xt.zeros((2, 4))
    with pytest.raises(
        ValueError,
        match=r"concat: arrays\[1\] has shape \(2, 4\).*except on "
        "axis 0",
    ):
        xt.concat([a, b])
    with pytest.raises(ValueError, match="stack: arrays\\[1\\] has shape"):
        xt.stack([a, b])
    with pytest.raises(ValueError, match="concat: zero-dimensional"):
        xt.concat([xt.asarray(1), xt.asarray(2)])
    with pytest.raises(ValueError, match="concat: arrays must contain at least one"):
        xt.concat([])
    with pytest.raises(TypeError, match="concat: arrays must be a sequence"):
        xt.concat(5)
    with pytest.raises(TypeError, match=r"stack: arrays\[1\] must be an array"):
        xt.stack([a, None])


def test_unstack_errors_and_numpy_alias():
    with pytest.raises(ValueError, match="unstack: x must have at least one dimension"):
        xt.unstack(xt.asarray(1.0))
    assert xt.concatenate is xt.concat


# --- broadcasting -------------------------------------------------------------------------------


@given(data=st.data())
def test_broadcast_arrays_and_shapes(data):
    d = data.draw(dtypes)
    a = data.draw(arrays(d, (3, 1)))
    b = data.draw(arrays(data.draw(dtypes), (4,)))
    got = xt.broadcast_arrays(xt.asarray(a), xt.asarray(b))
    for g, w in zip(got, np.broadcast_arrays(a, b)):
        assert_same(g, w)
    assert isinstance(got, tuple)
    assert xt.broadcast_shapes((3, 1), (4,), ()) == (3, 4)
    assert xt.broadcast_shapes() == () and xt.broadcast_arrays() == ()
    v = xt.asarray([1.0, 2.0])  # elements (NumPy's scalars) come back as NumPy's 0-d arrays
    want = np.broadcast_arrays(np.float64(1.0), np.float64(2.0))
    assert [repr(g) for g in xt.broadcast_arrays(v[0], v[1])] == [repr(w) for w in want]


def test_broadcast_errors():
    for bad in [((3,), (4,)), ((2, 1), (1, 3), (4, 1)), ((5, 2), (1,), (3,))]:
        with pytest.raises(ValueError) as numpy_error:
            np.broadcast_shapes(*bad)
        for func, call in [("broadcast_shapes", xt.broadcast_shapes), ("broadcast_arrays", None)]:
            with pytest.raises(ValueError) as info:
                call(*bad) if call else xt.broadcast_arrays(*[xt.zeros(s) for s in bad])
            assert str(info.value) == f"{func}: {numpy_error.value}"
    with pytest.raises(ValueError) as numpy_error:
        np.broadcast_to(np.zeros(3), (3, 1))
    with pytest.raises(ValueError) as info:
        xt.broadcast_to(xt.zeros(3), (3, 1))
    assert str(info.value) == f"broadcast_to: {numpy_error.value}"
    with pytest.raises(ValueError, match="broadcast_to: shape .* negative"):
        xt.broadcast_to(xt.zeros(3), (-1,))


# --- roll, repeat, tile -------------------------------------------------------------------------


@given(data=st.data())
def test_roll_matches_numpy(data):
    a, axis = data.draw(array_and_axis())
    shift = data.draw(st.integers(-7, 7))
    x = xt.asarray(a)
    assert_same(xt.roll(x, shift), np.roll(a, shift))
    assert_same(xt.roll(x, shift, axis=axis), np.roll(a, shift, axis=axis))
    assert_same(xt.roll(x, (shift, 1), axis=(axis, axis)), np.roll(a, (shift, 1), (axis, axis)))


@given(data=st.data())
def test_repeat_and_tile_match_numpy(data):
    a, axis = data.draw(array_and_axis(min_dims=0))
    n = data.draw(st.integers(0, 3))
    x = xt.asarray(a)
    assert_same(xt.repeat(x, n), np.repeat(a, n))
    if axis is not None:
        counts = data.draw(
            arrays("int64", (a.shape[axis],), views=False).map(lambda c: np.abs(c) % 3)
        )
        assert_same(xt.repeat(x, xt.asarray(counts), axis=axis), np.repeat(a, counts, axis=axis))
    reps = tuple(data.draw(st.lists(st.integers(0, 2), max_size=3)))
    assert_same(xt.tile(x, reps), np.tile(a, reps))


def test_roll_repeat_tile_errors():
    x = xt.zeros((2, 3))
    with pytest.raises(ValueError, match="roll: shift \\(1, 2, 3\\) and axis \\(0, 1\\)"):
        xt.roll(x, (1, 2, 3), axis=(0, 1))  # (NumPy broadcasts (1, 2) against (0,): a sum)
    with pytest.raises(ValueError, match="repeat: repeats must not be negative"):
        xt.repeat(x, -1)
    with pytest.raises(TypeError, match="repeat: repeats must have an integer dtype"):
        xt.repeat(x, xt.asarray([1.0, 2.0]), axis=0)
    with pytest.raises(ValueError, match="repeat: repeats of shape \\(3,\\) does not match"):
        xt.repeat(x, xt.asarray([1, 2, 3]), axis=0)
    with pytest.raises(ValueError, match="tile: repetitions \\(-1,\\) must not be negative"):
        xt.tile(x, (-1,))


# --- axis errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda x: xt.flip(x, axis=2), "flip: axis 2 is out of range for an array of 2 dimensions"),
        (lambda x: xt.expand_dims(x, axis=3), "expand_dims: axis 3 is out of range .* 3 dim"),
        (lambda x: xt.squeeze(x, axis=-3), "squeeze: axis -3 is out of range"),
        (lambda x: xt.moveaxis(x, 0, 5), "moveaxis: destination 5 is out of range"),
        (lambda x: xt.concat([x, x], axis=2), "concat: axis 2 is out of range"),
        (lambda x: xt.stack([x], axis=-4), "stack: axis -4 is out of range .* 3 dim"),
        (lambda x: xt.unstack(x, axis=2), "unstack: axis 2"),
        (lambda x: xt.roll(x, 1, axis=9), "roll: axis 9"),
    ],
)
def test_axis_out_of_range_is_value_and_index_error(call, match):
    x = xt.zeros((1, 3))
    with pytest.raises(ValueError, match=match):
        call(x)
    with pytest.raises(IndexError, match=match):
        call(x)


def test_other_axis_errors():
    x = xt.zeros((1, 3))
    with pytest.raises(ValueError, match="squeeze: axis 1 has size 3"):
        xt.squeeze(x, 1)
    with pytest.raises(ValueError, match=r"flip: axis 0 is repeated in axis=\(0, -2\)"):
        xt.flip(x, axis=(0, -2))
    with pytest.raises(ValueError, match="permute_dims: axes \\(0,\\) has 1 entries"):
        xt.permute_dims(x, (0,))
    with pytest.raises(ValueError, match="moveaxis: source .* same number"):
        xt.moveaxis(x, (0, 1), (0,))
    with pytest.raises(
        TypeError, match="flip: axis must be an int, a tuple of ints or None; got float"
    ):
        xt.flip(x, axis=1.0)
    with pytest.raises(TypeError, match="reshape: x must be an array; got NoneType"):
        xt.reshape(None, (2,))


def test_squeeze_none_removes_all_singletons_like_numpy():
    assert xt.squeeze(xt.zeros((1, 3, 1))).shape == (3,)


def test_numpy_positional_axis_calls():
    a = np.arange(6).reshape(2, 3)
    x = xt.asarray(a)
    assert_same(xt.concat((x, x), 1), np.concatenate((a, a), 1))
    assert_same(xt.stack((x, x), 1), np.stack((a, a), 1))
    assert_same(xt.flip(x, 0), np.flip(a, 0))
    assert_same(xt.roll(x, 1, 1), np.roll(a, 1, 1))
    assert_same(xt.repeat(x, 2, 0), np.repeat(a, 2, 0))
    assert_same(xt.sort(x, 0), np.sort(a, 0))
    assert_same(xt.take(x, xt.asarray([0]), 1), np.take(a, [0], 1))


def test_numpy_transpose_swapaxes_ravel():
    a = np.arange(24).reshape(2, 3, 4)
    x = xt.asarray(a)
    assert_same(xt.transpose(x), a.transpose())
    assert_same(xt.transpose(x, (1, 0, 2)), a.transpose(1, 0, 2))
    assert_same(xt.swapaxes(x, 0, -1), a.swapaxes(0, -1))
    assert_same(xt.ravel(x.T), a.T.ravel())


@given(hnp.mutually_broadcastable_shapes(num_shapes=3, max_side=3))
def test_broadcast_arrays_write_through_as_numpys(case):
    """NumPy's views: the unbroadcast arrays writable (SciPy writes into them), the broadcast
    ones flagged to warn on write, and every one sharing its input's memory."""
    datas = [np.zeros(s) for s in case.input_shapes]
    datas[-1].flags.writeable = False  # its views stay read-only
    xs = [xt.asarray(d) for d in datas]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # reading a warn-on-write flag warns
        want = [w.flags.writeable for w in np.broadcast_arrays(*datas)]
        got = xt.broadcast_arrays(*xs)
        assert [g._data.flags.writeable for g in got] == want
    for g, x, w in zip(got, xs, np.broadcast_arrays(*datas)):
        # NumPy's own array, as NumPy's (0-d ones: new 0-d arrays over their data)
        assert (g is x) == (w is x._data) or not g.size or (not g.ndim and g._data is w)
        assert g.shape == w.shape and np.shares_memory(g._data, x._data)
        assert g._data.strides == w.strides or not g.size
        if w.base is not None and g.size and x is xs[0]:  # NumPy's warning on a write
            with pytest.warns(DeprecationWarning, match="broadcast_arrays"):
                g[(0,) * g.ndim] = 0.0
        if x.shape == case.result_shape and g.size and x is not xs[-1]:
            g[(0,) * g.ndim] = 7.0
            assert float(x[(0,) * x.ndim]) == 7.0

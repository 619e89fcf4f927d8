"""The first branches of the index, index-trick and range calls, third round (linspace and
logspace with endpoint=False, full_like, r_, c_, mgrid, ogrid, transpose with axes,
broadcast_to, roll, unravel_index, ravel_multi_index, ix_, lexsort), in
`test_fast_calls_shape`'s style: each call runs on xtensor Arrays and Python scalars (the first
branch) and on the same data in a form the branch leaves alone (the NumPy array behind an
Array, NumPy's scalar for a Python one, `device="cpu"`), which the checked path reads without a
copy. The two must agree in layout, bytes, warnings and errors; NumPy is the oracle for values,
dtype and shape.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, shapes
from tests.test_fast_calls_shape import DTYPES, SETTINGS, assert_branch_taken, assert_paths_agree
from tests.test_fast_calls_shape2 import _numpy
from xtensor import _creation_ranges, _manipulation, _numpy_creation, _numpy_index

_ENDS = st.one_of(st.integers(-(2**70), 2**70), st.floats(allow_nan=True, allow_infinity=True))


# --- ranges --------------------------------------------------------------------------------------


@SETTINGS
@given(_ENDS, _ENDS, st.integers(-1, 12))
def test_linspace_half_open(start, stop, num):
    assert_paths_agree(
        lambda: xt.linspace(start, stop, num, endpoint=False),
        lambda: xt.linspace(start, stop, num, endpoint=False, device="cpu"),
        _numpy(lambda: np.linspace(start, stop, num, endpoint=False)),
    )


_EXPONENTS = st.integers(-5, 5) | st.floats(-5, 5)


@SETTINGS
@given(_EXPONENTS, _EXPONENTS, st.integers(0, 9), st.sampled_from([10.0, 2, 2.5, -2.0]))
def test_logspace_half_open(start, stop, num, base):
    assert_paths_agree(
        lambda: xt.logspace(start, stop, num, endpoint=False, base=base),
        lambda: xt.logspace(np.float64(start), stop, num, endpoint=False, base=base),
        _numpy(lambda: np.logspace(start, stop, num, endpoint=False, base=base)),
    )


def test_linspace_half_open_values():
    got = xt.linspace(2.0, 3.0, 5, endpoint=False)
    assert got._data.tobytes() == np.linspace(2.0, 3.0, 5, endpoint=False).tobytes()
    assert got._data.base is not None  # NumPy's answer is a view of its arange: so is ours


# --- full_like -----------------------------------------------------------------------------------


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES + ["uint8", "float16", "int32", "complex64"]))
def test_full_like(data, dtype):
    a = data.draw(arrays(dtype))
    fill = data.draw(
        st.one_of(st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.complex_numbers())
    )
    assert_paths_agree(
        lambda: xt.full_like(xt.asarray(a), fill),
        lambda: xt.full_like(xt.asarray(a), fill, device="cpu"),
        _numpy(lambda: np.full_like(a, fill)),
    )


# --- index tricks --------------------------------------------------------------------------------


@SETTINGS
@given(st.data(), st.sampled_from(["r_", "c_"]), st.integers(1, 3))
def test_concatenating_tricks(data, name, count):
    dtype = data.draw(st.sampled_from(DTYPES))
    shape = data.draw(shapes(min_dims=1, max_dims=3, max_side=4))
    parts = [data.draw(arrays(dtype, shape)) for _ in range(count)]
    if data.draw(st.booleans()):  # another dtype, or another shape: NumPy's object decides
        parts[-1] = data.draw(arrays(data.draw(st.sampled_from(DTYPES)), shape[:-1] + (2,)))
    trick = getattr(xt, name)
    assert_paths_agree(
        lambda: trick[tuple(xt.asarray(p) for p in parts)],
        lambda: trick[tuple(parts)],
        _numpy(lambda: getattr(np, name)[tuple(parts)]),
    )


@pytest.mark.parametrize("name", ["r_", "c_", "mgrid", "ogrid"])
@pytest.mark.parametrize(
    "key", [slice(0, 5), (slice(0, 3), slice(0, 4)), (slice(0, 1, 5j), slice(1, 3))]
)
def test_grid_tricks(name, key):
    assert_paths_agree(
        lambda: getattr(xt, name)[key],
        lambda: getattr(xt, name)[key],
        _numpy(lambda: getattr(np, name)[key]),
    )


def test_trick_refusals_are_worded():
    a = xt.asarray([1.0, 2.0])
    with pytest.raises(ValueError, match="^r_: unknown special directive"):
        xt.r_["abc", a]
    with pytest.raises(ValueError, match="^c_: all the input array dimensions"):
        xt.c_[a, xt.asarray([1.0, 2.0, 3.0])]


# --- views ---------------------------------------------------------------------------------------


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES))
def test_transpose_axes(data, dtype):
    a = data.draw(arrays(dtype))
    n = a.ndim
    axes = data.draw(
        st.permutations(range(n)).map(tuple)
        | st.lists(st.integers(-n - 1, n), min_size=n, max_size=n).map(tuple)
    )
    assert_paths_agree(
        lambda: xt.transpose(xt.asarray(a), axes),
        lambda: xt.transpose(a, axes),
        _numpy(lambda: np.transpose(a, axes)),
    )


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES))
def test_broadcast_to(data, dtype):
    a = data.draw(arrays(dtype, data.draw(shapes(max_dims=2, max_side=3))))
    shape = data.draw(shapes(max_dims=3, max_side=3))
    assert_paths_agree(
        lambda: xt.broadcast_to(xt.asarray(a), shape),
        lambda: xt.broadcast_to(a, shape),
        _numpy(lambda: np.broadcast_to(a, shape)),
    )


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES), st.integers(-7, 7))
def test_roll(data, dtype, shift):
    a = data.draw(arrays(dtype))
    axis = data.draw(st.none() | st.integers(-a.ndim - 1, a.ndim))
    assert_paths_agree(
        lambda: xt.roll(xt.asarray(a), shift, axis=axis),
        lambda: xt.roll(a, np.int64(shift), axis=axis),
        _numpy(lambda: np.roll(a, shift, axis=axis)),
    )


# --- index arithmetic ----------------------------------------------------------------------------


@SETTINGS
@given(st.integers(-3, 80), st.lists(st.integers(-1, 5), min_size=1, max_size=4).map(tuple))
def test_unravel_index_of_an_int(index, shape):
    assert_paths_agree(
        lambda: xt.unravel_index(index, shape),
        lambda: xt.unravel_index(np.int64(index), shape),
        _numpy(lambda: tuple(np.asarray(c) for c in np.unravel_index(index, shape))),
    )


@SETTINGS
@given(st.data(), st.sampled_from(["int64", "int8", "uint8", "float64", "bool"]))
def test_unravel_index_of_an_array(data, dtype):
    a = data.draw(arrays(dtype, data.draw(shapes(max_dims=2, max_side=4)))) % 12
    assert_paths_agree(
        lambda: xt.unravel_index(xt.asarray(a), (3, 4)),
        lambda: xt.unravel_index(a, (3, 4)),
        _numpy(lambda: np.unravel_index(a, (3, 4))),
    )


@SETTINGS
@given(st.data(), st.integers(1, 3), st.sampled_from(["raise", "wrap", "clip"]))
def test_ravel_multi_index(data, count, mode):
    dtype = data.draw(st.sampled_from(["int64", "int32", "uint8", "float64", "bool"]))
    shape = data.draw(shapes(min_dims=1, max_dims=2, max_side=4))
    index = tuple(data.draw(arrays(dtype, shape)) for _ in range(count))
    dims = (7,) * count
    assert_paths_agree(
        lambda: xt.ravel_multi_index(tuple(xt.asarray(i) for i in index), dims, mode),
        lambda: xt.ravel_multi_index(index, dims, mode),
        _numpy(lambda: np.ravel_multi_index(index, dims, mode)),
    )


def test_ix_of_nothing():
    assert xt.ix_() == np.ix_() == ()


@SETTINGS
@given(st.data(), st.integers(1, 3))
def test_ix(data, count):
    parts = [
        data.draw(arrays(data.draw(st.sampled_from(DTYPES)), data.draw(shapes(1, 2, 0, 4))))
        for _ in range(count)
    ]
    assert_paths_agree(
        lambda: xt.ix_(*[xt.asarray(p) for p in parts]),
        lambda: xt.ix_(*parts),
        _numpy(lambda: np.ix_(*parts)),
    )
    lists = [p.tolist() for p in parts]  # (lists of numbers: the first branch too)
    lists_ndarrays = [np.asarray(v, np.intp if not v else None) for v in lists]  # NumPy's
    assert_paths_agree(
        lambda: xt.ix_(*lists), lambda: xt.ix_(*lists_ndarrays), _numpy(lambda: np.ix_(*lists))
    )


@SETTINGS
@given(st.data(), st.integers(1, 3))
def test_lexsort(data, count):
    shape = data.draw(shapes(min_dims=1, max_dims=2, max_side=5))
    keys = tuple(data.draw(arrays(data.draw(st.sampled_from(DTYPES)), shape)) for _ in range(count))
    axis = data.draw(st.integers(-3, 2))
    assert_paths_agree(
        lambda: xt.lexsort(tuple(xt.asarray(k) for k in keys), axis),
        lambda: xt.lexsort(keys, axis),
        _numpy(lambda: np.lexsort(keys, axis)),
    )


# --- each branch, proved taken: the checked path's first step raises while the call runs ---------

V, X = xt.asarray(np.arange(4.0)), xt.asarray(np.arange(6.0).reshape(2, 3))
I3 = xt.asarray(np.array([0, 2, 1]))
BRANCHES = [
    (_creation_ranges, "_target", lambda: xt.linspace(0, 1, 5, endpoint=False)),
    (_creation_ranges, "_target", lambda: xt.linspace(0, 1, 20)),  # moved from `_creation`
    (_numpy_creation, "_range", lambda: xt.logspace(0, 1, 5, endpoint=False)),
    (_manipulation, "as_operand", lambda: xt.transpose(X, (1, 0))),
    (_numpy_index, "device_datas", lambda: xt.unravel_index(5, (3, 4))),
    (_numpy_index, "device_datas", lambda: xt.ravel_multi_index((I3, I3), (3, 3))),
    (_numpy_index, "device_datas", lambda: xt.ravel_multi_index((I3, I3, I3), (3, 3, 3))),
    (_numpy_index, "device_datas", lambda: xt.ix_(I3, I3)),
    (_numpy_index, "buffers", lambda: xt.ix_(I3, I3 > 0)),
    (_numpy_index, "device_datas", lambda: xt.lexsort((V, V))),
    (_numpy_index, "buffers", lambda: xt.lexsort((V, V, V))),
]


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    assert_branch_taken(*BRANCHES[index], monkeypatch)


class _Refuse:
    def __getitem__(self, key):
        raise AssertionError("NumPy's index-trick object ran")


def test_concatenating_tricks_skip_numpys_object(monkeypatch):
    """r_ and c_ of Arrays of one dtype are one concatenate: NumPy's object is not asked."""
    for name in ("r_", "c_"):
        trick = getattr(xt, name)

        monkeypatch.setattr(trick, "_trick", _Refuse())
        assert trick[V, V].shape == ((8,) if name == "r_" else (4, 2))

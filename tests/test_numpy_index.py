"""NumPy's index arithmetic, in-place writes, selections and set routines
(xtensor/_numpy_index.py, _numpy_select.py, _numpy_sets.py) against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.numpy_calls import assert_numpy_signature, check, check_in_place, same
from tests.oracle import arrays, assert_same, shapes

INDEX_NAMES = [
    "unravel_index",
    "ravel_multi_index",
    "indices",
    "ix_",
    "diag_indices",
    "diag_indices_from",
    "tril_indices",
    "tril_indices_from",
    "triu_indices",
    "triu_indices_from",
    "mask_indices",
    "fill_diagonal",
    "put",
    "place",
    "putmask",
    "put_along_axis",
    "copyto",
    "choose",
    "compress",
    "extract",
    "select",
    "piecewise",
    "argpartition",
    "partition",
    "lexsort",
    "digitize",
    "bincount",
    "intersect1d",
    "union1d",
    "setdiff1d",
    "setxor1d",
]
NUMBERS = ("int8", "int64", "uint16", "float32", "float64")


@pytest.mark.parametrize("name", INDEX_NAMES)
def test_signatures_are_numpys(name):
    assert_numpy_signature(name)
    assert name in xt.__all__


def _arr(dtype, shape_strategy, **kwargs):
    return shape_strategy.flatmap(lambda shape: arrays(dtype, shape, **kwargs))


def _ints(shape, lo, hi):
    return hnp.arrays(np.int64, shape, elements=st.integers(lo, hi))


# --- flat and multi-indices ------------------------------------------------------------------


@given(
    data=st.data(), shape=shapes(min_dims=1, max_dims=3, min_side=1), order=st.sampled_from("CF")
)
def test_unravel_and_ravel_multi_index_match_numpy(data, shape, order):
    size = int(np.prod(shape))
    flat = data.draw(_ints(data.draw(shapes(max_dims=2, max_side=4)), -1, size))
    check("unravel_index", flat, shape, order=order)
    check("unravel_index", int(flat.reshape(-1)[0]) if flat.size else 0, shape)
    side = st.integers(-1, max(shape))
    multi = tuple(data.draw(_ints(3, -1, n)) for n in shape)
    mode = data.draw(st.sampled_from(["raise", "wrap", "clip", ("clip",) * len(shape)]))
    check("ravel_multi_index", multi, shape, mode=mode, order=order)
    check("ravel_multi_index", tuple(data.draw(side) for _ in shape), shape, mode="clip")


def test_ravel_multi_index_of_a_2d_array_and_errors():
    rows = np.array([[1, 2], [0, 3]])
    same(xt.ravel_multi_index(xt.asarray(rows), (3, 4)), np.ravel_multi_index(rows, (3, 4)))
    check("ravel_multi_index", rows, (3, 4))
    check("unravel_index", np.array([1.5]), (2, 2))
    check("unravel_index", 3, (2, 2), order="X")


@given(dims=st.lists(st.integers(0, 4), max_size=3), sparse=st.booleans())
def test_indices_match_numpy(dims, sparse):
    check("indices", tuple(dims), sparse=sparse)
    check("indices", tuple(dims), dtype=xt.int16 if not sparse else np.float32, sparse=sparse)


@pytest.mark.parametrize(
    "args",
    [
        ([0, 2], [1, 3, 4]),
        ([True, False, True], np.array([2, 0])),
        ([],),
        (np.arange(3), [[1, 2]]),
        (),
    ],
)
def test_ix_matches_numpy(args):
    check("ix_", *args)


@given(n=st.integers(0, 5), k=st.integers(-6, 6), m=st.one_of(st.none(), st.integers(0, 5)))
def test_triangle_and_diagonal_indices_match_numpy(n, k, m):
    check("tril_indices", n, k, m)
    check("triu_indices", n, k=k, m=m)
    check("diag_indices", n, ndim=3)
    a = np.zeros((n, m if m is not None else n))
    check("tril_indices_from", a, k)
    check("triu_indices_from", a, k=k)
    check("diag_indices_from", a)


def test_from_helpers_refuse_what_numpy_refuses():
    check("tril_indices_from", np.zeros((2, 2, 2)))
    check("diag_indices_from", np.zeros(3))
    check("diag_indices_from", np.zeros((2, 2, 2)))


@pytest.mark.parametrize("k", [-1, 0, 2])
def test_mask_indices_matches_numpy(k):
    same(xt.mask_indices(4, np.triu, k), np.mask_indices(4, np.triu, k))
    got = xt.mask_indices(4, lambda m, k: xt.tril(m, k=k), k)
    same(got, np.mask_indices(4, np.tril, k))


# --- partial sorts, lexsort, binning -----------------------------------------------------------


@pytest.mark.parametrize("name", ["partition", "argpartition"])
@given(data=st.data(), dtype=st.sampled_from(NUMBERS))
def test_partitions_match_numpy(name, data, dtype):
    a = data.draw(arrays(dtype, data.draw(shapes(min_dims=1, max_dims=2, min_side=1))))
    axis = data.draw(st.sampled_from([-1, 0, None]))
    n = a.size if axis is None else a.shape[axis]
    kth = data.draw(st.one_of(st.integers(-n, n), st.lists(st.integers(0, n - 1), max_size=3)))
    check(name, a, kth, axis=axis)


@pytest.mark.parametrize("name", ["partition", "argpartition"])
def test_partition_errors_match_numpy(name):
    check(name, np.arange(3), 1, order="x")
    check(name, np.arange(3), 1, kind="quick")
    check(name, np.arange(3), 1, axis=1)


@given(data=st.data(), n=st.integers(0, 6), count=st.integers(1, 3))
def test_lexsort_matches_numpy(data, n, count):
    keys = [
        data.draw(arrays(d, (n,)))
        for d in data.draw(st.lists(st.sampled_from(NUMBERS), min_size=count, max_size=count))
    ]
    check("lexsort", tuple(keys))
    grid = data.draw(_ints((count, n, 2), -3, 3))
    check("lexsort", grid, axis=data.draw(st.sampled_from([-1, 0])))


@given(
    x=_arr("float64", shapes(max_dims=2)),
    bins=hnp.arrays(np.float64, st.integers(0, 5), elements=st.floats(-10, 10), unique=True),
    right=st.booleans(),
    descending=st.booleans(),
)
def test_digitize_matches_numpy(x, bins, right, descending):
    bins = np.sort(bins)[::-1] if descending else np.sort(bins)
    check("digitize", x, bins, right=right)
    check("digitize", 0.5, bins, right=right)


def test_digitize_errors_match_numpy():
    check("digitize", np.arange(3.0), np.array([0.0, 2.0, 1.0]))
    check("digitize", np.array([1j]), np.array([0.0, 1.0]))


@given(
    x=hnp.arrays(np.int64, st.integers(0, 8), elements=st.integers(0, 6)),
    weighted=st.booleans(),
    minlength=st.integers(0, 9),
)
def test_bincount_matches_numpy(x, weighted, minlength):
    weights = np.linspace(-1, 1, x.size) if weighted else None
    check("bincount", x, weights=weights, minlength=minlength)
    check("bincount", x.astype(np.uint8), None, minlength)


@pytest.mark.parametrize("x", [np.array([-1, 2]), np.array([1.5]), np.zeros((2, 2), int)])
def test_bincount_errors_match_numpy(x):
    check("bincount", x)


@given(a=st.sampled_from(["float64", "float16", "int8", "bool", "complex64", "U2"]).flatmap(arrays))
def test_ndenumerate_and_ndindex_match_numpy(a):
    """NumPy's C order of any layout; each element a 0-d Array of NumPy's value (a copy: Note
    [Elements are values]), or NumPy's scalar itself for strings, as `x[i]` gives."""
    for data in (a, a.T, a[..., ::-1] if a.ndim else a):
        pairs = list(xt.ndenumerate(xt.asarray(data)))
        want = list(np.ndenumerate(data))
        assert [p[0] for p in pairs] == [w[0] for w in want]
        for (_, got), (_, value) in zip(pairs, want):
            if a.dtype.kind == "U":
                assert type(got) is type(value) and got == value
            else:
                assert_same(got, np.asarray(value))
    ((index, value),) = xt.ndenumerate(xt.asarray(5))
    assert index == () and value.item() == 5
    assert list(xt.ndindex(2, 3)) == list(np.ndindex(2, 3)) and list(xt.ndindex((0, 2))) == []


# --- writing in place ------------------------------------------------------------------------


@given(
    shape=st.sampled_from([(3, 3), (5, 3), (2, 2, 2), (3, 5), (2, 3, 2), (4,)]),
    val=st.one_of(st.integers(-3, 3), st.lists(st.integers(-3, 3), min_size=1, max_size=4)),
    wrap=st.booleans(),
)
def test_fill_diagonal_matches_numpy(shape, val, wrap):
    check_in_place("fill_diagonal", np.zeros(shape, dtype=np.int16), np.array(val), wrap)
    check_in_place("fill_diagonal", np.zeros(shape), 2.5, wrap=wrap)
    check_in_place("fill_diagonal", np.zeros(shape, np.complex64), 2, wrap=wrap)  # first branch
    check_in_place("fill_diagonal", np.zeros(shape, bool), True, wrap=wrap)


@given(
    data=st.data(),
    dtype=st.sampled_from(NUMBERS),
    mode=st.sampled_from(["raise", "wrap", "clip"]),
)
def test_put_place_putmask_match_numpy(data, dtype, mode):
    a = data.draw(arrays(dtype, data.draw(shapes(min_dims=1, max_side=4)), views=False))
    ind = data.draw(_ints(data.draw(st.integers(0, 4)), -a.size - 1, a.size))
    v = data.draw(arrays(dtype, (data.draw(st.integers(1, 3)),), views=False))
    check_in_place("put", a, ind, v, mode=mode)
    mask = data.draw(hnp.arrays(np.bool_, a.shape))
    check_in_place("place", a, mask, v)
    check_in_place("putmask", a, mask, v)
    check_in_place("putmask", a, mask, 1)


def test_in_place_errors_match_numpy():
    check_in_place("place", np.arange(3), np.array([True, False, True]), [])
    check_in_place("put", np.arange(3), [5], [1])
    check_in_place("copyto", np.zeros(2, np.int8), 300)
    check_in_place("putmask", np.zeros(2, np.int8), np.array([True, False]), 300)
    check_in_place("copyto", np.arange(3), 1.5)
    check_in_place("copyto", np.arange(3), np.ones(3), casting="unsafe")
    for name, args in [("put", ([0], [1])), ("copyto", (1,)), ("fill_diagonal", (1,))]:
        with pytest.raises(TypeError, match=f"{name}: .* must be an xtensor Array"):
            getattr(xt, name)([1, 2], *args)


@given(data=st.data(), axis=st.sampled_from([0, -1, None]))
def test_put_along_axis_matches_numpy(data, axis):
    a = data.draw(
        arrays("float32", data.draw(shapes(min_dims=1, max_dims=3, min_side=1)), views=False)
    )
    n = a.size if axis is None else a.shape[axis]
    shape = (3,) if axis is None else a.shape[: axis % a.ndim] + (2,) + a.shape[axis % a.ndim + 1 :]
    ind = data.draw(_ints(shape, -n, n - 1))
    check_in_place("put_along_axis", a, ind, np.float32(7), axis)
    check_in_place("put_along_axis", a, ind[..., :1] if ind.ndim else ind, -1.0, axis)


@given(
    dst=_arr("float64", shapes(max_dims=2), views=False),
    where=st.booleans(),
    casting=st.sampled_from(["same_kind", "safe", "unsafe", "no"]),
)
def test_copyto_matches_numpy(dst, where, casting):
    src = np.arange(dst.shape[-1] if dst.ndim else 1, dtype=np.int32)
    mask = dst > 0 if where else True
    check_in_place("copyto", dst, src, casting=casting, where=mask)
    check_in_place("copyto", dst, np.float32(1.5), casting=casting)


def test_copyto_complex_into_real_warns_as_numpy():
    dst = xt.zeros(2)
    with pytest.warns(np.exceptions.ComplexWarning):
        xt.copyto(dst, 1 + 2j, casting="unsafe")
    assert_same(dst, np.ones(2))


# --- selecting -------------------------------------------------------------------------------


@given(data=st.data(), mode=st.sampled_from(["raise", "wrap", "clip"]))
def test_choose_matches_numpy(data, mode):
    shape = data.draw(shapes(max_dims=2, max_side=3))
    a = data.draw(_ints(shape, -1, 3))
    choices = [data.draw(arrays(d, shape)) for d in ("int16", "float32", "uint8")]
    check("choose", a, choices, mode=mode)
    check("choose", a, np.stack(choices), mode=mode)
    check("choose", a, [1, 2.5, -1], mode=mode)


def test_choose_and_compress_write_out():
    out = xt.zeros(3)
    assert xt.choose([0, 1, 0], [[1, 2, 3], [4, 5, 6]], out=out) is out
    assert_same(out, np.array([1.0, 5.0, 3.0]))
    out = xt.zeros((1, 2), dtype=xt.int64)
    assert xt.compress([False, True], xt.asarray([[1, 2], [3, 4]]), axis=0, out=out) is out
    assert_same(out, np.array([[3, 4]]))


@given(data=st.data(), axis=st.sampled_from([None, 0, -1, 2]))
def test_compress_and_extract_match_numpy(data, axis):
    a = data.draw(arrays("int32", data.draw(shapes(min_dims=1, max_dims=3, max_side=4))))
    cond = data.draw(hnp.arrays(np.bool_, st.integers(0, 5)))
    check("compress", cond, a, axis=axis)
    mask = data.draw(hnp.arrays(np.bool_, a.shape))
    check("extract", mask, a)
    check("extract", mask.astype(np.int8), a)


@given(data=st.data(), count=st.integers(1, 3))
def test_select_matches_numpy(data, count):
    shape = data.draw(shapes(max_dims=2, max_side=3))
    conds = [data.draw(hnp.arrays(np.bool_, shape)) for _ in range(count)]
    choices = [data.draw(arrays(data.draw(st.sampled_from(NUMBERS)), shape)) for _ in range(count)]
    check("select", conds, choices)
    check("select", conds, [float(i) for i in range(count)], default=-1)
    check("select", conds, choices, default=data.draw(st.sampled_from([0, 2.5, True])))


@pytest.mark.parametrize(
    ("conds", "choices"),
    [([], []), ([np.array([1, 0])], [np.arange(2)]), ([np.array([True])], [])],
)
def test_select_errors_match_numpy(conds, choices):
    check("select", conds, choices)


@given(x=_arr("float64", shapes(max_dims=2), finite=True), extra=st.booleans())
def test_piecewise_matches_numpy(x, extra):
    funcs = [lambda v: v * 2, 7.0] + ([lambda v: -v] if extra else [])
    check("piecewise", x, [x < 0, x > 10], funcs, match=None)
    check("piecewise", x, x > 0, [1, lambda v: v + 1], match=None)
    check("piecewise", x, [x > 0], [1], match=None)


def test_piecewise_details_match_numpy():
    x = np.arange(6)
    k = {"k": 3}
    same(
        xt.piecewise(xt.asarray(x), [x < 2], [lambda v, k: v + k], **k),
        np.piecewise(x, [x < 2], [lambda v, k: v + k], **k),
    )
    same(
        xt.piecewise(xt.asarray(2.0), True, [lambda v: v * 3]),
        np.piecewise(np.array(2.0), True, [lambda v: v * 3]),
    )
    with pytest.raises(ValueError, match="piecewise: with 2 condition"):
        xt.piecewise(xt.asarray(x), [x < 2, x > 4], [1])


# --- sets ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["intersect1d", "union1d", "setdiff1d", "setxor1d"])
@given(data=st.data(), dtype=st.sampled_from(("int8", "uint8", "float32", "float64")))
def test_set_routines_match_numpy(name, data, dtype):
    a = data.draw(arrays(dtype, data.draw(shapes(max_dims=2, max_side=5))))
    b = data.draw(
        arrays(
            data.draw(st.sampled_from(("int8", dtype))), data.draw(shapes(max_dims=1, max_side=5))
        )
    )
    check(name, a, b)
    if name != "union1d":
        ua, ub = np.unique(a), np.unique(b)
        check(name, ua, ub, assume_unique=True)
    if name == "intersect1d":
        check(name, a, b, return_indices=True)
        check(name, list(a.reshape(-1)), [1, 2])


# --- index tricks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.mgrid[0:2, 0:3],
        lambda m: m.mgrid[-1:1:5j],
        lambda m: m.ogrid[0:3, 0:2],
        lambda m: m.r_[m.asarray([1, 2]), 0, [5, 6]],
        lambda m: m.r_[-1:1:4j, [0.5]],
        lambda m: m.r_["0,2", [1, 2], [3, 4]],
        lambda m: m.c_[m.asarray([1, 2]), [3, 4]],
        lambda m: m.s_[1:5:2, ::-1],
        lambda m: m.index_exp[2:, 0],
    ],
    ids=[
        "mgrid",
        "mgrid complex step",
        "ogrid",
        "r_",
        "r_ slice",
        "r_ ndmin",
        "c_",
        "s_",
        "index_exp",
    ],
)
def test_index_tricks_match_numpy(make):
    got, want = make(xt), make(np)
    if isinstance(want, tuple) and not isinstance(want[0], np.ndarray):
        assert got == want  # s_ and index_exp: plain index tuples
        return
    for g, w in zip(
        got if isinstance(want, tuple) else [got], want if isinstance(want, tuple) else [want]
    ):
        assert type(g) is xt.Array
        np.testing.assert_array_equal(np.asarray(g), w)
        assert np.asarray(g).dtype == w.dtype

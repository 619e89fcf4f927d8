"""The first branches of everyday calls on small CPU Arrays: the ufunc methods `reduce`,
`accumulate` and `outer`, `partition`, `argpartition`, `digitize`, `bincount`,
`take_along_axis`, `isin` and the random samplers.

Each test runs a call twice: on xtensor Arrays (the first branch), and on the same data in a
form the first branch leaves alone (the NumPy array behind the Array, or `device="cpu"` for a
sampler), which the checked path reads without a copy. The two must agree in layout, bytes,
warnings and errors; NumPy is the oracle for values, dtype and shape, and for the random
streams. A last group pins what calls outside the branches give, and proves that the branches
run.
"""

from __future__ import annotations

import functools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.oracle import outcome as _outcome
from xtensor import _indexing, _numpy_index, _sets

DTYPES = ["bool", "int8", "int64", "float32", "float64", "complex128"]
SETTINGS = settings(max_examples=30, deadline=None)


def _layout(r):
    d = r._data
    # (not owndata: a reduction's first call gives a reshaped view, a replayed plan its own)
    flags = (d.flags.c_contiguous, d.flags.f_contiguous, d.flags.writeable)
    return (type(d), d.dtype, d.shape, d.strides, flags, d.tobytes())


def outcome(call):
    """`oracle.outcome` of `call` with this file's layout."""
    return _outcome(call, _layout)


def assert_paths_agree(fast_call, checked_call, numpy_call=None):
    """The first branch and the checked path agree (the first branch is called twice: a
    first call may prime what the second one reads); where NumPy answers, xtensor gives its
    values, dtype and shape. The outcome (layout, or the error) is returned."""
    outcome(fast_call)
    fast, checked = outcome(fast_call), outcome(checked_call)
    assert fast == checked
    if numpy_call is not None and fast[0][0] != "raised":
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = numpy_call()
        except (ValueError, TypeError, IndexError):
            want = None
        if want is not None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert_same(fast_call(), want)
    return fast[0]


def _axis(data, ndim):
    return data.draw(st.integers(-ndim - 1, ndim))  # one out of range at each end


# --- ufunc methods -----------------------------------------------------------------------------


@SETTINGS
@given(
    st.data(),
    st.sampled_from(["add", "multiply", "maximum", "minimum", "logical_or", "subtract"]),
    st.sampled_from(DTYPES),
)
def test_ufunc_reduce(data, name, dtype):
    a = data.draw(arrays(dtype, shape=data.draw(shapes(max_dims=3, max_side=4))))
    axis = _axis(data, a.ndim)
    uf = getattr(xt, name)
    assert_paths_agree(
        lambda: uf.reduce(xt.asarray(a), axis),
        lambda: uf.reduce(a, axis),
        lambda: getattr(np, name).reduce(a, axis),
    )
    if a.ndim:  # the default axis, 0
        assert_paths_agree(lambda: uf.reduce(xt.asarray(a)), lambda: uf.reduce(a))


@SETTINGS
@given(
    st.data(),
    st.sampled_from(["add", "multiply", "maximum", "subtract", "logical_and", "sin", "divmod"]),
    st.sampled_from(DTYPES),
)
def test_ufunc_accumulate(data, name, dtype):
    a = data.draw(arrays(dtype, shape=data.draw(shapes(max_dims=3, max_side=4))))
    axis = _axis(data, a.ndim)
    uf = getattr(xt, name)
    result = assert_paths_agree(
        lambda: uf.accumulate(xt.asarray(a), axis),
        lambda: uf.accumulate(a, axis),
        lambda: getattr(np, name).accumulate(a, axis),
    )
    if name in ("sin", "divmod"):  # one input, or two outputs: the checked path's error
        assert result[0] == "raised" and result[2].startswith(f"{name}.accumulate: ")


@SETTINGS
@given(
    st.data(),
    st.sampled_from(
        ["add", "multiply", "subtract", "maximum", "divide", "floor_divide", "less", "power"]
    ),
)
def test_ufunc_outer(data, name):
    first = data.draw(st.sampled_from(DTYPES))
    mixed = data.draw(st.integers(0, 3)) == 0
    a = data.draw(arrays(first, shape=data.draw(shapes(max_dims=2, max_side=4))))
    b = data.draw(
        arrays(
            data.draw(st.sampled_from(DTYPES)) if mixed else first,
            shape=data.draw(shapes(max_dims=2, max_side=4)),
        )
    )
    uf = getattr(xt, name)
    assert_paths_agree(
        lambda: uf.outer(xt.asarray(a), xt.asarray(b)),
        lambda: uf.outer(a, b),
        lambda: getattr(np, name).outer(a, b) if a.dtype == b.dtype else None,
    )


# --- partial sorts, binning, take_along_axis, isin --------------------------------------------


@SETTINGS
@given(st.data(), st.sampled_from(["partition", "argpartition"]), st.sampled_from(DTYPES))
def test_partition(data, name, dtype):
    a = data.draw(arrays(dtype, shape=data.draw(shapes(max_dims=3, max_side=5))))
    axis = _axis(data, a.ndim)
    n = a.shape[axis] if -a.ndim <= axis < a.ndim else 1
    kth = data.draw(st.integers(-n - 1, n))
    fn = getattr(xt, name)
    assert_paths_agree(
        lambda: fn(xt.asarray(a), kth, axis),
        lambda: fn(a, kth, axis),
        lambda: getattr(np, name)(a, kth, axis),
    )


EDGES = st.lists(st.sampled_from([-1.0, 0.0, 0.25, 0.5, 2.0, np.nan]), max_size=4)


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES), EDGES, st.booleans())
def test_digitize(data, dtype, edges, right):
    a = data.draw(arrays(dtype))
    order = data.draw(st.sampled_from([sorted, lambda e: sorted(e)[::-1], list]))
    bins = order(edges)
    form = data.draw(st.sampled_from([list, tuple, np.asarray, xt.asarray]))
    assert_paths_agree(
        lambda: xt.digitize(xt.asarray(a), form(bins), right),
        lambda: xt.digitize(a, form(bins), right),
        lambda: np.digitize(a, bins, right),
    )


@SETTINGS
@given(
    st.data(),
    st.sampled_from(["bool", "int8", "uint8", "int64", "float64"]),
    st.booleans(),
    st.integers(-1, 4),
)
def test_bincount(data, dtype, weighted, minlength):
    a = data.draw(arrays(dtype, shape=data.draw(shapes(min_dims=0, max_dims=2))))
    weights = data.draw(arrays("float64", shape=a.shape)) if weighted else None
    w = None if weights is None else xt.asarray(weights)
    assert_paths_agree(
        lambda: xt.bincount(xt.asarray(a), w, minlength),
        lambda: xt.bincount(a, weights, minlength),
        lambda: np.bincount(a, weights, minlength),
    )


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES), st.sampled_from(["int8", "int64", "uint8", "bool"]))
def test_take_along_axis(data, dtype, index_dtype):
    a = data.draw(arrays(dtype, shape=data.draw(shapes(min_dims=0, max_dims=3))))
    axis = _axis(data, a.ndim)
    if data.draw(st.booleans()) and -a.ndim <= axis < a.ndim:
        idx = np.argsort(a, axis=axis, kind="stable").astype(index_dtype)
    else:  # indices in range, or some outside, and sometimes of another shape
        shape = a.shape if data.draw(st.booleans()) else data.draw(shapes(max_dims=3))
        n = max(a.shape[axis], 1) if -a.ndim <= axis < a.ndim else 3
        idx = data.draw(arrays(index_dtype, shape=shape)) % (n + 1) - (n // 2)
        idx = idx.astype(index_dtype)
    assert_paths_agree(
        lambda: xt.take_along_axis(xt.asarray(a), xt.asarray(idx), axis),
        lambda: xt.take_along_axis(xt.asarray(a), idx, axis),
        lambda: np.take_along_axis(a, idx, axis) if idx.dtype.kind != "b" else None,
    )


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES), st.booleans(), st.booleans())
def test_isin(data, dtype, invert, assume_unique):
    a = data.draw(arrays(dtype))
    other = dtype if data.draw(st.booleans()) else data.draw(st.sampled_from(DTYPES))
    b = data.draw(arrays(other))
    if assume_unique:
        a, b = np.unique(a), np.unique(b)
    assert_paths_agree(
        lambda: xt.isin(xt.asarray(a), xt.asarray(b), assume_unique, invert),
        lambda: xt.isin(xt.asarray(a), b, assume_unique, invert),
        lambda: np.isin(a, b, assume_unique, invert) if a.dtype == b.dtype else None,
    )


# --- random ------------------------------------------------------------------------------------

SIZES = st.none() | st.integers(0, 4) | shapes(max_dims=2, max_side=3)
LEGACY = {  # xtensor's call, and NumPy's RandomState method with the same arguments
    "rand": lambda size: ("rand", () if size is None else _as_tuple(size), {}),
    "randn": lambda size: ("randn", () if size is None else _as_tuple(size), {}),
    "random": lambda size: ("random", (size,), {}),
    "random_sample": lambda size: ("random_sample", (size,), {}),
    "standard_normal": lambda size: ("standard_normal", (size,), {}),
    "randint": lambda size: ("randint", (-3, 9, size), {}),
    "randint8": lambda size: ("randint", (0, 100, size), {"dtype": "int8"}),
    "uniform": lambda size: ("uniform", (-1.0, 2.0, size), {}),
    "normal": lambda size: ("normal", (1.0, 3.0, size), {}),
    "exponential": lambda size: ("exponential", (2.0, size), {}),
}
GENERATOR = {
    "random": lambda size: ((size,), {}),
    "random32": lambda size: ((size,), {"dtype": "float32"}),
    "standard_normal": lambda size: ((size,), {}),
    "uniform": lambda size: ((-1.0, 2.0, size), {}),
    "normal": lambda size: ((1.0, 3.0, size), {}),
    "integers": lambda size: ((-3, 9, size), {}),
    "exponential": lambda size: ((2.0, size), {}),
}


def _as_tuple(size):
    return (size,) if isinstance(size, int) else tuple(size)


def _same_state(a, b) -> None:
    assert a[0] == b[0] and a[2:] == b[2:]
    np.testing.assert_array_equal(a[1], b[1])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(LEGACY)), SIZES)
def test_legacy_samplers(seed, key, size):
    name, args, kwargs = LEGACY[key](size)
    fn = getattr(xt.random, name)
    xt.random.seed(seed)
    fast = outcome(lambda: _as_array(fn(*args, **kwargs)))
    fast_state = xt.random.get_state()
    xt.random.seed(seed)
    checked = outcome(lambda: fn(*args, **kwargs, device="cpu"))
    assert fast == checked
    _same_state(fast_state, xt.random.get_state())
    state = np.random.RandomState(seed)  # the stream NumPy's own legacy functions give
    want = getattr(state, name)(*args, **kwargs)
    xt.random.seed(seed)
    got = fn(*args, **kwargs)
    if type(want) in (int, float):  # one draw: NumPy's Python number, as it is
        assert type(got) is type(want) and got == want
    else:
        assert_same(got, want)
    _same_state(xt.random.get_state(), state.get_state())


def _as_array(value):
    """A draw as the 0-d array `device=` gives for NumPy's Python number."""
    return xt.asarray(value) if type(value) in (int, float) else value


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(sorted(GENERATOR)), SIZES)
def test_generator_samplers(seed, key, size):
    name = key.removesuffix("32")
    args, kwargs = GENERATOR[key](size)
    fast = outcome(lambda: _as_array(getattr(xt.random.default_rng(seed), name)(*args, **kwargs)))
    checked = outcome(
        lambda: getattr(xt.random.default_rng(seed), name)(*args, **kwargs, device="cpu")
    )
    assert fast == checked
    want = getattr(np.random.default_rng(seed), name)(*args, **kwargs)
    got = getattr(xt.random.default_rng(seed), name)(*args, **kwargs)
    if type(want) in (int, float):  # one draw: NumPy's Python number, as it is
        assert type(got) is type(want) and got == want
    else:
        assert_same(got, want)


@pytest.mark.parametrize(
    "name, args, method",
    [
        ("rand", (-1,), "rand"),
        ("rand", (2.5,), "rand"),
        ("randn", (-2,), "randn"),
        ("random", ((2, -1),), "random_sample"),
        ("randint", (5, 1), "randint"),
        ("normal", (0, -1.0, 3), "normal"),
        ("uniform", (0, 1, -3), "uniform"),
        ("standard_normal", (-1,), "standard_normal"),
        ("exponential", (-1.0,), "exponential"),
    ],
)
def test_sampler_errors_are_named(name, args, method):
    """NumPy's error, of its built-in class, named after the function, and no draw taken."""
    with pytest.raises(Exception) as want:
        getattr(np.random.RandomState(0), method)(*args)
    xt.random.seed(0)
    with pytest.raises(Exception) as got:
        getattr(xt.random, name)(*args)
    kind = next(k for k in (TypeError, ValueError) if isinstance(want.value, k))
    assert type(got.value) is kind
    assert str(got.value) == f"{name}: {want.value}"
    _same_state(xt.random.get_state(), np.random.RandomState(0).get_state())


# --- calls outside the first branches ----------------------------------------------------------

X, INTS = xt.asarray([3.0, 1.0, 2.0]), xt.asarray([2, 3])
RNG = functools.partial(xt.random.default_rng, 0)
ERRORS = [  # the checked path's errors, as the code before the first branches gave them
    (
        lambda: xt.maximum.reduce(X, where=xt.asarray([True, False, True])),
        ValueError,
        "maximum.reduce: reduction operation 'maximum' does not have an identity, so to use a "
        "where mask one has to specify 'initial'",
    ),
    (
        lambda: xt.add.reduce(X, 1),
        np.exceptions.AxisError,
        "add.reduce: axis 1 is out of range for an array of 1 dimension",
    ),
    (
        lambda: xt.sin.accumulate(X),
        ValueError,
        "sin.accumulate: accumulate only supported for binary functions",
    ),
    (
        lambda: xt.divmod.accumulate(X),
        ValueError,
        "divmod.accumulate: accumulate only supported for functions returning a single value",
    ),
    (
        lambda: xt.add.accumulate(X, 1),
        np.exceptions.AxisError,
        "add.accumulate: axis 1 is out of bounds for array of dimension 1",
    ),
    (
        lambda: xt.sin.outer(X, X),
        ValueError,
        "sin.outer: outer product only supported for binary functions",
    ),
    (
        lambda: (
            xt.power(INTS, INTS),
            xt.power.outer(INTS, -INTS),
        ),  # (the plain call records the loop)
        ValueError,
        "pow: Integers to negative integer powers are not allowed.",
    ),
    (lambda: xt.partition(X, 3), ValueError, "partition: kth(=3) out of bounds (3)"),
    (lambda: xt.argpartition(X, -4), ValueError, "argpartition: kth(=-1) out of bounds (3)"),
    (
        lambda: xt.digitize(X, [0.5, 0.25, 1.0]),
        ValueError,
        "digitize: bins must be monotonically increasing or decreasing",
    ),
    (lambda: xt.digitize(xt.asarray([1j]), [0.5]), TypeError, "digitize: x may not be complex"),
    (
        lambda: xt.bincount(xt.asarray([-1, 2])),
        ValueError,
        "bincount: 'list' argument must have no negative elements",
    ),
    (
        lambda: xt.bincount(X),
        TypeError,
        "bincount: Cannot cast array data from dtype('float64') to dtype('int64') according to "
        "the rule 'safe'",
    ),
    (
        lambda: xt.take_along_axis(X, xt.asarray([3]), 0),
        IndexError,
        "take_along_axis: index 3 is out of bounds for axis 0 with size 3",
    ),
    (
        lambda: xt.take_along_axis(X, xt.asarray([True, False, True]), 0),
        IndexError,  # NumPy's
        "take_along_axis: indices must have an integer dtype; got bool",
    ),
    (
        lambda: xt.take_along_axis(X, xt.asarray([0]), 1),
        np.exceptions.AxisError,
        "take_along_axis: axis 1 is out of range for an array of 1 dimension",
    ),
    (lambda: xt.digitize(X, [[0.5]]), ValueError, "digitize: object too deep for desired array"),
    (lambda: xt.isin(X, X, invert=1), TypeError, "isin: invert must be a bool; got 1"),
    (lambda: RNG().normal(0, -1.0, 3), ValueError, "Generator.normal: scale < 0"),
    (lambda: RNG().integers(5, 1), ValueError, "Generator.integers: low >= high"),
    (lambda: RNG().random(-1), ValueError, "Generator.random: negative dimensions are not allowed"),
    (
        lambda: RNG().random(3, dtype="int64"),
        TypeError,
        "Generator.random: Unsupported dtype dtype('int64') for random",
    ),
    (
        lambda: RNG().standard_normal(-1),
        ValueError,
        "Generator.standard_normal: negative dimensions are not allowed",
    ),
    (
        lambda: RNG().uniform(0, 1, -1),
        ValueError,
        "Generator.uniform: negative dimensions are not allowed",
    ),
    (lambda: RNG().exponential(-1.0), ValueError, "Generator.exponential: scale < 0"),
]


@pytest.mark.parametrize("call, kind, message", ERRORS)
def test_errors_stay_the_checked_paths(call, kind, message):
    with pytest.raises(kind) as got:
        call()
    assert type(got.value) is kind and str(got.value) == message


def test_calls_outside_the_branches():
    """Lists, keywords, NumPy scalars and other devices take the checked path, with its
    answers and its errors."""
    x = xt.asarray([3.0, 1.0, 2.0])
    assert_same(xt.add.reduce([1, 2, 3]), np.int64(6))
    assert_same(xt.add.reduce(x, axis=(0,)), np.float64(6.0))
    assert_same(xt.add.reduce(x, 0, xt.float32), np.float32(6.0))
    assert_same(xt.add.reduce(xt.asarray(2.0)), np.float64(2.0))  # 0-d: over nothing
    assert_same(xt.add.accumulate([1, 2, 3]), np.array([1, 3, 6]))
    assert_same(xt.multiply.outer([1, 2], [3]), np.array([[3], [6]]))
    assert_same(xt.partition([3, 1, 2], 1), np.array([1, 2, 3]))
    assert_same(xt.partition(x, np.int64(0)), np.partition([3.0, 1.0, 2.0], 0))
    assert_same(xt.digitize([0.1, 0.6], xt.asarray([0.25, 0.5])), np.array([0, 2]))
    assert_same(xt.bincount([0, 2, 2], minlength=4), np.array([1, 0, 2, 0]))
    assert_same(xt.isin(x, [1.0, 5.0]), np.array([False, True, False]))
    assert_same(xt.isin(xt.asarray([2**63], dtype="uint64"), xt.asarray([-1])), [False])
    meta = xt.asarray([1.0, 2.0], device="meta")
    assert xt.add.reduce(meta).shape == () and xt.add.reduce(meta).device == "meta"


def test_the_branches_run(monkeypatch):
    """With the checked paths made to fail, the common calls still answer: the first branches
    take them."""

    def refuse(*args, **kwargs):
        raise AssertionError("the checked path ran")

    x, y = xt.asarray([3.0, 1.0, 2.0]), xt.asarray([1.0, 5.0])
    xt.multiply(xt.reshape(x, (3, 1)), y)  # a plain call records the loop `outer` reads
    monkeypatch.setattr(xt.ufunc, "_method", refuse)
    monkeypatch.setattr(xt.random, "asarray", refuse)
    monkeypatch.setattr(_numpy_index, "_partitioned", refuse)
    monkeypatch.setattr(_numpy_index, "device_datas", refuse)
    monkeypatch.setattr(_indexing, "check_array", refuse)
    monkeypatch.setattr(_sets, "_operand", refuse)
    assert_same(xt.add.reduce(x), np.float64(6.0))
    assert_same(xt.maximum.reduce(x), np.float64(3.0))
    assert_same(xt.add.accumulate(x), np.array([3.0, 4.0, 6.0]))
    assert_same(xt.multiply.outer(x, y), np.multiply.outer([3.0, 1.0, 2.0], [1.0, 5.0]))
    assert_same(xt.partition(x, 1), np.array([1.0, 2.0, 3.0]))
    assert_same(xt.argpartition(x, 1), np.array([1, 2, 0]))
    assert_same(xt.digitize(x, [1.5, 2.5]), np.array([2, 0, 1]))
    assert_same(xt.bincount(xt.asarray([0, 2, 2])), np.array([1, 0, 2]))
    assert_same(xt.take_along_axis(x, xt.argsort(x), 0), np.array([1.0, 2.0, 3.0]))
    assert_same(xt.isin(x, y), np.array([False, True, False]))
    xt.random.seed(1)
    assert_same(xt.random.rand(2), np.random.RandomState(1).rand(2))
    assert_same(xt.random.default_rng(1).random(2), np.random.default_rng(1).random(2))

"""The meta device: shapes and dtypes without data, and the same errors as real arrays.

Each op family runs on meta arrays and on small real arrays of the same shapes and dtypes: the
meta result must raise an error of the class xtensor raises on the CPU, or have the CPU result's
shape and dtype, which must also be NumPy's (the oracle) wherever NumPy's function is given
and accepts the call. The elementwise table, the ufunc objects and astype compare with the CPU
only: xtensor's dtype rules deliberately differ from NumPy's there (bool operands, complex to
real; README "Differences from NumPy"). Real operands hold ones, so no value-dependent error
(an integer to a negative power) gets in.
"""

from __future__ import annotations

import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, shapes
from xtensor._core.devices import Device
from xtensor._ops.elementwise import OPS

REAL = tuple(d for d in ALL_DTYPES if not d.startswith("complex"))
NUMERIC = ALL_DTYPES[1:]
dtypes = st.sampled_from(ALL_DTYPES)
# The families an error belongs to, most specific first (AxisError is a ValueError and an
# IndexError: a meta AxisError must stay one).
FAMILIES = (np.exceptions.AxisError, IndexError, TypeError, OverflowError, ValueError)


def ones(shape, dtype) -> np.ndarray:
    return np.ones(shape, dtype)


def meta(a):
    return xt.asarray(a, device="meta") if isinstance(a, (np.ndarray, xt.Array)) else a


def outcome(call, *args):
    try:
        return call(*args)
    except Exception as e:  # compared by class below
        return e


def assert_like(got, want) -> None:
    """`got` (from meta operands) has `want`'s shapes and dtypes, or `want`'s error class."""
    if isinstance(want, Exception):
        family = next(k for k in FAMILIES if isinstance(want, k))
        assert isinstance(got, family), f"meta gave {got!r}; real data raised {want!r}"
        return
    if isinstance(got, Exception):
        raise got
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert_like(g, w)
        return
    assert isinstance(got, xt.Array) and got.device == "meta", repr(got)
    dtype = want.dtype if isinstance(want, xt.Array) else np.asarray(want).dtype
    assert (got.shape, got.dtype) == (tuple(np.shape(want)), dtype), (got, want)


def check(call, np_call, *operands) -> None:
    """`call` on meta operands against `call` on CPU arrays: the same error class, or the same
    shapes and dtypes, which are also `np_call`'s on the NumPy operands where it is given and
    succeeds (where xtensor raises and NumPy does not, xtensor's rule is the deliberate one)."""
    got = outcome(call, *(meta(a) for a in operands))
    cpu = outcome(call, *(xt.asarray(a) if isinstance(a, np.ndarray) else a for a in operands))
    assert_like(got, cpu)
    want = None if np_call is None or isinstance(cpu, Exception) else outcome(np_call, *operands)
    if want is not None and not isinstance(want, Exception):
        assert_like(got, want)


@st.composite
def shape_pair(draw, min_dims=0):
    """Two shapes that broadcast together, or (one time in five) two unrelated ones."""
    if draw(st.integers(0, 4)) == 0:
        return draw(shapes(min_dims=min_dims)), draw(shapes(min_dims=min_dims))
    pair = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=min_dims, max_side=4))
    return pair.input_shapes


# --- elementwise: every op of the table, Python scalars, ufunc objects ------------------------


@given(
    op=st.sampled_from(OPS),
    pair=shape_pair(),
    d1=dtypes,
    d2=dtypes,
    scalar=st.sampled_from([None, True, 2, -3, 1000, 2**70, 0.5, 1j]),
)
def test_every_elementwise_op_matches_the_cpu(op, pair, d1, d2, scalar):
    func = getattr(xt, op.name)
    operands = [ones(pair[0], d1), ones(pair[1], d2), ones(pair[0], d1)][: op.nin]
    if scalar is not None and op.nin > 1:
        operands[-1] = scalar
    check(func, None, *operands)


@given(pair=shape_pair(), d1=dtypes, d2=dtypes, out_dtype=dtypes)
def test_ufunc_objects_match_the_cpu(pair, d1, d2, out_dtype):
    a, b = ones(pair[0], d1), ones(pair[1], d2)
    out = ones(np.broadcast_shapes(*pair), out_dtype) if _broadcastable(pair) else ones((), d1)
    check(lambda x, y, o: xt.add(x, y, out=o), None, a, b, out)
    check(lambda x, y: xt.multiply(x, y, dtype=out_dtype), None, a, b)
    check(lambda x, y, o: xt.maximum(x, y, out=o, where=x > 0), None, a, b, out)
    check(lambda x, y: xt.add.outer(x, y), None, a, b)
    for axis in (0, -1, None, 3):
        check(lambda x, ax=axis: xt.add.reduce(x, axis=ax), None, a)
        check(lambda x, ax=axis: xt.minimum.reduce(x, axis=ax, keepdims=True), None, a)
        check(lambda x, ax=axis: xt.multiply.accumulate(x, axis=ax or 0), None, a)


def _broadcastable(pair) -> bool:
    try:
        np.broadcast_shapes(*pair)
    except ValueError:
        return False
    return True


def test_in_place_operators_keep_the_array_and_check_the_cast():
    x = xt.zeros((3, 4), dtype=xt.int8, device="meta")
    y = x
    y += 1
    assert y is x and y.dtype == xt.int8
    with pytest.raises(TypeError):
        x += xt.ones(4, device="meta")  # float64 into int8 in place
    with pytest.raises(ValueError):
        x += xt.ones((2, 4), dtype=xt.int8, device="meta")
    x[1:, ::2] = 7
    with pytest.raises(ValueError):
        x[0] = xt.ones(3, dtype=xt.int8, device="meta")
    with pytest.raises(OverflowError):
        x[0] = 1000


# --- reductions and scans ---------------------------------------------------------------------

REDUCTIONS = [
    ("sum", NUMERIC, lambda a, ax, k: np.sum(a, axis=ax, keepdims=k)),
    ("prod", NUMERIC, lambda a, ax, k: np.prod(a, axis=ax, keepdims=k)),
    ("mean", NUMERIC[8:], lambda a, ax, k: np.mean(a, axis=ax, keepdims=k)),
    ("var", NUMERIC[8:10], lambda a, ax, k: np.var(a, axis=ax, keepdims=k)),
    ("std", NUMERIC[8:10], lambda a, ax, k: np.std(a, axis=ax, keepdims=k)),
    ("max", REAL[1:], lambda a, ax, k: np.max(a, axis=ax, keepdims=k)),
    ("min", REAL[1:], lambda a, ax, k: np.min(a, axis=ax, keepdims=k)),
    ("any", ALL_DTYPES, lambda a, ax, k: np.any(a, axis=ax, keepdims=k)),
    ("all", ALL_DTYPES, lambda a, ax, k: np.all(a, axis=ax, keepdims=k)),
    ("count_nonzero", ALL_DTYPES, lambda a, ax, k: np.count_nonzero(a, axis=ax, keepdims=k)),
]


@given(
    case=st.sampled_from(REDUCTIONS),
    shape=shapes(),
    data=st.data(),
    axis=st.one_of(st.none(), st.integers(-4, 3), st.tuples(st.integers(-3, 2))),
    keepdims=st.booleans(),
)
def test_reductions_match_numpy(case, shape, data, axis, keepdims):
    name, allowed, np_call = case
    a = ones(shape, data.draw(st.sampled_from(allowed)))
    check(
        lambda x: getattr(xt, name)(x, axis=axis, keepdims=keepdims),
        lambda x: np_call(x, axis, keepdims),
        a,
    )


@given(shape=shapes(), dtype=st.sampled_from(REAL[1:]), axis=st.integers(-4, 3))
def test_arg_reductions_and_scans_match_numpy(shape, dtype, axis):
    a = ones(shape, dtype)
    check(lambda x: xt.argmax(x, axis=axis), lambda x: np.argmax(x, axis=axis), a)
    check(lambda x: xt.argmin(x), lambda x: np.argmin(x), a)
    check(lambda x: xt.argmax(x, keepdims=True), lambda x: np.argmax(x, keepdims=True), a)
    check(
        lambda x: xt.cumulative_sum(x, axis=axis),
        lambda x: np.cumulative_sum(x, axis=axis),
        a,
    )
    check(
        lambda x: xt.cumulative_prod(x, axis=axis, include_initial=True),
        lambda x: np.cumulative_prod(x, axis=axis, include_initial=True),
        a,
    )
    check(lambda x: xt.cumsum(x), lambda x: np.cumsum(x), a)


# --- linear algebra ---------------------------------------------------------------------------

LINALG_DTYPES = st.sampled_from(NUMERIC)
small = shapes(min_dims=0, max_dims=3, max_side=3)


@given(s1=small, s2=small, d1=LINALG_DTYPES, d2=LINALG_DTYPES, n=st.integers(0, 2))
def test_products_match_numpy(s1, s2, d1, d2, n):
    a, b = ones(s1, d1), ones(s2, d2)
    check(xt.matmul, np.matmul, a, b)
    assume(n <= min(a.ndim, b.ndim))
    check(lambda x, y: xt.tensordot(x, y, axes=n), lambda x, y: np.tensordot(x, y, axes=n), a, b)
    if a.ndim and b.ndim:
        check(xt.vecdot, lambda x, y: np.vecdot(x, y), a, b)
        check(lambda x, y: xt.vecdot(x, y, axis=-1), lambda x, y: np.vecdot(x, y, axis=-1), a, b)
    if a.ndim >= 2:
        check(xt.matrix_transpose, np.matrix_transpose, a)


def test_matmul_of_huge_operands_allocates_nothing():
    a = xt.empty((10**6, 10**6), dtype=xt.float32, device="meta")
    v = xt.empty((10**6,), dtype=xt.float32, device="meta")
    tracemalloc.start()
    try:
        r = a @ a @ v
        s = xt.sum(a * 2 + 1, axis=0, keepdims=True)
        t = xt.tensordot(a, a, axes=([0], [1]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert r.shape == (10**6,) and s.shape == (1, 10**6) and t.shape == (10**6, 10**6)
    assert peak < 2**20, f"meta ops allocated {peak} bytes"


# --- indexing ---------------------------------------------------------------------------------


@given(data=st.data(), shape=shapes(min_dims=1), dtype=dtypes)
def test_basic_indexing_matches_numpy(data, shape, dtype):
    a = ones(shape, dtype)
    key = data.draw(hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True))
    check(lambda x: x[key], lambda x: x[key], a)
    i = data.draw(st.integers(-8, 8))
    check(lambda x: x[i], lambda x: x[i], a)


KINDS = ["slice", "int", "array", "none"]


@given(
    data=st.data(),
    shape=shapes(min_dims=1, max_dims=4, min_side=1, max_side=4),
    kinds=st.lists(st.sampled_from(KINDS), min_size=1, max_size=4),
    arrays_at=st.sets(st.integers(0, 3), min_size=1),
)
def test_integer_array_indexing_matches_numpy(data, shape, kinds, arrays_at):
    """Index arrays, with ints, slices and None between them: NumPy keeps the broadcast index
    dims in place when the array and int indices are adjacent, else puts them first."""
    kinds = [("array" if i in arrays_at else k) for i, k in enumerate(kinds[: len(shape)])]
    key, axis = [], 0
    for kind in kinds:
        if kind == "none":
            key.append(None)
            continue
        n = shape[axis]
        axis += 1
        if kind == "array":
            index_shape = data.draw(shapes(max_dims=2, max_side=3))
            elements = st.integers(-n, n - 1)
            key.append(np.asarray(data.draw(hnp.arrays(np.int64, index_shape, elements=elements))))
        else:
            key.append(data.draw(st.integers(-n, n - 1)) if kind == "int" else slice(None, None, 2))
    key = tuple(key)
    a = ones(shape, "float32")
    meta_key = tuple(meta(k) for k in key)
    assert_like(outcome(lambda: meta(a)[meta_key]), outcome(lambda: a[key]))


@pytest.mark.parametrize(
    "key",
    [
        (slice(None), [0, 1, 2], slice(None), [1, 0, 1]),  # separated: the block goes first
        (slice(None), 0, slice(None), [1, 0, 4]),
        (slice(None), [[0], [1]], [1, 0, 2]),  # adjacent: the block stays after axis 0
        (slice(None), 1, [1, 0, 3]),
        ([0, 1, 2], None, [1, 0, 0]),
        (Ellipsis, [0, 1]),
        (None, slice(1, None), [[1]], Ellipsis),
    ],
)
def test_where_the_index_dims_go(key):
    # No dim has an index block's size (2 or 3), so a misplaced block changes the shape.
    a = ones((5, 6, 7, 8), "int8")
    meta_key = tuple(meta(np.asarray(k)) if isinstance(k, list) else k for k in key)
    np_key = tuple(np.asarray(k) if isinstance(k, list) else k for k in key)
    assert_like(meta(a)[meta_key], a[np_key])


def test_index_errors_are_numpys_classes():
    x = xt.zeros((3, 4), device="meta")
    for key in (5, (0, 0, 0), (Ellipsis, Ellipsis), (slice(None), -5), 1.5):
        with pytest.raises(IndexError):
            x[key]
    with pytest.raises(IndexError):  # index arrays that do not broadcast together
        x[xt.zeros(2, dtype=xt.int64, device="meta"), xt.zeros(3, dtype=xt.int64, device="meta")]
    with pytest.raises(IndexError):  # a non-empty index into an empty axis
        xt.zeros((0, 4), device="meta")[xt.zeros(2, dtype=xt.int64, device="meta")]


# --- manipulation -----------------------------------------------------------------------------


@given(data=st.data(), shape=shapes(), dtype=dtypes)
def test_shape_functions_match_numpy(data, shape, dtype):
    a = ones(shape, dtype)
    nd = a.ndim
    axis = data.draw(st.integers(-nd - 2, nd + 1))
    perm = tuple(data.draw(st.lists(st.integers(-nd - 1, nd), min_size=nd, max_size=nd)))
    target = tuple(data.draw(st.permutations(shape)))
    target = target if data.draw(st.booleans()) else data.draw(shapes(max_side=4))
    if target and data.draw(st.booleans()):
        target = (-1, *target[1:])
    cases = [
        (lambda x: xt.reshape(x, target), lambda x: np.reshape(x, target)),
        (lambda x: xt.permute_dims(x, perm), lambda x: np.transpose(x, perm)),
        (lambda x: xt.expand_dims(x, axis=axis), lambda x: np.expand_dims(x, axis)),
        (lambda x: xt.squeeze(x, axis=axis), lambda x: np.squeeze(x, axis)),
        (lambda x: xt.flip(x, axis=axis), lambda x: np.flip(x, axis)),
        (lambda x: xt.roll(x, 2, axis=axis), lambda x: np.roll(x, 2, axis)),
        (lambda x: xt.moveaxis(x, axis, 0), lambda x: np.moveaxis(x, axis, 0)),
        (lambda x: xt.broadcast_to(x, target), lambda x: np.broadcast_to(x, target)),
        (lambda x: xt.tile(x, (2, 1)), lambda x: np.tile(x, (2, 1))),
        (lambda x: xt.repeat(x, 3, axis=axis), lambda x: np.repeat(x, 3, axis)),
    ]
    for call, np_call in cases:
        check(call, np_call, a)


@given(pair=shape_pair(min_dims=1), d1=dtypes, d2=dtypes, axis=st.integers(-4, 3))
def test_joining_matches_numpy(pair, d1, d2, axis):
    a, b = ones(pair[0], d1), ones(pair[0] if axis % 2 else pair[1], d2)
    check(
        lambda x, y: xt.concat([x, y], axis=axis), lambda x, y: np.concat([x, y], axis=axis), a, b
    )
    check(
        lambda x, y: xt.concat((x, y), axis=None), lambda x, y: np.concat((x, y), axis=None), a, b
    )
    check(lambda x, y: xt.stack([x, y], axis=axis), lambda x, y: np.stack([x, y], axis=axis), a, b)
    check(lambda x, y: xt.broadcast_arrays(x, y), lambda x, y: np.broadcast_arrays(x, y), a, b)


@given(shape=shapes(), source=dtypes, target=dtypes, copy=st.booleans())
def test_astype_matches_the_cpu(shape, source, target, copy):
    check(lambda x: xt.astype(x, getattr(xt, target), copy=copy), None, ones(shape, source))
    check(lambda x: x.astype(target), None, ones(shape, source))


# --- creation ---------------------------------------------------------------------------------


@given(shape=shapes(), dtype=dtypes, fill=st.sampled_from([True, 3, -1, 2.5, 300]))
def test_creation_from_a_shape_matches_numpy(shape, dtype, fill):
    for name in ("zeros", "ones", "empty"):
        assert_like(getattr(xt, name)(shape, dtype=dtype, device="meta"), np.zeros(shape, dtype))
    like = ones(shape, dtype)
    for name in ("zeros_like", "ones_like", "empty_like"):
        assert_like(getattr(xt, name)(meta(like)), like)
        assert_like(getattr(xt, name)(xt.asarray(like), device="meta"), like)
    assert_like(xt.full(shape, fill, device="meta"), np.full(shape, fill))
    assert_like(
        outcome(lambda: xt.full(shape, fill, dtype="int8", device="meta")),
        outcome(lambda: np.full(shape, fill, dtype="int8")),
    )


@given(
    start=st.one_of(st.integers(-50, 50), st.floats(-50, 50)),
    stop=st.one_of(st.none(), st.integers(-50, 50), st.floats(-50, 50)),
    step=st.one_of(st.integers(-7, 7).filter(bool), st.floats(0.1, 7), st.floats(-7, -0.1)),
)
def test_arange_length_matches_numpy(start, stop, step):
    args = (start,) if stop is None else (start, stop, step)
    assert_like(outcome(lambda: xt.arange(*args, device="meta")), outcome(np.arange, *args))


@given(n=st.integers(0, 6), m=st.one_of(st.none(), st.integers(0, 6)), k=st.integers(-7, 7))
def test_linspace_and_eye_match_numpy(n, m, k):
    assert_like(xt.linspace(0, 1, n, device="meta"), np.linspace(0, 1, n))
    assert_like(xt.linspace(0, 1j, n, device="meta"), np.linspace(0, 1j, n))
    assert_like(xt.eye(n, m, k=k, device="meta", dtype=xt.int8), np.eye(n, m, k, dtype="int8"))
    assert_like(xt.asarray([[1, 2]] * n, device="meta"), np.asarray([[1, 2]] * n))


def test_huge_arrays_cost_no_memory():
    tracemalloc.start()
    try:
        x = xt.empty((10**12,), device="meta")
        y = xt.reshape(xt.exp(x) + xt.arange(10**12, device="meta"), (10**6, 10**6))
        z = xt.concat([y.T[::2], y[:, None, 0].T], axis=0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (x.size, x.nbytes, y.shape, z.shape) == (
        10**12,
        8 * 10**12,
        (10**6,) * 2,
        (500001, 10**6),
    )
    assert peak < 2**20, f"meta ops allocated {peak} bytes"
    with pytest.raises(ValueError):
        xt.empty((10**10,) * 3, device="meta")  # larger than any array, as NumPy refuses


# --- the device, values, and what the meta device refuses ------------------------------------


def test_the_device_and_its_repr():
    x = xt.ones((3, 4), device="meta")
    assert x.device == Device("meta") == "meta" and str(x.device) == "meta"
    assert repr(x.device) == "Device('meta')"
    assert repr(x) == "array(..., shape=(3, 4), dtype=float64, device='meta')"
    assert str(x) == repr(x) == f"{x}" == xt.array_repr(x)
    assert xt.zeros(2, device=Device("meta")).device == "meta"
    assert Device("meta") not in xt.__array_namespace_info__().devices()
    assert xt.__array_namespace_info__().dtypes(device="meta")["int8"] == xt.int8
    assert (x.ndim, x.size, x.nbytes, x.itemsize, x.strides) == (2, 12, 96, 8, (32, 8))


@given(shape=shapes(), dtype=dtypes)
def test_moving_onto_meta_keeps_shape_and_dtype(shape, dtype):
    real = xt.asarray(ones(shape, dtype))
    for m in (
        xt.asarray(real, device="meta"),
        real.to_device("meta"),
        xt.asarray(ones(shape, dtype), device="meta"),
    ):
        assert (m.device, m.shape, m.dtype) == (Device("meta"), real.shape, real.dtype)
        assert m.to_device("meta") is m


VALUE_READS = {
    "float()": float,
    "int()": int,
    "bool()": bool,
    "complex()": complex,
    "__index__": lambda x: [0, 1][x],
    "tolist": lambda x: x.tolist(),
    "item": lambda x: x.item(),
    "__array__": np.asarray,
    "__dlpack__": lambda x: x.__dlpack__(),
    "__dlpack_device__": lambda x: x.__dlpack_device__(),
    "to_device('cpu')": lambda x: x.to_device("cpu"),
    "format": lambda x: f"{x:.3f}",
}


@pytest.mark.parametrize("func", VALUE_READS)
def test_reading_values_is_a_runtime_error_naming_the_function(func):
    x = xt.zeros((), dtype=xt.int64, device="meta")
    with pytest.raises(RuntimeError, match=rf"^{func.split('(')[0]}.*meta arrays have no data"):
        VALUE_READS[func](x)


VALUE_DEPENDENT = [  # (the function the error names, a call)
    ("nonzero", lambda x: xt.nonzero(x)),
    ("nonzero", lambda x: xt.where(x > 0)),
    ("unique", lambda x: xt.unique_values(x)),
    ("__getitem__", lambda x: x[x > 0]),
    ("repeat", lambda x: xt.repeat(x, xt.ones(3, dtype=xt.int64, device="meta"))),
]


@pytest.mark.parametrize("func, call", VALUE_DEPENDENT)
def test_value_dependent_shapes_are_not_implemented(func, call):
    x = xt.zeros(3, device="meta")
    with pytest.raises(
        NotImplementedError, match=rf"^{func}: not supported on the meta device: .*values"
    ):
        call(x)


@pytest.mark.parametrize(
    "call",
    [
        lambda x: xt.linalg.inv(x),
        lambda x: xt.fft.fft(x),
        lambda x: xt.einsum("ij->j", x),
        lambda x: xt.add.at(x, [0], 1.0),
        lambda x: xt.median(x),
    ],
)
def test_functions_without_shape_rules_are_not_implemented(call):
    with pytest.raises(NotImplementedError, match="not supported on the meta device"):
        call(xt.zeros((3, 3), device="meta"))


def test_meta_and_cpu_operands_do_not_mix():
    m, c = xt.ones(3, device="meta"), xt.ones(3)
    for call in (
        xt.add,
        xt.matmul,
        lambda a, b: xt.concat([a, b]),
        lambda a, b: xt.where(a > 0, a, b),
    ):
        with pytest.raises(ValueError, match="different devices .*cpu, meta"):
            call(m, c)
        with pytest.raises(ValueError, match="different devices"):
            call(c, m)


def test_numpy_protocols_return_meta_arrays():
    x = xt.ones((2, 3), device="meta")
    assert_like(np.sum(x, axis=0), np.zeros(3))
    assert_like(np.sin(x), np.zeros((2, 3)))
    assert_like(np.concatenate([x, x]), np.zeros((4, 3)))
    assert math.prod(np.transpose(x).shape) == 6


@pytest.mark.parametrize(
    "options",
    [{"dtype": "float32"}, {"dtype": "int64", "casting": "unsafe"}, {"dtype": "int64"}, {}],
    ids=repr,
)
def test_matmul_keywords_give_numpys_dtype_on_meta(options):
    """matmul's gufunc keywords on the meta device: NumPy's dtype (or its casting error), and
    `out=` checked as NumPy checks it; keywords that move axes say they are not supported."""
    a = np.ones((2, 3, 4))
    b = np.ones((4, 5))
    m1, m2 = xt.ones((2, 3, 4), device="meta"), xt.ones((4, 5), device="meta")
    try:
        want = np.matmul(a, b, **options)
    except TypeError:
        with pytest.raises(TypeError, match="matmul: Cannot cast"):
            xt.matmul(m1, m2, **options)
        return
    got = xt.matmul(m1, m2, **options)
    assert (got.shape, got.dtype, got.device) == (want.shape, want.dtype, m1.device)
    out = xt.empty(want.shape, dtype=want.dtype, device="meta")
    assert xt.matmul(m1, m2, out=out, **options) is out
    with pytest.raises(ValueError, match="^matmul: out has shape"):
        xt.matmul(m1, m2, out=xt.empty((2, 2), device="meta"), **options)
    with pytest.raises(NotImplementedError, match="not supported on the meta device"):
        xt.matmul(m1, m2, axes=[(-2, -1)] * 3, **options)

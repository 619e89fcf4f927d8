"""Small-call fast paths outside elementwise ops: a warm cache must change nothing.

Each test runs a call on a cold cache (the checked path, which records a plan), then again
(the replayed plan), and requires bit-identical results, and identical errors for every
argument that hashes like a cached one (`True == 1 == 1.0`). Where a test says the warm call
took the fast path, it proves it by making the checked path raise.
"""

import contextlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from xtensor import (
    _linear_algebra,
    _manipulation,
    _searching,
    _sorting,
    _statistical,
)
from xtensor._backends import cpu_grain
from xtensor._dispatch import PLANS
from xtensor._dispatch import elementwise as _elementwise_dispatch
from xtensor._dispatch import reduction as _reduction
from xtensor._indexing import normalize_key

M = xt.asarray(np.arange(6.0).reshape(2, 3))
V = xt.asarray(np.arange(4.0))
I8 = xt.asarray(np.arange(4, dtype=np.int8))
C = V > 1.5
W = xt.asarray(np.arange(4.0))  # the one the setitem cases write to


@pytest.fixture(autouse=True)
def _cold():
    PLANS.clear()  # the one plan cache every dispatcher shares
    yield


def _plans_of(func: str) -> list:
    return [key for key in PLANS.plans if key[0] == func]


def outcome(call):
    try:
        return call()
    except Exception as e:  # the error itself is the outcome to compare
        return e


def assert_identical(cold, warm):
    if isinstance(cold, Exception):
        assert type(warm) is type(cold) and str(warm) == str(cold), (cold, warm)
        return
    if isinstance(cold, tuple):
        assert isinstance(warm, tuple) and len(warm) == len(cold)
        for c, w in zip(cold, warm):
            assert_identical(c, w)
        return
    c, w = cold._data, warm._data
    assert (c.dtype, c.shape, c.strides) == (w.dtype, w.shape, w.strides)
    assert c.tobytes() == w.tobytes()  # bitwise: NaN payloads and signed zeros included


def cold_and_warm(call):
    PLANS.clear()
    cold = outcome(call)
    return cold, outcome(call)


@contextlib.contextmanager
def checked_path_forbidden(module, name):
    """Make `module.name` (a step of the checked path) raise while the block runs."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"{module.__name__}.{name} ran: the fast path was not taken")

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(module, name, refuse)
        yield


# --- reductions ------------------------------------------------------------------------------

REDUCTIONS = [
    "sum",
    "prod",
    "max",
    "min",
    "mean",
    "var",
    "std",
    "argmax",
    "argmin",
    "count_nonzero",
    "any",
    "all",
]


@st.composite
def reduction_case(draw):
    a = draw(arrays(draw(st.sampled_from(ALL_DTYPES)), shape=draw(shapes(max_side=4))))
    one = st.integers(-a.ndim, a.ndim - 1) if a.ndim else st.nothing()
    many = st.lists(one, max_size=a.ndim).map(tuple) if a.ndim else st.just(())
    return a, draw(st.none() | one | many), draw(st.booleans())


@pytest.mark.parametrize("name", REDUCTIONS)
@given(reduction_case())
def test_reductions_warm_equals_cold(name, case):
    a, axis, keepdims = case
    fn, x = getattr(xt, name), xt.asarray(a)
    assert_identical(*cold_and_warm(lambda: fn(x, axis=axis, keepdims=keepdims)))


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reductions_take_the_fast_path(name):
    fn, x = getattr(xt, name), M
    cold = fn(x, axis=1)
    with (
        checked_path_forbidden(_statistical, "checked"),
        checked_path_forbidden(_statistical, "backing"),
        checked_path_forbidden(_reduction, "checked"),
    ):
        warm = fn(x, axis=1)
    assert_identical(cold, warm)


def test_empty_max_never_cached():
    x = xt.asarray(np.zeros((0, 3)))
    for _ in range(2):
        with pytest.raises(ValueError, match="max: cannot take the maximum of an empty array"):
            xt.max(x, axis=0)
    assert not _plans_of("max")


def test_large_reductions_are_cached_where_one_call_makes_them_at_any_thread_count(monkeypatch):
    """Note [Large reductions]: with two threads, a large `max` that splits gets no plan; one
    that streams too little to split (Note [Reductions that stream]) and a sum below two
    reduction grains are one call at any count (plans that say so)."""
    before = xt.get_num_threads()
    xt.set_num_threads(2)
    n = 4 * xt._iter.parallel.GRAIN_SIZE
    try:
        assert float(xt.max(xt.ones(n, dtype=xt.float32))) == 1.0
        assert [PLANS.plans[k].anywhere for k in _plans_of("max")] == [True]
        monkeypatch.setattr(cpu_grain, "STREAM_BYTES", 4 * n)  # a grain of n / 2 float32
        PLANS.clear()
        assert float(xt.max(xt.ones(n, dtype=xt.float32))) == 1.0
        assert not _plans_of("max") or xt._iter.parallel.serial()
        y = xt.ones(2 * xt._iter.parallel.GRAIN_SIZE, dtype=xt.float32)
        assert float(xt.sum(y)) == y.shape[0]
        assert [PLANS.plans[k].anywhere for k in _plans_of("sum")] == [True]
    finally:
        xt.set_num_threads(before)


@pytest.mark.parametrize("fallback", [False, True])
def test_warm_reductions_silence_float_errors(fallback, monkeypatch):
    if fallback:
        monkeypatch.setattr(_reduction, "_FP_STATE", None)
    x = xt.asarray([1e308, 1e308, np.inf, -np.inf])
    for _ in range(2):
        with np.errstate(all="raise"):  # a warning would now be a FloatingPointError
            assert np.isnan(float(xt.sum(x))) and np.isnan(float(xt.var(x)))
            assert float(xt.sum(x[:2])) == np.inf


def test_plan_caches_are_bounded():
    for n in range(1, 1040):  # distinct signatures, more than any cache keeps
        x = xt.ones((1, n))
        xt.max(x)
        xt.reshape(x, (n, 1))
    assert 0 < len(PLANS) <= PLANS.limit
    assert _plans_of("max") and _plans_of("reshape")


# --- where, linear algebra, manipulation, sorting ---------------------------------------------

SCALARS = st.sampled_from([True, 3, -2, 0.5, -1e300, 2j])


@given(st.data())
def test_where_warm_equals_cold(data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    a = data.draw(arrays(dtype, shape=data.draw(shapes(max_side=4))))
    cond = xt.asarray(data.draw(arrays("bool", shape=a.shape)))
    x1 = xt.asarray(a)
    x2 = data.draw(SCALARS | st.just(xt.flip(x1)) | st.just(xt.asarray(a.real.astype("f4"))))
    cold, warm = cold_and_warm(lambda: xt.where(cond, x1, x2))
    assert_identical(cold, warm)
    cold, warm = cold_and_warm(lambda: xt.where(cond, x2, x1))
    assert_identical(cold, warm)


def test_large_wheres_run_whole_on_one_thread_and_split_on_two(monkeypatch):
    """A `where` of two grains or more, run whole on one thread, records no plan: on two
    threads the next call splits (a plan would replay NumPy's one call), with the same bits."""
    n = 2 * xt._iter.parallel.GRAIN_SIZE + 5
    rng = np.random.default_rng(1)
    a, cond = rng.standard_normal(n), rng.random(n) > 0.5
    x, c, want = xt.asarray(a), xt.asarray(cond), np.where(cond, a, -0.0)
    runs = []
    real = xt._iter.parallel.parallel_for
    monkeypatch.setattr(
        xt._iter.parallel, "parallel_for", lambda *args: runs.append(1) or real(*args)
    )
    before = xt.get_num_threads()
    try:
        for threads in (1, 2, 1):
            xt.set_num_threads(threads)
            assert xt.where(c, x, -0.0)._data.tobytes() == want.tobytes()
            assert not [k for k in PLANS.plans if k[0] == "where"]
        assert len(runs) == 3  # (the iterator's path every time; no replay)
    finally:
        xt.set_num_threads(before)


def calls():
    """(module whose checks a warm call must skip, name of a checked step, the call)."""
    m, v, i = M, V, xt.asarray(np.arange(6, dtype=np.int32).reshape(3, 2))
    return [
        (_searching, "iterate", lambda: xt.where(C, V, 0.0)),
        (_searching, "iterate", lambda: xt.where(C, 1, V)),
        (_linear_algebra, "operand_pair", lambda: xt.matmul(m, i)),
        (_linear_algebra, "operand_pair", lambda: m @ m.mT),
        (_linear_algebra, "operand_pair", lambda: v @ v),
        (_linear_algebra, "operand_pair", lambda: xt.tensordot(m, i, axes=1)),
        (_linear_algebra, "operand_pair", lambda: xt.tensordot(m, m, axes=0)),
        (_linear_algebra, "operand_pair", lambda: xt.vecdot(m, m)),
        (_linear_algebra, "operand_pair", lambda: xt.vecdot(m, xt.asarray([[1j], [2]]), axis=0)),
        (_manipulation, "check_array", lambda: xt.reshape(m, (3, -1))),
        (_manipulation, "check_array", lambda: xt.reshape(m.T, 6)),
        (_manipulation, "check_array", lambda: xt.expand_dims(m, axis=(0, -1))),
        (_manipulation, "check_array", lambda: xt.permute_dims(m, (1, 0))),
        (_manipulation, "common_arrays", lambda: xt.concat([m, i.mT], axis=-1)),
        (_manipulation, "common_arrays", lambda: xt.stack((m, m, m), axis=2)),
        # sorting and searching read lists as NumPy does: `as_operand` is their argument check
        (_sorting, "as_operand", lambda: xt.sort(m.T[::-1], axis=0)),
        (_sorting, "as_operand", lambda: xt.argsort(m, stable=False)),
        (_searching, "as_operand", lambda: xt.searchsorted(v, m)),
        (_searching, "as_operand", lambda: xt.nonzero(m > 2)),
        (xt.Array, "_normalize_key", lambda: v[1:3]),
        (xt.Array, "_normalize_key", lambda: m[-1]),
        (xt.Array, "_normalize_key", lambda: m[1, ::-2]),
        (xt.Array, "_normalize_key", lambda: m[m > 2]),
    ]


@pytest.mark.parametrize("index", range(len(calls())))
def test_warm_calls_skip_the_checks_and_agree(index):
    module, step, call = calls()[index]
    cold = call()
    with checked_path_forbidden(module, step):
        warm = call()
    assert_identical(cold, warm)


@given(st.data())
def test_getitem_fast_keys_match_the_checked_path(data):
    a = data.draw(
        arrays(
            data.draw(st.sampled_from(["int16", "float64"])),
            shape=data.draw(shapes(min_dims=1, max_side=4)),
        )
    )
    x = xt.asarray(a)

    def entry(n):
        return st.slices(n) | st.integers(-n, n - 1) if n else st.slices(n)

    key = data.draw(
        entry(a.shape[0])
        | st.tuples(*(entry(n) for n in a.shape)).flatmap(
            lambda t: st.integers(0, len(t)).map(lambda k: t[:k])
        )
    )
    got = x[key]
    assert_identical(got, xt._array.wrap(a[normalize_key(key, a)]))
    assert_same(got, a[key])
    y, b = xt.asarray(a.copy()), a.copy()
    y[key] = 7
    b[key] = 7
    assert_same(y, b)


@given(
    shapes(min_dims=1, min_side=1, max_side=4).flatmap(lambda shape: arrays("float32", shape=shape))
)
def test_mask_and_setitem_arrays(a):
    x, mask = xt.asarray(a), xt.asarray(a > 0)
    assert_same(x[mask], a[a > 0])
    y, b = xt.asarray(a.copy()), a.copy()
    y[0] = x[-1]
    b[0] = a[-1]
    assert_same(y, b)


# --- look-alike arguments after a warm cache, every fast path ---------------------------------


LOOKALIKES = {  # name -> (call that warms the cache, look-alike that must act as if cold)
    "sum axis=True": (lambda: xt.sum(M, axis=1), lambda: xt.sum(M, axis=True)),
    "sum axis=1.0": (lambda: xt.sum(M, axis=1), lambda: xt.sum(M, axis=1.0)),
    "max axis=(True,)": (lambda: xt.max(M, axis=(1,)), lambda: xt.max(M, axis=(True,))),
    "mean np.int64 axis": (lambda: xt.mean(M, axis=1), lambda: xt.mean(M, axis=np.int64(1))),
    "any keepdims=1": (lambda: xt.any(M, keepdims=True), lambda: xt.any(M, keepdims=1)),
    "var correction=True": (lambda: xt.var(M, correction=1), lambda: xt.var(M, correction=True)),
    "std correction=1.0": (lambda: xt.std(M, correction=1), lambda: xt.std(M, correction=1.0)),
    "argmax axis=True": (lambda: xt.argmax(M, axis=1), lambda: xt.argmax(M, axis=True)),
    "sum dtype str": (lambda: xt.sum(M, dtype=xt.float32), lambda: xt.sum(M, dtype="float32")),
    "sum other shape": (lambda: xt.sum(M, axis=1), lambda: xt.sum(V, axis=1)),
    "where int overflow": (lambda: xt.where(C, I8, 3), lambda: xt.where(C, I8, 300)),
    "where int condition": (lambda: xt.where(C, V, 0.0), lambda: xt.where(I8, V, 0.0)),
    "where one-arg": (lambda: xt.where(C, V, 0.0), lambda: xt.where(C)),
    "matmul mismatch": (lambda: xt.matmul(M, M.T), lambda: xt.matmul(M, M)),
    "tensordot axes=True": (
        lambda: xt.tensordot(M, M.T, axes=1),
        lambda: xt.tensordot(M, M.T, axes=True),
    ),
    "vecdot axis=True": (lambda: xt.vecdot(M, M, axis=1), lambda: xt.vecdot(M, M, axis=True)),
    "reshape float shape": (lambda: xt.reshape(M, (3, 2)), lambda: xt.reshape(M, (3.0, 2))),
    "reshape copy=False": (
        lambda: xt.reshape(M.T, (6,)),
        lambda: xt.reshape(M.T, (6,), copy=False),
    ),
    "expand_dims axis=True": (
        lambda: xt.expand_dims(M, axis=1),
        lambda: xt.expand_dims(M, axis=True),
    ),
    "permute_dims list": (
        lambda: xt.permute_dims(M, (1, 0)),
        lambda: xt.permute_dims(M, (True, 0)),
    ),
    "concat axis=True": (lambda: xt.concat((M, M), axis=1), lambda: xt.concat((M, M), axis=True)),
    "stack axis=1.0": (lambda: xt.stack((M, M), axis=1), lambda: xt.stack((M, M), axis=1.0)),
    "concat shapes": (lambda: xt.concat((M, M), axis=0), lambda: xt.concat((M, M.T), axis=0)),
    "sort axis=True": (lambda: xt.sort(M, axis=1), lambda: xt.sort(M, axis=True)),
    "argsort descending=1": (lambda: xt.argsort(M), lambda: xt.argsort(M, descending=1)),
    "getitem out of range": (lambda: M[1], lambda: M[2]),
    "getitem bool": (lambda: V[1], lambda: V[True]),
    "getitem tuple": (lambda: M[1, 2], lambda: M[1, 3]),
    "getitem mask shape": (lambda: V[C], lambda: V[xt.asarray([True, False])]),
    "setitem complex": (
        lambda: W.__setitem__(slice(1, 3), 0.5),
        lambda: W.__setitem__(slice(1, 3), 1j),
    ),
    "setitem complex array": (
        lambda: W.__setitem__(1, W[2]),
        lambda: W.__setitem__(1, xt.asarray(1j)),
    ),
    "searchsorted side": (lambda: xt.searchsorted(V, V), lambda: xt.searchsorted(V, V, side="up")),
    "searchsorted 2-D": (lambda: xt.searchsorted(V, V), lambda: xt.searchsorted(M, V)),
    "nonzero 0-d": (lambda: xt.nonzero(C), lambda: xt.nonzero(C[0])),
}


@pytest.mark.parametrize("name", sorted(LOOKALIKES))
def test_lookalikes_act_as_if_cold(name):
    warm_up, lookalike = LOOKALIKES[name]
    cold = outcome(lookalike)
    PLANS.clear()
    warm_up()
    assert_identical(cold, outcome(lookalike))


@pytest.mark.parametrize(
    "key, error, match",
    [
        (2, IndexError, "index 2 is out of bounds for axis 0 with size 2"),
        (-3, IndexError, "index -3 is out of bounds for axis 0 with size 2"),
        ((1, 3), IndexError, "index 3 is out of bounds for axis 1 with size 3"),
        ((0, -4), IndexError, "index -4 is out of bounds for axis 1 with size 3"),
        ((0, 0, 0), IndexError, "too many indices: the array has 2 dimensions but 3 were indexed"),
        ((slice(None), 1.0), IndexError, "only integers, slices"),
        (slice(0, 1, 0), ValueError, "slice step cannot be zero"),
    ],
)
def test_fast_keys_keep_their_errors(key, error, match):
    """The fast branches of __getitem__/__setitem__ leave every bad key to the checks."""
    with pytest.raises(error, match=("__getitem__: " if error is IndexError else "") + match):
        M[key]
    y = xt.asarray(np.zeros((2, 3)))
    with pytest.raises(error, match=("__setitem__: " if error is IndexError else "") + match):
        y[key] = 1.0
    assert not y._data.any()
    with pytest.raises(IndexError, match="__getitem__: too many indices: the array has 0"):
        xt.asarray(1.0)[0:1]


@pytest.mark.parametrize("shape", [(10_000,), (100, 100), (3, 4000)])
def test_same_shape_operands_take_the_small_table_above_the_product_bound(shape):
    """The result of two operands of one shape is that shape: the small table takes them even
    when the product of their sizes passes its bound (Note [Small-call fast path])."""
    rng = np.random.default_rng(0)
    a, b = rng.random(shape), rng.random(shape)
    x, y = xt.asarray(a), xt.asarray(b)
    cold = [x + y, x < y, xt.multiply(x, y)]
    with (
        checked_path_forbidden(type(xt.add._op), "run"),
        checked_path_forbidden(_elementwise_dispatch, "_run_fast"),  # the plan's replay
    ):
        warm = [x + y, x < y, xt.multiply(x, y)]
    for c, w, want in zip(cold, warm, [a + b, a < b, a * b]):
        assert_identical(c, w)
        np.testing.assert_array_equal(w._data, want)


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod", "cumsum", "cumprod"])
@given(case=reduction_case(), dtype=st.sampled_from([None, "float64", "int64"]))
def test_scans_warm_equal_cold(name, case, dtype):
    """A small scan's second call replays NumPy's call (`_dispatch/scan.py`): the same
    values, dtype, layout and errors as the checked first call, and as NumPy."""
    a, axis, _ = case
    if a.dtype.kind == "c" and dtype is not None:
        return  # a complex scan into a real dtype: NumPy's ComplexWarning, checked elsewhere
    axis = axis if type(axis) is int else None
    fn, x = getattr(xt, name), xt.asarray(a)
    kwargs = {"dtype": None if dtype is None else getattr(xt, dtype)}
    cold, warm = cold_and_warm(lambda: fn(x, axis=axis, **kwargs))
    assert_identical(cold, warm)
    if not isinstance(cold, Exception) and name.startswith("cum") and a.dtype.kind != "b":
        want = getattr(np, name)(a, axis=axis, dtype=dtype)
        np.testing.assert_array_equal(warm._data, want)


@given(
    data=st.data(),
    dtype=st.sampled_from(["float64", "int32", "bool", "complex64"]),
    shape=st.sampled_from([(5,), (3, 4), (2, 3, 2)]),
)
def test_list_of_ints_index_is_numpys_gather(data, dtype, shape):
    """`x[[i, j, ...]]` with Python ints goes straight to NumPy; one out of range takes the
    checked path, whose IndexError names the function."""
    a = np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)
    key = data.draw(st.lists(st.integers(-shape[0] - 2, shape[0] + 1), min_size=1, max_size=6))
    x = xt.asarray(a)
    if all(-shape[0] <= k < shape[0] for k in key):
        assert_same(x[key], a[key])
    else:
        with pytest.raises(IndexError, match="__getitem__: index"):
            x[key]


@given(
    dtype=st.sampled_from(["float64", "float32", "int64", "complex128", "bool"]),
    shapes=st.sampled_from([((4,), (4,)), ((2, 4), (4,)), ((4,), (4, 3)), ((2, 4), (4, 3))]),
)
def test_dot_of_one_dtype_is_numpys(dtype, shapes):
    rng = np.random.default_rng(0)
    a, b = ((rng.random(s) * 4).astype(dtype) for s in shapes)
    assert_same(xt.dot(xt.asarray(a), xt.asarray(b)), np.dot(a, b))
    with pytest.raises(ValueError, match="dot: shapes"):
        xt.dot(xt.asarray(a), xt.asarray(np.ones((5, 2), dtype)))


@pytest.mark.parametrize("name", ["expm1", "tan", "tanh", "sign"])
def test_fixups_of_other_kinds_are_skipped_and_kept(name):
    """These ops patch complex results only (`special_cases.patches`): a float call replays
    NumPy's bare loop from the small table, a complex one keeps its fix-up on every call."""
    fn = getattr(xt, name)
    x = xt.asarray(np.array([0.5, -1.5, 2.0]))
    cold = fn(x)
    with checked_path_forbidden(_elementwise_dispatch, "_run_fast"):
        warm = fn(x)
    assert_identical(cold, warm)
    z = xt.asarray(np.array([complex(np.inf, 0.0), complex(-np.inf, 1.0), complex(np.nan, 0.0)]))
    with np.errstate(all="ignore"):
        results = [fn(z)._data.tobytes() for _ in range(3)]
    assert results[0] == results[1] == results[2]

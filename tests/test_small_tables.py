"""Small tables (Note [Small tables] in xtensor/_dispatch/plans.py): a call keyed on dtypes
alone must give what NumPy gives, for every shape, layout and error the key leaves out; and
the Array's `round()` and `divmod()` follow NumPy's scalars and arrays."""

import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same
from xtensor._dispatch import PLANS


@pytest.fixture(autouse=True)
def _cold():
    PLANS.clear()
    yield


def _warm(fn, *args):
    """`fn(*args)` twice: the second call finds the small table the first one filled."""
    fn(*args)
    return fn(*args)


LAYOUTS = {
    "contiguous": lambda a: a,
    "strided": lambda a: a[::2],
    "reversed": lambda a: a[::-1],
    "transposed": lambda a: a.reshape(2, -1).T,
    "0-d": lambda a: a[3, ...],
    "empty": lambda a: a[:0],
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", ["float64", "int64", "float32", "int8", "bool"])
def test_binary_small_table_any_layout(layout, dtype):
    base = np.arange(1, 13).astype(dtype)
    a, b = LAYOUTS[layout](base), LAYOUTS[layout](base[::-1].copy())
    xa, xb = xt.asarray(a), xt.asarray(b)
    # A first call on contiguous operands fills the table; the layout under test reuses it.
    xt.multiply(xt.asarray(base), xt.asarray(base))
    assert_same(xt.multiply(xa, xb), np.multiply(a, b))
    assert_same(_warm(lambda: xa * xb), a * b)
    assert_same(_warm(lambda: xa < xb), a < b)
    assert_same(_warm(lambda: xt.exp(xa)), np.exp(a))
    assert_same(_warm(lambda: xa * 2.0), a * 2.0)
    assert_same(_warm(lambda: 3.0 - xa), 3.0 - a)


def test_small_table_is_used():
    a = xt.asarray(np.ones(5))
    a + a
    assert (np.dtype("float64"), np.dtype("float64")) in PLANS.small_table("add")
    hits = PLANS.hits
    a + a
    assert PLANS.hits == hits + 1


@given(
    st.sampled_from([(3, 1), (1, 4), (4,), (), (3, 4), (2, 1, 4)]),
    st.sampled_from([(3, 1), (1, 4), (4,), (), (3, 4), (5,)]),
)
def test_broadcasting_after_a_warm_key(s1, s2):
    xt.add(xt.asarray(np.ones(3)), xt.asarray(np.ones(3)))  # warm (float64, float64)
    a, b = np.arange(np.prod(s1)).reshape(s1) * 1.5, np.arange(np.prod(s2)).reshape(s2) * 0.5
    try:
        want = a + b
    except ValueError:
        with pytest.raises(ValueError, match="add"):
            xt.add(xt.asarray(a), xt.asarray(b))
        return
    assert_same(xt.add(xt.asarray(a), xt.asarray(b)), want)


def test_unbroadcastable_error_matches_the_cold_one():
    a, b = xt.asarray(np.ones(3)), xt.asarray(np.ones(4))
    with pytest.raises(ValueError) as cold:
        a + b
    a + a  # now (float64, float64) is in the small table
    with pytest.raises(ValueError) as warm:
        a + b
    assert str(warm.value) == str(cold.value)


def test_int_scalars_keep_their_bounds_check():
    a = xt.asarray(np.arange(4, dtype=np.int8))
    _warm(lambda: a + 1)
    with pytest.raises(OverflowError):
        a + 1000
    assert_same(_warm(lambda: a < 1000), np.arange(4, dtype=np.int8) < 1000)


def test_large_results_leave_the_small_table():
    xt.add(xt.asarray(np.ones(3)), xt.asarray(np.ones(3)))
    a, b = np.ones((1100, 1)), np.arange(1100.0)  # small operands, a large broadcast result
    assert_same(xt.add(xt.asarray(a), xt.asarray(b)), a + b)


# --- astype ------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize(
    "source, target", [("float64", "float32"), ("int64", "float32"), ("float32", "int16")]
)
def test_astype_small_table(layout, source, target):
    a = LAYOUTS[layout](np.linspace(-3, 40000, 12).astype(source))
    x = xt.asarray(a)
    for call in (lambda: x.astype(getattr(xt, target)), lambda: xt.astype(x, getattr(xt, target))):
        want = a.astype(target)
        assert_same(_warm(call), want)
        assert not np.shares_memory(call()._data, a)


def test_astype_warm_is_quiet_and_checks_complex():
    x = xt.asarray(np.array([1e300, np.nan]))
    _warm(lambda: x.astype(xt.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert_same(x.astype(xt.float32), np.array([np.inf, np.nan], dtype=np.float32))
    z = xt.asarray(np.array([1 + 2j]))
    for _ in range(2):
        with pytest.raises(TypeError, match="imaginary"):
            z.astype(xt.float64)


# --- reshape, sum, where -------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["contiguous", "strided", "transposed"])
def test_reshape_method_is_numpys(layout):
    a = LAYOUTS[layout](np.arange(24.0))
    x = xt.asarray(a)
    n = a.size
    for shape in [(2, n // 2), (-1,), (n // 2, -1)]:
        got, want = x.reshape(*shape), a.reshape(*shape)
        assert_same(got, want)
        assert np.shares_memory(got._data, a) == np.shares_memory(want, a)
    with pytest.raises(ValueError, match="reshape") as warm:
        x.reshape(5, 7)
    with pytest.raises(ValueError) as namespace:
        xt.reshape(x, (5, 7))
    assert str(warm.value) == str(namespace.value)


@pytest.mark.parametrize("dtype", ["float64", "int8", "bool", "float32"])
def test_sum_method_warm(dtype):
    a = np.arange(7).astype(dtype)
    x = xt.asarray(a)
    assert_same(_warm(x.sum), np.asarray(a.sum()))
    assert_same(x.sum(keepdims=True), a.sum(keepdims=True))


@pytest.mark.parametrize(
    "d1, d2", [("float64", "float64"), ("int8", "float32"), ("int64", "int64"), ("bool", "int8")]
)
@pytest.mark.parametrize("layout", ["contiguous", "reversed", "0-d", "transposed"])
def test_where_small_table(d1, d2, layout):
    a = LAYOUTS[layout](np.arange(12).astype(d1))
    b = LAYOUTS[layout](np.arange(12, 0, -1).astype(d2))
    c = LAYOUTS[layout](np.arange(12) % 3 == 0)
    xa, xb, xc = xt.asarray(a), xt.asarray(b), xt.asarray(c)
    assert_same(_warm(xt.where, xc, xa, xb), np.where(c, a, b))
    short = xt.asarray(np.ones(2, dtype=d2))
    if a.ndim == 1 and a.size not in (1, 2):
        with pytest.raises(ValueError, match="where"):
            xt.where(xc, xa, short)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "complex64", "bool"])
@pytest.mark.parametrize("scalar", [0.5, -1e300, 2j, 3, True])
@pytest.mark.parametrize("layout", ["contiguous", "reversed", "0-d"])
def test_where_small_table_with_a_python_scalar(dtype, scalar, layout):
    """Floats and complex numbers beside 1-d arrays take the small table too (by their Python
    type): the same answer, dtype and error as the checked path and as NumPy's weak scalars."""
    a = LAYOUTS[layout](np.arange(12).astype(dtype))
    c = LAYOUTS[layout](np.arange(12) % 3 == 0)
    xa, xc = xt.asarray(a), xt.asarray(c)
    for args in [(xc, xa, scalar), (xc, scalar, xa)]:
        outcomes = []
        for _ in range(3):  # checked, then recorded, then small-table (when recordable)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    r = xt.where(*args)
                outcomes.append((r.dtype, r.shape, np.asarray(r).tobytes()))
            except (TypeError, OverflowError) as e:
                outcomes.append((type(e), str(e)))
        assert outcomes[0] == outcomes[1] == outcomes[2]
        if len(outcomes[0]) == 3 and type(scalar) is not bool:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = np.where(c, *(a if x is xa else scalar for x in args[1:]))
            assert_same(r, want)


# --- round and divmod ------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1.26, 2.5, -3.75, np.float32(1.26), 17, -5])
@pytest.mark.parametrize("ndigits", [None, 1, 0, -1])
def test_round_of_a_0d_array_is_the_numpy_scalars(value, ndigits):
    scalar = np.asarray(value)[()]
    x = xt.asarray(np.asarray(value))
    got, want = round(x, ndigits), round(scalar, ndigits)
    if ndigits is None:
        assert type(got) is int and got == want
    else:
        assert_same(got, np.asarray(want))


def test_round_refuses_what_numpy_refuses():
    for value in (np.array([1.26]), np.array(True), np.array(1 + 2j)):
        with pytest.raises(TypeError):
            round(value[()] if value.ndim == 0 and value.dtype.kind == "b" else value)
        with pytest.raises(TypeError, match="round"):
            round(xt.asarray(value))
    with pytest.raises(ValueError):
        round(xt.asarray(np.nan))


@pytest.mark.parametrize(
    "x, y",
    [
        (np.array([5, -7, 9]), 3),
        (np.array([5.5, -7.25]), np.array([2.0, -3.0])),
        (7, np.array([2, 3, -4])),
        (np.array(5.5), 2),
        (np.arange(6).reshape(2, 3)[:, ::2], np.array([4, 3])),
    ],
)
def test_divmod(x, y):
    xx = xt.asarray(x) if isinstance(x, np.ndarray) else x
    xy = xt.asarray(y) if isinstance(y, np.ndarray) else y
    got, want = divmod(xx, xy), divmod(x, y)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, want):
        assert_same(g, np.asarray(w))


def test_divmod_of_an_unknown_operand_is_a_type_error():
    with pytest.raises(TypeError):
        divmod(xt.asarray(np.ones(2)), "a")


# --- Note [Small creation calls] (xtensor/_dispatch/creation.py) ----------------------------

SHAPES = [0, 3, (), (2, 3), (0, 2), (np.int64(2), 3), [2, 3]]
DTYPE_SPELLINGS = [None, "float32", "f4", float, int, bool, np.int8, np.dtype("uint16")]


def _outcome(fn):
    try:
        return fn(), None
    except Exception as e:  # the error class is the outcome to compare
        return None, type(e)


@pytest.mark.parametrize("name", ["zeros", "ones", "empty"])
@pytest.mark.parametrize("shape", SHAPES, ids=repr)
@pytest.mark.parametrize("dtype", DTYPE_SPELLINGS + [xt.complex64], ids=repr)
def test_creation_from_a_shape_matches_numpy(name, shape, dtype):
    for _ in range(2):  # cold, then the cached dtype
        got = getattr(xt, name)(shape, dtype)
        want = getattr(np, name)(shape, None if dtype is None else np.dtype(dtype))
        assert got.shape == want.shape and np.asarray(got).dtype == want.dtype
        assert np.asarray(got).flags.c_contiguous
        if name != "empty":
            assert_same(got, want)


@pytest.mark.parametrize(
    "args",
    [(-1,), ((2, 1.5),), (True,), (3, "not a dtype"), (3, ">f8"), ((2, -1), "f4")],
    ids=repr,
)
def test_creation_errors_are_the_checked_paths(args):
    for name in ("zeros", "ones", "empty"):
        for _ in range(2):
            with pytest.raises((TypeError, ValueError), match=name):
                getattr(xt, name)(*args)


@pytest.mark.parametrize(
    ("fill", "dtype"),
    [(2, None), (1.5, None), (True, None), (1j, None), (1.5, "int32"), (False, xt.float32)]
    + [(2**62, None), (2.5, float)],
    ids=repr,
)
@pytest.mark.parametrize("shape", [3, (2, 2), ()], ids=repr)
def test_full_matches_numpy(fill, dtype, shape):
    for _ in range(2):
        assert_same(xt.full(shape, fill, dtype), np.full(shape, fill, dtype))


@pytest.mark.parametrize(
    ("fill", "dtype", "error"),
    [(2**70, None, OverflowError), (300, "int8", OverflowError), (1j, "float64", TypeError)],
)
def test_full_keeps_its_value_checks(fill, dtype, error):
    for _ in range(2):
        with pytest.raises(error, match="full"):
            xt.full(3, fill, dtype)


@pytest.mark.parametrize(
    "args",
    [(5,), (0,), (-3,), (2, 9), (2, 9, 3), (9, 2, -2), (5.0,), (0, 1, 0.1), (1, 2.5), (0.5, 3)],
    ids=repr,
)
def test_arange_matches_numpy(args):
    for _ in range(2):
        assert_same(xt.arange(*args), np.arange(*args))


@pytest.mark.parametrize("args", [(0, 5, 0), (0, 5, 0.0), (2**70,), (True,), (0, float("inf"))])
def test_arange_edge_cases_are_the_checked_paths(args):
    """The fast path answers (or refuses) as the checked path, which a device= argument takes."""
    got, got_error = _outcome(lambda: xt.arange(*args))
    want, want_error = _outcome(lambda: xt.arange(*args, device=xt.Device("cpu")))
    assert got_error is want_error
    if want_error is None:
        assert_same(got, np.asarray(want))


# --- x[i] and x.sum(): the Array's own shortcuts --------------------------------------------


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("i", [0, 2, -1, -3, 4, 5, -6, 99])
def test_integer_index_matches_numpy(layout, i):
    n = LAYOUTS[layout](np.arange(12.0))
    x = xt.asarray(n) if layout != "0-d" else xt.asarray(np.arange(12.0))[3, ...]
    _, want_error = _outcome(lambda: n[i])
    if want_error is not None:
        with pytest.raises(IndexError, match="__getitem__"):
            x[i]
        return
    got, want = x[i], np.array(n[i])
    assert type(got) is xt.Array and got.shape == want.shape
    assert_same(got, want)
    np.asarray(x)[i, ...] = -1.0  # a row is a view; an element a copy, as NumPy's scalar is
    assert_same(got, want if got.ndim == 0 else np.full(got.shape, -1.0))


def test_integer_index_of_a_meta_array_checks_its_bounds():
    m = xt.zeros((3, 2), device="meta")
    assert m[-1].shape == (2,) and m[-1].device == xt.Device("meta")
    with pytest.raises(IndexError, match="__getitem__"):
        m[3]


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", ["float64", "int8", "uint32", "bool", "complex64"])
def test_warm_method_sum_matches_numpy(layout, dtype):
    n = LAYOUTS[layout](np.arange(1, 13).astype(dtype))
    x = xt.asarray(n)
    _warm(x.sum)
    hits = PLANS.hits
    assert_same(x.sum(), np.asarray(xt.sum(x)))
    assert PLANS.hits > hits
    assert_same(x.sum(), np.asarray(np.sum(n, dtype=np.asarray(xt.sum(x)).dtype)))


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_pow_fixup_skipped_only_where_it_cannot_patch(dtype):
    # A Python int exponent is never 0.5: the small table holds the bare loop for it, while a
    # Python float exponent keeps the fix-up of (-inf) ** 0.5 and (-0.0) ** 0.5.
    x = np.array([-np.inf, -0.0, 0.0, 2.0, 3.5], dtype=dtype)
    xx = xt.asarray(x)
    for k in (3, 0, -2, True):
        with np.errstate(all="ignore"):
            assert_same(_warm(xt.pow, xx, k), np.power(x, k))
            assert_same(_warm(operator.pow, xx, k), x**k)
    assert PLANS.small_table("pow")[(np.dtype(dtype), int)] is np.power
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        half = _warm(lambda: xt.pow(xx, 0.5))
    assert_same(half, np.array([np.inf, 0.0, 0.0, np.sqrt(2.0), np.sqrt(3.5)], dtype=dtype))
    # a float exponent's entry is the loop and the fix-up (plans._patched, or the C's patched)
    entry = PLANS.small_table("pow")[(np.dtype(dtype), float)]
    fixup = entry.fixup if hasattr(entry, "fixup") else entry.args[1]
    assert fixup is xt.pow._op.spec.fixup

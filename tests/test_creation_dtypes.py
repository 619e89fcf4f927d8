"""Creation functions given a dtype, in each spelling (an xtensor DType, a NumPy type, a
string, a NumPy dtype, a Python type), against NumPy's own functions: values bit for bit,
dtype, shape, the warnings NumPy raises, and the type of NumPy's exception where it raises.
Each xtensor call is made twice, since the first may fill the cache of dtype spellings that
the second reads (Note [Small creation calls] in xtensor/_dispatch/creation.py). xtensor's own
refusals keep their words: an int fill out of the dtype's bounds, a complex fill for a real
dtype, a dtype xtensor lacks.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, outcome

DTYPES = (*ALL_DTYPES, "float16")
SPELLINGS = {
    "xt": lambda name: getattr(xt, name),
    "numpy type": lambda name: np.dtype(name).type,
    "string": lambda name: name,
    "np.dtype": np.dtype,
}
# (spelling, the dtype's name): every dtype in every spelling, and Python's types
CASES = [(kind, name) for kind in SPELLINGS for name in DTYPES]
PYTHON_TYPES = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}
IDS = [f"{kind}-{name}" for kind, name in CASES] + [f"python-{t.__name__}" for t in PYTHON_TYPES]
SPELLED = [(SPELLINGS[kind](name), np.dtype(name)) for kind, name in CASES]
SPELLED += [(t, np.dtype(name)) for t, name in PYTHON_TYPES.items()]

FILLS = (0, 1, -1, 127, 128, 255, 256, -129, 300, 2**31, 2**63 - 1, 2**63, 2**64, -(2**63) - 1)
FILLS += (1.5, -2.5, 0.1, 1e10, 1e300, math.nan, math.inf, -math.inf, True, False, 1j, 1 - 2j)


def _layout(x, strides=False):
    """What a result is made of: its class and NumPy data's dtype, shape, bytes (strides)."""
    d = x._data if isinstance(x, xt.Array) else x
    assert type(d) is np.ndarray, f"{type(x).__name__} holds {type(d).__name__}"
    return d.dtype, d.shape, d.tobytes(), d.strides if strides else None


def check(xt_call, np_call, *, strides=False, what=""):
    """`xt_call()` twice against `np_call()`: the same values, dtype and shape (and strides)
    and warnings, or an exception of NumPy's type."""
    want, want_warnings = outcome(np_call, lambda d: _layout(d, strides))
    for attempt in ("first", "second"):
        got, got_warnings = outcome(xt_call, lambda x: (type(x), _layout(x, strides)))
        where = f"{what} ({attempt} call)"
        if want[0] == "raised":
            assert got[0] == "raised", f"{where}: NumPy raised {want[1:]}; xtensor gave {got}"
            assert got[1] is want[1], f"{where}: {got[1:]} raised where NumPy raised {want[1:]}"
            continue
        assert got[0] is xt.Array, f"{where}: {got}"
        assert got[1] == want, f"{where}: {got[1]} != NumPy's {want}"
        assert {w for w, _ in got_warnings} == {w for w, _ in want_warnings}, where


def raises(call, kind, message):
    for _ in range(2):
        with pytest.raises(kind, match=message):
            call()


@pytest.fixture
def arrays():
    """Operands of the *_like functions: a 20-element float64 array, Fortran-ordered and
    non-contiguous 2-D arrays, int8 and 0-d ones."""
    base = np.arange(24.0).reshape(4, 6)
    return [
        np.arange(20.0),
        np.asfortranarray(base),
        base.T[::2],
        np.arange(-3, 5, dtype=np.int8),
        np.asarray(2.5),
    ]


# --- ranges ---------------------------------------------------------------------------------

ARANGES = [(5,), (0,), (-3,), (2.5,), (1, 10, 3), (10, 1, -2), (0, 5, -1), (0, 1, 0.1)]
ARANGES += [(-5, 5, 0.7), (0.5, 3.5, 0.5), (0, 2), (2,), (3, 3), (300,), (-200, 200, 50)]
ARANGES += [(2**40, 2**40 + 3), (1e3, 1e3 + 5), (5, -1, -1), (1, 2, 0), (0.0, 1.0, 0.0)]


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_arange(dtype, np_dtype):
    for args in ARANGES:
        check(
            partial(xt.arange, *args, dtype=dtype),
            partial(np.arange, *args, dtype=np_dtype),
            what=f"arange{args}",
        )
    check(partial(xt.arange, 1, 10, 2, dtype), partial(np.arange, 1, 10, 2, np_dtype))


def test_arange_zero_step_keeps_its_words():
    raises(partial(xt.arange, 1, 2, 0, dtype="float32"), ZeroDivisionError, "^arange: step")


@pytest.mark.parametrize("endpoint", [True, False])
@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_linspace(dtype, np_dtype, endpoint):
    ends = [(0, 1, 5), (0, 10, 5), (-3, 7, 11), (1.5, -2.5, 4), (0, 1, 1), (0, 1, 0)]
    ends += [(0, 1, 2), (0, 1e308, 3), (0, 300, 4), (5, 5, 3), (-1, -10, 7), (0.1, 0.7, 3)]
    ends += [(0, 1e-320, 3), (0, 1, -1)]
    for start, stop, num in ends:
        check(
            partial(xt.linspace, start, stop, num, endpoint=endpoint, dtype=dtype),
            partial(np.linspace, start, stop, num, endpoint=endpoint, dtype=np_dtype),
            what=f"linspace({start}, {stop}, {num})",
        )


@given(
    st.one_of(st.integers(-1000, 1000), st.floats(-1e6, 1e6)),
    st.one_of(st.integers(-1000, 1000), st.floats(-1e6, 1e6)),
    st.integers(0, 30),
    st.booleans(),
    st.sampled_from(SPELLED),
)
def test_linspace_ends(start, stop, num, endpoint, spelled):
    dtype, np_dtype = spelled
    check(
        partial(xt.linspace, start, stop, num, endpoint=endpoint, dtype=dtype),
        partial(np.linspace, start, stop, num, endpoint=endpoint, dtype=np_dtype),
    )


@given(
    st.one_of(st.integers(-300, 300), st.floats(-300, 300)),
    st.one_of(st.none(), st.integers(-300, 300), st.floats(-300, 300)),
    st.one_of(st.integers(-40, 40), st.floats(-40, 40)),
    st.sampled_from(SPELLED),
)
def test_arange_bounds(start, stop, step, spelled):
    dtype, np_dtype = spelled
    check(
        partial(xt.arange, start, stop, step, dtype=dtype),
        partial(np.arange, start, stop, step, dtype=np_dtype),
    )


# --- from a shape and a value ---------------------------------------------------------------


def _refused(value, np_dtype) -> bool:
    """A complex fill for a real dtype: NumPy drops the imaginary part, xtensor refuses."""
    return type(value) is complex and np_dtype.kind != "c"


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_full(dtype, np_dtype):
    for shape in (5, (2, 3), (), 0):
        for value in FILLS:
            if _refused(value, np_dtype):
                continue
            check(
                partial(xt.full, shape, value, dtype=dtype),
                partial(np.full, shape, value, dtype=np_dtype),
                what=f"full({shape}, {value!r})",
            )


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_full_like(dtype, np_dtype, arrays):
    for a in arrays:
        for value in FILLS:
            if _refused(value, np_dtype):
                continue
            check(
                partial(xt.full_like, xt.asarray(a), value, dtype=dtype),
                partial(np.full_like, a, value, dtype=np_dtype),
                what=f"full_like({a.dtype}{a.shape}, {value!r})",
            )


@pytest.mark.parametrize("func", ["zeros_like", "ones_like", "empty_like"])
@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_like(func, dtype, np_dtype, arrays):
    for a in arrays:
        if func == "empty_like":  # its values are whatever the memory held
            for _ in range(2):
                d = xt.empty_like(xt.asarray(a), dtype=dtype)._data
                want = np.empty_like(a, dtype=np_dtype)
                assert (d.dtype, d.shape, d.strides) == (want.dtype, want.shape, want.strides)
            continue
        check(
            partial(getattr(xt, func), xt.asarray(a), dtype=dtype),
            partial(getattr(np, func), a, dtype=np_dtype),
            strides=True,
            what=f"{func}({a.dtype}{a.shape})",
        )


def test_out_of_bounds_int_fills_keep_their_words():
    raises(partial(xt.full, 3, 300, dtype="int8"), OverflowError, "^full: Python integer 300 is ")
    raises(partial(xt.full, 3, -1, dtype=np.uint64), OverflowError, "^full: Python integer -1 ")
    raises(partial(xt.full, (), 2**64, dtype=xt.uint64), OverflowError, "^full: Python integer")
    a = xt.arange(3.0)
    raises(partial(xt.full_like, a, 300, dtype=np.int8), OverflowError, "^full_like: Python int")
    raises(partial(xt.full_like, a, -1, dtype="uint8"), OverflowError, "^full_like: Python int")


def test_complex_fills_of_real_dtypes_are_refused():
    for dtype in ("float32", np.int8, xt.bool, float):
        raises(partial(xt.full, 3, 1j, dtype=dtype), TypeError, "^full: a complex fill_value")
        raises(
            partial(xt.full_like, xt.arange(3), 1j, dtype=dtype),
            TypeError,
            "^full_like: a complex fill_value",
        )


# --- matrices -------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_identity_and_eye(dtype, np_dtype):
    for n in (0, 1, 3):
        check(partial(xt.identity, n, dtype=dtype), partial(np.identity, n, dtype=np_dtype))
    for args in [(3,), (3, 4, 1), (3, 4, -2), (3, 2, 5), (0,), (2, 0)]:
        check(
            partial(xt.eye, *args, dtype=dtype),
            partial(np.eye, *args, dtype=np_dtype),
            what=f"eye{args}",
        )


# --- from Python objects and buffers --------------------------------------------------------


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_fromiter(dtype, np_dtype):
    for values in ([0, 1, 2, 3, 4], [1.5, -2.5], [], [300, -1], [True, False], ["a"], [1j]):
        for count in (-1, 2):
            check(
                lambda v=values, n=count: xt.fromiter(iter(v), dtype=dtype, count=n),
                lambda v=values, n=count: np.fromiter(iter(v), dtype=np_dtype, count=n),
                what=f"fromiter({values}, count={count})",
            )
    check(partial(xt.fromiter, range(5), dtype), partial(np.fromiter, range(5), np_dtype))


def test_fromiter_errors_name_the_function():
    raises(partial(xt.fromiter, [300], dtype="int8"), OverflowError, "^fromiter: Python")
    raises(partial(xt.fromiter, range(3), dtype=float, count=5), ValueError, "^fromiter: iter")


@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_frombuffer(dtype, np_dtype):
    for buffer in (b"12345678", b"", b"1234", bytearray(b"abcdefghijklmnop"), b"1" * 16):
        for count, offset in ((-1, 0), (1, 0), (1, 8), (-1, 4)):
            check(
                partial(xt.frombuffer, buffer, dtype=dtype, count=count, offset=offset),
                partial(np.frombuffer, buffer, dtype=np_dtype, count=count, offset=offset),
                what=f"frombuffer({buffer!r}, count={count}, offset={offset})",
            )


@pytest.mark.parametrize("func", ["asarray", "array"])
@pytest.mark.parametrize("dtype, np_dtype", SPELLED, ids=IDS)
def test_asarray(func, dtype, np_dtype):
    objects = [[1, 2], [1.5, -2.0], [True], [], [[1, 2], [3, 4]], 5, 2.5, [300], [-1]]
    objects += [(1, 2), [2**63], [math.nan], [1e300]]
    for obj in objects:
        check(
            partial(getattr(xt, func), obj, dtype=dtype),
            partial(getattr(np, func), obj, dtype=np_dtype),
            what=f"{func}({obj})",
        )


# --- what every spelling shares -------------------------------------------------------------

CALLS = {
    "arange": lambda dtype, **kw: xt.arange(5, dtype=dtype, **kw),
    "full": lambda dtype, **kw: xt.full(3, 1, dtype=dtype, **kw),
    "full_like": lambda dtype, **kw: xt.full_like(xt.arange(3.0), 2, dtype=dtype, **kw),
    "zeros_like": lambda dtype, **kw: xt.zeros_like(xt.arange(3.0), dtype=dtype, **kw),
    "ones_like": lambda dtype, **kw: xt.ones_like(xt.arange(3.0), dtype=dtype, **kw),
    "identity": lambda dtype, **kw: xt.identity(3, dtype=dtype, **kw),
    "eye": lambda dtype, **kw: xt.eye(3, dtype=dtype, **kw),
    "linspace": lambda dtype, **kw: xt.linspace(0, 1, 5, dtype=dtype, **kw),
    "fromiter": lambda dtype, **kw: xt.fromiter(range(5), dtype=dtype, **kw),
    "frombuffer": lambda dtype, **kw: xt.frombuffer(b"12345678", dtype=dtype, **kw),
    "asarray": lambda dtype, **kw: xt.asarray([1, 2], dtype=dtype, **kw),
}


# (frombuffer reads other byte orders, made native: below)
REFUSED = [(f, d) for f in CALLS for d in ("bogus", 3, np.dtype(">f4"), ">i2")]
REFUSED = [(f, d) for f, d in REFUSED if f != "frombuffer" or d in ("bogus", 3)]


@pytest.mark.parametrize("func, dtype", REFUSED)
def test_refused_dtypes_name_the_function(func, dtype):
    raises(lambda: CALLS[func](dtype), TypeError, f"^{func}: ")


@pytest.mark.parametrize("dtype", [np.dtype(">f4"), ">i2"])
def test_frombuffer_reads_other_byte_orders(dtype):
    want = np.frombuffer(b"12345678", dtype=dtype).astype(np.dtype(dtype).newbyteorder("="))
    for _ in range(2):
        got = xt.frombuffer(b"12345678", dtype=dtype)._data
        np.testing.assert_array_equal(got, want, strict=True)


@pytest.mark.parametrize("func", CALLS)
def test_device_and_like(func):
    a = xt.arange(3.0)
    keyword = "like" if func in ("arange", "identity", "fromiter", "frombuffer") else "device"
    value = a if keyword == "like" else a.device
    for dtype in ("float32", np.float32, xt.float32, np.dtype("float32")):
        want = CALLS[func](dtype)
        for _ in range(2):
            x = CALLS[func](dtype, **{keyword: value})
            assert type(x) is xt.Array and x.device == a.device
            np.testing.assert_array_equal(x._data, want._data, strict=True)


@pytest.mark.parametrize("dtype", ["U3", "M8[s]", "O", np.longdouble])
def test_dtypes_treated_apart_take_the_full_path(dtype):
    """Dates, strings, objects and long double answer as before: NumPy's own values."""
    for _ in range(2):
        if np.dtype(dtype).kind in "OUf":
            want = np.full(3, 1, dtype=dtype)
            np.testing.assert_array_equal(xt.full(3, 1, dtype=dtype)._data, want, strict=True)
        want = np.zeros_like(np.arange(3.0), dtype=dtype)
        got = xt.zeros_like(xt.arange(3.0), dtype=dtype)._data
        np.testing.assert_array_equal(got, want, strict=True)


LAYOUTS = [
    np.arange(20.0).reshape(4, 5),
    np.arange(20.0).reshape(4, 5).T,
    np.arange(20.0).reshape(4, 5)[::2],
    np.zeros((3, 1)),
    np.zeros((0, 3)),
    np.arange(5.0),
    np.arange(20.0).reshape(4, 5).T[::2],
    np.asfortranarray(np.zeros((3, 1))),
]


@pytest.mark.parametrize("a", LAYOUTS, ids=lambda a: f"{a.shape}{a.strides}")
@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
def test_orders_and_shapes_lay_memory_out_as_numpy(a, order):
    """`zeros_like(x, order=, shape=)`, `x.astype(dtype, order=)` and `full(..., order=)` on
    their first branches: NumPy's strides and values, whatever x's layout."""
    x = xt.asarray(a)
    for shape in (None, (2, 2), 3):
        for name in ("empty_like", "zeros_like", "ones_like"):
            got = getattr(xt, name)(x, order=order, shape=shape)._data
            want = getattr(np, name)(a, order=order, shape=shape)
            assert (got.shape, got.strides, got.dtype) == (want.shape, want.strides, want.dtype)
            if name != "empty_like":
                np.testing.assert_array_equal(got, want, strict=True)
    for dtype in ("float32", np.int8, xt.float64, "float64"):
        for copy in (True, False):  # (the same dtype with copy=False: a itself where laid so)
            got = x.astype(dtype, order=order, copy=copy)._data
            want = a.astype(np.float64 if dtype is xt.float64 else dtype, order=order, copy=copy)
            assert got.strides == want.strides
            assert np.shares_memory(got, a) == np.shares_memory(want, a)
            np.testing.assert_array_equal(got, want, strict=True)
    if order in "CF":
        got, want = xt.full(a.shape, 1.5, order=order)._data, np.full(a.shape, 1.5, order=order)
        assert got.strides == want.strides
        np.testing.assert_array_equal(got, want, strict=True)


@pytest.mark.parametrize("a", LAYOUTS, ids=lambda a: f"{a.shape}{a.strides}")
def test_asarray_order_and_array_ndmin_of_an_array_as_numpy(a):
    """`asarray(x, order=)` (x itself where laid out so, else a copy in that order) and
    `array(x, ndmin=)` (a copy with axes of length 1 before) on their first branches."""
    x = xt.asarray(a)
    for order in ("C", "F"):
        for copy in (None, True):
            got, want = xt.asarray(x, order=order, copy=copy), np.asarray(a, order=order, copy=copy)
            assert got._data.strides == want.strides and (got is x) == (want is a)
            np.testing.assert_array_equal(got._data, want, strict=True)
    for ndmin in (0, 1, 2, 4):
        got, want = xt.array(x, ndmin=ndmin)._data, np.array(a, ndmin=ndmin)
        assert not np.shares_memory(got, a)
        np.testing.assert_array_equal(got, want, strict=True)

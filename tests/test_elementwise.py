"""Every elementwise op against NumPy: all dtypes its domain allows, 0-d, empty,
non-contiguous, negative-stride and broadcast operands, Python scalars on either side (NEP 50),
the operators with their reflected and in-place forms, and in-place aliasing.
Test facts per op live in `tests/opinfo.py`.
"""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.opinfo import BY_NAME, OPINFOS, float_dtype_for
from tests.oracle import RTOL, arrays, assert_same


def _reference(info, *inputs):
    """NumPy's answer, float-math inputs cast first to the float NumPy's loops pick for them
    (float16 for int8), which xtensor's promotion must give alike."""
    if info.float_math:
        inputs = [
            np.asarray(a, float_dtype_for(np.asarray(a).dtype.name))
            if isinstance(a, np.ndarray)
            else a
            for a in inputs
        ]
    return np.asarray(info.ref(*inputs))


def _compare(info, got, want, inputs):
    """assert_same, after copying NumPy's answer over the elements where the spec differs."""
    g = np.asarray(got)
    for diff in info.differences:
        mask = np.broadcast_to(diff.mask(*inputs), want.shape)
        if mask.any() and g.shape == want.shape:
            want = want.copy()
            want[mask] = g[mask]
    rtol = None
    if want.dtype.kind in "fc":
        rtol = max(RTOL[want.dtype.name], info.tolerance)
    assert_same(got, want, rtol=rtol, err_msg=info.name)


def _family(e: Exception) -> type:
    """The standard exception type NumPy's (possibly private subclass) error belongs to."""
    return next(
        t
        for t in (OverflowError, TypeError, ValueError, ArithmeticError, Exception)
        if isinstance(e, t)
    )


def _call_both(info, inputs, xt_inputs):
    try:
        want = _reference(info, *inputs)
    except Exception as e:  # noqa: BLE001 - NumPy refuses (e.g. int ** negative int): xtensor must too
        with pytest.raises(_family(e)):
            getattr(xt, info.name)(*xt_inputs)
        return
    _compare(info, getattr(xt, info.name)(*xt_inputs), want, inputs)


@st.composite
def _operands(draw, info):
    dtype = draw(st.sampled_from(info.dtypes))
    shapes = draw(
        hnp.mutually_broadcastable_shapes(num_shapes=info.nin, max_dims=3, max_side=4)
    ).input_shapes
    return [draw(arrays(dtype, shape=s)) for s in shapes]


@pytest.mark.parametrize("name", sorted(i.name for i in OPINFOS if i.name != "clip"))
@given(data=st.data())
def test_matches_numpy(name, data):
    info = BY_NAME[name]
    inputs = data.draw(_operands(info), label="inputs")
    _call_both(info, inputs, [xt.asarray(a) for a in inputs])


def _python_scalar(a: np.ndarray):
    flat = a.reshape(-1)
    return flat[0].item() if flat.size else {"b": True, "i": 1, "u": 1}.get(a.dtype.kind, 1.5)


@pytest.mark.parametrize("name", sorted(i.name for i in OPINFOS if i.nin == 2))
@given(data=st.data(), scalar_first=st.booleans())
def test_python_scalar_operands(name, data, scalar_first):
    info = BY_NAME[name]
    a, b = data.draw(_operands(info), label="inputs")
    s = _python_scalar(b)
    inputs = [s, a] if scalar_first else [a, s]
    _call_both(info, inputs, [xt.asarray(v) if isinstance(v, np.ndarray) else v for v in inputs])


@given(
    x=st.sampled_from(["float64", "float32", "float16", "complex128"]).flatmap(arrays),
    lo=st.none() | st.floats(-5, 5, width=64),
    hi=st.none() | st.floats(-5, 5, width=64),
)
def test_clip_matches_numpy(x, lo, hi):
    """NaNs and signed zeros too; one None bound is NumPy's minimum or maximum, as NumPy's."""
    if lo is not None and hi is not None and lo > hi:
        lo, hi = hi, lo
    with np.errstate(all="ignore"):
        want = np.clip(x, lo, hi) if (lo, hi) != (None, None) else x.copy()
        got = xt.clip(xt.asarray(x), lo, hi)
    assert_same(got, want, signed_zeros=True)


@given(
    dtype=st.sampled_from(
        ["bool", "int8", "uint8", "int64", "float32", "float64", "complex64", "complex128"]
    ),
    lo=st.none() | st.integers(-300, 300) | st.floats(allow_infinity=False, width=32),
    hi=st.none() | st.integers(-300, 300) | st.just(float("nan")),
)
def test_clip_promotes_mixed_bounds_as_numpy(dtype, lo, hi):
    # The standard leaves bounds of another kind unspecified: NumPy's dtype and values,
    # so a NaN bound on an integer array is NaN, never the integer it casts to.
    x = np.arange(-4, 5).astype(dtype)
    with np.errstate(all="ignore"):
        try:
            want = np.clip(x, lo, hi) if (lo, hi) != (None, None) else x.copy()
        except OverflowError:  # an int beyond x's range: xtensor clamps it (unspecified)
            return
        got = xt.clip(xt.asarray(x), lo, hi)
    assert_same(got, want)


NUMBER = st.integers(-(2**62), 2**62) | st.floats(width=64)


@given(x=NUMBER, lo=st.none() | NUMBER, hi=st.none() | NUMBER)
def test_clip_of_python_numbers_is_numpys(x, lo, hi):
    """`clip(5, 0, 3)`: NumPy's scalar answer (a 0-d array printed as it), its dtype and value,
    NaN bounds included, whichever path the numbers take."""
    with np.errstate(all="ignore"):
        want = np.clip(x, lo, hi)
        got = xt.clip(x, lo, hi)
    assert got.dtype == want.dtype and got.shape == ()
    np.testing.assert_array_equal(got._data, want)
    assert repr(got) == repr(want)


@given(
    d1=st.sampled_from(BY_NAME["add"].dtypes),
    d2=st.sampled_from(BY_NAME["add"].dtypes),
    name=st.sampled_from(["add", "multiply", "maximum", "equal", "less", "divide"]),
)
def test_mixed_dtypes_promote_as_numpy(d1, d2, name):
    info = BY_NAME[name]
    if d1 not in info.dtypes or d2 not in info.dtypes:
        return
    a, b = np.arange(1, 4, dtype=d1), np.arange(3, 0, -1, dtype=d2)
    _call_both(info, [a, b], [xt.asarray(a), xt.asarray(b)])


# --- operators -------------------------------------------------------------------------------

BINARY_OPERATORS = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": operator.truediv,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "pow": operator.pow,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "bitwise_left_shift": operator.lshift,
    "bitwise_right_shift": operator.rshift,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
}
INPLACE = {
    "add": operator.iadd,
    "subtract": operator.isub,
    "multiply": operator.imul,
    "divide": operator.itruediv,
    "floor_divide": operator.ifloordiv,
    "remainder": operator.imod,
    "pow": operator.ipow,
    "bitwise_and": operator.iand,
    "bitwise_or": operator.ior,
    "bitwise_xor": operator.ixor,
    "bitwise_left_shift": operator.ilshift,
    "bitwise_right_shift": operator.irshift,
}


@pytest.mark.parametrize("name", sorted(BINARY_OPERATORS))
@given(data=st.data())
def test_operator_and_reflected(name, data):
    info, op = BY_NAME[name], BINARY_OPERATORS[name]
    a, b = data.draw(_operands(info), label="inputs")
    s = _python_scalar(b)
    for x1, x2 in ((xt.asarray(a), xt.asarray(b)), (s, xt.asarray(a))):  # forward, reflected
        try:
            want = getattr(xt, name)(x1, x2)
        except Exception as e:  # noqa: BLE001 - e.g. int ** negative int, as NumPy refuses it
            with pytest.raises(_family(e)):
                op(x1, x2)
            continue
        assert_same(op(x1, x2), np.asarray(want))


@pytest.mark.parametrize("name", sorted(INPLACE))
@given(data=st.data())
def test_inplace_matches_numpy(name, data):
    info = BY_NAME[name]
    a = data.draw(arrays(data.draw(st.sampled_from(info.dtypes)), views=True), label="a")
    b = data.draw(arrays(a.dtype.name, shape=a.shape[1:]), label="b")  # broadcasts into a
    element = a.ndim == 0 and data.draw(st.booleans(), label="element")
    want = a[()] if element else a.copy()  # NumPy's scalar x: x = x op y; an array: in place
    try:
        want = INPLACE[name](want, b)
    except Exception as e:  # noqa: BLE001 - whatever NumPy refuses, xtensor must refuse
        with pytest.raises(_family(e)):
            INPLACE[name](_operand(a, element), xt.asarray(b))
        return
    x = _operand(a, element)
    before = x
    x = INPLACE[name](x, xt.asarray(b))
    # x itself; an element is a value, as NumPy's scalars are: x op y, x kept as it was (Note
    # [Elements are values] in _array.py)
    assert (x is before) == (not element)
    if element:
        assert before._data.tobytes() == a.tobytes()
    _compare(info, x, want, [a, b])


def _operand(a, element: bool):
    """`a` as an xtensor array, or as an element of one (NumPy's scalar) when `element`."""
    return xt.asarray(a.reshape(1).copy())[0] if element else xt.asarray(a.copy())


@pytest.mark.parametrize("name", sorted(INPLACE))
@given(data=st.data())
def test_inplace_into_another_dtype_matches_numpy(name, data):
    """`x op= y` casts the result into x's dtype under same_kind, or refuses as NumPy does;
    an element (NumPy's scalar) promotes, as NumPy's scalar does."""
    info = BY_NAME[name]
    a = data.draw(arrays(data.draw(st.sampled_from(info.dtypes))), label="a")
    b = data.draw(arrays(data.draw(st.sampled_from(info.dtypes)), shape=a.shape[-1:]), label="b")
    element = a.ndim == 0 and data.draw(st.booleans(), label="element")
    want = a[()] if element else a.copy()  # NumPy's scalar x: x = x op y; an array: in place
    try:
        want = INPLACE[name](want, b)
    except Exception as e:  # noqa: BLE001 - whatever NumPy refuses, xtensor must refuse
        with pytest.raises(_family(e)):
            INPLACE[name](_operand(a, element), xt.asarray(b))
        return
    x = _operand(a, element)
    r = INPLACE[name](x, xt.asarray(b))
    assert (r is x) == (not element)  # an element is a value: a new array (Note [Elements...])
    _compare(info, r, want, [a, b])


@pytest.mark.parametrize("dtype", ["int32", "float64", "complex128"])
def test_inplace_partial_overlap_gives_numpy_answer(dtype):
    a = np.arange(1, 11).astype(dtype)
    x = xt.asarray(a.copy())
    x[1:] += x[:-1]
    a[1:] += a[:-1]
    assert_same(x, a)
    x[::-1] *= x  # full reversal overlap
    a[::-1] *= a.copy()
    assert_same(x, a)


@pytest.mark.parametrize("name", ["negative", "positive", "abs", "bitwise_invert"])
def test_unary_operators(name):
    op = {
        "negative": operator.neg,
        "positive": operator.pos,
        "abs": abs,
        "bitwise_invert": operator.invert,
    }[name]
    a = np.array([[3, -1], [0, 7]], dtype="int16")
    assert_same(op(xt.asarray(a)), op(a))


def test_first_call_warns_once_like_numpy():
    import warnings

    x = xt.ones((3, 7, 1), dtype=xt.float32)  # a signature no other test plans
    with np.errstate(divide="warn"), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        xt.divide(x, 0.0)
    assert len([w for w in caught if "divide by zero" in str(w.message)]) == 1


# --- Note [Comparisons with out-of-range integers] (NEP 50) ----------------------------------

COMPARISONS = ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]


@pytest.mark.parametrize("name", COMPARISONS)
@pytest.mark.parametrize(
    "dtype, scalar",
    [
        ("int8", 1000),
        ("int8", -1000),
        ("uint8", -1),
        ("uint64", -1),
        ("int64", 2**70),
        ("int64", -(2**70)),
        ("uint32", 2**40),
        ("int16", 2**15),
    ],
)
def test_comparison_with_out_of_range_int_matches_numpy(name, dtype, scalar):
    a = np.array([[0, 1], [5, 7]], dtype=dtype)
    for args, np_args in (
        ((xt.asarray(a), scalar), (a, scalar)),
        ((scalar, xt.asarray(a)), (scalar, a)),
    ):
        for repeat in range(2):  # the second call takes the small-call fast path
            got = getattr(xt, name)(*args)
            want = getattr(np, name)(*np_args)
            assert got.dtype == xt.bool and got.shape == want.shape, repeat
            np.testing.assert_array_equal(np.asarray(got), want)


def test_comparison_operators_and_out_with_out_of_range_ints():
    x = xt.asarray(np.arange(4, dtype=np.int8))
    np.testing.assert_array_equal(np.asarray(x == 1000), np.zeros(4, bool))
    np.testing.assert_array_equal(np.asarray(1000 > x), np.ones(4, bool))
    out = xt.zeros(4, dtype=xt.bool)  # the dispatcher's out= (what in-place operators use)
    assert xt.less._op(x, 2**70, out=out) is out and bool(xt.all(out))


def test_arithmetic_with_out_of_range_int_still_raises():
    x = xt.asarray(np.arange(4, dtype=np.int8))
    for _ in range(2):
        with pytest.raises(OverflowError, match="add: Python integer 1000 is out of bounds"):
            xt.add(x, 1000)


def test_an_output_cast_refused_raises_under_numpys_class_name():
    """NumPy raises a UFuncTypeError (a TypeError, printed under that name) for an output it
    cannot cast into; so does xtensor, in its own words, naming the function."""
    a, x = np.ones(3, dtype=np.int64), xt.ones(3, dtype=xt.int64)
    with pytest.raises(TypeError) as numpy_error:
        a += np.ones(3)
    # NumPy's UFuncTypeError: the base its error classes (shown under its name) share
    numpy_class = next(c for c in type(numpy_error.value).__mro__ if TypeError in c.__bases__)
    for call in (lambda: x.__iadd__(xt.ones(3)), lambda: xt.add(x, 1.5, out=x)):
        with pytest.raises(numpy_class, match="add: cannot store a float64 result") as e:
            call()
        assert type(e.value).__name__ == type(numpy_error.value).__name__ == "UFuncTypeError"


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("n", [0, 1, 7, 2047, 2048, 5000, 300_000])
@pytest.mark.parametrize("threads", [1, 2])
def test_complex_round_by_parts_is_numpys(dtype, n, threads):
    """Complex `round` rounds the real and imaginary parts by NumPy's float loop (`round_loop`)
    past a few values and by NumPy's complex one below: NumPy's bits either way, signed zeros,
    halves, NaN and infinities included, in any layout, split or not, and into `out=`."""
    specials = np.array([0.5, -0.5, 1.5, 2.5, -0.0, np.nan, np.inf, -np.inf, 1e300, -2.5])
    rng = np.random.default_rng(n)
    a = (rng.choice(specials, n) + 1j * rng.choice(specials, n)).astype(dtype)
    a[::3] = (rng.random(a[::3].shape) * 10 - 5).astype(dtype)
    before = xt.get_num_threads()
    xt.set_num_threads(threads)
    try:
        for data in (a, a[::-2], a.reshape(-1, 1)[::2, :]):
            want = np.round(data)
            got = xt.round(xt.asarray(data))
            assert got._data.dtype == want.dtype and got._data.tobytes() == want.tobytes()
        out = xt.zeros(a.shape, dtype=getattr(xt, dtype))
        assert xt.round(xt.asarray(a), out=out) is out
        assert out._data.tobytes() == np.round(a).tobytes()
    finally:
        xt.set_num_threads(before)
    z = np.asarray(a[:1].reshape(()) if n else np.complex64(2.5 + 0.5j))
    assert xt.round(xt.asarray(z))._data.tobytes() == np.round(z).tobytes()

"""Printing is NumPy's: repr, str, format and the printing functions give NumPy's text for the
same data (every dtype, 0-d, empty, non-contiguous, summarised), NumPy's print options act on
xtensor arrays, and an array on a GPU differs only by `device=` at the end of its repr."""

from __future__ import annotations

import copy
import io

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays
from xtensor._core.devices import Device
from xtensor._dispatch.compiled import python_of


class _FakeGPU(xt.Array):
    """An Array that says it lives on cuda:0 while its buffer stays on the host: the display
    code's GPU branch, testable without a GPU."""

    __slots__ = ()

    @property
    def device(self):
        return Device("cuda", 0)

    def _printed(self):
        return None  # (a GPU buffer is no ndarray: no NumPy scalar to print)


def _fake_gpu(a: np.ndarray) -> _FakeGPU:
    x = object.__new__(_FakeGPU)
    x._data = a
    return x


any_array = st.sampled_from(ALL_DTYPES).flatmap(lambda dt: arrays(dt))


# --- repr, str, format ---------------------------------------------------------------------------


@given(any_array)
def test_repr_and_str_are_numpys(a):
    x = xt.asarray(a)
    assert repr(x) == repr(a)
    assert str(x) == str(a)
    assert f"{x}" == f"{a}"


@given(any_array)
def test_print_options_apply(a):
    x = xt.asarray(a)
    with np.printoptions(precision=3, threshold=5, linewidth=40, edgeitems=2):
        assert repr(x) == repr(a)
        assert str(x) == str(a)
    with xt.printoptions(precision=2, suppress=True, sign="+"):
        assert repr(x) == repr(a)


@given(st.sampled_from(ALL_DTYPES), st.sampled_from([(1001,), (40, 30), (11, 10, 10)]))
def test_large_arrays_are_summarised_like_numpy(dtype, shape):
    a = np.arange(int(np.prod(shape))).reshape(shape).astype(dtype)
    x = xt.asarray(a)
    assert "..." in repr(a) and repr(x) == repr(a)
    assert str(x) == str(a)


def test_known_reprs():
    assert repr(xt.asarray([1.0, 2.0])) == "array([1., 2.])"
    assert repr(xt.asarray([1, 2], dtype=xt.int8)) == "array([1, 2], dtype=int8)"
    assert repr(xt.asarray([], dtype=xt.float64)) == "array([], dtype=float64)"
    assert repr(xt.asarray(3.0)) == "array(3.)"
    assert repr(xt.zeros((0, 3), dtype=xt.int32)) == "array([], shape=(0, 3), dtype=int32)"


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_print_of_a_reduction_is_numpys(dtype, capsys):
    a = (np.arange(1, 7) % 2).astype(dtype)
    print(xt.asarray(a).sum(), xt.asarray(a)[1], xt.asarray(a).reshape(2, 3))
    mine = capsys.readouterr().out
    print(a.sum(), a[1], a.reshape(2, 3))
    assert mine == capsys.readouterr().out


@pytest.mark.parametrize("dtype", ["float32", "float64", "int16", "uint64", "complex64", "bool"])
@pytest.mark.parametrize("spec", ["", ".3f", ">12", "e", "^9.2"])
def test_format_of_0d_arrays_is_numpys(dtype, spec):
    a = np.asarray(2.75).astype(dtype)
    try:
        want = format(a, spec)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            format(xt.asarray(a), spec)
    else:
        assert format(xt.asarray(a), spec) == want


def test_format_of_nd_arrays_is_numpys():
    a = np.asarray([[0.5, 1.25], [3.0, -1.0]])
    assert f"{xt.asarray(a)}" == f"{a}"
    with pytest.raises(TypeError, match="unsupported format string"):
        f"{xt.asarray(a):.2f}"  # NumPy refuses a format spec for arrays too


# --- the printing functions ----------------------------------------------------------------------


@given(any_array, st.integers(min_value=20, max_value=90), st.integers(0, 8))
def test_printing_functions_accept_arrays(a, width, precision):
    x = xt.asarray(a)
    options = {"max_line_width": width, "precision": precision}
    assert xt.array2string(x, separator=", ", **options) == np.array2string(
        a, separator=", ", **options
    )
    assert xt.array_repr(x, width, precision) == np.array_repr(a, width, precision)
    assert xt.array_str(x, width, precision, True) == np.array_str(a, width, precision, True)
    # NumPy's own functions reach them through __array_function__.
    assert np.array2string(x, prefix="array(") == np.array2string(a, prefix="array(")
    assert np.array_repr(x) == repr(a) and np.array_str(x) == str(a)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_float_formatters_take_0d_arrays(dtype):
    s = np.asarray(1 / 3, dtype=dtype)[()]
    x = xt.asarray(s)
    assert xt.format_float_positional(x, precision=4) == np.format_float_positional(s, 4)
    assert xt.format_float_scientific(x, unique=False, precision=6) == (
        np.format_float_scientific(s, unique=False, precision=6)
    )
    assert xt.format_float_positional(0.1) == np.format_float_positional(0.1)


def test_integer_formatters():
    assert xt.binary_repr(xt.asarray(-5, dtype=xt.int8), width=8) == np.binary_repr(-5, 8)
    assert xt.base_repr(xt.asarray(255), 16, padding=2) == np.base_repr(255, 16, 2)
    assert xt.base_repr(10) == np.base_repr(10) and xt.binary_repr(3) == np.binary_repr(3)
    with pytest.raises(TypeError):
        xt.binary_repr(xt.asarray(1.5))


def test_print_options_are_numpys_own():
    assert xt.set_printoptions is np.set_printoptions
    assert xt.get_printoptions is np.get_printoptions
    assert xt.printoptions is np.printoptions
    x = xt.asarray([1 / 3, 2 / 3])
    before = np.get_printoptions()
    try:
        xt.set_printoptions(precision=2)
        assert repr(x) == "array([0.33, 0.67])"
        assert xt.get_printoptions()["precision"] == 2
    finally:
        np.set_printoptions(**before)
    assert repr(x) == repr(np.asarray([1 / 3, 2 / 3]))


# --- 0-d results print as NumPy's scalars (Note [0-d arrays print as scalars]) -------------


@given(st.sampled_from(ALL_DTYPES).flatmap(lambda dt: arrays(dt, shape=(3,))))
def test_0d_results_print_as_the_scalars_numpy_gives(a):
    x = xt.asarray(a)
    pairs = ((x[1], a[1]), (x.max(), a.max()), (xt.sum(x), np.sum(a)), (x[0] == x[1], a[0] == a[1]))
    for got, want in pairs:
        assert repr(got) == repr(want) and repr([got, got]) == repr([want, want])
        assert str(got) == str(want) and f"{got}" == f"{want}"


def _saved(m, x) -> io.BytesIO:
    f = io.BytesIO()
    m.save(f, x)
    f.seek(0)
    return f


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.asarray(5),
        lambda m: m.asarray(2.5, dtype=m.float32),
        lambda m: m.array(True),
        lambda m: m.asarray(np.float64(1.5)),
        lambda m: m.asarray(np.asarray(7)),
        lambda m: m.array(m.asarray([1, 2])[0]),
        lambda m: m.asarray(m.int8(3), dtype=m.int16),
        lambda m: getattr(m.asarray, "__wrapped__", m.asarray)(4.5),  # the Python path
        lambda m: getattr(m.array, "__wrapped__", m.array)(4, dtype=m.uint8),
        lambda m: m.zeros(()),
        lambda m: m.ones((), dtype=m.int8),
        lambda m: m.full((), 2.5, dtype=m.float32),
        lambda m: getattr(m.zeros, "__wrapped__", m.zeros)(()),
        lambda m: m.load(_saved(m, m.asarray(6))),
        lambda m: m.zeros_like(m.asarray(5.0)),
        lambda m: m.ones_like(m.asarray(5), dtype=m.int8),
        lambda m: m.full_like(m.asarray(5.0), 2),
        lambda m: m.full_like(m.asarray(5.0), 2, dtype=m.float32),
        lambda m: m.resize(m.asarray(5.0), ()),
        lambda m: m.broadcast_arrays(m.asarray(5.0), m.asarray(2.0))[1],
        # functions whose answer is always NumPy's ndarray, 0-d on 0-d input
        lambda m: m.roll(m.asarray(5.0), 1),
        lambda m: m.expand_dims(m.asarray(5.0), ()),
        lambda m: m.tile(m.asarray(5.0), ()),
        lambda m: m.where(m.asarray(5.0) > 1, m.asarray(5.0), 0),
        lambda m: m.where(m.asarray(True), 1.5, m.asarray(2.5)),
    ],
)
def test_0d_arrays_made_by_creation_functions_print_as_arrays(make):
    assert repr(make(xt)) == repr(make(np)) and repr([make(xt)]) == repr([make(np)])


def test_scalar_type_calls_print_as_scalars_and_asarray_of_one_as_an_array():
    assert repr(xt.float32(2.5)) == repr(np.float32(2.5))
    assert repr(xt.float64(xt.asarray(3))) == repr(np.float64(3))
    assert repr(xt.float64(xt.asarray(3.5))) == repr(np.float64(3.5))  # (of its own dtype)
    total, want = xt.arange(4).sum(), np.arange(4).sum()
    for f in ("asarray", "asanyarray", "array"):  # NumPy's 0-d ndarray of the scalar's value
        got = getattr(xt, f)(total)
        assert got is not total and repr(got) == repr(getattr(np, f)(want)), f
    assert repr(total) == repr(want)  # the element itself is untouched


# --- arrays on a GPU -----------------------------------------------------------------------------


@given(any_array)
def test_gpu_repr_adds_only_the_device(a):
    x = _fake_gpu(a)
    assert repr(x) == repr(a)[:-1] + ", device='cuda:0')"
    assert xt.array_repr(x) == repr(x)
    assert str(x) == str(a) and f"{x}" == f"{a}"


def test_gpu_repr_examples():
    assert repr(_fake_gpu(np.asarray([1, 2], np.int8))) == (
        "array([1, 2], dtype=int8, device='cuda:0')"
    )
    assert repr(_fake_gpu(np.asarray(3.0))) == "array(3., device='cuda:0')"


# Functions whose 0-d answer is NumPy's scalar, and those where NumPy answers a 0-d ndarray
# (`select`, `cov` of one variable, `piecewise`, an element of `nditer`): each prints as NumPy's.
ZERO_D_RESULTS = [
    "m.median(m.arange(4.0))", "m.percentile(m.arange(4.0), 50)", "m.interp(1.5, [1, 2], [3, 4])",
    "m.trapezoid([1, 2, 3])", "m.polyval([1, 2], 3)", "m.round(2.567, 1)", "m.clip(5, 0, 3)",
    "m.dot([1, 2], [3, 4])", "m.linalg.det(m.eye(2))", "m.linalg.norm([3, 4])",
    "m.einsum('i,i', m.arange(3), m.arange(3))", "m.vdot([1, 2], [3, 4])", "m.average([1, 2])",
    "m.ptp(m.arange(4))", "m.nanmean(m.asarray([1.0, m.nan]))", "m.prod([2, 3])",
    "m.searchsorted([1, 2, 3], 2)", "m.argmax([1, 3, 2])", "m.count_nonzero([1, 0, 2])",
    "m.std([1, 2])", "m.quantile([1, 2, 3], 0.5)", "m.isclose(1.0, 1.0)", "m.sqrt(4.0)",
    "m.add(1, 2)", "m.float64(3) + 1", "m.int64(3) // 2", "m.hypot(3, 4)", "m.cumsum([1, 2])[1]",
    "m.unravel_index(3, (2, 2))[0]", "m.digitize(1.5, [1, 2])", "m.nanargmax([1, m.nan, 3])",
    "m.corrcoef([1, 2, 3], [2, 4, 7])[0, 1]", "m.fft.fft([1, 2])[0]", "m.linalg.cond(m.eye(2))",
    "m.asarray([1, 2]).mean()", "m.median([1, 2, 3])", "m.select([True], [5])", "m.cov([1, 2, 3])",
    "m.piecewise(m.float64(2.0), [True], [lambda v: v * 2])", "m.vectorize(lambda v: v * 2)(3)",
    "[repr(v) for v in m.nditer(m.arange(2))]", "m.where(True, 1, 0)",
    "m.nan_to_num(m.asarray(5.0))", "m.nan_to_num(m.asarray(m.inf))", "m.nan_to_num(m.asarray(3))",
]  # fmt: skip


@pytest.mark.parametrize("expression", ZERO_D_RESULTS)
def test_0d_answers_print_as_numpys(expression):
    assert repr(eval(expression, {"m": xt})) == repr(eval(expression, {"m": np}))


# Views, copies and casts keep their array's kind, as NumPy's methods do: of NumPy's 0-d
# ndarray (`asarray(5.0)`) an array, of its scalar (`float64(5)`, an element) a scalar, and of
# an array with axes made 0-d (`squeeze`, `reshape(())`) an array; `x[...]` and `copy(x)` are
# always arrays (Note [0-d arrays print as scalars]).
KEPT = {
    "squeeze": lambda m, x: m.squeeze(x), "x.squeeze": lambda m, x: x.squeeze(),
    "reshape": lambda m, x: m.reshape(x, ()), "x.reshape": lambda m, x: x.reshape(()),
    "x.copy": lambda m, x: x.copy(), "copy": lambda m, x: m.copy(x),
    "x.astype": lambda m, x: x.astype(m.float32), "x.T": lambda m, x: x.T,
    "x[...]": lambda m, x: x[...], "x[..., 0]": lambda m, x: x.reshape(-1)[..., 0],
    "transpose": lambda m, x: m.transpose(x), "x.transpose": lambda m, x: x.transpose(),
    "x.real": lambda m, x: x.real, "x.imag": lambda m, x: x.imag, "imag": lambda m, x: m.imag(x),
    "x.view": lambda m, x: x.view(), "x.view(int64)": lambda m, x: x.view(m.int64),
    "broadcast_to": lambda m, x: m.broadcast_to(x.reshape(-1)[0], ()),
    "moveaxis": lambda m, x: m.moveaxis(x, [], []), "copy.copy": lambda m, x: copy.copy(x),
    "deepcopy": lambda m, x: copy.deepcopy(x), "x.byteswap": lambda m, x: x.byteswap(),
    "x[()]": lambda m, x: x[()], "flip": lambda m, x: m.flip(x), "abs": lambda m, x: m.abs(x),
}  # fmt: skip
KEPT_INPUTS = {
    "0-d ndarray": lambda m: m.asarray(5.0), "scalar": lambda m: m.float64(5.0),
    "element": lambda m: m.asarray([5.0, 6.0])[0], "(1,)": lambda m: m.asarray([5.0]),
    "(1, 1)": lambda m: m.asarray([[5.0]]), "sum": lambda m: m.asarray([5.0]).sum(),
}  # fmt: skip


@pytest.mark.parametrize("make", KEPT_INPUTS.values(), ids=KEPT_INPUTS)
@pytest.mark.parametrize("op", KEPT.values(), ids=KEPT)
def test_views_copies_and_casts_keep_the_kind_of_their_array(op, make):
    want, got = _outcome(lambda: op(np, make(np))), _outcome(lambda: op(xt, make(xt)))
    assert got == want


def _outcome(call) -> str:
    try:
        return repr(call())
    except (ValueError, TypeError, AttributeError) as e:  # no such view of a scalar: NumPy's
        return type(e).__name__


@pytest.mark.parametrize(
    "make", [lambda m: m.zeros(()), lambda m: m.asarray(3), lambda m: m.asarray([[2.0]]).squeeze()]
)
def test_numpys_0d_ndarray_updates_in_place_its_scalar_does_not(make):
    for m in (np, xt):
        t = make(m)
        alias = t
        t += 1
        assert t is alias  # NumPy's 0-d ndarray: in place, as any array
    x, y = make(np), make(xt)
    x *= 3
    y *= 3
    assert repr(y) == repr(x)
    total = xt.asarray([1.0, 2.0]).sum()  # a scalar: a value, `total = total + 1`
    before = total
    total += 1
    assert total is not before and repr(before) == repr(np.float64(3.0))


@pytest.mark.parametrize(
    "make",
    [
        lambda: xt.asarray([1.5, 2.0])[1],
        lambda: xt.asarray([3], dtype=xt.uint8)[0],
        lambda: xt.asarray([1 + 2j])[0],
        lambda: xt.asarray([True])[0],
        lambda: xt.sum(xt.asarray([1.0, 2.0])),
        lambda: xt.asarray(2.5),  # marked: NumPy's 0-d ndarray
        lambda: xt.zeros(()),
        lambda: xt.asarray(["ab"])[0:1].reshape(()),
        lambda: xt.asarray([None, "x"], dtype=object).reshape(2, 1)[1, ...],
        lambda: xt.asarray(["2020-01-01"], dtype="datetime64[D]").reshape(()),
        lambda: xt.asarray([(1, 2.0)], dtype=[("a", "i4"), ("b", "f8")]).reshape(()),
        lambda: xt.asarray([1.0, 2.0]),
    ],
)
def test_the_compiled_repr_and_str_are_the_methods(make):
    """Array's C tp_repr/tp_str answer an unmarked 0-d CPU array's NumPy scalar text, and
    hand everything else to the methods: the same text either way."""
    x = make()
    assert repr(x) == xt.Array.__repr__(x) and str(x) == xt.Array.__str__(x)
    assert f"{x}" == format(np.asarray(x)[()] if x.ndim == 0 else np.asarray(x))


@given(
    a=st.sampled_from(ALL_DTYPES).flatmap(lambda dt: arrays(dt, shape=(3,))),
    spec=st.sampled_from(["", ".3f", ">12", "e", "^9.2", "d", "x", ".2%", "+,", "g"]),
)
def test_formatted_elements_are_numpys_scalars(a, spec):
    """`f"{x[i]:spec}"` (C's Array.__format__ for bool, integer and float values, the method
    for the rest) gives what NumPy's scalar gives, errors included."""
    x = xt.asarray(a)
    for fmt in (xt.Array.__format__, python_of(xt.Array.__format__)):
        try:
            want = format(a[1], spec)
        except (TypeError, ValueError) as e:
            with pytest.raises(type(e)):
                fmt(x[1], spec)
        else:
            assert fmt(x[1], spec) == want

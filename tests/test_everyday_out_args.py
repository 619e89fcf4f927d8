"""Everyday NumPy calls a survey found missing or wrong: `full` of an object dtype, `out=` of
round, around, argmax, argmin, trace, outer and einsum, `reduceat` of an empty index list,
`numpy.lib`'s names, and `where` with a Python int its array's dtype cannot hold. Each test
runs the users' call on NumPy and on xtensor and compares."""

from __future__ import annotations

import fractions
import numbers
import warnings

import numpy as np
import pytest

import xtensor as xt


def _same(x, a):
    """xtensor result `x` equals NumPy result `a`: type of container, dtype, shape, values."""
    assert isinstance(x, xt.Array)
    x_data = np.asarray(x._data)
    a = np.asarray(a)
    assert x_data.dtype == a.dtype, (x_data.dtype, a.dtype)
    assert x_data.shape == a.shape
    assert x_data.tolist() == a.tolist()


def _both(call):
    """(NumPy's result or exception, xtensor's) of `call(module)`."""
    out = []
    for mod in (np, xt):
        try:
            out.append(call(mod))
        except Exception as e:  # noqa: BLE001 - the exception is what is compared
            out.append(e)
    return out


def _same_call(call):
    a, x = _both(call)
    if isinstance(a, Exception):
        assert isinstance(x, Exception), f"NumPy raised {a!r}; xtensor gave {x!r}"
        assert isinstance(x, type(a).__mro__[1] if type(a).__name__.startswith("_") else type(a))
        return
    assert not isinstance(x, Exception), f"xtensor raised {x!r}; NumPy gave {a!r}"
    _same(x, a)


# --- full with dtype=object -------------------------------------------------------------------

OBJECT_FILLS = [None, fractions.Fraction(1, 3), {"a": 1}, 2**100, 1.5, 1j, "ab", [None, 1], (1, 2)]


@pytest.mark.parametrize("fill", OBJECT_FILLS, ids=repr)
def test_full_of_object_dtype_takes_any_value(fill):
    a, x = np.full(2, fill, dtype=object), xt.full(2, fill, dtype=object)
    assert x.dtype == object
    assert x.tolist() == a.tolist()
    assert xt.full((3, 2), fill, dtype="O").tolist() == np.full((3, 2), fill, dtype="O").tolist()


def test_full_like_of_object_arrays():
    for fill in (None, fractions.Fraction(1, 2), [3, 4]):
        a = np.full_like(np.array([1, None], dtype=object), fill)
        x = xt.full_like(xt.asarray([1, None], dtype=object), fill)
        assert x.dtype == object and x.tolist() == a.tolist()
        a = np.full_like(np.zeros(2), fill, dtype=object)
        x = xt.full_like(xt.zeros(2), fill, dtype=object)
        assert x.dtype == object and x.tolist() == a.tolist()


def test_full_of_object_dtype_keeps_numpys_broadcast_error():
    with pytest.raises(ValueError):
        np.full(2, [1, 2, 3], dtype=object)
    with pytest.raises(ValueError, match="full: could not broadcast"):
        xt.full(2, [1, 2, 3], dtype=object)


@pytest.mark.parametrize("dtype", [None, "float64", "int64"])
def test_full_without_object_dtype_still_refuses_none(dtype):
    with pytest.raises(TypeError, match="full: fill_value must be"):
        xt.full(2, None, dtype=dtype)
    with pytest.raises(TypeError, match="full: fill_value must be"):
        xt.full(2, fractions.Fraction(1, 2), dtype=dtype)


# --- out= -------------------------------------------------------------------------------------

VALUES = [[1.26, 2.5], [3.75, -4.45]]
OUT_DTYPES = ["float64", "float32", "int64", "int32", "uint8", "complex128", "bool"]


def _call_into(call, shape, dtype):
    """call(module, out) with a zeros `out` of each library, checking `out` is returned and
    holds NumPy's answer, or that both libraries refuse it."""
    results = []
    for mod in (np, xt):
        out = mod.zeros(shape, dtype=dtype)
        try:
            r = call(mod, out)
        except (TypeError, ValueError) as e:
            results.append(e)
            continue
        assert r is out
        results.append(out)
    a, x = results
    if isinstance(a, Exception):
        assert isinstance(x, TypeError if isinstance(a, TypeError) else ValueError), x
    else:
        assert not isinstance(x, Exception), f"xtensor raised {x!r}"
        _same(x, a)


@pytest.mark.parametrize("dtype", OUT_DTYPES)
@pytest.mark.parametrize("decimals", [0, 1, -1])
@pytest.mark.parametrize("name", ["round", "around"])
def test_round_into_out(name, decimals, dtype):
    for values in (VALUES, [[1, 25], [-35, 4]], np.float32(VALUES)):
        call = lambda m, o, v=values: getattr(m, name)(m.asarray(v), decimals, out=o)  # noqa: E731
        _call_into(call, (2, 2), dtype)
    _call_into(lambda m, o: getattr(m, name)(m.asarray(VALUES), decimals, o), (2, 2), dtype)


@pytest.mark.parametrize("shape", [(4,), (3, 2, 2), (1,)])
def test_round_into_out_of_another_shape_is_refused(shape):
    _call_into(lambda m, o: m.round(m.asarray(VALUES), 1, out=o), shape, "float64")
    _call_into(lambda m, o: m.around(m.asarray(VALUES), 1, out=o), shape, "float64")


def test_round_out_must_be_an_array():
    with pytest.raises(TypeError, match="round: out must be an xtensor Array"):
        xt.round(xt.asarray(VALUES), 1, out=[0.0] * 4)


@pytest.mark.parametrize("dtype", OUT_DTYPES + ["int16", "uint64"])
@pytest.mark.parametrize("name", ["argmax", "argmin"])
def test_argmax_into_out(name, dtype):
    _call_into(lambda m, o: getattr(m, name)(m.asarray(VALUES), out=o), (), dtype)
    _call_into(lambda m, o: getattr(m, name)(m.asarray(VALUES), axis=0, out=o), (2,), dtype)
    _call_into(lambda m, o: getattr(m, name)(m.asarray(VALUES), 1, o), (2,), dtype)
    call = lambda m, o: getattr(m, name)(m.asarray(VALUES), axis=0, keepdims=True, out=o)  # noqa: E731
    _call_into(call, (1, 2), dtype)


@pytest.mark.parametrize("shape", [(1,), (3,), (2, 1)])
def test_argmax_into_out_of_another_shape_is_refused(shape):
    _call_into(lambda m, o: m.argmax(m.asarray(VALUES), axis=0, out=o), shape, "int64")


def test_argmax_without_out_keeps_its_answer():
    x = xt.asarray(VALUES)
    _same(xt.argmax(x), np.argmax(VALUES))
    _same(xt.argmin(x, 1), np.argmin(VALUES, 1))


@pytest.mark.parametrize("dtype", OUT_DTYPES)
def test_trace_into_out(dtype):
    for values in (VALUES, [[1, 2], [3, 4]]):
        _call_into(lambda m, o, v=values: m.trace(m.asarray(v), out=o), (), dtype)
        _call_into(lambda m, o, v=values: m.trace(m.asarray(v), 0, 0, 1, None, o), (), dtype)
    cube = np.arange(12.0).reshape(2, 2, 3)
    _call_into(lambda m, o: m.trace(m.asarray(cube), out=o), (3,), dtype)
    _call_into(lambda m, o: m.trace(m.asarray(cube), dtype=m.float32, out=o), (3,), dtype)


@pytest.mark.parametrize("shape", [(1,), (2,)])
def test_trace_into_out_of_another_shape_is_refused(shape):
    _call_into(lambda m, o: m.trace(m.asarray(VALUES), out=o), shape, "float64")


@pytest.mark.parametrize("dtype", OUT_DTYPES)
def test_outer_into_out(dtype):
    flat = np.ravel(VALUES)
    _call_into(lambda m, o: m.outer(m.asarray(flat), m.asarray(flat), out=o), (4, 4), dtype)
    _call_into(lambda m, o: m.outer(m.asarray([1, 2]), m.asarray([3, 4]), o), (2, 2), dtype)
    halves = lambda m, o: m.outer([1, 2], m.asarray([0.5, 4.0], dtype=m.float32), o)  # noqa: E731
    _call_into(halves, (2, 2), dtype)


@pytest.mark.parametrize("shape", [(4, 5), (2, 4, 4), (4,)])
def test_outer_into_out_of_another_shape(shape):
    flat = np.ravel(VALUES)
    _call_into(lambda m, o: m.outer(m.asarray(flat), m.asarray(flat), out=o), shape, "float64")


@pytest.mark.parametrize("dtype", OUT_DTYPES)
def test_einsum_into_out(dtype):
    flat = np.ravel(VALUES)
    _call_into(lambda m, o: m.einsum("i,i->", m.asarray(flat), m.asarray(flat), out=o), (), dtype)
    _call_into(lambda m, o: m.einsum("i,i->i", [1, 2], m.asarray([3, 4]), out=o), (2,), dtype)
    _call_into(lambda m, o: m.einsum("ij->j", m.asarray(VALUES), out=o), (2,), dtype)
    call = lambda m, o: m.einsum("ij->i", m.asarray(VALUES), out=o, dtype=m.float32)  # noqa: E731
    _call_into(call, (2,), dtype)


@pytest.mark.parametrize("shape", [(1,), (3,)])
def test_einsum_into_out_of_another_shape_is_refused(shape):
    _call_into(lambda m, o: m.einsum("ij->j", m.asarray(VALUES), out=o), shape, "float64")


def test_out_may_be_the_input():
    for name in ("round", "around"):
        a, x = np.asarray(VALUES), xt.asarray(VALUES)
        getattr(np, name)(a, 1, out=a)
        assert getattr(xt, name)(x, 1, out=x) is x
        _same(x, a)


# --- reduceat of no indices -------------------------------------------------------------------


@pytest.mark.parametrize("indices", [[], ()])
@pytest.mark.parametrize("dtype", ["int64", "float64", "int8", "bool"])
def test_reduceat_of_an_empty_index_list(indices, dtype):
    values = np.arange(5).astype(dtype)
    for name in ("add", "maximum", "multiply"):
        _same_call(lambda m, name=name: getattr(m, name).reduceat(m.asarray(values), indices))
    grid = np.arange(6).reshape(2, 3).astype(dtype)
    _same_call(lambda m: m.add.reduceat(m.asarray(grid), indices, axis=1))


def test_reduceat_still_refuses_float_indices():
    with pytest.raises(TypeError, match="add.reduceat"):
        xt.add.reduceat(xt.arange(5), xt.asarray([0.0, 2.0]))


# --- numpy.lib --------------------------------------------------------------------------------


def test_lib_numpy_version_compares_as_numpys():
    assert xt.lib.NumpyVersion is np.lib.NumpyVersion
    assert xt.lib.NumpyVersion(np.__version__) >= "1.20.0"
    assert xt.lib.NumpyVersion("2.4.0rc1") < "2.4.0"


def test_lib_scimath_is_emath():
    import xtensor.lib.scimath as scimath

    assert scimath is xt.lib.scimath
    for name in np.lib.scimath.__all__:
        assert getattr(scimath, name) is getattr(xt.emath, name), name
    _same(xt.lib.scimath.sqrt(xt.asarray([-4.0, 4.0])), np.lib.scimath.sqrt([-4.0, 4.0]))
    _same(xt.lib.scimath.log(xt.asarray([-1.0])), np.lib.scimath.log([-1.0]))


def test_lib_array_utils_normalizes_axes_as_numpy():
    utils = xt.lib.array_utils
    assert utils.normalize_axis_index(-1, 3) == 2
    assert utils.normalize_axis_tuple([0, -1], 3) == (0, 2)
    with pytest.raises(xt.exceptions.AxisError):
        utils.normalize_axis_index(3, 3)
    with pytest.raises(ValueError, match="repeated"):
        utils.normalize_axis_tuple([0, 0], 3)


@pytest.mark.parametrize(
    "view", [lambda a: a, lambda a: a[::-2], lambda a: a[1:3, ::2], lambda a: a.T, lambda a: a[:0]]
)
def test_lib_byte_bounds_spans_the_same_bytes(view):
    a = np.arange(24.0).reshape(4, 6)
    x = xt.asarray(a)
    lo, hi = xt.lib.array_utils.byte_bounds(view(x))
    base, _ = xt.lib.array_utils.byte_bounds(x)
    np_lo, np_hi = np.lib.array_utils.byte_bounds(view(a))
    np_base, _ = np.lib.array_utils.byte_bounds(a)
    assert (lo - base, hi - base) == (np_lo - np_base, np_hi - np_base)
    assert xt.lib.array_utils.byte_bounds(a) == np.lib.array_utils.byte_bounds(a)


class _Wrapped:
    """NumPy's `NDArrayOperatorsMixin` tutorial class, over module `mod`."""

    @classmethod
    def over(cls, mod):
        class Wrapped(mod.lib.mixins.NDArrayOperatorsMixin):
            _HANDLED_TYPES = (mod.ndarray, numbers.Number)

            def __init__(self, value):
                self.value = mod.asarray(value)

            def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
                for x in inputs:
                    if not isinstance(x, self._HANDLED_TYPES + (Wrapped,)):
                        return NotImplemented
                inputs = tuple(x.value if isinstance(x, Wrapped) else x for x in inputs)
                return type(self)(getattr(ufunc, method)(*inputs, **kwargs))

        return Wrapped


def test_lib_mixins_operators_of_a_class_holding_arrays():
    results = []
    for mod in (np, xt):
        w = _Wrapped.over(mod)([1, 2, 3])
        values = [w + 1, w - w, -w, w * mod.arange(3), mod.arange(3) * w, w > 1, w**2, abs(-w)]
        assert all(isinstance(v, type(w)) for v in values)
        results.append([v.value for v in values])
    for x, a in zip(results[1], results[0]):
        _same(x, a)


def test_lib_arrayterator_yields_xtensor_arrays():
    a = np.arange(24).reshape(2, 3, 4)
    blocks = list(xt.lib.Arrayterator(xt.asarray(a), 5))
    want = list(np.lib.Arrayterator(a, 5))
    assert len(blocks) == len(want)
    for x, b in zip(blocks, want):
        _same(x, b)


# --- where with an out-of-range Python int ----------------------------------------------------

WHERE_INTS = [300, -1, 5, 2**40, 2**63, -(2**63), 2**64 + 5, -(2**63) - 1]


@pytest.mark.parametrize("value", WHERE_INTS)
@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "int64", "uint64", "float32", "bool"])
def test_where_reads_a_python_int_as_numpy_does(dtype, value):
    labels = np.array([1, 2, 3, 0]).astype(dtype)
    mask = labels > 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NumPy warns of nothing here: neither may xtensor
        for _ in range(2):  # the second call replays the first one's plan
            _same_call(lambda m: m.where(m.asarray(mask), m.asarray(labels), value))
            _same_call(lambda m: m.where(m.asarray(mask), value, m.asarray(labels)))
        _same_call(lambda m: m.where(m.asarray(mask[:1]), m.asarray(labels[0]), value))
        _same_call(lambda m: m.where(m.asarray(mask), value, -1))


def test_where_with_label_minus_one_keeps_the_uint8_dtype():
    labels = np.array([3, 0, 7], dtype=np.uint8)
    got = xt.where(xt.asarray(labels) > 0, xt.asarray(labels), -1)
    _same(got, np.where(labels > 0, labels, -1))
    assert got.dtype == xt.uint8 and got.tolist() == [3, 255, 7]


def test_methods_with_out_check_the_cast_as_numpy():
    # x.round(d, out=o) and x.argmax(out=o) are the functions' out=: NumPy's casting checks,
    # not an unchecked write into `o`
    a = np.array([[1.26, 3.5], [0.1, 9.9]])
    x = xt.asarray(a)
    with pytest.raises(TypeError):
        a.round(1, out=np.empty((2, 2), dtype=np.int64))
    with pytest.raises(TypeError):
        x.round(1, out=xt.empty((2, 2), dtype=xt.int64))
    o, want = xt.empty((2, 2)), a.round(1, out=np.empty((2, 2)))
    assert x.round(1, o) is o and np.array_equal(np.asarray(o), want)
    o = xt.empty(2, dtype=xt.int64)
    assert x.argmax(1, o) is o and np.asarray(o).tolist() == a.argmax(1).tolist()
    assert x.argmin(0, out=o) is o and np.asarray(o).tolist() == a.argmin(0).tolist()

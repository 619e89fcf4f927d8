"""Object arrays (Note [Host-only dtypes] in `xtensor/_core/dtypes.py`): Python objects in NumPy
memory on the CPU, computed element by element by NumPy's object loops (Python's own `+`,
`<`...). xtensor makes one only when asked (`dtype=object`, or a NumPy object array), where
NumPy would also infer one from None or a ragged mix.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same

MIXED = [1, "a", None]


def test_asarray_with_dtype_object_keeps_the_python_objects():
    got, want = xt.asarray(MIXED, dtype=object), np.asarray(MIXED, dtype=object)
    assert got.dtype == object and got.dtype is xt.object_ and xt.object_ == np.dtype("O")
    assert np.asarray(got).tolist() == want.tolist() and repr(got) == repr(want)
    assert repr(got) == "array([1, 'a', None], dtype=object)" and str(got) == str(want)
    assert xt.object_(None) is np.object_(None) is None  # NumPy's scalar type: the object
    assert_same(xt.object_([1, None]), np.object_([1, None]))  # (a sequence: an array)


def test_inferred_object_arrays_need_dtype_object():
    with pytest.raises(TypeError, match=r"asarray: NumPy would read .* dtype=object"):
        xt.asarray(MIXED)
    with pytest.raises(
        TypeError, match="add: x2 must be an array or a Python scalar; got NoneType"
    ):
        xt.add(xt.ones(2), None)


def test_arithmetic_runs_python_objects():
    values = [Fraction(1, 3), Fraction(2, 5), 7]
    got, want = xt.asarray(values, dtype=object), np.asarray(values, dtype=object)
    for result, expected in [
        (got + 1, want + 1),
        (got * got, want * want),
        (got / 2, want / 2),
        (-got, -want),
        (xt.less(got, Fraction(1, 2)), want < Fraction(1, 2)),
        (xt.sum(got), np.asarray(np.sum(want), dtype=object)),  # NumPy: a Python object
        (xt.max(got), np.asarray(np.max(want), dtype=object)),
        (xt.sort(got[::-1]), np.sort(want[::-1])),
    ]:
        assert result.dtype == expected.dtype
        assert np.asarray(result).tolist() == expected.tolist()
    with pytest.raises(TypeError, match="add: "):
        xt.asarray(MIXED, dtype=object) + 1  # Python's own error for 'a' + 1, named


def test_indexing_and_assignment_hold_any_object():
    got = xt.asarray([None, None, None], dtype=object)
    got[1] = {"k": 1}
    got[xt.asarray([0, 2])] = "x"
    assert np.asarray(got).tolist() == ["x", {"k": 1}, "x"]
    assert np.asarray(got[1:]).tolist() == [{"k": 1}, "x"]
    mixed = xt.asarray(MIXED, dtype=object)
    assert np.asarray(xt.where(xt.asarray([True, False, True]), mixed, 0)).tolist() == [1, 0, None]
    assert np.asarray(xt.concat([mixed, mixed])).tolist() == MIXED * 2


@given(st.lists(st.integers(-(2**80), 2**80), min_size=0, max_size=6))
def test_big_python_ints_add_exactly(values):
    got, want = xt.asarray(values, dtype=object), np.asarray(values, dtype=object)
    assert np.asarray(got + got).tolist() == (want + want).tolist()
    assert np.asarray(xt.cumulative_sum(got)).tolist() == np.cumsum(want).tolist()


def test_other_devices_refuse_object_arrays():
    got = xt.asarray(MIXED, dtype=object)
    with pytest.raises(TypeError, match="to_device: object arrays are supported on the CPU only"):
        got.to_device("meta")
    with pytest.raises(TypeError, match="empty: object arrays are supported on the CPU only"):
        xt.empty(2, dtype=object, device="meta")


def _same_objects(result, expected):
    """Same dtype and shape, and equal Python objects of the same types, element by element
    (NumPy's reductions of object arrays give the Python object; xtensor a 0-d array of it)."""
    got = np.asarray(result)
    want = expected if isinstance(expected, np.ndarray) else np.asarray(expected, dtype=object)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tolist() == want.tolist()
    kinds = [[float if isinstance(v, float) else type(v) for v in a.ravel()] for a in (got, want)]
    assert kinds[0] == kinds[1]  # a Fraction stays a Fraction (NumPy's mean of ints: a float64)


THIRDS = [Fraction(1, 3), Fraction(1, 6), Fraction(1, 2)]


def test_operators_take_any_python_object_as_the_functions_do():
    got, want = xt.asarray(THIRDS, dtype=object), np.asarray(THIRDS, dtype=object)
    half = Fraction(1, 2)
    _same_objects(got < half, want < half)
    _same_objects(got == half, want == half)
    _same_objects(got != half, want != half)
    _same_objects(got + half, want + half)
    _same_objects(half - got, half - want)  # Fraction's own - declines an Array
    _same_objects(got * 2, want * 2)
    words, nwords = xt.asarray(["a", "b"], dtype=object), np.asarray(["a", "b"], dtype=object)
    _same_objects(words + "x", nwords + "x")
    _same_objects("x" + words, "x" + nwords)
    _same_objects(got == None, want == None)  # noqa: E711 (elementwise, as NumPy)
    _same_objects(got == [half, half, half], want == [half, half, half])
    with pytest.raises(TypeError, match="add: "):
        got + None  # noqa: B018 (Fraction + None: Python's error, named)


def test_in_place_operators_on_objects():
    got, want = xt.asarray(THIRDS, dtype=object), np.asarray(THIRDS, dtype=object)
    alias = got
    got += Fraction(1, 2)
    want += Fraction(1, 2)
    assert alias is got
    _same_objects(got, want)


@pytest.mark.parametrize(
    "values", [THIRDS, [Decimal("1.1"), Decimal("2.2"), Decimal("3.3")], [1, 2**70, -3]]
)
def test_sums_products_and_running_sums_keep_the_python_numbers(values):
    got, want = xt.asarray(values, dtype=object), np.asarray(values, dtype=object)
    for result, expected in [
        (xt.sum(got), np.sum(want)),
        (got.sum(), want.sum()),
        (xt.prod(got), np.prod(want)),
        (xt.cumsum(got), np.cumsum(want)),
        (xt.cumprod(got), np.cumprod(want)),
        (xt.cumulative_sum(got), np.cumsum(want)),
        (xt.max(got), np.max(want)),
        (xt.mean(got), np.mean(want)),
        (got * 2, want * 2),
        (xt.sum(got.reshape(3, 1), axis=0), np.sum(want.reshape(3, 1), axis=0)),
    ]:
        _same_objects(result, expected)


def test_decimal_arithmetic_stays_decimal():
    values = [Decimal("0.1"), Decimal("0.2")]
    got, want = xt.asarray(values, dtype=object), np.asarray(values, dtype=object)
    _same_objects(got + Decimal("0.1"), want + Decimal("0.1"))
    _same_objects(xt.sum(got), np.sum(want))  # exactly 0.3, no float rounding
    assert np.asarray(xt.sum(got)).item() == Decimal("0.3")


def test_products_and_medians_that_numpy_gives_as_python_objects_are_0d_arrays():
    got, want = xt.asarray(THIRDS, dtype=object), np.asarray(THIRDS, dtype=object)
    for result, expected in [
        (xt.matmul(got, got), np.matmul(want, want)),
        (got @ got, want @ want),
        (xt.dot(got, got), np.dot(want, want)),
        (xt.median(got), np.median(want)),
    ]:
        _same_objects(result, expected)
    _same_objects(xt.matmul(got.reshape(1, 3), got), np.matmul(want.reshape(1, 3), want))


OPERANDS = {
    "fractions": ([Fraction(1, 3), Fraction(1, 2)], [Fraction(1, 5), 2]),
    "small ints": ([1, 2], [3, 4]),  # once read back as int64: the dtype must stay object
    "big ints": ([2**70, 3], [5, 2**65]),
}


@pytest.mark.parametrize("values", OPERANDS.values(), ids=list(OPERANDS))
@pytest.mark.parametrize(
    "call",
    [
        lambda m, a, b: m.convolve(a, b),
        lambda m, a, b: m.convolve(a, b, "same"),
        lambda m, a, b: m.correlate(a, b, "full"),
        lambda m, a, b: m.polymul(a, b),
        lambda m, a, b: m.polyadd(a, b),
        lambda m, a, b: m.polysub(a, [1]),
        lambda m, a, b: m.polyder(a),
        lambda m, a, b: m.polyint(a),
        lambda m, a, b: m.polyval(a, Fraction(1, 2)),
        lambda m, a, b: m.kron(a, b),
        lambda m, a, b: m.outer(a, b),
        lambda m, a, b: m.diff(a),
        lambda m, a, b: m.cross(m.concat([a, b[:1]]), m.concat([b, a[:1]])),
    ],
)
def test_numpys_routines_of_object_arrays_answer_object_arrays(call, values):
    a, b = values
    got = call(xt, xt.asarray(a, dtype=object), xt.asarray(b, dtype=object))
    np.concat = np.concatenate  # the standard's name, on the oracle's side
    want = call(np, np.asarray(a, dtype=object), np.asarray(b, dtype=object))
    _same_objects(got, want)


def test_spread_of_objects_is_numpys_float64():
    for values in ([1.0, 2.0, 4.0], [2**70, 3, 5]):
        got, want = xt.asarray(values, dtype=object), np.asarray(values, dtype=object)
        for func in ("std", "var"):
            result, expected = getattr(xt, func)(got), getattr(np, func)(want)
            assert result.dtype == expected.dtype == np.float64
            assert float(result) == float(expected)
        assert_same(xt.std(got, ddof=1), np.asarray(np.std(want, ddof=1)))
    thirds = xt.asarray(THIRDS, dtype=object)
    _same_objects(xt.var(thirds), np.var(np.asarray(THIRDS, dtype=object)))  # exact Fractions
    with pytest.raises(TypeError, match="std: .*Fraction"):  # NumPy's sqrt has no Fraction loop
        xt.std(thirds)

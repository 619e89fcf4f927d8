"""Bad input to elementwise functions raises the standard's exception type, with a message that
names the function and the operand."""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import assert_same
from xtensor._core.devices import Device
from xtensor._ops.elementwise import OPS
from xtensor._ops.spec import Category

_SAMPLE = {
    "bool": xt.asarray([True, False]),
    "int8": xt.asarray([1, 2], dtype=xt.int8),
    "float32": xt.asarray([1.0, 2.0], dtype=xt.float32),
    "complex64": xt.asarray([1j, 2.0], dtype=xt.complex64),
}


def _outside(op) -> list:
    """Sample dtypes the op's domain refuses (bool operands NumPy computes with are accepted:
    tests/test_bool_operands.py checks them)."""
    return [
        name
        for name, a in _SAMPLE.items()
        if a.dtype not in op.domain.dtypes and not (name == "bool" and op.numpy_bool)
    ]


@pytest.mark.parametrize(
    "op", [op for op in OPS if op.name != "clip" and _outside(op)], ids=lambda op: op.name
)
def test_wrong_dtype_category_names_function_and_operand(op):
    for dtype in _outside(op):
        bad = _SAMPLE[dtype]
        fine = next(a for a in _SAMPLE.values() if a.dtype in op.domain.dtypes)
        args = [fine] * op.nin
        args[-1] = bad
        operand = "x" if op.nin == 1 else f"x{op.nin}"
        with pytest.raises(TypeError, match=rf"^{op.name}: {operand} has dtype {dtype}"):
            getattr(xt, op.name)(*args)


def test_bitwise_on_floats_is_a_type_error():
    with pytest.raises(TypeError, match="bitwise_and: x1 has dtype float32.*integer or bool"):
        xt.bitwise_and(_SAMPLE["float32"], _SAMPLE["int8"])
    with pytest.raises(TypeError, match="bitwise_left_shift: .*float64.*integer"):
        xt.bitwise_left_shift(_SAMPLE["int8"], 1.5)
    with pytest.raises(TypeError, match="bitwise_xor"):
        _SAMPLE["float32"] ^ 1


@pytest.mark.parametrize("name", ["add", "less", "atan2", "logical_and"])
def test_incompatible_shapes_name_both_shapes(name):
    a, b = xt.zeros((3, 4)), xt.zeros((5,))
    together = r"operands could not be broadcast together with shapes \(3,4\) \(5,\)"
    with pytest.raises(ValueError, match=rf"{name}: {together}"):
        getattr(xt, name)(a, b)
    with pytest.raises(ValueError, match=r"\(3,4\) \(5,\)"):
        a + b


def test_clip_shape_mismatch():
    with pytest.raises(ValueError, match=r"clip: .*\(3,\).*\(2,\)"):
        xt.clip(xt.zeros(3), xt.zeros(2), None)


def test_unknown_keyword_and_wrong_arity():
    x = _SAMPLE["float32"]
    with pytest.raises(TypeError, match=r"add\(\) got an unexpected keyword argument 'foo'"):
        xt.add(x, x, foo=1)
    with pytest.raises(TypeError, match=r"add\(\) missing 1 required positional"):
        xt.add(x)
    with pytest.raises(TypeError, match=r"exp\(\) takes from 1 to 2 positional arguments"):
        xt.exp(x, x, x)  # exp(x, out) is NumPy's positional out=
    with pytest.raises(TypeError, match=r"clip\(\) got an unexpected keyword argument"):
        xt.clip(x, lo=1)
    with pytest.raises(TypeError, match=r"positional"):
        xt.add(x1=x, x2=x)


@pytest.mark.parametrize(
    "op, value, target",
    [
        ("__iadd__", 1.5, "int64"),
        ("__imul__", 1j, "float64"),
        ("__itruediv__", 2, "int32"),
        ("__ior__", 2, "bool"),
        ("__isub__", xt.asarray([1.0]), "int16"),
    ],
)
def test_inplace_casting_that_loses_information(op, value, target):
    x = xt.asarray([1, 2], dtype=getattr(xt, target))
    before = np.asarray(x).copy()
    with pytest.raises(
        TypeError,
        match=rf": cannot store a \w+ result in an output of "
        rf"dtype {target}",
    ):
        getattr(x, op)(value)
    np.testing.assert_array_equal(np.asarray(x), before)  # nothing was written


def test_inplace_broadcast_cannot_grow_the_target():
    x = xt.zeros((3,))
    with pytest.raises(ValueError, match=r"\(3,\).*\(2, 3\)|\(2, 3\).*\(3,\)"):
        x += xt.zeros((2, 3))


@pytest.mark.parametrize(
    "dtype, value",
    [("int8", 128), ("int8", -129), ("uint8", -1), ("uint16", 2**16), ("int64", 2**63)],
)
def test_python_int_out_of_range_is_overflow(dtype, value):
    x = xt.asarray([1], dtype=getattr(xt, dtype))
    with pytest.raises(
        OverflowError,
        match=rf"add: Python integer {value} is out of bounds "
        rf"for {dtype}",
    ):
        xt.add(x, value)
    with pytest.raises(OverflowError, match=rf"{value} is out of bounds"):
        value * x


def test_non_array_operand_is_a_type_error():
    with pytest.raises(TypeError, match="add: x2 must be an array or a Python scalar; got str"):
        xt.add(_SAMPLE["int8"], "1")


class _ElsewhereArray(xt.Array):
    """An array that claims to live on a CUDA device, to reach the device check on a CPU."""

    __slots__ = ()

    @property
    def device(self):
        return Device("cuda", 0)


class _DeviceBuffer(np.ndarray):
    """Backing data that is not host memory as far as dispatch can tell."""


def test_device_mismatch_is_a_value_error():
    other = object.__new__(_ElsewhereArray)
    other._data = np.zeros(2).view(_DeviceBuffer)
    with pytest.raises(
        ValueError,
        match=r"add: operands are on different devices "
        r"\(cpu, cuda:0\)",
    ):
        xt.add(xt.zeros(2), other)


def test_clip_reads_array_likes_as_numpy_and_names_what_it_cannot():
    assert_same(xt.clip([1, 5], 0, 3), np.clip([1, 5], 0, 3))
    assert_same(xt.clip(5, 0, 3), np.asarray(np.clip(5, 0, 3)))
    with pytest.raises(TypeError, match="clip: x must be an array; got list"):
        xt.clip([1, None], 0, 1)
    # a complex bound orders as NumPy's does (lexicographically), where it used to raise
    x, low = _SAMPLE["float32"], _SAMPLE["complex64"]
    assert_same(xt.clip(x, low, None), np.clip(np.asarray(x), np.asarray(low), None))
    with pytest.raises(TypeError, match="clip: min has dtype"):
        xt.clip(x, xt.asarray(["a", "b"]), None)


def test_categories_cover_the_standard():
    # The domains the table uses are exactly the standard's categories for these functions.
    assert {op.domain for op in OPS} <= set(Category)
    assert Category.INTEGER_OR_BOOL.dtypes == {d for d in _dtypes_all() if d.kind in "biu"}


def _dtypes_all():
    from xtensor._core.dtypes import ALL

    return ALL


def test_numpy_value_errors_name_the_function_on_both_paths():
    base = xt.asarray([2, 3])
    for _ in range(2):  # the first call plans, the second takes the small-call fast path
        with pytest.raises(ValueError, match="pow: Integers to negative integer powers"):
            xt.pow(base, xt.asarray([-1, 1]))


def test_fixups_run_on_the_fast_path_too():
    x1 = xt.asarray([np.inf, -1.0])
    x2 = xt.asarray([2.0, np.inf])
    first = np.asarray(xt.floor_divide(x1, x2))
    again = np.asarray(xt.floor_divide(x1, x2))  # cached signature: fast path
    for got in (first, again):
        assert got[0] == np.inf and got[1] == 0 and np.signbit(got[1])

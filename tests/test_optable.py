"""Completeness of the op table, against lists written here independently of it.

The standard's records must equal the standard's names exactly; NumPy-only records
(`since="numpy"`) are checked against NumPy itself and against a list written here.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import xtensor as xt
from xtensor._core.dtypes import Promotion
from xtensor._ops import cuda
from xtensor._ops.elementwise import BY_NAME, OPS
from xtensor._ops.loops import ldexp_loop
from xtensor._ops.spec import NUMPY, Category

from .test_numpy_names import INJECTED

# The 67 elementwise functions of the Array API standard 2025.12, typed from its index.
STANDARD_ELEMENTWISE = """
    abs acos acosh add asin asinh atan atan2 atanh bitwise_and bitwise_left_shift
    bitwise_invert bitwise_or bitwise_right_shift bitwise_xor ceil clip conj copysign cos cosh
    divide equal exp expm1 floor floor_divide greater greater_equal hypot imag isfinite isinf
    isnan less less_equal log log1p log2 log10 logaddexp logical_and logical_not logical_or
    logical_xor maximum minimum multiply negative nextafter not_equal positive pow real
    reciprocal remainder round sign signbit sin sinh square sqrt subtract tan tanh trunc
""".split()  # noqa: SIM905 - laid out like the spec's index

# NumPy 2.4's ufuncs that the standard lacks and that xtensor's op table carries (NumPy's
# aliases of the same ufunc, degrees and radians, are `numpy_aliases`).
NUMPY_ONLY = """
    bitwise_count cbrt deg2rad divmod exp2 fabs float_power fmax fmin fmod frexp gcd heaviside
    lcm ldexp logaddexp2 modf rad2deg rint spacing
""".split()  # noqa: SIM905

# Operator methods the standard's array object lists (array_object.py), minus __matmul__,
# which belongs to linear algebra; reflected and in-place forms for the binary ones.
UNARY_DUNDERS = ("__abs__", "__invert__", "__neg__", "__pos__")
BINARY_DUNDERS = (
    "__add__",
    "__and__",
    "__floordiv__",
    "__lshift__",
    "__mod__",
    "__mul__",
    "__or__",
    "__pow__",
    "__rshift__",
    "__sub__",
    "__truediv__",
    "__xor__",
)
COMPARISON_DUNDERS = ("__eq__", "__ge__", "__gt__", "__le__", "__lt__", "__ne__")

_CUDA_STRINGS = [v for k, v in vars(cuda).items() if k.isupper() and isinstance(v, str) and v]


def test_standard_list_is_complete():
    assert len(STANDARD_ELEMENTWISE) == len(set(STANDARD_ELEMENTWISE)) == 67


def test_table_names_equal_the_standard():
    names = [op.name for op in OPS]
    assert len(names) == len(set(names)), "one record per op"
    assert {op.name for op in OPS if op.standard} == set(STANDARD_ELEMENTWISE)
    assert all(op.since == NUMPY for op in OPS if not op.standard)


def test_numpy_only_records_are_numpy_ufuncs():
    numpy_only = [op for op in OPS if not op.standard]
    assert sorted(op.name for op in numpy_only) == sorted(NUMPY_ONLY)
    assert not set(NUMPY_ONLY) & set(STANDARD_ELEMENTWISE)
    for op in numpy_only:
        ufunc = getattr(np, op.name)
        # ldexp's CPU loop wraps np.ldexp (the exponent clamped to int32, see loops.py)
        assert isinstance(ufunc, np.ufunc) and op.ufunc in (ufunc, ldexp_loop), op.name
        assert (ufunc.nin, ufunc.nout) == (op.nin, op.nout), op.name
        for alias in op.numpy_aliases:
            other = getattr(np, alias)
            assert isinstance(other, np.ufunc) and other.types == ufunc.types, alias


# NumPy ufuncs xtensor does not have as elementwise records, and why.
NUMPY_UFUNCS_LEFT_OUT = {
    "isnat": "datetime dtypes only",
    "matvec": "a generalized ufunc (linear algebra), not elementwise",
    "vecmat": "a generalized ufunc (linear algebra), not elementwise",
}


def test_every_numpy_ufunc_is_here_or_left_out_for_a_reason():
    ufuncs = [n for n in dir(np) if isinstance(getattr(np, n), np.ufunc) and n not in INJECTED]
    assert len(ufuncs) > 90  # the scan found NumPy's ufuncs
    missing = [n for n in ufuncs if not hasattr(xt, n) and n not in NUMPY_UFUNCS_LEFT_OUT]
    assert missing == []


def test_standard_records_carry_a_standard_version():
    for op in OPS:
        if op.standard:
            assert op.since in ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12"), op.name


def test_every_name_is_public_with_metadata():
    for name in STANDARD_ELEMENTWISE + NUMPY_ONLY:
        func = getattr(xt, name)
        assert func.__name__ == name, name
        assert func.__module__ == "xtensor", name
        assert name in xt.__all__
        params = inspect.signature(func).parameters.values()
        if name != "clip":
            kinds = [p.kind for p in params][: BY_NAME[name].nin]
            assert kinds == [inspect.Parameter.POSITIONAL_ONLY] * BY_NAME[name].nin, name
            assert func.__doc__ and BY_NAME[name].summary in func.__doc__


def test_every_record_is_well_formed():
    for op in OPS:
        assert callable(op.ufunc), op.name
        assert isinstance(op.domain, Category) and isinstance(op.promotion, Promotion)
        assert op.nin in (1, 2, 3) and op.summary.endswith("."), op.name
        if op.fixup is not None:
            assert op.fixup.__doc__ and "spec" in op.fixup.__doc__.lower(), op.name
        if isinstance(op.ufunc, np.ufunc) and op.name != "clip":
            assert op.ufunc.nin == op.nin, op.name
        for alias in op.numpy_aliases:
            assert getattr(xt, alias) is getattr(xt, op.name), alias


@pytest.mark.skipif(not _CUDA_STRINGS, reason="xtensor/_ops/cuda.py has no CUDA strings yet")
def test_every_record_has_cuda_code():
    missing = [op.name for op in OPS if not (isinstance(op.cuda, str) and op.cuda.strip())]
    assert not missing, f"records without a CUDA string: {missing}"


def test_every_standard_dunder_is_mapped():
    mapped = {d for op in OPS for d in op.dunders}
    for dunder in UNARY_DUNDERS + BINARY_DUNDERS + COMPARISON_DUNDERS:
        assert dunder in mapped, dunder
        assert callable(getattr(xt.Array, dunder, None)), dunder
    for dunder in BINARY_DUNDERS:
        for variant in (f"__r{dunder[2:]}", f"__i{dunder[2:]}"):
            assert variant in mapped and callable(getattr(xt.Array, variant)), variant


def test_dunders_call_their_op():
    x = xt.asarray([6, 3], dtype=xt.int32)
    for op in OPS:
        for dunder in op.dunders:
            if dunder.startswith("__i") and dunder != "__invert__":
                continue
            if op.domain is Category.REAL_FLOATING:
                continue
            args = () if op.nin == 1 else (xt.asarray([2, 1], dtype=xt.int32),)
            got = getattr(x, dunder)(*args)
            if dunder.startswith("__r") and dunder != "__rshift__":
                want = getattr(xt, op.name)(*args, x)
            else:
                want = getattr(xt, op.name)(x, *args)
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want), err_msg=dunder)

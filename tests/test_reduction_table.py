"""The reduction table (`xtensor/_ops/reductions.py`) against independent facts.

The names below are written out from the standard's statistical, searching and utility
chapters, not taken from the table, so a missing or extra record fails. Identities and result
dtypes are checked against NumPy itself.
"""

import math
import warnings

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import ALL_DTYPES
from xtensor._jit.reduction import KINDS
from xtensor._ops import elementwise
from xtensor._ops.reductions import BY_FOLD, BY_NAME, REDUCTIONS, Accumulator

STANDARD = {  # name -> chapter of the Array API standard
    "sum": "statistical",
    "prod": "statistical",
    "max": "statistical",
    "min": "statistical",
    "mean": "statistical",
    "var": "statistical",
    "std": "statistical",
    "cumulative_sum": "statistical",
    "cumulative_prod": "statistical",
    "argmax": "searching",
    "argmin": "searching",
    "count_nonzero": "searching",
    "any": "utility",
    "all": "utility",
}
SPLITTABLE = {"sum", "prod", "max", "min", "any", "all"}
NO_IDENTITY = {"max", "min", "argmax", "argmin"}
SPECS = [pytest.param(spec, id=spec.name) for spec in REDUCTIONS]


def test_every_standard_reduction_has_one_record():
    assert set(BY_NAME) == set(STANDARD)
    assert len(REDUCTIONS) == len(BY_NAME)


@pytest.mark.parametrize("spec", SPECS)
def test_names_are_public_functions(spec):
    fn = getattr(xt, spec.name)
    assert callable(fn) and fn.__name__ == spec.name and spec.name in xt.__all__
    for alias in spec.numpy_aliases:
        assert callable(getattr(xt, alias))
    assert callable(getattr(np, spec.loop))  # the array module's whole-array function


@pytest.mark.parametrize("spec", SPECS)
def test_fields_agree(spec):
    assert spec.summary.endswith(".")
    assert spec.splittable == (spec.name in SPLITTABLE)
    assert (spec.identity is None) == (spec.name in NO_IDENTITY)
    assert spec.arg == spec.name.startswith("arg")
    if spec.fold is not None:
        assert spec.fold in elementwise.BY_NAME  # an elementwise record
    if spec.splittable:
        assert BY_FOLD[spec.fold] is spec
    if not spec.is_scan and not spec.nonzero:
        assert spec.name in KINDS  # the device has a kernel template for it


@pytest.mark.parametrize("spec", [s for s in SPECS if s.values[0].fold is not None])
def test_identities_are_numpy_ufunc_identities(spec):
    ufunc = getattr(np, spec.fold)
    assert spec.identity == ufunc.identity and type(spec.identity) is type(ufunc.identity)


@pytest.mark.parametrize("spec", [s for s in SPECS if not s.values[0].is_scan])
def test_empty_reductions_give_the_identity_or_raise(spec):
    fn, empty = getattr(xt, spec.name), xt.empty((0, 2))
    if spec.identity is None:
        with pytest.raises(ValueError, match=f"{spec.name}: cannot take the"):
            fn(empty, axis=0)
        return
    got = np.asarray(fn(empty, axis=0))
    if isinstance(spec.identity, float) and math.isnan(spec.identity):
        assert np.isnan(got).all()
    else:
        assert (got == spec.identity).all()


@pytest.mark.parametrize("spec", [s for s in SPECS if s.values[0].is_scan])
def test_scans_start_from_the_identity(spec):
    got = getattr(xt, spec.name)(xt.asarray([2, 3]), include_initial=True)
    assert int(np.asarray(got)[0]) == spec.identity


def _numpy_result(spec, a):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.asarray(getattr(np, spec.name)(a, axis=0)).dtype


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("spec", SPECS)
def test_accumulator_rules_give_numpy_result_dtypes(spec, dtype):
    a = np.ones((2, 3), dtype)
    want = spec.result_dtype(getattr(xt, dtype))
    assert want.numpy == _numpy_result(spec, a)
    assert getattr(xt, spec.name)(xt.asarray(a), axis=0).dtype == want


def test_accumulator_rules_by_example():
    assert Accumulator.SUM_INT.result(xt.uint8) == xt.uint64
    assert Accumulator.SUM_INT.result(xt.bool) == xt.int64
    assert Accumulator.FLOAT.result(xt.int8) == xt.float64
    assert Accumulator.FLOAT.result(xt.complex64) == xt.complex64
    assert Accumulator.REAL_FLOAT.result(xt.complex64) == xt.float32
    assert Accumulator.INDEX.result(xt.float32) == xt.int64
    assert Accumulator.BOOL.result(xt.complex128) == xt.bool


def test_fold_identities_agree_with_the_op_table():
    """A reduction folding an elementwise op starts from that op's identity (OpSpec.identity)."""
    from xtensor._ops.elementwise import BY_NAME as OPS_BY_NAME
    from xtensor._ops.reductions import REDUCTIONS

    checked = 0
    for spec in REDUCTIONS:
        op = OPS_BY_NAME.get(spec.fold) if spec.fold else None
        if op is not None and op.identity is not None:
            assert spec.identity == op.identity, (spec.name, spec.identity, op.identity)
            checked += 1
    assert checked >= 2  # at least sum/add and prod/multiply

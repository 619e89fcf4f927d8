"""NumPy's RuntimeWarnings for empty statistics and invalid float-to-integer casts, and NumPy's
lexicographic order of complex numbers (comparisons, maximum/minimum, fmax/fmin, clip), with
NumPy as the oracle; the CUDA strings' complex overloads run in the host simulator."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import xtensor as xt
from tests.test_jit_hostsim import contiguous_plan
from xtensor._dispatch import PLANS
from xtensor._jit import hostsim
from xtensor._jit.ctype_names import ctype_of
from xtensor._jit.descriptor import KernelDescriptor, Variant
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._ops import cuda


def _run(fn):
    """(result or exception class, [(category, message)...]) with every warning recorded."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn()
        except Exception as e:  # the class is what both libraries must agree on
            result = type(e)
    return result, [(w.category, str(w.message)) for w in caught]


def _same(got, want):
    if isinstance(want, type):
        assert got is want
        return
    got = np.asarray(got._data if isinstance(got, xt.Array) else got)
    want = np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def _compare(call, *arrays, nan=False):
    """call(module, *operands) under xtensor and NumPy: values, dtype, shape and warnings;
    `nan`: the values are NaN, which the standard requires where NumPy's may be inf."""
    want, want_warnings = _run(lambda: call(np, *arrays))
    if nan and not isinstance(want, type):
        want = np.full_like(want, np.nan)
    for _ in range(2):  # the second call may replay a plan recorded by the first
        got, got_warnings = _run(lambda: call(xt, *(xt.asarray(a) for a in arrays)))
        _same(got, want)
        assert got_warnings == want_warnings


# --- mean, var, std of empty or too-short slices --------------------------------------------

STAT_CASES = [
    ((0,), "float64", {}),
    ((0,), "int32", {}),
    ((0,), "float32", {}),
    ((0, 3), "float64", {"axis": 0}),
    ((0, 3), "float64", {"axis": 1}),  # an empty result: NumPy warns nothing
    ((0, 3), "float64", {"axis": (0, 1), "keepdims": True}),
    ((2, 0), "float64", {"axis": 1}),
    ((0,), "complex128", {}),
    ((3,), "float64", {}),  # nothing to warn about
]


@pytest.mark.parametrize("shape, dtype, options", STAT_CASES)
@pytest.mark.parametrize("name", ["mean", "var", "std"])
def test_empty_statistics_warn_as_numpy(name, shape, dtype, options):
    a = np.arange(math.prod(shape)).reshape(shape).astype(dtype)
    _compare(lambda m, x: getattr(m, name)(x, **options), a)


@pytest.mark.parametrize(
    "data, options",
    [
        ([1.0], {"ddof": 1}),
        ([1.0, 3.0], {"ddof": 2}),  # a nonzero sum over no degrees of freedom: NumPy's inf
        ([1.0, 3.0], {"ddof": 5}),
        ([1.0, 3.0], {"ddof": 1}),  # enough degrees of freedom: no warning
        ([1.0, 3.0], {"ddof": 1.5}),
        ([[1.0, 2.0, 3.0]], {"axis": 0, "ddof": 1}),
        ([[1.0, 2.0], [1.0, 5.0]], {"axis": 1, "ddof": 2}),  # 0/0 and x/0 in one call
    ],
)
@pytest.mark.parametrize("name", ["var", "std"])
def test_degrees_of_freedom_warn_as_numpy(name, data, options):
    """NumPy's warnings; the standard's NaN where no degree of freedom is left."""
    a = np.array(data)
    count = a.size if "axis" not in options else a.shape[options["axis"]]
    nan = count - options["ddof"] <= 0
    _compare(lambda m, x: getattr(m, name)(x, **options), a, nan=nan)


def test_methods_and_average_warn_as_numpy():
    empty = np.zeros((0, 2))
    _compare(lambda m, x: x.mean(), empty)
    _compare(lambda m, x: x.std(axis=0), empty)
    _compare(lambda m, x: x.var(ddof=1), np.array([2.0]))
    _compare(lambda m, x: m.average(x, axis=0), empty)


def test_empty_statistics_follow_errstate_and_filters():
    x = xt.asarray(np.array([]))
    with np.errstate(invalid="ignore"):  # only the division's warning goes
        assert _run(lambda: xt.mean(x))[1] == _run(lambda: np.mean(np.array([])))[1]
    with np.errstate(invalid="raise"):
        assert _run(lambda: xt.mean(x))[0] is FloatingPointError
        assert _run(lambda: np.mean(np.array([])))[0] is FloatingPointError
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(RuntimeWarning, match="Degrees of freedom <= 0 for slice"):
            xt.var(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert math.isnan(float(xt.std(x)))


# --- float to integer casts -----------------------------------------------------------------

INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


@pytest.mark.parametrize("target", INTEGERS)
@pytest.mark.parametrize("source", ["float32", "float64"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 1e20, 2.5])
def test_invalid_casts_warn_as_numpy(source, target, value):
    a = np.array([value, 1.0], dtype=source)
    PLANS.clear()  # the Python method decides; see Note [Casts NumPy warns about]
    want = _run(lambda: a.astype(target))
    got = _run(lambda: xt.asarray(a).astype(target))
    _same(got[0], want[0])
    assert got[1] == want[1]


def test_invalid_casts_follow_errstate():
    a = np.array([np.nan, 1e20])
    for spelling in (np.int32, "i8", xt.int16):
        PLANS.clear()
        with np.errstate(invalid="raise"), pytest.raises(FloatingPointError):
            xt.asarray(a).astype(spelling)
        with np.errstate(invalid="ignore"):
            assert _run(lambda s=spelling: xt.asarray(a).astype(s))[1] == []


# --- complex order ----------------------------------------------------------------------------

_PARTS = [0.0, -0.0, 1.0, -1.5, 3.0, math.inf, -math.inf, math.nan]
_Z = np.array([complex(a, b) for a in _PARTS for b in _PARTS])
_PAIRS = [z.ravel() for z in np.meshgrid(_Z, _Z, indexing="ij")]


def _same_complex(got, want):
    got = np.asarray(got._data if isinstance(got, xt.Array) else got)
    assert got.dtype == want.dtype and got.shape == want.shape
    # bit for bit: which operand won shows in the signs of zeros and NaN parts
    if want.dtype.kind == "c":
        for part in ("real", "imag"):
            g, w = getattr(got, part), getattr(want, part)
            np.testing.assert_array_equal(np.signbit(g) | np.isnan(g), np.signbit(w) | np.isnan(w))
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize(
    "name", ["greater", "greater_equal", "less", "less_equal", "maximum", "minimum", "fmax", "fmin"]
)
def test_complex_order_matches_numpy(name, dtype):
    a, b = (p.astype(dtype) for p in _PAIRS)
    want, want_warnings = _run(lambda: getattr(np, name)(a, b))
    got, got_warnings = _run(lambda: getattr(xt, name)(xt.asarray(a), xt.asarray(b)))
    _same_complex(got, want)
    assert got_warnings == want_warnings


def test_complex_operators_and_mixed_operands():
    z = np.array([1 + 1j, 2 + 0j])
    _compare(lambda m, x: x * m.conj(x) > 2, z)
    _compare(lambda m, x: x <= 1 + 1j, z)
    _compare(lambda m, x: x >= m.asarray([1.0, 3.0]), z)
    _compare(lambda m, x: m.maximum(x, 1.5), z)
    _compare(lambda m, x: m.minimum(m.asarray([1, 2], dtype=m.int32), x), z)


def test_complex_clip_matches_numpy():
    x = _Z[::3].astype(np.complex128)
    for low, high in [(1 + 1.5j, 2), (None, 1j), (-1j, None), (complex(1, math.nan), 3)]:
        want = np.clip(x, low, high)
        _same_complex(xt.clip(xt.asarray(x), low, high), want)
    grid = [g.ravel() for g in np.meshgrid(_Z[::4], _Z[::4], _Z[::4], indexing="ij")]
    _same_complex(xt.clip(*(xt.asarray(g) for g in grid)), np.clip(*grid))


# --- the CUDA strings' complex overloads, run by the host simulator ---------------------------


def test_cuda_complex_order_in_the_host_simulator():
    if not hostsim.have_compiler():
        pytest.skip("no C++ compiler")

    cases = []
    for name, nin, kind in [
        ("greater", 2, "bool"),
        ("greater_equal", 2, "bool"),
        ("less", 2, "bool"),
        ("less_equal", 2, "bool"),
        ("maximum", 2, "same"),
        ("minimum", 2, "same"),
        ("clip", 3, "same"),
    ]:
        for dtype in ("complex64", "complex128"):
            ctype = ctype_of(dtype)
            result = ctype_of("bool" if kind == "bool" else dtype)
            desc = KernelDescriptor(
                name, cuda.BY_NAME[name], nin, 1, (ctype,) * nin, ctype, (result,)
            )
            cases.append((name, nin, dtype, desc))
    modules = hostsim.build_modules([[elementwise_entry(c[3], Variant()) for c in cases]])
    for name, nin, dtype, desc in cases:
        if nin == 2:
            ins = [p.astype(dtype) for p in _PAIRS]
        else:
            ins = [g.ravel().astype(dtype) for g in np.meshgrid(_Z[::3], _Z[::3], _Z[::3])]
        with np.errstate(invalid="ignore"):
            want = getattr(np, name)(*ins)
        got = np.empty(want.shape, want.dtype)
        modules[0].launch(desc, Variant(), contiguous_plan(got, ins, dtype))
        _same_complex(got, want)

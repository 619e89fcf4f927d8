"""Bool operands where the standard leaves them unspecified (issues #9 and #15): xtensor follows
NumPy 2 (`b + b` is bool, `b + 1` int64, `b % b` int8, `b - b` a TypeError, `sqrt(b)`
float16); and `x == None`, `x != "a"` compare elementwise as NumPy does.

NumPy is the oracle: every op whose record sets `numpy_bool`, plus the ops that keep bool out,
on bool arrays beside bool, int and float arrays and Python scalars."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import RTOL, arrays, assert_same, shapes
from xtensor._backends.cuda import CUDABackend
from xtensor._dispatch.elementwise import ElementwiseOp
from xtensor._jit import codegen
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import launch_pieces
from xtensor._ops.elementwise import BY_NAME, OPS

BOOL_OPS = sorted(op.name for op in OPS if op.numpy_bool)
# Ops whose domain keeps bool out, as NumPy does (`-b`).
REFUSED = ["negative", "positive", "sign"]
_NUMPY_NAMES = {"real": np.real, "imag": np.imag, "round": np.round}


def _numpy(name, args):
    """NumPy's answer for op `name`."""
    f = _NUMPY_NAMES.get(name, BY_NAME[name].ufunc)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args)


def _tuple(r):
    return r if isinstance(r, tuple) else (r,)


def _xtensor(name, args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return getattr(xt, name)(*[xt.asarray(a) if isinstance(a, np.ndarray) else a for a in args])


def _compare(name, args):
    """xtensor equals NumPy, or raises the same built-in exception class where NumPy raises."""
    try:
        want = _numpy(name, args)
    except (TypeError, ValueError) as e:
        cls = TypeError if isinstance(e, TypeError) else ValueError
        with pytest.raises(cls):
            _xtensor(name, args)
        return
    got = _xtensor(name, args)
    for g, w in zip(_tuple(got), _tuple(want), strict=True):
        assert_same(g, w, err_msg=f"{name}{tuple(np.asarray(a).dtype for a in args)}")


_I8 = np.array([0, 1, 2, 3], np.int8)
_F4 = np.array([0.5, -1.0, 2.0, 0.0], np.float32)
_B = np.array([True, False, True, False])
# (x1, x2) pairs of a binary op: bool with bool, Python scalars, int8 and float32 arrays.
_PAIRS = {
    "bool,bool": (_B, _B[::-1]),
    "bool,True": (_B, True),
    "False,bool": (False, _B),
    "bool,int": (_B, 3),
    "int,bool": (2, _B),
    "bool,float": (_B, 1.5),
    "bool,int8": (_B, _I8),
    "int8,True": (_I8, True),
    "bool,float32": (_B, _F4),
}


@pytest.mark.parametrize("pair", sorted(_PAIRS))
@pytest.mark.parametrize("name", [n for n in BOOL_OPS if BY_NAME[n].nin == 2])
def test_binary_bool_operands_match_numpy(name, pair):
    _compare(name, _PAIRS[pair])


def test_nextafter_takes_bool_like_integers_as_numpy_does():
    _compare("nextafter", [_B, _B])


@pytest.mark.parametrize("name", [n for n in BOOL_OPS if BY_NAME[n].nin == 1] + REFUSED)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_unary_bool_operand_matches_numpy(name, data):
    """0-d, empty and non-contiguous bool arrays included (`arrays` draws views)."""
    _compare(name, [data.draw(arrays("bool", data.draw(shapes())))])


@pytest.mark.parametrize("name", ["add", "multiply", "remainder", "divide", "subtract", "gcd"])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_binary_bool_arrays_broadcast_like_numpy(name, data):
    shape = data.draw(shapes())
    x1 = data.draw(arrays("bool", shape))
    x2 = data.draw(arrays(data.draw(st.sampled_from(["bool", "uint8", "int16"])), shape[1:]))
    _compare(name, [x1, x2])


def test_operators_follow_numpy():
    b, n = xt.asarray([True, False]), np.array([True, False])
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for got, want in [
            (b + b, n + n),
            (b * b, n * n),
            (b + 1, n + 1),
            (2 * b, 2 * n),
            (b / b, n / n),
            (b // b, n // n),
            (b**b, n**n),
            (b % b, n % n),
            (b << b, n << n),
            (abs(b), abs(n)),
            (b - 1, n - 1),
            (1.5 - b, 1.5 - n),
        ]:
            assert_same(got, want)
    for bad in (lambda x: x - x, lambda x: -x, lambda x: +x, lambda x: x - True):
        with pytest.raises(TypeError):
            bad(n)
        with pytest.raises(TypeError):
            bad(b)


def test_inplace_bool_operands_follow_numpy():
    x, n = xt.asarray([1, 2], dtype=xt.int8), np.array([1, 2], np.int8)
    x += xt.asarray([True, False])
    n += np.array([True, False])
    assert_same(x, n)
    b, nb = xt.asarray([True, False]), np.array([True, False])
    b *= xt.asarray([False, False])
    nb *= np.array([False, False])
    assert_same(b, nb)
    with pytest.raises(TypeError):  # int64 result into a bool array: same_kind refuses
        b += 1


def test_float_math_of_bool_is_float16_as_in_numpy():
    got = xt.sqrt(xt.asarray([True, False]))
    assert got.dtype == xt.float16
    assert_same(got, np.sqrt(np.array([True, False])))
    assert_same(xt.round(xt.asarray(True)), np.round(np.asarray(True)))


def test_bool_subtract_error_names_function():
    with pytest.raises(TypeError, match="^subtract: the operands promote to bool"):
        xt.subtract(xt.asarray([True]), True)


# --- x == None, x != "a" --------------------------------------------------------------------


@pytest.mark.parametrize("other", [None, "a", b"a", object()], ids=["None", "str", "bytes", "obj"])
@pytest.mark.parametrize("values", [[1.5, 2.0], [], 3, [[True], [False]]], ids=repr)
def test_equality_with_non_array_is_elementwise(other, values):
    x, n = xt.asarray(values), np.asarray(values)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_same(x == other, n == other)
        assert_same(x != other, n != other)
        assert_same(other == x, other == n)


def test_equality_with_list_is_elementwise():
    x, n = xt.asarray([1, 2, 3]), np.array([1, 2, 3])
    assert_same(x == [1, 0, 3], n == [1, 0, 3])
    assert_same(x != (1, 0, 3), n != (1, 0, 3))
    with pytest.raises(ValueError):
        x == [1, 2]  # noqa: B015 - the comparison is the test


def test_equality_defers_to_operands_that_opt_out_of_ufuncs():
    class OptOut:
        __array_ufunc__ = None

        def __eq__(self, other):
            return "mine"

    x = xt.asarray([1, 2])
    assert (x == OptOut()) == "mine"
    assert (np.array([1, 2]) == OptOut()) == "mine"


# --- the CUDA kernels of bool operands, run on the host (g++ and the kernel simulator) --------

_KERNEL_CASES = {name: [_B] * BY_NAME[name].nin for name in BOOL_OPS} | {
    "subtract": [_B, _I8],
    "gcd": [_B, _I8],
    "lcm": [_B, _I8],
}


@pytest.fixture(scope="module")
def kernels():
    plans = {}
    for name, data in _KERNEL_CASES.items():
        launched, iters = [], []
        backend = CUDABackend(launcher=lambda d, p, launched=launched: launched.append((d, p)))
        run = backend.elementwise
        backend.elementwise = lambda op, it, run=run, iters=iters: (iters.append(it), run(op, it))
        with np.errstate(all="ignore"):
            ElementwiseOp(BY_NAME[name]).run(list(data), list(data), backend=backend)
        ((desc, plan),) = launched
        plans[name] = (iters[0], desc, launch_pieces(desc, plan))
    entries = {}
    for _, desc, pieces in plans.values():
        for variant, _ in pieces:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
    groups = [list(entries.values())[i::2] for i in range(2)]
    return plans, build_modules([g for g in groups if g])


@pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")
@pytest.mark.parametrize("name", sorted(_KERNEL_CASES))
def test_cuda_kernels_compute_bool_operands_like_numpy(kernels, name):
    plans, modules = kernels
    it, desc, pieces = plans[name]
    for variant, piece in pieces:
        kernel = codegen.kernel_name(desc, variant)
        next(m for m in modules if kernel in m.names).launch(desc, variant, piece)
    want = _numpy(name, _KERNEL_CASES[name])
    for got, w in zip(it.outputs, _tuple(want), strict=True):
        w = np.asarray(w)
        assert got.dtype == w.dtype, name
        rtol = RTOL.get(w.dtype.name, 0)
        np.testing.assert_allclose(got, w, rtol=rtol, equal_nan=True, err_msg=name)

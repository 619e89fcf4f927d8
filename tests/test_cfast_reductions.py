"""The compiled reductions with no arguments (`x.sum()`, `x.max()`, `x.argmax()`...: the
reduce0 twins of _cfast_paths.c) against their Python methods and NumPy; the harness is
test_cfast.py's."""

from __future__ import annotations

import functools
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import (
    DTYPES,
    REDUCTIONS,
    SETTINGS,
    arrays,
    assert_same,
    outcome,
    python_frames,
    python_of,
)
from xtensor._backends import cpu_grain
from xtensor._dispatch import PLANS
from xtensor._dispatch.compiled import is_compiled
from xtensor._dispatch.reduction import run_small, small_key
from xtensor._iter.reduce import GRAIN_SIZE as REDUCTION_GRAIN


@SETTINGS
@given(x=st.sampled_from(["int8", "int64", "float32", "float64", "bool"]).flatmap(arrays))
def test_sum_matches_python_and_numpy(x):
    # (a direct sum's 0-d answer owns its buffer: Note [Direct sums] in _cfast_direct.c)
    result = assert_same(xt.Array.sum, x, owner=False)
    assert result[0] is np.ndarray and result[2] == ()
    np.testing.assert_allclose(xt.Array.sum(x)._data, np.sum(x._data), rtol=1e-6)


def test_sum_of_each_dtype_matches_python():
    for dtype in DTYPES:
        for shape in [(), (0,), (5,), (2, 3)]:
            x = xt.asarray(np.ones(shape, dtype))
            assert_same(xt.Array.sum, x)
            assert_same(xt.Array.sum, xt.asarray(np.ones((3, 4), dtype)[:, ::2]))


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_methods_of_each_dtype_match_python(name):
    """`x.max()` and the rest with no arguments: the same answer, dtype and error (an empty
    max, say) as the Python method, on every layout. `x.argmax()` is NumPy's argfunc in C, a
    fresh 0-d array where the Python plan reshapes a buffer: only its ownership differs."""
    nan, method, owner = float("nan"), getattr(xt.Array, name), not name.startswith("arg")
    for dtype in [*DTYPES, "float16", "uint64", "complex64"]:
        for shape in [(), (0,), (5,), (2, 3)]:
            values = np.arange(int(np.prod(shape)), dtype="float64").reshape(shape) % 3 - 1
            assert_same(method, xt.asarray(values.astype(dtype)), owner=owner)
        strided = (np.arange(12.0).reshape(3, 4) % 5).astype(dtype)[:, ::2]
        assert_same(method, xt.asarray(strided), owner=owner)
        if np.dtype(dtype).kind in "fc":
            assert_same(method, xt.asarray(np.array([1, nan, 3, nan], dtype)), owner=owner)


def agree(method, call, x, owner=True):
    """`call(method, x)` through the installed method and through its Python function give the
    same outcome (after a warming call); `owner=False` as in test_cfast.assert_same."""
    py = python_of(method)
    outcome(lambda a: call(py, a), x)
    for _ in range(2):
        fast, slow = outcome(lambda a: call(method, a), x), outcome(lambda a: call(py, a), x)
        if not owner and fast[0] is np.ndarray:
            fast, slow = (*fast[:4], fast[4][:3], *fast[5:]), (*slow[:4], slow[4][:3], *slow[5:])
        assert fast == slow, (method, x.dtype)


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_methods_with_an_axis_match_python(name):
    """`x.max(axis=1)`, `x.max(1)`: the C twin replays the plan of an int axis (positional or
    keyword) and hands any other argument, or an out-of-range axis, to the Python method."""
    method, owner = getattr(xt.Array, name), not name.startswith("arg")
    for dtype in ["float64", "int32", "bool", "complex128"]:
        x = xt.asarray((np.arange(24.0).reshape(2, 3, 4) % 5).astype(dtype))
        for axis in (0, 1, -1, 2, 3, -4, None):
            agree(method, lambda m, a, ax=axis: m(a, ax), x, owner)
            agree(method, lambda m, a, ax=axis: m(a, axis=ax), x, owner)
        agree(method, lambda m, a: m(a, axis=1.0), x)
        agree(method, lambda m, a: m(a, keepdims=True), x, owner)
        for axis in (0, -1, None):  # keepdims the C binds: the plan recorded with it
            agree(method, lambda m, a, ax=axis: m(a, axis=ax, keepdims=True), x, owner)
            agree(method, lambda m, a, ax=axis: m(a, ax, keepdims=False), x, owner)
        agree(method, lambda m, a: m(a, keepdims=1), x, owner)
        agree(method, lambda m, a: m(a, (0, 1)), x, owner)
    if is_compiled(method):  # the replay runs in C: the Python method's frame never opens
        x = xt.asarray(np.ones((3, 4)))
        method(x, 1), method(x, axis=0), method(x, axis=0, keepdims=True)  # record the plans
        entered = []
        sys.setprofile(lambda frame, event, arg: entered.append(frame.f_code))
        try:
            method(x, 1)
            method(x, axis=0)
            kept = method(x, axis=0, keepdims=True)
        finally:
            sys.setprofile(None)
        assert python_of(method).__code__ not in entered
        assert kept.shape == (1, 4)
        want = getattr(np, name)(x._data, axis=0, keepdims=True)
        np.testing.assert_array_equal(kept._data, want)


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "mean"])
def test_whole_reductions_match_the_buffered_replay(name):
    """A plan that reduces every axis to 0-d replays as the ufunc's own reduce
    (SmallPlan.whole): the same bits and dtype as the reducer writing into a buffer."""
    for dtype in ["bool", "int8", "uint16", "int64", "float16", "float32", "complex128"]:
        for shape in [(7,), (3, 4), (2, 1, 3)]:
            x = xt.asarray((np.arange(int(np.prod(shape))).reshape(shape) % 5 + 1).astype(dtype))
            getattr(xt, name)(x)  # records the plan
            plan = PLANS.plans[small_key(name, x, None, False)]
            # a size-1 axis keeps the buffer, and so does a float16 mean (a float32 sum)
            assert (plan.whole is None) == (1 in shape or (name, dtype) == ("mean", "float16"))
            want = run_small(plan._replace(whole=None), x._data)._data
            for got in (run_small(plan, x._data), getattr(xt, name)(x), getattr(x, name)()):
                assert got._data.dtype == want.dtype and got.shape == ()
                assert got._data.tobytes() == want.tobytes()


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "any", "all", "mean"])
def test_axis_reductions_match_the_buffered_replay(name):
    """A plan that drops every reduced axis (no keepdims, none of size 1) replays as the
    ufunc's own reduce over those axes: the same bits, dtype and shape as the buffer."""
    for dtype in ["bool", "int8", "int64", "float16", "float32", "complex128"]:
        for shape, axis in [((3, 4), 1), ((3, 4), 0), ((2, 3, 4), (0, 2)), ((2, 1, 3), 1)]:
            values = np.arange(int(np.prod(shape))).reshape(shape) % 5 + 1
            x = xt.asarray(values.astype(dtype))
            getattr(xt, name)(x, axis=axis)  # records the plan
            plan = PLANS.plans.get(small_key(name, x, axis, False))
            if plan is None:
                continue  # this reduction keeps no small plan for the signature
            float16_mean = (name, dtype) == ("mean", "float16")  # a float32 sum, rounded
            assert (plan.whole is None) == (shape[1] == 1 and axis == 1 or float16_mean)
            want = run_small(plan._replace(whole=None), x._data)._data
            for got in (run_small(plan, x._data), getattr(xt, name)(x, axis=axis)):
                assert got._data.dtype == want.dtype and got.shape == want.shape
                assert got._data.tobytes() == want.tobytes()


@pytest.mark.parametrize("name", ["sum", "max", "mean"])
def test_reductions_to_one_axis_of_any_layout_replay_the_ufunc(name):
    """A 1-d answer comes out contiguous whatever the input's layout, so transposed and
    strided inputs replay the ufunc's own reduce too: NumPy's values, in C and Python, with a
    tuple `axis` as well as an int."""
    base = np.arange(60.0).reshape(3, 4, 5) % 7 - 2.5
    for data in (base.transpose(2, 0, 1), base[:, ::2, ::-1]):
        x = xt.asarray(data)
        for axis in ((0, 1), (1, 2), (0, 2)):
            for _ in range(2):  # records the plan, then replays it
                got = getattr(xt, name)(x, axis=axis)
                want = getattr(np, name)(data, axis=axis)
                assert got.shape == want.shape and got._data.tobytes() == want.tobytes()
        column = x[:, 0]  # a strided 2-d view: the method's twin, replayed the second time
        for _ in range(2):
            got, want = getattr(column, name)(axis=0), getattr(np, name)(data[:, 0], axis=0)
            assert got.shape == want.shape and got._data.tobytes() == want.tobytes()


@pytest.mark.parametrize("name", ["var", "std"])
def test_degrees_of_freedom_replay_in_c(name):
    """`ddof=` of an exact int or float keys var's and std's plans in the C twin as `_spread`
    keys them ((type, value), None for zero): NumPy's values from C after the first call,
    alternating values and axes; bools, `correction=` (the functions' only), both keywords
    and other reductions' are the twin's (its answer, or its TypeError)."""
    data = np.arange(24.0).reshape(4, 6) % 7 - 2.5
    x = xt.asarray(data)
    for method in (getattr(xt, name), getattr(xt.Array, name)):
        for _ in range(2):
            for kw in ({"ddof": 1}, {"ddof": 1.5}, {"ddof": 0}, {"ddof": 2.0}, {}):
                for axis in (None, 0, 1, (0, 1)):
                    method(x, axis=axis, **kw)  # the plan
                    call = functools.partial(method, x, axis=axis, **kw)
                    frames = python_frames(call)
                    if is_compiled(method):  # (not under XTENSOR_PURE_PYTHON)
                        assert python_of(method).__code__.co_name not in frames, (kw, axis)
                    ddof = next(iter(kw.values()), 0)
                    want = getattr(np, name)(data, axis=axis, ddof=ddof)
                    np.testing.assert_array_equal(method(x, axis=axis, **kw)._data, want)
    assert float(getattr(xt, name)(x, ddof=True)) == getattr(np, name)(data, ddof=1)
    with pytest.raises(ValueError, match="ddof and correction"):  # NumPy's refusal of both
        getattr(xt, name)(x, ddof=1, correction=1)
    assert float(getattr(xt, name)(x, correction=1.5)) == getattr(np, name)(data, ddof=1.5)
    for refused in (lambda: xt.sum(x, ddof=1), lambda: getattr(x, name)(correction=1)):
        with pytest.raises(TypeError):
            refused()


@SETTINGS
@given(
    dtype=st.sampled_from(["float32", "float64", "complex64", "complex128", "int64", "uint64"]),
    n=st.integers(0, 9000) | st.sampled_from([20000, 70000]),  # (NumPy's buffer: 8192)
    layout=st.sampled_from(["1-d", "strided", "reversed", "C", "F"]),
    scale=st.integers(-30, 30),
    name=st.sampled_from(["sum", "prod", "mean"]),
)
def test_direct_sums_are_numpys(dtype, n, layout, scale, name):
    """`x.sum()`, `x.prod()` and `x.mean()` as one call of NumPy's loop (Note [Direct sums] in
    _cfast_direct.c): np.add.reduce's, np.multiply.reduce's and np.mean's bytes, wherever it
    applies (up to SUM_MAX elements read in one run) and on the plan's path elsewhere, with
    the quiet plans' silence on overflow."""
    from xtensor._dispatch.compiled import CFAST

    rng = np.random.default_rng(n)
    values = rng.standard_normal(2 * n + 2) * 10.0**scale
    if dtype.startswith("complex"):
        values = values + 1j * values[::-1]
    if name == "prod":  # (factors near one: products that overflow only at the largest scales)
        values = 1 + values / 10.0 ** max(scale, 0)
    with np.errstate(all="ignore"):
        a = (values * 1e3).astype(dtype) if dtype.endswith("int64") else values.astype(dtype)
    even = a[: 2 * (n // 2)]
    data = {
        "1-d": a[:n],
        "strided": a[: 2 * n : 2],
        "reversed": a[:n][::-1],
        "C": even.reshape(2, -1),
        "F": even.reshape(2, -1).T,
    }[layout]
    x = xt.asarray(data)
    oracle = {"sum": np.add.reduce, "prod": np.multiply.reduce, "mean": np.mean}[name]
    if name == "mean" and data.size == 0:
        return  # (NumPy's warning: the plan's, tested with the means)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # (an overflow is quiet, as the plan's)
        getattr(x, name)()  # the plan
        for method in (getattr(xt.Array, name), getattr(xt, name)):
            got = method(x)._data
            with np.errstate(all="ignore"):
                want = np.asarray(oracle(data, None))
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
    if CFAST is not None:  # (not under XTENSOR_PURE_PYTHON)
        applies = layout != "reversed" or data.size <= 1
        applies = applies and (name != "mean" or dtype.startswith("float"))
        got = CFAST.direct_sum(data, name == "prod", False, name == "mean")
        assert (got is not None) == applies


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "int64"])
@pytest.mark.parametrize(
    "shape", [(3, 1), (1, 4), (4, 7), (2, 500), (3, 4, 129), (5, 0), (1000, 20), (20000, 3)]
)
def test_direct_sums_along_one_axis_are_numpys(dtype, shape):
    """`M.sum(axis=1)`, `M.prod(axis=-1)`, `M.mean(axis=0)`... of C-ordered data: one loop call
    a row along the last axis, each row added into the answers along the first (Note [Direct
    sums]), NumPy's bytes; a transposed `M` and a single column keep the plan's call."""
    from xtensor._dispatch.compiled import CFAST

    rng = np.random.default_rng(len(shape))
    values = rng.standard_normal(shape) * 10.0 ** rng.integers(-5, 5, shape)
    data = (values * 1e3).astype(dtype) if dtype == "int64" else values.astype(dtype)
    oracles = (("sum", np.add.reduce), ("prod", np.multiply.reduce), ("mean", np.mean))
    for name, oracle in oracles:
        largest = np.abs(data).max(initial=0)
        source = 1 + data / (1 + largest) if name == "prod" else data
        source = source.astype(dtype)
        for d, axis in ((source, -1), (source, source.ndim - 1), (source.T, 0), (source, 0)):
            x = xt.asarray(d)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (the mean of an empty row: NumPy's warning)
                getattr(x, name)(axis=axis)  # the plan
                got = getattr(x, name)(axis=axis)._data
                with np.errstate(all="ignore"):
                    want = oracle(d, axis=axis)
            assert got.dtype == want.dtype and got.shape == want.shape
            assert got.tobytes() == want.tobytes(), (name, axis)
        if CFAST is not None and (name != "mean" or dtype.startswith("float")):
            last = CFAST.direct_sum(source, name == "prod", 1, name == "mean")
            first = CFAST.direct_sum(source, name == "prod", 2, name == "mean")
            rows, row = source.shape[0], int(np.prod(source.shape[1:]))
            assert (last is not None) == (rows * row > 0 or (name != "mean" and rows > 0))
            assert (first is not None) == (row > 1 and (name != "mean" or rows > 0))


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min"])
def test_a_dtype_keyword_replays_in_c(name):
    """`x.sum(dtype=xt.float64)` and the others that key their plans on a dtype
    (`_accumulate`): the Python path's values from C after the first call, with no Python
    frame of the function, and NumPy's; an unhashable dtype is the twin's error."""
    data = np.arange(24).reshape(4, 6) % 7 - 2
    for source in ("int64", "int8", "float32", "bool"):
        x = xt.asarray(data.astype(source))
        for method in (getattr(xt, name), getattr(xt.Array, name)):
            for dtype in (xt.float64, xt.float32, xt.complex128, xt.int64, None):
                for axis in (None, 0):
                    call = functools.partial(method, x, axis=axis, dtype=dtype)
                    try:
                        got = call()  # the plan
                    except TypeError:
                        continue  # (a cast xtensor refuses: the same on each path)
                    if is_compiled(method):
                        assert python_of(method).__code__.co_name not in python_frames(call)
                    agree(method, lambda m, a, k=axis, t=dtype: m(a, axis=k, dtype=t), x)
                    if name in ("sum", "prod"):  # (NumPy's max and min take no dtype)
                        numpy_dtype = None if dtype is None else dtype.numpy
                        want = getattr(np, name)(x._data, axis=axis, dtype=numpy_dtype)
                        assert got._data.dtype == want.dtype
                        np.testing.assert_array_equal(got._data, want)
        with pytest.raises(TypeError):
            getattr(x, name)(dtype=[1])


def test_sums_that_cannot_overflow_run_without_the_quiet_state():
    """A complex sum of bounded finite parts, and a sum of integers into a float, raise no
    floating-point flag (Note [Quiet without the context variable]): the same values as the
    Python path; a complex sum that overflows is still quiet (inf, no warning)."""
    for values in (
        np.arange(600) * (1 + 2j),
        np.array([1e308 + 1e308j, 1e308 + 0j]),
        np.array([np.inf + 0j, -np.inf + 1j]),
    ):
        for dtype in ("complex128", "complex64"):
            with np.errstate(all="ignore"):
                x = xt.asarray(values.astype(dtype))
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                assert_same(xt.Array.sum, x)
                with np.errstate(all="ignore"):
                    want = x._data.sum()
                assert x.sum()._data.tobytes() == np.asarray(want).tobytes()
    ints = xt.asarray(np.array([2**63 - 1] * 300, dtype=np.int64))
    for dtype in (xt.float64, xt.float32):
        ints.sum(dtype=dtype)
        assert ints.sum(dtype=dtype)._data == ints._data.sum(dtype=dtype.numpy)


def test_complex_parts_are_numpys_views():
    """`c.real` and `c.imag` of a complex array: NumPy's views (writable through, read-only
    where c is, strided where c is, with c's data as their base)."""
    data = np.arange(8) * (1 + 2j)
    for view in (data, data[::2], data.reshape(2, 4).T, data.astype(np.complex64)):
        c = xt.asarray(view)
        for part in ("real", "imag"):
            got, want = getattr(c, part)._data, getattr(view, part)
            assert got.dtype == want.dtype and got.strides == want.strides
            assert np.shares_memory(got, view) and got.tobytes() == want.tobytes()
            assert got.base is want.base
    c = xt.asarray(data.copy())
    c.imag[0] = 5.0
    assert c._data[0] == 5j
    frozen = data.copy()
    frozen.flags.writeable = False
    assert not xt.asarray(frozen).real._data.flags.writeable


@pytest.mark.parametrize("name", ["sum", "max", "argmin"])
def test_the_remembered_plan_is_dropped_when_the_shape_axis_or_table_change(name):
    """The C twin reuses its last plan while dtype, shape and axis are the call's and the
    plan table is unchanged: alternating shapes of one dtype and ndim, axes, a cleared table."""
    method = getattr(xt.Array, name)
    arrays_ = [xt.asarray(np.arange(12.0).reshape(s) % 5) for s in [(3, 4), (4, 3), (2, 6)]]
    for _ in range(3):
        for x in arrays_:
            for axis in (0, 1, -1):
                got = method(x, axis)
                assert_same(method, x, axis)
                want = getattr(np, name)(x._data, axis=axis)
                assert got.shape == want.shape and np.array_equal(got._data, want)
        PLANS.clear()


@pytest.fixture
def gate():
    """Sets xtensor's thread count, which the large plans' gate reads (Python's and the C
    twin's), for one test; the count before comes back after."""
    before = xt.get_num_threads()
    yield xt.set_num_threads
    xt.set_num_threads(before)


@pytest.mark.parametrize("name", ["sum", "mean", "max", "argmin", "prod", "any"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("shape", [(1024, 1025), (2048, 1100)])  # past SMALL elements
def test_large_reductions_replay_where_the_full_path_makes_one_call(gate, name, axis, shape):
    """Note [Large reductions]: a large C-order call that ran as one call on one thread
    records its plan, and the next such call replays it (in C: no Python frame) with the full
    path's bits. F-order data of that shape takes the full path, and so does a call while two
    threads are usable, unless the shapes make it one call at any thread count: below two
    reduction grains, a float sum over the outer axis below ORDERED_FACTOR grains, or a
    reduction of the rows that streams too little to split (Note [Reductions that stream])."""
    rng = np.random.default_rng(7)
    values = rng.standard_normal(shape) if name != "any" else rng.random(shape) > 0.9
    numel = shape[0] * shape[1]
    anywhere = (
        numel < 2 * REDUCTION_GRAIN
        or (name in ("sum", "mean", "prod") and axis == 0)
        or (axis != 0 and values.nbytes < cpu_grain.STREAM_BYTES)
    )
    x, fx, fn = xt.asarray(values), xt.asarray(np.asfortranarray(values)), getattr(xt, name)
    call = lambda a: fn(a, axis=axis)  # noqa: E731
    gate(1)
    before = call(fx)._data.tobytes()  # the full path: nothing recorded for F-order data
    assert small_key(name, x, axis, False) not in PLANS.plans
    first = call(x)
    assert small_key(name, x, axis, False) in PLANS.plans
    assert call(x)._data.tobytes() == first._data.tobytes()
    assert call(fx)._data.tobytes() == before
    compiled = is_compiled(fn)  # (under XTENSOR_PURE_PYTHON the Python function replays)
    assert not compiled or not python_frames(lambda: call(x)) & {name, "cached", "reduce"}
    gate(2)
    frames = python_frames(lambda: call(x))
    if anywhere:
        assert not compiled or not frames & {name, "cached", "reduce"}
    else:
        assert {name, "reduce"} <= frames  # the full path's reduce
    assert call(x)._data.tobytes() == first._data.tobytes()
    np.testing.assert_allclose(first._data, getattr(np, name)(values, axis=axis), rtol=1e-12)

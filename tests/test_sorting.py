"""argsort and sort against NumPy and a stable Python reference (including descending)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from tests.test_cfast import outcome
from xtensor._dispatch.compiled import python_of

REAL = [d for d in ALL_DTYPES if d not in ("complex64", "complex128")]


def _reference_argsort(a, axis, descending):
    """Stable sort by value (NaN last ascending, first descending), along `axis`."""
    moved = np.moveaxis(a, axis, -1)
    out = np.empty(moved.shape, np.int64)
    for idx in np.ndindex(moved.shape[:-1]):
        row = moved[idx].tolist()

        def key(i, row=row):
            v = row[i]
            nan = v != v
            return (not nan, -v if not nan else 0) if descending else (nan, v if not nan else 0)

        out[idx] = sorted(range(len(row)), key=key)
    return np.moveaxis(out, -1, axis)


@given(d=st.sampled_from(REAL), descending=st.booleans(), data=st.data())
def test_argsort_and_sort_are_stable(d, descending, data):
    a = data.draw(arrays(d, data.draw(shapes(min_dims=1, max_side=6))))
    if a.dtype.kind == "u" and descending:
        a = a % 200  # negating large uint values in the reference would wrap
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    x = xt.asarray(a)
    want = _reference_argsort(a.astype(np.float64) if a.dtype.kind == "b" else a, axis, descending)
    assert_same(xt.argsort(x, axis=axis, descending=descending), want)
    assert_same(
        xt.sort(x, axis=axis, descending=descending), np.take_along_axis(a, want, axis=axis)
    )


@given(d=st.sampled_from(ALL_DTYPES), data=st.data())
def test_ascending_matches_numpy(d, data):
    a = data.draw(arrays(d, data.draw(shapes(min_dims=1))))
    x = xt.asarray(a)
    assert_same(xt.argsort(x, axis=0), np.argsort(a, axis=0, kind="stable"))
    assert_same(xt.sort(x), np.sort(a, kind="stable"))
    unstable = xt.sort(x, stable=False)  # any order of equal elements gives the same values
    assert_same(unstable, np.sort(a))
    assert_same(xt.sort(x, axis=None), np.sort(a, axis=None, kind="stable"))  # flattened
    assert_same(xt.argsort(x, axis=None), np.argsort(a, axis=None, kind="stable"))


def _bits(dtype, value) -> np.ndarray:
    """A 0-d array of `dtype` holding `value`, or the NaN with the given payload bits."""
    if isinstance(value, str):  # "nan:<hex>": a NaN of these bits (float64, cast below)
        return np.array([int(value[4:], 16)], "u8").view("f8").astype(dtype)
    return np.array(value, dtype)


POOL = [0.0, -0.0, 1.5, -2.0, 3.0, float("nan"), -float("nan"), "nan:7ff8000000000123"]
POOL += [float("inf"), -float("inf")]


@given(
    dtype=st.sampled_from(["float16", "float32", "float64", "int32", "int64", "uint32", "int8"]),
    picks=st.lists(st.integers(0, len(POOL) - 1), min_size=1, max_size=4),
    n=st.integers(256, 600),
    rows=st.sampled_from([1, 2]),
    descending=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_stable_sorts_of_large_arrays_keep_every_bit(dtype, picks, n, rows, descending, seed):
    """From 256 elements a stable sort may be NumPy's fast one (Note [Stable answers from the
    fast sort]): the values must still be the stable sort's bit for bit (signed zeros, NaN
    payloads), and argsort's ties in input order."""
    rng = np.random.default_rng(seed)
    a = rng.integers(-3, 4, (rows, n)).astype(dtype) if rows > 1 else rng.random(n) * 8
    a = a.astype(dtype)
    if a.dtype.kind == "f":  # plant the special values, with repeats
        flat = a.reshape(-1)
        for k in picks:
            flat[rng.integers(0, flat.size, 5)] = _bits(dtype, POOL[k])
    for axis in range(-1, -a.ndim - 1, -1):
        flip = (lambda v, axis=axis: np.flip(v, axis)) if descending else (lambda v: v)
        order = np.argsort(flip(a), axis=axis, kind="stable")
        want_idx = (a.shape[axis] - 1) - flip(order) if descending else order
        want = flip(np.sort(flip(a), axis=axis, kind="stable"))
        x = xt.asarray(a)
        got = xt.sort(x, axis=axis, descending=descending)._data
        assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(want).tobytes()
        idx = xt.argsort(x, axis=axis, descending=descending)._data
        np.testing.assert_array_equal(idx, want_idx)


def test_descending_ties_keep_input_order():
    x = xt.asarray([1, 3, 1, 3, 2])
    assert xt.argsort(x, descending=True).tolist() == [1, 3, 4, 0, 2]
    assert xt.sort(x, descending=True).tolist() == [3, 3, 2, 1, 1]
    f = xt.asarray([np.nan, 1.0, np.inf])
    assert xt.argsort(f, descending=True).tolist() == [0, 2, 1]


def test_sorting_errors():
    with pytest.raises(np.exceptions.AxisError, match="sort: axis -1 is out of range"):
        xt.sort(xt.asarray(1.0))  # NumPy's AxisError: a 0-d array has no axis -1
    with pytest.raises(
        ValueError, match="argsort: axis 1 is out of range for an array of 1 dimension$"
    ):
        xt.argsort(xt.zeros(3), axis=1)
    with pytest.raises(TypeError, match="argsort: descending must be a bool"):
        xt.argsort(xt.zeros(3), descending="yes")
    with pytest.raises(TypeError, match="argsort: stable must be a bool or None"):
        xt.argsort(xt.zeros(3), stable="yes")
    with pytest.raises(TypeError, match="sort: x must be an array; got NoneType"):
        xt.sort(None)


@given(
    dtype=st.sampled_from(["float64", "float32", "int32", "int64", "uint32", "uint64"]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=4),
    n=st.integers(1, 300),
    step=st.sampled_from([1, 2, -1]),
    rows=st.sampled_from([1, 3, 4]),
    axis=st.sampled_from([-1, 0, 1]),
    seed=st.integers(0, 2**16),
)
def test_compiled_tie_count_equals_its_numpy_twin(dtype, picks, n, step, rows, axis, seed):
    """`_csort.ties` (one vectorized pass) counts what `_tie_mask` marks along any axis of 1-,
    2- and 3-d data, signed zeros and NaNs of any payload included, and leaves strided data to
    the twin (None)."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    if cpu_sort._csort is None:
        pytest.skip("the compiled tie count is not built (or XTENSOR_PURE_PYTHON is set)")
    rng = np.random.default_rng(seed)
    a = rng.integers(0, max(2, n // 3), n * abs(step)).astype(dtype)
    if a.dtype.kind == "f":
        for k in picks:
            a[rng.integers(0, a.size, 3)] = _bits(dtype, POOL[k])
    data = a[::step]
    if rows > 1 and data.size % rows == 0:
        data = data.reshape(rows, -1) if rows == 3 else data.reshape(2, 2, -1)
    axis = axis if -data.ndim <= axis < data.ndim else -1
    positions = np.arange(data.shape[axis]).reshape(
        (-1,) + (1,) * (data.ndim - 1 - axis % data.ndim)
    )
    positions = np.broadcast_to(positions, data.shape)
    shuffled = np.ascontiguousarray(rng.permuted(positions, axis=axis))
    for idx in (data.argsort(axis=axis), shuffled):
        count = cpu_sort._csort.ties(data, idx, axis)
        want = np.count_nonzero(cpu_sort._tie_mask(data, idx, axis))
        assert count is None if not data.flags.c_contiguous else count == want
        assert cpu_sort._ties(data, idx, axis) == want


@given(
    dtype=st.sampled_from(
        ["float64", "float32", "int64", "uint64", "int32", "int8", "bool", "float16"]
        + ["complex128", "complex64"]
    ),
    n=st.sampled_from(
        [0, 1, 10, 100, 255, 256, 300, 383, 384, 511, 512, 700, 1023, 1024, 2047, 2048]
    ),
    wide=st.booleans(),
    rows=st.sampled_from([0, 1, 3]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=3),
    layout=st.sampled_from(["C", "F", "strided"]),
    axis=st.sampled_from([None, 0, -1, 1, -3]),
    seed=st.integers(0, 2**16),
)
@pytest.mark.parametrize("name", ["sort", "argsort"])
def test_compiled_sort_matches_python(dtype, n, wide, rows, picks, layout, axis, seed, name):
    """`sort(x)` / `sort(x, axis)` in C (`sort_body`, _cfast_sort.c), and argsort's: the
    Python sort's bytes, layout and errors, fast sort or stable, packed keys or not (8-byte
    integers spanning 2**55 and more do not pack), ties, signed zeros and NaN payloads
    planted."""
    from xtensor import _sorting  # lazy: the modules' thresholds, not the namespace
    from xtensor._backends import cpu_sort  # lazy: as above

    assert _sorting._FAST_MIN == cpu_sort.CHECKED_MIN == 256  # FAST_SORT_MIN in _cfast.h
    assert cpu_sort.RADIX_ROWS[8] == cpu_sort.CUT_ROWS_MAX == 1024  # FLOAT64_RADIX_MIN in _cfast.h
    assert cpu_sort.RADIX_ROWS[4] == 384  # RADIX_ROWS_4 in _cfast.h
    assert cpu_sort.RADIX_SORT_MIN == 2048  # RADIX_SORT_MIN in _cfast.h
    rng = np.random.default_rng(seed)
    a = rng.random((rows, n) if rows else n) * 8 - 4
    if wide and dtype in ("int64", "uint64"):
        a = a * 2.0**59  # (exact in float64)
    a = (a - a.min(initial=0) if dtype == "uint64" else a).astype(dtype)
    if a.dtype.kind == "f" and a.size:
        flat = a.reshape(-1)
        for k in picks:
            flat[rng.integers(0, a.size, 3)] = _bits(dtype, POOL[k])
    if a.dtype.kind == "c" and a.size:  # parts never zero but where planted (NumPy's fast sort)
        a.imag = rng.integers(1, 4, a.shape) * (1 if wide else -1)
        flat = a.reshape(-1)
        for k in picks:
            part = _bits(a.real.dtype.name, POOL[k]).reshape(-1)[0]
            flat[rng.integers(0, a.size, 3)] = complex(part, 1) if k % 2 else complex(1, part)
    a = {"C": a, "F": np.asfortranarray(a), "strided": a[..., ::2]}[layout]
    x = xt.asarray(a)
    args = (x,) if axis is None else (x, axis)
    func = getattr(xt, name)
    for _ in range(2):
        assert outcome(func, *args) == outcome(python_of(func), *args)
    if axis is not None:
        assert outcome(lambda x: func(x, axis=axis), x) == outcome(
            lambda x: python_of(func)(x, axis=axis), x
        )


@pytest.mark.parametrize("name", ["sort", "argsort"])
def test_compiled_sort_reads_kinds_as_python(name):
    """`kind=` by position or keyword, NumPy's names in any case (Note [Sort kinds]): the C
    twin's answers are the Python function's, and so are its refusals (a kind twice, an
    unknown kind, one with `stable`)."""
    a = np.array([[3.0, 1.0, -0.0, 0.0, 1.0, np.nan], [2.0, 2.0, 0.0, -1.0, 5.0, 4.0]])
    x = xt.asarray(np.tile(a, (1, 60)))  # 720 values: past the small sorts too
    func = getattr(xt, name)
    for y in (x[:, :6], x):
        calls = [
            ((y,), {"kind": "stable"}),
            ((y, 0, "mergesort"), {}),
            ((y,), {"axis": 0, "kind": "Quicksort"}),
            ((y, -1), {"kind": "quick"}),
            ((y,), {"kind": "heapsort"}),
            ((y,), {"kind": "bogus"}),
            ((y,), {"kind": ""}),
            ((y, 0, "stable"), {"axis": 1}),
            ((y,), {"kind": "stable", "stable": True}),
            ((y,), {"stable": True}),  # the standard's spelling
            ((y,), {"stable": False}),
            ((y,), {"stable": None}),
            ((y, 0), {"stable": True}),
            ((y,), {"axis": 0, "stable": False}),
            ((y,), {"stable": 1}),
            ((y,), {"stable": True, "descending": True}),
        ]
        for args, kwargs in calls:
            for _ in range(2):
                fast = outcome(functools.partial(func, *args, **kwargs))
                slow = outcome(functools.partial(python_of(func), *args, **kwargs))
                assert fast == slow, (args, kwargs)


# 8-byte integers of every range: narrow ones pack, the full range leaves no room for positions
EXTREME_INTS = [0, 1, -1, 2**31, -(2**31) - 1, 2**62, -(2**63), 2**63 - 1]


@pytest.mark.parametrize("bytes_apart", [0, 1, 2, 3, 8])
@pytest.mark.parametrize("dtype", ["uint64", "int64", "float64", "uint32"])
def test_radix_argsort_skips_shared_bytes(dtype, bytes_apart):
    """Note [Radix argsort]: rows whose images differ only in their lowest `bytes_apart`
    bytes (none: all equal) skip the other passes, leaving an odd or even number, and still
    give the stable order."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    if cpu_sort._csort is None:
        pytest.skip("the compiled radix sort is not built (or XTENSOR_PURE_PYTHON is set)")
    rng = np.random.default_rng(bytes_apart)
    width = min(bytes_apart, np.dtype(dtype).itemsize)
    low = rng.integers(0, 2 ** (8 * width), (3, 600), dtype=np.uint64) if width else 0
    bits = (np.uint64(0x4000_0000_0000_0000) | low).astype(np.uint64)
    if dtype == "uint32":
        bits = bits & np.uint64(0xFFFF_FFFF)
    a = np.ascontiguousarray(bits.astype(f"u{np.dtype(dtype).itemsize}").view(dtype))
    for descending in (False, True):
        out = np.empty(a.shape, np.intp)
        assert cpu_sort._csort.radix(a, out, descending)
        want = np.argsort(a, axis=-1, kind="stable")
        if descending:  # Note [Stable descending sort] in _backends/base.py
            want = (a.shape[-1] - 1) - np.flip(np.argsort(np.flip(a, -1), -1, kind="stable"), -1)
        np.testing.assert_array_equal(out, want)


def _keys(dtype, shape, spread, picks, extremes, seed):
    """Values to sort: floats of a spread with POOL's special values planted (NaNs of any
    payload and sign, signed zeros, infinities), or integers of a spread (None: the dtype's
    range) with `extremes` planted."""
    rng = np.random.default_rng(seed)
    if dtype[0] == "f":
        a = (rng.standard_normal(shape) * (spread or 1e4)).astype(dtype)
        for k in picks if a.size else ():  # (nowhere to plant in an empty array)
            a.reshape(-1)[rng.integers(0, a.size, 3)] = _bits(dtype, POOL[k])
        return a
    info = np.iinfo(dtype)
    low, high = (info.min, info.max) if spread is None else (-spread, spread)
    a = rng.integers(max(low, info.min), min(high, info.max), shape, dtype, endpoint=True)
    for v in extremes:
        if info.min <= v <= info.max and a.size:
            a.reshape(-1)[rng.integers(0, a.size)] = v
    return a


@given(
    dtype=st.sampled_from(
        ["int32", "uint32", "int64", "uint64", "float16", "float32", "float64", "int16"]
    ),
    shape=st.sampled_from([(1,), (7,), (300,), (2, 300), (3, 2, 130), (1000,), (2, 530)]),
    spread=st.sampled_from([2, 50, 10**6, None]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=4),
    extremes=st.lists(st.sampled_from(EXTREME_INTS), max_size=2),
    layout=st.sampled_from(["C", "F", "strided"]),
    seed=st.integers(0, 2**16),
)
def test_keyed_argsort_is_the_stable_argsort(dtype, shape, spread, picks, extremes, layout, seed):
    """Notes [Packed argsort] and [Radix argsort]: ties (few, many, all), NaNs of any payload
    and sign, signed zeros, infinities and integers up to their dtype's range give NumPy's
    stable argsort along every axis, ascending and descending; so does the radix sort of rows
    of any length, and the compiled keys are their NumPy twin's bit for bit."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    a = _keys(dtype, shape, spread, picks, extremes, seed)
    a = {"C": a, "F": np.asfortranarray(a), "strided": a[..., ::2]}[layout]
    x = xt.asarray(a)
    for axis in range(-1, -a.ndim - 1, -1):
        want = np.argsort(a, axis=axis, kind="stable")
        np.testing.assert_array_equal(xt.argsort(x, axis=axis)._data, want)
        flipped = np.argsort(np.flip(a, axis), axis=axis, kind="stable")  # Note [Stable desc...]
        want = (a.shape[axis] - 1) - np.flip(flipped, axis)
        np.testing.assert_array_equal(xt.argsort(x, axis=axis, descending=True)._data, want)
    c = np.ascontiguousarray(a)
    for descending in (False, True):
        want = xt.argsort(x, descending=descending)._data  # NumPy's stable order (above)
        packed = cpu_sort._packed(c, descending)
        if packed is not None:
            np.testing.assert_array_equal(packed, want)
        if cpu_sort._csort is not None:
            out = np.empty(c.shape, np.intp)
            assert cpu_sort._csort.radix(c, out, descending) is (True if c.size else None)
            np.testing.assert_array_equal(out, want)
            keys, twin = np.empty(c.shape, np.uint64), np.empty(c.shape, np.uint64)
            row = c.shape[-1]
            bits = cpu_sort._csort.pack(c, keys, row, descending)
            assert cpu_sort._pack(c, twin, row, descending) == bits
            if bits is not None:
                assert keys.tobytes() == twin.tobytes()


def _clustered(dtype, shape, bases, spread, seed):
    """8-byte values in a few clusters of `spread` neighbours in bit pattern (ulps apart for
    floats): many keys share their cut images (Note [Cut keys]), some are equal."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal(bases) * 1e3
    if dtype == "float64":
        pattern = rng.choice(centres, shape).view(np.int64) + rng.integers(0, spread, shape)
        return pattern.view(np.float64)
    centres = (centres * 2.0**50).astype(np.int64)
    a = rng.choice(centres, shape) + rng.integers(0, spread, shape)
    return a if dtype == "int64" else (a - a.min(initial=0)).astype(np.uint64)


@given(
    dtype=st.sampled_from(["float64", "int64", "uint64"]),
    shape=st.sampled_from([(5,), (300,), (20, 20), (3, 2, 130), (2, 511), (64, 3), (2, 1000)]),
    bases=st.sampled_from([1, 3, 50]),
    spread=st.sampled_from([1, 8, 2**10, 2**14]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=3),
    seed=st.integers(0, 2**16),
)
def test_cut_keys_are_the_stable_argsort(dtype, shape, bases, spread, picks, seed):
    """Note [Cut keys]: float64 and 8-byte integer rows under 512 values, their keys cut to
    fit the positions, give NumPy's stable argsort along every axis, either order, in C (the
    compiled argsort) and in Python, with runs of equal cut images to repair, ties, NaNs and
    signed zeros."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    a = _clustered(dtype, shape, bases, spread, seed)
    if dtype == "float64":
        for k in picks:
            a.reshape(-1)[np.random.default_rng(k).integers(0, a.size, 3)] = _bits(dtype, POOL[k])
    x = xt.asarray(a)
    for axis in range(-1, -a.ndim - 1, -1):
        flipped = np.argsort(np.flip(a, axis), axis=axis, kind="stable")  # Note [Stable desc...]
        wants = (
            np.argsort(a, axis=axis, kind="stable"),
            (a.shape[axis] - 1) - np.flip(flipped, axis),
        )
        for descending, want in zip((False, True), wants):
            for func in (xt.argsort, python_of(xt.argsort)):
                np.testing.assert_array_equal(func(x, axis=axis, descending=descending)._data, want)
            if cpu_sort._csort is not None and axis == -1:
                keys = np.empty(a.shape, np.uint64)
                bits = cpu_sort._csort.pack(a, keys, a.shape[-1], descending, True)
                keys.sort(axis=-1)
                assert cpu_sort._csort.repair(keys, a, bits, descending) is True
                np.testing.assert_array_equal(keys.view(np.intp), want)


def test_cut_keys_in_long_runs():
    """Values a few ulps apart make runs of equal cut images as long as a row: in descending
    order (insertion sort would take quadratic time), or shuffled among a few values; the
    repair orders them by counting (Note [Cut keys]), in C and in Python."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    rng = np.random.default_rng(3)
    one = np.float64(1.0).view(np.int64)
    a = np.stack([np.arange(500)[::-1], rng.integers(0, 8, 500), np.full(500, 7)]) + one
    for data in (a.view(np.float64), a, a.astype(np.uint64)):
        x = xt.asarray(data)
        for axis in (1, 0):
            want = np.argsort(data, axis=axis, kind="stable")
            for func in (xt.argsort, python_of(xt.argsort)):
                np.testing.assert_array_equal(func(x, axis=axis)._data, want)
        if cpu_sort._csort is not None:
            keys = np.empty(data.shape, np.uint64)
            bits = cpu_sort._csort.pack(data, keys, 500, False, True)
            keys.sort(axis=-1)
            assert cpu_sort._csort.repair(keys, data, bits, False) is True
            np.testing.assert_array_equal(keys.view(np.intp), np.argsort(data, -1, kind="stable"))


@pytest.mark.parametrize("dtype", ["float64", "int32", "float16"])
def test_keyed_rows_in_threads_are_the_stable_argsort(dtype):
    """Note [Keyed rows in threads]: slabs of rows radix-sorted in threads give NumPy's stable
    argsort, ties and NaNs included, at any thread count, along either axis, either order."""
    rng = np.random.default_rng(7)
    a = (rng.integers(-50, 50, (300, 600)) / 4).astype(dtype)  # many ties
    if a.dtype.kind == "f":
        a[rng.integers(0, 300, 40), rng.integers(0, 600, 40)] = np.nan
    x, before = xt.asarray(a), xt.get_num_threads()
    try:
        for threads in (1, 2, 4):
            xt.set_num_threads(threads)
            for axis in (-1, 0):
                want = np.argsort(a, axis=axis, kind="stable")
                np.testing.assert_array_equal(xt.argsort(x, axis=axis)._data, want)
                flipped = np.argsort(np.flip(a, axis), axis=axis, kind="stable")
                want = (a.shape[axis] - 1) - np.flip(flipped, axis)  # Note [Stable descending...
                np.testing.assert_array_equal(xt.argsort(x, axis=axis, descending=True)._data, want)
    finally:
        xt.set_num_threads(before)


def test_cuda_backend_descending_argsort_flips(monkeypatch):
    """The CUDA backend's descending argsort is `flipped_argsort` over CuPy's stable argsort,
    run here with NumPy's stable argsort standing in for CuPy's."""
    import contextlib  # lazy: this test's stand-ins only
    import types

    from xtensor._backends import cuda

    fake = types.SimpleNamespace(
        argsort=lambda d, axis: np.argsort(d, axis=axis, kind="stable"), flip=np.flip
    )
    monkeypatch.setattr(cuda, "_cupy", lambda: fake)
    monkeypatch.setattr(cuda, "_device_context", lambda data: contextlib.nullcontext())
    a = np.random.default_rng(3).integers(0, 4, (5, 40))
    backend = cuda.CUDABackend()
    for axis in (0, 1, -1):
        flipped = np.argsort(np.flip(a, axis), axis=axis, kind="stable")
        want = (a.shape[axis] - 1) - np.flip(flipped, axis)
        np.testing.assert_array_equal(backend.argsort(a, axis, True, True), want)


@given(
    dtype=st.sampled_from(["int32", "uint32", "int64", "uint64", "float32", "float64"]),
    shape=st.sampled_from([(1,), (5,), (300,), (2, 300), (3, 2, 130)]),
    spread=st.sampled_from([2, 50, 10**6, None]),
    picks=st.lists(st.integers(0, len(POOL) - 1), max_size=4),
    extremes=st.lists(st.sampled_from(EXTREME_INTS), max_size=2),
    layout=st.sampled_from(["C", "F", "strided"]),
    seed=st.integers(0, 2**16),
)
def test_radix_sort_of_values_is_the_stable_sort(
    dtype, shape, spread, picks, extremes, layout, seed
):
    """Note [Radix sort of values]: where `_csort.sorted` answers, its rows are NumPy's stable
    sort bit for bit (ties, infinities, zeros of both signs and NaNs of any bits in input
    order, integers up to their dtype's range); asked to, it refuses rows holding zeros of both
    signs or a NaN but the default one. Through `sort`, forced on (whatever this machine's
    calibration found), every axis and layout gives NumPy's bits."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    if cpu_sort._csort is None:
        pytest.skip("the compiled radix sort is not built (or XTENSOR_PURE_PYTHON is set)")
    a = _keys(dtype, shape, spread, picks, extremes, seed)
    width = f"u{a.itemsize}"
    out = np.empty_like(a)
    answered = cpu_sort._csort.sorted(a, out)
    want = np.sort(a, axis=-1, kind="stable")
    zeros = np.signbit(a[a == 0])
    odd_nan = (
        dtype[0] == "f"
        and (a[np.isnan(a)].view(width) != np.array(np.nan, dtype).view(width)).any()
    )
    assert answered
    assert out.view(width).tobytes() == want.view(width).tobytes()
    if not cpu_sort._csort.sorted(a, out, False):
        assert odd_nan or (zeros.any() and not zeros.all())
    a = {"C": a, "F": np.asfortranarray(a), "strided": a[..., ::2]}[layout]
    wins, minimum = dict(cpu_sort._RADIX_WINS), cpu_sort.RADIX_SORT_MIN
    try:
        cpu_sort._RADIX_WINS[a.dtype], cpu_sort.RADIX_SORT_MIN = True, 1
        for axis in range(a.ndim):
            got = cpu_sort.sort(a, axis, True)
            want = np.sort(a, axis=axis, kind="stable")
            assert got.strides == want.strides
            assert got.view(width).tobytes() == want.view(width).tobytes()
    finally:
        cpu_sort._RADIX_WINS.clear()
        cpu_sort._RADIX_WINS.update(wins)
        cpu_sort.RADIX_SORT_MIN = minimum


def test_radix_sort_calibration_and_threads():
    """Note [Radix sort of values]: the calibration answers once a dtype (only the dtypes the
    C sorts), and long rows sorted in slabs among threads give NumPy's stable sort."""
    from xtensor._backends import cpu_sort  # lazy: the module under test

    for dtype in map(np.dtype, ["float64", "int32", "float16", ">f8", "int16"]):
        wins = cpu_sort._radix_wins(dtype)
        assert wins is cpu_sort._RADIX_WINS[dtype]
        if cpu_sort._csort is None or dtype.char not in "iIlLqQfd" or not dtype.isnative:
            assert wins is False
    a = np.random.default_rng(5).integers(-300, 300, (40, 5000)).astype(np.float64) / 8
    wins = dict(cpu_sort._RADIX_WINS)
    try:  # the compiled sort (sort_body) hands rows of RADIX_SORT_MIN to radix_sorted
        for forced in (True, False):
            cpu_sort._RADIX_WINS[a.dtype] = forced and cpu_sort._csort is not None
            for axis in (0, 1, -1):
                got = xt.sort(xt.asarray(a[:3, :2048]), axis=axis)._data
                twin = python_of(xt.sort)(xt.asarray(a[:3, :2048]), axis=axis)._data
                np.testing.assert_array_equal(got, np.sort(a[:3, :2048], axis=axis))
                assert got.tobytes() == twin.tobytes()
    finally:
        cpu_sort._RADIX_WINS.clear()
        cpu_sort._RADIX_WINS.update(wins)
    before = xt.get_num_threads()
    try:
        for threads in (1, 2, 4):
            xt.set_num_threads(threads)
            for axis in (0, 1):
                got = xt.sort(xt.asarray(a), axis=axis)._data
                np.testing.assert_array_equal(got, np.sort(a, axis=axis, kind="stable"))
    finally:
        xt.set_num_threads(before)


@given(
    dtype=st.sampled_from(["float16", "complex64", "complex128"]),
    n=st.integers(0, 600),
    specials=st.lists(st.sampled_from([0.0, -0.0, np.nan, np.inf, -np.inf, 1.5]), max_size=4),
    seed=st.integers(0, 2**16),
)
def test_fast_sorts_of_half_and_complex_values_are_the_stable_ones(dtype, n, specials, seed):
    """float16 and complex rows without NaNs or zeros take NumPy's fast sort, whose tied values
    have the same bits; with them, the stable sort: NumPy's stable sort bit for bit, along
    either axis of a 2-d array too."""
    rng = np.random.default_rng(seed)
    a = (np.round(rng.standard_normal(n) * 4) + 0.5).astype(dtype)  # ties, no zeros
    if dtype.startswith("complex"):
        a = a + 1j * (np.round(rng.standard_normal(n)) + 0.5).astype(dtype)
    if n:  # zeros of either sign, NaNs: the stable sort
        a[rng.integers(0, n, len(specials))] = specials
    for data, axis in ((a, -1), (a[: n // 2 * 2].reshape(2, -1), 0)):
        got = xt.sort(xt.asarray(data), axis=axis)._data
        want = np.sort(data, axis=axis, kind="stable")
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


@given(
    n=st.sampled_from([0, 1, 2, 31, 32, 100, 170, 171, 256, 511, 512, 700, 3000]),
    dtype=st.sampled_from(["complex128", "complex64"]),
    rows=st.sampled_from([1, 3, 12]),
    descending=st.booleans(),
    specials=st.lists(st.sampled_from([0.0, -0.0, complex(0, -0.0), np.nan, 1.5]), max_size=4),
    seed=st.integers(0, 2**16),
)
def test_complex_argsort_is_numpys_stable_one(n, dtype, rows, descending, specials, seed):
    """Complex argsorts are NumPy's stable argsort, by keys of the parts where no part is NaN
    (Note [Complex keys] in cpu_sort.py) or NumPy's own: through the compiled twin below its
    bound and the backend above it, along either axis, ties and zeros of both signs in input
    order; descending, the reversed stable argsort of the reversed data (`flipped_argsort`)."""
    rng = np.random.default_rng(seed)
    a = np.round(rng.standard_normal((rows, n))) + 1j * np.round(rng.standard_normal((rows, n)))
    a = a.astype(dtype)
    if a.size:
        a.flat[rng.integers(0, a.size, len(specials))] = specials
    for data, axis in ((a[0], -1), (a, 1), (a, 0)):
        got = xt.argsort(xt.asarray(data), axis=axis, descending=descending)._data
        if descending:
            flipped = np.argsort(np.flip(data, axis), axis=axis, kind="stable")
            want = data.shape[axis] - 1 - np.flip(flipped, axis)
        else:
            want = np.argsort(data, axis=axis, kind="stable")
        np.testing.assert_array_equal(got, want)

"""The device reduction path, run without a GPU: the public functions take their CUDA branch on
NumPy memory, and the generated block-reduction kernels run in the host simulator.

`_reduction.backend_of` is patched to hand every array to the CUDA backend (the seam dispatch
uses) and `cuda_reduce.launch_reduction` to run the kernel through hostsim, so everything
between `xt.sum(...)` and the launch is the code a GPU call runs: the reduction record, the
reduction-mode TensorIter, `plan_reduction`, the descriptor, `count_nonzero`'s mask and
complex var/std's split. Results are compared with the CPU path.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from xtensor._backends import cuda as _cuda
from xtensor._backends import cuda_reduce as _cuda_backend
from xtensor._dispatch import PLANS
from xtensor._dispatch import reduction as _reduction
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import reduction_entry
from xtensor._jit.reduction import (
    generate_winners_kernel,
    reads_columns,
    reduction_args,
    reduction_kernel_name,
    winners_kernel_name,
    winners_params,
)
from xtensor._ops.reductions import BY_NAME as SPECS

pytestmark = pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")

BLOCK = 16  # threads per simulated block (each is a std::thread); the GPU uses 128
FUNCS = {  # function -> input dtypes whose kernels are built (CPU compares cover the rest)
    "sum": (
        "bool",
        "int8",
        "int32",
        "uint8",
        "uint64",
        "float32",
        "float64",
        "complex64",
        "complex128",
    ),
    "prod": ("int32", "float32", "float64", "complex128"),
    "max": ("int8", "uint8", "float32", "float64", "complex64", "complex128"),
    "min": ("int64", "float32", "float64", "complex64", "complex128"),
    "argmax": ("bool", "int16", "float32", "float64", "complex64", "complex128"),
    "argmin": ("uint8", "float32", "float64", "complex64", "complex128"),
    "any": ("bool", "int32", "float64", "complex64"),
    "all": ("bool", "int32", "float64", "complex64"),
    "mean": ("int32", "float32", "float64", "complex64"),
    "var": ("int16", "float32", "float64", "complex64"),
    "std": ("int16", "float32", "float64", "complex128"),
    "count_nonzero": ("int32", "float64", "complex64"),
}
CASES = [(f, d) for f, dtypes in FUNCS.items() for d in dtypes]


class _Simulator:
    """Records the kernels a call needs, or runs them from built host modules."""

    def __init__(self):
        self.entries: dict = {}
        self.modules: list = []
        self.launched: list = []

    def __call__(self, desc, plan):
        self.launched.append((desc, plan))
        columns = reads_columns(desc, plan, BLOCK)
        name = reduction_kernel_name(desc, BLOCK, columns)
        if not self.modules:  # recording pass: the output is left unwritten
            entry = reduction_entry(desc, BLOCK, columns)
            self.entries[entry[0]] = entry
            return
        module = next((m for m in self.modules if name in m.names), None)
        if module is None:
            raise KeyError(f"kernel {name} was not built; add its case to CASES")
        module.run(name, reduction_args(plan), grid=min(plan.n_out, 3), block=BLOCK, threaded=True)

    def winners(self, desc, args):
        """The winners kernel of a two-level argmax (Note [Two-level argmax])."""
        name = winners_kernel_name(desc, BLOCK)
        if not self.modules:
            self.entries[name] = (name, generate_winners_kernel(desc, BLOCK), winners_params())
            return
        module = next((m for m in self.modules if name in m.names), None)
        if module is None:
            raise KeyError(f"kernel {name} was not built; add its case to the fixture")
        module.run(name, args, grid=1, block=BLOCK, threaded=True)


@contextlib.contextmanager
def device_path(sim: _Simulator):
    """Make the reductions take their device branch on NumPy memory, launching through `sim`.

    Only the CPU backend records small-call plans, and plans recorded before (by the CPU
    side of a comparison) are dropped, so every call inside takes the device path."""
    PLANS.clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_reduction, "backend_of", lambda data: _cuda.BACKEND)
        mp.setattr(_cuda_backend, "launch_reduction", sim)
        mp.setattr(_cuda_backend, "launch_winners", sim.winners)
        yield


def _input(dtype: str, shape, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x = rng.uniform(-4, 4, shape)
    if dtype == "bool":
        return x > 1
    if dtype[0] in "iu":
        return np.round(x if dtype[0] == "i" else x + 4).astype(dtype)
    if dtype.startswith("complex"):
        return (x + 1j * rng.uniform(-4, 4, shape)).astype(dtype)
    return x.astype(dtype)


def _call(func: str, x, **kwargs):
    return getattr(xt, func)(xt.asarray(x), **kwargs)


SPLIT_CASES = [
    ("sum", "float32"),
    ("sum", "int8"),
    ("prod", "float64"),
    ("max", "float64"),
    ("min", "int64"),
    ("any", "bool"),
    ("all", "float64"),
    ("max", "complex128"),
    ("min", "complex64"),
]


@contextlib.contextmanager
def _two_stage():
    """Split reductions of 64 or more elements per output (Note [Two-stage reductions]), and
    column reductions of 64 or more elements in chunks of 4 or more rows."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_cuda_backend, "SPLIT_MIN_ELEMENTS", 64)
        mp.setattr(_cuda_backend, "MIN_CHUNK_ROWS", 4)
        mp.setattr(_cuda_backend, "SPLIT_MIN_REDUCED", 64)
        mp.setattr(_cuda_backend, "MIN_PARTS", 2)
        mp.setattr(_cuda_backend, "MAX_PARTS", 8)  # few partials: few simulated barriers
        yield


@pytest.fixture(scope="module")
def sim():
    """Record every (function, dtype) kernel once, then build them in two g++ runs."""
    sim = _Simulator()
    # Recording launches nothing, so outputs hold garbage: silence NumPy on them.
    with device_path(sim), np.errstate(all="ignore"):
        for func, dtype in CASES:
            x = _input(dtype, (3, 4))
            _call(func, x, axis=0)  # the column kernel (Note [Column reductions])
            _call(func, x.T, axis=0)  # the block kernel
        _call("sum", _input("int32", (3, 4)), dtype=xt.float64)
        with _two_stage():
            for func, dtype in SPLIT_CASES:
                _call(func, _input(dtype, (2, 256)))
                _call(func, _input(dtype, (24, 40)), axis=0)
            for func in ("argmax", "argmin"):  # in chunks, then the winners kernel
                _call(func, _input("float64", (256,)), axis=0)
    entries = list(sim.entries.values())
    sim.modules = build_modules([g for g in (entries[0::2], entries[1::2]) if g])
    return sim


def _compare(sim, func: str, x, **kwargs):
    want = np.asarray(_call(func, x, **kwargs))
    with device_path(sim):
        got = np.asarray(_call(func, x, **kwargs))
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape)
    if want.dtype.kind in "fc":
        single = "float32" in (want.dtype.name, x.dtype.name) or want.dtype == np.complex64
        tol = 2e-5 if single else 1e-11
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, want)


def _view(x: np.ndarray, how: int) -> np.ndarray:
    """0: as is; 1: transposed; 2: reversed last dim; 3: every other element, reversed."""
    if how == 1:
        return x.T
    if how == 2 and x.ndim:
        return x[..., ::-1]
    if how == 3 and x.ndim:
        base = np.repeat(x, 2, axis=-1)
        return base[..., ::-2]
    return x


@st.composite
def _axes(draw, ndim: int):
    if draw(st.booleans()):
        return None
    dims = draw(st.lists(st.integers(0, max(ndim - 1, 0)), unique=True, max_size=ndim))
    negative = draw(st.booleans())
    return tuple(d - ndim if negative else d for d in dims)


@given(data=st.data())
def test_device_reductions_match_cpu(sim, data):
    func, dtype = data.draw(st.sampled_from(CASES), label="case")
    shape = data.draw(st.lists(st.integers(0, 5), max_size=3).map(tuple), label="shape")
    x = _view(
        _input(dtype, shape, data.draw(st.integers(0, 9))),
        data.draw(st.integers(0, 3), label="view"),
    )
    kwargs = {"keepdims": data.draw(st.booleans(), label="keepdims")}
    if func in ("argmax", "argmin"):
        if x.ndim:
            kwargs["axis"] = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label="axis")
        if x.size == 0:
            return  # an error on both paths (test_empty_extrema_still_raise)
    else:
        kwargs["axis"] = data.draw(_axes(x.ndim), label="axes")
    if func in ("max", "min") and x.size == 0:
        return
    if func in ("var", "std"):
        kwargs["correction"] = data.draw(st.sampled_from([0, 1, 2.5]), label="correction")
    _compare(sim, func, x, **kwargs)


@pytest.mark.parametrize("func", ["max", "min", "argmax", "argmin", "sum", "mean"])
def test_nan_and_ties(sim, func):
    x = np.array([[1.0, 3.0, 3.0, -2.0], [np.nan, 5.0, np.nan, -np.inf], [0.0, -0.0, 7.0, 7.0]])
    for axis in (None, 0, 1):
        _compare(sim, func, x, axis=axis)
    _compare(sim, func, x.astype(np.float32)[:, ::-1], axis=1)


@pytest.mark.parametrize(
    "func, dtype",
    [
        ("sum", "int32"),
        ("prod", "float64"),
        ("any", "bool"),
        ("all", "bool"),
        ("mean", "float64"),
        ("var", "float64"),
        ("count_nonzero", "int32"),
    ],
)
def test_empty_reductions_give_identity_or_nan(sim, func, dtype):
    x = _input(dtype, (0, 3))
    _compare(sim, func, x, axis=0)
    _compare(sim, func, x, axis=(0, 1), keepdims=True)


def test_correction_past_n_gives_nan(sim):
    x = _input("float64", (2, 3))
    _compare(sim, "var", x, axis=0, correction=2)
    _compare(sim, "std", x, axis=1, correction=5)
    assert np.isnan(np.asarray(_call("var", x, axis=0, correction=2))).all()


def test_sum_dtype_and_zero_dim(sim):
    _compare(sim, "sum", _input("int32", (4, 5)), axis=1, dtype=xt.float64)
    _compare(sim, "sum", np.float32(2.5))
    _compare(sim, "argmax", np.float64(-1.0))


def test_empty_extrema_still_raise(sim):
    with device_path(sim), pytest.raises(ValueError, match="max: cannot take the maximum"):
        _call("max", np.zeros((0, 3)), axis=0)


def test_plan_splits_kept_and_reduced_dims(sim):
    x = _input("float64", (4, 5, 6)).transpose(2, 0, 1)[::-1]  # strides (-8, 240, 48)
    sim.launched.clear()
    with device_path(sim):
        _call("sum", x, axis=(0, 2))
    [(desc, plan)] = sim.launched
    assert (desc.kind, desc.input_ctype, desc.result_ctype) == ("sum", "double", "double")
    assert plan.kept_shape == (4,) and plan.in_kept_strides == (240,)
    assert sorted(zip(plan.reduced_shape, plan.in_reduced_strides)) == [(5, 48), (6, -8)]
    assert plan.n_out == 4 and plan.n_reduced == 30


@pytest.mark.parametrize("func, dtype", SPLIT_CASES)
def test_two_stage_reductions(sim, func, dtype):
    x = _input(dtype, (4, 96, 8), seed=3)
    if func == "max" and dtype in ("float64", "complex128"):
        x[1, 5, 2] = np.nan
    if dtype == "complex64":  # a NaN imaginary part, after a NaN-free tie on the real part
        x[2, 40, 3], x[2, 70, 3] = complex(-9, 1), complex(-9, np.nan)
    with _two_stage():
        for axis, view in [(None, x), (1, x[:, ::-1]), ((0, 1), x.transpose(1, 2, 0))]:
            sim.launched.clear()
            _compare(sim, func, view, axis=axis)
            assert len(sim.launched) == 2  # the partials, then their reduction
    first, second = sim.launched
    assert second[1].reduced_shape == (first[1].kept_shape[-1],)
    assert first[1].n_out * first[1].n_reduced == x.size


@pytest.mark.parametrize("func", ["argmax", "argmin"])
@pytest.mark.parametrize("size", [256, 259])  # 8 chunks of 32, and a tail of 3
def test_arg_reductions_of_many_elements_run_in_chunks(sim, func, size):
    x = _input("float64", (size,), seed=5)
    x[[40, 200]] = 9.0 if func == "argmax" else -9.0  # a tie across chunks: the first wins
    cases = [x, x[::-1], np.where(np.arange(size) % 70 == 69, np.nan, x)]  # NaNs: the first
    cases.append(np.concatenate([x[:-2], [np.nan, 10.0]]))  # an extreme and a NaN in the tail
    tie = x.copy()
    tie[[5, -1]] = 11.0 if func == "argmax" else -11.0  # a chunk and the tail tie: the chunk
    cases.append(tie)
    with _two_stage():
        for case in cases:
            sim.launched.clear()
            _compare(sim, func, case, axis=0)  # (axis=None of 1-d data takes NumPy's argmax)
            [(_, plan)] = sim.launched  # one block per chunk, then the winners kernel
            assert plan.n_out == 8
        # axis=None of a transposed matrix: the index into its C-order copy
        _compare(sim, func, case.reshape(-1, 37 if size == 259 else 32).T, keepdims=True)


def test_split_only_when_worthwhile():
    plan = _reduction_plan((1,), (1 << 20,))
    split = _cuda_backend.split_reduction
    desc = _cuda_backend.descriptor_for("sum", np.float32, np.float64, np.float32)
    [(_, first, temp), (_, second, _)] = split(SPECS["sum"], desc, plan, np)
    assert temp.dtype == np.float64 and temp.size == 1024
    assert first.reduced_shape == (1024,) and second.reduced_shape == (1024,)
    var = _cuda_backend.descriptor_for("var", np.float32, np.float64, np.float32)
    assert len(split(SPECS["var"], var, plan, np)) == 1
    prime = _reduction_plan((1,), (65537,))
    assert len(split(SPECS["sum"], desc, prime, np)) == 1
    many = _reduction_plan((4096,), (1 << 16,))
    assert len(split(SPECS["sum"], desc, many, np)) == 1
    anyd = _cuda_backend.descriptor_for("any", np.float32, np.float32, np.bool_)
    [(stage1, _, temp), (stage2, _, _)] = split(SPECS["any"], anyd, plan, np)
    assert temp.dtype == np.bool_ and stage2.input_ctype == "bool"  # partials: the result
    maxd = _cuda_backend.descriptor_for("max", np.int8, np.int8, np.int8)
    [(_, _, temp), _] = split(SPECS["max"], maxd, plan, np)
    assert temp.dtype == np.int8


def _reduction_plan(kept, reduced):
    from xtensor._jit.reduction import ReductionPlan

    return ReductionPlan(
        kept, reduced, (4,) * len(kept), (4,) * len(kept), (4,) * len(reduced), 0, 0
    )


def test_accumulators_are_widened():
    compute = _cuda_backend.compute_dtype
    assert compute(SPECS["sum"], np.float32, np.float32) == np.float64
    assert compute(SPECS["mean"], np.complex64, np.complex64) == np.complex128
    assert compute(SPECS["var"], np.float32, np.float32) == np.float64
    assert compute(SPECS["std"], np.int16, np.float64) == np.float64
    assert compute(SPECS["max"], np.float32, np.float32) == np.float32
    assert compute(SPECS["argmin"], np.complex64, np.int64) == np.complex64
    assert compute(SPECS["any"], np.float64, np.bool_) == np.float64
    assert compute(SPECS["sum"], np.int8, np.int64) == np.int64


def test_run_reduction_directly_on_host_memory(sim):
    """`cuda_reduce.run_reduction` takes the record itself (what CUDABackend.reduce calls)."""
    x = _input("complex64", (3, 4))
    out = np.empty((1, 4), np.float32)
    with device_path(sim):
        _cuda_backend.run_reduction(x, out, SPECS["std"], "std", 1.0)
    np.testing.assert_allclose(out[0], np.std(x, axis=0, ddof=1), rtol=2e-5)
    counts = np.empty((3, 1), np.int64)
    with device_path(sim):
        _cuda_backend.run_reduction(
            _input("int32", (3, 4)), counts, SPECS["count_nonzero"], "count_nonzero"
        )
    assert (counts[:, 0] == np.count_nonzero(_input("int32", (3, 4)), axis=1)).all()


# --- complex extrema: lexicographic order, NaN in either part (Note [Extrema and NaN]) ------

_PARTS = (-1.0, 0.0, 1.0, np.nan)  # few values: ties on the real part and exact duplicates


@st.composite
def _complex_grid(draw):
    """Complex data of either dtype from a small value set, in one of the `_view` layouts."""
    dtype = draw(st.sampled_from(["complex64", "complex128"]), label="dtype")
    shape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple), label="shape")
    n = int(np.prod(shape))
    nan_ok = draw(st.booleans(), label="nan")
    part = st.sampled_from(_PARTS if nan_ok else _PARTS[:-1])
    re, im = (np.array(draw(st.lists(part, min_size=n, max_size=n))) for _ in range(2))
    return _view((re + 1j * im).astype(dtype).reshape(shape), draw(st.integers(0, 3), label="view"))


def _same_complex(got, want):
    """Same dtype and shape, equal real and imaginary parts (a NaN matches a NaN)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape)
    np.testing.assert_array_equal(got.real, want.real)
    np.testing.assert_array_equal(got.imag, want.imag)


@given(data=st.data())
def test_complex_extrema_match_numpy(sim, data):
    x = data.draw(_complex_grid(), label="x")
    keepdims = data.draw(st.booleans(), label="keepdims")
    for func in ("max", "min"):
        axes = data.draw(_axes(x.ndim), label=f"{func} axes")
        with device_path(sim):
            got = _call(func, x, axis=axes, keepdims=keepdims)
        _same_complex(got, getattr(np, func)(x, axis=axes, keepdims=keepdims))
    for func in ("argmax", "argmin"):
        axis = data.draw(st.none() | st.integers(-x.ndim, x.ndim - 1), label=f"{func} axis")
        with device_path(sim):
            got = _call(func, x, axis=axis, keepdims=keepdims)
        _same_complex(got, getattr(np, func)(x, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_ties_and_nan(sim, dtype):
    nan = np.nan
    rows = [
        [1 + 2j, 1 + 3j, 1 + 3j, 1 - 1j, 1 - 1j],  # real ties; duplicates
        [1 + 2j, complex(1, nan), 3 + 0j, complex(nan, 1), 3 + 0j],  # NaN imag part first
        [complex(nan, 5), complex(2, nan), -4 + 0j, 9 + 0j, complex(nan, 5)],
        [-0.0 + 1j, 0j, -1j, complex(-0.0, -1), 1j],
    ]  # signed zeros tie
    x = np.array(rows, dtype=dtype)
    sim.launched.clear()
    for func in ("max", "min", "argmax", "argmin"):
        for axis in (None, 0, 1):
            for view in (x, x[:, ::-1], x.T):
                with device_path(sim):
                    got = _call(func, view, axis=axis, keepdims=axis == 1)
                _same_complex(got, getattr(np, func)(view, axis=axis, keepdims=axis == 1))
    with device_path(sim):
        assert int(np.asarray(_call("argmax", x[1]))) == 1  # the first NaN, not the last
        assert int(np.asarray(_call("argmin", x[0]))) == 3  # first of the duplicated minimum
    assert {desc.kind for desc, _ in sim.launched} == {"max", "min", "argmax", "argmin"}


def test_planned_stages_name_where_each_launch_reads_and_writes():
    # Note [Planned device reductions]: 0 is the input, 1 the output, 2 the temporary.
    x = _input("float32", (4, 96, 8), seed=2)
    out = np.empty((1, 1, 1), np.float64)
    with _two_stage():
        stages, temp = _cuda_backend.planned_stages(x, out, SPECS["sum"], "sum", np)
    assert [role for _, _, role in stages] == [(0, 2), (2, 1)]
    assert temp is not None and temp[1] == np.float64
    out = np.empty((4, 1, 8), np.float64)
    [(_, plan, role)] = _cuda_backend.planned_stages(x, out, SPECS["sum"], "sum", np)[0]
    assert role == (0, 1) and plan.n_out == 32
    for name in ("var", "count_nonzero"):  # these run other kernels first: not planned
        assert _cuda_backend.planned_stages(x, out, SPECS[name], name, np) is None
    flat = _input("float64", (4096,))
    with _two_stage():  # argmax of many elements runs in chunks, planned on their own
        one = np.empty((1,), np.int64)
        assert _cuda_backend.planned_stages(flat, one, SPECS["argmax"], "argmax", np) is None
        desc, plan, winners, sizes = _cuda_backend.planned_winners(
            flat, one, SPECS["argmax"], "argmax", np
        )
        assert sizes == (8, 512, 4096) and plan.n_out == 8 and plan.n_reduced == 512
        assert desc == winners and winners.result_ctype == "long long"
        strided = _input("float64", (8192,))[::2]  # the winners kernel reads dense memory
        assert _cuda_backend.planned_winners(strided, one, SPECS["argmax"], "argmax", np) is None
        assert _cuda_backend.planned_winners(flat, one, SPECS["sum"], "sum", np) is None


@pytest.mark.parametrize("func", ["sum", "max", "argmax", "argmin", "mean"])
@pytest.mark.parametrize("size", [4 * BLOCK * 3, 4 * BLOCK * 4 + 7])  # trips of four; a tail
def test_four_loads_a_trip_fold_in_order(sim, func, size):
    """Note [Loads in flight]: a long coalesced reduced dim runs the four-load loop; its folds
    keep the plain loop's order, so ties and NaNs still give the first index."""
    x = _input("float64", (size,), seed=7)
    x[size // 3] = x[2 * size // 3] = 9.0  # a tie for the maximum: the first one wins
    x[size // 5] = x[4 * size // 5] = -9.0
    for case in (x, x[::-1], np.where(np.arange(size) % 41 == 40, np.nan, x)):
        _compare(sim, func, case)
        _compare(sim, func, np.stack([case, case[::-1]]), axis=1)


COLUMN_FUNCS = ["sum", "mean", "max", "min", "argmax", "argmin", "any", "var", "std"]


@pytest.mark.parametrize("func", COLUMN_FUNCS)
def test_column_kernel_matches_cpu(sim, func):
    """Note [Column reductions]: a tile of adjacent outputs, its rows shared by row groups; rows
    in trips of four and a tail, tiles that straddle the kept dims, two reduced dims."""
    x = _input("float64", (4 * 4 * 3 + 5, 10), seed=11)  # BLOCK 16: 4 columns x 4 row groups
    x[7, 2] = x[30, 2] = 9.0  # a tie in one column: the first row wins
    x[[3, 40], 5] = np.nan  # the first NaN of a column
    cases = [(x, 0), (x[::-1], 0), (x.reshape(53, 2, 5), 0), (x[:, None, :], (0, 1))]
    cases.append((_input("float64", (4, 5, 8))[:, :3, :], (0, 1)))  # reduced dims not merged
    sim.launched.clear()
    for case, axis in cases:
        if func.startswith("arg") and isinstance(axis, tuple):
            continue  # one axis only
        _compare(sim, func, case, axis=axis)
    assert all(reads_columns(desc, plan, BLOCK) for desc, plan in sim.launched)


@pytest.mark.parametrize("func, dtype", SPLIT_CASES)
def test_two_stage_column_reductions(sim, func, dtype):
    """Note [Two-stage column reductions]: row chunks into a (parts, outputs) temporary,
    whose columns the column kernel reduces again."""
    x = _input(dtype, (24, 40), seed=4)
    if func == "max" and dtype in ("float64", "complex128"):
        x[9, 33] = np.nan
    sim.launched.clear()
    with _two_stage():
        _compare(sim, func, x, axis=0)
    (d1, first), (d2, second) = sim.launched
    assert first.kept_shape == (6, 40) and first.reduced_shape == (4,)
    assert second.kept_shape == (40,) and second.reduced_shape == (6,)
    assert reads_columns(d1, first, BLOCK) and reads_columns(d2, second, BLOCK)


def test_column_plans_pick_their_kernel_and_grid():
    from xtensor._jit.reduction import COLUMN_BLOCK, DEFAULT_BLOCK, reduction_block, reduction_grid

    desc = _cuda_backend.descriptor_for("sum", np.float32, np.float64, np.float32)
    column = _reduction_plan((8192,), (8192,))
    column = column.__class__(**{**column.__dict__, "in_reduced_strides": (4 * 8192,)})
    assert reduction_block(desc, column) == (COLUMN_BLOCK, True)
    assert reduction_grid(column, COLUMN_BLOCK, True, sms=132) == 256  # a tile of 32 outputs
    assert reduction_grid(column, COLUMN_BLOCK, True, sms=4) == 16  # strides over the rest
    row = _reduction_plan((8192,), (8192,))  # the reduced dim is the contiguous one
    assert reduction_block(desc, row) == (DEFAULT_BLOCK, False)
    narrow = column.__class__(**{**column.__dict__, "kept_shape": (31,)})  # under a tile
    assert reduction_block(desc, narrow) == (DEFAULT_BLOCK, False)
    [(_, first, temp), (_, second, _)] = _cuda_backend.split_reduction(
        SPECS["sum"], desc, column, np
    )
    assert first.kept_shape == (2, 8192) and first.out_strides == (8 * 8192, 8)
    assert first.in_kept_strides == (4 * 8192 * 4096, 4) and first.reduced_shape == (4096,)
    assert second.in_reduced_strides == (8 * 8192,) and temp.size == 2 * 8192
    argmax = _cuda_backend.descriptor_for("argmax", np.float32, np.float32, np.int64)
    assert len(_cuda_backend.split_reduction(SPECS["argmax"], argmax, column, np)) == 1


@pytest.mark.parametrize("func, dtype", [("sum", d) for d in FUNCS["sum"]] + [
    ("argmax", "float32"), ("argmin", "float64"), ("max", "int8"), ("any", "bool")
])  # fmt: skip
def test_vector_loads_with_tails_and_offsets(sim, func, dtype):
    """Note [Vector loads in reductions]: aligned dense rows read 16 bytes a load (a row that
    starts off 16 bytes, or strides, reads elements); a tail past the last whole vector."""
    x = _input(dtype, (3, 2 * 16 * BLOCK + 19), seed=13)
    if func.startswith("arg"):
        x[:, [7, 300]] = 9.0 if func == "argmax" else -9.0  # ties: the first index wins
    for start in (0, 1, 3):
        _compare(sim, func, x[:, start:], axis=1)
        _compare(sim, func, x[1, start:])

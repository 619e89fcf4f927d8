"""The CUDA backend's wiring, run without a GPU: iterator -> descriptor + LaunchPlan -> the
generated kernel, executed by the host simulator on NumPy memory, compared with the CPU path.

Each case runs the real dispatch path with the CUDA backend forced onto NumPy memory and a
launcher that records (descriptor, launch plan) instead of launching: pointers are host
addresses, and the hostsim harness then plays the device.
"""

import numpy as np
import pytest

import xtensor as xt
from xtensor import _elementwise
from xtensor._backends.cuda import CUDABackend
from xtensor._jit.hostsim import build_modules, have_compiler
from xtensor._jit.hostsim.driver import elementwise_entry
from xtensor._jit.plan import launch_pieces

pytestmark = pytest.mark.skipif(not have_compiler(), reason="no C++ compiler")

rng = np.random.default_rng(7)
A = rng.standard_normal((37, 29))
F32 = rng.standard_normal(1003).astype(np.float32)
SPECIAL = np.array([np.inf, -np.inf, 3.0, -3.0, 0.0, -0.0, np.nan, 1.5])

CASES = {
    "add_contiguous_vectorized": ("add", lambda: [F32, F32[::-1].copy()]),
    "add_transposed": ("add", lambda: [A.T, (2 * A).T]),
    "add_negative_strides": ("add", lambda: [A[::-1, ::-2], 1.0]),
    "multiply_dynamic_casting": (
        "multiply",
        lambda: [np.arange(-50, 50, dtype=np.int8), np.arange(100, dtype=np.int16)],
    ),
    "subtract_scalar_lhs": ("subtract", lambda: [2.5, F32]),
    "less_broadcast_bool_out": ("less", lambda: [A, A[3]]),
    "abs_complex_to_real": ("abs", lambda: [(A + 1j * A[::-1]).astype(np.complex64)]),
    "exp_int_to_float": ("exp", lambda: [np.arange(-20, 20, dtype=np.int16)]),
    "divide_int_true_division": (
        "divide",
        lambda: [np.arange(1, 60, dtype=np.int32), np.int32(7) + np.zeros(59, np.int32)],
    ),
    "floor_divide_special_cases": ("floor_divide", lambda: [SPECIAL[:, None], SPECIAL[None, :]]),
    "clip_two_scalars": ("clip", lambda: [A, -0.5, 0.5]),
    "bitwise_left_shift": (
        "bitwise_left_shift",
        lambda: [np.arange(16, dtype=np.int64), np.arange(16, dtype=np.int64) * 5],
    ),
}


def _op(name):
    return _elementwise._CLIP if name == "clip" else getattr(xt, name)._op


def _append_to(launched):
    return lambda desc, plan: launched.append((desc, plan))


def _recording(elementwise, launched):
    def record(op, it):
        launched.append(it)
        elementwise(op, it)

    return record


@pytest.fixture(scope="module")
def planned():
    """Plan every case, then build all needed kernels into host libraries in one go."""
    plans = {}
    for case, (name, make) in CASES.items():
        data = make()
        launched = []
        # The recorded iterator keeps every operand alive (a scalar made a 0-d array too).
        backend = CUDABackend(launcher=_append_to(launched))
        backend.elementwise = _recording(backend.elementwise, launched)
        _op(name).run(data, data, backend=backend)
        (it, (desc, plan)) = launched
        plans[case] = (data, it, desc, plan, launch_pieces(desc, plan))
    entries = {}
    for _, _, desc, _, pieces in plans.values():
        for variant, _ in pieces:
            entry = elementwise_entry(desc, variant)
            entries[entry[0]] = entry
    groups = [list(entries.values())[i::2] for i in range(2)]
    modules = build_modules([g for g in groups if g])
    return plans, modules


def _module_for(modules, name):
    return next(m for m in modules if name in m.names)


@pytest.mark.parametrize("case", sorted(CASES))
def test_generated_kernel_matches_cpu_path(planned, case):
    plans, modules = planned
    data, it, desc, plan, pieces = plans[case]
    from xtensor._jit.codegen import kernel_name

    for variant, piece in pieces:
        _module_for(modules, kernel_name(desc, variant)).launch(desc, variant, piece)
    got = it.outputs[0]
    name = CASES[case][0]
    inputs = [xt.asarray(d) if isinstance(d, np.ndarray) else d for d in data]
    want = np.asarray(xt.clip(*inputs) if name == "clip" else getattr(xt, name)(*inputs))
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(
        got, want, rtol=2e-6 if got.dtype.kind in "fc" else 0, equal_nan=True
    )
    if got.dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(got[got == 0]), np.signbit(want[want == 0]))


def test_variants_chosen_from_iterator_facts(planned):
    plans, _ = planned
    variant_of = {case: plans[case][4][0][0] for case in plans}
    assert variant_of["add_contiguous_vectorized"].contiguous
    assert variant_of["add_contiguous_vectorized"].vec_size in (2, 4)
    assert not variant_of["less_broadcast_bool_out"].contiguous
    assert variant_of["multiply_dynamic_casting"].dynamic_casting
    assert variant_of["subtract_scalar_lhs"].scalar_pos.name == "LHS"
    assert variant_of["add_negative_strides"].scalar_pos.name == "RHS"
    # A transposed pair coalesces to one contiguous run: the output follows A.T's layout.
    assert plans["add_transposed"][3].shape == (37 * 29,)


# ---- Note [Planned device calls] ------------------------------------------------------------


def _numpy_address(a) -> int:
    return a.__array_interface__["data"][0]


def _recorded(name, data):
    """(descriptor, LaunchPlan, iterator) of one full-path call on host memory."""
    launched = []
    backend = CUDABackend(launcher=lambda desc, plan: launched.append((desc, plan)))
    backend.elementwise = _recording(backend.elementwise, launched)
    _op(name).run(data, data, backend=backend)
    it, (desc, plan) = launched
    return desc, plan, it


@pytest.mark.parametrize(
    "name, make",
    [
        ("add", lambda r: [r.standard_normal(1003), r.standard_normal(1003)]),  # vectorized
        ("multiply", lambda r: [r.standard_normal((7, 5))[:, ::2], 2.5]),  # strided, RHS
        ("subtract", lambda r: [3, r.integers(0, 9, (4, 6)).astype(np.int16)]),  # LHS int
        ("less", lambda r: [r.standard_normal((6, 1)), r.standard_normal(9)]),  # broadcast
    ],
)
def test_planned_launch_fills_what_the_full_path_passes(name, make):
    from xtensor._backends.cuda import launch_plan
    from xtensor._backends.cuda_calls import plan_launch
    from xtensor._jit.plan import kernel_args

    first = make(np.random.default_rng(1))
    desc, plan, it = _recorded(name, first)
    planned = plan_launch(desc, it, first, launch_plan, _numpy_address, np, None)
    assert planned is not None and planned.function is None  # no device: nothing loaded
    second = make(np.random.default_rng(2))  # the same signature, new buffers and scalar
    want_desc, want_plan, want_it = _recorded(name, second)
    [(variant, piece)] = launch_pieces(want_desc, want_plan)
    got = planned.fill(want_it.outputs[0], second)
    want = kernel_args(want_desc, variant, piece)
    assert want_desc == desc and len(got) == len(want)
    for g, w in zip(got, want):
        assert type(g) is type(w) and (
            g == w if not isinstance(w, np.void) else g.tobytes() == w.tobytes()
        )


def test_planned_launch_refuses_misaligned_vector_operands():
    from xtensor._backends.cuda import launch_plan
    from xtensor._backends.cuda_calls import plan_launch

    base = np.zeros(2001)
    first = [base[:1000], base[1000:2000]]
    desc, plan, it = _recorded("add", first)
    planned = plan_launch(desc, it, first, launch_plan, _numpy_address, np, None)
    assert max(planned.aligns) > 1  # the recorded call loads vectors
    shifted = [base[1:1001], base[1001:]]  # the same signature, 8 bytes off the alignment
    assert planned.fill(np.empty(1000), shifted) is None


def test_planned_launch_only_for_one_launch_into_c_order():
    from xtensor._backends.cuda import launch_plan
    from xtensor._backends.cuda_calls import plan_launch

    a = np.ones((5, 4)).T  # the output follows the input's Fortran layout
    desc, plan, it = _recorded("exp", [a])
    assert plan_launch(desc, it, [a], launch_plan, _numpy_address, np, None) is None

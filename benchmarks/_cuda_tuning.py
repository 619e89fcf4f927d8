"""The "blocks" group of bench_cuda.py: xtensor's own launches timed other ways (threads per
reduction block, grid-stride blocks per SM, CuPy handed the arrays), each beside the reference,
as data for choosing the defaults on a GPU. `timed_case` and `libs` are bench_cuda.py's."""

from __future__ import annotations

import importlib

import xtensor as xt


def tuning_rows(libs, side: int, timed_case) -> list:
    """xtensor's sums with other block sizes (Note [Column reductions]): data to choose the
    defaults by, each against the reference at the same call."""
    from xtensor._dispatch import PLANS  # lazy: only this group swaps the kernels' blocks
    from xtensor._jit import reduction as jit_reduction

    (m,), (xm,), _ = libs.inputs(libs.random((side, side), 6))
    rows, saved = [], (jit_reduction.DEFAULT_BLOCK, jit_reduction.COLUMN_BLOCK)
    trials = [("DEFAULT_BLOCK", b, axis) for b in (128, 256, 512) for axis in (1, None)]
    trials += [("COLUMN_BLOCK", b, 0) for b in (256, 512, 1024)]
    try:
        for knob, block, axis in trials:
            setattr(jit_reduction, knob, block)
            PLANS.clear()
            fns = (lambda a=axis: xt.sum(xm, axis=a), lambda a=axis: libs.ref.sum(m, axis=a), None)
            rows.append(timed_case(libs, "blocks", f"sum(axis={axis}) {knob}={block}", fns))
            setattr(jit_reduction, knob, dict(zip(("DEFAULT_BLOCK", "COLUMN_BLOCK"), saved))[knob])
    finally:
        jit_reduction.DEFAULT_BLOCK, jit_reduction.COLUMN_BLOCK = saved
        PLANS.clear()
    return rows + launch_rows(libs, side * side, timed_case)


def launch_rows(libs, n: int, timed_case) -> list:
    """Elementwise launches other ways: a planned small call handing CuPy the arrays
    (cuda_calls.PASS_ARRAYS), and a large `add` with more blocks than the grid-stride
    default (BLOCKS_PER_SM), up to one thread per vector."""
    from xtensor._backends import cuda_calls  # lazy: only this group swaps the launches
    from xtensor._dispatch import PLANS

    launch = importlib.import_module("xtensor._jit.launch")  # (the package exports a function)

    rows = []
    saved = cuda_calls.PASS_ARRAYS, launch.BLOCKS_PER_SM, cuda_calls.BLOCKS_PER_SM
    (a, b), (xa, xb), _ = libs.inputs(libs.random(16, 7), libs.random(16, 8))
    (c, d), (xc, xd), _ = libs.inputs(libs.random(n, 12), libs.random(n, 13))
    try:
        for flag in (False, True):
            cuda_calls.PASS_ARRAYS = flag
            PLANS.clear()
            fns = (lambda: xt.add(xa, xb), lambda: a + b, None)
            case = f"add 16 elements, PASS_ARRAYS={flag}"
            rows.append(timed_case(libs, "blocks", case, fns, calls=1000))
        cuda_calls.PASS_ARRAYS = saved[0]
        for per_sm in (16, 64, 1 << 20):
            launch.BLOCKS_PER_SM = cuda_calls.BLOCKS_PER_SM = per_sm
            PLANS.clear()
            fns = (lambda: xt.add(xc, xd), lambda: c + d, None)
            rows.append(timed_case(libs, "blocks", f"add f32 n, BLOCKS_PER_SM={per_sm}", fns))
    finally:
        cuda_calls.PASS_ARRAYS, launch.BLOCKS_PER_SM, cuda_calls.BLOCKS_PER_SM = saved
        PLANS.clear()
    return rows

"""Everyday script calls across sizes: xtensor / NumPy, one process, interleaved medians.

    python benchmarks/bench_sweep.py                     # sizes 10, 1000, 10**5, 10**6
    python benchmarks/bench_sweep.py --sizes 10,10000 --only sort

Each case is an expression (or a statement) of `m` (the module: numpy or xtensor), `a` and
`b` (1-d float64 arrays of the size) and `M` (`a` as two rows); the ratio of a case is the
median over rounds of xtensor's time over NumPy's, each timed for about `--budget` seconds
(CPU seconds with one thread, wall-clock seconds with more: `cpu_seconds`). The suite
(`bench_suite.py`) covers the issue's categories; this sweep catches the calls between them
(methods, sorts, masks, small scans) at the sizes scripts use.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import xtensor as xt

CASES = [
    "a + b", "a * 2.0", "m.exp(a)", "a ** 2", "a * 2 + 1", "a < b", "m.clip(a, 0.2, 0.8)",
    "a.sum()", "a.max()", "a.argmax()", "a.mean()", "m.std(a)", "M.sum(axis=1)",
    "m.count_nonzero(a > 0.5)", "a[a > 0.5]", "a[::-1]", "a[[0, 1, 2]]", "m.take(a, [0, 1, 2])",
    "m.sort(a)", "m.argsort(a)", "m.cumsum(a)", "m.cumulative_sum(a)",
    "m.where(a > 0.5, a, 0.0)", "m.where(a > 0.5)", "m.add(a, b, out=b)", "a.astype(m.float32)",
    "m.concatenate([a, b])", "m.dot(a, b)", "m.unique(m.round(a, 1))", "m.isnan(a).any()",
    "m.sum(a)", "m.argmax(a)", "m.count_nonzero(a)", "m.where(a > 0.5, 1, 0)", "a ** 0.5",
    "a // 0.3", "a @ b", "a.copy()", "a[:, None]", "m.empty_like(a)", "m.zeros_like(a)",
    "a.astype(int)", "m.asarray(a, dtype=m.float32)", "m.vstack([a, b])", "m.flip(a)",
    "m.nanmax(a)", "m.nan_to_num(a)", "m.outer(a[:20], b[:20])", "float(a[0])",
    # the everyday calls between the chapters (a seventh round)
    "len(a)", "m.abs(a)", "m.sqrt(a)", "m.maximum(a, 0.5)", "m.nansum(a)", "m.nanmin(a)",
    "m.hstack([a, b])", "m.stack([a, b])", "m.column_stack([a, b])", "m.meshgrid(a[:20], b)",
    "m.tile(a, 2)", "m.repeat(a, 2)", "m.eye(5)", "m.full(20, 3.0)", "m.linspace(0, 1, 20)",
    "m.median(a)", "m.percentile(a, 50)", "m.diff(a)", "a.std()", "m.ptp(a)", "m.trapezoid(a)",
    "m.searchsorted(a, 0.5)", "m.interp(0.5, a, b)", "m.convolve(a[:20], b)",
    "m.cross(a[:3], b[:3])", "m.polyval([1, 2], a)", "m.einsum('i,i->', a, b)",
    "m.linalg.norm(a)", "m.arange(20)", "a.T",
    # methods and attributes (an eighth round)
    "a.squeeze()", "a.ravel()", "a.flatten()", "a.conj()", "a.real", "a.base", "a.nbytes",
    "a.item(0)", "a.tolist()", "a.cumsum()", "m.copy(a)", "a.dot(b)", "a.nonzero()",
    "m.asarray([[1.0, 2.0], [3.0, 4.0]])", "m.add.reduce(a)", "m.linalg.pinv(M[:, :2])",
    "m.einsum('i->', a)",
    # indexing, draws, transforms, dtypes and NumPy's helpers (a ninth round)
    "a.flags.c_contiguous", "a.flat[3]", "M[..., 0]", "M[1, 1]", "a[3] = 1.0", "a[a > 0.5] = 0.0",
    "a[[0, 1]] = 0.0", "a.fill(0.0)", "M.transpose()", "a.argsort()", "m.ravel(M)",
    "m.array(a)", "m.vdot(a, b)", "m.inner(a, b)", "m.add.accumulate(a)", "m.fft.fft(a)",
    "m.fft.rfft(a)", "m.fft.fftfreq(20)", "m.random.rand(20)", "m.random.normal(0, 1, 20)",
    "m.finfo(m.float64)", "m.result_type(a, 1)", "m.float64(3.0)", "m.trace(M[:2, :2])",
    "m.linalg.det(M[:2, :2])", "m.flipud(M)", "m.unique(m.round(a))", "m.isin(a, b)",
]  # fmt: skip


def cpu_seconds(fn, budget: float) -> float:
    """Seconds per call of `fn`, over at least `budget` seconds: CPU seconds of the process
    with one thread (other processes' time on the cores left out), wall-clock seconds with
    more (the CPU seconds of several threads add up)."""
    clock = time.process_time if xt.get_num_threads() == 1 else time.perf_counter
    calls = 1
    while True:
        start = clock()
        for _ in range(calls):
            fn()
        spent = clock() - start
        if spent >= budget:
            return spent / calls
        calls *= 4


def ratio(expr: str, n: int, rounds: int, budget: float) -> float:
    rng = np.random.default_rng(0)
    a, b = rng.random(n), rng.random(n)
    M = a.reshape(2, -1) if n % 2 == 0 else a.reshape(1, -1)
    env = {"np": (np, a, b.copy(), M), "xt": (xt, xt.asarray(a), xt.asarray(b.copy()), None)}
    env["xt"] = (*env["xt"][:3], xt.asarray(M))
    try:
        code = compile(expr, expr, "eval")
    except SyntaxError:  # a statement (`a[3] = 1.0`): its time, no value
        code = compile(expr, expr, "exec")
    fns = {k: (lambda m=m, a=a, b=b, M=M: eval(code)) for k, (m, a, b, M) in env.items()}
    ratios = []
    for _ in range(rounds):
        ratios.append(cpu_seconds(fns["xt"], budget) / cpu_seconds(fns["np"], budget))
    return statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,1000,100000,1000000")
    parser.add_argument("--only", default="", help="cases containing this text")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.01)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"threads: {xt.get_num_threads()}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'case':32}" + "".join(f"{n:>10}" for n in sizes))
    for expr in CASES:
        if args.only in expr:
            cells = "".join(f"{ratio(expr, n, args.rounds, args.budget):10.2f}" for n in sizes)
            print(f"{expr:32}" + cells, flush=True)


if __name__ == "__main__":
    main()

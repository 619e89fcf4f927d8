"""Namespace functions beyond elementwise ops: xtensor vs NumPy, one process, interleaved.

    python benchmarks/bench_namespace.py [--repeat 15] [--threads N] [--only tiny|large]

Reductions, where, matmul, indexing, joining and sorting, each on a tiny input (10 elements,
where Python overhead dominates; see Note [Small-call fast path] in
xtensor/_dispatch/elementwise.py) and
on a large one (10**7 float32, a (4000, 4000) float32 matrix, or 1000x1000 for matmul). Each
case times NumPy and xtensor alternately `--repeat` times on the same inputs and reports the
median per-call time of each and the ratio xtensor/NumPy (below 1 means xtensor is faster).
Tiny cases time a batch of calls per sample so timer resolution does not dominate. `sort`
compares with NumPy's stable sort, which is what xtensor's default (stable=True) promises.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import compare, fmt

import xtensor as xt

TINY_CALLS = 5000


def _pair(a):
    return a, xt.asarray(a)


def _cases(size: str, v, m, sq):
    """(name, numpy fn, xtensor fn) for vector `v`, matrix `m` and square `sq` pairs."""
    (vn, vx), (mn, mx), (sn, sx) = v, m, sq
    mask_n, mask_x = vn > 0.5, vx > 0.5
    n = vn.shape[0]
    return [
        (f"sum {size}", lambda: np.sum(vn), lambda: xt.sum(vx)),
        (f"sum(axis=0) {size}", lambda: np.sum(mn, axis=0), lambda: xt.sum(mx, axis=0)),
        (f"sum(axis=1) {size}", lambda: np.sum(mn, axis=1), lambda: xt.sum(mx, axis=1)),
        (f"max {size}", lambda: np.max(vn), lambda: xt.max(vx)),
        (f"mean {size}", lambda: np.mean(vn), lambda: xt.mean(vx)),
        (f"var {size}", lambda: np.var(vn), lambda: xt.var(vx)),
        (f"argmax {size}", lambda: np.argmax(vn), lambda: xt.argmax(vx)),
        (
            f"where(x>.5,x,0.) {size}",
            lambda: np.where(vn > 0.5, vn, 0.0),
            lambda: xt.where(vx > 0.5, vx, 0.0),
        ),
        (f"matmul {size}", lambda: sn @ sn, lambda: sx @ sx),
        (f"x[1:n-1] {size}", lambda: vn[1 : n - 1], lambda: vx[1 : n - 1]),
        (f"x[mask] {size}", lambda: vn[mask_n], lambda: vx[mask_x]),
        (f"concat {size}", lambda: np.concatenate((vn, vn)), lambda: xt.concat((vx, vx))),
        (f"stack {size}", lambda: np.stack((vn, vn)), lambda: xt.stack((vx, vx))),
        (f"reshape {size}", lambda: np.reshape(vn, (2, -1)), lambda: xt.reshape(vx, (2, -1))),
        (f"sort {size}", lambda: np.sort(vn, kind="stable"), lambda: xt.sort(vx)),
    ]


def cases(which: str):
    rng = np.random.default_rng(0)
    out = []
    if which in ("all", "tiny"):
        tiny = _cases(
            "(n=10)", _pair(rng.random(10)), _pair(rng.random((2, 5))), _pair(rng.random((10, 10)))
        )
        out += [(name, f, g, TINY_CALLS) for name, f, g in tiny]
    if which in ("all", "large"):
        large = _cases(
            "(large)",
            _pair(rng.random(10**7, dtype=np.float32)),
            _pair(rng.random((4000, 4000), dtype=np.float32)),
            _pair(rng.random((1000, 1000), dtype=np.float32)),
        )
        out += [(name, f, g, 1) for name, f, g in large]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--only", choices=("all", "tiny", "large"), default="all")
    args = parser.parse_args()
    if args.threads:
        xt.set_num_threads(args.threads)
    print(f"threads={xt.get_num_threads()}  numpy {np.__version__}  repeat={args.repeat}")
    print(f"{'case':28} {'numpy':>11} {'xtensor':>11} {'xt/np':>7}")
    for name, np_fn, xt_fn, calls in cases(args.only):
        t_np, t_xt = compare(np_fn, xt_fn, args.repeat, calls)
        print(f"{name:28} {fmt(t_np):>11} {fmt(t_xt):>11} {t_xt / t_np:7.2f}", flush=True)


if __name__ == "__main__":
    main()

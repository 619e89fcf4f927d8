"""Elementwise ops: xtensor vs NumPy, in one process, interleaved, medians.

    python benchmarks/bench_elementwise.py [--repeat 15] [--threads N]

Each case times NumPy and xtensor alternately `--repeat` times on the same inputs and reports
the median per-call time of each and the ratio xtensor/NumPy (below 1 means xtensor is faster).
Tiny cases time a batch of calls per sample so timer resolution does not dominate.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import compare, fmt

import xtensor as xt


def cases():
    rng = np.random.default_rng(0)
    t_np = rng.random(10)
    t_np2 = rng.random(10)
    t_xt, t_xt2 = xt.asarray(t_np), xt.asarray(t_np2)
    big = rng.random(10**7, dtype=np.float32)
    big2 = rng.random(10**7, dtype=np.float32)
    b_xt, b_xt2 = xt.asarray(big), xt.asarray(big2)
    m = rng.random((2000, 2000))
    row = rng.random(2000)
    m_xt, row_xt = xt.asarray(m), xt.asarray(row)
    return [
        ("tiny x + y (n=10)", lambda: t_np + t_np2, lambda: t_xt + t_xt2, 20000),
        ("tiny exp (n=10)", lambda: np.exp(t_np), lambda: xt.exp(t_xt), 20000),
        ("add 1e7 float32", lambda: np.add(big, big2), lambda: xt.add(b_xt, b_xt2), 1),
        ("exp 1e7 float32", lambda: np.exp(big), lambda: xt.exp(b_xt), 1),
        ("sin 1e7 float32", lambda: np.sin(big), lambda: xt.sin(b_xt), 1),
        ("(2000,2000)+(2000,) f64", lambda: m + row, lambda: m_xt + row_xt, 1),
        ("A.T + A (2000,2000) f64", lambda: m.T + m, lambda: m_xt.T + m_xt, 1),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    if args.threads:
        xt.set_num_threads(args.threads)
    print(f"threads={xt.get_num_threads()}  numpy {np.__version__}  repeat={args.repeat}")
    print(f"{'case':28} {'numpy':>11} {'xtensor':>11} {'xt/np':>7}")
    for name, np_fn, xt_fn, calls in cases():
        t_np, t_xt = compare(np_fn, xt_fn, args.repeat, calls)
        print(f"{name:28} {fmt(t_np):>11} {fmt(t_xt):>11} {t_xt / t_np:7.2f}")


if __name__ == "__main__":
    main()

"""A survey of everyday NumPy calls on 20 elements: xtensor / NumPy, interleaved, one process.

    python benchmarks/bench_survey.py [--rounds 7] [--only TEXT] [--over 1.05] [--protocols]
                                      [--keywords] [--scale K]

Each case of `_survey_cases.py` (manipulation, sets, statistics, NumPy's helpers, linalg,
fft, random, dtype objects, indexing and assignment, methods, operators) runs on NumPy's
and on xtensor's copies of the same inputs, in alternating batches of 1,000 calls; its ratio
is the median over rounds of xtensor's batch time over NumPy's. Prints the cases worst
first (those above `--over`, default all) and the geometric mean: the per-call cost of what
scripts call between the suite's categories (`bench_suite.py`, `bench_sweep.py`).

`--keywords` times `_keyword_cases.py` instead: the same kind of calls with NumPy's keywords
and spellings (`axis=`, `dtype=float`, `order='F'`, `out=`, `where=`, methods with arguments).
`--protocols` runs NumPy's own functions (`m` is numpy on both sides) on xtensor's arrays
against NumPy's: what a library that calls `np.mean(x)` pays for NumPy's override protocols
(`__array_function__`, `__array_ufunc__`) and xtensor's answer behind them.

`--scale K` makes every input K times longer along its first axis (`a` of 20*K elements, `M`
of 4*K rows; `S` stays 4x4) and times batches of max(1, 1000 // K) calls: the same calls at
the sizes where the loops, not the call, cost (cases whose literal shapes no longer fit say
so and are skipped).
"""

from __future__ import annotations

import argparse
import math
import statistics
import timeit
import warnings

import numpy as np
from _keyword_cases import CASES as KEYWORD_CASES
from _survey_cases import CASES

import xtensor as xt


def inputs(m, module=None, scale: int = 1) -> dict:
    """The names the cases read: `a`, `b` (20 float64), `M` (4x5), `S` (4x4, invertible), `i`
    (20 int64), `bo` (20 bool), `T` (3x4x5), arrays of `m`, `m` itself (or `module`) and `np`
    (NumPy's scalars and dtypes in the keyword cases); `scale` times longer first axes."""
    n = 20 * scale
    return dict(
        m=m if module is None else module,
        a=m.asarray(np.linspace(0.1, 2, n)),
        b=m.asarray(np.linspace(1, 3, n)),
        M=m.asarray(np.linspace(0, 1, n).reshape(4 * scale, 5)),
        S=m.asarray(np.linspace(1, 2, 16).reshape(4, 4) + 3 * np.eye(4)),
        i=m.asarray(np.arange(n) % 7),
        bo=m.asarray(np.arange(n) % 3 == 0),
        T=m.asarray(np.linspace(0, 1, 3 * n).reshape(3 * scale, 4, 5)),
        np=np,
    )


def ratio(case: str, rounds: int, module=None, scale: int = 1) -> tuple[float, float]:
    """(NumPy's median ns per call, the median ratio xtensor / NumPy) of `case`, its `m` being
    `module` on both sides where given."""
    numpy_timer = timeit.Timer(case, globals=inputs(np, module, scale))
    xtensor_timer = timeit.Timer(case, globals=inputs(xt, module, scale))
    number = max(1, 1000 // scale)
    numpy_timer.timeit(min(10, number)), xtensor_timer.timeit(min(10, number))
    pairs = [(numpy_timer.timeit(number), xtensor_timer.timeit(number)) for _ in range(rounds)]
    ns = statistics.median(n for n, _ in pairs) * 1e9 / number
    return ns, statistics.median(x / n for n, x in pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", default="", help="cases containing this text")
    parser.add_argument("--over", type=float, default=0.0, help="print cases above this ratio")
    parser.add_argument(
        "--protocols", action="store_true", help="NumPy's functions on xtensor's arrays"
    )
    parser.add_argument("--keywords", action="store_true", help="_keyword_cases.py's calls")
    parser.add_argument("--scale", type=int, default=1, help="inputs K times longer")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    results = []
    for case in KEYWORD_CASES if args.keywords else CASES:
        if args.only in case:
            try:
                module = np if args.protocols else None
                results.append((*ratio(case, args.rounds, module, args.scale), case))
            except Exception as e:  # noqa: BLE001 - a call one library refuses: said, skipped
                print(f"{case:45} error: {type(e).__name__}: {e}"[:120])
    for ns, r, case in sorted(results, key=lambda t: -t[1]):
        if r > args.over:
            print(f"{case:45} numpy {ns:8.0f} ns  xtensor/numpy {r:5.2f}")
    geomean = math.exp(statistics.fmean(math.log(r) for _, r, _ in results))
    print(
        f"{len(results)} cases, geomean {geomean:.2f}, above 1.5: "
        f"{sum(r > 1.5 for _, r, _ in results)}, above 1.1: {sum(r > 1.1 for _, r, _ in results)}"
    )


if __name__ == "__main__":
    main()

"""Small-call overhead: xtensor against NumPy on tiny arrays (issue 13, item 1).

    python benchmarks/bench_tiny.py [--threads 1|default|both] [--repeat N] [--only TEXT]
                                    [--clock wall|cpu] [--json PATH] [--pure]

Every case runs the same expression on NumPy and on xtensor inputs holding the same values,
INTERLEAVED in one process (`_timing.interleaved`: each sample is a batch of back-to-back
calls, rounds rotate the order), and reports the median of the paired ratios xtensor / NumPy.
The target is a geometric mean of at most 1.3 and no case above 1.6. Sizes are n = 10 and
n = 1,000; the core cases also run on int64 and float32.

Thread settings: `1` sets xtensor to one thread (NumPy's loops are single-threaded anyway),
`default` keeps xtensor's default; `both` (the default) runs one after the other. At these
sizes the iterator never splits work, so the two should agree: a difference means a per-call
cost of the thread machinery. `--clock cpu` times process CPU seconds, which leaves out the
time other processes hold the cores on a busy machine.

`--pure` runs xtensor without its compiled hot path (XTENSOR_PURE_PYTHON=1, see Note
[Compiled hot path] in xtensor/_dispatch/_cfast.c): the pure-Python twins of the same paths.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import sys
import time

if "--pure" in sys.argv:  # read once, when xtensor is imported
    os.environ["XTENSOR_PURE_PYTHON"] = "1"

import numpy as np
from _timing import calls_for, fmt, interleaved

import xtensor as xt
from xtensor._dispatch.compiled import CFAST

SIZES = (10, 1000)
CORE_DTYPES = ("float64", "int64", "float32")


def _inputs(n: int, dtype: str, count: int) -> list:
    rng = np.random.default_rng(n + count)
    values = (
        rng.uniform(1, 2, size=(count, n)) if dtype != "int64" else rng.integers(1, 9, (count, n))
    )
    return [v.astype(dtype) for v in values]


def _core(n: int, dtype: str) -> list:
    """(name, numpy inputs, function of (module, *inputs)) for the cases run on each dtype."""
    tag = f"{dtype} n={n}"
    one, two = _inputs(n, dtype, 1), _inputs(n, dtype, 2)
    return [
        (f"add(a, b) {tag}", two, lambda m, a, b: m.add(a, b)),
        (f"a + b {tag}", two, lambda m, a, b: a + b),
        (f"a * 2.0 {tag}", one, lambda m, a: a * 2.0),
        (f"less(a, b) {tag}", two, lambda m, a, b: m.less(a, b)),
        (f"a < b {tag}", two, lambda m, a, b: a < b),
        (f"sum(a) {tag}", one, lambda m, a: m.sum(a)),
        (f"a.sum() {tag}", one, lambda m, a: a.sum()),
        (f"max(a) {tag}", one, lambda m, a: m.max(a)),
        (f"where(c, a, b) {tag}", two, lambda m, a, b: m.where(a < 1.5, a, b)),
        (f"a.astype(float32) {tag}", one, lambda m, a: a.astype(m.float32)),
        (f"x[1:5] {tag}", one, lambda m, a: a[1:5]),
    ]


def _float64(n: int) -> list:
    """Cases run on float64 only."""
    tag = f"float64 n={n}"
    one, two = _inputs(n, "float64", 1), _inputs(n, "float64", 2)
    mask = [one[0] < 1.5]
    half = n // 2

    def iadd(m, x, y):
        x += y
        return x

    return [
        (f"mean(a) {tag}", one, lambda m, a: m.mean(a)),
        (f"exp(a) {tag}", one, lambda m, a: m.exp(a)),
        (f"sqrt(a) {tag}", one, lambda m, a: m.sqrt(a)),
        (f"x += y {tag}", two, iadd),
        (f"x[i] {tag}", one, lambda m, a: a[3]),
        (f"x.reshape(2, {half}) {tag}", one, lambda m, a: a.reshape(2, half)),
        (f"x.T {tag}", [one[0].reshape(2, half)], lambda m, a: a.T),
        (f"where(c, a, b) given c {tag}", mask + two, lambda m, c, a, b: m.where(c, a, b)),
        (f"asarray(list) {tag}", [], functools.partial(_asarray, values=one[0].tolist())),
        (f"zeros({n}) {tag}", [], lambda m: m.zeros(n)),
        (f"zeros({n}, dtype=float32) {tag}", [], lambda m: m.zeros(n, dtype=m.float32)),
        (f"arange({n}) {tag}", [], lambda m: m.arange(n)),
    ]


def _asarray(m, values):
    return m.asarray(values)


def all_cases() -> list:
    cases = []
    for n in SIZES:
        for dtype in CORE_DTYPES:
            cases += _core(n, dtype)
        cases += _float64(n)
    return cases


def run(threads: str, args) -> dict:
    """{case name: (numpy seconds, xtensor seconds, median paired ratio)} for one setting."""
    xt.set_num_threads(1 if threads == "1" else args.default_threads)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    results = {}
    path = "compiled" if CFAST is not None else "pure Python"
    print(f"\n== threads: {threads} (xtensor {xt.get_num_threads()}), clock {args.clock}, {path}")
    print(f"{'case':<40} {'numpy':>10} {'xtensor':>10} {'ratio':>7}")
    for name, values, fn in all_cases():
        if args.only and args.only not in name:
            continue
        xt_values = [xt.asarray(v.copy()) for v in values]
        np_values = [v.copy() for v in values]
        fns = {
            "numpy": functools.partial(fn, np, *np_values),
            "xtensor": functools.partial(fn, xt, *xt_values),
        }
        calls = calls_for(fns["xtensor"], args.sample_s)
        timed = interleaved(fns, args.repeat, calls, clock)
        (np_s, _), (xt_s, ratio) = timed["numpy"], timed["xtensor"]
        results[name] = (np_s, xt_s, ratio)
        flag = "  <-- above 1.6" if ratio > 1.6 else ""
        print(f"{name:<40} {fmt(np_s):>10} {fmt(xt_s):>10} {ratio:>7.2f}{flag}")
    ratios = [r for _, _, r in results.values()]
    if ratios:
        geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"geomean {geomean:.2f}, max {max(ratios):.2f}, cases {len(ratios)}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", choices=("1", "default", "both"), default="both")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--sample-s", type=float, default=0.002, help="seconds per sample")
    parser.add_argument("--only", default=None, help="cases whose name contains this text")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--json", default=None, help="write the results to this file")
    parser.add_argument("--pure", action="store_true", help="without the compiled hot path")
    args = parser.parse_args()
    args.default_threads = xt.get_num_threads()
    settings = ("1", "default") if args.threads == "both" else (args.threads,)
    results = {s: run(s, args) for s in settings}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()

"""Where splitting pays: one chunk vs parallel chunks, by array size and kind of work.

    python benchmarks/bench_grain.py [--repeat 31] [--threads 2] [--costly] [--json PATH]

For each size and workload, times the iterator running the work as one chunk in the calling
thread and as parallel chunks on `--threads` threads (chunks handed out as threads ask, see
Note [Dynamic chunks] in xtensor/_iter/parallel.py), interleaved, and prints the median of the
paired ratios parallel/one (below 1: the split pays). Workloads: float32 `add` (memory bound:
12 bytes per element), `exp` (compute bound), `max` (a reduction reading 4 bytes per element),
a float64 `add`, and `a += b` in float32 and float64 (memory bound, on operands the caches may
hold). The smallest size where the split wins for every workload, on an otherwise busy machine
too, is where GRAIN_SIZE belongs (Note [Grain size]), and for memory-bound ops, where
MEMORY_BOUND_BYTES does (Note [Memory-bound grain] in xtensor/_backends/cpu.py).

`--costly` times loops of several nanoseconds an element instead (float64 `sin`, `exp` and
`floor_divide`, complex128 `exp`, float32 `sin`) from 2**13 elements, each cell the ratio and
the one-chunk time: where the split pays by the time of a call, not its size, is where
cpu_grain.CHUNK_NS belongs (Note [Costly loops] in xtensor/_backends/cpu_grain.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from xtensor._backends import cpu
from xtensor._iter import ELEMENTWISE, REDUCTION, build, parallel
from xtensor._iter.reduce import run_reduction


def _elementwise(ufunc, dtype, in_place=False):
    loop = cpu.ufunc_loop(ufunc)

    def make(n):
        rng = np.random.default_rng(0)
        a, b = rng.random(n).astype(dtype), rng.random(n).astype(dtype)
        out = a if in_place else np.empty(n, dtype)
        operands = (a, b) if ufunc.nin == 2 else (a,)

        def run(grain):
            build(FLAGS, (out,), operands, "grain").for_each(loop, grain_size=grain)

        return run

    return make


def _max(n):
    a = np.random.default_rng(0).random(n).astype(np.float32)
    out = np.empty(1, np.float32)

    def reducer(view, axes, o):
        return np.maximum.reduce(view, axes, None, o, True)

    def combine(states, o):
        np.maximum.reduce(np.stack(states), 0, None, o)

    def run(grain):
        it = build(REDUCTION, (out,), (a,), "max")
        run_reduction(it, reducer, combine, grain_size=grain, order_sensitive=False)

    return run


FLAGS = ELEMENTWISE.with_(check_mem_overlap=False)

WORKLOADS = {
    "add f32": _elementwise(np.add, np.float32),
    "exp f32": _elementwise(np.exp, np.float32),
    "max f32": _max,
    "add f64": _elementwise(np.add, np.float64),
    "a+=b f32": _elementwise(np.add, np.float32, in_place=True),
    "a+=b f64": _elementwise(np.add, np.float64, in_place=True),
}


COSTLY = {
    "sin f64": _elementwise(np.sin, np.float64),
    "exp f64": _elementwise(np.exp, np.float64),
    "exp c128": _elementwise(np.exp, np.complex128),
    "fdiv f64": _elementwise(np.floor_divide, np.float64),
    "sin f32": _elementwise(np.sin, np.float32),
}


def _once(run, grain, calls) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        run(grain)
    return (time.perf_counter() - start) / calls


def measure(run, n: int, repeat: int) -> tuple:
    """(median seconds as one chunk, median paired ratio split/one)."""
    calls = max(1, (1 << 21) // n)
    whole, split = 4 * n, max(1, n // (2 * parallel.get_num_threads()))
    run(whole), run(split)
    ones, ratios = [], []
    for _ in range(repeat):
        one = _once(run, whole, calls)
        ratios.append(_once(run, split, calls) / one)
        ones.append(one)
    return statistics.median(ones), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--costly", action="store_true", help="the costly loops (see above)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    parallel.set_num_threads(args.threads)
    workloads = COSTLY if args.costly else WORKLOADS
    names, sizes = list(workloads), range(13, 21) if args.costly else range(16, 25)
    width = 15 if args.costly else 9
    print(f"threads={args.threads}  ratio = parallel chunks / one chunk (median of pairs)")
    print(f"{'elements':>10} " + " ".join(f"{n:>{width}}" for n in names))
    rows = []
    for log2 in sizes:
        n = 1 << log2
        cells = {name: measure(workloads[name](n), n, args.repeat) for name in names}
        rows.append({"elements": n, **{k: {"one_s": t, "ratio": r} for k, (t, r) in cells.items()}})
        shown = [
            f"{r:.2f} ({t * 1e6:.0f} us)" if args.costly else f"{r:.2f}"
            for t, r in (cells[k] for k in names)
        ]
        print(f"{n:>10} " + " ".join(f"{c:>{width}}" for c in shown), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"threads": args.threads, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()

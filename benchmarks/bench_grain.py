"""Where splitting pays: one chunk vs two parallel chunks of `add`, by array size.

    python benchmarks/bench_grain.py [--repeat 31]

For each size, times xtensor's `add` of float32 arrays run as one chunk (a grain larger than
the array) and as two chunks on two threads (a grain of half the array), interleaved, and
prints the medians. The smallest size where two chunks win is where GRAIN_SIZE belongs
(Note [Grain size] in xtensor/_iter/parallel.py).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from xtensor._backends import cpu
from xtensor._iter import IterConfig, set_num_threads


def _time(it_factory, loop, grain, calls) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        it_factory().for_each(loop, grain_size=grain)
    return (time.perf_counter() - start) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=31)
    args = parser.parse_args()
    set_num_threads(2)
    loop = cpu.ufunc_loop(np.add)
    print(f"{'elements':>10} {'1 chunk':>10} {'2 chunks':>10} {'2/1':>6}")
    for log2 in range(12, 22):
        n = 1 << log2
        a, b = np.ones(n, np.float32), np.ones(n, np.float32)
        out = np.empty(n, np.float32)

        def factory(out=out, a=a, b=b):
            return IterConfig.binary_op(out, a, b).build()

        calls = max(1, (1 << 22) // n)
        whole, split = [], []
        for _ in range(args.repeat):
            whole.append(_time(factory, loop, 2 * n, calls))
            split.append(_time(factory, loop, n // 2, calls))
        w, s = statistics.median(whole), statistics.median(split)
        print(f"{n:>10} {w * 1e6:>8.1f}us {s * 1e6:>8.1f}us {s / w:>6.2f}")


if __name__ == "__main__":
    main()

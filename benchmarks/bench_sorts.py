"""Sorts of distinct inputs: xtensor / NumPy, one process, interleaved medians.

    python benchmarks/bench_sorts.py                          # float64, int64, float32, int32
    python benchmarks/bench_sorts.py --dtypes float64 --lengths 512,1000,3000 --ndim 1

A sort timed on one input again and again lets the CPU's branch predictor learn that input:
NumPy's stable argsort of 1000 random float64 takes 12 us timed on one row repeatedly and 47
us on distinct rows, where its default argsort (introsort, which learns less) takes 20 us
both ways. Every sample here sorts inputs it has not sorted before in the round: one (rows,
length) array along its last axis (`--ndim 2`), or a list of 1-d arrays of the length, one
call each (`--ndim 1`: the compiled small-call paths), holding about 2*10**6 values. The
ratios are xtensor's default (stable) `argsort` and `sort` over NumPy's default and stable
ones (`kind="stable"`), medians of paired ratios (benchmarks/_timing.py).
"""

from __future__ import annotations

import argparse
import os

import numpy as np
from _timing import interleaved

import xtensor as xt

VALUES = 2_000_000


def inputs(dtype: str, length: int, rng) -> np.ndarray:
    """(rows, length) distinct random values of `dtype`, about VALUES in all."""
    rows = max(8, VALUES // length)
    kind = np.dtype(dtype).kind
    if kind in "fc":
        values = rng.random((rows, length)) * 1000
        if kind == "c":
            values = values + 1j * rng.random((rows, length))
        return values.astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min // 2, info.max // 2, (rows, length), dtype=dtype)


def cases(data: np.ndarray, ndim: int) -> dict:
    """{name: callable} sorting every row of `data` once, per library and kind."""
    mine = xt.asarray(data)
    if ndim == 1:
        rows_np, rows_xt = list(data), [mine[i] for i in range(data.shape[0])]

        def each(fn, rows, **kw):
            return lambda: [fn(r, **kw) for r in rows]

        return {
            "np argsort": each(np.argsort, rows_np),
            "np stable argsort": each(np.argsort, rows_np, kind="stable"),
            "xt argsort": each(xt.argsort, rows_xt),
            "np sort": each(np.sort, rows_np),
            "xt sort": each(xt.sort, rows_xt),
        }
    return {
        "np argsort": lambda: np.argsort(data, axis=-1),
        "np stable argsort": lambda: np.argsort(data, axis=-1, kind="stable"),
        "xt argsort": lambda: xt.argsort(mine, axis=-1),
        "np sort": lambda: np.sort(data, axis=-1),
        "xt sort": lambda: xt.sort(mine, axis=-1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dtypes", default="float64,int64,float32,int32")
    parser.add_argument("--lengths", default="16,100,300,512,1000,2000,4000,10000,100000")
    parser.add_argument("--ndim", type=int, choices=(1, 2), default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    threads = os.environ.get("XTENSOR_NUM_THREADS", "default")
    print(f"sorts of distinct rows, ndim {args.ndim}, xtensor threads: {threads}")
    print(f"{'dtype':8} {'length':>7} {'np argsort':>11}  xt/np  xt/np stable  {'sort xt/np':>10}")
    for dtype in args.dtypes.split(","):
        for length in map(int, args.lengths.split(",")):
            data = inputs(dtype, length, rng)
            got = interleaved(cases(data, args.ndim), args.repeat, 1)
            per_row = got["np argsort"][0] / data.shape[0]
            stable = got["xt argsort"][1] / got["np stable argsort"][1]
            sort = got["xt sort"][1] / got["np sort"][1]
            print(
                f"{dtype:8} {length:7} {per_row * 1e6:8.2f} us  {got['xt argsort'][1]:5.2f}"
                f"  {stable:12.2f}  {sort:10.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

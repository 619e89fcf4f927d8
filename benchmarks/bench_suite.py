"""The CPU benchmark suite: xtensor against NumPy, numexpr and PyTorch, by category.

    python benchmarks/bench_suite.py [--quick] [--json PATH] [--threads 1|default|both]
        [--only CATEGORY] [--repeat N] [--libs control,fused,numexpr,torch]
        [--clock auto|wall|cpu]

Categories: tiny (n=10 and 1,000), medium (10**6), large (10**7), broadcast, non-contiguous,
mixed dtypes, axis reductions, linalg, creation, in-place and fused expressions (cases in
benchmarks/_suite_cases.py). Each case times every library INTERLEAVED in one process on
copies of the same inputs (`_timing.interleaved`) and reports each library's median time and
the median of its paired ratios to NumPy (below 1: faster than NumPy). xtensor runs the plain
unfused calls; when xtensor has `fuse`, a "fused" column times `xtensor.fuse` of the same
expression.
numexpr times the expressions, PyTorch every case it has (torch.from_numpy inputs); both are
optional (`pip install -e ".[bench]"`). The "control" column is NumPy itself on a copy of the
inputs: how far from 1 a ratio strays with no difference in the code.

Thread settings. `--threads 1`: xtensor, torch, numexpr and BLAS (OMP_NUM_THREADS,
OPENBLAS_NUM_THREADS, MKL_NUM_THREADS) all use one thread; NumPy's own loops are
single-threaded anyway. `--threads default`: every library's default (the CPUs this process
may use; xtensor's yields cores to a busy machine). `both` (the default) runs the suite once
per setting, each in a fresh process, because BLAS reads its thread count when it loads.
With threads, each torch sample sits between pauses of 0.1 s (`_timing.sample_settled`):
torch's OpenMP workers and OpenBLAS's spin after their calls, each slowing the other's next.

Memory: for NumPy and xtensor, the peak of traced allocations (tracemalloc, which sees
NumPy's array data) over two calls of the case, after forgetting the buffers of the CPU
output buffer cache, so that reused buffers count as the allocations they were.
The "mem" column is xtensor's peak over NumPy's.

Clocks. `--clock wall` times wall-clock seconds. `--clock cpu` times the CPU seconds of the
whole process (`time.process_time`): on a machine other processes keep busy it leaves out the
time they hold the cores, which wall-clock samples cannot; with several threads it adds up
their CPU time, so it shows overhead, not speedup. `--clock auto` (the default) takes CPU
seconds with one thread and wall-clock seconds with the default thread count.

The summary gives the geometric mean of the ratios per category and library.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import tracemalloc

import numpy as np
from _suite_cases import all_cases, fused_callable, geomean, numexpr, torch
from _timing import calls_for, fmt, interleaved, placed_copy

import xtensor as xt
from xtensor._backends import cpu

# "control" is NumPy again, on its own copy of the inputs: its ratio to NumPy is the spread
# the measurement itself gives a case (where the copies sit in the caches, the allocator).
LIBS = ("xtensor", "control", "fused", "numexpr", "torch")
THREAD_ENV = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def machine() -> dict:
    """What the numbers were measured on."""
    model = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if "model name" in line)
    except (OSError, StopIteration):
        pass
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count()
    try:
        mem_gib = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError, AttributeError):
        mem_gib = float("nan")
    return {
        "cpu": model,
        "cpus": cpus,
        "memory_gib": round(mem_gib, 1),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numexpr": getattr(numexpr, "__version__", None),
        "torch": getattr(torch, "__version__", None),
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def set_threads(setting: str) -> None:
    """Thread counts of every library for `setting` ("1" or "default")."""
    if setting == "1":
        xt.set_num_threads(1)
        if torch is not None:
            torch.set_num_threads(1)
        if numexpr is not None:
            numexpr.set_num_threads(1)
    elif numexpr is not None:
        numexpr.set_num_threads(xt.get_num_threads())


def library_calls(case, others=LIBS) -> dict:
    """{library: zero-argument callable} for one case; NumPy and xtensor first, then those of
    `others` the case has. Each library gets its own copy of the inputs, so in-place cases do
    not write each other's operands, each placed alike in memory (`_timing.placed_copy`)."""
    fns = {}
    arrays = case.inputs()
    np_args = tuple(placed_copy(a) for a in arrays)
    xt_args = tuple(xt.asarray(placed_copy(a)) for a in arrays)
    fns["numpy"] = lambda: case.op(np, *np_args)
    fns["xtensor"] = lambda: case.op(xt, *xt_args)
    if "control" in others:
        control_args = tuple(placed_copy(a) for a in arrays)
        fns["control"] = lambda: case.op(np, *control_args)
    fused = fused_callable(case) if "fused" in others else None
    if fused is not None:
        fused_args = tuple(xt.asarray(placed_copy(a)) for a in arrays)
        fns["fused"] = lambda: fused(*fused_args)
    if numexpr is not None and case.numexpr is not None and "numexpr" in others:
        names = dict(zip("abcdefgh", (placed_copy(a) for a in arrays)))
        fns["numexpr"] = lambda: numexpr.evaluate(case.numexpr, local_dict=names)
    if torch is not None and case.torch_op is not None and "torch" in others:
        t_args = tuple(torch.from_numpy(placed_copy(a)) for a in arrays)
        op = case.op if case.torch_op == "same" else case.torch_op
        fns["torch"] = lambda: op(torch, *t_args)
    return fns


def check(fns: dict, empty: bool = False) -> dict:
    """Drop the libraries that fail on the case; say whether xtensor's answer is NumPy's."""
    want = fns["numpy"]()
    want = tuple(np.array(w) for w in want) if isinstance(want, tuple) else np.array(want)
    out = {"numpy": fns["numpy"]}  # a copy of its answer: an in-place case writes it again
    for lib, fn in list(fns.items())[1:]:
        try:
            got = fn()
        except Exception as e:  # noqa: BLE001 - an unsupported case drops that column only
            print(f"    {lib}: {type(e).__name__}: {str(e)[:80]}", file=sys.stderr)
            continue
        out[lib] = fn
        if lib in ("xtensor", "fused") and not empty:  # `empty`: whatever the memory held
            _same(lib, got, want)
    return out


def _same(lib, got, want) -> None:
    got_t = got if isinstance(got, tuple) else (got,)
    want_t = want if isinstance(want, tuple) else (want,)
    for g, w in zip(got_t, want_t):
        g = np.asarray(g)
        if g.shape != np.shape(w) or not np.allclose(g, w, rtol=1e-4, atol=1e-6, equal_nan=True):
            print(f"    {lib}: result differs from NumPy's", file=sys.stderr)


def peak_bytes(fn) -> int:
    """Peak traced allocation over two calls of `fn`, the output buffer cache emptied first."""
    gc.collect()
    cpu.cache_clear()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        fn()
        fn()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
        cpu.cache_clear()


def run_case(
    case, repeat: int, target_s: float, others=LIBS, clock=time.perf_counter, settle=None
) -> dict:
    fns = check(library_calls(case, others), empty=case.name.startswith("empty"))
    # Each library its own calls per sample: torch.zeros writes 80 MB where NumPy's is lazy.
    calls = {lib: calls_for(fn, target_s) for lib, fn in fns.items()}
    timed = interleaved(fns, repeat, calls, clock, settle)
    np_peak, xt_peak = peak_bytes(fns["numpy"]), peak_bytes(fns["xtensor"])
    return {
        "category": case.category,
        "case": case.name,
        "numpy_s": timed["numpy"][0],
        "seconds": {lib: t for lib, (t, _) in timed.items()},
        "ratios": {lib: r for lib, (_, r) in timed.items() if lib != "numpy"},
        "peak_bytes": {"numpy": np_peak, "xtensor": xt_peak},
        "mem": xt_peak / np_peak if np_peak > 1 << 16 else None,
    }


def summary(rows: list) -> dict:
    """{category: {library: geometric mean of its ratios}}, plus "all"."""
    out = {}
    for cat in [*dict.fromkeys(r["category"] for r in rows), "all"]:
        sel = [r for r in rows if cat in ("all", r["category"])]
        out[cat] = {lib: geomean(r["ratios"].get(lib) for r in sel) for lib in LIBS}
        out[cat]["cases"] = len(sel)
    return out


def _cell(value) -> str:
    return f"{value:7.2f}" if value is not None and value == value else f"{'-':>7}"


def print_row(row: dict) -> None:
    r = row["ratios"]
    cells = " ".join(_cell(r.get(lib)) for lib in LIBS)
    print(
        f"{row['case'][:36]:36} {fmt(row['numpy_s']):>10} {cells} {_cell(row['mem'])}", flush=True
    )


def run_setting(setting: str, args, others=LIBS) -> dict:
    quick, only, repeat = args.quick, args.only, args.repeat
    cpu_clock = args.clock == "cpu" or (args.clock == "auto" and setting == "1")
    clock = time.process_time if cpu_clock else time.perf_counter
    set_threads(setting)
    repeat = repeat or (7 if quick else 15)
    target = 0.002
    clock_name = "cpu" if cpu_clock else "wall"
    # With threads, torch's OpenMP pool and OpenBLAS's spin against each other on these cores.
    settle = None if setting == "1" else {"torch": 0.1}
    print(
        f"\n== threads: {setting} (xtensor {xt.get_num_threads()}), repeat {repeat}, {clock_name}"
    )
    print(f"{'case':36} {'numpy':>10} " + " ".join(f"{lib:>7}" for lib in LIBS) + "     mem")
    rows, category = [], None
    for case in all_cases(quick):
        if only and case.category != only:
            continue
        if case.category != category:
            category = case.category
            print(f"-- {category}")
        rows.append(run_case(case, repeat, target, others, clock, settle))
        print_row(rows[-1])
    return {
        "threads": setting,
        "xtensor_threads": xt.get_num_threads(),
        "clock": "cpu" if cpu_clock else "wall",
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "cases": rows,
        "geomean": summary(rows),
    }


def print_summary(results: dict) -> None:
    for setting, res in results.items():
        load = res.get("load_average") or (float("nan"),)
        print(
            f"\n== geomean of ratios to NumPy, threads: {setting} ({res.get('clock')} clock, "
            f"load average {load[0]:.1f} at the end)"
        )
        print(f"{'category':20} {'cases':>5} " + " ".join(f"{lib:>7}" for lib in LIBS))
        for cat, libs in res["geomean"].items():
            cells = " ".join(_cell(libs[lib]) for lib in LIBS)
            print(f"{cat:20} {libs['cases']:>5} {cells}")


def _child(setting: str, args) -> dict:
    """Run one thread setting in a fresh process (BLAS reads its thread count on load)."""
    env = dict(os.environ)
    for name in THREAD_ENV:
        env.pop(name, None)
    if setting == "1":
        env.update({name: "1" for name in THREAD_ENV}, XTENSOR_NUM_THREADS="1")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "out.json")
        cmd = [sys.executable, __file__, "--threads", setting, "--json", path, "--child"]
        cmd += ["--quick"] if args.quick else []
        cmd += ["--only", args.only] if args.only else []
        cmd += ["--repeat", str(args.repeat)] if args.repeat else []
        cmd += ["--libs", args.libs, "--clock", args.clock]
        subprocess.run(cmd, env=env, check=True)
        with open(path) as f:
            return json.load(f)["settings"][setting]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer cases and repeats")
    parser.add_argument("--json", default=None, help="write the results here")
    parser.add_argument("--threads", choices=("1", "default", "both"), default="both")
    parser.add_argument("--only", default=None, help="one category")
    parser.add_argument("--repeat", type=int, default=None)
    parser.add_argument(
        "--libs",
        default=",".join(LIBS[1:]),
        help="other columns, of control,fused,numexpr,torch",
    )
    parser.add_argument("--clock", choices=("auto", "wall", "cpu"), default="auto")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    info = machine()
    if not args.child:
        print("  ".join(f"{k}={v}" for k, v in info.items()))
    if args.threads == "both":
        results = {s: _child(s, args) for s in ("1", "default")}
    else:
        others = tuple(args.libs.split(","))
        results = {args.threads: run_setting(args.threads, args, others)}
    if not args.child:  # the parent prints every setting's summary at the end
        print_summary(results)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": info, "settings": results}, f, indent=1)


if __name__ == "__main__":
    main()

"""xtensor on one CUDA GPU against CuPy and PyTorch: the measurements issue 10 asks for.

    python benchmarks/bench_cuda.py [--repeat 25] [--log2n 26] [--json out.json]
    python benchmarks/bench_cuda.py --simulate --log2n 12 --repeat 3   # CPU smoke run

Needs a CUDA GPU and CuPy (PyTorch optional: its column is left empty without it); without
a GPU it prints a message and exits 0, unless --simulate. Groups, each row with the median
time of every library (sampled in rotation, the whole device synchronized around each call),
the ratio xtensor / CuPy and xtensor / PyTorch, and the largest relative difference between
xtensor's and CuPy's results (each case is checked once before it is timed):

* contiguous: float32 `add`, `exp` and `a * b + c` over 2**log2n elements, also as a fraction
  of the measured device-to-device copy bandwidth (bytes read + written / time);
* layout: matrix + row (broadcast), A.T + B.T and A + B.T (transposed);
* reduction: sum, max and argmax over axis 0, axis 1 and all of a square float32 matrix; sum
  and max over axis 0 of a tall (n / 64, 64) one; the per-call time of a 16-element sum;
* small: per-call time of `add` on 16 elements, 1,000 calls back to back then one sync;
* fused: `exp(a * b + c) * a - b` (5 ops) as one `xtensor.fuse` kernel vs 5 CuPy / PyTorch
  calls, and xtensor's own 5 calls for reference;
* first call: an op whose kernel is not cached (fresh XTENSOR_KERNEL_CACHE_DIR, so NVRTC
  runs), then the same call in a new process (the binary comes from the disk cache);
* memory pool: CuPy pool bytes before and after --iterations (10,000) calls of `a * b + c`;
* streams: 2 x 50 launches of `exp` on 2**16 elements on one stream, then split over two
  streams, for xtensor and CuPy, each checked against a one-stream result;
* blocks: xtensor's square-matrix sums again with other threads per block for the block and
  the column kernels (data for choosing the defaults; the reference is timed alongside).

Targets (issues 4 and 10), in each row's `target` and `meets` fields: contiguous within 10%
of CuPy and >= 85% of copy bandwidth; broadcast/transposed within 10% of CuPy; fused faster
than the separate CuPy calls; uncached first call < 300 ms and disk-cached < 20 ms; pool
growth < 1 MiB over the iterations. `--json` writes every row, rewritten after each group so
an interrupted run keeps what it measured.

--simulate runs every group on the CPU with NumPy in CuPy's place (PyTorch on its CPU
device, no streams, tracemalloc instead of the pool): its numbers mean nothing; it checks
that every case runs, agrees with the reference and lands in the JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

import numpy as np

import xtensor as xt
from xtensor._core.devices import cupy_module

MIB = 1 << 20
FIRST_CALL_MS, DISK_CACHE_MS = 300.0, 20.0
# A 32-bit float result may differ from CuPy's by summation order and libdevice ulps.
TOLERANCE = 1e-4


@dataclass
class Libs:
    """The libraries under test, where they run, and how to wait for them."""

    ref: Any  # CuPy, or NumPy when simulating
    torch: Any  # PyTorch, or None
    xt_device: str
    simulate: bool
    repeat: int

    @property
    def ref_name(self) -> str:
        return "numpy" if self.simulate else "cupy"

    def sync(self) -> None:
        # The whole device, so PyTorch's work and every stream count too.
        if not self.simulate:
            self.ref.cuda.Device().synchronize()

    def timed(self, fn, calls: int = 1) -> float:
        """Seconds per call of `calls` back-to-back calls, synchronized before and after."""
        self.sync()
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        self.sync()
        return (time.perf_counter() - start) / calls

    def inputs(self, *arrays) -> tuple:
        """(reference, xtensor, torch) views of the same reference arrays."""
        xts = tuple(xt.asarray(a, device=self.xt_device) for a in arrays)
        tts = tuple(self.torch.from_dlpack(a) for a in arrays) if self.torch else None
        return arrays, xts, tts

    def random(self, shape, seed: int):
        return self.ref.asarray(np.random.default_rng(seed).random(shape, dtype=np.float32))

    def host(self, value) -> np.ndarray:
        if isinstance(value, xt.Array):
            return np.asarray(value.to_device("cpu"))
        return np.asarray(value.get() if hasattr(value, "get") else value)

    def stream(self):
        return (
            contextlib.nullcontext() if self.simulate else self.ref.cuda.Stream(non_blocking=True)
        )


def relative_error(got: np.ndarray, want: np.ndarray) -> float:
    """max |got - want| / max |want| for floats; 0 or inf (equal or not) for integers, such
    as argmax's indices, and on a shape mismatch."""
    if got.shape != want.shape:
        return float("inf")
    if want.dtype.kind not in "fc":
        return 0.0 if np.array_equal(got, want) else float("inf")
    if got.size == 0:
        return 0.0
    want64, got64 = want.astype(np.float64), got.astype(np.float64)
    scale = max(float(np.max(np.abs(want64))), np.finfo(np.float32).tiny)
    return float(np.max(np.abs(got64 - want64))) / scale


def row(group, case, times, unit="ms", **extra) -> dict:
    """One result row: times in `unit` per library (None: not run) and the two ratios."""
    xt_t, ref_t, torch_t = times
    out = {"group": group, "case": case, "unit": unit}
    out.update(xtensor=xt_t, reference=ref_t, torch=torch_t)
    out["ratio_reference"] = xt_t / ref_t if xt_t is not None and ref_t else None
    out["ratio_torch"] = xt_t / torch_t if xt_t is not None and torch_t else None
    out.update(extra)
    return out


def compare(libs: Libs, fns: tuple, calls: int = 1) -> tuple:
    """Median seconds per call of each of (xtensor, reference, torch); None where fn is None.
    Every round samples each library once, starting one further along each round."""
    live = [i for i, fn in enumerate(fns) if fn is not None]
    for i in live:
        fns[i]()
    samples = {i: [] for i in live}
    for r in range(libs.repeat):
        for i in live[r % len(live) :] + live[: r % len(live)]:
            samples[i].append(libs.timed(fns[i], calls))
    return tuple(statistics.median(samples[i]) if i in samples else None for i in range(3))


def timed_case(libs, group, case, fns, nbytes=None, bandwidth=None, calls=1, **extra) -> dict:
    """Check xtensor against the reference once, then time all three."""
    error = relative_error(libs.host(fns[0]()), libs.host(fns[1]()))
    seconds = compare(libs, fns, calls)
    scale = 1e6 if calls > 1 else 1e3
    out = row(group, case, tuple(None if s is None else s * scale for s in seconds),
              unit="us/call" if calls > 1 else "ms", error=error, correct=error <= TOLERANCE,
              **extra)  # fmt: skip
    if nbytes is not None and bandwidth:
        out["of_copy_bandwidth"] = nbytes / seconds[0] / bandwidth
    return out


def copy_bandwidth(libs: Libs, nbytes: int) -> float:
    """Bytes per second of one device-to-device copy, counting the read and the write."""
    src, dst = libs.ref.ones(nbytes, libs.ref.uint8), libs.ref.empty(nbytes, libs.ref.uint8)
    if libs.simulate:
        copy = lambda: np.copyto(dst, src)  # noqa: E731
    else:
        cp = libs.ref
        kind = cp.cuda.runtime.memcpyDeviceToDevice

        def copy():
            stream = cp.cuda.get_current_stream().ptr
            cp.cuda.runtime.memcpyAsync(dst.data.ptr, src.data.ptr, nbytes, kind, stream)

    copy()
    return 2 * nbytes / statistics.median(libs.timed(copy) for _ in range(libs.repeat))


def meets(value, limit, below=True):
    return None if value is None else (value <= limit if below else value >= limit)


def contiguous_rows(libs: Libs, n: int, bandwidth: float) -> list:
    (a, b, c), (xa, xb, xc), t = libs.inputs(*(libs.random(n, s) for s in range(3)))
    ta, tb, tc = t or (None,) * 3
    torch = libs.torch
    cases = [  # name, (xtensor, reference, torch), bytes read + written
        (f"add f32 2^{n.bit_length() - 1}", (lambda: xt.add(xa, xb), lambda: a + b,
         torch and (lambda: ta + tb)), 3 * n * 4),
        ("exp f32", (lambda: xt.exp(xa), lambda: libs.ref.exp(a),
         torch and (lambda: torch.exp(ta))), 2 * n * 4),
        ("a*b+c f32 (2 kernels)", (lambda: xa * xb + xc, lambda: a * b + c,
         torch and (lambda: ta * tb + tc)), 6 * n * 4),
    ]  # fmt: skip
    rows = []
    for name, fns, nbytes in cases:
        r = timed_case(libs, "contiguous", name, fns, nbytes, bandwidth)
        r["target"] = "ratio_reference <= 1.10 and of_copy_bandwidth >= 0.85"
        share = r.get("of_copy_bandwidth")
        r["meets"] = meets(r["ratio_reference"], 1.10) and meets(share, 0.85, below=False)
        rows.append(r)
    return rows


def layout_rows(libs: Libs, side: int) -> list:
    m, row_, sq = libs.random((side, side), 3), libs.random(side, 4), libs.random((side, side), 5)
    (m, row_, sq), (xm, xrow, xsq), t = libs.inputs(m, row_, sq)
    tm, trow, tsq = t or (None,) * 3
    torch = libs.torch
    cases = [
        ("matrix + row", (lambda: xm + xrow, lambda: m + row_, torch and (lambda: tm + trow))),
        ("A.T + B.T", (lambda: xsq.T + xm.T, lambda: sq.T + m.T, torch and (lambda: tsq.T + tm.T))),
        ("A + B.T", (lambda: xsq + xm.T, lambda: sq + m.T, torch and (lambda: tsq + tm.T))),
    ]  # fmt: skip
    rows = []
    for name, fns in cases:
        r = timed_case(libs, "layout", name, fns, target="ratio_reference <= 1.10")
        r["meets"] = meets(r["ratio_reference"], 1.10)
        rows.append(r)
    return rows


def _reduce(func, x, axis):
    return lambda: func(x, axis=axis)


def _torch_reduction(torch, name, t, axis):
    if torch is None:
        return None
    if axis is None:
        return {"sum": lambda: t.sum(), "max": lambda: t.max(), "argmax": lambda: t.argmax()}[name]
    op = {"sum": torch.sum, "max": torch.amax, "argmax": torch.argmax}[name]
    return lambda: op(t, dim=axis)


def reduction_rows(libs: Libs, side: int) -> list:
    (m,), (xm,), t = libs.inputs(libs.random((side, side), 6))
    rows = []
    for name in ("sum", "max", "argmax"):
        for axis in (0, 1, None):
            fns = (
                _reduce(getattr(xt, name), xm, axis),
                _reduce(getattr(libs.ref, name), m, axis),
                _torch_reduction(libs.torch, name, t[0] if t else None, axis),
            )
            rows.append(timed_case(libs, "reduction", f"{name}(axis={axis})", fns))
    # A tall matrix: few outputs over many rows (Note [Two-stage column reductions]).
    (m,), (xm,), t = libs.inputs(libs.random((side * side // 64, 64), 10))
    for name in ("sum", "max"):
        fns = (
            _reduce(getattr(xt, name), xm, 0),
            _reduce(getattr(libs.ref, name), m, 0),
            _torch_reduction(libs.torch, name, t[0] if t else None, 0),
        )
        rows.append(timed_case(libs, "reduction", f"{name}(axis=0) of ({m.shape[0]}, 64)", fns))
    (a,), (xa,), t = libs.inputs(libs.random(16, 11))
    fns = (lambda: xt.sum(xa), lambda: a.sum(), t and (lambda: t[0].sum()))
    rows.append(timed_case(libs, "reduction", "sum of 16 elements (1000 calls)", fns, calls=1000))
    return rows


def small_rows(libs: Libs, calls: int) -> list:
    (a, b), (xa, xb), t = libs.inputs(libs.random(16, 7), libs.random(16, 8))
    fns = (lambda: xt.add(xa, xb), lambda: a + b, t and (lambda: t[0] + t[1]))
    return [timed_case(libs, "small", f"add 16 elements ({calls} calls)", fns, calls=calls)]


def _five_ops(ns, a, b, c):
    return ns.exp(a * b + c) * a - b


def fused_rows(libs: Libs, n: int) -> list:
    (a, b, c), (xa, xb, xc), t = libs.inputs(*(libs.random(n, s) for s in (9, 10, 11)))
    fused = xt.fuse(lambda a, b, c: _five_ops(xt, a, b, c))
    torch_fn = libs.torch and (lambda: _five_ops(libs.torch, *t))
    target = "ratio_reference < 1.0 (one kernel vs 5)"
    r = timed_case(libs, "fused", "fused 5 ops", (lambda: fused(xa, xb, xc),
                   lambda: _five_ops(libs.ref, a, b, c), torch_fn), target=target)  # fmt: skip
    r["meets"] = meets(r["ratio_reference"], 1.0 - 1e-9)
    plain = timed_case(libs, "fused", "xtensor 5 separate calls", (lambda: _five_ops(
        xt, xa, xb, xc), lambda: _five_ops(libs.ref, a, b, c), torch_fn))  # fmt: skip
    return [r, plain]


_FIRST_CALL = """
import sys, time, xtensor as xt
device = sys.argv[1]
if device.startswith("cuda"):
    import cupy
    sync = cupy.cuda.Device().synchronize
else:
    sync = lambda: None
x = xt.linspace(0.1, 1, 4096, device=device)
y = x * 0.5
sync()  # CUDA context, CuPy, NVRTC and the multiply kernel loaded; only atanh is new
start = time.perf_counter()
xt.atanh(y)
sync()
info = xt.jit.cache_info()
print(time.perf_counter() - start, info.misses, info.disk_hits)
"""


def first_call_rows(libs: Libs) -> list:
    """First call of an uncached op, then the same call in a second process (disk cache)."""
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XTENSOR_KERNEL_CACHE_DIR=cache, XTENSOR_KERNEL_CACHE="1")
        for case, limit in (("cold kernel cache", FIRST_CALL_MS), ("disk cache", DISK_CACHE_MS)):
            done = subprocess.run(
                [sys.executable, "-c", _FIRST_CALL, libs.xt_device],
                env=env,
                capture_output=True,
                text=True,
            )
            if done.returncode:
                raise RuntimeError(f"the first-call process failed: {done.stderr[-800:]}")
            out = done.stdout.split()
            ms = float(out[0]) * 1e3
            r = row("first call", f"atanh, {case}", (ms, None, None), target=f"< {limit:g} ms")
            r.update(misses=int(out[1]), disk_hits=int(out[2]), meets=ms < limit)
            rows.append(r)
    return rows


def _pool_bytes(libs: Libs) -> int:
    if libs.simulate:
        return tracemalloc.get_traced_memory()[0]
    return libs.ref.get_default_memory_pool().total_bytes()


def pool_rows(libs: Libs, n: int, iterations: int) -> list:
    """How much the allocator holds after `iterations` calls, past the first one."""
    (_, (xa, xb, xc), _) = libs.inputs(*(libs.random(n, s) for s in (12, 13, 14)))
    if libs.simulate:
        tracemalloc.start()
    try:
        xa * xb + xc
        libs.sync()
        before = _pool_bytes(libs)
        start = time.perf_counter()
        for _ in range(iterations):
            xa * xb + xc
        libs.sync()
        per_call = (time.perf_counter() - start) / iterations * 1e6
        growth = _pool_bytes(libs) - before
    finally:
        if libs.simulate:
            tracemalloc.stop()
    r = row("memory pool", f"a*b+c x {iterations}, 2^{n.bit_length() - 1}", (per_call, None, None),
            unit="us/call", pool_growth_bytes=growth, pool_bytes=before + growth)  # fmt: skip
    r.update(target="pool_growth_bytes < 1 MiB", meets=growth < MIB)
    return [r]


def _launch_all(exp, xs: list, streams: list) -> list:
    """exp of each of `xs`, the launches dealt round-robin over `streams`."""
    out = []
    for i, x in enumerate(xs):
        with streams[i % len(streams)]:
            out.append(exp(x))
    return out


def _stream_pair(libs: Libs, exp, xs: list) -> tuple:
    """(ms on one stream, ms on two, largest error of the two-stream results)."""
    streams = [libs.stream(), libs.stream()]
    want, got = _launch_all(exp, xs, streams[:1]), _launch_all(exp, xs, streams)
    libs.sync()  # the copies below run on the null stream, which waits for neither
    want, got = [libs.host(v) for v in want], [libs.host(v) for v in got]
    error = max(relative_error(g, w) for g, w in zip(got, want))
    one, two = (
        statistics.median(
            libs.timed(lambda s=used: _launch_all(exp, xs, s)) for _ in range(libs.repeat)
        )
        * 1e3
        for used in (streams[:1], streams)
    )
    return one, two, error


def stream_rows(libs: Libs, n: int, launches: int = 50) -> list:
    """Independent launches on two streams: do they overlap, and are the results right?"""
    refs, xts, _ = libs.inputs(*(libs.random(n, 100 + i) for i in range(2 * launches)))
    xt_one, xt_two, xt_error = _stream_pair(libs, xt.exp, list(xts))
    ref_one, ref_two, _ = _stream_pair(libs, libs.ref.exp, list(refs))
    r = row("streams", f"2 x {launches} exp on 2 streams, 2^{n.bit_length() - 1}",
            (xt_two, ref_two, None), error=xt_error, correct=xt_error <= TOLERANCE)  # fmt: skip
    r.update(xtensor_one_stream=xt_one, reference_one_stream=ref_one)
    r.update(xtensor_speedup=xt_one / xt_two, reference_speedup=ref_one / ref_two)
    return [r]


GROUPS = (
    "contiguous",
    "layout",
    "reduction",
    "small",
    "fused",
    "first",
    "pool",
    "streams",
    "blocks",
)


def run_group(libs: Libs, group: str, args, bandwidth: float) -> list:
    n, side = 1 << args.log2n, 1 << (args.log2n // 2)
    if group == "contiguous":
        return contiguous_rows(libs, n, bandwidth)
    if group == "layout":
        return layout_rows(libs, side)
    if group == "reduction":
        return reduction_rows(libs, side)
    if group == "blocks":
        from _cuda_tuning import tuning_rows  # lazy: beside this script, for its own group

        return tuning_rows(libs, side, timed_case)
    if group == "small":
        return small_rows(libs, args.calls)
    if group == "fused":
        return fused_rows(libs, n)
    if group == "first":
        return first_call_rows(libs)
    if group == "pool":
        return pool_rows(libs, min(n, 1 << 16), args.iterations)
    return stream_rows(libs, min(n, 1 << 16))


def versions(libs: Libs) -> dict:
    out = {"python": platform.python_version(), "numpy": np.__version__}
    out["xtensor"] = getattr(xt, "__version__", "?")
    if not libs.simulate:
        out["cupy"] = libs.ref.__version__
        props = libs.ref.cuda.runtime.getDeviceProperties(0)
        out["device"] = props["name"].decode()
        out["cuda_runtime"] = libs.ref.cuda.runtime.runtimeGetVersion()
    if libs.torch is not None:
        out["torch"] = libs.torch.__version__
    return out


def _cell(value, unit="") -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "NO"
    return f"{value:.3f}{unit}" if isinstance(value, float) else str(value)


def print_table(rows: list) -> None:
    header = ("group", "case", "unit", "xtensor", "ref", "torch", "x/ref", "x/torch", "BW",
              "err", "meets")  # fmt: skip
    keys = ("group", "case", "unit", "xtensor", "reference", "torch", "ratio_reference",
            "ratio_torch", "of_copy_bandwidth", "error", "meets")  # fmt: skip
    lines = [header] + [
        tuple(f"{r[k]:.1e}" if k == "error" and r.get(k) is not None else _cell(r.get(k))
              for k in keys) for r in rows
    ]  # fmt: skip
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    for line in lines:
        print("  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in
                        enumerate(zip(line, widths))))  # fmt: skip


def make_libs(args) -> Libs | None:
    cp = None if args.simulate else cupy_module()
    if cp is None and not args.simulate:
        return None
    try:
        import torch  # optional: the PyTorch column

        if not args.simulate and not torch.cuda.is_available():
            torch = None
    except ImportError:
        torch = None
    device = "cpu" if args.simulate else "cuda:0"
    return Libs(cp if cp is not None else np, torch, device, args.simulate, args.repeat)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=25, help="rounds per case (25)")
    parser.add_argument("--log2n", type=int, default=26, help="log2 of the large size (26)")
    parser.add_argument("--calls", type=int, default=1000, help="calls per small sample")
    parser.add_argument("--iterations", type=int, default=10_000, help="memory-pool calls")
    parser.add_argument("--groups", default=",".join(GROUPS), help="comma-separated subset")
    parser.add_argument("--json", help="write every row here (rewritten after each group)")
    parser.add_argument("--simulate", action="store_true", help="CPU smoke run, NumPy as ref")
    parser.add_argument(
        "--profile", action="store_true", help="then print where xtensor's per-call time goes"
    )
    args = parser.parse_args(argv)
    unknown = set(args.groups.split(",")) - set(GROUPS)
    if unknown:
        parser.error(f"--groups: unknown {sorted(unknown)}; choose from {', '.join(GROUPS)}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    libs = make_libs(args)
    if libs is None:
        print("bench_cuda: no CUDA GPU (or no CuPy) here; nothing to measure (try --simulate)")
        return 0
    report = {"simulate": libs.simulate, "reference": libs.ref_name, "versions": versions(libs)}
    bandwidth = copy_bandwidth(libs, 4 << args.log2n)
    report.update(copy_bandwidth_gbs=bandwidth / 1e9, args=vars(args), rows=[], errors={})
    print(f"{report['versions']}; device-to-device copy: {bandwidth / 1e9:.1f} GB/s", flush=True)
    for group in args.groups.split(","):
        try:
            report["rows"] += run_group(libs, group, args, bandwidth)
        except Exception as e:  # noqa: BLE001 -- one broken group must not lose the others
            report["errors"][group] = f"{type(e).__name__}: {e}"
            print(f"bench_cuda: group {group} failed: {report['errors'][group]}", flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(report, f, indent=1)
    print_table(report["rows"])
    if args.profile:
        profile_calls(libs, args.calls)
    return 1 if report["errors"] else 0


def profile_calls(libs: Libs, calls: int) -> None:
    """cProfile of xtensor's small add and large sum, the calls whose host time shows."""
    import cProfile  # lazy: only for --profile
    import pstats

    _, (xa, xb, xbig), _ = libs.inputs(
        libs.random(16, 7), libs.random(16, 8), libs.random((2048, 2048), 9)
    )
    for name, fn, n in (
        ("add of 16 elements", lambda: xt.add(xa, xb), calls),
        ("sum of 2048x2048", lambda: xt.sum(xbig), max(calls // 20, 5)),
        ("argmax of 2048x2048", lambda: xt.argmax(xbig), max(calls // 20, 5)),
    ):
        fn()
        print(f"\n--- profile: {n} x {name}: {libs.timed(fn, n) * 1e6:.1f} us a call", flush=True)
        profiler = cProfile.Profile()
        profiler.runcall(libs.timed, fn, n)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    sys.exit(main())

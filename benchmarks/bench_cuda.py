"""CUDA elementwise ops and reductions: xtensor's generated kernels vs CuPy, on one GPU.

    python benchmarks/bench_cuda.py [--repeat 25] [--log2n 26]

Needs a CUDA GPU and CuPy; without them it prints a message and exits 0. Reports:

* large contiguous float32 `add`, `exp` and `a * b + c` at 2**log2n elements: median time of
  xtensor and CuPy (timed alternately, the stream synchronized before and after each call),
  their ratio, and the bandwidth xtensor reaches as a fraction of the device's measured
  device-to-device copy bandwidth (bytes read + written per op / time);
* broadcasting (matrix + row) and transposed (A.T + B.T, A + B.T) inputs against CuPy;
* sum and max over one axis of a large matrix against CuPy's reductions;
* the first call of an op whose kernel is not cached (fresh XTENSOR_KERNEL_CACHE_DIR, so NVRTC
  runs) and the same first call in a second process (the binary comes from the disk cache).

Targets (issue 4): large elementwise within 10% of CuPy and >= 85% of copy bandwidth;
broadcast/transposed within 20% of CuPy; uncached first call < 300 ms, disk-cached < 20 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import xtensor as xt
from xtensor._core.devices import cupy_module


def _timed(cp, fn) -> float:
    stream = cp.cuda.get_current_stream()
    stream.synchronize()
    start = time.perf_counter()
    fn()
    stream.synchronize()
    return time.perf_counter() - start


def compare(cp, xt_fn, cp_fn, repeat: int) -> tuple[float, float]:
    """Median seconds of xtensor and CuPy, sampled alternately after a warm-up call each."""
    xt_fn(), cp_fn()
    xt_times, cp_times = [], []
    for _ in range(repeat):
        xt_times.append(_timed(cp, xt_fn))
        cp_times.append(_timed(cp, cp_fn))
    return statistics.median(xt_times), statistics.median(cp_times)


def copy_bandwidth(cp, nbytes: int, repeat: int) -> float:
    """Bytes per second of a device-to-device cudaMemcpy, counting the read and the write."""
    src, dst = cp.empty(nbytes, cp.uint8), cp.empty(nbytes, cp.uint8)
    kind = cp.cuda.runtime.memcpyDeviceToDevice

    def copy():
        cp.cuda.runtime.memcpyAsync(
            dst.data.ptr, src.data.ptr, nbytes, kind, cp.cuda.get_current_stream().ptr
        )

    copy()
    return 2 * nbytes / statistics.median(_timed(cp, copy) for _ in range(repeat))


def elementwise_rows(cp, n: int, repeat: int, bandwidth: float) -> list:
    a_cp, b_cp, c_cp = (cp.random.random(n, dtype=cp.float32) for _ in range(3))
    a, b, c = (xt.asarray(v, device="cuda:0") for v in (a_cp, b_cp, c_cp))
    m_cp = cp.random.random((8192, n // 8192), dtype=cp.float32)
    row_cp = cp.random.random(n // 8192, dtype=cp.float32)
    sq_cp = cp.random.random((8192, 8192), dtype=cp.float32)
    m, row, sq = (xt.asarray(v, device="cuda:0") for v in (m_cp, row_cp, sq_cp))
    four = 4  # bytes per float32
    cases = [  # name, xtensor, CuPy, bytes moved (None: not a bandwidth case)
        (
            f"add f32 2^{n.bit_length() - 1}",
            lambda: xt.add(a, b),
            lambda: cp.add(a_cp, b_cp),
            3 * n * four,
        ),
        ("exp f32", lambda: xt.exp(a), lambda: cp.exp(a_cp), 2 * n * four),
        ("a*b+c f32 (2 kernels)", lambda: a * b + c, lambda: a_cp * b_cp + c_cp, 6 * n * four),
        ("matrix + row", lambda: m + row, lambda: m_cp + row_cp, None),
        ("A.T + B.T", lambda: sq.T + sq.T, lambda: sq_cp.T + sq_cp.T, None),
        ("A + B.T", lambda: sq + sq.T, lambda: sq_cp + sq_cp.T, None),
        ("sum(axis=1)", lambda: xt.sum(m, axis=1), lambda: m_cp.sum(axis=1), None),
        ("max(axis=0)", lambda: xt.max(m, axis=0), lambda: m_cp.max(axis=0), None),
    ]
    rows = []
    for name, xt_fn, cp_fn, nbytes in cases:
        t_xt, t_cp = compare(cp, xt_fn, cp_fn, repeat)
        share = "" if nbytes is None else f"{nbytes / t_xt / bandwidth:6.1%}"
        rows.append(
            (name, f"{t_xt * 1e3:9.3f}", f"{t_cp * 1e3:9.3f}", f"{t_xt / t_cp:6.2f}", share)
        )
    return rows


_FIRST_CALL = """
import time, cupy as cp, xtensor as xt
x = xt.linspace(0.1, 1, 4096, device="cuda:0")
xt.add(x, x); cp.cuda.get_current_stream().synchronize()  # CUDA context, CuPy, NVRTC loaded
start = time.perf_counter()
xt.atanh(x * 0.5)
cp.cuda.get_current_stream().synchronize()
print(time.perf_counter() - start, xt.jit.cache_info().misses, xt.jit.cache_info().disk_hits)
"""


def first_call_rows() -> list:
    """First call of an uncached op, then the same call in a second process (disk cache)."""
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XTENSOR_KERNEL_CACHE_DIR=cache, XTENSOR_KERNEL_CACHE="1")
        for label in ("first call, cold cache", "first call, 2nd process"):
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_CALL],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout.split()
            seconds, misses, disk_hits = float(out[0]), out[1], out[2]
            rows.append(
                (
                    f"{label} (misses {misses}, disk {disk_hits})",
                    f"{seconds * 1e3:9.3f}",
                    "",
                    "",
                    "",
                )
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--log2n", type=int, default=26)
    args = parser.parse_args()
    cp = cupy_module()
    if cp is None:
        print("bench_cuda: no CUDA GPU (or no CuPy) here; nothing to measure")
        return
    n = 1 << args.log2n
    props = cp.cuda.runtime.getDeviceProperties(0)
    bandwidth = copy_bandwidth(cp, 4 * n, args.repeat)
    print(f"device: {props['name'].decode()}; device-to-device copy: {bandwidth / 1e9:.0f} GB/s")
    header = ("case", "xtensor ms", "CuPy ms", "ratio", "of copy BW")
    rows = elementwise_rows(cp, n, args.repeat, bandwidth) + first_call_rows()
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, tuple("-" * w for w in widths), *rows]:
        print(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w)
                for i, (cell, w) in enumerate(zip(r, widths))
            )
        )


if __name__ == "__main__":
    main()

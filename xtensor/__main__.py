"""`python -m xtensor`: version, devices, and a short array-API-agnostic demo workload.

python -m xtensor [--threads N] [--version] [--help]
"""

from __future__ import annotations

import argparse
import time

import xtensor


def ridge_regression(xp, X, y, alpha=1e-3):
    """Fit y ~ X w with ridge regularization: pure Array API, any conforming namespace."""
    mean = xp.mean(X, axis=0)
    std = xp.std(X, axis=0)
    Z = (X - mean) / std
    gram = Z.mT @ Z + alpha * xp.eye(Z.shape[1], dtype=Z.dtype)
    w = xp.linalg.solve(gram, Z.mT @ (y - xp.mean(y)))
    pred = Z @ w + xp.mean(y)
    r2 = 1 - xp.sum((y - pred) ** 2) / xp.sum((y - xp.mean(y)) ** 2)
    return w, r2


def dominant_frequency(xp, signal, rate):
    """Frequency of the strongest component, from the real FFT's power spectrum."""
    power = xp.abs(xp.fft.rfft(signal)) ** 2
    freqs = xp.fft.rfftfreq(signal.shape[0], d=1 / rate)
    return freqs[xp.argmax(power)]


def softmax(xp, logits):
    shifted = logits - xp.max(logits, axis=-1, keepdims=True)
    e = xp.exp(shifted)
    return e / xp.sum(e, axis=-1, keepdims=True)


def demo(xp):
    n = 2000
    t = xp.linspace(0.0, 1.0, n)
    X = xp.stack([xp.sin(7 * t), xp.cos(3 * t), t**2], axis=1)
    y = 2.0 * X[:, 0] - 0.5 * X[:, 1] + 0.25 * X[:, 2] + 0.01 * xp.sin(997 * t)
    w, r2 = ridge_regression(xp, X, y)
    signal = xp.sin(2 * xp.pi * 50 * t) + 0.5 * xp.sin(2 * xp.pi * 120 * t)
    peak = dominant_frequency(xp, signal, rate=n)
    probs = softmax(xp, xp.asarray([[1.0, 2.0, 3.0], [0.0, 0.0, 10.0]]))
    return {
        "ridge weights (standardized)": w,
        "R^2": r2,
        "dominant frequency (Hz)": peak,
        "softmax": probs,
        "argsort of weights": xp.argsort(w, descending=True),
    }


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m xtensor",
        description="Print xtensor's version, devices and threads, then run a short "
        "array-API-agnostic demo (ridge regression, an FFT peak, softmax, argsort) through "
        "`xp = xtensor`.",
    )
    parser.add_argument("--version", action="version", version=f"xtensor {xtensor.__version__}")
    parser.add_argument(
        "--threads", type=int, metavar="N", help="CPU threads to use (default: all available)"
    )
    return parser.parse_args(argv)


def main(argv=None) -> None:
    args = parse_args(argv)
    if args.threads is not None:
        xtensor.set_num_threads(args.threads)
    info = xtensor.__array_namespace_info__()
    print(
        f"xtensor {xtensor.__version__} (Array API {xtensor.__array_api_version__}, "
        f"extensions: linalg, fft)"
    )
    print("devices:", ", ".join(str(d) for d in info.devices()))
    print("CPU threads:", xtensor.get_num_threads())
    start = time.perf_counter()
    results = demo(xtensor)
    elapsed = time.perf_counter() - start
    print("\ndemo workload through `xp = xtensor` (standard API only):")
    for name, value in results.items():
        print(f"  {name}: {value}")
    print(f"\nran in {elapsed * 1e3:.1f} ms")


if __name__ == "__main__":
    main()

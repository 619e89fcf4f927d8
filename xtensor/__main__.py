"""`python -m xtensor`: version, devices, and a short array-API-agnostic demo workload."""

from __future__ import annotations

import time

import xtensor


def demo(xp):
    """Written against the Array API only: runs unchanged on any conforming namespace."""
    x = xp.linspace(-3.0, 3.0, 7)
    gelu = 0.5 * x * (1 + xp.tanh(0.7978845608 * (x + 0.044715 * x**3)))
    mask = xp.where(gelu > 0, gelu, xp.zeros_like(gelu)) if hasattr(xp, "where") else gelu
    return x, gelu, mask


def main() -> None:
    info = xtensor.__array_namespace_info__()
    print(f"xtensor {xtensor.__version__} (Array API {xtensor.__array_api_version__})")
    print("devices:", ", ".join(str(d) for d in info.devices()))
    print("threads:", xtensor.get_num_threads())
    start = time.perf_counter()
    x, gelu, mask = demo(xtensor)
    elapsed = time.perf_counter() - start
    print("x       =", x)
    print("gelu(x) =", gelu)
    print("relu(gelu(x)) =", mask)
    print(f"demo ran in {elapsed * 1e3:.1f} ms through xp = xtensor")


if __name__ == "__main__":
    main()

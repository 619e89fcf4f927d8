"""Devices: the CPU, and CUDA GPUs when CuPy and a GPU are present.

Owns device identity and which array module (NumPy or CuPy) backs each device. Knows nothing
about ops. CuPy is imported lazily, so `import xtensor` never touches CUDA.
"""

from __future__ import annotations

import functools

import numpy as np


class Device:
    """A device an array lives on: `Device("cpu")` or `Device("cuda", 0)`."""

    __slots__ = ("index", "kind")

    def __init__(self, kind: str, index: int = 0):
        self.kind = kind
        self.index = index

    def __repr__(self) -> str:
        return "Device('cpu')" if self.kind == "cpu" else f"Device('cuda:{self.index}')"

    def __str__(self) -> str:
        return "cpu" if self.kind == "cpu" else f"cuda:{self.index}"

    def __eq__(self, other):
        if isinstance(other, str):
            try:
                other = parse(other)
            except ValueError:
                return False
        return (isinstance(other, Device) and self.kind == other.kind
                and self.index == other.index)

    def __hash__(self):
        return hash((self.kind, self.index))


CPU = Device("cpu")


@functools.cache
def cupy_module():
    """CuPy, or None when it is not installed or cannot see a GPU."""
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() > 0:
            return cupy
    except Exception:  # any failure to reach CUDA means "no GPU here"
        pass
    return None


def cuda_devices() -> list:
    cp = cupy_module()
    if cp is None:
        return []
    return [Device("cuda", i) for i in range(cp.cuda.runtime.getDeviceCount())]


def parse(spec) -> Device:
    """Turn 'cpu', 'cuda', 'cuda:1' or a Device into a Device (ValueError otherwise)."""
    if isinstance(spec, Device):
        return spec
    if isinstance(spec, str):
        kind, _, idx = spec.partition(":")
        if kind == "cpu" and not idx:
            return CPU
        if kind in ("cuda", "gpu") and (not idx or idx.isdigit()):
            return Device("cuda", int(idx or 0))
    raise ValueError(f"{spec!r} is not a device; expected 'cpu', 'cuda' or 'cuda:N'")


def check_available(device: Device, func: str) -> Device:
    """Raise a clear error when `device` is a GPU this process cannot use."""
    if device.kind == "cpu":
        return device
    if cupy_module() is None:
        raise RuntimeError(f"{func}: device {device} was requested, but no CUDA GPU is usable "
                           "here (CuPy is not installed or sees no GPU); use device='cpu'")
    if device not in cuda_devices():
        raise ValueError(f"{func}: device {device} does not exist; available: "
                         f"{[str(d) for d in cuda_devices()]}")
    return device


def resolve(device, func: str) -> Device | None:
    """`device=` keyword handling: None stays None (caller decides), others are checked."""
    if device is None:
        return None
    return check_available(parse(device), func)


def array_module(device: Device):
    """numpy for the CPU, cupy for CUDA devices."""
    return np if device.kind == "cpu" else cupy_module()


def device_of(data) -> Device:
    """The device holding a backing buffer (a numpy or cupy ndarray)."""
    if type(data) is np.ndarray:
        return CPU
    return Device("cuda", data.device.id)

"""Devices: the CPU, CUDA GPUs when CuPy and a GPU are present, and the `meta` device.

Owns device identity, the spellings a `device=` argument may take, and which devices exist.
Knows nothing about ops or arrays. CuPy is imported lazily, so `import xtensor` never touches
CUDA.

Note [Device arguments]
~~~~~~~~~~~~~~~~~~~~~~~
A `device=` argument (creation functions, `astype`, `to_device`, `from_dlpack`, the inspection
namespace) is "cpu", "cuda" (GPU 0), "cuda:N", "meta", or a `Device`. Anything else, and any
device this process cannot use (a GPU index past the last GPU, any GPU without CuPy or CUDA),
is a ValueError that names the function and lists the devices that exist, e.g.
"asarray: device 'cuda:7' is not available; available devices: cpu, cuda:0". `resolve` is the
one entry point that does both checks.

Note [The meta device]
~~~~~~~~~~~~~~~~~~~~~~
"meta" (PyTorch's idea) holds arrays that have a shape and a dtype but no data, so shapes,
dtypes and shape errors can be worked out for arrays too big to allocate. It always exists,
yet `available()` does not list it: callers that enumerate devices (the standard's
`__array_namespace_info__().devices()`, the conformance suite) create arrays there and read
them back, which meta arrays refuse. `_backends/meta.py` implements it.
"""

from __future__ import annotations

import functools

import numpy as np

_KINDS = ("cpu", "cuda", "meta")
_SPELLINGS = "'cpu', 'cuda', 'cuda:N', 'meta' or a Device"


class Device:
    """A device an array lives on: `Device("cpu")`, `Device("cuda", 0)` or `Device("meta")`."""

    __slots__ = ("index", "kind")

    def __init__(self, kind: str, index: int = 0) -> None:
        if kind not in _KINDS:
            raise ValueError(f"Device: kind must be 'cpu', 'cuda' or 'meta'; got {kind!r}")
        if type(index) is not int or index < 0 or (kind != "cuda" and index):
            raise ValueError(
                f"Device: index must be a non-negative int (0 for the cpu and meta); got {index!r}"
            )
        self.kind = kind
        self.index = index

    def __repr__(self) -> str:
        return f"Device('{self}')"

    def __str__(self) -> str:
        return f"cuda:{self.index}" if self.kind == "cuda" else self.kind

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            other = _from_string(other)
        return isinstance(other, Device) and self.kind == other.kind and self.index == other.index

    def __hash__(self) -> int:
        return hash((self.kind, self.index))


CPU = Device("cpu")
META = Device("meta")  # see Note [The meta device]


@functools.cache
def cupy_module():
    """CuPy, or None when it is not installed or cannot see a GPU."""
    try:
        import cupy  # lazy: optional dependency; importing it initialises CUDA

        if cupy.cuda.runtime.getDeviceCount() > 0:
            return cupy
    except Exception:  # any failure to reach CUDA means "no GPU here"
        pass
    return None


def cuda_devices() -> list:
    """The CUDA devices this process can use (none without CuPy or a GPU)."""
    cp = cupy_module()
    if cp is None:
        return []
    return [Device("cuda", i) for i in range(cp.cuda.runtime.getDeviceCount())]


def available() -> tuple:
    """Every device this process can use for data, the CPU first (meta is not listed: see
    Note [The meta device])."""
    return (CPU, *cuda_devices())


def _from_string(spec: str) -> Device | None:
    kind, colon, index = spec.partition(":")
    if kind == "cpu" and not colon:
        return CPU
    if kind == "meta" and not colon:
        return META
    if kind == "cuda" and (not colon or (index.isascii() and index.isdigit())):
        return Device("cuda", int(index or 0))
    return None


def parse(spec, func: str = "device") -> Device:
    """'cpu', 'cuda', 'cuda:N', 'meta' or a Device as a Device; ValueError for anything else (see
    Note [Device arguments]). Says nothing about whether the device exists: `resolve` does."""
    if isinstance(spec, Device):
        return spec
    device = _from_string(spec) if isinstance(spec, str) else None
    if device is None:
        raise ValueError(
            f"{func}: {spec!r} is not a device; expected {_SPELLINGS}; "
            f"available devices: {_listing()}"
        )
    return device


def check_available(device: Device, func: str) -> Device:
    """`device`, or a ValueError naming `func` and the devices that exist."""
    if device.kind != "cuda" or device in cuda_devices():
        return device
    why = (
        ""
        if cuda_devices()
        else (" (no CUDA GPU is usable here: CuPy is not installed or sees no GPU)")
    )
    raise ValueError(
        f"{func}: device '{device}' is not available; available devices: {_listing()}{why}"
    )


def resolve(device, func: str) -> Device | None:
    """A `device=` argument as a usable Device; None stays None (the caller decides)."""
    if device is None:
        return None
    return check_available(parse(device, func), func)


def _listing() -> str:
    return ", ".join(str(d) for d in available())


def device_of(data) -> Device:
    """The device holding a backing buffer (a numpy or cupy ndarray, or meta data, whose
    `device` is already a Device)."""
    if isinstance(data, np.ndarray):  # (NumPy's subclasses too: their `device` is "cpu")
        return CPU
    device = data.device
    return device if type(device) is Device else Device("cuda", device.id)

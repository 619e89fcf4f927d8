"""Backends: one module per device kind, behind one protocol (`base.Backend`).

`backend_for(device)` is the one place a device kind picks its backend; the CUDA backend is
imported on first use, so `import xtensor` never loads CuPy or the JIT. The meta backend
(shapes and dtypes only, no data) is plain Python and loads with the CPU's.
"""

from __future__ import annotations

import numpy as np

from .._core.devices import Device, device_of
from .base import Backend
from .cpu import BACKEND as CPU_BACKEND
from .meta import BACKEND as META_BACKEND


def backend_for(device: Device) -> Backend:
    """The backend running arrays on `device`."""
    if device.kind == "cpu":
        return CPU_BACKEND
    if device.kind == "cuda":
        from .cuda import BACKEND  # lazy: loads CuPy and the JIT on first device use

        return BACKEND
    if device.kind == "meta":
        return META_BACKEND
    raise ValueError(f"no backend for device kind {device.kind!r}")


def backend_of(data) -> Backend:
    """The backend owning backing array `data` (a numpy or cupy ndarray, or meta data)."""
    if type(data) is np.ndarray:
        return CPU_BACKEND
    return backend_for(device_of(data))


__all__ = ["Backend", "CPU_BACKEND", "META_BACKEND", "backend_for", "backend_of"]

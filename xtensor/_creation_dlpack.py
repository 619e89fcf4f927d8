"""`from_dlpack` (Array API chapter "Creation Functions"): an Array over the memory of any
DLPack producer, on the CPU or a CUDA GPU. Kept apart from `_creation`, which exports it.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, made_as_array
from ._core.devices import CPU, Device, resolve
from ._creation_args import _check_copy, _checked, _on_device
from ._dispatch import backend_for
from ._typing import DeviceLike

# DLPack device types (dlpack.h, DLDeviceType) that xtensor can hold.
_DLPACK_CPU, _DLPACK_CUDA = 1, 2


def from_dlpack(
    x: object, /, *, device: DeviceLike | None = None, copy: bool | None = None
) -> Array:
    """An Array over the memory of any DLPack producer (NumPy, PyTorch, CuPy, xtensor).

    Shares memory unless copy=True or a move to `device` forces a copy.
    """
    _check_copy(copy, "from_dlpack")
    if not hasattr(x, "__dlpack__"):
        raise AttributeError(
            f"from_dlpack: {type(x).__name__} has no __dlpack__ method; "
            "use asarray for objects that are not DLPack producers"
        )
    source = _dlpack_device(x)
    target = resolve(device, "from_dlpack") or source
    if target is None:
        raise BufferError(
            f"from_dlpack: DLPack device {x.__dlpack_device__()} is neither the CPU nor a CUDA GPU"
        )
    if target.kind == "cpu":
        kwargs = {"copy": copy} if device is None else {"copy": copy, "device": "cpu"}
        data = np.from_dlpack(x, **kwargs)
    else:
        cp = backend_for(target).xp
        data = _on_device(cp, target, cp.from_dlpack, x, copy=copy)
    return made_as_array(_checked(data, "from_dlpack"))  # (0-d: NumPy's ndarray prints so)


def _dlpack_device(x) -> Device | None:
    kind, index = x.__dlpack_device__()
    if int(kind) == _DLPACK_CPU:
        return CPU
    if int(kind) == _DLPACK_CUDA:
        return Device("cuda", int(index))
    return None

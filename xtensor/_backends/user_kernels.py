"""User kernels: the glue between `xtensor.jit` and the CUDA backend.

`xtensor.jit` (namespace) parses the user's code and checks the arguments; this module plans
and launches the kernel through the same machinery as the built-in ops: the ELEMENTWISE
iterator preset (NEP 50 weak Python scalars, one common compute dtype), the CUDA backend's
KernelDescriptor and LaunchPlan, and the JIT's kernel cache. It re-exports the JIT's
`CompileError` and cache functions; `xtensor.jit` reaches it through `xtensor._dispatch`.
"""

from __future__ import annotations

from .._core.devices import Device, cupy_module
from .._iter import ELEMENTWISE, build
from .._jit import CompileError, cache_clear, cache_info
from . import backend_for


def plan(name: str, code: str, nout: int, data: list, xp) -> tuple:
    """(iterator, KernelDescriptor, LaunchPlan) of user kernel `name` (device function
    `xt_user_<name>` in `code`) over backing operands `data`.

    `xp` is the module a surplus Python scalar becomes a 0-d array of (see Note [Scalar
    operands on the device] in `_backends/cuda.py`); `numpy` lets tests run the exact plan in
    the host simulator without a GPU.
    """
    from . import cuda  # lazy: loaded on first use, as backend_for does

    data = cuda.one_scalar_at_most(ELEMENTWISE, list(data), xp, name, nout)
    it = build(ELEMENTWISE, (None,) * nout, data, name)
    desc = cuda.descriptor_for_code(f"user_{name}", code, it, name)
    return it, desc, cuda.launch_plan(it)


def run(name: str, code: str, nout: int, data: list, device: Device) -> tuple:
    """Plan and launch user kernel `name` on CUDA `device`; its output backing arrays."""
    cp = cupy_module()
    if cp is None:
        raise RuntimeError(
            "xtensor.jit: user kernels need a CUDA GPU and CuPy, and none is usable here"
        )
    backend = backend_for(device)
    with cp.cuda.Device(device.index):
        it, desc, launch = plan(name, code, nout, data, cp)
        backend.launcher(desc, launch)
    return it.outputs


__all__ = ["CompileError", "cache_clear", "cache_info", "plan", "run"]

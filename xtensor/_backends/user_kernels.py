"""User kernels and fused programs: the glue between `xtensor.jit`/`xtensor.fuse` and the
backends.

`xtensor.jit` (namespace) parses the user's code and checks the arguments; this module plans
and runs the kernel through the same machinery as the built-in ops: the ELEMENTWISE
iterator preset (NEP 50 weak Python scalars, one common compute dtype), then

- on CUDA: the CUDA backend's KernelDescriptor and LaunchPlan, and the JIT's kernel cache;
- on the CPU: the same device function in a host loop (`_jit/host_codegen.py`), compiled by
  the host C++ compiler (`_jit/host.py`) and run over the iterator's chunks in parallel.

It re-exports the JIT's `CompileError` and cache functions, and the fused-program API of
`fused.py` that `xtensor.fuse` traces into; the namespace reaches it through
`xtensor._dispatch`.
"""

from __future__ import annotations

from .._core.checks import SCALARS
from .._core.devices import Device, cupy_module
from .._iter import ELEMENTWISE, GRAIN_SIZE, build, parallel
from .._jit import CompileError, cache_clear, cache_info, host
from .._jit.codegen import opmath
from .._jit.ctype_names import ctype_of
from .._jit.host_codegen import LoopKernel, guarded, type_tags
from . import backend_for
from .fused import (
    Apply,
    CPUProgram,
    DeviceProgram,
    FoldProgram,
    Leaf,
    Program,
    Scalar,
    check_scalars,
    plan_words,
    scalar_block,
    scalar_layout,
)

HostCompileError = host.HostCompileError


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
        raise RuntimeError("xtensor.jit: user kernels need a CUDA GPU and CuPy, and none is usable")
    backend = backend_for(device)
    with cp.cuda.Device(device.index):
        it, desc, launch = plan(name, code, nout, data, cp)
        backend.launcher(desc, launch)
    return it.outputs


# --- user kernels on the CPU ------------------------------------------------------------------


def host_plan(name: str, code: str, nout: int, data: list) -> tuple:
    """(iterator, LoopKernel, scalar values) of user kernel `name` over CPU operands `data`.

    The iterator keeps Python scalars as scalars wherever they are; each becomes one kernel
    argument of the compute type. The body converts array inputs to the compute type, calls
    `xt_user_<name>`, and converts its results to the output types (Note [Loop kernel
    bodies] in `_jit/host_codegen.py`).
    """
    it = build(ELEMENTWISE, (None,) * nout, list(data), name)
    compute = ctype_of(it.common_dtype.numpy, name)
    math_t = opmath(compute)  # float16 computes in float, as on CUDA (Note [Op math])
    results = tuple(ctype_of(d.numpy, name) for d in it.plan.dtypes[:nout])
    inputs, scalars, args = [], [], []
    for value, dtype in zip(it.arrays[nout:], it.plan.dtypes[nout:]):
        if type(value) in SCALARS:
            expr, ctype = f"s{len(scalars)}", compute
            scalars.append(value)
        else:
            expr, ctype = f"in{len(inputs)}", ctype_of(dtype.numpy, name)
            inputs.append(ctype)
        args.append(expr if ctype == math_t else f"xt::cast<{math_t}>({expr})")
    call = f"xt_user_{name}({', '.join(args)}"
    if nout == 1:
        body = (f"r0 = xt::cast<{results[0]}>({call}));",)
    else:
        temps = [f"t{k}" for k in range(nout)]
        body = (
            f"{math_t} {', '.join(temps)};",
            f"{call}, {', '.join(temps)});",
            *(f"r{k} = xt::cast<{r}>(t{k});" for k, r in enumerate(results)),
        )
    kernel = LoopKernel(
        name=f"user_{name}_{type_tags(tuple(inputs) or (compute,))}_to_{type_tags(results)}",
        code=guarded(f"xt_user_{name}", code),
        output_ctypes=results,
        input_ctypes=tuple(inputs),
        scalar_ctypes=(compute,) * len(scalars),
        result_ctypes=results,
        body=body,
    )
    return it, kernel, scalars


def run_cpu(name: str, code: str, nout: int, data: list) -> tuple:
    """Compile (once) and run user kernel `name` on CPU operands; its output arrays."""
    it, kernel, scalars = host_plan(name, code, nout, data)
    compiled = host.host_kernel(kernel)
    words, block = plan_words(it), scalar_block(scalar_layout(kernel), scalars)
    plan_at, block_at = words.ctypes.data, block.ctypes.data
    if it.numel:
        parallel.parallel_for(
            it.numel, lambda b, e: compiled(b, e, plan_at, block_at, 0), GRAIN_SIZE
        )
    return it.outputs


__all__ = [
    "Apply",
    "CPUProgram",
    "CompileError",
    "DeviceProgram",
    "FoldProgram",
    "HostCompileError",
    "Leaf",
    "Program",
    "Scalar",
    "cache_clear",
    "cache_info",
    "check_scalars",
    "host_plan",
    "plan",
    "run",
    "run_cpu",
]

"""Launching generated elementwise kernels on a CUDA device through CuPy.

Owns: ``launch(desc, plan, stream=None, extra=())`` and the per-device table of loaded
kernel functions.  CuPy provides the device, streams and module loading; xtensor's own
codegen, cache and plan decide everything else.  Without CuPy or a GPU, ``launch``
raises a RuntimeError saying so; nothing here runs at import.
"""

from __future__ import annotations

import functools
import threading

from . import codegen
from .cache import compile_kernel
from .descriptor import KernelDescriptor
from .plan import LaunchPlan, kernel_args, launch_config, launch_pieces

__all__ = ["cuda_available", "kernel_function", "launch", "load_function", "sm_count"]

_functions_lock = threading.Lock()
_functions: dict[tuple[int, str, int], object] = {}  # (device id, kernel name, source hash)
# The kernels loop grid-stride, so any grid is correct. A large grid, one thread per vector
# up to ~135,000 blocks on an H100, streamed `add` of 2**26 floats at 0.98 of the copy
# bandwidth where 16 resident blocks per SM reached 0.89-0.94 (bench_cuda.py, "blocks").
BLOCKS_PER_SM = 1024


def _cupy():
    try:
        import cupy  # lazy: optional dependency, loaded on first kernel launch
    except ImportError as exc:
        raise RuntimeError("CUDA kernels need CuPy: pip install 'xtensor[cuda]'") from exc
    try:
        if cupy.cuda.runtime.getDeviceCount() < 1:
            raise RuntimeError("no CUDA device is visible")
    except Exception as exc:
        raise RuntimeError(f"CUDA kernels need a CUDA device: {exc}") from exc
    return cupy


@functools.cache
def sm_count(device_id: int) -> int:
    """Streaming multiprocessors of a device (cached: the attribute query builds a dict)."""
    cupy = _cupy()
    return cupy.cuda.Device(device_id).attributes["MultiProcessorCount"]


def cuda_available() -> bool:
    try:
        _cupy()
    except RuntimeError:
        return False
    return True


def load_function(cupy, source: str, name: str):
    """The loaded kernel ``name`` of ``source`` on the current device (cached per device)."""
    device = cupy.cuda.Device()
    key = (device.id, name, hash(source))
    with _functions_lock:
        cached = _functions.get(key)
    if cached is not None:
        return cached[0]
    cubin = compile_kernel(source, name, arch=f"sm_{device.compute_capability}", device=device.id)
    module = cupy.cuda.function.Module()
    module.load(cubin)
    entry = (module.get_function(name), module)  # the module must outlive the function
    with _functions_lock:
        _functions[key] = entry
    return entry[0]


@functools.lru_cache(maxsize=4096)
def _source(desc: KernelDescriptor, variant) -> tuple[str, str]:
    return codegen.generate_code(desc, variant), codegen.kernel_name(desc, variant)


def kernel_function(cupy, desc: KernelDescriptor, variant):
    """The loaded kernel of ``desc``'s ``variant`` on the current device."""
    return load_function(cupy, *_source(desc, variant))


def launch(desc: KernelDescriptor, plan: LaunchPlan, stream=None, extra: tuple = ()) -> None:
    """Run ``desc`` over ``plan`` on the current CUDA device (asynchronously on ``stream``).

    ``plan.data_ptrs`` must be device addresses on the current device.  ``plan`` is launched
    as given: the caller cuts large work into 32-bit-safe plans first (one per piece of
    ``TensorIter.split_32bit``); a plan that is not 32-bit-safe runs the 64-bit variant.  Only
    plans with more dims than the offset calculator holds are split here (launch_pieces).
    """
    cupy = _cupy()
    if plan.numel == 0:
        return
    max_blocks = sm_count(cupy.cuda.Device().id) * BLOCKS_PER_SM
    for variant, piece in launch_pieces(desc, plan):
        fn = kernel_function(cupy, desc, variant)
        grid, block = launch_config(piece.numel, variant.vec_size, max_blocks)
        args = tuple(kernel_args(desc, variant, piece, extra))
        fn((grid,), (block,), args, stream=stream)

"""Build generated kernels with g++ under xt_hostsim.h and call them through ctypes.

Owns: assembling one translation unit from many kernels (support headers once, each
kernel, and one ``extern "C"`` host entry per kernel), compiling it to a shared library
cached by the source's hash, and calling kernels with the very argument values
``plan.kernel_args`` produces for the device.  Knows nothing about ops.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from importlib import resources

import numpy as np

from .. import codegen, reduction
from ..plan import LaunchPlan, kernel_args

__all__ = ["HostModule", "build_modules", "have_compiler"]

CXX = os.environ.get("CXX", "g++")
# -fwrapv: signed overflow wraps, as it does on the GPU; -w: generated code is warning-free
# under NVRTC, and g++'s extra warnings (unknown #pragma unroll) are noise here.
CXXFLAGS = (
    "-std=c++17",
    "-O1",
    "-fPIC",
    "-shared",
    "-fwrapv",
    "-fno-strict-aliasing",
    "-ffp-contract=off",
    "-pthread",
    "-w",
)


def have_compiler() -> bool:
    return shutil.which(CXX) is not None


def _header_path() -> str:
    return str(resources.files(__package__).joinpath("xt_hostsim.h"))


def _cache_dir() -> str:
    path = os.environ.get("XTENSOR_HOSTSIM_CACHE") or os.path.join(
        tempfile.gettempdir(), f"xtensor-hostsim-{os.getuid()}"
    )
    os.makedirs(path, exist_ok=True)
    return path


def _entry(name: str, params) -> str:
    args = ", ".join(
        f"*reinterpret_cast<{ctype}*>(args[{i}])" for i, (ctype, _) in enumerate(params)
    )
    return (
        f'extern "C" void xt_host_{name}(unsigned int grid, unsigned int block, '
        f"int threaded, void** args) {{\n"
        f"  xt_hostsim::launch(grid, block, threaded != 0, [&] {{ {name}({args}); }});\n}}\n"
    )


def _translation_unit(kernels: list[tuple[str, str, tuple]]) -> str:
    """kernels: (name, kernel source without support headers, kernel params)."""
    parts = [codegen.support_source()]
    parts += [source for _, source, _ in kernels]
    parts += [_entry(name, params) for name, _, params in kernels]
    return "\n".join(parts)


def _start_build(source: str) -> tuple[str, subprocess.Popen | None, str]:
    with open(_header_path()) as f:
        header = f.read()
    key = hashlib.sha256("\0".join((header, source, *CXXFLAGS)).encode()).hexdigest()[:24]
    target = os.path.join(_cache_dir(), f"xt_hostsim_{key}.so")
    if os.path.exists(target):
        return target, None, ""
    src_path = target[:-3] + f".{os.getpid()}.cpp"
    with open(src_path, "w") as f:
        f.write(source)
    tmp = target + f".{os.getpid()}.tmp"
    cmd = [CXX, *CXXFLAGS, "-include", _header_path(), "-x", "c++", src_path, "-o", tmp]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return target, proc, src_path


def _finish_build(target: str, proc: subprocess.Popen | None, src_path: str) -> str:
    if proc is None:
        return target
    output, _ = proc.communicate()
    tmp = target + f".{os.getpid()}.tmp"
    if proc.returncode != 0:
        raise RuntimeError(f"hostsim: g++ failed on {src_path}:\n{output[-6000:]}")
    os.replace(tmp, target)  # atomic: a concurrent reader sees the old file or the whole new one
    os.unlink(src_path)
    return target


class HostModule:
    """A shared library of generated kernels; ``run`` launches one on host memory."""

    def __init__(self, library_path: str, names: set[str]):
        self._lib = ctypes.CDLL(library_path)
        self.names = names

    def run(
        self, kernel: str, args: list, grid: int = 3, block: int = 32, threaded: bool = False
    ) -> None:
        """Run ``kernel`` over a ``grid`` x ``block`` grid with NumPy-scalar ``args``."""
        buffers = [np.array(value) for value in args]  # keeps every argument alive and aligned
        pointers = (ctypes.c_void_p * len(buffers))(*[b.ctypes.data for b in buffers])
        entry = getattr(self._lib, f"xt_host_{kernel}")
        entry(ctypes.c_uint(grid), ctypes.c_uint(block), ctypes.c_int(int(threaded)), pointers)

    def launch(
        self, desc, variant, plan: LaunchPlan, extra: tuple = (), grid: int = 3, block: int = 32
    ) -> None:
        """Run the elementwise kernel for (desc, variant) over ``plan``."""
        name = codegen.kernel_name(desc, variant)
        if name not in self.names:
            raise KeyError(f"hostsim: kernel {name} was not built into this module")
        self.run(name, kernel_args(desc, variant, plan, extra), grid, block)


def build_modules(groups: list[list[tuple[str, str, tuple]]]) -> list[HostModule]:
    """Compile each group of ``(name, source, params)`` kernels into its own library.

    Groups compile concurrently (one g++ per group), so callers split large sets into
    about as many groups as there are cores.
    """
    started = [(_start_build(_translation_unit(group)), group) for group in groups]
    modules = []
    for (target, proc, src), group in started:
        path = _finish_build(target, proc, src)
        modules.append(HostModule(path, {name for name, _, _ in group}))
    return modules


def elementwise_entry(desc, variant) -> tuple[str, str, tuple]:
    """The ``(name, source, params)`` triple of one elementwise kernel for build_modules."""
    return (
        codegen.kernel_name(desc, variant),
        codegen.generate_kernel(desc, variant),
        codegen.kernel_params(desc, variant),
    )


def reduction_entry(desc, block_size: int, columns: bool = False) -> tuple[str, str, tuple]:
    """The ``(name, source, params)`` triple of one reduction kernel for build_modules."""
    return (
        reduction.reduction_kernel_name(desc, block_size, columns),
        reduction.generate_reduction_kernel(desc, block_size, columns),
        reduction.reduction_params(),
    )

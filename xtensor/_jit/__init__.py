"""xtensor's CUDA JIT: kernels generated from op computation strings, compiled by NVRTC.

Layers, bottom up: ``ctype_names`` (dtype -> C type), ``descriptor`` (what to compute,
how to walk memory), ``codegen`` (pure source generation from ``templates/``),
``compiler`` (NVRTC), ``cache`` (memory/disk), ``plan`` (iterator facts -> variants),
``launch`` (CuPy).  ``reduction`` does the same for block reductions, and ``hostsim`` runs
generated source on the CPU for tests.

This package must not import the namespace, ``xtensor._ops`` or ``xtensor._iter``:
everything arrives as plain data (KernelDescriptor, Variant, LaunchPlan).  Importing it
compiles nothing and needs neither CuPy nor NVRTC.
"""

from __future__ import annotations

from .cache import cache_clear, cache_info, compile_kernel
from .codegen import generate_code, kernel_name
from .compiler import CompileError
from .descriptor import KernelDescriptor, ScalarPos, Variant
from .launch import cuda_available, launch
from .plan import LaunchPlan, choose_variant

__all__ = [
    "CompileError",
    "KernelDescriptor",
    "LaunchPlan",
    "ScalarPos",
    "Variant",
    "cache_clear",
    "cache_info",
    "choose_variant",
    "compile_kernel",
    "cuda_available",
    "generate_code",
    "kernel_name",
    "launch",
]

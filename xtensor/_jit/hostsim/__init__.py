"""Run generated CUDA kernels on the CPU: the same source, compiled by g++.

See Note [Host simulation of a grid] in xt_hostsim.h and driver.py.  Used by the test
suite (no GPU in CI) to execute the exact code NVRTC compiles; never by user code.
"""

from __future__ import annotations

from .driver import HostModule, build_modules, have_compiler

__all__ = ["HostModule", "build_modules", "have_compiler"]

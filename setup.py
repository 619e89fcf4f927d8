"""The optional C extensions: the compiled hot path (Note [Compiled hot path] in
xtensor/_dispatch/_cfast.c), the special-value scan of the fix-ups (xtensor/_core/_cvalues.c)
the one-pass scan blocks (xtensor/_backends/_cscan.c) and the stable argsorts' radix sort, keys
and tie count (xtensor/_core/_csort.c).
Everything else about the package is in pyproject.toml.

`optional=True`: without a C compiler (or NumPy's headers) the build warns and goes on, and
xtensor runs its pure-Python twins of the same paths (so does XTENSOR_PURE_PYTHON=1).
"""

from __future__ import annotations

import sys

import numpy
from setuptools import Extension, setup

VECTORS_H = "xtensor/_vectors.h"  # WIDEST_VECTORS, shared by the extensions' loops
# No errno from math functions: sqrt then vectorizes (Note [Square roots in one pass] in
# xtensor/_array_scalars.py); nothing in the extension reads errno. (MSVC's flags differ.)
NO_MATH_ERRNO = [] if sys.platform == "win32" else ["-fno-math-errno"]
SORT_KEYS_H = "xtensor/_sort_keys.h"  # the stable argsorts' keys, shared by two extensions

setup(
    ext_modules=[
        Extension(
            "xtensor._dispatch._cfast",
            sources=[
                "xtensor/_dispatch/_cfast.c",
                "xtensor/_dispatch/_cfast_elementwise.c",
                "xtensor/_dispatch/_cfast_elision.c",
                "xtensor/_dispatch/_cfast_paths.c",
                "xtensor/_dispatch/_cfast_creation.c",
                "xtensor/_dispatch/_cfast_calls.c",
                "xtensor/_dispatch/_cfast_sort.c",
                "xtensor/_dispatch/_cfast_arrays.c",
                "xtensor/_dispatch/_cfast_direct.c",
                "xtensor/_dispatch/_cfast_values.c",
            ],
            depends=["xtensor/_dispatch/_cfast.h", VECTORS_H, SORT_KEYS_H],
            include_dirs=[numpy.get_include(), "xtensor"],
            define_macros=[("NPY_TARGET_VERSION", "NPY_2_0_API_VERSION")],
            extra_compile_args=NO_MATH_ERRNO,
            optional=True,
        ),
        # xtensor/_core/values.py: which special values an operand holds, for the fix-ups
        Extension(
            "xtensor._core._cvalues",
            sources=["xtensor/_core/_cvalues.c"],
            depends=[VECTORS_H],
            include_dirs=[numpy.get_include(), "xtensor"],
            define_macros=[("NPY_TARGET_VERSION", "NPY_2_0_API_VERSION")],
            optional=True,
        ),
        # Note [Block scan] in xtensor/_backends/cpu_threads.py: one-pass float scan blocks
        Extension(
            "xtensor._backends._cscan", sources=["xtensor/_backends/_cscan.c"], optional=True
        ),
        # Notes [Packed argsort] and [Radix argsort] in xtensor/_backends/cpu_sort.py
        Extension(
            "xtensor._core._csort",
            sources=["xtensor/_core/_csort.c"],
            depends=[VECTORS_H, SORT_KEYS_H],
            include_dirs=["xtensor"],
            optional=True,
        ),
    ]
)

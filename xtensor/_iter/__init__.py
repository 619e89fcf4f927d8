"""The TensorIterator engine: one iterator for every elementwise op and reduction.

Layers: `flags` (what to do) -> `config` (builder) -> `iterator.build` (plan + this call's
arrays) -> `TensorIter.for_each(loop)` (parallel chunks) -> a backend loop (`cpu.py`, or the
CUDA kernels of `xtensor._jit`). Array memory (allocation, strided views, overlap, addresses)
goes through `memory`, a registry of per-array-type functions that backends fill in. This
package knows nothing about particular ops or device libraries and never imports the
namespace, the op table or the backends.
"""

from .config import IterConfig
from .flags import ELEMENTWISE, FLOAT_ELEMENTWISE, NULLARY, REDUCTION, IterFlags, flags_for
from .iterator import INDEX_LIMIT_32, Operand, TensorIter, build, plan_cache_clear, plan_cache_size
from .layout import broadcast_shapes
from .parallel import GRAIN_SIZE, get_num_threads, set_num_threads

__all__ = [
    "IterConfig",
    "IterFlags",
    "TensorIter",
    "Operand",
    "build",
    "broadcast_shapes",
    "plan_cache_clear",
    "plan_cache_size",
    "GRAIN_SIZE",
    "get_num_threads",
    "set_num_threads",
    "ELEMENTWISE",
    "FLOAT_ELEMENTWISE",
    "flags_for",
    "NULLARY",
    "REDUCTION",
    "INDEX_LIMIT_32",
]

"""The iterator's memory functions for device arrays (see Note [Memory registry] in
`xtensor/_iter/memory.py`).

`_iter` knows no device library, so the CUDA backend registers CuPy's functions for
`cupy.ndarray` when it loads (`register_cupy()` at the top of `cuda.py`); the CPU's record
comes from `cpu.py` (the output buffer cache). CuPy itself stays optional: without it
nothing is registered.
"""

from __future__ import annotations

from .._iter import memory


def _cupy_address(a) -> int:
    return a.data.ptr


def register_cupy(cupy=None) -> bool:
    """Let the iterator allocate, view and overlap-check `cupy.ndarray` operands.

    `cupy` is the imported module, or None to import it here. Returns False, registering
    nothing, when CuPy is not installed (no CuPy array can exist then). Calling it again is
    harmless.
    """
    if cupy is None:
        try:
            import cupy  # lazy: optional dependency, loaded with the CUDA backend
        except ImportError:
            return False

    def as_strided(a, shape, byte_strides):
        return cupy.lib.stride_tricks.as_strided(a, shape, byte_strides)

    memory.register(
        cupy.ndarray,
        memory.MemoryOps(
            empty=cupy.empty,
            as_strided=as_strided,
            may_share_memory=cupy.may_share_memory,
            data_address=_cupy_address,
        ),
    )
    return True


__all__ = ["register_cupy"]

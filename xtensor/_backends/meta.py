"""The meta backend: arrays with a shape and a dtype and no data (PyTorch's META device).

Everything above the backends runs unchanged on the meta device: the TensorIterator broadcasts,
promotes and allocates the outputs (as `MetaData`, through the memory registry), and running a
plan is then a no-op, since a meta output's shape and dtype are the whole answer. The
namespace's `backend_of(data).xp.<function>` calls reach `meta_xp.XP`, which computes shapes
and dtypes the same way. So a 10**12-element array costs a few hundred bytes, and a shape or
dtype error raises the same exception class it raises on the CPU.

What the meta device cannot do raises, naming the function (Note [Meta errors] in
`meta_array.py`): reading values is a RuntimeError, and a function whose result depends on
values (`nonzero`, `unique_*`, boolean masks) or that has no shape rule here (`linalg`, `fft`,
`einsum`...) is a NotImplementedError.
"""

from __future__ import annotations

import numpy as np

from .._core.checks import SCALARS
from .._iter import memory
from .base import Backend
from .meta_array import MetaData, meta, no_data, unsupported
from .meta_xp import XP


class MetaBackend(Backend):
    kind = "meta"
    xp = XP

    def empty(self, shape, dtype, device=None):
        return MetaData(shape, dtype)

    def copy(self, data):
        return data.copy()

    def to_host(self, data):
        raise no_data("to_device")

    def from_host(self, data, device=None):
        """Meta data of `data`'s shape and dtype (any device's array: nothing is copied)."""
        return MetaData(data.shape, data.dtype)

    def synchronize(self, device=None) -> None:
        pass

    def operands(self, flags, data, func: str):
        """Host arrays beside meta data (`np.float64(2) - x` reads the scalar as a 0-d array)
        as meta data too, so the iterator allocates meta outputs whatever comes first."""
        return [MetaData(d.shape, d.dtype) if type(d) is np.ndarray else d for d in data]

    def elementwise(self, op, it) -> None:
        """Nothing to compute: the iterator has allocated the outputs (see the module note).
        A Python exponent's value is known, though: integer `pow` refuses a negative one, as
        the CPU's loop does."""
        if "int_exponent" in op.props and it.common_dtype.kind in "iu":
            exponent = it.arrays[it.noutputs + 1]
            if type(exponent) in SCALARS and exponent < 0:
                raise ValueError(f"{op.name}: Integers to negative integer powers are not allowed.")

    def reduce(self, spec, data, out, reducer, combine, partial, ddof, func) -> None:
        """Nothing to compute (the caller allocated `out`), but NumPy's refusal of an empty
        reduced axis without identity stands even when the result is empty, as on the CPU."""
        if spec.identity is None and any(n == 0 and m == 1 for n, m in zip(data.shape, out.shape)):
            raise ValueError(
                f"{func}: cannot take the {spec.name} of an empty axis ({spec.name} has no "
                "identity)"
            )

    def scan(self, name, data, out, axis, dtype) -> None:
        """Nothing to compute: the caller allocated `out`."""

    def sort(self, data, axis, stable):
        return XP.sort(data, axis)

    def argsort(self, data, axis, stable, descending=False):
        return XP.argsort(data, axis)  # (the shape and dtype of either order)

    def matmul(self, a, b):
        return XP.matmul(a, b)

    def fft(self, name, data, **kwargs):
        raise unsupported(f"fft.{name}")

    def index(self, data, key):
        return data[key]

    def index_put(self, data, key, value) -> None:
        data[key] = value


def _as_strided(array, shape, byte_strides):
    return meta(tuple(shape), array.dtype)


def _never_shared(a, b) -> bool:
    return False  # no memory, so no overlap (and nothing is ever written)


def _no_address(array) -> int:
    raise no_data("data address")


memory.register(
    MetaData,
    memory.MemoryOps(
        empty=MetaData,
        as_strided=_as_strided,
        may_share_memory=_never_shared,
        data_address=_no_address,
    ),
)
BACKEND = MetaBackend()


def describe(data: MetaData) -> str:
    """The repr of a meta Array: shape, dtype and device, no values (there are none)."""
    return f"array(..., shape={data.shape}, dtype={data.dtype.name}, device='meta')"


__all__ = ["BACKEND", "MetaBackend", "MetaData", "describe"]

"""The CPU backend: NumPy's ufunc inner loops run over the iterator's chunks.

Elementwise work pins each ufunc's loop with `signature=` (so NumPy runs exactly the loop the
iterator planned, casting inputs of other dtypes inside its buffered loop rather than through
whole-array temporaries) and runs the op's special-case fix-up on the same chunk afterwards.
Everything else is NumPy's own function on the backing arrays.
"""

from __future__ import annotations

import numpy as np

from .._iter import GRAIN_SIZE, TensorIter
from .._iter.reduce import run_reduction
from .._ops.loops import copy_loop
from . import allocator
from .base import Backend


def loop_for(spec, compute, result) -> tuple:
    """(NumPy loop, its keyword arguments) computing op `spec` in dtype `compute` into
    `result` (xtensor DTypes)."""
    if "int_identity" in spec.props and result.kind in "biu":
        return copy_loop, {}
    if not isinstance(spec.ufunc, np.ufunc):
        return spec.ufunc, {}
    sig = (compute.numpy,) * spec.nin + (result.numpy,)
    return spec.ufunc, {"signature": sig, "casting": "unsafe"}


def ufunc_loop(ufunc, nout: int = 1, fixup=None, **kwargs):
    """A `for_each` loop: `ufunc(*inputs, out=outputs, **kwargs)` on each chunk.

    `fixup(inputs, outputs)` reads the inputs after the ufunc has written the outputs, so
    when an output is also an input (`x //= y`) the chunk is computed into a temporary first.
    """
    if fixup is not None:
        return _with_fixup(ufunc, nout, fixup, kwargs)
    if nout == 1:
        def loop(ops):
            ufunc(*ops[1:], out=ops[0], **kwargs)
    else:
        def loop(ops):
            ufunc(*ops[nout:], out=tuple(ops[:nout]), **kwargs)
    return loop


def _with_fixup(ufunc, nout, fixup, kwargs):
    def loop(ops):
        outputs, inputs = list(ops[:nout]), ops[nout:]
        targets = [np.empty_like(o) if any(hasattr(i, "shape") and np.may_share_memory(o, i)
                                           for i in inputs) else o for o in outputs]
        ufunc(*inputs, out=targets[0] if nout == 1 else tuple(targets), **kwargs)
        fixup(inputs, targets)
        for o, t in zip(outputs, targets):
            if t is not o:
                np.copyto(o, t)
    return loop


def run(it: TensorIter, loop, grain_size: int = GRAIN_SIZE) -> tuple:
    """Run `loop` over `it` in parallel chunks; return the outputs."""
    it.for_each(loop, grain_size)
    return it.outputs


class CPUBackend(Backend):
    kind = "cpu"
    xp = np

    def empty(self, shape, dtype, device=None):
        return allocator.empty(shape, dtype)

    def copy(self, data):
        return data.copy()

    def to_host(self, data):
        return data

    def from_host(self, data, device=None):
        return data

    def synchronize(self, device=None) -> None:
        pass

    def elementwise(self, op, it) -> None:
        loop, kwargs = loop_for(op, it.common_dtype, it.plan.dtypes[0])
        try:
            run(it, ufunc_loop(loop, op.nout, op.fixup, **kwargs))
        except ValueError as e:  # e.g. NumPy's "Integers to negative integer powers..."
            raise ValueError(f"{op.name}: {e}") from None

    def reduce(self, spec, data, out, reducer, combine, partial, ddof, func) -> None:
        run_reduction(data, out, reducer, combine, partial, func)

    def scan(self, name, data, out, axis, dtype) -> None:
        getattr(np, name)(data, axis=axis, dtype=dtype, out=out)

    def sort(self, data, axis, stable):
        return np.sort(data, axis=axis, kind="stable" if stable else None)

    def argsort(self, data, axis, stable):
        return np.argsort(data, axis=axis, kind="stable" if stable else None)

    def matmul(self, a, b):
        return np.matmul(a, b)

    def fft(self, name, data, **kwargs):
        return getattr(np.fft, name)(data, **kwargs)

    def index(self, data, key):
        return data[key]

    def index_put(self, data, key, value) -> None:
        data[key] = value


BACKEND = CPUBackend()

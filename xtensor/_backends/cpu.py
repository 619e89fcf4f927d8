"""The CPU backend: NumPy's ufunc inner loops run over the iterator's chunks.

Knows nothing about particular ops: it is handed a ufunc (or any callable with the ufunc
calling convention `f(*inputs, out=outputs, **kwargs)`), the keyword arguments that pin its
loop (`signature=`, `casting=`), and an optional fix-up run on the same chunk afterwards.
Pinning `signature` means NumPy runs exactly the loop the iterator planned, casting inputs of
other dtypes inside its buffered loop rather than through whole-array temporaries.
"""

from __future__ import annotations

import numpy as np

from .._iter.iterator import TensorIter
from .._iter.parallel import GRAIN_SIZE


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
            if fixup is not None:
                fixup(ops[1:], ops[:1])
    else:
        def loop(ops):
            ufunc(*ops[nout:], out=tuple(ops[:nout]), **kwargs)
            if fixup is not None:
                fixup(ops[nout:], ops[:nout])
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

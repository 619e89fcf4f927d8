"""Reduction execution: run one reduction over a built reduction-mode TensorIter, in parallel.

This module knows nothing about particular ops. The caller hands over callables:

    reduce(view, axes, out)      reduce `view` over `axes` (a tuple of its dims) with keepdims;
                                 write into `out`, or return a fresh array when `out` is None
    partial(view, axes, start)   a partial state for one slab of the reduced dims; `start`
                                 gives the slab's first index on each dim of `axes`. Defaults
                                 to `reduce(view, axes, None)`
    combine(states, out)         fold the partial states, in slab order, into `out`

Example (a sum): `reduce = lambda v, axes, out: np.add.reduce(v, axis=axes, out=out,
keepdims=True)`, `combine = lambda states, out: np.add.reduce(np.stack(states), axis=0,
out=out)`.

Note [Reduction splitting]
~~~~~~~~~~~~~~~~~~~~~~~~~~
The iterator gives the output byte-stride 0 on reduced dims, so after coalescing the iteration
dims fall into *kept* dims (output stride != 0) and *reduced* dims (output stride 0). A call
of fewer than 2 * GRAIN_SIZE elements runs `reduce` once on the operands' own shapes, so small
reductions are NumPy's own computation. Larger ones are cut into
min(MAX_CHUNKS, numel // GRAIN_SIZE) chunks, in one of two ways chosen by `choose_split`:

* along the largest kept dim, when it divides evenly into the chunks or is at least 4 times
  the chunk count (so the uneven last chunk costs little): each chunk reduces its own slab of
  outputs, and no combine step is needed;
* otherwise along the largest reduced dim: each chunk produces a partial state over a slab of
  the reduced elements, then `combine` folds the states in slab order. Example: summing a
  (3, 10**6) array over axis 1 cuts it into 11 slabs of about 90910 columns, computes 11
  (3, 1) partial sums, then adds them in order.

The chunks are then shared out among the threads by `parallel.parallel_for`. Chunk boundaries
depend only on the shape and the grain size, never on the thread count, so one thread and
any number of threads give bit-identical results. Float sums stay pairwise within each chunk
(NumPy's loop) and add at most MAX_CHUNKS partials at the end, so the error stays at NumPy's
level.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import parallel

_SERIAL, _KEPT, _REDUCED = "serial", "kept", "reduced"
# Most chunks one reduction is cut into (Note [Reduction splitting]): enough for the cores of
# a large machine, few enough that combining the partial states costs little.
MAX_CHUNKS = 64


@dataclass(frozen=True)
class Split:
    """How a reduction is cut into chunks: `kind` is 'serial', 'kept' or 'reduced'."""

    kind: str
    dim: int = -1  # iteration dim that is cut
    bounds: tuple = ()  # (begin, end) of each chunk along `dim`


def choose_split(
    shape: tuple,
    reduced: tuple,
    grain_size: int = parallel.GRAIN_SIZE,
    can_combine: bool = True,
    max_chunks: int = MAX_CHUNKS,
) -> Split:
    """How to cut iteration `shape`, whose `reduced` dims are reduced, into chunks.

    See Note [Reduction splitting]; `can_combine` is False when no combine step exists.
    """
    numel = 1
    for n in shape:
        numel *= n
    chunks = min(max_chunks, numel // max(grain_size, 1))
    if chunks < 2:
        return Split(_SERIAL)
    kept = [d for d in range(len(shape)) if d not in reduced]
    best_kept = max(kept, key=lambda d: shape[d], default=None)
    if best_kept is not None:
        size = shape[best_kept]
        if size >= 4 * chunks or (size >= chunks and size % chunks == 0):
            return Split(_KEPT, best_kept, _bounds(size, chunks))
    best_reduced = max(reduced, key=lambda d: shape[d], default=None)
    if can_combine and best_reduced is not None and shape[best_reduced] >= chunks:
        return Split(_REDUCED, best_reduced, _bounds(shape[best_reduced], chunks))
    if best_kept is not None and shape[best_kept] >= 2:
        return Split(_KEPT, best_kept, _bounds(shape[best_kept], chunks))
    return Split(_SERIAL)


def _bounds(size: int, chunks: int) -> tuple:
    return tuple(parallel.chunk_bounds(size, 1, chunks))


def run_reduction(
    it,
    reduce,
    combine=None,
    *,
    partial=None,
    grain_size: int = parallel.GRAIN_SIZE,
    max_chunks: int = MAX_CHUNKS,
):
    """Run a reduction over `it` (one output with keepdims shape, one input); return the output.

    `combine` may be None: the reduction then never splits its reduced dims. The result does
    not depend on the thread count (Note [Reduction splitting]).
    """
    if it.noutputs != 1 or len(it.arrays) != 2:
        raise RuntimeError(
            "run_reduction: expected one output and one input; this is a bug "
            "in xtensor; please report it"
        )
    out, inp = it.arrays
    if type(inp) is not np.ndarray or it.numel < 2 * grain_size:
        _serial(reduce, out, inp)
        return out
    out_view, in_view = it.views()
    reduced = tuple(d for d, s in enumerate(out_view.strides) if s == 0 and it.shape[d] > 1)
    split = choose_split(it.shape, reduced, grain_size, combine is not None, max_chunks)
    out_keep = out_view[
        tuple(slice(0, 1) if d in reduced else slice(None) for d in range(out_view.ndim))
    ]
    if split.kind == _SERIAL:
        reduce(in_view, reduced, out_keep)
    elif split.kind == _KEPT:
        _run_kept(reduce, split, in_view, out_keep, reduced)
    else:
        _run_reduced(reduce, combine, partial, split, in_view, out_keep, reduced)
    return out


def _serial(reduce, out, inp) -> None:
    # The operands' own shapes: the reduced axes are where the output has size 1.
    axes = tuple(d for d in range(out.ndim) if out.shape[d] == 1 and inp.shape[d] != 1)
    reduce(inp, axes, out)


def _slab(ndim: int, dim: int, begin: int, end: int) -> tuple:
    return tuple(slice(begin, end) if d == dim else slice(None) for d in range(ndim))


def _run_kept(reduce, split: Split, in_view, out_keep, reduced) -> None:
    def body(first, last):
        for begin, end in split.bounds[first:last]:
            index = _slab(in_view.ndim, split.dim, begin, end)
            reduce(in_view[index], reduced, out_keep[index])

    parallel.parallel_for(len(split.bounds), body, grain_size=1)


def _run_reduced(reduce, combine, partial, split: Split, in_view, out_keep, reduced) -> None:
    if partial is None:

        def partial(view, axes, _start):
            return reduce(view, axes, None)

    states = [None] * len(split.bounds)

    def body(first, last):
        for i in range(first, last):
            begin, end = split.bounds[i]
            start = tuple(begin if d == split.dim else 0 for d in reduced)
            states[i] = partial(in_view[_slab(in_view.ndim, split.dim, begin, end)], reduced, start)

    parallel.parallel_for(len(split.bounds), body, grain_size=1)
    combine(states, out_keep)


__all__ = ["Split", "choose_split", "run_reduction"]

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
dims fall into *kept* dims (output stride != 0) and *reduced* dims (output stride 0), ordered
outermost in memory first. A call of fewer than 2 * GRAIN_SIZE elements (this module's
GRAIN_SIZE, 2**20; see Note [Reduction grain size]) runs `reduce` once on the operands' own
shapes, so small reductions are NumPy's own computation; so does any call
an order-insensitive reduction makes on one thread (`runs_whole` tells both from the operands,
without building an iterator). Larger ones are cut along one dim, chosen from the shape
alone by `choose_split`:

* a *kept split* when the outermost dim is kept (or no combine step exists, or the reduced
  dims are outermost but tiny): each chunk reduces its own slab of outputs, with no combine
  step. Each output's elements are folded in the same order however the slabs are cut, so the
  chunk count can follow the thread count: CHUNKS_PER_THREAD chunks per thread (Note
  [Dynamic chunks] in parallel.py), none under GRAIN_SIZE elements.
* a *reduced split* otherwise, along the outermost reduced dim: each chunk produces a partial
  state over a slab of the reduced elements, then `combine` folds the states in slab order.
  Example: summing an (8000, 4000) float32 array over axis 0 reduces 15 slabs of ~533 rows
  to 15 (1, 4000) partial sums, then adds them in order. When the caller says the result depends
  on that order (`order_sensitive`, float sums), the slabs hold REDUCED_CHUNK elements each,
  whatever the thread count, so one thread and any number of threads give bit-identical
  results; otherwise (max, integer sums) the slabs follow the thread count, as kept chunks do.

Cutting along the outermost dim keeps every chunk a run of whole rows in memory: cutting an
inner dim instead makes each chunk a strided slab, which NumPy reduces up to 10 times slower
(sum over axis 0 of a (4000, 4000) float32 array cut into 61 column slabs: 40 ms vs 4 ms). A
reduced slab costs about 15 us of calls and a partial state, so REDUCED_CHUNK = 2**21
elements keeps that near 2% of the slab's own work on one thread. It is a constant of its
own, not a multiple of a grain size: it fixes the summation order of every float sum that
splits, so tuning a grain size must not change results. Float sums stay pairwise within each
slab (NumPy's loop) and add at most MAX_CHUNKS partials at the end, so the error stays at
NumPy's level.

Note [Reduction grain size]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
A reduction splits from 2 * GRAIN_SIZE = 2**21 elements (GRAIN_SIZE = 2 * parallel.GRAIN_SIZE),
where a second thread pays on the 2-vCPU VM of benchmarks/README.md (load average under 1,
wall clock, xtensor on 2 threads / NumPy): max, argmax and sums over the inner dim (kept
splits) of (2000, 2000) float64 0.30 to 0.88; of (4000, 4000) float32 0.09 (argmax over axis
0, which NumPy runs strided) to 0.65; of (8192, 2048) float32 0.48 to 0.66. On one thread
(or a busy machine, where `parallel.usable_threads` drops to one) those run whole: NumPy's
call. A reduced split of an order-sensitive reduction (a float sum or mean over the outer
dims) is the exception: its slabs of REDUCED_CHUNK elements are cut on one thread too (the
bits must not depend on the thread count), and cost about 5% there (1.10 for the sum over
axis 0 of (4000, 4000) float32 with them, 1.03 without), so it starts at ORDERED_FACTOR times
the grain, 2**24 elements: (8192, 2048) float32 splits (0.65 on 2 threads, 1.09 on one),
(4000, 4000) does not (1.02 on both). Each chunk of a kept split is a slab of whole outputs
along the outermost kept dim; a slab of columns (a kept inner dim under reduced outer ones)
was measured too and lost (1.31 for the sum over axis 0 of (2000, 2000) float64), so none
is cut. On a machine whose one core streams memory as fast as NumPy's loops read it, the
reductions along the contiguous axis stopped paying below 128 MB: the CPU backend passes
those a grain of its own (Note [Reductions that stream] in `_backends/cpu_grain.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import parallel

_SERIAL, _KEPT, _REDUCED = "serial", "kept", "reduced"
# Most chunks one reduction is cut into (Note [Reduction splitting]): enough for the cores of
# a large machine, few enough that combining the partial states costs little.
MAX_CHUNKS = 64
# The smallest chunk of a parallel reduction, in elements (Note [Reduction grain size]).
GRAIN_SIZE = 2 * parallel.GRAIN_SIZE
# A reduced split of an order-sensitive reduction (a float sum over outer dims) takes this many
# grains: its fixed slabs cost about 5% on one thread (Note [Reduction grain size]).
ORDERED_FACTOR = 8
# Elements per slab of an order-sensitive reduced split (Note [Reduction splitting]).
REDUCED_CHUNK = 1 << 21
# A kept outermost dim smaller than this is too short to share out among threads.
MIN_KEPT = 8


@dataclass(frozen=True)
class Split:
    """How a reduction is cut into chunks: `kind` is 'serial', 'kept' or 'reduced'."""

    kind: str
    dim: int = -1  # iteration dim that is cut
    bounds: tuple = ()  # (begin, end) of each chunk along `dim`


def choose_split(
    shape: tuple,
    reduced: tuple,
    num_threads: int,
    grain_size: int = GRAIN_SIZE,
    can_combine: bool = True,
    order_sensitive: bool = True,
    reduced_chunk: int = REDUCED_CHUNK,
) -> Split:
    """How to cut iteration `shape` (outermost dim first), whose `reduced` dims are reduced,
    into chunks; see Note [Reduction splitting]. Which dim is cut depends on the shape alone."""
    numel = 1
    for n in shape:
        numel *= n
    if numel < 2 * grain_size:
        return Split(_SERIAL)
    # More chunks than threads, so a thread that finds its core busy holds up no one
    # (Note [Dynamic chunks] in parallel.py); one thread gains nothing from chunks.
    threads = (
        1
        if num_threads == 1
        else max(1, min(num_threads * parallel.CHUNKS_PER_THREAD, numel // max(grain_size, 1)))
    )
    kept_dims = [d for d, n in enumerate(shape) if d not in reduced and n > 1]
    reduced_dims = [d for d, n in enumerate(shape) if d in reduced and n > 1]
    reduce_outer = (
        can_combine
        and reduced_dims
        and (not kept_dims or reduced_dims[0] < kept_dims[0] or shape[kept_dims[0]] < MIN_KEPT)
    )
    if reduce_outer and order_sensitive and numel < 2 * ORDERED_FACTOR * grain_size:
        return Split(_SERIAL)  # slabs of fixed size cost more than they give (the Note)
    if reduce_outer:
        dim = reduced_dims[0]
        chunks = min(MAX_CHUNKS, numel // reduced_chunk) if order_sensitive else threads
    elif kept_dims:
        dim, chunks = kept_dims[0], threads
    else:
        return Split(_SERIAL)
    chunks = min(chunks, shape[dim])
    if chunks < 2:
        return Split(_SERIAL)
    return Split(_REDUCED if reduce_outer else _KEPT, dim, _bounds(shape[dim], chunks))


_WHOLE: dict = {}  # runs_whole's answers of large calls, by everything they depend on
_WHOLE_LIMIT = 1024


def runs_whole(
    data,
    out,
    num_threads: int,
    can_combine: bool = True,
    order_sensitive: bool = True,
    grain_size: int = GRAIN_SIZE,
    reduced_chunk: int = REDUCED_CHUNK,
) -> bool:
    """True when `run_reduction` of `data` into `out` (keepdims shape) would call `reduce` once
    on the whole input: told from the operands alone, so that such a call can skip building an
    iterator (~10 us). False means "maybe not": build one and let `choose_split` decide.

    A large call's answer is kept by its shapes, strides and settings: telling it costs ~5 us,
    and ~40 us right after a reduction of the same size has swept the CPU caches."""
    if data.size < 2 * grain_size or (num_threads == 1 and not order_sensitive):
        return True
    key = (
        data.shape, data.strides, out.shape, num_threads, can_combine, order_sensitive,
        grain_size, reduced_chunk,
    )  # fmt: skip
    found = _WHOLE.get(key)
    if found is None:
        if len(_WHOLE) >= _WHOLE_LIMIT:
            _WHOLE.clear()
        found = _WHOLE[key] = _runs_whole(
            data, out, num_threads, can_combine, order_sensitive, grain_size, reduced_chunk
        )
    return found


def _runs_whole(data, out, num_threads, can_combine, order_sensitive, grain_size, reduced_chunk):
    if data.flags.c_contiguous or data.flags.f_contiguous:
        # A dense array iterates in its memory order, and adjacent dims that are both reduced
        # (size 1 in `out`) or both kept coalesce: the iterator's shape, told from the shapes.
        order = range(data.ndim) if data.flags.c_contiguous else range(data.ndim - 1, -1, -1)
        shape: list = []
        reduced: list = []
        for d in order:
            n, gone = data.shape[d], out.shape[d] == 1
            if n == 1:
                continue
            if shape and reduced[-1] == gone:
                shape[-1] *= n
            else:
                shape.append(n)
                reduced.append(gone)
        dims = tuple(i for i, gone in enumerate(reduced) if gone)
        split = choose_split(
            tuple(shape), dims, num_threads, grain_size, can_combine, order_sensitive, reduced_chunk
        )
        return split.kind == _SERIAL
    return False


def _bounds(size: int, chunks: int) -> tuple:
    return tuple(parallel.chunk_bounds(size, 1, chunks))


def run_reduction(
    it,
    reduce,
    combine=None,
    *,
    partial=None,
    grain_size: int = GRAIN_SIZE,
    order_sensitive: bool = True,
    num_threads: int | None = None,
    reduced_chunk: int = REDUCED_CHUNK,
):
    """Run a reduction over `it` (one output with keepdims shape, one input); return the output.

    `combine` may be None: the reduction then never splits its reduced dims. With
    `order_sensitive` the result does not depend on the thread count (Note [Reduction
    splitting]); without it only the values do (max, integer sums: any order is exact).
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
    threads = num_threads or parallel.get_num_threads()
    split = choose_split(
        it.shape, reduced, threads, grain_size, combine is not None, order_sensitive, reduced_chunk
    )
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


__all__ = ["Split", "choose_split", "run_reduction", "runs_whole"]

"""Parallel CPU paths for work that is neither an elementwise op nor a reduction: scans, stable
sorts, casts, gathers (take) and boolean-mask compaction. Each is NumPy's own loop run
over chunks on the thread pool of `_iter.parallel` (NumPy releases the GIL inside those loops),
and each function does the whole job: below its size threshold it is one NumPy call in the
calling thread (Note [Grain per operation] in `_iter/parallel.py` gives the measured sizes).
This module knows no op record and no namespace function; it takes and returns NumPy arrays.

Note [Block scan]
~~~~~~~~~~~~~~~~~
A scan carries a dependency from each element to the next, so threads can share a long one only
in two passes. The scanned axis is cut into blocks of SCAN_BLOCK elements (per row; a layout
fixed by the array's shape, never by the thread count). Pass 1 scans every block on its own, in
parallel. The offsets are then chained in block order, one small op per block: the offset of
block k is the final value of the last element of block k - 1, i.e. that element's pass-1 value
combined with block k - 1's offset. Pass 2 combines each block with its offset, in parallel.
Example, cumsum of [1, 2, 3, 4, 5] in blocks of 2: pass 1 gives [1, 3 | 3, 7 | 5], the offsets
are 3 and 7 + 3 = 10, pass 2 gives [1, 3 | 6, 10 | 15].

On one thread the same blocks run in order, each combined with its offset while still in the
cache: the same operations on the same values, so one thread and any number of threads give
bit-identical results. Integer scans are exact either way (two's complement wraps the same in
any association, as NumPy's loop does), so on one thread they are simply NumPy's call. Float
scans differ from NumPy's by rounding only: NumPy's cumsum is sequential (element i adds x[i] to
the running sum), ours adds each block's own running sum to the sum at the block's start. (So
an intermediate that overflows in one order and not in the other, 1e308 + 1e308 - 1e308 across
a block boundary, can end as inf on one side and finite on the other.)

The blocks of a contiguous 1-d float64/float32 scan run compiled (`_cscan.c`, optional like
`_dispatch/_cfast`): one loop per block keeps the running value in a register and writes
each element already combined with the block's offset, the same operations in the same order
as NumPy's accumulate and then its `part += offset`, so the same bits in one pass. With
threads, pass 1 is the compiled loop without offsets and pass 2 NumPy's, as above. NumPy's
accumulate stores and reloads the running value every element, so the compiled blocks run 2
to 3 times faster than NumPy's cumsum on one thread (10**6 to 10**7 elements).

Which scans take the block layout depends on the shape alone: at least SCAN_MIN elements, fewer
than MIN_ROWS independent rows (the product of the other dims), and at least two blocks along
the axis. With MIN_ROWS rows or more the rows are shared out whole instead, each one NumPy's
own sequential scan, so the result is NumPy's bit for bit.

Note [Parallel stable sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
A stable sort has exactly one answer (ties keep their input order), so it may be computed any
way at all: the run layout can follow the thread count. A long row is cut into one run per
thread; each run is copied and sorted by NumPy's stable sort (timsort) in its own thread; then
adjacent runs are merged, pairwise, until one is left. Each merge is itself cut into one part
per thread by the merge path: the part ending at output position k takes the first i elements
of run A and k - i of run B, where i is the smallest count with B[k - i - 1] sorting strictly
before A[i] (binary search; A wins ties, which keeps the sort stable). A part is its A slice
followed by its B slice, sorted again by timsort, which finds the two runs and merges them in
linear time. The comparison is NumPy's sort order (NaN last, -0.0 equal to 0.0), so NaNs,
signed zeros and ties come out exactly as NumPy's stable sort puts them. An argsort sorts
(value, index) pairs the same way: each part argsorts its concatenated values and gathers.

Note [Radix runs in threads]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~
The radix sorts (Notes [Radix argsort], [Radix sort of values] in cpu_sort.py) take the same
layout for one long row: each thread's run is radix-sorted on its own (a run of 5 * 10**6
float64 sorts in half the time of the row of 10**7, so the runs scale with the threads), then
merged. The compiled merge (`_csort.merge`) reads the two runs once and writes each part in
one pass; its step has no branch (a comparison of the values' images, NumPy's order, selects
the next value), as the runs' random order would mispredict half of them, and it takes about
6 ns a value where timsort's merge of the concatenated parts took 8-9. An argsort's runs hand
the merge their sorted images (`_csort.radix`'s `keys`): the merges compare integers and move
positions, and never gather values. On 2 threads / 1 thread: 0.6-0.9 for 8-byte dtypes from
2**18 values (2*10**6 to 10**7), 0.6-0.95 for 4-byte ones from 2**21 (below, the merge and the
threads' start cost what the runs save); the answer, the one stable order, is the same bits.
A row of few distinct values sorts whole instead (Note [Few distinct values] in _csort.c).

Unstable sorts (NumPy's quicksort: SIMD-vectorised, about 10x faster than the stable sort) and
16-bit and narrower integers (NumPy's radix sort, linear) are left to NumPy: split and merged
they measured 2x to 6x slower on 2 threads. So are complex dtypes, whose lexicographic NaN order
the merge path's comparison does not model.

Note [Mask compaction]
~~~~~~~~~~~~~~~~~~~~~~
`x[mask]` writes each chunk's selections at an offset that depends on the chunks before it.
So a first parallel pass counts the True elements of each chunk, the offsets are their running
sum, and a second parallel pass writes each chunk's selections at its offset. The compaction
itself is `numpy.compress`, which is faster than NumPy's boolean indexing on one thread already
(10**6 elements, random masks of density 0.1 / 0.5 / 0.9: float64 1.0x / 3.8x / 1.2x faster,
float32 2.6x / 4.5x / 1.5x, int8 1.1x / 5x / 1.6x, complex128 1.9x / 2.8x / 0.9x). The second
thread adds less: memory bound, the split pays only from 2**22 elements (MASK_MIN).
Below MASK_MIN, and with one thread set, the compiled twin of `x[mask]` compacts without
branches instead, faster still (Note [Masks without branches] in _dispatch/_cfast_paths.c).
`nonzero` is not split: NumPy's own nonzero counts and then fills, and chunks of it (each chunk
finding its indices, then copying them to their offsets) never beat it on 2 threads (0.97 to
1.8x NumPy's time from 2**15 to 2**23 elements).
"""

from __future__ import annotations

import math

import numpy as np

from .._core.extensions import optional
from .._iter import memory, parallel
from .host_heap import MMAP_BYTES as _MAPPED_BYTES  # malloc maps from here: the cache's

# Note [Block scan]: elements per block along the scanned axis, per row. It fixes the
# summation order of float scans, so it is a constant of its own, not a grain size.
SCAN_BLOCK = 1 << 16
# Sizes (elements) from which each operation splits (Note [Grain per operation] in
# parallel.py); no chunk is smaller than half of it.
SCAN_MIN = 1 << 20  # scans this large are cut into blocks or rows
# Compiled blocks (Note [Block scan]) run 2-3x NumPy's speed on one thread; a second thread
# adds a pass and paid only from here (2 threads / 1: 1.10-1.19 at 2**21-2**23, 0.70 at 2**24).
COMPILED_SCAN_THREADS = 1 << 24
MIN_ROWS = 8  # this many independent rows or more: share out whole rows
SORT_MIN = 1 << 16  # stable sorts this large sort runs in threads and merge them
ARGSORT_MIN = 1 << 19  # the same for argsort, whose runs and merges also gather indices
SORT_GRAIN = 1 << 15  # the shortest run of a parallel sort
CAST_MIN = 1 << 21  # astype
TAKE_MIN = 1 << 20  # take / integer-array gathers, in output elements
MASK_MIN = 1 << 22  # x[mask], in mask elements
_INDEX = np.intp
_ACCUMULATE = {"cumsum": np.add, "cumprod": np.multiply}
_CSCAN_OPS = {"cumsum": 0, "cumprod": 1}  # _cscan's op codes
_ONE_PASS_DTYPES = (np.dtype(np.float64), np.dtype(np.float32))
_cscan = optional("xtensor._backends._cscan")  # the compiled one-pass block and merge
_csort = optional("xtensor._core._csort") if _cscan is not None else None


def _threads() -> int:
    return parallel.usable_threads()


def empty(shape: tuple, dtype):
    """An uninitialized C-contiguous array from the iterator's allocator: a large one from the
    output buffer cache (Note [Output buffer cache] in cpu.py), whose pages are mapped already,
    as the iterator's outputs are; the answers and temporaries of this module's large calls
    would otherwise fault every page in again on each call (Note [Sort scratch] in
    _core/_csort.c). A small one is NumPy's own, at once (the sorts of 10**3 values ask)."""
    dtype = dtype if isinstance(dtype, np.dtype) else np.dtype(dtype)
    if math.prod(shape) * dtype.itemsize < _MAPPED_BYTES:
        return np.empty(shape, dtype)
    return memory.exact(np.ndarray).empty(tuple(shape), dtype)


def _along(axis: int, begin: int, end: int) -> tuple:
    """The index of elements begin:end along `axis` (all of every dim before it)."""
    return (slice(None),) * axis + (slice(begin, end),)


def _bounds(numel: int, grain_size: int) -> list:
    """Chunks of range(numel) for a call that runs in parallel: CHUNKS_PER_THREAD per thread
    (Note [Dynamic chunks] in parallel.py), none under `grain_size`."""
    chunks = parallel.get_num_threads() * parallel.CHUNKS_PER_THREAD
    return parallel.chunk_bounds(numel, grain_size, chunks)


def each_slab(count: int, fn) -> None:
    """fn((begin, end)) for slabs of range(count), shared out among the threads."""
    _each(_bounds(count, 1), fn)


def _each(items: list, fn) -> None:
    """fn(item) for every item, the items shared out among the threads."""

    def body(first, last):
        for item in items[first:last]:
            fn(item)

    parallel.parallel_for(len(items), body, grain_size=1)


# --- Note [Block scan] ------------------------------------------------------------------------


def scan(name: str, data, out, axis: int, dtype) -> None:
    """`numpy.<name>(data, axis=, dtype=, out=)` ('cumsum' or 'cumprod'), in parallel when large."""
    loop = getattr(np, name)
    n = data.shape[axis]
    rows = data.size // n if n else 0
    if data.size < SCAN_MIN:
        loop(data, axis=axis, dtype=dtype, out=out)
    elif rows >= MIN_ROWS:
        _scan_rows(loop, data, out, axis, dtype)
    elif n >= 2 * max(1, SCAN_BLOCK // rows):
        _block_scan(name, data, out, axis, dtype, max(1, SCAN_BLOCK // rows))
    else:
        loop(data, axis=axis, dtype=dtype, out=out)


def _scan_rows(loop, data, out, axis: int, dtype) -> None:
    """Slabs of whole rows, cut along the largest other dim, each NumPy's own scan."""
    if _threads() == 1:
        loop(data, axis=axis, dtype=dtype, out=out)
        return
    dim = max((d for d in range(data.ndim) if d != axis), key=lambda d: data.shape[d])
    grain = max(1, SCAN_MIN // 2 * data.shape[dim] // data.size)  # rows per chunk

    def slab(bounds):
        index = _along(dim, *bounds)
        loop(data[index], axis=axis, dtype=dtype, out=out[index])

    _each(_bounds(data.shape[dim], grain), slab)


def _block_scan(name: str, data, out, axis: int, dtype, block: int) -> None:
    """Note [Block scan]: blocks of `block` elements along `axis`."""
    loop, combine = getattr(np, name), _ACCUMULATE[name]
    n = data.shape[axis]
    blocks = [(b, min(b + block, n)) for b in range(0, n, block)]
    exact = np.dtype(dtype).kind in "biu"
    threads = _threads()
    if threads == 1 and exact:  # any association gives these bits (Note [Block scan])
        loop(data, axis=axis, dtype=dtype, out=out)
        return
    if _one_pass(data, out, dtype):  # threads pay from COMPILED_SCAN_THREADS only
        threads = threads if data.size >= COMPILED_SCAN_THREADS else 1
        _compiled_block_scan(name, data, out, blocks, threads, dtype)
        return
    if threads == 1:
        for k, (b, e) in enumerate(blocks):
            part = out[_along(axis, b, e)]
            loop(data[_along(axis, b, e)], axis=axis, dtype=dtype, out=part)
            if k:  # the last element of the block before is final already
                combine(part, out[_along(axis, b - 1, b)], out=part)
        return

    def first_pass(bounds):
        index = _along(axis, *bounds)
        loop(data[index], axis=axis, dtype=dtype, out=out[index])

    _each(blocks, first_pass)
    offsets = [None]  # block 0 keeps its pass-1 values
    for b, _ in blocks[1:]:
        last = out[_along(axis, b - 1, b)]
        # The same operands in the same order as the one-thread loop above.
        offsets.append(last.copy() if offsets[-1] is None else combine(last, offsets[-1]))

    def second_pass(k):
        part = out[_along(axis, *blocks[k])]
        combine(part, offsets[k], out=part)

    _each(list(range(1, len(blocks))), second_pass)


def _one_pass(data, out, dtype) -> bool:
    """Whether `_cscan` can run this scan: 1-d contiguous float64/float32 in and out."""
    return (
        _cscan is not None
        and data.ndim == 1
        and data.dtype == out.dtype == dtype
        and data.dtype in _ONE_PASS_DTYPES
        and data.flags.c_contiguous
        and out.flags.c_contiguous
    )


def _compiled_block_scan(name: str, data, out, blocks: list, threads: int, dtype) -> None:
    """The blocks of Note [Block scan], each scanned by `_cscan` (the same bits): on one
    thread in order, each combined with the final value before it in the same loop; on
    several, every block's running values at once, then the offsets chained and combined
    in (a vectorized NumPy pass, as in the NumPy path)."""
    op, combine = _CSCAN_OPS[name], _ACCUMULATE[name]
    if threads == 1:
        for k, (b, e) in enumerate(blocks):
            _cscan.scan(data[b:e], out[b:e], op, float(out[b - 1]) if k else None)
        return

    def first_pass(bounds):
        _cscan.scan(data[slice(*bounds)], out[slice(*bounds)], op, None)

    _each(blocks, first_pass)
    offsets = [None]  # the same operands in the same order as the one-thread loop
    for b, _ in blocks[1:]:
        last = out[b - 1 : b]
        offsets.append(last.copy() if offsets[-1] is None else combine(last, offsets[-1]))

    def second_pass(k):
        part = out[slice(*blocks[k])]
        combine(part, offsets[k], out=part)

    _each(list(range(1, len(blocks))), second_pass)


# --- Note [Parallel stable sort] ----------------------------------------------------------------


def _sorts_in_parallel(data, stable: bool, minimum: int) -> bool:
    dt = data.dtype
    return (
        stable
        and data.size >= minimum
        and (dt.kind == "f" or (dt.kind in "iu" and dt.itemsize >= 4))
        and _threads() > 1
    )


def sort(data, axis: int, stable: bool):
    """`numpy.sort(data, axis, kind='stable' if stable else None)`: a stable sort of a large
    array runs in threads (Note [Parallel stable sort])."""
    if not _sorts_in_parallel(data, stable, SORT_MIN):
        return np.sort(data, axis=axis, kind="stable" if stable else None)
    return _by_rows(data, axis, empty(data.shape, data.dtype), sort_row, _sort_slab)


def argsort(data, axis: int, stable: bool):
    """`numpy.argsort(data, axis, kind=...)`, in threads like `sort`."""
    if not _sorts_in_parallel(data, stable, ARGSORT_MIN):
        return np.argsort(data, axis=axis, kind="stable" if stable else None)
    return _by_rows(data, axis, empty(data.shape, _INDEX), argsort_row, _argsort_slab)


def _sort_slab(data, out, axis):
    out[...] = data
    out.sort(axis=axis, kind="stable")


def _argsort_slab(data, out, axis):
    out[...] = np.argsort(data, axis=axis, kind="stable")


def _by_rows(data, axis, out, row_fn, slab_fn):
    """Many rows: slabs of rows in threads; few long rows: each row split and merged."""
    n = data.shape[axis]
    rows = data.size // n if n else 0
    if rows >= MIN_ROWS:
        dim = max((d for d in range(data.ndim) if d != axis), key=lambda d: data.shape[d])

        def slab(bounds):
            index = _along(dim, *bounds)
            slab_fn(data[index], out[index], axis)

        each_slab(data.shape[dim], slab)
        return out
    moved, moved_out = np.moveaxis(data, axis, -1), np.moveaxis(out, axis, -1)
    for index in np.ndindex(moved.shape[:-1]):
        if n < 2 * SORT_GRAIN:
            slab_fn(moved[index], moved_out[index], -1)
        else:
            row_fn(moved[index], moved_out[index])
    return out


def _run_bounds(n: int) -> list:
    return parallel.chunk_bounds(n, SORT_GRAIN, _threads())


def sort_row(x, out, run_sort=None) -> bool:
    """Stable sort of the 1-d `x` into `out`: runs in threads, then merge rounds. Each run is
    NumPy's stable sort, or `run_sort(run, into)`'s (Note [Radix runs in threads]); False,
    with `out` unwritten, where that refuses a run."""
    runs = _run_bounds(len(x))
    buffer, refused = empty(x.shape, x.dtype), []

    def sort_run(bounds):
        run, into = x[bounds[0] : bounds[1]], buffer[bounds[0] : bounds[1]]
        if run_sort is not None:
            refused.append(not run_sort(run, into))
            return
        into[...] = run
        into.sort(kind="stable")

    _each(runs, sort_run)
    if any(refused):
        return False
    result = _merge_rounds(runs, [buffer], [out])
    if result[0] is not out:
        out[...] = result[0]
    return True


def argsort_row(x, out, run_argsort=None, key_dtype=None) -> None:
    """Stable argsort of the 1-d `x` into `out`: (value, index) runs, then merge rounds. With
    `run_argsort(run, keys, order)`, a run's order and its sorted keys of `key_dtype` come
    from it, and the merges compare those keys (Note [Radix runs in threads])."""
    runs = _run_bounds(len(x))
    key_dtype = x.dtype if run_argsort is None else key_dtype
    values, indices = empty(x.shape, key_dtype), empty(x.shape, _INDEX)

    def sort_run(bounds):
        b, e = bounds
        if run_argsort is not None:
            run_argsort(x[b:e], values[b:e], indices[b:e])
            indices[b:e] += b
            return
        order = np.argsort(x[b:e], kind="stable")
        np.take(x[b:e], order, out=values[b:e])
        np.add(order, b, out=indices[b:e])

    _each(runs, sort_run)
    result = _merge_rounds(runs, [values, indices], [empty(x.shape, key_dtype), out])
    if result[1] is not out:
        out[...] = result[1]


def _merge_rounds(runs: list, source: list, target: list) -> list:
    """Merge adjacent runs of `source` ([values] or [values, indices]) pairwise into `target`
    (same shapes), swapping the two each round, until one run is left; return the list that
    holds it. With two runs (two threads) that is `target`, in one round."""
    while len(runs) > 1:
        last = len(runs) <= 2
        tasks, merged = [], []
        for p in range(0, len(runs), 2):
            if p + 1 == len(runs):  # an odd run out moves on as it is
                tasks.append((source, target, runs[p], None, 0, 0, last))
                merged.append(runs[p])
                continue
            (a0, _), (_, b1) = runs[p], runs[p + 1]
            parts = _threads()
            cuts = [(b1 - a0) * q // parts for q in range(parts + 1)]
            tasks += [
                (source, target, runs[p], runs[p + 1], k0, k1, last)
                for k0, k1 in zip(cuts, cuts[1:])
                if k1 > k0
            ]
            merged.append((a0, b1))
        _each(tasks, _merge_part)
        source, target, runs = target, source, merged
    return source


def _merge_part(task) -> None:
    """Output positions k0:k1 of merging runs A and B of `source` into `target`."""
    source, target, (a0, a1), run_b, k0, k1, last = task
    if run_b is None:  # an odd run: copy it over
        for s, t in zip(source, target):
            t[a0:a1] = s[a0:a1]
        return
    b0, b1 = run_b
    a, b = source[0][a0:a1], source[0][b0:b1]
    if _csort is not None and _compiled_merge(source, target, task):
        return
    i0, i1 = _merge_path(a, b, k0), _merge_path(a, b, k1)
    j0, j1 = k0 - i0, k1 - i1
    lo, hi, la = a0 + k0, a0 + k1, i1 - i0
    values = target[0][lo:hi]
    values[:la], values[la:] = a[i0:i1], b[j0:j1]
    if len(source) == 1:
        values.sort(kind="stable")  # two sorted runs: timsort merges them in linear time
        return
    order = np.argsort(values, kind="stable")
    indices = np.concatenate((source[1][a0 + i0 : a0 + i1], source[1][b0 + j0 : b0 + j1]))
    np.take(indices, order, out=target[1][lo:hi])
    if not last:  # the values are needed by the next round only
        values[...] = values[order]


def _compiled_merge(source: list, target: list, task) -> bool:
    """`_merge_part` by `_csort.merge`, in one pass (Note [Radix runs in threads]); False for
    dtypes it does not merge and strided parts. The values of the last round are not kept in
    an argsort."""
    _, _, (a0, a1), (b0, b1), k0, k1, last = task
    a, b, lo, hi = source[0][a0:a1], source[0][b0:b1], a0 + k0, a0 + k1
    if len(source) == 1:
        return _csort.merge(a, b, target[0][lo:hi], k0) is not None
    values = None if last else target[0][lo:hi]
    positions = source[1][a0:a1], source[1][b0:b1], target[1][lo:hi]
    return _csort.merge(a, b, values, k0, *positions) is not None


def _merge_path(a, b, k: int) -> int:
    """How many of the first k merged elements come from `a` (ties: `a` first)."""
    lo, hi = max(0, k - len(b)), min(k, len(a))
    while lo < hi:
        mid = (lo + hi) // 2
        if _before(b[k - mid - 1], a[mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _before(x, y) -> bool:
    """x sorts strictly before y in NumPy's order: NaN after every number, equal to NaN."""
    return bool(x < y or (y != y and x == x))


# --- casts and gathers ------------------------------------------------------------------------


def astype(data, dtype):
    """`data.astype(dtype)` (layout kept, as order='K' does), in parallel chunks when large,
    warning as NumPy's cast does (Note [Casts NumPy warns about] in _array_methods.py)."""
    numeric = data.dtype.kind in "biufc" and np.dtype(dtype).kind in "biufc"
    contiguous = data.flags.c_contiguous or data.flags.f_contiguous
    if data.size < CAST_MIN or not (numeric and contiguous):
        return data.astype(dtype)
    # the same memory order as data
    out = empty(data.shape, dtype) if data.flags.c_contiguous else np.empty_like(data, dtype)
    flat, flat_out = data.ravel(order="K"), out.ravel(order="K")  # views: both contiguous

    def chunk(begin, end):
        np.copyto(flat_out[begin:end], flat[begin:end], casting="unsafe")

    heard = {kind: "ignore" if how == "ignore" else "raise" for kind, how in np.geterr().items()}
    try:
        with np.errstate(**heard):  # the chunks' flags that the caller would hear of
            parallel.parallel_for(data.size, chunk, max(1, CAST_MIN // 2))
    except FloatingPointError:
        return data.astype(dtype)  # NumPy's one cast warns (or raises) as the caller asked
    return out


def take(data, indices, axis: int, func: str):
    """`numpy.take(data, indices, axis)` with NumPy's bounds check (IndexError naming `func`),
    gathering output chunks in parallel when large."""
    rest = data.shape[:axis] + data.shape[axis + 1 :]
    out_size = indices.size * (int(np.prod(rest)) if rest else 1)
    if out_size < TAKE_MIN or indices.size < 2:
        return np.take(data, indices, axis=axis)
    size = data.shape[axis]
    flat = indices.reshape(-1)
    low, high = int(flat.min()), int(flat.max())
    if low < -size or high >= size:
        bad = low if low < -size else high
        raise IndexError(f"{func}: index {bad} is out of bounds for axis {axis} with size {size}")
    out = empty(data.shape[:axis] + indices.shape + data.shape[axis + 1 :], data.dtype)
    flat_out = out.reshape(data.shape[:axis] + (indices.size,) + data.shape[axis + 1 :])
    grain = max(1, TAKE_MIN // 2 * indices.size // out_size)  # indices per chunk

    def chunk(begin, end):
        # In range (checked above), 'wrap' is 'raise' without its buffered copy of `out`.
        target = flat_out[_along(axis, begin, end)]
        np.take(data, flat[begin:end], axis=axis, out=target, mode="wrap")

    parallel.parallel_for(indices.size, chunk, grain)
    return out


# --- Note [Mask compaction] ---------------------------------------------------------------------


def _counted(mask, grain_size: int):
    """(chunks of range(len(mask)), their offsets: the running count of True before each)."""
    chunks = _bounds(len(mask), grain_size)
    counts = np.zeros(len(chunks), _INDEX)

    def count(k):
        b, e = chunks[k]
        counts[k] = np.count_nonzero(mask[b:e])

    _each(list(range(len(chunks))), count)
    offsets = np.zeros(len(chunks) + 1, _INDEX)
    np.cumsum(counts, out=offsets[1:])
    return chunks, offsets


def masked(data, mask):
    """`data[mask]` for a boolean `mask` of `data`'s shape (Note [Mask compaction])."""
    if not (data.flags.c_contiguous and mask.flags.c_contiguous):
        return data[mask]
    flat, flat_mask = data.reshape(-1), mask.reshape(-1)
    if data.size < MASK_MIN or _threads() == 1:
        return flat.compress(flat_mask)  # the method: np.compress's wrapper costs 0.6 us more
    chunks, offsets = _counted(flat_mask, max(1, MASK_MIN // 2))
    out = empty((int(offsets[-1]),), data.dtype)

    def fill(k):
        (b, e), o, end = chunks[k], offsets[k], offsets[k + 1]
        if end - o == e - b:  # a chunk all set is a copy (compress took 2x NumPy's runs)
            out[o:end] = flat[b:e]
        elif end > o:  # (none set: nothing to write, nothing to scan again)
            np.compress(flat_mask[b:e], flat[b:e], out=out[o:end])

    _each([k for k in range(len(chunks)) if offsets[k + 1] > offsets[k]], fill)
    return out

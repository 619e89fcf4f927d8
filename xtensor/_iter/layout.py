"""Shape and stride algebra of the iterator: broadcasting, dim ordering and coalescing.

Pure functions on tuples of ints; no arrays, no dtypes, no ops. Strides are in bytes.

Note [Output layout]
~~~~~~~~~~~~~~~~~~~~
An output the iterator allocates follows the layout of the inputs, as NumPy's order='K' does:
`A.T + A` with C-ordered `A` writes a Fortran-ordered result, because the first input is read
sequentially that way. `iteration_order` sorts dims outermost-first by comparing strides of the
inputs in order; the first input where both dims have a nonzero stride decides, ties keep C
order. The same order is used to allocate outputs and to iterate, so the innermost loop runs
over the longest contiguous stretch.

Note [Dimension coalescing]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
Adjacent dims (outer, inner) fold into one when, for every operand,
`stride[outer] == stride[inner] * size[inner]`: the pair then walks memory like a single dim.
Broadcast dims have stride 0, so two broadcast dims fold too (0 == 0 * n). Example: adding two
C-contiguous (200, 300, 4) float32 arrays coalesces to one dim of 240000 elements with stride 4,
and the CPU loop is one ufunc call per chunk.
"""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=4096)
def broadcast_shapes(shapes: tuple, func: str = "broadcast_shapes") -> tuple:
    """The common shape of `shapes`, NumPy's rules; ValueError naming both shapes if none."""
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for shape in shapes:
        for i, size in enumerate(shape, start=ndim - len(shape)):
            if size != out[i]:
                if out[i] == 1:
                    out[i] = size
                elif size != 1:
                    raise ValueError(_mismatch(shapes, func))
    return tuple(out)


def _mismatch(shapes: tuple, func: str) -> str:
    """NumPy's wording for shapes that do not broadcast, under `func`'s name: its
    `broadcast_shapes`/`broadcast_arrays` name the first two clashing arguments, found as
    NumPy finds them (dimensions outermost first, then arguments); its ufuncs list every
    operand's shape. Callers such as SciPy's tests match these texts."""
    if func not in ("broadcast_shapes", "broadcast_arrays"):
        listed = " ".join(f"({','.join(map(str, s))}{',' if len(s) == 1 else ''})" for s in shapes)
        return f"{func}: operands could not be broadcast together with shapes {listed} "
    ndim = max(len(s) for s in shapes)
    for d in range(-ndim, 0):
        first = None  # the argument that set this dimension's size
        for j, s in enumerate(shapes):
            if len(s) >= -d and s[d] != 1:
                if first is None:
                    first = j
                elif s[d] != shapes[first][d]:
                    return (
                        f"{func}: shape mismatch: objects cannot be broadcast to a single shape."
                        f"  Mismatch is between arg {first} with shape {shapes[first]} and arg "
                        f"{j} with shape {s}."
                    )
    raise AssertionError(f"{func}: shapes {shapes} broadcast; no mismatch to report")


def broadcast_strides(shape: tuple, byte_strides: tuple, full: tuple) -> tuple:
    """Strides of an operand of `shape` viewed at broadcast shape `full`: 0 where broadcast."""
    lead = len(full) - len(shape)
    return (0,) * lead + tuple(0 if n == 1 else s for n, s in zip(shape, byte_strides))


def iteration_order(shape: tuple, operand_strides: list) -> tuple:
    """Permutation of dims, outermost first (see Note [Output layout])."""

    def outer_first(d0, d1):
        # True when d0 should be iterated outside d1.
        for strides in operand_strides:
            s0, s1 = abs(strides[d0]), abs(strides[d1])
            if s0 and s1 and s0 != s1:
                return s0 > s1
        return d0 < d1

    perm = list(range(len(shape)))
    # Insertion sort: a stable sort with a comparison that is not a total order on all inputs.
    for i in range(1, len(perm)):
        j = i
        while j > 0 and outer_first(perm[j], perm[j - 1]):
            perm[j], perm[j - 1] = perm[j - 1], perm[j]
            j -= 1
    return tuple(perm)


def contiguous_strides(shape: tuple, itemsize: int) -> tuple:
    """C-order byte strides for `shape`."""
    strides = []
    step = itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def strides_in_order(shape: tuple, perm: tuple, itemsize: int) -> tuple:
    """Byte strides of a fresh array whose dims, taken in `perm` order, are C-contiguous."""
    permuted = contiguous_strides(tuple(shape[p] for p in perm), itemsize)
    out = [0] * len(shape)
    for stride, p in zip(permuted, perm):
        out[p] = stride
    return tuple(out)


def coalesce(shape: tuple, operand_strides: list) -> tuple:
    """Fold adjacent dims (see Note [Dimension coalescing]). Dims are outermost first.

    Returns (shape, [strides per operand]). Size-1 dims vanish; a 0-d or all-ones shape
    becomes a single dim of size 1 so loops always have a dim to walk.
    """
    dims = [d for d in range(len(shape)) if shape[d] != 1]
    if not dims:
        return (1,), [(0,) for _ in operand_strides]
    new_shape = [shape[dims[-1]]]
    new_strides = [[s[dims[-1]]] for s in operand_strides]
    for d in reversed(dims[:-1]):
        inner = new_shape[0]
        if all(s[d] == ns[0] * inner for s, ns in zip(operand_strides, new_strides)):
            new_shape[0] *= shape[d]
        else:
            new_shape.insert(0, shape[d])
            for s, ns in zip(operand_strides, new_strides):
                ns.insert(0, s[d])
    return tuple(new_shape), [tuple(ns) for ns in new_strides]


def linear_blocks(shape: tuple, begin: int, end: int):
    """Split the C-order linear range [begin, end) of `shape` into rectangular blocks.

    Yields tuples of slices, one per dim; at most 2 * ndim - 1 blocks. This lets a chunk of the
    iteration space start and end mid-row and still run as a few strided ufunc calls.
    """
    if begin >= end:
        return
    if len(shape) == 1:
        yield (slice(begin, end),)
        return
    inner = 1
    for n in shape[1:]:
        inner *= n
    row0, off0 = divmod(begin, inner)
    row1, off1 = divmod(end, inner)
    if row0 == row1:
        for rest in linear_blocks(shape[1:], off0, off1):
            yield (slice(row0, row0 + 1),) + rest
        return
    if off0:
        for rest in linear_blocks(shape[1:], off0, inner):
            yield (slice(row0, row0 + 1),) + rest
        row0 += 1
    if row1 > row0:
        yield (slice(row0, row1),) + tuple(slice(None) for _ in shape[1:])
    if off1:
        for rest in linear_blocks(shape[1:], 0, off1):
            yield (slice(row1, row1 + 1),) + rest

"""Shape and stride algebra of the iterator: broadcasting, dim ordering and coalescing.

Pure functions on tuples of ints; no arrays, no dtypes, no ops. Strides are in bytes.

Note [Output layout]
~~~~~~~~~~~~~~~~~~~~
An output the iterator allocates follows the layout of the inputs with NumPy's order='K'
rule, so results have NumPy's strides: `iteration_order` sorts dims by an insertion sort from
the innermost dim outwards, and a dim moves inside another only when every operand with
nonzero strides on both dims has the smaller stride on it. Any operand that disagrees keeps C
order, so `A.T + A` (one Fortran-ordered, one C-ordered input) is C-ordered, as in NumPy,
while `A.T + A.T` is Fortran-ordered; an operand with a zero stride (broadcast, or a size-1
dim) has no say. One more NumPy rule, `_all_fortran` in iterator.py: when every operand has
the result's shape and is Fortran- but not C-contiguous, NumPy allocates plain Fortran order,
which differs from the sort only in the strides of size-1 dims. The same order is used to
allocate outputs and to iterate, so the innermost loop runs over the longest contiguous
stretch whenever the operands agree.

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
    inner_first = list(range(len(shape) - 1, -1, -1))
    # Insertion sort, innermost dim first: a stable sort with a comparison that is not a
    # total order (it can be undecided, and operands can disagree).
    for i in range(1, len(inner_first)):
        dim, place = inner_first[i], i
        for j in range(i - 1, -1, -1):
            inside = _goes_inside(dim, inner_first[j], operand_strides)
            if inside is None:
                continue  # no operand tells these two dims apart: look further in
            if not inside:
                break
            place = j
        if place != i:
            del inner_first[i]
            inner_first.insert(place, dim)
    return tuple(reversed(inner_first))


def _goes_inside(d0, d1, operand_strides):
    """Whether dim d0 (now outside d1) moves inside d1: True when every operand with nonzero
    strides on both has the smaller one on d0, False when one has not (C order wins a
    conflict), None when no operand has nonzero strides on both."""
    verdict = None
    for strides in operand_strides:
        s0, s1 = abs(strides[d0]), abs(strides[d1])
        if s0 and s1:
            if s1 <= s0:
                return False
            verdict = True
    return verdict


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

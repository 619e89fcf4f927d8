"""The CPU's sorts: NumPy's fast sort wherever it gives the stable answer, stable argsorts by
radix and packed keys, and the rest NumPy's stable sort in threads (Note [Parallel stable sort]
in cpu_threads.py). Rows in order already, falling, or of a few runs skip all of them (Note
[Sorted already] in xtensor/_sort_keys.h). Like cpu_threads, this module takes and returns
NumPy arrays.

Note [Stable answers from the fast sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy's default sort (introsort, with SIMD kernels where the CPU takes them) is 7 to 13 times
faster than its stable sort on 10**3 to 10**6 float64 values (1.7 times without the SIMD
kernels), and its argsort about 4 times faster. A stable sort
differs from it only in the order of elements that compare equal, so from CHECKED_MIN elements
a stable sort of a 1-d or n-d array takes the fast one wherever that gives the same
answer:
* sorted values: equal values are the same bits except 0.0 and -0.0, and NaNs (NumPy puts
  every NaN last). So the fast sort is the stable answer for bool and integers, and for
  floats unless zeros of both signs are present (its SIMD kernels may swap their signs), or
  NaNs other than the default one (they come out as the default NaN; float16 NaNs change
  bits in any case, so float16 takes the stable sort): two scans, ~10% of the sort;
* indices of a 1-d array of 4-byte or wider integers or floats: the fast argsort runs, the
  ties are found in the keys it sorted (adjacent equal keys, or adjacent NaNs; counted in one
  vectorized pass by `_core/_csort.c`, 3-4% of the argsort), and within
  each run of ties the indices are put back in increasing order (a lexsort of the tied
  positions only): exactly the stable argsort. Where over an eighth of the elements tie
  (labels, say) the stable sort runs instead, from scratch;
* indices along the last axis of an n-d array of those dtypes: the fast argsort, where no
  row holds a tie (counted as above), else the stable sort.
An argsort along another axis is one along the last axis of a C-order copy; anything else is
the stable sort itself (complex: Note [Complex keys]). Most argsorts sort keys instead (next
Notes): those that come here are the ones without the C extension (float64 rows under 1024
values, and 8-byte integers of too wide a range in rows as short).

Note [Packed argsort]
~~~~~~~~~~~~~~~~~~~~~
Ties cost the fast argsort its lead: integer data with a few ties per thousand took longer
than NumPy's stable argsort once they were put back in order, and where over an eighth tied
the fast argsort ran for nothing. So from CHECKED_MIN elements an argsort along the last axis of
a C-contiguous array of 4- or 8-byte integers, float16 or float32 sorts keys instead of values
(NumPy's stable argsort of bool and 1- or 2-byte integers is a radix sort, faster still). A
key is the value's order-preserving unsigned image (an integer's offset from its dtype's least
value, or for 8-byte integers from the array's; a float's bits, its zeros made +0.0 and every
NaN the largest image, as NumPy sorts NaNs last), shifted left by the bits of the row's
length, with the value's position in its row in the low bits. The keys are distinct, so
NumPy's fast sort of them is the one order a stable sort gives, and their low bits are the
argsort: two passes (`_csort.pack`, `unpack`) around one sort of 8-byte integers, faster than
either of NumPy's argsorts. A descending argsort packs the images' complements (within their
width): the largest value first, NaNs first, ties still in input order. float64 values and
8-byte integers whose range leaves no room for the positions cut their keys (Note [Cut keys]).
Long rows sort faster still without comparisons (next Note).

Note [Cut keys]
~~~~~~~~~~~~~~~
A float64 image takes all 64 bits, so its packed key (above) has no room for a position. Its
rows under 1024 values (shorter than the radix sort's, next Note) used to take NumPy's fast
argsort and a tie check, 1.1-1.2x the time of NumPy's own (unstable) argsort. Instead the key
keeps the image's highest bits (`pack(..., cut=True)`: 64 less the position's bits; 63 less in
the compiled argsort, which sorts them as int64) above the position, NumPy's fast sort sorts
the 8-byte keys (half the time of an argsort of the values: no indirection), and
`_csort.repair` puts back the order that the cut bits decided: keys of equal cut images sit
together, in position order, and each such run is ordered stably by the full images, by
insertion where it is short, else by a counting sort of the images' offsets from the run's
least (they differ in the cut bits only: 2**11 counts at most). Runs are rare (values within a
few hundred ulps of each other, or equal) and are paid for only where they occur, so float64
argsorts of rows of 16 to 1023 values take 0.35-0.8 of the time of NumPy's default argsort
along any axis, and 0.3-0.4 of its stable one (Note [Distinct inputs]). 8-byte integers
spanning too wide a range to pack whole take the same steps. Below 2**14 elements the compiled
argsort makes and sorts the keys itself (`stable_argsort` in _dispatch/_cfast_sort.c), packed
or cut, along any axis: the Python layers cost a fifth of a sort of 1000 values.

Note [Radix argsort]
~~~~~~~~~~~~~~~~~~~~
`_csort.radix` sorts a row by its values' images (as above, float64's and wide integers'
included, with no positions packed in) a byte at a time from the lowest: each pass is a stable
counting sort that carries the positions along, so the last pass leaves the stable argsort. A
byte that every image in the row shares takes no pass (the high bytes of small integers, the
sign and exponent of values in one binade). On 10**4 to 10**7 values this takes 0.13-0.4 of
the time of NumPy's default argsort (float64 0.2-0.4, where nothing packs; 0.5-0.6 at 2000 to
4000 values), one thread. Each row pays a fixed cost (a 256-count histogram a byte, cleared
and summed), and NumPy sorts rows of up to 256 values with sorting networks, so only rows of
256 values or more (float16), 384 (4-byte dtypes) or 1024 (8-byte) take it: shorter ones sort
packed or cut keys. For 8-byte values the scratch is a row's images and two 4-byte position
buffers, 16 bytes a value, the result serving as the second image buffer; values of 4 bytes or
fewer pack image and position in one 8-byte key, so a pass moves 8 bytes a value, not 12
(0.56-0.8 of the time from 10**6 values), and the scratch is one key buffer, 8 bytes a value.
NumPy's stable argsort takes half a result's. bool and 1- and 2-byte integers keep NumPy's
stable argsort (a radix sort already). Without the C extension there is no radix sort, and the
packed keys come from NumPy (`_pack`).

Note [Complex keys]
~~~~~~~~~~~~~~~~~~~
NumPy orders complex values by real part, then imaginary part. Sorting stably by the
imaginary parts, then stably by the real parts in that order, leaves that order with ties in
input order (the later sort decides, the earlier one breaks its ties), so a complex argsort
is two keyed argsorts of float rows (the Notes above) and two gathers: 0.35-0.85 of NumPy's
default argsort's time on rows of 32 values or more (0.27-0.55 from 3000 values, one thread),
where its fast argsort with a tie check took 1.03-1.15 (NumPy's stable argsort 0.8-1.1: a
timsort compares less, and complex compares are slow). Images make -0.0 and 0.0 one key, so
zeros tie as they compare; NaN parts do not order so (NumPy puts R + nanj after every R + Rj),
and data holding one takes NumPy's stable argsort, as rows under COMPLEX_ROWS and arrays under
COMPLEX_KEYED_MIN values in the compiled twin (`stable_argsort` in _dispatch/_cfast_sort.c),
where the Python steps cost more than they save.

Note [Radix sort of values]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
How fast NumPy's sort is depends on the CPU: where its SIMD kernels run (x86-simd-sort on
AVX-512 or AVX2 Intel cores) it sorts 10**6 float64 in a few milliseconds, elsewhere its
introsort takes ten times as long (53 ms on this project's AMD EPYC VMs, where NumPy leaves
its AVX-512 sort off). `_csort.sorted` sorts the values themselves by LSD radix, a byte a
pass, skipping the bytes that all share, as the argsort above: 0.2-0.3 of NumPy's introsort
from 10**4 values to 10**7, for 4- and 8-byte integers and floats. Its images give the values
back bit for bit (a float's bits with the sign bit set, all flipped if it was set), so they
order -0.0 before 0.0 and a NaN by its bits, where a stable sort keeps zeros and NaNs in input
order. So in a row holding zeros of both signs (`np.round` of small negative values makes
-0.0) the sorted zeros, one run, are written over with the row's zeros in input order, and
in one holding a NaN but the default one (0/0, inf - inf and sqrt(-1) make NaNs with the sign
bit set, which sort first) the numbers move to the front and every NaN follows them in input
order: one more pass over the row, and NumPy's stable sort bit for bit (the only values that
compare equal with other bits are those). `unique` asks for such rows to be refused (NumPy's
unique keeps the zero or NaN its quicksort happened to put first). The first sort of a dtype
with rows of RADIX_SORT_MIN values or more times both sorts once on RADIX_SAMPLE random
values, and the radix sort runs for that dtype only where it took under RADIX_MARGIN of
NumPy's time. Rows of an n-d array share out among threads as the argsort's do; along another
axis, or non-contiguous, the rows are copied contiguous first (a copy costs ~2% of the sort).
The scratch is a row's images.

Note [Keyed rows in threads]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~
A stable argsort has one answer, so rows sorted by radix may share out among threads: from
KEYED_THREADS_MIN elements, slabs of rows of a C-contiguous array each take one `_csort.radix`
call (which releases the GIL) into their slab of the result.

Note [Distinct inputs]
~~~~~~~~~~~~~~~~~~~~~~
Sorts are timed on inputs each sorted once (benchmarks/bench_sorts.py: the rows of a matrix,
or a list of 1-d arrays). Timed on one input over and over, a comparison sort's branches are
learnt by the CPU's predictor: NumPy's stable argsort (a timsort) of 1000 random float64 took
12 us that way and 47 us on distinct rows, where its default argsort (20 us) and the radix
and key sorts here barely change. Such timings once sent float64 rows of 512 to 3199 values
to NumPy's timsort, 2.1-2.6x the time of the keys' and radix sorts it replaced.
"""

from __future__ import annotations

import math
import time

import numpy as np

from .._core.extensions import optional
from .._core.values import NAN, ZERO, classes
from .._iter import parallel
from . import cpu_threads, host_heap
from .base import flipped_argsort

# From here on a stable sort may be NumPy's fast one, checked (Note [Stable answers from the
# fast sort]): below it the checks cost more than the fast sort saves.
CHECKED_MIN = 256
# Rows at least this long, by the dtype's itemsize, take the radix argsort (Note [Radix argsort]).
RADIX_ROWS = {2: 256, 4: 384, 8: 1024}
CUT_ROWS_MAX = 1024  # rows the repair of cut keys takes: CUT_BITS_MAX in _sort_keys.h
COMPLEX_ROWS = 32  # complex rows this long sort by keys (Note [Complex keys])
KEYED_THREADS_MIN = 1 << 16  # Note [Keyed rows in threads]
# One row this long, by itemsize, sorts in runs in threads (Note [Radix runs in threads] in
# cpu_threads.py): 2 threads / 1 measured 0.6-0.8 from here, 0.75-1.2 below.
RADIX_RUNS_MIN = {4: 1 << 21, 8: 1 << 18}
FEW_SAMPLE, FEW_MAX = 64, 4  # SAMPLE, FEW_MAX in _core/_csort.c
FEW_FALLS = 16  # Note [Sorted already] in xtensor/_sort_keys.h
# Note [Radix sort of values]: the shortest rows, the calibration's size and its bar
RADIX_SORT_MIN = 2048  # RADIX_SORT_MIN in _dispatch/_cfast.h
RADIX_SAMPLE = 1 << 15
RADIX_MARGIN = 0.8

_csort = optional("xtensor._core._csort")  # the compiled steps

_INTP = np.dtype(np.intp)  # (a dtype: `cpu_threads.empty` need not make one per call)
_NEEDLES: dict = {}  # float dtype -> [0, its least positive value, NaN] of that dtype
_RADIX_WINS: dict = {}  # dtype -> whether its radix sort beat NumPy's here (the calibration)


def sort(data, axis: int, stable: bool):
    """`numpy.sort(data, axis, kind='stable' if stable else None)`: a radix sort where it beats
    NumPy's (Note [Radix sort of values]), NumPy's fast sort where it gives the stable values
    (Note [Stable answers from the fast sort]), else cpu_threads'."""
    if stable and data.size >= CHECKED_MIN:
        if (out := sorted_already(data, axis)) is not None:
            return out
        if (out := radix_sorted(data, axis)) is not None:
            return out
        kind, wide = data.dtype.kind, data.dtype.itemsize in (4, 8)
        if kind in "biu" or (kind == "f" and wide):  # float16's kernel writes its own NaNs
            out = data.copy(order="K")
            out.sort(axis=axis)
            if kind != "f" or _kept_bits(data, out, axis):
                return out
        elif data.dtype.char in "eFD" and not classes(data) & (NAN | ZERO):
            out = data.copy(order="K")  # float16 and complex without NaNs or zeros: values
            out.sort(axis=axis)  # that tie have the same bits (1.5x faster from 1000 values)
            return out
    return cpu_threads.sort(data, axis, stable)


def sorts_in_place(data, axis: int) -> bool:
    """Whether NumPy's fast sort of writeable `data` along `axis`, in place, writes the stable
    sort's values (integers and bools; floats without NaNs or zeros, which its kernels may
    rewrite: Note [Stable answers from the fast sort]) and no radix sort beats it: what
    `x.sort()` then runs instead of a sorted copy written back."""
    if not (data.flags.writeable and data.ndim and -data.ndim <= axis < data.ndim):
        return False
    if data.shape[axis] >= RADIX_SORT_MIN and _radix_wins(data.dtype):
        return False
    kind = data.dtype.kind
    if kind in "biu":
        return True
    wide = kind == "f" and data.dtype.itemsize in (4, 8) and data.flags.c_contiguous
    return wide and not classes(data) & (NAN | ZERO)


def radix_sorted(data, axis: int, ties: bool = True):
    """`data` sorted along `axis` by `_csort.sorted` (Note [Radix sort of values]), laid out as
    NumPy's sort lays it out (its copy's, order K); None where it does not run, or (`ties`
    False) where a row holds zeros of both signs or NaNs of other bits. The compiled `sort`
    (`sort_body` in _dispatch/_cfast_sort.c) calls it for rows of RADIX_SORT_MIN."""
    if not (data.ndim and data.shape[axis] >= RADIX_SORT_MIN and _radix_wins(data.dtype)):
        return None
    contiguous = data.flags.c_contiguous  # (else NumPy's layout: its copy's, order K)
    out = cpu_threads.empty(data.shape, data.dtype) if contiguous else np.empty_like(data)
    target = np.moveaxis(out, axis, -1)
    rows = target if target.flags.c_contiguous else np.empty(target.shape, data.dtype)
    source = np.ascontiguousarray(np.moveaxis(data, axis, -1))
    step = lambda x, into: _csort.sorted(x, into, ties, _scratch(x, x.itemsize))  # noqa: E731

    def runs(row, into):  # one long row: in runs, but a row of few values sorts whole
        if np.unique(row[:FEW_SAMPLE]).size <= FEW_MAX:  # (Note [Few distinct values] in
            return bool(step(row, into))  # _core/_csort.c: counting beats merging)
        return cpu_threads.sort_row(row, into, step)

    if not _in_slabs(step, source, rows, runs):
        return None  # (with `ties` False) zeros of both signs, or NaNs of other bits
    if rows is not target:
        target[...] = rows
    return out


def _scratch(rows, per_value: int):
    """The temporaries of a radix sort of C-contiguous `rows` (`per_value` bytes a value of
    one row) from the output buffer cache where malloc would map them afresh (Note [Sort
    scratch] in _core/_csort.c); None below, where the C's own malloc serves from its heap."""
    nbytes = rows.shape[-1] * per_value
    return cpu_threads.empty((nbytes,), np.uint8) if nbytes >= host_heap.MMAP_BYTES else None


def ranked_values(data, k: int, pair: bool):
    """The value of rank k (0: the least) of float `data`, and with `pair` that of rank k + 1
    (the last at most), as np.partition puts them, by `_csort.select` (Note [Median by radix
    select] in _numpy_median.py): a 2-array; "nan" where `data` holds only default NaNs; None
    where that does not answer."""
    if _csort is None:
        return None
    data = np.ascontiguousarray(data)
    if (got := _ranked_in_order(data.reshape(-1), k)) is not None:
        return got
    out = np.empty(2, data.dtype)
    got = _csort.select(data, out, k, pair)
    return out if got is True else "nan" if got == "nan" else None


def _ranked_in_order(flat, k: int):
    """`ranked_values`'s answer read off 1-d `flat` where its values are in order or fall
    strictly (Note [Sorted already]) and it holds no NaN (sorted last: the end tells), and the
    two values are not zeros, of which NumPy's partition may give either sign; else None."""
    counts = _in_order(flat)
    if counts is None or (counts[0] and counts[1]):
        return None
    n = flat.size
    ranks = [k, min(k + 1, n - 1)] if counts[0] == 0 else [n - 1 - k, max(n - 2 - k, 0)]
    got, end = flat[ranks], flat[-1 if counts[0] == 0 else 0]
    return got if end == end and got.all() else None


def _radix_wins(dtype) -> bool:
    """Whether `_csort.sorted` sorts `dtype` faster than NumPy here (timed once a dtype)."""
    wins = _RADIX_WINS.get(dtype)
    if wins is None:
        fits = _csort is not None and dtype.char in "iIlLqQfd" and dtype.isnative
        wins = _RADIX_WINS[dtype] = fits and _timed_win(dtype)
    return wins


def _timed_win(dtype) -> bool:
    """The calibration of Note [Radix sort of values]: the median of three paired timings."""
    rng = np.random.default_rng(0)
    if dtype.kind == "f":
        sample = rng.standard_normal(RADIX_SAMPLE).astype(dtype)
    else:
        info = np.iinfo(dtype)
        sample = rng.integers(info.min, info.max, RADIX_SAMPLE, dtype, endpoint=True)
    out, ratios = np.empty_like(sample), []
    for _ in range(3):
        start = time.perf_counter()
        np.sort(sample)
        middle = time.perf_counter()
        _csort.sorted(sample, out)
        ratios.append((time.perf_counter() - middle) / (middle - start))
    return sorted(ratios)[1] < RADIX_MARGIN


def _in_slabs(step, source, out, runs=None) -> bool:
    """`step(source, out)` (a `_csort` sort of C-contiguous rows, True where it answered),
    by slabs of rows in threads from KEYED_THREADS_MIN elements (Note [Keyed rows in
    threads]); one long row (RADIX_RUNS_MIN) by `runs(row, into)` where threads can share it
    (Note [Radix runs in threads] in cpu_threads.py)."""
    row = source.shape[-1]
    long = row >= RADIX_RUNS_MIN.get(source.itemsize, math.inf)
    if source.size == row and runs is not None and long and parallel.usable_threads() > 1:
        return runs(source.reshape(-1), out.reshape(-1))
    if source.size < KEYED_THREADS_MIN or source.size == row:
        return bool(step(source, out))
    rows, done = source.size // row, []
    source, out = source.reshape(-1, row), out.reshape(-1, row)
    cpu_threads.each_slab(rows, lambda b: done.append(step(source[b[0] : b[1]], out[b[0] : b[1]])))
    return bool(done) and all(done)


def argsort(data, axis: int, stable: bool, descending: bool = False):
    """`numpy.argsort(data, axis, kind='stable' if stable else None)`, or its descending order
    (`flipped_argsort`): by keys (Notes [Packed argsort], [Radix argsort]), or by NumPy's fast
    argsort with its ties put in input order (Note [Stable answers from the fast sort]), or by
    cpu_threads'."""
    checked = stable and data.size >= CHECKED_MIN
    if checked and axis not in (-1, data.ndim - 1):
        if (
            not descending
            and _unkeyed(data, axis)
            and (out := _fast_argsort(data, axis)) is not None
        ):
            return out  # (NumPy's fast argsort of short float64 rows needs no copies)
        # along the last axis of a copy, in C order as NumPy answers (two copies, a few % of
        # the sort): the keyed sorts sort contiguous rows only
        moved = np.ascontiguousarray(np.moveaxis(data, axis, -1))
        out = argsort(moved, data.ndim - 1, True, descending)
        return np.moveaxis(out, -1, axis).copy()  # (C order, with NumPy's strides for any shape)
    if checked and (out := _argsorted_already(data, descending)) is not None:
        return out  # (along the last axis, as from here on)
    if checked and (out := _keyed(data, descending)) is not None:
        return out
    dt = data.dtype
    if checked and dt.char in "FD" and (out := _complex_keyed(data, descending)) is not None:
        return out
    if descending:
        return flipped_argsort(argsort, data, axis, stable, np.flip)
    fast = checked and dt.kind in "iuf" and dt.itemsize >= 4
    fast = fast and not (dt.kind in "iu" and _crowded(data))
    if fast:
        out = _fast_argsort(data)
        if out is not None:
            return out
    return cpu_threads.argsort(data, axis, stable)


def _in_order(data, descending: bool = False):
    """(falls, rises) along the rows of C-contiguous `data` (Note [Sorted already] in
    xtensor/_sort_keys.h); None for other layouts and dtypes, or without the C extension."""
    if _csort is None or not data.flags.c_contiguous or not data.dtype.isnative:
        return None
    return _csort.order(data, descending)


def sorted_already(data, axis: int, ties: bool = True):
    """The stable sort of `data` along `axis` where Note [Sorted already] answers it: a copy
    of rows in order, the rows reversed where they fall strictly, NumPy's timsort of one row
    of few runs; else None, and (`ties` False, as `radix_sorted` takes it) where the data
    holds a zero or a NaN."""
    if axis not in (-1, data.ndim - 1) or (counts := _in_order(data)) is None:
        return None
    falls, rises = counts
    if not ties and data.dtype.kind == "f" and classes(data) & (NAN | ZERO):
        return None
    if falls == 0 or rises == 0:
        out = cpu_threads.empty(data.shape, data.dtype)
        np.copyto(out, data if falls == 0 else data[..., ::-1])
        return out
    return np.sort(data, kind="stable") if falls <= FEW_FALLS and data.ndim == 1 else None


def _argsorted_already(data, descending: bool):
    """The stable argsort of `data` along its last axis where Note [Sorted already] answers
    it (`sorted_already`'s cases); else None."""
    if (counts := _in_order(data, descending)) is None:
        return None
    falls, rises = counts
    if falls == 0 or rises == 0:
        out = cpu_threads.empty(data.shape, _INTP)
        _csort.positions(out, data.shape[-1], falls != 0)
        return out
    few = falls <= FEW_FALLS and data.ndim == 1 and not descending
    return np.argsort(data, kind="stable") if few else None


def _unkeyed(data, axis: int) -> bool:
    """Whether `data`'s rows along `axis` are float64 too short for the radix sort, which no
    keys sort without the C extension (Notes [Radix argsort], [Cut keys])."""
    return _csort is None and data.dtype == np.float64 and data.shape[axis] < RADIX_ROWS[8]


def _kept_bits(data, out, axis: int) -> bool:
    """Whether `out`, NumPy's fast sort of float array `data`, has the stable sort's bits:
    its SIMD kernels write every NaN as the default NaN and may swap the signs of zeros. On a
    1-d array the sorted zeros and NaNs are two runs, sized by binary search, and the input
    is scanned only when it holds two zeros or more, or a NaN. Most inputs hold neither,
    which one compiled scan (`classes`) of a contiguous input shows for a tenth of the
    binary searches' cost."""
    if data.flags.c_contiguous and not classes(data) & (NAN | ZERO):
        return True
    if data.ndim == 1:
        # where 0, the least positive value and NaN would go: one call for the three bounds
        needles = _NEEDLES.get(data.dtype)
        if needles is None:
            kinds = [0.0, np.finfo(data.dtype).smallest_subnormal, np.nan]
            needles = _NEEDLES[data.dtype] = np.array(kinds, data.dtype)
        first_zero, after_zeros, first_nan = out.searchsorted(needles).tolist()
        zeros, nans = after_zeros - first_zero, data.size - first_nan
    else:
        zeros, nans = 2, 1
    if nans:
        width = f"u{data.dtype.itemsize}"
        found = data[np.isnan(data)].view(width)
        if not (found == np.array(np.nan, data.dtype).view(width)).all():
            return False
    if zeros < 2:
        return True
    signs = np.signbit(data[data == 0])
    return bool(signs.all() or not signs.any())


def _keyed(data, descending: bool = False):
    """The stable argsort of C-contiguous `data` along its last axis by a radix sort of its
    values' images (Note [Radix argsort]), long rows in threads (Note [Keyed rows in threads]),
    or by one sort of packed keys (Note [Packed argsort]); None where neither applies."""
    dt = data.dtype
    # (not bool or 1- and 2-byte integers, whose stable argsort by NumPy is a radix sort)
    radix = dt.kind == "f" or (dt.kind in "iu" and dt.itemsize >= 4)
    shortest = RADIX_ROWS.get(dt.itemsize) if radix else None  # (None for longdouble too)
    if _csort is not None and shortest and data.ndim and data.shape[-1] >= shortest:
        cached = data.size * _INTP.itemsize >= host_heap.MMAP_BYTES  # (else NumPy's, at once)
        out = (cpu_threads.empty if cached else np.empty)(data.shape, _INTP)

        per_value = 16 if dt.itemsize > 4 else 8  # the keys, and 8-byte data's positions

        def run(x, keys, order):  # a run's order and its keys, which the merges compare
            return _csort.radix(x, order, descending, keys, _scratch(x, per_value))

        def runs(row, into):
            cpu_threads.argsort_row(row, into, run, np.uint64)
            return True

        step = lambda rows, into: run(rows, None, into)  # noqa: E731
        if data.flags.c_contiguous and _in_slabs(step, data, out, runs):
            return out
    return _packed(data, descending)


def _complex_keyed(data, descending: bool):
    """The stable argsort of complex `data` along its last axis by keyed argsorts of its
    imaginary parts, then of its real parts in that order (Note [Complex keys]); None with
    NaNs, rows shorter than COMPLEX_ROWS, or no C extension."""
    if _csort is None or data.shape[-1] < COMPLEX_ROWS or classes(data) & NAN:
        return None
    gather = _gather_1d if data.ndim == 1 else _gather_rows
    first = _keyed(np.ascontiguousarray(data.imag), descending)
    if first is None:
        return None
    second = _keyed(gather(data.real, first), descending)
    return None if second is None else gather(first, second)


def _gather_1d(values, idx):
    return values[idx]  # (a tenth of take_along_axis's time on 1000 values)


def _gather_rows(values, idx):
    return np.take_along_axis(values, idx, axis=-1)


def _packed(data, descending: bool = False):
    """The stable argsort of C-contiguous `data` along its last axis by sorts of packed keys
    (Note [Packed argsort]), cut where they do not fit 64 bits (Note [Cut keys]), slabs of
    rows in threads as the radix sort's; None where that does not answer."""
    kind, itemsize = data.dtype.kind, data.dtype.itemsize
    cut = _csort is not None and itemsize == 8 and data.ndim and data.shape[-1] <= CUT_ROWS_MAX
    if not (kind in "iu" and itemsize >= 4 or kind == "f" and (itemsize <= 4 or cut)):
        return None  # (NumPy's stable argsort of 1- and 2-byte integers is a radix sort)
    if not (data.flags.c_contiguous and data.size):
        return None
    out = np.empty(data.shape, np.intp)  # (the keys' buffer: the answer owns it, as NumPy's)
    done = _in_slabs(lambda rows, into: _pack_rows(rows, into, descending, cut), data, out)
    return out if done else None


def _pack_rows(data, out, descending: bool, cut: bool) -> bool:
    """`_packed`'s steps on C-contiguous rows `data` into intp `out` of their shape: the keys
    made in out's buffer, sorted there and cut to their positions; False where they do not
    fit."""
    keys, row = out.view(np.uint64), data.shape[-1]
    if _csort is None:
        bits = _pack(data, keys, row, descending)
    else:
        bits = _csort.pack(data, keys, row, descending, cut)
    if bits is None:
        return False
    keys.sort(axis=-1)
    if _csort is None:
        keys &= np.uint64((1 << bits) - 1)
    elif cut:
        return bool(_csort.repair(keys, data, bits, descending))
    else:
        _csort.unpack(keys, bits)
    return True


def _pack(data, keys, row: int, descending: bool = False):
    """`_csort.pack` in NumPy: the keys of `data` into `keys`, and their positions' bits."""
    bits = (row - 1).bit_length()
    width = 8 * data.dtype.itemsize
    if data.dtype.kind == "f":
        if width + bits > 64:  # (float64: rows of one value only, as the C's)
            return None
        sign, full = np.uint64(1 << (width - 1)), np.uint64((1 << width) - 1)
        u = (data + data.dtype.type(0)).view(f"u{data.dtype.itemsize}").astype(np.uint64)
        image = np.where(u & sign, ~u & full, u | sign)  # (+ 0: -0.0 is 0.0)
        image[np.isnan(data)] = full
    else:  # offsets from the dtype's least value (they fit its width), or the array's
        low = int(np.iinfo(data.dtype).min) if width < 64 else int(data.min())
        if width == 64:
            width = (int(data.max()) - low).bit_length()
        if width + bits > 64:
            return None
        image = data.astype(np.uint64) - np.uint64(low % 2**64)  # (mod 2**64: exact offsets)
    if descending:  # the images' complements: the largest first, ties still by position
        image ^= np.uint64((1 << width) - 1)
    position = np.arange(row, dtype=np.uint64)
    np.bitwise_or(image << np.uint64(bits), position, out=keys)
    return bits


def _crowded(data) -> bool:
    """Whether integer array `data` has fewer distinct values possible than 7/8 of its size:
    over an eighth of it then ties, and `_fast_argsort` would give up."""
    return int(data.max()) - int(data.min()) < data.size - data.size // 8


def _tie_mask(data, idx, axis: int = -1):
    """Element k along `axis`: whether data[idx[k]] ties with data[idx[k + 1]] (equal, or both
    NaN)."""
    # ndarray.take: 20-25% faster than data[idx] from 10**5 elements
    keys = data.take(idx) if data.ndim == 1 else np.take_along_axis(data, idx, axis)
    keys = np.moveaxis(keys, axis, -1)
    tie = keys[..., 1:] == keys[..., :-1]
    if data.dtype.kind == "f":
        nan = np.isnan(keys)
        tie |= nan[..., 1:] & nan[..., :-1]
    return tie


def _ties(data, idx, axis: int = -1) -> int:
    """How many adjacent pairs of the sorted order `idx` of `data` tie along `axis`
    (`_csort.ties`, compiled, in one pass)."""
    count = None if _csort is None else _csort.ties(data, idx, axis)
    return np.count_nonzero(_tie_mask(data, idx, axis)) if count is None else count


def _fast_argsort(data, axis: int = -1):
    """The stable argsort of `data` along `axis` from NumPy's fast one, or None when ties are
    many (any, in n-d data: the stable sort puts them in order there)."""
    idx = data.argsort(axis=axis)
    if data.ndim > 1:
        return None if _ties(data, idx, axis) else idx
    ties = _ties(data, idx)
    if ties == 0:
        return idx
    if ties > data.size // 8:
        return None
    tie = _tie_mask(data, idx)
    starts = np.flatnonzero(tie)
    tied = np.union1d(starts, starts + 1)  # the sorted positions in a run of ties
    same = (np.diff(tied) == 1) & tie[tied[:-1]]  # this position's run goes on at the next
    run = np.cumsum(np.concatenate(([True], ~same)))
    members = idx[tied]
    idx[tied] = members[np.lexsort((members, run))]
    return idx

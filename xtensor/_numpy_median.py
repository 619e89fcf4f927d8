"""np.median's own steps on a CPU buffer (`plain_median`), for `median` and for `nanmedian` of
an array without NaNs, which is its median (`_numpy_stats`, `_numpy_nanfuncs`)."""

from __future__ import annotations

import numpy as np

from ._core.convert import undispatched
from ._dispatch.compiled import ranked_values

REAL = "?bhilqBHILQfd"  # bool, the integers, float32 and float64


def plain_median(d):
    """np.median(d) of a non-empty CPU array of a `REAL` dtype, in NumPy's own steps
    (`_median`): partition a flat copy around the middle (and the end, where NaNs sort),
    take the mean of the middle one or two as `np.mean` does, then the NaN at the end if any.
    """
    n, floats = d.size, d.dtype.kind == "f"
    h, odd = n // 2, n % 2
    if floats and n >= _SELECT_MIN and (got := ranked_values(d, h - 1 + odd, not odd)) is not None:
        if type(got) is str:  # Note [Median by radix select]
            return d.dtype.type(np.nan)
        middle, last = got[: 2 - odd], got[0]
    else:
        part = d.flatten()
        part.partition(([h] if odd else [h - 1, h]) + ([-1] if floats else []))
        middle, last = part[h : h + 1] if odd else part[h - 1 : h + 1], part[-1]
    total = np.add.reduce(middle, 0, None if floats else _FLOAT64, None, False, where=True)
    mean = total.dtype.type(total / np.intp(len(middle)))  # np.mean's divisor is an intp
    return last if floats and last != last else mean


# Note [Median by radix select]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# np.median, np.percentile and np.quantile partition a copy of the data around the ranks they
# need (and its end, for NaNs). From _SELECT_MIN float32 or float64 values, `_csort.select`
# finds a rank's value and the next one's without a copy: one pass for the least and largest
# of the values' images (whose shared high bytes every value shares), then from the highest
# other byte a count of the values' byte (two bytes at once while 2**16 values or more are
# left, so that a first byte of sign and exponent does not keep half of them) and a gather of
# those whose digit holds the rank, until one image is left; the next rank's is the same or,
# where that image does not repeat, the least above it (one more pass). The images give the
# values back bit for bit, and these are NumPy's wherever equal values have equal bits: a zero
# of each sign, or a NaN but the default one, sends the call to the partition (default NaNs
# make the median NaN, as NumPy's). The median is then the mean of the middle one or two, as
# np.mean takes it; a quantile of a Python float q (0 <= q < 1) is np.quantile itself on the
# two values with q' = index - floor(index): its virtual index on 2 values is q' exactly, so
# it runs NumPy's lerp with NumPy's weight, weak as a Python q is, and gives NumPy's bits and
# dtype. 0.37-0.54 of NumPy's time from 10**5 to 10**7 float64. Integers keep the partition
# (measured as fast or faster at 10**7), and so do lists of q (each would take its selects).
_SELECT_MIN = 1 << 16


_FLOAT64 = np.dtype(np.float64)


def plain_quantile(d, q: float, percent: bool):
    """np.quantile(d, q) (np.percentile's where `percent`) of all values of float CPU array `d`
    with a Python float q by the radix select (Note [Median by radix select]), or None where
    it does not answer: NumPy's own lerp, run on the two values it would take."""
    if not (d.dtype.kind == "f" and d.size >= _SELECT_MIN):
        return None
    quantile = np.true_divide(q, 100) if percent else np.asanyarray(q)
    n = d.size
    index = (n - 1) * quantile  # NumPy's virtual index for the linear method
    if not 0 <= index < n - 1:  # (its q = 1 takes the last value, NaN: NumPy's error)
        return None
    below = int(np.floor(index))
    got = ranked_values(d, below, True)
    if got is None or type(got) is str:
        return None
    # q' = index - below picks, out of 2 values, index' = q' and so the same weight as
    # NumPy's: np.quantile's lerp of the two, NumPy's bits and its dtype (a Python q: weak)
    return _QUANTILE(got, float(index - below))


_QUANTILE = undispatched(np.quantile)

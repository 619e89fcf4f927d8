"""The host callables of mean, var and std (`_statistical.py`): the reducer of a whole
slab, the partial moments of a part and their combination (`_iter/reduce.py` splits a
reduction across threads that way), on NumPy or CuPy arrays alike (`xp`).

On the CPU each divides a sum by its count as NumPy's `_mean` and `_var` do: by an intp, so
a float32 or complex64 sum divides in double precision and then rounds to its dtype (a
Python int would divide in single precision, and complex64 by a rounded reciprocal: a last
bit off NumPy's).
"""

from __future__ import annotations

import math

import numpy as np

from ._dispatch.reduction import stacked, sum_of, ufunc_dtype


def count(shape: tuple, axes: tuple) -> int:
    """How many elements reduce into each result: the product of the reduced axes' lengths."""
    n = 1
    for a in axes:  # a loop, not math.prod of a generator: 0.13 us less a call
        n *= shape[a]
    return n


def _as_count(xp, n):
    """`n` as NumPy's mean and var divide by it on the CPU: an intp (a float64 for a float
    correction), so float32 and complex64 sums divide in double precision, then round."""
    return n if xp is not np else np.intp(n) if type(n) is int else np.float64(n)


def mean_reducers(xp, compute, total: int):
    add = sum_of(xp)
    compute = ufunc_dtype(compute)  # a timedelta's mean keeps its unit
    if compute == np.float16:  # NumPy sums float16 in float32, then rounds the mean
        compute = np.dtype(np.float32)

    def reducer(view, axes, out):
        s = add(view, axes, compute, None, True)  # (array, axis, dtype, out, keepdims)
        n = _as_count(xp, count(view.shape, axes))
        if s.dtype == out.dtype:  # (the quotient casts back same_kind: no casting= needed,
            return xp.divide(s, n, out=out)  # whose parsing costs a tenth of a small mean)
        out[...] = (s / n).astype(s.dtype)  # float16: the float32 sum's mean, rounded twice
        return out  # (as NumPy's)

    if xp is np and np.dtype(compute).kind in "fc":  # (objects keep their buffer's dtype)
        reducer.whole = (_mean_whole, compute)  # SmallPlan.whole (`run_small` in reduction.py)

    def partial(view, axes, _start):
        return add(view, axes, compute, None, True)

    def combine(states, out):
        total_sum = xp.sum(stacked(xp, states), axis=0)
        xp.divide(total_sum, _as_count(xp, total), out=out, casting="unsafe")

    return reducer, combine, partial


def _mean_whole(view, axes, dtype, out=None):
    """The mean of host `view` over `axes`, with no keepdims or output buffer: NumPy's own
    steps, so a 0-d answer comes back a NumPy scalar, divided as one (SmallPlan.whole; `out`,
    which a caller may pass to ask for a 0-d array, goes unused: the caller makes one)."""
    s = np.add.reduce(view, axes, dtype, None, False)
    n = np.intp(count(view.shape, axes))
    if type(s) is np.ndarray:
        return np.divide(s, n, out=s)
    return s.dtype.type(s / n)


def _abs2(xp, z):
    """|z|**2 in `z`'s buffer (z is always a temporary here): for complex z, in its real
    parts, as NumPy's var computes it (no temporaries: 0.85 of the time they took)."""
    if not isinstance(z, xp.ndarray):
        return z.real * z.real + z.imag * z.imag if z.dtype.kind == "c" else z * z
    if z.dtype.kind != "c":
        return xp.multiply(z, z, out=z)
    re, im = z.real, z.imag  # (views)
    if z.ndim and z.strides[-1] == z.itemsize:  # squared as one run of floats, as NumPy's
        parts = z.view(re.dtype)
        xp.multiply(parts, parts, out=parts)
    else:
        xp.multiply(re, re, out=re)
        xp.multiply(im, im, out=im)
    return xp.add(re, im, out=re)


def var_reducers(xp, compute, total: int, correction, root: bool):
    """Two-pass moments per slab, merged with Chan et al.'s pairwise update."""
    add = sum_of(xp)

    def moments(view, axes):
        n = count(view.shape, axes)
        centre = add(view, axes, compute, None, True)  # (array, axis, dtype, out, keepdims)
        if isinstance(centre, xp.ndarray):  # (a 0-d x: a NumPy scalar, divided as NumPy's)
            centre = xp.divide(centre, _as_count(xp, n), out=centre)
        else:
            centre = centre.dtype.type(centre / _as_count(xp, n))
        return n, centre, add(_abs2(xp, view - centre), axes, None, None, True)

    def finish(m2, out):
        dof = _as_count(xp, total - correction)  # (a float correction: a float64 count)
        xp.divide(m2, dof if dof > 0 else math.nan, out=out)
        if root:
            xp.sqrt(out, out=out)
        return out

    def reducer(view, axes, out):
        return finish(moments(view, axes)[2], out)

    def combine(states, out):
        n, centre, m2 = states[0]
        for n_b, centre_b, m2_b in states[1:]:
            merged = n + n_b
            delta = centre_b - centre
            centre = centre + delta * (n_b / merged)
            m2 = m2 + m2_b + _abs2(xp, delta) * (n * n_b / merged)
            n = merged
        finish(m2, out)

    return reducer, combine, lambda view, axes, _start: moments(view, axes)

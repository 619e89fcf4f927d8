"""Statistical functions (Array API chapter "Statistical Functions"), plus argmax, argmin and
count_nonzero from the searching chapter, all run through the iterator's reduction mode.

Each public function resolves axes and dtypes from its record in the reduction table
(`_ops/reductions.py`, read through `_dispatch.reduction.SPECS`), then hands
`_dispatch.reduction.reduce` the record and the host callables of its reduction (see
`_iter/reduce.py` for how they are split across threads); repeated small calls replay a cached
plan (Note [Small reductions] in `_dispatch/reduction.py`). Differences from
the standard, following NumPy 2: `mean`, `var` and `std` accept integer and bool input and
return float64; `var` and `std` accept complex input and return the real dtype; `max`/`min`
order complex numbers lexicographically.
"""

from __future__ import annotations

import builtins
import math

import numpy as np

from ._array import Array, backing
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._dispatch.reduction import (
    SPECS,
    cached,
    check_keepdims,
    check_nonempty,
    checked,
    fold,
    folding,
    monoid,
    reduce,
    requested_dtype,
    small_key,
    stacked,
    sum_of,
    xp_of,
)
from ._dispatch.scan import cumulative

# --- sum, prod, max, min ---------------------------------------------------------------------


def _accumulate(x, axis, dtype, keepdims, spec) -> Array:
    func = spec.name
    key = (
        small_key(func, x, axis, keepdims, dtype)
        if dtype is None or type(dtype) is _dtypes.DType
        else None
    )
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    out_dtype = requested_dtype(dtype, spec.result_dtype(_dtypes.from_numpy(data.dtype)), func)
    reducer, combine = monoid(xp_of(data), spec, out_dtype.numpy)
    return reduce(spec, data, axes, keepdims, out_dtype, func, reducer, combine, small_key=key)


def sum(x, /, axis=None, dtype=None, *, keepdims=False) -> Array:
    """Sum over `axis` (None: all axes). Integer inputs accumulate in int64 (unsigned: uint64).

    >>> import xtensor as xp
    >>> xp.sum(xp.asarray([[1, 2], [3, 4]], dtype=xp.int32), axis=0)
    array([4, 6])
    """
    return _accumulate(x, axis, dtype, keepdims, SPECS["sum"])


def prod(x, /, axis=None, dtype=None, *, keepdims=False) -> Array:
    """Product over `axis`; the empty product is 1. Dtype rules as for `sum`."""
    return _accumulate(x, axis, dtype, keepdims, SPECS["prod"])


def max(x, /, axis=None, *, keepdims=False) -> Array:
    """Largest value over `axis`; NaN propagates; ValueError for an empty reduction."""
    return fold(x, axis, keepdims, SPECS["max"])


def min(x, /, axis=None, *, keepdims=False) -> Array:
    """Smallest value over `axis`; NaN propagates; ValueError for an empty reduction."""
    return fold(x, axis, keepdims, SPECS["min"])


# --- mean, var, std --------------------------------------------------------------------------


def _count(shape: tuple, axes: tuple) -> int:
    return math.prod(shape[a] for a in axes)


def _mean_reducers(xp, compute, total: int):
    add = sum_of(xp)

    def reducer(view, axes, out):
        s = add(view, axes, compute, None, True)  # (array, axis, dtype, out, keepdims)
        return xp.divide(s, _count(view.shape, axes), out=out)

    def partial(view, axes, _start):
        return add(view, axes, compute, None, True)

    def combine(states, out):
        xp.divide(xp.sum(stacked(xp, states), axis=0), total, out=out)

    return reducer, combine, partial


def mean(x, /, axis=None, *, keepdims=False) -> Array:
    """Arithmetic mean over `axis`; NaN for an empty reduction. Integers give float64 (NumPy).

    >>> import xtensor as xp
    >>> xp.mean(xp.asarray([1.0, 2.0, 4.5]))
    array(2.5)
    """
    spec = SPECS["mean"]
    func = spec.name
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    compute = spec.result_dtype(_dtypes.from_numpy(data.dtype))
    reducer, combine, partial = _mean_reducers(xp_of(data), compute.numpy, _count(data.shape, axes))
    return reduce(
        spec, data, axes, keepdims, compute, func, reducer, combine, partial, small_key=key
    )


def _abs2(xp, z):
    """|z|**2, reusing `z`'s buffer for real input (z is always a temporary here)."""
    if z.dtype.kind == "c":
        return z.real * z.real + z.imag * z.imag
    return xp.multiply(z, z, out=z) if isinstance(z, xp.ndarray) else z * z


def _var_reducers(xp, compute, total: int, correction, root: bool):
    """Two-pass moments per slab, merged with Chan et al.'s pairwise update."""
    add = sum_of(xp)

    def moments(view, axes):
        n = _count(view.shape, axes)
        centre = add(view, axes, compute, None, True) / n  # (array, axis, dtype, out, keepdims)
        return n, centre, add(_abs2(xp, view - centre), axes, None, None, True)

    def finish(m2, out):
        dof = total - correction
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


def _spread(x, axis, correction, keepdims, ddof, spec) -> Array:
    func, key = spec.name, None
    if ddof is None and type(correction) in (int, float):  # bools take the checked path
        key = small_key(func, x, axis, keepdims, (type(correction), correction))
        if (hit := cached(key, x)) is not None:
            return hit
    data, axes = checked(x, axis, keepdims, func)
    if ddof is not None:  # NumPy's name for `correction`
        correction = ddof
    if isinstance(correction, builtins.bool) or not isinstance(correction, (int, float)):
        raise TypeError(
            f"{func}: correction must be an int or a float; got {type(correction).__name__}"
        )
    in_dtype = _dtypes.from_numpy(data.dtype)
    compute = SPECS["mean"].result_dtype(in_dtype)  # complex data: the moments stay complex
    reducer, combine, partial = _var_reducers(
        xp_of(data), compute.numpy, _count(data.shape, axes), correction, spec.root
    )
    return reduce(
        spec,
        data,
        axes,
        keepdims,
        spec.result_dtype(in_dtype),
        func,
        reducer,
        combine,
        partial,
        ddof=correction,
        small_key=key,
    )


def var(x, /, axis=None, *, correction=0.0, keepdims=False, ddof=None) -> Array:
    """Variance over `axis`, dividing by N - correction (NaN when that is <= 0).

    `ddof` is accepted as NumPy's name for `correction`.
    """
    return _spread(x, axis, correction, keepdims, ddof, SPECS["var"])


def std(x, /, axis=None, *, correction=0.0, keepdims=False, ddof=None) -> Array:
    """Standard deviation over `axis`: the square root of `var`."""
    return _spread(x, axis, correction, keepdims, ddof, SPECS["std"])


# --- cumulative_sum, cumulative_prod ---------------------------------------------------------


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False) -> Array:
    """Running sums along `axis` (required when x has more than one dimension).

    include_initial=True puts a leading 0 along `axis`. Dtype rules as for `sum`.
    """
    return cumulative(
        SPECS["cumulative_sum"],
        backing(x, "cumulative_sum", scalars=False),
        axis,
        dtype,
        include_initial,
        "cumulative_sum",
    )


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False) -> Array:
    """Running products along `axis`; include_initial=True puts a leading 1."""
    return cumulative(
        SPECS["cumulative_prod"],
        backing(x, "cumulative_prod", scalars=False),
        axis,
        dtype,
        include_initial,
        "cumulative_prod",
    )


# --- count_nonzero, argmax, argmin (searching chapter) ---------------------------------------


def count_nonzero(x, /, axis=None, *, keepdims=False) -> Array:
    """Number of nonzero (True, NaN-including) elements over `axis`, as int64."""
    spec = SPECS["count_nonzero"]
    func = spec.name
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    xp, index = xp_of(data), spec.result_dtype(_dtypes.from_numpy(data.dtype))
    add = sum_of(xp)

    def reducer(view, axes, out):
        return add(view != 0, axes, index.numpy, out, True)  # (array, axis, dtype, out, keepdims)

    combine = monoid(xp, folding(spec), index.numpy)[1]  # partial counts add up
    return reduce(spec, data, axes, keepdims, index, func, reducer, combine, small_key=key)


def _arg_reducers(xp, fn):
    """Index of the first extreme; chunks combine (value, index) pairs in order."""

    def reducer(view, axes, out):
        if not axes:
            if out is None:
                return xp.zeros(view.shape, _dtypes.DEFAULT_INDEX.numpy)
            out[...] = 0
            return out
        return fn(view, axis=axes[0], out=out, keepdims=True)

    def partial(view, axes, start):
        index = fn(view, axis=axes[0], keepdims=True)
        return xp.take_along_axis(view, index, axis=axes[0]), index + start[0]

    def combine(states, out):
        values = xp.stack([v for v, _ in states])
        which = fn(values, axis=0, keepdims=True)  # first chunk holding the extreme (or NaN)
        indices = xp.stack([i for _, i in states])
        out[...] = xp.take_along_axis(indices, which, axis=0)[0]

    return reducer, combine, partial


def _argfold(x, axis, keepdims, spec) -> Array:
    func = spec.name
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data = backing(x, func, scalars=False)
    check_keepdims(keepdims, func)
    ndim, flat = data.ndim, axis is None
    if flat:  # the index into the flattened (C-order) array
        axis, data = 0, data.reshape(-1)
    else:
        axis = normalize_axis(axis, ndim, func)
    check_nonempty(data, (axis,), spec, func)
    xp = xp_of(data)
    # ndarray.argmax is what np.argmax calls, without its wrapper
    reducer, combine, partial = _arg_reducers(xp, getattr(np.ndarray if xp is np else xp, func))
    if keepdims:  # flat: every dim of x kept as 1; otherwise only `axis` shrinks to 1
        shape = (
            (1,) * ndim if flat else tuple(1 if d == axis else n for d, n in enumerate(data.shape))
        )
    else:
        shape = tuple(n for d, n in enumerate(data.shape) if d != axis)
    out_dtype = spec.result_dtype(_dtypes.from_numpy(data.dtype))
    return reduce(
        spec,
        data,
        (axis,),
        True,
        out_dtype,
        func,
        reducer,
        combine,
        partial,
        shape=shape,
        small_key=key,
        flat=flat,
    )


def argmax(x, /, axis=None, *, keepdims=False) -> Array:
    """Index of the first maximum over `axis` (None: of the flattened array), as int64."""
    return _argfold(x, axis, keepdims, SPECS["argmax"])


def argmin(x, /, axis=None, *, keepdims=False) -> Array:
    """Index of the first minimum over `axis` (None: of the flattened array), as int64."""
    return _argfold(x, axis, keepdims, SPECS["argmin"])


# --- NumPy names -----------------------------------------------------------------------------


def cumsum(a, axis=None, dtype=None) -> Array:
    """NumPy's cumsum: like cumulative_sum, but axis=None sums over the flattened array."""
    data = backing(a, "cumsum", "a", scalars=False)
    if axis is None:
        data, axis = data.reshape(-1), 0
    return cumulative(SPECS["cumulative_sum"], data, axis, dtype, False, "cumsum")


def cumprod(a, axis=None, dtype=None) -> Array:
    """NumPy's cumprod: like cumulative_prod, but axis=None multiplies the flattened array."""
    data = backing(a, "cumprod", "a", scalars=False)
    if axis is None:
        data, axis = data.reshape(-1), 0
    return cumulative(SPECS["cumulative_prod"], data, axis, dtype, False, "cumprod")


NUMPY_ALIASES: dict = {"amax": max, "amin": min, "cumsum": cumsum, "cumprod": cumprod}

__all__ = [
    "sum",
    "prod",
    "max",
    "min",
    "mean",
    "var",
    "std",
    "cumulative_sum",
    "cumulative_prod",
    "count_nonzero",
    "argmax",
    "argmin",
]

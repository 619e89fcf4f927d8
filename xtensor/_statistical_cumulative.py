"""The scans of the statistical chapter, cumulative_sum and cumulative_prod, with NumPy's
cumsum and cumprod (whose axis None scans the flattened array), over `_dispatch.scan`.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, backing, over_numpy, wrap
from ._dispatch.compiled import TINY
from ._dispatch.host_only import numpy_for_foreign
from ._dispatch.reduction import SPECS
from ._dispatch.scan import compiled_scan, cumulative
from ._statistical_keywords import _numpy_form
from ._typing import ArrayLike, DTypeLike


def cumulative_sum(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    include_initial: bool = False,
) -> Array:
    """Running sums along `axis` (required when x has more than one dimension).

    include_initial=True puts a leading 0 along `axis`. Dtype rules as for `sum`; NumPy's
    `out=` receives the result.
    """
    if out is not None:  # (NumPy's own, into out)
        return _numpy_form(
            "cumulative_sum", x, out, axis=axis, dtype=dtype, include_initial=include_initial
        )
    return _running(_ADD_ACCUMULATE, "cumulative_sum", x, axis, dtype, include_initial)


def cumulative_prod(
    x: ArrayLike,
    /,
    *,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    include_initial: bool = False,
) -> Array:
    """Running products along `axis`; include_initial=True puts a leading 1."""
    if out is not None:  # (NumPy's own, into out)
        return _numpy_form(
            "cumulative_prod", x, out, axis=axis, dtype=dtype, include_initial=include_initial
        )
    return _running(_MULTIPLY_ACCUMULATE, "cumulative_prod", x, axis, dtype, include_initial)


def _running(accumulate, name: str, x, axis, dtype, include_initial) -> Array:
    """`cumulative_sum`/`cumulative_prod`: the small first branch, else the checked path."""
    if type(x) is Array and type(axis) is int and dtype is None and include_initial is False:
        if (r := _small_scan(accumulate, x._data, axis)) is not None:
            return r
    x = backing(x, name, scalars=False)
    return cumulative(SPECS[name], x, axis, dtype, include_initial, name)


# --- NumPy names -----------------------------------------------------------------------------


def cumsum(
    a: ArrayLike,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
) -> Array:
    """NumPy's cumsum: like cumulative_sum, but axis=None sums over the flattened array."""
    if type(a) is np.ndarray and (y := over_numpy(a)) is not None:
        a = y  # NumPy's array, as the Array over it
    if type(a) is Array and type(axis) is int and dtype is out is None:
        if (r := _small_scan(_ADD_ACCUMULATE, a._data, axis)) is not None:
            return r
    if out is not None:
        return _numpy_form("cumsum", a, out, axis=axis, dtype=dtype)
    if (r := numpy_for_foreign("cumsum", a, axis=axis, dtype=dtype)) is not NotImplemented:
        return r  # another library's array (a pandas Series): its own cumsum, as NumPy's
    data = backing(a, "cumsum", "a", scalars=False)
    if axis is None:
        data, axis = data.reshape(-1), 0
    return cumulative(SPECS["cumulative_sum"], data, axis, dtype, False, "cumsum")


def cumprod(
    a: ArrayLike,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
) -> Array:
    """NumPy's cumprod: like cumulative_prod, but axis=None multiplies the flattened array."""
    if type(a) is np.ndarray and (y := over_numpy(a)) is not None:
        a = y  # NumPy's array, as the Array over it
    if type(a) is Array and type(axis) is int and dtype is out is None:
        if (r := _small_scan(_MULTIPLY_ACCUMULATE, a._data, axis)) is not None:
            return r
    if out is not None:
        return _numpy_form("cumprod", a, out, axis=axis, dtype=dtype)
    if (r := numpy_for_foreign("cumprod", a, axis=axis, dtype=dtype)) is not NotImplemented:
        return r  # another library's array (a pandas Series): its own cumprod, as NumPy's
    data = backing(a, "cumprod", "a", scalars=False)
    if axis is None:
        data, axis = data.reshape(-1), 0
    return cumulative(SPECS["cumulative_prod"], data, axis, dtype, False, "cumprod")


_NDARRAY, _ADD_ACCUMULATE, _MULTIPLY_ACCUMULATE = (
    np.ndarray,
    np.add.accumulate,
    np.multiply.accumulate,
)
_INEXACT = frozenset(np.dtype(c) for c in "efdFD")  # accumulate keeps them, as cumsum does


def _small_scan(accumulate, d, axis: int) -> Array | None:
    """The first branch of the scans: `accumulate(d, axis)` (np.add.accumulate...) of a small
    C-ordered inexact CPU buffer, the one accumulate `cumulative` would replay, into a new
    C-ordered array; None for any other buffer, and where NumPy raises (a bad axis, 0-d),
    which the checked path words."""
    if type(d) is _NDARRAY and d.dtype in _INEXACT and d.size < TINY and d.flags.c_contiguous:
        try:
            return wrap(accumulate(d, axis))
        except Exception:
            return None
    return None


# Note [Compiled hot path] (_dispatch/_cfast.c): a lone small argument replays its scan in C
cumulative_sum, cumulative_prod, cumsum, cumprod = (
    compiled_scan(f, loop, flat)
    for f, loop, flat in (
        (cumulative_sum, "cumsum", False),
        (cumulative_prod, "cumprod", False),
        (cumsum, "cumsum", True),
        (cumprod, "cumprod", True),
    )
)

"""NumPy's stride tricks: views of an array's memory with other shapes and strides.

Both return views of the backing buffer itself (numpy's or cupy's), so writing through a
writeable result writes into the original array, exactly as in NumPy, and with NumPy's
default writeable flags: `as_strided` views are writeable, `sliding_window_view` ones are not.
CUDA buffers carry no writeable flag; `writeable=` is ignored there. `subok` is accepted for
NumPy's signature; xtensor has no array subclasses.
"""

from __future__ import annotations

from .._array import Array
from .._numpy_helpers import as_array
from .._numpy_run import module, numpy_errors, result
from .._typing import ArrayLike, ShapeLike


def _strided_module(x: Array):
    return module(x.device).lib.stride_tricks


def as_strided(
    x: ArrayLike,
    shape: ShapeLike | None = None,
    strides: ShapeLike | None = None,
    subok: bool = False,
    writeable: bool = True,
) -> Array:
    """A view of `x`'s memory with the given `shape` and byte `strides` (defaults: x's own).

    Nothing checks that the view stays inside x's memory: as in NumPy, wrong strides read or
    write arbitrary memory. Prefer `sliding_window_view` or `broadcast_to` where they fit.
    """
    x = as_array(x, "as_strided", "x")
    options = {"writeable": writeable} if x.device.kind == "cpu" else {}
    with numpy_errors("as_strided"):
        view = _strided_module(x).as_strided(x._data, shape, strides, **options)
    return result(view, "as_strided")


def sliding_window_view(
    x: ArrayLike,
    window_shape: ShapeLike,
    axis: int | tuple[int, ...] | None = None,
    *,
    subok: bool = False,
    writeable: bool = False,
) -> Array:
    """Every window of `window_shape` sliding over `x` (along `axis`), as a read-only view:
    the window dimensions come last."""
    x = as_array(x, "sliding_window_view", "x")
    options = {"writeable": writeable} if x.device.kind == "cpu" else {}
    with numpy_errors("sliding_window_view"):
        view = _strided_module(x).sliding_window_view(x._data, window_shape, axis, **options)
    return result(view, "sliding_window_view")


__all__ = ["as_strided", "sliding_window_view"]

"""NumPy's functional programming helpers and its floating-point error state: vectorize,
frompyfunc, apply_along_axis, apply_over_axes, errstate, seterr, geterr, seterrcall,
geterrcall, getbufsize and setbufsize.

`vectorize` and `frompyfunc` run a Python function per element, which only the host can do:
they hand NumPy's machinery the host buffers of CPU Arrays and refuse device Arrays (a copy
to the host per call would hide a transfer); results come back as Arrays of NumPy's dtype,
an object array included (`vectorize` makes one only for `otypes=[object]` or a first result
that is no number: `None`, a list; `frompyfunc` always does, as NumPy's).
`apply_along_axis` and `apply_over_axes` call the function on xtensor Arrays (views of
`arr`), so they work on every device and the function may use xtensor itself.

The error state is NumPy's own: xtensor's CPU loops are NumPy's ufuncs, and its worker
threads run each chunk in a copy of the caller's context (`_iter/parallel.py`), so
`with errstate(divide='raise')` raises FloatingPointError from xtensor code as from NumPy's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ._array import Array, _new
from ._core.axes import normalize_axis
from ._creation import asarray, empty
from ._manipulation import expand_dims, moveaxis, permute_dims
from ._numpy_helpers import as_array
from ._numpy_ondevice import result
from ._typing import ArrayLike


def _host(value, func: str):
    """A CPU Array's NumPy buffer (other values pass through for NumPy to convert)."""
    if not isinstance(value, Array):
        return value
    if type(value._data) is not np.ndarray:
        raise TypeError(
            f"{func}: the Python function runs on the host, but an argument lives on "
            f"{value.device}; move it with to_device('cpu') first"
        )
    return value._data


def _buffers(args) -> list | None:
    """The host buffers of CPU Arrays among `args` (other values as they are); None where an
    Array lives on a device."""
    host = []
    for a in args:
        if type(a) is Array:
            a = a._data
            if type(a) is not np.ndarray:
                return None
        host.append(a)
    return host


class vectorize(np.vectorize):
    """NumPy's `vectorize` for xtensor: `pyfunc` is called on the elements (NumPy scalars) of
    the broadcast arguments, or on core-dimension arrays with `signature`; the results are
    xtensor Arrays. Arguments named in `excluded` reach `pyfunc` untouched."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.pyfunc is np._NoValue:  # used as @vectorize(otypes=...): this call takes pyfunc
            return super().__call__(*args, **kwargs)
        excluded = self.excluded
        args = [a if i in excluded else _host(a, "vectorize") for i, a in enumerate(args)]
        kwargs = {k: v if k in excluded else _host(v, "vectorize") for k, v in kwargs.items()}
        return result(super().__call__(*args, **kwargs), "vectorize")


class _PythonUfunc:
    """What `frompyfunc` returns: NumPy's object ufunc over host buffers, its object arrays
    as Arrays of dtype object. A scalar call returns the function's own value, as NumPy's.
    NumPy's attributes (`nin`, `nout`, `identity`...) are read from its ufunc."""

    __slots__ = ("_ufunc",)

    def __init__(self, ufunc: np.ufunc) -> None:
        self._ufunc = ufunc

    def __getattr__(self, name: str) -> Any:
        if name == "_ufunc":  # (an instance not yet initialised: a copy being made)
            raise AttributeError(name)
        return getattr(self._ufunc, name)

    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        return self._ufunc.__doc__

    def __repr__(self) -> str:
        return repr(self._ufunc)

    def _run(self, method: str, args, kwargs):
        name = self._ufunc.__name__
        args = [_host(a, name) for a in args]
        given = kwargs.get("out")
        kwargs = {k: _host(v, name) for k, v in kwargs.items()}
        if type(given) is tuple:  # out=(o1, o2): each its buffer (None: NumPy allocates)
            kwargs["out"] = tuple(_host(o, name) for o in given)
        got = result(getattr(self._ufunc, method)(*args, **kwargs), name)
        if given is None:
            return got
        # the Arrays given as `out` come back themselves, as NumPy's arrays do
        outs = given if type(given) is tuple else (given,)
        if type(got) is not tuple:
            return outs[0] if isinstance(outs[0], Array) else got
        return tuple(o if isinstance(o, Array) else g for o, g in zip(outs, got))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # the commonest call: CPU Arrays in, an object array back (no comprehension, name or
        # `wrap` frame: each costs a fifth of NumPy's whole call of a few elements)
        if kwargs:
            return self._run("__call__", args, kwargs)
        if len(args) == 1 and type(a := args[0]) is Array and type(a._data) is np.ndarray:
            host = (a._data,)  # one Array, without `_buffers`' frame and list
        elif (host := _buffers(args)) is None:
            return self._run("__call__", args, kwargs)  # (names a device Array it refuses)
        out = self._ufunc(*host)
        if type(out) is np.ndarray and out.ndim:
            wrapped = _new(Array)
            wrapped._data = out
            return wrapped
        return result(out, self._ufunc.__name__)

    def reduce(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("reduce", args, kwargs)

    def accumulate(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("accumulate", args, kwargs)

    def outer(self, *args: Any, **kwargs: Any) -> Any:
        return self._run("outer", args, kwargs)


def frompyfunc(func: Callable[..., Any], /, nin: int, nout: int, **kwargs: Any) -> _PythonUfunc:
    """A ufunc-like object calling the Python function `func` (`nin` inputs, `nout`
    outputs) per element of broadcast arguments; `identity=` as NumPy's."""
    made = _new(_PythonUfunc)  # (no `__init__` frame: a third of NumPy's whole call)
    made._ufunc = (
        np.frompyfunc(func, nin, nout, **kwargs) if kwargs else np.frompyfunc(func, nin, nout)
    )
    return made


def apply_along_axis(
    func1d: Callable[..., Any], axis: int, arr: ArrayLike, *args: Any, **kwargs: Any
) -> Array:
    """`func1d(a_1d, *args, **kwargs)` on every 1-D slice of `arr` along `axis`; its result's
    dimensions replace `axis` (the first result fixes the dtype, as in NumPy)."""
    x = as_array(arr, "apply_along_axis", "arr")
    axis = normalize_axis(axis, x.ndim, "apply_along_axis")
    moved = moveaxis(x, axis, -1)
    outer = moved.shape[:-1]
    indices = np.ndindex(outer)
    try:
        first = next(indices)
    except StopIteration:
        raise ValueError(
            "apply_along_axis: cannot apply a function when an iteration dimension is 0; "
            f"arr has shape {x.shape} along the other axes"
        ) from None
    res = asarray(func1d(moved[first], *args, **kwargs), device=x.device)
    buffer = empty(outer + res.shape, dtype=res.dtype, device=x.device)
    buffer[first] = res
    for index in indices:
        buffer[index] = asarray(func1d(moved[index], *args, **kwargs), device=x.device)
    # the result's own dimensions go where `axis` was, between the outer ones
    n = len(outer)
    order = (*range(axis), *range(n, n + res.ndim), *range(axis, n))
    return permute_dims(buffer, order)


def apply_over_axes(func: Callable[..., Any], a: ArrayLike, axes: int | Sequence[int]) -> Array:
    """`func(a, axis)` for each axis in turn, each result fed to the next call; a result
    with one dimension fewer gets it back (length 1), as a keepdims reduction."""
    val = as_array(a, "apply_over_axes")
    n = val.ndim
    for axis in (axes,) if np.ndim(axes) == 0 else axes:
        axis = int(axis)
        if axis < 0:
            axis += n
        res = as_array(func(val, axis), "apply_over_axes", "the function's result")
        if res.ndim != val.ndim:
            res = expand_dims(res, axis=axis)
            if res.ndim != val.ndim:
                raise ValueError(
                    f"apply_over_axes: the function returned {res.ndim - 1} dimensions for "
                    f"an array of {val.ndim}; it must keep the dimension or drop axis {axis}"
                )
        val = res
    return val


NUMPY_ALIASES: dict = {
    "vectorize": vectorize,
    "frompyfunc": frompyfunc,
    "apply_along_axis": apply_along_axis,
    "apply_over_axes": apply_over_axes,
    "errstate": np.errstate,
    "seterr": np.seterr,
    "geterr": np.geterr,
    "seterrcall": np.seterrcall,
    "geterrcall": np.geterrcall,
    "getbufsize": np.getbufsize,
    "setbufsize": np.setbufsize,
}

"""Shape and dtype rules shared by the meta device's functions: NumPy's ufuncs on meta data
(its `__array_ufunc__` protocol), reductions, and the stand-ins and probes they run NumPy on.

A *stand-in* is a zero-strided view of one element (Note [Meta views] in meta_array.py); a
*probe* is a tiny real array of an operand's dtype: NumPy run on probes gives the result dtype
(promotion, NEP 50 scalars, `dtype=`, `casting=`) and raises NumPy's own dtype errors, while
the result shape comes from a rule here. A reduction probes `shrunk(a)`, whose dims are
min(n, 1), so an empty reduction without identity still raises as on real data.
"""

from __future__ import annotations

import contextlib
import warnings

import numpy as np

from .._core.axes import normalize_axes
from .._core.checks import SCALARS
from .meta_array import MetaData, meta, unsupported


def standin(value):
    """A zero-strided NumPy stand-in for meta data; anything else as it is."""
    return value.standin() if type(value) is MetaData else value


def probe_of(value, shape=None):
    """A tiny real array with `value`'s dtype (and `shape`, default 0-d); scalars stay."""
    if type(value) in SCALARS or not hasattr(value, "dtype"):
        return value
    return np.zeros(() if shape is None else shape, value.dtype)


def shrunk(a) -> np.ndarray:
    """A real array of `a`'s dtype whose dims are min(n, 1): a reduction of it raises what a
    reduction of `a` raises (empty axes stay empty) and has its result dtype."""
    return np.zeros(tuple(min(n, 1) for n in a.shape), a.dtype)


@contextlib.contextmanager
def quiet():
    """Silence a probe: its zeros may divide by zero, or leave no degrees of freedom (var of one
    element), where the real data would not."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


def as_meta(result):
    """NumPy's result(s) on stand-ins or probes, as MetaData of the same shape(s) and dtype(s)."""
    if isinstance(result, (tuple, list)):
        return type(result)(as_meta(r) for r in result)
    return meta(tuple(np.shape(result)), np.asarray(result).dtype)


# --- ufuncs (NumPy's __array_ufunc__ protocol) ----------------------------------------------


def ufunc_call(ufunc, method: str, inputs, kwargs):
    """`ufunc.<method>(*inputs, **kwargs)` with a MetaData among the operands."""
    name = ufunc.__name__
    if method == "__call__" and ufunc is np.matmul:
        return into_out(MetaData.functions["matmul"](*inputs), kwargs.get("out"), name)
    if method == "__call__" and ufunc.signature is None:
        return _elementwise(ufunc, inputs, dict(kwargs))
    if method in ("reduce", "accumulate") and ufunc.signature is None:
        return _fold(ufunc, method, *inputs, **kwargs)
    raise unsupported(f"{name}.{method}" if method != "__call__" else name)


def broadcast(shapes, func: str) -> tuple:
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError(
            f"{func}: operands could not be broadcast together with shapes "
            + " ".join(str(s) for s in shapes)
        ) from None


def _outs(out) -> tuple | None:
    if out is None:
        return None
    return out if type(out) is tuple else (out,)


def _elementwise(ufunc, inputs, kwargs):
    out, where = _outs(kwargs.pop("out", None)), kwargs.pop("where", True)
    shapes = [tuple(np.shape(a)) for a in inputs if type(a) not in SCALARS]
    if where is not True:
        shapes.append(tuple(np.shape(where)))
    shape = broadcast(shapes, ufunc.__name__)
    for o in out or ():
        if o is not None:
            if broadcast((o.shape, shape), ufunc.__name__) != o.shape:
                raise ValueError(
                    f"{ufunc.__name__}: non-broadcastable output operand with shape "
                    f"{o.shape} doesn't match the broadcast shape {shape}"
                )
            shape = o.shape
    if out is not None:
        kwargs["out"] = tuple(None if o is None else probe_of(o) for o in out)
    with quiet():
        probed = ufunc(*(probe_of(a) for a in inputs), **kwargs)
    probed = probed if ufunc.nout > 1 else (probed,)
    results = tuple(
        out[i] if out is not None and out[i] is not None else meta(shape, np.asarray(r).dtype)
        for i, r in enumerate(probed)
    )
    return results if ufunc.nout > 1 else results[0]


def _fold(ufunc, method: str, array, axis=0, dtype=None, out=None, **kwargs):
    """`ufunc.reduce` / `ufunc.accumulate`: NumPy on `shrunk(array)` for errors and dtype."""
    where = kwargs.get("where", True)
    if where is not True:
        kwargs["where"] = np.ones(shrunk(array).shape, bool)
    with quiet():
        probed = getattr(ufunc, method)(shrunk(array), axis, dtype, **kwargs)
    if method == "accumulate":
        shape = array.shape
    else:
        shape = _reduced_shape(array.shape, axis, kwargs.get("keepdims", False), ufunc.__name__)
    return into_out(meta(shape, np.asarray(probed).dtype), out, f"{ufunc.__name__}.{method}")


def into_out(result: MetaData, out, func: str):
    out = _outs(out)
    if out is None or out[0] is None:
        return result
    if out[0].shape != result.shape:
        raise ValueError(f"{func}: out has shape {out[0].shape}, but the result has {result.shape}")
    return out[0]


def _reduced_shape(shape: tuple, axis, keepdims: bool, func: str) -> tuple:
    axes = normalize_axes(axis, len(shape), func, allow_none=True)
    if keepdims:
        return tuple(1 if d in axes else n for d, n in enumerate(shape))
    return tuple(n for d, n in enumerate(shape) if d not in axes)


def reduction(np_function, index: bool = False):
    """A NumPy reduction (sum, mean, argmax...): its errors and dtype from `shrunk`."""
    name = np_function.__name__

    def reduced(a, axis=None, *args, keepdims=False, out=None, **kwargs):
        with quiet():
            probed = np_function(shrunk(a), axis, *args, keepdims=keepdims, **kwargs)
        if index and axis is None and not keepdims:
            shape = ()
        else:
            shape = _reduced_shape(a.shape, axis, keepdims, name)
        return into_out(meta(shape, np.asarray(probed).dtype), out, name)

    reduced.__name__ = name
    return reduced


def same_shape(np_function):
    """A function whose result has its first operand's shape (round, clip): NumPy on probes
    gives the dtype and the argument checks."""

    def same(a, *args, out=None, **kwargs):
        with quiet():
            probed = np_function(probe_of(a), *(probe_of(v) for v in args), **kwargs)
        shape = broadcast(
            [tuple(np.shape(v)) for v in (a, *args) if v is not None], np_function.__name__
        )
        return into_out(meta(shape, np.asarray(probed).dtype), out, np_function.__name__)

    same.__name__ = np_function.__name__
    return same


def scan(np_function):
    """A cumulative function (cumsum): the input's shape, flattened when axis is None."""

    def scanned(a, axis=None, dtype=None, out=None):
        with quiet():
            probed = np_function(shrunk(a), axis, dtype)
        shape = (a.size,) if axis is None else a.shape
        return into_out(meta(shape, probed.dtype), out, np_function.__name__)

    scanned.__name__ = np_function.__name__
    return scanned


__all__ = [
    "as_meta",
    "broadcast",
    "into_out",
    "probe_of",
    "reduction",
    "same_shape",
    "scan",
    "shrunk",
    "standin",
    "ufunc_call",
]

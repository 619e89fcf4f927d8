"""Linear Algebra Functions (Array API chapter "Linear Algebra Functions").

The standard's four main-namespace functions (matmul, matrix_transpose, tensordot, vecdot), the
`@` operator dunders, and the NumPy names scripts use (dot, vdot, inner, outer, einsum).

The products themselves run in the device's array module (NumPy's BLAS on the CPU); what lives
here is the glue: shape checks that name both operands, broadcasting of stacks, and the result
dtype from `_dtypes.promote` (operands are cast to it first, so NumPy never picks a dtype).
Operands become backing data through `_array.backing`; the device's backend (`backend_of`)
runs the product. The small helpers at the bottom (`same_device`, `index_int`...) are shared
with `xtensor.linalg` and `xtensor.fft`; this module must not import those packages (they
import it).

matmul, tensordot and vecdot remember in dispatch's plan cache (`PLANS`, keys starting with
the function's name), per operand signature (dtypes and shapes, plus the axes), the dtype the
checked path cast to, so a repeated call on CPU arrays goes straight to NumPy: the checks
depend on nothing else, and the product is the same call.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from ._array import Array, _new, backing, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import check_same_device, prefixed
from ._core.convert import undispatched
from ._core.devices import device_of
from ._dispatch import PLANS, backend_of
from ._dispatch.compiled import compiled, gufunc_like
from ._dispatch.host_only import defers_to_numpy, numpy_for_foreign, numpy_for_subclass
from ._host_dtypes import object_scalar
from ._linear_algebra_axes import axes_key, tensordot_axes
from ._manipulation import one_dtype
from ._manipulation_operands import READABLE, listed_all
from ._typing import ArrayLike, DTypeLike


def _plan_key(func: str, x1, x2, extra=None):
    """The plan key of two CPU Array operands, or None (see the module docstring)."""
    if type(x1) is Array and type(x2) is Array:
        a, b = x1._data, x2._data
        if type(a) is np.ndarray and type(b) is np.ndarray:
            return (func, a.dtype, a.shape, b.dtype, b.shape, extra)
    return None


def _remember(key, plan) -> None:
    """Record `plan` (the common numpy dtype, plus tensordot's and vecdot's resolved axes) for
    the small-call path, which reads `PLANS.plans` directly."""
    if key is not None:
        PLANS.put(key, plan)


_NP_DOT = undispatched(np.dot)  # `_one_call` hands it exact ndarrays
_NP_VDOT, _NP_INNER = undispatched(np.vdot), undispatched(np.inner)
_NP_TENSORDOT = undispatched(np.tensordot)  # a plan hands it exact ndarrays
_C_EINSUM = np._core.multiarray.c_einsum  # all np.einsum does when optimize is False
_NDARRAY = np.ndarray  # for einsum's first branch: a global is read faster than np's attribute
_NP_MATMUL, _NP_VECDOT = np.matmul, np.vecdot


def _one_call(numpy_fn, x1, x2) -> Array | None:
    """`numpy_fn` (dot, matmul, vdot, inner) of two CPU arrays of one numeric dtype, at least
    1-D: the checked path's own call, as it would make it; None for any other operands, and
    where NumPy refuses the shapes (the checked path words it). The C twin (kind "pair") takes
    the same."""
    if type(x1) is Array and type(x2) is Array:
        a, b = x1._data, x2._data
        if (
            type(a) is np.ndarray
            and type(b) is np.ndarray
            and a.dtype is b.dtype
            and a.dtype.kind in "biufc"
            and a.ndim
            and b.ndim
        ):
            try:
                r = numpy_fn(a, b)
            except ValueError:
                return None
            return wrap(r if type(r) is np.ndarray else np.asarray(r))
    return None


def _cast(a, b, common) -> tuple:
    return (
        a if a.dtype == common else a.astype(common),
        b if b.dtype == common else b.astype(common),
    )


def matmul(x1: ArrayLike, x2: ArrayLike, /, out: Array | None = None, **options: Any) -> Array:
    """Matrix product with NumPy's (and PEP 465's) rules for 1-D operands and stacks.

    As in NumPy, the product is written into `out` (an Array, cast to its dtype under
    'same_kind', its shape NumPy's gufunc rule) when given, and `out` is returned. NumPy's
    gufunc keywords `dtype`, `casting`, `order`, `axes`, `axis` and `subok` are NumPy's.

    >>> import xtensor as xp
    >>> xp.matmul(xp.asarray([[1, 2], [3, 4]]), xp.asarray([1, 1]))
    array([3, 7])
    """
    if options:
        return gufunc_options("matmul", x1, x2, out, options)
    if out is not None:
        return _product_into("matmul", _matmul_operands(x1, x2, None), out)
    if (r := _one_call(_NP_MATMUL, x1, x2)) is not None:
        return r
    if (r := numpy_for_subclass("matmul", x1, x2)) is not NotImplemented:
        return r  # a matrix operand: a matrix, as NumPy's
    if (r := numpy_for_foreign("matmul", x1, x2)) is not NotImplemented:
        return r  # a pandas DataFrame: NumPy's ufunc hands it the product (a DataFrame)
    if (type(x1) in READABLE or type(x2) in READABLE) and (p := listed_all((x1, x2))):
        return matmul(*p)
    key = _plan_key("matmul", x1, x2)
    common = PLANS.plans.get(key)
    if common is not None:
        return result(np.matmul(*_cast(x1._data, x2._data, common)))
    a, b = _matmul_operands(x1, x2, key)
    return result(backend_of(a).matmul(a, b))


# NumPy's keywords of its generalized ufuncs (matmul, vecdot, matvec, vecmat)
GUFUNC_OPTIONS = frozenset({"dtype", "casting", "order", "axes", "axis", "keepdims", "subok"})


def gufunc_options(name: str, x1, x2, out, options: dict) -> Array:
    """`name` (a NumPy gufunc) with NumPy's gufunc keywords: the backend's own (NumPy's,
    CuPy's) call on the operands as given, which resolves `dtype` and `casting` by NumPy's
    rules, into Array `out` when given."""
    for key in options:
        if key not in GUFUNC_OPTIONS:
            raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
    if options.get("dtype") is not None:
        options["dtype"] = _dtypes.as_dtype(options["dtype"], name).numpy
    a, b = operand_pair(name, x1, x2)
    if out is not None:
        if not isinstance(out, Array):
            raise TypeError(f"{name}: out must be an xtensor Array; got {type(out).__name__}")
        same_device(name, a, out._data)
        options["out"] = out._data
    xp = backend_of(a).xp
    if (function := getattr(xp, name, None)) is None:  # (NumPy before 2.2 has no matvec)
        raise TypeError(f"{name}: {xp.__name__} has no {name} to take {sorted(options)}")
    try:
        product = function(a, b, **options)
    except (TypeError, ValueError) as e:  # (NumPy's casting and shape errors)
        raise (e if str(e).startswith(f"{name}: ") else prefixed(e, name)) from None
    return out if out is not None else result(product)


def _matmul_operands(x1, x2, key) -> tuple:
    """matmul's checked operands, cast to their common dtype (recorded under plan `key`)."""
    a, b = operand_pair("matmul", x1, x2)
    for data, name in ((a, "x1"), (b, "x2")):
        if data.ndim == 0:
            raise ValueError(
                f"matmul: {name} is 0-dimensional, but matmul needs arrays with "
                "at least 1 dimension; use multiply for scalars"
            )
    k1 = a.shape[-1]
    k2 = b.shape[-2] if b.ndim >= 2 else b.shape[0]
    if k1 != k2:
        raise ValueError(
            f"matmul: shapes {a.shape} (x1) and {b.shape} (x2) do not align: "
            f"x1's last dimension has size {k1} but x2's "
            f"{'second-to-last' if b.ndim >= 2 else 'only'} dimension has size {k2}"
        )
    broadcast_stacks("matmul", a.shape[:-2], b.shape[:-2], a.shape, b.shape)
    a, b = cast_to_common("matmul", a, b)
    _remember(key, a.dtype)
    return a, b


def _product_into(func: str, operands: tuple, out) -> Array:
    """NumPy's `out=` of dot and matmul: the device module's `func` of the checked, cast
    operands written into Array `out` (a 1-tuple of one, as ufuncs take), which is returned.
    NumPy's own checks of `out` apply (dot: exactly the product's dtype and shape, C-contiguous;
    matmul: 'same_kind' casting), worded by NumPy and prefixed with `func`."""
    if func == "matmul" and type(out) is tuple and len(out) == 1:
        out = out[0]
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    a, b, buffer = *operands, out._data
    same_device(func, a, b, buffer)
    try:
        r = getattr(backend_of(a).xp, func)(a, b, out=buffer)
    except (TypeError, ValueError) as e:  # NumPy's UFuncTypeError cannot be rebuilt: its base
        text = str(e) if str(e).startswith(f"{func}:") else f"{func}: {e}"
        raise (TypeError if isinstance(e, TypeError) else ValueError)(text) from None
    return out if r is buffer else result(r)  # NumPy's dot answers a 0-d `out` by a scalar


def matrix_transpose(x: ArrayLike, /) -> Array:
    """Swap the last two axes (a view), for a matrix or a stack of matrices."""
    data = backing(x, "matrix_transpose", "x", scalars=False)
    if data.ndim < 2:
        raise ValueError(
            f"matrix_transpose: x must have at least 2 dimensions; got shape {data.shape}"
        )
    return wrap(data.swapaxes(-1, -2))


def tensordot(
    x1: ArrayLike,
    x2: ArrayLike,
    /,
    axes: int | tuple[Sequence[int], Sequence[int]] = 2,
) -> Array:
    """Contract `axes` of x1 with `axes` of x2 (an int N: x1's last N with x2's first N);
    `axes` may come third by position, as NumPy's scripts pass it."""
    given = axes_key(axes)
    key = None if given is None else _plan_key("tensordot", x1, x2, given)
    plan = PLANS.plans.get(key)
    if plan is not None:
        common, pairs = plan
        return result(_NP_TENSORDOT(*_cast(x1._data, x2._data, common), axes=pairs))
    if (type(x1) in READABLE or type(x2) in READABLE) and (p := listed_all((x1, x2))):
        return tensordot(*p, axes)
    a, b = operand_pair("tensordot", x1, x2)
    axes1, axes2 = tensordot_axes(axes, a.ndim, b.ndim)
    for i, j in zip(axes1, axes2):
        if a.shape[i] != b.shape[j]:
            raise ValueError(
                f"tensordot: x1 axis {i} has size {a.shape[i]} but x2 axis {j} has "
                f"size {b.shape[j]}; contracted axes must match (shapes {a.shape} "
                f"and {b.shape})"
            )
    a, b = cast_to_common("tensordot", a, b)
    _remember(key, (a.dtype, (axes1, axes2)))
    # tuples: CuPy takes only ((), ()) for "no axes" beside a 0-d operand
    return result(backend_of(a).xp.tensordot(a, b, axes=(tuple(axes1), tuple(axes2))))


def vecdot(
    x1: ArrayLike, x2: ArrayLike, /, out: Array | None = None, *, axis: int = -1, **options: Any
) -> Array:
    """Dot products of vectors along `axis`, conjugating x1 when complex; stacks broadcast.
    NumPy's gufunc keywords (`out`, `dtype`, `casting`...) are NumPy's."""
    if out is not None or options:
        return gufunc_options("vecdot", x1, x2, out, {**options, "axis": axis})
    if type(axis) is int and axis == -1 and (r := _one_call(_NP_VECDOT, x1, x2)) is not None:
        return r
    key = _plan_key("vecdot", x1, x2, axis) if type(axis) is int else None
    plan = PLANS.plans.get(key)
    if plan is not None:
        ax, common = plan
        return result(_NP_VECDOT(*_cast(x1._data, x2._data, common), axis=ax))
    a, b = operand_pair("vecdot", x1, x2)
    if type(axis) is int and axis >= 0 and a.ndim != b.ndim:
        # a non-negative axis of operands of unlike dimensions, which the standard's [-N, -1]
        # leaves open: NumPy's gufunc's, counted in each operand's own dimensions
        return gufunc_options("vecdot", a, b, None, {"axis": axis})
    ax = _vecdot_axis(axis, a, b)
    if a.shape[ax] != b.shape[ax]:
        raise ValueError(
            f"vecdot: x1 has size {a.shape[ax]} and x2 has size {b.shape[ax]} "
            f"along axis {axis} (shapes {a.shape} and {b.shape}); the contracted "
            "axis must match and is not broadcast"
        )
    broadcast_stacks("vecdot", _drop(a.shape, ax), _drop(b.shape, ax), a.shape, b.shape)
    common = _dtypes.promote((dtype_of(a), dtype_of(b))).numpy
    _remember(key, (ax, common))
    if ax != -1:  # move `ax` last; a transpose is what moveaxis does, minus its checks
        a, b = a.transpose(_to_last(a.ndim, ax)), b.transpose(_to_last(b.ndim, ax))
    return result(backend_of(a).vecdot(*_cast(a, b, common)))


def _drop(shape: tuple, axis: int) -> tuple:
    """`shape` without (negative) `axis`: the stack shape vecdot broadcasts."""
    return shape[:axis] + shape[axis:][1:]


@functools.cache
def _to_last(ndim: int, axis: int) -> tuple:
    axis %= ndim
    return tuple(d for d in range(ndim) if d != axis) + (axis,)


def _vecdot_axis(axis, a, b) -> int:
    """`axis` as a negative index valid in both operands (counted from the end)."""
    axis = index_int(axis, "vecdot", "axis")
    ndim = min(a.ndim, b.ndim)
    full = max(a.ndim, b.ndim)
    neg = axis - full if axis >= 0 else axis
    if ndim == 0 or not -ndim <= neg <= -1:  # (NumPy's AxisError: a ValueError too)
        raise np.exceptions.AxisError(
            f"vecdot: axis {axis} is out of range for operands of shapes "
            f"{a.shape} and {b.shape}; use an axis in [-{ndim}, -1]"
        )
    return neg


# --- the @ operator ---------------------------------------------------------------------------


# What `x @ y` takes beside an Array, as NumPy's operator does (lists and tuples read as arrays)
_MATMUL_OPERANDS = (Array, np.ndarray, list, tuple)


def _matmul_dunder(self: Array, other: Array | np.ndarray[Any, Any]) -> Array:
    if (r := _one_call(_NP_MATMUL, self, other)) is not None:
        return r
    if not isinstance(other, _MATMUL_OPERANDS):
        return NotImplemented
    return matmul(self, other)


def _rmatmul_dunder(self: Array, other: Array | np.ndarray[Any, Any]) -> Array:
    if not isinstance(other, _MATMUL_OPERANDS):
        return NotImplemented
    return matmul(other, self)


def _imatmul_dunder(self: Array, other: Array | np.ndarray[Any, Any]) -> Array:
    if not isinstance(other, _MATMUL_OPERANDS):
        return NotImplemented
    result = matmul(self, other)
    if result.shape != self.shape:
        raise ValueError(
            f"__imatmul__: x @= y must keep x's shape {self.shape}, but the "
            f"product has shape {result.shape}"
        )
    if not np.can_cast(result.dtype.numpy, self.dtype.numpy, "same_kind"):  # NumPy's rule
        raise TypeError(
            f"__imatmul__: the product has dtype {result.dtype.name}, which cannot "
            f"be stored in x of dtype {self.dtype.name} in place; use x = x @ y"
        )
    self._data[...] = result._data  # (float64 into float32: NumPy's same-kind cast)
    return self


for _name, _method in (
    ("__matmul__", _matmul_dunder),
    ("__rmatmul__", _rmatmul_dunder),
    ("__imatmul__", _imatmul_dunder),
):
    _method.__name__ = _method.__qualname__ = _name
    _method.__doc__ = "Calls xtensor.matmul; see its documentation."
    if _name == "__matmul__":  # Note [Compiled hot path] in _dispatch/_cfast.c
        _method = compiled("pair", _method, extra=_NP_MATMUL)
    setattr(Array, _name, _method)


# --- NumPy names (not in the standard's main namespace) ---------------------------------------


@defers_to_numpy
def dot(a: ArrayLike, b: ArrayLike, out: Array | None = None) -> Array:
    """NumPy's dot: multiply for 0-d, matmul for 1-D/2-D, and for N-D the sum over a's last
    axis and b's second-to-last (not matmul's broadcasting). As in NumPy, `out` (an Array of
    exactly the product's dtype and shape, C-contiguous) receives the product and is returned;
    a 0-d product comes back as a new 0-d array, as NumPy's comes back as a scalar."""
    if out is not None:
        return _product_into("dot", _dot_operands(a, b), out)
    if (r := _one_call(_NP_DOT, a, b)) is not None:
        return r
    if (r := numpy_for_subclass("dot", a, b)) is not NotImplemented:
        return r  # a matrix operand: a matrix, as NumPy's
    if (type(a) in READABLE or type(b) in READABLE) and (p := listed_all((a, b))):
        return dot(*p)
    x, y = _dot_operands(a, b)
    return result(backend_of(x).xp.dot(x, y))


def _dot_operands(a, b) -> tuple:
    """dot's checked operands, cast to their common dtype."""
    x, y = operand_pair("dot", a, b, ("a", "b"))
    if x.ndim and y.ndim:
        k2 = y.shape[-2] if y.ndim >= 2 else y.shape[0]
        if x.shape[-1] != k2:
            raise ValueError(
                f"dot: shapes {x.shape} (a) and {y.shape} (b) do not align: {x.shape[-1]} != {k2}"
            )
    return cast_to_common("dot", x, y)


def vdot(a: ArrayLike, b: ArrayLike, /) -> Array:
    """NumPy's vdot: flatten both, conjugate the first, and sum the products (0-d result)."""
    if (r := _one_call(_NP_VDOT, a, b)) is not None:
        return r
    if (type(a) in READABLE or type(b) in READABLE) and (p := listed_all((a, b))):
        return vdot(*p)
    x, y = operand_pair("vdot", a, b, ("a", "b"))
    if x.size != y.size:
        raise ValueError(f"vdot: a has {x.size} elements but b has {y.size}")
    x, y = cast_to_common("vdot", x, y)
    return result(backend_of(x).xp.vdot(x, y))


def inner(a: ArrayLike, b: ArrayLike, /) -> Array:
    """NumPy's inner: sum over the last axes of both operands (multiply for 0-d)."""
    if (r := _one_call(_NP_INNER, a, b)) is not None:
        return r
    if (type(a) in READABLE or type(b) in READABLE) and (p := listed_all((a, b))):
        return inner(*p)
    x, y = operand_pair("inner", a, b, ("a", "b"))
    if x.ndim and y.ndim and x.shape[-1] != y.shape[-1]:
        raise ValueError(f"inner: the last dimensions of a {x.shape} and b {y.shape} differ")
    x, y = cast_to_common("inner", x, y)
    return result(backend_of(x).xp.inner(x, y))


def outer(a: ArrayLike, b: ArrayLike, out: Array | None = None) -> Array:
    """NumPy's outer: flattens both operands (linalg.outer requires 1-D operands). NumPy's
    `out` is filled and returned ('same_kind' casting, out's shape as multiply's rule)."""
    if out is not None:
        x, y = cast_to_common("outer", *operand_pair("outer", a, b, ("a", "b")))
        return _routine_into("outer", (x, y), {}, out)
    if type(a) is Array and type(b) is Array:
        x, y = a._data, b._data
        if type(x) is np.ndarray and type(y) is np.ndarray and x.dtype is y.dtype:
            # CPU arrays of one dtype: no cast to make; a column times a row, as NumPy's does
            # (a (1, m) row, not (m,): NumPy's complex loops round the two differently)
            return wrap(x.reshape(-1, 1) * y.reshape(1, -1))
    if (type(a) in READABLE or type(b) in READABLE) and (p := listed_all((a, b))):
        return outer(*p)
    x, y = operand_pair("outer", a, b, ("a", "b"))
    x, y = cast_to_common("outer", x.reshape(-1), y.reshape(-1))
    return wrap(x[:, None] * y[None, :])


def einsum(
    subscripts: str | ArrayLike,
    /,
    *operands: Any,
    out: Array | None = None,
    dtype: DTypeLike | None = None,
    order: str = "K",
    casting: str = "safe",
    optimize: bool | str = False,
) -> Array:
    """NumPy's einsum over xtensor arrays; the result dtype follows xtensor's promotion. NumPy's
    `out` is filled and returned (the promoted dtype must cast to it under `casting`, 'safe' by
    default, as in NumPy), and `order` lays out the result."""
    fast = dtype is None and optimize is False and out is None and order == "K"
    if fast and type(subscripts) is str:
        # CPU arrays of one dtype: NumPy's dtype is the promoted one, and np.einsum without
        # `optimize` is one c_einsum call. One, two or three operands, the common cases, are
        # checked here and passed as arguments: a helper's frame or a list to unpack costs as
        # much as the checks.
        got = None
        try:
            n = len(operands)
            if n == 2:
                x, y = operands
                if type(x) is Array and type(y) is Array:
                    a, b = x._data, y._data
                    if type(a) is _NDARRAY and type(b) is _NDARRAY and a.dtype is b.dtype:
                        got = _C_EINSUM(subscripts, a, b)
            elif n == 1:
                x = operands[0]
                if type(x) is Array and type(a := x._data) is _NDARRAY:
                    got = _C_EINSUM(subscripts, a)
            elif n == 3:
                x, y, z = operands
                if type(x) is Array and type(y) is Array and type(z) is Array:
                    a, b, c = x._data, y._data, z._data
                    if (
                        type(a) is _NDARRAY
                        and type(b) is _NDARRAY
                        and type(c) is _NDARRAY
                        and a.dtype is b.dtype is c.dtype
                    ):
                        got = _C_EINSUM(subscripts, a, b, c)
            if got is None and (datas := one_dtype(operands)) is not None:  # NumPy's arrays
                got = _C_EINSUM(subscripts, *datas)
        except (ValueError, TypeError):
            pass  # NumPy's refusal, worded by the checked call below
        if got is not None:
            if type(got) is _NDARRAY:  # wrap(got), inlined
                r = _new(Array)
                r._data = got
                return r
            return wrap(np.asarray(got)) if isinstance(got, np.generic) else result(got)
        # lists of one dtype (as the branch above wants: the checked path would give NumPy's
        # einsum the lists with no `dtype`, which reads them so too)
        if (datas := listed_all(operands)) and one_dtype(datas):
            return einsum(subscripts, *datas)
    args = [
        backing(op, "einsum", f"operand {i}", scalars=False) if _is_arraylike(op) else op
        for i, op in enumerate((subscripts, *operands))
    ]
    arrays = [a for a in args if _is_arraylike(a)]
    if arrays:
        same_device("einsum", *arrays)
    kwargs = {"optimize": optimize, "order": order, "casting": casting}
    if dtype is not None:
        kwargs["dtype"] = _dtypes.as_dtype(dtype, "einsum").numpy
    if out is not None:  # NumPy's own dtype (the promoted one), which `out` reads safely
        return _routine_into("einsum", args, kwargs, out)
    if dtype is None and arrays and (type(subscripts) is not str or len(arrays) == len(operands)):
        # (a number or list among the operands is NumPy's strong array, as NumPy reads it)
        kwargs["dtype"] = _dtypes.promote(tuple(dtype_of(a) for a in arrays)).numpy
    xp = backend_of(arrays[0]).xp if arrays else np
    try:
        r = xp.einsum(*args, **kwargs)
    except (ValueError, TypeError) as e:
        raise prefixed(e, "einsum") from None
    return result(r)


def _routine_into(func: str, datas, options: dict, out) -> Array:
    """NumPy's `out=` of outer and einsum: the device module's `func` of `datas` (backing
    arrays, and einsum's subscripts) writing into Array `out`, which is returned; NumPy's own
    checks of out's shape and dtype apply, worded by NumPy and prefixed with `func`."""
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    arrays = [d for d in datas if _is_arraylike(d)]
    same_device(func, *arrays, out._data)
    xp = backend_of(arrays[0]).xp if arrays else np
    try:
        getattr(xp, func)(*datas, out=out._data, **options)
    except (ValueError, TypeError) as e:  # NumPy's UFuncTypeError cannot be rebuilt: its base
        raise (TypeError if isinstance(e, TypeError) else ValueError)(f"{func}: {e}") from None
    return out


def _is_arraylike(value) -> bool:
    return isinstance(value, (Array, np.ndarray)) or hasattr(value, "__cuda_array_interface__")


# --- helpers shared with xtensor.linalg and xtensor.fft ---------------------------------------


def result(out) -> Array:
    """Wrap a computed buffer; NumPy hands back scalars for 0-d results, and the Python object
    itself for an object array's (`matmul` of two 1-D arrays of Fractions). A 0-d ndarray
    NumPy answered (`tensordot` of two vectors) prints as one (Note [0-d arrays print as
    scalars] in _array.py)."""
    if isinstance(out, np.generic):
        return wrap(np.asarray(out))
    if not hasattr(out, "dtype"):
        return wrap(object_scalar(out))
    return made_as_array(wrap(out)) if type(out) is np.ndarray else wrap(out)


def dtype_of(data) -> _dtypes.DType:
    return _dtypes.from_numpy(data.dtype)


def operand_pair(func: str, x1, x2, names: tuple = ("x1", "x2")) -> tuple:
    """The backing data of `func`'s two array operands (see `_array.backing`), on one device."""
    a = backing(x1, func, names[0], scalars=False)
    b = backing(x2, func, names[1], scalars=False)
    same_device(func, a, b)
    return a, b


def same_device(func: str, *datas) -> None:
    """ValueError when the backing arrays `datas` of `func`'s operands are on several devices."""
    check_same_device(func, [device_of(d) for d in datas])


def cast_to_common(func: str, *datas) -> list:
    """Cast every operand to their promoted dtype (see Note [Promotion lattice])."""
    common = _dtypes.promote(tuple(dtype_of(d) for d in datas)).numpy
    return [d if d.dtype == common else d.astype(common) for d in datas]


def broadcast_stacks(func: str, stack1: tuple, stack2: tuple, shape1: tuple, shape2: tuple):
    """The broadcast of two stack (batch) shapes; ValueError naming both full shapes."""
    try:
        return np.broadcast_shapes(stack1, stack2)
    except ValueError:
        raise ValueError(
            f"{func}: the stack dimensions of x1 {shape1} and x2 {shape2} are not "
            f"broadcastable ({stack1} vs {stack2})"
        ) from None


def index_int(value, func: str, name: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{func}: {name} must be an integer; got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{func}: {name} must be an integer; got {type(value).__name__}") from None


# Note [Compiled hot path] in _dispatch/_cfast.c: the C twins of `_one_call`'s branch
dot = compiled("pair", dot, extra=None)  # (None: NumPy's dot in C)
matmul = gufunc_like(compiled("pair", matmul, extra=_NP_MATMUL), "matmul")
vecdot = gufunc_like(compiled("pair", vecdot, extra=_NP_VECDOT), "vecdot")
vdot = compiled("pair", vdot, extra=_NP_VDOT)
inner = compiled("pair", inner, extra=_NP_INNER)

NUMPY_ALIASES: dict = {"dot": dot, "vdot": vdot, "inner": inner, "outer": outer, "einsum": einsum}

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]

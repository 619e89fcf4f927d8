"""NumPy's ufunc objects: the class `xtensor.ufunc`, and the factory that makes one instance per
op record whose NumPy function of the same name is a `numpy.ufunc` (`add`, `sin`, `acos`...;
`round`, `clip`, `real` and `imag` stay plain functions, as they are in NumPy).

A plain call is the op's fast path; a call with options is `_ufunc_call.call`, which keeps to
the op's TensorIterator dispatch. The methods are NumPy's: `reduce` of add, multiply, maximum,
minimum, logical_or and logical_and is xtensor's own reduction (sum, prod, max, min, any, all:
the reduction table's `fold` field names the op) whenever the arguments allow; other
reductions, `accumulate`, `reduceat` and `at` run the array module's ufunc method (NumPy's or
CuPy's) on the backing arrays; `outer` is a call on broadcast views (on small CPU arrays, the
outer of the NumPy loop that call runs).

Note [One class per ufunc]
~~~~~~~~~~~~~~~~~~~~~~~~~~
Python looks `__call__` up on the type, so a shared `ufunc.__call__` method would add a frame
to every `xt.add(a, b)`. Each ufunc is instead the only instance of its own subclass (named
`ufunc` too; `isinstance(f, xtensor.ufunc)` holds), whose `__call__` is the op's prebuilt call
function (`_dispatch.elementwise.ufunc_call`, see Note [Ufunc calls] there) as a staticmethod.
With the compiled hot path the namespace holds, in front of each instance, a C object that
calls that function's C twin directly and reads as the instance (`compiled_ufunc`).
"""

from __future__ import annotations

import functools
import inspect
import operator
from typing import Any, SupportsIndex

import numpy as np

import xtensor._statistical as _statistical

from ._array import Array, _new, backing, wrap
from ._core import dtypes as _dtypes
from ._core.axes import AxisError, normalize_axes
from ._core.checks import SCALARS
from ._dispatch import PLANS, backend_of
from ._dispatch.compiled import compiled, compiled_ufunc
from ._dispatch.elementwise import SMALL_NUMEL, ufunc_call
from ._dispatch.host_only import numpy_for_subclass, numpy_ufunc_method
from ._dispatch.public import make_public
from ._dispatch.reduction import SPECS
from ._typing import ArrayLike, AxisLike, DTypeLike, IndexKey
from ._ufunc_call import CASTING, NO_VALUE, OPTIONS, call, prefixed

# For the methods' first branches: a module global is read faster than NumPy's attribute.
_NDARRAY, _NUMPY_UFUNC = np.ndarray, np.ufunc
_NO = NotImplemented  # (what numpy_for_subclass answers for operands that are not matrices)
_EMPTY_INDICES = np.empty(0, _dtypes.DEFAULT_INDEX.numpy)  # reduceat's `[]` (backing: float64)


class ufunc:
    """A universal function: an elementwise op with NumPy's ufunc interface.

    Call it as the function (`xt.add(a, b)`) or with NumPy's options (`out`, `where`,
    `casting`, `order`, `dtype`, `subok`, `signature`), and use NumPy's methods `reduce`,
    `accumulate`, `reduceat`, `outer` and `at`. The instances are made from the op table;
    the class cannot be instantiated.
    """

    __module__ = "xtensor"  # public as xtensor.ufunc, as NumPy's is numpy.ufunc

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("cannot create 'xtensor.ufunc' instances")

    @property
    def nin(self) -> int:
        """The number of inputs."""
        return self._op.spec.nin

    @property
    def nout(self) -> int:
        """The number of outputs."""
        return self._op.spec.nout

    @property
    def nargs(self) -> int:
        """Inputs plus outputs."""
        return self._op.spec.nin + self._op.spec.nout

    @property
    def identity(self) -> bool | int | float | None:
        """NumPy's identity of the op (0 for add, None for maximum)."""
        return self._numpy.identity

    @property
    def types(self) -> list[str]:
        """NumPy's loops ('dd->d') over xtensor's dtypes that the op's domain accepts."""
        return list(self._types)

    @property
    def ntypes(self) -> int:
        """The number of loops in `types`."""
        return len(self._types)

    @property
    def signature(self) -> None:
        """A generalized ufunc's core signature: None, as for every elementwise op."""
        return None

    def __repr__(self) -> str:
        return f"<ufunc '{self.__name__}'>"

    def __reduce__(self) -> str:
        return self.__name__  # pickled by name, as NumPy's ufuncs are

    # --- methods ----------------------------------------------------------------------------
    def reduce(
        self,
        array: ArrayLike,
        axis: AxisLike = 0,
        dtype: DTypeLike | None = None,
        out: Array | tuple[Array] | None = None,
        keepdims: bool = False,
        initial: Any = NO_VALUE,
        where: ArrayLike = True,
    ) -> Array:
        """Fold the op along `axis` (0 by default; None: every axis), as NumPy's."""
        if (
            type(array) is Array
            and type(axis) is int
            and dtype is None
            and out is None
            and keepdims is False
            and initial is NO_VALUE
            and where is True
            and (fold := self._fold) is not None
            and type(array._data) is _NDARRAY
        ):  # xtensor's reduction, as below, without the checks a plain int axis needs
            try:
                return fold(array, axis)
            except AxisError:  # raised before any work; below, worded (or a 0-d array's)
                pass
        func = self._method("reduce")
        plain = dtype is None and out is None and initial is NO_VALUE and where is True
        if plain and (r := numpy_for_subclass(func, array, axis, keepdims=keepdims)) is not _NO:
            return r  # a matrix: NumPy's layout of its rows and columns
        if type(array) is not Array:
            options = {"axis": axis, "dtype": dtype, "out": out, "keepdims": keepdims}
            if initial is not NO_VALUE:
                options["initial"] = initial
            if where is not True:
                options["where"] = where
            outs = out if type(out) is tuple else (out,)
            if (r := numpy_ufunc_method(self._numpy, "reduce", (array,), options, outs)) is not _NO:
                return r  # a pandas Series or DataFrame: its own answer (`add.reduce(df)`)
        data = backing(array, func, "array", scalars=False)
        given, out = out, _single_out(out, func)
        reduction = _reduction_for(self._op.spec.name)
        if (
            reduction is not None
            and out is None
            and initial is NO_VALUE
            and where is True
            and (dtype is None or reduction[1])
        ):
            x = array if isinstance(array, Array) else wrap(data)
            extra = {} if dtype is None else {"dtype": dtype}
            axes = _reduce_axes(axis, data.ndim, func)
            return reduction[0](x, axis=axes, keepdims=bool(keepdims), **extra)
        options = {"axis": axis, "dtype": _numpy_dtype(dtype, func), "keepdims": keepdims}
        if initial is not NO_VALUE:
            options["initial"] = initial
        if where is not True:
            options["where"] = backing(where, func, "where")
        return _written(self._array_method("reduce", func, data, out, **options), given)

    def accumulate(
        self,
        array: ArrayLike,
        axis: SupportsIndex = 0,
        dtype: DTypeLike | None = None,
        out: Array | tuple[Array] | None = None,
    ) -> Array:
        """Running results of the op along `axis`, as NumPy's."""
        if (
            type(array) is Array
            and dtype is None
            and out is None
            and type(data := array._data) is _NDARRAY
        ):
            try:  # the call below; an error (a unary op, a bad axis) is worded there
                r = self._numpy.accumulate(data, axis)
            except Exception:
                pass
            else:  # (NumPy's native result of an Array's dtype: one xtensor has)
                result = _new(Array)
                result._data = r
                return result
        func = self._method("accumulate")
        if dtype is out is None and (r := numpy_for_subclass(func, array, axis)) is not _NO:
            return r  # a matrix: a matrix, as NumPy's
        if type(array) is not Array:
            options = {"axis": axis, "dtype": dtype, "out": out}
            outs = out if type(out) is tuple else (out,)
            r = numpy_ufunc_method(self._numpy, "accumulate", (array,), options, outs)
            if r is not _NO:
                return r  # a pandas Series: a Series with its index (`maximum.accumulate(s)`)
        data = backing(array, func, "array", scalars=False)
        given, out = out, _single_out(out, func)
        dtype = _numpy_dtype(dtype, func)
        return _written(
            self._array_method("accumulate", func, data, out, axis=axis, dtype=dtype), given
        )

    def reduceat(
        self,
        array: ArrayLike,
        indices: ArrayLike,
        axis: SupportsIndex = 0,
        dtype: DTypeLike | None = None,
        out: Array | tuple[Array] | None = None,
    ) -> Array:
        """Reductions over the slices [indices[i], indices[i + 1]) along `axis`, as NumPy's."""
        func = self._method("reduceat")
        data = backing(array, func, "array", scalars=False)
        if type(indices) in (list, tuple) and not indices:  # NumPy reads [] as intp indices
            indices = _EMPTY_INDICES
        index = _on(backend_of(data).xp, backing(indices, func, "indices", scalars=False))
        given, out = out, _single_out(out, func)
        dtype = _numpy_dtype(dtype, func)
        result = self._array_method("reduceat", func, data, out, index, axis=axis, dtype=dtype)
        return _written(result, given)

    def outer(self, A: ArrayLike, B: ArrayLike, /, **kwargs: Any) -> Any:
        """The op on every pair (A[i...], B[j...]): a result of shape A.shape + B.shape (a
        tuple of such Arrays for an op with several outputs, as the call gives)."""
        if type(A) is Array and type(B) is Array and not kwargs:
            a, b = A._data, B._data
            if type(a) is _NDARRAY and type(b) is _NDARRAY and a.size * b.size < SMALL_NUMEL:
                # The NumPy ufunc the plain call of these dtypes runs (Note [Small tables]),
                # whose outer is that call on the reshaped operands.
                loop = self._small.get((a.dtype, b.dtype))
                if type(loop) is _NUMPY_UFUNC:
                    try:  # NumPy's refusal (integers to negative powers) is worded below
                        r = loop.outer(a, b)
                    except ValueError:
                        pass
                    else:
                        result = _new(Array)
                        result._data = r if type(r) is _NDARRAY else np.asarray(r)  # 0-d
                        return result
        func = f"{self.__name__}.outer"
        if self.nin != 2:
            raise ValueError(f"{func}: outer product only supported for binary functions")
        if not kwargs and (r := numpy_for_subclass(func, A, B)) is not _NO:
            return r  # a matrix: NumPy refuses it
        xp = next((backend_of(v._data).xp for v in (A, B) if isinstance(v, Array)), np)
        a = _on(xp, backing(A, func, "A", scalars=False))
        b = _on(xp, backing(B, func, "B", scalars=False))
        return self(wrap(a.reshape(a.shape + (1,) * b.ndim)), wrap(b), **kwargs)

    def at(self, a: Array, indices: IndexKey, b: ArrayLike | None = None, /) -> None:
        """Apply the op in place at `indices` of `a`, unbuffered: an index repeated k times
        applies the op k times (`add.at(a, [0, 0], 1)` adds 2 to a[0])."""
        data = a._data if type(a) is Array else None
        if type(data) is np.ndarray and type(indices) is Array and type(b) in _PLAIN_B:
            # the commonest call, on the host: NumPy's method on the data (a third of the
            # whole call of 1000 indices went to the general steps below)
            try:
                return self._numpy.at(data, indices._data, b._data if type(b) is Array else b)
            except (TypeError, ValueError, IndexError, OverflowError) as e:
                raise prefixed(e, f"{self.__name__}.at") from None
        func = f"{self.__name__}.at"
        if type(a) is not Array:  # a NumPy array: written in place as NumPy writes it
            operands = (a, indices) if b is None else (a, indices, b)
            if numpy_ufunc_method(self._numpy, "at", operands, {}, (a,)) is not _NO:
                return None
        if not isinstance(a, Array):
            raise TypeError(f"{func}: a must be an xtensor array; got {type(a).__name__}")
        xp = backend_of(a._data).xp
        operands = () if b is None else (_on(xp, backing(b, func, "b")),)
        try:
            getattr(xp, self._numpy.__name__).at(a._data, _index(indices, xp), *operands)
        except (TypeError, ValueError, IndexError, OverflowError) as e:
            raise prefixed(e, func) from None

    def _method(self, method: str) -> str:
        """The name `method` errors carry ("add.reduce"), after NumPy's arity checks."""
        if self.nin != 2:
            raise ValueError(
                f"{self.__name__}.{method}: {method} only supported for binary functions"
            )
        if self.nout != 1:
            raise ValueError(
                f"{self.__name__}.{method}: {method} only supported for functions returning a "
                "single value"
            )
        return f"{self.__name__}.{method}"

    def _array_method(self, method: str, func: str, data, out, *args, **options):
        """NumPy's (or CuPy's) `ufunc.<method>` on backing `data`; an Array, or `out`."""
        xp = backend_of(data).xp
        fn = getattr(getattr(xp, self._numpy.__name__), method)
        if out is not None:
            options["out"] = out._data
        try:
            result = fn(data, *args, **options)
        except (TypeError, ValueError, IndexError, OverflowError) as e:
            raise prefixed(e, func) from None
        if out is not None:
            return out
        result = xp.asarray(result)
        _dtypes.from_numpy(result.dtype)  # a dtype xtensor lacks (object, strings) raises here
        return wrap(result)


# --- the factory ------------------------------------------------------------------------------


def numpy_ufunc_for(spec, name: str | None = None):
    """NumPy's ufunc behind public name `name` (the record's own by default) of op record
    `spec`, or None when NumPy's function of that name is not a ufunc (round, clip)."""
    found = getattr(np, spec.name if name is None else name, None)
    if found is None:
        found = spec.ufunc
    return found if isinstance(found, np.ufunc) and found.nin == spec.nin else None


_UFUNC_DOC = (
    "\n\nA ufunc (``xtensor.ufunc``): also takes NumPy's ``out``, ``where``, ``casting``, "
    "``order``, ``dtype`` and ``signature``, and has the methods ``reduce``, ``accumulate``, "
    "``reduceat``, ``outer`` and ``at``."
)


def make_ufunc(spec, function=None, name: str | None = None) -> ufunc:
    """The ufunc of op record `spec`, public as `name` (the record's name by default), around
    `function` (`make_public(spec)`, whose op and fast path it shares); see
    Note [One class per ufunc]."""
    function = make_public(spec) if function is None else function
    name = spec.name if name is None else name
    kind = type(
        "ufunc",
        (ufunc,),
        {
            "__slots__": (),
            "__module__": "xtensor",
            "__qualname__": "ufunc",
            "__doc__": function.__doc__ + _UFUNC_DOC,
        },
    )
    self = object.__new__(kind)
    self._op = function._op
    self._numpy = numpy_ufunc_for(spec, name)
    self._types = _loop_types(self._numpy, self._op.allowed)
    self._fold = getattr(_statistical, _FOLDS.get(spec.name, ""), None)  # add.reduce: sum
    # The plain call's small table (Note [Small tables]), for `outer`'s first branch.
    self._small = PLANS.small_table(spec.name) if (spec.nin, spec.nout) == (2, 1) else {}
    self.__name__ = self.__qualname__ = name
    self.__signature__ = _call_signature(function.__signature__, spec.nout)
    kind.__call__ = staticmethod(ufunc_call(self._op, functools.partial(call, self)))
    # accumulate's and reduce's first branches in C, bound as the methods (`xt.add.reduce(x)`)
    kind.accumulate = compiled("accumulate", ufunc.accumulate, extra=self._numpy.accumulate)
    if self._fold is not None:
        kind.reduce = compiled("fold", ufunc.reduce, extra=(self._fold, AxisError))
    return compiled_ufunc(self)


def _loop_types(numpy_ufunc, domain) -> tuple:
    kept = []
    for loop in numpy_ufunc.types:
        inputs, _, outputs = loop.partition("->")
        try:
            dtypes = [_dtypes.from_numpy(np.dtype(c)) for c in inputs + outputs]
        except (TypeError, ValueError):  # a dtype xtensor lacks (object, datetime, timedelta)
            continue
        if all(d in domain for d in dtypes[: len(inputs)]):
            kept.append(loop)
    return tuple(kept)


# The annotations of NumPy's call options, as strings naming `_typing`'s types.
_OPTION_TYPES = {
    "where": "ArrayLike",
    "casting": f"Literal[{', '.join(map(repr, CASTING))}]",
    "order": "str | None",  # 'K', 'A', 'C', 'F' in either case
    "dtype": "DTypeLike | None",
    "subok": "bool",
    "signature": "Any",
}
_OUT_TUPLE = "tuple[Array | None, ...] | None"


def _call_signature(inputs: inspect.Signature, nout: int) -> inspect.Signature:
    """NumPy's call signature: (x1, x2, /, out=None, *, where=True, casting='same_kind', ...);
    with several outputs they come positionally (out1, out2, /) or as out=(None, None)."""
    P = inspect.Parameter
    params = list(inputs.parameters.values())
    if nout == 1:
        params.append(P("out", P.POSITIONAL_OR_KEYWORD, default=None, annotation="Array | None"))
    else:
        params += [
            P(f"out{i + 1}", P.POSITIONAL_ONLY, default=None, annotation="Array | None")
            for i in range(nout)
        ]
        params.append(P("out", P.KEYWORD_ONLY, default=(None,) * nout, annotation=_OUT_TUPLE))
    params += [
        P(k, P.KEYWORD_ONLY, default=v, annotation=_OPTION_TYPES[k])
        for k, v in OPTIONS.items()
        if k != "out"
    ]
    return inspect.Signature(params, return_annotation=inputs.return_annotation)


# --- helpers of the methods ----------------------------------------------------------------

# Folding op -> the name of the reduction `reduce` runs for it (add: sum), the first that
# `_reduction_for` finds; `_statistical`'s are the ufunc's `_fold` (any and all are made later).
_FOLDS = {s.fold: s.name for s in reversed(SPECS.values()) if s.splittable}


@functools.cache
def _reduction_for(fold: str):
    """(xtensor's reduction folding op `fold`, whether it takes dtype=), or None."""
    import xtensor._utility as utility  # lazy: _utility imports _elementwise, which makes ufuncs

    for spec in SPECS.values():
        if spec.fold == fold and spec.splittable:
            function = getattr(_statistical, spec.name, None) or getattr(utility, spec.name)
            return function, "dtype" in inspect.signature(function).parameters
    return None


def _reduce_axes(axis, ndim: int, func: str) -> tuple:
    """`axis` of a reduce as sorted axes; NumPy reduces a 0-d array along axis 0 or -1 too
    (over nothing)."""
    if ndim == 0 and axis is not None and not isinstance(axis, (tuple, list)):
        try:
            if operator.index(axis) in (0, -1) and not isinstance(axis, (bool, np.bool_)):
                return ()
        except TypeError:
            pass
    return normalize_axes(axis, ndim, func, sort=True, allow_none=True)


def _single_out(out, func: str):
    if type(out) is tuple:
        if len(out) != 1:
            raise ValueError(f"{func}: the 'out' tuple must have exactly one entry")
        out = out[0]
    if type(out) is np.ndarray:  # NumPy's array, written as NumPy writes it (the README)
        return wrap(out)
    if out is not None and not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor array; got {type(out).__name__}")
    return out


def _written(result, given):
    """The method's answer: NumPy's own `out` array where one was given, as NumPy's is."""
    given = given[0] if type(given) is tuple and len(given) == 1 else given
    return given if type(given) is np.ndarray else result


def _numpy_dtype(dtype, func: str):
    return None if dtype is None else _dtypes.as_dtype(dtype, func).numpy


# `b` operands that `ufunc.at`'s first branch hands NumPy as they are (an Array, its data)
_PLAIN_B = frozenset({Array, float, int, bool, complex})


def _on(xp, value):
    """Host data `value` (a converted list or NumPy array) on `xp`'s device."""
    if xp is np or type(value) in SCALARS or type(value) is not np.ndarray:
        return value
    return xp.asarray(value)


def _index(indices, xp):
    if isinstance(indices, Array):
        return indices._data
    if type(indices) is tuple:
        return tuple(_index(i, xp) for i in indices)
    if isinstance(indices, list) and xp is not np:
        return xp.asarray(indices)
    return indices


__all__ = ["NO_VALUE", "make_ufunc", "numpy_ufunc_for", "ufunc"]

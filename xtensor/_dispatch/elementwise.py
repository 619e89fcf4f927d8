"""Elementwise dispatch: turn an op record into a public function that runs through the
TensorIterator on the operands' backend.

The record's promotion kind picks the iterator preset (`_iter.flags_for`); its domain gives
the dtype check; the backend (`backend_of` the first array operand) runs the loop. A call
goes: operands -> one plan-cache lookup -> (hit) the recorded NumPy loop, or (miss) device
check, domain check, `build()`, `backend.elementwise`, and a plan recorded for next time.

Note [Small-call fast path]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
When the full path decided "one chunk, no fix-up, nothing to copy" (a CPU call under
2 * GRAIN_SIZE elements with no `out=`), it records in the plan cache (Note [Plan cache] in
plans.py) the ufunc with the planned loop signature. A later call with the same signature
goes straight to that ufunc, and NumPy allocates the output in the same order='K' layout the
iterator would choose. The result dtype is the one the iterator computed: it is decided once,
in `build()`, and the recorded loop carries it.

Note [Comparisons with out-of-range integers]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy 2 (NEP 50) answers `int8_array == 1000` and `int64_array < 2**70` with the
mathematically right comparison instead of raising OverflowError, as it does for arithmetic.
Every value of the array's dtype lies on the same side of such a scalar, so the answer is one
constant for the whole result: the comparison of any in-range value (the dtype's minimum)
with the scalar, which NumPy's loop computes on Python ints exactly.
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .._array import Array, _new, backing, wrap
from .._backends import CPU_BACKEND, backend_of
from .._backends.cpu import loop_for, ufunc_loop
from .._core import dtypes as _dtypes
from .._core.checks import SCALARS, check_same_device
from .._core.dtypes import RULE_PHRASES, Promotion
from .._iter import GRAIN_SIZE, TensorIter, broadcast_shapes, build, flags_for
from .._ops.spec import OpSpec
from .plans import PLANS


class ElementwiseOp:
    """The callable behind one public elementwise function."""

    def __init__(self, spec: OpSpec):
        self.spec = spec
        self.flags = flags_for(spec.promotion)
        self.allowed = spec.domain.dtypes
        self.names = ("x",) if spec.nin == 1 else tuple(f"x{i + 1}" for i in range(spec.nin))

    def __call__(self, *args, out=None):
        name = self.spec.name
        data = [
            a._data if type(a) is Array else backing(a, name, n) for a, n in zip(args, self.names)
        ]
        key = (name, *_signature(data))
        entry = PLANS.plans.get(key) if out is None else None
        if entry is not None:
            PLANS.hits += 1
            return _run_fast(entry, data, self)
        PLANS.misses += 1
        return self.run(args, data, key, out)

    def run(self, args, data, key=None, out=None, backend=None):
        """The full path: checks, `build()`, the backend's loop, and a plan for next time.

        `backend` overrides the operands' own (tests run the CUDA backend's exact plans on
        host memory through the kernel simulator)."""
        spec = self.spec
        arrays = [d for d in data if type(d) not in SCALARS]
        if out is not None or any(type(d) is not np.ndarray for d in arrays):
            check_same_device(spec.name, (a.device for a in (*args, out) if isinstance(a, Array)))
        self._check_domain(data)
        if backend is None:
            backend = (
                CPU_BACKEND
                if not arrays or type(arrays[0]) is np.ndarray
                else backend_of(arrays[0])
            )
        out_data = None if out is None else backing(out, spec.name, "out", scalars=False)
        constant = _out_of_range_comparison(spec, data)
        if constant is not None:
            return _constant_result(spec.name, data, constant, out, out_data, backend)
        data = backend.operands(self.flags, data, spec.name)
        it = build(self.flags, (out_data,), data, spec.name)
        self._check_domain_common(it.common_dtype, data)
        backend.elementwise(spec, it)
        if out is not None:
            return out
        if key is not None and backend is CPU_BACKEND:
            PLANS.put(key, _fast_entry(spec, data, it))
        result = _new(Array)
        result._data = it.outputs[0]
        return result

    def _check_domain(self, data):
        spec = self.spec
        for d, name in zip(data, self.names):
            if type(d) in SCALARS:
                continue
            dt = _dtypes.from_numpy(d.dtype)
            if dt not in self.allowed:
                raise TypeError(
                    f"{spec.name}: {name} has dtype {dt.name}, but {spec.name} "
                    f"requires {spec.domain.phrase}"
                )

    def _check_domain_common(self, common, data):
        spec = self.spec
        if common not in self.allowed and _dtypes.float_for_int(common) is common:
            scalar = next((d for d in data if type(d) in SCALARS), None)
            raise TypeError(
                f"{spec.name}: the operands promote to {common.name} (Python "
                f"scalar {scalar!r}), but {spec.name} requires {spec.domain.phrase}"
            )


def _signature(data) -> list:
    key = []
    for d in data:
        if type(d) is np.ndarray:
            key += (d.dtype, d.shape, d.strides)
        else:
            key.append(type(d))
    return key


# --- Note [Comparisons with out-of-range integers] --------------------------------------------


def _out_of_range_comparison(spec: OpSpec, data):
    """The constant answer of a comparison with an out-of-range Python int, or None."""
    if spec.promotion is not Promotion.ALWAYS_BOOL or spec.nin != 2:
        return None
    for i, d in enumerate(data):
        other = data[1 - i]
        if type(d) is not int or type(other) in SCALARS or other.dtype.kind not in "iu":
            continue
        info = np.iinfo(other.dtype)
        if not info.min <= d <= info.max:
            pair = (d, int(info.min)) if i == 0 else (int(info.min), d)
            return bool(spec.ufunc(*pair))
    return None


def _constant_result(func, data, constant, out, out_data, backend):
    shape = broadcast_shapes(tuple(d.shape for d in data if type(d) not in SCALARS), func)
    if out is not None:
        if out_data.shape != shape:
            raise ValueError(
                f"{func}: output of shape {out_data.shape} cannot hold the result of shape {shape}"
            )
        out_data[...] = constant
        return out
    result = backend.xp.full(shape, constant, dtype=np.bool_)
    return wrap(result)


# --- Note [Small-call fast path] ------------------------------------------------------------


def _fast_entry(spec: OpSpec, data, it):
    """(callable, int-scalar bounds, fix-up) for the fast path. For one chunk the callable is
    the bare ufunc when NumPy's own dtype resolution already picks the planned loop (cheaper
    than `signature=`); for several it replays the iterator's plan over new arrays, the
    fix-up inside its loop. `bounds` and `fixup` are None when the call needs neither."""
    result_dtype = it.plan.dtypes[0]
    loop, kwargs = loop_for(spec, it.common_dtype, result_dtype)
    bounds = None
    if it.common_dtype.kind in "iu" and any(type(d) is int for d in data):
        info = np.iinfo(it.common_dtype.numpy)
        bounds = (int(info.min), int(info.max))
    if it.numel >= 2 * GRAIN_SIZE:
        planned = functools.partial(
            _run_planned, it.plan, ufunc_loop(loop, 1, spec.fixup, **kwargs)
        )
        return planned, bounds, None
    call = functools.partial(loop, **kwargs) if kwargs else loop
    if kwargs:
        try:
            with np.errstate(all="ignore"):  # a probe: its warnings were already given
                if loop(*data).dtype == result_dtype.numpy:
                    call = loop
        except Exception:  # NumPy refuses the natural call; keep the explicit signature
            pass
    return call, bounds, spec.fixup


def _run_planned(plan, loop, *data):
    """The iterator's cached `plan` run over new operands of the same signature."""
    arrays = plan.allocate_outputs((None,), data) + data
    TensorIter(plan, arrays).for_each(loop)
    return arrays[0]


def _run_fast(entry, data, op: ElementwiseOp):
    call, bounds, fixup = entry
    if bounds is not None:
        for d in data:
            if type(d) is int and not bounds[0] <= d <= bounds[1]:
                return op.run(data, data)  # raises, or answers a comparison exactly
    try:
        r = call(*data)
    except ValueError as e:
        raise ValueError(f"{op.spec.name}: {e}") from None
    if type(r) is not np.ndarray:
        r = np.asarray(r)
    if fixup is not None:
        fixup(data, (r,))  # r is fresh: no input aliases it
    a = _new(Array)
    a._data = r
    return a


def fast_binary(op: ElementwiseOp):
    """The public binary function: the fast path inlined for array-array and array-scalar."""
    cache, plans, slow, name = PLANS, PLANS.plans, op.__call__, op.spec.name
    ndarray = np.ndarray

    def binary(x1, x2, /):
        if type(x1) is Array:
            d1 = x1._data
            if type(x2) is Array:
                d2 = x2._data
                if type(d1) is ndarray and type(d2) is ndarray:
                    entry = plans.get(
                        (name, d1.dtype, d1.shape, d1.strides, d2.dtype, d2.shape, d2.strides)
                    )
                    if entry is not None:
                        cache.hits += 1
                        if entry[2] is not None:
                            return _run_fast(entry, (d1, d2), op)
                        # Inlined _run_fast: the hottest path of all (x + y on arrays).
                        try:
                            r = entry[0](d1, d2)
                        except ValueError as e:
                            raise ValueError(f"{name}: {e}") from None
                        a = _new(Array)
                        a._data = r if type(r) is ndarray else np.asarray(r)
                        return a
            elif type(x2) in SCALARS and type(d1) is ndarray:
                entry = plans.get((name, d1.dtype, d1.shape, d1.strides, type(x2)))
                if entry is not None:
                    cache.hits += 1
                    return _run_fast(entry, (d1, x2), op)
        elif type(x2) is Array and type(x1) in SCALARS:
            d2 = x2._data
            if type(d2) is ndarray:
                entry = plans.get((name, type(x1), d2.dtype, d2.shape, d2.strides))
                if entry is not None:
                    cache.hits += 1
                    return _run_fast(entry, (x1, d2), op)
        return slow(x1, x2)

    return binary


def fast_unary(op: ElementwiseOp):
    """The public unary function, with the fast path inlined."""
    cache, plans, slow, name = PLANS, PLANS.plans, op.__call__, op.spec.name
    ndarray = np.ndarray

    def unary(x, /):
        if type(x) is Array:
            d = x._data
            if type(d) is ndarray:
                entry = plans.get((name, d.dtype, d.shape, d.strides))
                if entry is not None:
                    cache.hits += 1
                    return _run_fast(entry, (d,), op)
        return slow(x)

    return unary


def make_public(spec: OpSpec, module: str = "xtensor"):
    """The public function for `spec`, with real metadata and a positional-only signature."""
    op = ElementwiseOp(spec)
    if spec.nin == 1:
        function = fast_unary(op)
    elif spec.nin == 2:
        function = fast_binary(op)
    else:

        def function(*args, **kwargs):
            if len(args) != spec.nin or kwargs:
                _arity_error(spec, op.names, args, kwargs)
            return op(*args)

    # Python's own arity errors name the code object: make it the op's name.
    function.__code__ = function.__code__.replace(co_name=spec.name, co_qualname=spec.name)

    function.__name__ = function.__qualname__ = spec.name
    function.__module__ = module
    function.__doc__ = _docstring(spec)
    function.__signature__ = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY) for n in op.names]
    )
    function._op = op
    return function


def _arity_error(spec, names, args, kwargs):
    if kwargs:
        raise TypeError(f"{spec.name}() got an unexpected keyword argument {next(iter(kwargs))!r}")
    raise TypeError(
        f"{spec.name}() takes {spec.nin} positional argument"
        f"{'s' if spec.nin > 1 else ''} ({', '.join(names)}) but {len(args)} "
        "were given"
    )


def _docstring(spec: OpSpec) -> str:
    fixup = ""
    if spec.fixup is not None:
        fixup = "\n\nSpecial cases (beyond NumPy): " + " ".join((spec.fixup.__doc__ or "").split())
    aliases = f"\nNumPy names: {', '.join(spec.numpy_aliases)}." if spec.numpy_aliases else ""
    return (
        f"{spec.summary}\n\nInputs: {spec.domain.phrase}. Result dtype: "
        f"{RULE_PHRASES[spec.promotion]}. Python scalars are weak (NEP 50).{aliases}{fixup}"
        f"\n\nArray API: ``{spec.name}`` (since {spec.since})."
    )


__all__ = ["ElementwiseOp", "make_public"]

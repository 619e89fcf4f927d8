"""Dispatch: turn an op record into a public function that runs through the TensorIterator.

The record's promotion kind picks the iterator preset; its domain gives the dtype check; its
ufunc (or custom loop) and fix-up make the CPU loop. CUDA arrays go to `_cuda_backend`.

Note [Small-call fast path]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
A call on a few elements is dominated by Python overhead: NumPy's own `x + y` on 10 floats
takes about 0.4 us. Each op keeps a dict from the operand signature (dtypes, shapes, byte
strides, scalar kinds) to the decision the iterator made for it. When that decision is "one
chunk, no fix-up, nothing to copy", the call goes straight to the ufunc with the planned loop
signature, and NumPy allocates the output in the same order='K' layout the iterator would
choose. Everything else takes the full `build()` + `for_each` route.
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .._core import dtypes as _dtypes
from .._array import Array, _new, wrap
from .._core.devices import CPU
from .._backends import cpu
from .._iter import ELEMENTWISE, FLOAT_ELEMENTWISE, build
from .._iter.parallel import GRAIN_SIZE
from .._ops.loops import copy_loop
from .._ops.spec import OpSpec, Promotion

_SCALARS = (bool, int, float, complex)


def _to_default_float(d):
    return _dtypes.DEFAULT_FLOAT if d.kind in "biu" else d


def _to_bool(_d):
    return _dtypes.bool


_FLAGS = {
    Promotion.DEFAULT: ELEMENTWISE,
    Promotion.INT_TO_FLOAT: FLOAT_ELEMENTWISE,
    Promotion.INT_TO_DEFAULT_FLOAT: ELEMENTWISE.with_(compute_dtype=_to_default_float),
    Promotion.ALWAYS_BOOL: ELEMENTWISE.with_(result_dtype=_to_bool),
    Promotion.COMPLEX_TO_REAL: ELEMENTWISE.with_(result_dtype=_dtypes.real_dtype),
}


def operand(value, func: str, name: str):
    """The backing data of one operand: an Array's buffer, a Python scalar, or asarray()."""
    t = type(value)
    if t is Array:
        return value._data
    if t in _SCALARS:
        return value
    if isinstance(value, Array):
        return value._data
    from .._creation import asarray

    try:
        return asarray(value)._data
    except (TypeError, ValueError) as e:
        raise TypeError(f"{func}: {name} must be an array or a Python scalar; got "
                        f"{t.__name__} ({e})") from None


class ElementwiseOp:
    """The callable behind one public elementwise function."""

    def __init__(self, spec: OpSpec):
        self.spec = spec
        self.flags = _FLAGS[spec.promotion]
        self.names = ("x",) if spec.nin == 1 else tuple(f"x{i + 1}" for i in range(spec.nin))
        self._fast: dict = {}

    def __call__(self, *args, out=None):
        data = [operand(a, self.spec.name, n) for a, n in zip(args, self.names)]
        key = _fast_key(data)
        entry = self._fast.get(key) if out is None else None
        if entry is not None:
            return _run_fast(entry, data, self.spec.name)
        return self._slow(args, data, key, out)

    def _slow(self, args, data, key, out):
        spec = self.spec
        self._check_devices(args, data)
        if any(type(d) is not np.ndarray and type(d) not in _SCALARS for d in data):
            from .._backends.cuda import run_elementwise

            return run_elementwise(self, data, out)
        out_data = None if out is None else operand(out, spec.name, "out")
        self._check_domain(data)
        it = build(self.flags, (out_data,), data, spec.name)
        loop, kwargs = self.cpu_loop(it.common_dtype)
        self._check_domain_common(it.common_dtype, data)
        try:
            (result,) = cpu.run(it, cpu.ufunc_loop(loop, 1, spec.fixup, **kwargs))
        except ValueError as e:  # e.g. NumPy's "Integers to negative integer powers..."
            raise ValueError(f"{spec.name}: {e}") from None
        if (out is None and isinstance(loop, np.ufunc) and it.numel < 2 * GRAIN_SIZE
                and len(self._fast) < 1024):
            self._fast[key] = _fast_entry(loop, kwargs, data, result.dtype, it.common_dtype,
                                          spec.fixup)
        return out if out is not None else wrap(result)

    def cpu_loop(self, compute) -> tuple:
        """The NumPy loop and its keyword arguments for compute dtype `compute`."""
        spec = self.spec
        result = self.flags.result_dtype(compute)
        if "int_identity" in spec.props and result.kind in "biu":
            return copy_loop, {}
        if not isinstance(spec.ufunc, np.ufunc):
            return spec.ufunc, {}
        sig = (compute.numpy,) * spec.nin + (result.numpy,)
        return spec.ufunc, {"signature": sig, "casting": "unsafe"}

    def _check_devices(self, args, data):
        devices = {a.device for a in args if isinstance(a, Array)}
        if len(devices) > 1:
            raise ValueError(f"{self.spec.name}: operands are on different devices "
                             f"({', '.join(sorted(str(d) for d in devices))}); move them with "
                             "to_device() first")

    def _check_domain(self, data):
        spec = self.spec
        allowed = spec.domain.dtypes
        for d, name in zip(data, self.names):
            if type(d) in _SCALARS:
                continue
            dt = _dtypes.from_numpy(d.dtype)
            if dt not in allowed:
                raise TypeError(f"{spec.name}: {name} has dtype {dt.name}, but {spec.name} "
                                f"requires {spec.domain.phrase}")

    def _check_domain_common(self, common, data):
        spec = self.spec
        if common not in spec.domain.dtypes and _dtypes.float_for_int(common) is common:
            scalar = next((d for d in data if type(d) in _SCALARS), None)
            raise TypeError(f"{spec.name}: the operands promote to {common.name} (Python "
                            f"scalar {scalar!r}), but {spec.name} requires {spec.domain.phrase}")


# --- Note [Small-call fast path] ------------------------------------------------------------

def _fast_key(data) -> tuple:
    key = []
    for d in data:
        if type(d) is np.ndarray:
            key += (d.dtype, d.shape, d.strides)
        else:
            key.append(type(d))
    return tuple(key)


def _fast_entry(loop, kwargs, data, result_dtype, common, fixup):
    """(callable, int-scalar bounds, fix-up) for the fast path. The callable is the bare ufunc
    when NumPy's own dtype resolution already picks the planned loop (cheaper than
    `signature=`); `bounds` and `fixup` are None when the call needs neither."""
    call = functools.partial(loop, **kwargs) if kwargs else loop
    if kwargs:
        try:
            with np.errstate(all="ignore"):  # a probe: its warnings were already given
                if loop(*data).dtype == result_dtype:
                    call = loop
        except Exception:  # NumPy refuses the natural call; keep the explicit signature
            pass
    bounds = None
    if common.kind in "iu" and any(type(d) is int for d in data):
        info = np.iinfo(common.numpy)
        bounds = (int(info.min), int(info.max), common)
    return call, bounds, fixup


def _run_fast(entry, data, func):
    call, bounds, fixup = entry
    if bounds is not None:
        for d in data:
            if type(d) is int and not bounds[0] <= d <= bounds[1]:
                _dtypes.check_scalar_fits(d, bounds[2], func)
    try:
        r = call(*data)
    except ValueError as e:
        raise ValueError(f"{func}: {e}") from None
    if type(r) is not np.ndarray:
        r = np.asarray(r)
    if fixup is not None:
        fixup(data, (r,))  # r is fresh: no input aliases it
    a = _new(Array)
    a._data = r
    return a


def fast_binary(op: ElementwiseOp):
    """The public binary function: the fast path inlined for array-array and array-scalar."""
    fast, slow, name = op._fast, op.__call__, op.spec.name
    ndarray = np.ndarray

    def binary(x1, x2, /):
        if type(x1) is Array:
            d1 = x1._data
            if type(x2) is Array:
                d2 = x2._data
                if type(d1) is ndarray and type(d2) is ndarray:
                    entry = fast.get((d1.dtype, d1.shape, d1.strides,
                                      d2.dtype, d2.shape, d2.strides))
                    if entry is not None:
                        if entry[2] is not None:
                            return _run_fast(entry, (d1, d2), name)
                        # Inlined _run_fast: the hottest path of all (x + y on arrays).
                        try:
                            r = entry[0](d1, d2)
                        except ValueError as e:
                            raise ValueError(f"{name}: {e}") from None
                        a = _new(Array)
                        a._data = r if type(r) is ndarray else np.asarray(r)
                        return a
            elif type(x2) in _SCALARS and type(d1) is ndarray:
                entry = fast.get((d1.dtype, d1.shape, d1.strides, type(x2)))
                if entry is not None:
                    return _run_fast(entry, (d1, x2), name)
        elif type(x2) is Array and type(x1) in _SCALARS:
            d2 = x2._data
            if type(d2) is ndarray:
                entry = fast.get((type(x1), d2.dtype, d2.shape, d2.strides))
                if entry is not None:
                    return _run_fast(entry, (x1, d2), name)
        return slow(x1, x2)

    return binary


def fast_unary(op: ElementwiseOp):
    """The public unary function, with the fast path inlined."""
    fast, slow, name = op._fast, op.__call__, op.spec.name
    ndarray = np.ndarray

    def unary(x, /):
        if type(x) is Array:
            d = x._data
            if type(d) is ndarray:
                entry = fast.get((d.dtype, d.shape, d.strides))
                if entry is not None:
                    return _run_fast(entry, (d,), name)
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
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY) for n in op.names])
    function._op = op
    return function


def _arity_error(spec, names, args, kwargs):
    if kwargs:
        raise TypeError(f"{spec.name}() got an unexpected keyword argument "
                        f"{next(iter(kwargs))!r}")
    raise TypeError(f"{spec.name}() takes {spec.nin} positional argument"
                    f"{'s' if spec.nin > 1 else ''} ({', '.join(names)}) but {len(args)} "
                    "were given")


_RULES = {
    Promotion.DEFAULT: "the promoted dtype of the inputs",
    Promotion.INT_TO_FLOAT: "the promoted dtype; integer inputs give float32 (up to 16 bits) "
                            "or float64",
    Promotion.INT_TO_DEFAULT_FLOAT: "the promoted dtype; integer inputs give float64",
    Promotion.ALWAYS_BOOL: "bool",
    Promotion.COMPLEX_TO_REAL: "the promoted dtype, real for complex inputs",
}


def _docstring(spec: OpSpec) -> str:
    fixup = ""
    if spec.fixup is not None:
        fixup = "\n\nSpecial cases (beyond NumPy): " + " ".join(
            (spec.fixup.__doc__ or "").split())
    aliases = f"\nNumPy names: {', '.join(spec.numpy_aliases)}." if spec.numpy_aliases else ""
    return (f"{spec.summary}\n\nInputs: {spec.domain.phrase}. Result dtype: "
            f"{_RULES[spec.promotion]}. Python scalars are weak (NEP 50).{aliases}{fixup}\n\n"
            f"Array API: ``{spec.name}`` (since {spec.since}).")


__all__ = ["ElementwiseOp", "make_public", "operand", "CPU"]

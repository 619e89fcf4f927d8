"""`xtensor.fuse`: the decorator, its per-signature trace cache, and running a trace.

Owns: `fuse`, `Fused` (the decorated function), `Traced` (one signature's trace, planned)
and `Output` (one returned value: a fused program, a final reduction, or a value the trace
proved constant). Tracing is `tracer.py` and `rebind.py`; lowering and running are the
backend's (`_backends/fused.py`, reached through `_dispatch.user_kernels`).

Note [Signatures]
~~~~~~~~~~~~~~~~~
A call's signature is, per argument in order (keyword arguments by name): an array's dtype,
shape and device; a Python scalar's type (bool, int, float or complex: NEP 50 weak scalars,
so their values never retrace); a static argument's value. A new signature traces the
function once (microseconds to milliseconds of Python) and the first run of its program
compiles the loop (a fraction of a second, then cached in memory and on disk); a known
signature only runs. Layouts (strides, contiguity) are not part of the signature: the
compiled loop handles any, choosing its dense inner loop at run time.

Note [Fused reductions]
~~~~~~~~~~~~~~~~~~~~~~~
A final sum, prod, max, min or mean over every element (axis None or all axes, no `dtype=`)
of a CPU program folds in the same compiled pass: each chunk of the iterator folds its values
into one partial in the accumulator dtype (`_accumulator`), and NumPy folds the partials, so
`sum(x * y)` never writes `x * y` to memory. Any other reduction -- over some axes, with a
`dtype=`, of an empty input, on CUDA -- computes the fused elementwise result and hands it to
the real reduction, which keeps its own rules (identity, error, result dtype).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable

import numpy as np

from .._array import Array, backing, wrap
from .._core import dtypes as _dtypes
from .._core.checks import SCALARS, check_same_device
from .._core.devices import CPU, device_of
from .._dispatch import user_kernels
from .rebind import Namespace, rebind
from .replay import MISS, fast_call
from .tracer import Trace, TracedArray, TracedReduction, TracedScalar

Apply, Leaf, Program = user_kernels.Apply, user_kernels.Leaf, user_kernels.Program

__all__ = ["Fused", "fuse"]

_MAX_TRACES = 256  # per fused function; a longer run of new signatures starts over


def _accumulator(kind: str, result: _dtypes.DType) -> _dtypes.DType:
    """The dtype a compiled fold accumulates in: sums, products and means in the widest type
    of their kind (float32 sums in float64, as the CUDA reductions do), max and min in the
    result's (a float16 in float32: the half type has no comparisons)."""
    if kind in ("max", "min"):
        return _dtypes.float32 if result.kind == "f" and result.itemsize < 4 else result
    return {"f": _dtypes.float64, "c": _dtypes.complex128}.get(result.kind, result)


def _program(trace: Trace, out: int, label: str) -> tuple:
    """(Program of the nodes `out` depends on, renumbered; its array sources)."""
    needed, stack = set(), [out]
    while stack:
        i = stack.pop()
        if i not in needed:
            needed.add(i)
            if isinstance(trace.nodes[i], Apply):
                stack.extend(trace.nodes[i].args)
    order = sorted(needed)  # recording order is dependency order
    new = {old: k for k, old in enumerate(order)}
    leaves = sorted(trace.nodes[i].index for i in order if isinstance(trace.nodes[i], Leaf))
    nodes = []
    for i in order:
        node = trace.nodes[i]
        if isinstance(node, Leaf):
            node = Leaf(leaves.index(node.index), node.dtype)
        elif isinstance(node, Apply):
            node = Apply(node.spec, tuple(new[a] for a in node.args), node.compute, node.result)
        nodes.append(node)
    return Program(tuple(nodes), new[out], label), [trace.arrays[i] for i in leaves]


class Output:
    """One value the traced function returns, planned for execution."""

    def __init__(self, trace: Trace, value, label: str):
        self.reduction = value if isinstance(value, TracedReduction) else None
        traced = value.x if self.reduction is not None else value
        self.program = self.sources = self.slot = None
        self.constant = value
        if isinstance(traced, TracedScalar):
            self.slot = traced._slot
        elif isinstance(traced, TracedArray):
            self.program, self.sources = _program(trace, traced._node, label)
        self._cpu = self._fold = self._device = None

    def _data(self, arrays: list) -> list:
        """The program's array inputs: call arguments by position, or captured constants."""
        return [arrays[ref] if kind == "arg" else ref for kind, ref in self.sources]

    def run(self, arrays: list, values: list, device):
        if self.slot is not None:
            return values[self.slot]
        if self.program is None:
            return self.constant  # nothing traced reaches it: the same value every call
        data = self._data(arrays)
        if isinstance(self.program.nodes[self.program.output], Leaf):
            result = data[0]  # the function returns an input as it is
        elif device.kind == "cpu":
            folded = self._try_fold(data, values)
            if folded is not None:
                return folded
            if self._cpu is None:
                self._cpu = user_kernels.CPUProgram(self.program)
            result = self._cpu.run(data, values)
        else:
            if self._device is None:
                self._device = user_kernels.DeviceProgram(self.program)
            result = self._device.run(data, values, device)
        r = self.reduction
        if r is None:
            return wrap(result)
        return r.function(wrap(result), axis=r.axis, keepdims=r.keepdims, **r.dtype)

    def _try_fold(self, data: list, values: list):
        """The final reduction in one compiled pass, or None (Note [Fused reductions])."""
        r = self.reduction
        if r is None or r.dtype or not self._whole(r):
            return None
        if self._fold is None:
            acc = _accumulator(r.kind, r.result)
            self._fold = user_kernels.FoldProgram(self.program, r.kind, acc)
        if not self._fold.compiled:
            return None
        value = self._fold.run(data, values)
        if value is None:
            return None
        shape = (1,) * len(r.x.shape) if r.keepdims else ()
        return wrap(np.asarray(value).astype(r.result.numpy).reshape(shape))

    @staticmethod
    def _whole(r) -> bool:
        ndim = len(r.x.shape)
        if r.axis is None:
            return True
        axes = r.axis if isinstance(r.axis, tuple) else (r.axis,)
        return sorted(a % ndim for a in axes if type(a) is int) == list(range(ndim))


class Traced:
    """One signature's trace: its Python-scalar slots and its planned outputs."""

    def __init__(self, trace: Trace, result, label: str):
        self.slots = trace.slots
        self.kinds = [_dtypes.scalar_kind(v) for v in trace.values]
        self.as_tuple = type(result) if isinstance(result, (tuple, list)) else None
        values = result if self.as_tuple else (result,)
        self.outputs = [Output(trace, v, label) for v in values]
        # A program that reads no array (`exp(s)` of a Python scalar) is a 0-d value that
        # the unfused calls compute as fast: the function then runs as it is.
        self.unfused = any(o.program is not None and not o.sources for o in self.outputs)

    def values(self, scalars: list) -> list | None:
        """Every scalar slot's value for this call, or None if Python arithmetic on the
        scalars changed type from the traced one (`2 ** n` for a negative n), or if the
        function runs unfused."""
        if self.unfused:
            return None
        values = []
        for source, kind in zip(self.slots, self.kinds):
            tag = source[0]
            if tag == "arg":
                value = scalars[source[1]]
            elif tag == "const":
                value = source[1]
            else:
                value = source[1](*(values[i] for i in source[2]))
                if _dtypes.scalar_kind(value) != kind:
                    return None
            values.append(value)
        return values

    def run(self, arrays: list, values: list, device):
        for output in self.outputs:
            if output.program is not None:
                user_kernels.check_scalars(output.program, values)
        results = [o.run(arrays, values, device) for o in self.outputs]
        return self.as_tuple(results) if self.as_tuple else results[0]


def _always_miss(args):
    return MISS


def _check_hashable(func: str, name: str, value) -> None:
    try:
        hash(value)
    except TypeError:
        raise TypeError(
            f"fuse: {func}: static argument {name} is part of the trace cache's key and must "
            f"be hashable; got {type(value).__name__}"
        ) from None


class Fused:
    """A function of arrays and Python scalars run as one fused loop; see `fuse`."""

    def __init__(self, func: Callable, static_argnames: str | Iterable[str] = ()):
        functools.update_wrapper(self, func)
        self._func = func
        self._name = getattr(func, "__name__", "function")
        if isinstance(static_argnames, str):
            static_argnames = (static_argnames,)
        self._static = frozenset(static_argnames)
        self._signature = inspect.signature(func) if self._static else None
        self._traces: dict = {}
        self._fast: dict = {}  # Note [Per-call fast path] in replay.py
        self._last = _always_miss  # the fast function of the last fast signature

    def __repr__(self) -> str:
        return f"<xtensor.fuse of {self._name}>"

    @property
    def trace_count(self) -> int:
        """How many signatures have been traced (see Note [Signatures])."""
        return len(self._traces)

    def _arguments(self, args: tuple, kwargs: dict) -> list:
        """(name or position, value) of every argument, in signature order."""
        if self._signature is None:
            return [*enumerate(args), *sorted(kwargs.items())]
        bound = self._signature.bind(*args, **kwargs)
        return list(bound.arguments.items())

    def _flatten(self, arguments: list) -> tuple:
        """(signature key, array data, Python scalars); see Note [Signatures]."""
        key, arrays, scalars = [], [], []
        for name, a in arguments:
            t = type(a)
            if isinstance(name, str):
                key.append(name)  # keyword arguments bind by name
            if name in self._static:
                _check_hashable(self._name, name, a)
                key.append(("static", a))
            elif t in SCALARS:
                key.append(t)
                scalars.append(a)
            else:
                label = name if isinstance(name, str) else f"argument {name}"
                d = a._data if t is Array else backing(a, self._name, label)
                on_cpu = type(d) is np.ndarray
                key.append((d.dtype, d.shape, True if on_cpu else device_of(d)))
                arrays.append(d)
        return tuple(key), arrays, scalars

    def __call__(self, *args, **kwargs):
        # Note [Per-call fast path] in replay.py: the last fast signature's function checks
        # the arguments itself; another signature costs one key and one lookup.
        if kwargs:
            return self._call(args, kwargs, None)
        try:
            result = self._last(args)
        except (OverflowError, ValueError):  # the full path has the errors and fallbacks
            result = MISS
        if result is not MISS:
            return result
        return self._keyed(args)

    def _keyed(self, args: tuple):
        if self._signature is not None:
            return self._call(args, {}, None)
        key = []
        for a in args:
            t = type(a)
            if t is Array:
                d = a._data
                if type(d) is not np.ndarray:
                    return self._call(args, {}, None)
                key.append(d.dtype)
                key.append(d.shape)
            elif t in SCALARS:
                key.append(t)
            else:
                return self._call(args, {}, None)
        key = tuple(key)
        fast = self._fast.get(key)
        if fast is not None and fast is not self._last:  # the last one has just missed
            self._last = fast
            try:
                result = fast(args)
            except (OverflowError, ValueError):
                result = MISS
            if result is not MISS:
                return result
        return self._call(args, {}, key)

    def _call(self, args: tuple, kwargs: dict, fast_key: tuple | None):
        """The full path: signature, trace, run; it records the fast function of a CPU
        signature of positional arguments under `fast_key`."""
        arguments = self._arguments(args, kwargs)
        key, arrays, scalars = self._flatten(arguments)
        device = CPU
        if any(type(d) is not np.ndarray for d in arrays):
            devices = [device_of(d) for d in arrays]
            check_same_device(self._name, devices)
            device = devices[0]
            if device.kind not in ("cpu", "cuda"):
                return self._func(*args, **kwargs)  # meta arrays: the ops' own shape rules
        traced = self._traces.get(key)
        if traced is None:
            traced = self._trace(arguments, arrays, scalars)
            if len(self._traces) >= _MAX_TRACES:
                self._traces.clear()
                self._fast.clear()
                self._last = _always_miss
            self._traces[key] = traced
        values = traced.values(scalars)
        if values is None:
            return self._func(*args, **kwargs)
        if fast_key is not None and fast_key not in self._fast and device.kind == "cpu":
            self._fast[fast_key] = self._last = self._fast_call(traced, args, arrays, values)
        try:
            return traced.run(arrays, values, device)
        except OverflowError:
            # A Python int outside its op's dtype: the unfused ops decide (an error, or a
            # constant for a comparison; Note [Comparisons with out-of-range integers]).
            return self._func(*args, **kwargs)

    @staticmethod
    def _fast_call(traced: Traced, args: tuple, arrays: list, values: list):
        """The signature's fast function, or one that always misses."""
        layout, k, j = [], 0, 0
        for a in args:
            if type(a) is Array:
                layout.append(("array", k, Array))
                k += 1
            else:
                layout.append(("scalar", j, type(a)))
                j += 1
        fast = fast_call(traced, layout, arrays, values)
        return fast if fast is not None else _always_miss

    def _trace(self, arguments: list, arrays: list, scalars: list) -> Traced:
        trace = Trace(self._name)
        trace.namespace = Namespace(Array._namespace, trace)
        stand_ins, k, j = [], 0, 0
        for name, a in arguments:
            if name in self._static:
                stand_ins.append((name, a))
            elif type(a) in SCALARS:
                stand_ins.append((name, trace.scalar_argument(j, a)))
                j += 1
            else:
                stand_ins.append((name, trace.array_argument(k, arrays[k])))
                k += 1
        args = [v for n, v in stand_ins if isinstance(n, int)]
        kwargs = {n: v for n, v in stand_ins if not isinstance(n, int)}
        try:
            result = rebind(self._func, trace)(*args, **kwargs)
        except TypeError as e:
            if not trace.escaped:
                raise
            culprit = str(e).split(":", 1)[0]
            raise trace.error(
                f"a traced array reached {culprit}, which fuse does not trace (not elementwise, "
                "or reached through code fuse does not rebind, such as another module)"
            ) from None
        return Traced(trace, result, self._name)

    def programs(self, *args, **kwargs) -> list:
        """(Program, array data, scalar values) of each fused output of a call with these
        arguments, without running it: for tests and for reading the generated code."""
        arguments = self._arguments(args, kwargs)
        _, arrays, scalars = self._flatten(arguments)
        traced = self._trace(arguments, arrays, scalars)
        values = traced.values(scalars)
        return [(o.program, o._data(arrays), values) for o in traced.outputs if o.program]


def fuse(
    func: Callable | None = None, *, static_argnames: str | Iterable[str] = ()
) -> Fused | Callable[[Callable], Fused]:
    """Run `func`, a function of arrays and Python scalars built from elementwise functions
    and operators (optionally ending in one sum, prod, max, min or mean), as one fused loop.

    The function is traced once per signature (dtypes, shapes, device; Python scalars as
    weak scalars) into one loop over memory: compiled C++ on the CPU (NumPy's own loops,
    cache-blocked, without a C++ compiler), one generated kernel on CUDA. Results equal the
    unfused calls within the dtype's rounding. Python control flow on array values and
    non-elementwise functions raise TypeError; `static_argnames` names arguments passed as
    they are (traced once per value), such as an `axis`.

    >>> import xtensor as xp
    >>> @xp.fuse
    ... def gaussian(x, y, z):
    ...     return xp.exp(-(x**2) / 2) * xp.sin(y) + 0.5 * z
    >>> print(gaussian(xp.zeros(3), xp.zeros(3), xp.ones(3)))
    [0.5 0.5 0.5]
    """
    if func is None:
        return lambda f: Fused(f, static_argnames)
    return Fused(func, static_argnames)

"""Tracing: stand-ins for a fused function's arguments that record ops instead of running them.

Owns: `Trace` (the record of one tracing run: op nodes, the arrays and Python scalars they
read), and the stand-ins `TracedArray` (an array value: an argument or an op's result),
`TracedScalar` (a weak Python scalar argument, or Python arithmetic on such scalars) and
`TracedReduction` (a final sum/prod/max/min/mean). Each op is checked and typed exactly as
the unfused call checks and types it (`ElementwiseOp.loop_dtypes`: domain errors, NEP 50
weak scalars, promotion kinds), so tracing raises what the unfused call raises.

Note [Tracing]
~~~~~~~~~~~~~~
A traced value knows its dtype, shape and device, never its elements. Operators come from
the op table's `dunders`, functions from the namespace proxy (`rebind.py`); each records an
`Apply` node (identical ones once: `x * x` used twice is computed once). Whatever needs
elements -- `bool(x > 0)` in an `if`, `float(x)`, indexing, a non-elementwise function --
raises a TypeError naming the function being traced and the operation, since the program
could not be the same for every input. Python scalars stay Python values: arithmetic among
them (`2 * s`) is replayed on each call's values, like the unfused function's Python code,
and each one reaches the kernel as a weak scalar argument (its value is not compiled in).
"""

from __future__ import annotations

import operator

import numpy as np

from .. import _elementwise, _statistical
from .._array import backing, wrap
from .._core import dtypes as _dtypes
from .._core.checks import SCALARS
from .._dispatch import broadcast_shapes, user_kernels
from .._dispatch.optable import OPS

Apply, Leaf, Scalar = user_kernels.Apply, user_kernels.Leaf, user_kernels.Scalar

_RULE = (
    "fuse traces elementwise functions and operators on arrays and Python scalars, "
    "ending in at most one sum, prod, max, min or mean"
)


class Trace:
    """The record of one tracing run of function `fname`."""

    def __init__(self, fname: str):
        self.fname = fname
        self.nodes: list = []
        self._seen: dict = {}
        self._constants: dict = {}
        self.arrays: list = []  # per Leaf index: ("arg", position) or ("const", backing data)
        self.slots: list = []  # per Scalar index: ("arg", position) | ("const", value) | expr
        self.values: list = []  # per Scalar index: its value during tracing
        self.escaped = False
        self.namespace = None  # xtensor as the traced function sees it (rebind.Namespace)

    def error(self, problem: str) -> TypeError:
        return TypeError(f"fuse: cannot trace {self.fname}: {problem}; {_RULE}")

    def add(self, node) -> int:
        """The index of `node`, recorded once."""
        index = self._seen.get(node)
        if index is None:
            index = self._seen[node] = len(self.nodes)
            self.nodes.append(node)
        return index

    # --- leaves ------------------------------------------------------------------------------
    def array_argument(self, position: int, data) -> TracedArray:
        dtype = _dtypes.from_numpy(data.dtype)
        self.arrays.append(("arg", position))
        node = self.add(Leaf(len(self.arrays) - 1, dtype))
        return TracedArray(self, node, dtype, data.shape)

    def scalar_argument(self, position: int, value) -> TracedScalar:
        return TracedScalar(self, self._slot(("arg", position), value))

    def _slot(self, source, value) -> int:
        self.slots.append(source)
        self.values.append(value)
        return len(self.slots) - 1

    def _constant(self, value) -> int:
        """The slot of a Python constant (`2` in `x * 2`), one per distinct value and type."""
        key = (type(value), value)
        if key not in self._constants:
            self._constants[key] = self._slot(("const", value), value)
        return self._constants[key]

    def _operand(self, value, func: str) -> tuple:
        """(node index, stand-in for dtype rules, shape or None for a weak scalar)."""
        if isinstance(value, TracedArray):
            return value._node, np.empty(0, value.dtype.numpy), value.shape
        if isinstance(value, TracedScalar):
            return self.add(Scalar(value._slot, value.kind)), value.value, None
        if isinstance(value, TracedReduction):
            raise self.error(f"{value.kind} must be the last operation, but {func} uses its result")
        if type(value) in SCALARS:
            slot = self._constant(value)
            return self.add(Scalar(slot, _dtypes.scalar_kind(value))), value, None
        data = backing(value, func)  # a constant array: captured arrays, NumPy arrays, lists
        self.arrays.append(("const", data))
        leaf = Leaf(len(self.arrays) - 1, _dtypes.from_numpy(data.dtype))
        return self.add(leaf), np.empty(0, data.dtype), data.shape

    # --- ops ---------------------------------------------------------------------------------
    def apply(self, function, args: tuple):
        """Record public elementwise `function` (its `_op`) on `args`; its traced result."""
        if not any(isinstance(a, TRACED) for a in args):
            return function(*args)  # only constants: the unfused call, once, at trace time
        function, args = _squaring(function, args)
        op = function._op
        spec = op.spec
        if spec.nout != 1:
            raise self.error(f"{spec.name} has {spec.nout} outputs, and fused ops have one")
        if len(args) != spec.nin:
            raise self.error(f"{spec.name} with {len(args)} arguments (fused ops take {spec.nin})")
        operands = [self._operand(a, spec.name) for a in args]
        compute, result = op.loop_dtypes([stand_in for _, stand_in, _ in operands])
        shapes = tuple(shape for _, _, shape in operands if shape is not None)
        shape = broadcast_shapes(shapes, spec.name) if shapes else ()
        node = self.add(Apply(spec, tuple(i for i, _, _ in operands), compute, result))
        return TracedArray(self, node, result, shape)

    def python_op(self, fn, args: tuple):
        """Python's `fn` on weak scalars (`2 * s`): a scalar replayed on each call's values."""
        refs, now = [], []
        for a in args:
            if isinstance(a, TracedScalar):
                refs.append(a._slot)
                now.append(a.value)
            else:
                refs.append(self._constant(a))
                now.append(a)
        value = fn(*now)
        if _dtypes.scalar_kind(value) is None:
            raise self.error(f"Python {fn.__name__} of scalars gave {type(value).__name__}")
        return TracedScalar(self, self._slot(("expr", fn, tuple(refs)), value))

    def reduce(self, function, kind: str, x, axis, keepdims, dtype):
        """Record the final reduction `kind` (public `function`) of `x`."""
        if not isinstance(x, TRACED):
            return function(x, axis=axis, keepdims=keepdims, **dtype)
        if not isinstance(x, TracedArray):
            raise self.error(f"{kind} of a Python scalar is not an array reduction")
        # The real reduction on a one-element stand-in checks axis, keepdims and dtype and
        # gives the result dtype, exactly as the unfused call would.
        probe = wrap(np.zeros((1,) * len(x.shape), dtype=x.dtype.numpy))
        result = function(probe, axis=axis, keepdims=keepdims, **dtype).dtype
        return TracedReduction(self, x, kind, function, axis, keepdims, dtype, result)


def _squaring(function, args: tuple) -> tuple:
    """`square` for `x ** 2` with a literal 2, as NumPy's `ndarray.__pow__` does: the same
    values (a correctly rounded pow of 2 is the product) without a vector pow call, where
    the result dtype is the same (bool squares to int8 but bool ** 2 is int64)."""
    if function._op.spec.name != "pow" or len(args) != 2 or not isinstance(args[0], TracedArray):
        return function, args
    exponent = args[1]
    if type(exponent) not in (int, float) or exponent != 2:
        return function, args
    square = _elementwise._FUNCTIONS["square"]
    stand_in = np.empty(0, args[0].dtype.numpy)
    same = square._op.loop_dtypes([stand_in])[1] is function._op.loop_dtypes([stand_in, 2])[1]
    return (square, args[:1]) if same else (function, args)


class TracedArray:
    """An array value inside a traced function (Note [Tracing])."""

    __slots__ = ("_trace", "_node", "dtype", "shape")
    __hash__ = None
    __array_priority__ = 1000  # above Array's: mixed operators come to the traced value

    def __init__(self, trace: Trace, node: int, dtype, shape: tuple):
        self._trace, self._node, self.dtype, self.shape = trace, node, dtype, shape

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    def __repr__(self) -> str:
        return f"<traced {self.dtype} array of shape {self.shape} in {self._trace.fname}>"

    def _refuse(self, what: str):
        raise self._trace.error(f"{what} needs the array's values")

    def __bool__(self):
        self._refuse("bool() of a traced array (Python control flow such as `if x > 0:`)")

    def __float__(self):
        self._refuse("float() of a traced array")

    def __int__(self):
        self._refuse("int() of a traced array")

    def __complex__(self):
        self._refuse("complex() of a traced array")

    def __index__(self):
        self._refuse("using a traced array as an index")

    def __len__(self):
        self._refuse("len() of a traced array")

    def __iter__(self):
        self._refuse("iterating over a traced array")

    def __getitem__(self, key):
        raise self._trace.error("indexing (x[...]) is not an elementwise operation")

    def __setitem__(self, key, value):
        raise self._trace.error("assignment into an array (x[...] = v) is not elementwise")

    def __array__(self, dtype=None, copy=None):
        self._trace.escaped = True
        raise self._trace.error("a traced array reached a function that is not elementwise")

    def __getattr__(self, name: str):
        if name == "__array_namespace__":  # `xp = x.__array_namespace__()`: the tracing view
            return lambda *, api_version=None: self._trace.namespace
        if name in REDUCTIONS:
            trace = self._trace

            def method(axis=None, dtype=None, keepdims=False):
                extra = {} if dtype is None else {"dtype": dtype}
                return trace.reduce(REDUCTIONS[name], name, self, axis, keepdims, extra)

            return method
        raise self._trace.error(f"the array attribute or method {name!r} is not elementwise")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        function = UFUNCS.get(ufunc)
        if method != "__call__" or kwargs or function is None:
            raise self._trace.error(f"NumPy's {ufunc.__name__}.{method} on a traced array")
        return self._trace.apply(function, inputs)

    def __array_function__(self, func, types, args, kwargs):
        raise self._trace.error(f"NumPy's {func.__name__} on a traced array")


class TracedScalar:
    """A weak Python scalar inside a traced function: an argument, a constant, or Python
    arithmetic on them (Note [Tracing]). `value` is its value during tracing."""

    __slots__ = ("_trace", "_slot")
    __hash__ = None

    def __init__(self, trace: Trace, slot: int):
        self._trace, self._slot = trace, slot

    @property
    def value(self):
        return self._trace.values[self._slot]

    @property
    def kind(self) -> str:
        return _dtypes.scalar_kind(self.value)

    def __repr__(self) -> str:
        return f"<traced Python {type(self.value).__name__} in {self._trace.fname}>"

    def _refuse(self, what: str):
        raise self._trace.error(
            f"{what} of a traced Python scalar needs its value; pass it with "
            f"fuse(static_argnames=...) to trace once per value"
        )

    def __bool__(self):
        self._refuse("bool() (Python control flow such as `if s > 0:`)")

    def __float__(self):
        self._refuse("float()")

    def __int__(self):
        self._refuse("int()")

    def __index__(self):
        self._refuse("use as an index")

    def __complex__(self):
        self._refuse("complex()")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return TracedArray.__array_ufunc__(self, ufunc, method, *inputs, **kwargs)


class TracedReduction:
    """The final reduction of a traced function: usable only as its return value."""

    __slots__ = ("_trace", "x", "kind", "function", "axis", "keepdims", "dtype", "result")
    __hash__ = None

    def __init__(self, trace, x, kind, function, axis, keepdims, dtype, result):
        self._trace, self.x, self.kind, self.function = trace, x, kind, function
        self.axis, self.keepdims, self.dtype, self.result = axis, keepdims, dtype, result

    def __getattr__(self, name: str):
        raise self._trace.error(f"{self.kind} must be the last operation, but its result is used")

    def __bool__(self):
        raise self._trace.error(f"{self.kind} must be the last operation, but bool() uses it")


TRACED = (TracedArray, TracedScalar, TracedReduction)
# NumPy's ufuncs -> xtensor's public function of the same op (`numpy.exp(traced)`).
UFUNCS = {f._numpy: f for f in _elementwise._PUBLIC.values() if hasattr(f, "_numpy")}
REDUCTIONS = {
    "sum": _statistical.sum,
    "prod": _statistical.prod,
    "max": _statistical.max,
    "min": _statistical.min,
    "mean": _statistical.mean,
}


# --- operators, from the op table's dunders ------------------------------------------------


_SYMBOLS = {
    "add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%",
    "pow": "**", "and": "&", "or": "|", "xor": "^", "lshift": "<<", "rshift": ">>",
}  # fmt: skip


def _python_operator(dunder: str):
    stem = dunder.strip("_")
    if dunder.startswith("__r") and dunder != "__rshift__":
        stem = stem[1:]
    return getattr(operator, stem, None) or getattr(operator, stem + "_")


def _array_method(function, dunder: str, nin: int):
    if nin == 1:
        return lambda self: self._trace.apply(function, (self,))
    if dunder.startswith("__i") and dunder != "__invert__":
        symbol = _SYMBOLS.get(dunder[3:-2], dunder)

        def in_place(self, other):
            raise self._trace.error(
                f"the in-place operator {symbol}= changes an array's values; write "
                f"`x = x {symbol} y` instead"
            )

        return in_place
    if dunder.startswith("__r") and dunder != "__rshift__":
        return lambda self, other: self._trace.apply(function, (other, self))
    return lambda self, other: self._trace.apply(function, (self, other))


def _scalar_method(function, dunder: str, nin: int):
    python = _python_operator(dunder)
    if nin == 1:
        return lambda self: self._trace.python_op(python, (self,))
    reflected = dunder.startswith("__r") and dunder != "__rshift__"

    def method(self, other):
        args = (other, self) if reflected else (self, other)
        if type(other) in SCALARS or isinstance(other, TracedScalar):
            return self._trace.python_op(python, args)
        return self._trace.apply(function, args)

    return method


def _refusing(dunder: str):
    def method(self, *other):
        raise self._trace.error(
            f"{self.kind} must be the last operation, but the operator {dunder} uses its result"
        )

    return method


def _attach_operators() -> None:
    for spec in OPS:
        function = _elementwise._FUNCTIONS.get(spec.name)
        for dunder in spec.dunders:
            setattr(TracedArray, dunder, _array_method(function, dunder, spec.nin))
            setattr(TracedReduction, dunder, _refusing(dunder))
            if not (dunder.startswith("__i") and dunder != "__invert__"):
                setattr(TracedScalar, dunder, _scalar_method(function, dunder, spec.nin))


_attach_operators()

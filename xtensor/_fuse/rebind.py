"""The traced function's view of xtensor: the same code, run against tracing stand-ins.

Owns: `rebind(func, trace)`, a copy of `func` whose globals and closure cells see
`xtensor` (the module, or the functions imported from it) through `Namespace`, a proxy
whose elementwise functions and reductions record into the trace. Helper functions of the
same module are rebound the same way, so `def f(x): return g(x) + 1` traces through `g`.

Note [Why rebind]
~~~~~~~~~~~~~~~~~
xtensor's functions take arrays, not stand-ins: `xtensor.exp(traced)` would try to read
the traced value's elements. Rather than teach every dispatch path about tracing, the
traced function gets its own globals dict, a copy of its module's in which each name bound
to xtensor (or to one of its elementwise functions) is bound to the tracing proxy. The copy
is only used while tracing, so the module itself never changes, and several threads can
trace at once. A name the function rebinds with `global` while tracing is not written back.
"""

from __future__ import annotations

import functools
import types

from .._array import Array
from .._dispatch.compiled import is_compiled
from .tracer import REDUCTIONS, TRACED, Trace

__all__ = ["Namespace", "rebind"]


def _elementwise(value) -> bool:
    """Whether `value` is one of xtensor's public elementwise functions (or ufuncs)."""
    if not (isinstance(value, types.FunctionType) or value.__class__.__module__ == "xtensor"):
        return False
    return hasattr(getattr(value, "_op", None), "loop_dtypes")


# What `Namespace` guards: functions (dtypes, classes and other callable objects pass as
# they are; a traced value reaching one still fails, through TracedArray.__array__).
_FUNCTIONS = (types.FunctionType, types.BuiltinFunctionType, functools.partial)


def _has_traced(args, kwargs) -> bool:
    values = [*args, *kwargs.values()]
    for v in values:
        if isinstance(v, TRACED):
            return True
        if isinstance(v, (list, tuple)) and any(isinstance(e, TRACED) for e in v):
            return True
    return False


class Namespace:
    """xtensor as a traced function sees it (Note [Why rebind])."""

    def __init__(self, module, trace: Trace):
        self._module, self._trace = module, trace
        self.__name__ = getattr(module, "__name__", "xtensor")

    def __getattr__(self, name: str):
        value = getattr(self._module, name)
        replaced = substitute(value, self._trace)
        if replaced is value and (isinstance(value, _FUNCTIONS) or is_compiled(value)):
            replaced = _guarded(value, name, self._trace)
        if isinstance(value, types.ModuleType):
            replaced = Namespace(value, self._trace)
        return replaced


def _guarded(function, name: str, trace: Trace):
    """`function` as is, unless a traced value is among its arguments (then: not fusable)."""

    def call(*args, **kwargs):
        if _has_traced(args, kwargs):
            raise trace.error(f"{name} is not an elementwise function")
        return function(*args, **kwargs)

    return call


def _tracing_op(function, trace: Trace):
    name = function._op.spec.name

    def op(*args, **kwargs):
        if kwargs and _has_traced(args, kwargs):
            keywords = ", ".join(sorted(kwargs))
            raise trace.error(f"{name} with keyword arguments ({keywords})")
        if kwargs:
            return function(*args, **kwargs)
        return trace.apply(function, args)

    return op


def _tracing_reduction(function, kind: str, trace: Trace):
    def reduction(x, /, axis=None, dtype=None, *, keepdims=False):
        extra = {} if dtype is None else {"dtype": dtype}
        return trace.reduce(function, kind, x, axis, keepdims, extra)

    return reduction


def substitute(value, trace: Trace, memo: dict | None = None, module: str | None = None):
    """What `value`, bound to a name the traced function reads, becomes while tracing."""
    if value is Array._namespace:
        return Namespace(value, trace)
    if isinstance(value, TRACED):
        return value
    for kind, function in REDUCTIONS.items():
        if value is function:
            return _tracing_reduction(function, kind, trace)
    if _elementwise(value):
        return _tracing_op(value, trace)
    if memo is not None and isinstance(value, types.FunctionType) and value.__module__ == module:
        return _on_first_call(value, trace, memo)
    return value


def _on_first_call(func, trace: Trace, memo: dict):
    """A helper of the traced function's module, rebound only if the trace calls it."""

    @functools.wraps(func)
    def helper(*args, **kwargs):
        return rebind(func, trace, memo)(*args, **kwargs)

    return helper


def _scope(func, trace: Trace, memo: dict) -> dict:
    """The tracing copy of `func`'s globals: one per module and trace, shared by its helpers."""
    scopes = memo.setdefault("scopes", {})
    key = id(func.__globals__)
    if key not in scopes:
        module = func.__module__
        scopes[key] = {k: substitute(v, trace, memo, module) for k, v in func.__globals__.items()}
    return scopes[key]


def rebind(func, trace: Trace, memo: dict | None = None):
    """A copy of plain function `func` that sees xtensor through `Namespace` (Note [Why
    rebind]); anything else (a builtin, a callable object) is returned as it is."""
    if not isinstance(func, types.FunctionType):
        return func
    memo = {} if memo is None else memo
    if func in memo:
        return memo[func]
    closure = None
    if func.__closure__:
        closure = tuple(types.CellType() for _ in func.__closure__)
    scope = _scope(func, trace, memo)
    copy = types.FunctionType(func.__code__, scope, func.__name__, func.__defaults__, closure)
    copy.__kwdefaults__ = func.__kwdefaults__
    memo[func] = copy
    for new, old in zip(closure or (), func.__closure__ or ()):
        try:
            new.cell_contents = substitute(old.cell_contents, trace, memo, func.__module__)
        except ValueError:  # an empty cell (a name assigned later in the enclosing scope)
            pass
    return copy

"""Every public callable carries annotations on each parameter and on its return.

Public means reachable as `xtensor.<name>`, `xtensor.linalg.<name>`, `xtensor.fft.<name>`,
`xtensor.random.<name>`, `xtensor.emath.<name>`, `xtensor.jit.<name>` or
`xtensor.lib.stride_tricks.<name>` (each module's `__all__`), plus the methods and properties
of the classes among them (`xtensor.Array` first) and of the classes of public objects (a
ufunc's `reduce`, `xtensor.r_`'s `__getitem__`). The signatures come from `inspect.signature`,
so generated functions are checked through the `__signature__` their factory gives them.

`tests/typing/test_mypy.py` checks that the annotations mean what a client needs; this test
only checks that none is missing. The one exception is `NUMPY_OWN`: objects xtensor re-exports
from NumPy unchanged (`errstate`, `set_printoptions`, `s_`, `LinAlgError`...). No other name is
exempt. `annotation_counts()` gives (fully annotated, total) callables, for reports.
"""

from __future__ import annotations

import inspect
import types

import xtensor as xt
from xtensor._dispatch.compiled import is_compiled

MODULES = {
    "xtensor": xt,
    "xtensor.linalg": xt.linalg,
    "xtensor.fft": xt.fft,
    "xtensor.random": xt.random,
    "xtensor.emath": xt.emath,
    "xtensor.jit": xt.jit,
    "xtensor.lib.stride_tricks": xt.lib.stride_tricks,
}

NUMPY_OWN = "NumPy's own object, re-exported as it is: NumPy's stubs type it"


def _is_numpy_own(obj: object) -> bool:
    """Whether `obj` is one of NumPy's own objects (see NUMPY_OWN)."""
    named = isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType))
    owner = getattr(obj if named else type(obj), "__module__", None) or ""
    return owner.split(".")[0] == "numpy"


class _Method:
    """A function found in a class: its first parameter is the instance (or the class)."""

    def __init__(self, function) -> None:
        self.function = function


def _class_members(qualname: str, cls: type, instance_checked: bool):
    """(name, function) for each method, property accessor and dunder that xtensor code
    defines in `cls` itself, private single-underscore names excepted. The `__call__` of a
    class whose public instance is checked as a callable is that check already."""
    for name, member in vars(cls).items():
        if name.startswith("_") and not name.startswith("__"):
            continue
        if name == "__call__" and instance_checked:
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        # A C twin (`_dispatch/compiled.py`) is checked through its Python function; a C
        # getter carries its property's fget and fset.
        getter = isinstance(member, property) or (is_compiled(member) and hasattr(member, "fget"))
        if is_compiled(member) and not getter:
            member = member.__wrapped__
        accessors = [("", member.fget), (".setter", member.fset)] if getter else [("", member)]
        for part, function in accessors:
            if isinstance(function, types.FunctionType) and function.__module__.startswith(
                "xtensor"
            ):
                yield f"{qualname}.{name}{part}", _Method(function)


def public_callables() -> dict:
    """Qualified name -> callable whose signature must be annotated (first name wins)."""
    found: dict = {}
    classes: dict = {xt.Array: ("xtensor.Array", False)}
    ids: set = set()
    for prefix, module in MODULES.items():
        for name in module.__all__:
            obj = getattr(module, name)
            qualname = f"{prefix}.{name}"
            if isinstance(obj, types.ModuleType) or _is_numpy_own(obj) or id(obj) in ids:
                continue
            ids.add(id(obj))
            if isinstance(obj, type):
                classes.setdefault(obj, (qualname, False))
                continue
            if callable(obj):
                found[qualname] = obj
            for base in type(obj).__mro__:
                if base.__module__.startswith("xtensor"):
                    where = f"{base.__module__}.{base.__qualname__}"
                    classes.setdefault(base, (where, callable(obj)))
    for cls in list(classes):
        for base in cls.__mro__[1:]:
            if base.__module__.startswith("xtensor") and base not in classes:
                classes[base] = (f"{base.__module__}.{base.__qualname__}", False)
    for cls, (qualname, instance_checked) in classes.items():
        for name, member in _class_members(qualname, cls, instance_checked):
            found.setdefault(name, member)
    return found


def missing_annotations(obj) -> list:
    """The parameters (and 'return') of `obj` that carry no annotation."""
    method = isinstance(obj, _Method)
    try:
        signature = inspect.signature(obj.function if method else obj)
    except ValueError:
        return ["<no signature>"]
    params = list(signature.parameters.values())[1 if method else 0 :]
    missing = [p.name for p in params if p.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty:
        missing.append("return")
    return missing


def annotation_counts() -> tuple:
    """(fully annotated, total) public callables."""
    found = public_callables()
    return sum(not missing_annotations(f) for f in found.values()), len(found)


def test_every_public_callable_is_annotated():
    gaps = {
        name: missing
        for name, obj in sorted(public_callables().items())
        if (missing := missing_annotations(obj))
    }
    assert not gaps, f"{len(gaps)} public callables lack annotations: {gaps}"


def test_the_check_sees_a_missing_annotation():
    def function(x, /, y: int, *args, z=1, **kwargs) -> None: ...

    def method(self, value: int): ...

    assert missing_annotations(function) == ["x", "args", "z", "kwargs"]
    assert missing_annotations(_Method(method)) == ["return"]
    assert missing_annotations(xt.float64) == [], "a dtype's __call__ is its signature"


def test_the_walk_reaches_generated_names():
    """The walk sees the names made from the op table and attached at import time."""
    found = public_callables()
    for name in (
        "xtensor.add",
        "xtensor.ufunc.reduce",
        "xtensor.Array.__add__",
        "xtensor.Array.sum",
        "xtensor.linalg.solve",
        "xtensor.random.beta",
    ):
        assert name in found, name

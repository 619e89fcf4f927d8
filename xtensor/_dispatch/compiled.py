"""The compiled hot path: C twins of the small-call fast paths, in front of the Python ones.

See Note [Compiled hot path] in `_cfast.c`. The extension is optional: where it was not
built (no C compiler at install time), or with `XTENSOR_PURE_PYTHON=1` in the environment
(read once, at import), `compiled` returns the Python function itself and xtensor runs as
pure Python, with the same results and errors, ~0.4 us slower per small call.
"""

from __future__ import annotations

import numpy as np

from .._array import Array
from .._backends.cpu_sort import (  # noqa: F401 (re-exported)
    radix_sorted,
    ranked_values,
    sorted_already,
    sorts_in_place,
)
from .._core import dtypes as _dtypes
from .._core.extensions import PURE_PYTHON, optional
from .._iter.parallel import get_num_threads
from .elision import ELIDE_BYTES, calibration
from .plans import _COMPILED_ENTRIES, PLANS
from .reduction import _FP_IGNORE, _FP_STATE, SMALL

# Below this many elements the C twins of the non-elementwise kinds run (getitem, astype,
# where...); from here on every call is the Python code's. The elementwise kinds take
# SMALL_NUMEL, the size their small tables hold for (elementwise.py).
TINY = 1 << 14

CFAST = optional("xtensor._dispatch._cfast")  # None: the Python functions are the whole story
if CFAST is not None:
    if _FP_STATE is not None:  # else the C twins of quiet calls defer to Python
        CFAST.set_fp_state(_FP_STATE, _FP_IGNORE)
    CFAST.set_elision(False, calibration)  # calibrated on the first large operand
    if hasattr(CFAST, "set_threads"):  # one thread set: large calls run whole, in C too
        CFAST.set_threads(get_num_threads)
    if hasattr(CFAST, "adopt"):  # Note [Array free list] in _cfast_arrays.c
        CFAST.adopt(Array)
    if hasattr(CFAST, "hits"):
        PLANS.count_compiled(CFAST.hits)
    for factory in ("patched", "inner"):  # small tables' entries with fix-ups (plans.small_loop)
        if hasattr(CFAST, factory):
            _COMPILED_ENTRIES[factory] = getattr(CFAST, factory)


def sums_agree() -> bool:
    """Whether the C's sums, products and means (Note [Direct sums] in _cfast_direct.c) are
    this NumPy's np.add.reduce, np.multiply.reduce and np.mean bit for bit, on sizes around
    the pairwise sum's blocks (8 and 128), its splits and NumPy's buffer, 1-d, strided, C-
    and F-ordered, whole and along the last or the first axis: a NumPy that orders its
    reductions otherwise keeps every one its own."""
    rng = np.random.default_rng(0)
    for dtype in ("float32", "float64", "complex64", "complex128", "int64", "uint64"):
        past_buffer = (20000,) if dtype == "float64" else ()  # (NumPy's buffer: 8192)
        for n in (1, 7, 9, 129, 1000, *past_buffer):
            values = rng.standard_normal(2 * n) * 10.0 ** rng.integers(-6, 6, 2 * n)
            if dtype.startswith("complex"):
                values = values + 1j * values[::-1]
            factors = 1 + values / (1 + np.abs(values).max())  # products that stay finite
            if dtype.endswith("int64"):
                values, factors = values * 1e3, rng.integers(1, 4, 2 * n)
            shape = (2, n) if n % 2 else (2, n // 2, 2)
            for product, ufunc, a in ((False, np.add, values), (True, np.multiply, factors)):
                a = a.astype(dtype)
                for view in (a[:n], a[::2], a.reshape(shape), a.reshape(shape).T):
                    got = CFAST.direct_sum(view, product)
                    if got is not None and got.tobytes() != ufunc.reduce(view, None).tobytes():
                        return False
                for axes, axis in ((1, -1), (2, 0)):  # along the last axis alone, the first
                    got = CFAST.direct_sum(a.reshape(shape), product, axes)
                    want = ufunc.reduce(a.reshape(shape), axis)
                    if got is not None and got.tobytes() != want.tobytes():
                        return False
            if dtype.startswith("float"):  # the means: those sums, divided as NumPy's
                a = values.astype(dtype)
                for view, axes, axis in ((a, 0, None), (a.reshape(shape), 1, -1)):
                    got = CFAST.direct_sum(view, False, axes, True)
                    if got.tobytes() != np.asarray(np.mean(view, axis)).tobytes():
                        return False
    return True


if CFAST is not None and hasattr(CFAST, "set_direct_sums"):
    with np.errstate(all="ignore"):
        CFAST.set_direct_sums(sums_agree())


def install_slots() -> None:
    """Point Array's slots at its finished dunders, once they are all attached (Note [Array
    slots] in _cfast_arrays.c); without the extension CPython's generic slots stay."""
    if CFAST is not None and hasattr(CFAST, "install_slots"):
        CFAST.install_slots(Array)
        for name in _ATTRIBUTES[2:9]:  # read as often as any call is made
            table = _dtypes._BY_NUMPY if name == "dtype" else None
            setattr(Array, name, compiled_property(vars(Array)[name], name, table))


def compiled(kind: str, fallback, table=None, slow=None, extra=None, limit: int = TINY):
    """The C twin `kind` (a factory of `_cfast`: "binary", "unary", "ufunc1", "ufunc2",
    "in_place", "getitem", "reshape", "astype", "reduce0", "where", and the creation kinds of
    `_cfast_creation.c`) of Python function `fallback`, reading small table `table`, handing
    NumPy's ValueError to `slow` (default: `fallback`), or `fallback` itself when the extension
    is off. The twin's attributes (`__doc__`, `__module__`...) are fallback's, and its name is
    fallback's name."""
    factory = getattr(CFAST, kind, None)  # None too from an extension older than this code
    if factory is None:
        return fallback
    table = {} if table is None else table
    slow = fallback if slow is None else slow
    return factory(table, fallback, slow, Array, PLANS, limit, ELIDE_BYTES, extra)


def compiled_reduction(function):
    """The "reduce0" twin of reduction `function` (`sum`, `max`... or the method of that
    name): `f(x)` and `f(x, axis)` replay the plan the namespace function recorded under
    (name, ndarray, dtype, shape, axis, False, None), the key `reduction.small_key` gives a
    call with no dtype or keepdims. Plans exist below SMALL elements."""
    return compiled("reduce0", function, PLANS.plans, extra=function.__name__, limit=SMALL)


def compiled_ufunc(instance):
    """`xtensor.ufunc` instance `instance` as the C object that calls its `__call__`'s C twin
    by vectorcall and reads as `instance` otherwise (`isinstance`, repr, attributes); the
    instance itself where its call is Python."""
    call = type(instance).__dict__["__call__"].__func__
    return CFAST.ufunc(call, instance) if is_compiled(call) else instance


# the C getter's `which`, in the order of its `enum attribute`
_ATTRIBUTES = (
    "T", "mT", "shape", "ndim", "size", "dtype", "nbytes", "itemsize", "strides", "base",
    "real", "imag", "flags", "flat", "__array_struct__", "__array_interface__",
)  # fmt: skip


def compiled_property(prop: property, name: str, table=None):
    """The C getter of `Array.<name>` (one of _ATTRIBUTES; `dtype` reads `table`, NumPy dtype
    -> DType; `base` and `flags` the output cache's size floor, `flat` the flatiter class) in
    front of the property `prop`."""
    which = _ATTRIBUTES.index(name)
    return prop if CFAST is None else CFAST.getter(prop, Array, which, table)


def is_compiled(function) -> bool:
    """Whether `function` is a C twin (`function.__wrapped__` is its Python)."""
    return CFAST is not None and type(function).__module__ == CFAST.__name__


def python_of(function):
    """The Python function behind a C twin (or `function` itself in pure-Python mode)."""
    return function.__wrapped__ if is_compiled(function) else function


# NumPy's generalized ufuncs' attributes, which scripts print (`np.matmul.signature`)
_GUFUNC_ATTRIBUTES = ("nin", "nout", "nargs", "ntypes", "types", "identity", "signature")


def gufunc_like(function, name: str):
    """`function` (`matmul`, `vecdot`, `matvec`, `vecmat`) with the attributes of NumPy's
    generalized ufunc `np.<name>` that it stands for, where this NumPy has it."""
    gufunc = getattr(np, name, None)
    for attribute in _GUFUNC_ATTRIBUTES if gufunc is not None else ():
        setattr(function, attribute, getattr(gufunc, attribute))
    return function


def named(function, name: str):
    """`function`, renamed `name`; Python's own arity errors name its code object, too. A C
    twin (Note [Compiled hot path] in _cfast.c) is renamed with its Python function."""
    if is_compiled(function):
        named(function.__wrapped__, name)
        function.__name__ = function.__qualname__ = name
        return function
    function.__code__ = function.__code__.replace(co_name=name, co_qualname=name)
    function.__name__ = function.__qualname__ = name
    return function


__all__ = [
    "CFAST",
    "PURE_PYTHON",
    "TINY",
    "compiled",
    "compiled_property",
    "compiled_reduction",
    "install_slots",
    "is_compiled",
    "named",
    "python_of",
]

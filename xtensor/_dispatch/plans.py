"""The one plan cache of dispatch: call signature -> what the full path decided for it.

Note [Plan cache]
~~~~~~~~~~~~~~~~~
A small call is dominated by Python overhead (NumPy's own `x + y` on 10 floats takes about
0.4 us), so every dispatcher (elementwise ops, reductions, where, matmul, indexing and the
manipulation functions) keys each call on a *signature*: the function plus everything its
checks and its plan depend on (dtypes, shapes, byte strides, scalar kinds, axis,
keepdims...). The first call takes the full path and records what it decided; a later call
with the same signature does one dict lookup and runs the recorded plan. Keys hold user
values only when their types are exact (`int`, a tuple of `int`, `bool`, a DType): `True ==
1 == 1.0` hash alike, so a cached `axis=1` must not let `axis=True` skip its TypeError.

The cache is bounded (cleared when full, which costs one re-plan per live signature) and
keeps hit and miss counts (`xtensor._dispatch.plan_cache_info()`).

Note [Small tables]
~~~~~~~~~~~~~~~~~~~
Building the full signature of `x + y` (two dtypes, shapes and strides) costs more than
NumPy's whole call on 10 elements. For the calls whose plan depends on the operands' dtypes
alone (see Note [Small-call fast path] in elementwise.py) a dispatcher keeps a *small table*
per function, keyed on the dtypes (and Python scalar types) only, and checks the size bound
that makes the plan valid on each call. Small tables are cleared with the cache; they need no
bound of their own, since a function has finitely many dtype combinations.
"""

from __future__ import annotations

import functools
import operator

import numpy as np

from .._array import Array, _new
from .._backends.cpu import at_caller, grain_for, loop_for, restore, split_rule, ufunc_loop
from .._core.checks import SCALARS
from .._core.convert import plain_data
from .._core.values import guarded
from .._iter import GRAIN_SIZE, TensorIter
from .elision import INTO_LOOPS, PARALLEL_NUMEL, SPLIT_SIZES, splits


class PlanCache:
    """A bounded dict from call signatures to plans, with hit/miss statistics."""

    __slots__ = ("name", "limit", "plans", "small", "_hits", "misses", "_counter")

    def __init__(self, name: str, limit: int = 4096):
        self.name = name
        self.limit = limit
        self.plans: dict = {}
        self.small: dict = {}  # function name -> its small table, see Note [Small tables]
        self._hits = 0  # the Python paths' hits; the compiled ones count in C (`_counter`)
        self.misses = 0
        self._counter = None

    @property
    def hits(self) -> int:
        """Calls a plan or a small table answered, on the Python paths and the compiled ones
        (whose C counter costs no int object per call, a tenth of a small one)."""
        return self._hits + (0 if self._counter is None else self._counter())

    def count_compiled(self, counter) -> None:
        """Add `counter(reset=False)`, the compiled hot path's hits, to `hits`."""
        self._counter = counter

    def get(self, key):
        """The plan recorded for `key`, or None (counted as a miss)."""
        plan = self.plans.get(key)
        if plan is None:
            self.misses += 1
        else:
            self._hits += 1
        return plan

    def put(self, key, plan) -> None:
        if len(self.plans) >= self.limit:
            self.plans.clear()
        self.plans[key] = plan

    def small_table(self, name: str) -> dict:
        """Function `name`'s small table: the same dict for the cache's lifetime, so a
        dispatcher may hold it in a closure (Note [Small tables])."""
        return self.small.setdefault(name, {})

    def clear(self) -> None:
        self.plans.clear()
        for table in self.small.values():
            table.clear()
        self._hits = self.misses = 0
        if self._counter is not None:
            self._counter(True)

    def __len__(self) -> int:
        return len(self.plans) + sum(len(table) for table in self.small.values())

    def __repr__(self) -> str:
        return (
            f"PlanCache({self.name!r}: {len(self.plans)}/{self.limit} plans, "
            f"{len(self) - len(self.plans)} small, "
            f"{self.hits} hits, {self.misses} misses)"
        )


# The cache every dispatcher shares; keys start with the function's name, so they never clash.
PLANS = PlanCache("dispatch")


def signature(data) -> list:
    """The signature part of a call's backing operands: dtype, shape and strides of each array
    (and its device, off the CPU), the Python type of each scalar."""
    key = []
    for d in data:
        t = type(d)
        if t is np.ndarray:
            key += (d.dtype, d.shape, d.strides)
        elif t in SCALARS:
            key.append(t)
        else:  # device memory: a planned device call holds for its layout and device
            try:
                key += (t, d.dtype, d.shape, d.strides, d.data.device_id)  # CuPy's memory
            except AttributeError:
                key += (t, d.dtype, d.shape, getattr(d, "strides", None), None)
    return key


def int_bounds(it, data):
    """The range a Python int operand must keep to for a replayed plan to hold (an integer
    compute dtype), or None when the call has no int operand to check."""
    if it.common_dtype.kind in "iu" and any(type(d) is int for d in data):
        info = np.iinfo(it.common_dtype.numpy)
        return (int(info.min), int(info.max))
    return None


def exact_ufunc(loop, bounds, data) -> tuple:
    """(loop, bounds) of a fast entry, or where `loop` is computed on operands `data` by
    NumPy's own ufunc (`loop.as_ufunc(data)`: ldexp's on float arrays), that ufunc and the
    range a Python int operand must keep to for it (so the small tables can take it)."""
    exact = getattr(loop, "as_ufunc", None)
    found = None if exact is None else exact(data)
    return (loop, bounds) if found is None else found


def fast_entry(spec, data, it):
    """(callable, int-scalar bounds, fix-up: None where not needed) for the fast path: for one
    chunk the bare ufunc where NumPy's own resolution picks the planned loop (or computes the
    loop's answer: `exact_ufunc`); for several a replay of the plan, the fix-up in its loop.
    A replay's loop run whole goes in the op's small table too: the C twins run it on the
    calls the replay would not split (`whole_call` in _cfast_elementwise.c)."""
    result_dtype = it.plan.dtypes[0]
    loop, kwargs = loop_for(spec, it.common_dtype, result_dtype)
    loop, bounds = exact_ufunc(loop, int_bounds(it, data), data)
    grain = grain_for(spec, it.arrays, it.common_dtype.numpy, result_dtype.numpy)
    call = functools.partial(loop, **kwargs) if kwargs else loop
    if it.numel >= 2 * grain:
        record_small(spec.name, (call, bounds, _fixup(spec, result_dtype, data)), it, data)
        replay = ufunc_loop(loop, 1, spec.fixup, **kwargs)
        return functools.partial(run_planned, it.plan, replay, grain), bounds, None
    if kwargs:
        try:
            with np.errstate(all="ignore"):  # a probe: its warnings were already given
                if loop(*data).dtype == result_dtype.numpy:
                    call = loop
        except Exception:  # NumPy refuses the natural call; keep the explicit signature
            pass
    return call, bounds, _fixup(spec, result_dtype, data)


def _fixup(spec, result_dtype, data):
    """The fix-up of op `spec` for one NumPy call on `data`, None where it cannot patch the
    call (`special_cases.patches`): that leaves a small-table entry (`special_cases.needed`,
    read here to keep the first call's path short: test_call_path)."""
    fixup, kind = spec.fixup, result_dtype.numpy.kind
    if kind not in getattr(fixup, "kinds", kind) or any(
        type(data[i]) is scalar for i, scalar in getattr(fixup, "never_with", ())
    ):
        return None
    return fixup


def run_planned(plan, loop, grain, *data):
    """The iterator's cached `plan` run over new operands of the same signature."""
    arrays = plan.allocate_outputs((None,), data) + data
    TensorIter(plan, arrays).for_each(loop, grain)
    return arrays[0]


def record_outputs(key, spec, data, it, outputs) -> None:
    """Record the plan of a call with several outputs (divmod, frexp, modf) under `key`: the
    bare ufunc, where one chunk computes the call, no fix-up patches it, and NumPy's own
    resolution picks the planned loop (its answers to this call have the outputs' dtypes, the
    first the compute dtype)."""
    if spec.fixup is not None or it.numel >= 2 * GRAIN_SIZE or type(spec.ufunc) is not np.ufunc:
        return
    try:
        with np.errstate(all="ignore"):  # a probe: its warnings were already given
            got = spec.ufunc(*data)
    except Exception:  # NumPy refuses the natural call: no plan
        return
    dtypes = [o.dtype for o in outputs]
    if dtypes[0] == it.common_dtype.numpy and [g.dtype for g in got] == dtypes:
        entry = (spec.ufunc, int_bounds(it, data), None)
        PLANS.put(key, entry)
        if any(type(d) is np.ndarray for d in data):  # (Python numbers: NumPy's scalars)
            record_small(spec.name, entry, it, data)


def twin_calls(op, limit: int) -> tuple:
    """What the C twins of elementwise op `op` read (Note [Compiled hot path] in _cfast.c): the
    small tables' bound `limit`; the op, elision's loop memo and the size from which the full
    path may split a call (`out=` calls and temporary elision: `into_entry`); the sizes from
    which costly loops split (`elision.splits`); `grain_for`'s
    split rule and the output cache's floor (past the bound, the calls the full path runs
    whole: `whole_call` in _cfast_elementwise.c); and last the op's ints table."""
    spec = op.spec
    ints = PLANS.small_table(spec.name + INTS)
    sizes = (SPLIT_SIZES, splits)
    return (limit, op, INTO_LOOPS, PARALLEL_NUMEL, sizes, *split_rule(spec), ints)


_INT64_RANGE = (-(2**63), 2**63 - 1)

# The suffix of an op's ints table: its small-table entries that a Python int operand bounds
INTS = ":ints"


def record_small(name: str, entry, it, data) -> None:
    """Record fast entry `entry` of op `name` where it depends on the operands' dtypes alone
    (Note [Small-call fast path]): one NumPy ufunc call, maybe patched by a fix-up, in the
    op's small table; one a Python int operand bounds (an integer compute dtype:
    `int_bounds`) in its ints table instead, as (loop, lo, hi). The C twins run that loop
    while the int is in range (the Python fast path reads no ints table: it takes the plans,
    which check the bounds themselves). The fast paths bound the sizes they read it for: the
    small ones, and in the C those past them that the full path runs whole (`whole_call`)."""
    call, bounds, _ = entry
    loop = call.func if type(call) is functools.partial else call
    if type(loop) is not np.ufunc:
        return
    # A lone Python int (`abs(-3)`) computes in int64, whose range the twins check themselves.
    if bounds is None or (len(data) == 1 and bounds == _INT64_RANGE):
        PLANS.small_table(name)[small_key(data)] = small_loop(entry)
    elif len(data) == 2:
        PLANS.small_table(name + INTS)[small_key(data)] = (small_loop(entry), *bounds)


# The C's `patched` and `inner` factories, once compiled.py has loaded them
_COMPILED_ENTRIES: dict = {}


def small_loop(entry):
    """The small table's callable for a plannable fast entry: its ufunc call, followed by the
    entry's fix-up where it has one."""
    call, _, fixup = entry
    if fixup is None:
        return call
    compiled = _COMPILED_ENTRIES if type(call) is np.ufunc else {}
    once = getattr(fixup, "read_once", None)  # Note [Direct inner loops] in _cfast_direct.c
    if once is not None and "patched" in compiled:
        return compiled["patched"](call, fixup, *once)
    trigger = getattr(fixup, "trigger", None)  # Note [Guarded fix-ups] in _core/_cvalues.c
    if trigger is not None and "inner" in compiled:
        call = compiled["inner"](call)  # the guard's loop runs NumPy's inner loop directly
    fast = None if trigger is None else guarded(call, fixup, trigger)
    return functools.partial(_patched, call, fixup) if fast is None else fast


def _patched(loop, fixup, *data):
    """`loop(*data)` as an array, patched by `fixup` (Note [Small-call fast path])."""
    r = loop(*data)
    if type(r) is not np.ndarray:
        r = np.asarray(r)
    fixup(data, (r,))  # r is fresh: no input aliases it
    return r


def small_key(data):
    """The small-table key of backing operands `data`: dtypes, and scalars' Python types."""
    kinds = tuple(d.dtype if type(d) is np.ndarray else type(d) for d in data)
    return kinds[0] if len(kinds) == 1 else kinds


def plan_cache_info() -> dict:
    """Size, limit, hits and misses of the dispatch plan cache."""
    return {"plans": len(PLANS), "limit": PLANS.limit, "hits": PLANS.hits, "misses": PLANS.misses}


def plan_cache_clear() -> None:
    PLANS.clear()


# --- Python operands of the fast paths ----------------------------------------------------

SEQUENCES = (list, tuple)  # operands read as NumPy reads them: `listed_operand`


def listed_operand(x):
    """A list or tuple operand as the Array the full path reads it into (`backing`: NumPy's
    reading, of a standard dtype), any other operand as it is, or None where that reading is
    not so plain: the full path then reads it, and words any refusal."""
    if type(x) not in SEQUENCES:
        return x
    if (data := plain_data(x)) is None:
        return None
    a = _new(Array)
    a._data = data
    return a


def repeats_sequence(x1, x2) -> bool:
    """Whether `x1 * x2` is Python's repetition of a list or tuple by a 0-d integer Array, as
    by NumPy's integer scalar (`[0] * (labels.max() + 1)`); `multiply` itself computes, and
    so does `*` by NumPy's 0-d ndarray (`np.array(2) * [1, 2]`: a marked Array)."""
    if type(x1) in SEQUENCES:
        x1, x2 = x2, x1
    if type(x1) is not Array or type(x2) not in SEQUENCES:
        return False
    d = x1._data
    return d.ndim == 0 and d.dtype.kind in "iu" and not getattr(x1, "_as_ndarray", None)


# Note [Scalar arithmetic]
# ~~~~~~~~~~~~~~~~~~~~~~~~
# NumPy computes an operator on two scalars (`s * t`, `s ** 3`) with its scalar math (plain C
# arithmetic, the C library's pow) and on arrays with its SIMD loops, which on AVX-512
# multiply complex values by fused multiply-adds and take powers by a vectorized pow: the
# last bit differs for ~40% of complex products and 5% (float64) to 20% (float32) of powers,
# and `z * z.conjugate()` keeps a tiny imaginary part. A 0-d array stands for NumPy's scalar
# (Note [Elements are values] in _array.py), so where `*` sees a complex value and where `**`
# sees numbers, and both operands are values (0-d CPU arrays of kind i, u, f or c that
# stand for scalars, not NumPy's 0-d ndarrays, or Python numbers, one at least an Array),
# the operator computes on NumPy's scalars, in C (`scalar_arithmetic`) and here. Its
# warnings then read as NumPy's ("in scalar power"). The functions (`multiply`, `pow`) keep
# the loops, as NumPy's do on scalars too. `divmod` of two real values takes NumPy's scalar
# divmod too, whose ~70 ns are a sixteenth of its ufunc's.
# And the everyday operators (+ - * / // % **, comparisons, unary - and abs) of values of
# bool, the integer dtypes, float32 and float64 (0-d arrays, Python floats, ints and bools)
# compute as NumPy's scalars do (`value_operator`), so they warn as NumPy's scalars warn
# ("overflow encountered in scalar add", integers' overflows too; "in add" where NumPy's
# scalar hands the operands to its ufunc, `_by_ufunc`); the C computes most of them itself,
# in ~10 ns (Note [Value arithmetic] in _cfast_values.c).

_VALUE_KINDS = "iufc"


def _value(x) -> tuple:
    """(the NumPy scalar or Python number `x` holds as a value, its kind), or (None, "")."""
    if type(x) is Array:
        d = x._data
        if type(d) is np.ndarray and not d.ndim and d.dtype.kind in _VALUE_KINDS:
            if not getattr(x, "_as_ndarray", None):  # (NumPy's 0-d ndarray: array arithmetic)
                return d[()], d.dtype.kind
    elif type(x) is not bool and plain_number(x):
        return x, "c" if type(x) is complex else "f" if type(x) is float else "i"
    return None, ""


def scalar_arithmetic(name: str, x1, x2, kinds: str):
    """`x1 <op> x2` by NumPy's scalar arithmetic (Note [Scalar arithmetic]), `<op>` being
    `name` ("pow", "mul", "divmod"), as a 0-d Array (two for divmod) where both are values and
    one is of a kind in `kinds`; else None."""
    (v1, k1), (v2, k2) = _value(x1), _value(x2)
    if not k1 or not k2 or (type(x1) is not Array and type(x2) is not Array):
        return None
    if k1 not in kinds and k2 not in kinds:
        return None
    warned, operate = _SCALAR_OPERATORS[name]
    if _by_ufunc(type(v1), type(v2)):  # (int8 beside uint8: "in divmod")
        warned = warned.removeprefix("scalar ")
    return _scalar_math(warned, operate, v1, v2)


def _scalar_math(warned: str, operate, *values):
    """`operate(*values)` on NumPy's scalars, its warnings named `warned` at the caller's line
    (Note [Warnings at the caller's line]), as a 0-d Array (a tuple of two for divmod); None
    where NumPy refuses the values: the full path words the refusal."""
    token = at_caller(warned, values)  # (a Python float beyond float32: "in cast")
    try:
        r = operate(*values)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        return None
    finally:
        restore(token)
    if type(r) is tuple:  # divmod's quotient and remainder
        return tuple([value_array(v) for v in r])
    return value_array(r)


# each name's operator, and what NumPy's scalar math names in its warnings
_SCALAR_OPERATORS = {
    "pow": ("scalar power", operator.pow),
    "mul": ("scalar multiply", operator.mul),
    "divmod": ("scalar divmod", divmod),
}


# The operators values compute by NumPy's scalar math, in the order of the C's `enum value_op`
VALUE_OPERATORS = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": operator.truediv,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "pow": operator.pow,
    "less": operator.lt,
    "less_equal": operator.le,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "negative": operator.neg,
    "abs": operator.abs,
}
# the dtypes of the 0-d arrays that are values (by identity, as the C compares them)
_OPERAND_TYPES = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16)
_OPERAND_TYPES += (np.uint32, np.uint64, np.float32, np.float64)
_OPERAND_DTYPES = frozenset(id(np.dtype(t)) for t in _OPERAND_TYPES)


def _operand(x):
    """(NumPy's scalar or the Python number `x` is as an operator's value, whether x is an
    Array), or (None, False)."""
    t = type(x)
    if t is Array:
        d = x._data
        if type(d) is np.ndarray and not d.ndim and id(d.dtype) in _OPERAND_DTYPES:
            if not getattr(x, "_as_ndarray", None):  # (NumPy's 0-d ndarray: the loop's)
                return d[()], True
    elif t is float or t is bool or (t is int and -(2**63) <= x < 2**63):
        return x, False
    return None, False


def values_first(twin, name: str):
    """C twin `twin` of an operator dunder, told to compute values first where `name` is one
    of VALUE_OPERATORS (Note [Value arithmetic] in _cfast_values.c); `twin` itself."""
    from .compiled import CFAST, is_compiled  # lazy: compiled imports this module

    if name in VALUE_OPERATORS and is_compiled(twin):
        CFAST.set_value_op(twin, list(VALUE_OPERATORS).index(name))
    return twin


_UNARY = object()  # value_operator's x2 for "negative" and "abs"


def value_operator(name: str, x1, x2=_UNARY):
    """`x1 <op> x2` (`<op> x1` for "negative" and "abs") by NumPy's scalar math
    (Note [Scalar arithmetic]), `<op>` being VALUE_OPERATORS[name], as a 0-d Array where the
    operands are values (of bool, the integer dtypes, float32 and float64) and one at least
    is an Array (`//` in a float dtype keeps the standard's special cases: the loop's); else
    None, NumPy's refusals too."""
    unary = x2 is _UNARY
    (v1, a1), (v2, a2) = _operand(x1), (None, False) if unary else _operand(x2)
    if v1 is None or (v2 is None and not unary) or not (a1 or a2):
        return None
    operate = VALUE_OPERATORS.get(name)
    if operate is None or (name == "floor_divide" and _float_quotient(type(v1), type(v2))):
        return None
    values = (v1,) if unary else (v1, v2)
    return _scalar_math(_warned(name, v1, v2), operate, *values)


def _float_quotient(t1: type, t2: type) -> bool:
    """Whether `//` of values of types t1, t2 divides in a float dtype: a float among them, or
    a signed integer dtype beside uint64 (NumPy promotes the two to float64)."""
    if t1 in _FLOATS or t2 in _FLOATS:
        return True
    return (t1 is np.uint64 and t2 in _SIGNED) or (t2 is np.uint64 and t1 in _SIGNED)


_FLOATS = (float, np.float32, np.float64)
_SIGNED = (np.int8, np.int16, np.int32, np.int64)


def _warned(name: str, v1, v2) -> str:
    """What NumPy's warnings name the operator on values v1, v2 (None for `<op> v1`): its
    scalar math's, or the ufunc's where its scalar hands the operands to the ufunc
    (`_by_ufunc`), whose cast of a float32 NaN to float64 is the one to warn (a signaling
    NaN's invalid value)."""
    ufunc = {"pow": "power", "abs": "absolute"}.get(name, name)
    t1, t2 = type(v1), type(v2)
    if not _by_ufunc(t1, t2):
        return "scalar " + ufunc
    widened = np.float32 in (t1, t2) and np.bool_ not in (t1, t2)  # (beside int32: float64)
    return "cast" if widened and (v1 != v1 or v2 != v2) else ufunc


@functools.cache
def _by_ufunc(t1: type, t2: type) -> bool:
    """Whether NumPy computes `v1 <op> v2` (of types t1, t2; t2 NoneType for `<op> v1`) with its
    ufunc. The first NumPy scalar's method computes (a Python number's returns NotImplemented):
    a NumPy bool's always by the ufunc; an integer's beside a Python float, and a real's beside
    a Python complex, too (NumPy 2 promotes the two); beside another Python number, or a NumPy
    scalar the one casts safely to the other (the other's method then computing, in its
    dtype), by its scalar math; and beside any other NumPy scalar (int8 beside uint8: neither
    holds the other) by the ufunc."""
    first, other = (t1, t2) if issubclass(t1, np.generic) else (t2, t1)
    if first is np.bool_:
        return True
    if other is float or other is complex:
        return issubclass(first, np.integer if other is float else (np.integer, np.floating))
    if not issubclass(other, np.generic):
        return False
    return not (np.can_cast(first, other) or np.can_cast(other, first))


def value_array(value) -> Array:
    """NumPy's scalar (or ndarray) `value` as an Array: a ufunc's answer on 0-d operands."""
    a = _new(Array)
    a._data = np.asarray(value)
    return a


def plain_number(x) -> bool:
    """A Python number the fast paths take alone or beside another (the C's `plain_number`):
    a float, complex or bool, or an int NumPy reads as int64 (the full path checks others)."""
    t = type(x)
    return t is float or t is complex or t is bool or (t is int and -(2**63) <= x < 2**63)

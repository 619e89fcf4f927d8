"""Elementwise dispatch: turn an op record into a public function that runs through the
TensorIterator on the operands' backend.

The record's promotion kind picks the iterator preset (`_iter.flags_for`); its domain gives
the dtype check; the backend (`backend_of` the first array operand) runs the loop. A call
goes: operands -> one plan-cache lookup -> (hit) the recorded NumPy loop, or (miss) device
check, domain check, `build()`, `backend.elementwise`, and a plan recorded for next time.

Note [Small-call fast path]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
When the full path decided "one chunk, nothing to copy" (a CPU call under
2 * GRAIN_SIZE elements with no `out=`), it records in the plan cache (Note [Plan cache] in
plans.py) the ufunc with the planned loop signature. A later call with the same signature
goes straight to that ufunc, and NumPy allocates the output in the same order='K' layout the
iterator would choose. The result dtype is the one the iterator computed: it is decided once,
in `build()`, and the recorded loop carries it.

That decision depends on the dtypes (and the Python types of scalars) only, never on shapes
or strides, while the call stays one chunk. So an entry that is one NumPy ufunc call also goes
into the op's small table (Note [Small tables] in plans.py), keyed on the dtypes: a call
finding it checks that the result is small (its broadcast size in C; here the product of
the operands' sizes, or their one shape), calls the ufunc, then the fix-up where it could patch
the result (`plans._patched`). Operands that do not broadcast (NumPy's ValueError; the C
declines them) go the full path, which names the function and the shapes. An `out=` or a
device array never reaches the table; a list operand reaches it as NumPy reads it
(`plans.listed_operand`), Python numbers alone by their types. An entry a Python int bounds
(`i + 1` on an integer array) goes into the op's ints table with its bounds
(`plans.record_small`), which the C twins read (`bounded_loop` in _cfast_elementwise.c); out
of range, the full path raises or answers a comparison exactly.

Note [Outputs of another dtype]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy has no loop computing in int64 that writes int32 (`x += y`, an int32 `x`, an int64
`y`): on the CPU such an `out=` receives a cast copy of the result (as NumPy's buffer does).

Note [Ufunc calls]
~~~~~~~~~~~~~~~~~~
`xtensor.add` is a ufunc object (`xtensor._ufunc`); a Python `__call__` forwarding to the fast
path would cost a second frame. So `ufunc_call` builds, per op, the function that *is* the
ufunc's `__call__`: the public function's inlined fast path, plus `*args, **kwargs` that send
`out=`, `where=`, `dtype=`... to the ufunc's full path (as its C twin does, Note [Compiled hot
path] in _cfast.c). The Array dunders call the positional-only function (`make_public`).
"""

from __future__ import annotations

import functools

import numpy as np

from .._array import Array, _new, backing, wrap
from .._backends import CPU_BACKEND, backend_of
from .._backends.cpu import at_caller, restore
from .._backends.cpu_grain import SPLIT_MIN
from .._core import dtypes as _dtypes
from .._core.checks import SCALARS, check_same_device
from .._core.dtypes import Promotion
from .._iter import GRAIN_SIZE, TensorIter, build, flags_for
from .._iter.iterator import compute_types
from .._ops.spec import BOOL_MIXED, MEMORY_BOUND, OpSpec
from . import out_of_range
from .compiled import compiled, named, python_of
from .elision import ELIDE_BYTES, elide_binary, elide_unary, splits
from .host_only import (
    foreign_call,
    host_only_call,
    host_only_fast,
    text_operands,
)
from .inplace import fast_in_place, in_place_plannable, record_in_place  # Note [In-place fast path]
from .plans import (
    PLANS,
    SEQUENCES,
    fast_entry,
    int_bounds,
    listed_operand,
    plain_number,
    record_outputs,
    record_small,
    repeats_sequence,
    scalar_arithmetic,
    signature,
    twin_calls,
    value_array,
    value_operator,
    values_first,
)

# Below this many elements (of the result, bounded by the product of the operands' sizes) a
# call runs as one chunk, the condition under which a plan depends on the dtypes alone.
SMALL_NUMEL = 2 * GRAIN_SIZE


class ElementwiseOp:
    """The callable behind one public elementwise function."""

    def __init__(self, spec: OpSpec):
        self.spec = spec
        self.flags = flags_for(spec.promotion)
        if spec.output_dtypes:  # frexp's int32 exponent: fixed, whatever the inputs
            fixed = functools.partial(_fixed_outputs, spec.output_dtypes)
            self.flags = self.flags.with_(output_dtypes=fixed)
        # casting="unsafe": the same preset without the same_kind check on given outputs.
        self.unsafe_flags = self.flags.with_(enforce_safe_casting_to_output=False)
        # Bool operands outside the standard's domain, where NumPy computes (OpSpec.numpy_bool).
        self.allowed = spec.domain.dtypes | (_dtypes.BOOLEAN if spec.numpy_bool else frozenset())
        self.names = ("x",) if spec.nin == 1 else tuple(f"x{i + 1}" for i in range(spec.nin))
        self.ufunc_name = getattr(spec.ufunc, "__name__", spec.name)  # NumPy's warnings say it

    def __call__(self, *args, out=None):
        name = self.spec.name
        if out is None and any(type(a) is Array and a._data.dtype.kind in "USMm" for a in args):
            if (r := host_only_fast(self.spec, args)) is not None:
                return r  # strings and datetimes: NumPy's ufunc at once
        if any(type(a) is not Array for a in args):  # (a first `x + y` crosses no more files)
            if (r := foreign_call(self.spec, args, out)) is not NotImplemented:
                return r  # another library's array (a pandas Series): its own NumPy override
        try:
            data = [
                a._data if type(a) is Array else backing(a, name, n)
                for a, n in zip(args, self.names)
            ]
        except TypeError:  # a Python str: an operand only beside a string array
            data = text_operands(args, name, self.names)
        key = (name, *signature(data))
        entry = PLANS.plans.get(key) if out is None else None
        if entry is not None:
            PLANS._hits += 1
            return _run_fast(entry, data, self)
        PLANS.misses += 1
        return self.run(args, data, key, out)

    def run(self, args, data, key=None, out=None, backend=None, casting="same_kind"):
        """The full path: checks, `build()`, the backend's loop, and a plan for next time.

        `out` is None, an Array (one output) or a tuple of one Array or None per output; the
        result is the output Array, or a tuple of them when the op has several. `casting`
        "unsafe" lifts the same_kind check on given outputs (the ufunc layer checks the other
        rules itself). `backend` overrides the operands' own (tests run the CUDA backend's
        exact plans on host memory through the kernel simulator)."""
        spec = self.spec
        outs = _outputs(spec, out)
        arrays = [d for d in data if type(d) not in SCALARS]
        if out is not None or any(type(d) is not np.ndarray for d in arrays):
            check_same_device(spec.name, (a.device for a in (*args, *outs) if isinstance(a, Array)))
        if self._check_domain(data):
            return host_only_call(spec, data, outs)
        if backend is None:  # a device array's, wherever it stands (`np.float64(2) - x`)
            device = next((d for d in arrays if type(d) is not np.ndarray), None)
            backend = CPU_BACKEND if device is None else backend_of(device)
        out_data = tuple(
            None if o is None else backing(o, spec.name, "out", scalars=False) for o in outs
        )
        if int in map(type, data) and spec.promotion is Promotion.ALWAYS_BOOL:
            data = out_of_range.truth_read(spec, data)  # (a Python int beyond an int dtype)
            constant = out_of_range.comparison(spec, data)
            if constant is not None:
                return out_of_range.answer(spec.name, data, constant, outs[0], out_data[0], backend)
        given, data = data, backend.operands(self.flags, data, spec.name)
        flags = self.unsafe_flags if casting == "unsafe" else self.flags
        it = build(flags, out_data, data, spec.name)
        self._check_domain_common(it.common_dtype, data)
        # Note [Warnings at the caller's line] (not for a recast: its copy may warn "in cast")
        recast = backend is CPU_BACKEND and _recast(it, out_data)
        token = None if recast else at_caller(self.ufunc_name, data)
        try:
            if recast:
                fresh = build(flags, (None,) * spec.nout, data, spec.name)
                outputs = _into_outputs(spec, backend, fresh, out_data)
            else:
                backend.elementwise(spec, it)
                outputs = it.outputs
        finally:
            restore(token)
        if key is not None and out is None and backend is CPU_BACKEND and spec.nout == 1:
            entry = fast_entry(spec, data, it)
            # Python numbers alone: only a NumPy loop reads them as the iterator did
            if arrays or type(getattr(entry[0], "func", entry[0])) is np.ufunc:
                PLANS.put(key, entry)
                record_small(spec.name, entry, it, data)
        elif key is not None and out is None and backend is CPU_BACKEND and spec.nout > 1:
            record_outputs(key, spec, data, it, outputs)
        elif (
            key is not None and backend is CPU_BACKEND and in_place_plannable(spec, flags, it, data)
        ):
            record_in_place(spec, it, data)
        elif key is not None and out is None and spec.nout == 1 and data is given:
            call = backend.planned_call(spec, it, data)  # Note [Planned device calls]
            if call is not None:
                PLANS.put(key, (call, int_bounds(it, data), None))
        if spec.nout == 1:
            if outs[0] is not None:
                return outs[0]
            result = _new(Array)  # wrap(), inlined: a first call crosses few files
            result._data = outputs[0]
            return result
        return tuple(o if o is not None else wrap(r) for o, r in zip(outs, outputs))

    def loop_dtypes(self, data) -> tuple:
        """(compute dtype, result dtype) of a call on backing operands `data`, as `build()`
        decides them, after the same domain checks."""
        self._check_domain(data)
        common, (result,) = compute_types(self.flags, (None,), data, self.spec.name)
        self._check_domain_common(common, data)
        return common, result

    def out_dtypes(self, data) -> tuple:
        """The dtype of each output of a call on backing operands `data` (frexp's differ)."""
        self._check_domain(data)
        nout = self.spec.nout
        common, results = compute_types(self.flags, (None,) * nout, data, self.spec.name)
        self._check_domain_common(common, data)
        return tuple(results)

    def _check_domain(self, data) -> bool:
        """Raise for an operand outside the op's domain; True for a host-only dtype's operand."""
        spec = self.spec
        if spec.input_domains:
            _check_input_domains(spec, data, self.names)
        for d, name in zip(data, self.names):
            if type(d) in SCALARS:
                continue
            dt = _dtypes.from_numpy(d.dtype)
            if dt not in self.allowed and not spec.input_domains:
                if _dtypes.is_host_only(dt):
                    return True
                raise TypeError(
                    f"{spec.name}: {name} has dtype {dt.name}, but {spec.name} "
                    f"requires {spec.domain.phrase}"
                )

    def _check_domain_common(self, common, data):
        spec = self.spec
        if common is _dtypes.bool and spec.numpy_bool == BOOL_MIXED:
            # NumPy: `b - b` is an error, `b - 1` and `b - int8_array` are not.
            raise TypeError(
                f"{spec.name}: the operands promote to bool, but {spec.name} requires "
                f"{spec.domain.phrase} (NumPy has no bool {spec.name}; for bool operands "
                "use logical_xor or bitwise_xor)"
                if spec.name == "subtract"
                else f"{spec.name}: the operands promote to bool, but {spec.name} requires "
                f"{spec.domain.phrase}"
            )
        if common not in self.allowed and _dtypes.float_for_int(common) is common:
            scalar = next((d for d in data if type(d) in SCALARS), None)
            raise TypeError(
                f"{spec.name}: the operands promote to {common.name} (Python "
                f"scalar {scalar!r}), but {spec.name} requires {spec.domain.phrase}"
            )


def _fixed_outputs(fixed: tuple, compute) -> tuple:
    """`IterFlags.output_dtypes` of an op with `OpSpec.output_dtypes`."""
    return tuple(compute if d is None else d for d in fixed)


def _check_input_domains(spec: OpSpec, data, names) -> None:
    """Each operand, Python scalars included, against its own domain (`OpSpec.input_domains`)."""
    for d, name, domain in zip(data, names, spec.input_domains):
        kind = _dtypes.scalar_kind(d)
        dt = _dtypes.from_numpy(np.dtype(type(d)) if kind else d.dtype)
        if dt not in domain.dtypes and not (kind == "b" and _dtypes.bool in domain.dtypes):
            got = f"a Python {type(d).__name__}" if kind else f"dtype {dt.name}"
            raise TypeError(
                f"{spec.name}: {name} has {got}, but {spec.name} requires {domain.phrase} "
                f"for {name}"
            )


def _outputs(spec: OpSpec, out) -> tuple:
    """`out` as one Array or None per output of `spec`."""
    if out is None:
        return (None,) * spec.nout
    if type(out) is tuple:
        if len(out) != spec.nout:
            raise ValueError(
                f"{spec.name}: the out tuple must have exactly one entry per output "
                f"({spec.nout}); got {len(out)}"
            )
        return out
    if spec.nout != 1:
        raise TypeError(f"{spec.name}: out must be a tuple of {spec.nout} arrays")
    return (out,)


# --- Note [Outputs of another dtype] --------------------------------------------------------


def _recast(it: TensorIter, out_data) -> bool:
    """Whether a given output's dtype is not the result dtype."""
    result = it.plan.flags.result_dtype(it.common_dtype)
    return any(o is not None and d is not result for o, d in zip(out_data, it.plan.dtypes))


def _into_outputs(spec: OpSpec, backend, fresh: TensorIter, out_data) -> tuple:
    """Run `fresh` (every output allocated) and cast its results into the given outputs;
    return the outputs: the given arrays, and the fresh ones where none was given."""
    backend.elementwise(spec, fresh)
    for o, r in zip(out_data, fresh.outputs):
        if o is not None:
            np.copyto(o, r, casting="unsafe")
    return tuple(r if o is None else o for o, r in zip(out_data, fresh.outputs))


# --- Note [Small-call fast path] ------------------------------------------------------------


def _small_answer(r):
    """A loop's answer as an Array, or a tuple of Arrays (divmod's two outputs)."""
    if type(r) is tuple:
        return tuple([wrap(np.asarray(o)) for o in r])
    a = _new(Array)
    a._data = r if type(r) is np.ndarray else np.asarray(r)
    return a


def _small_call(loop, op: ElementwiseOp, *data):
    """`loop(*data)`, a small table's NumPy loop, its floating-point warnings at the user's
    line (Note [Warnings at the caller's line] in _backends/cpu.py): the C twins call it from C,
    which leaves NumPy the user's frame; from here NumPy would name this module's line. So
    this path (without the C extension, or a call the twin declined) pays the swap."""
    token = at_caller(op.ufunc_name, data)
    try:
        return loop(*data)
    finally:
        restore(token)


def _run_fast(entry, data, op: ElementwiseOp):
    call, bounds, fixup = entry
    if bounds is not None:
        for d in data:
            if type(d) is int and not bounds[0] <= d <= bounds[1]:
                return op.run(data, data)  # raises, or answers a comparison exactly
    token = at_caller(op.ufunc_name, data)  # Note [Warnings at the caller's line]
    try:
        r = call(*data)
    except ValueError as e:
        raise ValueError(f"{op.spec.name}: {e}") from None
    finally:
        restore(token)
    if type(r) is tuple:  # several outputs (`plans.record_outputs`): an Array each
        return _small_answer(r)
    if r is None:  # a planned device call whose operands left its plan
        return op.run(data, data)
    if type(r) is not np.ndarray and isinstance(r, np.generic):  # NumPy's scalar: 0-d
        r = np.asarray(r)
    if fixup is not None:
        fixup(data, (r,))  # r is fresh: no input aliases it
    a = _new(Array)
    a._data = r
    return a


def fast_binary(op: ElementwiseOp, slow=None, repeats: bool = False, values: bool = False):
    """The public binary function: the fast path inlined for array-array and array-scalar,
    `slow(x1, x2)` (default: the full path) for any other call. An Array's operator dunder is
    this same function with its own `slow`, so `x + y` runs no wrapper frame; `repeats` (the
    `*` operator) follows NumPy's scalars: a list times a 0-d integer is Python's repetition
    (`repeats_sequence`); complex values, and an operator's (`values`): Note [Scalar arithmetic]."""
    cache, plans, name = PLANS, PLANS.plans, op.spec.name
    slow = op.__call__ if slow is None else slow
    small, ndarray, limit, elide = PLANS.small_table(name), np.ndarray, SMALL_NUMEL, ELIDE_BYTES
    # a costly loop's calls may split from SPLIT_MIN elements (`splits`); others' never do here
    least = SPLIT_MIN if MEMORY_BOUND not in op.spec.props else limit

    def binary(x1, x2, /):
        if values and (r := value_operator(name, x1, x2)) is not None:
            return r  # Note [Scalar arithmetic] in plans.py
        if repeats and (r := scalar_arithmetic("mul", x1, x2, "c")) is not None:
            return r  # `*` of complex values: Note [Scalar arithmetic] in plans.py
        if type(x1) is Array:
            d1 = x1._data
            if type(x2) is Array:
                d2 = x2._data
                if type(d1) is ndarray and type(d2) is ndarray:
                    # Note [Small-call fast path]: the hottest path of all (x + y on arrays).
                    loop = small.get((d1.dtype, d2.dtype))
                    # The result is small: bounded by the product, or the one shape of both.
                    if (
                        loop is not None
                        and (
                            d1.size * d2.size < limit
                            or (d1.shape == d2.shape and d1.nbytes < elide and d2.nbytes < elide)
                        )
                        and ((n := max(d1.size, d2.size)) < least or not splits(op, (d1, d2), n))
                    ):
                        cache._hits += 1
                        try:
                            r = _small_call(loop, op, d1, d2)
                        except ValueError:  # not broadcastable: the full path says so
                            return slow(x1, x2)
                        return _small_answer(r)
                    big = d1.nbytes >= elide or d2.nbytes >= elide
                    if big and (r := elide_binary(op, x1, x2, d1, d2)) is not None:
                        return r  # Note [Temporary elision] in elision.py
                    entry = plans.get(
                        (name, d1.dtype, d1.shape, d1.strides, d2.dtype, d2.shape, d2.strides)
                    )
                    if entry is not None:
                        cache._hits += 1
                        return _run_fast(entry, (d1, d2), op)
            elif type(x2) in SCALARS and type(d1) is ndarray:
                loop = small.get((d1.dtype, type(x2)))
                if (  # nbytes bounds size, too: < limit
                    loop is not None
                    and d1.nbytes < elide
                    and (d1.size < least or not splits(op, (d1, x2), d1.size))
                ):
                    cache._hits += 1
                    try:
                        r = _small_call(loop, op, d1, x2)
                    except ValueError:
                        return slow(x1, x2)
                    return _small_answer(r)
                if d1.nbytes >= elide and (r := elide_binary(op, x1, x2, d1, x2)) is not None:
                    return r
                entry = plans.get((name, d1.dtype, d1.shape, d1.strides, type(x2)))
                if entry is not None:
                    cache._hits += 1
                    return _run_fast(entry, (d1, x2), op)
        elif type(x2) is Array and type(x1) in SCALARS:
            d2 = x2._data
            if type(d2) is ndarray:
                loop = small.get((type(x1), d2.dtype))
                if (
                    loop is not None
                    and d2.nbytes < elide
                    and (d2.size < least or not splits(op, (x1, d2), d2.size))
                ):
                    cache._hits += 1
                    try:
                        r = _small_call(loop, op, x1, d2)
                    except ValueError:
                        return slow(x1, x2)
                    return _small_answer(r)
                if d2.nbytes >= elide and (r := elide_binary(op, x1, x2, x1, d2)) is not None:
                    return r
                entry = plans.get((name, type(x1), d2.dtype, d2.shape, d2.strides))
                if entry is not None:
                    cache._hits += 1
                    return _run_fast(entry, (x1, d2), op)
        elif plain_number(x1) and plain_number(x2):  # `maximum(1.0, 2.0)`
            loop = small.get((type(x1), type(x2)))  # (two ints: the plans check their range)
            if loop is not None:
                cache._hits += 1
                return value_array(loop(x1, x2))
        if type(x1) in SEQUENCES or type(x2) in SEQUENCES:  # `add([1, 2], [3, 4])`
            if repeats and repeats_sequence(x1, x2):
                return NotImplemented
            y1, y2 = listed_operand(x1), listed_operand(x2)
            if y1 is not None and y2 is not None:
                return twin(y1, y2)
        return slow(x1, x2)

    kind = "mul" if repeats else "binary"  # Note [Compiled hot path] in _cfast.c
    twin = compiled(kind, binary, small, slow, twin_calls(op, limit), limit=limit)
    return values_first(twin, name) if values else twin


def fast_unary(op: ElementwiseOp, values: bool = False):
    """The public unary function, with the fast path inlined (`values`: Array's `-x`)."""
    cache, plans, slow, name = PLANS, PLANS.plans, op.__call__, op.spec.name
    small, ndarray, elide = PLANS.small_table(name), np.ndarray, ELIDE_BYTES
    least = SPLIT_MIN if MEMORY_BOUND not in op.spec.props else SMALL_NUMEL  # as fast_binary's

    def unary(x, /):
        if values and (r := value_operator(name, x)) is not None:
            return r  # Note [Scalar arithmetic] in plans.py
        if type(x) is Array:
            d = x._data
            if type(d) is ndarray:
                loop = small.get(d.dtype)
                if (  # as in `fast_binary`
                    loop is not None
                    and d.nbytes < elide
                    and (d.size < least or not splits(op, (d,), d.size))
                ):
                    cache._hits += 1
                    try:
                        r = _small_call(loop, op, d)
                    except ValueError:
                        return slow(x)
                    return _small_answer(r)
                if d.nbytes >= elide and (r := elide_unary(op, x, d)) is not None:  # -(a*b)
                    return r
                entry = plans.get((name, d.dtype, d.shape, d.strides))
                if entry is not None:
                    cache._hits += 1
                    return _run_fast(entry, (d,), op)
        elif plain_number(x):
            loop = small.get(type(x))  # `sqrt(2.0)`: the full path recorded its Python type
            if loop is not None:
                cache._hits += 1
                return value_array(loop(x))
        elif type(x) in SEQUENCES and (y := listed_operand(x)) is not None:  # `sqrt([4.0, 9.0])`
            return twin(y)
        return slow(x)

    twin = compiled("unary", unary, small, slow, twin_calls(op, SMALL_NUMEL), SMALL_NUMEL)
    return values_first(twin, name) if values else twin


# --- Note [Ufunc calls] ---------------------------------------------------------------------


def ufunc_call(op: ElementwiseOp, full):
    """The `__call__` of op's ufunc object: the fast path of `make_public`'s function, and
    `full(*args, **kwargs)` for any call with more than the inputs (`out`, `where=`...)."""
    nin = op.spec.nin
    if nin == 1:
        call = _unary_call(op, full)
    elif nin == 2:
        call = _binary_call(op, full)
    else:

        def call(*args, **kwargs):
            if len(args) != nin or kwargs:
                return full(*args, **kwargs)
            return op(*args)

    return named(call, op.spec.name)


def _binary_call(op: ElementwiseOp, full):
    # The operator's Python fast path behind one more frame, which only pure-Python mode and
    # calls too large for the C twin pay (Note [Compiled hot path] in _cfast.c).
    binary, slow = python_of(fast_binary(op)), op.__call__

    def call(x1, x2, /, *args, **kwargs):
        if args or kwargs:
            return full(x1, x2, *args, **kwargs)
        return binary(x1, x2)

    small = PLANS.small_table(op.spec.name)
    return compiled("ufunc2", call, small, slow, twin_calls(op, SMALL_NUMEL), SMALL_NUMEL)


def _unary_call(op: ElementwiseOp, full):
    unary, slow = python_of(fast_unary(op)), op.__call__

    def call(x, /, *args, **kwargs):
        if args or kwargs:
            return full(x, *args, **kwargs)
        return unary(x)

    small = PLANS.small_table(op.spec.name)
    return compiled("ufunc1", call, small, slow, twin_calls(op, SMALL_NUMEL), SMALL_NUMEL)


__all__ = [
    "ElementwiseOp",
    "fast_binary",
    "fast_in_place",
    "fast_unary",
    "named",
    "ufunc_call",
]

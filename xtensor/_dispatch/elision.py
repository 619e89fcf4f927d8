"""Temporary elision: `a * b + c` computes `+ c` into the buffer of the temporary `a * b`.

Note [Temporary elision]
~~~~~~~~~~~~~~~~~~~~~~~~
In `a * b + c` nothing but the interpreter's value stack refers to the Array `a * b`, and
nothing but that Array refers to its buffer, so `+ c` may write its result there instead of
allocating a second buffer: one memory stream fewer (about 0.8x of the unelided time at 10**6
float64) and half the peak memory. NumPy does the same for its operators (refcount-based
temporary elision), from NumPy's threshold of 256 KiB up; below it malloc's free lists make a
fresh buffer as cheap. The result is the temporary Array itself, as in NumPy: nobody else can
see it, so nobody can tell.

Soundness. An operand is taken to be a temporary when all of these hold:

- its reference counts are exactly those a temporary has when the interpreter's BINARY_OP
  (or a UNARY_NEGATIVE/UNARY_INVERT/UNARY_POSITIVE, and Python 3.10's BINARY_*/INPLACE_*)
  hands it to the operator: one reference from the value stack, the rest from our own frames.
  A name, a list item, a closure cell, a view (`t[::2]`, `t.T`: their buffer's base is
  the temporary's buffer), a memoryview or a DLPack capsule each add one, and so does a
  second operand that is the same Array. The counts are not hard-coded: `_calibrate`
  measures them once by running the real operators on probe arrays (`_probe() + 1.0`,
  `1.0 + _probe()`, `-_probe()`, and the same with a named operand, which must count
  exactly one more), since they differ between Python versions and between our Python
  dunders and a C front end calling them;
- the frame the operator was called from (skipping the reflected dunder's own frame,
  `__radd__` calling `add(other, self)`) is executing one of those operator instructions at
  `f_lasti`. C code that holds the only reference to an Array and calls an operator on it
  (`functools.reduce(operator.add, ...)`, `map(operator.add, ...)`, `sum(...)`) runs under
  a CALL instruction, so it never elides, even though its references look like a
  temporary's; neither does a function call such as `xtensor.add(a * b, c)` (NumPy, too,
  elides operators only);
- the buffer owns its memory (`base is None`), or is a view of an array only it refers to
  (an output allocated in a permuted layout, or a buffer of the CPU output cache, which it
  must then be the only array using); it is writeable, C- or F-contiguous, has no weak
  references, and has the result's dtype; the other operand is a scalar, a 0-d array or an
  array of the same shape, as in NumPy (so `f32_temp + f64_array` and `(a * b) + row` do
  not elide, and an elided result has the layout NumPy's would have).

- the operand was computed by the instructions just before the operator (an operator or a
  call), not loaded (a name, a constant, an attribute, a subscript): `_operand_sources` reads
  the bytecode back from the operator, once per site. This closes a gap of the frame check:
  C code that runs *inside* the user's operator and hands ours an Array it refers to by a
  borrowed reference only, as a NumPy object array of Arrays does (`objects + 1` adds each
  element under the user's BINARY_OP, with the counts of a temporary). Its operand on the
  stack is the object array, loaded by name or subscripted (`objects[1:] + 1`), so nothing
  elides. What remains is an object array view made by a call (`objects.reshape(4) + 1`),
  which NumPy closes by inspecting the C stack and Python code cannot; such arrays of
  Arrays are rare enough that we accept it. A jump in or into the operand's expression
  (`(a * b if c else d) + e`) makes its source unknown, and nothing elides there either.

The C twins of the operators (Note [Compiled hot path] in _cfast.c) make the same checks
themselves (`elide` in _cfast_elision.c: the frame's instruction, `site_sources` once per
site, the counts of a temporary reaching C code, which has no frame of its own) and leave to
the functions here what they cannot tell: a view, a reflected Python dunder's frame, an
operand pair whose loop `loop_into` has not memoized yet, Python 3.10.

Elision runs on the CPU backend only, for ops with one output, on Python 3.10 to 3.13 with
the GIL (3.14's borrowed stack references make a named operand count like a temporary;
calibration would notice and turn elision off, but we do not rely on that alone).
"""

from __future__ import annotations

import dis
import functools
import sys
import sysconfig
import threading
import weakref

import numpy as np

from .._array import Array, wrap
from .._backends.cpu import at_caller, cached_sole_user, grain_for, loop_for, restore
from .._backends.cpu_grain import SPLIT_MIN
from .._core.checks import SCALARS
from .._iter import GRAIN_SIZE, parallel
from .._ops.spec import MEMORY_BOUND
from .._ops.special_cases import needed
from .optable import OPS

# NumPy's NPY_MIN_ELIDE_BYTES: below it a fresh buffer comes from malloc's free lists.
ELIDE_BYTES = 256 * 1024
# From here the full path may split a call into parallel chunks (`TensorIter.for_each`): where
# more than one thread is usable and the op's grain allows (`cpu.grain_for`); else it would run
# NumPy's loop whole, as `loop_into` does at once.
PARALLEL_NUMEL = 2 * GRAIN_SIZE

_BINARY_NAMES = (
    "BINARY_OP",  # 3.11+: every binary operator, in-place ones included
    *(
        f"{kind}_{op}"  # 3.10: one opcode per operator
        for kind in ("BINARY", "INPLACE")
        for op in (
            "ADD",
            "SUBTRACT",
            "MULTIPLY",
            "TRUE_DIVIDE",
            "FLOOR_DIVIDE",
            "MODULO",
            "POWER",
            "LSHIFT",
            "RSHIFT",
            "AND",
            "OR",
            "XOR",
        )
    ),
)
_UNARY_NAMES = ("UNARY_NEGATIVE", "UNARY_INVERT", "UNARY_POSITIVE")
_BINARY_OPCODES = frozenset(dis.opmap[n] for n in _BINARY_NAMES if n in dis.opmap)
_UNARY_OPCODES = frozenset(dis.opmap[n] for n in _UNARY_NAMES if n in dis.opmap)

# Slots of the calibrated counts: (path, operand position).
_LEFT, _RIGHT, _REFLECTED, _UNARY = range(4)

_SUPPORTED = (3, 10) <= sys.version_info[:2] < (3, 14) and not sysconfig.get_config_var(
    "Py_GIL_DISABLED"
)
_UNKNOWN = object()
_LIMITS = _UNKNOWN if _SUPPORTED else None  # slot -> (Array refs, buffer refs), or None: off
_RECORDING = None  # during calibration: the list the counts go to
_CALIBRATOR = None  # the thread calibrating
_WRAPPERS: frozenset = frozenset()  # code objects of the reflected dunders
_lock = threading.Lock()
_getframe, _refs, _weakrefs = sys._getframe, sys.getrefcount, weakref.getweakrefcount
# (op, dtypes or scalar types) -> what `_loop` says; the C twins of ufunc calls read it too.
INTO_LOOPS: dict = {}
# (op, dtypes or scalar types) -> the size from which a costly loop's calls split (`splits`)
SPLIT_SIZES: dict = {}

elided = 0  # how many results the Python twins computed into a temporary


def elided_calls() -> int:
    """How many results were computed into a temporary, here and in the C (tests read it)."""
    from .compiled import CFAST  # lazy: compiled.py imports this module

    return elided + (0 if CFAST is None else CFAST.elided())


def elide_binary(op, x1, x2, d1, d2):
    """The result of `x1 op x2` (backing data `d1`, `d2`; a scalar is its own data) computed
    into the buffer of an operand that is a temporary, or None. The operator calls it
    directly, for CPU operands (see Note [Temporary elision]): the frame two levels up must be
    the user's."""
    small1 = type(x1) is not Array or d1.nbytes < ELIDE_BYTES
    if small1 and (type(x2) is not Array or d2.nbytes < ELIDE_BYTES):
        return None
    found = binary_target(op, x1, x2, d1, d2)
    return None if found is None else _run(op, found, (x1, x2), (d1, d2))


def elide_unary(op, x, d):
    """The result of `op x` computed into x's buffer when x is a temporary, else None."""
    if d.nbytes < ELIDE_BYTES:
        return None
    found = unary_target(op, x, d)
    return None if found is None else _run(op, found, (x,), (d,))


def _run(op, found, args, data):
    """`op(*data)` computed into the buffer of one of its operands, `found` = (that Array,
    loop): the NumPy loop the full path would run when there is one, else the full path with
    `out=`."""
    global elided
    target, loop = found
    if loop is None:
        op.run(args, data, None, target)
    else:
        try:
            loop(*data, out=target._data)
        except ValueError as e:
            raise ValueError(f"{op.spec.name}: {e}") from None
    elided += 1
    return target


def binary_target(op, x1, x2, d1, d2):
    """(operand, loop) when the result of `x1 op x2` may go into that operand's buffer, else
    None; `loop(d1, d2, out=)` computes it, or is None where the full path must (`_loop`).
    Called by `elide_binary` only: the frame three levels up must be the user's. The opcode
    is checked first, so a function call (`xtensor.add(x, y)`) never calibrates."""
    frame = _getframe(3)
    left, right = _LEFT, _RIGHT
    if frame.f_code in _WRAPPERS:
        frame, right = frame.f_back, _REFLECTED
    code, offset = frame.f_code, frame.f_lasti
    if code.co_code[offset] not in _BINARY_OPCODES:
        return None
    if _LIMITS is _UNKNOWN:
        _calibrate()
    if _LIMITS is None and _RECORDING is None:
        return None
    computed = _computed(code, offset) if _RECORDING is None else (True, True)
    if type(x1) is Array and computed[0] and _temporary(x1, d1, left):
        found = loop_into(op, d1, d1, d2)
        if found is not None:
            return x1, found[1]
    if type(x2) is Array and computed[1] and _temporary(x2, d2, right):
        found = loop_into(op, d2, d1, d2)
        if found is not None:
            return x2, found[1]
    return None


def unary_target(op, x, d):
    """(x, loop) when `op x` may write its result into x's buffer, else None."""
    frame = _getframe(3)
    code, offset = frame.f_code, frame.f_lasti
    if code.co_code[offset] not in _UNARY_OPCODES:
        return None
    if _LIMITS is _UNKNOWN:
        _calibrate()
    if _LIMITS is None and _RECORDING is None:
        return None
    if _RECORDING is None and not _computed(code, offset)[1]:
        return None
    if not _temporary(x, d, _UNARY):
        return None
    found = loop_into(op, d, d)
    return None if found is None else (x, found[1])


def _temporary(x, d, slot: int) -> bool:
    """Whether Array `x` and its buffer `d` are referenced as a temporary is (see the Note)
    and the buffer may take a result."""
    counts = (_refs(x), _refs(d))
    if _RECORDING is not None:
        if threading.get_ident() == _CALIBRATOR:
            _RECORDING.append((slot, counts))
        return False
    if counts != _LIMITS.get(slot) or type(d) is not np.ndarray:
        return False
    if d.base is not None and not _sole_view(d):
        return False
    flags = d.flags
    return (
        d.nbytes >= ELIDE_BYTES
        and flags.writeable
        and (flags.c_contiguous or flags.f_contiguous)
        and not _weakrefs(x)
        and not _weakrefs(d)
    )


# --- where the operands come from ------------------------------------------------------------

# Instructions whose result is a new value (a temporary may be one), as opposed to loads of a
# name, a constant, an attribute, or copies of a stack entry.
_COMPUTING = frozenset(
    dis.opmap[n]
    for n in (
        *_BINARY_NAMES,
        *_UNARY_NAMES,
        "COMPARE_OP",  # `mask & (a > 0.3)`: a new array, as an operator's
        "CALL",
        "CALL_KW",
        "CALL_FUNCTION",
        "CALL_FUNCTION_KW",
        "CALL_FUNCTION_EX",
        "CALL_METHOD",
        "CALL_INTRINSIC_1",
    )
    if n in dis.opmap
)
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)
_sources: dict = {}  # (code, offset) -> what `_operand_sources` says


def _computed(code, offset) -> tuple:
    """(left, right): whether the operands of the operator instruction at `offset` were
    computed by the instructions just before it, rather than loaded (see the Note). The only
    operand of a unary operator is the right one."""
    key = (code, offset)
    found = _sources.get(key)
    if found is None:
        if len(_sources) >= 1024:  # the keys hold code objects: keep them few
            _sources.clear()
        found = _sources[key] = _operand_sources(code, offset)
    return found


def site_sources(code, offset: int, unary: bool) -> tuple:
    """`_computed` for the C twins (`elide` in _cfast_elision.c reads it once per site):
    (False, False) where the instruction at `offset` is not a binary operator (with `unary`,
    not a unary one), so nothing there elides."""
    opcodes = _UNARY_OPCODES if unary else _BINARY_OPCODES
    if code.co_code[offset] not in opcodes:
        return False, False
    return _computed(code, offset)


def _operand_sources(code, offset) -> tuple:
    """`_computed`, by reading the bytecode back from the operator: the instruction before it
    pushed the right operand, and the one before the first instruction of the right operand's
    expression pushed the left one. A jump into or inside that stretch makes it unknown:
    (False, False) for what cannot be told."""
    instructions = list(dis.get_instructions(code))
    at = next((i for i, ins in enumerate(instructions) if ins.offset == offset), None)
    if not at or instructions[at].is_jump_target:
        return False, False
    right = instructions[at - 1].opcode in _COMPUTING
    pushed = 0
    for j in range(at - 1, 0, -1):  # back to the first instruction of the right operand
        ins = instructions[j]
        if ins.opcode in _JUMPS or (ins.is_jump_target and j < at - 1):
            return False, right
        try:
            pushed += dis.stack_effect(ins.opcode, ins.arg, jump=False)
        except (ValueError, TypeError):  # an instruction without a fixed stack effect
            return False, right
        if pushed >= 1:
            # pushed 2: one instruction pushed both operands (3.13's LOAD_FAST_LOAD_FAST)
            left = ins if pushed >= 2 else instructions[j - 1]
            return left.opcode in _COMPUTING and not ins.is_jump_target, right
    return False, right


def _sole_view(d) -> bool:
    """Whether `d` is a view of an array that nothing else references: an output the
    iterator allocated in a permuted layout, or a buffer of the CPU output cache."""
    cached = cached_sole_user(d)
    if cached is not None:
        return cached
    # No local name for the base: it would be one more reference.
    return type(d.base) is np.ndarray and d.base.base is None and _base_refs(d) == _VIEW_REFS


def _base_refs(view) -> int:
    return _refs(view.base)


_kept_view = np.empty(1)[:]
_VIEW_REFS = _base_refs(_kept_view)  # a base referenced by one view only
del _kept_view


def loop_into(op, target, *data, split=True):
    """(result dtype, loop) of `op(*data)` when its result has `target`'s dtype, every other
    operand is a scalar, a 0-d array or of `target`'s shape, as NumPy requires (so the result
    has the layout NumPy's unelided call would give it too), and none is a view of `target`
    (the reference counts exclude that already; this is cheap); else None. The loop is None
    where the full path must run (see `_loop`; a large target, to split it into chunks,
    unless `split` is False). Also how a ufunc call with `out=` and `x op= y` skip the
    iterator (`run_into`)."""
    kinds = []
    for d in data:
        if type(d) in SCALARS:
            kinds.append(type(d))
            continue
        if type(d) is not np.ndarray:
            return None
        if d is not target and (d.base is target or (d.ndim and d.shape != target.shape)):
            return None
        kinds.append(d.dtype)
    found = _known(op, (op, *kinds), data)
    if found is None or found[0] != target.dtype:
        return None
    found = _bounded(found, data)
    if split and found[1] is not None and target.size >= SPLIT_MIN and _splits(op, target, data):
        return found[0], None  # the full path splits it into parallel chunks
    return found


def known_loop(op, data) -> tuple | None:
    """(result dtype, loop) of `op(*data)` (arrays' data and Python scalars) as `loop_into`
    finds it for a target of that dtype (the loop None: the full path's), or None."""
    key = (op, *(type(d) if type(d) in SCALARS else d.dtype for d in data))
    found = _known(op, key, data)
    return None if found is None else _bounded(found, data)


def _known(op, key, data):
    found = INTO_LOOPS.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        found = INTO_LOOPS[key] = _loop(op, data)
    return found


def _splits(op, target, data) -> bool:
    size = target.size
    if MEMORY_BOUND not in op.spec.props:
        return splits(op, data, size)
    split = size >= PARALLEL_NUMEL and size >= 2 * grain_for(op.spec, (target, *data))
    return split and not parallel.serial()


def splits(op, data, size: int) -> bool:
    """Whether the full path splits `op(*data)` of `size` result elements into parallel chunks
    where the fast paths (the small tables, the C twins, elision, `out=`) would run NumPy's
    loop whole: a costly loop's call of SPLIT_MIN elements or more (Note [Costly loops] in
    `_backends/cpu_grain.py`; a memory-bound op's calls split past those paths' bounds).
    `data`: the arrays' data and Python scalars. SPLIT_SIZES remembers the size per kinds; a
    call runs whole all the same where the thread pool would run it in one thread."""
    if size < SPLIT_MIN or MEMORY_BOUND in op.spec.props:
        return False
    key = (op, *(type(d) if type(d) in SCALARS else d.dtype for d in data))
    found = SPLIT_SIZES.get(key)
    if found is None:
        try:
            common, result = op.loop_dtypes(data)
        except (TypeError, ValueError, OverflowError):
            return True  # the full path raises
        found = SPLIT_SIZES[key] = 2 * grain_for(op.spec, data, common.numpy, result.numpy)
    return size >= found and not parallel.serial()


def run_into(op, target, data, where=True) -> bool:
    """Run `op(*data, out=target, where=where)` as the NumPy loop `loop_into` finds, into a
    writeable `target`; False (nothing written) where the full path must run it. NumPy's loop
    handles any overlap of target with an input as the iterator does (the answer of a copy)."""
    if not target.flags.writeable:
        return False
    # (with a mask, NumPy's loop whole: the full path's masked form gathers and scatters)
    found = loop_into(op, target, *data, split=where is True)
    if found is None or found[1] is None:
        return False
    token = at_caller(op.ufunc_name, data)  # Note [Warnings at the caller's line] in cpu.py
    try:
        if where is True:
            found[1](*data, out=target)
        else:
            found[1](*data, out=target, where=where)
    except ValueError as e:
        raise ValueError(f"{op.spec.name}: {e}") from None
    finally:
        restore(token)
    return True


def _loop(op, data):
    """(result dtype, loop) of `op(*data)`: the NumPy loop the full path would run, taking
    `out=`, or None where only the full path may run it (a fix-up, which reads the inputs
    after the output is written); None instead of the pair where the op cannot compute into
    an input (several outputs, text) or refuses the operands. Beside a Python int computed
    in an integer dtype, (result dtype, None, loop, lo, hi): the loop holds while the int is
    in that dtype's range [lo, hi], past which the full path raises NumPy's OverflowError."""
    spec = op.spec
    if spec.nout != 1:
        return None
    if any(type(d) not in SCALARS and d.dtype.kind not in "biufc" for d in data):
        return None
    try:
        common, result = op.loop_dtypes(data)
    except (TypeError, ValueError, OverflowError):
        return None
    if needed(spec.fixup, result.numpy, data) is not None:
        return result.numpy, None
    loop, kwargs = loop_for(spec, common, result)
    if kwargs and not _natural(loop, data, kwargs["signature"]):
        loop = functools.partial(loop, **kwargs)
    if common.kind in "iu" and any(type(d) is int for d in data):
        info = np.iinfo(common.numpy)
        return result.numpy, None, loop, int(info.min), int(info.max)
    return result.numpy, loop


def numpy_loop(op, data) -> bool:
    """Whether `op(*data)` is NumPy's own ufunc call on those operands (data, or empty arrays
    of their dtypes, and Python scalars): its loop natural, no fix-up, no range to check."""
    found = _loop(op, data)
    return found is not None and len(found) == 2 and found[1] is op.spec.ufunc


def numpy_call(op, data, **options):
    """`op`'s NumPy ufunc on `data` with NumPy's keywords (`dtype=`), where `numpy_loop`
    holds; its warnings at the caller's line (Note [Warnings at the caller's line] in cpu.py)."""
    token = at_caller(op.ufunc_name, data)
    try:
        return op.spec.ufunc(*data, **options)
    finally:
        restore(token)


def _bounded(found, data) -> tuple:
    """`_loop`'s (result dtype, loop) for operands `data`: a loop bounded by the Python ints'
    range is the loop while they are in it, else None (the full path's)."""
    if len(found) == 2:
        return found
    low, high = found[3], found[4]
    inside = all(low <= d <= high for d in data if type(d) is int)
    return found[0], found[2] if inside else None


def _natural(ufunc, data, signature) -> bool:
    """Whether NumPy's own dtype resolution of `ufunc(*data)` picks `signature`, so the bare
    ufunc runs the planned loop (passing `signature=` costs ~0.7 us a call)."""
    kinds = tuple(type(d) if type(d) in SCALARS else d.dtype for d in data)
    try:
        return ufunc.resolve_dtypes((*kinds, None)) == signature
    except (TypeError, ValueError):  # a bool scalar, or no natural loop
        return False


# --- calibration ----------------------------------------------------------------------------


def _probe() -> Array:
    return wrap(np.zeros(ELIDE_BYTES // 8))


def _calibrate() -> None:
    """Measure the reference counts of a temporary on each path (see the Note); turn elision
    off when a named operand does not count exactly one more."""
    global _LIMITS, _RECORDING, _CALIBRATOR, _WRAPPERS
    with _lock:
        if _LIMITS is not _UNKNOWN:
            return
        _LIMITS, _CALIBRATOR = None, threading.get_ident()
        _WRAPPERS = frozenset(_reflected_codes())
        _RECORDING = []
        try:
            found = _measure()
        finally:
            _RECORDING = _CALIBRATOR = None
        _LIMITS = found
        _publish()


def _publish() -> None:
    """Tell the compiled hot path what calibration found (see `operand_fits` in _cfast.c)."""
    from .compiled import CFAST  # lazy: compiled.py imports this module

    if CFAST is not None and _LIMITS is None:
        CFAST.set_elision(None, calibration)
    elif CFAST is not None:
        # The frames below the C entry are the same on both paths: the difference in counts
        # is the reflected dunder's own references (a temporary has one on the right).
        extra = _LIMITS[_REFLECTED][0] - _LIMITS[_RIGHT][0]
        CFAST.set_elision(_WRAPPERS, calibration, 1 + extra, site_sources)


def _reflected_codes():
    names = {d for op in OPS for d in op.dunders if d.startswith("__r") and d != "__rshift__"}
    for name in names:
        code = getattr(vars(Array).get(name), "__code__", None)
        if code is not None:
            yield code


def _measure():
    """Each slot's counts for a temporary, or None when the probes disagree."""
    recorded = []

    def take():
        out = list(_RECORDING)
        _RECORDING.clear()
        return out

    # Each probe's result is discarded (`_ =`); its operand's counts were taken during it.
    with np.errstate(all="ignore"):
        _ = _probe() + 1.0
        recorded.append((_LEFT, take(), 0))
        named = _probe()
        _ = named + 1.0
        recorded.append((_LEFT, take(), 1))
        _ = named + _probe()
        recorded.append((_RIGHT, [r for r in take() if r[0] == _RIGHT], 0))
        _ = _probe() + named
        recorded.append((_RIGHT, [r for r in take() if r[0] == _RIGHT], 1))
        _ = 1.0 + _probe()
        recorded.append((_REFLECTED, take(), 0))
        _ = 1.0 + named
        recorded.append((_REFLECTED, take(), 1))
        _ = -_probe()
        recorded.append((_UNARY, take(), 0))
        _ = -named
        recorded.append((_UNARY, take(), 1))
    limits, named_counts = {}, {}
    for slot, records, named in recorded:
        if len(records) != 1 or records[0][0] != slot:
            return None
        (named_counts if named else limits)[slot] = records[0][1]
    for slot, (array_refs, data_refs) in limits.items():
        if named_counts.get(slot) != (array_refs + 1, data_refs):
            return None
    return limits


def calibration():
    """The calibrated counts per path (None: elision is off here), calibrating if needed."""
    if _LIMITS is _UNKNOWN:
        _calibrate()
    return None if _LIMITS is None else dict(_LIMITS)


__all__ = [
    "ELIDE_BYTES",
    "INTO_LOOPS",
    "SPLIT_SIZES",
    "calibration",
    "elide_binary",
    "elide_unary",
    "elided_calls",
    "loop_into",
    "site_sources",
    "splits",
]

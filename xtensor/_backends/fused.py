"""Fused elementwise programs (``xtensor.fuse``): their data, their C++ and how they run.

A traced function arrives here as a `Program`: op records applied to array inputs, weak
Python scalars and earlier results, in dependency order (the namespace's `_fuse` package
traces it; this module never sees the user's function). This module lowers it to one
`LoopKernel` (one pass over memory; the same body compiles for the host and for CUDA) and
runs it over a TensorIter built on the program's array inputs:

- CPU, host compiler present: the compiled loop over the iterator's chunks, in parallel
  (a small call of `xtensor.fuse` calls its direct entry instead: `CPUProgram.direct`);
- CPU otherwise (no compiler, an op without host C++, a type the host cannot hold): NumPy,
  cache-blocked (Note [Blocked evaluation]);
- CUDA: the loop in the elementwise CUDA skeletons, through the JIT's cache and launcher.

Note [Blocked evaluation]
~~~~~~~~~~~~~~~~~~~~~~~~~
Without a compiled loop, each op is still the op's own NumPy loop (`cpu.loop_for` plus its
fix-up: the very call the unfused op makes), but over blocks of about 32 KiB per operand
(4096 float64 elements) instead of whole arrays, so an intermediate is written and read
back while it is still in L1/L2 rather than through main memory. Each chunk of the
iterator allocates one block buffer per intermediate once and reuses it for every block;
chunks run on the iterator's thread pool. A block is a C-order linear range of the
coalesced iteration space, cut into rectangles by `layout.linear_blocks`.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import math
import os
import re
import struct
import sys
import warnings
from dataclasses import dataclass

import numpy as np

from .._core import dtypes as _dtypes
from .._core.devices import cupy_module
from .._iter import GRAIN_SIZE, IterFlags, build, parallel
from .._iter.layout import linear_blocks
from .._jit import host
from .._jit.codegen import opmath
from .._jit.ctype_names import ctype_of, dtype_of
from .._jit.host_codegen import (
    SCALAR_SLOT_BYTES,
    LoopKernel,
    device_args,
    device_layout,
    device_source,
    guarded,
)
from .._jit.launch import BLOCKS_PER_SM, load_function, sm_count
from .._jit.plan import LaunchPlan, launch_config, split_ndim
from .._ops.spec import OpSpec
from .cpu import loop_for, ufunc_loop

__all__ = [
    "Apply",
    "CPUProgram",
    "DeviceProgram",
    "FoldProgram",
    "Leaf",
    "Program",
    "Scalar",
    "check_scalars",
    "lower",
]

BLOCK_BYTES = 32 * 1024  # per operand; see Note [Blocked evaluation]
# Ops whose NumPy loop and C++ string give the same bits on real and integer types: exact
# or correctly rounded (IEEE), integer arithmetic wrapping alike (-fwrapv). A program of
# these may run either way with the same result (`CPUProgram.exact`). Not maximum/minimum
# (the sign of a zero result), nor floor_divide/remainder/pow (fix-ups, integer errors).
EXACT_OPS = frozenset(
    {
        "add", "subtract", "multiply", "divide", "negative", "positive", "abs", "square",
        "sqrt", "floor", "ceil", "trunc", "equal", "not_equal", "less", "less_equal",
        "greater", "greater_equal", "logical_and", "logical_or", "logical_xor",
        "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert",
    }
)  # fmt: skip
# Reductions the host kernel folds in one pass (reduce kind -> xt_host_reduce.h struct).
FOLDS = {"sum": "Sum", "prod": "Prod", "max": "Max", "min": "Min", "mean": "Sum"}


# ---- the program ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Leaf:
    """Array input number `index` of the program."""

    index: int
    dtype: _dtypes.DType


@dataclass(frozen=True)
class Scalar:
    """Weak Python scalar number `index` of the call (NEP 50: it takes its op's dtype)."""

    index: int
    kind: str  # 'b', 'i', 'f' or 'c', as _dtypes.scalar_kind


@dataclass(frozen=True)
class Apply:
    """Op `spec` on earlier nodes `args`, computed in `compute`, giving `result`."""

    spec: OpSpec
    args: tuple
    compute: _dtypes.DType
    result: _dtypes.DType

    def __repr__(self) -> str:
        return f"Apply({self.spec.name}, args={self.args}, {self.compute} -> {self.result})"


@dataclass(frozen=True)
class Program:
    """Nodes in dependency order (an Apply's args are indices of earlier nodes); `output`
    is the index of the node whose value is the result; `label` names the kernels."""

    nodes: tuple
    output: int
    label: str

    @property
    def dtype(self) -> _dtypes.DType:
        node = self.nodes[self.output]
        return node.result if isinstance(node, Apply) else node.dtype

    @functools.cached_property
    def scalar_uses(self) -> tuple:
        """(scalar index, dtype, op name) of each scalar operand of each Apply, in order:
        one kernel argument per use, converted to that op's compute dtype."""
        uses = []
        for node in self.nodes:
            if isinstance(node, Apply):
                for a in node.args:
                    if isinstance(self.nodes[a], Scalar):
                        uses.append((self.nodes[a].index, node.compute, node.spec.name))
        return tuple(uses)


def check_scalars(program: Program, scalars) -> None:
    """The unfused ops' check: a Python int must fit the dtype its op computes in."""
    for index, dtype, name in program.scalar_uses:
        _dtypes.check_scalar_fits(scalars[index], dtype, name)


# ---- lowering to one loop kernel --------------------------------------------------------------


def _host_unsafe(node: Apply) -> str | None:
    """Why the op's C++ cannot stand in for its NumPy loop on the CPU, or None."""
    if not node.spec.cuda:
        return "has no C++ computation string"
    if node.spec.name == "pow" and node.compute.kind in "iu":
        return "raises for negative integer exponents on the CPU, which a kernel cannot"
    return None


def _ct(dtype: _dtypes.DType, func: str) -> str:
    return ctype_of(dtype.numpy, func)


def lower(program: Program, reduce: tuple | None = None) -> LoopKernel:
    """The program as one LoopKernel (Note [Loop kernel bodies] in `_jit/host_codegen.py`);
    `reduce` is None or (fold struct, accumulator dtype). TypeError for a type no kernel holds.
    """
    nodes, name = program.nodes, program.label
    inputs = sorted((n for n in nodes if isinstance(n, Leaf)), key=lambda n: n.index)
    values, code, body, scalar_types = {}, {}, [], []
    for i, node in enumerate(nodes):
        if isinstance(node, Leaf):
            values[i] = (f"in{inputs.index(node)}", node.dtype)
        elif isinstance(node, Apply):
            compute = _ct(node.compute, node.spec.name)
            math_t = opmath(compute)  # float16 computes in float (Note [Op math], codegen.py)
            args = []
            for a in node.args:
                if isinstance(nodes[a], Scalar):
                    expr, ctype = f"s{len(scalar_types)}", compute
                    scalar_types.append(compute)
                else:
                    expr, dtype = values[a]
                    ctype = _ct(dtype, node.spec.name)
                args.append(expr if ctype == math_t else f"xt::cast<{math_t}>({expr})")
            result = _ct(node.result, node.spec.name)
            call = f"xt_{node.spec.name}({', '.join(args)})"
            body.append(f"const {result} v{i} = xt::cast<{result}>({call});")
            code[node.spec.name] = guarded(f"xt_{node.spec.name}", node.spec.cuda)
            values[i] = (f"v{i}", node.result)
    out_expr = values[program.output][0]
    out_ct = _ct(program.dtype, name)
    body.append(f"r0 = {out_expr};")
    types = [_ct(n.dtype, name) for n in inputs] + scalar_types + [out_ct, str(reduce)]
    digest = hashlib.sha256("\n".join([*body, *types]).encode())
    label = re.sub(r"\W", "_", name)[:40]
    return LoopKernel(
        name=f"fused_{label}_{digest.hexdigest()[:12]}",
        code="\n".join(code.values()),
        output_ctypes=() if reduce else (out_ct,),
        input_ctypes=tuple(_ct(n.dtype, name) for n in inputs),
        scalar_ctypes=tuple(scalar_types),
        result_ctypes=(out_ct,),
        body=tuple(body),
        reduce=None if reduce is None else (reduce[0], _ct(reduce[1], name)),
    )


# ---- running on the CPU -----------------------------------------------------------------------

_FLAGS: dict = {}
_warned: set = set()


def _flags_for(result: _dtypes.DType) -> IterFlags:
    """Iterator flags that take the inputs as they are and allocate a `result` output."""
    flags = _FLAGS.get(result)
    if flags is None:
        flags = _FLAGS[result] = IterFlags(
            check_mem_overlap=False, check_all_same_dtype=False, result_dtype=lambda _: result
        )
    return flags


def iterate(program: Program, arrays: list, nout: int = 1):
    """The TensorIter of the program's output (if `nout`) over its array inputs."""
    return build(_flags_for(program.dtype), (None,) * nout, arrays, program.label)


def plan_words(it) -> np.ndarray:
    """The iterator's coalesced facts as Note [Host loop plan] in `_jit/templates/xt_host.h`."""
    shape, strides = it.shape, it.byte_strides()
    if not shape:  # 0-d: one element, no strides
        shape, strides = (1,), [(0,) for _ in strides]
    words = [len(shape), *shape]
    for d in range(len(shape)):
        words += [s[d] for s in strides]
    words += it.data_addresses()
    return np.array(words, dtype=np.int64)


def scalar_layout(kernel: LoopKernel) -> np.dtype:
    """The host kernel's block of scalar arguments as a NumPy record: one 16-byte slot each
    (a complex128 fits), holding the value in its C type."""
    return np.dtype(
        {
            "names": [f"s{k}" for k in range(len(kernel.scalar_ctypes))],
            "formats": [dtype_of(c) for c in kernel.scalar_ctypes],
            "offsets": [SCALAR_SLOT_BYTES * k for k in range(len(kernel.scalar_ctypes))],
            "itemsize": SCALAR_SLOT_BYTES * max(1, len(kernel.scalar_ctypes)),
        }
    )


def scalar_block(layout: np.dtype, values) -> np.ndarray:
    """`values` converted to their slots' types (NumPy's casts: a weak scalar's)."""
    return np.array([tuple(values)], dtype=layout)


# struct codes of the scalar slots' C types ('=': standard sizes, native byte order)
_STRUCT_CODES = {
    "bool": "?", "int8": "b", "int16": "h", "int32": "i", "int64": "q",
    "uint8": "B", "uint16": "H", "uint32": "I", "uint64": "Q",
    "float16": "e", "float32": "f", "float64": "d", "complex64": "ff", "complex128": "dd",
}  # fmt: skip


def scalar_packer(kernel: LoopKernel):
    """A function of the scalar arguments' values giving the same block as `scalar_block`,
    as bytes, ten times faster: `struct` rounds a Python float to float32 or float16 as NumPy
    casts a weak scalar (to nearest), and raises OverflowError where the value does not fit
    (the fused call then runs unfused, and NumPy says what happens to such a scalar)."""
    dtypes = [dtype_of(c) for c in kernel.scalar_ctypes]
    if not dtypes:
        empty = bytes(SCALAR_SLOT_BYTES)
        return lambda *values: empty
    layout = struct.Struct(
        "=" + "".join(f"{_STRUCT_CODES[d.name]}{SCALAR_SLOT_BYTES - d.itemsize}x" for d in dtypes)
    )
    if all(d.kind != "c" for d in dtypes):
        return layout.pack
    complex_slots = [d.kind == "c" for d in dtypes]

    def pack(*values):
        parts = []
        for value, split in zip(values, complex_slots):
            parts += (value.real, value.imag) if split else (value,)
        return layout.pack(*parts)

    return pack


@functools.cache
def direct_calls_work() -> bool:
    """Whether NumPy's array fields sit where the direct entries read them (Note [Direct
    calls] in `_jit/templates/xt_host.h`): the data address, the dimension count and the
    flags of a real array, read at those offsets, are its own."""
    head = object.__basicsize__
    a, view = np.empty((2, 3)), np.empty((3, 4))[:, ::2]
    try:
        data = ctypes.c_void_p.from_address(id(a) + head).value
        nd = ctypes.c_int.from_address(id(a) + head + 8).value
        flags = [ctypes.c_int.from_address(id(x) + head + 48).value for x in (a, view)]
    except (ValueError, OSError):
        return False
    contiguous, aligned = 0x0001, 0x0100  # NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_ALIGNED
    return (
        sys.maxsize > 2**32  # the struct mirror assumes 8-byte pointers
        and data == a.ctypes.data
        and nd == 2
        and flags[0] & (contiguous | aligned) == contiguous | aligned
        and not flags[1] & contiguous
    )


def _warn_once(why: str) -> None:
    if why not in _warned:
        _warned.add(why)
        warnings.warn(
            f"xtensor.fuse: {why}; running fused functions with NumPy loops instead",
            RuntimeWarning,
            stacklevel=_caller_outside_xtensor(),
        )


def _caller_outside_xtensor() -> int:
    """The `stacklevel` (for a warning raised by our caller) of the first frame outside
    xtensor: the user's call of the fused function."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame, level = sys._getframe(1), 1  # level 1: _warn_once, which calls warn
    while frame is not None and frame.f_code.co_filename.startswith(package):
        frame, level = frame.f_back, level + 1
    return level


def _compile(program: Program, reduce: tuple | None = None) -> tuple:
    """(host kernel, its LoopKernel), or (None, None) where NumPy must run the program: an
    op whose C++ cannot stand in on the CPU, a type without a C type, or no working
    compiler (which warns once)."""
    if any(isinstance(n, Apply) and _host_unsafe(n) for n in program.nodes):
        return None, None
    if not host.available():
        _warn_once("no C++ compiler is usable (g++, c++, clang++, $CXX or $XTENSOR_CXX)")
        return None, None
    try:
        kernel = lower(program, reduce)
    except TypeError:
        return None, None
    try:
        return host.host_kernel(kernel), kernel
    except host.HostCompileError as e:
        _warn_once(f"the host C++ compiler failed on {kernel.name}: {str(e).splitlines()[0]}")
        return None, None


class CPUProgram:
    """A program ready to run on CPU arrays: its compiled loop, or its blocked NumPy loops."""

    def __init__(self, program: Program):
        self.program = program
        self.kernel, self.loop = _compile(program)
        self.loops = _loops(program) if self.kernel is None else None
        self.pack = None if self.loop is None else scalar_packer(self.loop)
        # The direct entry (no Python plan, no threads), for `xtensor.fuse`'s small calls.
        direct = self.kernel is not None and self.kernel.direct is not None
        self.direct = self.kernel.direct if direct and direct_calls_work() else None

    @property
    def compiled(self) -> bool:
        return self.kernel is not None

    @functools.cached_property
    def exact(self) -> bool:
        """Whether NumPy's loops and the compiled loop give this program the same bits: every
        op is in EXACT_OPS and computes in a real or integer type."""
        return all(
            n.spec.name in EXACT_OPS and n.compute.kind in "biuf" and n.result.kind in "biuf"
            for n in self.program.nodes
            if isinstance(n, Apply)
        )

    def eager_steps(self, values: list) -> list:
        """(node index, NumPy loop, its keyword arguments, fix-up or None) of every op, for
        running the program one whole-array op at a time: each op's own loop, as the unfused
        call runs it. `values` are the Python scalars of a call, for the probe: like the
        dispatch's small-call path, a loop is called without `signature=` (which costs a
        third of a small call) where NumPy's own choice gives the planned result dtype."""
        nodes, steps, stand_ins = self.program.nodes, [], {}
        for i, node in enumerate(nodes):
            if isinstance(node, Leaf):
                stand_ins[i] = np.empty(0, node.dtype.numpy)
            elif isinstance(node, Scalar):
                stand_ins[i] = values[node.index]
            else:
                loop, kwargs = loop_for(node.spec, node.compute, node.result)
                stand_ins[i] = np.empty(0, node.result.numpy)
                if kwargs and _natural(loop, [stand_ins[a] for a in node.args], node.result):
                    kwargs = {}
                steps.append((i, loop, kwargs, node.spec.fixup))
        return steps

    def run(self, arrays: list, scalars: list):
        """The result (a NumPy array) for array inputs `arrays` and Python scalars `scalars`."""
        it = iterate(self.program, arrays)
        if self.kernel is None:
            _run_blocked(self.program, self.loops, it, scalars)
            return it.outputs[0]
        block = self.pack(*[scalars[i] for i, _, _ in self.program.scalar_uses])
        words = plan_words(it)
        kernel, plan = self.kernel, words.ctypes.data
        if it.numel:
            parallel.parallel_for(it.numel, lambda b, e: kernel(b, e, plan, block, 0), GRAIN_SIZE)
        return it.outputs[0]


def _natural(loop, operands: list, result: _dtypes.DType) -> bool:
    """Whether NumPy's own loop choice for `operands` gives `result`'s dtype."""
    try:
        with np.errstate(all="ignore"):  # a probe on empty operands
            return loop(*operands).dtype == result.numpy
    except Exception:  # noqa: BLE001 - NumPy refuses the natural call: keep the signature
        return False


class FoldProgram:
    """A program folded over all its elements in one compiled pass (a fused `sum(f(x))`)."""

    def __init__(self, program: Program, kind: str, acc: _dtypes.DType):
        self.program, self.kind, self.acc = program, kind, acc
        self.kernel, self.loop = None, None
        if kind in FOLDS and not (kind in ("max", "min") and acc.kind == "c"):
            self.kernel, self.loop = _compile(program, (FOLDS[kind], acc))
        self.pack = None if self.loop is None else scalar_packer(self.loop)

    @property
    def compiled(self) -> bool:
        return self.kernel is not None

    def run(self, arrays: list, scalars: list):
        """The reduction as a NumPy 0-d value of the accumulator dtype, or None for an empty
        input (the caller's reduction keeps the rules of an empty one: identity or error)."""
        it = iterate(self.program, arrays, nout=0)
        if it.numel == 0:
            return None
        block = self.pack(*[scalars[i] for i, _, _ in self.program.scalar_uses])
        words = plan_words(it)
        # Blocks of a fixed size, not one per thread: the partials, and so the folded result,
        # are the same bits for any thread count (the engine's reductions keep the same rule).
        n = it.numel
        bounds = [(b, min(b + GRAIN_SIZE, n)) for b in range(0, n, GRAIN_SIZE)]
        partials = np.empty(len(bounds), dtype=self.acc.numpy)
        kernel, plan, at, size = self.kernel, words.ctypes.data, block, partials.itemsize

        def body(first, last):
            for k in range(first, last):
                kernel(*bounds[k], plan, at, partials.ctypes.data + k * size)

        parallel.parallel_for(len(bounds), body, grain_size=1)
        return fold_partials(partials, self.kind, it.numel)


def fold_partials(partials: np.ndarray, kind: str, count: int):
    """The reduction of the chunks' partial results."""
    if kind in ("sum", "mean"):
        total = np.add.reduce(partials)
        return total / count if kind == "mean" else total
    if kind == "prod":
        return np.multiply.reduce(partials)
    return (np.maximum if kind == "max" else np.minimum).reduce(partials)


# ---- running on CUDA ----------------------------------------------------------------------------


class DeviceProgram:
    """A program ready to run on CUDA arrays: its loop in the JIT's elementwise skeletons,
    one kernel per layout (contiguous or strided, 32- or 64-bit indexing)."""

    def __init__(self, program: Program):
        self.program = program
        self.kernel = lower(program)
        self._sources: dict = {}

    def source(self, contiguous: bool, index_bits: int) -> str:
        key = (contiguous, index_bits)
        if key not in self._sources:
            self._sources[key] = device_source(self.kernel, contiguous, index_bits)
        return self._sources[key]

    def launches(self, it, scalars: list) -> list:
        """(kernel name, source, argument values, element count) of every launch over `it`:
        one per piece of `split_32bit` and `split_ndim`. Works on NumPy memory too, so tests
        run the exact launches in the host simulator."""
        values = [scalars[i] for i, _, _ in self.program.scalar_uses]
        found = []
        for piece in it.split_32bit():
            plan = LaunchPlan(
                shape=piece.shape,
                byte_strides=tuple(tuple(s) for s in piece.byte_strides()),
                dtypes=tuple(np.dtype(a.dtype) for a in it.arrays),
                data_ptrs=piece.data_addresses(),
                compute_dtype=self.program.dtype.numpy,
            )
            for sub in split_ndim(plan):
                if sub.numel:
                    contiguous, bits = device_layout(sub)
                    name, args = device_args(self.kernel, sub, values)
                    found.append((name, self.source(contiguous, bits), args, sub.numel))
        return found

    def run(self, arrays: list, scalars: list, device):
        """The result (a CuPy array) on CUDA `device`."""
        cp = cupy_module()
        if cp is None:
            raise RuntimeError("xtensor.fuse: CUDA arrays need CuPy and a GPU, and none is usable")
        with cp.cuda.Device(device.index):
            it = iterate(self.program, arrays)
            most = sm_count(device.index) * BLOCKS_PER_SM
            for name, source, args, numel in self.launches(it, scalars):
                grid, block = launch_config(numel, 1, most)
                load_function(cp, source, name)((grid,), (block,), args)
        return it.outputs[0]


# ---- Note [Blocked evaluation] ----------------------------------------------------------------


def _loops(program: Program) -> dict:
    """node index -> the op's NumPy loop for one block (the unfused call's own loop)."""
    loops = {}
    for i, node in enumerate(program.nodes):
        if isinstance(node, Apply):
            loop, kwargs = loop_for(node.spec, node.compute, node.result)
            loops[i] = ufunc_loop(loop, 1, node.spec.fixup, **kwargs)
    return loops


def _run_blocked(program: Program, loops: dict, it, scalars: list) -> None:
    nodes = program.nodes
    inputs = sorted(
        (i for i, n in enumerate(nodes) if isinstance(n, Leaf)), key=lambda i: nodes[i].index
    )
    widest = max(
        n.result.itemsize if isinstance(n, Apply) else n.dtype.itemsize
        for n in nodes
        if not isinstance(n, Scalar)
    )
    block = max(1, BLOCK_BYTES // widest)
    views, shape = it.views(), it.shape

    def chunk(begin, end):
        buffers = {
            i: np.empty(block, n.result.numpy)
            for i, n in enumerate(nodes)
            if isinstance(n, Apply) and i != program.output
        }
        for start in range(begin, end, block):
            for index in linear_blocks(shape, start, min(start + block, end)):
                _evaluate(nodes, loops, program.output, buffers, views, index, inputs, scalars)

    if not shape:  # 0-d: one block of one element; `...` indexes a 0-d view, not a scalar
        buffers = {
            i: np.empty(1, n.result.numpy) for i, n in enumerate(nodes) if isinstance(n, Apply)
        }
        _evaluate(nodes, loops, program.output, buffers, views, ..., inputs, scalars)
    elif it.numel:
        parallel.parallel_for(it.numel, chunk, GRAIN_SIZE)


def _evaluate(nodes, loops, output, buffers, views, index, inputs, scalars) -> None:
    """Every op of the program over one rectangular block `index` of the iteration space."""
    out = views[0][index]
    values = {}
    for position, i in enumerate(inputs):
        values[i] = views[1 + position][index]
    for i, node in enumerate(nodes):
        if isinstance(node, Scalar):
            values[i] = scalars[node.index]
        elif isinstance(node, Apply):
            target = out if i == output else buffers[i][: math.prod(out.shape)].reshape(out.shape)
            try:
                loops[i]([target, *(values[a] for a in node.args)])
            except ValueError as e:  # NumPy's "Integers to negative integer powers..."
                raise ValueError(f"{node.spec.name}: {e}") from None
            values[i] = target

"""The per-call fast path of `xtensor.fuse`: one generated Python function per signature.

Owns: `fast_call` (a traced signature's fast function, or None where it has none) and
`MISS` (what a fast function returns to send the call down the full path instead).

Note [Per-call fast path]
~~~~~~~~~~~~~~~~~~~~~~~~~
A known signature of positional CPU arrays and Python scalars runs a function generated
for that signature alone. It checks the arguments itself (each one's type, each array's
dtype by identity and shape), so a call with the last signature seen costs no more; any
other costs one tuple key built from the arguments (each array's dtype and shape, each
scalar's type) and one dict lookup (`Fused.__call__`). In it the arrays and scalars are
local names, the scalar slots' Python arithmetic, type checks and integer bounds are inline
statements, and each output is one of

- *direct*: `numpy.empty` of the known shape and one call of the compiled loop's direct
  entry (Note [Direct calls] in `_jit/templates/xt_host.h`), in the calling thread, for
  outputs under DIRECT_MAX elements (the iterator would run them as one chunk anyway)
  whose array inputs all have the output's shape;
- *eager*: the program's ops one after the other over whole arrays, each the very NumPy
  loop the unfused call runs (`CPUProgram.eager_steps`; an intermediate read for the last
  time takes the next result, `out=`), for small outputs, where a few NumPy calls cost
  less than the direct entry's fixed cost (`_eager_is_cheaper`), or where there is no
  compiled loop (no compiler, or an op without host C++).

A final reduction is the reduction's own call on the elementwise result: the unfused
`sum(f(x))`, where the full path folds in the compiled pass (values within rounding).

Everything else -- keyword arguments, static arguments, device or foreign arrays, large
outputs, broadcasting inputs of large outputs -- takes the full path (`Fused._call`).
Either fast way gives the full path's values: the direct entry runs the same compiled loop;
eager replay runs where the program's ops give the same bits in NumPy and in C++
(`CPUProgram.exact`), or where the full path itself runs NumPy's loops. A fast function
returns MISS where its assumptions fail for this call (an input that is not C-contiguous,
Python scalar arithmetic whose type changed, an integer outside its op's dtype), and the
full path then decides, with its own errors and fallbacks.
"""

from __future__ import annotations

import math

import numpy as np

from .._array import Array, wrap
from .._dispatch import user_kernels

__all__ = ["DIRECT_MAX", "MISS", "fast_call"]

MISS = object()
DIRECT_MAX = 1 << 20  # under 2 * GRAIN_SIZE elements the iterator runs one chunk
# Without a compiled loop, eager replay beat blocked evaluation at every one-chunk size
# measured (2**10 to 2**18 float64; `a*b+c` 4x to 1.9x, the 5-op Gaussian 1.6x to 1.0x).
EAGER_MAX = DIRECT_MAX
# Measured on the VM of benchmarks/README.md (float64): a NumPy call costs about 0.3 us plus
# 0.3 ns an element, the direct entry about 1 us plus 0.3 ns an element for all its ops.
_CALL_NS, _DIRECT_NS, _ELEMENT_NS = 300, 1000, 0.3
_TYPES = {"b": bool, "i": int, "f": float, "c": complex}


def _eager_is_cheaper(ops: int, numel: int) -> bool:
    """The cost model of Note [Per-call fast path]: `ops` NumPy calls against one direct call."""
    return ops * (_CALL_NS + _ELEMENT_NS * numel) < _DIRECT_NS + _ELEMENT_NS * numel


def _shape_of(nodes, i: int, leaf_shapes: list, memo: dict) -> tuple:
    """The shape of node `i` (a Scalar's is None): its operands' broadcast shape."""
    if i not in memo:
        node = nodes[i]
        if isinstance(node, user_kernels.Leaf):
            memo[i] = tuple(leaf_shapes[node.index])
        elif isinstance(node, user_kernels.Scalar):
            memo[i] = None
        else:
            shapes = [_shape_of(nodes, a, leaf_shapes, memo) for a in node.args]
            memo[i] = np.broadcast_shapes(*(s for s in shapes if s is not None))
    return memo[i]


class _Writer:
    """Lines of a generated function and the objects its names refer to."""

    def __init__(self):
        self.lines: list = []
        self.env: dict = {
            "MISS": MISS,
            "Array": Array,
            "ndarray": np.ndarray,
            "new": object.__new__,
            "wrap": wrap,
        }

    def name(self, value, stem: str) -> str:
        """A global name of the generated function bound to `value`."""
        name = f"{stem}_{len(self.env)}"
        self.env[name] = value
        return name

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)


def fast_call(traced, layout: list, arrays: list, values: list):
    """The fast function of one traced signature (Note [Per-call fast path]), or None.

    `layout` gives each positional argument as ("array", k, Array) or ("scalar", j, type):
    the call's k-th array (data `arrays[k]`) or j-th Python scalar, of that type; `values`
    are the scalar slots' values in this call (`Traced.values`). The function takes the
    call's argument tuple and first checks that it has this signature: MISS if not.
    """
    if traced.unfused:
        return None
    w = _Writer()
    _guard(w, layout, arrays)
    _slots(w, traced)
    results = []
    shapes = [d.shape for d in arrays]
    for k, output in enumerate(traced.outputs):
        if not _output(w, traced, output, shapes, values, f"r{k}"):
            return None
        results.append(f"r{k}")
    if traced.as_tuple is None:
        w.emit(f"return {results[0]}")
    else:
        w.emit(f"return {w.name(traced.as_tuple, 'T')}(({', '.join(results)},))")
    source = "def fast(args):\n" + "\n".join(w.lines) + "\n"
    exec(compile(source, "<xtensor.fuse fast path>", "exec"), w.env)  # noqa: S102 - our own text
    return w.env["fast"]


def _guard(w: _Writer, layout: list, arrays: list) -> None:
    """The signature check, and the arguments as locals: `d<k>` an array's data, `a<j>` a
    scalar. Dtypes are compared by identity (NumPy's built-in dtypes are singletons; an
    equal dtype that is another object only misses)."""
    w.emit(f"if len(args) != {len(layout)}: return MISS")
    if not layout:
        return
    w.emit(f"{', '.join(f'p{p}' for p in range(len(layout)))}, = args")
    types, checks = [], []
    for p, (_, _, python_type) in enumerate(layout):
        types.append(f"type(p{p}) is not {w.name(python_type, 'Type')}")
    w.emit(f"if {' or '.join(types)}: return MISS")
    for p, (kind, index, _) in enumerate(layout):
        if kind == "array":
            w.emit(f"d{index} = p{p}._data")
            dtype, shape = w.name(arrays[index].dtype, "DT"), arrays[index].shape
            checks.append(
                f"type(d{index}) is not ndarray or d{index}.dtype is not {dtype} "
                f"or d{index}.shape != {shape!r}"
            )
        else:
            w.emit(f"a{index} = p{p}")
    if checks:
        w.emit(f"if {' or '.join(checks)}: return MISS")


def _slots(w: _Writer, traced) -> None:
    """Each scalar slot's value for this call, as `Traced.values` computes it."""
    for i, (source, kind) in enumerate(zip(traced.slots, traced.kinds)):
        if source[0] == "arg":
            w.emit(f"s{i} = a{source[1]}")
        elif source[0] == "const":
            w.emit(f"s{i} = {w.name(source[1], 'K')}")
        else:
            args = ", ".join(f"s{j}" for j in source[2])
            w.emit(f"s{i} = {w.name(source[1], 'F')}({args})")
            w.emit(f"if type(s{i}) is not {w.name(_TYPES[kind], 'T')}: return MISS")


def _output(w: _Writer, traced, output, shapes: list, values: list, target: str) -> bool:
    """Lines that leave output `output`'s value in `target`; False where it has no fast way."""
    if output.slot is not None:
        w.emit(f"{target} = s{output.slot}")
        return True
    if output.program is None:
        w.emit(f"{target} = {w.name(output.constant, 'C')}")
        return True
    sources = [f"d{ref}" if kind == "arg" else w.name(ref, "A") for kind, ref in output.sources]
    leaf_shapes = [shapes[ref] if kind == "arg" else ref.shape for kind, ref in output.sources]
    value = _program(w, traced, output, sources, leaf_shapes, values)
    if value is None:
        return False
    r = output.reduction
    if r is None:
        w.emit(f"{target} = new(Array)")
        w.emit(f"{target}._data = {value}")
    else:
        reduce = w.name(r.function, "R")
        options = w.name({"axis": r.axis, "keepdims": r.keepdims, **r.dtype}, "O")
        w.emit(f"{target} = {reduce}(wrap({value}), **{options})")
    return True


def _program(w: _Writer, traced, output, sources: list, leaf_shapes: list, values: list):
    """Lines computing the output's program; the name of its NumPy result, or None."""
    program = output.program
    nodes = program.nodes
    if isinstance(nodes[program.output], user_kernels.Leaf):
        return sources[nodes[program.output].index]  # the function returns an input
    shape = _shape_of(nodes, program.output, leaf_shapes, {})
    numel = math.prod(shape)
    if output._cpu is None:
        output._cpu = user_kernels.CPUProgram(program)
    cpu = output._cpu
    _bounds(w, traced, program)
    ops = sum(isinstance(n, user_kernels.Apply) for n in nodes)
    same_shape = all(s == shape for s in leaf_shapes)
    # The direct entry reads NumPy's array fields: captured constants must be ndarrays too.
    arrays = all(kind == "arg" or type(ref) is np.ndarray for kind, ref in output.sources)
    direct = cpu.direct is not None and same_shape and arrays and numel < DIRECT_MAX
    if direct and not (cpu.exact and _eager_is_cheaper(ops, numel)):
        return _direct(w, traced, program, cpu, (sources, shape, numel), values)
    cheaper = cpu.exact and _eager_is_cheaper(ops, numel)
    if (cheaper if cpu.compiled else True) and numel <= EAGER_MAX:
        return _eager(w, program, cpu, sources, leaf_shapes, values)
    return None


def _bounds(w: _Writer, traced, program) -> None:
    """A Python int outside the integer dtype its op computes in: the full path decides."""
    for index, dtype, _ in program.scalar_uses:
        if dtype.kind in "iu" and traced.kinds[index] == "i":
            info = np.iinfo(dtype.numpy)
            w.emit(f"if not {int(info.min)} <= s{index} <= {int(info.max)}: return MISS")


def _direct(w: _Writer, traced, program, cpu, where: tuple, values: list):
    """A new output array and one call of the direct entry; its name."""
    sources, shape, numel = where
    uses = [index for index, _, _ in program.scalar_uses]
    if all(traced.slots[i][0] == "const" for i in uses):  # the block is built once
        try:
            block = w.name(cpu.pack(*[values[i] for i in uses]), "B")
        except OverflowError:  # a constant its dtype cannot hold: the full path decides
            return None
    else:
        block = f"{w.name(cpu.pack, 'P')}({', '.join(f's{i}' for i in uses)})"
    out = f"o{len(w.lines)}"
    w.emit(f"{out} = {w.name(np.empty, 'E')}({shape!r}, {w.name(program.dtype.numpy, 'D')})")
    arrays = ", ".join([out, *sources])
    w.emit(f"if {w.name(cpu.direct, 'Direct')}({numel}, {block}, {arrays}): return MISS")
    return out


def _eager(w: _Writer, program, cpu, sources: list, leaf_shapes: list, values: list):
    """Each op's NumPy loop in turn over whole arrays; the name of the last result."""
    nodes, names, memo = program.nodes, {}, {}
    for i, node in enumerate(nodes):
        if isinstance(node, user_kernels.Leaf):
            names[i] = sources[node.index]
        elif isinstance(node, user_kernels.Scalar):
            names[i] = f"s{node.index}"
    last_use = {
        a: i for i, n in enumerate(nodes) if isinstance(n, user_kernels.Apply) for a in n.args
    }
    for i, loop, kwargs, fixup in cpu.eager_steps(values):
        args = ", ".join(names[a] for a in nodes[i].args)
        shape = _shape_of(nodes, i, leaf_shapes, memo)
        extra = f", **{w.name(kwargs, 'W')}" if kwargs else ""
        reuse = _spent(nodes, i, last_use, memo) if fixup is None and shape else None
        if reuse is not None and type(loop) is np.ufunc:
            extra += f", out={names[reuse]}"
        v = names[i] = f"v{i}_{len(w.lines)}"
        w.emit(f"{v} = {w.name(loop, 'L')}({args}{extra})")
        if shape == ():  # a 0-d result is a NumPy scalar
            w.emit(f"{v} = {w.name(np.asarray, 'N')}({v})")
        if fixup is not None:
            w.emit(f"{w.name(fixup, 'X')}(({args},), ({v},))")
    return names[program.output]


def _spent(nodes, i: int, last_use: dict, memo: dict):
    """An intermediate that op `i` reads for the last time and whose array can take op `i`'s
    result (same dtype and shape), saving an allocation; or None."""
    node = nodes[i]
    for a in node.args:
        arg = nodes[a]
        if (
            isinstance(arg, user_kernels.Apply)
            and last_use[a] == i
            and arg.result == node.result
            and memo.get(a) == memo[i]
        ):
            return a
    return None

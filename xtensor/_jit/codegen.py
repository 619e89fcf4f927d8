"""Pure generation of CUDA source for elementwise kernels.

Owns: ``generate_code(desc, variant) -> str``, the readable kernel name, and the kernel
parameter list (which ``launch`` and the hostsim driver use to pack arguments).  The
output is a self-contained translation unit: the support headers are inlined, so the
source alone determines the binary (and the cache key), and the same text compiles
under NVRTC and, after the hostsim prelude, under g++.

Knows nothing about ops, arrays or devices: everything arrives in a KernelDescriptor
(what to compute) and a Variant (how to walk memory).  Skeletons live in
``templates/*.cu``; see Note [Kernel skeletons].
"""

from __future__ import annotations

import functools
from importlib import resources
from string import Template

from .ctype_names import tag_of
from .descriptor import KernelDescriptor, ScalarPos, Variant

__all__ = [
    "array_inputs",
    "generate_code",
    "kernel_name",
    "kernel_params",
    "opmath",
    "support_source",
]

# Note [Kernel skeletons]
# A skeleton is a real .cu file with string.Template ${placeholders}; C++ braces never
# meet Python formatting.  codegen builds the small per-operand snippets (loads, the
# call of the op's device function, stores) and substitutes them with .substitute(),
# which fails loudly on a missing placeholder.  Support headers are inlined in this
# order, each guarded, so several generated kernels can share one translation unit.
SUPPORT_HEADERS = (
    "xt_common.cuh",
    "xt_complex.cuh",
    "xt_half.cuh",
    "xt_complex_math.cuh",
    "xt_complex_inverse.cuh",
)


# Note [Op math]
# A storage type without arithmetic of its own computes in a wider one, as PyTorch's
# opmath_type does: float16 (xt::half) ops load halves, call the op's device function on
# floats and round the result to half on store (Note [float16 arithmetic] in
# templates/xt_half.cuh).  Operands of any other input type convert straight to the op-math
# type; the only ones that meet a half compute type (bool, int8, uint8) are exact in both.
OPMATH = {"xt::half": "float"}


def opmath(ctype: str) -> str:
    """The C type the op's device function computes a ``ctype`` value in."""
    return OPMATH.get(ctype, ctype)


@functools.cache
def _template_text(name: str) -> str:
    return resources.files(__package__).joinpath("templates").joinpath(name).read_text()


def support_source() -> str:
    """The inlined support headers that open every generated translation unit."""
    return "\n".join(_template_text(name) for name in SUPPORT_HEADERS)


def _loop_t(variant: Variant) -> str:
    # Unsigned 32-bit loop index: `v += stride` may pass 2^31 on the last step.
    return "unsigned int" if variant.index_bits == 32 else "long long"


def _offset_t(variant: Variant) -> str:
    return "int" if variant.index_bits == 32 else "long long"


def _scalar_index(desc: KernelDescriptor, variant: Variant) -> int | None:
    if variant.scalar_pos is ScalarPos.NONE:
        return None
    return 0 if variant.scalar_pos is ScalarPos.LHS else desc.nin - 1


def array_inputs(desc: KernelDescriptor, variant: Variant) -> tuple[int, ...]:
    """Indices of the inputs passed as arrays (all but the scalar one)."""
    skip = _scalar_index(desc, variant)
    return tuple(k for k in range(desc.nin) if k != skip)


def kernel_name(desc: KernelDescriptor, variant: Variant) -> str:
    """Readable, unique name: ``xt_add_f32_f32_contig_v4``, ``xt_less_i32_i64_to_b1_...``."""
    parts = [desc.function_name, *(tag_of(c) for c in desc.input_ctypes)]
    if desc.result_ctypes != (desc.compute_ctype,) * desc.nout:
        parts += ["to", *(tag_of(c) for c in desc.result_ctypes)]
    parts.append(f"contig_v{variant.vec_size}" if variant.contiguous else "strided")
    if variant.dynamic_casting:
        parts.append(f"cast_{tag_of(desc.compute_ctype)}")
    if variant.scalar_pos is not ScalarPos.NONE:
        parts.append(variant.scalar_pos.value)
    if variant.index_bits == 64:
        parts.append("i64")
    return "_".join(parts)


def kernel_params(desc: KernelDescriptor, variant: Variant) -> tuple[tuple[str, str], ...]:
    """``(ctype, name)`` of every kernel parameter, in launch order.

    numel, outputs (``char*``), array inputs (``const char*``), the scalar (compute
    type), the descriptor's extra arguments, and for strided kernels the offset
    calculator (see plan.offset_calc_value for its byte layout).
    """
    params = [(_loop_t(variant), "numel")]
    params += [("char*", f"out{k}") for k in range(desc.nout)]
    params += [("const char*", f"in{k}") for k in array_inputs(desc, variant)]
    if variant.scalar_pos is not ScalarPos.NONE:
        params.append((desc.compute_ctype, "scalar"))
    params += list(desc.extra_args)
    if not variant.contiguous:
        nargs = desc.nout + len(array_inputs(desc, variant))
        params.append((f"xt::OffsetCalc<{nargs}, {_offset_t(variant)}>", "calc"))
    return tuple(params)


def _check(desc: KernelDescriptor, variant: Variant) -> None:
    if variant.scalar_pos is not ScalarPos.NONE and desc.nin < 2:
        raise ValueError(f"{desc.name}: a scalar operand needs nin >= 2; got nin={desc.nin}")
    if not variant.dynamic_casting:
        for k in array_inputs(desc, variant):
            if desc.input_ctypes[k] != desc.compute_ctype:
                raise ValueError(
                    f"{desc.name}: input {k} is {desc.input_ctypes[k]} but the compute type is "
                    f"{desc.compute_ctype}; this needs the dynamic_casting variant"
                )


def _input_exprs(desc: KernelDescriptor, variant: Variant, load) -> list[str]:
    """Op-math expressions for every input (see Note [Op math]); ``load(k, slot)`` gives
    array loads."""
    scalar = _scalar_index(desc, variant)
    math_t = opmath(desc.compute_ctype)
    exprs = []
    for slot, k in enumerate(array_inputs(desc, variant)):
        raw = load(k, desc.nout + slot)
        if desc.input_ctypes[k] != math_t and (
            variant.dynamic_casting or math_t != desc.compute_ctype
        ):
            raw = f"xt::cast<{math_t}>({raw})"
        exprs.append(raw)
    if scalar is not None:
        same = math_t == desc.compute_ctype
        exprs.insert(scalar, "scalar" if same else f"xt::cast<{math_t}>(scalar)")
    return exprs


def _apply(desc: KernelDescriptor, inputs: list[str], store, indent: str) -> str:
    """Call the op's device function on ``inputs``; ``store(k, value)`` writes output k."""
    args = inputs + [name for _, name in desc.extra_args]
    call = f"{desc.function_name}({', '.join(args)})"
    if desc.nout == 1:
        value = f"xt::cast<{desc.result_ctypes[0]}>({call})"
        return f"{indent}{store(0, value)};"
    lines = [f"{indent}{opmath(ctype)} r{k};" for k, ctype in enumerate(desc.result_ctypes)]
    outs = ", ".join(f"r{k}" for k in range(desc.nout))
    lines.append(f"{indent}{desc.function_name}({', '.join(args + [outs])});")
    for k, ctype in enumerate(desc.result_ctypes):
        value = f"r{k}" if opmath(ctype) == ctype else f"xt::cast<{ctype}>(r{k})"
        lines.append(f"{indent}{store(k, value)};")
    return "\n".join(lines)


def _vec_body(desc: KernelDescriptor, variant: Variant) -> str:
    vec = variant.vec_size
    lines = []
    for k in array_inputs(desc, variant):
        vt = f"xt::Vec<{desc.input_ctypes[k]}, {vec}>"
        lines.append(f"    const {vt} in{k}_v = reinterpret_cast<const {vt}*>(in{k})[v];")
    for k, r in enumerate(desc.result_ctypes):
        lines.append(f"    xt::Vec<{r}, {vec}> out{k}_v;")
    lines.append("#pragma unroll")
    lines.append(f"    for (int j = 0; j < {vec}; ++j) {{")
    inputs = _input_exprs(desc, variant, lambda k, slot: f"in{k}_v.val[j]")
    lines.append(_apply(desc, inputs, lambda k, value: f"out{k}_v.val[j] = {value}", "      "))
    lines.append("    }")
    for k, r in enumerate(desc.result_ctypes):
        lines.append(f"    reinterpret_cast<xt::Vec<{r}, {vec}>*>(out{k})[v] = out{k}_v;")
    return "\n".join(lines)


def _scalar_body(desc: KernelDescriptor, variant: Variant) -> str:
    ins, outs = desc.input_ctypes, desc.result_ctypes
    if variant.contiguous:
        inputs = _input_exprs(
            desc, variant, lambda k, slot: f"reinterpret_cast<const {ins[k]}*>(in{k})[i]"
        )
        store = lambda k, value: f"reinterpret_cast<{outs[k]}*>(out{k})[i] = {value}"
    else:
        inputs = _input_exprs(
            desc,
            variant,
            lambda k, slot: f"*reinterpret_cast<const {ins[k]}*>(in{k} + offsets[{slot}])",
        )
        store = lambda k, value: f"*reinterpret_cast<{outs[k]}*>(out{k} + offsets[{k}]) = {value}"
    return _apply(desc, inputs, store, "    ")


def _op_source(desc: KernelDescriptor) -> str:
    guard = f"XT_FUNCTION_{desc.function_name}"
    return f"#ifndef {guard}\n#define {guard}\n{desc.code.strip()}\n#endif  // {guard}\n"


def generate_kernel(desc: KernelDescriptor, variant: Variant) -> str:
    """Just the op function and the kernel, without support headers (for batching)."""
    _check(desc, variant)
    fields = {
        "kernel_name": kernel_name(desc, variant),
        "params": ", ".join(f"{ctype} {name}" for ctype, name in kernel_params(desc, variant)),
        "loop_t": _loop_t(variant),
        "scalar_body": _scalar_body(desc, variant),
    }
    if variant.contiguous:
        fields.update(vec_size=str(variant.vec_size), vec_body=_vec_body(desc, variant))
        skeleton = "elementwise_contiguous.cu"
    else:
        nargs = desc.nout + len(array_inputs(desc, variant))
        fields.update(offset_t=_offset_t(variant), nargs=str(nargs))
        skeleton = "elementwise_strided.cu"
    kernel = Template(_template_text(skeleton)).substitute(fields)
    return f"{_op_source(desc)}\n{kernel}"


def generate_code(desc: KernelDescriptor, variant: Variant) -> str:
    """Complete CUDA source of one kernel (pure: same inputs, same text)."""
    banner = (
        f"// xtensor generated kernel {kernel_name(desc, variant)}\n"
        f"// op {desc.name}: inputs ({', '.join(desc.input_ctypes)}) compute {desc.compute_ctype}"
        f" -> ({', '.join(desc.result_ctypes)}); variant {variant.tag}\n"
    )
    return f"{banner}{support_source()}\n{generate_kernel(desc, variant)}"

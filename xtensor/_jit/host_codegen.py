"""Loop kernels: one elementwise computation as data, and the sources that loop it.

Owns: ``LoopKernel`` (what a loop computes: the device functions it calls, the element
types of its outputs, array inputs and scalar arguments, and a body of C++ statements),
``host_source`` (a translation unit for the host C++ compiler, see ``host.py``), and
``device_source``/``device_params``/``device_args`` (the same body in the CUDA elementwise
skeletons, for NVRTC and the CuPy launcher).  User kernels on the CPU and fused functions
(``xtensor.fuse``) on either device are LoopKernels; the built-in ops keep their
KernelDescriptor path (``codegen.py``), whose support headers and skeletons this reuses.

Note [Loop kernel bodies]
~~~~~~~~~~~~~~~~~~~~~~~~~
A body is a few C++ statements run once per element.  It reads ``in0, in1...`` (the array
inputs' elements, as stored: a body casts them itself) and ``s0, s1...`` (the scalar
arguments), and assigns ``r0, r1...``, which the skeleton declares with ``result_ctypes``
and then stores to the outputs or, for a ``reduce`` kernel, folds into an accumulator.
Example, ``exp(x) * 2.5`` for a float32 ``x``::

    const float v0 = xt_exp(in0);
    r0 = xt_multiply(v0, s0);

The same body compiles three ways: in the host skeletons (``templates/host_*.cpp`` after
``xt_host.h``), and in the CUDA contiguous and strided skeletons.

Knows nothing about ops, arrays or the iterator.
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Template

import numpy as np

from . import codegen
from .ctype_names import dtype_of, itemsize_of, tag_of
from .descriptor import _IDENTIFIER
from .plan import MAX_DIMS, LaunchPlan, fits_32bit, offset_calc_value

__all__ = [
    "FOLDS",
    "LoopKernel",
    "device_args",
    "device_kernel_name",
    "device_params",
    "device_source",
    "direct_entry",
    "guarded",
    "host_entry",
    "host_source",
    "is_dense",
    "type_tags",
]

FOLDS = ("Sum", "Prod", "Max", "Min")  # the accumulators of templates/xt_host_reduce.h
SCALAR_SLOT_BYTES = 16  # each scalar argument's slot in the host scalar block (complex128)


@dataclass(frozen=True)
class LoopKernel:
    """One elementwise loop body and the types around it (Note [Loop kernel bodies]).

    ``name`` is a readable C identifier; ``code`` the device functions the body calls
    (each wrapped by ``guarded``); ``reduce`` is None, or ``(fold, accumulator ctype)``
    for a kernel that folds ``r0`` over its range instead of storing it (host only).
    """

    name: str
    code: str
    output_ctypes: tuple[str, ...]
    input_ctypes: tuple[str, ...]
    scalar_ctypes: tuple[str, ...]
    result_ctypes: tuple[str, ...]
    body: tuple[str, ...]
    reduce: tuple[str, str] | None = None

    def __post_init__(self) -> None:
        if not _IDENTIFIER.match(self.name):
            raise ValueError(f"LoopKernel: name must be a C identifier; got {self.name!r}")
        for ctype in (*self.output_ctypes, *self.input_ctypes, *self.scalar_ctypes):
            dtype_of(ctype)  # TypeError for a type kernels cannot hold
        if self.reduce is None and len(self.output_ctypes) != len(self.result_ctypes):
            raise ValueError(
                f"{self.name}: {len(self.result_ctypes)} results for "
                f"{len(self.output_ctypes)} outputs"
            )
        if self.reduce is not None:
            if self.output_ctypes or len(self.result_ctypes) != 1 or self.reduce[0] not in FOLDS:
                raise ValueError(
                    f"{self.name}: a reduce kernel has no outputs, one result and a fold of "
                    f"{', '.join(FOLDS)}; got reduce={self.reduce!r}"
                )
        if not self.output_ctypes and not self.input_ctypes:
            raise ValueError(f"{self.name}: a loop kernel needs at least one array operand")

    @property
    def array_ctypes(self) -> tuple[str, ...]:
        """Element types of the array operands, outputs first (the iterator's order)."""
        return self.output_ctypes + self.input_ctypes


def guarded(function_name: str, code: str) -> str:
    """``code`` inside an include guard named after the function it defines, so a body may
    call the same device function from several places and a unit holds it once."""
    guard = f"XT_FUNCTION_{function_name}"
    return f"#ifndef {guard}\n#define {guard}\n{code.strip()}\n#endif  // {guard}\n"


def type_tags(ctypes: tuple[str, ...]) -> str:
    """``f64_f32`` for readable kernel names."""
    return "_".join(tag_of(c) for c in ctypes)


# ---- host source ----------------------------------------------------------------------------


def host_entry(kernel: LoopKernel) -> str:
    """The exported C name of the kernel's host entry."""
    return f"xt_host_{kernel.name}"


def direct_entry(kernel: LoopKernel) -> str | None:
    """The exported C name of the kernel's direct entry (Note [Direct calls] in
    ``templates/xt_host.h``), or None: a reduce kernel has none."""
    return None if kernel.reduce is not None else f"{host_entry(kernel)}_direct"


def _scalar_loads(kernel: LoopKernel) -> str:
    return "\n".join(
        f"  {ctype} s{k};\n  std::memcpy(&s{k}, scalars + {SCALAR_SLOT_BYTES * k}, sizeof s{k});"
        for k, ctype in enumerate(kernel.scalar_ctypes)
    )


def _declare_results(kernel: LoopKernel, indent: str) -> list[str]:
    return [f"{indent}{ctype} r{k};" for k, ctype in enumerate(kernel.result_ctypes)]


def _host_element(kernel: LoopKernel, dense: bool, indent: str) -> str:
    """Loads, body and store (or fold) of element i."""
    nout = len(kernel.output_ctypes)
    lines = []
    for k, ctype in enumerate(kernel.input_ctypes):
        slot = nout + k
        load = (
            f"a{k}[i]" if dense else f"*reinterpret_cast<const {ctype}*>(p[{slot}] + i * s[{slot}])"
        )
        lines.append(f"{indent}const {ctype} in{k} = {load};")
    lines += _declare_results(kernel, indent)
    lines += [f"{indent}{statement}" for statement in kernel.body]
    if kernel.reduce is not None:
        acc = kernel.reduce[1]
        lines.append(f"{indent}acc = Fold::fold(acc, xt::cast<{acc}>(r0));")
    for k, ctype in enumerate(kernel.output_ctypes):
        target = f"o{k}[i]" if dense else f"*reinterpret_cast<{ctype}*>(p[{k}] + i * s[{k}])"
        lines.append(f"{indent}{target} = r{k};")
    return "\n".join(lines)


def _dense_setup(kernel: LoopKernel, indent: str) -> str:
    nout = len(kernel.output_ctypes)
    lines = [
        f"{indent}{ctype}* __restrict o{k} = reinterpret_cast<{ctype}*>(p[{k}]);"
        for k, ctype in enumerate(kernel.output_ctypes)
    ]
    lines += [
        f"{indent}const {ctype}* __restrict a{k} = reinterpret_cast<const {ctype}*>(p[{nout + k}]);"
        for k, ctype in enumerate(kernel.input_ctypes)
    ]
    return "\n".join(lines)


def host_source(kernel: LoopKernel) -> str:
    """The complete host translation unit of ``kernel`` (pure: same kernel, same text).

    Every header is inlined, so the text alone determines the binary and its cache key.
    """
    dense_test = " && ".join(
        f"s[{k}] == {itemsize_of(c)}" for k, c in enumerate(kernel.array_ctypes)
    )
    nargs = len(kernel.array_ctypes)
    fields = {
        "kernel_name": host_entry(kernel),
        "nargs": str(nargs),
        "direct_params": ", ".join(f"const void* x{k}" for k in range(nargs)),
        "direct_arrays": ", ".join(f"x{k}" for k in range(nargs)),
        "itemsizes": ", ".join(str(itemsize_of(c)) for c in kernel.array_ctypes),
        "scalar_loads": _scalar_loads(kernel),
        "dense_test": dense_test,
        "nout": str(len(kernel.output_ctypes)),
        "dense_setup": _dense_setup(kernel, "      " if kernel.reduce else "    "),
        "dense_body": _host_element(kernel, True, "          " if kernel.reduce else "      "),
        "strided_body": _host_element(kernel, False, "        "),
    }
    # Note [Direct calls] in xt_host.h: where NumPy's array fields start in this Python.
    head = f"#define XT_PYOBJECT_HEAD_BYTES {object.__basicsize__}\n"
    headers = [head + codegen._template_text("xt_host.h"), codegen.support_source()]
    if kernel.reduce is None:
        skeleton = "host_elementwise.cpp"
    else:
        fields.update(fold=kernel.reduce[0], acc_t=kernel.reduce[1])
        headers.append(codegen._template_text("xt_host_reduce.h"))
        skeleton = "host_reduce.cpp"
    loop = Template(codegen._template_text(skeleton)).substitute(fields)
    banner = (
        f"// xtensor host kernel {kernel.name}: outputs ({', '.join(kernel.output_ctypes)}), "
        f"inputs ({', '.join(kernel.input_ctypes)}), scalars ({', '.join(kernel.scalar_ctypes)})"
        f"{'' if kernel.reduce is None else f', folded by {kernel.reduce[0]}'}\n"
    )
    return "\n".join([banner, *headers, kernel.code, loop])


# ---- device source --------------------------------------------------------------------------


def is_dense(plan: LaunchPlan, k: int) -> bool:
    """Operand k of ``plan`` is C-contiguous over its shape (size-1 dims ignored)."""
    expected = plan.dtypes[k].itemsize
    for size, stride in zip(reversed(plan.shape), reversed(plan.byte_strides[k])):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def device_kernel_name(kernel: LoopKernel, contiguous: bool, index_bits: int) -> str:
    layout = "contig" if contiguous else "strided"
    return f"{kernel.name}_{layout}{'_i64' if index_bits == 64 else ''}"


def device_params(kernel: LoopKernel, contiguous: bool, index_bits: int) -> tuple:
    """``(ctype, name)`` of every CUDA kernel parameter, in launch order."""
    params = [("unsigned int" if index_bits == 32 else "long long", "numel")]
    params += [("char*", f"out_ptr{k}") for k in range(len(kernel.output_ctypes))]
    params += [("const char*", f"in_ptr{k}") for k in range(len(kernel.input_ctypes))]
    params += [(ctype, f"s{k}") for k, ctype in enumerate(kernel.scalar_ctypes)]
    if not contiguous:
        offset = "int" if index_bits == 32 else "long long"
        params.append((f"xt::OffsetCalc<{len(kernel.array_ctypes)}, {offset}>", "calc"))
    return tuple(params)


def _device_element(kernel: LoopKernel, contiguous: bool, index: str) -> str:
    nout = len(kernel.output_ctypes)
    lines = []
    for k, ctype in enumerate(kernel.input_ctypes):
        if contiguous:
            load = f"reinterpret_cast<const {ctype}*>(in_ptr{k})[{index}]"
        else:
            load = f"*reinterpret_cast<const {ctype}*>(in_ptr{k} + offsets[{nout + k}])"
        lines.append(f"    const {ctype} in{k} = {load};")
    lines += _declare_results(kernel, "    ")
    lines += [f"    {statement}" for statement in kernel.body]
    for k, ctype in enumerate(kernel.output_ctypes):
        if contiguous:
            target = f"reinterpret_cast<{ctype}*>(out_ptr{k})[{index}]"
        else:
            target = f"*reinterpret_cast<{ctype}*>(out_ptr{k} + offsets[{k}])"
        lines.append(f"    {target} = r{k};")
    return "\n".join(lines)


def device_source(kernel: LoopKernel, contiguous: bool, index_bits: int = 32) -> str:
    """Complete CUDA source of ``kernel`` in the contiguous or strided elementwise skeleton."""
    if kernel.reduce is not None:
        raise ValueError(f"{kernel.name}: reduce kernels run on the host only")
    name = device_kernel_name(kernel, contiguous, index_bits)
    params = device_params(kernel, contiguous, index_bits)
    fields = {
        "kernel_name": name,
        "params": ", ".join(f"{ctype} {pname}" for ctype, pname in params),
        "loop_t": params[0][0],
    }
    if contiguous:
        fields.update(
            vec_size="1",
            vec_body=_device_element(kernel, True, "v"),
            scalar_body=_device_element(kernel, True, "i"),
        )
        skeleton = "elementwise_contiguous.cu"
    else:
        fields.update(
            offset_t="int" if index_bits == 32 else "long long",
            nargs=str(len(kernel.array_ctypes)),
            scalar_body=_device_element(kernel, False, "i"),
        )
        skeleton = "elementwise_strided.cu"
    loop = Template(codegen._template_text(skeleton)).substitute(fields)
    banner = f"// xtensor generated kernel {name}\n"
    return "\n".join([banner, codegen.support_source(), kernel.code, loop])


def device_layout(plan: LaunchPlan) -> tuple[bool, int]:
    """(contiguous, index_bits) of the device kernel that runs ``plan``."""
    if len(plan.shape) > MAX_DIMS:
        raise ValueError(f"plan has {len(plan.shape)} dims; split_ndim it first (max {MAX_DIMS})")
    contiguous = all(is_dense(plan, k) for k in range(len(plan.dtypes)))
    return contiguous, 32 if fits_32bit(plan) else 64


def device_args(kernel: LoopKernel, plan: LaunchPlan, scalars: tuple) -> tuple:
    """(kernel name, NumPy scalars for every parameter of ``device_params``) for ``plan``."""
    contiguous, bits = device_layout(plan)
    args: list = [(np.uint32 if bits == 32 else np.int64)(plan.numel)]
    args += [np.uint64(ptr) for ptr in plan.data_ptrs]
    args += [
        np.asarray(value, dtype=dtype_of(ctype))[()]
        for ctype, value in zip(kernel.scalar_ctypes, scalars)
    ]
    if not contiguous:
        args.append(offset_calc_value(plan, bits))
    return device_kernel_name(kernel, contiguous, bits), tuple(args)

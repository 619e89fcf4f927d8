"""Code generation: every op x dtype x variant compiles with the real NVRTC (no GPU needed),
plus snapshot-style checks of generate_code's output.

The op facts below (arity, input categories, result kind) are written independently of
xtensor's op table on purpose: the completeness check must not pass by construction.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from xtensor._jit import codegen, compiler
from xtensor._jit.ctype_names import ctype_of
from xtensor._jit.descriptor import KernelDescriptor, ScalarPos, Variant
from xtensor._ops import cuda

BOOL = ("bool",)
INT = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
FLOAT = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
REAL = INT + FLOAT
NUMERIC = REAL + COMPLEX
INEXACT = FLOAT + COMPLEX
ALL = BOOL + NUMERIC

# name: (nin, input dtypes, result kind); kinds: same, bool, real (complex -> its real type)
OPS: dict[str, tuple[int, tuple[str, ...], str]] = {
    "abs": (1, NUMERIC, "real"),
    "acos": (1, INEXACT, "same"),
    "acosh": (1, INEXACT, "same"),
    "add": (2, NUMERIC, "same"),
    "asin": (1, INEXACT, "same"),
    "asinh": (1, INEXACT, "same"),
    "atan": (1, INEXACT, "same"),
    "atan2": (2, FLOAT, "same"),
    "atanh": (1, INEXACT, "same"),
    "bitwise_and": (2, BOOL + INT, "same"),
    "bitwise_left_shift": (2, INT, "same"),
    "bitwise_invert": (1, BOOL + INT, "same"),
    "bitwise_or": (2, BOOL + INT, "same"),
    "bitwise_right_shift": (2, INT, "same"),
    "bitwise_xor": (2, BOOL + INT, "same"),
    "ceil": (1, REAL, "same"),
    "clip": (3, REAL, "same"),
    "conj": (1, NUMERIC, "same"),
    "copysign": (2, FLOAT, "same"),
    "cos": (1, INEXACT, "same"),
    "cosh": (1, INEXACT, "same"),
    "divide": (2, INEXACT, "same"),
    "equal": (2, ALL, "bool"),
    "exp": (1, INEXACT, "same"),
    "expm1": (1, INEXACT, "same"),
    "floor": (1, REAL, "same"),
    "floor_divide": (2, REAL, "same"),
    "greater": (2, REAL, "bool"),
    "greater_equal": (2, REAL, "bool"),
    "hypot": (2, FLOAT, "same"),
    "imag": (1, COMPLEX, "real"),
    "isfinite": (1, NUMERIC, "bool"),
    "isinf": (1, NUMERIC, "bool"),
    "isnan": (1, NUMERIC, "bool"),
    "less": (2, REAL, "bool"),
    "less_equal": (2, REAL, "bool"),
    "log": (1, INEXACT, "same"),
    "log1p": (1, INEXACT, "same"),
    "log2": (1, INEXACT, "same"),
    "log10": (1, INEXACT, "same"),
    "logaddexp": (2, FLOAT, "same"),
    "logical_and": (2, BOOL, "bool"),
    "logical_not": (1, BOOL, "bool"),
    "logical_or": (2, BOOL, "bool"),
    "logical_xor": (2, BOOL, "bool"),
    "maximum": (2, REAL, "same"),
    "minimum": (2, REAL, "same"),
    "multiply": (2, NUMERIC, "same"),
    "negative": (1, NUMERIC, "same"),
    "nextafter": (2, FLOAT, "same"),
    "not_equal": (2, ALL, "bool"),
    "positive": (1, NUMERIC, "same"),
    "pow": (2, NUMERIC, "same"),
    "real": (1, NUMERIC, "real"),
    "reciprocal": (1, INEXACT, "same"),
    "remainder": (2, REAL, "same"),
    "round": (1, NUMERIC, "same"),
    "sign": (1, NUMERIC, "same"),
    "signbit": (1, FLOAT, "bool"),
    "sin": (1, INEXACT, "same"),
    "sinh": (1, INEXACT, "same"),
    "square": (1, NUMERIC, "same"),
    "sqrt": (1, INEXACT, "same"),
    "subtract": (2, NUMERIC, "same"),
    "tan": (1, INEXACT, "same"),
    "tanh": (1, INEXACT, "same"),
    "trunc": (1, REAL, "same"),
}

# For the dynamic-casting variant: an input dtype that differs from the compute dtype.
CAST_FROM = {
    "bool": "uint8",
    "float32": "int16",
    "float64": "float32",
    "complex64": "float32",
    "complex128": "complex64",
}


def result_dtype(kind: str, dtype: str) -> str:
    if kind == "bool":
        return "bool"
    if kind == "real" and dtype.startswith("complex"):
        return {"complex64": "float32", "complex128": "float64"}[dtype]
    return dtype


def make_desc(op: str, dtype: str, input_dtypes: tuple[str, ...] | None = None):
    nin, _, kind = OPS[op]
    inputs = input_dtypes or (dtype,) * nin
    return KernelDescriptor(
        name=op,
        code=cuda.BY_NAME[op],
        nin=nin,
        nout=1,
        input_ctypes=tuple(ctype_of(d) for d in inputs),
        compute_ctype=ctype_of(dtype),
        result_ctypes=(ctype_of(result_dtype(kind, dtype)),),
    )


def variants_for(op: str, dtype: str):
    """Every variant worth compiling for (op, dtype): yields (desc, variant)."""
    nin = OPS[op][0]
    width = max(np.dtype(dtype).itemsize, np.dtype(result_dtype(OPS[op][2], dtype)).itemsize)
    desc = make_desc(op, dtype)
    for vec in (1, 2, 4):
        if vec == 1 or width * vec <= 16:
            yield desc, Variant(contiguous=True, vec_size=vec)
    yield desc, Variant(contiguous=False, index_bits=32)
    yield desc, Variant(contiguous=False, index_bits=64)
    src = CAST_FROM.get(dtype, "int8" if dtype != "int8" else "int16")
    cast_desc = make_desc(op, dtype, (src,) + (dtype,) * (nin - 1))
    yield cast_desc, Variant(contiguous=True, dynamic_casting=True)
    yield cast_desc, Variant(contiguous=False, dynamic_casting=True, index_bits=64)
    if nin >= 2:
        yield desc, Variant(contiguous=True, vec_size=1, scalar_pos=ScalarPos.LHS)
        yield desc, Variant(contiguous=False, scalar_pos=ScalarPos.RHS)
        yield cast_desc, Variant(contiguous=False, dynamic_casting=True, scalar_pos=ScalarPos.RHS)


def batch_source(pairs) -> str:
    kernels = {codegen.kernel_name(d, v): codegen.generate_kernel(d, v) for d, v in pairs}
    return codegen.support_source() + "\n" + "\n".join(kernels.values())


needs_nvrtc = pytest.mark.skipif(
    not compiler.have_nvrtc() and not os.environ.get("CI"),
    reason="NVRTC not installed (pip install -e '.[test]' brings it); CI always requires it",
)


def test_op_list_is_the_standard_67():
    assert len(OPS) == 67
    assert set(cuda.BY_NAME) == set(OPS)
    for name, code in cuda.BY_NAME.items():
        assert f"xt_{name}(" in code, name


@needs_nvrtc
@pytest.mark.parametrize("arch", ["sm_80", "compute_80"])
def test_a_clean_compile_leaves_python_bytes_alone(arch):
    """A clean compile's log is one NUL byte. NVRTC writes it into the buffer it is handed,
    which once was `b" " * 1`, CPython's shared one-byte b" ": every b" " of the process
    (a space split off by `readline`, say) then read as b"\x00"."""
    binary = compiler.compile_source(
        'extern "C" __global__ void k(float* x) { x[0] = 1.0f; }', "clean_log", arch=arch
    )
    assert len(binary) > 0
    # Compared as ints: a b" " literal here would be the same shared object.
    assert list(bytes([32])) == [32] and list(b"a b"[1:2]) == [32]


@needs_nvrtc
def test_every_op_dtype_variant_compiles_with_nvrtc():
    """One NVRTC program per op holding all its dtype x variant kernels (any compile error
    names the op); ~3,800 kernels.  PTX with -G: the whole front end and code generation
    run, the optimizer and ptxas do not, which keeps this under a minute on 2 cores (the
    next test runs the optimizing pipeline on a sample)."""
    started = time.perf_counter()

    def compile_op(op: str) -> int:
        pairs = [pair for dtype in OPS[op][1] for pair in variants_for(op, dtype)]
        compiler.compile_source(
            batch_source(pairs), f"batch_{op}", arch="compute_80", options=("-G",)
        )
        return len(pairs)

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        counts = list(pool.map(compile_op, sorted(OPS)))
    assert sum(counts) > 2000
    print(f"compiled {sum(counts)} kernels in {time.perf_counter() - started:.1f}s")


@needs_nvrtc
def test_optimized_cubin_for_each_op():
    """Full pipeline (optimizer + ptxas, CUBIN for sm_80) on every op: its widest dtype,
    vectorized contiguous and strided 64-bit variants, in one program."""
    pairs = []
    for op, (_nin, dtypes, _kind) in OPS.items():
        dtype = dtypes[-1]
        pairs += list(variants_for(op, dtype))[:1] + [
            (make_desc(op, dtype), Variant(contiguous=False, index_bits=64))
        ]
    halves = [pairs[: len(pairs) // 2], pairs[len(pairs) // 2 :]]  # one NVRTC per core
    with ThreadPoolExecutor(max_workers=2) as pool:
        cubins = list(
            pool.map(
                lambda half: compiler.compile_source(
                    batch_source(half), "batch_optimized", arch="sm_80"
                ),
                halves,
            )
        )
    assert all(cubin[:4] == b"\x7fELF" for cubin in cubins)


@needs_nvrtc
def test_compile_error_shows_first_error_and_source_lines():
    desc = KernelDescriptor(
        "broken",
        "template <typename T> __device__ T xt_broken(T x) { return undefined_thing(x); }",
        1,
        1,
        ("float",),
        "float",
        ("float",),
    )
    source = codegen.generate_code(desc, Variant())
    with pytest.raises(compiler.CompileError, match="undefined_thing") as info:
        compiler.compile_source(source, codegen.kernel_name(desc, Variant()))
    err = info.value
    assert isinstance(err, RuntimeError)
    assert "xt_broken_f32_contig_v1" in str(err) and "> " in str(err)
    assert err.source == source and "--gpu-architecture" in " ".join(err.options)
    assert "undefined_thing" in err.dump() and "error" in err.log


@needs_nvrtc
def test_reduction_kernels_compile_with_nvrtc():
    from xtensor._jit.reduction import (
        KINDS,
        descriptor_for,
        generate_reduction_code,
        generate_reduction_kernel,
        generate_winners_kernel,
    )

    kernels = []
    for kind, (_, complex_ok) in KINDS.items():
        for dtype in ("bool", "int8", "int64", "uint32", "float32", "float64") + (
            COMPLEX if complex_ok else ()
        ):
            result = (
                "int64" if kind.startswith("arg") else "bool" if kind in ("any", "all") else dtype
            )
            compute = dtype
            if kind in ("mean", "var", "std") and dtype not in INEXACT:
                compute = result = "float64"
            desc = descriptor_for(kind, dtype, compute, result)
            kernels.append(generate_reduction_kernel(desc))
            kernels.append(generate_reduction_kernel(desc, 512, columns=True))
            if kind.startswith("arg"):
                kernels.append(generate_winners_kernel(desc))
    source = codegen.support_source() + "\n" + "\n".join(kernels)
    compiler.compile_source(source, "batch_reductions", arch="compute_80", options=("-G",))
    full = generate_reduction_code(descriptor_for("var", "float32", "float64", "float32"))
    assert compiler.compile_source(full, "var_f32", arch="sm_80")[:4] == b"\x7fELF"
    columns = generate_reduction_code(
        descriptor_for("argmax", "float32", "float32", "int64"), 512, True
    )
    assert compiler.compile_source(columns, "argmax_cols", arch="sm_90")[:4] == b"\x7fELF"


def test_generate_code_snapshot():
    """The shape of generated source, pinned: names, parameters, loads, call, store."""
    desc = make_desc("add", "float32")
    src = codegen.generate_code(desc, Variant(contiguous=True, vec_size=4))
    assert src.startswith("// xtensor generated kernel xt_add_f32_f32_contig_v4\n")
    assert (
        'extern "C" __global__ void xt_add_f32_f32_contig_v4(unsigned int numel, '
        "char* out0, const char* in0, const char* in1)"
    ) in src
    assert "reinterpret_cast<const xt::Vec<float, 4>*>(in1)[v]" in src
    assert "out0_v.val[j] = xt::cast<float>(xt_add(in0_v.val[j], in1_v.val[j]));" in src
    assert "#define XT_COMMON_CUH" in src and "${" not in src
    assert codegen.generate_code(desc, Variant(True, 4)) == src  # pure

    cast = make_desc("less", "float64", ("int32", "float64"))
    variant = Variant(
        contiguous=False, dynamic_casting=True, scalar_pos=ScalarPos.RHS, index_bits=64
    )
    name = codegen.kernel_name(cast, variant)
    assert name == "xt_less_i32_f64_to_b1_strided_cast_f64_rhs_i64"
    params = codegen.kernel_params(cast, variant)
    assert params == (
        ("long long", "numel"),
        ("char*", "out0"),
        ("const char*", "in0"),
        ("double", "scalar"),
        ("xt::OffsetCalc<2, long long>", "calc"),
    )
    body = codegen.generate_kernel(cast, variant)
    assert (
        "xt_less(xt::cast<double>(*reinterpret_cast<const int*>(in0 + offsets[1])), scalar)"
    ) in body


def test_generate_code_rejects_inconsistent_requests():
    with pytest.raises(ValueError, match="dynamic_casting"):
        codegen.generate_code(make_desc("add", "float64", ("int32", "float64")), Variant())
    with pytest.raises(ValueError, match="nin >= 2"):
        codegen.generate_code(make_desc("exp", "float32"), Variant(scalar_pos=ScalarPos.LHS))
    with pytest.raises(ValueError, match="vectorized"):
        Variant(contiguous=False, vec_size=4)
    with pytest.raises(TypeError, match="^exp: dtype float(96|128) has no CUDA kernel type"):
        ctype_of(np.longdouble, "exp")
    with pytest.raises(ValueError, match="xt_missing"):
        KernelDescriptor("missing", "int f();", 1, 1, ("float",), "float", ("float",))


def test_jit_imports_no_namespace_ops_or_iter():
    """STYLE A1: _jit receives plain data; it must not import the layers above it."""
    import ast
    import pathlib

    import xtensor._jit

    root = pathlib.Path(xtensor._jit.__file__).parent
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            for name in names:
                assert not name.startswith(("xtensor._ops", "xtensor._iter", "..._ops")), path
                assert name not in ("xtensor", "...") and not name.startswith("xtensor._e"), path


def test_max_dims_agree_between_python_and_cuda():
    from xtensor._jit import plan

    header = codegen._template_text("xt_common.cuh")
    assert f"#define XT_MAX_DIMS {plan.MAX_DIMS}\n" in header

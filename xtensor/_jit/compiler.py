"""NVRTC compilation of generated CUDA source to CUBIN, with readable errors.

Owns: finding an NVRTC binding (CuPy's when CuPy is installed, else NVIDIA's
``cuda-bindings``), the default compile options, and ``CompileError``.  Compiling needs
no GPU: CI compiles every generated kernel with the real NVRTC on a CPU-only machine.
Knows nothing about ops, plans or caching (see cache.py).
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["CompileError", "compile_source", "default_arch", "have_nvrtc", "nvrtc_version"]

# Compile-only default when no device says otherwise: Ampere, a widely deployed target.
DEFAULT_ARCH = "sm_80"
BASE_OPTIONS = ("-std=c++17",)


class CompileError(RuntimeError):
    """NVRTC rejected a generated or user kernel.

    Attributes: ``log`` (NVRTC's full log), ``source`` (the generated source), ``name``
    (kernel name) and ``options``.  ``str()`` shows the first error and the numbered
    source lines around it; ``dump()`` gives everything.
    """

    def __init__(self, log: str, source: str, name: str, options: tuple[str, ...]) -> None:
        self.log, self.source, self.name, self.options = log, source, name, tuple(options)
        super().__init__(self._summary())

    def _first_error(self) -> tuple[int | None, str]:
        for line in self.log.splitlines():
            match = re.search(r"\((\d+)\): (?:catastrophic )?error", line)
            if match:
                return int(match.group(1)), line.strip()
        lines = [ln for ln in self.log.splitlines() if ln.strip()]
        return None, lines[0] if lines else "(empty NVRTC log)"

    def _summary(self) -> str:
        lineno, message = self._first_error()
        text = f"NVRTC failed to compile kernel {self.name}: {message}"
        if lineno is not None:
            src = self.source.splitlines()
            lo, hi = max(lineno - 3, 1), min(lineno + 2, len(src))
            width = len(str(hi))
            shown = [
                f"{'>' if n == lineno else ' '} {n:>{width}} | {src[n - 1]}"
                for n in range(lo, hi + 1)
            ]
            text += "\n" + "\n".join(shown)
        return text + "\n(CompileError.dump() shows the full log and source)"

    def dump(self) -> str:
        numbered = "\n".join(
            f"{n:5} | {line}" for n, line in enumerate(self.source.splitlines(), 1)
        )
        return (
            f"kernel: {self.name}\noptions: {' '.join(self.options)}\n--- log ---\n"
            f"{self.log}\n--- source ---\n{numbered}\n"
        )


@cache
def _backend() -> str | None:
    try:
        from cupy_backends.cuda.libs import nvrtc  # lazy: optional dependency

        nvrtc.getVersion()
        return "cupy"
    except Exception:  # noqa: BLE001, S110 -- CuPy missing, or without a loadable libnvrtc
        pass
    try:
        from cuda.bindings import nvrtc  # lazy: optional dependency

        err, *_ = nvrtc.nvrtcVersion()
        if int(err) == 0:
            return "cuda-bindings"
    except Exception:  # noqa: BLE001, S110 -- cuda-bindings missing or without libnvrtc
        pass
    return None


def have_nvrtc() -> bool:
    """Whether some NVRTC binding can compile here (no GPU needed)."""
    return _backend() is not None


def _require_backend() -> str:
    backend = _backend()
    if backend is None:
        raise RuntimeError(
            "xtensor needs NVRTC to compile CUDA kernels: install the 'cuda' extra "
            "(cupy-cuda12x, or cuda-bindings with nvidia-cuda-nvrtc-cu12)"
        )
    return backend


@cache
def nvrtc_version() -> tuple[int, int]:
    if _require_backend() == "cupy":
        from cupy_backends.cuda.libs import nvrtc  # lazy: optional dependency

        return tuple(nvrtc.getVersion())
    from cuda.bindings import nvrtc  # lazy: optional dependency

    _, major, minor = nvrtc.nvrtcVersion()
    return (int(major), int(minor))


def default_arch() -> str:
    return DEFAULT_ARCH


def _wants_ptx(options: tuple[str, ...]) -> bool:
    # A virtual architecture (compute_XX) yields PTX only; a real one (sm_XX) a CUBIN.
    return any(o.startswith("--gpu-architecture=compute_") for o in options)


def _compile_cupy(source: str, name: str, options: tuple[str, ...]) -> tuple[bytes | None, str]:
    from cupy_backends.cuda.libs import nvrtc  # lazy: optional dependency

    prog = nvrtc.createProgram(source, f"{name}.cu", [], [])
    try:
        try:
            nvrtc.compileProgram(prog, list(options))
        except nvrtc.NVRTCError:
            return None, nvrtc.getProgramLog(prog)
        if _wants_ptx(options):
            ptx = nvrtc.getPTX(prog)
            return (ptx if isinstance(ptx, bytes) else ptx.encode()), nvrtc.getProgramLog(prog)
        return bytes(nvrtc.getCUBIN(prog)), nvrtc.getProgramLog(prog)
    finally:
        nvrtc.destroyProgram(prog)


def _compile_bindings(source: str, name: str, options: tuple[str, ...]) -> tuple[bytes | None, str]:
    from cuda.bindings import nvrtc  # lazy: optional dependency

    _, prog = nvrtc.nvrtcCreateProgram(source.encode(), f"{name}.cu".encode(), 0, [], [])
    try:
        opts = [o.encode() for o in options]
        (err,) = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        # NVRTC writes into the buffer it is given, so it must be a mutable one: `b" " * 1`
        # (the log of a clean compile is one NUL) is CPython's shared one-byte b" ", and
        # overwriting it corrupts every b" " the process makes afterwards.
        _, size = nvrtc.nvrtcGetProgramLogSize(prog)
        log = bytearray(size)
        nvrtc.nvrtcGetProgramLog(prog, log)
        log_text = bytes(log).rstrip(b"\x00").decode(errors="replace")
        if int(err) != 0:
            return None, log_text
        if _wants_ptx(options):
            _, size = nvrtc.nvrtcGetPTXSize(prog)
            ptx = bytearray(size)
            nvrtc.nvrtcGetPTX(prog, ptx)
            return bytes(ptx).rstrip(b"\x00"), log_text
        _, size = nvrtc.nvrtcGetCUBINSize(prog)
        cubin = bytearray(size)
        nvrtc.nvrtcGetCUBIN(prog, cubin)
        return bytes(cubin), log_text
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


def compile_options(arch: str | None = None, options: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The full NVRTC option list for ``arch`` (e.g. ``sm_90``) plus ``options``."""
    return (*BASE_OPTIONS, f"--gpu-architecture={arch or DEFAULT_ARCH}", *options)


def compile_source(
    source: str, name: str, arch: str | None = None, options: tuple[str, ...] = ()
) -> bytes:
    """Compile ``source`` for ``arch``; raises ``CompileError`` on failure.

    ``arch`` ``sm_XX`` gives a CUBIN; ``compute_XX`` gives PTX text (as bytes), which
    skips ptxas: the test suite uses it with ``-G`` to check that code compiles quickly.
    """
    full = compile_options(arch, options)
    compile_fn = _compile_cupy if _require_backend() == "cupy" else _compile_bindings
    cubin, log = compile_fn(source, name, full)
    if cubin is None:
        raise CompileError(log, source, name, full)
    return cubin

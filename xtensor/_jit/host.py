"""The host C++ compiler: LoopKernels built into shared libraries and called through ctypes.

Owns: finding a compiler (``$XTENSOR_CXX``, else ``$CXX``, ``g++``, ``c++``, ``clang++``),
its flags, the host level of the kernel cache (Note [Host kernel cache]), ``host_kernel``
(the one entry point: LoopKernel -> callable), ``HostCompileError`` and ``HostKernel``,
which runs one compiled entry over a range of an iteration plan (Note [Host loop plan] in
``templates/xt_host.h``).  ctypes releases the GIL during the call, so the iterator's
thread pool runs chunks of one kernel in parallel.

Knows nothing about ops, arrays or the iterator.

Note [Host kernel cache]
~~~~~~~~~~~~~~~~~~~~~~~~
The same three levels and the same disk format as NVRTC binaries (cache.py): a per-process
dict (its entries are loaded libraries), then a hash-prefixed, atomically written file
under ``$XTENSOR_KERNEL_CACHE_DIR``, then the compiler.  The key is sha256 of the kind
"host", the format version, the compiler's path and version, the flags and the CPU's
feature flags (``-march=native`` makes a binary for this CPU only: a cache directory shared
by several machines must not hand one machine's code to another), and the source.  A
library is loaded from a private temporary copy that is unlinked once ``dlopen`` has
mapped it.  ``XTENSOR_CXX=0`` turns host compilation off (callers then fall back; see
``available``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import hashlib
import os
import platform
import re
import shutil
import subprocess
import tempfile
import time

from . import cache
from .compiler import CompileError
from .host_codegen import LoopKernel, direct_entry, host_entry, host_source

__all__ = ["FLAGS", "HostCompileError", "HostKernel", "available", "find_compiler", "host_kernel"]

FORMAT_VERSION = 2  # 2: elementwise kernels export a direct entry
# -march=native: the loops vectorize for this CPU; -fno-math-errno: math calls have no side
# effect, so they vectorize too (Note [Vector math on the host] in xt_host.h);
# -ffp-contract=off: no fused multiply-add, so `a * b + c` rounds twice, as NumPy's two
# ufunc calls do; -fwrapv: signed overflow wraps, as NumPy's integer loops do.
FLAGS = (
    "-std=c++17",
    "-O3",
    "-march=native",
    "-fPIC",
    "-shared",
    "-fwrapv",
    "-fno-strict-aliasing",
    "-fno-math-errno",
    "-ffp-contract=off",
    "-w",
)
_DISABLED = ("0", "", "none", "off")


class HostCompileError(CompileError):
    """The host C++ compiler rejected a generated or user kernel (same attributes as
    ``CompileError``: ``log``, ``source``, ``name``, ``options``)."""

    def _first_error(self) -> tuple[int | None, str]:
        for line in self.log.splitlines():
            match = re.search(r":(\d+):(?:\d+:)? (?:fatal )?error", line)
            if match:
                return int(match.group(1)), line.strip()
        lines = [ln for ln in self.log.splitlines() if ln.strip()]
        return None, lines[0] if lines else "(empty compiler log)"

    def _summary(self) -> str:
        text = super()._summary()
        return text.replace("NVRTC failed", "the host C++ compiler failed", 1)


def find_compiler() -> str | None:
    """Path of the C++ compiler to use, or None (none installed, or ``XTENSOR_CXX=0``)."""
    chosen = os.environ.get("XTENSOR_CXX")
    if chosen is not None:
        return None if chosen.strip().lower() in _DISABLED else shutil.which(chosen)
    for name in (os.environ.get("CXX"), "g++", "c++", "clang++"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def available() -> bool:
    return find_compiler() is not None


@functools.cache
def _compiler_version(cxx: str) -> str:
    try:
        done = subprocess.run([cxx, "--version"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip().splitlines()[0] if done.stdout.strip() else "unknown"


@functools.cache
def _link_flags() -> tuple[str, ...]:
    """``-lmvec`` where glibc's vector math library exists, else the define that drops the
    SIMD declarations (Note [Vector math on the host])."""
    if platform.machine() in ("x86_64", "AMD64") and ctypes.util.find_library("mvec"):
        return ("-lmvec",)
    return ("-DXT_HOST_NO_MVEC",)


@functools.cache
def _cpu_fingerprint() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            lines = [ln for ln in f if ln.startswith(("flags", "model name", "Features"))]
        return hashlib.sha256("".join(sorted(set(lines))).encode()).hexdigest()
    except OSError:
        return f"{platform.machine()}-{platform.processor()}"


def flags() -> tuple[str, ...]:
    return FLAGS + _link_flags()


def cache_key(source: str, cxx: str) -> str:
    parts = (
        f"xtensor-host-kernel-v{FORMAT_VERSION}",
        "host",
        cxx,
        _compiler_version(cxx),
        "\0".join(flags()),
        _cpu_fingerprint(),
        source,
    )
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


class HostKernel:
    """One compiled host entry: ``kernel(begin, end, plan, scalars, result)`` with
    addresses of the int64 plan, the scalar block and the result slot (0 for none).

    ``direct`` is the elementwise kernel's direct entry, ``direct(n, scalars, *arrays)``
    with the scalar block as bytes and the NumPy arrays, outputs first (Note [Direct calls]
    in ``templates/xt_host.h``); it returns 1 when an array is not C-contiguous and aligned.
    None for a reduce kernel.
    """

    __slots__ = ("_library", "_entry", "direct", "name")

    def __init__(self, library: ctypes.CDLL, name: str, direct: str | None = None, nargs=0):
        self._library = library  # keeps the shared object mapped while the entry lives
        self._entry = getattr(library, name)
        self._entry.argtypes = (ctypes.c_longlong,) * 2 + (ctypes.c_void_p,) * 3
        self._entry.restype = None
        self.name = name
        self.direct = None
        if direct is not None:
            self.direct = getattr(library, direct)
            arrays = (ctypes.py_object,) * nargs  # ctypes passes each array's PyObject*
            self.direct.argtypes = (ctypes.c_longlong, ctypes.c_char_p, *arrays)
            self.direct.restype = ctypes.c_int

    def __call__(self, begin: int, end: int, plan: int, scalars: int, result: int) -> None:
        self._entry(begin, end, plan, scalars, result)


def _load(binary: bytes, kernel: LoopKernel) -> HostKernel:
    """Load `binary` from a private temporary copy, unlinked once mapped; the system's
    temporary directory first, the cache directory where that one is mounted noexec."""
    failure: OSError | None = None
    for directory in (None, cache.cache_dir()):
        try:
            if directory is not None:
                os.makedirs(directory, exist_ok=True)
            fd, path = tempfile.mkstemp(prefix=".xtensor-host-", suffix=".so", dir=directory)
        except OSError as e:
            failure = e
            continue
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(binary)
            library = ctypes.CDLL(path)
            nargs = len(kernel.array_ctypes)
            return HostKernel(library, host_entry(kernel), direct_entry(kernel), nargs)
        except OSError as e:
            failure = e
        finally:
            os.unlink(path)  # the mapping stays valid; nothing is left behind
    raise failure


def _compile(source: str, name: str, cxx: str) -> bytes:
    workdir = tempfile.mkdtemp(prefix="xtensor-host-build-")
    try:
        src, lib = os.path.join(workdir, f"{name}.cpp"), os.path.join(workdir, f"{name}.so")
        with open(src, "w") as f:
            f.write(source)
        options = flags()
        link = [o for o in options if o.startswith("-l")]
        command = [cxx, *(o for o in options if o not in link), src, "-o", lib, *link]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            log = done.stdout + done.stderr
            raise HostCompileError(log.replace(src, f"{name}.cpp"), source, name, tuple(command))
        with open(lib, "rb") as f:
            return f.read()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _disk_store(key: str, binary: bytes, source: str) -> None:
    try:
        os.makedirs(cache.cache_dir(), exist_ok=True)
        path = os.path.join(cache.cache_dir(), f"{key}.bin")
        cache._atomic_write(path, hashlib.sha256(binary).digest() + binary)
        if os.environ.get("XTENSOR_KERNEL_CACHE_SOURCE") == "1":
            cache._atomic_write(path[:-4] + ".cpp", source.encode())
    except OSError:
        pass  # a read-only or full cache directory only costs recompilation


def host_kernel(kernel: LoopKernel) -> HostKernel:
    """The compiled host entry of ``kernel``, through the three cache levels.

    RuntimeError when no compiler is usable (see ``available``); ``HostCompileError`` when
    the compiler rejects the source.
    """
    cxx = find_compiler()
    if cxx is None:
        raise RuntimeError(
            "xtensor: CPU kernels need a C++ compiler (g++, c++ or clang++ on PATH, or "
            "$CXX / $XTENSOR_CXX), and none is usable"
        )
    source = host_source(kernel)
    key = cache_key(source, cxx)
    lock, memory = cache._device_cache("host")
    with lock:
        if key in memory:
            cache._count("memory_hits")
            return memory[key]
    with cache._key_lock(key):
        with lock:
            if key in memory:  # another thread compiled it while we waited
                cache._count("memory_hits")
                return memory[key]
        binary = cache._disk_load(key) if cache._disk_enabled() else None
        if binary is not None:
            cache._count("disk_hits")
        else:
            cache._count("misses")
            started = time.perf_counter()
            binary = _compile(source, kernel.name, cxx)
            cache._count("compile_seconds", time.perf_counter() - started)
            if cache._disk_enabled():
                _disk_store(key, binary, source)
        loaded = _load(binary, kernel)
        with lock:
            memory[key] = loaded
    return loaded

"""Compiled-kernel cache: a per-process dict per device, then disk, then NVRTC.

Owns: ``compile_kernel`` (the one entry point that turns source into a binary),
``cache_info`` and ``cache_clear``.  Knows nothing about ops or plans: the key is the
generated source itself, which codegen makes self-contained (headers inlined).

Note [Kernel cache]
- Memory: ``{device: {key: binary}}``, each device's dict guarded by its own lock.
  A per-key lock makes concurrent first calls from several threads compile once: the
  first compiles, the others wait and then hit memory.
- Disk: one file per key under ``$XTENSOR_KERNEL_CACHE_DIR`` (default
  ``~/.cache/xtensor/kernels``), key = sha256 of the format version, NVRTC version, arch,
  options and source.  The file is ``sha256(payload) + payload``, written to a temporary
  file in the same directory and ``os.replace``d into place, so readers never see a
  partial file.  A file that is short, corrupt or unreadable is a miss and is rewritten.
- ``XTENSOR_KERNEL_CACHE=0`` disables the disk level; ``XTENSOR_KERNEL_CACHE_SOURCE=1``
  keeps the ``.cu`` source beside each binary for debugging.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
import time
from dataclasses import dataclass

from . import compiler

__all__ = ["FORMAT_VERSION", "CacheInfo", "cache_clear", "cache_info", "compile_kernel"]

# Bump when the on-disk layout or anything that changes binaries but not source changes.
FORMAT_VERSION = 1
_DIGEST = 32  # bytes of sha256


@dataclass(frozen=True)
class CacheInfo:
    memory_hits: int
    disk_hits: int
    misses: int
    compile_seconds: float
    entries: int

    @property
    def hits(self) -> int:
        return self.memory_hits + self.disk_hits


_stats_lock = threading.Lock()
_stats = {"memory_hits": 0, "disk_hits": 0, "misses": 0, "compile_seconds": 0.0}
_devices_lock = threading.Lock()
_memory: dict[object, tuple[threading.Lock, dict[str, bytes]]] = {}
_key_locks: dict[str, threading.Lock] = {}


def _count(field: str, amount=1) -> None:
    with _stats_lock:
        _stats[field] += amount


def _device_cache(device) -> tuple[threading.Lock, dict[str, bytes]]:
    with _devices_lock:
        return _memory.setdefault(device, (threading.Lock(), {}))


def _key_lock(key: str) -> threading.Lock:
    with _devices_lock:
        return _key_locks.setdefault(key, threading.Lock())


def cache_dir() -> str:
    return os.environ.get("XTENSOR_KERNEL_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "xtensor", "kernels"
    )


def _disk_enabled() -> bool:
    return os.environ.get("XTENSOR_KERNEL_CACHE", "1") != "0"


def cache_key(source: str, arch: str, options: tuple[str, ...]) -> str:
    parts = (
        f"xtensor-kernel-v{FORMAT_VERSION}",
        repr(compiler.nvrtc_version()),
        arch,
        "\0".join(options),
        source,
    )
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def _disk_path(key: str) -> str:
    return os.path.join(cache_dir(), f"{key}.bin")


def _disk_load(key: str) -> bytes | None:
    try:
        with open(_disk_path(key), "rb") as f:
            data = f.read()
    except OSError:
        return None
    payload = data[_DIGEST:]
    if len(data) <= _DIGEST or hashlib.sha256(payload).digest() != data[:_DIGEST]:
        return None  # truncated or corrupt: recompile and overwrite
    return payload


def _atomic_write(path: str, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _disk_store(key: str, binary: bytes, source: str) -> None:
    try:
        os.makedirs(cache_dir(), exist_ok=True)
        _atomic_write(_disk_path(key), hashlib.sha256(binary).digest() + binary)
        if os.environ.get("XTENSOR_KERNEL_CACHE_SOURCE") == "1":
            _atomic_write(_disk_path(key)[:-4] + ".cu", source.encode())
    except OSError:
        pass  # a read-only or full cache directory only costs recompilation


def compile_kernel(
    source: str, name: str, arch: str | None = None, options: tuple[str, ...] = (), device=None
) -> bytes:
    """Binary for ``source`` (CUBIN for ``sm_XX``, PTX for ``compute_XX``), cached.

    ``device`` keys the memory level (default: the arch); see Note [Kernel cache].
    """
    arch = arch or compiler.default_arch()
    key = cache_key(source, arch, tuple(options))
    lock, memory = _device_cache(device if device is not None else arch)
    with lock:
        if key in memory:
            _count("memory_hits")
            return memory[key]
    with _key_lock(key):
        with lock:
            if key in memory:  # another thread compiled it while we waited
                _count("memory_hits")
                return memory[key]
        binary = _disk_load(key) if _disk_enabled() else None
        if binary is not None:
            _count("disk_hits")
        else:
            _count("misses")
            started = time.perf_counter()
            binary = compiler.compile_source(source, name, arch, tuple(options))
            _count("compile_seconds", time.perf_counter() - started)
            if _disk_enabled():
                _disk_store(key, binary, source)
        with lock:
            memory[key] = binary
    return binary


def cache_info() -> CacheInfo:
    """Kernel cache statistics: memory and disk hits, misses, compile seconds, entries."""
    with _stats_lock, _devices_lock:
        entries = sum(len(m) for _, m in _memory.values())
        return CacheInfo(
            _stats["memory_hits"],
            _stats["disk_hits"],
            _stats["misses"],
            _stats["compile_seconds"],
            entries,
        )


def cache_clear() -> None:
    """Forget the memory level and the statistics (the disk level stays)."""
    with _stats_lock, _devices_lock:
        _memory.clear()
        _key_locks.clear()
        _stats.update(memory_hits=0, disk_hits=0, misses=0, compile_seconds=0.0)

"""The kernel cache: memory hits, disk hits across processes, corrupt files, thread races."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import uuid

import pytest

from xtensor._jit import cache, codegen, compiler
from xtensor._jit.descriptor import KernelDescriptor, Variant

pytestmark = pytest.mark.skipif(
    not compiler.have_nvrtc() and not os.environ.get("CI"),
    reason="NVRTC not installed (pip install -e '.[test]' brings it); CI always requires it",
)

ADD = "template <typename T> __device__ T xt_add(T a, T b) { return a + b; }"


def _source(tag: str = "") -> tuple[str, str]:
    desc = KernelDescriptor(
        "add", ADD + f"\n// {tag}", 2, 1, ("float", "float"), "float", ("float",)
    )
    return codegen.generate_code(desc, Variant()), codegen.kernel_name(desc, Variant())


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("XTENSOR_KERNEL_CACHE", raising=False)
    cache.cache_clear()
    yield tmp_path
    cache.cache_clear()


def test_memory_hit_on_second_call():
    source, name = _source()
    first = cache.compile_kernel(source, name)
    second = cache.compile_kernel(source, name)
    assert first == second and first[:4] == b"\x7fELF"  # a CUBIN is an ELF image
    info = cache.cache_info()
    assert (info.misses, info.memory_hits, info.disk_hits) == (1, 1, 0)
    assert info.compile_seconds > 0 and info.entries == 1 and info.hits == 1


def test_disk_hit_in_a_second_process(fresh_cache):
    source, name = _source(uuid.uuid4().hex)
    cache.compile_kernel(source, name)
    script = (
        "import sys; from xtensor._jit import cache\n"
        "source, name = sys.stdin.read(), sys.argv[1]\n"
        "cache.compile_kernel(source, name)\n"
        "info = cache.cache_info(); print(info.disk_hits, info.misses)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, name],
        input=source,
        text=True,
        capture_output=True,
        check=True,
        env=os.environ.copy(),
    )
    assert result.stdout.split() == ["1", "0"]


@pytest.mark.parametrize("damage", ["truncate", "garbage", "flip-byte", "empty"])
def test_corrupt_cache_file_recompiles(fresh_cache, damage):
    source, name = _source(damage)
    good = cache.compile_kernel(source, name)
    [path] = [p for p in fresh_cache.iterdir() if p.suffix == ".bin"]
    data = path.read_bytes()
    damaged = {
        "truncate": data[: len(data) // 2],
        "garbage": b"not a kernel" * 10,
        "flip-byte": data[:-1] + bytes([data[-1] ^ 0xFF]),
        "empty": b"",
    }[damage]
    path.write_bytes(damaged)
    cache.cache_clear()
    assert cache.compile_kernel(source, name) == good
    info = cache.cache_info()
    assert (info.misses, info.disk_hits) == (1, 0)
    assert path.read_bytes() == data  # rewritten whole


def test_concurrent_first_calls_compile_once():
    source, name = _source(uuid.uuid4().hex)
    start = threading.Barrier(8)
    results = []

    def worker():
        start.wait()
        results.append(cache.compile_kernel(source, name))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    info = cache.cache_info()
    assert len(set(results)) == 1 and len(results) == 8
    assert (info.misses, info.memory_hits + info.disk_hits) == (1, 7)


def test_disk_level_can_be_disabled_and_source_kept(fresh_cache, monkeypatch):
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE", "0")
    source, name = _source("off")
    cache.compile_kernel(source, name)
    assert list(fresh_cache.iterdir()) == []
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE", "1")
    monkeypatch.setenv("XTENSOR_KERNEL_CACHE_SOURCE", "1")
    cache.cache_clear()
    cache.compile_kernel(source, name)
    suffixes = sorted(p.suffix for p in fresh_cache.iterdir())
    assert suffixes == [".bin", ".cu"]


def test_key_covers_arch_and_options():
    source, _ = _source()
    keys = {
        cache.cache_key(source, "sm_80", ()),
        cache.cache_key(source, "sm_90", ()),
        cache.cache_key(source, "sm_80", ("-G",)),
        cache.cache_key(source + " ", "sm_80", ()),
    }
    assert len(keys) == 4

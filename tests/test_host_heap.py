"""glibc malloc's thresholds (Note [Heap trimming] in xtensor/_backends/host_heap.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from xtensor._backends import host_heap

GLIBC = host_heap._glibc() is not None
# Page faults per round of two 800 KB temporaries freed together, in a fresh process.
_FAULTS = """
import resource, numpy as np, xtensor
a = np.random.default_rng(0).random(100_000)
def once():
    idx = a.argsort()
    keys = a.take(idx)
    return idx
once()
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(20):
    once()
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / 20)
"""


def _faults_per_round(keep_mb: str) -> float:
    env = dict(os.environ, XTENSOR_HEAP_KEEP_MB=keep_mb)
    out = subprocess.run(
        [sys.executable, "-c", _FAULTS], env=env, capture_output=True, text=True, check=True
    )
    return float(out.stdout)


@pytest.mark.skipif(not GLIBC, reason="the thresholds are glibc's")
def test_medium_temporaries_fault_no_pages_once_the_thresholds_are_set():
    # 800 KB is 200 pages: glibc's defaults trim and fault them in again every round
    assert _faults_per_round("0") > 150
    assert _faults_per_round("64") < 20


@pytest.mark.skipif(not GLIBC, reason="the thresholds are glibc's")
def test_tune_sets_the_thresholds_unless_turned_off(monkeypatch):
    assert host_heap.tune() is True
    monkeypatch.setenv("XTENSOR_HEAP_KEEP_MB", "0")
    assert host_heap.tune() is False


def test_a_bad_keep_size_names_the_variable(monkeypatch):
    monkeypatch.setenv("XTENSOR_HEAP_KEEP_MB", "lots")
    with pytest.raises(ValueError, match="XTENSOR_HEAP_KEEP_MB must be a whole number"):
        host_heap.keep_bytes()

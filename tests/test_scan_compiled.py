"""The one-pass scan blocks (`xtensor/_backends/_cscan.c`, Note [Block scan] in
`_backends/cpu_threads.py`): bit for bit the blocks' definition, the NumPy two-pass path and
themselves on any thread count. The thresholds are shrunk (test_parallel_ops.py's `small`
fixture), so a few thousand elements make many blocks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.test_parallel_ops import small  # noqa: F401 - a fixture
from xtensor._backends import cpu_threads
from xtensor._dispatch.compiled import PURE_PYTHON

pytestmark = pytest.mark.skipif(
    cpu_threads._cscan is None and PURE_PYTHON, reason="XTENSOR_PURE_PYTHON is set"
)
SPECIAL = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e30, -1e-30]


def test_extension_is_built():
    assert cpu_threads._cscan is not None, "pip install -e . builds xtensor._backends._cscan"


def reference(x: np.ndarray, block: int, name: str) -> np.ndarray:
    """The definition: NumPy's accumulate within each block, then the final value before the
    block combined in (one NumPy op per block, as the two-pass path does)."""
    combine = np.add if name == "cumsum" else np.multiply
    out = np.empty_like(x)
    for b in range(0, len(x), block):
        part = getattr(np, name)(x[b : b + block])
        out[b : b + block] = part if b == 0 else combine(part, out[b - 1])
    return out


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    dtype=st.sampled_from(["float64", "float32"]),
    name=st.sampled_from(["cumsum", "cumprod"]),
    n=st.integers(2000, 3000),
    specials=st.lists(st.tuples(st.integers(0, 2999), st.sampled_from(SPECIAL)), max_size=4),
    seed=st.integers(0, 2**16),
)
def test_blocks_are_the_definition_on_every_path(small, dtype, name, n, specials, seed):  # noqa: F811
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n)
    x = 1 + x / 1000 if name == "cumprod" else x
    for i, v in specials:
        x[i % n] = v
    x = x.astype(dtype)
    want = reference(x, cpu_threads.SCAN_BLOCK, name).tobytes()
    fn = xt.cumulative_sum if name == "cumsum" else xt.cumulative_prod
    cscan = cpu_threads._cscan
    try:
        for compiled in (cscan, None):  # None: the NumPy two-pass path
            cpu_threads._cscan = compiled
            for threads in (1, 2, 3):
                xt.set_num_threads(threads)
                got = fn(xt.asarray(x))._data.tobytes()
                assert got == want, (compiled is not None, threads)
    finally:
        cpu_threads._cscan = cscan


def test_strided_and_other_dtypes_keep_the_numpy_path(small):  # noqa: F811
    x = np.random.default_rng(1).standard_normal(6000)
    for a in (x[::2], x.astype(np.float16)[:3000], (x + 1j)[:3000]):
        assert not cpu_threads._one_pass(a, np.empty_like(a), a.dtype)
        for threads in (1, 2):
            xt.set_num_threads(threads)
            got = xt.cumulative_sum(xt.asarray(a))._data
            assert got.tobytes() == reference(a, cpu_threads.SCAN_BLOCK, "cumsum").tobytes()


def test_bad_buffers_raise():
    cscan = cpu_threads._cscan
    with pytest.raises(ValueError, match="1-d contiguous float64 or float32"):
        cscan.scan(np.zeros(4), np.zeros(4, np.float32), 0, None)
    with pytest.raises(ValueError, match="op 0 or 1"):
        cscan.scan(np.zeros(4), np.zeros(4), 2, None)
    with pytest.raises((ValueError, BufferError), match="contiguous"):
        cscan.scan(np.zeros(4), np.zeros(8)[::2], 0, None)

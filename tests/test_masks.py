"""Note [Masks without branches] (`x[mask]` compacted in C) beside Note [Mask compaction] (the
threaded compaction of large masks): which one answers, and that both are NumPy's index."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import python_frames
from xtensor._dispatch.compiled import CFAST


@pytest.mark.parametrize("threads", [1, 2])
def test_masks_past_the_threaded_threshold_split_on_threads(threads, monkeypatch):
    """From MASK_MIN elements on two threads the twin's threaded compaction answers (the C
    reads the threshold each call); with one thread set, the C's own, both NumPy's bits."""
    monkeypatch.setattr(xt._dispatch.host_threads.limits, "MASK_MIN", 4096)
    before = xt.get_num_threads()
    xt.set_num_threads(threads)
    try:
        data = np.arange(10000.0)
        mask = np.random.default_rng(1).random(10000) < 0.5
        x, m = xt.asarray(data), xt.asarray(mask)
        assert x[m]._data.tobytes() == data[mask].tobytes()
        if CFAST is not None:
            assert ("__getitem__" in python_frames(lambda: x[m])) == (threads == 2)
    finally:
        xt.set_num_threads(before)


@given(
    dtype=st.sampled_from(["bool", "int8", "int16", "float32", "float64", "complex128", "U2"]),
    n=st.integers(0, 70),
    density=st.sampled_from([0.0, 0.1, 0.5, 0.9, 1.0]),
    raw=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_any_mask_compacts_as_numpys_index(dtype, n, density, raw, seed):
    """Every item size (1, 2, 4, 8 bytes; others copied one by one), lengths around the blocks
    of eight mask bytes, runs of set and unset bytes, and mask bytes other than 1 (`raw`: a
    uint8 array viewed as bool, as NumPy reads any nonzero byte as True)."""
    rng = np.random.default_rng(seed)
    data = (rng.random(n) * 100).astype(dtype)
    mask = rng.random(n) < density
    if raw:
        mask = (mask * rng.integers(1, 256, n)).astype(np.uint8).view(np.bool_)
    got = xt.asarray(data)[xt.asarray(mask)]
    want = data[mask]
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got._data.tobytes() == want.tobytes()

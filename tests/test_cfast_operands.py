"""The compiled elementwise twins on operands of ELIDE_BYTES and more (Note [Compiled hot
path] in xtensor/_dispatch/_cfast.c, "One case the C takes past its twin's first branch"):
named operands run the small-table loop in C, with the Python function's answer; temporaries
still reach the Python function, whose elision (tests/test_elision.py) computes into them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same as assert_like_numpy
from tests.test_cfast import SETTINGS, assert_same, python_frames, ufunc_call
from xtensor._dispatch import elision
from xtensor._dispatch.compiled import CFAST
from xtensor._dispatch.elementwise import SMALL_NUMEL

ELIDE = elision.ELIDE_BYTES
COMPILED = CFAST is not None and elision.calibration() is not None
needs_c = pytest.mark.skipif(not COMPILED, reason="the C twins or elision are off here")

# Operand sizes in elements: at the elision bound for float64, inside, and at the last size
# the small tables hold.
SIZES = [ELIDE // 8, 100_000, SMALL_NUMEL - 1]


def _operands(n, dtype="float64"):
    rng = np.random.default_rng(n)
    a, b = (rng.random(n) * 4 - 2).astype(dtype), (rng.random(n) * 4 - 2).astype(dtype)
    return a, b, xt.asarray(a), xt.asarray(b)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize(
    "name, call",
    [
        ("__add__", lambda x, y: x + y),
        ("__lt__", lambda x, y: x < y),
        ("__mul__", lambda x, y: x * 2.0),
        ("multiply", lambda x, y: 2.0 * x),  # the reflected dunder calls the public function
        ("exp", lambda x, y: xt.exp(x)),
        ("__neg__", lambda x, y: -x),
        ("__iadd__", lambda x, y: x.__iadd__(y)),
    ],
)
@needs_c
def test_named_operands_stay_in_c(n, name, call):
    a, b, x, y = _operands(n)
    call(x, y)  # the full path records the loop
    frames = python_frames(lambda: call(x, y))
    assert name not in frames, frames  # the Python twin is named after the call
    want = call(a, b.copy()) if name == "__iadd__" else call(a, b)
    assert_like_numpy(call(x, y), want)


@pytest.mark.parametrize("n", SIZES)
def test_large_operands_match_the_python_function(n):
    _, _, x, y = _operands(n, "float32")
    for fn, args in [
        (xt.Array.__add__, (x, y)),
        (xt.Array.__truediv__, (x, 3)),
        (xt.Array.__neg__, (x,)),
        (ufunc_call("less"), (x, y)),
        (ufunc_call("sin"), (x,)),
        (xt.Array.__add__, (x, xt.asarray(np.ones(3, "float32")))),  # not broadcastable
    ]:
        assert_same(fn, *args)


@SETTINGS
@given(n=st.sampled_from(SIZES), dtype=st.sampled_from(["int16", "float32", "complex128"]))
def test_temporaries_still_elide(n, dtype):
    a, b, x, y = _operands(n, dtype)
    for make, want in [
        (lambda: x * y + 1, a * b + 1),
        (lambda: 3 * (x - y), 3 * (a - b)),
        (lambda: -(x + y), -(a + b)),
    ]:
        start = elision.elided
        got = make()
        assert_like_numpy(got, want)
        assert elision.elided == start + (COMPILED and got._data.nbytes >= ELIDE)


def test_a_function_call_calibrates_elision_in_a_fresh_process():
    """The first large operand calibrates, even when no operator has run yet; the probes
    then reach the Python function, so the counts are a temporary's."""
    code = textwrap.dedent(
        f"""
        import numpy as np
        import xtensor as xt
        from xtensor._dispatch import elision
        x = xt.asarray(np.ones({ELIDE // 8}))
        assert xt.exp(x).shape == x.shape and elision._LIMITS is not elision._UNKNOWN
        print(elision.calibration() is not None)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(COMPILED or elision.calibration() is not None)

"""Dtypes other packages register with NumPy (ml_dtypes' bfloat16 and float8_*, which JAX,
PyTorch's and TensorFlow's imports bring in): xtensor imports after them, holds them as
host-only dtypes (Note [Host-only dtypes] in xtensor/_core/dtypes.py) and computes with them
as NumPy does. Each case runs in a fresh process, where ml_dtypes is imported first, as
`import jax; import xtensor` does; the suite's own process keeps NumPy's tables as they are.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap

import pytest

# Not imported here: that would register its dtypes in this process's NumPy tables.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("ml_dtypes") is None, reason="needs ml_dtypes"
)


def _run(code: str) -> None:
    script = "import ml_dtypes\nimport numpy as np\nimport xtensor as xt\n" + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]


def test_xtensor_imports_after_ml_dtypes_and_lists_its_types():
    _run("""
        assert set(xt.sctypeDict) == set(np.sctypeDict)
        for name in ("bfloat16", "float8_e5m2", "float8_e4m3fn", "int4"):
            assert xt.sctypeDict[name] == np.dtype(np.sctypeDict[name]), name
            assert xt.dtype(name) == np.dtype(name), name
    """)


def test_registered_dtypes_compute_as_numpy_does():
    _run("""
        for name in ("bfloat16", "float8_e5m2"):
            x = np.asarray([0.5, 1.0, 2.0, -3.0], dtype=name)
            a = xt.asarray(x)
            for got, want in ((a * a, x * x), (a + 1.5, x + 1.5), (xt.sqrt(a * a), np.sqrt(x * x)),
                              (a * xt.asarray([2.0], dtype=xt.float32), x * np.float32([2.0]))):
                got = np.asarray(got)
                assert got.dtype == want.dtype, (name, got.dtype, want.dtype)
                np.testing.assert_array_equal(got.astype(np.float64), want.astype(np.float64))
            assert repr(a) == repr(x), (repr(a), repr(x))
    """)


def test_a_registered_dtype_stays_on_the_host():
    _run("""
        a = xt.asarray(np.ones(2, dtype="bfloat16"))
        try:
            a.to_device("meta")
        except TypeError as e:
            assert "bfloat16" in str(e) and "to_device" in str(e), e
        else:
            raise AssertionError("to_device('meta') of a bfloat16 array did not raise")
    """)

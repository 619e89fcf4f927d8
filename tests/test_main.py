"""`python -m xtensor` runs its demo, and the demo's answers are right."""

import subprocess
import sys

import numpy as np

import xtensor as xt
from xtensor.__main__ import demo


def test_main_runs_and_reports_devices():
    done = subprocess.run(
        [sys.executable, "-m", "xtensor"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "xtensor 0.1.0" in done.stdout and "devices: cpu" in done.stdout
    assert "dominant frequency (Hz): 50.0" in done.stdout


def test_demo_answers():
    results = demo(xt)
    assert float(results["R^2"]) > 0.999
    assert float(results["dominant frequency (Hz)"]) == 50.0
    probs = np.asarray(results["softmax"])
    np.testing.assert_allclose(probs.sum(axis=1), 1.0)
    assert np.asarray(results["argsort of weights"]).tolist() == [0, 2, 1]


def test_demo_prints_what_numpy_prints():
    for name, value in demo(xt).items():
        want = np.asarray(value)
        want = want[()] if want.ndim == 0 else want  # NumPy's scalar, as its reductions give
        assert f"{value}" == f"{want}", name
        assert repr(value) == repr(want), name

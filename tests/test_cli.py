"""`python -m xtensor` as a user runs it: help, version, a bad flag, and the demo itself."""

from __future__ import annotations

import subprocess
import sys

import xtensor as xt


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "xtensor", *args], capture_output=True, text=True, timeout=120
    )


def test_help_prints_usage_and_exits_0():
    result = run("--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python -m xtensor")
    assert "--threads" in result.stdout and "demo" not in result.stderr


def test_version_flag():
    result = run("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"xtensor {xt.__version__}"


def test_unknown_flag_is_an_error():
    result = run("--frobnicate")
    assert result.returncode == 2 and "unrecognized arguments: --frobnicate" in result.stderr


def test_demo_reports_what_it_ran():
    result = run("--threads", "1")
    assert result.returncode == 0, result.stderr
    for line in ("xtensor ", "devices: cpu", "CPU threads: 1", "R^2", "ran in"):
        assert line in result.stdout

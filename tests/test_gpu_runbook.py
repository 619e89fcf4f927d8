"""The scripted GPU run (benchmarks/run_gpu.sh, benchmarks/gpu_run.py, bench_cuda.py and
conformance/run.py --device), rehearsed on the CPU: the files it leaves, its time budgets,
its summary when stages fail, the conformance suite's device namespace, and the `device`
fixture the test suite runs under XTENSOR_TEST_DEVICE.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import xtensor as xt
from xtensor._core.devices import cuda_devices

REPO = Path(__file__).resolve().parent.parent


def _load(relative: str, name: str):
    """A script of the repository as a module (they are not packages)."""
    spec = importlib.util.spec_from_file_location(name, REPO / relative)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


gpu_run = _load("benchmarks/gpu_run.py", "xt_gpu_run")
bench_cuda = _load("benchmarks/bench_cuda.py", "xt_bench_cuda")
conformance_run = _load("conformance/run.py", "xt_conformance_run")
device_namespace = _load("conformance/device_namespace.py", "xt_device_namespace")

HAVE_JSON_REPORT = importlib.util.find_spec("pytest_jsonreport") is not None
SUITE = gpu_run.find_suite(type("Args", (), {"suite": None})())
# With a GPU the rehearsal's CUDA tests would all run (slowly): the real run is for there.
rehearsal = pytest.mark.skipif(bool(cuda_devices()), reason="rehearses a run without a GPU")


@pytest.fixture(scope="module")
def simulated(tmp_path_factory):
    """One whole rehearsal through the shell script, with no wheels to install, and with the
    conformance suite copied as `prepare` copies it for the device machine."""
    out, wheels = tmp_path_factory.mktemp("out"), tmp_path_factory.mktemp("no-wheels")
    cmd = ["bash", str(REPO / "benchmarks" / "run_gpu.sh"), "--simulate", "--out", str(out)]
    if SUITE is not None:
        argv = ["prepare", "--dest", str(wheels), "--no-download", "--suite", str(SUITE)]
        assert gpu_run.main(argv) == 0
        cmd += ["--suite", str(wheels / "array-api-tests")]
    env = dict(os.environ, PYTHON=sys.executable, XT_GPU_WHEELS=str(wheels))
    env.pop("XTENSOR_TEST_DEVICE", None)
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=180)
    return out, done, wheels


@rehearsal
def test_rehearsal_leaves_at_most_eight_known_files(simulated):
    out, done, _ = simulated
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    names = {p.name for p in out.iterdir()}
    assert names <= set(gpu_run.OUT_FILES) and len(gpu_run.OUT_FILES) <= 8
    assert {"env.txt", "tests.log", "tests.xml", "bench.json", "summary.md"} <= names
    assert "# GPU run summary" in done.stdout  # the summary ends the output the tool returns


@rehearsal
def test_rehearsal_summary_and_reports(simulated):
    out, _, _ = simulated
    summary = (out / "summary.md").read_text()
    for stage in gpu_run.STAGES:
        assert f"| {stage} | ok |" in summary or f"| {stage} | skipped |" in summary
    suite = ET.parse(out / "tests.xml").getroot()
    suite = suite if suite.tag == "testsuite" else suite[0]
    assert int(suite.get("tests")) > 0 and suite.get("failures") == suite.get("errors") == "0"
    assert "python" in (out / "env.txt").read_text()


@rehearsal
def test_rehearsal_benchmark_covers_every_group_and_agrees(simulated):
    out, _, _ = simulated
    report = json.loads((out / "bench.json").read_text())
    assert report["simulate"] and report["errors"] == {}
    groups = {r["group"] for r in report["rows"]}
    assert groups == {"contiguous", "layout", "reduction", "small", "fused", "first call",
                      "memory pool", "streams", "blocks"}  # fmt: skip
    reductions = {r["case"] for r in report["rows"] if r["group"] == "reduction"}
    # sum, max, argmax over axis 0, 1 and None; sum and max of a tall matrix; a small sum
    assert len(reductions) == 12
    for r in report["rows"]:
        assert r["xtensor"] is not None and r["xtensor"] > 0, r
        assert r.get("correct", True), r
        assert isinstance(r["meets"], bool) if "target" in r else "meets" not in r, r
    targeted = [r["group"] for r in report["rows"] if "target" in r]
    assert sorted(set(targeted)) == ["contiguous", "first call", "fused", "layout", "memory pool"]
    assert len(targeted) == 10


@rehearsal
@pytest.mark.skipif(SUITE is None or not HAVE_JSON_REPORT, reason="no conformance suite here")
def test_rehearsal_runs_conformance_through_the_device_namespace(simulated):
    out, _, _ = simulated
    report = json.loads((out / "conformance.json").read_text())
    assert report["total"]["passed"] > 0 and report["failed"] == []
    assert "xtensor[cpu]" in (out / "conformance.log").read_text()


# ---- budgets, failures and the summary ---------------------------------------------------


def test_a_command_past_its_budget_is_interrupted_and_logged(tmp_path):
    log = tmp_path / "log"
    script = "import time; print('started', flush=True); time.sleep(600)"
    start = time.monotonic()
    rc, tail = gpu_run.run_budgeted([sys.executable, "-c", script], log, 1.5)
    assert rc is None and time.monotonic() - start < 300  # stopped: not the whole sleep
    assert "started" in tail and "started" in log.read_text()


def test_a_command_ignoring_sigint_is_killed_after_the_grace(tmp_path, monkeypatch):
    monkeypatch.setattr(gpu_run, "GRACE", 0.5)
    script = (
        "import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN); "
        "print('up', flush=True); time.sleep(60)"
    )
    start = time.monotonic()
    rc, _ = gpu_run.run_budgeted([sys.executable, "-c", script], tmp_path / "log", 1.0)
    assert rc is None and time.monotonic() - start < 15


def test_logs_stop_at_the_cap_but_the_tail_is_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(gpu_run, "LOG_CAP", 1000)
    script = "for i in range(2000): print('line', i)"
    rc, tail = gpu_run.run_budgeted([sys.executable, "-c", script], tmp_path / "log", 30)
    assert rc == 0 and tail[-1] == "line 1999"
    assert (tmp_path / "log").stat().st_size < 1200


def _args(tmp_path, **kw):
    argv = ["run", "--out", str(tmp_path), "--simulate"]
    for key, value in kw.items():
        argv += [f"--{key}", value]
    return gpu_run.parse_args(argv)


def test_stages_go_on_after_failures_and_the_summary_says_which(tmp_path, monkeypatch):
    def broken(args, out, seconds):
        raise FileNotFoundError("no such tool")

    runners = {
        "env": lambda args, out, seconds: (0, ["fine"]),
        "tests": lambda args, out, seconds: (1, ["3 failed, 9 passed"]),
        "conformance": broken,
        "bench": lambda args, out, seconds: (None, ["cut short"]),
    }
    monkeypatch.setattr(gpu_run, "RUNNERS", runners)
    assert gpu_run.run(_args(tmp_path)) == 1
    summary = (tmp_path / "summary.md").read_text()
    assert "| env | ok |" in summary and "| tests | failed (rc 1) |" in summary
    assert "| conformance | error |" in summary and "FileNotFoundError" in summary
    assert "| bench | timeout |" in summary and "cut short" in summary


def test_stages_past_the_deadline_are_skipped(tmp_path, monkeypatch):
    ran = []
    runners = {
        s: (lambda args, out, seconds, s=s: (ran.append(s) or 0, [])) for s in gpu_run.STAGES
    }
    monkeypatch.setattr(gpu_run, "RUNNERS", runners)
    gpu_run.run(_args(tmp_path, deadline="30"))
    assert ran == []  # the summary's reserve and the grace leave under 5 s for each
    assert (tmp_path / "summary.md").read_text().count("| skipped |") == len(gpu_run.STAGES)


def test_summary_survives_broken_reports(tmp_path):
    (tmp_path / "tests.xml").write_text("<testsuites><testsuite tests='3'")  # cut off
    (tmp_path / "bench.json").write_text('{"rows": [')
    gpu_run.write_summary(_args(tmp_path), tmp_path, [gpu_run.Stage("tests", "timeout")], 0)
    summary = (tmp_path / "summary.md").read_text()
    assert "tests.xml unreadable" in summary and "bench.json unreadable" in summary


def test_budget_and_stage_arguments_are_checked():
    assert _args(Path("."), budget="tests=400,bench=60").budget == {"tests": 400, "bench": 60}
    with pytest.raises(SystemExit):
        _args(Path("."), budget="warp=1")
    with pytest.raises(SystemExit):
        _args(Path("."), stages="env,lint")
    reserve = gpu_run.SUMMARY_RESERVE + gpu_run.GRACE
    assert sum(gpu_run.BUDGETS.values()) + reserve <= gpu_run.DEADLINE <= 570


def test_wheel_pins_name_one_version_each():
    pins = gpu_run._pins()
    assert len(pins) == len(gpu_run.WHEELS) and pins["numpy"] == np.__version__
    name, version = gpu_run._wheel_project(Path("array_api_strict-2.6.1-py3-none-any.whl"))
    assert (name, version) == ("array-api-strict", "2.6.1")


# ---- carrying the conformance suite, and its device namespace -------------------------------


@rehearsal
@pytest.mark.skipif(SUITE is None, reason="no conformance suite here")
def test_prepared_suite_copy_is_small(simulated):
    """The rehearsal's conformance stage ran from this copy (see `simulated`)."""
    _, _, wheels = simulated
    copy = wheels / "array-api-tests"
    assert (copy / "array_api_tests" / "test_constants.py").is_file()
    assert not (copy / ".git").exists() and gpu_run.folder_bytes(wheels) < 8 << 20


def test_conformance_device_option_builds_the_suites_module(monkeypatch):
    """run.py --device hands the suite an exec('...') module string; run it as the suite does
    (array_api_tests/__init__.py). The rehearsal above shows the suite accepting it."""
    env = conformance_run.suite_env("meta")
    spec = env["ARRAY_API_TESTS_MODULE"]
    assert spec.startswith("exec('") and spec.endswith("')")
    assert str(REPO / "conformance") in env["PYTHONPATH"].split(os.pathsep)
    monkeypatch.syspath_prepend(str(REPO / "conformance"))  # as PYTHONPATH does there
    namespace = {}
    exec(spec[6:-2], namespace)
    assert namespace["xp"].__name__ == "xtensor[meta]"
    assert str(namespace["xp"].ones(2).device) == "meta"
    assert conformance_run.suite_env()["ARRAY_API_TESTS_MODULE"] == "xtensor"


def test_device_namespace_defaults_creation_to_its_device():
    xp = device_namespace.namespace("meta")
    made = [xp.ones(3), xp.zeros((2, 2)), xp.arange(4), xp.asarray([1.0]), xp.eye(2)]
    made += [xp.full(2, 1.0), xp.empty(2), xp.linspace(0, 1, 5), xp.fft.fftfreq(4)]
    assert all(str(a.device) == "meta" for a in made)
    assert str(xp.__array_namespace_info__().default_device()) == "meta"
    assert xp.__array_namespace_info__().devices() == xt.__array_namespace_info__().devices()
    cpu = xt.ones(2)
    assert str(xp.asarray(cpu).device) == "cpu"  # an array keeps its device
    assert str(xp.ones_like(cpu).device) == "cpu"
    assert str(xp.ones(2, device="cpu").device) == "cpu"  # an explicit device wins
    assert xp.add is xt.add and xp.linalg is xt.linalg and str(xt.ones(1).device) == "cpu"


# ---- the test suite's device switch ----------------------------------------------------------


def test_device_fixture_places_arrays(device):
    want = np.linspace(-1, 1, 12).reshape(3, 4)
    x = xt.asarray(want, device=device)
    assert x.device == device
    got = xt.sum(xt.exp(x.T), axis=1).to_device("cpu")
    np.testing.assert_allclose(np.asarray(got), np.exp(want.T).sum(axis=1), rtol=1e-12)


@pytest.mark.skipif(bool(cuda_devices()), reason="checks the behaviour without a GPU")
def test_cuda_test_device_without_a_gpu_stops_the_session(monkeypatch):
    from tests import conftest

    monkeypatch.setattr(conftest, "TEST_DEVICE", "cuda")
    with pytest.raises(pytest.exit.Exception, match="no CUDA GPU is usable") as stop:
        conftest.pytest_configure(None)
    assert stop.value.returncode == 4


def test_bench_without_a_gpu_says_so(capsys):
    if cuda_devices():
        pytest.skip("a GPU is here")
    assert bench_cuda.main([]) == 0
    assert "no CUDA GPU" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench_cuda.parse_args(["--groups", "contiguous,warp"])

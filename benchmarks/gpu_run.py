"""The scripted GPU run: every check that needs a CUDA GPU, in one command of under 10 minutes.

    python benchmarks/gpu_run.py prepare [--suite /tmp/array-api-tests]   # here, on the CPU
    python benchmarks/gpu_run.py run --out "$OUT"                         # on the GPU machine
    python benchmarks/gpu_run.py run --out /tmp/gpu --simulate            # CPU rehearsal

`prepare` fills `.whl/` (ignored by git, carried to the device machine): the wheels of WHEELS,
for the device's Python 3.12, and a copy of the conformance suite trimmed to what it reads.
`run` (started by benchmarks/run_gpu.sh, which installs those wheels first) runs STAGES in
order, each in its own process group under its own time budget, and writes at most 8 files
into --out as it goes (OUT_FILES); summary.md is rewritten after every stage, so a run cut
short still says what it saw. A stage that fails or runs out of time does not stop the next.
When a budget runs out the stage gets SIGINT (pytest then still writes its reports), then
SIGKILL after GRACE seconds.

--simulate rehearses every stage on a machine without a GPU, with tiny sizes: the tests stage
runs the CUDA tests that need no GPU (the backend wiring through the host kernel simulator,
and the no-GPU behaviour), conformance runs one suite file through `--device cpu`, the
benchmark runs `bench_cuda.py --simulate`. tests/test_gpu_runbook.py runs it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable
STAGES = ("env", "tests", "conformance", "bench")
# Seconds per stage. With the summary's reserve and one stop's GRACE they fit in DEADLINE,
# which leaves run_gpu.sh's wheel install room under the device tool's 600 s a command
# (benchmarks/README.md, "GPU run"). A stage that ends early leaves its time to the next.
BUDGETS = {"env": 20, "tests": 265, "conformance": 130, "bench": 110}
DEADLINE = 560
SUMMARY_RESERVE = 8
GRACE = 20
LOG_CAP = 15 << 20  # the tool brings back files of up to 16 MiB
OUT_FILES = (
    "env.txt",
    "tests.log",
    "tests.xml",
    "conformance.log",
    "conformance.json",
    "bench.log",
    "bench.json",
    "summary.md",
)
# Wheels for the device image (Python 3.12; see /work/.library/device/KINDS.md): only what it
# lacks or holds at another version than CI's. Its CuPy (cupy-cuda13x 14.2), cuda-bindings,
# NVRTC, PyTorch, pytest, pytest-xdist and pytest-timeout are used as they are: the [cuda]
# extra's cupy-cuda12x wheel is 136 MB, over the 64 MiB a call may carry.
WHEELS = (
    "numpy==2.4.6",  # NumPy is the oracle; the image has 2.5
    "hypothesis==6.170.15",  # pinned: derandomized draws are per version
    "pytest-json-report==1.5.0",  # conformance/run.py reads its report
    "pytest-metadata==3.1.1",  # needed by pytest-json-report
    "ndindex==1.10.1",  # the conformance suite's dependency
    "array-api-compat==1.16.0",  # the test extra
    "array-api-strict==2.6.1",  # the test extra
    "setuptools==84.2.1",  # run_gpu.sh builds the C extensions; pyproject.toml needs >= 77
)
PLATFORMS = ("manylinux_2_28_x86_64", "manylinux_2_27_x86_64", "manylinux_2_24_x86_64",
             "manylinux_2_17_x86_64", "manylinux2014_x86_64")  # fmt: skip
CARRY_LIMIT = 64 << 20
SUITE_PARTS = ("array_api_tests", "conftest.py", "pytest.ini", "reporting.py")
SPEC_PARTS = ("src/array_api_stubs", "spec/2025.12/API_specification")


@dataclass
class Stage:
    """What one stage did: status is ok, failed (rc), timeout, skipped or error."""

    name: str
    status: str = "not run"
    seconds: float = 0.0
    note: str = ""
    tail: list = field(default_factory=list)


# ---- running a command under a budget ------------------------------------------------------


def _copy_output(pipe, log: Path, tail: list) -> None:
    """Stream the child's output into `log` (up to LOG_CAP bytes), keeping its last lines."""
    written = 0
    with open(log, "ab") as f:
        for line in iter(pipe.readline, b""):
            if written < LOG_CAP:
                f.write(line)
                f.flush()  # the file is the result if the machine is taken away
                written += len(line)
            tail.append(line.decode(errors="replace").rstrip())
            del tail[:-15]


def run_budgeted(cmd: list, log: Path, seconds: float, env=None, cwd=REPO) -> tuple:
    """(exit status or None on timeout, last output lines) of `cmd`, logged into `log`."""
    with open(log, "ab") as f:
        f.write(f"$ {' '.join(map(str, cmd))}\n".encode())
    proc = subprocess.Popen(
        [str(c) for c in cmd],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: the budget stops all of it
    )
    tail: list = []
    reader = threading.Thread(target=_copy_output, args=(proc.stdout, log, tail), daemon=True)
    reader.start()
    try:
        rc = proc.wait(timeout=max(seconds, 1))
    except subprocess.TimeoutExpired:
        rc = None
        _stop(proc)
    reader.join(timeout=5)
    return rc, tail


def _stop(proc: subprocess.Popen) -> None:
    """SIGINT to the group (pytest writes its reports on it), SIGKILL after GRACE."""
    for sig, wait in ((signal.SIGINT, GRACE), (signal.SIGKILL, 5)):
        try:
            os.killpg(proc.pid, sig)
            proc.wait(timeout=wait)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


def _have(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _workers() -> list:
    """pytest-xdist arguments when it is installed: one worker per 2 cores, up to 8."""
    return ["-n", str(min(8, max(2, (os.cpu_count() or 2) // 2)))] if _have("xdist") else []


# ---- the stages --------------------------------------------------------------------------

_ENV_PROBE = """
import importlib, platform
print("python", platform.python_version(), platform.platform())
for name in ("numpy", "cupy", "torch", "hypothesis", "pytest", "xdist", "xtensor"):
    try:
        print(name, getattr(importlib.import_module(name), "__version__", "?"))
    except Exception as e:
        print(name, "unavailable:", type(e).__name__, e)
try:
    import torch
    print("torch cuda", torch.version.cuda, torch.cuda.is_available(),
          torch.cuda.get_device_name() if torch.cuda.is_available() else "")
except Exception as e:
    print("torch cuda: unavailable:", type(e).__name__, e)
import xtensor as xt
from xtensor._jit import compiler
for ext in ("_dispatch._cfast", "_core._cvalues", "_backends._cscan", "_core._csort"):
    try:
        importlib.import_module("xtensor." + ext)
        print("xtensor extension", ext, "built")
    except ImportError as e:
        print("xtensor extension", ext, "missing:", e)
print("xtensor devices", [str(d) for d in xt.__array_namespace_info__().devices()])
print("xtensor nvrtc", compiler.nvrtc_version() if compiler.have_nvrtc() else "unavailable")
try:
    import cupy
    cupy.show_config()
except Exception as e:
    print("cupy config: unavailable:", type(e).__name__, e)
"""


def stage_env(args, out: Path, seconds: float) -> tuple:
    log = out / "env.txt"
    commands = [
        ["nvidia-smi"],
        ["nvidia-smi", "--query-gpu=name,driver_version,memory.total,clocks.sm,clocks.mem",
         "--format=csv"],
        ["nvcc", "--version"],
        [PY, "-c", _ENV_PROBE],
    ]  # fmt: skip
    build_log = Path(os.environ.get("XT_BUILD_LOG", "/nonexistent"))
    if build_log.is_file():  # run_gpu.sh's build of the C extensions
        with open(log, "a") as f:
            f.write(f"$ setup.py build_ext --inplace\n{build_log.read_text()[-20000:]}\n")
    start, codes, tail = time.monotonic(), [], []
    for cmd in commands:
        if shutil.which(cmd[0]) is None:
            with open(log, "a") as f:
                f.write(f"$ {cmd[0]}: not found on this machine\n")
            continue
        rc, tail = run_budgeted(cmd, log, seconds - (time.monotonic() - start))
        codes.append(rc)
    return (None if None in codes else max(codes, default=0)), tail


def _child_env(args) -> dict:
    """The stages share one kernel cache, cold at the start: the conformance run and the
    benchmark's warm-up calls load what the tests compiled."""
    return dict(os.environ, PYTHONUNBUFFERED="1", XTENSOR_KERNEL_CACHE_DIR=args.kernel_cache)


def _test_env(args) -> dict:
    env = _child_env(args)
    if args.simulate:
        env.pop("XTENSOR_TEST_DEVICE", None)
    else:
        env["XTENSOR_TEST_DEVICE"] = "cuda"
    return env


def stage_tests(args, out: Path, seconds: float) -> tuple:
    targets = ["tests/test_cuda.py", "tests/test_cuda_backend.py"] if args.simulate else args.tests
    cmd = [PY, "-m", "pytest", *targets, "-rfE", "--tb=short", "-p", "no:cacheprovider"]
    cmd += [f"--junitxml={out / 'tests.xml'}"]
    if not args.simulate:
        cmd += _workers() + (["--timeout=120"] if _have("pytest_timeout") else [])
    return run_budgeted(cmd, out / "tests.log", seconds, env=_test_env(args))


def find_suite(args) -> Path | None:
    candidates = [args.suite, os.environ.get("ARRAY_API_TESTS_DIR"), REPO / ".whl" /
                  "array-api-tests", "/tmp/array-api-tests"]  # fmt: skip
    for c in filter(None, candidates):
        if (Path(c) / "array_api_tests").is_dir():
            return Path(c)
    return None


def stage_conformance(args, out: Path, seconds: float) -> tuple:
    suite = find_suite(args)
    if suite is None or not _have("pytest_jsonreport"):
        why = "no array-api-tests checkout" if suite is None else "no pytest-json-report"
        return "skipped", [f"{why} (run `gpu_run.py prepare` and carry .whl)"]
    cmd = [PY, "conformance/run.py", "--suite", suite, "--summary-json", out / "conformance.json"]
    if args.simulate:
        cmd += ["--device", "cpu", "--max-examples", "2", "test_inspection_functions.py"]
    else:
        # The first call of each kernel compiles it (and cuBLAS starts up): no deadline.
        cmd += ["--device", "cuda", "--max-examples", "20", "--xfails-file",
                REPO / "conformance" / "xfails_cuda.txt", "--", *_workers(),
                "--hypothesis-disable-deadline"]  # fmt: skip
    return run_budgeted(cmd, out / "conformance.log", seconds, env=_child_env(args))


def stage_bench(args, out: Path, seconds: float) -> tuple:
    cmd = [PY, "benchmarks/bench_cuda.py", "--json", out / "bench.json", "--profile"]
    if args.simulate:
        cmd += ["--simulate", "--log2n", "10", "--repeat", "2", "--calls", "20"]
        cmd += ["--iterations", "50"]
    return run_budgeted(cmd, out / "bench.log", seconds, env=_child_env(args))


RUNNERS = {
    "env": stage_env,
    "tests": stage_tests,
    "conformance": stage_conformance,
    "bench": stage_bench,
}


# ---- the summary -----------------------------------------------------------------------


def _junit(path: Path) -> list:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        return [f"tests.xml unreadable ({type(e).__name__}): see tests.log"]
    suites = [root] if root.tag == "testsuite" else list(root)
    totals = {k: sum(int(s.get(k, 0)) for s in suites) for k in ("tests", "failures", "errors",
              "skipped")}  # fmt: skip
    lines = [", ".join(f"{v} {k}" for k, v in totals.items())]
    failed = [
        f"{case.get('classname')}::{case.get('name')}"
        for case in root.iter("testcase")
        if case.find("failure") is not None or case.find("error") is not None
    ]
    return lines + [f"- `{f}`" for f in failed[:40]] + _more(failed, 40)


def _more(items: list, shown: int) -> list:
    return [f"- ... and {len(items) - shown} more"] if len(items) > shown else []


def _conformance(path: Path) -> list:
    try:
        report = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        return [f"conformance.json unreadable ({type(e).__name__}): see conformance.log"]
    lines = [", ".join(f"{v} {k}" for k, v in report["total"].items())]
    failed = report["failed"]
    return lines + [f"- `{f}`" for f in failed[:40]] + _more(failed, 40)


def _fmt(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "**no**"
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def _bench(path: Path) -> list:
    try:
        report = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        return [f"bench.json unreadable ({type(e).__name__}): see bench.log"]
    keys = ("group", "case", "unit", "xtensor", "reference", "torch", "ratio_reference",
            "ratio_torch", "of_copy_bandwidth", "correct", "meets")  # fmt: skip
    lines = [
        f"versions: {report['versions']}; copy bandwidth {report['copy_bandwidth_gbs']:.0f} GB/s",
        "",
        "| " + " | ".join(keys) + " |",
        "|" + " --- |" * len(keys),
    ]
    lines += ["| " + " | ".join(_fmt(r.get(k)) for k in keys) + " |" for r in report["rows"]]
    return lines + [f"- group {g} failed: {e}" for g, e in report.get("errors", {}).items()]


def write_summary(args, out: Path, stages: list, started: float) -> None:
    mode = "simulate (CPU rehearsal: no number here means anything)" if args.simulate else "GPU"
    lines = [
        "# GPU run summary",
        "",
        f"mode: {mode}; {time.monotonic() - started:.0f} s so far; host {os.uname().nodename}",
        "",
        "| stage | status | seconds | note |",
        "| --- | --- | ---: | --- |",
    ]
    lines += [f"| {s.name} | {s.status} | {s.seconds:.0f} | {s.note} |" for s in stages]
    for title, name, reader in (("Tests", "tests.xml", _junit),
                                ("Conformance", "conformance.json", _conformance),
                                ("Benchmarks", "bench.json", _bench)):  # fmt: skip
        if (out / name).exists():
            lines += ["", f"## {title}", "", *reader(out / name)]
    (out / "summary.md").write_text("\n".join(lines) + "\n")


# ---- run and prepare ---------------------------------------------------------------------


def _status(rc) -> str:
    if rc == "skipped":
        return "skipped"
    return "timeout" if rc is None else ("ok" if rc == 0 else f"failed (rc {rc})")


def run(args) -> int:
    with tempfile.TemporaryDirectory(prefix="xt-kernels-") as cache:
        args.kernel_cache = cache
        return run_stages(args)


def run_stages(args) -> int:
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    budgets = dict(BUDGETS, **args.budget)
    stages = [Stage(name) for name in args.stages]
    for stage in stages:
        left = args.deadline - (time.monotonic() - started) - SUMMARY_RESERVE - GRACE
        seconds = min(budgets[stage.name], left)
        print(f"[gpu_run] {stage.name}: up to {seconds:.0f} s", flush=True)
        if seconds < 5:
            stage.status, stage.note = "skipped", "no time left before the deadline"
        else:
            t0 = time.monotonic()
            try:
                rc, stage.tail = RUNNERS[stage.name](args, out, seconds)
                stage.status = _status(rc)
                stage.note = stage.tail[-1].replace("|", "/")[:160] if stage.tail else ""
            except Exception as e:  # noqa: BLE001 -- the next stages still run
                stage.status, stage.note = "error", f"{type(e).__name__}: {e}"
            stage.seconds = time.monotonic() - t0
        print(f"[gpu_run] {stage.name}: {stage.status} in {stage.seconds:.0f} s", flush=True)
        print("\n".join(f"    {line}" for line in stage.tail[-6:]), flush=True)
        write_summary(args, out, stages, started)
    print((out / "summary.md").read_text())
    return 0 if all(s.status in ("ok", "skipped") for s in stages) else 1


def _pins() -> dict:
    return {w.split("==")[0].lower().replace("_", "-"): w.split("==")[1] for w in WHEELS}


def _wheel_project(path: Path) -> tuple:
    name, version = path.name.split("-")[:2]
    return name.lower().replace("_", "-"), version


def copy_suite(suite: Path, dest: Path) -> None:
    """The suite's code and the parts of the spec checkout it reads, no git history."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for part in SUITE_PARTS:
        src, to = suite / part, dest / part
        if src.is_dir():
            shutil.copytree(src, to, ignore=ignore, dirs_exist_ok=True)
        else:
            shutil.copy2(src, to)
    spec = (suite / "array-api").resolve()
    for part in SPEC_PARTS:
        shutil.copytree(spec / part, dest / "array-api" / part, ignore=ignore, dirs_exist_ok=True)


def tree_bytes() -> int:
    """Bytes of the working tree the device tool sends (tracked and unignored files)."""
    names = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.split(b"\0")  # fmt: skip
    return sum(
        (REPO / n.decode()).stat().st_size for n in names if n and (REPO / n.decode()).is_file()
    )


def folder_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def prepare(args) -> int:
    dest = Path(args.dest).resolve()
    dest.mkdir(parents=True, exist_ok=True)
    if not args.no_download:
        pins = _pins()
        for old in dest.glob("*.whl"):  # one version of each, or the install stops
            name, version = _wheel_project(old)
            if pins.get(name) != version:
                old.unlink()
        cmd = [PY, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--python-version", "3.12", "--implementation", "cp", "-d", str(dest)]  # fmt: skip
        cmd += [a for p in PLATFORMS for a in ("--platform", p)] + list(WHEELS)
        subprocess.run(cmd, check=True)
    suite, copy = find_suite(args), dest / "array-api-tests"
    if suite is None:
        print("prepare: no array-api-tests checkout found (give --suite); conformance will skip")
    elif suite.resolve() != copy:  # found only the copy itself: keep it
        copy_suite(suite, copy)
    carried, tree = folder_bytes(dest), tree_bytes()
    print(f"prepare: {dest} holds {carried / 2**20:.1f} MiB, the tree {tree / 2**20:.1f} MiB")
    if carried + tree > CARRY_LIMIT:
        print(f"prepare: over the {CARRY_LIMIT >> 20} MiB a call may carry", file=sys.stderr)
        return 1
    return 0


def _budget(text: str) -> dict:
    out = {}
    for item in filter(None, text.split(",")):
        name, _, seconds = item.partition("=")
        if name not in BUDGETS:
            raise argparse.ArgumentTypeError(f"unknown stage {name!r}; stages: {STAGES}")
        out[name] = float(seconds)
    return out


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run the stages, results into --out")
    r.add_argument("--out", default=os.environ.get("OUT"), required="OUT" not in os.environ)
    r.add_argument("--simulate", action="store_true", help="CPU rehearsal, tiny sizes")
    r.add_argument("--stages", type=lambda s: s.split(","), default=list(STAGES))
    r.add_argument("--budget", type=_budget, default={}, help="e.g. tests=400,bench=60")
    r.add_argument("--deadline", type=float, default=DEADLINE, help="seconds for everything")
    r.add_argument("--suite", help="array-api-tests checkout (default: .whl/array-api-tests)")
    r.add_argument(
        "--tests", type=lambda s: s.split(","), default=["tests"], help="test paths (tests)"
    )
    p = sub.add_parser("prepare", help="fill .whl/ here for the device machine")
    p.add_argument("--dest", default=str(REPO / ".whl"))
    p.add_argument("--suite", help="array-api-tests checkout to copy")
    p.add_argument("--no-download", action="store_true", help="copy the suite only")
    args = parser.parse_args(argv)
    if args.command == "run" and set(args.stages) - set(STAGES):
        parser.error(f"--stages: choose from {', '.join(STAGES)}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    return run(args) if args.command == "run" else prepare(args)


if __name__ == "__main__":
    sys.exit(main())

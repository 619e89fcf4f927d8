"""SciPy's and scikit-learn's own array-API test suites with xtensor as one more backend.

    python tests/integration/run_library_suites.py                      # both libraries, all
    python tests/integration/run_library_suites.py --scipy special,fft  # SciPy subpackages only
    python tests/integration/run_library_suites.py --sklearn metrics --scipy ""

Each library's installed package (its tests ship in the wheel) is copied to a scratch
directory (files hard-linked where the filesystem allows, so the copy is cheap; every patched
file is written anew, never through a link) and the copy is put first on `sys.path`. The
copy registers xtensor beside array-api-strict in the library's backend list:

- SciPy: its conftest's `xp` fixture gains an `xtensor` param, array-api-strict is set to
  `api_version='2025.12'` (SciPy pins 2024.12), and `pytest -m array_api_backends` runs with
  `SCIPY_ARRAY_API` naming the two backends.
- scikit-learn: `yield_namespaces` and `yield_namespace_device_dtype_combinations` yield
  `xtensor` (cpu, float64 and float32, as array-api-strict gets two dtypes), selected with
  `-k "xtensor or array_api_strict"`; scikit-learn already sets array-api-strict to 2025.12.

The script prints passed/failed/skipped per module and backend, then every failure xtensor has
where array-api-strict passes the same test (same test, same parameters but the backend).
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

BACKENDS = ("xtensor", "array_api_strict")
# Device parameters differ between the two backends (`cpu` vs `CPU_DEVICE`/`device1`): a
# test is matched across backends with both the backend and its device spelled out of its id.
_DEVICES = {"cpu", "CPU_DEVICE", "device1", "None"}

SCIPY_PATCHES = [
    (
        "xp_known_backends = {'numpy', 'array_api_strict',",
        "xp_known_backends = {'numpy', 'array_api_strict', 'xtensor',",
    ),
    (
        "            api_version='2024.12'\n        )\n    except ImportError:\n        pass\n",
        "            api_version='2025.12'\n        )\n    except ImportError:\n        pass\n"
        "\n    import xtensor\n"
        "    xp_available_backends.append(\n"
        "        pytest.param(xtensor, id='xtensor', marks=pytest.mark.array_api_backends))\n",
    ),
    # xtensor is an eager CPU backend: a test that every eager backend SciPy knows skips is
    # for lazy backends only (Dask, JAX), so xtensor skips it too.
    (
        "    return {backend: backend_reasons[0]\n",
        "    eager = {'numpy', 'cupy', 'array_api_strict', 'torch'}\n"
        "    if all(reasons[b] for b in eager) and not reasons['xtensor']:\n"
        "        reasons['xtensor'] = list(reasons['array_api_strict'])\n"
        "    return {backend: backend_reasons[0]\n",
    ),
    # The 2025.12 standard made `devices()` return a tuple (2024.12: a list); SciPy's fixture
    # still adds a list to it. xtensor follows 2025.12, as array-api-strict at 2025.12 does.
    (
        "return xp.__array_namespace_info__().devices() + [None]",
        "return list(xp.__array_namespace_info__().devices()) + [None]",
    ),
]

SKLEARN_PATCHES = [
    (
        '        "array_api_strict",\n        "cupy",\n',
        '        "array_api_strict",\n        "xtensor",\n        "cupy",\n',
    ),
    (
        '        elif array_namespace == "array_api_strict":\n            # Always yield strings',
        '        elif array_namespace == "xtensor":\n'
        '            yield array_namespace, "cpu", "float64"\n'
        '            yield array_namespace, "cpu", "float32"\n'
        '        elif array_namespace == "array_api_strict":\n'
        "            # Always yield strings",
    ),
]


def _link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


def scratch_copy(package: str, dest: Path) -> Path:
    """A copy of the installed `package` under `dest`, with hard links for unpatched files."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"run_library_suites: {package} is not installed")
    source = Path(next(iter(spec.submodule_search_locations)))
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(source, dest / package, copy_function=_link_or_copy, ignore=ignore)
    # Wheels keep their bundled shared libraries (OpenBLAS...) beside the package, in
    # `scipy.libs/`, found through a relative RPATH: link those folders beside the copy.
    for libs in source.parent.glob("*.libs"):
        if not (dest / libs.name).exists():
            (dest / libs.name).symlink_to(libs)
    return dest / package


def patch(path: Path, edits: list[tuple[str, str]]) -> None:
    """Apply each `(old, new)` edit to `path` exactly once; raise if a text is missing, so a
    new release of the library that moved the line fails here instead of running unpatched."""
    text = path.read_text()
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit(f"run_library_suites: {path} has {text.count(old)} of {old!r}")
        text = text.replace(old, new)
    path.unlink()  # never write through a hard link into the installed package
    path.write_text(text)


def _backend_of(test_id: str) -> str | None:
    params = test_id.partition("[")[2].rstrip("]").split("-")
    return next((b for b in BACKENDS if b in params), None)


def _twin_key(test_id: str) -> str:
    name, _, params = test_id.partition("[")
    params = params.rstrip("]").split("-")
    parts = ["XP" if p in BACKENDS else "DEV" if p in _DEVICES else p for p in params]
    return f"{name}[{'-'.join(parts)}]"


def _module_of(classname: str, depth: int) -> str:
    return ".".join(classname.split(".")[:depth])


def read_junit(path: Path, depth: int):
    """`(counts, outcomes)`: counts[module][backend] is a Counter of passed/failed/skipped;
    outcomes maps (classname, twin key, backend) to (outcome, test id, first message line)."""
    counts = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
    outcomes = {}
    if not path.exists():
        return counts, outcomes
    for case in ET.parse(path).getroot().iter("testcase"):
        test_id = case.get("name", "")
        backend = _backend_of(test_id)
        if backend is None:
            continue
        outcome, message = "passed", ""
        for tag, label in (("failure", "failed"), ("error", "failed"), ("skipped", "skipped")):
            found = case.find(tag)
            if found is not None:
                outcome = label
                message = (found.get("message") or "").strip().splitlines()[:1]
                message = message[0][:160] if message else ""
                break
        classname = case.get("classname", "")
        counts[_module_of(classname, depth)][backend][outcome] += 1
        outcomes[(classname, _twin_key(test_id), backend)] = (outcome, test_id, message)
    return counts, outcomes


def only_xtensor_fails(outcomes) -> list[str]:
    """Failures of xtensor whose twin with array-api-strict did not fail (passed, was skipped
    or did not run), one line each."""
    lines = []
    for (classname, key, backend), (outcome, test_id, message) in sorted(outcomes.items()):
        if backend != "xtensor" or outcome != "failed":
            continue
        twin = outcomes.get((classname, key, "array_api_strict"), ("absent",))[0]
        if twin != "failed":
            lines.append(f"{classname}::{test_id} (strict: {twin}): {message}")
    return lines


def run_pytest(root: Path, targets: list[str], extra: list[str], env: dict, junit: Path):
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs"]
    command += [*targets, *extra, "--continue-on-collection-errors"]
    command += [f"--junitxml={junit}", "-o", "junit_family=xunit1"]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    tail = (done.stdout + done.stderr).strip().splitlines()[-1:] or [""]
    return time.perf_counter() - started, tail[0]


def _env(root: Path, **extra) -> dict:
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    return env


def run_scipy(workdir: Path, modules: list[str]):
    copy = scratch_copy("scipy", workdir)
    patch(copy / "conftest.py", SCIPY_PATCHES)
    targets = [f"scipy.{m}" for m in modules] if modules else ["scipy"]
    env = _env(workdir, SCIPY_ARRAY_API='["xtensor", "array_api_strict"]')
    junit = workdir / "scipy.xml"
    seconds, tail = run_pytest(workdir, targets, ["-m", "array_api_backends"], env, junit)
    return (*read_junit(junit, depth=2), seconds, tail)


def sklearn_targets(copy: Path, modules: list[str]) -> list[str]:
    """The test modules of `copy` (scikit-learn) that iterate over array namespaces."""
    found = []
    for path in sorted(copy.rglob("test_*.py")):
        if "yield_namespace" not in path.read_text(errors="replace"):
            continue
        dotted = ".".join(path.relative_to(copy.parent).with_suffix("").parts)
        if not modules or dotted.split(".")[1] in modules:
            found.append(dotted)
    return found


def run_sklearn(workdir: Path, modules: list[str]):
    copy = scratch_copy("sklearn", workdir)
    patch(copy / "utils" / "_array_api.py", SKLEARN_PATCHES)
    targets = sklearn_targets(copy, modules)
    env = _env(workdir, SCIPY_ARRAY_API="1")
    junit = workdir / "sklearn.xml"
    extra = ["-k", "xtensor or array_api_strict"]
    seconds, tail = run_pytest(workdir, targets, extra, env, junit)
    return (*read_junit(junit, depth=2), seconds, tail)


def totals(counts) -> dict:
    """passed/failed/skipped Counters per backend, over all modules."""
    return {b: sum((counts[m][b] for m in counts), collections.Counter()) for b in BACKENDS}


def _cell(c) -> str:
    return f"{c['passed']}/{c['failed']}/{c['skipped']}".rjust(24)


def table(counts) -> str:
    rows = [f"{'module':28}" + "".join(f"{b + ' p/f/s':>24}" for b in BACKENDS)]
    for module in sorted(counts):
        rows.append(f"{module:28}" + "".join(_cell(counts[module][b]) for b in BACKENDS))
    total = totals(counts)
    rows.append(f"{'total':28}" + "".join(_cell(total[b]) for b in BACKENDS))
    return "\n".join(rows)


def _names(text: str | None) -> list[str]:
    return [m for m in re.split(r"[,\s]+", text or "") if m]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scipy", help="comma-separated SciPy subpackages (default: all)")
    parser.add_argument("--sklearn", help="comma-separated scikit-learn subpackages")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    args = parser.parse_args(argv)
    runs = []
    if args.scipy is None or _names(args.scipy):
        runs.append(("SciPy", run_scipy, _names(args.scipy)))
    if args.sklearn is None or _names(args.sklearn):
        runs.append(("scikit-learn", run_sklearn, _names(args.sklearn)))
    extra_fails = 0
    for label, run, modules in runs:
        workdir = Path(tempfile.mkdtemp(prefix=f"xt-{label.lower()}-"))
        try:
            counts, outcomes, seconds, tail = run(workdir, modules)
        finally:
            if args.keep:
                print(f"scratch copy kept in {workdir}")
            else:
                shutil.rmtree(workdir, ignore_errors=True)
        print(f"\n{label} ({', '.join(modules) or 'all'}; {seconds:.0f} s; pytest: {tail})")
        print(table(counts))
        fails = only_xtensor_fails(outcomes)
        extra_fails += len(fails)
        print(f"xtensor-only failures: {len(fails)}")
        print("\n".join(f"  {line}" for line in fails))
    return 1 if extra_fails else 0


if __name__ == "__main__":
    sys.exit(main())

"""Run the Array API conformance suite (data-apis/array-api-tests) against xtensor.

The suite is not vendored; see conformance/README.md for fetching it. Usage:

    python conformance/run.py --suite /path/to/array-api-tests [--max-examples 200]
                              [--device cuda] [--summary-json out.json]
                              [test_file.py ...] [-- extra pytest arguments]

The suite path may also come from ARRAY_API_TESTS_DIR. Prints passed / failed / skipped /
xfailed / error counts per test file and a total line; exits non-zero when anything failed or
errored, or when pytest itself could not run. `--device` runs the suite with that device as
the default one (see `device_namespace.py`); `--summary-json` also writes the counts and the
failed test ids there. An interrupt (SIGINT, e.g. a time budget running out) stops pytest,
which still writes its report, and the table covers the tests that ran.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent
API_VERSION = "2025.12"
SPEC_STUBS = Path("array-api") / "src" / "array_api_stubs" / f"_{API_VERSION.replace('.', '_')}"
COLUMNS = ("passed", "failed", "skipped", "xfailed", "error")
# pytest-json-report outcome -> our column (an unexpected pass of an xfail is still a pass).
OUTCOME_COLUMN = {
    "passed": "passed",
    "xpassed": "passed",
    "failed": "failed",
    "skipped": "skipped",
    "xfailed": "xfailed",
    "error": "error",
}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--suite",
        default=os.environ.get("ARRAY_API_TESTS_DIR"),
        help="array-api-tests checkout (default: $ARRAY_API_TESTS_DIR)",
    )
    parser.add_argument(
        "--max-examples", type=int, default=200, help="hypothesis examples per test (default: 200)"
    )
    parser.add_argument(
        "--xfails-file",
        default=str(HERE / "xfails.txt"),
        help="the suite's --xfails-file (default: conformance/xfails.txt)",
    )
    parser.add_argument(
        "--device",
        help="run with this default device (cpu, cuda, cuda:N) instead of plain xtensor's cpu",
    )
    parser.add_argument("--summary-json", help="also write counts and failed ids to this file")
    parser.add_argument(
        "files", nargs="*", help="test files inside array_api_tests/ (default: all of them)"
    )
    # Everything after "--" goes to pytest (argparse would take it for test files).
    cut = argv.index("--") if "--" in argv else len(argv)
    args, extra = parser.parse_known_args(argv[:cut])
    extra += argv[cut + 1 :]
    if not args.suite:
        parser.error("give the suite checkout with --suite PATH or ARRAY_API_TESTS_DIR")
    return args, extra


def check_suite(suite: Path) -> None:
    """Fail early, with the fix, when the checkout or its spec submodule is missing."""
    if not (suite / "array_api_tests").is_dir():
        sys.exit(
            f"run.py: {suite} is not an array-api-tests checkout (no array_api_tests/); "
            "see conformance/README.md"
        )
    if not (suite / SPEC_STUBS).is_dir():
        sys.exit(
            f"run.py: {suite / SPEC_STUBS} is missing; the spec submodule is not checked "
            "out (git submodule update --init; see conformance/README.md)"
        )


def pytest_command(args, extra, report: Path) -> list:
    files = [
        f if f.startswith("array_api_tests") else f"array_api_tests/{f}" for f in args.files
    ] or ["array_api_tests"]
    return [
        sys.executable,
        "-m",
        "pytest",
        *files,
        f"--max-examples={args.max_examples}",
        f"--xfails-file={Path(args.xfails_file).resolve()}",
        "--json-report",
        f"--json-report-file={report}",
        "-p",
        "no:cacheprovider",
        "-rN",
        *extra,
    ]


def suite_env(device: str | None = None) -> dict:
    env = dict(os.environ)
    env["ARRAY_API_TESTS_MODULE"] = "xtensor"
    if device:  # the suite's exec form; the script must hold no single quote
        env["ARRAY_API_TESTS_MODULE"] = (
            f"exec('import device_namespace; xp = device_namespace.namespace(\"{device}\")')"
        )
    env["ARRAY_API_TESTS_VERSION"] = API_VERSION
    env["ARRAY_API_TESTS_XFAIL_MARK"] = "xfail"  # listed tests still run, never skip
    # All 13 dtypes, and both extensions (linalg, fft: the suite tests them whenever the
    # module has them and no --disable-extension is given); its header line shows them.
    env.pop("ARRAY_API_TESTS_SKIP_DTYPES", None)
    # Import the xtensor of this checkout, not another installed copy.
    path = [str(REPO_ROOT), str(HERE) if device else None, env.get("PYTHONPATH")]
    env["PYTHONPATH"] = os.pathsep.join(filter(None, path))
    return env


def count_outcomes(report: dict) -> dict:
    """file -> Counter of COLUMNS, from a pytest-json-report document."""
    counts = collections.defaultdict(collections.Counter)
    for test in report.get("tests", []):
        file = test["nodeid"].split("::", 1)[0]
        counts[file][OUTCOME_COLUMN.get(test["outcome"], "error")] += 1
    for collector in report.get("collectors", []):
        if collector.get("outcome") == "failed":  # a file that did not even import
            counts[collector["nodeid"].split("::", 1)[0]]["error"] += 1
    return counts


def failed_ids(report: dict) -> list:
    """Node ids of failed or errored tests (and collectors), in run order."""
    ids = [
        t["nodeid"]
        for t in report.get("tests", [])
        if OUTCOME_COLUMN.get(t["outcome"], "error") in ("failed", "error")
    ]
    return ids + [c["nodeid"] for c in report.get("collectors", []) if c.get("outcome") == "failed"]


def print_table(counts: dict) -> collections.Counter:
    width = max([len(f) for f in counts] + [len("TOTAL")])
    print(f"\n{'file':<{width}}  " + "  ".join(f"{c:>7}" for c in COLUMNS))
    total = collections.Counter()
    for file in sorted(counts):
        total.update(counts[file])
        print(f"{file:<{width}}  " + "  ".join(f"{counts[file][c]:>7}" for c in COLUMNS))
    print(f"{'TOTAL':<{width}}  " + "  ".join(f"{total[c]:>7}" for c in COLUMNS))
    return total


def run_pytest(cmd: list, suite: Path, device: str | None) -> int:
    """pytest's exit status. An interrupt reaches pytest (same process group), which then
    writes its report and exits; this process ignores it meanwhile, so it still reads that
    report instead of killing pytest first."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return subprocess.run(cmd, cwd=suite, env=suite_env(device), check=False).returncode
    finally:
        signal.signal(signal.SIGINT, previous)


def write_summary(path: str, counts: dict, total: collections.Counter, failures: list) -> None:
    summary = {
        "files": {f: {c: counts[f][c] for c in COLUMNS} for f in sorted(counts)},
        "total": {c: total[c] for c in COLUMNS},
        "failed": failures,
    }
    Path(path).write_text(json.dumps(summary, indent=1))


def main(argv=None) -> int:
    args, extra = parse_args(sys.argv[1:] if argv is None else argv)
    suite = Path(args.suite).expanduser().resolve()
    check_suite(suite)
    with tempfile.TemporaryDirectory() as tmp:
        report_path = Path(tmp) / "report.json"
        cmd = pytest_command(args, extra, report_path)
        where = f" on default device {args.device}" if args.device else ""
        print("running:", " ".join(cmd), f"(in {suite}){where}", flush=True)
        rc = run_pytest(cmd, suite, args.device)
        if not report_path.exists():
            print(f"run.py: pytest exited {rc} without a report", file=sys.stderr)
            return rc or 2
        report = json.loads(report_path.read_text())
    counts = count_outcomes(report)
    total = print_table(counts)
    failures = failed_ids(report)
    if args.summary_json:
        write_summary(args.summary_json, counts, total, failures)
    if failures:
        print("\nfailed:", *failures, sep="\n  ")
    print(
        f"\n{total['passed']} passed, {total['failed'] + total['error']} failed, "
        f"{total['skipped']} skipped"
    )
    if total["failed"] or total["error"]:
        return 1
    return 0 if rc in (0, 5) else rc  # 5: nothing collected, e.g. a filter matched nothing


if __name__ == "__main__":
    sys.exit(main())

"""NumPy's own docstring examples, run once against NumPy and once against xtensor.

    python benchmarks/numpy_doctests.py [--only numpy.linalg] [--failures REASON] [--write-baseline]

Every `>>>` example in the docstrings of NumPy's public functions, ufuncs and `ndarray` methods
(plus `numpy.linalg`, `numpy.fft`, the legacy `numpy.random` functions,
`numpy.lib.stride_tricks` and `numpy.emath`) runs twice, each docstring in a fresh namespace:
with `np` bound to NumPy and with `np` bound to xtensor (imports of `numpy` in the example
source are rewritten to `xtensor`). An example is *comparable* when NumPy's run matches its own
docstring (doctest's checker with NORMALIZE_WHITESPACE and ELLIPSIS); random, platform- or
version-dependent output is therefore left out, as are plotting examples and `+SKIP`. A
comparable example *agrees* when xtensor's output passes the same check, or, where the text
differs, xtensor produced equal values (dtype, shape and values through `numpy.asarray`), or
raised the same exception class. Disagreements are sorted into one reason each (`REASONS`).

The report prints the pass rate (agreeing / comparable) overall and per module and the count
per reason; `--write-baseline` records the agreeing ids in tests/numpy_doctest_baseline.json,
the ratchet that tests/test_numpy_doctests.py holds xtensor to.
"""

from __future__ import annotations

import argparse
import builtins
import collections
import contextlib
import doctest
import io
import json
import operator
import os
import re
import signal
import sys
import tempfile
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy

import xtensor

BASELINE = Path(__file__).resolve().parent.parent / "tests" / "numpy_doctest_baseline.json"
TIMEOUT_S = 5.0
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS

# One reason per disagreement, checked in this order (the first that applies wins).
REASONS = (
    "cascade",  # a name an earlier, failing example of the same docstring should have bound
    "missing name",  # AttributeError / ImportError: xtensor lacks a function, module or method
    "unsupported dtype",  # float16, strings, bytes, datetime, object, structured, longdouble
    "unsupported argument",  # xtensor raises on a keyword or argument NumPy accepts (out=, order=)
    "rejects non-array input",  # xtensor raises on a list, tuple or scalar NumPy converts
    "xtensor raises",  # xtensor raises some other error where NumPy returns
    "no exception raised",  # NumPy raises, xtensor returns
    "exception class differs",  # both raise, different classes
    "wrong dtype",
    "wrong shape",
    "wrong value",  # includes a failing `assert` in the example
    "different repr",  # printed text differs and there is no value to compare (print, str)
    "timeout",
    "other",
)

# Dtypes xtensor does not implement; examples using them fail for that one reason.
_UNSUPPORTED_DTYPE = re.compile(
    r"float16|half|longdouble|float128|complex256|clongdouble|datetime|timedelta|"
    r"\bstr_?\b|bytes_?|unicode|\bobject_?\b|structured|record|void|string|\bdtype=\[|"
    r"'[<>|]?[USOMmVa]\d*'|\"[<>|]?[USOMmVa]\d*\"|np\.dtypes\.|recarray|'\w+,\w+'|\bf2\b",
)
_UNSUPPORTED_KINDS = set("OSUVMm")


class _Timeout(BaseException):
    """Raised by the alarm; a BaseException so that examples' `except Exception` miss it."""


@dataclass
class Outcome:
    """What one run of one example did: its output text, last displayed value, exception."""

    text: str = ""
    value: object = None
    has_value: bool = False
    exc: BaseException | None = None
    exc_text: str = ""


@dataclass
class Result:
    id: str
    module: str
    comparable: bool
    agrees: bool = False
    reason: str = ""
    detail: str = ""
    source: str = ""
    has_want: bool = False
    np_text: str = field(default="", repr=False)
    xt_text: str = field(default="", repr=False)


# ---------------------------------------------------------------------------------------------
# Collection


def _public(module, names=None):
    names = sorted(getattr(module, "__all__", None) or dir(module)) if names is None else names
    for name in names:
        if name.startswith("_"):
            continue
        obj = getattr(module, name, None)
        if obj is None or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        if callable(obj) and obj.__doc__:
            yield name, obj


def collect():
    """[(docstring id, module label, docstring)], in a stable order, one per distinct object."""
    seen, out = set(), []

    def add(label, qualname, obj):
        if id(obj) in seen or ">>>" not in (obj.__doc__ or ""):
            return
        seen.add(id(obj))
        out.append((qualname, label, obj.__doc__))

    for name, obj in _public(numpy):
        add("numpy", f"numpy.{name}", obj)
    for name in sorted(dir(numpy.ndarray)):
        if not name.startswith("_"):
            obj = getattr(numpy.ndarray, name)
            if callable(obj):
                add("numpy.ndarray", f"numpy.ndarray.{name}", obj)
    for label in ("numpy.linalg", "numpy.fft", "numpy.lib.stride_tricks", "numpy.emath"):
        module = operator.attrgetter(label.partition(".")[2])(numpy)
        for name, obj in _public(module):
            add(label, f"{label}.{name}", obj)
    # The legacy functions are methods of NumPy's module-level RandomState.
    for name, obj in _public(numpy.random):
        if getattr(obj, "__self__", None) is not None or name in ("seed", "get_state"):
            add("numpy.random", f"numpy.random.{name}", obj)
    return out


def examples(doc_id, doc):
    return doctest.DocTestParser().get_doctest(doc, {}, doc_id, None, 0).examples


# ---------------------------------------------------------------------------------------------
# Running

_PLOTTING = re.compile(r"matplotlib|\bplt\.|\bplt\b|\bfig\b|\bax\.")
_IMPORT_NUMPY = re.compile(r"^(\s*(?:import|from)\s+)numpy\b", re.M)


def _to_xtensor(source):
    return _IMPORT_NUMPY.sub(r"\1xtensor", source)


def _run_one(source, globs):
    """Execute one example as doctest does ('single' mode) and record what it did."""
    out = Outcome()
    buf = io.StringIO()

    def hook(value):
        if value is None:
            return
        out.value, out.has_value = value, True
        builtins._ = value
        buf.write(repr(value) + "\n")

    def alarm(signum, frame):
        raise _Timeout

    old_hook, old_alarm = sys.displayhook, signal.signal(signal.SIGALRM, alarm)
    sys.displayhook = hook
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(source, "<doctest>", "single"), globs)
    except _Timeout as exc:
        out.exc = exc
    except BaseException as exc:  # SystemExit and KeyboardInterrupt in examples included
        out.exc = exc
        out.exc_text = "".join(traceback.format_exception_only(type(exc), exc))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old_alarm)
        sys.displayhook = old_hook
    out.text = buf.getvalue()
    return out


def _matches(example, outcome, checker):
    """Does `outcome` pass doctest's check of `example`, as NumPy's own doctests would run it?"""
    flags = FLAGS
    for opt, on in example.options.items():
        flags = flags | opt if on else flags & ~opt
    if example.exc_msg is None:
        return outcome.exc is None and checker.check_output(example.want, outcome.text, flags)
    if outcome.exc is None or isinstance(outcome.exc, _Timeout):
        return False
    if checker.check_output(example.exc_msg, outcome.exc_text, flags):
        return True
    # Messages change between releases; the class is the promise (IGNORE_EXCEPTION_DETAIL).
    return type(outcome.exc).__name__ == example.exc_msg.split(":")[0].strip().split(".")[-1]


_RANDOM_MARKERS = re.compile(r"#\s*(may vary|random|uninitialized|result may vary)", re.I)
_WANT_NAMES = {
    "array": numpy.array,
    "inf": numpy.inf,
    "nan": numpy.nan,
    "np": numpy,
    **{t: getattr(numpy, t) for t in ("float64", "float32", "int64", "int32", "complex128")},
}


def _matches_numerically(example, outcome):
    """The want, evaluated, equals the value NumPy displayed (as scipy-doctest, which NumPy's
    own doctest run uses, compares: `3.14159` in a docstring accepts `np.float64(3.14159)`)."""
    if outcome.exc is not None or not outcome.has_value or _RANDOM_MARKERS.search(example.want):
        return False
    try:
        want = eval(example.want, dict(_WANT_NAMES))  # the docstring's own literal
        got = numpy.asarray(outcome.value)
        want = numpy.asarray(want)
        if got.dtype.kind not in "biufc" or want.dtype.kind not in "biufc":
            return False
        return got.shape == want.shape and bool(
            numpy.allclose(got, want, rtol=1e-7, atol=1e-12, equal_nan=True)
        )
    except Exception:
        return False


@contextlib.contextmanager
def _sandbox():
    """Undo what examples change globally: print options, error state, cwd, warnings.

    Files an example makes with `tempfile.mkstemp()` (`fromfile`'s does) land in the
    sandbox's folder, not in the machine's temporary folder.
    """
    np_print, xt_print = numpy.get_printoptions(), xtensor.get_printoptions()
    np_err, xt_err = numpy.geterr(), xtensor.geterr()
    cwd = os.getcwd()
    state = numpy.random.get_state()
    with tempfile.TemporaryDirectory() as tmp, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        os.chdir(tmp)
        tempdir, tempfile.tempdir = tempfile.tempdir, tmp
        numpy.seterr(divide="warn", over="warn", under="ignore", invalid="warn")  # defaults
        try:
            yield
        finally:
            os.chdir(cwd)
            tempfile.tempdir = tempdir
            numpy.set_printoptions(**np_print)
            xtensor.set_printoptions(**xt_print)
            numpy.seterr(**np_err)
            xtensor.seterr(**xt_err)
            numpy.random.set_state(state)


def run_docstring(doc_id, label, doc):
    exs = examples(doc_id, doc)
    checker = doctest.OutputChecker()
    ids = [f"{doc_id}:{i}" for i in range(len(exs))]
    np_globs, xt_globs = {"np": numpy}, {"np": xtensor}
    skip = [bool(e.options.get(doctest.SKIP) or _PLOTTING.search(e.source)) for e in exs]
    with _sandbox():
        np_runs = [None if s else _run_one(e.source, np_globs) for s, e in zip(skip, exs)]
    with _sandbox():
        xt_runs = [
            None if s else _run_one(_to_xtensor(e.source), xt_globs) for s, e in zip(skip, exs)
        ]
    results = []
    failed_xt = False
    for ex_id, ex, np_run, xt_run in zip(ids, exs, np_runs, xt_runs):
        res = Result(ex_id, label, False, source=ex.source.strip(), has_want=bool(ex.want))
        results.append(res)
        if np_run is None or not (
            _matches(ex, np_run, checker) or _matches_numerically(ex, np_run)
        ):
            res.detail = "skip or plot" if np_run is None else "numpy differs from its docstring"
            continue
        res.comparable = True
        res.np_text, res.xt_text = np_run.text, xt_run.text
        if _matches(ex, xt_run, checker) or _same(np_run, xt_run):
            res.agrees = True
        else:
            res.reason, res.detail = _reason(ex, np_run, xt_run, np_globs, failed_xt)
            failed_xt = True
    return results


# ---------------------------------------------------------------------------------------------
# Comparing and classifying


def _values_equal(a, b):
    """(equal, reason) for a NumPy result `a` and an xtensor result `b`."""
    if isinstance(a, (tuple, list)) and not isinstance(a, str):
        if not isinstance(b, (tuple, list)) or len(a) != len(b):
            return False, "wrong value"
        for x, y in zip(a, b):
            ok, why = _values_equal(x, y)
            if not ok:
                return ok, why
        return True, ""
    if isinstance(a, (numpy.ndarray, numpy.generic)):
        try:
            b = numpy.asarray(b)
        except Exception:
            return False, "other"
        if a.dtype != b.dtype:
            return False, "wrong dtype"
        if a.shape != b.shape:
            return False, "wrong shape"
        if a.dtype.kind in "fc":
            ok = numpy.allclose(a, b, rtol=1e-12 if a.dtype.itemsize >= 8 else 1e-5, equal_nan=True)
        else:
            ok = numpy.array_equal(a, b)
        return bool(ok), "" if ok else "wrong value"
    if isinstance(a, (int, float, complex)) and not isinstance(b, (int, float, complex)):
        # A Python scalar where xtensor returns a 0-d array: compared as arrays.
        return _values_equal(numpy.asarray(a), b)
    try:
        ok = bool(a == b) and type(a) is type(b)
    except Exception:
        ok = False
    return ok, "" if ok else "wrong value"


def _same(np_run, xt_run):
    """Text differs: do the two runs still agree in values or exception class?"""
    if np_run.exc is not None or xt_run.exc is not None:
        return type(np_run.exc) is type(xt_run.exc) and not isinstance(np_run.exc, _Timeout)
    if np_run.has_value != xt_run.has_value or not np_run.has_value:
        return False
    return _values_equal(np_run.value, xt_run.value)[0]


def _first_line(exc):
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:160]


def _reason(ex, np_run, xt_run, np_globs, failed_before):
    exc = xt_run.exc
    if isinstance(exc, _Timeout):
        return "timeout", "xtensor run exceeded the time limit"
    if isinstance(exc, NameError) and failed_before:
        return "cascade", _first_line(exc)
    if isinstance(exc, (AttributeError, ImportError)) and np_run.exc is None:
        return "missing name", _first_line(exc)
    if isinstance(exc, NameError) and not failed_before:
        return "missing name", _first_line(exc)
    np_value = np_run.value if np_run.has_value else None
    kinds = getattr(getattr(np_value, "dtype", None), "kind", "")
    if (
        _UNSUPPORTED_DTYPE.search(ex.source)
        or kinds in _UNSUPPORTED_KINDS
        or getattr(getattr(np_value, "dtype", None), "name", "") == "float16"
        or (exc is not None and _UNSUPPORTED_DTYPE.search(str(exc)))
        or (exc is not None and "does not support NumPy dtype" in str(exc))
    ):
        return "unsupported dtype", _first_line(exc) if exc else "dtype"
    if isinstance(exc, AssertionError):
        return "wrong value", "an assert in the example fails"
    if exc is not None and np_run.exc is not None:
        return "exception class differs", f"numpy: {type(np_run.exc).__name__}; xtensor: " + (
            _first_line(exc)
        )
    if np_run.exc is not None:
        return "no exception raised", f"numpy: {_first_line(np_run.exc)}"
    if exc is not None:
        msg = str(exc)
        if re.search(r"unexpected keyword|is not supported|positional argument", msg):
            return "unsupported argument", _first_line(exc)
        if re.search(r"must be an xtensor array|unsupported operand", msg):
            return "rejects non-array input", _first_line(exc)
        return "xtensor raises", _first_line(exc)
    if np_run.has_value and xt_run.has_value:
        ok, why = _values_equal(np_run.value, xt_run.value)
        return why or "other", f"{type(np_run.value).__name__} vs {type(xt_run.value).__name__}"
    if np_run.has_value != xt_run.has_value:
        return "wrong value", "one run displayed a value, the other did not"
    return "different repr", "printed text differs"


# ---------------------------------------------------------------------------------------------
# Running everything and reporting


def run_all(only=None):
    results = []
    for doc_id, label, doc in collect():
        if only and label not in only:
            continue
        with contextlib.redirect_stderr(io.StringIO()):
            results.extend(run_docstring(doc_id, label, doc))
    return results


def summary(results):
    comparable = [r for r in results if r.comparable]
    agree = [r for r in comparable if r.agrees]
    per_module = collections.defaultdict(lambda: [0, 0, 0])
    for r in results:
        row = per_module[r.module]
        row[0] += 1
        row[1] += r.comparable
        row[2] += r.agrees
    reasons = collections.Counter(r.reason for r in comparable if not r.agrees)
    return {
        "examples": len(results),
        "comparable": len(comparable),
        "agreeing": len(agree),
        "rate": len(agree) / max(len(comparable), 1),
        "with_output_rate": sum(r.agrees for r in comparable if r.has_want)
        / max(sum(r.has_want for r in comparable), 1),
        "modules": dict(per_module),
        "reasons": dict(reasons.most_common()),
    }


def report(results, show=None, limit=40):
    s = summary(results)
    print(
        f"numpy {numpy.__version__}: {s['examples']} examples, {s['comparable']} comparable, "
        f"{s['agreeing']} agree: {100 * s['rate']:.1f}% "
        f"({100 * s['with_output_rate']:.1f}% of those with expected output)"
    )
    print(f"\n{'module':<26}{'examples':>9}{'compar.':>9}{'agree':>7}{'rate':>8}")
    for mod, (n, c, a) in sorted(s["modules"].items()):
        print(f"{mod:<26}{n:>9}{c:>9}{a:>7}{100 * a / max(c, 1):>7.1f}%")
    print(f"\n{'reason':<28}{'count':>6}")
    for reason, n in s["reasons"].items():
        print(f"{reason:<28}{n:>6}")
    missing = collections.Counter(
        m.group(1) or m.group(2)
        for r in results
        if r.reason == "missing name"
        and (m := re.search(r"attribute '(\w+)'|name '(\w+)'", r.detail))
    )
    if missing:
        print(
            "\nmost wanted missing names:",
            ", ".join(f"{k} ({v})" for k, v in missing.most_common(25)),
        )
    if show:
        print()
        bad = [r for r in results if r.comparable and not r.agrees and show in (r.reason, "all")]
        for r in bad[:limit]:
            print(f"--- {r.id} [{r.reason}] {r.detail}\n{r.source}")
            if r.reason in ("different repr", "wrong value", "wrong dtype", "wrong shape"):
                print(f"numpy:   {r.np_text.strip()[:300]}\nxtensor: {r.xt_text.strip()[:300]}")
    return s


def write_baseline(results, path=BASELINE):
    s = summary(results)
    data = {
        "numpy": numpy.__version__,
        "comparable": s["comparable"],
        "agreeing": s["agreeing"],
        "rate": round(s["rate"], 6),
        "agree": sorted(r.id for r in results if r.agrees),
    }
    path.write_text(json.dumps(data, indent=0) + "\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="module label, e.g. numpy.linalg")
    parser.add_argument("--failures", metavar="REASON", help="list failures of a reason, or all")
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--write-baseline", action="store_true")
    args = parser.parse_args(argv)
    results = run_all(args.only)
    report(results, args.failures, args.limit)
    if args.write_baseline:
        if args.only:
            parser.error("--write-baseline needs the full run (no --only)")
        write_baseline(results)
        print(f"\nwrote {BASELINE}")


if __name__ == "__main__":
    main()

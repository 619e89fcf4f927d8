"""Run the corpus of everyday NumPy scripts in `tests/scripts/` with NumPy and with xtensor.

Each script runs twice, each time in its own subprocess: once as written, and once with its
`import numpy as np` line rewritten to `import xtensor as np`. Replacing `sys.modules["numpy"]`
instead would also swap the NumPy that xtensor itself runs on, so the rewrite touches the script
source only. Both runs must print the same stdout, byte for byte, and leave the same top-level
variables that are arrays or numbers (compared after `numpy.asarray`: values to rtol 1e-12 with
NaNs equal, dtypes and shapes exactly).

A script that differs because of a real xtensor gap stays in the corpus and is listed in
`KNOWN_GAPS`; it is marked `xfail(strict=True)`, so fixing the gap turns the entry into a failure
until it is removed.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import numpy
import pytest

SCRIPTS_DIR = Path(__file__).parent / "scripts"
SCRIPTS = sorted(p.stem for p in SCRIPTS_DIR.glob("*.py"))
IMPORT_LINE = "import numpy as np"
TIMEOUT_S = 60

# script name -> why xtensor's run differs from NumPy's (a real gap, reproduced in the reason).
KNOWN_GAPS: dict[str, str] = {
    "binary_records": "arrays keep native byte order (README): "
    "np.array([1.0], dtype=np.float32).astype('>f4') raises TypeError",
    "business_calendar": "no scalar objects (README): a 0-d Array stands for NumPy's scalar, "
    "type(np.busday_count('2024-03-31', '2024-03-01')).__name__ is 'Array'",
    "confusion_matrix": "argsort's default is the standard's stable sort; NumPy's default "
    "quicksort orders ties differently: np.argsort(np.arange(10) % 2)",
    "det_inverse": "error messages name the function (README), NumPy's LinAlgError text does "
    "not: print(e) for np.linalg.inv(np.ones((2, 2))) prints 'Singular matrix'",
    "views_and_memory": "a view's base is an Array over the memory, not the viewed Array "
    "(README): (lambda a: a[2:7].base is a)(np.arange(10)) is False",
    "matrix_powers": "linalg.eig returns complex eigenvalues where NumPy returns float64 for a "
    "real spectrum: np.linalg.eig(np.eye(2))[0].dtype",
}

# Runs in the child: executes one script as `__main__` and pickles its top-level arrays and
# numbers (converted with numpy.asarray) to the path in argv[3]. stdout is left to the script.
_CHILD = r"""
import pickle, sys
import numpy
path, mode, out = sys.argv[1:4]
source = open(path, encoding="utf-8").read()
if mode == "xtensor":
    lines = source.splitlines(keepends=True)
    lines = [
        "import xtensor as np\n" if ln.strip() == "import numpy as np" else ln for ln in lines
    ]
    source = "".join(lines)
scope = {"__name__": "__main__", "__file__": path}
exec(compile(source, path, "exec"), scope)
sys.stdout.flush()

def keep(value):
    if isinstance(value, (bool, int, float, complex, numpy.generic, numpy.ndarray)):
        return True
    # xtensor arrays (no xtensor import needed in the NumPy run to recognise them), and its
    # recarray, as NumPy's recarray is an ndarray. Other xtensor objects with __array__
    # (poly1d) are not arrays there.
    kind = (type(value).__module__, type(value).__name__)
    return kind in (("xtensor._array", "Array"), ("xtensor.rec", "recarray"))

found = {}
for name, value in scope.items():
    if name.startswith("_") or not keep(value):
        continue
    found[name] = numpy.asarray(value)
with open(out, "wb") as f:
    pickle.dump(found, f)
"""


def _run(name: str, mode: str) -> tuple[int, str, str, dict]:
    """(returncode, stdout, stderr, variables) of one script run with `mode` as its numpy."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "vars.pkl")
        env = dict(os.environ, PYTHONHASHSEED="0", OMP_NUM_THREADS="1")
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, str(SCRIPTS_DIR / f"{name}.py"), mode, out],
            capture_output=True,
            text=True,
            cwd=tmp,  # scripts that write files without a temp dir stay sandboxed
            env=env,
            timeout=TIMEOUT_S,
        )
        variables = {}
        if proc.returncode == 0:
            with open(out, "rb") as f:
                variables = pickle.load(f)
    return proc.returncode, proc.stdout, proc.stderr, variables


@cache
def _all_runs() -> dict[tuple[str, str], tuple[int, str, str, dict]]:
    # Subprocesses spend their time outside the GIL, so threads give real parallelism here.
    jobs = [(name, mode) for name in SCRIPTS for mode in ("numpy", "xtensor")]
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        results = pool.map(lambda job: _run(*job), jobs)
        return dict(zip(jobs, results))


def _compare_variables(want: dict, got: dict) -> None:
    assert sorted(got) == sorted(want), (
        f"top-level arrays/numbers differ: numpy {sorted(want)}, xtensor {sorted(got)}"
    )
    for key, w in want.items():
        _compare_array(key, got[key], w)


def _compare_array(key: str, g, w) -> None:
    """Same dtype, shape and values (numbers to rtol 1e-12, NaN equal to NaN: in the fields of
    a structured array too, which `assert_array_equal` compares as records, NaN unequal)."""
    assert g.dtype == w.dtype, f"{key}: dtype {g.dtype} != numpy's {w.dtype}"
    assert g.shape == w.shape, f"{key}: shape {g.shape} != numpy's {w.shape}"
    if w.dtype.names:
        for name in w.dtype.names:
            _compare_array(f"{key}[{name!r}]", g[name], w[name])
    elif w.dtype.kind in "biufc":
        numpy.testing.assert_allclose(g, w, rtol=1e-12, equal_nan=True, err_msg=key)
    else:
        numpy.testing.assert_array_equal(g, w, err_msg=key)


def _params():
    for name in SCRIPTS:
        marks = ()
        if name in KNOWN_GAPS:
            marks = (pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[name]),)
        yield pytest.param(name, id=name, marks=marks)


def test_corpus_is_big_enough():
    assert len(SCRIPTS) >= 120, f"only {len(SCRIPTS)} scripts in {SCRIPTS_DIR}"


def test_known_gaps_name_real_scripts():
    assert set(KNOWN_GAPS) <= set(SCRIPTS), set(KNOWN_GAPS) - set(SCRIPTS)


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_is_valid_numpy(name):
    """The script itself runs under NumPy and imports numpy exactly as the rewrite expects."""
    source = (SCRIPTS_DIR / f"{name}.py").read_text(encoding="utf-8")
    assert source.splitlines().count(IMPORT_LINE) == 1, f"{name}: needs one `{IMPORT_LINE}` line"
    code, _, err, _ = _all_runs()[name, "numpy"]
    assert code == 0, f"{name} fails under NumPy itself:\n{err}"


@pytest.mark.parametrize("name", list(_params()))
def test_script_matches_numpy(name):
    want_code, want_out, want_err, want_vars = _all_runs()[name, "numpy"]
    got_code, got_out, got_err, got_vars = _all_runs()[name, "xtensor"]
    assert want_code == 0, want_err
    assert got_code == 0, f"{name} raised under xtensor:\n{got_err[-3000:]}"
    assert got_out == want_out, f"{name}: stdout differs"
    _compare_variables(want_vars, got_vars)

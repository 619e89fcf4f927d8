"""The namespace around NumPy's matrix class under `import xtensor as np`: functions of
matrices (ufuncs, dot, linalg, reductions), `np.bmat`, `xtensor.matlib` and the pending
deprecation warnings, with NumPy as the oracle (`same` runs one expression under both).
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import numpy
import pytest

import xtensor as xt
from tests.test_matrix_class import same

with warnings.catch_warnings():
    warnings.simplefilter("ignore", PendingDeprecationWarning)
    import numpy.matlib  # NumPy's, the oracle of xtensor.matlib

    import xtensor.matlib as xt_matlib

pytestmark = [
    pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning"),
]

FUNCTIONS = [
    "np.sqrt(m)", "np.exp(m)", "np.add(m, m)", "np.add(m, a)", "np.add(a, m)",
    "np.multiply(m, a)", "np.add(m, [1, 2])", "np.maximum(m, 2)", "np.isnan(m)",
    "np.divmod(m, 3)", "np.negative(i)", "np.add.reduce(m)", "np.add.reduce(m, axis=1)",
    "np.add.accumulate(m)", "np.add.outer(m, m)", "np.sqrt(m, out=np.zeros((2, 2)))",
    "np.dot(m, m)", "np.dot(a, m)", "np.dot(m, a)", "np.dot(m, v)", "np.matmul(m, m)",
    "np.linalg.inv(m)", "np.linalg.inv(i.T * i + 1)", "np.linalg.det(m)",
    "np.linalg.solve(m, m)", "np.linalg.solve(a, m)", "np.linalg.solve(m, a)",
    "np.linalg.solve(m, v)", "np.linalg.eig(m)", "np.linalg.eigh(m.T * m)", "np.linalg.svd(m)",
    "np.linalg.qr(m)", "np.linalg.pinv(i)", "np.linalg.cholesky(m.T * m)",
    "np.linalg.matrix_power(m, 3)", "np.linalg.matrix_power(m, -1)", "np.linalg.lstsq(m, m)",
    "np.linalg.norm(m)", "np.linalg.matrix_rank(m)", "np.linalg.eigvals(m).shape",
    "np.linalg.inv(np.matrix([[1, 2], [2, 4]]))", "np.sum(m)", "np.sum(m, axis=0)",
    "np.mean(m, axis=1)", "np.max(m, axis=0)", "np.argmax(m, axis=0)", "np.std(m)",
    "np.var(m, axis=1)", "np.prod(i, axis=0)", "np.cumsum(m)", "np.cumsum(m, axis=1)",
    "np.round(m)", "np.round(m / 3, 2)", "np.clip(m, 2, 3)", "np.median(m)", "np.nanmean(m)",
    "np.trace(m)", "np.diag(m)", "np.ravel(m)", "np.asarray(m) * np.asarray(m)",
    "np.array(m) @ v",
]  # fmt: skip


@pytest.mark.parametrize("code", FUNCTIONS)
def test_functions_of_matrices_as_numpy(code):
    same(code)


def test_numpys_own_functions_take_xtensor_matrices():
    m = xt.matrix([[1.0, 2.0], [3.0, 4.0]])
    for got in (numpy.sum(m, axis=0), numpy.sqrt(m), numpy.linalg.inv(m), numpy.dot(m, m)):
        assert type(got) is xt.matrix
    assert numpy.sum(m) == 10.0


def test_plain_arrays_are_untouched():
    a = xt.asarray([[1.0, 2.0], [3.0, 4.0]])
    for got in (xt.dot(a, a), a @ a, xt.linalg.inv(a), xt.sqrt(a), a.sum(axis=0), a * a):
        assert type(got) is xt.Array
    assert (a * a).tolist() == [[1.0, 4.0], [9.0, 16.0]]


# --- bmat ---------------------------------------------------------------------------------------

BLOCKS = """
A = np.asarray([[1, 2], [3, 4]])
B = np.asarray([[5, 6], [7, 8]])
m = np.matrix([[1.0, 2.0], [3.0, 4.0]])
"""
BMAT = [
    "np.bmat([[A, B], [B, A]])", "np.bmat([A, B])", "np.bmat(A)", "np.bmat([[m, A]])",
    "np.bmat('A, B; B, A')", "np.bmat('A B; B A')", "np.bmat('A,A;A,A', ldict={'A': B})",
    "np.bmat('A,B', ldict={'A': A}, gdict={'B': A})", "np.bmat('A,A', gdict={'A': B})",
    "np.bmat('A, C')", "np.bmat([[A, np.ones((3, 3))]])", "np.bmat([[np.asarray([1, 2])]])",
]  # fmt: skip


@pytest.mark.parametrize("code", BMAT)
def test_bmat_as_numpy(code):
    same(code, BLOCKS)


def test_bmat_reads_the_callers_names():
    def inner():
        left, right = xt.eye(2), xt.zeros((2, 1))  # noqa: F841 (bmat reads them by name)
        return xt.bmat("left right")

    got = inner()
    assert type(got) is xt.matrix and got.tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    with pytest.raises(NameError, match="bmat: name 'nowhere' is not defined"):
        xt.bmat("nowhere")


# --- matlib -------------------------------------------------------------------------------------

MATLIB = [
    "ml.empty((2, 3)).shape", "ml.zeros((2, 3))", "ml.zeros(3)", "ml.zeros((2,))",
    "ml.ones((2, 2), dtype=int)", "ml.ones(2)", "ml.zeros((2, 2, 2))", "ml.zeros((1, 3, 1))",
    "ml.identity(3)", "ml.identity(2, dtype=int)", "ml.eye(2)", "ml.eye(2, 3, k=1)",
    "ml.eye(3, k=-1, dtype=int)", "ml.repmat(np.asarray([1, 2]), 2, 3)",
    "ml.repmat(np.asarray([[1, 2], [3, 4]]), 2, 1)", "ml.repmat(5, 2, 3)",
    "ml.repmat(np.matrix([[1, 2]]), 2, 1)", "ml.matrix([[1, 2]])", "ml.sum(ml.ones(3))",
    "ml.pi", "type(ml.asmatrix([[1]])).__name__", "ml.zeros((2, 2), dtype=np.float32)",
]  # fmt: skip


@pytest.mark.parametrize("code", MATLIB)
def test_matlib_as_numpys(code):
    setup = "import importlib\nml = importlib.import_module(np.__name__ + '.matlib')\n"
    same(code, setup)


@pytest.mark.parametrize("name", ["rand", "randn"])
def test_matlib_random_draws_numpys_values(name):
    for args in ((2, 3), ((3, 2),), (4,)):
        numpy.random.seed(7)
        xt.random.seed(7)
        want, got = getattr(numpy.matlib, name)(*args), getattr(xt_matlib, name)(*args)
        assert type(got) is xt.matrix and got.shape == want.shape
        numpy.testing.assert_array_equal(xt.asarray(got), numpy.asarray(want))


def test_matlib_names():
    assert {"rand", "randn", "repmat", "zeros", "matrix", "sum"} <= set(xt_matlib.__all__)
    assert xt_matlib.sum is xt.sum and xt_matlib.matrix is xt.matrix
    assert xt.matlib is xt_matlib and importlib.import_module("xtensor.matlib") is xt_matlib
    with pytest.raises(AttributeError, match="xtensor.matlib"):
        xt_matlib.no_such_name  # noqa: B018


# --- warnings -------------------------------------------------------------------------------------

MADE = [
    "np.matrix([[1, 2]])", "np.matrix('1 2')", "np.matrix(m)", "np.asmatrix(a)",
    "np.asmatrix(m)", "np.bmat([[a, a]])", "np.bmat('a a')", "m * m", "m * a", "m.I",
]  # fmt: skip
QUIET = ["m + m", "m * 2", "m ** 2", "m.T", "m.H", "m.A", "m[0]", "m.sum(axis=0)", "np.sqrt(m)"]
QUIET += ["m.copy()", "m.astype(int)", "np.linalg.inv(m)", "m @ m", "m.ravel()"]


def _warnings(module, code: str) -> list:
    env = {"np": module}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env["m"], env["a"] = module.matrix([[1.0, 2.0], [3.0, 4.0]]), module.eye(2)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        eval(code, env)
    return [(w.category, str(w.message)) for w in seen]


@pytest.mark.parametrize("code", MADE + QUIET)
def test_pending_deprecation_warnings_as_numpys(code):
    got, want = _warnings(xt, code), _warnings(numpy, code)
    assert got == want
    assert bool(got) == (code in MADE)


def test_warning_points_at_the_callers_line():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        xt.matrix([[1]])
        xt.asmatrix([[1]]).I  # noqa: B018
    assert [w.filename for w in seen] == [__file__] * 3
    assert all(w.category is PendingDeprecationWarning for w in seen)


def test_an_error_filter_raises_as_numpys_does():
    with warnings.catch_warnings():
        warnings.simplefilter("error", PendingDeprecationWarning)
        with pytest.raises(PendingDeprecationWarning, match="the matrix subclass is not"):
            xt.matrix([[1, 2]])


def test_importing_matlib_warns_as_numpys():
    code = "import warnings; warnings.simplefilter('always')\nimport {0}; import {0}.matlib\n"
    texts = []
    for module in ("numpy", "xtensor"):
        run = subprocess.run(
            [sys.executable, "-c", code.format(module)], capture_output=True, text=True, check=True
        )
        texts.append(run.stderr.splitlines()[0].split(": ", 1)[1])
    assert texts[0] == texts[1] and texts[1].startswith("PendingDeprecationWarning: Importing")


def test_a_script_prints_as_under_numpy():
    script = """
import {} as np
A = np.matrix('1 2; 3 4')
b = np.matrix([[5], [6]])
x = A.I * b
print(x)
print(A * x - b)
print(A.T, A.sum(axis=0), A.mean(), A[0], A[:, 1].T)
for row in A:
    print(row, row.shape)
print(repr(np.multiply(A, A)), np.linalg.det(A), A ** 3)
"""
    outputs = []
    for module in ("numpy", "xtensor"):
        run = subprocess.run(
            [sys.executable, "-c", script.format(module)], capture_output=True, text=True
        )
        assert run.returncode == 0, run.stderr
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]

"""Libraries that receive xtensor's objects where a NumPy script would hand them NumPy's:
SciPy, pandas and networkx take its random generators (NumPy's own classes, subclassed), SymPy
converts its arrays and elements as it converts NumPy's, SciPy's wavfile writes `x.data`,
Matplotlib plots its arrays and scikit-learn fits them, with `array_api_dispatch` too, where
xtensor is the namespace. Each result is compared with the same call on NumPy's objects."""

from __future__ import annotations

import copy
import io
import os
import pickle
import subprocess
import sys
import warnings

import networkx as nx
import numpy as np
import pandas as pd
import pytest
import sympy as sp
from matplotlib import cm
from matplotlib.figure import Figure
from scipy import stats
from scipy.io import wavfile
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA
from sklearn.linear_model import LinearRegression, LogisticRegression
from sklearn.model_selection import cross_val_score, train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import xtensor as xt

GENERATORS = {
    "default_rng": lambda m: m.random.default_rng(7),
    "RandomState": lambda m: m.random.RandomState(7),
    "Generator(PCG64)": lambda m: m.random.Generator(m.random.PCG64(7)),
}


@pytest.mark.parametrize("make", GENERATORS.values(), ids=GENERATORS)
def test_generators_are_numpys_so_libraries_take_them_as_random_state(make):
    rng = make(xt)
    assert isinstance(rng, (np.random.Generator, np.random.RandomState))
    got = stats.norm.rvs(size=3, random_state=rng)
    np.testing.assert_array_equal(np.asarray(got), stats.norm.rvs(size=3, random_state=make(np)))
    frame = pd.DataFrame({"a": range(10)})
    picked = frame.sample(3, random_state=make(xt)).index.tolist()
    assert picked == frame.sample(3, random_state=make(np)).index.tolist()


def test_scipys_compiled_code_reads_the_generator_as_numpys():
    # Sobol spawns from the C-level bit generator; bootstrap draws through NumPy's methods
    got = stats.qmc.Sobol(d=2, seed=xt.random.default_rng(0)).random(4)
    want = stats.qmc.Sobol(d=2, seed=np.random.default_rng(0)).random(4)
    np.testing.assert_array_equal(np.asarray(got), want)
    rng, twin = xt.random.default_rng(3), np.random.default_rng(3)
    np.testing.assert_array_equal(np.random.Generator.random(rng, 3), twin.random(3))
    assert float(rng.random()) == twin.random()  # one stream, whichever method drew from it


def test_networkx_takes_a_generator_as_seed():
    got = nx.gnp_random_graph(6, 0.5, seed=xt.random.default_rng(1)).edges()
    assert sorted(got) == sorted(nx.gnp_random_graph(6, 0.5, seed=np.random.default_rng(1)).edges())


@pytest.mark.parametrize("make", GENERATORS.values(), ids=GENERATORS)
def test_generators_pickle_and_copy_with_their_state_and_type(make):
    rng = make(xt)
    rng.standard_normal()  # RandomState keeps the second Gaussian of a pair: it must travel
    for twin in (pickle.loads(pickle.dumps(rng)), copy.deepcopy(rng)):
        assert type(twin) is type(rng)
        assert float(twin.standard_normal()) == float(copy.deepcopy(rng).standard_normal())
    want = make(np)
    want.standard_normal()
    assert float(rng.standard_normal()) == float(want.standard_normal())


def test_draws_of_the_subclass_are_arrays_and_inherit_nothing_from_numpy():
    rng = xt.random.default_rng(0)
    assert type(rng.random(3)) is xt.Array and type(rng.integers(5, size=2)) is xt.Array
    for cls in (xt.random.Generator, xt.random.RandomState):
        numpy_base = cls.__mro__[1]
        public = {n for n in dir(numpy_base) if not n.startswith("_")}
        assert public <= set(vars(cls)), public - set(vars(cls))


def _sympy_conversions(m) -> tuple:
    x = sp.Symbol("x")
    a = m.array([1, -3, 2])
    poly = sum(c * x**i for i, c in enumerate(a[::-1]))
    return (
        *(sp.sympify(a[0]), sp.Rational(a[0], a[1]), x * a[2], poly, sp.factor(poly)),
        *(sp.sympify(m.sum(a)), sp.sympify(m.float32(0.1)), sp.sympify(m.arange(3.0))),
        *(sp.Matrix(m.eye(2)), sp.nsimplify(m.linspace(1, 2, 3)[1])),
        *(sp.Float(m.linspace(0, 1, 5)[1]), sp.Integer(m.arange(5)[3])),
    )


def test_sympy_converts_elements_and_arrays_as_numpys():
    got, want = _sympy_conversions(xt), _sympy_conversions(np)
    assert [str(v) for v in got] == [str(v) for v in want]
    assert [type(v) for v in got] == [type(v) for v in want]


def test_numpys_ufunc_with_where_and_no_out_does_not_warn():
    a = xt.asarray([0.0, 1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = np.nextafter(a, -np.inf, where=a > 0, out=None)
    assert float(got[1]) == np.nextafter(1.0, -np.inf)


def test_data_is_numpys_memoryview_so_wavfile_writes_arrays():
    samples = (xt.sin(xt.linspace(0, 6, 50)) * 16000).astype(xt.int16)
    view = samples[::2].data
    assert isinstance(view, memoryview) and view.tolist() == samples[::2].tolist()
    assert bytes(samples.data) == np.asarray(samples).tobytes()
    buffer = io.BytesIO()
    wavfile.write(buffer, 8000, samples)
    rate, back = wavfile.read(io.BytesIO(buffer.getvalue()))
    assert rate == 8000 and back.tolist() == samples.tolist()


def _plotted(m) -> list:
    """What Matplotlib keeps of arrays from `m` (NumPy or xtensor): line data, limits, the
    histogram, an image, scatter offsets, colormap colours, contour levels and a date axis."""
    ax = Figure().subplots()
    x = m.linspace(0, 2 * m.pi, 9)
    (line,) = ax.plot(x, m.sin(x))
    counts, bins, _ = ax.hist(m.random.default_rng(1).normal(size=200), bins=7)
    image = ax.imshow(m.arange(12.0).reshape(3, 4)).get_array()
    X, Y = m.meshgrid(m.linspace(-2, 2, 9), m.linspace(-1, 1, 5))
    levels = ax.contour(X, Y, m.exp(-(X**2) - Y**2), levels=4).levels
    offsets = ax.scatter(x[:3], x[3:6], c=m.arange(3)).get_offsets()
    (days,) = ax.plot(m.arange("2020-01-01", "2020-01-05", dtype="datetime64[D]"), m.ones(4))
    colours = cm.viridis(x / 7)
    plotted = [line.get_xydata(), days.get_xydata(), ax.get_ylim(), offsets, image, colours]
    return [*plotted, counts, bins, levels]


def test_matplotlib_plots_arrays_as_numpys():
    for got, want in zip(_plotted(xt), _plotted(np), strict=True):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def _fitted(m) -> list:
    """scikit-learn's estimators on arrays from `m`: it converts them as NumPy's."""
    rng = m.random.default_rng(0)
    X = rng.normal(size=(60, 3))
    y = X @ m.asarray([1.5, -2.0, 0.5]) + 0.1 * rng.normal(size=60)
    labels = (y > 0).astype(int)
    train, test = train_test_split(X, test_size=0.25, random_state=0)
    kmeans = KMeans(n_clusters=3, n_init=3, random_state=0).fit(X)
    scaled = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, labels)
    return [
        *(LinearRegression().fit(X, y).coef_, test, kmeans.inertia_, kmeans.labels_),
        *(abs(PCA(2).fit_transform(X)), scaled.predict_proba(X[:5])),
        cross_val_score(LinearRegression(), X, y, cv=3),
    ]


def test_sklearn_fits_arrays_as_numpys():
    for got, want in zip(_fitted(xt), _fitted(np), strict=True):
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)


# scikit-learn's array-API mode needs SciPy's, which SciPy reads from the environment when it
# is first imported: a fresh interpreter runs it. Under dispatch xtensor is the namespace, so
# array results are xtensor Arrays, with NumPy's numbers.
_DISPATCH = """
import numpy as np, sklearn, xtensor as xt
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import Ridge
from sklearn.metrics import accuracy_score, mean_squared_error, r2_score
from sklearn.preprocessing import LabelEncoder, MinMaxScaler, StandardScaler

def fits(m):
    rng = np.random.default_rng(0)
    X = m.asarray(rng.normal(size=(40, 3)))
    y = X @ m.asarray([1.5, -2.0, 0.5]) + m.asarray(0.1 * rng.normal(size=40))
    labels = m.astype(y > 0, m.int64)
    guess = m.astype(X[:, 0] > 0, m.int64)
    with sklearn.config_context(array_api_dispatch=True):
        return {
            "lda": LinearDiscriminantAnalysis().fit(X, labels).predict_proba(X[:5]),
            "pca": abs(PCA(2, svd_solver="full").fit_transform(X)[:5]),
            "ridge": Ridge(alpha=1.0, solver="svd").fit(X, y).coef_,
            "standard": StandardScaler().fit_transform(X)[:5],
            "minmax": MinMaxScaler().fit_transform(X)[:5],
            "labels": LabelEncoder().fit_transform(m.asarray([3, 1, 3, 7])),
            "accuracy": accuracy_score(labels, guess),
            "r2": r2_score(y, 1.5 * X[:, 0]),
            "mse": mean_squared_error(y, 1.5 * X[:, 0]),
        }

got, want = fits(xt), fits(np)
for name, value in want.items():
    kind = xt.Array if isinstance(value, np.ndarray) else type(value)
    assert type(got[name]) is kind, (name, type(got[name]))
    np.testing.assert_allclose(np.asarray(got[name]), value, rtol=1e-12, err_msg=name)
print(sorted(got))
"""


def test_sklearn_array_api_dispatch_answers_xtensor_arrays():
    env = dict(os.environ, SCIPY_ARRAY_API="1")
    done = subprocess.run(
        [sys.executable, "-c", _DISPATCH], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "'accuracy', 'labels', 'lda', 'minmax', 'mse', 'pca', 'r2', 'ridge'" in done.stdout


def _datasets(m) -> list:
    """Matplotlib's plots of several datasets take a matrix's columns, as an ndarray's, through
    `to_numpy()` (without it, an Array's rows: ten boxes where NumPy draws three)."""
    ax = Figure().subplots()
    data = m.arange(30.0).reshape(10, 3) % 7
    boxes = ax.boxplot(data)["medians"]
    counts, _, _ = ax.hist(data, bins=3)
    bodies = ax.violinplot(data)["bodies"]
    return [[b.get_ydata() for b in boxes], counts, [len(b.get_paths()) for b in bodies]]


def test_matplotlib_takes_the_columns_of_a_matrix_as_numpys():
    for got, want in zip(_datasets(xt), _datasets(np), strict=True):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    x = xt.arange(3.0)
    assert type(x.to_numpy()) is np.ndarray and np.shares_memory(x.to_numpy(), np.asarray(x))

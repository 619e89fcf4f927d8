"""Libraries that receive xtensor's objects where a NumPy script would hand them NumPy's:
SciPy, pandas and networkx take its random generators (NumPy's own classes, subclassed), SymPy
converts its arrays and elements as it converts NumPy's, and SciPy's wavfile writes `x.data`.
Each result is compared with the same call on NumPy's objects."""

from __future__ import annotations

import copy
import io
import pickle
import warnings

import networkx as nx
import numpy as np
import pandas as pd
import pytest
import sympy as sp
from scipy import stats
from scipy.io import wavfile

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

"""The C twins of xtensor.random's draws (_random_compiled.py) against their Python functions:
the same stream from the same state, the same dtype and shape, the same errors, named alike."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from xtensor._dispatch.compiled import PURE_PYTHON, is_compiled, python_of

# (name, args, kwargs) of each draw as a script spells it; "size" varies below
MODULE_CALLS = [
    ("rand", ("size*",), {}),
    ("randn", ("size*",), {}),
    ("random", ("size",), {}),
    ("random_sample", (), {"size": "size"}),
    ("ranf", ("size",), {}),
    ("uniform", (-1.0, 2.0, "size"), {}),
    ("uniform", (), {"high": 3, "size": "size"}),
    ("normal", (1.0, 2.0, "size"), {}),
    ("normal", (), {"scale": 0.5, "size": "size"}),
    ("standard_normal", ("size",), {}),
    ("randint", (0, 10, "size"), {}),
    ("randint", (5,), {"size": "size"}),
    ("exponential", (2.0, "size"), {}),
    ("poisson", (), {"lam": 3.0, "size": "size"}),
    ("binomial", (10, 0.3, "size"), {}),
    ("beta", (1.0, 2.0), {}),
]
METHOD_CALLS = [
    ("random", ("size",), {}),
    ("standard_normal", (), {"size": "size"}),
    ("normal", (0.0, 1.0, "size"), {}),
    ("uniform", (), {"low": 2, "size": "size"}),
    ("integers", (0, 10, "size"), {}),
    ("integers", (0, 10), {"size": "size", "endpoint": True}),
    ("exponential", (1.0, "size"), {}),
    ("gamma", (2.0,), {"size": "size"}),
]
SIZES = st.sampled_from([None, 0, 1, 5, (2, 3), (0, 4), [2, 2]])


def _spell(args, kwargs, size):
    def value(v):
        return size if v == "size" else v

    pos = []
    for v in args:
        if v == "size*":  # rand(2, 3): the shape spread over the arguments
            pos += [] if size is None else list(size) if isinstance(size, (tuple, list)) else [size]
        else:
            pos.append(value(v))
    return tuple(pos), {k: value(v) for k, v in kwargs.items()}


def _same_draws(twin, python, reset, args, kwargs):
    """Both draws from the same state: equal results, or equal errors."""
    outcomes = []
    for f in (twin, python):
        reset()
        try:
            r = f(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 (the errors are what is compared)
            outcomes.append((type(e), str(e)))
        else:
            if type(r) in (int, float):  # NumPy's Python number for a single draw
                outcomes.append((type(r), r))
                continue
            assert type(r) is xt.Array and type(r._data) is np.ndarray
            outcomes.append((r._data.dtype, r._data.shape, r._data.tobytes()))
    assert outcomes[0] == outcomes[1]


@settings(max_examples=30, deadline=None)
@given(call=st.sampled_from(MODULE_CALLS), size=SIZES)
def test_module_draws_are_their_python_functions(call, size):
    name, args, kwargs = call
    twin = getattr(xt.random, name)
    assert is_compiled(twin) or PURE_PYTHON
    args, kwargs = _spell(args, kwargs, size)
    _same_draws(twin, python_of(twin), lambda: xt.random.seed(7), args, kwargs)


@settings(max_examples=30, deadline=None)
@given(call=st.sampled_from(METHOD_CALLS), size=SIZES, legacy=st.booleans())
def test_generator_methods_are_their_python_methods(call, size, legacy):
    name, args, kwargs = call
    if legacy and name in ("random", "integers", "standard_normal"):
        name = {"random": "random_sample", "integers": "randint"}.get(name, name)
        kwargs = {k: v for k, v in kwargs.items() if k != "endpoint"}
    cls = xt.random.RandomState if legacy else xt.random.Generator
    made = {}

    def reset():
        made["g"] = xt.random.RandomState(3) if legacy else xt.random.default_rng(3)

    reset()
    twin = getattr(cls, name)
    assert is_compiled(twin) or PURE_PYTHON
    args, kwargs = _spell(args, kwargs, size)

    def bound(f):
        return lambda *a, **k: f(made["g"], *a, **k)

    _same_draws(bound(twin), bound(python_of(twin)), reset, args, kwargs)


def test_draws_match_numpy_streams():
    xt.random.seed(11)
    np.random.seed(11)
    legacy = np.random.RandomState(11)  # (NumPy's module functions draw from its global state)
    assert np.array_equal(xt.random.rand(2, 3)._data, legacy.rand(2, 3))
    assert np.array_equal(xt.random.normal(1.0, 2.0, 4)._data, legacy.normal(1.0, 2.0, 4))
    assert np.array_equal(xt.random.randint(0, 9, 5)._data, legacy.randint(0, 9, 5))
    g, n = xt.random.default_rng(5), np.random.default_rng(5)
    assert np.array_equal(g.random(4)._data, n.random(4))
    assert np.array_equal(g.integers(0, 100, (2, 2))._data, n.integers(0, 100, (2, 2)))


def test_single_draws_are_numpys_numbers_or_0d_arrays():
    xt.random.seed(0)
    legacy = np.random.RandomState(0)
    x = xt.random.rand()  # NumPy's Python float, through the twin too
    assert type(x) is float and x == legacy.rand()
    n = xt.random.default_rng(1).integers(0, 10)  # NumPy's int64 scalar: a 0-d Array
    assert n.shape == () and n._data.dtype == np.int64


def test_errors_name_the_draw_and_consume_one_attempt():
    with pytest.raises(ValueError, match=r"^normal: scale < 0"):
        xt.random.normal(0.0, -1.0, 3)
    with pytest.raises(ValueError, match=r"^Generator.integers: (low|high)"):
        xt.random.default_rng(0).integers(5, 2, 3)
    with pytest.raises(TypeError, match=r"^rand: "):
        xt.random.rand(2.5)
    # a failed draw takes nothing from the stream: the next draw is the seed's first
    xt.random.seed(4)
    with pytest.raises(ValueError):
        xt.random.uniform(0.0, 1.0, -1)
    assert float(xt.random.rand()) == np.random.RandomState(4).rand()


def test_calls_the_twin_leaves_to_python():
    """Arrays, dtype= and device= are the Python function's to convert; unknown keywords are
    its TypeError."""
    xt.random.seed(2)
    low = xt.zeros(3)
    r = xt.random.uniform(low, 1.0)
    assert r.shape == (3,) and r.device == low.device
    assert xt.random.randint(0, 5, 4, dtype=xt.int8).dtype == xt.int8
    assert xt.random.default_rng(0).random(3, dtype=xt.float32).dtype == xt.float32
    assert xt.random.rand(2, device="cpu").shape == (2,)
    with pytest.raises(TypeError):
        xt.random.random(size=3, out=None)
    with pytest.raises(TypeError):
        xt.random.default_rng(0).random(3, None, None, None)  # (size, dtype, out: three)

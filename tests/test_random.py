"""xtensor.random against numpy.random: the same seed gives the same stream, as Arrays."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same

# (name, args, kwargs): each legacy function called alike on both modules. xtensor's arguments
# are the same values; NumPy arrays among them are passed to xtensor as xtensor Arrays.
LEGACY_CALLS = [
    ("rand", (3,), {}),
    ("rand", (2, 3), {}),
    ("rand", (), {}),
    ("randn", (4, 2), {}),
    ("randint", (10,), {"size": 6}),
    ("randint", (-5, 5), {"size": (2, 3)}),
    ("randint", (0, 200), {"size": 4, "dtype": "uint8"}),
    ("randint", (7,), {}),
    ("random", (), {"size": (2, 2)}),
    ("random", (), {}),
    ("random_sample", (5,), {}),
    ("uniform", (-1.0, 3.0), {"size": 5}),
    ("uniform", (np.zeros(3), np.arange(1.0, 4.0)), {}),
    ("normal", (), {"size": 4}),
    ("normal", (10.0, 0.5, (2, 2)), {}),
    ("normal", (np.arange(3.0),), {}),
    ("standard_normal", ((3, 1),), {}),
    ("choice", (10,), {"size": 4}),
    ("choice", (10, 5), {"replace": False}),
    ("choice", (np.arange(6.0) * 1.5,), {"size": (2, 2)}),
    ("choice", (np.arange(4),), {"size": 3, "p": np.array([0.1, 0.2, 0.3, 0.4])}),
    ("choice", (np.array([3, 1, 4]),), {}),
    ("choice", (np.arange(6.0), 3, False), {}),
    ("permutation", (8,), {}),
    ("permutation", (np.arange(12).reshape(4, 3),), {}),
    ("permutation", (np.arange(5, dtype=np.float32),), {}),
]


def _xt_args(values):
    return [xt.asarray(v) if isinstance(v, np.ndarray) else v for v in values]


def _xt_kwargs(kwargs):
    return {k: xt.asarray(v) if isinstance(v, np.ndarray) else v for k, v in kwargs.items()}


def _same_draw(got, want):
    """NumPy's Python number (one draw) as it is; its arrays and NumPy scalars as Arrays."""
    if type(want) in (int, float):
        assert type(got) is type(want) and got == want
    else:
        assert_same(got, np.asarray(want), rtol=0)


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    LEGACY_CALLS,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(LEGACY_CALLS)],
)
def test_legacy_function_matches_numpy_stream(name, args, kwargs):
    np.random.seed(1234)
    xt.random.seed(1234)
    for _ in range(2):  # the second call checks that the state advanced alike
        want = getattr(np.random, name)(*args, **kwargs)
        got = getattr(xt.random, name)(*_xt_args(args), **_xt_kwargs(kwargs))
        _same_draw(got, want)


def test_readme_example_seeded_rand():
    np.random.seed(0)
    xt.random.seed(0)
    assert_same(xt.random.rand(3), np.random.rand(3), rtol=0)


@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(0, 20),
    low=st.integers(-1000, 1000),
    span=st.integers(1, 1000),
)
def test_seeded_streams_match_for_any_seed(seed, size, low, span):
    np.random.seed(seed)
    xt.random.seed(seed)
    assert_same(xt.random.randn(size), np.random.randn(size), rtol=0)
    assert_same(
        xt.random.randint(low, low + span, size=size),
        np.random.randint(low, low + span, size=size),
        rtol=0,
    )
    assert_same(
        xt.random.uniform(low, low + span, size), np.random.uniform(low, low + span, size), rtol=0
    )


def test_module_state_is_independent_of_numpys_global_state():
    xt.random.seed(5)
    first = xt.random.rand(2)
    xt.random.seed(5)
    np.random.seed(99)
    np.random.rand(10)  # draws from NumPy's global state must not move xtensor's
    assert_same(xt.random.rand(2), np.asarray(first), rtol=0)


def test_single_draws_are_what_numpy_returns():
    # NumPy answers a Python number for one draw of these (`print(rand())` prints it so), and
    # its NumPy scalars (`Generator.integers`, `choice` of a list) are 0-d Arrays here.
    xt.random.seed(3)
    np.random.seed(3)
    rng, want_rng = xt.random.default_rng(3), np.random.default_rng(3)
    for name in ("rand", "randn", "random", "normal", "uniform", "exponential", "randint"):
        args = (3,) if name == "randint" else ()
        got, want = getattr(xt.random, name)(*args), getattr(np.random, name)(*args)
        assert type(got) is type(want) and got == want, name
    for name in ("random", "normal", "uniform", "standard_normal", "poisson"):
        got, want = getattr(rng, name)(), getattr(want_rng, name)()
        assert type(got) is type(want) and got == want, name
    got, want = rng.integers(5), want_rng.integers(5)
    assert type(got) is xt.Array and got.shape == () and got.dtype == xt.int64
    assert got == want
    assert repr([xt.random.rand()]) == repr([np.random.rand()])


@pytest.mark.parametrize("shape", [(10,), (5, 3), (4, 2, 2)])
def test_shuffle_in_place_matches_numpy(shape):
    base = np.arange(int(np.prod(shape)), dtype=np.float64).reshape(shape)
    want, got = base.copy(), xt.asarray(base.copy())
    np.random.seed(7)
    xt.random.seed(7)
    assert np.random.shuffle(want) is None and xt.random.shuffle(got) is None
    assert_same(got, want, rtol=0)


def test_shuffle_writes_through_a_strided_view():
    base = np.arange(12)
    want_base, got_base = base.copy(), xt.asarray(base.copy())
    np.random.seed(3)
    xt.random.seed(3)
    np.random.shuffle(want_base[::2])
    xt.random.shuffle(got_base[::2])
    assert_same(got_base, want_base, rtol=0)


def test_shuffle_of_a_list_is_numpys():
    want, got = list(range(10)), list(range(10))
    np.random.seed(11)
    xt.random.seed(11)
    np.random.shuffle(want)
    xt.random.shuffle(got)
    assert got == want


# --- Generator ---------------------------------------------------------------------------------

M = np.arange(24.0).reshape(4, 6)

GENERATOR_CALLS = [
    ("random", (), {}),
    ("random", ((2, 3),), {"dtype": "float32"}),
    ("standard_normal", (5,), {}),
    ("standard_normal", ((2, 2),), {"dtype": "float32"}),
    ("normal", (1.0, 2.0, 4), {}),
    ("normal", (M[0],), {}),
    ("uniform", (-2.0, 2.0, (3, 2)), {}),
    ("integers", (10,), {"size": 5}),
    ("integers", (-3, 3), {"size": 6, "endpoint": True}),
    ("integers", (0, 100), {"size": 3, "dtype": "int16"}),
    ("integers", (5,), {}),
    ("choice", (10, 3), {"replace": False}),
    ("choice", (M,), {"size": 2}),
    ("choice", (M,), {"size": (2, 2), "axis": 1}),
    ("choice", (M,), {"axis": 1}),
    ("choice", (M[0],), {"size": 3, "p": np.full(6, 1 / 6), "shuffle": False}),
    ("permutation", (6,), {}),
    ("permutation", (M,), {}),
    ("permutation", (M,), {"axis": 1}),
]


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    GENERATOR_CALLS,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(GENERATOR_CALLS)],
)
def test_generator_method_matches_numpy(name, args, kwargs):
    want_rng, got_rng = np.random.default_rng(2024), xt.random.default_rng(2024)
    for _ in range(2):
        want = getattr(want_rng, name)(*args, **kwargs)
        got = getattr(got_rng, name)(*_xt_args(args), **_xt_kwargs(kwargs))
        _same_draw(got, want)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_generator_shuffle_in_place_matches_numpy(axis):
    want, got = M.copy(), xt.asarray(M.copy())
    np.random.default_rng(8).shuffle(want, axis=axis)
    xt.random.default_rng(8).shuffle(got, axis=axis)
    assert_same(got, want, rtol=0)


def test_default_rng_accepts_generators_and_seed_sequences():
    rng = xt.random.default_rng(1)
    assert xt.random.default_rng(rng) is rng
    seq = np.random.SeedSequence(77)
    assert_same(
        xt.random.default_rng(seq).random(3),
        np.random.default_rng(np.random.SeedSequence(77)).random(3),
        rtol=0,
    )
    assert isinstance(rng.bit_generator, np.random.PCG64)


@pytest.mark.parametrize("device", xt.__array_namespace_info__().devices())
def test_device_keyword_places_the_result(device):
    xt.random.seed(0)
    for out in (
        xt.random.rand(3, device=device),
        xt.random.randint(5, size=2, device=device),
        xt.random.default_rng(0).normal(size=3, device=device),
    ):
        assert out.device == device
    x = xt.asarray([1.0, 2.0, 3.0], device=device)
    assert xt.random.permutation(x).device == device
    assert xt.random.choice(x, 2).device == device


# --- errors name the function ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "exc", "match"),
    [
        (lambda: xt.random.randint(5, 2), ValueError, "randint: low >= high"),
        (lambda: xt.random.randint(3, dtype=xt.float32), TypeError, "randint: Unsupported dtype"),
        (lambda: xt.random.normal(0, -1, 3), ValueError, "normal: scale < 0"),
        (lambda: xt.random.rand(2.5), TypeError, "rand: "),
        (lambda: xt.random.choice(xt.ones((2, 2))), ValueError, "choice: a must be 1-dimensional"),
        (lambda: xt.random.choice(5, 6, replace=False), ValueError, "choice: Cannot take a larger"),
        (lambda: xt.random.permutation(xt.asarray(3.0)), IndexError, "permutation: x must be an"),
        (lambda: xt.random.shuffle(xt.asarray(3)), TypeError, "shuffle: x must be at least 1-d"),
        (
            lambda: xt.random.default_rng(0).choice(xt.ones((2, 2)), axis=2),
            ValueError,
            "Generator.choice: axis 2 is out of range",
        ),
        (lambda: xt.random.default_rng(0).integers(5, 1), ValueError, "Generator.integers: "),
        (lambda: xt.random.default_rng(-1), ValueError, "default_rng: "),
    ],
)
def test_errors_name_the_function(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# --- the rest of NumPy's distributions: same stream, same draws ------------------------------

_DIST_ARGS = {
    "beta": (2.0, 3.0),
    "binomial": (10, 0.3),
    "chisquare": (3.0,),
    "dirichlet": ([1.0, 2.0],),
    "exponential": (2.0,),
    "f": (3.0, 4.0),
    "gamma": (2.0, 1.5),
    "geometric": (0.3,),
    "gumbel": (0.5, 2.0),
    "hypergeometric": (10, 5, 6),
    "laplace": (0.0, 1.0),
    "logistic": (0.0, 1.0),
    "lognormal": (1.0, 0.5),
    "logseries": (0.5,),
    "multinomial": (10, [0.2, 0.8]),
    "multivariate_normal": ([0.0, 1.0], [[1.0, 0.2], [0.2, 1.0]]),
    "negative_binomial": (5, 0.5),
    "noncentral_chisquare": (3.0, 1.0),
    "noncentral_f": (3.0, 4.0, 1.0),
    "pareto": (3.0,),
    "poisson": (4.0,),
    "power": (2.0,),
    "rayleigh": (1.5,),
    "standard_cauchy": (),
    "standard_exponential": (),
    "standard_gamma": (2.0,),
    "standard_t": (5.0,),
    "triangular": (0.0, 0.5, 1.0),
    "vonmises": (0.0, 1.0),
    "wald": (1.0, 2.0),
    "weibull": (1.5,),
    "zipf": (2.0,),
}


@pytest.mark.parametrize("name", sorted(_DIST_ARGS))
def test_legacy_distributions_draw_numpys_stream(name):
    args = _DIST_ARGS[name]
    xt.random.seed(7)
    got = getattr(xt.random, name)(*args, size=4)
    want = getattr(np.random.RandomState(7), name)(*args, size=4)
    assert type(got) is xt.Array and got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("name", sorted(_DIST_ARGS))
def test_generator_distributions_draw_numpys_stream(name):
    args = _DIST_ARGS[name]
    got = getattr(xt.random.default_rng(11), name)(*args, size=3)
    want = getattr(np.random.default_rng(11), name)(*args, size=3)
    assert type(got) is xt.Array and got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


def test_distribution_arguments_may_be_arrays_and_errors_are_numpys():
    lam = xt.asarray([1.0, 5.0, 50.0])
    got = xt.random.default_rng(3).poisson(lam)
    want = np.random.default_rng(3).poisson(np.asarray(lam))
    np.testing.assert_array_equal(np.asarray(got), want)
    with pytest.raises(ValueError, match="Generator.poisson: lam < 0"):
        xt.random.default_rng(3).poisson(-1.0)
    xt.random.seed(2)
    assert type(xt.random.exponential()) is float  # NumPy's Python number for one draw
    xt.random.seed(4)
    got = [np.asarray(xt.random.ranf(2)), np.asarray(xt.random.sample(2))]
    rs = np.random.RandomState(4)
    np.testing.assert_array_equal(np.concatenate(got), rs.random_sample(4))

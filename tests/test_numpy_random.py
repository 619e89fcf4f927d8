"""The rest of `numpy.random` in xtensor.random against NumPy: `RandomState` objects, the
module's legacy state and bit generator, `bytes`, the deprecated `random_integers`, and the
Generator methods `permuted`, `bytes` and `spawn`. The same seed must give the same draws,
as xtensor Arrays (Python `bytes` where NumPy gives bytes)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes

# (method, args, kwargs) called alike on numpy.random.RandomState and xtensor's.
STATE_CALLS = [
    ("rand", (2, 3), {}),
    ("randn", (4,), {}),
    ("randint", (-5, 5), {"size": (2, 2)}),
    ("randint", (0, 200), {"size": 3, "dtype": "uint8"}),
    ("random_sample", ((2,),), {}),
    ("random", (3,), {}),
    ("uniform", (-1.0, 2.0, 4), {}),
    ("normal", (np.arange(3.0), 2.0), {}),
    ("standard_normal", ((2, 2),), {}),
    ("poisson", (3.0, 5), {}),
    ("binomial", (10, 0.3), {"size": 4}),
    ("choice", (np.arange(6) * 2,), {"size": 3, "replace": False}),
    ("choice", (5,), {"p": np.array([0.1, 0.2, 0.3, 0.2, 0.2])}),
    ("permutation", (np.arange(8).reshape(4, 2),), {}),
    ("permutation", (6,), {}),
    ("tomaxint", (3,), {}),
]


def _xt(value):
    return xt.asarray(value) if isinstance(value, np.ndarray) else value


@pytest.mark.parametrize(("name", "args", "kwargs"), STATE_CALLS, ids=[c[0] for c in STATE_CALLS])
@pytest.mark.parametrize("seed", [0, 12345])
def test_random_state_methods_draw_numpys_stream(name, args, kwargs, seed):
    want_rs, got_rs = np.random.RandomState(seed), xt.random.RandomState(seed)
    for _ in range(2):  # the second call checks that the state advanced alike
        want = getattr(want_rs, name)(*args, **kwargs)
        got = getattr(got_rs, name)(*map(_xt, args), **{k: _xt(v) for k, v in kwargs.items()})
        if type(want) in (int, float):  # NumPy's Python number: the same number
            assert type(got) is type(want) and got == want, name
        else:
            assert_same(got, np.asarray(want), err_msg=name)


@given(
    a=shapes(min_dims=1, max_dims=3).flatmap(lambda s: arrays("int16", s)),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_state_shuffle_state_and_bytes_match_numpy(a, seed):
    want_rs, got_rs = np.random.RandomState(seed), xt.random.RandomState(seed)
    want, got = a.copy(), xt.asarray(a)
    want_rs.shuffle(want)
    got_rs.shuffle(got)
    assert_same(got, want)
    assert got_rs.bytes(5) == want_rs.bytes(5)
    state = got_rs.get_state()
    first = got_rs.rand(3)
    got_rs.set_state(state)
    assert_same(got_rs.rand(3), np.asarray(first))
    got_rs.seed(seed)
    want_rs.seed(seed)
    assert_same(got_rs.randn(2), want_rs.randn(2))


def test_random_state_takes_a_bit_generator_and_reprs():
    got = xt.random.RandomState(xt.random.PCG64(7))
    want = np.random.RandomState(np.random.PCG64(7))
    assert_same(got.random_sample(3), want.random_sample(3))
    assert repr(xt.random.RandomState(0)) == "RandomState(MT19937)"
    with pytest.raises(ValueError, match="^RandomState: "):
        xt.random.RandomState(-1)


def test_module_state_bit_generator_and_bytes_match_numpy():
    saved, saved_np = xt.random.get_state(), np.random.get_state()
    try:
        xt.random.seed(3)
        np.random.seed(3)
        assert xt.random.bytes(6) == np.random.bytes(6)
        for legacy in (True, False):
            got, want = xt.random.get_state(legacy), np.random.get_state(legacy)
            assert str(got) == str(want)
        state = xt.random.get_state()
        first = xt.random.rand(2)
        xt.random.set_state(state)
        assert_same(xt.random.rand(2), np.asarray(first))
        xt.random.set_bit_generator(xt.random.PCG64(11))
        np.random.set_bit_generator(np.random.PCG64(11))
        assert_same(xt.random.normal(size=3), np.random.normal(size=3))
        assert isinstance(xt.random.get_bit_generator(), np.random.PCG64)
        with pytest.raises(TypeError, match="^set_bit_generator: bitgen must be"):
            xt.random.set_bit_generator(5)
    finally:
        xt.random.set_bit_generator(np.random.MT19937())
        np.random.set_bit_generator(np.random.MT19937())
        xt.random.set_state(saved)
        np.random.set_state(saved_np)


def test_random_integers_warns_as_numpy_and_draws_its_stream():
    xt.random.seed(5)
    np.random.seed(5)
    with pytest.warns(DeprecationWarning):
        want = np.random.random_integers(1, 6, size=4)
    with pytest.warns(DeprecationWarning):
        got = xt.random.random_integers(1, 6, size=4)
    assert_same(got, want)


@given(
    a=shapes(min_dims=1, max_dims=3).flatmap(lambda s: arrays("float64", s)),
    axis_pick=st.integers(-4, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_generator_permuted_matches_numpy(a, axis_pick, seed):
    axis = None if axis_pick < -a.ndim or axis_pick >= a.ndim else axis_pick
    x = xt.asarray(a)
    # NumPy shuffles a copy in memory order (order="K"), so its oracle gets x's own layout
    want = np.random.default_rng(seed).permuted(np.asarray(x), axis=axis)
    got = xt.random.default_rng(seed).permuted(x, axis=axis)
    assert_same(got, want)
    target = xt.asarray(np.asarray(x).copy(order="K"))
    assert xt.random.default_rng(seed).permuted(target, axis=axis, out=target) is target
    assert_same(target, want)


def test_generator_permuted_bytes_spawn_and_bit_generators():
    got, want = xt.random.default_rng(9), np.random.default_rng(9)
    assert_same(
        got.permuted([[1, 2, 3], [4, 5, 6]], axis=1), want.permuted([[1, 2, 3], [4, 5, 6]], axis=1)
    )
    assert got.bytes(7) == want.bytes(7)
    for g, w in zip(got.spawn(2), want.spawn(2), strict=True):
        assert isinstance(g, xt.random.Generator)
        assert_same(g.random(2), w.random(2))
    with pytest.raises(ValueError, match="^Generator.permuted: out must have the same shape"):
        got.permuted(xt.ones(3), out=xt.ones(4))
    with pytest.raises(Exception, match="^Generator.permuted: "):
        got.permuted(xt.ones(3), axis=2)
    for name in (
        "PCG64",
        "MT19937",
        "Philox",
        "SFC64",
        "PCG64DXSM",
        "SeedSequence",
        "BitGenerator",
    ):
        assert getattr(xt.random, name) is getattr(np.random, name)
    seq = xt.random.SeedSequence(4)
    assert_same(
        xt.random.Generator(xt.random.PCG64(seq)).random(3),
        np.random.Generator(np.random.PCG64(np.random.SeedSequence(4))).random(3),
    )
    assert_same(
        xt.random.default_rng(xt.random.SeedSequence(4)).integers(9, size=3),
        np.random.default_rng(np.random.SeedSequence(4)).integers(9, size=3),
    )


@pytest.mark.parametrize("shape", [(3, 0), (0, 2), (2, 0, 2)])
def test_shuffling_an_empty_array_draws_nothing_as_in_numpy(shape):
    got, want = xt.random.default_rng(1), np.random.default_rng(1)
    got.shuffle(xt.zeros(shape))
    want.shuffle(np.zeros(shape))
    assert got.bytes(4) == want.bytes(4)
    got_rs, want_rs = xt.random.RandomState(1), np.random.RandomState(1)
    got_rs.shuffle(xt.zeros(shape))
    want_rs.shuffle(np.zeros(shape))
    assert got_rs.bytes(4) == want_rs.bytes(4)

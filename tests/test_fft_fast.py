"""The plain calls of xtensor.fft (Note [Plain fft calls] in xtensor/fft/_transforms.py, and the
first branches of the frequency and shift helpers) against NumPy, bit for bit: values as bytes,
dtype, shape and strides. NumPy's function is the oracle, called on the buffer cast as the
standard's dtype rules cast it (float32 computes in single precision; the complex-to-real
transforms read real input as complex of the same precision).
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_linalg import arrays

PLAIN = ("float32", "float64", "complex64", "complex128")
KINDS = {"fft": "c2c", "ifft": "c2c", "rfft": "r2c", "ihfft": "r2c", "irfft": "c2r", "hfft": "c2r"}
MANY = {"fftn": "c2c", "ifftn": "c2c", "rfftn": "r2c", "irfftn": "c2r"}
NORMS = st.sampled_from([None, "backward", "ortho", "forward"])
shapes = st.lists(st.integers(1, 9), min_size=1, max_size=3).map(tuple)


def oracle_input(x: np.ndarray, kind: str) -> np.ndarray:
    """x as the standard's rules hand it to NumPy: c2r reads real input as complex."""
    if kind == "c2r" and x.dtype.kind == "f":
        return x.astype(np.result_type(x.dtype, np.complex64))
    return x


def assert_identical(got, want: np.ndarray):
    assert type(got) is xt.Array
    g = got._data
    assert (g.dtype, g.shape, g.strides) == (want.dtype, want.shape, want.strides)
    assert g.tobytes() == want.tobytes()


def dtypes_of(kind: str):
    return st.sampled_from(PLAIN[:2] if kind == "r2c" else PLAIN)


@pytest.mark.parametrize("name", sorted(KINDS))
@given(data=st.data())
def test_one_axis_plain_calls_are_numpys_answer(name, data):
    kind = KINDS[name]
    x = data.draw(arrays(data.draw(dtypes_of(kind)), data.draw(shapes)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 40))
    norm = data.draw(NORMS)
    args = (n, axis, norm)
    try:
        want = getattr(np.fft, name)(oracle_input(x, kind), *args)
    except ValueError:  # e.g. irfft of a 1-point axis with n None: an empty output
        with pytest.raises(ValueError, match=name):
            getattr(xt.fft, name)(xt.asarray(x), *args)
        return
    got = getattr(xt.fft, name)(xt.asarray(x), n=n, axis=axis, norm=norm)
    assert_identical(got, want)
    assert not np.shares_memory(got._data, x)


@pytest.mark.parametrize("name", sorted(MANY))
@given(data=st.data())
def test_n_dimensional_plain_calls_are_numpys_answer(name, data):
    kind = MANY[name]
    shape = data.draw(st.lists(st.integers(2, 6), min_size=1, max_size=3).map(tuple))
    x = data.draw(arrays(data.draw(dtypes_of(kind)), shape))
    axes = data.draw(st.none() | st.permutations(range(-x.ndim, 0)).map(tuple))
    if axes is not None:
        axes = axes[: data.draw(st.integers(1, x.ndim))]
    norm = data.draw(NORMS)
    want = getattr(np.fft, name)(oracle_input(x, kind), axes=axes, norm=norm)
    got = getattr(xt.fft, name)(xt.asarray(x), axes=axes, norm=norm)
    assert_identical(got, want)


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2", "irfft2"])
def test_2d_shorthands_are_numpys_answer(name):
    kind = "r2c" if name == "rfft2" else "c2c"
    x = np.arange(20.0).reshape(4, 5) + (1j if kind == "c2c" else 0) * np.ones((4, 5))
    assert_identical(getattr(xt.fft, name)(xt.asarray(x)), getattr(np.fft, name)(x))


@pytest.mark.parametrize("name", sorted(KINDS))
def test_plain_calls_keep_the_checked_errors(name):
    x = xt.asarray(np.ones(4))
    with pytest.raises(ValueError, match=f"{name}: norm"):
        getattr(xt.fft, name)(x, norm="Ortho")
    with pytest.raises(ValueError, match=name):
        getattr(xt.fft, name)(x, n=0)
    with pytest.raises((ValueError, IndexError), match=name):
        getattr(xt.fft, name)(x, axis=1)


@given(n=st.integers(1, 2200), d=st.sampled_from([1.0, 0.1, -0.37, 3, 1e-300, 1e300]))
def test_frequencies_are_numpys_bit_for_bit(n, d):
    # n runs past the table of small integers the plain branch slices
    for name in ("fftfreq", "rfftfreq"):
        got = getattr(xt.fft, name)(n, d)
        assert_identical(got, getattr(np.fft, name)(n, d))


SHIFTED = st.tuples(
    st.sampled_from(["bool", "int8", "uint8", "int64", *PLAIN]),
    st.lists(st.integers(0, 6), min_size=1, max_size=3).map(tuple),
).flatmap(lambda ds: arrays(*ds))


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@given(x=SHIFTED, data=st.data())
def test_shifts_are_numpys_roll(name, x, data):
    axes = data.draw(
        st.none()
        | st.integers(-x.ndim, x.ndim - 1)
        | st.permutations(range(x.ndim)).map(lambda p: list(p[: max(1, len(p) - 1)]))
    )
    got = getattr(xt.fft, name)(xt.asarray(x), axes=axes)
    assert_identical(got, getattr(np.fft, name)(x, axes=axes))


def test_shift_rolls_a_repeated_axis_twice():
    """The standard leaves repeated axes unspecified: NumPy's answer, each axis rolled once
    per mention."""
    a = np.arange(15.0).reshape(3, 5)
    for axes in [(0, 0), (1, 0, 1), (-1, 1, 1)]:
        for name in ("fftshift", "ifftshift"):
            got = getattr(xt.fft, name)(xt.asarray(a), axes=axes)
            np.testing.assert_array_equal(got._data, getattr(np.fft, name)(a, axes=axes))

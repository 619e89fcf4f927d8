"""xtensor.fft against NumPy's pocketfft: values, the standard's dtype rules (float32 in gives
complex64 out, complex-to-real gives the matching real dtype), n/axis/s/axes/norm handling,
the frequency and shift helpers, and errors.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same
from tests.test_linalg import arrays

REAL = ("float32", "float64")
COMPLEX = ("complex64", "complex128")
NORMS = st.sampled_from(["backward", "ortho", "forward"])
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-11, "complex128": 1e-11}

COMPLEX_OUT = {
    "float32": "complex64",
    "float64": "complex128",
    "int32": "complex128",
    "complex64": "complex64",
    "complex128": "complex128",
}
REAL_OUT = {
    "complex64": "float32",
    "complex128": "float64",
    "float32": "float32",
    "float64": "float64",
}


def close(got, want, dtype):
    g = np.asarray(got)
    assert g.dtype == np.dtype(dtype), f"dtype {g.dtype}, expected {dtype}"
    assert g.shape == want.shape
    np.testing.assert_allclose(g, want, rtol=TOL[g.dtype.name], atol=TOL[g.dtype.name] * 50)


shapes = st.sampled_from([(1,), (5,), (2, 4), (3, 1, 6), (2, 3, 4)])


@pytest.mark.parametrize(
    "name,kind",
    [
        ("fft", "c2c"),
        ("ifft", "c2c"),
        ("rfft", "r2c"),
        ("ihfft", "r2c"),
        ("irfft", "c2r"),
        ("hfft", "c2r"),
    ],
)
@given(data=st.data())
def test_one_axis_transforms(name, kind, data):
    dtypes = REAL if kind == "r2c" else COMPLEX + REAL + ("int32",)
    dtype = data.draw(st.sampled_from(dtypes))
    x = data.draw(arrays(dtype, data.draw(shapes)))
    axis = data.draw(st.integers(-x.ndim, x.ndim - 1))
    n = data.draw(st.none() | st.integers(1, 9))
    if kind == "c2r" and n is None and x.shape[axis] < 2:
        n = 4
    norm = data.draw(NORMS)
    got = getattr(xt.fft, name)(xt.asarray(x), n=n, axis=axis, norm=norm)
    want = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
    out_dtype = (REAL_OUT if kind == "c2r" else COMPLEX_OUT)[
        dtype if dtype != "int32" else "complex128"
    ]
    close(got, want, out_dtype)


@pytest.mark.parametrize(
    "name,kind", [("fftn", "c2c"), ("ifftn", "c2c"), ("rfftn", "r2c"), ("irfftn", "c2r")]
)
@given(data=st.data())
def test_n_dimensional_transforms(name, kind, data):
    dtype = data.draw(st.sampled_from(REAL if kind == "r2c" else COMPLEX))
    x = data.draw(arrays(dtype, data.draw(st.sampled_from([(4, 3), (2, 3, 4)]))))
    axes = data.draw(
        st.none()
        | st.lists(
            st.integers(-x.ndim, x.ndim - 1),
            min_size=1,
            max_size=x.ndim,
            unique_by=lambda a: a % x.ndim,
        )
    )
    s = None
    if axes is not None and data.draw(st.booleans()):
        s = [data.draw(st.sampled_from([-1, 2, 5])) for _ in axes]
    norm = data.draw(NORMS)
    got = getattr(xt.fft, name)(xt.asarray(x), s=s, axes=axes, norm=norm)
    want = getattr(np.fft, name)(x, s=s, axes=axes, norm=norm)
    close(got, want, (REAL_OUT if kind == "c2r" else COMPLEX_OUT)[dtype])


def test_float32_round_trip_stays_single_precision():
    x = xt.asarray([1.0, 2.0, 3.0, 4.0], dtype=xt.float32)
    spectrum = xt.fft.rfft(x)
    assert spectrum.dtype == xt.complex64
    back = xt.fft.irfft(spectrum, n=4)
    assert back.dtype == xt.float32
    np.testing.assert_allclose(np.asarray(back), [1, 2, 3, 4], rtol=1e-6)
    assert xt.fft.fft(x).dtype == xt.complex64


def test_s_without_axes_follows_numpy_with_a_warning():
    x = np.arange(12.0).reshape(3, 4)
    with pytest.warns(DeprecationWarning, match="fftn: passing s without axes"):
        got = xt.fft.fftn(xt.asarray(x), s=(2,))
    close(got, np.fft.fftn(x, s=(2,), axes=(1,)), "complex128")


@given(st.integers(1, 20), st.floats(0.1, 5), st.sampled_from([None, "float32", "float64"]))
def test_frequencies(n, d, dtype):
    want_dtype = dtype or "float64"
    for name in ("fftfreq", "rfftfreq"):
        got = getattr(xt.fft, name)(n, d=d, dtype=None if dtype is None else getattr(xt, dtype))
        want = getattr(np.fft, name)(n, d).astype(want_dtype)
        assert_same(got, want, rtol=0)


# n values NumPy 2.4 refuses or treats specially: a non-integer (ValueError), a bool (fftfreq:
# TypeError; rfftfreq: n=1), 0 (ZeroDivisionError), negative (fftfreq: ValueError; rfftfreq: no
# frequencies), a 0-d array (ValueError, as NumPy accepts only Python and NumPy integers).
ODD_N = [
    2.5,
    4.0,
    np.float64(4.0),
    "4",
    None,
    1 + 0j,
    np.array(4),
    np.bool_(True),
    True,
    False,
    0,
    -1,
    -3,
    np.int64(4),
    np.int32(-2),
]


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", ODD_N, ids=repr)
def test_frequencies_odd_n_follow_numpy(name, n):
    try:
        want = getattr(np.fft, name)(n)
    except Exception as e:  # the same exception class, and a message naming the function
        with pytest.raises(type(e), match=f"^{name}: n "):
            getattr(xt.fft, name)(n)
    else:
        assert_same(getattr(xt.fft, name)(n), want, rtol=0)


def test_frequencies_of_numpy_unsigned_n():
    # NumPy wraps around computing -(n // 2) in uint8; xtensor takes the integer's value.
    for name in ("fftfreq", "rfftfreq"):
        assert_same(getattr(xt.fft, name)(np.uint8(5)), getattr(np.fft, name)(5), rtol=0)


@given(st.sampled_from(("float32", "complex128", "int16")), st.data())
def test_shifts(dtype, data):
    x = data.draw(arrays(dtype, data.draw(shapes)))
    axes = data.draw(
        st.none()
        | st.integers(0, x.ndim - 1)
        | st.lists(st.integers(0, x.ndim - 1), min_size=1, unique=True)
    )
    for name in ("fftshift", "ifftshift"):
        assert_same(
            getattr(xt.fft, name)(xt.asarray(x), axes=axes), getattr(np.fft, name)(x, axes=axes)
        )


def test_errors():
    x = xt.ones((2, 4))
    with pytest.raises(ValueError, match="fft: n must be at least 1; got 0"):
        xt.fft.fft(x, n=0)
    with pytest.raises(ValueError, match="fft: axis 2 is out of range for an array of 2 dim"):
        xt.fft.fft(x, axis=2)
    with pytest.raises(IndexError):  # NumPy's AxisError is an IndexError too
        xt.fft.ifft(x, axis=-3)
    with pytest.raises(ValueError, match="ifft: norm must be 'backward', 'ortho' or 'forward'"):
        xt.fft.ifft(x, norm="none")
    with pytest.raises(TypeError, match="rfft: x has dtype complex128, but rfft requires a real"):
        xt.fft.rfft(xt.asarray([1j, 2j]))
    with pytest.raises(ValueError, match="irfft: x has size 1 along axis 0"):
        xt.fft.irfft(xt.asarray([1j]))
    with pytest.raises(ValueError, match=r"fftn: s \(2,\) and axes \(0, 1\) have different"):
        xt.fft.fftn(x, s=(2,), axes=(0, 1))
    with pytest.raises(ValueError, match="rfftn: each entry of s must be -1 or at least 1"):
        xt.fft.rfftn(x, s=(0,), axes=(0,))
    with pytest.raises(TypeError, match="fftfreq: dtype must be a real floating-point dtype"):
        xt.fft.fftfreq(4, dtype=xt.int32)
    with pytest.raises(ValueError, match=r"fftshift: axes 5 is out of range"):
        xt.fft.fftshift(x, axes=(0, 5))


@pytest.mark.parametrize("name", ["fft2", "ifft2", "rfft2"])
def test_numpy_2d_shorthands(name):
    a = np.random.default_rng(5).standard_normal((3, 4, 6))
    got = getattr(xt.fft, name)(xt.asarray(a))
    want = getattr(np.fft, name)(a)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)
    got = getattr(xt.fft, name)(xt.asarray(a), axes=(0, 2))
    np.testing.assert_allclose(np.asarray(got), getattr(np.fft, name)(a, axes=(0, 2)), atol=1e-12)


def test_numpy_irfft2():
    a = np.fft.rfft2(np.random.default_rng(6).standard_normal((4, 6)))
    np.testing.assert_allclose(
        np.asarray(xt.fft.irfft2(xt.asarray(a))), np.fft.irfft2(a), atol=1e-12
    )


FFT_NAMES = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn", "rfftn", "irfftn"]


@pytest.mark.parametrize("name", FFT_NAMES + ["fft2", "ifft2", "rfft2", "irfft2"])
@pytest.mark.parametrize("out_dtype", ["same", "complex64", "float32"])
def test_out_is_numpys(name, out_dtype):
    """NumPy's `out=`: the result written into it (cast under 'same_kind'), out returned; an
    out of another shape or kind is NumPy's error, named."""
    a = np.random.default_rng(0).random((4, 8))
    want = getattr(np.fft, name)(a)
    dtype = want.dtype if out_dtype == "same" else np.dtype(out_dtype)
    out = xt.asarray(np.full(want.shape, 7, dtype))
    if not np.can_cast(want.dtype, dtype, "same_kind"):
        with pytest.raises(TypeError, match=f"{name}: Cannot cast"):
            getattr(xt.fft, name)(xt.asarray(a), out=out)
        return
    assert getattr(xt.fft, name)(xt.asarray(a), out=out) is out
    np.testing.assert_allclose(out._data, want.astype(dtype), rtol=1e-5)
    with pytest.raises(ValueError, match=f"{name}: out has shape"):
        getattr(xt.fft, name)(xt.asarray(a), out=xt.empty((3, 3), dtype=dtype))


def test_out_may_be_the_input():
    z = np.random.default_rng(1).random(8) + 1j
    x = xt.asarray(z.copy())
    assert xt.fft.fft(x, out=x) is x
    np.testing.assert_allclose(x._data, np.fft.fft(z))

"""Linear algebra: the main namespace's matmul/tensordot/vecdot/matrix_transpose (and `@`), the
NumPy names (dot, vdot, inner, outer, einsum), and the xtensor.linalg extension.

NumPy is the oracle. xtensor hands the same buffers to the same LAPACK routines, so most
results must match NumPy's to rounding; pinv, matrix_rank and the norms are computed by
xtensor itself and are compared with a looser tolerance.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import COMPLEX_DTYPES, FLOAT_DTYPES, assert_same
from xtensor._dispatch import PLANS

INEXACT = FLOAT_DTYPES + COMPLEX_DTYPES
NUMERIC = ("int8", "int32", "uint8", "int64") + INEXACT
LOOSE = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-10, "complex128": 1e-10}


@st.composite
def arrays(draw, dtype, shape):
    """Small-valued arrays, sometimes as strided or reversed views (non-contiguous)."""
    dt = np.dtype(dtype)
    if dt.kind in "fc":
        part = st.floats(-4, 4, width=32).map(lambda v: round(v, 2))
        elements = st.builds(complex, part, part) if dt.kind == "c" else part
    elif dt.kind == "b":
        elements = st.booleans()
    else:
        elements = st.integers(0 if dt.kind == "u" else -5, 5)
    if len(shape) and draw(st.booleans()):
        base = draw(hnp.arrays(dt, tuple(2 * n for n in shape), elements=elements))
        view = base[tuple(slice(None, None, 2) for _ in shape)]
        return view[..., ::-1] if draw(st.booleans()) else view
    return draw(hnp.arrays(dt, shape, elements=elements))


stacks = st.sampled_from([(), (0,), (2,), (1, 3)])
sides = st.integers(0, 4)


@st.composite
def matrices(draw, dtypes=INEXACT, square=False, well_conditioned=False):
    dtype = draw(st.sampled_from(dtypes))
    m = draw(sides)
    n = m if square else draw(sides)
    a = draw(arrays(dtype, draw(stacks) + (m, n)))
    if well_conditioned:
        if a.dtype.kind in "iu":  # entries within 1 of zero, or the diagonal cannot dominate
            a = np.clip(a, 0 if a.dtype.kind == "u" else -1, 1)
        a = a + (2 * m + 5) * np.eye(m, dtype=dtype)  # diagonally dominant: invertible
    return a


def close(got, want, dtype=None):
    want = np.asarray(want)
    rtol = LOOSE.get(np.dtype(dtype or want.dtype).name, 0)
    assert_same(got, want, rtol=rtol) if rtol == 0 else _close(got, want, rtol)


def _close(got, want, rtol):
    g = np.asarray(got)
    assert g.dtype == want.dtype and g.shape == want.shape, (
        g.dtype,
        g.shape,
        want.dtype,
        want.shape,
    )
    np.testing.assert_allclose(g, want, rtol=rtol, atol=rtol * 10, equal_nan=True)


# --- main namespace -------------------------------------------------------------------------


@st.composite
def matmul_operands(draw):
    d1, d2 = draw(st.sampled_from(NUMERIC)), draw(st.sampled_from(NUMERIC))
    m, k, n = draw(sides), draw(sides), draw(sides)
    pair = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    s1, s2 = pair.input_shapes
    shape1 = (k,) if draw(st.integers(0, 4)) == 0 else s1 + (m, k)
    shape2 = (k,) if draw(st.integers(0, 4)) == 0 else s2 + (k, n)
    return draw(arrays(d1, shape1)), draw(arrays(d2, shape2))


@given(matmul_operands())
def test_matmul_matches_numpy(ops):
    a, b = ops
    common = np.result_type(a, b)
    want = np.matmul(a.astype(common), b.astype(common))
    close(xt.matmul(xt.asarray(a), xt.asarray(b)), want)
    close(xt.asarray(a) @ xt.asarray(b), want)


def test_matmul_errors():
    a, v = xt.ones((2, 3)), xt.ones(4)
    with pytest.raises(ValueError, match=r"matmul: shapes \(2, 3\) \(x1\) and \(4,\) \(x2\)"):
        xt.matmul(a, v)
    with pytest.raises(ValueError, match="matmul: x2 is 0-dimensional"):
        xt.matmul(a, xt.asarray(2.0))
    with pytest.raises(ValueError, match=r"matmul: the stack dimensions .*\(\(2,\) vs \(3,\)\)"):
        xt.matmul(xt.ones((2, 3, 3)), xt.ones((3, 3, 3)))
    with pytest.raises(TypeError):
        a @ 2


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: xt.matmul(xt.ones((2, 2)), object()), "matmul: x2 must be an array; got object"),
        (lambda: xt.vecdot({1}, xt.ones(2)), "vecdot: x1 must be an array; got set"),
        (lambda: xt.dot(xt.ones(2), "ab"), "dot: b must be an array; got str"),
        (lambda: xt.linalg.inv(object()), "inv: x must be an array; got object"),
        (lambda: xt.linalg.solve(xt.eye(2), object()), "solve: x2 must be an array; got object"),
        (lambda: xt.fft.fft(object()), "fft: x must be an array; got object"),
    ],
)
def test_operands_that_are_not_arrays_name_the_function(call, match):
    with pytest.raises(TypeError, match=match):
        call()


def test_array_likes_are_accepted_as_numpy_does():
    close(xt.matmul([[1.0, 2.0], [3.0, 4.0]], np.ones(2)), np.matmul([[1, 2], [3, 4]], [1, 1.0]))
    close(xt.linalg.det([[2.0, 0.0], [0.0, 3.0]]), np.linalg.det([[2.0, 0.0], [0.0, 3.0]]))


def test_small_call_plans_live_in_the_dispatch_cache():
    a, b = xt.ones((2, 3)), xt.ones((3, 4), dtype=xt.float32)
    first = xt.matmul(a, b)
    key = ("matmul", np.dtype("float64"), (2, 3), np.dtype("float32"), (3, 4), None)
    assert PLANS.plans[key] == np.float64
    assert_same(xt.matmul(a, b), np.asarray(first))  # the second call takes the plan
    xt.tensordot(a, b, axes=1)
    xt.vecdot(a, b[:, 0])  # (two dtypes: one array of one dtype is NumPy's call at once)
    assert {k[0] for k in PLANS.plans if type(k) is tuple} >= {"matmul", "tensordot", "vecdot"}


def test_imatmul_keeps_shape_and_dtype():
    a = xt.asarray([[1.0, 2.0], [3.0, 4.0]])
    ref = a
    a @= xt.asarray([[0.0, 1.0], [1.0, 0.0]])
    assert a is ref
    assert_same(a, np.array([[2.0, 1.0], [4.0, 3.0]]))
    with pytest.raises(ValueError, match="__imatmul__: x @= y must keep x's shape"):
        a @= xt.ones((2, 3))
    i = xt.asarray([[1, 0], [0, 1]])
    with pytest.raises(TypeError, match="__imatmul__: the product has dtype float64"):
        i @= xt.ones((2, 2))
    f, want = xt.zeros((2, 2), dtype=xt.float32), np.zeros((2, 2), np.float32)
    f @= xt.ones((2, 2))  # a same-kind cast, as NumPy's `@=` stores it
    want @= np.ones((2, 2))
    assert_same(f, want)


@given(st.sampled_from(NUMERIC), st.data())
def test_tensordot_matches_numpy(dtype, data):
    a = data.draw(arrays(dtype, (2, 3, 4)))
    b = data.draw(arrays(dtype, (4, 3, 2)))
    axes = data.draw(
        st.sampled_from([0, 1, ([1, 2], [1, 0]), ([-1], [0]), ((0,), (2,)), (2, 0), [[2], [0]]])
    )
    for _ in range(2):  # the second call takes the plan the first one recorded
        close(xt.tensordot(xt.asarray(a), xt.asarray(b), axes=axes), np.tensordot(a, b, axes))


def test_tensordot_errors():
    a, b = xt.ones((2, 3)), xt.ones((4, 2))
    with pytest.raises(ValueError, match="tensordot: x1 axis 1 has size 3 but x2 axis 0"):
        xt.tensordot(a, b, axes=1)
    with pytest.raises(ValueError, match="tensordot: axes must be non-negative"):
        xt.tensordot(a, b, axes=-1)
    with pytest.raises(
        ValueError, match="tensordot: axes 5 is out of range for x1, an array of 2 dim"
    ):
        xt.tensordot(a, b, axes=([5], [0]))
    with pytest.raises(ValueError, match="tensordot: axes for x1 .* different lengths"):
        xt.tensordot(a, b, axes=([0, 1], [0]))


@given(st.sampled_from(NUMERIC), st.sampled_from(NUMERIC), st.integers(-2, -1), st.data())
def test_vecdot_matches_numpy(d1, d2, axis, data):
    a = data.draw(arrays(d1, (3, 1, 4)))
    b = data.draw(arrays(d2, (2, 4)))
    common = np.result_type(a, b)
    if axis == -2:
        a, b = a.swapaxes(-1, -2), b.swapaxes(-1, -2)[None]
    want = np.vecdot(a.astype(common), b.astype(common), axis=axis)
    got = xt.vecdot(xt.asarray(a), xt.asarray(b), axis=axis)
    close(got, want)
    close(xt.linalg.vecdot(xt.asarray(a), xt.asarray(b), axis=axis), want)


def test_vecdot_conjugates_and_checks():
    got = xt.vecdot(xt.asarray([1j, 2j, 3j]), xt.asarray([1, 2j, 3]))
    assert complex(got) == 4 - 10j
    with pytest.raises(ValueError, match="vecdot: x1 has size 3 and x2 has size 2"):
        xt.vecdot(xt.ones(3), xt.ones(2))
    with pytest.raises(ValueError, match=r"vecdot: axis -3 is out of range"):
        xt.vecdot(xt.ones((2, 3)), xt.ones((2, 3)), axis=-3)


def test_matrix_transpose():
    a = np.arange(24).reshape(2, 3, 4)
    assert_same(xt.matrix_transpose(xt.asarray(a)), np.matrix_transpose(a))
    assert xt.linalg.matrix_transpose is xt.matrix_transpose
    with pytest.raises(ValueError, match="matrix_transpose: x must have at least 2 dim"):
        xt.matrix_transpose(xt.ones(3))


@given(st.sampled_from(NUMERIC), st.data())
def test_numpy_products(dtype, data):
    a, b = data.draw(arrays(dtype, (3, 4))), data.draw(arrays(dtype, (4, 2)))
    xa, xb = xt.asarray(a), xt.asarray(b)
    close(xt.dot(xa, xb), np.dot(a, b))
    close(xt.vdot(xa, xa), np.vdot(a, a))
    close(xt.inner(xa, xa), np.inner(a, a))
    close(xt.outer(xa, xb), np.outer(a, b))
    close(xt.einsum("ij,jk->ki", xa, xb), np.einsum("ij,jk->ki", a, b))


def test_numpy_product_errors():
    with pytest.raises(ValueError, match=r"dot: shapes \(2, 3\) \(a\) and \(2,\)"):
        xt.dot(xt.ones((2, 3)), xt.ones(2))
    with pytest.raises(ValueError, match="einsum: "):
        xt.einsum("ij,jk->ik", xt.ones((2, 3)), xt.ones((2, 3)))


def test_pinv_and_matrix_power_keep_a_device_array_on_its_device():
    # They once re-read the buffer of x through `backing`, which copies device memory to the
    # host: on a GPU, pinv then mixed a NumPy x with a CUDA rtol. The meta device shows the
    # path: the call must reach the device's own routine (which meta lacks), not read data.
    x = xt.ones((3, 3), device="meta")
    with pytest.raises(NotImplementedError, match="linalg.svd: not supported on the meta"):
        xt.linalg.pinv(x, rtol=xt.asarray(0.0, device="meta"))
    ints = xt.ones((3, 3), dtype=xt.int64, device="meta")
    with pytest.raises(NotImplementedError, match="matrix_power: not supported on the meta"):
        xt.linalg.matrix_power(ints, -1)


@pytest.mark.parametrize(
    "options",
    [
        {"dtype": np.float32},
        {"dtype": "int64", "casting": "unsafe"},
        {"dtype": float},
        {"order": "F"},
        {"axes": [(-2, -1), (-2, -1), (-2, -1)]},
        {"axes": [(-1, -2), (-2, -1), (-1, -2)]},
        {"subok": True},
    ],
    ids=repr,
)
@pytest.mark.parametrize("shapes", [((2, 3), (3, 2)), ((4, 2, 3), (3, 3)), ((3,), (3, 2))])
def test_matmul_takes_numpys_gufunc_keywords(options, shapes):
    rng = np.random.default_rng(0)
    a, b = (rng.integers(-5, 5, s).astype(np.float64) for s in shapes)
    try:
        want = np.matmul(a, b, **options)
    except ValueError:  # (axes a 1-d operand lacks)
        with pytest.raises(ValueError, match="matmul: "):
            xt.matmul(xt.asarray(a), xt.asarray(b), **options)
        return
    got = xt.matmul(xt.asarray(a), xt.asarray(b), **options)
    assert got.dtype == want.dtype and np.array_equal(got._data, want)
    assert got._data.flags.f_contiguous == want.flags.f_contiguous
    out = xt.zeros(want.shape, dtype=want.dtype)
    assert xt.matmul(xt.asarray(a), xt.asarray(b), out=out, **options) is out
    assert np.array_equal(out._data, want)


def test_matmul_keyword_errors_name_matmul():
    a = xt.ones((2, 2))
    with pytest.raises(TypeError, match="matmul: Cannot cast"):
        xt.matmul(a, a, dtype="int64")  # (casting 'same_kind', as NumPy)
    with pytest.raises(TypeError, match="unexpected keyword argument 'signature'"):
        xt.matmul(a, a, signature="dd->d")
    with pytest.raises(TypeError, match="matmul: out must be an xtensor Array"):
        xt.matmul(a, a, out=np.zeros((2, 2)), dtype=float)


@pytest.mark.parametrize(
    "options",
    [{"dtype": np.float32}, {"dtype": "complex128"}, {"keepdims": True}, {"order": "F"}],
    ids=repr,
)
@pytest.mark.parametrize(
    "name, shapes",
    [("vecdot", ((4, 3), (4, 3))), ("matvec", ((2, 4, 3), (3,))), ("vecmat", ((3,), (3, 2)))],
)
def test_vector_gufuncs_take_numpys_keywords(name, shapes, options):
    if not hasattr(np, name):
        pytest.skip(f"NumPy {np.__version__} has no {name}")
    rng = np.random.default_rng(1)
    a, b = (rng.standard_normal(s) + 1j * rng.standard_normal(s) for s in shapes)
    try:
        want = getattr(np, name)(a, b, **options)
    except (TypeError, ValueError):  # (complex into float32 under 'same_kind')
        with pytest.raises((TypeError, ValueError), match=f"{name}: "):
            getattr(xt, name)(xt.asarray(a), xt.asarray(b), **options)
        return
    got = getattr(xt, name)(xt.asarray(a), xt.asarray(b), **options)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got._data, want, rtol=1e-12)
    out = xt.zeros(want.shape, dtype=want.dtype)
    assert getattr(xt, name)(xt.asarray(a), xt.asarray(b), out=out, **options) is out
    np.testing.assert_allclose(out._data, want, rtol=1e-12)

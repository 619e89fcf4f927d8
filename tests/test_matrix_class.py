"""NumPy's matrix class under `import xtensor as np`: `np.matrix`, `np.asmatrix`, `np.bmat` and
`xtensor.matlib`, with NumPy's own `numpy.matrix` as the oracle.

Most tests run one expression under both libraries (`np` bound to NumPy, then to xtensor) and
compare what a script would print: the class (matrix, array or scalar) and the repr, which
holds the dtype, the shape and the values. Hypothesis varies shapes and dtypes where the
arithmetic and the reductions meet them.
"""

from __future__ import annotations

import copy
import operator
import pickle
import warnings

import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import assert_same

pytestmark = pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")

SETUP = """
m = np.matrix([[1.0, 2.0], [3.0, 4.0]])
i = np.matrix([[1, 2, 3], [4, 5, 6]])
c = np.matrix([[1 + 2j, 3], [4j, 5 - 1j]])
a = np.asarray([[1.0, 2.0], [3.0, 4.0]])
v = np.asarray([1.0, 2.0])
"""


def _kind(r) -> str:
    if isinstance(r, (numpy.matrix, xt.matrix)):
        return "matrix"
    if isinstance(r, (numpy.ndarray, xt.Array)) and r.ndim:
        return "array"
    return type(r).__name__ if type(r) in (list, tuple, str, int, float, bool) else "scalar"


def _shown(r):
    """What a script shows of result `r`: its kind and repr (tuples item by item)."""
    if isinstance(r, tuple):
        return tuple(_shown(x) for x in r)
    return _kind(r), repr(r)


def _run(module, code: str, setup: str = SETUP):
    env = {"np": module}
    exec(setup, env)
    try:
        return _shown(eval(code, env))
    except Exception as e:  # noqa: BLE001 - the oracle's error is part of the answer
        return ("raises", type(e).__name__)


def same(code: str, setup: str = SETUP):
    """`code` shows the same under xtensor as under NumPy; returns xtensor's."""
    want, got = _run(numpy, code, setup), _run(xt, code, setup)
    assert got == want, f"{code}:\n xtensor {got}\n NumPy   {want}"
    return got


# --- creation ----------------------------------------------------------------------------------

CREATION = [
    "np.matrix([[1, 2], [3, 4]])",
    "np.matrix([1, 2, 3])",
    "np.matrix(5)",
    "np.matrix(2.5)",
    "np.matrix([])",
    "np.matrix([[1, 2]], dtype=float)",
    "np.matrix([[1, 2]], dtype=np.int8)",
    "np.matrix([[True, False]])",
    "np.matrix('1 2; 3 4')",
    "np.matrix('1, 2; 3, 4')",
    "np.matrix('1.5 -2 3e2')",
    "np.matrix('1+2j 3')",
    "np.matrix('True; True; False')",
    "np.matrix('')",
    "np.matrix('1 2', dtype=float)",
    "np.matrix(np.arange(6).reshape(2, 3))",
    "np.matrix(np.arange(4))",
    "np.matrix(np.ones((1, 2, 1, 3)))",
    "np.matrix(m)",
    "np.matrix(m, dtype=int)",
    "np.matrix(i, dtype=np.float32)",
    "np.asmatrix(a)",
    "np.asmatrix([[1, 2]])",
    "np.asmatrix(i, dtype=float)",
    "np.arange(4).view(np.matrix)",
    "np.asarray(m)",
    "np.asanyarray(m)",
    "np.array(m)",
    "np.matrix([[[1]]])",
    "np.matrix(np.ones((2, 2, 2)))",
    "np.matrix('1 2; 3')",
    "np.matrix('invalid')",
]


@pytest.mark.parametrize("code", CREATION)
def test_creation_as_numpy(code):
    same(code)


def test_errors_are_numpys_classes_and_words():
    with pytest.raises(ValueError, match="matrix must be 2-dimensional"):
        xt.matrix([[[1, 2]]])
    with pytest.raises(ValueError, match="shape too large to be a matrix"):
        xt.matrix(xt.ones((2, 2, 2)))
    with pytest.raises(ValueError, match="rows of '1 2; 3' are not the same size"):
        xt.matrix("1 2; 3")
    m = xt.matrix([[1, 2, 3]])
    with pytest.raises(ValueError, match="^dot: "):
        m * m  # noqa: B018 - (1, 3) times (1, 3) does not align
    with pytest.raises(TypeError, match="exponent must be an integer"):
        m.T * m**0.5  # noqa: B018


def test_memory_is_shared_as_numpys():
    base = xt.asarray([[1.0, 2.0], [3.0, 4.0]])
    shared, copied = xt.asmatrix(base), xt.matrix(base)
    kept, plain = xt.asanyarray(shared), xt.asarray(shared)
    base[0, 0] = -10
    assert shared[0, 0] == -10 and copied[0, 0] == 1
    assert kept is shared and type(plain) is xt.Array
    plain[1, 1] = 7
    assert shared[1, 1] == 7
    row = xt.matrix(xt.arange(3), copy=False)
    assert row.shape == (1, 3) and numpy.shares_memory(row._data, row.A1._data)
    host = numpy.arange(4.0)
    assert numpy.shares_memory(xt.asmatrix(host)._data, host)


def test_type_and_isinstance():
    m = xt.matrix([[1, 2], [3, 4]])
    assert type(m).__name__ == "matrix" and type(m) is xt.matrix
    assert isinstance(m, xt.matrix) and isinstance(m, xt.ndarray) and isinstance(m, xt.Array)
    assert not isinstance(xt.asarray(m), xt.matrix)


# --- printing ----------------------------------------------------------------------------------

PRINTED = [
    "[[1, 2], [3, 4]]",
    "[[1.5, -2.25], [3, 4]]",
    "[[1, 2]], dtype=np.int8",
    "[[True, False]]",
    "[[1 + 2j, 3]]",
    "[], dtype=np.float32",
    "[[0.1] * 12] * 12",
    "np.arange(2000).reshape(2, 1000)",
    "[[1e-20, 1e20]]",
]


@pytest.mark.parametrize("data", PRINTED)
def test_repr_and_str_are_numpys(data):
    code = f"np.matrix({data})"
    want = _run(numpy, code)
    got = same(code)
    assert got[1].startswith("matrix(")
    env = {"np": numpy}
    exec(SETUP, env)
    env_x = {"np": xt}
    exec(SETUP, env_x)
    assert str(eval(code, env_x)) == str(eval(code, env)), want


def test_repr_example_and_print_options():
    assert repr(xt.matrix([[1, 0], [0, 1]])) == "matrix([[1, 0],\n        [0, 1]])"
    with numpy.printoptions(precision=2):
        assert repr(xt.matrix([[1 / 3]])) == "matrix([[0.33]])"
    assert f"{xt.matrix([[1, 2]])}" == "[[1 2]]"


# --- operators ---------------------------------------------------------------------------------

OPERATORS = [
    "m * m", "m * a", "a * m", "m * [[1], [2]]", "m * 2", "2 * m", "m * 2.5", "i * i.T",
    "m * m.sum()", "m * np.float64(2)", "m * v", "v * m", "m * i", "i * m",
    "m ** 0", "m ** 1", "m ** 2", "m ** 3", "m ** -1", "m ** -2", "m ** np.int8(2)",
    "m ** 0.5", "2 ** m", "i ** 2", "m @ m", "m @ v", "v @ m", "a @ m", "m @ a",
    "m + m", "m + 1", "1 + m", "m + a", "a + m", "m + v", "m - m", "m / 2", "2 / m", "m / m",
    "m // 3", "m % 3", "divmod(m, 3)", "i & 3", "i | 8", "i ^ 1", "i << 1", "i >> 1", "~i",
    "-m", "+m", "abs(-m)", "m == m", "m != a", "m < 2", "m <= 2", "m > a", "m >= 3",
    "m == [[1, 2], [3, 4]]", "c * c", "c ** 2", "c.H * c", "m + np.ones((2, 2, 2))",
    "m + np.ones((1, 2, 2))", "m * object()",
]  # fmt: skip


@pytest.mark.parametrize("code", OPERATORS)
def test_operators_as_numpy(code):
    same(code)


IN_PLACE = [
    "m *= 3", "m *= m", "m **= 2", "m **= -1", "m += 1", "m -= a", "m /= 2", "m @= m",
    "i //= 2", "i %= 4", "i <<= 1", "i |= 1",
]  # fmt: skip


@pytest.mark.parametrize("statement", IN_PLACE)
def test_in_place_operators_keep_the_matrix(statement):
    name = statement.split()[0]
    got = same(f"(exec({statement!r}), {name})[1]")
    assert got[0] == "matrix"
    m = xt.matrix([[1.0, 2.0], [3.0, 4.0]])
    before = m
    m *= m
    assert m is before and m.tolist() == [[7.0, 10.0], [15.0, 22.0]]


# --- attributes and methods ---------------------------------------------------------------------

ATTRIBUTES = [
    "m.T", "m.H", "c.H", "c.T", "m.I", "i.I", "i.T.I", "c.I", "m.A", "m.A1", "i.A1",
    "m.getA()", "m.getA1()", "m.getT()", "m.getH()", "m.getI()", "m.mT", "c.real", "c.imag",
    "m.tolist()", "i.tolist()", "m.ravel()", "m.T.ravel()", "m.ravel('F')", "m.T.ravel('A')",
    "m.flatten()", "m.flatten('F')", "np.matrix([[1], [2]]).squeeze()", "m.squeeze()",
    "np.matrix([[3]]).squeeze()", "m.copy()", "m.astype(int)", "m.reshape(4)",
    "m.reshape(1, 4, 1)", "m.transpose()", "m.swapaxes(0, 1)", "m.trace()", "m.diagonal()",
    "m.dot(m)", "m.dot(v)", "m.take([0, 1])", "m.take([0, 1], axis=1)", "m.repeat(2)",
    "m.compress([True, False], axis=0)", "m.cumsum()", "m.cumsum(axis=0)", "m.cumprod(1)",
    "m.round(1)", "(m / 3).round(2)", "m.clip(2, 3)", "m.conj()", "c.conjugate()",
    "m.argsort()", "m.nonzero()", "m.view()", "m.view(np.ndarray)", "m.item(1)", "len(m)",
    "list(m)", "[r.shape for r in i]", "m.shape", "m.ndim", "m.size", "m.dtype",
    "np.matrix([[1, 2], [2, 4]]).I",
]  # fmt: skip


@pytest.mark.parametrize("code", ATTRIBUTES)
def test_attributes_and_methods_as_numpy(code):
    same(code)


def test_views_and_copies():
    m = xt.matrix([[1.0, 2.0], [3.0, 4.0]])
    m.T[0, 1] = 30  # .T, .A and .ravel() are views of m, .flatten() a copy
    m.A[0, 0] = 10
    m.ravel()[0, 3] = 40
    m.flatten()[0, 1] = 99
    assert m.tolist() == [[10.0, 2.0], [30.0, 40.0]]
    for made in (copy.copy(m), copy.deepcopy(m), pickle.loads(pickle.dumps(m))):
        assert type(made) is xt.matrix and made.tolist() == m.tolist()
        made[0, 0] = 0
        assert m[0, 0] == 10


# --- indexing ----------------------------------------------------------------------------------

INDEXING = [
    "m[0]", "m[1]", "m[-1]", "m[:, 0]", "m[:, 1]", "m[0, :]", "m[0, 0]", "m[1, 1]", "m[0][0]",
    "m[0][0, 1]", "m[:, :]", "m[::-1]", "m[..., 0]", "m[0, ...]", "m[[1, 0]]", "m[:, [1, 0]]",
    "i[1, [0, 1, 0]]", "i[[0, 1], [0, 1]]", "i[[[1], [0]], [[1, 0], [0, 1]]]", "m[m > 2]",
    "m[np.asarray([True, False])]", "m[:, np.asarray([True, False])]", "m[None].shape",
    "m[0, np.int64(1)]", "m[:, m.argmax(axis=1)[0, 0]]", "m[5]", "m[0, 5]",
    "np.matrix(0)[0, 0]", "np.matrix(0)[0]", "np.matrix(0)[:, 0]",
]  # fmt: skip


@pytest.mark.parametrize("code", INDEXING)
def test_indexing_as_numpy(code):
    same(code)


SETTING = [
    "m[0] = 0", "m[:, 1] = 9", "m[0, 0] = -1", "m[:, 1] = np.asarray([[7], [8]])",
    "m[0] = np.matrix([[5, 6]])", "m[0, :] = [5, 6]", "m[m > 2] = 0",
    "m[:, 1] = np.asarray([1, 2, 3])", "m[1] = m[0]", "m[:, 0] = m[:, 1]",
]  # fmt: skip


@pytest.mark.parametrize("statement", SETTING)
def test_setting_elements_as_numpy(statement):
    same(f"(exec({statement!r}), m)[1]")


# --- reductions --------------------------------------------------------------------------------

REDUCTIONS = ["sum", "mean", "max", "min", "prod", "std", "var", "any", "all"]
AXES = ["", "axis=0", "axis=1", "axis=-1", "axis=(0, 1)", "0"]


@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("name", REDUCTIONS)
def test_reductions_keep_rows_and_columns(name, axis):
    for matrix in ("m", "i", "(m > 2)"):
        got = same(f"{matrix}.{name}({axis})")
        assert got[0] == ("scalar" if axis == "" else "matrix")
    if name in ("sum", "mean", "max", "min", "prod", "std", "var"):  # NumPy's functions too
        same(f"np.{name}(m{', ' + axis if axis else ''})")


@pytest.mark.parametrize("axis", ["", "axis=0", "axis=1", "axis=-1", "1"])
@pytest.mark.parametrize("name", ["argmax", "argmin", "ptp"])
def test_aligned_reductions(name, axis):
    same(f"i.{name}({axis})")
    same(f"(-m).{name}({axis})")


def test_reduction_options():
    for code in ("m.std(ddof=1)", "m.var(axis=0, ddof=1)", "i.sum(dtype=np.int8)",
                 "i.mean(axis=1, dtype=np.float32)", "i.prod(axis=0, dtype=float)"):  # fmt: skip
        same(code)
    out = xt.matrix([[0.0, 0.0]])
    m = xt.matrix([[1.0, 2.0], [3.0, 4.0]])
    assert m.sum(axis=0, out=out) is out and out.tolist() == [[4.0, 6.0]]


# --- hypothesis: shapes and dtypes ------------------------------------------------------------

DTYPES = ["int8", "int64", "uint8", "float32", "float64", "complex128", "bool"]
SIDES = st.integers(1, 4)


@st.composite
def matrices(draw, dtype=None):
    dtype = draw(st.sampled_from(DTYPES)) if dtype is None else dtype
    elements = None
    if numpy.dtype(dtype).kind in "fc":
        elements = st.integers(-9, 9)  # exact in every float dtype, no overflow in products
    elif numpy.dtype(dtype).kind in "iu":
        elements = st.integers(0, 9)
    shape = (draw(SIDES), draw(SIDES))
    return draw(hnp.arrays(dtype, shape, elements=elements))


def _pair(data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return numpy.matrix(data), xt.matrix(data)


def _same_matrix(got, want):
    assert type(got) is xt.matrix and isinstance(want, numpy.matrix)
    assert_same(xt.asarray(got), numpy.asarray(want))


OPS = {"+": operator.add, "-": operator.sub, "==": operator.eq, "<": operator.lt}
OPS.update({"*": operator.mul, "@": operator.matmul})


@settings(max_examples=60, deadline=None)
@given(matrices(), st.sampled_from(sorted(OPS)), st.integers(-3, 3))
def test_arithmetic_by_shape_and_dtype(data, op, scalar):
    want_m, got_m = _pair(data)
    # (`x @ 3`: NumPy's ValueError is xtensor's TypeError for any array, not the matrix's)
    scalars = () if op == "@" else (scalar,)
    for other in (*scalars, data[:, :1], data.T if op in "*@" else data):
        mine = other if numpy.ndim(other) == 0 else xt.asarray(other)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                want = OPS[op](want_m, other)
            except (ValueError, TypeError, OverflowError) as e:
                with pytest.raises(type(e)):
                    OPS[op](got_m, mine)
                continue
            got = OPS[op](got_m, mine)
        _same_matrix(got, want)


@settings(max_examples=60, deadline=None)
@given(matrices(), st.sampled_from(REDUCTIONS + ["argmax", "argmin", "ptp"]))
def test_reductions_by_shape_and_dtype(data, name):
    want_m, got_m = _pair(data)
    for axis in (None, 0, 1):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                want = getattr(want_m, name)(axis)
            except TypeError as e:  # NumPy's refusals (ptp of bool)
                with pytest.raises(type(e)):
                    getattr(got_m, name)(axis)
                continue
            got = getattr(got_m, name)(axis)
        if axis is None:
            assert not isinstance(got, xt.matrix) and got.ndim == 0
            assert_same(got, numpy.asarray(want))
        else:
            _same_matrix(got, want)


@settings(max_examples=40, deadline=None)
@given(matrices(dtype="float64"), st.integers(-2, 3))
def test_power_and_inverse_by_shape(data, n):
    want_m, got_m = _pair(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = want_m**n
        except numpy.linalg.LinAlgError as e:
            with pytest.raises(type(e)):
                got_m**n
            return
        got = got_m**n
    assert type(got) is xt.matrix
    numpy.testing.assert_allclose(numpy.asarray(xt.asarray(got)), want, rtol=1e-9, atol=1e-9)

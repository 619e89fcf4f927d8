"""Differential printing: every printing path (repr/str of arrays, elements and 0-d reductions,
the printing functions, float formatters, f-strings, `tolist`, `print`) gives NumPy's text for
the same data under drawn print options, for every numeric dtype with NaN, infinities, -0.0,
extreme magnitudes and integer limits, and for dates, strings and records (hand-written cases:
tests/test_printing.py)."""

from __future__ import annotations

import contextlib
import inspect
import io
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt

NUMERIC = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip
HAS_OVERRIDE_REPR = "override_repr" in inspect.signature(np.set_printoptions).parameters


# --- strategies --------------------------------------------------------------------------------


def _floats(dt: np.dtype):
    fi = np.finfo(dt)
    specials = [
        math.nan, math.inf, -math.inf, -0.0, 0.0, 1.0, -1.0, 0.5, 0.1, 1 / 3, -2.5, 1e-5, 1e-4,
        1e8, 1e16, 123456.789, 1e300, 1e-300, float(fi.max), -float(fi.max), float(fi.tiny),
        float(fi.smallest_subnormal), float(fi.eps), -float(fi.smallest_subnormal),
    ]  # fmt: skip
    return st.one_of(
        st.sampled_from(specials),
        st.floats(width=fi.bits),
        st.integers(-(10**6), 10**6).map(float),
        st.floats(-1e4, 1e4).map(lambda v: round(v, 3)),
    )


def elements(dtype: str):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return st.booleans()
    if dt.kind in "iu":
        info = np.iinfo(dt)
        limits = [info.min, info.min + 1, info.max - 1, info.max, 0, 1]
        return st.one_of(
            st.sampled_from(limits),
            st.integers(int(info.min), int(info.max)),
            st.integers(max(int(info.min), -100), 100),
        )
    if dt.kind == "f":
        return _floats(dt)
    part = _floats(np.dtype(f"f{dt.itemsize // 2}"))
    return st.builds(complex, part, part)


SHAPES = st.one_of(
    st.just(()),
    st.sampled_from([(0,), (0, 3), (3, 0), (2, 0, 2)]),
    st.tuples(st.integers(1, 30)),
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
    st.tuples(st.integers(1, 3), st.integers(1, 3), st.integers(1, 4)),
)

# The same view of the same base, taken by each library: non-contiguous and reversed layouts.
VIEWS = {
    "none": (lambda s: s, lambda m: m),
    "step": (lambda s: s[:-1] + (2 * s[-1],), lambda m: m[..., ::2]),
    "rev": (lambda s: s, lambda m: m[..., ::-1]),
    "T": (lambda s: s[::-1], lambda m: m.T),
}


@st.composite
def pairs(draw, dtypes=NUMERIC, shapes=SHAPES):
    """(NumPy array, xtensor array) holding the same values in the same view."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(shapes)
    grow, view = VIEWS[draw(st.sampled_from(list(VIEWS))) if shape else "none"]
    base_shape = grow(shape)
    size = math.prod(base_shape)
    values = draw(st.lists(elements(dtype), min_size=min(size, 1), max_size=min(size, 24)))
    with np.errstate(all="ignore"):  # float16/complex64 overflow to inf is intended
        base = np.resize(np.array(values, dtype=dtype), base_shape)
    return view(base), view(xt.asarray(base))


PRINT_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "precision": st.integers(0, 12),
        "suppress": st.booleans(),
        "threshold": st.integers(0, 40),
        "edgeitems": st.integers(1, 4),
        "linewidth": st.integers(10, 120),
        "floatmode": st.sampled_from(["fixed", "unique", "maxprec", "maxprec_equal"]),
        "sign": st.sampled_from([" ", "+", "-"]),
        "nanstr": st.sampled_from(["nan", "NaN", "--"]),
        "infstr": st.sampled_from(["inf", "Inf", "oo"]),
        "legacy": st.sampled_from(["1.13", "1.21", "1.25", "2.1", "2.2", False]),
    },
)

FORMATTERS = {
    "float_kind": {"float_kind": lambda v: f"{v:.2f}"},
    "int": {"int": lambda v: f"<{v}>"},
    "all": {"all": lambda v: f"[{v!r}]"},
    "mixed": {"int_kind": hex, "bool": lambda v: "T" if v else "F", "complex_kind": str},
}


def outcome(call) -> str:
    """The text, or the exception's class (xtensor's messages name the function: README)."""
    try:
        return call()
    except (TypeError, ValueError, OverflowError) as e:
        return f"raised {type(e).__name__}"


def elements_of(a, x):
    """Pairs of elements (NumPy scalar, xtensor 0-d array): first, last, and 1-d iteration."""
    if a.size == 0 or a.ndim == 0:
        return []
    ends = [(0,) * a.ndim, (-1,) * a.ndim]
    got = [(a[i], x[i]) for i in ends]
    if a.ndim == 1:
        got += list(zip(list(a[:4]), list(x[:4])))
    return got


def reductions_of(a, x):
    """0-d results of reductions: exact ones only (max/min; sums of integers and bools)."""
    if a.size == 0:
        return []
    got = [(a.max(), x.max()), (a.min(), xt.min(x))]
    if a.dtype.kind in "biu":
        got.append((a.sum(), x.sum()))
    return got


def texts(m, arr):
    """Every array-level printing path of library m (NumPy's own errors included: legacy='1.13'
    with floatmode='unique' and a precision raises TypeError in NumPy's repr)."""
    calls = {
        "repr": lambda: repr(arr),
        "str": lambda: str(arr),
        "format": lambda: f"{arr}",
        "array2string": lambda: m.array2string(arr),
        "array2string(sep)": lambda: m.array2string(arr, separator=", ", prefix="array("),
        "array_repr": lambda: m.array_repr(arr),
        "array_str": lambda: m.array_str(arr),
        "tolist": lambda: repr(arr.tolist()),
    }
    return {name: outcome(call) for name, call in calls.items()}


def assert_same_text(a, x):
    assert texts(xt, x) == texts(np, a)
    # NumPy's own functions reach xtensor's through __array_function__
    assert outcome(lambda: np.array2string(x)) == outcome(lambda: np.array2string(a))
    assert outcome(lambda: np.array_repr(x)) == outcome(lambda: repr(a))
    for want, got in elements_of(a, x) + reductions_of(a, x):
        assert (repr(got), str(got), f"{got}") == (repr(want), str(want), f"{want}")
        assert repr([got, got]) == repr([want, want])


# --- arrays, elements and reductions under print options -------------------------------------


@given(pairs(), PRINT_OPTIONS)
def test_arrays_print_as_numpys_under_print_options(ax, options):
    a, x = ax
    with np.printoptions(**options):
        assert_same_text(a, x)
        assert texts(xt, xt.asarray(a)) == texts(np, a)  # xtensor's Array over NumPy's view


@given(pairs(), st.sampled_from(list(FORMATTERS)), st.sampled_from(["1.13", "1.25", False]))
def test_formatter_option_and_argument(ax, name, legacy):
    a, x = ax
    formatter = FORMATTERS[name]
    with np.printoptions(formatter=formatter, legacy=legacy):
        assert_same_text(a, x)
    got = xt.array2string(x, formatter=formatter, separator=",")
    assert got == np.array2string(a, formatter=formatter, separator=",")


@given(
    pairs(shapes=st.one_of(SHAPES, st.tuples(st.integers(8, 60)))),
    st.integers(0, 10), st.integers(1, 5), st.integers(10, 90),
    st.sampled_from(["fixed", "unique", "maxprec", "maxprec_equal"]), st.sampled_from(" +-"),
)  # fmt: skip
def test_printing_function_arguments(ax, threshold, edgeitems, width, floatmode, sign):
    a, x = ax
    with np.printoptions(threshold=threshold, edgeitems=edgeitems, nanstr="NaN", infstr="Inf"):
        assert_same_text(a, x)
        assert xt.array_repr(x, width, 3, True) == np.array_repr(a, width, 3, True)
        assert xt.array_str(x, width, 3, False) == np.array_str(a, width, 3, False)
        kwargs = {"max_line_width": width, "floatmode": floatmode, "sign": sign}
        kwargs.update(precision=edgeitems, suppress_small=threshold % 2 == 0)
        assert xt.array2string(x, **kwargs) == np.array2string(a, **kwargs)
    kwargs = {"max_line_width": width, "threshold": threshold, "edgeitems": edgeitems}
    assert xt.array2string(x, **kwargs) == np.array2string(a, **kwargs)


def printed(arr, items) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        print([v[1] for v in items], *(v[1] for v in items))
        print(arr.max() if arr.size else "")
        print(outcome(lambda: f"{arr}\n{arr!r}"))  # (NumPy may raise: see texts)
    return buf.getvalue()


@given(pairs(), PRINT_OPTIONS)
def test_print_under_set_printoptions(ax, options):
    a, x = ax
    before = np.get_printoptions()
    try:
        xt.set_printoptions(**options)  # (xt.set_printoptions is NumPy's)
        assert printed(x, elements_of(a, x)) == printed(a, elements_of(a, a))
    finally:
        np.set_printoptions(**before)


@pytest.mark.skipif(not HAS_OVERRIDE_REPR, reason="override_repr is new in NumPy 2.1")
@given(pairs())
def test_override_repr(ax):
    a, x = ax
    with np.printoptions(override_repr=lambda v: f"R{v.shape}{v.dtype}{v.tolist()!r}"):
        assert repr(x) == repr(a) and xt.array_repr(x) == np.array_repr(a)
        assert str(x) == str(a)
        for want, got in elements_of(a, x) + reductions_of(a, x):
            assert repr(got) == repr(want)


# --- float formatters and f-strings of elements ------------------------------------------------

FLOAT_KINDS = ("float16", "float32", "float64")


@st.composite
def float_scalars(draw):
    """(NumPy scalar, [xtensor element, xtensor 0-d reduction]) of one float value."""
    dtype = draw(st.sampled_from(FLOAT_KINDS))
    with np.errstate(all="ignore"):
        a = np.array([draw(elements(dtype))] * 2, dtype=dtype)
    x = xt.asarray(a)
    return a[0], [x[0], x[:1].max()]


_OPT_INT = st.one_of(st.none(), st.integers(0, 12))
_COMMON = {"precision": _OPT_INT, "unique": st.booleans(), "sign": st.booleans()}
_COMMON.update(trim=st.sampled_from(["k", ".", "0", "-"]), pad_left=_OPT_INT, min_digits=_OPT_INT)
FLOAT_FORMATTERS = {
    "format_float_positional": dict(_COMMON, fractional=st.booleans(), pad_right=_OPT_INT),
    "format_float_scientific": dict(_COMMON, exp_digits=st.one_of(st.none(), st.integers(1, 5))),
}


@given(float_scalars(), st.sampled_from(list(FLOAT_FORMATTERS)), st.data())
def test_float_formatters(s, name, data):
    want, gots = s
    kwargs = data.draw(st.fixed_dictionaries({}, optional=FLOAT_FORMATTERS[name]))
    expected = outcome(lambda: getattr(np, name)(want, **kwargs))
    for got in gots:
        assert outcome(lambda g=got: getattr(xt, name)(g, **kwargs)) == expected


SPECS = [
    "", ".3f", "8.2e", ">12", "+.4g", ".0%", "e", "g", "n", ",", "_", "x", "d", "#x", "010.3f",
    "<10", "^12.5", "+", " .2f", "=+10.1f", ".2", "c", "s", "r",
]  # fmt: skip


@given(pairs(shapes=st.tuples(st.integers(1, 6))), st.sampled_from(SPECS))
def test_fstrings_of_elements_and_reductions(ax, spec):
    a, x = ax
    for want, got in elements_of(a, x) + reductions_of(a, x):
        expected = outcome(lambda w=want: format(w, spec))
        assert outcome(lambda g=got: format(g, spec)) == expected
        assert outcome(lambda g=got: f"{g:{spec}}") == expected
    if a.dtype.kind in "fc":
        assert f"{x.sum():8.2e}" == f"{a.sum():8.2e}" or not np.isfinite(a).all()
        assert outcome(lambda: f"{x[0]:.3f}") == outcome(lambda: f"{a[0]:.3f}")


# --- dates, strings and records ------------------------------------------------------------------

DATE_UNITS = ("D", "s", "ms")
NAT = np.iinfo(np.int64).min


@st.composite
def date_pairs(draw):
    kind = draw(st.sampled_from(["datetime64", "timedelta64"]))
    dtype = f"{kind}[{draw(st.sampled_from(DATE_UNITS))}]"
    ints = st.one_of(st.just(NAT), st.integers(-(10**6), 10**6), st.integers(-(10**11), 10**11))
    shape = draw(st.one_of(st.just(()), st.tuples(st.integers(0, 12)), st.just((2, 3))))
    values = draw(st.lists(ints, min_size=math.prod(shape), max_size=math.prod(shape)))
    a = np.array(values, dtype=np.int64).reshape(shape).view(dtype)
    return a, xt.asarray(a)


@given(date_pairs(), st.sampled_from([{}, {"threshold": 4, "edgeitems": 1}, {"legacy": "1.13"}]))
def test_dates_and_durations_print_as_numpys(ax, options):
    a, x = ax
    with np.printoptions(**options):
        assert texts(xt, x) == texts(np, a)
        for want, got in elements_of(a, x):
            assert (repr(got), str(got)) == (repr(want), str(want))


TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=6)


@given(
    st.one_of(
        st.lists(TEXT, max_size=8).map(lambda v: np.array(v, dtype=str)),
        st.lists(st.binary(max_size=5), max_size=8).map(lambda v: np.array(v, dtype=bytes)),
    ),
    st.sampled_from([{}, {"threshold": 3, "edgeitems": 1}, {"linewidth": 12}]),
)
def test_text_arrays_print_as_numpys(a, options):
    x = xt.asarray(a)
    with np.printoptions(**options):
        assert texts(xt, x) == texts(np, a)
        for want, got in elements_of(a, x):
            assert (repr(got), str(got)) == (repr(want), str(want))
    assert texts(xt, x[::-1]) == texts(np, a[::-1])
    if a.size:
        assert texts(xt, x.reshape(1, -1)) == texts(np, a.reshape(1, -1))


RECORDS = [
    np.array([(1, 2.5, b"ab"), (-3, np.nan, b""), (2**31 - 1, -0.0, b"xyz")],
             dtype=[("i", "i4"), ("f", "f8"), ("s", "S3")]),
    np.array([((1.0, 2.0), "pt"), ((np.inf, -1e-9), "")], dtype=[("xy", "f4", (2,)), ("n", "U4")]),
    np.array([((1, True), 3)], dtype=[("in", [("a", "u1"), ("b", "?")]), ("c", "c8")]),
]  # fmt: skip


@pytest.mark.parametrize("options", [{}, {"precision": 2, "sign": "+"}, {"legacy": "1.13"}])
@pytest.mark.parametrize("a", RECORDS, ids=["flat", "subarray", "nested"])
def test_records_print_as_numpys(a, options):
    x = xt.asarray(a)
    with np.printoptions(**options):
        assert texts(xt, x) == texts(np, a)
        assert (repr(x[0]), str(x[0])) == (repr(a[0]), str(a[0]))
        assert repr(x[a.dtype.names[0]]) == repr(a[a.dtype.names[0]])
        assert texts(xt, x[:1].reshape(())) == texts(np, a[:1].reshape(()))  # a 0-d record


# --- fixed regressions of the strategies' corners -------------------------------------------


@pytest.mark.parametrize("dtype", NUMERIC)
@pytest.mark.parametrize("options", [
    {"floatmode": "fixed", "precision": 3, "sign": "+"}, {"legacy": "1.13", "sign": "-"},
    {"floatmode": "maxprec_equal", "suppress": True, "nanstr": "NaN", "infstr": "Inf"},
    {"legacy": "1.21", "threshold": 2, "edgeitems": 1}, {"legacy": "1.25"},
])  # fmt: skip
def test_limits_and_specials_of_every_dtype(dtype, options):
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        values = [np.iinfo(dt).min, np.iinfo(dt).max, 0]
    elif dt.kind == "b":
        values = [True, False, True]
    else:
        fi = np.finfo(dt)
        values = [np.nan, -np.inf, -0.0, fi.max, fi.smallest_subnormal, 1e-3, complex(1, -np.inf)]
        values = values if dt.kind == "c" else [v.real for v in map(complex, values)]
    with np.errstate(all="ignore"):
        a = np.array(values, dtype=dt)
    with np.printoptions(**options):
        assert_same_text(a, xt.asarray(a))
        assert_same_text(a[::-2], xt.asarray(a)[::-2])
        assert_same_text(a.reshape(1, -1).T, xt.asarray(a).reshape(1, -1).T)
        for shape in [(), (0,), (0, 3)]:  # creation functions' 0-d and empty arrays
            assert_same_text(np.zeros(shape, dt), xt.zeros(shape, dtype=dtype))


REC = "rec.fromrecords([(1, 2.5), (3, -0.0)], names='x,y')"


@pytest.mark.parametrize("options", [{}, {"legacy": "1.25"}, {"precision": 2, "sign": "+"}])
def test_recarrays_print_as_numpys(options):
    r, q = eval(f"np.{REC}"), eval(f"xt.{REC}")
    with np.printoptions(**options):
        assert texts(xt, q) == texts(np, r)
        assert (str(q[0]), repr(q.x), repr(q.y[1])) == (str(r[0]), repr(r.x), repr(r.y[1]))


@pytest.mark.parametrize("options", [{}, {"legacy": "1.25"}])
@pytest.mark.parametrize("element", ["r[0]", "list(r)[1]", "r.view(m.recarray)[1]"])
def test_recarray_elements_print_as_numpys_records(element, options):
    r, q = eval(f"np.{REC}"), eval(f"xt.{REC}")
    with np.printoptions(**options):
        want = repr(eval(element, {"r": r, "m": np}))
        assert repr(eval(element, {"r": q, "m": xt})) == want


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
@pytest.mark.parametrize("make", [REC, "asmatrix([[1.5, -2.0]])"])
def test_array_repr_of_array_subclasses_names_the_class(make):
    r, q = eval(f"np.{make}"), eval(f"xt.{make}")
    assert (xt.array_repr(q), np.array_repr(q)) == (np.array_repr(r), np.array_repr(r))

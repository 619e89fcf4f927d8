"""Differential tests of the reductions and statistics: `sum`, `prod`, `mean`, `std`, `var`,
`max`, `min`, `all`, `any` (as functions and as methods, with `axis` ints, negative ints, tuples
and (), `keepdims`, `dtype`, `out`, `initial`, `where`, the standard's `correction`, NumPy's
`ddof` and `mean`), the scans (`cumsum`, `cumprod`, the standard's `cumulative_sum` and
`cumulative_prod` with `include_initial`, `nancumsum`, `nancumprod`), the order statistics
(`median`, `percentile`, `quantile` and their nan twins: every method, `weights`, q as a number,
a 0-d array, a list or an n-d array, `out`, `overwrite_input`), the nan reductions, `average`,
`cov`, `corrcoef`, `ptp`, the histograms, `bincount` and `digitize`: xtensor against NumPy on the
same operands (every dtype, integers near overflow, float16, complex, NaN, inf and -0.0, 0-d,
empty, strided, reversed and transposed views). Compared: values bit for bit (a zero's sign too;
a small rtol only where the two may add in another order), dtype, shape, what repr prints, `out`
returned and written alike, the operands left alone, and the class of any error.

Differences found are kept as strict xfails in KNOWN (one reproduction each); the property tests
steer around them where marked `# KNOWN` (or README, for the documented ones)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.differential import error_kind, grouped, line_tests, parsed, twinned
from tests.test_numpy_differential import SUM, arrs, same
from tests.test_ufunc_methods_differential import ALL, FEW_EXAMPLES, B, _outcome, _twins

INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
REAL = ("bool",) + INTS + ("float16", "float32", "float64")
NAN = arrs(ALL, nan=True) | arrs(ALL[:9], wide=True)  # (wide: integers near overflow)


def _bits(got, want, where):
    """Floats bit for bit: the same numbers, zeros of the same sign, NaN where NumPy has NaN."""
    if isinstance(want, (tuple, list)):
        for g, w in zip(got, want):
            _bits(g, w, where)
        return
    w, g = np.asarray(want), np.asarray(got)
    if w.dtype.kind not in "fc" or g.shape != w.shape:
        return
    for wp, gp in ((w.real, g.real), (w.imag, g.imag)):
        ok = ((wp == gp) & (np.signbit(wp) == np.signbit(gp))) | (np.isnan(wp) & np.isnan(gp))
        assert ok.all(), f"{where}: {g!r} is not NumPy's {w!r} bit for bit"


def _reprs(got, want, where):
    """What repr prints, for small results (a 0-d one as the NumPy scalar it stands for)."""
    if isinstance(want, (tuple, list)):
        for g, w in zip(got, want):
            _reprs(g, w, where)
    elif isinstance(want, (np.ndarray, np.generic)) and want.size <= 12:
        assert repr(got) == repr(want), f"{where}: repr {got!r}, NumPy's {want!r}"


def both(f, *arrays, rtol=0.0, where="", inputs=True, out=-1):
    """f(np, *arrays) and f(xt, *their twins): the same result bit for bit (within rtol where
    given), or the same kind of error; `out` (one of the arrays) returned and written alike;
    the operands left as they were (unless `inputs` is False: overwrite_input)."""
    pairs = [_twins(a) for a in arrays]
    want = _outcome(lambda: f(np, *[p[0] for p in pairs]), [])[0]
    got = _outcome(lambda: f(xt, *[p[1] for p in pairs]), [])[0]
    if isinstance(want, Exception):
        assert isinstance(got, error_kind(want)), f"{where}: {got!r}, NumPy raised {want!r}"
        return None
    if isinstance(got, Exception):
        raise AssertionError(f"{where}: xtensor raised {got!r}; NumPy gave {want!r}") from got
    same(got, want, max(rtol, 1e-12), where)
    if not rtol:
        _bits(got, want, where)
        _reprs(got, want, where)
    for k, (w, g) in enumerate(pairs):
        if k == out:
            assert want is w and got is g, f"{where}: out is not the result"
        if inputs or k:
            same(g, w, max(rtol, 1e-12), f"{where}: operand {k} afterwards", kind=False)
    return got


class Raw:
    """A NumPy array handed to xtensor's function as it is (not as an Array), as scripts
    written for NumPy do (each side its own copy)."""

    def __init__(self, a):
        self.a = a

    def __repr__(self):
        return f"Raw({self.a!r})"


def _form(data, a):
    """`a` as an operand: its Array twin mostly, else the NumPy array itself, or a list."""
    form = data.draw(st.sampled_from("aaaarl"))
    return Raw(a) if form == "r" else a.tolist() if form == "l" else a


def run(name, *args, rtol=0.0, inputs=True, **kw):
    """`<name>(*args, **kw)` on NumPy and xtensor (a method: `.name`, on args[0]), the NumPy
    arrays in the arguments given as twins (a `Raw` one as a NumPy array to both); `ev`
    evaluates one expression of `m` (numpy or xtensor) and NAMES' arrays."""
    if name == "ev":
        names = NAMES | kw
        f = lambda m, *a: eval(args[0], {"m": m, "np": np, **dict(zip(names, a))})  # noqa: E731
        return both(f, *names.values(), rtol=rtol, where=args[0])
    raw = lambda v: _twins(v.a)[0] if isinstance(v, Raw) else None  # noqa: E731 (NumPy's, to both)
    arrays, put = twinned(args, kw, raw)

    def f(m, *twins):
        a, k = put(twins)
        if name.startswith("."):
            return getattr(a[0], name[1:])(*a[1:], **k)
        return getattr(m, name)(*a, **k)

    ids = [id(a) for a in arrays]
    out = ids.index(id(kw["out"])) if isinstance(kw.get("out"), np.ndarray) else -1
    return both(f, *arrays, rtol=rtol, inputs=inputs, out=out, where=f"{name}{args}{kw}")


def _axis(data, ndim, tuples=True):
    """None, an axis (negative too), a tuple of distinct axes in any order, or ()."""
    if not ndim:
        return None  # KNOWN (b): the standard's 0-d array has no axis 0 or -1
    ax = st.integers(-ndim, ndim - 1)
    tup = st.lists(ax, max_size=ndim, unique_by=lambda i: i % ndim).map(tuple)
    return data.draw(st.none() | ax | (tup if tuples else st.nothing()))


def _count(a, axis, where=True):
    """The number of elements each reduced slice holds."""
    return np.sum(np.broadcast_to(where, a.shape), axis=axis, dtype="int64")


def _out(data, want, dtypes):
    """None, or an out template of NumPy's result's shape (its dtype or another)."""
    if isinstance(want, Exception) or isinstance(want, tuple) or not data.draw(B):
        return None
    dt = data.draw(st.sampled_from([np.asarray(want).dtype.name, *dtypes]))
    return data.draw(arrs(dt, shape=np.shape(want)))


REDUCTIONS = ("sum", "prod", "mean", "std", "var", "max", "min", "all", "any")


@pytest.mark.parametrize("name", REDUCTIONS)
@FEW_EXAMPLES
@given(a=NAN, data=st.data())
def test_reductions(name, a, data):
    draw = data.draw
    kw = {"axis": _axis(data, a.ndim), "keepdims": draw(B)}
    if name in ("sum", "prod", "mean", "std", "var") and draw(B):
        kw["dtype"] = draw(st.sampled_from(ALL))
    if name in ("sum", "prod", "max", "min") and draw(B):
        kw["initial"] = draw(st.sampled_from([0, 1, -2, 2.5, True, -0.0, np.nan, 300]))
    if draw(B):
        kw["where"] = draw(B | arrs("bool", shape=a.shape[draw(st.integers(0, a.ndim)) :]))
    if name in ("std", "var"):
        key = draw(st.sampled_from(["ddof", "correction", None]))
        c = draw(st.sampled_from([0, 1, 2, 0.5]))
        n = _count(a, kw["axis"], kw.get("where", True))
        if key and (n.size == 0 or n.min() > c):  # README: NaN with no degree of freedom left
            kw[key] = c
        if draw(B) and kw.get("where", True) is True:
            kw["mean"] = np.mean(a, axis=kw["axis"], keepdims=True)
    method = draw(B) and "correction" not in kw  # (NumPy's methods have no correction)
    want = _outcome(lambda: getattr(np, name)(a, **kw), [])[0]
    out = _out(data, want, ("float64", "int32", "bool", "complex64"))
    kw |= {"out": out} if out is not None else {}
    run("." + name if method else name, a if method else _form(data, a), **kw)


SCANS = ("cumsum", "cumprod", "cumulative_sum", "cumulative_prod", "nancumsum", "nancumprod")


@pytest.mark.parametrize("name", SCANS)
@FEW_EXAMPLES
@given(a=NAN, data=st.data())
def test_scans(name, a, data):
    draw = data.draw
    if a.ndim == 0 and name.startswith("cum"):
        return  # README: the standard's 0-d array has no axis (cumsum and cumprod too)
    kw = {"axis": _axis(data, a.ndim, tuples=False)}
    if name.startswith("cumulative"):
        kw["include_initial"] = draw(B)
        if a.ndim > 1 and kw["axis"] is None:
            kw["axis"] = -1  # (the standard requires an axis of an n-d array)
    if draw(B):
        kw["dtype"] = draw(st.sampled_from(ALL))
    method = name in ("cumsum", "cumprod") and draw(B)
    want = _outcome(lambda: getattr(np, name)(a, **kw), [])[0]
    out = _out(data, want, ("float64", "int8", "complex128"))
    kw |= {"out": out} if out is not None else {}
    run("." + name if method else name, a if method else _form(data, a), **kw)


Q_METHODS = (
    "inverted_cdf averaged_inverted_cdf closest_observation interpolated_inverted_cdf hazen "
    "weibull linear median_unbiased normal_unbiased lower higher midpoint nearest".split()
)
QS = st.integers(0, 16).map(lambda i: i / 16) | st.sampled_from([0.1, 1 / 3, 0.999, -0.0])


ORDER = ("median", "percentile", "quantile", "nanmedian", "nanpercentile", "nanquantile")


@pytest.mark.parametrize("name", ORDER)
@FEW_EXAMPLES
@given(a=arrs(REAL, nan=True) | arrs(INTS, wide=True), data=st.data())
def test_order_statistics(name, a, data):
    draw = data.draw
    scale = 100 if "percentile" in name else 1
    kw = {"axis": _axis(data, a.ndim), "keepdims": draw(B)}
    args = [a]
    if not name.endswith("median"):
        q = QS.map(lambda v: v * scale)
        qtype = st.sampled_from(["float64", "float32", "float16", "int64"])
        arr = st.lists(q, max_size=4).flatmap(lambda v: qtype.map(lambda t: np.array(v, t)))
        arr = arr.filter(lambda v: v.dtype.kind == "f" or (v == v.astype(int)).all())
        args.append(draw(q | st.lists(q, max_size=3) | arr | arr.map(lambda v: v[..., None])))
        kw["method"] = draw(st.sampled_from(Q_METHODS))
        if draw(B) and kw["method"] == "inverted_cdf":
            w = draw(arrs(("float64", "int8", "float32", "uint8"), shape=a.shape))
            kw["weights"] = np.abs(w)
    if draw(B):
        kw["overwrite_input"] = True
    want = _outcome(lambda: getattr(np, name)(*args, **kw), [])[0]
    out = _out(data, want, ("float64", "float32"))
    kw |= {"out": out} if out is not None else {}
    run(name, _form(data, a), *args[1:], **kw, inputs="overwrite_input" not in kw)


NANS = ("nansum", "nanprod", "nanmean", "nanstd", "nanvar", "nanmax", "nanmin")


@pytest.mark.parametrize("name", NANS)
@FEW_EXAMPLES
@given(a=arrs(ALL, nan=True), data=st.data())
def test_nan_reductions(name, a, data):
    draw = data.draw
    if a.dtype.kind in "fc" and a.ndim and a.size and draw(B):
        a = a.copy()
        a[..., draw(st.integers(0, a.shape[-1] - 1))] = np.nan  # all-NaN slices
    kw = {"axis": _axis(data, a.ndim), "keepdims": draw(B)}
    if name in NANS[:5] and draw(B):
        kw["dtype"] = draw(st.sampled_from(ALL))
    if draw(B):
        kw["where"] = draw(arrs("bool", shape=a.shape[draw(st.integers(0, a.ndim)) :]))
        kw |= {"initial": draw(st.sampled_from([-5, 0.5, 7]))} if name in NANS[-2:] else {}
    if name in ("nanstd", "nanvar"):
        key = draw(st.sampled_from(["ddof", "correction", None]))
        n = _count(a, kw["axis"], ~np.isnan(a) & kw.get("where", True))
        if key and (n.size == 0 or n.min() > 1):  # README: NaN with no degree of freedom left
            kw[key] = 1
    want = _outcome(lambda: getattr(np, name)(a, **kw), [])[0]
    out = _out(data, want, ("float64", "complex128", "int64"))
    kw |= {"out": out} if out is not None else {}
    x = _form(data, a)
    if name in ("nanmax", "nanmin") and "where" in kw and not isinstance(x, (np.ndarray, Raw)):
        x = a  # KNOWN (c): NumPy's nanmax of a list, where= nothing, is NaN (of an array, initial)
    run(name, x, **kw)


LONG = st.sampled_from([(3, 300), (300, 3), (1100,), (2, 130, 3), (9, 4, 40), (40, 2, 9)])
LONG_CALLS = "sum mean var std prod max min nansum nanmean nanvar nanmax median ptp average".split()
LONG_CALLS += ["cumsum", "all", "any", "quantile", "nanquantile"]


def _long(rng, dtype, shape, quarters):
    """Values of `dtype`: normal ones, or quarters (exact sums in any order), with a few NaNs."""
    if np.dtype(dtype).kind in "iu":  # (any of them: near overflow)
        return rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, shape, dtype, True)
    v = rng.integers(-4, 5, (2, *shape)) / 4 if quarters else rng.standard_normal((2, *shape)) * 5
    v = (v[0] + 1j * v[1]) if dtype.startswith("complex") else v[0]
    v[rng.random(shape) < 0.002] = np.nan
    return v.astype(dtype)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "int8", "uint64"])
@FEW_EXAMPLES
@given(shape=LONG, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_long_axes(dtype, shape, seed, data):
    """Reductions along hundreds of values (NumPy's pairwise sums in blocks of 128, its SIMD
    loops; xtensor's own), of each layout; and the median's radix select of 2**16 values."""
    draw, rng = data.draw, np.random.default_rng(seed)
    quarters, view = draw(B), draw(st.sampled_from("cstr"))
    name = draw(st.sampled_from(LONG_CALLS + ["median_select"]))
    ndim = 1 if name == "median_select" else len(shape)
    kw = {"axis": _axis(data, ndim, tuples=name != "cumsum")}
    kw["axis"] = -1 if name == "cumsum" and kw["axis"] is None else kw["axis"]
    if view == "s":
        a = _long(rng, dtype, tuple(2 * n for n in shape), quarters)
        a = a[tuple(np.s_[::2] for _ in shape)]
    else:
        a = _long(rng, dtype, shape[::-1] if view == "t" else shape, quarters)
        a = a.T if view == "t" else a[..., ::-1] if view == "r" else a
    # xtensor adds in another order (pairwise, nearer the exact sum) along the axis of a 3-d
    # array whose stride is the middle one, where NumPy's iterator runs along another axis
    middle = a.ndim == 3 and type(kw["axis"]) is int and not quarters
    middle = middle and sorted(map(abs, a.strides))[1] == abs(a.strides[kw["axis"]])
    if middle and dtype == "float16":  # (NumPy's float16 adds round at each step there:
        a = np.round(a * 4) / 4  # sums of quarters are exact, var's squares are not)
    if name == "median_select":
        a, name = _long(rng, dtype, (2**16 + draw(st.integers(0, 3)),), quarters), "median"
    if name in ("sum", "mean", "var", "nansum", "max", "all") and draw(B):
        kw["where"] = rng.random(a.shape[-1:]) < 0.7
        kw |= {"initial": -1} if name == "max" else {}
    args = (a, 0.3) if name.endswith("quantile") else (a,)
    rtol = (3e-2 if dtype == "float16" else SUM) if middle and a.dtype.kind in "fc" else 0.0
    run(name, *args, **kw, rtol=rtol)


STATS = ("bool", "int8", "uint8", "int64", "float16", "float32", "float64", "complex64")
STATS += ("complex128",)


@FEW_EXAMPLES
@given(a=arrs(STATS, nan=True), m=arrs(STATS, min_dims=1, max_dims=2), data=st.data())
def test_average_cov_corrcoef(a, m, data):
    draw, axis = data.draw, _axis(data, a.ndim)
    wshape = draw(st.sampled_from([a.shape, (a.shape[axis],) if type(axis) is int else a.shape]))
    w = draw(st.none() | arrs(("float64", "int8", "float16", "bool", "complex128"), shape=wshape))
    kw = {"axis": axis, "weights": w, "returned": draw(B), "keepdims": draw(B)}
    run("average", a, **kw, rtol=SUM)
    rowvar = draw(B)
    nobs = m.shape[-1] if rowvar or m.ndim == 1 else m.shape[0]
    y = draw(st.none() | arrs(("float64", "int8", "bool", "complex64", "float16"), shape=m.shape))
    kw = {"rowvar": rowvar, "dtype": draw(st.sampled_from([None, "float32", "complex128"]))}
    run("corrcoef", m, y, **kw, rtol=SUM)
    kw |= {"bias": draw(B), "ddof": draw(st.sampled_from([None, 0, 1, 3]))}
    kw["fweights"] = draw(st.none() | arrs(("int8", "uint64", "bool"), shape=(nobs,)).map(np.abs))
    kw["aweights"] = draw(st.none() | arrs(("float16", "int64", "bool"), shape=(nobs,)))
    kw["aweights"] = None if kw["aweights"] is None else np.abs(kw["aweights"])
    run("cov", m, y, **kw, rtol=SUM)


BIN_RULES = st.sampled_from("auto fd doane scott stone rice sturges sqrt".split())
EDGES = st.lists(st.integers(-40, 40).map(lambda v: v / 4), min_size=1, max_size=5).map(sorted)
DATA = ("bool", "int8", "uint8", "int64", "float16", "float32", "float64")


@FEW_EXAMPLES
@given(a=arrs(DATA, nan=True, max_side=6) | arrs(INTS, wide=True), data=st.data())
def test_histograms(a, data):
    draw = data.draw
    w = draw(st.none() | arrs(("int8", "bool", "float32", "complex64", "uint64"), shape=a.shape))
    bins = draw(st.integers(1, 5) | BIN_RULES | EDGES | EDGES.map(lambda e: np.array(e, "f4")))
    lo = draw(st.integers(-30, 30))
    kw = {"range": draw(st.none() | st.tuples(st.just(lo), st.integers(lo, 40)))}
    run("histogram", a, bins=bins, weights=w, **kw, density=draw(B), rtol=SUM)
    run("histogram_bin_edges", a, bins=bins, weights=w, **kw)
    n = draw(st.integers(0, 6))
    x, y = (draw(arrs(DATA, shape=(n,), nan=True)) for _ in "xy")
    bins = draw(st.integers(1, 4) | st.tuples(st.integers(1, 3), EDGES.map(np.array)))
    w = draw(st.none() | arrs(("float64", "int8", "bool"), shape=(n,)))
    run("histogram2d", x, y, bins=bins, weights=w, density=draw(B), rtol=SUM)
    sample = draw(arrs(DATA, min_dims=2, max_dims=2))
    d = sample.shape[1]
    bins = draw(st.integers(1, 3) | st.lists(st.integers(1, 3) | EDGES, min_size=d, max_size=d))
    w = w if w is not None and len(w) == len(sample) else None
    # a tuple of coordinate arrays (as Arrays: KNOWN, NumPy's arrays or lists are read as rows)
    sample = tuple(sample.T) if draw(B) else sample
    run("histogramdd", sample, bins=bins, weights=w)


@FEW_EXAMPLES
@given(a=arrs(ALL, nan=True) | arrs(ALL[:9], wide=True), data=st.data())
def test_ptp_bincount_digitize(a, data):
    draw = data.draw
    kw = {"axis": _axis(data, a.ndim), "keepdims": draw(B)}
    want = _outcome(lambda: np.ptp(a, **kw), [])[0]
    run("ptp", a, **kw, out=_out(data, want, ("float64", "int8")))
    x = np.abs(draw(arrs(INTS + ("bool",), min_dims=1, max_dims=1)))
    w = draw(st.none() | arrs(ALL, shape=x.shape, nan=True) | st.lists(B, min_size=len(x)))
    minlength = draw(st.none() | st.integers(0, 30))
    run("bincount", x, weights=w, minlength=minlength, rtol=SUM)
    bins = np.array(draw(EDGES)).astype(draw(st.sampled_from(REAL)))  # (unsigned: wrapped)
    bins = bins[::-1] if draw(B) else bins
    run("digitize", a, bins, right=draw(B))


@pytest.mark.parametrize("dtype", ALL)
def test_result_dtypes(dtype):
    """Each function's result dtype (and repr) of each dtype, of a few values and of none."""
    for v in (np.array([1, 3, 2]).astype(dtype), np.zeros((0, 2), dtype)):
        for name in DTYPE_CALLS:
            run(name, v, **({"axis": 0} if "cum" in name and v.ndim > 1 else {}))
        run("average", v, weights=np.ones(v.shape, dtype))


DTYPE_CALLS = "sum prod mean std var max min all any ptp median nansum nanprod nanmean nanstd"
DTYPE_CALLS += " nanvar nanmax nanmin nanmedian cumsum cumprod nancumsum nancumprod average cov"
DTYPE_CALLS = (DTYPE_CALLS + " corrcoef cumulative_sum cumulative_prod").split()

A, N, E = np.arange(6.0).reshape(2, 3), np.arange(6).reshape(2, 3), np.zeros((0, 3))
I8, H, C = np.array([100, -128, 1], "int8"), np.array([6e4, 6e4, -1e3], "f2"), np.array([1 + 2j])
Nn = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]])
V = np.array([0.0, 2.0, 6.0])
NAMES = {"A": A, "N": N, "E": E, "I8": I8, "H": H, "C": C, "Nn": Nn, "V": V}
CASES = """
sum I8; I8, dtype='int8'; H; N, axis=(0, -1); A, axis=(); A, axis=-3; A, axis=(1, 1); A, axis=1.0
sum A, initial=np.nan; A, where=[True, False, True], axis=1; A, where=A > 2, keepdims=True
mean N; I8, dtype='float32'; H; E; E, axis=0; A, where=False; C, dtype='float64'; N, axis='0'
std C; H; A, correction=1.5; A, ddof=0.5; A, axis=(), correction=0; np.array(5.0); A, ddof=-1
var A, mean=A.mean(1, keepdims=True), axis=1; A, mean=A.mean(1), axis=1; N, dtype='int32'
max E, axis=0; E, axis=1; A, where=A > 2; A, where=A > 2, initial=-1; E, initial=3; C
min np.array([np.nan, 1.0]); np.array([-0.0, 0.0]); np.array([0.0, -0.0]); I8, initial=-200
all A, axis=(); np.array([np.nan]); C, where=False | any A, where=False; np.array([-0.0])
prod np.array([2**40, 2**40]); np.array([True, True]); I8, initial=1.5; E, axis=1
cumulative_sum N; N, axis=2; N, axis=1, include_initial=True, dtype='float32'; E, axis=0
cumulative_sum A, axis=None; np.array([200, 100], 'uint8'); np.ones(3), axis=None
cumulative_prod np.array([True, True]); I8, include_initial=True; E, axis=1, include_initial=True
cumsum N, axis=None, dtype='float32'; N, axis=(0,); H | cumprod np.array([True, True]); C
nancumsum Nn, axis=1; I8, dtype='int8'; np.array(np.nan) | nancumprod Nn; C
quantile A, 1.5; A, [0.5, np.nan]; A, np.array([[0.1, 0.2]]), axis=0; A, -0.0; C, 0.5
quantile A, 0.5, method='nope'; A, 0.5, interpolation='lower'; A, 0.5, method='linear', weights=A
quantile A, [0.2, 0.7], method='inverted_cdf', weights=np.array([1, 0, 3]), axis=1
percentile A, 50.5j; A, np.array(50, 'int8'); A, 101; H, 33.3, method='hazen'; E, 50, axis=0
median E; E, axis=0; C; np.array([True, False]); A, overwrite_input=True; np.array([-0.0, -0.0])
nanmedian Nn, axis=1, keepdims=True; E; N | nanquantile np.array([np.nan]), 0.5; N, 0.5
nanpercentile Nn, [0, 100], axis=0; Nn, 50, method='inverted_cdf', weights=np.ones((2, 3)), axis=1
nansum Nn, axis=1, dtype='float32'; I8; I8, dtype='int8'; C | nanprod E | nanmean E, axis=0
nanvar Nn, axis=1, correction=1; C; H | nanstd Nn, mean=np.array([[2.0], [np.nan]]), axis=1
nanmax np.array([np.nan, np.nan]); E; E, initial=1.0; np.array([-0.0, 0.0]) | nanmin Nn, axis=1
average A, weights=[1, -1, 0], axis=1; A, weights=A, returned=True, keepdims=True; E; C
average A, axis=0, weights=[1, 2]; A, weights=np.zeros((2, 3)); A, weights=[1, 2]
cov A, ddof=3; A, fweights=[1, 2, 3], aweights=[1.0, 2.0, 0.5]; C; np.array(2.0); A[0], ddof=1.5
cov np.ones((2, 3, 1)); A, y=A[0]; N, dtype='int64'; A, fweights=[1.5, 2, 1]; E | corrcoef E
corrcoef np.ones(3); np.array([[1, 2, 3], [1, 1, 1]]); A, bias=1; A[0], A[1]
histogram A, bins=0; A, bins=[[1, 2]]; A, bins='stone', range=(1, 1); A, bins=np.int8(3)
histogram np.array([1e308, -1e308]), bins=2; np.array([0.0, 1e-320]), bins=2; C, bins=2
histogram np.array([2**62, 2**62 + 5]), bins='auto'; np.array([1, 2], 'float16'), bins='fd'
histogram2d A[0], A[1], bins='auto'; A[0], A[1], bins=[2, [0, 1, 5]] | histogramdd A[0]
histogramdd A, bins=[np.array([0, 1]), np.array([5, 1]), 2]; np.zeros((4, 0))
bincount np.array(1); [2**40]; np.array([0, 1], 'uint64'); [0, 1], weights=[1j, 2]; [[0]]
digitize 3, [0, 1, 2]; [np.nan], [0, np.nan]; [1], []; np.array([-1], 'int8'), np.array([2**63])
ptp np.array([200, 0], 'uint8'); I8; C; A, axis=(); np.array([np.inf, np.inf]); E, axis=1
ev "m.sum(m.asarray(A), axis=0), m.asarray(N).sum(0, dtype='int8').dtype.name"
ev "m.asarray(I8).mean(dtype='float16'), m.asarray(H).std(ddof=1), m.asarray(C).var()"
ev "m.histogram(A, bins=2)[1] is not None, type(m.histogram(A)), type(m.average(A, returned=1))"
"""
CASES = grouped(CASES)
LINES = {"np": np, **NAMES}


def _call(line):
    return parsed(line, LINES)


KNOWN = {  # real differences from NumPy: the NumPy call, and what xtensor does instead
    "cumulative_sum np.array(5)": (
        "(b, README) NumPy [5] (a 0-d x read as 1-d); xtensor ValueError, the standard's "
        "axis (cumsum, cumprod, cumulative_prod too)"
    ),
    "sum np.array(3), axis=0": (
        "(b) NumPy 3 (a 0-d array's axis 0 or -1, in every reduction); xtensor AxisError, "
        "the standard's [-N, N) for N=0 (max, mean, std... too)"
    ),
    "sum A, axis=[0, 1]": (
        "(a) NumPy TypeError (a list is no axis); xtensor 15.0 (max, std, all, nansum, ptp...)"
    ),
    "var A, ddof=None": "(a) NumPy TypeError; xtensor reads None as 0 (nanvar, std, nanstd too)",
    "sum A, dtype=object": (
        "(a) NumPy the Python float 15.0; xtensor a 0-d object Array (max of an object array too)"
    ),
    'ev "A.all(0, None, True)"': (
        "(c) NumPy TypeError 'return arrays must be of ArrayType': ndarray.all/any take a hidden "
        "dtype as their 2nd positional argument, unlike their documented (axis, out, keepdims); "
        "xtensor keepdims=True"
    ),
    'ev "m.histogram_bin_edges(A[0], bins=V) is V"': (
        "(a) NumPy returns the bins array itself (histogram's edges too); xtensor a new array"
    ),
    "nanmax [0.0, 1.0], where=np.array([False, False]), initial=-5": (
        "(c) NumPy nan: a list (or a Python number) takes its path for object arrays, which "
        "makes a slice with nothing selected NaN (into an int out: -2**63), where an array "
        "gives initial, -5.0; xtensor -5.0 (nanmin too)"
    ),
    "sum A, keepdims=np.True_": (
        "(c) NumPy 2.4 TypeError \"'numpy.bool' object cannot be interpreted as an integer\" "
        "(every reduction); xtensor [[15.]]"
    ),
}

FIXED = [  # each was a KNOWN entry until xtensor gave NumPy's answer
    "var A, ddof=1, correction=1",
    "std A, correction=np.int64(1)",
    "sum A, where=[1, 0, 1]",
    "histogramdd [[1, 2], [3, 4]]",
    'ev "m.histogramdd((np.asarray(A)[0], np.asarray(A)[1]), bins=2)"',
    # a NumPy out= beside CPU data: TypeError 'out must be an xtensor Array' (every statistic)
    'ev "(lambda o: (m.sum(A, out=o, axis=0) is o, o.tolist()))(np.zeros(3))"',
    'ev "(lambda o: (m.mean(A, out=o, axis=1) is o, o.tolist()))(np.zeros(2))"',
    'ev "(lambda o: (m.median(A, out=o) is o, o.tolist()))(np.zeros(()))"',
    'ev "(lambda o: (m.cumsum(A, out=o, axis=1) is o, o.tolist()))(np.zeros((2, 3)))"',
]
FIXED: list = []  # each was a KNOWN entry until xtensor gave NumPy's answer
test_agreeing_calls, test_known_differences = line_tests(run, _call, CASES + FIXED, KNOWN)

"""Differential tests of NumPy's numeric functions beyond the ufuncs, with their keywords:
convolve/correlate (every mode, long arrays), interp, gradient, diff, ediff1d, unwrap, sinc, i0,
nan_to_num, angle, real_if_close, round, fix, heaviside, clip with array bounds and out=, the
polynomial functions, vander, trapezoid, cross, the products (outer, inner, dot, vdot, matmul,
vecdot, tensordot, kron) and einsum with generated subscripts: xtensor against NumPy on the same
operands (bool to complex128, NaN, inf and -0.0, 0-d, empty, strided, reversed and transposed
views), comparing values, dtype, shape, what repr prints, and the class of any error.

Differences found are kept as strict xfails in KNOWN (one reproduction each); the property
tests steer around them where marked `# KNOWN` (or README, for the documented ones)."""

from __future__ import annotations

import string
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.differential import both, grouped, line_tests, parsed
from tests.test_numpy_differential import SUM, SUM_RTOL, _xt, arrs, same
from tests.test_numpy_differential import run as _run
from tests.test_ufunc_methods_differential import _twins

ALL = ("bool", "int8", "uint8", "int64", "uint64", "float16", "float32", "float64")
ALL += ("complex64", "complex128")
REAL, B = ALL[:-2], st.booleans()
MODES, SIDE = st.sampled_from(["full", "same", "valid", 0, 1, 2]), st.sampled_from([1, 2, -1])
SCALARS = st.integers(-3, 3) | st.sampled_from([0.5, -2.5, np.nan, np.inf, -0.0, True, 1j])


def _form(data, *arrays, lists=True, scalars=True):
    """The arrays each as it is, or as a Python list (KNOWN: not empty ones), or (0-d) as its
    NumPy scalar: a list of them, or the one."""
    forms = [lambda a: a] * 3 + [lambda a: a.tolist() if a.size and lists else a]
    forms += [lambda a: a[()] if scalars else a]
    out = [data.draw(st.sampled_from(forms))(a) if isinstance(a, np.ndarray) else a for a in arrays]
    return out[0] if len(out) == 1 else out


def _rtol(*ops, base=1e-12):
    """`base`, or the least precise operand's summation tolerance where that is wider."""
    dts = [np.asarray(o).dtype.name for o in ops]
    return max([base] + [SUM_RTOL.get(d, 0) for d in dts if base > 1e-12])


def _specials(v):
    """Where a float or complex result holds NaN, inf and -inf, its parts apart."""
    v = np.asarray(v)
    parts = (v.real, v.imag) if v.dtype.kind == "c" else (v,)
    return [(np.isnan(p), np.isposinf(p), np.isneginf(p)) for p in parts]


def run(name, *args, rtol=1e-12, printed=True, **kw):
    """The shared `run` (values, dtype, shape, result kind, error class); then NaN and the
    infinities at NumPy's places in each part (the shared check passes any complex NaN), and
    where the values are NumPy's bits what repr prints (-0.0 too), item by item."""
    got = _run(name, *args, rtol=rtol, **kw)
    if got is None or kw.get("out") is not None:
        return got
    with warnings.catch_warnings():  # (the shared run checked the warnings)
        warnings.simplefilter("ignore")
        want = getattr(np, name)(*args, **kw)
    pairs = zip(got, want) if isinstance(want, (tuple, list)) else [(got, want)]
    for g, w in pairs:
        if not isinstance(w, (np.ndarray, np.generic)):
            continue
        if w.dtype.kind in "fc":
            for gs, ws in zip(_specials(g), _specials(w)):
                for gm, wm, what in zip(gs, ws, ("NaN", "inf", "-inf")):
                    assert (gm == wm).all(), f"{name}{kw}: {what} at {gm}, NumPy's at {wm}"
        if printed and rtol <= 1e-12 and np.size(w) < 40:
            assert repr(g) == repr(w), f"{name}{kw}: repr {g!r}, NumPy's {w!r}"
    return got


@given(a=arrs(ALL, nan=True, min_dims=1, max_dims=1, max_side=7), m=MODES, data=st.data())
def test_convolve_correlate(a, m, data):
    a, v = _form(data, a, data.draw(arrs(ALL, min_dims=1, max_dims=1, max_side=7)))
    run("convolve", a, v, mode=m)
    run("correlate", a, v, mode=m)
    run("correlate", v, a, m)


LONG = st.sampled_from(("int8", "uint8", "int64", "float32", "float64", "complex128"))


@settings(max_examples=10)
@given(n=st.integers(200, 3000), k=st.integers(1, 600), dtype=LONG, m=MODES, data=st.data())
def test_convolve_long(n, k, dtype, m, data):
    rng, step = np.random.default_rng(data.draw(st.integers(0, 2**16))), data.draw(SIDE)
    a, v = (rng.integers(-9, 9, size) * (1 + 1j if dtype[0] == "c" else 1) for size in (2 * n, k))
    a, v = a.astype(dtype)[::step], v.astype(dtype)
    a[rng.integers(0, a.size)] = np.nan if a.dtype.kind in "fc" else 0
    run("convolve", a, v, mode=m)
    run("correlate", v, a, mode=m)


@given(data=st.data())
def test_interp(data):
    draw = data.draw
    xp = np.array(draw(st.lists(st.integers(-9, 9), max_size=6)))
    form = draw(st.sampled_from(["sorted", "sorted", "decreasing", "nan", "unsorted"]))
    xp = np.sort(xp)[::-1] if form == "decreasing" else np.sort(xp) if form != "unsorted" else xp
    xp = xp.astype(draw(st.sampled_from(["float64", "int64", "float32", "uint8", "float16"])))
    if form == "nan" and xp.size:
        xp = xp.astype("float64")
        xp[draw(st.integers(0, xp.size - 1))] = np.nan
    fp = draw(arrs(ALL, shape=xp.shape, nan=True))
    x = draw(arrs(REAL, nan=True) | st.floats(-12, 12) | st.integers(-12, 12))
    edge = st.none() | st.floats(-5, 5) | st.sampled_from([np.nan, np.inf])
    edge |= st.complex_numbers(max_magnitude=5) if fp.dtype.kind == "c" else st.nothing()
    period = draw(st.none() | st.sampled_from([2.5, 7, 40.0, -3, np.float32(5.5)]))
    x, xp, fp = _form(data, x, xp, fp)
    run("interp", x, xp, fp, left=draw(edge), right=draw(edge), period=period)


COORD_DT = st.sampled_from(["float64", "int64", "uint8", "float32", "float16", "int8"])


@given(f=arrs(ALL, min_dims=1, max_side=5, nan=True), data=st.data())
def test_gradient(f, data):
    draw = data.draw
    axis = draw(st.none() | st.integers(-f.ndim, f.ndim - 1) | st.permutations(range(f.ndim)))
    axes = range(f.ndim) if axis is None else [axis] if isinstance(axis, int) else axis
    axis = tuple(axis) if isinstance(axis, list) else axis
    spacing = []
    if draw(B):
        spacing = [draw(st.floats(0.25, 4) | st.integers(-3, 3))]
    elif draw(B):
        for i in axes:
            steps = st.lists(st.integers(-1, 5), min_size=f.shape[i], max_size=f.shape[i])
            coord = np.cumsum(draw(steps)).astype(draw(COORD_DT))
            spacing.append(draw(st.floats(0.25, 4) | st.just(coord) | st.just(coord[::-1])))
    f, *spacing = _form(data, f, *spacing, None)[:-1]
    run("gradient", f, *spacing, edge_order=draw(st.sampled_from([1, 2])), axis=axis)


@given(a=arrs(ALL, min_dims=1, nan=True, wide=True), data=st.data())
def test_diff_ediff1d(a, data):
    draw, ends = data.draw, {}
    axis = draw(st.integers(-a.ndim, a.ndim - 1))
    for key in ("prepend", "append"):
        if draw(B):
            shape = [
                draw(st.integers(0, 2)) if i == axis % a.ndim else m for i, m in enumerate(a.shape)
            ]
            ends[key] = draw(SCALARS | arrs(ALL, shape=tuple(shape)))
    n = draw(st.integers(0 if not ends else 1, 4))  # README: n=0 with prepend/append
    # (NumPy returns a list itself for n=0)
    run("diff", _form(data, a, lists=n > 0), n=n, axis=axis, **ends)
    end = st.none() | SCALARS | arrs(ALL, max_dims=2, max_side=3) | st.lists(st.integers(-3, 3))
    run("ediff1d", _form(data, a), to_end=draw(end), to_begin=draw(end))


@given(p=arrs(REAL, min_dims=1, nan=True), data=st.data())
def test_unwrap(p, data):
    draw = data.draw
    if p.dtype.kind in "iu":
        p = (p.astype("int64") * 3).astype(p.dtype)  # jumps past the period
    discont = draw(st.none() | st.sampled_from([0.5, 1, 3, 4.0, 10, -1]))
    period = draw(st.sampled_from([2 * np.pi, 6, 6.5, 5, 1, np.float32(3.5), 2]))
    axis = draw(st.integers(-p.ndim, p.ndim - 1))
    run("unwrap", _form(data, p), discont=discont, axis=axis, period=period)


@given(
    x=arrs(ALL, nan=True) | SCALARS, h=arrs(REAL, max_dims=1, nan=True) | SCALARS, data=st.data()
)
def test_sinc_i0_fix_angle_heaviside(x, h, data):
    x, h, deg = *_form(data, x, h), data.draw(B)
    for name in ("sinc", "i0", "fix", "angle", "heaviside"):
        more = {"angle": (deg,), "heaviside": (h,)}.get(name, ())
        run(name, x, *more, rtol=1e-15)  # (NumPy's own steps: NumPy's bits)


FILL = st.none() | st.sampled_from([0, 5, -7, 1.5, 1e300, -1e300, np.nan, np.inf, True])


@given(a=arrs(ALL, nan=True, wide=True) | SCALARS, data=st.data())
def test_nan_to_num(a, data):
    kw = {k: data.draw(FILL) for k in ("nan", "posinf", "neginf") if data.draw(B)}
    kw["nan"] = 0.0 if kw.get("nan") is None else kw["nan"]  # KNOWN: nan=None
    run("nan_to_num", _form(data, a), **kw)
    if not isinstance(a, np.ndarray) or a.ndim == 0:  # KNOWN: 0-d, copy=False
        return
    mine, theirs = _twins(a)
    got, want = xt.nan_to_num(theirs, copy=False, **kw), np.nan_to_num(mine, copy=False, **kw)
    same(got, want, where="nan_to_num copy=False")
    same(theirs, mine, where="nan_to_num copy=False: the array written")
    assert (got is theirs) == (want is mine), "nan_to_num copy=False: not the array itself"


TOLS = st.sampled_from([100, 0, 1, 0.5, 1e-12, 1e6, -1, 1000.0, np.float32(200), 1e-5])


@given(a=arrs(ALL, nan=True), im=st.sampled_from([0, 1e-17, 1e-14, 1e-9, 1e-5, 0.5]), tol=TOLS)
def test_real_if_close(a, im, tol):
    if a.dtype.kind == "c":
        a = np.asarray(a.real + 1j * im * np.sign(a.imag)).astype(a.dtype)  # KNOWN: scalars
    run("real_if_close", a, tol=tol)
    got = xt.real_if_close(x := xt.asarray(a), tol=tol)
    want = np.real_if_close(a, tol=tol)
    assert (got is x) == (want is a), "real_if_close: not the array itself"
    if want.dtype != a.dtype and a.size:  # the real part, a view (its writes reach `a`)
        assert np.shares_memory(want, a) and xt.shares_memory(got, x)


OUT_DT = st.sampled_from(["float64", "float32", "int64", "int8", "complex128", "float16"])


@given(
    a=arrs(ALL, nan=True, wide=True), d=st.integers(-20, 20) | st.integers(-3, 3), data=st.data()
)
def test_round_around(a, d, data):
    for name in ("round", "around"):
        run(name, _form(data, a), d)
    out = data.draw(st.none() | OUT_DT.map(lambda t: np.zeros(a.shape, t)))
    run("round", a, decimals=d, out=out)
    run("fix", a, out=None if out is None else np.zeros(a.shape, "float64"))
    if a.ndim == 0:
        run("round", a[()], d)  # a NumPy scalar


BOUND_DT = REAL + ("complex128",)


@given(a=arrs(ALL, nan=True, wide=True), data=st.data())
def test_clip(a, data):
    draw = data.draw

    def bound():
        shape = a.shape[draw(st.integers(0, a.ndim)) :]
        shape = tuple(1 if draw(st.integers(0, 3)) == 0 else s for s in shape)  # broadcast
        return draw(st.none() | SCALARS | arrs(BOUND_DT, shape=shape, nan=True))

    lo, hi = bound(), bound()
    if lo is None and hi is None:
        return  # README: the standard's copy (bool too); NumPy's clip needs a bound
    if a.dtype == bool and any(type(v) is int and v < 0 for v in (lo, hi)):
        return  # KNOWN: bool beside a negative int and an unsigned bound
    out = draw(st.none() | OUT_DT.map(lambda t: np.zeros(a.shape, t)))
    # (NumPy's scalar method answers a scalar, not out)
    run("clip", _form(data, a, scalars=out is None), *_form(data, lo, hi), out=out)
    if out is not None and a.ndim:  # a view as out (reversed)
        run("clip", a, lo, hi, out=np.zeros(a.shape[:-1] + (2 * a.shape[-1],))[..., ::-2])


COEF = ("int8", "int64", "float32", "float64", "complex128", "bool", "uint8")


@given(p=arrs(COEF, min_dims=1, max_dims=2, max_side=5), data=st.data())
def test_poly_arithmetic(p, data):
    draw = data.draw
    q = draw(arrs(COEF, max_dims=1, max_side=4))
    for name in ("polyadd", "polysub", "polymul", "polydiv"):
        run(name, *_form(data, p, q), rtol=1e-10)
    m = draw(st.integers(-1, 4))
    run("polyder", p, m)
    k = draw(st.none() | st.integers(-3, 3) | st.lists(st.integers(-3, 3), max_size=4))
    if p.ndim or m:  # KNOWN: p itself for m=0, a 0-d array NumPy prints as one
        run("polyint", p, m, k)
    run("polyval", *_form(data, p, draw(arrs(ALL, nan=True) | SCALARS)), rtol=1e-10)
    if p.ndim:  # (NumPy's bug: its dispatcher refuses 0-d, TypeError; xtensor reads it as 1-d)
        run("roots", _form(data, p), rtol=1e-7)
        run("poly", _form(data, p), rtol=1e-9)
    if draw(B):  # poly1d objects (each library's own): poly1d results
        name = draw(st.sampled_from(["polyadd", "polymul", "polydiv", "polysub"]))
        c = draw(st.lists(st.integers(-3, 3), min_size=1, max_size=3))
        f = lambda m: lambda: getattr(m, name)(m.poly1d(c), _xt(q) if m is xt else q)  # noqa: E731
        if (answers := both(f(np), f(xt))) is None:
            return
        want, got = answers
        for w, g in zip(*[(v,) if not isinstance(v, tuple) else v for v in (want, got)]):
            assert type(g).__name__ == "poly1d" and repr(g) == repr(w), (name, g, w)
            same(g.coeffs, w.coeffs, 1e-10, name)


@given(n=st.integers(1, 9), deg=st.integers(-1, 5), data=st.data())
def test_polyfit(n, deg, data):
    draw = data.draw
    x = np.linspace(-1, 1, n) ** 3 + draw(st.floats(-0.01, 0.01))
    x = x.astype(draw(st.sampled_from(["float64", "float32"]))) if draw(B) else x
    x = np.round(x, 1) if draw(B) else x  # repeated abscissas: rank-deficient fits
    shape = draw(st.sampled_from([(n,), (n, 2)]))
    y = draw(arrs(("float64", "int32", "complex128", "float32"), shape=shape))
    w = draw(st.none() | st.lists(st.floats(0.5, 2), min_size=n, max_size=n).map(np.array))
    kw = draw(st.sampled_from([{}, {"full": True}, {"cov": True}, {"cov": "unscaled"}]))
    rcond = draw(st.none() | st.sampled_from([1e-3, 0.5]))
    run("polyfit", x, y, deg, w=w, rcond=rcond, **kw, rtol=1e-7)


@given(
    x=arrs(ALL, max_dims=1, max_side=5, nan=True), n=st.none() | st.integers(0, 6), data=st.data()
)
def test_vander(x, n, data):
    run("vander", _form(data, x), n, increasing=data.draw(B))


@given(y=arrs(ALL, min_dims=1, nan=True), data=st.data())
def test_trapezoid(y, data):
    draw = data.draw
    axis = draw(st.integers(-y.ndim, y.ndim - 1))
    shape = draw(st.sampled_from([(y.shape[axis],), y.shape]))
    x = arrs(("float64", "int64", "float32", "complex128", "bool"), shape=shape)
    kw = draw(st.fixed_dictionaries({}, optional={"x": x, "dx": SCALARS}))
    if y.dtype.kind == "c" and "x" not in kw and kw.get("dx", 1) == 1:  # KNOWN: inf, NaN
        y = np.where(np.isfinite(y), y, 0)
    run("trapezoid", _form(data, y), axis=axis, **kw, rtol=_rtol(y, base=SUM))


@given(data=st.data())
def test_cross(data):
    draw = data.draw
    batch = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    ops, axes, lengths = [], {}, draw(st.sampled_from([(3, 3), (2, 3), (3, 2), (2, 2)]))
    two = 2 in lengths  # KNOWN: a 2-vector's third element taken as 0 (NaN from inf, the
    for key, n in zip(("axisa", "axisb"), lengths):  # sign of zeros): finite and unprinted
        pos = draw(st.integers(0, len(batch)))  # vectors along any axis, batches broadcasting
        b = tuple(1 if draw(st.integers(0, 3)) == 0 else s for s in batch)
        shape = b[:pos] + (n,) + b[pos:]
        ops.append(draw(arrs(ALL, shape=shape, nan=not two)))
        axes[key] = pos - len(shape) if draw(B) else pos
    if sum(o.dtype == bool for o in ops) == 1:  # KNOWN: bool beside a number
        ops = [o.astype("int8") if o.dtype == bool else o for o in ops]
    axes["axisc"] = draw(st.integers(-len(batch) - 2, len(batch) + 1))
    axes["axisc"] = -1 if ops[0].dtype == bool else axes["axisc"]  # KNOWN: checked first
    run("cross", *ops, **axes, printed=not two)
    if draw(B) and ops[0].ndim == ops[1].ndim and ops[0].dtype != bool:  # KNOWN: as above
        axis = draw(st.integers(-ops[0].ndim, ops[0].ndim - 1))
        two = 2 in (ops[0].shape[axis], ops[1].shape[axis])
        if not two or all(np.isfinite(o).all() for o in ops):
            run("cross", *ops, axis=axis, printed=not two)


@given(a=arrs(ALL, max_side=3, nan=True), b=arrs(ALL, max_side=3, nan=True), data=st.data())
def test_outer_inner_dot_vdot_kron(a, b, data):
    rtol = _rtol(a, b, base=SUM)
    if a.ndim and b.ndim and data.draw(B):  # dot's and inner's contracted axes agree
        b = data.draw(arrs(ALL, shape=b.shape[:-2] + a.shape[-1:] + b.shape[-1:][: b.ndim - 1]))
        run("dot", a, b, rtol=rtol)
        b = data.draw(arrs(ALL, shape=b.shape[:-1] + a.shape[-1:]))
    for name in ("outer", "inner", "dot", "vdot", "kron"):
        run(name, *_form(data, a, b), rtol=rtol)
    run("vdot", a, a.T.copy(), rtol=rtol)


@given(data=st.data())
def test_matmul_vecdot(data):
    draw, n, m, k = data.draw, *(data.draw(st.integers(0, 3)) for _ in "nmk")
    batch = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    b1, b2 = (
        tuple(1 if draw(B) else s for s in batch)[draw(st.integers(0, len(batch))) :] for _ in "12"
    )
    s1 = draw(st.sampled_from([(n, k), (k,)]))
    s2 = draw(st.sampled_from([(k, m), (k,)]))
    x1 = draw(arrs(ALL, shape=b1 + s1 if len(s1) == 2 else s1, nan=True))
    x2 = draw(arrs(ALL, shape=b2 + s2 if len(s2) == 2 else s2, nan=True))
    rtol = _rtol(x1, x2, base=SUM)
    run("matmul", *_form(data, x1, x2), rtol=rtol)
    out = np.matmul(x1.astype("c16"), x2.astype("c16")) if x1.size + x2.size < 80 else None
    if out is not None and draw(B):
        run("matmul", x1, x2, out=np.zeros(out.shape, draw(OUT_DT)), rtol=rtol)
    run("matrix_transpose", x1)
    v1, v2 = (draw(arrs(ALL, shape=b + (k,))) for b in (b1, b2))
    axis = draw(st.integers(-1 - min(len(b1), len(b2)), -1))
    run("vecdot", np.moveaxis(v1, -1, axis), np.moveaxis(v2, -1, axis), axis=axis, rtol=rtol)


@given(data=st.data(), k=st.integers(0, 3))
def test_tensordot(data, k):
    draw, dims = data.draw, st.lists(st.integers(0, 3), max_size=2)
    common = draw(st.lists(st.integers(1, 3), min_size=k, max_size=k))
    ea, eb = draw(dims), draw(dims)
    pa, pb = draw(st.permutations(range(len(ea) + k))), draw(st.permutations(range(len(eb) + k)))
    a = draw(arrs(ALL, shape=tuple((ea + common)[i] for i in pa)))
    b = draw(arrs(ALL, shape=tuple((common + eb)[i] for i in pb)))
    ia, ib = [pa.index(len(ea) + i) for i in range(k)], [pb.index(i) for i in range(k)]
    if draw(B):  # negative axes
        ia, ib = [i - a.ndim for i in ia], [i - b.ndim for i in ib]
    axes = draw(st.sampled_from([(ia, ib), (tuple(ia), tuple(ib)), [ia, ib]]))
    axes = k if pa == sorted(pa) and pb == sorted(pb) and draw(B) else axes
    run("tensordot", *_form(data, a, b), axes=axes, rtol=_rtol(a, b, base=SUM))


@st.composite
def subscripts(draw):
    """An einsum call: subscripts with repeated letters, ellipses and an implicit or explicit
    output, with operands of those shapes."""
    sizes = {c: draw(st.integers(0, 3)) for c in "abcde"}
    ell = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    terms, ops = [], []
    for _ in range(draw(st.integers(1, 3))):
        term = "".join(draw(st.lists(st.sampled_from("abcde"), max_size=3)))
        dots = draw(st.sampled_from(["", "", "front", "back"]))
        shape = tuple(sizes[c] for c in term)
        if dots:
            e = ell[draw(st.integers(0, len(ell))) :]
            term, shape = (
                ("..." + term, e + shape) if dots == "front" else (term + "...", shape + e)
            )
        terms.append(term)
        ops.append(draw(arrs(ALL, shape=shape, nan=True)))
    sub = ",".join(terms)
    if draw(B):
        letters = sorted({c for c in sub if c in string.ascii_lowercase})
        out = "".join(draw(st.permutations(letters))[: draw(st.integers(0, len(letters)))])
        sub += "->" + ("..." if "." in sub and draw(B) else "") + out
    return sub, ops


@given(call=subscripts(), data=st.data())
def test_einsum(call, data):
    draw, (sub, ops) = data.draw, call
    kw = {"optimize": draw(st.sampled_from([False, True, "greedy", "optimal"]))}
    if draw(B):
        kw["dtype"] = draw(st.sampled_from(["float64", "int64", "complex128", "float32"]))
        kw["casting"] = draw(st.sampled_from(["safe", "unsafe", "same_kind"]))
    rtol = _rtol(*ops, base=SUM)
    # KNOWN: a Python or NumPy scalar, or a list, beside an Array: so all or none as lists
    listed = [o.tolist() for o in ops] if all(o.size for o in ops) and draw(B) else ops
    got = run("einsum", sub, *listed, **kw, rtol=rtol)
    if got is not None and draw(B):
        out = np.zeros(np.shape(got), draw(OUT_DT))
        if not np.can_cast(np.asarray(got).dtype, out.dtype, kw.get("casting", "safe")):
            kw["optimize"] = False  # KNOWN: NumPy's optimized path casts into out unchecked
        run("einsum", sub, *ops, **kw, out=out, rtol=rtol)
    if draw(B):  # the sublist form
        index = {c: i for i, c in enumerate("abcde")}
        terms = sub.replace("...", ".").replace("->", ",>").split(",")
        lists = [[... if c == "." else index[c] for c in t.strip(">")] for t in terms]
        ins = [v for pair in zip(ops, lists) for v in pair]
        run("einsum", *ins, *lists[len(ops) :], **kw, rtol=rtol)


A, I8 = np.arange(6.0).reshape(2, 3), np.arange(6, dtype="int8").reshape(2, 3) * 30
NAMES = {"np": np, "A": A, "I8": I8, "nan": np.nan, "inf": np.inf}
CASES = grouped("""
convolve [1, 2], [1, 2], mode="nope"; [], [1]; [1], []; [[1, 2]], [1]; [1, 2], [1, 2], 3
convolve np.array(2.0), [1, 2]; [1, 2], [1, 2], "f"; I8[0], I8[1]; [True, False], [True, True]
correlate [1, 2], [1, 2], mode=None; [], []; [1j, 2], [1, 2j], "same"; np.array(2.0), [1, 2]
interp 1.0, [], []; 1.0, [1, 2], [1, 2, 3]; 1.0, [1, 2], [1, 2], period=0; 1.5, [[1, 2]], [1, 2]
interp 1.5, [1, 2], [[1, 2]]; 1j, [1, 2], [3, 4]; 1.5, [1, 2], [1, 2], left=1j; 2.5, [3, 2, 1], A[0]
interp [0, 1, 5], [1, 2, 3], [1j, 2, 3], left=1j; 7, [1, 2, 3], [1, 2, 3], period=3; True, [0], [1]
gradient np.arange(3.0), edge_order=3; np.arange(1.0); A, 1.0, 2.0, 3.0; A, [[1.0]]; A, 1.0, 2.0
gradient np.array(3.0); A, 1j; np.array([True, False, True]); np.arange(2.0), edge_order=2
gradient np.arange(4.0), np.arange(4.0).reshape(2, 2); A, axis=(0, 0); I8, [1, 3], [0, 1, 5]
diff A, n=-1; A, n=1.5; A, axis=2; np.array([1, 2], "int8"), prepend=300; A, append=[[1]]
diff [True, False, True]; A, 1, 1, np.array([[9], [8]]), 7; np.array([1], "u8"), prepend=2**63
ediff1d np.array([1, 2], "int8"), to_begin=300; np.array([1, 2], "int8"), to_begin=1.5
ediff1d np.array([1.0, 2]), to_end=1j; np.array([1, 2], "uint8"), to_end=-1; np.array(3); A, A, A
unwrap [0, 4, 8.0], period=0; np.array([0, 7, 14], "int8"), period=6; [1j, 2]; []; np.array(3.0)
unwrap [True, False]; np.array([0, 7, 14], "uint8"), period=6.5; A, axis=2; I8, period=7
i0 [1j] | sinc "a" | fix [1j]; A, np.zeros(3) | heaviside [1j], 1; [True], False | i0 -0.0
nan_to_num np.array([1], "uint8"), nan=-1; [np.nan], nan=None; [np.nan], nan="a"; -np.inf
real_if_close [1 + 1e-15j], tol=-1; 1 + 0j; [1 + 1e-15j, 2], tol=np.nan; np.array([], "c8")
round A, 1.5; [True, False], 1; A, 1, np.zeros((2, 3), "int64"); A, 1, np.zeros(3); 2.5; 1234, -2
around np.array([127], "int8"), -1; np.array([18446744073709551615], "uint64"), -1; 2.5, 0
clip A, 4, 1; np.arange(5, dtype="uint8"), -1, 3; A, 1j, 3; A, 1, 3, np.zeros((2, 3), "int8")
clip np.arange(5, dtype="int8"), 1.5, 3; A, 1, 3, np.zeros(3); np.array([True]), 0, 1
polyfit [0, 1, 2], [1, 2, 3], 1.5; [0, 1], [1, 2], 1, cov=True; [[0, 1]], [1, 2], 1; [], [], 1
polyfit [0, 1, 2], [[[1]]], 1; [0, 1, 2], [1, 2, 4], 1, w=[1, 1]; [1, 2], [1, 2], -1
polyval [[1, 2]], 2; np.array(2), 3; [], [1.0, 2]; [], 3; np.array([1, 2], "int8"), I8
roots [[1, 2]]; []; [0]; np.array([1, -3, 2], "float16"); [1, np.nan]; [0, 0, 1, -1]
poly A; []; [[1, 2, 3]]; np.zeros((2, 2, 2)) | polyder [1, 2, 3], -1; [1, 2], 1.5
polyint [1, 2, 3], -1; [1, 2], 2, [1, 2, 3]; [1, 2], 1.5 | polydiv [1, 2, 3], [0]; [1], []
polyadd [[1, 2]], [1] | polymul A, [1] | vander A; 3; [1, 2], -1; [1, 2], 1.5; [2], 70
trapezoid np.array(3.0); [1, 2, 3], [0, 1]; A, axis=2; [1, 2, 3], dx=[1, 2]
cross [1, 2, 3, 4], [1, 2, 3]; A, A, axisa=5; A, A, axisc=3; np.ones((4, 3)), np.ones((2, 3))
cross [1], [1]; np.array(1.0), [1, 2, 3]; A, A, axis=5; A[:, :2], A[:, :2], axisc=0
outer A, A, out=np.zeros((6, 6), "int8"); A, A, out=np.zeros((3, 3)); A, A, out=np.zeros(36)
inner A, [1, 2]; np.zeros((2, 0)), np.zeros((3, 1)) | vdot [1, 2], [1, 2, 3]; A, A.T; 1j, 1j
dot A, A; A, A.T, out=np.zeros((2, 2), "float32"); A, A.T, out=np.zeros((2, 2))[:, ::-1]
dot A, A.T, out=np.zeros((3, 3)); [1, 2], [3, 4], out=np.zeros(()); 2, 3; np.array(2.0), A
matmul 2, A; A, A; [1, 2], [1, 2, 3]; A, A.T, out=np.zeros((2, 2), "int8"); A, A.T, dtype="i8"
matmul A, A.T, axes=[(0, 1), (0, 1), (0, 1)]; A, A.T, out=np.zeros((3, 2, 2)); A, A.T, casting="no"
matmul I8, I8.T, dtype="int16"; A, A, axes=[(1, 0), (0, 1), (0, 1)]; A, A.T, order="F"
vecdot A, [1, 2]; A, A, axis=2; 2, 3; I8, I8, dtype="int16"; A, A, keepdims=True
matrix_transpose [1, 2]; np.array(3.0)
tensordot A, A, ([0, 0], [0, 1]); A, A, ([0], [0, 1]); A, A, (0, 0); A, A, ((1,), (0,))
kron A, "x"; np.ones((2, 0)), [3]; [[1, 2]], np.array(3)
einsum "ij,jk", A, A; "ij->k", A; "ij->ii", A; "ij->jj", A; "ijk", A; "i,i", [1, 2], [1, 2, 3]
einsum "ij->i", A, A; "I", [1, 2]; "i->", [1, 2], optimize="nope"; "ij->i", A, order="Z"
einsum "...i...", A; "i.j", A; "i->i->i", A; "i,i->", A; "ij->i", A, dtype="int64"
einsum "ij->i", A, out=np.zeros(3); "i->i", [1.5], dtype="int64", casting="same_kind"
einsum "ij,jk", A, A.T, optimize=["einsum_path", (0, 2)]; A, [0, 0]; A, [0, 1], [5]; "", 3
einsum "ij,jk,kl", A, A.T, A, optimize=["einsum_path", (1, 2), (0, 1)]; "ij->", I8, dtype="i8"
""")


def _call(line):
    return parsed(line, NAMES)


@pytest.mark.parametrize("sub", ["ii->i", "ij->ji", "...", "ji", "iij->ij"])
def test_einsum_views(sub):
    """einsum's views (without optimize) are NumPy's: writeable views of the operand."""
    a = np.arange(18.0).reshape(3, 3, 2)[..., 0] if sub != "iij->ij" else np.ones((2, 2, 3))
    x = xt.asarray(a.copy())
    want, got = np.einsum(sub, a), xt.einsum(sub, x)
    assert np.shares_memory(want, a) == xt.shares_memory(got, x), sub
    same(got, want, where=sub)
    got[(0,) * got.ndim] = want[(0,) * want.ndim] = -1
    same(x, a, where=f"{sub}: the operand written through the view")


KNOWN = {  # real differences from NumPy: the NumPy call, and what xtensor does instead
    'einsum "i,j", np.ones(2), np.ones(2), out=np.zeros((2, 2), "float32"), optimize=True': (
        "(c) NumPy's optimized outer product writes out unchecked (without optimize it refuses "
        "too); xtensor TypeError 'Cannot cast ufunc multiply output'"
    ),
    "nan_to_num np.array(np.nan), copy=False": (
        "(a) NumPy np.float64(0.0) (its x[()]); xtensor the 0-d array itself, array(0.)"
    ),
    "nan_to_num [1.0], nan=None": (
        "(a) NumPy TypeError (a fill value it cannot cast, checked even with nothing to "
        "replace: nan=1j of floats, posinf='a'); xtensor array([1.]) (refused only when used)"
    ),
    "nan_to_num [np.nan], copy=False": (
        "(a) NumPy ValueError (a list cannot be written in place); xtensor array([0.])"
    ),
    "real_if_close 1 + 2j": (
        "(a) NumPy array(1.+2.j), a 0-d array (np.complex64 scalars, 2.5 too); xtensor prints "
        "the scalar np.complex128(1+2j)"
    ),
    'polyint np.array(2, "int8"), 0': (
        "(a) NumPy p itself, array(2, dtype=int8); xtensor prints the scalar np.int8(2)"
    ),
    "polyadd np.poly1d([1, 2]), [1, 1, 1]": (
        "(a, interop) NumPy poly1d([1, 2, 3]); xtensor array([1, 2, 3]): only xt.poly1d "
        "operands give poly1d answers (polymul, polyder, polyint too)"
    ),
    'vdot np.array([], "float32"), []': (
        "(c) NumPy np.float32(0.0): an empty list does not promote in dot/vdot/inner; xtensor "
        "reads it as float64 (np.float64(0.0))"
    ),
    'clip np.zeros((3, 2), "uint64"), [[1]], np.zeros(3, "int8"), out=np.zeros((3, 2), "int64")': (
        "(a) NumPy UFuncTypeError (out's casting checked first); xtensor ValueError "
        "(broadcasting checked first)"
    ),
    'clip np.array([True, False]), -1, np.array([1], "uint8")': (
        "(a) NumPy OverflowError (-1 out of bounds for uint8); xtensor array([1, 0], uint8)"
    ),
    "clip A, 1, 3, where=A > 2, out=np.zeros((2, 3))": (
        "(a) NumPy's clip passes the ufunc keywords on (where, dtype, casting, order, subok, "
        "signature); xtensor TypeError 'unexpected keyword argument'"
    ),
    "round A, True": (
        "(a) NumPy decimals=True as 1 (an int); xtensor TypeError (around too; diff's n=True)"
    ),
    "clip A, 1, max=2": ("(a) NumPy TypeError (a_min and max together); xtensor clips to [1, 2]"),
    "tensordot A, A, 3": ("(a) NumPy IndexError (more axes than dimensions); xtensor ValueError"),
    "vecdot A, A, axes=[(0,), (0,), ()]": (
        "(a) NumPy's gufunc array([ 9., 17., 29.]); xtensor TypeError 'cannot specify both "
        "axis and axes'"
    ),
    'matmul A, A.T, signature="dd->d"': (
        "(a) NumPy's ufunc keyword; xtensor TypeError (matmul is no ufunc: see the ufunc file)"
    ),
    'interp "a", [1], [1]': (
        "(a) NumPy ValueError (could not convert string to float); xtensor TypeError "
        "(convolve [1, 2], 'ab' too)"
    ),
}

FIXED = [  # each was a KNOWN entry until xtensor gave NumPy's answer
    "cross [1.0, 2.0], [np.inf, 0.0, 0.0]",
    "cross [0.0, 0.0, 20.0], [1.0, 0.0]",
    "cross [True, False, True], [1, 2, 3]",
    "cross np.zeros(3, bool), np.zeros(3, bool), axisc=1",
    "trapezoid np.array([complex(np.inf, 0), 0])",
    'einsum "i,", np.array([1.5], "float32"), 2.5',
    'einsum "i,i", [1.5], np.array([2.0], "float32")',
    'einsum "i,", np.array([1.5], "float16"), 2.5, casting="unsafe"',
]
FIXED: list = []  # each was a KNOWN entry until xtensor gave NumPy's answer


test_agreeing_calls, test_known_differences = line_tests(run, _call, CASES + FIXED, KNOWN)

"""Differential tests of the array object's methods and attributes: `x.method(...)` on an
xtensor Array against the same call on a NumPy ndarray (every dtype, 0-d, empty, strided,
reversed and transposed views), with NumPy's keywords (axis, out, keepdims, dtype, initial,
where, ddof, order, copy, casting, kind, side, sorter, mode...). Compared: values (NaN-aware),
dtype and shape, the kind of result (Array standing for ndarray or NumPy scalar, Python scalar,
list, tuple, bytes) and what repr/str print, strides and contiguity where NumPy makes a view or
promises a layout, whether a view writes through to x (each view is written, then x compared),
x itself after in-place methods (fill, put, sort, resize, setfield, byteswap, attribute
assignment), the warnings' categories and the class of any error; also the Python protocols
(len, in, iter, copy, pickle, format, int/float/complex/bool/index, round).

Differences found are kept as strict xfails in KNOWN (one reproduction each); the property
tests steer around them where marked `# KNOWN` (or README, for the documented ones)."""

from __future__ import annotations

import copy
import io
import operator
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.differential import grouped, line_tests, parsed
from tests.test_numpy_differential import SUM, arrs
from tests.test_ufunc_methods_differential import ALL, FEW_EXAMPLES, B, both

INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
NAN = arrs(ALL, nan=True)


def _copies(m, v):
    """`v` with its NumPy arrays copied (for xtensor: as Arrays), so neither side sees the
    other's writes (out=, indices)."""
    if isinstance(v, np.ndarray):
        return xt.asarray(v.copy()) if m is xt else v.copy()
    if isinstance(v, (tuple, list)):
        return type(v)(_copies(m, i) for i in v)
    return {k: _copies(m, i) for k, i in v.items()} if isinstance(v, dict) else v


def _flip(r, idx):
    """Write a value other than r[idx] there (to see whether a result views x)."""
    r[idx] = 0 if r[idx] else 1


def lay(r):
    """A result with its layout: strides (of the axes longer than 1), contiguity and
    writeability; a writeable result is then written, so `both` sees whether x changed."""
    if not hasattr(r, "flags") or r.ndim == 0:  # (0-d: NumPy's scalar or 0-d array)
        return r
    strides = tuple(s for s, n in zip(r.strides, r.shape) if n > 1) if r.size > 1 else ()
    info = (strides, r.flags.c_contiguous, r.flags.f_contiguous, r.flags.writeable)
    if r.size and r.flags.writeable:
        _flip(r, (0,) * r.ndim)
    return (r, *info)


def done(call, x):
    """x after call(x) (an in-place method), with what the call returned (or the name of
    the AttributeError that refused an attribute's assignment)."""
    try:
        return call(x), x
    except AttributeError:
        return "AttributeError", x


HELP = {"lay": lay, "done": done, "pickle": pickle, "copy": copy, "io": io, "op": operator}


def run(name, obj=None, *args, rtol=1e-12, warn=True, values=True, **kw):
    """`obj.<name>(*args, **kw)` on NumPy's obj and on xtensor's (twins), or `ev "<expr>"`:
    one expression of `m` (numpy or xtensor) and the names in kw (or NAMES'), whose arrays
    come as twins."""
    if name == "ev":
        names = kw or NAMES
        arrays = {k: v for k, v in names.items() if isinstance(v, np.ndarray)}
        known = {"m": 0, "np": np, **HELP, **{k: v for k, v in names.items() if k not in arrays}}

        def g(m, *a):
            return eval(obj, known | {"m": m} | dict(zip(arrays, a)))

        return both(g, *arrays.values(), rtol=rtol, warn=warn, values=values, where=obj)
    x = obj

    def f(m, x):
        return getattr(x, name)(*_copies(m, args), **_copies(m, kw))

    where = f"{x.dtype}{x.shape}{x.strides}.{name}{args}{kw}"
    return both(f, x, rtol=rtol, warn=warn, values=values, where=where)


def _axis(data, ndim, tuples=True):
    ax = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
    if tuples and ndim:
        ax |= st.lists(ax, max_size=ndim, unique_by=lambda i: i % ndim).map(tuple)
    return data.draw(st.none() | ax)


REDUCTIONS = ("all", "any", "max", "min", "sum", "prod", "mean", "std", "var")


@pytest.mark.parametrize("name", REDUCTIONS)
@FEW_EXAMPLES
@given(a=NAN, data=st.data())
def test_reductions(name, a, data):
    draw = data.draw
    kw = {"axis": _axis(data, a.ndim), "keepdims": draw(B)}
    if name not in ("all", "any", "max", "min") and draw(B):
        kw["dtype"] = draw(st.sampled_from(("float64", "int64", "complex128", "float32")))
    if name in ("max", "min", "sum", "prod") and draw(B):
        kw["initial"] = draw(st.sampled_from([0, 1, -2, 2.5]))
    if draw(B) and (name not in ("max", "min") or "initial" in kw):
        kw["where"] = draw(B | arrs("bool", shape=a.shape[draw(st.integers(0, a.ndim)) :]))
    if name in ("std", "var") and draw(B):
        kw["ddof"] = draw(st.integers(0, 2))  # README: ddof >= count is NaN, NumPy's inf
        if "where" in kw or kw["axis"] is not None or a.size <= 2:
            kw.pop("ddof")
    # README: float sum/prod/mean give inf without NumPy's "overflow encountered in reduce"
    quiet = name in ("sum", "prod", "mean", "std", "var")
    want = run(name, a, **kw, rtol=SUM, warn=not quiet)
    if want is not None and draw(B):
        dt = draw(st.sampled_from([np.asarray(want).dtype.name, "float64", "int32"]))
        out = draw(arrs(dt, shape=np.shape(want)))
        run(name, a, **kw, out=out, rtol=SUM, warn=not quiet)


@pytest.mark.parametrize("name", ["argmax", "argmin", "cumsum", "cumprod"])
@FEW_EXAMPLES
@given(a=NAN, data=st.data())
def test_arg_and_cumulative(name, a, data):
    draw = data.draw
    axis = _axis(data, a.ndim, tuples=False)
    if a.ndim == 0 and axis is not None and name.startswith("cum"):
        return  # README: a 0-d array has no axis 0 for the standard's cumulative_sum
    kw = {"axis": axis}
    if name.startswith("arg"):
        kw["keepdims"] = draw(B)
    elif draw(B):
        kw["dtype"] = draw(st.sampled_from(("float64", "int8", "uint64", "complex64")))
    want = run(name, a, **kw, rtol=SUM)
    if want is not None and draw(B):
        dt = "int64" if name.startswith("arg") else draw(st.sampled_from(["float64", "int32"]))
        run(name, a, **kw, out=draw(arrs(dt, shape=np.shape(want))), rtol=SUM)


VIEWS = """x.T; x.mT; x.transpose(); x.transpose(*range(x.ndim)[::-1]); x.transpose(None)
x.transpose(tuple(range(x.ndim))); x.swapaxes(0, -1); x.reshape(-1); x.reshape(x.shape[::-1])
x.reshape(-1, order='F'); x.reshape(-1, copy=False); x.reshape((1,) + x.shape, order='A')
x.ravel(); x.ravel('F'); x.ravel('K'); x.ravel('A'); x.flatten(); x.flatten('F'); x.flatten('K')
x.view(); x.view(x.dtype); x.real; x.imag; x.conj(); x.conjugate(); x.squeeze(); x[None].squeeze(0)
x.diagonal(); x.diagonal(1, -1, 0); x.copy(); x.copy('F'); x.copy('K'); x.copy('A')
x.astype(x.dtype, copy=False); x.astype('float64', order='K'); x.astype(x.dtype, order='F')
x.astype('int8', casting='unsafe'); x.astype('float32', casting='same_kind'); x.byteswap()
x.getfield(x.dtype); x.astype(x.dtype, copy=True, order='C'); x.flat.copy(); x.flat[1:3]
x.view('uint8'); x.view('int16'); x.view('float64'); x.view(np.ndarray)"""
VIEWS = [e.strip() for e in VIEWS.replace("\n", ";").split(";")]


@pytest.mark.parametrize("expr", VIEWS)
@FEW_EXAMPLES
@given(a=arrs(ALL, nan=True, max_dims=3))
def test_views_and_copies(expr, a):
    """The result's values, layout and writeability, and whether writing it writes x."""
    if "imag" in expr and a.dtype.kind != "c":
        return  # KNOWN: NumPy's imag of a real array is a read-only array of zeros (below)
    if "x.diagonal" in expr and a.ndim < 2 or "np.ndarray" in expr:
        return  # (the error: in CASES; view(np.ndarray): README, Array is no ndarray)
    if expr.startswith(("x.astype('int8'", "x.astype('float")) and a.dtype.kind == "c":
        return  # README: complex to real raises
    if a.ndim == 0 and ("order='F'" in expr or "getfield" in expr):
        return  # KNOWN: a 0-d cast with order='F' and getfield print as NumPy's scalars
    run("ev", f"lay({expr})", x=a, warn="astype" not in expr or a.dtype.kind not in "fc")


@given(a=arrs(ALL, max_dims=2), data=st.data())
def test_indexing_methods(a, data):
    draw, n = data.draw, a.size
    idx = st.integers(-n, max(n - 1, 0)) | st.sampled_from([n, -n - 1])
    ind = st.lists(idx, min_size=1, max_size=4)  # KNOWN: take of [] (below)
    ind = draw(idx | ind | ind.map(np.array))
    axis = _axis(data, a.ndim, tuples=False)
    mode = draw(st.sampled_from(["raise", "wrap", "clip"]))
    m = a.size if axis is None else a.shape[axis]
    # (NumPy's take in mode 'wrap' along an empty axis never returns: numpy/numpy#11677)
    run("take", a, ind, axis=axis, mode="raise" if m == 0 and mode == "wrap" else mode)
    cond = draw(st.lists(B, max_size=m + 1) | arrs("bool", shape=(m,)))
    run("compress", a, cond, axis=axis)
    reps = st.integers(0, 2) | st.lists(st.integers(0, 2), min_size=m, max_size=m)
    run("repeat", a, draw(reps), axis=axis)
    run("nonzero", a)
    run("put", a, ind, draw(st.integers(0, 1) | arrs(a.dtype.name, max_dims=1)), mode=mode)
    run("fill", a, draw(st.integers(-2, 300) | st.sampled_from([2.5, np.nan, True])))
    if a.dtype.kind == "c":  # README: complex into a real array raises (NumPy warns)
        run("fill", a, 1j)
    if a.ndim >= 2:
        offset, dtype = draw(st.integers(-2, 2)), draw(st.none() | st.just("float32"))
        run("trace", a, offset, dtype=dtype, warn=False)  # README: float sums' overflow, quiet
    choices = [draw(arrs(ALL[:-2], shape=a.shape[draw(st.integers(0, a.ndim)) :])) for _ in "ab"]
    run("choose", a.astype("int64") % 3 if a.dtype.kind in "iub" else a, choices, mode=mode)


@given(a=arrs(ALL[:-2], nan=True, max_dims=2), data=st.data())
def test_sorting_methods(a, data):
    draw = data.draw
    axis = -1 if a.ndim == 0 else draw(st.integers(-a.ndim, a.ndim - 1))  # README: 0-d
    kind = draw(st.sampled_from([None, "stable", "mergesort", "quicksort", "heapsort"]))
    run("ev", "done(lambda v: v.sort(axis, kind=k), x)", x=a, axis=axis, k=kind)
    if a.ndim:  # README: argsort of a 0-d array raises
        run("ev", "x.argsort(axis, kind='stable')", x=a, axis=axis)
        run("ev", "x.argsort(axis, stable=True)", x=a, axis=axis)
        n = a.shape[axis]
        k = draw(st.integers(-n, n - 1) if n else st.nothing() | st.just(0))
        run("ev", "m.sort(x.partition(k, axis) or x, axis)", x=a, axis=axis, k=k)
        run("ev", "m.sort(x, axis)[(slice(None),) * (axis % x.ndim) + (k,)]", x=a, axis=axis, k=k)
        r = draw(arrs(a.dtype.name, max_dims=1))
        run("ev", "m.take(x, x.argpartition(k, axis=None))[k]", x=a.ravel(), k=k)
        side = draw(st.sampled_from(["left", "right"]))
        v = a.ravel()
        run("ev", "x.searchsorted(v, side, m.argsort(x, stable=True))", x=v, v=r, side=side)
        run("ev", "m.sort(x).searchsorted(v[...], side=side)", x=v, v=r, side=side)
        run("ev", "m.sort(x).searchsorted(v[0] if v.size else 0)", x=v, v=r)


@given(a=arrs(ALL, nan=True), data=st.data())
def test_elementwise_methods(a, data):
    draw = data.draw
    lo, hi = (draw(st.none() | st.integers(-3, 3) | st.just(2.5)) for _ in "lh")
    if a.dtype != "bool" or lo is not None or hi is not None:  # README: bool clip()
        run("clip", a, lo, hi)
    if a.dtype != "bool":
        run("round", a, draw(st.integers(-2, 3)))
    run("ev", "x.round()", x=a)
    run("conj", a)
    if a.ndim:
        run("dot", a, draw(arrs(ALL, shape=a.shape[-1:])))


@given(a=arrs(ALL, nan=True))
def test_conversions(a):
    run("ev", "x.tolist()", x=a)
    run("ev", "[x.tobytes(), x.tobytes('F'), x.tobytes('A'), x.tobytes('K')]", x=a)
    run("ev", "repr(x), str(x)", x=a)
    run("ev", "[repr(v) for v in x] if x.ndim else 0", x=a)  # README: elements are 0-d arrays
    run("ev", "x.item(0) if x.size else 0, x.item(-1) if x.size else 0", x=a)
    run("ev", "(x.item(), type(x.item())) if x.size == 1 else x.item()", x=a)
    run("ev", "len(x), x.size, x.ndim, x.nbytes, x.itemsize, x.shape", x=a)
    run("ev", "x.flags.c_contiguous, x.flags.f_contiguous, x.flags.writeable", x=a)
    run("ev", "x.flat[2] if x.size > 2 else list(x.flat)", x=a)
    run("ev", "[x.size and x.flat[-1] in x, 1 in x, 1.5 in x, 2j in x]", x=a)
    run("ev", "lay(pickle.loads(pickle.dumps(x)))", x=a)
    run("ev", "lay(copy.copy(x)), lay(copy.deepcopy(x))", x=a)
    run("ev", "pickle.loads(x.dumps()).tolist()", x=a)  # KNOWN: NumPy's ndarray comes back
    run("ev", "(lambda f: (x.tofile(f), f.getvalue()))(io.BytesIO())", x=a)
    py = "(bool(x), int(x) if x.dtype.kind != 'c' else 0, float(x) if x.dtype.kind != 'c' else 0)"
    run("ev", f"{py}, complex(x), f'{{x:}}'", x=a)  # KNOWN: int/float of complex, below
    run("ev", "f'{x:.2f}', round(x.sum()), round(x.max(), 1)", x=a)
    run("ev", "op.index(x)", x=a)


@given(a=arrs(ALL, nan=True), data=st.data())
def test_attribute_assignment(a, data):
    draw = data.draw
    shape = draw(st.permutations(a.shape).map(tuple) | st.just((-1,)) | st.just((a.size,)))
    run("ev", "done(lambda v: setattr(v, 'shape', s), x)", x=a, s=shape)
    dt = draw(st.sampled_from(ALL))
    run("ev", "done(lambda v: setattr(v, 'dtype', d), x)", x=a, d=dt)
    value = draw(st.integers(0, 2) | arrs(("float64", "int8"), shape=a.shape[a.ndim // 2 :]))
    run("ev", "done(lambda v: setattr(v, 'real', r), x)", x=a, r=value)
    if a.dtype.kind == "c":
        run("ev", "done(lambda v: setattr(v, 'imag', r), x)", x=a, r=value)
    run("ev", "done(lambda v: v.setflags(write=False), x), x.flags.writeable", x=a)
    run("ev", "done(lambda v: v.byteswap(True), x)", x=a)
    run("ev", "done(lambda v: v.setfield(2, v.dtype), x)", x=a)
    new = draw(st.integers(0, 7) | st.tuples(st.integers(0, 3), st.integers(0, 3)))
    run("ev", "done(lambda v: v.resize(s, refcheck=False), x)", x=a.copy(), s=new)


A, N, E = np.arange(6.0).reshape(2, 3), np.arange(6).reshape(2, 3), np.zeros((0, 3))
C, Z, I8 = np.array([1 + 2j, 3 - 1j]), np.array(2.5), np.array([100, -128, 1], "int8")
Bo, H, R = np.array([True, False, True]), np.array([1.5, 2.25], "float16"), np.arange(5.0)[::-1]
T = np.arange(6).reshape(2, 3).T
NAMES = {"A": A, "N": N, "E": E, "C": C, "Z": Z, "I8": I8, "Bo": Bo, "H": H, "R": R, "T": T}
CASES = """
item A; A, 1; A, (1, 2); A, 1, 2; A, 6; A, (0,); A, 1.0; Z; Z, 0; Z, 1; E; C, 1; H, 0; Bo, 1
reshape A, 3, 2; A, (3, -1); A, 4; A, -1, -1; A, 6, order='X'; A, [3, 2]; A, 6.0; T, 6, copy=False
reshape T, 6, order='F', copy=False; A, shape=(6,); A, 6, copy=True
transpose A, 0, 0; A, 1; A, (1, 0) | swapaxes A, 0, 5 | squeeze A, 0; A, axis=(0, 1); Z
diagonal A, 5; A, 0, 0, 0; Z | trace A, out=np.zeros(()); np.ones((2, 2, 2))
astype A, 'int8', casting='safe'; A, 'float32', casting='no'; A, 'S3'; A, 'U5'; A, object
astype A, 'float64', subok=False; I8, 'uint8'; np.array([np.nan, 1e300]), 'int32'
view A, 'complex128'; T, 'complex128'; A[:, :1], 'int32'; Z, 'int32'; I8, 'int16'; A, dtype='i4'
take A, [7]; A, [0, 1], out=np.zeros(2); A, 7, mode='wrap'; A, [[0, 1]], axis=1
compress A, [True, False, True, True]; A, [1, 0], axis=0; Z, [True]
choose np.array([0, 1, 5]), [10, 20, 30]; np.array([0, 1, 2]), [10, 20.5, 30]
clip A, 2, 1; A, np.array([1, 2, 3]), 4; A, 1, 4, out=np.zeros((2, 3)); I8, -1, 300
clip A, np.nan, 2; A, a_min=1, a_max=2; A, min=1; A, max=2; N, 1.5, 3
searchsorted A, 2; R, 2, side='x'; R, [[1, 2]]; R, 1.5, sorter=[0, 1, 2, 3]
argpartition R, 7; Z, 0 | partition R, 2, kind='x' | argsort R, kind='x'; R, descending=True
argmax E; E, axis=0; E, axis=1; A, axis=2; A, out=np.zeros((), 'int64'); A, 0, np.zeros(3)
cumsum A, out=np.zeros(6, 'int32'); A, axis=2; I8 | cumprod I8; Z; Bo | prod I8 | sum I8
std A, correction=1; A, correction=1, ddof=1; A, mean=A.mean(0, keepdims=True), axis=0
mean N, dtype='int64'; Bo; H | var C; N, dtype='int32' | max C; A, where=False | min E, axis=1
round C, -1; H, 1; np.array([2.5, 3.5, -0.5]); np.array([125], 'int8'), -1; Bo, -1; A, 300
round A, 1, out=np.zeros((2, 3)); np.array([1234.5678], 'float32'), -2
dot A, np.ones(2); Z, A; A, A.T, out=np.zeros((2, 2)) | nonzero Z; E | tolist Z; C; H; E
byteswap Bo; H; C, True | getfield A, 'int32', 4; A, 'float64', 8 | put A, [7], [9]
ev "len(Z)"; "list(Z)"; "f'{A:.2f}'"; "f'{Z:.2f}', f'{Z:>8}', '%.1f' % Z, format(Z, '')"
ev "bool(A)"; "bool(E)"; "bool(np.array([[0.0]]))"; "int(A)"; "float(E)"; "int(np.array(np.nan))"
ev "op.index(A)"; "op.index(np.array([2]))"; "op.index(Bo[0])"; "[1, 2, 3][N.max() - 4]"
ev "round(A)"; "round(A.sum(), None)"; "round(N.sum(), -1)"; "'a' in A"; "[0.0, 1.0, 2.0] in A"
ev "A.__array_interface__['typestr'], H.__array_interface__['descr']"
ev "T.__array_interface__['shape']"
ev "done(lambda v: setattr(v, 'shape', (6,)), T)"; "done(lambda v: setattr(v, 'shape', 5), A)"
ev "done(lambda v: setattr(v, 'dtype', 'int32'), T)"; "done(lambda v: setattr(v, 'imag', 7), A)"
ev "done(lambda v: v.resize(7), m.arange(6))"
ev "done(lambda v: v.setflags(write=False), A), A.__setitem__(0, 1)"; "A.imag.flags.writeable"
ev "A.flat[[1, 2]], A.flat[np.array([True] * 6)], next(iter(T.flat)), len(T.flat)"; "A.flat[10]"
ev "done(lambda v: v.flat.__setitem__(slice(None), [1, 2]), T)"; "T.flat.coords, T.flat.index"
ev "done(lambda v: v.sort(axis=0), T)"; "done(lambda v: v.sort(order='x'), A)"; "type(A.data)"
ev "A.data.tobytes(), T.data.shape, A.data.format"
"""
CASES = grouped(CASES)
LINES = {"np": np, **NAMES}


def _call(line):
    return parsed(line, LINES)


KNOWN = {  # real differences from NumPy: the NumPy call, and what xtensor does instead
    'ev "pickle.loads(A.dumps())"': (
        "(a) NumPy's round trip gives the array back; xtensor's dumps() pickles NumPy's ndarray,"
        " so loads gives an ndarray, not an Array (dump() too)"
    ),
    "ev \"done(lambda v: setattr(v, 'real', -1), np.array([1], 'uint8'))\"": (
        "(c) NumPy writes 255 (x[...] = -1 raises OverflowError); xtensor OverflowError"
    ),
    'ev "done(lambda v: v.resize((3, 2)), T.copy())"': (
        "(a) NumPy checks references only when the size changes (x reshaped in place); "
        "xtensor ValueError 'cannot resize an array that references...'"
    ),
    'ev "done(lambda v: v.resize(8, refcheck=False), A)"': (
        "(a) NumPy ValueError 'cannot resize this array: it does not own its data' (a view);"
        " xtensor resizes the view into new memory, x[:3].resize(5) leaving x as it was"
    ),
    'ev "A.real is A"': "(a) NumPy True (a real array's .real is itself); xtensor a new view",
    'ev "A.__array_priority__"': "(a, by design?) NumPy 0.0; xtensor 100 (to win over ndarray)",
    'ev "round(Z)"': "(a) NumPy TypeError (0-d ndarray has no __round__); xtensor int 2",
    'ev "done(lambda v: v.resize((3, 2), refcheck=False), T)"': (
        "(a) NumPy keeps the F layout of a same-size resize ([[0, 3], [1, 4], [2, 5]]); "
        "xtensor refills in C order ([[0, 1], [2, 3], [4, 5]])"
    ),
    "resize A, None": "(a) NumPy leaves x as it is; xtensor TypeError",
    "ev \"done(lambda v: setattr(v, 'strides', (8, 16)), A)\"": (
        "(c) NumPy 2.4 DeprecationWarning, then sets them; xtensor AttributeError"
    ),
    'ev "int(C[0]), float(C[0])"': (
        "(b) NumPy (1, 1.0) with ComplexWarning; xtensor TypeError, as the standard requires"
    ),
    'ev "len(A.__reduce__())"': (
        "(a) NumPy 3 (_reconstruct, args, state); xtensor TypeError 'a class that defines "
        "__slots__ without defining __getstate__ cannot be pickled' (__reduce_ex__ works)"
    ),
    "reshape A, None": "(c) NumPy's undocumented reshape(None) returns x's shape; xt TypeError",
    "take A, [0.5]": (
        "(c) NumPy reads a list of floats as indices ([0.]; a float array: TypeError); "
        "xtensor TypeError"
    ),
}
FIXED = [  # each was a KNOWN entry until xtensor gave NumPy's answer
    # 0-d results printed as NumPy's scalars
    "astype Z, 'int8', order='F'",
    "getfield Z, 'float64'",
    "ev \"done(lambda v: setattr(v, 'shape', ()), m.asarray([5.0]))\"",
    # ValueError (the in-place methods' flattened copy, no shape), TypeError (None in A)
    "partition N, 1, axis=None",
    "sort T, axis=None",
    "reshape A",
    'ev "None in A"',
    "take A, [], mode='wrap'",  # TypeError casting float64 [] to int64
]
test_agreeing_calls, test_known_differences = line_tests(run, _call, CASES + FIXED, KNOWN)

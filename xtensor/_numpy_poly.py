"""NumPy's power-series polynomials (`poly`, `polyadd`, ..., `roots`, `poly1d`) and its
window functions (`bartlett`, `blackman`, `hamming`, `hanning`, `kaiser`).

Coefficients are 1-D Arrays, highest power first, as in NumPy. Each function runs NumPy's own
routine on the coefficients' device (`_numpy_ondevice.call`): the fits, divisions and root
finding are NumPy's algorithms. `poly1d` wraps an Array of coefficients; the functions return
a poly1d whenever NumPy's would (a poly1d among the arguments). Windows are created on the
CPU, in float64, as NumPy creates them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core.convert import undispatched
from ._creation import asarray, zeros
from ._dispatch.reduction import relayed
from ._elementwise import equal
from ._manipulation import concat
from ._manipulation_operands import READABLE, SEQUENCES, listed_all
from ._numpy_helpers import as_array
from ._numpy_ondevice import call, operand, result
from ._numpy_run import direct, numpy_errors
from ._typing import ArrayLike, DTypeLike
from ._utility import all as _all


def _coefficients(value, func: str, name: str, like: Array | None = None) -> Array:
    """A poly1d's coefficients, or `value` as an Array (on `like`'s device when given)."""
    if isinstance(value, poly1d):
        value = value.coeffs
    if like is None:
        return as_array(value, func, name)
    return operand(value, like, func, name)


_ROUTINES = {
    name: undispatched(getattr(np, name))
    for name in ("polyadd", "polysub", "polymul", "polyder", "polyint")
}  # (`direct` hands them CPU buffers only)


def _wrapped(out, truepoly: bool):
    """poly1d results when NumPy would give them (a tuple of them for polydiv)."""
    if not truepoly:
        return out
    return tuple(map(poly1d, out)) if isinstance(out, tuple) else poly1d(out)


def _binary(func: str, a1, a2, names=("a1", "a2")):
    if type(a2) is Array and type(a2._data) is np.ndarray and func in _ROUTINES:
        # CPU Arrays: NumPy's routine at once (polydiv's pair of answers: below)
        if (r := direct(_ROUTINES[func], a1, a2._data)) is not None:
            return r
    x = _coefficients(a1, func, names[0])
    y = _coefficients(a2, func, names[1], like=x)
    out = result(call(func, func, x, x._data, y._data), func)
    return _wrapped(out, isinstance(a1, poly1d) or isinstance(a2, poly1d))


def poly(seq_of_zeros: ArrayLike | poly1d) -> Array:
    """Coefficients of the monic polynomial with the given roots (or with a square matrix's
    eigenvalues as roots); 1.0 for no roots, as NumPy."""
    x = _coefficients(seq_of_zeros, "poly", "seq_of_zeros")
    return result(call("poly", "poly", x, x._data), "poly")


def polyadd(
    a1: ArrayLike | poly1d, a2: ArrayLike | poly1d
) -> Any:  # an Array; a poly1d when an operand is one
    """Sum of two polynomials."""
    return _binary("polyadd", a1, a2)


def polysub(
    a1: ArrayLike | poly1d, a2: ArrayLike | poly1d
) -> Any:  # an Array; a poly1d when an operand is one
    """Difference of two polynomials (a1 - a2)."""
    return _binary("polysub", a1, a2)


def polymul(
    a1: ArrayLike | poly1d, a2: ArrayLike | poly1d
) -> Any:  # an Array; a poly1d when an operand is one
    """Product of two polynomials."""
    return _binary("polymul", a1, a2)


def polydiv(
    u: ArrayLike | poly1d, v: ArrayLike | poly1d
) -> tuple[Any, Any]:  # (quotient, remainder)
    """(quotient, remainder) of the polynomial division u / v."""
    return _binary("polydiv", u, v, ("u", "v"))


def polyder(p: ArrayLike | poly1d, m: int = 1) -> Any:  # an Array; a poly1d when an operand is one
    """The m-th derivative of a polynomial."""
    if (r := direct(_ROUTINES["polyder"], p, m)) is not None:  # CPU Arrays: NumPy's at once
        return r
    x = _coefficients(p, "polyder", "p")
    out = result(call("polyder", "polyder", x, x._data, m=m), "polyder")
    return _wrapped(out, isinstance(p, poly1d))


def polyint(
    p: ArrayLike | poly1d, m: int = 1, k: ArrayLike | None = None
) -> Any:  # an Array; a poly1d when an operand is one
    """The m-th antiderivative of a polynomial; `k` holds the integration constants
    (one scalar for all, or m of them, the last integration's first)."""
    if k is None and (r := direct(_ROUTINES["polyint"], p, m)) is not None:
        return r  # CPU Arrays: NumPy's at once
    x = _coefficients(p, "polyint", "p")
    if k is not None and not np.isscalar(k):
        k = operand(k, x, "polyint", "k")._data
    out = result(call("polyint", "polyint", x, x._data, m=m, k=k), "polyint")
    return _wrapped(out, isinstance(p, poly1d))


def polyval(
    p: ArrayLike | poly1d, x: ArrayLike | poly1d
) -> Any:  # an Array; a poly1d for a poly1d x
    """The polynomial `p` evaluated at `x` (an array, a scalar, or a poly1d: composition)."""
    if type(x) is Array and (type(p) is Array or type(p) is list):
        if (y := _plain_polyval(p, x._data)) is not None:  # (NumPy's 0-d array prints as one)
            return made_as_array(wrap(y)) if type(y) is np.ndarray else wrap(np.asarray(y))
    if type(x) in READABLE and (pair := listed_all((p, x))) is not None:
        return polyval(*pair)  # Note [List operands]: both on the CPU, as `operand` reads x
    coeffs = _coefficients(p, "polyval", "p")
    if isinstance(x, poly1d):  # Horner's rule in poly1d arithmetic, as NumPy's
        y = 0
        for pv in coeffs:
            y = y * x + pv
        return y
    points = operand(x, coeffs, "polyval", "x")
    return result(call("polyval", "polyval", coeffs, coeffs._data, points._data), "polyval")


def _plain_polyval(p, v):
    """np.polyval's own steps for 1-d numeric coefficients `p` (an Array, or a list NumPy
    reads as `_coefficients` does) at CPU array `v`; None for anything else."""
    if type(v) is not np.ndarray or v.dtype.kind not in "biufc":
        return None
    if type(p) is list:
        try:
            c = np.asarray(p)  # the conversion `as_array` makes first, which then keeps it
        except (TypeError, ValueError, OverflowError):
            return None
    else:
        c = p._data
    if type(c) is not np.ndarray or c.ndim != 1 or c.dtype.kind not in "biufc":
        return None
    if v.dtype == np.float64 and c.dtype.kind in "biuf":
        # Everything is float64 here: NumPy's add casts each coefficient so first; as
        # Python floats they skip its ~0.4 us of reading a NumPy scalar.
        c = c.astype(np.float64).tolist()
    y = np.empty_like(v)  # np.zeros_like's two steps
    y.fill(0)
    for pv in c:  # Horner's rule, as np.polyval runs it
        y = y * v + pv
    return y


def polyfit(
    x: ArrayLike,
    y: ArrayLike,
    deg: int,
    rcond: float | None = None,
    full: bool = False,
    w: ArrayLike | None = None,
    cov: bool | str = False,
) -> Any:  # the coefficients; a tuple with full or cov
    """Least-squares polynomial fit of degree `deg` to the points (x, y), with NumPy's
    `rcond`, `full` (also residuals, rank, singular values, rcond), weights `w` and `cov`
    (also the coefficients' covariance matrix; 'unscaled' leaves it unscaled)."""
    if type(x) is type(y) is Array and w is None and cov is False:
        # NumPy's polyfit, as the call below makes it on CPU data; where it raises (before
        # any warning, without `cov`), the checked path words the error
        if type(xd := x._data) is type(yd := y._data) is np.ndarray:
            try:
                out = _POLYFIT(xd, yd, deg, rcond, full)
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
            else:
                return result(out, "polyfit")
    if type(x) in SEQUENCES or type(y) in SEQUENCES:  # Note [List operands]
        if (pair := listed_all((x, y))) is not None:
            return polyfit(*pair, deg, rcond, full, w, cov)
    xs = as_array(x, "polyfit", "x")
    ys = operand(y, xs, "polyfit", "y")
    weights = None if w is None else operand(w, xs, "polyfit", "w")._data
    out = relayed(  # NumPy's RankWarning at the user's line, not ours (as _POLYFIT)
        call,
        "polyfit",
        "polyfit",
        xs,
        xs._data,
        ys._data,
        deg,
        rcond=rcond,
        full=full,
        w=weights,
        cov=cov,
    )
    return result(out, "polyfit")


# `polyfit` hands it exact ndarrays; `relayed` gives its RankWarning, which names its caller's
# line, at the user's (Note [Warnings NumPy's functions aim at their caller] in _backends/cpu.py)
_POLYFIT = functools.partial(relayed, undispatched(np.polyfit))


def roots(p: ArrayLike | poly1d) -> Array:
    """The roots of a polynomial (the eigenvalues of its companion matrix)."""
    x = _coefficients(p, "roots", "p")
    return result(call("roots", "roots", x, x._data), "roots")


class poly1d:
    """A one-dimensional polynomial, NumPy's class over an xtensor Array of coefficients
    (highest power first). `poly1d(c)`, or `poly1d(r, True)` from its roots; evaluate with
    `p(x)`; combine with +, -, *, /, ** and numbers or other polynomials."""

    __hash__ = None

    def __init__(
        self, c_or_r: ArrayLike | poly1d, r: bool = False, variable: str | None = None
    ) -> None:
        if isinstance(c_or_r, poly1d):
            self._coeffs = c_or_r._coeffs
            self._variable = c_or_r._variable if variable is None else variable
            return
        if r:
            c_or_r = poly(c_or_r)
        c = as_array(c_or_r, "poly1d", "c_or_r")
        if c.ndim > 1:
            raise ValueError(f"poly1d: a polynomial must be 1-D; got shape {c.shape}")
        c = result(call("poly1d", "trim_zeros", c, c._data.reshape(-1), trim="f"), "poly1d")
        if c.shape[0] == 0:
            c = zeros((1,), dtype=c.dtype, device=c.device)
        self._coeffs = c
        self._variable = "x" if variable is None else variable

    @property
    def coeffs(self) -> Array:
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value: Array) -> None:
        if value is not self._coeffs:
            raise AttributeError("poly1d: coeffs cannot be set; build a new poly1d")

    c = coef = coefficients = coeffs

    @property
    def variable(self) -> str:
        return self._variable

    @property
    def order(self) -> int:
        return self._coeffs.shape[0] - 1

    o = order

    @property
    def roots(self) -> Array:
        return roots(self._coeffs)

    r = roots

    def __array__(
        self, t: DTypeLike | None = None, copy: bool | None = None
    ) -> np.ndarray[Any, Any]:
        return self._coeffs.__array__(t, copy=copy)

    def _host(self) -> np.ndarray:
        return np.asarray(self._coeffs.to_device("cpu"))

    def __repr__(self) -> str:
        return f"poly1d({np.array_repr(self._host())[6:-1]})"  # NumPy's: its array repr inside

    def __str__(self) -> str:
        return str(np.poly1d(self._host(), variable=self._variable))

    def __len__(self) -> int:
        return self.order

    def __call__(self, val: ArrayLike | poly1d) -> Any:  # as polyval
        return polyval(self._coeffs, val)

    def __neg__(self) -> poly1d:
        return poly1d(-self._coeffs)

    def __pos__(self) -> poly1d:
        return self

    def __mul__(self, other: ArrayLike | poly1d) -> poly1d:
        if np.isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other: ArrayLike | poly1d) -> poly1d:
        if np.isscalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __add__(self, other: ArrayLike | poly1d) -> poly1d:
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    __radd__ = __add__

    def __sub__(self, other: ArrayLike | poly1d) -> poly1d:
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other: ArrayLike | poly1d) -> poly1d:
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __pow__(self, val: int) -> poly1d:
        if not np.isscalar(val) or int(val) != val or val < 0:
            raise ValueError(f"poly1d: powers must be non-negative integers; got {val!r}")
        res = asarray([1], device=self._coeffs.device)
        for _ in range(int(val)):
            res = polymul(self._coeffs, res)
        return poly1d(res)

    def __truediv__(self, other: ArrayLike | poly1d) -> Any:  # a poly1d; (q, r) for a polynomial
        if np.isscalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other: ArrayLike | poly1d) -> Any:  # as __truediv__
        if np.isscalar(other):
            return poly1d(other / self._coeffs)
        return polydiv(poly1d(other), self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool(_all(equal(self._coeffs, other._coeffs)))

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val: int) -> Array:
        """The coefficient of x**val (zero beyond the order)."""
        if val > self.order or val < 0:
            return zeros((), dtype=self._coeffs.dtype, device=self._coeffs.device)
        return self._coeffs[self.order - val]

    def __setitem__(self, key: int, val: ArrayLike) -> None:
        if key < 0:
            raise ValueError(f"poly1d: negative powers are not supported; got {key}")
        if key > self.order:
            c = self._coeffs
            pad = zeros((key - self.order,), dtype=c.dtype, device=c.device)
            self._coeffs = concat((pad, c))
        self._coeffs[self.order - key] = val

    def __iter__(self) -> Iterator[Array]:
        return iter(self._coeffs)

    def integ(self, m: int = 1, k: ArrayLike = 0) -> poly1d:
        """The m-th antiderivative, with integration constants `k` (see `polyint`)."""
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m: int = 1) -> poly1d:
        """The m-th derivative."""
        return poly1d(polyder(self._coeffs, m=m))


# --- windows ----------------------------------------------------------------------------------


def _window(func: str, *args) -> Array:
    with numpy_errors(func):
        return result(getattr(np, func)(*args), func)


def bartlett(M: int) -> Array:
    """The triangular window of M points (float64)."""
    return _window("bartlett", M)


def blackman(M: int) -> Array:
    """The Blackman window of M points (float64)."""
    return _window("blackman", M)


def hamming(M: int) -> Array:
    """The Hamming window of M points (float64)."""
    return _window("hamming", M)


def hanning(M: int) -> Array:
    """The Hann window of M points (float64)."""
    return _window("hanning", M)


def kaiser(M: int, beta: float) -> Array:
    """The Kaiser window of M points with shape parameter `beta` (float64)."""
    return _window("kaiser", M, beta)


NUMPY_ALIASES: dict = {
    "poly": poly,
    "polyadd": polyadd,
    "polysub": polysub,
    "polymul": polymul,
    "polydiv": polydiv,
    "polyder": polyder,
    "polyint": polyint,
    "polyval": polyval,
    "polyfit": polyfit,
    "roots": roots,
    "poly1d": poly1d,
    "bartlett": bartlett,
    "blackman": blackman,
    "hamming": hamming,
    "hanning": hanning,
    "kaiser": kaiser,
}

"""Checks and result types shared by the linalg modules.

Each public linalg function validates its operands here (dtype category, at least two
dimensions, square matrices), hands the buffers to the device's `linalg` module (NumPy's LAPACK
on the CPU), and casts the result to the dtype the standard names. LAPACK failures come back as
`LinAlgError` (NumPy's own class, a ValueError) with the function's name in front.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._array import Array, backing
from .._core import dtypes as _dtypes
from .._dispatch import backend_of
from .._linear_algebra import dtype_of, same_device

LinAlgError = np.linalg.LinAlgError


class EighResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    Q: Array
    R: Array


class SVDResult(NamedTuple):
    U: Array
    S: Array
    Vh: Array


class SlogdetResult(NamedTuple):
    sign: Array
    logabsdet: Array


def floating(x, func: str, name: str = "x"):
    """The buffer of `x` in a floating-point dtype: integers and bools become float64.

    The standard says linalg inputs "should" be floating, leaving integers unspecified, so
    NumPy's rule applies (`np.linalg.det([[1, 2], [3, 4]])` computes in float64).
    """
    data = backing(x, func, name, scalars=False)
    if data.dtype.kind not in "biufcO":  # NumPy's cast to float64 refuses these alike
        raise TypeError(
            f"{func}: {name} has dtype {data.dtype}, but {func} requires a numeric dtype"
        )
    return as_floating(data)


def as_floating(data):
    """Backing array `data` in a floating-point dtype, on its own device (`floating` of data
    already taken from its Array: `backing` would read a CuPy array into host memory)."""
    return data if dtype_of(data) in _dtypes.FLOATING else data.astype(np.float64)


def numeric(x, func: str, name: str = "x"):
    data = backing(x, func, name, scalars=False)
    dt = dtype_of(data)
    if dt not in _dtypes.NUMERIC and data.dtype.kind != "O":  # objects compute as in NumPy
        raise TypeError(f"{func}: {name} has dtype {dt.name}, but {func} requires a numeric dtype")
    return data


def matrices(data, func: str, name: str = "x", *, square: bool = False):
    """Check that `data` is a matrix or a stack of them (square ones when asked)."""
    if data.ndim < 2:
        raise LinAlgError(
            f"{func}: {name} must have at least 2 dimensions (a matrix or a stack "
            f"of matrices); got shape {data.shape}"
        )
    if square and data.shape[-1] != data.shape[-2]:
        raise LinAlgError(
            f"{func}: {name} must be a square matrix or a stack of square "
            f"matrices; got shape {data.shape}"
        )
    return data


def lapack(func: str, what: str, fn, *args, **kwargs):
    """Call a LAPACK-backed routine; its LinAlgError gets the function name and `what`."""
    try:
        return fn(*args, **kwargs)
    except LinAlgError as e:
        raise LinAlgError(f"{func}: {what} ({e})") from None


def as_dtype(data, dtype: _dtypes.DType):
    """`data` as an array of `dtype` (NumPy may hand back scalars or wider dtypes)."""
    if isinstance(data, np.generic):
        data = np.asarray(data)
    return data if data.dtype == dtype.numpy else data.astype(dtype.numpy)


def linalg_module(data):
    """numpy.linalg or cupy.linalg: the device's LAPACK routines for backing array `data`."""
    return backend_of(data).xp.linalg


# --- Note [Plain linalg calls] -----------------------------------------------------------------
#
# Most calls hand a CPU Array of float32/float64/complex64/complex128 matrices to a linalg
# function: every check above passes, every cast is a no-op, and NumPy's LAPACK-backed routine
# answers in the dtypes the standard names (float32 stays float32). Such a call is NumPy's
# public function on the buffer, wrapped: `plain` tells it from the operand alone. Anything else
# (other devices, lists, float16, failures such as a singular matrix) takes the checked path,
# which words the errors: a plain call that raises falls through to it.
#
# pinv and matrix_rank are the standard's, not NumPy's (pinv's default rtol is max(M, N) * eps
# where NumPy's rcond is 1e-15, and NumPy's pinv conjugates first and multiplies in another
# order, so its last bits differ): their plain call is the checked path's own arithmetic on the
# buffer, without the checks (`plain_rtol`). matrix_power's is NumPy's function, whose n = 2
# and n = 3 are one and two `matmul` calls, made here directly.

# The dtypes LAPACK runs as given, each with its complex dtype (eig's answers). Native
# byte order only: a dict of NumPy's own dtype objects, which a byte-swapped one misses.
COMPLEX_OF = {np.dtype(r): np.dtype(c) for r, c in ("fF", "dD", "FF", "DD")}
_FLOAT64 = np.dtype(np.float64)
_WHOLE = "biu"  # bool and integers: `floating` reads them as float64


def plain(x, square: bool = True):
    """The buffer of `x` for the plain call of Note [Plain linalg calls] (integers and bool
    read as float64, as `floating` reads them), when `x` is a CPU Array of matrices (square
    ones when asked) that the checked path would pass unchanged; else None."""
    if type(x) is not Array:
        return None
    data = x._data
    if type(data) is not np.ndarray or data.ndim < 2:
        return None
    if data.dtype not in COMPLEX_OF:
        if data.dtype.kind not in _WHOLE:
            return None
        data = data.astype(_FLOAT64)
    if square and data.shape[-1] != data.shape[-2]:
        return None
    return data


def plain_pair(x1, x2):
    """The buffers of x1 (matrices) and x2 (at least 1-d) for a plain two-operand call (see
    `plain`): one LAPACK dtype, no cast to make; else None."""
    a = plain(x1, square=False)
    if a is None or type(x2) is not Array:
        return None
    b = x2._data
    if type(b) is not np.ndarray or not b.ndim:
        return None
    if b.dtype not in COMPLEX_OF and b.dtype.kind in _WHOLE:
        b = b.astype(_FLOAT64)
    return (a, b) if b.dtype is a.dtype else None


# The dtypes matmul runs as given (NumPy's integers, bools and floats, in native byte order),
# which matrix_power keeps for n >= 0 and outer multiplies as given.
MATMUL_DTYPES = frozenset(np.dtype(c) for c in "?bBhHiIlLqQefdFD")


def plain_power(x, n: int):
    """The buffer of `x` for matrix_power's plain call (see `plain`) to the power `n`: its own
    for n >= 0, else one that LAPACK inverts as given (integers and bools as float64)."""
    if n < 0:
        return plain(x)
    if type(x) is not Array:
        return None
    data = x._data
    if type(data) is not np.ndarray or data.dtype not in MATMUL_DTYPES or data.ndim < 2:
        return None
    return data if data.shape[-1] == data.shape[-2] else None


# --- Note [LAPACK gufuncs] ----------------------------------------------------------------------
#
# NumPy's linalg functions are Python wrappers (0.8 to 1.8 us) around the gufuncs of
# numpy.linalg._umath_linalg. For a plain operand (Note [Plain linalg calls]) the wrapper's
# checks find nothing, so a plain call makes the wrapper's other steps itself, in its order:
# the gufunc with the wrapper's signature (float32 and complex64 compute in double precision,
# and are cast back after), inside the wrapper's error state where it sets one (`run_lapack`),
# whose callback turns LAPACK's failure (an invalid flag) into LinAlgError. The message does
# not matter: a plain call that raises falls through to the checked path, which calls NumPy's
# function and words the error. np.linalg casts a NumPy scalar result (det of one matrix) with
# the scalar's `astype`, ~1 us; the plain calls cast its 0-d array, which rounds the same.
# A NumPy without these private names gets stand-ins that raise LinAlgError (`gufunc`,
# `run_lapack`): every call then takes the checked path.


def signatures(real: str, complex_: str) -> dict:
    """The gufunc signature for each LAPACK dtype: `real` for float32/float64 (both run in
    float64), `complex_` for complex64/complex128."""
    return {d: complex_ if d.kind == "c" else real for d in COMPLEX_OF}


SQUARE_SIGNATURES = signatures("d->d", "D->D")  # one matrix in, one out (inv, cholesky...)


def _failed(err, flag):
    raise LinAlgError("LAPACK failed")  # reworded by the checked path


def _missing(*args, **kwargs):
    raise LinAlgError("no such LAPACK gufunc in this NumPy")


try:
    from numpy._core._ufunc_config import _extobj_contextvar as _FP_STATE
    from numpy._core._ufunc_config import _make_extobj
    from numpy.linalg import _umath_linalg as _GUFUNCS

    # np.linalg's errstate(call=..., invalid="call", over/divide/under="ignore"), built once
    _LAPACK_STATE = _make_extobj(
        call=_failed, invalid="call", over="ignore", divide="ignore", under="ignore"
    )
except (ImportError, AttributeError, TypeError):  # another NumPy layout
    _GUFUNCS = None


def gufunc(name: str):
    """NumPy's LAPACK gufunc `name`; where this NumPy lacks it, a stand-in raising
    LinAlgError, so that plain calls take the checked path (see Note [LAPACK gufuncs])."""
    return getattr(_GUFUNCS, name, _missing)


def run_lapack(fn, signature: str, *operands):
    """`fn(*operands)` as np.linalg calls its gufunc `fn`, in its error state: LinAlgError
    where LAPACK fails."""
    if _GUFUNCS is None:  # no error state to set either
        raise LinAlgError("no LAPACK gufuncs in this NumPy")
    token = _FP_STATE.set(_LAPACK_STATE)
    try:
        return fn(*operands, signature=signature)
    finally:
        _FP_STATE.reset(token)


def _answers_as_numpy() -> bool:
    """Whether the gufuncs answer as np.linalg does: checked once, on an invertible 2x2 (inv,
    det) and a singular one (inv must raise LinAlgError through the error state)."""
    m, same = np.array([[2.0, 1.0], [1.0, 3.0]]), False
    try:
        same = np.array_equal(run_lapack(_GUFUNCS.inv, "d->d", m), np.linalg.inv(m))
        same = same and run_lapack(_GUFUNCS.det, "d->d", m) == np.linalg.det(m)
        run_lapack(_GUFUNCS.inv, "d->d", np.zeros((2, 2)))
    except LinAlgError:
        return same
    except Exception:  # noqa: BLE001 (any other answer: the checked path for every call)
        return False
    return False


if _GUFUNCS is not None and not _answers_as_numpy():
    _GUFUNCS = None

# Each LAPACK dtype's real dtype (of its results that are real), the dtype LAPACK computes
# it in (NumPy's double precision), and its real dtype's eps, as `default_rtol` reads them.
REAL_OF = {d: np.dtype(r) for d, r in zip(COMPLEX_OF, "fdfd", strict=True)}
COMPUTE_OF = {d: np.dtype(c) for d, c in zip(COMPLEX_OF, "ddDD", strict=True)}
_EPS = {d: np.finfo(r).eps for d, r in REAL_OF.items()}


def plain_rtol(data, rtol):
    """`default_rtol(data, rtol)` for plain `data` (see `plain`) and an rtol of None or a Python
    float of at least 0, as a NumPy scalar of the real dtype (which multiplies as the 0-d array
    does); None for any other rtol, which the checked path reads."""
    eps = _EPS[data.dtype]
    if rtol is None:
        return max(data.shape[-2:]) * eps
    return eps.dtype.type(rtol) if type(rtol) is float and rtol >= 0 else None


def default_rtol(data, rtol, func: str):
    """The `rtol` of matrix_rank/pinv as an array broadcastable against the stack shape."""
    real = _dtypes.real_dtype(dtype_of(data))
    xp = backend_of(data).xp
    if rtol is None:
        eps = np.finfo(real.numpy).eps
        return xp.asarray(max(data.shape[-2:]) * eps, dtype=real.numpy)
    if isinstance(rtol, Array):
        rdt = rtol.dtype
        if rdt not in _dtypes.REAL_FLOATING:
            raise TypeError(
                f"{func}: rtol has dtype {rdt.name}, but must be a real "
                "floating-point array or a Python float"
            )
        same_device(func, data, rtol._data)
        return rtol._data
    if isinstance(rtol, bool) or not isinstance(rtol, (int, float, np.floating, np.integer)):
        raise TypeError(
            f"{func}: rtol must be a float or a real floating-point array; got "
            f"{type(rtol).__name__}"
        )
    return xp.asarray(rtol, dtype=real.numpy)

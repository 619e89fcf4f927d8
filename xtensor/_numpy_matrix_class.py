"""NumPy's `matrix` class: an Array that is always 2-d, where `*` and `**` are the matrix
product and power, and reductions and indexing keep rows and columns as 1xN and Nx1 matrices.

NumPy keeps the class (pending deprecation) for code written against MATLAB habits, and
tutorials still teach it, so `import xtensor as np` runs those scripts. `matrix` is an Array
subclass over the same kind of 2-d buffer, as `recarray` is (`rec.py`); each method computes
on a plain Array view of that buffer with xtensor's functions, then gives the result NumPy's
matrix shape (`_matrix_of`: 1-d -> (1, n), 0-d -> (1, 1)). The namespace's functions reach a
matrix through NumPy's override protocols: xtensor hands a call with a matrix operand to NumPy's
function of that name, as it does for another library's array (`_foreign` in
`_dispatch/host_only.py`), and NumPy hands it to `matrix.__array_ufunc__` (ufuncs: computed by
xtensor, result made a matrix) or `matrix.__array_function__` (everything else: NumPy's own
function on NumPy's matrix view, so its quirks are NumPy's). Matrices live on the CPU.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Iterator
from typing import Any

import numpy as np

from ._array import Array, _new, wrap
from ._core import dtypes as _dtypes
from ._core.devices import CPU
from ._creation import asarray
from ._dispatch.reduction import warn_at_caller
from ._elementwise import conj
from ._linear_algebra import dot
from ._numpy_math import ptp
from .linalg import inv, matrix_power, pinv

# NumPy's own words, so that a script filtering on them (or one run with -W error) sees the
# same warning.
MATRIX_WARNING = (
    "the matrix subclass is not the recommended way to represent matrices or deal with linear "
    "algebra (see https://docs.scipy.org/doc/numpy/user/numpy-for-matlab-users.html). Please "
    "adjust your code to use regular ndarray."
)


def warn_made() -> None:
    """NumPy's PendingDeprecationWarning for a matrix made by the user's line."""
    warn_at_caller(MATRIX_WARNING, PendingDeprecationWarning)


class matrix(Array):
    """NumPy's `matrix`: a 2-d Array where `*` is the matrix product and `**` the matrix
    power. `matrix(data, dtype=None, copy=True)` reads nested lists, arrays, matrices and
    MATLAB-style strings ('1 2; 3 4'); 1-d data becomes one row, a scalar a 1x1 matrix.
    """

    __slots__ = ()

    def __new__(cls, data: Any, dtype: Any = None, copy: bool = True) -> matrix:
        warn_made()
        return made(data, dtype, copy)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass  # `__new__` made it; Array's own constructor refuses direct calls

    def __array_finalize__(self, obj: Any) -> None:
        """NumPy's hook on a new view (`x.view(xt.matrix)`): the data takes a matrix's shape."""
        shape = matrix_shape(self._data.shape)
        if shape != self._data.shape:
            self._data = self._data.reshape(shape)

    def __reduce__(self) -> tuple:
        return (_rebuilt, (np.asarray(self._host()),))

    def _host(self) -> np.ndarray:
        data = self._data
        if type(data) is not np.ndarray:
            raise TypeError(f"matrix: {_CPU_ONLY}")
        return data

    # --- printing: NumPy's, of its matrix view of the same memory ---------------------------
    def __repr__(self) -> str:
        return np.array_repr(self._numpy_view())

    def _numpy_view(self) -> np.ndarray:
        """The data as NumPy's own class, for NumPy's printing (`array_repr` names it)."""
        return self._host().view(np.matrix)

    def __str__(self) -> str:
        return np.array_str(self._host())

    # --- NumPy's override protocols --------------------------------------------------------
    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """A NumPy ufunc of matrices (and what xtensor's ufuncs hand over): xtensor computes it
        on plain views, and each array result is a matrix, as NumPy's are."""
        if method == "outer" and any(isinstance(v, matrix) for v in inputs):
            raise TypeError(
                f"{ufunc.__name__}.outer: NumPy refuses a matrix operand here; convert it to "
                "an array with matrix.A first"
            )
        out = kwargs.get("out")
        if out:
            kwargs = {**kwargs, "out": tuple(plain(o) for o in out)}
        r = Array._ufunc_protocol(plain(self), ufunc, method, tuple(map(plain, inputs)), kwargs)
        if out:
            return out[0] if len(out) == 1 else out
        return as_result(r)

    def __array_function__(self, func: Any, types: Any, args: tuple, kwargs: dict) -> Any:
        """A NumPy function of a matrix: NumPy's own answer, from NumPy's matrix view of the
        same memory (its results are matrices exactly where NumPy's are)."""
        if not all(issubclass(t, (Array, np.ndarray)) for t in types):
            return NotImplemented
        given: dict = {}
        host_args = _numpy_side(args, given)
        host_kwargs = {k: _numpy_side(v, given) for k, v in kwargs.items()}
        return _xtensor_side(func(*host_args, **host_kwargs), given)

    # --- the matrix product and power --------------------------------------------------------
    def __mul__(self, other: Any) -> Any:
        if _is_array(other) or type(other) in (list, tuple):
            return as_result(dot(plain(self), plain(asmatrix_made(other))))
        if np.isscalar(other) or _is_scalar(other) or not hasattr(other, "__rmul__"):
            return as_result(dot(plain(self), other))
        return NotImplemented

    def __rmul__(self, other: Any) -> Any:
        return as_result(dot(plain(other), plain(self)))

    def __imul__(self, other: Any) -> matrix:
        self[:] = self * other
        return self

    def __pow__(self, other: Any) -> matrix:
        return as_result(matrix_power(plain(self), _exponent(other)))

    def __ipow__(self, other: Any) -> matrix:
        self[:] = self**other
        return self

    def __rpow__(self, other: Any) -> Any:
        return NotImplemented  # NumPy's matrix has no power with a matrix exponent

    # --- indexing: rows and columns stay 2-d ---------------------------------------------------
    def __getitem__(self, key: Any) -> Any:
        out = Array.__getitem__(plain(self), _plain_key(key))
        if not isinstance(out, Array) or out.ndim == 0:
            return out  # an element: xtensor's scalar, as NumPy's matrix answers a scalar
        if out.ndim == 1:
            n = out.shape[0]
            column = type(key) is tuple and len(key) > 1 and _is_scalar(key[1])
            return _view(out._data.reshape((n, 1) if column else (1, n)))
        return _view(out._data)  # (NumPy keeps even a 3-d result of m[None] a matrix)

    def __setitem__(self, key: Any, value: Any) -> None:
        key, value = _plain_key(key), plain(value)
        try:
            Array.__setitem__(plain(self), key, value)
        except ValueError:
            # NumPy broadcasts the value to the matrix-shaped target: `m[:, 1] = column`
            # takes a (3, 1) column where the plain target is (3,).
            target = Array.__getitem__(plain(self), key)
            shape = self[key].shape if isinstance(target, Array) and target.ndim else None
            if shape is None or shape == target.shape:
                raise
            v = asarray(value)
            try:
                v = np.broadcast_to(v._data, shape).reshape(target.shape)
            except ValueError:
                raise ValueError(
                    f"__setitem__: could not broadcast the value of shape {v.shape} into the "
                    f"matrix's selection of shape {shape}"
                ) from None
            Array.__setitem__(plain(self), key, wrap(v))

    def __iter__(self) -> Iterator[matrix]:
        return map(self.__getitem__, range(self._data.shape[0]))

    # --- NumPy's matrix attributes -------------------------------------------------------------
    @property
    def T(self) -> matrix:
        """The transpose, a matrix."""
        return _view(self._data.T)

    @property
    def mT(self) -> matrix:
        return _view(self._data.swapaxes(-1, -2))

    @property
    def H(self) -> matrix:
        """The conjugate transpose (the transpose itself for real data)."""
        t = _view(self._data.T)
        return as_result(conj(plain(t))) if self._data.dtype.kind == "c" else t

    @property
    def I(self) -> matrix:  # noqa: E743 - NumPy's name
        """The inverse (the pseudo-inverse of a matrix that is not square)."""
        rows, cols = self._data.shape[-2:]
        warn_made()  # (NumPy's makes it with asmatrix, which warns)
        return as_result((inv if rows == cols else pinv)(plain(self)))

    @property
    def A(self) -> Array:
        """The same data as a plain 2-d Array."""
        return plain(self)

    @property
    def A1(self) -> Array:
        """The data as a plain 1-d Array (a view where the layout allows)."""
        return plain(self).ravel()

    def getA(self) -> Array:
        return self.A

    def getA1(self) -> Array:
        return self.A1

    def getT(self) -> matrix:
        return self.T

    def getH(self) -> matrix:
        return self.H

    def getI(self) -> matrix:
        return self.I

    @property
    def real(self) -> matrix:
        return as_result(plain(self).real)

    @real.setter
    def real(self, value: Any) -> None:
        plain(self).real = plain(value)

    @property
    def imag(self) -> matrix:
        return as_result(plain(self).imag)

    @imag.setter
    def imag(self, value: Any) -> None:
        plain(self).imag = plain(value)

    def round(self, decimals: int = 0, out: Any = None) -> Any:
        """Rounded to `decimals` places: a matrix for whole numbers, else (as NumPy's
        matrix answers it) a plain Array."""
        r = plain(self).round(decimals, plain(out))
        return out if out is not None else as_result(r) if decimals == 0 else r

    def tolist(self) -> list:
        return plain(self).tolist()

    def ravel(self, order: str = "C") -> matrix:
        """The elements as one row (a view where the layout allows)."""
        return as_result(plain(self).ravel(order))

    def flatten(self, order: str = "C") -> matrix:
        """A copy of the elements as one row."""
        return as_result(plain(self).flatten(order))

    def squeeze(self, axis: Any = None) -> matrix:
        """Axes of length 1 dropped, and the result a matrix again (a column becomes a row)."""
        return as_result(plain(self).squeeze(axis))

    # --- reductions: axis=None a scalar, an axis a 1xN row or Nx1 column ---------------------
    def sum(self, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
        return _kept("sum", self, axis, out, dtype=dtype)

    def prod(self, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
        return _kept("prod", self, axis, out, dtype=dtype)

    def mean(self, axis: Any = None, dtype: Any = None, out: Any = None) -> Any:
        return _kept("mean", self, axis, out, dtype=dtype)

    def std(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: float = 0) -> Any:
        return _kept("std", self, axis, out, dtype=dtype, ddof=ddof)

    def var(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: float = 0) -> Any:
        return _kept("var", self, axis, out, dtype=dtype, ddof=ddof)

    def max(self, axis: Any = None, out: Any = None) -> Any:
        return _kept("max", self, axis, out)

    def min(self, axis: Any = None, out: Any = None) -> Any:
        return _kept("min", self, axis, out)

    def any(self, axis: Any = None, out: Any = None) -> Any:
        return _kept("any", self, axis, out)

    def all(self, axis: Any = None, out: Any = None) -> Any:
        return _kept("all", self, axis, out)

    def argmax(self, axis: Any = None, out: Any = None) -> Any:
        return _aligned(plain(self).argmax(axis, plain(out)), axis, out)

    def argmin(self, axis: Any = None, out: Any = None) -> Any:
        return _aligned(plain(self).argmin(axis, plain(out)), axis, out)

    def ptp(self, axis: Any = None, out: Any = None) -> Any:
        """Peak to peak (max - min), aligned as argmax is."""
        return _aligned(ptp(plain(self), axis, plain(out)), axis, out)


_CPU_ONLY = "NumPy's matrix class lives on the CPU; move the data with x.to_device('cpu') first"


def _rebuilt(data: np.ndarray) -> matrix:
    return _view(np.asarray(data))


def _view(data: Any) -> matrix:
    """A matrix over 2-d backing data `data` (no checks, no copy)."""
    m = _new(matrix)
    m._data = data
    return m


def plain(x: Any) -> Any:
    """A matrix as a plain Array over the same memory; anything else as it is."""
    if isinstance(x, matrix):
        a = _new(Array)
        a._data = x._data
        return a
    return x


def _plain_key(key: Any) -> Any:
    if type(key) is tuple:
        return tuple(map(plain, key))
    return plain(key)


def matrix_shape(shape: tuple) -> tuple:
    """The shape NumPy gives an array made a matrix: 2-d as it is, 1-d a row, 0-d 1x1, and
    more axes only where all but two have length 1."""
    if len(shape) == 2:
        return shape
    if len(shape) > 2:
        shape = tuple(n for n in shape if n > 1)
        if len(shape) > 2:
            raise ValueError("shape too large to be a matrix.")  # NumPy's words
        if len(shape) == 2:
            return shape
    return (1, shape[0]) if shape else (1, 1)


def as_result(r: Any) -> Any:
    """A result of xtensor's functions as a matrix (each Array of a tuple too)."""
    if isinstance(r, Array):
        if isinstance(r, matrix):
            return r
        data = r._data
        shape = matrix_shape(data.shape)
        return _view(data if shape == data.shape else data.reshape(shape))
    if type(r) is tuple:
        return tuple(as_result(v) for v in r)
    return r


def _is_array(x: Any) -> bool:
    return isinstance(x, np.ndarray) or isinstance(x, Array) and x.ndim > 0


def _is_scalar(x: Any) -> bool:
    """A Python or NumPy number, or the 0-d Array xtensor answers in its place."""
    return isinstance(x, (int, float, complex, np.generic)) or isinstance(x, Array) and not x.ndim


def _exponent(n: Any) -> int:
    try:
        return operator.index(n)
    except TypeError:
        raise TypeError(
            f"matrix **: the exponent must be an integer; got {type(n).__name__}"
        ) from None


def _kept(name: str, m: matrix, axis: Any, out: Any, **options: Any) -> Any:
    """Reduction `name` of `m` with its axes kept: a 1xN or Nx1 matrix, or with axis=None
    the one element (xtensor's scalar)."""
    options = {k: v for k, v in options.items() if v is not None}
    r = getattr(plain(m), name)(axis=axis, out=plain(out), keepdims=True, **options)
    if out is not None:
        r = out
    return r[0, 0] if axis is None else as_result(r)


def _aligned(r: Any, axis: Any, out: Any) -> Any:
    """argmax's result laid out as NumPy's matrix does: a row for axis 0, a column for axis 1."""
    if out is not None:
        r = out
    if axis is None:
        return r[0, 0] if isinstance(r, matrix) else r
    r = as_result(r)
    if axis == 0:
        return r
    if axis == 1:
        return r.T
    raise ValueError(f"matrix: unsupported axis {axis!r}; use 0, 1 or None")


def made(data: Any, dtype: Any = None, copy: bool = True) -> matrix:
    """`matrix(data, dtype, copy)` without the warning: what the class's constructor makes."""
    if isinstance(data, matrix):
        if dtype is not None and _dtypes.as_dtype(dtype, "matrix") != data.dtype:
            return as_result(plain(data).astype(dtype))
        return data.copy() if copy else data
    if isinstance(data, str):
        data = parsed(data)
    if isinstance(data, (Array, np.ndarray)):  # shared, as NumPy's view of an ndarray is
        x = asarray(data)
        if dtype is not None and _dtypes.as_dtype(dtype, "matrix") != x.dtype:
            x = x.astype(dtype)
        elif copy:
            x = x.copy()
        _check_cpu(x)
        return as_result(x)
    x = asarray(data, dtype=dtype)
    _check_cpu(x)
    if x.ndim > 2:
        raise ValueError("matrix must be 2-dimensional")  # NumPy's words
    return as_result(x)


def _check_cpu(x: Array) -> None:
    if x.device != CPU:
        raise TypeError(f"matrix: {_CPU_ONLY}")


def parsed(text: str) -> list:
    """MATLAB's matrix literal ('1 2; 3 4', '1, 2; 3, 4') as nested lists of Python values."""
    rows = []
    for row in text.split(";"):
        values = []
        for part in row.split(","):
            for token in part.split():
                try:
                    values.append(ast.literal_eval(token))
                except (ValueError, SyntaxError):
                    raise ValueError(
                        f"matrix: {token!r} in {text!r} is not a number; write rows as '1 2; 3 4'"
                    ) from None
        if rows and len(values) != len(rows[0]):
            raise ValueError(f"matrix: rows of {text!r} are not the same size")
        rows.append(values)
    return rows


def asmatrix_made(data: Any) -> matrix:
    """NumPy's `asmatrix(data)`: `data` itself when already a matrix, else a matrix over the
    same memory where it can be; warns as NumPy's does."""
    warn_made()
    return made(data, None, False)


# --- NumPy's functions of matrices: their NumPy view in, xtensor's types out ----------------


def _numpy_side(value: Any, given: dict) -> Any:
    """`value` for NumPy's function: a matrix as NumPy's matrix view, an Array as its buffer
    (each remembered, so a buffer NumPy returns, like `out=`, maps back to its object)."""
    if isinstance(value, Array):
        data = value._data
        if type(data) is not np.ndarray:
            raise TypeError(f"matrix: {_CPU_ONLY}")
        host = data.view(np.matrix) if isinstance(value, matrix) else data
        given[id(host)] = (host, value)
        return host
    if type(value) in (list, tuple):
        return type(value)(_numpy_side(v, given) for v in value)
    return value


def _xtensor_side(value: Any, given: dict) -> Any:
    """NumPy's result with its matrices made xtensor matrices and its other arrays and scalars
    xtensor Arrays (where xtensor has the dtype); an input returned is that input."""
    if isinstance(value, (np.ndarray, np.generic)):
        known = given.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        try:
            _dtypes.from_numpy(value.dtype)
        except TypeError:
            return value  # a dtype xtensor has no Array of
        if isinstance(value, np.matrix):
            return _view(value.view(np.ndarray))
        return wrap(value if isinstance(value, np.ndarray) else np.asarray(value))
    if isinstance(value, (tuple, list)):
        items = [_xtensor_side(v, given) for v in value]
        if hasattr(type(value), "_fields"):  # a named tuple (EigResult, SVDResult...)
            return type(value)(*items)
        return type(value)(items)
    return value


def _keeping(name: str) -> Any:
    """Array's method `name`, computed on the plain view and answering a matrix, as NumPy's
    ndarray methods answer a matrix for a matrix."""

    def kept(self: matrix, *args: Any, **kwargs: Any) -> Any:
        r = getattr(Array, name)(  # (installed after this module)
            plain(self), *map(plain, args), **{k: plain(v) for k, v in kwargs.items()}
        )
        if name == "view" and (kwargs.get("type") is not None or _a_type(args)):
            return r  # `m.view(xt.ndarray)`: the type asked for
        if kwargs.get("out") is not None:
            return kwargs["out"]  # NumPy answers the `out=` object itself
        return as_result(r)

    kept.__name__ = kept.__qualname__ = name
    kept.__doc__ = f"Array's `{name}`, answering a matrix."
    return kept


def _a_type(args: tuple) -> bool:
    return bool(args) and isinstance(args[0], type) and issubclass(args[0], (Array, np.ndarray))


# NumPy's ndarray methods whose answer for a matrix is a matrix (NumPy's TestMatrixReturn)
KEEPING = (
    "astype", "byteswap", "clip", "compress", "conj", "conjugate", "copy", "cumprod", "cumsum",
    "diagonal", "dot", "repeat", "reshape", "swapaxes", "take", "trace", "transpose",
    "view", "argsort", "argpartition", "__copy__", "__deepcopy__", "__round__",
)  # fmt: skip
for _name in KEEPING:
    setattr(matrix, _name, _keeping(_name))

# Elementwise operators: Array's, on the plain views, each array result a matrix (in place:
# the matrix itself).
_OPERATORS = (
    "add", "sub", "truediv", "floordiv", "mod", "divmod", "and", "or", "xor", "lshift",
    "rshift", "matmul",
)  # fmt: skip
_UNARY = ("__neg__", "__pos__", "__abs__", "__invert__")
_COMPARISONS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")


def _operator(name: str) -> Any:
    def op(self: matrix, *other: Any) -> Any:
        r = getattr(Array, name)(plain(self), *map(plain, other))  # (attached after this)
        return r if r is NotImplemented else as_result(r)

    op.__name__ = op.__qualname__ = name
    return op


def _in_place(name: str) -> Any:
    def op(self: matrix, other: Any) -> Any:
        view = plain(self)
        r = getattr(Array, name)(view, plain(other))
        if r is NotImplemented or r is view:
            return self if r is view else r
        return as_result(r)

    op.__name__ = op.__qualname__ = name
    return op


for _op in _OPERATORS:
    for _name in (f"__{_op}__", f"__r{_op}__"):
        setattr(matrix, _name, _operator(_name))
    if _op != "divmod":
        setattr(matrix, f"__i{_op}__", _in_place(f"__i{_op}__"))
for _name in _UNARY + _COMPARISONS:
    setattr(matrix, _name, _operator(_name))
matrix.__hash__ = None  # (unhashable, as NumPy's: defining __eq__ above keeps Array's hash)

"""`MetaData`: the backing type of the meta device, a shape and a dtype with no memory.

Owns the ndarray-like object the iterator, the backends and the namespace read on the meta
device (shape, dtype, strides, flags, views, indexing, astype, NumPy's ufunc protocol) and the
two errors every meta path raises. It knows no namespace function: the shape rules of whole
functions (concatenate, matmul, reductions...) live in `meta_xp.py`.

Note [Meta views]
~~~~~~~~~~~~~~~~~
Views (reshape, transpose, basic indexing, broadcast_to, moveaxis...) run NumPy itself on a
*stand-in*: one element seen through zero strides, `numpy.broadcast_to(numpy.zeros((), dtype),
shape)`. NumPy then checks the arguments and raises its own errors (IndexError, ValueError,
AxisError) exactly as for a real array, and a view of 10**12 elements costs one element of
memory; only the result's shape and dtype are kept. Functions that would allocate their result
get explicit shape rules instead (`meta_xp.py`), and dtypes come from NumPy run on 0-d arrays,
so promotion, NEP 50 scalars and casting errors are NumPy's own.

Note [Meta strides]
~~~~~~~~~~~~~~~~~~~
Meta arrays have no memory layout: each one reports the strides and flags of a C-contiguous
array of its shape, views included, so the iterator plans as for contiguous operands.

Note [Meta errors]
~~~~~~~~~~~~~~~~~~
Reading values (`item`, `tolist`, `float(x)`, `__array__`, `__dlpack__`, moving to another
device) raises RuntimeError, as PyTorch's `item()` of a meta tensor does: the call itself is
wrong for a meta array. A function the meta device cannot run, because its result shape depends
on values (`nonzero`, `unique_values`, boolean masks) or because nobody wrote its shape rule
(`linalg.svd`, `fft.fft`), raises NotImplementedError, as PyTorch's meta kernels do. Both name
the function. Shape and dtype errors are the same classes as on a real array.
"""

from __future__ import annotations

import operator

import numpy as np

from .._core.checks import SCALARS
from .._core.devices import META

VALUE_DEPENDENT = "the shape of its result depends on the values, which meta arrays do not have"
_MAX_BYTES = np.iinfo(np.intp).max


def no_data(func: str) -> RuntimeError:
    """The error of reading values from a meta array (see Note [Meta errors])."""
    return RuntimeError(
        f"{func}: meta arrays have no data (the meta device keeps shapes and dtypes only); "
        "create the array on 'cpu' or 'cuda' to compute values"
    )


def unsupported(func: str, why: str = "") -> NotImplementedError:
    """The error of a function the meta device cannot run (see Note [Meta errors])."""
    return NotImplementedError(
        f"{func}: not supported on the meta device{': ' + why if why else ''}"
    )


def _c_strides(shape: tuple, itemsize: int) -> tuple:
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


class _Flags:
    """The flags of a C-contiguous array (see Note [Meta strides])."""

    __slots__ = ("f_contiguous",)
    c_contiguous = contiguous = writeable = aligned = owndata = True
    writebackifcopy = False

    def __init__(self, shape: tuple):
        self.f_contiguous = sum(n != 1 for n in shape) <= 1 or 0 in shape

    def __getitem__(self, name: str) -> bool:
        return getattr(self, {"C": "c_contiguous", "F": "f_contiguous"}.get(name, name).lower())


def meta(shape: tuple, dtype: np.dtype) -> MetaData:
    """A MetaData of a shape and numpy dtype already known to be valid (views, rules)."""
    m = _new(MetaData)
    m.shape = shape
    m.dtype = dtype
    return m


class MetaData:
    """Shape and dtype of an array on the meta device; NumPy's ndarray attributes without data.

    >>> MetaData((10**12,), "f8").nbytes
    8000000000000
    """

    __slots__ = ("shape", "dtype", "__weakref__")
    device = META
    base = None
    # numpy.<name> -> the meta function of that name, for NumPy's __array_function__ protocol
    # (filled by meta_xp.py, which sits above this module).
    functions: dict = {}

    def __init__(self, shape, dtype):
        shape = tuple(operator.index(n) for n in shape)
        dtype = np.dtype(dtype)
        nbytes = dtype.itemsize
        for n in shape:
            if n < 0:
                raise ValueError(f"negative dimensions are not allowed; got shape {shape}")
            nbytes *= n
        if nbytes > _MAX_BYTES:
            raise ValueError(f"array is too big: shape {shape} of {dtype} needs {nbytes} bytes")
        self.shape = shape
        self.dtype = dtype

    # --- attributes -----------------------------------------------------------------------
    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def strides(self) -> tuple:
        return _c_strides(self.shape, self.dtype.itemsize)

    @property
    def flags(self) -> _Flags:
        return _Flags(self.shape)

    @property
    def T(self) -> MetaData:
        return meta(self.shape[::-1], self.dtype)

    @property
    def mT(self) -> MetaData:
        return self._view(lambda s: s.mT)

    @property
    def real(self) -> MetaData:
        return meta(self.shape, self.dtype if self.dtype.kind != "c" else _real(self.dtype))

    @property
    def imag(self) -> MetaData:
        return self.real

    def __repr__(self) -> str:
        return f"MetaData(shape={self.shape}, dtype={self.dtype})"

    def __reduce__(self):
        return MetaData, (self.shape, self.dtype)

    # --- views: NumPy on a stand-in (Note [Meta views]) ------------------------------------
    def standin(self) -> np.ndarray:
        """One element of this dtype seen at this shape through zero strides (read-only)."""
        return np.broadcast_to(np.zeros((), self.dtype), self.shape)

    def _view(self, view) -> MetaData:
        r = view(self.standin())
        return meta(r.shape, r.dtype)

    def reshape(self, *shape, order="C", copy=None) -> MetaData:
        options = {"order": order} if copy is None else {"order": order, "copy": copy}
        return self._view(lambda s: s.reshape(*shape, **options))

    def transpose(self, *axes) -> MetaData:
        return self._view(lambda s: s.transpose(*axes))

    def swapaxes(self, axis1, axis2) -> MetaData:
        return self._view(lambda s: s.swapaxes(axis1, axis2))

    def squeeze(self, axis=None) -> MetaData:
        return self._view(lambda s: s.squeeze(axis))

    def diagonal(self, offset=0, axis1=0, axis2=1) -> MetaData:
        return self._view(lambda s: s.diagonal(offset, axis1, axis2))

    def ravel(self, order="C") -> MetaData:
        # reshape, not ndarray.ravel: a stand-in is not contiguous, and ravel would copy it.
        return self._view(lambda s: s.reshape(-1, order=order if order in "CF" else "C"))

    flatten = ravel

    def copy(self, order="C") -> MetaData:
        return meta(self.shape, self.dtype)

    def conj(self) -> MetaData:
        return meta(self.shape, self.dtype)

    conjugate = conj

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True) -> MetaData:
        # NumPy's own casting check, on a 0-d array of this dtype.
        dtype = np.zeros((), self.dtype).astype(dtype, casting=casting).dtype
        return self if dtype == self.dtype and not copy else meta(self.shape, dtype)

    def view(self, dtype=None, type=None) -> MetaData:
        if dtype is None or np.dtype(dtype).itemsize == self.dtype.itemsize:
            return meta(self.shape, self.dtype if dtype is None else np.dtype(dtype))
        dtype = np.dtype(dtype)
        last = self.shape[-1] * self.dtype.itemsize if self.shape else None
        if last is None or last % dtype.itemsize:
            raise ValueError(
                f"view: cannot view {self.dtype} of shape {self.shape} as {dtype}: the last axis "
                "must hold a whole number of the new items"
            )
        return meta(self.shape[:-1] + (last // dtype.itemsize,), dtype)

    def take(self, indices, axis=None, out=None, mode="raise") -> MetaData:
        return MetaData.functions["take"](self, indices, axis=axis, out=out, mode=mode)

    # --- indexing ---------------------------------------------------------------------------
    def __getitem__(self, key) -> MetaData:
        items = key if type(key) is tuple else (key,)
        if any(_is_index_array(k) for k in items):
            return _advanced(self.shape, self.dtype, items)
        return self._view(lambda s: s[key])

    def __setitem__(self, key, value) -> None:
        """No values to write: the checks of a real assignment only (key, broadcast, cast)."""
        target = self[key]
        if type(value) in SCALARS or not hasattr(value, "shape"):
            probe = np.zeros((), self.dtype)
            probe[...] = value  # NumPy's errors: OverflowError, TypeError...
            return
        shape = tuple(value.shape)
        while len(shape) > target.ndim and shape[0] == 1:  # NumPy drops leading 1s here
            shape = shape[1:]
        if len(shape) > target.ndim or any(
            v not in (1, t) for v, t in zip(shape[::-1], target.shape[::-1])
        ):
            raise ValueError(
                f"could not broadcast input array from shape {value.shape} into shape "
                f"{target.shape}"
            )

    @property
    def flat(self):
        raise unsupported("flat")

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(self.shape[0]))

    # --- values: refused (Note [Meta errors]) ------------------------------------------------
    def item(self, *args):
        raise no_data("item")

    def tolist(self):
        raise no_data("tolist")

    def tobytes(self, order="C"):
        raise no_data("tobytes")

    def tofile(self, *args, **kwargs):
        raise no_data("tofile")

    def __array__(self, dtype=None, copy=None):
        raise no_data("__array__")

    def __dlpack__(self, **kwargs):
        raise no_data("__dlpack__")

    def __dlpack_device__(self):
        raise no_data("__dlpack_device__")

    def __bool__(self):
        raise no_data("bool()")

    def __int__(self):
        raise no_data("int()")

    def __float__(self):
        raise no_data("float()")

    def __complex__(self):
        raise no_data("complex()")

    def __index__(self):
        raise no_data("__index__")

    # --- NumPy's protocols: ufuncs and functions on meta data ---------------------------------
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return MetaData.functions["<ufunc>"](ufunc, method, inputs, kwargs)

    def __array_function__(self, func, types, args, kwargs):
        if any(t is not MetaData and not issubclass(t, np.ndarray) for t in types):
            return NotImplemented
        name = func.__name__
        impl = MetaData.functions.get(name) if getattr(np, name, None) is func else None
        if impl is None:
            raise unsupported(f"numpy.{name}")
        return impl(*args, **kwargs)


def _binary(ufunc, reflected: bool = False, in_place: bool = False):
    if in_place:
        return lambda self, other: ufunc(self, other, out=(self,))
    if reflected:
        return lambda self, other: ufunc(other, self)
    return lambda self, other: ufunc(self, other)


_BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "truediv": np.true_divide,
    "floordiv": np.floor_divide,
    "mod": np.remainder,
    "pow": np.power,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "xor": np.bitwise_xor,
    "lshift": np.left_shift,
    "rshift": np.right_shift,
    "matmul": np.matmul,
}
for _name, _ufunc in _BINARY.items():
    setattr(MetaData, f"__{_name}__", _binary(_ufunc))
    setattr(MetaData, f"__r{_name}__", _binary(_ufunc, reflected=True))
    setattr(MetaData, f"__i{_name}__", _binary(_ufunc, in_place=True))
for _name, _ufunc in {
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}.items():
    setattr(MetaData, f"__{_name}__", _binary(_ufunc))
MetaData.__neg__ = lambda self: np.negative(self)
MetaData.__pos__ = lambda self: np.positive(self)
MetaData.__abs__ = lambda self: np.absolute(self)
MetaData.__invert__ = lambda self: np.invert(self)

_new = object.__new__


def _real(dtype: np.dtype) -> np.dtype:
    return np.dtype(f"f{dtype.itemsize // 2}")


# --- advanced indexing ---------------------------------------------------------------------


def _is_index_array(k) -> bool:
    return isinstance(k, (MetaData, np.ndarray, list)) or (
        hasattr(k, "dtype") and hasattr(k, "shape") and not isinstance(k, np.generic)
    )


_ADVANCED = object()  # where the broadcast index dims go, in `_advanced`


def _advanced(shape: tuple, dtype: np.dtype, items: tuple) -> MetaData:
    """NumPy's result shape of indexing `shape` with integer arrays (shapes only: meta index
    arrays have no values, so their bounds cannot be checked)."""
    items = [np.asarray(k) if isinstance(k, list) else k for k in items]
    for k in items:
        if type(k) is bool or (_is_index_array(k) and k.dtype.kind == "b"):
            raise unsupported("__getitem__", "boolean indices select by value; " + VALUE_DEPENDENT)
        if _is_index_array(k) and k.dtype.kind not in "iu":
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
    ellipses = sum(k is Ellipsis for k in items)
    used = sum(k is not None and k is not Ellipsis for k in items)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if used > len(shape):
        raise IndexError(
            f"too many indices for array: array is {len(shape)}-dimensional, but {used} "
            "were indexed"
        )
    fill = [slice(None)] * (len(shape) - used)
    at = next((i for i, k in enumerate(items) if k is Ellipsis), len(items))
    items = items[:at] + fill + items[at + 1 :]
    dims, blocks, positions, axis = [], [], [], 0
    for position, k in enumerate(items):
        if k is None:
            dims.append(1)
            continue
        n = shape[axis]
        if type(k) is slice:
            dims.append(len(range(*k.indices(n))))
        else:
            blocks.append(_index_shape(k, axis, n))
            positions.append(position)
            dims.append(_ADVANCED)
        axis += 1
    try:
        block = list(np.broadcast_shapes(*blocks))
    except ValueError:
        raise IndexError(
            "shape mismatch: indexing arrays could not be broadcast together with shapes "
            + " ".join(str(s) for s in blocks)
        ) from None
    basic = [d for d in dims if d is not _ADVANCED]
    if positions[-1] - positions[0] == len(positions) - 1:  # adjacent: the block stays there
        first = next(i for i, d in enumerate(dims) if d is _ADVANCED)
        return meta(tuple(dims[:first] + block + basic[first:]), dtype)
    return meta(tuple(block + basic), dtype)


def _index_shape(k, axis: int, n: int) -> tuple:
    """The shape one integer index (an array, or an int taken as a 0-d one) broadcasts as."""
    if not _is_index_array(k):
        try:
            i = operator.index(k)
        except TypeError:
            raise IndexError(
                "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                "integer or boolean arrays are valid indices"
            ) from None
        if not -n <= i < n:
            raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
        return ()
    if n == 0 and k.size:  # whatever the values, none is in bounds
        raise IndexError(f"index 0 is out of bounds for axis {axis} with size 0")
    return tuple(k.shape)


__all__ = ["VALUE_DEPENDENT", "MetaData", "meta", "no_data", "unsupported"]

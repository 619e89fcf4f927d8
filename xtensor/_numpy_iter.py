"""NumPy's iterator objects, `nditer` and `nested_iters`, over xtensor arrays on the CPU.

xtensor's own TensorIterator (`_iter/`) runs loops inside the library; these are NumPy's
user-facing iterator, for scripts that walk arrays element by element in Python. Each is a
thin layer over `numpy.nditer`, run on the operands' host memory (no copy), with every array
it hands out wrapped as an xtensor Array around the same memory:

- iterating yields 0-d Arrays (1-d with 'external_loop'; a tuple of them with several
  operands) that are views into the operands, so `x[...] = 2 * x` under
  `op_flags=['readwrite']` writes into the xtensor array, and `print(x)` prints the element as
  NumPy's 0-d arrays do (`3.0`, not `array(3.0)`);
- `operands`, `value` and `itviews` are Arrays; `multi_index`, `index`, `iterindex`, `shape`
  and the other integers and flags are NumPy's; `dtypes` are xtensor dtypes;
- with 'buffered' the yielded arrays are NumPy's buffers, written back when the iterator
  moves on or closes, exactly as in NumPy (so use `with nditer(...) as it:`).

Flags, `op_flags`, `order`, `casting`, `op_axes` and the rest are NumPy's and mean what they
mean there. Only CPU arrays can be iterated: NumPy walks host memory, and a CUDA array's
elements are not there (TypeError; copy with `x.to_device('cpu')`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ._array import Array, _new, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._typing import DTypeLike


def _host_operand(value: Any, func: str, i: int) -> Any:
    """An operand as NumPy's nditer takes it: an Array's own host memory (no copy)."""
    if isinstance(value, Array):
        data = value._data
        if type(data) is not np.ndarray:
            where = "on the meta device" if value.device.kind == "meta" else "on a CUDA device"
            raise TypeError(
                f"{func}: operand {i} lives {where}; NumPy's iterator walks host memory "
                "only. Copy it with x.to_device('cpu') first"
            )
        return data
    return value


def _host_operands(op: Any, func: str) -> Any:
    if isinstance(op, (list, tuple)):
        return [_host_operand(o, func, i) for i, o in enumerate(op)]
    return _host_operand(op, func, 0)


def _numpy_dtypes(op_dtypes: Any) -> Any:
    def one(d):
        return d.numpy if isinstance(d, _dtypes.DType) else d

    if isinstance(op_dtypes, (list, tuple)):
        return [one(d) for d in op_dtypes]
    return one(op_dtypes)


def _wrapped(value: Any) -> Any:
    """NumPy's arrays (alone or in a tuple) as Arrays around the same memory; a 0-d one (an
    element `for x in nditer(a)` gives) prints as the 0-d array it is, as in NumPy."""
    if type(value) is np.ndarray:
        return made_as_array(wrap(value))
    if type(value) is tuple:
        return tuple(_wrapped(v) for v in value)
    return value


class nditer:
    """NumPy's multi-dimensional iterator over xtensor arrays (see the module docstring).

    >>> import xtensor as xp
    >>> a = xp.arange(3)
    >>> with xp.nditer(a, op_flags=['readwrite']) as it:
    ...     for x in it:
    ...         x[...] = 2 * x
    >>> a
    array([0, 2, 4])
    """

    __module__ = "xtensor"

    def __init__(
        self,
        op: Any,
        flags: Sequence[str] | None = None,
        op_flags: Sequence[str] | Sequence[Sequence[str]] | None = None,
        op_dtypes: DTypeLike | Sequence[DTypeLike | None] | None = None,
        order: str = "K",
        casting: str = "safe",
        op_axes: Sequence[Sequence[int]] | None = None,
        itershape: Sequence[int] | None = None,
        buffersize: int = 0,
    ) -> None:
        self._it = np.nditer(
            _host_operands(op, "nditer"),
            flags=flags,
            op_flags=op_flags,
            op_dtypes=_numpy_dtypes(op_dtypes),
            order=order,
            casting=casting,
            op_axes=op_axes,
            itershape=itershape,
            buffersize=buffersize,
        )

    @classmethod
    def _around(cls, numpy_iter: np.nditer) -> nditer:
        self = object.__new__(cls)
        self._it = numpy_iter
        return self

    # --- iteration ----------------------------------------------------------------------------
    def __iter__(self) -> nditer:
        return self

    def __next__(self) -> Any:
        value = next(self._it)
        if type(value) is np.ndarray and not value.ndim:  # one operand's element: `_wrapped`
            r = _new(Array)
            r._data, r._as_ndarray = value, True
            return r
        return _wrapped(value)

    def __len__(self) -> int:
        return len(self._it)

    def __getitem__(self, key: Any) -> Any:
        return _wrapped(self._it[key])

    def __setitem__(self, key: Any, value: Any) -> None:
        self._it[key] = _host_operands(value, "nditer") if isinstance(value, Array) else value

    def __enter__(self) -> nditer:
        self._it.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._it.__exit__(*exc)

    def __copy__(self) -> nditer:
        return self.copy()

    def copy(self) -> nditer:
        """An independent iterator at the same position."""
        return nditer._around(self._it.copy())

    # --- what NumPy's iterator hands out as arrays, as Arrays; the rest as NumPy's ---------------
    @property
    def operands(self) -> tuple:
        """The operands, allocated outputs included, as Arrays over their memory."""
        return _wrapped(self._it.operands)

    @property
    def value(self) -> Any:
        """The current element (or elements), as `next()` gives them."""
        return _wrapped(self._it.value)

    @property
    def itviews(self) -> tuple:
        """The operands in the iterator's memory order, as Arrays."""
        return _wrapped(tuple(self._it.itviews))

    @property
    def dtypes(self) -> tuple:
        """The operands' dtypes as the iterator sees them (after op_dtypes), as xtensor's."""
        return tuple(_dtypes.from_numpy(d) for d in self._it.dtypes)

    # Settable positions, forwarded to NumPy's iterator.
    @property
    def multi_index(self) -> tuple[int, ...]:
        """The current N-d index ('multi_index' flag)."""
        return self._it.multi_index

    @multi_index.setter
    def multi_index(self, value: tuple[int, ...]) -> None:
        self._it.multi_index = value

    @property
    def index(self) -> int:
        """The current flat index ('c_index' or 'f_index' flag)."""
        return self._it.index

    @index.setter
    def index(self, value: int) -> None:
        self._it.index = value

    @property
    def iterindex(self) -> int:
        """The current position in iteration order."""
        return self._it.iterindex

    @iterindex.setter
    def iterindex(self, value: int) -> None:
        self._it.iterindex = value

    @property
    def iterrange(self) -> tuple[int, int]:
        """The (start, stop) range of iteration indices ('ranged' flag)."""
        return self._it.iterrange

    @iterrange.setter
    def iterrange(self, value: tuple[int, int]) -> None:
        self._it.iterrange = value

    def __getattr__(self, name: str) -> Any:
        # The rest of NumPy's iterator: shape, ndim, nop, finished, has_index, itersize,
        # reset(), close(), iternext(), remove_axis(), enable_external_loop(), debug_print()...
        if name.startswith("_"):
            raise AttributeError(name)
        attribute = getattr(self._it, name)
        if callable(attribute):
            return lambda *args, **kwargs: _wrapped(attribute(*args, **kwargs))
        return _wrapped(attribute)

    def __dir__(self) -> list:
        return sorted(set(super().__dir__()) | {n for n in dir(self._it) if not n.startswith("_")})

    def __repr__(self) -> str:
        return f"<xtensor.nditer over {self._it.nop} operand(s), shape {self._it.shape}>"


def nested_iters(
    op: Any,
    axes: Sequence[Sequence[int]],
    flags: Sequence[str] | None = None,
    op_flags: Sequence[Sequence[str]] | None = None,
    op_dtypes: DTypeLike | Sequence[DTypeLike | None] | None = None,
    order: str = "K",
    casting: str = "safe",
    buffersize: int = 0,
) -> tuple:
    """NumPy's nested iterators, one per group of `axes` (outer first), over xtensor arrays:
    advancing an outer iterator resets the inner ones. Each is an `nditer` as above."""
    iterators = np.nested_iters(
        _host_operands(op, "nested_iters"),
        axes,
        flags=flags,
        op_flags=op_flags,
        op_dtypes=_numpy_dtypes(op_dtypes),
        order=order,
        casting=casting,
        buffersize=buffersize,
    )
    return tuple(nditer._around(i) for i in iterators)


NUMPY_ALIASES: dict = {"nditer": nditer, "nested_iters": nested_iters}

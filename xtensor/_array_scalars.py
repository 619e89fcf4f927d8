"""What a 0-d Array does as the NumPy scalar it stands for (Note [Elements are values] in
_array.py): NumPy's operator `**` (its array fast paths, and its scalar math on two values:
Note [Scalar arithmetic] in _dispatch/plans.py), and the Python numbers behind the scalar
methods (`is_integer`, `hex`, `numerator`...). `_array_methods.attach` installs them."""

from __future__ import annotations

import numpy as np

from ._array import Array
from ._core import dtypes as _dtypes
from ._dispatch import elementwise
from ._dispatch.compiled import compiled
from ._dispatch.elementwise import at_caller, restore
from ._dispatch.plans import scalar_arithmetic, value_operator
from ._typing import ArrayLike


def _integral(name: str) -> property:
    """`x.numerator` or `x.denominator` of a 0-d integer array, as of NumPy's integer scalar
    (a `numbers.Integral`: n and 1); other arrays have no such attribute."""

    def get(self: Array) -> int:
        if self.ndim or self.dtype.kind not in "iu":
            raise AttributeError(f"{name}: only 0-dimensional integer arrays have it")
        return int(self) if name == "numerator" else 1

    return property(get)


# Note [Square roots in one pass]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# `x ** 0.5` is NumPy's sqrt, with the standard's +0.0 for -0.0 and +inf for -inf patched in
# after: a second pass, which read all of x again (1.10-1.24x NumPy's time). The C twin runs
# both in one vectorized loop (`half_power` in _dispatch/_cfast_calls.c: sqrt, plus 0.0),
# which its extension builds without math errno (setup.py) so that sqrt vectorizes: 0.4-0.5x
# NumPy's `x ** 0.5` at every size from 10 to 10**6, float32 and float64 alike, on this
# project's AMD EPYC VMs (NumPy's float64 sqrt loop ran ~1.2 ns a value there). Where x holds
# a NaN or a value below -0.0 (-inf included) the loop's answer is dropped for the two passes,
# so NumPy's sqrt gives its "invalid value" warning at the user's line, as NumPy's `**` does.


def _scalar_power(namespace) -> None:
    """NumPy's `ndarray.__pow__` fast path, over the op table's `__pow__`/`__ipow__`.

    NumPy's operator (not `np.power`) turns a floating or complex array raised to exactly
    the Python int 2 or -1, or the Python float 0.5, into `square`, `reciprocal` or `sqrt`
    (`fast_scalar_power` in numpy/_core/src/multiarray/number.c); for complex input these
    round differently from `power`, so `z ** 2` must be `square(z)` to print what NumPy
    prints, and `sqrt` runs vectorized where `power` takes the root element by element, twice
    as slow; integers and bools raised to 2 take `square` too (bools then give int8). Other
    exponents and NumPy scalars take `power`, as in NumPy. `x ** 0.5` is
    the standard's all the same: pow's fix-up patches `sqrt`'s answer where the standard's
    special cases give `(-inf) ** 0.5 == +inf` and `(-0.0) ** 0.5 == +0.0` (`sqrt`: nan and
    -0.0); 2 and -1 agree with them.
    """
    fast = {(int, 2): namespace.square, (int, -1): namespace.reciprocal}
    root, patch = namespace.sqrt, namespace.pow._op.spec.fixup
    inexact, power, in_place = _dtypes.FLOATING, Array.__pow__, Array.__ipow__
    reflected = Array.__rpow__
    host_inexact = frozenset(d.numpy for d in inexact)  # the same, as NumPy dtypes

    def __pow__(self: Array, other: ArrayLike) -> Array:
        if (r := value_operator("pow", self, other)) is not None:
            return r  # values: Note [Scalar arithmetic] in plans.py
        if (r := scalar_arithmetic("pow", self, other, "iufc")) is not None:
            return r  # two values: NumPy's scalar `**` (Note [Scalar arithmetic] in plans.py)
        if type(other) is int and (other == 2 or other == -1):
            d = self._data  # the CPU's dtype test first: `self.dtype` costs a lookup
            if d.dtype in host_inexact if type(d) is np.ndarray else self.dtype in inexact:
                return fast[int, other](self)
            if other == 2 and type(d) is np.ndarray and d.dtype.kind in "biu":
                return fast[int, 2](self)  # as NumPy's: `square` (the same wrapping product;
                # of bools, int8)
        elif type(other) is float and other == 0.5:
            d = self._data
            if type(d) is np.ndarray and d.dtype in host_inexact:
                token = at_caller("sqrt", (d,))  # its warnings at the user's line, as here
                try:
                    r = root(self)  # NumPy's operator: one vectorized pass, as fast as `sqrt`
                finally:
                    restore(token)
                patch((d, other), (r._data,))  # the standard's (-0) ** 0.5 and (-inf) ** 0.5
                return r
        return power(self, other)

    def __rpow__(self: Array, other: ArrayLike) -> Array:
        if (r := value_operator("pow", other, self)) is not None:
            return r
        if (r := scalar_arithmetic("pow", other, self, "iufc")) is not None:
            return r
        return reflected(self, other)

    def __ipow__(self: Array, other: ArrayLike) -> Array:
        # a value (0-d, unmarked): `in_place` has Python run `x = x ** y`; NumPy's 0-d ndarray
        # (marked) is an array, computed in place
        t, array = type(other), self.ndim or getattr(self, "_as_ndarray", None)
        if (t is int or t is float) and array and self.dtype in inexact:
            op = fast.get((t, other))
            if op is not None:
                op(self, out=self)
                return self
        return in_place(self, other)

    for method in (__pow__, __rpow__, __ipow__):
        method.__doc__ = power.__doc__
    # Note [Compiled hot path] in _dispatch/_cfast.c: the C twin of __pow__'s branches
    Array.__pow__ = compiled(
        "scalar_power",
        __pow__,
        slow=power,  # what no branch takes, called by the twin itself (its warnings' line)
        extra=(np.square, np.reciprocal, np.sqrt),
        limit=elementwise.SMALL_NUMEL,  # one chunk, as the twin's `root` and `fast` run it
    )
    Array.__ipow__ = __ipow__
    Array.__rpow__ = compiled("scalar_rpower", __rpow__, slow=reflected)


def _real_scalar(x: Array, func: str, kinds: str, hint: str = "") -> int | float:
    """The Python number 0-d array `x` holds, where its dtype kind is one of `kinds`: NumPy's
    ndarrays lack the scalar methods that need this, so other shapes raise TypeError."""
    if x.ndim != 0 or x.dtype.kind not in kinds:
        what = f"shape {x.shape}" if x.ndim else f"dtype {x.dtype.name}"
        kind = {"f": "floating", "iu": "integer"}.get(kinds, "real")
        message = f"{func}(): only 0-dimensional {kind} arrays have it; got {what}. {hint}"
        raise TypeError(message.strip())
    return x._scalar(func)

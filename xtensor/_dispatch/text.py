"""Elementwise ops on string arrays (Note [String dtypes] in `_core/dtypes.py`).

The op table's domains hold numeric dtypes only, so a string operand fails the domain check of
`ElementwiseOp.run`, which sends the call here instead of raising: NumPy's own string loops
(`equal`, `less`, `add`...) compute it on the CPU. Nothing here touches a numeric call.
"""

from __future__ import annotations

import numpy as np

from .._array import Array, backing, wrap
from .._core.checks import SCALARS
from .._core.convert import TEXT_ON_CPU
from .._core.dtypes import TEXT_KINDS
from .._ops.spec import OpSpec


def is_text(value) -> bool:
    """Whether `value` is a string array (an xtensor Array or a NumPy array)."""
    data = value._data if isinstance(value, Array) else value
    return isinstance(data, np.ndarray) and data.dtype.kind in TEXT_KINDS


def text_operands(args, func: str, names) -> list:
    """Backing data of `args` where a Python str stands beside a string array (`x == 'a'`,
    `x + '!'`), as NumPy reads it; elsewhere a str is no operand and `backing` says so."""
    if not any(is_text(a) for a in args):
        return [backing(a, func, n) for a, n in zip(args, names)]  # raises the str error
    return [np.asarray(a) if type(a) is str else backing(a, func, n) for a, n in zip(args, names)]


def text_call(spec: OpSpec, data, outs):
    """An op on string arrays (Note [String dtypes] in `_core/dtypes.py`): NumPy's string
    ufunc of the same name on the CPU, with NumPy's errors (`a - b`, `a + 1`) naming `spec`."""
    if any(type(d) not in SCALARS and type(d) is not np.ndarray for d in data):
        raise TypeError(f"{spec.name}: {TEXT_ON_CPU}")
    out = tuple(None if o is None else backing(o, spec.name, "out", scalars=False) for o in outs)
    ufunc = getattr(np, spec.name, None)
    if not isinstance(ufunc, np.ufunc):
        raise TypeError(f"{spec.name}: string arrays have no {spec.name}")
    try:
        result = ufunc(*data, out=out if any(o is not None for o in out) else None)
    except TypeError as e:  # NumPy's UFuncTypeError and DTypePromotionError
        raise TypeError(f"{spec.name}: {e}") from None
    except ValueError as e:  # shapes that do not broadcast
        raise ValueError(f"{spec.name}: {e}") from None
    results = result if spec.nout > 1 else (result,)
    arrays = tuple(o if o is not None else wrap(np.asarray(r)) for o, r in zip(outs, results))
    return arrays if spec.nout > 1 else arrays[0]

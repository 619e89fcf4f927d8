"""NumPy's tables of scalar types (`ScalarType`, `sctypeDict`, `typecodes`) and its bool scalars
`True_`/`False_`, describing xtensor's types.

xtensor has no scalar classes: its scalar-type names are its dtype objects (`xtensor.float64`
is a dtype, and `xtensor.float64(1.5)` a 0-d array). So where NumPy's tables hold a scalar class
these hold the xtensor dtype NumPy's class stands for (`sctypeDict['double'] is
xtensor.float64`), and NumPy's distinct classes of one dtype (`int64` and `longlong`) appear
once in `ScalarType`. `typecodes` lists the type codes xtensor's `dtype()` accepts, which are
NumPy's: every code names a dtype xtensor has (host-only ones included, see Note [Host-only
dtypes] in `_core/dtypes.py`).

`True_` and `False_` are read-only 0-d bool arrays: what `xtensor.bool(True)` gives, but shared
by every user, so writing into them raises as writing into a read-only NumPy array does.
"""

from __future__ import annotations

import numpy as np

from ._array import wrap
from ._core import dtypes as _dtypes


def _accepted(code) -> bool:
    try:
        _dtypes.as_dtype(code, "typecodes")
    except (TypeError, ValueError):
        return False
    return True


def _xtensor_type(numpy_type):
    """The xtensor dtype for a NumPy scalar class, or None for a class xtensor cannot hold;
    Python's own types stay themselves."""
    if not issubclass(numpy_type, np.generic):
        return numpy_type
    try:
        return _dtypes.as_dtype(numpy_type, "sctypeDict")
    except TypeError:  # a type whose dtype xtensor refuses (a byte-swapped one, say)
        return None


def _unique(items) -> tuple:
    seen, kept = set(), []
    for item in items:
        key = id(item) if isinstance(item, type) else item
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return tuple(kept)


typecodes: dict = {
    category: "".join(c for c in codes if _accepted(c)) for category, codes in np.typecodes.items()
}
# NumPy's tables as they are when xtensor is imported: after `import jax` (or anything else that
# imports ml_dtypes) they also hold its types, host-only dtypes here (Note [Host-only dtypes]);
# a type xtensor would refuse is left out rather than failing the import.
sctypeDict: dict = {
    name: x for name, t in np.sctypeDict.items() if (x := _xtensor_type(t)) is not None
}
ScalarType: tuple = _unique(x for t in np.ScalarType if (x := _xtensor_type(t)) is not None)


def _constant(value: bool):
    data = np.array(value)
    data.flags.writeable = False
    return wrap(data)


True_ = _constant(True)
False_ = _constant(False)

TYPE_TABLES: dict = {
    "typecodes": typecodes,
    "sctypeDict": sctypeDict,
    "ScalarType": ScalarType,
    "True_": True_,
    "False_": False_,
}

"""NumPy's keywords of the statistical functions (`out=`, `where=`, `initial=`, mean's
`dtype=`): those forms run NumPy's own routine, for `_statistical`, `_statistical_cumulative`
and `_utility` (`all`, `any`). Knows no particular reduction.
"""

from __future__ import annotations

import operator
import os

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._dispatch.reduction import entry_frame, relayed, xp_of
from ._numpy_helpers import as_array
from ._numpy_ondevice import NO_VALUE, call, operand, out_buffer
from ._numpy_run import numpy_errors

# The Array methods' module: a call from there is NumPy's method, not its function
_METHODS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_array_methods.py")


def _numpy_form(func: str, x, out, **options) -> Array:
    """NumPy's `func` with the keywords only NumPy has (`out=`, `where=`, `initial=`, mean's
    `dtype=`), run by the array module of x's device on the backing buffers.

    These forms are NumPy's own algorithm (the ufunc's masked reduce, `out` written with the
    unsafe casting reductions use, the count of selected elements as mean's divisor), so they
    run NumPy's routine, as `ufunc.reduce` with the same keywords does; the plain forms stay on
    the engine.
    """
    a = as_array(x, func, "x")
    options = {k: v for k, v in options.items() if v is not NO_VALUE}
    if isinstance(options.get("axis"), list):
        options["axis"] = tuple(options["axis"])
    if options.get("dtype") is not None:
        options["dtype"] = _dtypes.as_dtype(options["dtype"], func).numpy
    for key in ("where", "mean"):
        if key in options and not isinstance(value := options[key], (bool, np.bool_)):
            if key == "where" and not isinstance(value, (Array, np.ndarray)):
                value = np.asarray(value, dtype=bool)  # NumPy reads a list or number as a mask
            options[key] = operand(value, a, func, key)._data
    buffer = out_buffer(out, a, func)
    if buffer is not None:
        options["out"] = buffer
    if type(a._data) is np.ndarray and entry_frame().f_code.co_filename == _METHODS_FILE:
        # `x.mean(where=...)`: NumPy's method, whose warnings ("Mean of empty slice") name the
        # user's line where its function's name a line of NumPy's (Note [Warnings NumPy's
        # functions aim at their caller] in _backends/cpu.py)
        with numpy_errors(func):
            raw = relayed(getattr(a._data, func), **options)
    else:
        raw = call(func, func, a, a._data, **options)
    if out is not None:
        return out
    raw = xp_of(a._data).asarray(raw)
    _dtypes.from_numpy(raw.dtype)  # a dtype xtensor lacks raises here
    return wrap(raw)


def _plain(out, where, initial=NO_VALUE) -> bool:
    """True when no NumPy-only keyword was given: the engine's reduction runs."""
    return out is None and initial is NO_VALUE and where is True


def numpy_number(value):
    """`ddof` as NumPy reads it: True, `np.int64(1)` or a 0-d array is that Python number;
    anything else (a str too) stays as it is, for the caller's check to refuse."""
    if isinstance(value, (str, bytes)):
        return value
    for convert in (operator.index, float):
        try:
            return convert(value)
        except (TypeError, ValueError):
            pass
    return value

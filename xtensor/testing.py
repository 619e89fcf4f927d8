"""NumPy's testing helpers (`numpy.testing`), taking xtensor arrays.

The comparison helpers (`assert_allclose`, `assert_array_equal`, `assert_equal`...) copy every
xtensor array among their arguments to the host, inside lists, tuples and dicts too (as
`assert_equal` compares those element by element), and then run NumPy's helper of the same
name: the checks, the tolerances and the failure messages are NumPy's, word for word, so a test
suite switching `numpy` for `xtensor` reads the same reports. Arrays on a CUDA device are
copied; arrays on the meta device have no values to compare and raise TypeError.

Everything else (`assert_raises`, `assert_warns`, `suppress_warnings`, `assert_`, `SkipTest`,
the platform flags...) takes no arrays and is NumPy's object itself.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.testing as _np_testing

from ._array import Array
from ._dispatch import backend_of

# The helpers that compare values: each is NumPy's, with xtensor arrays copied to the host.
COMPARING = (
    "assert_allclose",
    "assert_almost_equal",
    "assert_approx_equal",
    "assert_array_almost_equal",
    "assert_array_almost_equal_nulp",
    "assert_array_compare",
    "assert_array_equal",
    "assert_array_less",
    "assert_array_max_ulp",
    "assert_equal",
    "assert_string_equal",
    "print_assert_equal",
)


def _to_host(value: Any, func: str) -> Any:
    """`value` with every xtensor Array in it (nested in lists, tuples, dicts) as a NumPy array;
    an element (a 0-d Array standing for NumPy's scalar) as that scalar, which NumPy's helpers
    report as one ("Items are not equal")."""
    if isinstance(value, Array):
        data = value._data
        if type(data) is not np.ndarray:
            backend = backend_of(data)
            if backend.kind == "meta":
                raise TypeError(
                    f"{func}: an array on the meta device has no values to compare; "
                    "compare arrays on the CPU or a CUDA device"
                )
            data = backend.to_host(data)
        element = not data.ndim and type(value) is Array and not getattr(value, "_as_ndarray", None)
        return data[()] if element else data
    if type(value) in (list, tuple):
        return type(value)(_to_host(v, func) for v in value)
    if type(value) is dict:
        return {k: _to_host(v, func) for k, v in value.items()}
    return value


def _on_host(name: str):
    numpy_helper = getattr(_np_testing, name)

    @functools.wraps(numpy_helper)
    def helper(*args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True  # pytest shows the caller's line, as for NumPy's helpers
        args = tuple(_to_host(a, name) for a in args)
        kwargs = {k: _to_host(v, name) for k, v in kwargs.items()}
        return numpy_helper(*args, **kwargs)

    helper.__module__ = __name__
    return helper


_HELPERS = {name: _on_host(name) for name in COMPARING}
_AS_IS = {
    name: getattr(_np_testing, name)
    for name in _np_testing.__all__
    if name not in _HELPERS and hasattr(_np_testing, name)
}
globals().update(_AS_IS)
globals().update(_HELPERS)

__all__ = sorted([*_AS_IS, *_HELPERS])  # noqa: PLE0605 (built from NumPy's own list)

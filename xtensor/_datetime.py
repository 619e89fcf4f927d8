"""NumPy's datetime functions on datetime64/timedelta64 arrays (CPU only).

Dates and durations are host-only dtypes (Note [Host-only dtypes] in `_core/dtypes.py`): their
arithmetic and comparisons are NumPy's ufunc loops, reached through the op table's dispatch,
and the functions here are NumPy's own, handed the backing arrays (`host_function`). A
business-day calendar is NumPy's `busdaycalendar` object itself, which `busdaycal=` reads.
"""

from __future__ import annotations

import numpy as np

from ._host_dtypes import host_function

busdaycalendar = np.busdaycalendar

FUNCTION_NAMES = (
    "isnat",
    "datetime_as_string",
    "datetime_data",
    "busday_count",
    "busday_offset",
    "is_busday",
)
globals().update({n: host_function(getattr(np, n), n, __name__) for n in FUNCTION_NAMES})

__all__ = ["busdaycalendar", *FUNCTION_NAMES]  # noqa: PLE0605 (built from the list above)

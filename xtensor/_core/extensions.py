"""The optional compiled extensions (`_dispatch/_cfast`, `_core/_cvalues`, `_core/_csort`,
`_backends/_cscan`): each module that has a C twin imports it through `optional`, and runs its
Python code where the answer is None, with the same results, only slower."""

from __future__ import annotations

import importlib
import os
import warnings

PURE_PYTHON = os.environ.get("XTENSOR_PURE_PYTHON", "") not in ("", "0")  # read once, here


def optional(name: str):
    """The extension module `name`, or None: not built (no C compiler at install time), or
    XTENSOR_PURE_PYTHON set. A built one that does not load (a missing symbol) warns: a
    broken build must not pass for a missing one unseen."""
    if PURE_PYTHON:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None
    except ImportError as e:
        warnings.warn(
            f"xtensor: the compiled extension {name} is built but does not load ({e}); "
            "its Python twin runs instead (reinstall xtensor to rebuild it)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None

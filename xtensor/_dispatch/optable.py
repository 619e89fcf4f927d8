"""The op table as the namespace sees it: the elementwise records, through dispatch.

The namespace builds its functions from these records (`_elementwise.py`) but never imports
`_ops` itself, so the op table stays data below dispatch.
"""

from __future__ import annotations

from .._ops.elementwise import BY_NAME, OPS

__all__ = ["BY_NAME", "OPS"]

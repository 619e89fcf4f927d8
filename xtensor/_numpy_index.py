"""NumPy-only functions: index (filled in by issue #9's work)."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

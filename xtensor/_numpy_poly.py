"""NumPy-only functions: poly (filled in by issue #9's work)."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

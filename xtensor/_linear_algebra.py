"""Linear Algebra Functions (Array API chapter "Linear Algebra Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

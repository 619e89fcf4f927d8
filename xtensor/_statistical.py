"""Statistical Functions (Array API chapter "Statistical Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

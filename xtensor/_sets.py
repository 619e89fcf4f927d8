"""Set Functions (Array API chapter "Set Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

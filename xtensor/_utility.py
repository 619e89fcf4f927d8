"""Utility Functions (Array API chapter "Utility Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

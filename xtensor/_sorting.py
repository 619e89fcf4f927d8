"""Sorting Functions (Array API chapter "Sorting Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

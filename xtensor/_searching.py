"""Searching Functions (Array API chapter "Searching Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

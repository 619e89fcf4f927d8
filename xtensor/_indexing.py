"""Indexing Functions (Array API chapter "Indexing Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

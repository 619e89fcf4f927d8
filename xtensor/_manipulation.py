"""Manipulation Functions (Array API chapter "Manipulation Functions")."""

from __future__ import annotations

NUMPY_ALIASES: dict = {}

__all__: list = []

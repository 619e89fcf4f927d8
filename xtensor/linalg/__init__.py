"""The Array API linalg extension."""

__all__: list = []

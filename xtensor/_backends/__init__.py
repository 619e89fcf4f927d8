"""Backends: one module per device kind, behind one protocol (`base.Backend`)."""

"""The op table: every elementwise op, declared once.

The records live in `unary.py` and `binary.py` (the standard's functions, then NumPy's ufuncs
that the standard lacks, marked `since=NUMPY`); this module joins them. Every field is
explained on `OpSpec`; `OpSpec.standard` tells the two groups apart.
"""

from __future__ import annotations

from .binary import BINARY
from .spec import OpSpec
from .unary import UNARY

OPS: tuple[OpSpec, ...] = UNARY + BINARY

BY_NAME = {op.name: op for op in OPS}

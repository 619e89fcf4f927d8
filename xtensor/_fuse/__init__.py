"""`xtensor.fuse`: trace a function of elementwise ops once per signature and run it as one
loop (see `api.fuse`). The namespace side of fusion: tracing (`tracer.py`), the traced
function's view of xtensor (`rebind.py`) and the decorator (`api.py`); lowering to C++ and
running live in `_backends/fused.py`.
"""

from __future__ import annotations

from .api import Fused, fuse

__all__ = ["Fused", "fuse"]

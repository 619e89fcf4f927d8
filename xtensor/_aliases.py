"""NumPy's names for functions the standard names differently: the very same objects.

Elementwise aliases come from the op table; each other chapter module lists its own in a
`NUMPY_ALIASES` dict next to the functions.
"""

from . import (_creation, _elementwise, _indexing, _linear_algebra, _manipulation, _searching,
               _sets, _sorting, _statistical, _utility)
from ._ops.elementwise import OPS

_ALIASES = {alias: getattr(_elementwise, op.name) for op in OPS for alias in op.numpy_aliases}
for _module in (_creation, _indexing, _linear_algebra, _manipulation, _searching, _sets, _sorting,
                _statistical, _utility):
    _ALIASES.update(_module.NUMPY_ALIASES)
globals().update(_ALIASES)

__all__ = sorted(_ALIASES)

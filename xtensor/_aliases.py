"""NumPy's names for functions the standard names differently: the very same objects.

Elementwise aliases come from the op table; each other chapter module lists its own in a
`NUMPY_ALIASES` dict next to the functions.
"""

# The elementwise functions are looked up by their op's name, so this imports the module.
import xtensor._elementwise as _elementwise

from ._creation import NUMPY_ALIASES as _CREATION
from ._dispatch.optable import OPS
from ._indexing import NUMPY_ALIASES as _INDEXING
from ._linear_algebra import NUMPY_ALIASES as _LINEAR_ALGEBRA
from ._manipulation import NUMPY_ALIASES as _MANIPULATION
from ._searching import NUMPY_ALIASES as _SEARCHING
from ._sets import NUMPY_ALIASES as _SETS
from ._sorting import NUMPY_ALIASES as _SORTING
from ._statistical import NUMPY_ALIASES as _STATISTICAL
from ._utility import NUMPY_ALIASES as _UTILITY

_ALIASES = {alias: getattr(_elementwise, op.name) for op in OPS for alias in op.numpy_aliases}
for _chapter in (
    _CREATION,
    _INDEXING,
    _LINEAR_ALGEBRA,
    _MANIPULATION,
    _SEARCHING,
    _SETS,
    _SORTING,
    _STATISTICAL,
    _UTILITY,
):
    _ALIASES.update(_chapter)
globals().update(_ALIASES)

__all__ = sorted(_ALIASES)

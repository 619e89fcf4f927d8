"""xtensor: a NumPy-compatible Array API (2025.12) namespace on one TensorIterator engine.

This module only imports, one block per chapter of the standard.
"""

__version__ = "0.1.0"
__array_api_version__ = "2025.12"

# Submodules: the standard's extensions (linalg, fft), NumPy's (random, emath, char,
# strings, lib, exceptions) and xtensor's user kernels (jit)
import types as _types

import numpy as _np

from . import char, emath, exceptions, fft, jit, lib, linalg, random, rec, strings

# NumPy names for the same functions
from ._aliases import *  # noqa: F401,F403
from ._aliases import __all__ as _aliases_all
from ._array import Array

# Constants
from ._constants import *  # noqa: F401,F403
from ._constants import __all__ as _constants_all

# Devices and threads (xtensor extras)
from ._core.devices import Device

# Data types and data type functions
from ._core.dtypes import (
    bool,
    complex64,
    complex128,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)

# Creation functions
from ._creation import *  # noqa: F401,F403
from ._creation import __all__ as _creation_all
from ._data_types import *  # noqa: F401,F403
from ._data_types import __all__ as _data_types_all

# NumPy's datetime functions and its dtypes beyond the standard (CPU only)
from ._datetime import *  # noqa: F401,F403
from ._datetime import __all__ as _datetime_all
from ._dispatch import empty_cache  # release the CPU output cache

# Element-wise functions
from ._elementwise import *  # noqa: F401,F403
from ._elementwise import __all__ as _elementwise_all
from ._fuse import fuse  # xtensor extra: one fused loop per traced function
from ._host_dtypes import *  # noqa: F401,F403
from ._host_dtypes import __all__ as _host_dtypes_all

# Indexing functions
from ._indexing import *  # noqa: F401,F403
from ._indexing import __all__ as _indexing_all

# Inspection
from ._info import __array_namespace_info__
from ._iter import get_num_threads, set_num_threads

# Linear algebra functions (and the linalg / fft extensions as subpackages)
from ._linear_algebra import *  # noqa: F401,F403
from ._linear_algebra import __all__ as _linear_algebra_all

# Manipulation functions
from ._manipulation import *  # noqa: F401,F403
from ._manipulation import __all__ as _manipulation_all

# NumPy-only functions (not in the Array API standard)
from ._numpy_compat import *  # noqa: F401,F403
from ._numpy_compat import __all__ as _numpy_compat_all
from ._numpy_iter import nditer, nested_iters  # NumPy's iterator objects, CPU arrays

# Searching functions
from ._searching import *  # noqa: F401,F403
from ._searching import __all__ as _searching_all

# Set functions
from ._sets import *  # noqa: F401,F403
from ._sets import __all__ as _sets_all

# Sorting functions
from ._sorting import *  # noqa: F401,F403
from ._sorting import __all__ as _sorting_all

# Statistical functions
from ._statistical import *  # noqa: F401,F403
from ._statistical import __all__ as _statistical_all

# Utility functions
from ._utility import *  # noqa: F401,F403
from ._utility import __all__ as _utility_all
from .rec import recarray
from .strings import bytes_, str_  # NumPy's string dtypes (CPU only)

__all__ = [
    "Array",
    "Device",
    "__array_namespace_info__",
    "__array_api_version__",
    "get_num_threads",
    "set_num_threads",
    "empty_cache",
    "fuse",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
    *_constants_all,
    *_creation_all,
    *_data_types_all,
    *_elementwise_all,
    *_indexing_all,
    *_linear_algebra_all,
    *_manipulation_all,
    *_searching_all,
    *_sets_all,
    *_sorting_all,
    *_statistical_all,
    *_utility_all,
    *_aliases_all,
    *_numpy_compat_all,
    *_datetime_all,
    *_host_dtypes_all,
    "recarray",
    "bytes_",
    "str_",
    "char",
    "emath",
    "exceptions",
    "fft",
    "jit",
    "lib",
    "linalg",
    "random",
    "rec",
    "strings",
    "nditer",
    "nested_iters",
]

# NumPy 1's `numpy.core`, as much of it as copied solutions still reach (`core.records`).
_CORE = _types.ModuleType("xtensor.core", "NumPy 1's numpy.core: its `records` is xtensor.rec.")


def _core_attribute(name: str):
    # As NumPy's `numpy.core`: the module itself is quiet, reading a name from it warns.
    if name != "records":
        raise AttributeError(f"module 'xtensor.core' has no attribute {name!r}")
    import warnings  # lazy: only that spelling pays for it

    warnings.warn(
        "xtensor.core is NumPy 1's numpy.core, deprecated there: use xtensor.rec",
        DeprecationWarning,
        stacklevel=2,
    )
    return rec


_CORE.__getattr__ = _core_attribute


def __getattr__(name: str):
    # `xtensor.testing` loads on first use, as `numpy.testing` does: it imports numpy.testing
    # (about 20 ms), which programs other than test suites never need.
    if name == "testing":
        import importlib  # lazy: only a first `xtensor.testing` pays for it

        return importlib.import_module(".testing", __name__)
    if name == "core":  # NumPy 1's `np.core.records.fromarrays`, still in copied solutions
        return _CORE
    if name == "matlib":  # as NumPy's: loaded (and its import warning given) on first use
        import importlib  # lazy: only a first `xtensor.matlib` pays for it

        return importlib.import_module(".matlib", __name__)
    raise AttributeError(_missing(name))


def _missing(name: str) -> str:
    """The AttributeError's words for `xtensor.<name>`: NumPy's own explanation where NumPy
    removed the name (`np.int`, `np.NaN`, `np.float_`: what to use instead), a pointer to the
    README where NumPy has it (`np.chararray`), else Python's."""
    import warnings  # lazy: only a missing name pays for it

    plain = f"module 'xtensor' has no attribute {name!r}"
    try:
        with warnings.catch_warnings():  # NumPy's `np.chararray` warning is not the user's
            warnings.simplefilter("ignore")
            getattr(_np, name)
    except AttributeError as e:
        told, numpys = str(e), f"module 'numpy' has no attribute {name!r}"
        if told.startswith(numpys):  # NumPy's words, and its advice after them where it has one
            return plain + told[len(numpys) :]
        return f"{plain}: {told}"  # (`np.NaN was removed in the NumPy 2.0 release...`)
    except Exception:  # noqa: BLE001 - NumPy's lookup failing otherwise: the plain words
        return plain
    return f"{plain}; xtensor does not provide NumPy's numpy.{name} (README: Differences)"


# Array's NumPy-style methods (x.sum(), x.reshape(2, 3)) call the finished namespace.
import sys as _sys  # noqa: E402

from . import _array_methods  # noqa: E402

_array_methods.attach(_sys.modules[__name__])

from ._dispatch.compiled import install_slots as _install_slots  # noqa: E402

_install_slots()  # last: Array's dunders are all attached

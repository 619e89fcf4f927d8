"""NumPy name coverage: every public name of NumPy's modules, and every public attribute of
`numpy.ndarray`, exists in xtensor's matching module or on `xtensor.Array` — unless it is listed
in `NOT_PROVIDED` with the reason it is missing.

The list of names comes from the installed NumPy (2.4), not from xtensor, so the test cannot
pass by construction: a name NumPy gains fails here until xtensor provides it or it is listed.
A `NOT_PROVIDED` entry that xtensor does provide fails too (a stale entry), so the list stays
exactly what is missing. `coverage()` gives provided / public per module, for reports.

Also here: `xtensor.exceptions` is NumPy's `numpy.exceptions`, and what xtensor raises is
caught by either module's classes.
"""

from __future__ import annotations

import importlib
import types
import warnings

import numpy as np
import pytest

import xtensor as xt

# --- why a name is missing (one constant per reason; entries below are grouped by it) -------

SUBCLASSES = "ndarray subclasses (memory maps): not implemented"
TESTING = "testing/config helpers (test runners, build and runtime reports, doc printing)"
BUILD = "C-API/build helpers like get_include, f2py, numpy.ctypeslib"
RAW_MEMORY = "raw host memory (ctypes pointers): xtensor data may be on a GPU"


def _entries(reason: str, names: str, module: str = "numpy") -> dict:
    return {f"{module}.{name}": reason for name in names.split()}


NOT_PROVIDED: dict[str, str] = {
    **_entries(SUBCLASSES, "memmap"),
    **_entries(TESTING, "test show_config show_runtime info"),
    **_entries(TESTING, "test", "numpy.linalg"),
    **_entries(TESTING, "test", "numpy.fft"),
    **_entries(TESTING, "test", "numpy.random"),
    **_entries(BUILD, "get_include f2py ctypeslib"),
    **_entries(TESTING, "test", "numpy.lib"),
    **_entries(BUILD, "add_docstring add_newdoc tracemalloc_domain", "numpy.lib"),
    **_entries(RAW_MEMORY, "ctypes", "numpy.ndarray"),
}

# Names that exist only on some platforms' NumPy (x86-64 Linux has them, Windows does not).
PLATFORM_NAMES = {"numpy.float128", "numpy.complex256"}


# --- the modules compared ---------------------------------------------------------------------


def _modules() -> dict:
    """NumPy module (or class) name -> (NumPy object, xtensor object).

    `xtensor.exceptions` is imported here by name, so `xtensor.exceptions` exists for the
    top-level check whether or not the package's `__init__` imports it yet.
    """
    return {
        "numpy": (np, xt),
        "numpy.linalg": (np.linalg, xt.linalg),
        "numpy.fft": (np.fft, xt.fft),
        "numpy.random": (np.random, xt.random),
        "numpy.random.Generator": (type(np.random.default_rng(0)), type(xt.random.default_rng(0))),
        "numpy.lib": (np.lib, xt.lib),
        "numpy.lib.stride_tricks": (np.lib.stride_tricks, xt.lib.stride_tricks),
        "numpy.lib.array_utils": (np.lib.array_utils, xt.lib.array_utils),
        "numpy.lib.mixins": (np.lib.mixins, xt.lib.mixins),
        "numpy.lib.scimath": (np.lib.scimath, xt.lib.scimath),
        "numpy.emath": (np.emath, xt.emath),
        "numpy.exceptions": (np.exceptions, importlib.import_module("xtensor.exceptions")),
        "numpy.ndarray": (np.ndarray, xt.Array),
    }


# Names other packages add to NumPy's module at import time, not NumPy's own: numexpr (the
# `[bench]` extra; pandas imports it when present) sets `numpy.expm1x`.
INJECTED = frozenset({"expm1x"})


def public_names(module: str) -> list:
    """NumPy's public names in `module`: no leading underscore; submodules count only at the
    top level (`numpy.random.mtrand` is an implementation file, `numpy.linalg` a namespace).
    `dir()` rather than `__all__`: `numpy.exceptions.RankWarning` is public but not in it."""
    obj = _modules()[module][0]
    return sorted(
        name
        for name in dir(obj)
        if not name.startswith("_")
        and name not in INJECTED
        and (module == "numpy" or not isinstance(getattr(obj, name), types.ModuleType))
    )


def missing_names(module: str) -> list:
    """NumPy's public names in `module` that xtensor's counterpart lacks."""
    target = _modules()[module][1]
    with warnings.catch_warnings():  # `xtensor.core`, NumPy 1's deprecated name, warns as NumPy's
        warnings.simplefilter("ignore", DeprecationWarning)
        return [name for name in public_names(module) if not hasattr(target, name)]


def coverage() -> dict:
    """module -> (provided, public, percent provided), measured now."""
    result = {}
    for module in _modules():
        public = len(public_names(module))
        provided = public - len(missing_names(module))
        result[module] = (provided, public, round(100.0 * provided / public, 1))
    return result


MODULES = list(_modules())


@pytest.mark.parametrize("module", MODULES)
def test_every_numpy_name_is_provided_or_listed(module):
    unlisted = [n for n in missing_names(module) if f"{module}.{n}" not in NOT_PROVIDED]
    assert not unlisted, f"xtensor lacks {module} names not in NOT_PROVIDED: {unlisted}"


@pytest.mark.parametrize("module", MODULES)
def test_not_provided_entries_are_not_stale(module):
    listed = {k.rpartition(".")[2] for k in NOT_PROVIDED if k.rpartition(".")[0] == module}
    stale = sorted(listed - set(missing_names(module)))
    stale = [n for n in stale if f"{module}.{n}" not in PLATFORM_NAMES or hasattr(np, n)]
    assert not stale, f"NOT_PROVIDED lists {module} names that xtensor has or NumPy lacks: {stale}"


def test_not_provided_keys_name_a_compared_module():
    assert {k.rpartition(".")[0] for k in NOT_PROVIDED} <= set(MODULES)


def test_coverage_counts_add_up():
    for module, (provided, public, percent) in coverage().items():
        listed = sum(1 for n in public_names(module) if f"{module}.{n}" in NOT_PROVIDED)
        assert provided + listed == public, module
        assert 0 < percent <= 100


def test_public_names_see_what_numpy_has():
    # The enumeration itself: known public names are found, private and submodule names not.
    assert {"sum", "ufunc", "linalg", "float64", "pi"} <= set(public_names("numpy"))
    assert "RankWarning" in public_names("numpy.exceptions")
    assert "mtrand" not in public_names("numpy.random")
    assert {"reshape", "T", "mT", "flags"} <= set(public_names("numpy.ndarray"))


# --- xtensor.exceptions -----------------------------------------------------------------------


def test_exceptions_are_numpys_classes():
    xt_exceptions = importlib.import_module("xtensor.exceptions")
    for name in public_names("numpy.exceptions"):
        assert getattr(xt_exceptions, name) is getattr(np.exceptions, name), name
    assert sorted(xt_exceptions.__all__) == public_names("numpy.exceptions")


@pytest.mark.parametrize(
    "call",
    [
        lambda: xt.sum(xt.ones((2, 3)), axis=2),
        lambda: xt.expand_dims(xt.ones(3), axis=-3),
        lambda: xt.moveaxis(xt.ones((2, 3)), 0, 5),
    ],
)
def test_axis_error_from_xtensor_is_caught_by_both(call):
    xt_exceptions = importlib.import_module("xtensor.exceptions")
    with pytest.raises(xt_exceptions.AxisError):
        call()
    with pytest.raises(np.exceptions.AxisError, match="out of range"):
        call()
    # and NumPy's own AxisError is caught by xtensor's name for it
    with pytest.raises(xt_exceptions.AxisError):
        np.sum(np.ones((2, 3)), axis=2)


def test_complex_warning_from_xtensor_is_caught_by_both():
    xt_exceptions = importlib.import_module("xtensor.exceptions")
    x = xt.asarray([1 + 2j])
    for category in (xt_exceptions.ComplexWarning, np.exceptions.ComplexWarning):
        with warnings.catch_warnings():
            warnings.simplefilter("error", category)
            with pytest.raises(category):
                xt.add(x, x, dtype=xt.float64, casting="unsafe")

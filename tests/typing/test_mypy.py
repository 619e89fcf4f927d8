"""mypy --strict accepts a typed client of xtensor, and sees every public name.

One mypy run (mypy pinned in the `test` extra; a few seconds of CPU) checks two files:

- `client.py`, hand-written client code in both styles (array-API-agnostic and
  `import xtensor as np`), with `assert_type` on the types that matter most;
- a file written here that names every public name (each module's `__all__`) and every public
  member of `xtensor.Array` and of the random generators, taken from the running package, so
  a name made at import time that type checkers cannot see fails here (regenerate the stubs,
  see `stubgen.py`), whatever the client happens to use.

xtensor's own modules are followed silently, as for a user whose installed copy mypy reads;
their annotations are what the client sees.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import runpy
import subprocess
import sys

import xtensor as xt

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MODULES = ("", ".linalg", ".fft", ".random", ".emath", ".jit", ".lib.stride_tricks")
# What Python puts in every class's namespace: not xtensor's declarations.
_CLASS_MACHINERY = {
    *("__dict__", "__weakref__", "__module__", "__doc__", "__slots__", "__qualname__"),
    *("__annotations__", "__slotnames__"),  # copyreg caches this once an Array is copied
}


def _members(cls: type) -> set:
    """The public members `cls` and its bases define, dunders included: xtensor's bases, not
    NumPy's (`numpy.random.Generator`, whose members NumPy's own stubs declare) or `object`."""
    return {
        name
        for klass in cls.__mro__[:-1]
        if klass.__module__.startswith("xtensor")
        for name in vars(klass)
        if not (name.startswith("_") and not name.startswith("__")) and name not in _CLASS_MACHINERY
    }


def _public_names() -> list:
    """`xtensor<module>.<name>` for every public name, and the public members of the classes
    whose members are attached at import time."""
    lines = []
    for suffix in MODULES:
        module = importlib.import_module(f"xtensor{suffix}")
        lines += [f"xtensor{suffix}.{name}" for name in module.__all__]
    for prefix, cls in (
        ("xtensor.Array", xt.Array),
        ("xtensor.random.Generator", xt.random.Generator),
        ("xtensor.random.RandomState", xt.random.RandomState),
    ):
        lines += [f"{prefix}.{name}" for name in sorted(_members(cls))]
    return lines


def _mypy(*files: pathlib.Path, cache: pathlib.Path) -> subprocess.CompletedProcess:
    command = [
        sys.executable,
        "-m",
        "mypy",
        "--strict",
        "--follow-imports=silent",
        "--no-incremental",
        "--cache-dir",
        str(cache),
        *map(str, files),
    ]
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_client_and_every_public_name_pass_mypy_strict(tmp_path):
    names = tmp_path / "public_names.py"
    names.write_text(
        "import xtensor\nimport xtensor.lib.stride_tricks\n\n" + "\n".join(_public_names()) + "\n"
    )
    done = _mypy(HERE / "client.py", names, cache=tmp_path / "cache")
    assert done.returncode == 0, f"mypy --strict failed:\n{done.stdout}{done.stderr}"


def test_client_runs_and_gets_arrays():
    """The client is a working program too, and what it annotates as Array is an Array."""
    client = runpy.run_path(str(HERE / "client.py"), run_name="client")
    results = client["main"]()
    assert len(results) > 50
    assert all(type(r) is xt.Array for r in results), [type(r) for r in results]

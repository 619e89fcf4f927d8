"""The layer cake holds: every module imports only from its own layer or the layers below it,
modules never import each other in a cycle, function-local imports are deliberate and say so,
and source files stay short enough to read in one sitting.

Layers, bottom to top (a layer may import the ones listed for it):

    _core        nothing of xtensor: dtypes and promotion, devices, axes, checks, conversion
    _ops         _core: the op table (data only)
    _jit         _core: CUDA code generation and compilation (no op table, no iterator)
    _iter        _core: the TensorIterator (no op, no device library)
    _backends    _core, _ops, _jit, _iter: one module per device kind
    _array       _core, _backends: the Array type
    _dispatch    _core, _ops, _iter, _backends, _array: op record + operands -> plan -> backend
    namespace    _core, _array, _dispatch, and other namespace modules (no cycles)
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "xtensor"
MAX_LINES = 600
LOWER = {
    "_core": set(),
    "_ops": {"_core"},
    "_jit": {"_core"},
    "_iter": {"_core"},
    "_backends": {"_core", "_ops", "_jit", "_iter"},
    "_array": {"_core", "_backends"},
    "_dispatch": {"_core", "_ops", "_iter", "_backends", "_array"},
}
NAMESPACE_MAY_IMPORT = {"_core", "_array", "_dispatch"}
# A function-local import must carry one of these words in a comment on its line.
LAZY_MARKERS = ("lazy:", "deliberate:")


def _module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(path: pathlib.Path, node: ast.ImportFrom | ast.Import) -> list:
    """Absolute xtensor module names `node` imports (a name that is a submodule counts)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    package = (
        _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    )
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    submodules, others = [], []
    for alias in node.names:
        candidate = f"{module}.{alias.name}"
        stem = PACKAGE.parent / candidate.replace(".", "/")
        is_module = stem.with_suffix(".py").exists() or (stem / "__init__.py").exists()
        (submodules if is_module else others).append(candidate)
    # `from . import sub` imports the submodule, not names of the package itself.
    return submodules if node.module is None and not others else [module, *submodules]


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) < 2:
        return "xtensor"
    return parts[1] if parts[1] in LOWER else "namespace"


def _imports(path: pathlib.Path) -> list:
    """(imported xtensor module, line, is function-local, source line) for each import."""
    source = path.read_text()
    lines = source.splitlines()
    tree = ast.parse(source)
    local = {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        for n in ast.walk(f)
        if isinstance(n, (ast.Import, ast.ImportFrom))
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for name in _resolve(path, node):
                found.append((name, node.lineno, id(node) in local, lines[node.lineno - 1]))
    return found


FILES = sorted(PACKAGE.rglob("*.py"))


def _allowed(src: str, dst: str) -> bool:
    if src == dst:
        return True
    if src == "xtensor":  # the package's __init__ and __main__ import the namespace
        return True
    if src == "namespace":
        return dst in NAMESPACE_MAY_IMPORT
    return dst in LOWER[src]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path):
    src_module = _module_name(path)
    src = (
        "xtensor"
        if path.parent == PACKAGE and path.name in ("__init__.py", "__main__.py")
        else _layer(src_module)
    )
    for name, line, _, text in _imports(path):
        if not name.startswith("xtensor"):
            continue
        dst = _layer(name)
        if name == "xtensor" and src != "xtensor":
            pytest.fail(
                f"{path.relative_to(PACKAGE.parent)}:{line} imports the top-level "
                f"package; import the module that defines the name instead"
            )
        assert _allowed(src, dst), (
            f"{path.relative_to(PACKAGE.parent)}:{line} ({src} layer) imports {name} "
            f"({dst} layer): {text.strip()}"
        )


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_function_local_imports_are_deliberate(path):
    for name, line, local, text in _imports(path):
        if local and not any(m in text for m in LAZY_MARKERS):
            pytest.fail(
                f"{path.relative_to(PACKAGE.parent)}:{line} imports {name} inside a "
                f"function without saying why; add '# lazy: <reason>' or move it to "
                f"the top of the module"
            )


def test_no_import_cycles():
    graph = {}
    for path in FILES:
        graph.setdefault(_module_name(path), set()).update(
            name
            for name, _, local, _ in _imports(path)
            if name.startswith("xtensor.") and not local
        )
    # Importing a submodule runs its package's __init__, which is not a cycle of its own.
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph or node.startswith(nxt + "."):
                continue
            if state.get(nxt) == "open":
                cycle = stack[stack.index(nxt) :] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)


def test_source_files_stay_readable():
    """A lint, not a test of behaviour: no Python file in the repository passes MAX_LINES."""
    root = PACKAGE.parent
    files = [
        p
        for folder in ("xtensor", "tests", "benchmarks", "conformance")
        for p in (root / folder).rglob("*.py")
    ]
    too_long = {
        str(p.relative_to(root)): n
        for p in files
        if (n := len(p.read_text().splitlines())) > MAX_LINES
    }
    assert not too_long, f"split these files (over {MAX_LINES} lines): {too_long}"

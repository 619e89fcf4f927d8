"""The layer cake holds: the engine (_iter) and the JIT (_jit) never import the namespace or the
op table, and source files stay short enough to read in one sitting."""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "xtensor"
ENGINE_ALLOWED = {"xtensor._core", "xtensor._backends"}
MAX_LINES = 600


def _imports(path: pathlib.Path) -> set:
    """Absolute module names imported by `path` (relative imports resolved)."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("layer", ["_iter", "_jit"])
def test_engine_layers_do_not_import_namespace(layer):
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, f"no files found under xtensor/{layer}"
    for path in files:
        for name in _imports(path):
            if not name.startswith("xtensor"):
                continue
            inside = name.startswith(f"xtensor.{layer}")
            allowed = any(name == a or name.startswith(a + ".") for a in ENGINE_ALLOWED)
            assert inside or allowed or name == "xtensor", (
                f"{path.relative_to(PACKAGE.parent)} imports {name}: xtensor/{layer} may only "
                f"import itself and {sorted(ENGINE_ALLOWED)}")


def test_source_files_stay_readable():
    too_long = {str(p.relative_to(PACKAGE.parent)): n for p in PACKAGE.rglob("*.py")
                if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not too_long, f"split these files (over {MAX_LINES} lines): {too_long}"

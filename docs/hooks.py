"""MkDocs hooks for xtensor's site: reference pages built from `__all__`, README sections reused.

A page asks for generated Markdown with an HTML comment alone on a line (invisible wherever
this hook does not run, as on a repository browser):

    <!-- api: xtensor._creation -->               every name in that module's __all__
    <!-- api: xtensor: bool int8 -->              only these names of that module
    <!-- api-by-module: xtensor._numpy_compat --> __all__, one section per defining module
    <!-- api-rest: xtensor -->                   the names in __all__ no other page lists
    <!-- include: README.md#Differences from NumPy -->  a Markdown section's body
    <!-- include: xtensor/_iter/parallel.py#Note [Grain size] -->  a titled note's body
    <!-- extras: test cuda -->                   those extras, as pyproject.toml lists them

The reference follows `__all__` rather than a hand-kept list, so a new public function shows
up on its page (a main-namespace name no chapter lists lands on the `api-rest` page), and
`tests/test_docs.py` checks every entry is there and shows its docstring. How each name is
written out depends on what it is:

- an xtensor function, ufunc or class: a mkdocstrings `:::` block (its docstring and
  signature, read from the imported object, since the op table makes most of them at run time);
- a second public name of an object documented under its own name (`arccos` for `acos`):
  a heading and a link to that entry, instead of the same text twice;
- an object NumPy owns and xtensor re-exports (`errstate`, `AxisError`): a heading, NumPy's
  name and the first line of NumPy's docstring;
- data (dtypes, constants, index tricks): one table of names and values.

A directive that names something missing raises, so the build stops with the reason.
"""

from __future__ import annotations

import importlib
import inspect
import pathlib
import re

import numpy
from mkdocs.exceptions import PluginError

ROOT = pathlib.Path(__file__).resolve().parent.parent
_KINDS = "api|api-by-module|api-rest|include|extras"
_DIRECTIVE = re.compile(rf"^<!-- ({_KINDS}): (.+?) -->$", re.MULTILINE)


def on_page_markdown(markdown, page, config, files):
    return _DIRECTIVE.sub(lambda m: _expand(m.group(1), m.group(2).strip(), page), markdown)


def _expand(kind: str, argument: str, page) -> str:
    try:
        return _EXPANDERS[kind](argument)
    except (ImportError, AttributeError, KeyError, OSError, ValueError) as exc:
        where = page.file.src_path
        raise PluginError(f"{where}: <!-- {kind}: {argument} --> failed: {exc}") from exc


def _include(argument: str) -> str:
    path, _, heading = argument.partition("#")
    reader = _note if path.endswith(".py") else _section
    return reader(ROOT / path, heading)


def _names(argument: str) -> tuple:
    """`xtensor._creation` or `xtensor: bool int8` -> (module, the names it asks for)."""
    module_name, _, names = argument.partition(":")
    module = importlib.import_module(module_name.strip())
    return module, names.split() or list(module.__all__)


def _api(argument: str) -> str:
    return _reference(*_names(argument), level=2)


def _api_by_module(argument: str) -> str:
    return _by_module(*_names(argument))


def _api_rest(argument: str) -> str:
    module, names = _names(argument)
    listed = _listed_elsewhere()
    rest = [n for n in names if f"{module.__name__}.{n}" not in listed]
    rest = [n for n in rest if not inspect.ismodule(getattr(module, n))]
    return _reference(module, rest, level=2) if rest else "Every name is on a page above.\n"


def _listed_elsewhere() -> set[str]:
    """The public paths the pages' `api` and `api-by-module` directives document."""
    listed = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for kind, argument in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            if kind in ("api", "api-by-module"):
                module, names = _names(argument)
                listed.update(f"{_public_path(module)}.{n}" for n in names)
    return listed


# --- includes -------------------------------------------------------------------------------


def _section(path: pathlib.Path, heading: str) -> str:
    """The lines under `heading` in the Markdown file `path`, up to the next heading."""
    lines, start, fenced = path.read_text(encoding="utf-8").splitlines(), None, False
    for i, line in enumerate(lines):
        fenced ^= line.startswith("```")
        is_heading = not fenced and re.match(r"#+ ", line) is not None
        if is_heading and start is not None:
            return _loose_lists(lines[start:i])
        if is_heading and line.partition(" ")[2].strip() == heading:
            start = i + 1
    if start is None:
        raise ValueError(f"{path.relative_to(ROOT)} has no heading {heading!r}")
    return _loose_lists(lines[start:])


def _loose_lists(lines: list[str]) -> str:
    """GitHub starts a list right under a paragraph line; Python-Markdown needs a blank line."""
    out = []
    for line in lines:
        if line.startswith("- ") and out and out[-1].strip() and not _in_list(out):
            out.append("")
        out.append(line)
    return "\n".join(out).strip() + "\n"


def _in_list(previous: list[str]) -> bool:
    for line in reversed(previous):
        if not line.startswith(" "):
            return line.startswith("- ")
    return False


def _note(path: pathlib.Path, title: str) -> str:
    """The body of `title` (a line underlined with ~) in a module docstring's notes."""
    lines = path.read_text(encoding="utf-8").splitlines()
    underlined = [i for i in range(len(lines) - 1) if lines[i + 1].startswith("~~~")]
    for i in underlined:
        if lines[i] == title:
            end = next((j for j in underlined if j > i), len(lines))
            body = lines[i + 2 : end]
            if '"""' in "\n".join(body):
                body = body[: next(k for k, line in enumerate(body) if '"""' in line)]
            return "\n".join(body).strip() + "\n"
    raise ValueError(f"{path.relative_to(ROOT)} has no note {title!r}")


def _extras(argument: str) -> str:
    """A table of the optional dependencies (`pip install -e ".[name]"`) pyproject.toml lists."""
    try:
        import tomllib  # lazy: Python 3.11+; pytest brings tomli on 3.10
    except ModuleNotFoundError:
        import tomli as tomllib  # lazy: as above
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    rows = [("`pip install -e .`", project["dependencies"])]
    for name in argument.split():
        rows.append((f'`pip install -e ".[{name}]"`', project["optional-dependencies"][name]))
    lines = ["| install | pulls in |", "| --- | --- |"]
    lines += [f"| {command} | {', '.join(f'`{d}`' for d in deps)} |" for command, deps in rows]
    return "\n".join(lines) + "\n"


# --- reference ------------------------------------------------------------------------------


def _listed_elsewhere() -> set[str]:
    """The public paths the pages' `api` and `api-by-module` directives document."""
    listed = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for kind, argument in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            if kind in ("api", "api-by-module"):
                module_name, _, names = argument.partition(":")
                module = importlib.import_module(module_name.strip())
                prefix = _public_path(module)
                listed.update(f"{prefix}.{n}" for n in names.split() or module.__all__)
    return listed


def _public_path(module) -> str:
    """`xtensor._creation` -> `xtensor`: the path users reach a module's names by."""
    return ".".join(p for p in module.__name__.split(".") if not p.startswith("_"))


def _is_documentable(obj) -> bool:
    # Routines, classes, and callable objects of xtensor's own classes (the ufuncs).
    if inspect.isroutine(obj) or inspect.isclass(obj):
        return True
    return callable(obj) and type(obj).__module__ == "xtensor" and hasattr(obj, "__name__")


def _owner(obj) -> str:
    return getattr(obj, "__module__", None) or ""


def _reference(module, names: list[str], level: int) -> str:
    public = importlib.import_module(_public_path(module))
    prefix = public.__name__
    blocks, data = [], []
    for name in names:
        obj = getattr(module, name)
        path = f"{prefix}.{name}"
        if inspect.ismodule(obj):
            blocks.append(_reference(obj, list(obj.__all__), level))
        elif not _is_documentable(obj):
            data.append((path, obj))
            continue
        elif _owner(obj).split(".")[0] != "xtensor":
            blocks.append(_numpy_object(path, obj, level))
        elif _canonical(public, name, obj) != name:
            blocks.append(_same_as(path, f"{prefix}.{_canonical(public, name, obj)}", level))
        else:
            blocks.append(_block(path, obj, level))
    if data:
        blocks.insert(0, _data_table(data))
    return "\n".join(blocks)


def _block(path: str, obj, level: int) -> str:
    options = [f"heading_level: {level}"]
    if inspect.isclass(obj):
        options.append(f"members: [{', '.join(_class_members(obj))}]")
    return f"::: {path}\n    options:\n" + "".join(f"      {o}\n" for o in options)


# Dunders that are plumbing (construction, pickling, class data), not part of the interface.
_PLUMBING = {"__init__", "__new__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__"}


def _class_members(cls) -> list[str]:
    """The members to list, in definition order: the public names, and the dunders xtensor
    itself defines (the operators, the NumPy and DLPack protocols).

    mkdocstrings skips a class member that is defined in another module (the Array operators
    come from the op table, the ufunc methods from `_ufunc`) unless it is listed by name.
    """
    names = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("xtensor"):
            continue
        for name, member in vars(klass).items():
            dunder = name.startswith("__") and name.endswith("__")
            if name.startswith("_") and not dunder or name in names or name in _PLUMBING:
                continue
            if dunder and not _owner(member).startswith("xtensor"):
                continue  # class data (__doc__, __slots__) and what NamedTuple makes
            names.append(name)
    return names


def _canonical(public, name: str, obj) -> str:
    """The public name `obj` is documented under: its own `__name__` where that is public."""
    own = getattr(obj, "__name__", name)
    return own if own != name and getattr(public, own, None) is obj else name


def _heading(path: str, level: int) -> str:
    return f"{'#' * level} `{path}` {{#{path} }}\n"


def _same_as(path: str, target: str, level: int) -> str:
    return f"{_heading(path, level)}\nThe same object as [`{target}`][{target}].\n"


def _numpy_object(path: str, obj, level: int) -> str:
    name = path.rsplit(".", 1)[1]
    numpy_name = f"numpy.{name}" if getattr(numpy, name, None) is obj else _qualified(obj)
    return f"{_heading(path, level)}\nNumPy's own `{numpy_name}`, re-exported: {_summary(obj)}\n"


def _qualified(obj) -> str:
    return f"{_owner(obj)}.{obj.__qualname__}"


def _summary(obj) -> str:
    """The first line of `obj`'s docstring that is not a signature (NumPy's start with one)."""
    lines = [s.strip() for s in (obj.__doc__ or "").splitlines() if s.strip()]
    name = getattr(obj, "__name__", "")
    return next((s for s in lines if not (name and s.startswith(f"{name}("))), "")


def _data_table(rows: list) -> str:
    """Names and values; an object whose repr is only an address is named by its type."""
    table, previous = [], None
    for path, obj in rows:
        kind = type(obj)
        value = f"`{obj!r}`" if " at 0x" not in repr(obj) else f"a `{_qualified(kind)}`"
        about = _summary(kind) if kind.__module__ != "builtins" and kind is not previous else ""
        table.append((f'<span id="{path}"></span>`{path}`', value, about))
        previous = kind
    if not any(about for _, _, about in table):
        table = [row[:2] for row in table]
    header = ("name", "value", "about")[: len(table[0])]
    lines = [header, ("---",) * len(header), *table]
    return "\n".join(f"| {' | '.join(cells)} |" for cells in lines) + "\n"


def _by_module(module, names: list[str]) -> str:
    """`_reference` split into one section per module that defines the names."""
    groups: dict[str, list[str]] = {}
    for name in names:
        obj = getattr(module, name)
        owner = _owner(obj) if _is_documentable(obj) else type(obj).__module__
        groups.setdefault(owner if owner.startswith("xtensor") else "numpy", []).append(name)
    sections = []
    for owner in sorted(groups, key=lambda o: (o == "numpy", o)):
        sections.append(f"## {_group_title(owner)}\n\n{_group_summary(owner)}\n")
        sections.append(_reference(module, groups[owner], level=3))
    return "\n".join(sections)


def _group_title(owner: str) -> str:
    if owner == "numpy":
        return "NumPy's own objects"
    last = owner.rsplit(".", 1)[-1].removeprefix("_numpy_").strip("_")
    return last.upper() if len(last) <= 2 else last.replace("_", " ").capitalize()


def _group_summary(owner: str) -> str:
    if owner == "numpy":
        return "NumPy's classes and functions that xtensor re-exports unchanged (the same objects)."
    doc = importlib.import_module(owner).__doc__ or ""
    first = " ".join(doc.strip().split("\n\n")[0].split())
    return re.split(r"(?<=\.)\s", first, maxsplit=1)[0]


_EXPANDERS = {
    "api": _api,
    "api-by-module": _api_by_module,
    "api-rest": _api_rest,
    "include": _include,
    "extras": _extras,
}

"""Griffe extensions that make mkdocstrings read xtensor's run-time-built API as users see it.

- `DoctestFences`: xtensor's docstrings are free text with doctest examples (run by
  tests/test_docstrings.py). Markdown reads a line starting with `>` as a quotation, so
  `>>> xp.sum(x)` would render as three nested block quotes. A paragraph whose first line
  starts with `>>>` is wrapped in a `pycon` fence up to the next blank line, which is where
  doctest ends an example's output too.
- `ClassMembersAreOwn`: methods attached to a class from another module (the Array operators
  come from the op table via `_elementwise`, the ufunc methods from `_ufunc`, whose class says
  it lives in `xtensor`) are methods of that class. Griffe would record each as an alias of
  its defining module's name, which does not exist there, and mkdocstrings would drop it.
"""

from __future__ import annotations

import griffe


def fence_examples(text: str) -> str:
    lines, out, inside, indent = text.splitlines(), [], False, ""
    for i, line in enumerate(lines):
        starts_paragraph = i == 0 or not lines[i - 1].strip()
        if not inside and starts_paragraph and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_object(self, *, obj, **kwargs) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_examples(obj.docstring.value)


class ClassMembersAreOwn(griffe.Extension):
    def on_alias_instance(self, *, alias, node, agent, **kwargs) -> None:
        if not (agent.current.is_class and node.obj is getattr(agent.current, "_runtime", None)):
            return
        child = next(c for c in node.children if c.name == alias.name)
        if child.is_function or child.is_method or child.is_property:
            agent.current.del_member(alias.name)
            agent.inspect(child)

    def on_class_instance(self, *, node, cls, **kwargs) -> None:
        cls._runtime = node.obj

"""The documentation site (docs/, mkdocs.yml): it builds, covers the API, and its examples run.

- `mkdocs build --strict` succeeds and logs no WARNING (broken links, anchors, docstrings).
- Every public name (`__all__` of xtensor and of its public modules) has an entry in the API
  reference, and an entry rendered from a docstring shows that docstring's first line: a
  reference page that renders empty fails here.
- Every `pycon` example in the pages prints what it shows (doctest) and every `python` block
  runs, each page in a fresh interpreter, with the README sections the pages include. A
  section (## heading) whose examples import a library that is not installed is left out; a
  block that starts with `# needs a GPU` runs only where xtensor sees a CUDA device.

Run as a script (`python tests/test_docs.py docs/interop.md`) it runs one page's examples.
"""

from __future__ import annotations

import doctest
import html
import importlib.util
import re
import subprocess
import sys
import traceback
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p.relative_to(ROOT).as_posix() for p in DOCS.rglob("*.md"))
PUBLIC_MODULES = ["xtensor", "xtensor.linalg", "xtensor.fft", "xtensor.random", "xtensor.emath"]
PUBLIC_MODULES += ["xtensor.exceptions", "xtensor.jit", "xtensor.lib.stride_tricks"]
_FENCE = re.compile(r"^```(pycon|python)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    pytest.importorskip("mkdocstrings")
    out = tmp_path_factory.mktemp("site")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    return proc, out


def test_site_builds_strictly_without_warnings(site):
    proc, _ = site
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log
    assert [line for line in log.splitlines() if "WARNING" in line] == []


def _reference_html(out: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (out / "reference").rglob("*.html"))


def _public_names():
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if not isinstance(obj, type(sys)):
                yield f"{module_name}.{name}", obj


def test_every_public_name_has_a_reference_entry(site):
    reference = _reference_html(site[1])
    missing = [path for path, _ in _public_names() if f'id="{path}"' not in reference]
    assert missing == []


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.lower()).split())


def _entries(reference: str) -> dict[str, str]:
    """Text of each mkdocstrings entry, by anchor: from its heading to the next heading."""
    headings = re.finditer(r'<h\d id="([^"]+)" class="doc ', reference)
    starts = [(m.start(), m.group(1)) for m in headings]
    ends = [s for s, _ in starts[1:]] + [len(reference)]
    return {
        anchor: html.unescape(re.sub(r"<[^>]+>", " ", reference[start:end]))
        for (start, anchor), end in zip(starts, ends)
    }


def test_reference_entries_show_their_docstrings(site):
    entries = _entries(_reference_html(site[1]))
    empty = []
    for path, obj in _public_names():
        first_line = _words(next((s for s in (obj.__doc__ or "").splitlines() if s.strip()), ""))
        if path in entries and not (first_line and first_line in _words(entries[path])):
            empty.append(path)
    assert len(entries) > 400 and empty == []


def _has_examples(page: str) -> bool:
    text = (ROOT / page).read_text(encoding="utf-8")
    return _FENCE.search(text) is not None or "<!-- include: README.md" in text


@pytest.mark.parametrize("page", [p for p in PAGES if _has_examples(p)])
def test_page_examples_run(page):
    pytest.importorskip("mkdocs")
    proc = subprocess.run(
        [sys.executable, __file__, page], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "ran 0 blocks" not in proc.stdout, proc.stdout


# --- running one page's examples (in its own interpreter) ---------------------------------


def _expanded(page: str) -> str:
    """The page's Markdown after docs/hooks.py, so included README sections are checked too."""
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    text = (ROOT / page).read_text(encoding="utf-8")
    where = SimpleNamespace(file=SimpleNamespace(src_path=page))
    return hooks.on_page_markdown(text, where, {}, None)


def _sections(text: str) -> list[tuple[str, list]]:
    """[(heading, [(kind, code, line number), ...]), ...] per ## section, in page order."""
    sections = [("(top)", [])]
    for m in re.finditer(r"^## ([^\n]+)$|" + _FENCE.pattern, text, re.MULTILINE | re.DOTALL):
        if m.group(1):
            sections.append((m.group(1), []))
        else:
            sections[-1][1].append((m.group(2), m.group(3), text.count("\n", 0, m.start()) + 2))
    return sections


def _missing_import(blocks) -> str | None:
    for _, code, _ in blocks:
        for m in re.finditer(r"^(?:>>> |\.\.\. )?\s*(?:import|from) ([A-Za-z_]\w*)", code, re.M):
            if importlib.util.find_spec(m.group(1)) is None:
                return m.group(1)
    return None


def _run_block(kind: str, code: str, name: str, globs: dict) -> int:
    if kind == "pycon":
        test = doctest.DocTestParser().get_doctest(code, globs, name, name, 0)
        flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
        failed = doctest.DocTestRunner(optionflags=flags).run(test, clear_globs=False).failed
        globs.update(test.globs)  # DocTest ran on a copy; later blocks build on this one
        return failed
    try:
        exec(compile(code, name, "exec"), globs)
    except Exception:
        traceback.print_exc(file=sys.stdout)
        return 1
    return 0


def run_page(page: str) -> int:
    import xtensor  # lazy: only the page runner needs it, in its own interpreter

    has_gpu = any(d.kind == "cuda" for d in xtensor.__array_namespace_info__().devices())
    globs, failed, ran = {}, 0, 0
    for heading, blocks in _sections(_expanded(page)):
        missing = _missing_import(blocks)
        if missing:
            print(f"left out {page} / {heading}: {missing} is not installed")
            continue
        for kind, code, line in blocks:
            if code.startswith("# needs a GPU") and not has_gpu:
                print(f"left out {page}:{line}: no CUDA device")
                continue
            failed += _run_block(kind, code, f"{page}:{line}", globs)
            ran += 1
    print(f"{page}: ran {ran} blocks, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(run_page(sys.argv[1]))

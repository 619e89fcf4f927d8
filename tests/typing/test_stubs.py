"""The generated stubs are current: regenerating them from the running package changes nothing.

They declare, for type checkers, the names xtensor makes at import time (see `stubgen.py`).
When this fails, the op table, an attached Array method, a random sampler or a collected
NumPy alias changed: run `python tests/typing/stubgen.py` and commit the stubs it writes.
"""

from __future__ import annotations

import stubgen


def test_generated_stubs_match_the_package():
    stale = [path for path, text in stubgen.stubs().items() if _read(path) != text]
    assert not stale, (
        f"stale generated stubs: {', '.join(stale)}; run `python tests/typing/stubgen.py`"
    )


def test_the_stubs_declare_what_the_package_makes():
    """The stubs hold the generated surface itself (not merely some text): every op-table
    function, every attached Array member and every sampler is declared by name."""
    texts = stubgen.stubs()
    elementwise = texts[stubgen.GENERATED["xtensor._elementwise"]]
    for name in stubgen.xtensor._elementwise.__all__:
        assert f'"{name}"' in elementwise, name
    surface = texts[stubgen.ARRAY_SURFACE]
    for name in ("__add__", "__rtruediv__", "__eq__", "sum", "reshape", "flags", "tofile"):
        assert f"def {name}(" in surface, name
    samplers = texts[stubgen.RANDOM_SAMPLERS]
    for name in stubgen.xtensor.random.DISTRIBUTIONS:
        assert f"def {name}(" in samplers, name


def _read(path: str) -> str | None:
    target = stubgen.ROOT / path
    return target.read_text() if target.exists() else None

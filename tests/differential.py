"""The differential test files' shared form (`test_numpy_differential.py`,
`test_linalg_fft_differential.py`, `test_text_dates_differential.py`): a call written as one
line, "name args" (`'clip np.arange(2), None, -200'`), run by the file's own `run` against
NumPy; the differences once found and fixed stay as checks, those still known as strict
xfails, one reproduction each."""

from __future__ import annotations

import pytest


def parsed(line: str, names: dict) -> tuple:
    """(name, args, kwargs) of a call line, its arguments evaluated with `names`."""
    name, _, rest = line.partition(" ")
    return name, *eval(f"(lambda *a, **k: (a, k))({rest})", names)


def grouped(text: str) -> list:
    """Call lines written in groups, "name args; args | name args" (newlines part groups too):
    one "name args" line per call."""
    groups = [g.partition(" ") for g in text.strip().replace("\n", " | ").split(" | ")]
    return [f"{name} {args.strip()}" for name, _, calls in groups for args in calls.split(";")]


def line_tests(run, call, fixed: list, known: dict) -> tuple:
    """The file's two tests of call lines: `fixed` ones must agree with NumPy, `known` ones
    (line -> what differs) must not, until fixed."""

    @pytest.mark.parametrize("line", fixed)
    def test_fixed_differences(line):
        name, args, kw = call(line)
        run(name, *args, **kw)

    xfails = [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=v)) for k, v in known.items()
    ]

    @pytest.mark.parametrize("line", xfails)
    def test_known_differences(line):
        name, args, kw = call(line)
        run(name, *args, **kw)

    return test_fixed_differences, test_known_differences

"""The differential test files' shared form (`test_numpy_differential.py`,
`test_linalg_fft_differential.py`, `test_text_dates_differential.py`): a call written as one
line, "name args" (`'clip np.arange(2), None, -200'`), run by the file's own `run` against
NumPy; the differences once found and fixed stay as checks, those still known as strict
xfails, one reproduction each."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from tests.oracle_calls import BASES, KEPT, expected_error


def parsed(line: str, names: dict) -> tuple:
    """(name, args, kwargs) of a call line, its arguments evaluated with `names`."""
    name, _, rest = line.partition(" ")
    return name, *eval(f"(lambda *a, **k: (a, k))({rest})", names)


def grouped(text: str) -> list:
    """Call lines written in groups, "name args; args | name args" (newlines part groups too):
    one "name args" line per call."""
    groups = [g.partition(" ") for g in text.strip().replace("\n", " | ").split(" | ")]
    return [f"{name} {args.strip()}" for name, _, calls in groups for args in calls.split(";")]


def line_tests(run, call, agreeing: list, known: dict) -> tuple:
    """The file's two tests of call lines: `agreeing` ones (its checked calls, the differences
    fixed) must agree with NumPy, `known` ones (line -> what differs) must not, until fixed."""

    @pytest.mark.parametrize("line", agreeing)
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


def twinned(args: tuple, kw: dict, special=None) -> tuple:
    """(arrays, put): the NumPy arrays in a call's `args` and `kw` (nested in lists, tuples and
    dicts), and `put(twins)`, the call's (args, kw) with each array's twin in its place;
    `special(v)`, if given, answers a value's replacement in `put` (None: the usual one)."""
    found = {}

    def walk(v, sub=None):
        if sub is not None and special is not None and (r := special(v)) is not None:
            return r
        if isinstance(v, np.ndarray):
            found.setdefault(id(v), v)
            return v if sub is None else sub[id(v)]
        if isinstance(v, (tuple, list)):
            return type(v)(walk(i, sub) for i in v)
        return {k: walk(i, sub) for k, i in v.items()} if isinstance(v, dict) else v

    walk((args, kw))
    ids = list(found)
    return list(found.values()), lambda twins: walk((args, kw), dict(zip(ids, twins)))


def error_kind(e: BaseException) -> type:
    """The class xtensor must raise where NumPy raised `e`: NumPy's own, or the built-in base
    of NumPy's own subclasses (UFuncTypeError: TypeError)."""
    return type(e) if not isinstance(e, (*KEPT, *BASES)) else expected_error(e)


def both(numpy_call, xtensor_call):
    """(NumPy's answer, xtensor's) of one call, warnings quiet; None where NumPy raised, once
    xtensor has raised the same kind of error."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = numpy_call()
        except Exception as e:  # noqa: BLE001 - NumPy's error is the oracle's answer
            with pytest.raises(error_kind(e)):
                xtensor_call()
            return None
        return want, xtensor_call()

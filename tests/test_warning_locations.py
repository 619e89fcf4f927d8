"""The RuntimeWarnings and RankWarnings of the statistical, NaN-ignoring, covariance and
polynomial functions name the user's line, once per call site under the default filter, as
NumPy's do (Note [Warnings NumPy's functions aim at their caller] in xtensor/_backends/cpu.py).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import xtensor as xt

SCRIPT = "user_script.py"

# calls whose warnings NumPy gives at its caller's line (or, for some, at a line of its own)
SAME_AS_NUMPY = [
    "m.zeros((0, 2)).mean(axis=0)",
    "m.asarray([]).mean()",
    "m.asarray([]).var()",
    "m.asarray([]).std()",
    "m.zeros((0, 2)).var(axis=0)",
    "m.asarray([1.0]).var(ddof=1)",
    "m.std([1.0, 2.0], ddof=3)",
    "m.polyfit([0.0, 1, 2], [1.0, 2, 3], 5)",
    "m.polyfit(m.asarray([0.0, 1, 2]), m.asarray([1.0, 2, 3]), 5)",
    "m.cov([1.0])",
    "m.cov(m.ones((2, 1)))",
    "m.cov(m.asarray([1.0, 2.0]), ddof=5)",
    "m.nanmedian(m.asarray([m.nan]))",
    "m.nanmedian(m.asarray([[m.nan, 1.0], [m.nan, 2.0]]), axis=0)",
    "m.nanmax(m.asarray([m.nan]))",
    "m.nanmin(m.asarray([m.nan]))",
    "m.nanmax(m.asarray([[m.nan, 1.0], [m.nan, 2.0]]), axis=0)",
    "m.nanmax(m.asarray([m.nan]), keepdims=True)",
    "m.nanmean(m.asarray([m.nan]))",
    "m.nanmean(m.asarray([[m.nan, 1.0], [m.nan, 2.0]]), axis=0)",
    "m.nanmean(m.asarray([m.nan]), keepdims=True)",
    "m.nanvar(m.asarray([m.nan]))",
    "m.nanvar(m.asarray([1.0]), ddof=1)",
    "m.nanstd(m.asarray([m.nan]))",
    "m.nanpercentile(m.asarray([m.nan]), 50)",
    "m.nanquantile(m.asarray([m.nan]), 0.5)",
    "m.corrcoef([1.0, 1.0, 1.0], [1.0, 2.0, 3.0])",
    # NumPy's function forms of these name a line of NumPy's own (np.mean calls the method),
    # which the default filter then shows once for every call site: xtensor's name it too
    "m.mean([])",
    "m.mean(m.zeros((0, 2)), axis=0)",
    "m.var([1.0, 2.0], ddof=2)",
    "m.median(m.asarray([]))",
    "m.asarray([1.0], dtype=m.float16) * 1e5",
    "m.asarray([0.0], dtype=m.float16) * 1e5",
    "m.asarray([60000.0], dtype=m.float16) * 2.0",
    "m.asarray([1.0, 2.0], dtype=m.float32) + 1e40",
]

# NumPy's `average` warns at a line of its own (its call of the mean method): xtensor names
# the user's line, as NumPy's methods do
USERS_LINE = ["m.average(m.asarray([]))"]


def _warnings(module, call: str) -> list:
    """The warnings of a loop that runs `call` at two lines of a script, twice, under the
    default filter (which shows a warning once per location)."""
    source = "\n" * 99 + f"for _ in range(2):\n    {call}\n    {call}\n"
    code = compile(source, SCRIPT, "exec")
    # NumPy's default error state (conftest.py ignores every floating-point error)
    with np.errstate(divide="warn", over="warn", invalid="warn"):
        with warnings.catch_warnings(record=True) as caught:
            warnings.resetwarnings()
            warnings.simplefilter("default")
            exec(code, {"m": module})
    return [(w.category, str(w.message), w.filename, w.lineno) for w in caught]


@pytest.mark.parametrize("call", SAME_AS_NUMPY)
def test_warnings_are_numpys_at_numpys_lines(call):
    want = _warnings(np, call)
    assert want  # (each call warns)
    assert _warnings(xt, call) == want


@pytest.mark.parametrize("call", USERS_LINE)
def test_function_forms_warn_at_each_call_site(call):
    got = [w for w in _warnings(xt, call) if w[2] == SCRIPT]
    assert [w[3] for w in got] == [101, 102]  # once per call site
    assert {w[:2] for w in got} <= {w[:2] for w in _warnings(np, call)}  # NumPy's words


def test_a_users_error_filter_raises_as_numpys():
    for m in (np, xt):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(RuntimeWarning, match="All-NaN slice"):
                m.nanmedian(m.asarray([np.nan]))
            with pytest.raises(np.exceptions.RankWarning):
                m.polyfit(m.asarray([0.0, 1, 2]), m.asarray([1.0, 2, 3]), 5)


def test_the_warnings_module_is_left_as_it_was():
    filters, show = warnings.filters, warnings._showwarnmsg
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        inner = warnings.filters
        xt.nanmedian(xt.asarray([np.nan]))
        xt.polyfit(xt.asarray([0.0, 1, 2]), xt.asarray([1.0, 2, 3]), 5)
        assert warnings.filters is inner
    assert warnings.filters is filters
    assert warnings._showwarnmsg is show


def test_other_warnings_still_show_once_per_line():
    """The relay keeps other locations' once-per-location registries (no `catch_warnings`)."""
    code = compile(
        "for _ in range(3):\n"
        "    warnings.warn('mine', UserWarning)\n"
        "    xt.nanmedian(xt.asarray([xt.nan]))\n",
        SCRIPT,
        "exec",
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.resetwarnings()
        warnings.simplefilter("default")
        exec(code, {"xt": xt, "warnings": warnings})
    assert [(str(w.message), w.lineno) for w in caught] == [
        ("mine", 2),
        ("All-NaN slice encountered", 3),
    ]

"""datetime64/timedelta64 arrays (Note [Host-only dtypes] in `xtensor/_core/dtypes.py`).

Each test runs the same code on NumPy and compares values, dtype and repr: dates live on the
CPU, and their arithmetic, comparisons and functions are NumPy's own loops, reached through
xtensor's dispatch. Another device refuses them with a TypeError naming the dtype.
"""

from __future__ import annotations

import datetime

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import assert_same

DATES = ["2020-01-01", "2020-02-29", "NaT", "2021-12-31", "2019-07-04"]
UNITS = ["D", "h", "s", "ms", "us"]


def _pair(dates=DATES, unit="D"):
    want = np.asarray(dates, dtype=f"datetime64[{unit}]")
    return xt.asarray(dates, dtype=f"datetime64[{unit}]"), want


def test_asarray_dtype_equality_and_repr():
    got, want = _pair()
    assert_same(got, want)
    assert got.dtype == np.dtype("M8[D]") and np.dtype("M8[D]") == got.dtype
    assert got.dtype == "datetime64[D]" and got.dtype is xt.asarray(want).dtype
    assert repr(got) == repr(want)
    assert str(got) == str(want)
    assert repr(xt.asarray(["2020-01-01"], dtype="datetime64[D]")) == (
        "array(['2020-01-01'], dtype='datetime64[D]')"
    )


def test_scalar_type_spellings_give_numpys_scalars_as_date_elements_are():
    # pandas compares and shifts dates by NumPy's scalars (`df['d'] >= np.datetime64(...)`)
    for got, want in (
        (xt.datetime64("2020-01-01"), np.datetime64("2020-01-01")),
        (xt.datetime64("2020-01-01T12", "s"), np.datetime64("2020-01-01T12", "s")),
        (xt.timedelta64(5, "h"), np.timedelta64(5, "h")),
    ):
        assert type(got) is type(want) and got == want and got.dtype == want.dtype
    assert xt.datetime64 == np.dtype(np.datetime64) and xt.timedelta64 == np.dtype("m8")
    got, _ = _pair()
    assert xt.issubdtype(got.dtype, xt.datetime64) and not xt.issubdtype(got.dtype, xt.number)


@pytest.mark.parametrize("unit", ["Y", "M", "D", "h"])
def test_arange_of_dates(unit):
    start, stop = np.datetime64("2020-01", unit), np.datetime64("2021-06", unit)
    assert_same(xt.arange(start, stop), np.arange(start, stop))
    assert_same(
        xt.arange("2020-01", "2020-06", dtype="datetime64[M]"),
        np.arange("2020-01", "2020-06", dtype="datetime64[M]"),
    )
    assert_same(xt.arange(0, 10, 3, dtype="m8[s]"), np.arange(0, 10, 3, dtype="m8[s]"))


def test_arithmetic_follows_numpys_unit_rules():
    got, want = _pair()
    base, nbase = got[0], want[0]
    assert_same(got - base, want - nbase)  # datetime - datetime -> timedelta
    delta, ndelta = got - base, want - nbase
    assert_same(got + delta, want + ndelta)  # datetime + timedelta -> datetime
    assert_same(delta * 3, ndelta * 3)  # timedelta * int
    assert_same(delta / delta[1], ndelta / ndelta[1])  # timedelta / timedelta -> float64
    assert_same(delta // np.timedelta64(7, "D"), ndelta // np.timedelta64(7, "D"))
    assert_same(got + np.timedelta64(36, "h"), want + np.timedelta64(36, "h"))  # unit widens
    assert_same(-delta, -ndelta)
    assert_same(xt.abs(delta), np.abs(ndelta))


def test_comparisons_including_a_date_string():
    got, want = _pair()
    assert_same(got < got[1], want < want[1])
    assert_same(got == got, want == want)  # NaT is unequal to itself
    assert_same(xt.less(got, "2020-06-01"), np.less(want, np.datetime64("2020-06-01")))
    assert_same(xt.maximum(got, got[0]), np.maximum(want, want[0]))


def test_dates_refuse_meaningless_arithmetic_with_the_function_named():
    got, want = _pair()
    with pytest.raises(TypeError, match="add: "):
        xt.add(got, got)
    with pytest.raises(TypeError):
        np.add(want, want)
    with pytest.raises(TypeError, match="sin: "):
        xt.sin(got)


def test_reductions_sort_search_and_sets():
    got, want = _pair([d for d in DATES if d != "NaT"])
    for name in ("min", "max", "argmin", "argmax", "sort", "argsort"):
        assert_same(getattr(xt, name)(got), np.asarray(getattr(np, name)(want)), err_msg=name)
    assert_same(xt.searchsorted(xt.sort(got), got), np.searchsorted(np.sort(want), want))
    assert_same(xt.unique_values(xt.concat([got, got])), np.unique(np.concatenate([want, want])))
    assert_same(xt.diff(got), np.diff(want))
    delta, ndelta = got - got[0], want - want[0]
    assert_same(xt.sum(delta), np.asarray(np.sum(ndelta)))
    assert_same(xt.mean(delta), np.asarray(np.mean(ndelta)))
    assert_same(xt.cumulative_sum(delta), np.cumsum(ndelta))
    with pytest.raises(TypeError):  # NumPy cannot add dates, so neither sums nor means them
        xt.mean(got)
    with pytest.raises(TypeError):
        np.mean(want)


def test_where_concat_indexing_and_assignment():
    got, want = _pair()
    mask = got > got[0]
    assert_same(xt.where(mask, got, got[0]), np.where(want > want[0], want, want[0]))
    assert_same(xt.concat([got, got[:2]]), np.concatenate([want, want[:2]]))
    assert_same(got[::-2], want[::-2])
    assert_same(got[xt.asarray([3, 0])], want[[3, 0]])
    assert_same(xt.reshape(got[:4], (2, 2)).T, want[:4].reshape(2, 2).T)
    got[1] = np.datetime64("1999-01-01")
    want[1] = np.datetime64("1999-01-01")
    assert_same(got, want)


def test_datetime_functions_are_numpys():
    got, want = _pair()
    assert_same(xt.isnat(got), np.isnat(want))
    assert_same(xt.datetime_as_string(got), np.datetime_as_string(want))
    assert_same(
        xt.datetime_as_string(got, unit="h", timezone="UTC"),
        np.datetime_as_string(want, unit="h", timezone="UTC"),
    )
    assert xt.datetime_data(got.dtype) == np.datetime_data(want.dtype) == ("D", 1)
    assert xt.busdaycalendar is np.busdaycalendar
    days = [d for d in DATES if d != "NaT"]
    dates, ndates = xt.asarray(days, dtype="M8[D]"), np.asarray(days, dtype="M8[D]")
    assert_same(xt.is_busday(dates), np.is_busday(ndates))
    assert_same(xt.busday_count(dates, "2022-01-01"), np.busday_count(ndates, "2022-01-01"))
    assert_same(
        xt.busday_offset(dates, 3, roll="forward"), np.busday_offset(ndates, 3, roll="forward")
    )
    cal = xt.busdaycalendar(weekmask="1111100", holidays=["2020-01-01"])
    assert_same(
        xt.busday_count("2020-01-01", "2020-02-01", busdaycal=cal),
        np.asarray(np.busday_count("2020-01-01", "2020-02-01", busdaycal=cal)),
    )
    with pytest.raises(TypeError, match="isnat: "):
        xt.isnat(xt.ones(2))


@given(
    values=hnp.arrays(
        np.int64,
        hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
        elements=st.integers(-(10**9), 10**9),
    ),
    unit=st.sampled_from(UNITS),
    other=st.sampled_from(UNITS),
    step=st.integers(-1000, 1000),
)
def test_unit_arithmetic_matches_numpy(values, unit, other, step):
    want = values.astype(f"M8[{unit}]")
    got = xt.asarray(want)
    delta = np.timedelta64(step, other)
    assert_same(got + delta, want + delta)
    assert_same(got - got, want - want)
    assert_same(got >= got + delta, want >= want + delta)
    assert_same(xt.astype(got, xt.int64), want.astype(np.int64))


def test_other_devices_refuse_dates_naming_the_dtype():
    got, _ = _pair()
    message = r"datetime64\[D\] arrays are supported on the CPU only"
    with pytest.raises(TypeError, match=f"to_device: {message}"):
        got.to_device("meta")
    with pytest.raises(TypeError, match=f"asarray: {message}"):
        xt.asarray(DATES, dtype="M8[D]", device="meta")
    with pytest.raises(TypeError, match=r"astype: datetime64\[s\] arrays are supported on the"):
        xt.astype(xt.ones(2, device="meta"), "M8[s]")
    with pytest.raises(TypeError, match=r"arange: datetime64\[M\] arrays are supported on the"):
        xt.arange("2020-01", "2020-03", dtype="M8[M]", device="meta")
    assert "datetime64" not in {str(d) for d in xt.__array_namespace_info__().dtypes().values()}


# --- operators with Python and NumPy operands (the dunders read what the functions read) -----


def test_operators_take_date_strings_as_the_functions_do():
    got, want = _pair()
    june = np.datetime64("2020-06-01")
    assert_same(got < "2020-06-01", want < june)
    assert_same("2020-06-01" > got, june > want)  # str's own > declines, so Array's < runs
    assert_same(got >= "2020-02-29T12", want >= np.datetime64("2020-02-29T12"))  # its own unit
    assert_same(got == "2020-01-01", want == np.datetime64("2020-01-01"))
    assert_same(got != "2020-01-01", want != np.datetime64("2020-01-01"))
    assert_same(xt.less(got, "2020-06-01"), got < "2020-06-01")
    # Text that is no date: == is False everywhere and != True, as in NumPy; < is NumPy's error.
    assert_same(got == "soon", want == "soon")
    assert_same(got != "soon", want != "soon")
    with pytest.raises(TypeError, match="less: "):
        got < "soon"  # noqa: B015
    with pytest.raises(TypeError):
        want < "soon"  # noqa: B015


def test_operators_take_python_dates_and_numpy_scalars():
    got, want = _pair()
    day = datetime.timedelta(days=1)
    assert_same(got + day, want + np.timedelta64(day))  # at microseconds, NumPy's reading of it
    assert_same(day + got, np.timedelta64(day) + want)
    assert_same(
        got - datetime.datetime(2020, 1, 1), want - np.datetime64("2020-01-01T00:00:00.000000")
    )
    # NumPy compares a date as an object (None for NaT, which then fails); xtensor as the date
    assert_same(got < datetime.date(2020, 6, 1), want < np.datetime64("2020-06-01"))
    assert_same(got[:2] < datetime.date(2020, 2, 1), want[:2] < datetime.date(2020, 2, 1))
    delta, ndelta = got - got[0], want - want[0]
    assert_same(delta < day, ndelta < np.timedelta64(day))
    assert_same(got - np.datetime64("2020-01-01"), want - np.datetime64("2020-01-01"))
    assert_same(np.datetime64("2020-01-01") - got, np.datetime64("2020-01-01") - want)
    assert_same(got + np.timedelta64(36, "h"), want + np.timedelta64(36, "h"))
    assert_same(xt.add(got, day), got + day)


def test_in_place_operators_write_into_the_dates():
    got, want = _pair()
    alias = got
    got += datetime.timedelta(days=2)
    want += np.timedelta64(2, "D")
    assert alias is got
    assert_same(got, want)
    got -= np.timedelta64(1, "D")
    want -= np.timedelta64(1, "D")
    assert_same(alias, want)


def test_operators_still_refuse_what_numpy_refuses():
    got, _ = _pair()
    with pytest.raises(TypeError):
        got + "2020-01-01"  # noqa: B018 (dates do not add)
    with pytest.raises(TypeError):
        got + b"2020"  # noqa: B018
    with pytest.raises(TypeError):
        xt.asarray([1.0]) < "2020-01-01"  # noqa: B015 (a str beside numbers is no operand)


class _OptsOut:
    __array_ufunc__ = None  # NumPy's opt-out: its own reflected operator decides

    def __radd__(self, other):
        return "reflected"


def test_an_operand_that_opts_out_gets_its_reflected_operator():
    got, _ = _pair()
    assert got + _OptsOut() == "reflected"
    assert xt.asarray([1], dtype=object) + _OptsOut() == "reflected"


# --- NumPy-script usage ------------------------------------------------------------------------


def test_date_ranges_differences_and_months_as_numpy_scripts_write_them():
    for lib in (np, xt):
        days = lib.arange("2020-01-01", "2020-03-01", dtype="datetime64[D]")
        months = days.astype("datetime64[M]")
        results = (
            days[::7],
            lib.diff(days),
            lib.diff(months),
            months,
            days.astype("datetime64[Y]"),
            (days - days[0]) / np.timedelta64(1, "D"),
            months.astype(int) % 12 + 1,
            days[days > np.datetime64("2020-02-25")],
            lib.cumsum(lib.diff(days)),
        )
        if lib is np:
            want = results
        else:
            got = results
    for g, w in zip(got, want):
        assert_same(g, w)


def test_unique_of_dates_and_today():
    days = np.arange("2020-01-30", "2020-03-02", dtype="datetime64[D]").astype("datetime64[M]")
    got = xt.unique(xt.asarray(days), return_counts=True, return_index=True, return_inverse=True)
    for g, w in zip(
        got, np.unique(days, return_counts=True, return_index=True, return_inverse=True)
    ):
        assert_same(g, w)
    today = xt.datetime64("today")
    assert today.dtype == np.dtype("M8[D]") and today.shape == ()
    assert abs(int((np.asarray(today) - np.datetime64("today")).astype(int))) <= 1  # midnight


def test_arange_takes_xtensors_0d_dates_as_numpy_scalars():
    # A NumPy script run on xtensor writes xt.datetime64(...), a 0-d array, for np.datetime64.
    got = xt.arange(
        xt.datetime64("2020-01-01"), xt.datetime64("2020-02-01"), xt.timedelta64(1, "W")
    )
    want = np.arange(
        np.datetime64("2020-01-01"), np.datetime64("2020-02-01"), np.timedelta64(1, "W")
    )
    assert_same(got, want)
    assert_same(
        xt.arange(xt.datetime64("2020-01-01"), xt.datetime64("2020-01-04")),
        np.arange(np.datetime64("2020-01-01"), np.datetime64("2020-01-04")),
    )


@given(
    values=hnp.arrays(
        np.int64,
        hnp.array_shapes(min_dims=0, max_dims=2, max_side=4),
        elements=st.integers(-(10**6), 10**6),
    ),
    units=st.tuples(st.sampled_from(UNITS), st.sampled_from(UNITS)),
    name=st.sampled_from(["subtract", "less", "equal", "maximum", "add", "true_divide"]),
)
def test_repeated_date_calls_are_numpys(values, units, name):
    """The first call of Arrays of dates puts NumPy's ufunc in the op's small table, which the
    compiled twins run on the next (`host_only_fast`): both calls, the function's and the
    operator's, give NumPy's answer, NaT and mixed units included; a refused pair is refused
    with the function named each time."""
    kind = "m" if name in ("add", "true_divide") else "M"  # durations: dates do not add
    dates = values.astype(f"{kind}8[{units[0]}]")
    other = np.flip(values).astype(f"{kind}8[{units[1]}]")
    if dates.size:
        dates.flat[0] = np.datetime64("NaT") if kind == "M" else np.timedelta64("NaT")
    x, y = xt.asarray(dates), xt.asarray(other)
    for _ in range(2):
        assert_same(getattr(xt, name)(x, y), getattr(np, name)(dates, other))
        with pytest.raises(TypeError, match="add: "):
            xt.add(xt.asarray(dates.astype("M8[D]")), xt.asarray(other.astype("M8[D]")))

"""Datetimes and timedeltas: units, date ranges, arithmetic, business days and formatting."""

import numpy as np

print(
    repr(np.datetime64("2005-02-25")), repr(np.datetime64(1, "Y")), repr(np.datetime64("2005-02"))
)
print(np.datetime64("2005-02", "D"), np.datetime64("2005-02-25T03:30"), np.datetime64("nat"))
dates = np.array(["2007-07-13", "2006-01-13", "2010-08-13"], dtype="datetime64")
print(dates, dates.dtype)
print(np.array(["2001-01-01T12:00", "2002-02-03T13:56:03.172"], dtype="datetime64"))
print(np.arange("2005-02", "2005-03", dtype="datetime64[D]"))
print(np.arange("2005-02-01", "2005-02-15", 3, dtype="datetime64[D]"))
print(np.datetime64("2005") == np.datetime64("2005-01-01"))
print(np.datetime64("2010-03-14T15") == np.datetime64("2010-03-14T15:00:00.00"))

# timedelta arithmetic
print(
    repr(np.timedelta64(1, "D")),
    np.timedelta64(4, "h"),
    np.timedelta64(1, "W") / np.timedelta64(1, "D"),
)
print(np.datetime64("2009-01-01") - np.datetime64("2008-01-01"))
print(np.datetime64("2009") + np.timedelta64(20, "D"))
print(np.datetime64("2011-06-15T00:00") + np.timedelta64(12, "h"))
print(np.timedelta64(1, "W") % np.timedelta64(10, "D"))
print(np.datetime64("2012-03-01") - np.timedelta64(1, "D"))
span = np.array(["2024-01-31", "2024-02-29", "2024-12-25"], dtype="datetime64[D]")
print(span + np.timedelta64(1, "D"), np.diff(span), np.diff(span).astype(int))
print((span - np.datetime64("2024-01-01")) // np.timedelta64(7, "D"))

# converting between units
print(span.astype("datetime64[M]"), span.astype("datetime64[Y]"), span.astype("datetime64[s]")[0])
months = span.astype("datetime64[M]").astype(int) % 12 + 1
days = (span - span.astype("datetime64[M]")).astype(int) + 1
print("month numbers:", months, "day of month:", days)
print(
    np.timedelta64(90, "m").astype("timedelta64[h]"),
    np.timedelta64(36, "h").astype("timedelta64[D]"),
)
print(
    np.timedelta64(3, "D").astype("timedelta64[s]"), np.timedelta64(2, "h") / np.timedelta64(1, "s")
)
print(
    np.datetime64("2024-03-10T08:15").astype("datetime64[D]"),
    np.datetime64("2024-03-10").astype(int),
)

# business days
print(np.busday_offset("2011-06-23", 1), np.busday_offset("2011-06-23", 2))
print(
    np.busday_offset("2011-06-25", 0, roll="forward"),
    np.busday_offset("2011-06-25", 0, roll="backward"),
)
print(
    np.busday_offset("2011-03-20", 0, roll="modifiedfollowing"),
    np.busday_offset("2012-05", 1, roll="forward", weekmask="Sun"),
)
print(np.is_busday(np.datetime64("2011-07-15")), np.is_busday(np.datetime64("2011-07-16")))
print(np.is_busday(np.datetime64("2011-07-16"), weekmask="Sat Sun"))
a = np.arange(np.datetime64("2011-07-11"), np.datetime64("2011-07-18"))
print(
    np.count_nonzero(np.is_busday(a)),
    np.busday_count(np.datetime64("2011-07-11"), np.datetime64("2011-07-18")),
)
hol = ["2011-07-04", "2011-12-26"]
print(np.busday_count("2011-07-01", "2011-07-08", holidays=hol))
print(np.busday_offset("2011-07-01", np.arange(4), holidays=hol))
cal = np.busdaycalendar(weekmask="1111100", holidays=hol)
print(cal.weekmask, np.is_busday(["2011-07-04", "2011-07-05"], busdaycal=cal))

# formatting
d = np.arange("2002-10-27T04:30", 4 * 60, 60, dtype="M8[m]")
print(np.datetime_as_string(d))
print(np.datetime_as_string(d, unit="h"), np.datetime_as_string(d, unit="D"))
print(np.datetime_as_string(d, unit="auto"), np.datetime_as_string(d, timezone="UTC")[0])
print(np.datetime_data(d.dtype), np.datetime_data(np.dtype("m8[25s]")))
nat = np.array(["2020-01-01", "NaT"], dtype="datetime64[D]")
print(nat, np.isnat(nat), nat + np.timedelta64(1, "D"))
print(f"{str(np.datetime64('2024-05-17')):>14}|{np.datetime64('2024-05-17', 'M')!s:<9}|")

"""Shift logs: datetime64 / timedelta64 arithmetic and converting between units."""

import numpy as np

clock_in = np.array(
    [
        "2024-03-04T08:55",
        "2024-03-04T13:02",
        "2024-03-05T07:30",
        "2024-03-05T22:15",
        "2024-03-06T09:00",
    ],
    dtype="datetime64[m]",
)
clock_out = np.array(
    [
        "2024-03-04T12:31",
        "2024-03-04T17:45",
        "2024-03-05T16:10",
        "2024-03-06T06:40",
        "2024-03-06T09:00",
    ],
    dtype="datetime64[m]",
)
print(clock_in.dtype, clock_in.shape)
worked = clock_out - clock_in
print("worked:", worked, worked.dtype)
print("in hours:", worked / np.timedelta64(1, "h"))
print("whole hours:", worked.astype("timedelta64[h]"))
print("seconds:", worked.astype("timedelta64[s]").astype(np.int64))
print("total:", worked.sum(), "mean:", worked.mean())
print("longest shift starts at", clock_in[np.argmax(worked)])

day = clock_in.astype("datetime64[D]")
print("dates:", day)
print("start of hour:", clock_in.astype("datetime64[h]"))
print("minutes after midnight:", (clock_in - day).astype(int))
overnight = clock_out.astype("datetime64[D]") > day
print("overnight shifts:", np.flatnonzero(overnight))
print("as strings:", np.datetime_as_string(clock_in, unit="h"))
print("as dates:", np.datetime_as_string(clock_in, unit="D"))
print("iso seconds:", np.datetime_as_string(clock_out[:2], unit="s"))

pay_period = np.datetime64("2024-03-01") + np.arange(4) * np.timedelta64(2, "D")
print("pay periods:", pay_period)
print("period index:", np.searchsorted(pay_period, day, side="right") - 1)

t = np.timedelta64(90061, "s")
print(t, t.astype("timedelta64[D]"), t.astype("timedelta64[h]"), t // np.timedelta64(1, "h"))
print(divmod(t, np.timedelta64(1, "D")))
print("half:", t / 2, "times 3:", t * 3)
print(np.timedelta64(3, "h") + np.timedelta64(15, "m"))
print(np.timedelta64(1, "D") > np.timedelta64(23, "h"))
print(np.datetime64("2024-02-28") + np.timedelta64(1, "D"), np.datetime64("2023-02-28") + 1)
print(np.datetime64("2024-01-31", "M") + np.timedelta64(1, "M"))
years = np.array(["2019", "2020", "2024", "2100"], dtype="datetime64[Y]")
feb29 = (years.astype("datetime64[M]") + 2).astype("datetime64[D]") - 1
print("last day of Feb:", feb29, "leap:", feb29.astype(object)[0].day == 29)
ms = np.array([0, 1500, 86_400_000], dtype="timedelta64[ms]")
print(ms, ms.astype("timedelta64[s]"), ms.astype(float) / 1000)
epoch = np.datetime64("1970-01-01T00:00:00")
print("from epoch:", epoch + np.array([0, 1_700_000_000], dtype="timedelta64[s]"))
print(np.datetime64("2024-03-10T12:00") - np.datetime64("2024-03-01"))

"""Durations between logged events, in seconds and minutes, with a missing timestamp."""

import numpy as np

stamps = np.array(
    [
        "2024-05-01T08:00:00",
        "2024-05-01T08:12:30",
        "NaT",
        "2024-05-01T09:45:10",
        "2024-05-01T11:02:00",
        "2024-05-01T11:02:45",
    ],
    dtype="datetime64[s]",
)
print(stamps)
valid = stamps[~np.isnat(stamps)]
print("valid events:", valid.size)
deltas = np.diff(valid)
print("deltas:", deltas)
print("in minutes:", deltas.astype("timedelta64[m]"))
print("seconds as float:", deltas / np.timedelta64(1, "s"))
print("mean gap:", deltas.mean())
print("total span:", valid[-1] - valid[0])
hours = valid.astype("datetime64[h]")
print("hours seen:", np.unique(hours))
late = valid > np.datetime64("2024-05-01T10:00:00")
print("after ten:", np.datetime_as_string(valid[late], unit="m"))
order = np.argsort(deltas)[::-1]
print("longest waits first:", deltas[order])

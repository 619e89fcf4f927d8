import numpy as np

d = np.arange("2024-01-28", "2024-02-03", dtype="datetime64[D]")
print(d)
print(repr(d))
print(d.astype("datetime64[M]"), d.astype("datetime64[Y]"))
print(d + np.timedelta64(12, "h"))
print(np.datetime_as_string(d[:2]), np.datetime_as_string(d[0], unit="M"))
print((d - d[0]).astype(int), (d - d[0]) / np.timedelta64(1, "D"))
print(np.busday_count("2024-01-01", "2024-02-01"), np.is_busday(d))
print(np.busday_offset("2024-01-05", 1, roll="forward"))
t = np.array(["2024-01-01T00:00:00", "2024-01-01T12:30:45"], dtype="datetime64[s]")
print(t, t[1] - t[0], (t[1] - t[0]).astype("timedelta64[m]"))
print(np.diff(t), repr(np.diff(t)))
print(
    np.array([1, 2, 3], dtype="timedelta64[D]") * 2,
    repr(np.array([5], "m8[D]")),
)
print(d.dtype, d.dtype.str, t.dtype.name, np.dtype("M8[ns]"))
print(d.tolist()[:2], t.tolist())
print(np.datetime64("2024-03-10") - np.datetime64("2024-03-01"))
print(
    np.array(["2024-01-01", "NaT"], dtype="M8[D]"),
    np.isnat(np.array(["NaT", "2020-01-01"], dtype="M8[D]")),
)
print(np.max(d), np.sort(d[::-1])[:2], np.unique(np.concatenate([d, d])).size)

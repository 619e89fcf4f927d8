"""Daily sales over one quarter: totals per month and per weekday, and the best business day."""

import numpy as np

rng = np.random.default_rng(7)
days = np.arange("2024-01-01", "2024-04-01", dtype="datetime64[D]")
sales = rng.integers(20, 200, size=days.size).astype(np.float64)

months = days.astype("datetime64[M]")
for month in np.unique(months):
    mask = months == month
    print(month, "total", sales[mask].sum(), "mean", round(float(sales[mask].mean()), 2))

weekday = (days.astype("datetime64[D]").view("int64") - 4) % 7  # 1970-01-01 was a Thursday
for d in range(7):
    print("weekday", d, "sales", sales[weekday == d].sum())

business = np.is_busday(days)
print("business days:", int(business.sum()), "of", days.size)
best = days[business][np.argmax(sales[business])]
print("best business day:", best, np.datetime_as_string(best))
monday = np.busday_offset("2024-02-01", 0, roll="forward", weekmask="Mon")
print("first Monday on or after Feb 1:", monday)
print("business days in March:", np.busday_count("2024-03-01", "2024-04-01"))
gaps = np.diff(days[sales > 180])
print("gaps between big days:", gaps[:5], gaps.dtype)
print("longest gap:", gaps.max())

"""Business-day calendar for a small office: holidays, a four-day week and invoice due dates."""

import numpy as np

holidays = np.array(
    [
        "2024-01-01",
        "2024-01-15",
        "2024-02-19",
        "2024-05-27",
        "2024-07-04",
        "2024-09-02",
        "2024-11-28",
        "2024-12-25",
    ],
    dtype="datetime64[D]",
)
print("holidays:", holidays.size, holidays.dtype)

month_starts = np.arange("2024-01", "2025-01", dtype="datetime64[M]")
starts = month_starts.astype("datetime64[D]")
ends = (month_starts + 1).astype("datetime64[D]")
working = np.busday_count(starts, ends, holidays=holidays)
print("working days per month:", working)
print("total working days 2024:", working.sum())
for m, n in zip(month_starts[:3], working[:3]):
    print(f"  {m}: {n} days")

cal = np.busdaycalendar(weekmask="Mon Tue Wed Thu", holidays=holidays)
print("weekmask:", cal.weekmask)
print("calendar holidays:", cal.holidays[:3])
short_weeks = np.busday_count(starts, ends, busdaycal=cal)
print("four-day-week days:", short_weeks)
print("days lost:", working - short_weeks)

invoices = np.array(
    ["2024-01-12", "2024-02-16", "2024-07-03", "2024-11-27", "2024-12-24"], dtype="datetime64[D]"
)
due = np.busday_offset(invoices, 10, roll="forward", holidays=holidays)
print("invoices:", invoices)
print("due (10 business days):", due)
print("calendar days to pay:", (due - invoices).astype(int))

weekend = np.array(["2024-03-09", "2024-03-10", "2024-03-11"], dtype="datetime64[D]")
print("forward:", np.busday_offset(weekend, 0, roll="forward"))
print("backward:", np.busday_offset(weekend, 0, roll="backward"))
print("modifiedfollowing:", np.busday_offset("2024-03-30", 0, roll="modifiedfollowing"))
print("modifiedpreceding:", np.busday_offset("2024-06-01", 0, roll="modifiedpreceding"))

days = np.arange("2024-12-20", "2025-01-03", dtype="datetime64[D]")
open_mask = np.is_busday(days, holidays=holidays)
print("open days around new year:", days[open_mask])
print("closed:", np.count_nonzero(~open_mask), "of", days.size)
print("is_busday with custom mask:", np.is_busday(days[:7], weekmask=[1, 1, 1, 1, 0, 0, 1]))
backwards = np.busday_count("2024-03-31", "2024-03-01")
print("counting backwards:", backwards, type(backwards).__name__)

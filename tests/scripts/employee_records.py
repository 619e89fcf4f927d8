"""A small employee table as a structured array: sorting, field statistics, a record view."""

import numpy as np

staff = np.array(
    [
        ("Ana", 34, 5200.0),
        ("Ben", 28, 4100.0),
        ("Chloe", 45, 7300.0),
        ("Dev", 28, 3900.0),
        ("Eve", 39, 6100.0),
    ],
    dtype=[("name", "U10"), ("age", "i4"), ("salary", "f8")],
)
print(staff.dtype.names)
print("mean salary:", staff["salary"].mean())
print("oldest:", staff["name"][np.argmax(staff["age"])])
by_age = np.sort(staff, order=["age", "salary"])
print("by age then salary:", by_age["name"])
raise_ = staff["age"] > 30
staff["salary"][raise_] *= 1.05
print("after raise:", np.round(staff["salary"], 2))
young = staff[staff["age"] < 35]
print("young:", young["name"], young["age"].sum())
rec = np.rec.fromarrays([staff["name"], staff["age"]], names="name,age")
print("record ages:", rec.age, rec.name[0])
ages = np.unique(staff["age"])
total_by_age = {int(a): float(staff["salary"][staff["age"] == a].sum()) for a in ages}
print(total_by_age)

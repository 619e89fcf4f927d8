"""Structured arrays: dtypes with fields, multi-field views, recfunctions and record arrays."""

import numpy as np
import numpy.lib.recfunctions as rfn

x = np.array(
    [("Rex", 9, 81.0), ("Fido", 3, 27.0)], dtype=[("name", "U10"), ("age", "i4"), ("weight", "f4")]
)
print(x)
print(repr(x[1]))
print(x["age"], x["name"], x.dtype.names, x.dtype.fields["age"])
x["age"] = 5
print(x)

print(np.dtype([("x", "f4"), ("y", np.float32), ("z", "f4", (2, 2))]))
print(np.dtype("i8, f4, S3"))
d = np.dtype({"names": ["col1", "col2"], "formats": ["i4", "f4"]})
print(d, d.itemsize, d.fields["col2"])
print(
    np.dtype([("a", "i1"), ("b", "i8")]).itemsize,
    np.dtype([("a", "i1"), ("b", "i8")], align=True).itemsize,
)

# assignment from tuples, scalars and other structured arrays
a = np.zeros(3, dtype=[("a", "i8"), ("b", "f4"), ("c", "S3")])
a[1] = (1, 2.5, b"abc")
a[2] = 7
print(a)
b = np.ones(3, dtype=[("x", "f4"), ("y", "i4"), ("z", "S3")])
b[:] = a
print(b)

# multi-field indexing and views
m = np.zeros(3, dtype=[("a", "i4"), ("b", "i4"), ("c", "f4")])
m[["a", "c"]] = (2, 3.5)
print(m)
print(m[["a", "c"]].dtype.names)
print(rfn.repack_fields(m[["a", "c"]]).dtype)
m[["a", "c"]] = m[["c", "a"]]
print(m)

# recfunctions
pts = np.array([(1.0, 2.0, 3.0), (4.0, 5.0, 6.0)], dtype=[("x", "f8"), ("y", "f8"), ("z", "f8")])
u = rfn.structured_to_unstructured(pts)
print(u, u.dtype)
print(np.mean(rfn.structured_to_unstructured(pts[["x", "z"]]), axis=1))
back = rfn.unstructured_to_structured(np.arange(6.0).reshape(2, 3), names=["p", "q", "r"])
print(back, back.dtype)
more = rfn.append_fields(pts, "w", np.array([10.0, 20.0]), usemask=False)
print(more, more.dtype.names)
print(rfn.drop_fields(pts, ["y"]), rfn.rename_fields(pts, {"x": "east"}).dtype.names)

# comparison and sorting by fields
s = np.array([(1, 1.0), (3, 4.0)], dtype=[("a", "i4"), ("b", "f4")])
t = np.array([(1, 1.0), (3, 5.0)], dtype=[("a", "i4"), ("b", "f4")])
print(s == t)
people = np.array(
    [("Ann", 31, 1.62), ("Bob", 25, 1.80), ("Cy", 31, 1.75), ("Di", 25, 1.55)],
    dtype=[("name", "U5"), ("age", "i4"), ("height", "f8")],
)
print(np.sort(people, order="height")["name"])
print(np.sort(people, order=["age", "name"]))
print(people[np.argsort(people, order=["age", "height"])]["name"])

# record arrays
rec = np.rec.array(
    [(1, 2.0, "Hello"), (2, 3.0, "World")], dtype=[("foo", "i4"), ("bar", "f4"), ("baz", "S10")]
)
print(rec.bar, rec[1:2].foo, rec[1].baz)
print(rec[rec.foo > 1].baz)
rv = people.view(np.recarray)
print(rv.age.mean(), rv.name[rv.height > 1.7])
print(np.rec.fromarrays([np.arange(3), np.array([0.5, 1.5, 2.5])], names="i,f"))

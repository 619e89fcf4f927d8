"""Copies and views: which operations share memory, contiguity flags and read-only arrays."""

import numpy as np

x = np.arange(10)
print(x)
y = x[1:3]
x[1:3] = [10, 11]
print(x, y, np.shares_memory(x, y))
z = x[[1, 2]]
x[[1, 2]] = [-1, -2]
print(x, z, np.shares_memory(x, z))
print("copy base is None:", x[1:3].copy().base is None, "x.base is None:", x.base is None)

# views see writes, copies do not
a = np.arange(12).reshape(3, 4)
row = a[1]
col = a[:, 2]
sub = a[::2, 1::2]
fancy = a[[0, 2]]
masked = a[a > 5]
a[1, 2] = 100
print(row, col, sub.ravel(), fancy[:, 2], masked[:2])
for name, arr in [("row", row), ("col", col), ("sub", sub), ("fancy", fancy), ("mask", masked)]:
    print(f"{name:>5}: shares={np.shares_memory(a, arr)} may={np.may_share_memory(a, arr)}")

# reshape gives a view when it can, a copy when it must
b = np.zeros((2, 3))
v = b.reshape(3, 2)
v[0, 0] = 7
print(b[0, 0], np.shares_memory(b, v))
t = b.T
print(t.flags["C_CONTIGUOUS"], t.flags["F_CONTIGUOUS"], b.flags["C_CONTIGUOUS"])
flat = t.reshape(-1)
print("transpose reshaped shares memory:", np.shares_memory(flat, b))
try:
    t.shape = (6,)
except AttributeError:
    print("cannot set shape of a non-contiguous transpose without copying")
r = b.ravel()
f = b.flatten()
r[1] = 3
f[2] = 4
print(b)
print(np.ravel(t).flags["C_CONTIGUOUS"], np.shares_memory(np.ravel(t), b))
print(np.ascontiguousarray(t).flags["C_CONTIGUOUS"], np.asfortranarray(b).flags["F_CONTIGUOUS"])

# strided views and contiguity
m = np.arange(24, dtype=np.float64).reshape(4, 6)
print(m.strides, m[:, ::2].strides, m[::2].flags.c_contiguous, m[:, 0].flags.c_contiguous)
print(m[1:3].flags["C_CONTIGUOUS"], m[:, 1:3].flags["C_CONTIGUOUS"])
w = m.view()
w.shape = (6, 4)
print(m.shape, w.shape, np.shares_memory(m, w))

# writeable flags
ro = np.arange(5)
ro.flags.writeable = False
try:
    ro[0] = 1
except ValueError:
    print("assignment to a read-only array raises ValueError")
rov = ro[1:]
print("view of read-only is writeable:", rov.flags.writeable)
rc = ro.copy()
rc[0] = 42
print(rc, rc.flags.writeable, ro)
bt = np.broadcast_to(np.arange(3), (3, 3))
print("broadcast_to writeable:", bt.flags.writeable)

# in-place operations on views change the original
c = np.ones((3, 3))
c[1:, 1:] *= 5
np.add(c[0], 1, out=c[0])
print(c)
d = c[:, 0].copy()
d += 100
print(d, c[:, 0])

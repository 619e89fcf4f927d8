"""Views vs copies: .base, flags, shares_memory and in-place updates on overlapping slices."""

import numpy as np

a = np.arange(10)
v = a[2:7]
c = a[2:7].copy()
f = a[[2, 3, 4]]
print("slice base is a:", v.base is a, "copy base:", c.base, "fancy base is a:", f.base is a)
print("shares_memory slice:", np.shares_memory(a, v), "copy:", np.shares_memory(a, c))
print("may_share_memory:", np.may_share_memory(a[:5], a[5:]), np.shares_memory(a[:5], a[5:]))
print("even/odd overlap:", np.shares_memory(a[::2], a[1::2]), np.may_share_memory(a[::2], a[1::2]))
v *= 10
print("after v *= 10:", a)

# flags
m = np.arange(12, dtype=np.float64).reshape(3, 4)
print("C/F contiguous:", m.flags["C_CONTIGUOUS"], m.flags["F_CONTIGUOUS"])
print("transpose C/F:", m.T.flags.c_contiguous, m.T.flags.f_contiguous)
print("column view contiguous:", m[:, 1].flags.contiguous, "owndata:", m[:, 1].flags.owndata)
print("owndata:", m.flags.owndata, "reshape owndata:", m.reshape(4, 3).flags.owndata)
print("ascontiguousarray copies:", not np.shares_memory(np.ascontiguousarray(m.T), m))
print("strides:", m.strides, m.T.strides, m[::2, ::3].strides)

# read-only views
ro = np.broadcast_to(np.arange(3), (4, 3))
print("broadcast_to writeable:", ro.flags.writeable, "strides:", ro.strides)
try:
    ro[0, 0] = 5
except ValueError as e:
    print("ValueError:", e)
frozen = np.arange(4)
frozen.flags.writeable = False
try:
    frozen += 1
except ValueError as e:
    print("frozen:", type(e).__name__)

# overlapping in-place updates: NumPy handles overlap as if a copy were made
x = np.arange(1, 9)
x[1:] += x[:-1]
print("x[1:] += x[:-1]:", x)
y = np.arange(1, 9)
y[:-1] += y[1:]
print("y[:-1] += y[1:]:", y)
z = np.arange(8)
z[2:] = z[:-2]
print("shift right by 2:", z)
w = np.arange(8)
w[:-2] = w[2:]
print("shift left by 2:", w)
r = np.arange(6)
r[:] = r[::-1]
print("reverse in place:", r)
s = np.arange(1, 7)
np.add(s[:-1], s[1:], out=s[1:])
print("ufunc out overlap:", s)

# reshape of a non-contiguous view needs a copy
t = m.T
flat = t.reshape(-1)
print("reshape of transpose shares memory:", np.shares_memory(flat, m))
rv = m.ravel()
rv[0] = -1
print("ravel is view, m[0,0]:", m[0, 0])
print("view dtype:", np.arange(4, dtype=np.int32).view(np.uint8)[:8], a.view().base is a)

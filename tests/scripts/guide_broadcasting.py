"""Broadcasting: the shape rules, outer operations with newaxis, and the broadcast helpers."""

import numpy as np

a = np.array([1.0, 2.0, 3.0])
b = np.array([2.0, 2.0, 2.0])
print(a * b, a * 2.0)

x = np.arange(4)
xx = x.reshape(4, 1)
y = np.ones(5)
z = np.ones((3, 4))
print(x.shape, y.shape, xx.shape, z.shape)
try:
    x + y
except ValueError:
    print("x + y: shapes (4,) and (5,) do not broadcast")
print((xx + y).shape)
print(xx + y)
print((x + z).shape)
print(x + z)

a = np.array([[0.0, 0.0, 0.0], [10.0, 10.0, 10.0], [20.0, 20.0, 20.0], [30.0, 30.0, 30.0]])
b = np.array([1.0, 2.0, 3.0])
print(a + b)
b4 = np.array([1.0, 2.0, 3.0, 4.0])
try:
    a + b4
except ValueError:
    print("a + b4: trailing dimensions 3 and 4 differ")
col = np.array([0.0, 10.0, 20.0, 30.0])
print(col[:, np.newaxis] + b)
print(np.multiply.outer(np.arange(1, 4), np.arange(1, 5)))

# vector quantisation: nearest code by broadcasting
observation = np.array([111.0, 188.0])
codes = np.array([[102.0, 203.0], [132.0, 193.0], [45.0, 155.0], [57.0, 173.0]])
diff = codes - observation
dist = np.sqrt(np.sum(diff**2, axis=-1))
print(np.round(dist, 4), "nearest:", np.argmin(dist))

# shapes that line up from the right
for s1, s2 in [((8, 1, 6, 1), (7, 1, 5)), ((5, 4), (1,)), ((15, 3, 5), (15, 1, 5)), ((3, 1), (2,))]:
    r = (np.zeros(s1) + np.zeros(s2)).shape
    print(f"{str(s1):>14} + {str(s2):<11} -> {r} {np.broadcast_shapes(s1, s2)}")
for s1, s2 in [((3,), (4,)), ((2, 1), (8, 4, 3))]:
    try:
        np.broadcast_shapes(s1, s2)
    except ValueError:
        print(f"{s1} and {s2}: not broadcastable")

print(np.broadcast_shapes((1, 2), (3, 1), (3, 2)), np.broadcast_shapes((6, 7), (5, 6, 1), (7,)))
row = np.broadcast_to(np.arange(3), (2, 3))
print(row, row.shape, row.strides, row.flags.writeable)
print(repr(np.broadcast_to(5, (2, 2))))
p, q = np.broadcast_arrays(np.array([[1, 2, 3]]), np.array([[4], [5]]))
print(p)
print(q)
bc = np.broadcast(np.arange(3)[:, None], np.arange(4))
print(bc.shape, bc.nd, bc.size)
out = np.empty(bc.shape)
out.flat = [u + v for (u, v) in bc]
print(out)

# centring the columns and scaling the rows of a table
data = np.arange(12, dtype=float).reshape(4, 3)
centred = data - data.mean(axis=0)
scaled = data / data.sum(axis=1, keepdims=True)
print(centred)
print(np.round(scaled, 4))

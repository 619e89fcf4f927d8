"""Universal functions: attributes, reduce/accumulate/reduceat/outer/at, out=, where=, casting."""

import numpy as np

for uf in (np.add, np.sin, np.modf, np.divmod, np.isnan):
    print(f"{uf.__name__:>8}: nin={uf.nin} nout={uf.nout} nargs={uf.nargs}")
print("identities:", np.add.identity, np.multiply.identity, np.maximum.identity)
print(isinstance(np.add, np.ufunc), np.add.signature, np.matmul.signature)

a = np.arange(1, 7).reshape(2, 3)
print(np.add.reduce(a), np.add.reduce(a, axis=1), np.add.reduce(a, axis=None))
print(np.multiply.reduce(a, axis=1, keepdims=True))
print(np.add.reduce(a, axis=1, initial=10), np.minimum.reduce([], initial=np.inf))
print(np.maximum.reduce(a, axis=0, where=[True, False, True], initial=-1))
print(np.add.accumulate(a), np.multiply.accumulate(a, axis=1), sep="\n")
x = np.arange(8)
print(np.add.reduceat(x, [0, 4, 1, 5, 7]))
print(np.multiply.reduceat(np.arange(1, 10), [0, 3, 6]))
y = np.linspace(0, 15, 16).reshape(4, 4)
print(np.add.reduceat(y, [0, 3, 1, 2, 0]))
print(np.add.outer(np.arange(3), np.arange(4)))
print(np.multiply.outer([1, 2, 3], [[1], [10]]).shape)
print(np.power.outer([2, 3], [0, 1, 2]))

# unbuffered in-place at
b = np.array([1, 2, 3, 4])
np.negative.at(b, [0, 1])
print(b)
c = np.array([1, 2, 3, 4])
np.add.at(c, [0, 1, 2, 2], 1)
print(c)
d = np.array([1, 2, 3, 4])
np.multiply.at(d, [0, 0, 3], [2, 3, 5])
print(d)

# out= and where=
out = np.zeros(5)
r = np.multiply(np.arange(5), 2, out=out)
print(out, r is out)
big = np.zeros(10)
np.multiply(np.arange(5), 2, out=big[::2])
print(big)
w = np.full(4, -1.0)
np.sqrt([1.0, -4.0, 9.0, 16.0], out=w, where=[True, False, True, True])
print(w)
q, rem = np.divmod(np.arange(7), 3)
print(q, rem)
fr, ip = np.modf(np.array([1.5, -2.25, 3.0]))
print(fr, ip)
o1, o2 = np.empty(3), np.empty(3)
np.divmod([7.0, 8.0, 9.0], 4, out=(o1, o2))
print(o1, o2)

# dtype= and casting
print(np.add(np.array([1, 2], dtype=np.int8), 127, dtype=np.int16))
print(np.add.reduce(np.array([100, 100, 100], dtype=np.int8), dtype=np.int64))
print(np.multiply(np.arange(3), 2.5, dtype=np.float32).dtype)
ints = np.zeros(3, dtype=np.int64)
try:
    np.add(ints, 1.5, out=ints)
except TypeError:
    print("float into int64 out needs casting='unsafe'")
np.add(ints, 1.5, out=ints, casting="unsafe")
print(ints)
print(np.true_divide(7, 2), np.floor_divide(7, 2), np.sqrt(np.arange(4, dtype=np.float32)).dtype)
print(np.can_cast(np.float64, np.int64), np.can_cast(np.int32, np.float64))
print(
    np.add.reduce(np.ones((2, 3, 4)), axis=(0, 2)), np.sum(np.ones((2, 3)), axis=1, keepdims=True)
)
print(np.logical_and.reduce([True, True, False]), np.logical_or.accumulate([False, True, False]))

"""The legacy global random API with np.random.seed."""

import numpy as np

np.random.seed(27)
a = np.random.rand(3, 2)
print(np.round(a, 8))
b = np.random.randn(4)
print(np.round(b, 8))
c = np.random.randint(0, 10, size=6)
print(c)
d = np.random.choice(["x", "y"] and [10, 20, 30], size=4)
print(d)
e = np.random.normal(5.0, 1.0, size=3)
print(np.round(e, 8))
f = np.random.uniform(-1, 1, 3)
print(np.round(f, 8))
g = np.random.permutation(6)
print(g)
np.random.seed(27)
print(np.allclose(np.random.rand(3, 2), a))

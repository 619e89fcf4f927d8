"""The Generator API: seeded streams, integers, choice, shuffles, distributions and spawning."""

import numpy as np

rng = np.random.default_rng(12345)
print(type(rng).__name__, type(rng.bit_generator).__name__)
rints = rng.integers(low=0, high=10, size=3)
print(rints, rints.dtype)
print(rng.integers(5, size=(2, 4)), rng.integers(1, 7, size=5, endpoint=True))
print(rng.integers(0, 100, size=4, dtype=np.uint8).dtype)
rfloat = rng.random()
print(f"{rfloat:.6f}", type(rfloat).__name__)
print(np.round(rng.random(3), 6), np.round(rng.random((2, 2), dtype=np.float32), 4))
print(np.round(5 * rng.random(3) - 5, 6))

# choice
print(rng.choice(5, 3), rng.choice(5, 3, replace=False))
print(rng.choice(5, 3, p=[0.1, 0, 0.3, 0.6, 0]))
print(rng.choice(5, 3, replace=False, p=[0.1, 0, 0.3, 0.6, 0]))
fruits = ["pooh", "rabbit", "piglet", "Christopher"]
print(rng.choice(fruits, 5, p=[0.5, 0.1, 0.1, 0.3]))
print(rng.choice([[0, 1, 2], [3, 4, 5], [6, 7, 8]], 2, replace=False))
print(rng.choice(np.arange(10), size=(2, 3), shuffle=False, replace=False).shape)

# shuffle, permutation, permuted
arr = np.arange(10)
rng.shuffle(arr)
print(arr)
m = np.arange(9).reshape((3, 3))
rng.shuffle(m, axis=1)
print(m)
print(rng.permutation(10), rng.permutation([1, 4, 9, 12, 15]))
print(rng.permutation(np.arange(9).reshape((3, 3))))
x = np.arange(24).reshape(3, 8)
print(rng.permuted(x, axis=1))
y = np.arange(6).reshape(2, 3)
rng.permuted(y, axis=0, out=y)
print(y)

# distributions
print(np.round(rng.normal(size=4), 6), np.round(rng.normal(3, 2.5, size=(2, 2)), 4))
print(np.round(rng.standard_normal(3), 6), np.round(rng.uniform(-1, 0, 4), 6))
print(rng.binomial(10, 0.5, 8), rng.poisson(5, 8), rng.poisson([1, 100], size=(2, 2)))
print(rng.geometric(0.35, 6), rng.hypergeometric(15, 15, 10, 5))
print(np.round(rng.exponential(2.0, 3), 6), np.round(rng.gamma(2.0, 2.0, 3), 6))
mean, cov = [0, 0], [[1, 0.5], [0.5, 2]]
mvn = rng.multivariate_normal(mean, cov, size=5)
print(mvn.shape, np.round(mvn, 4))
big = rng.multivariate_normal(mean, cov, size=20000)
print(np.round(np.cov(big.T), 1))
print(rng.multinomial(20, [1 / 6.0] * 6), np.round(rng.dirichlet((10, 5, 3)), 6))
s = rng.normal(0, 0.1, 10000)
print(f"mean={s.mean():+.4f} std={s.std(ddof=1):.4f} within 2sd={np.mean(np.abs(s) < 0.2):.3f}")

# reproducibility, SeedSequence and spawn
a = np.random.default_rng(42).random(3)
b = np.random.default_rng(42).random(3)
print(np.array_equal(a, b), np.round(a, 6))
ss = np.random.SeedSequence(12345)
children = ss.spawn(3)
streams = [np.random.default_rng(c) for c in children]
print([f"{g.random():.6f}" for g in streams])
print([int(g.integers(100)) for g in np.random.default_rng(7).spawn(3)])
pcg = np.random.Generator(np.random.PCG64(2024))
print(np.round(pcg.random(2), 6), pcg.bit_generator.state["bit_generator"])
print(np.round(np.random.default_rng(np.random.PCG64DXSM(5)).random(2), 6))

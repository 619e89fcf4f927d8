"""Draw from common distributions with a seeded Generator and compare moments with theory."""

import numpy as np

rng = np.random.default_rng(127)
n = 50000
draws = {
    "normal(2, 3)": (rng.normal(2, 3, n), 2, 9),
    "uniform(-1, 4)": (rng.uniform(-1, 4, n), 1.5, 25 / 12),
    "exponential(2)": (rng.exponential(2.0, n), 2, 4),
    "binomial(20, 0.3)": (rng.binomial(20, 0.3, n), 6, 4.2),
    "poisson(4.5)": (rng.poisson(4.5, n), 4.5, 4.5),
    "geometric(0.25)": (rng.geometric(0.25, n), 4, 12),
    "gamma(3, 2)": (rng.gamma(3.0, 2.0, n), 6, 12),
    "beta(2, 5)": (rng.beta(2, 5, n), 2 / 7, 10 / 392),
}
print(f"{'distribution':>18} {'mean':>9} {'theory':>9} {'var':>9} {'theory':>9}")
for name, (x, m, v) in draws.items():
    print(f"{name:>18} {x.mean():9.4f} {m:9.4f} {x.var():9.4f} {v:9.4f}")

counts = np.bincount(rng.poisson(3.0, 2000))
print("poisson counts:", counts)
dice = rng.integers(1, 7, size=(1000, 2))
print("two dice sum frequencies:", np.bincount(dice.sum(axis=1))[2:])
print("integers endpoint=True:", rng.integers(0, 3, size=12, endpoint=True))
print("coin flips:", rng.choice([0, 1], size=12, p=[0.3, 0.7]))
print("shuffled:", rng.permutation(np.arange(10)))
a = np.arange(6)
rng.shuffle(a)
print("in-place shuffle:", a)
print("multinomial:", rng.multinomial(30, [0.5, 0.3, 0.2]))
print("standard_normal float32:", rng.standard_normal(3, dtype=np.float32).dtype)
print("random in [5, 10):", np.round(5 + 5 * rng.random(4), 6))

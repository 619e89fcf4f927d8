"""Bootstrap confidence interval for a mean and a median."""

import numpy as np

rng = np.random.default_rng(28)
sample = rng.lognormal(mean=1.0, sigma=0.5, size=40)
print(f"sample mean {sample.mean():.5f} median {np.median(sample):.5f}")
B = 2000
idx = rng.integers(0, sample.size, size=(B, sample.size))
boots = sample[idx]
means = boots.mean(axis=1)
medians = np.median(boots, axis=1)
lo, hi = np.percentile(means, [2.5, 97.5])
print(f"mean 95% CI [{lo:.5f}, {hi:.5f}]")
mlo, mhi = np.quantile(medians, [0.025, 0.975])
print(f"median 95% CI [{mlo:.5f}, {mhi:.5f}]")
se = means.std(ddof=1)
print(f"bootstrap se {se:.6f}, formula {sample.std(ddof=1) / np.sqrt(sample.size):.6f}")
bias = means.mean() - sample.mean()
print(f"bias {bias:.6f}")

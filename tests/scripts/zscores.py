"""Z-scores per column and outlier flags."""

import numpy as np

np.random.seed(12)
X = np.random.randn(30, 3) * np.array([1.0, 10.0, 0.1]) + np.array([0.0, 50.0, 5.0])
X[4, 1] = 120.0
X[17, 2] = 3.0
mu = X.mean(axis=0)
sd = X.std(axis=0, ddof=1)
z = (X - mu) / sd
print(np.round(mu, 4), np.round(sd, 4))
outliers = np.argwhere(np.abs(z) > 3)
print(outliers)
robust = (X - np.median(X, axis=0)) / (1.4826 * np.median(np.abs(X - np.median(X, axis=0)), axis=0))
print(np.round(robust[[4, 17]], 3))
print("max |z| per column:", np.abs(z).max(axis=0).round(4))
kept = X[~(np.abs(z) > 3).any(axis=1)]
print(kept.shape)

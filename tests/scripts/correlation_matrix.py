"""Correlation and covariance matrices of a few related variables."""

import numpy as np

rng = np.random.default_rng(117)
n = 300
height = rng.normal(170, 10, size=n)
weight = 0.9 * height - 85 + rng.normal(0, 8, size=n)
shoe = 0.15 * height + rng.normal(0, 1.2, size=n)
noise = rng.normal(0, 1, size=n)
data = np.vstack([height, weight, shoe, noise])
names = ["height", "weight", "shoe", "noise"]

np.set_printoptions(precision=3, suppress=True)
C = np.cov(data)
R = np.corrcoef(data)
print("covariance:")
print(C)
print("correlation:")
print(R)
print("diag of R is one:", np.allclose(np.diag(R), 1))
print("R from C:", np.allclose(C / np.sqrt(np.outer(np.diag(C), np.diag(C))), R))

# strongest off-diagonal pair
off = np.abs(R - np.eye(4))
i, j = divmod(int(off.argmax()), 4)
print(f"strongest pair: {names[i]} / {names[j]} r={R[i, j]:.4f}")

# rowvar=False with observations in rows, and a population covariance
C2 = np.cov(data.T, rowvar=False, ddof=0)
print("ddof=0 scale:", np.round(C2[0, 0] / C[0, 0], 6))
print("cov of two vectors:")
print(np.cov(height, weight))
# correlation by hand for one pair
hz = (height - height.mean()) / height.std()
wz = (weight - weight.mean()) / weight.std()
print(f"by hand r = {np.mean(hz * wz):.6f}")
print("upper triangle:", R[np.triu_indices(4, k=1)])
np.set_printoptions(precision=8, suppress=False)

"""Pairwise distances by broadcasting, nearest neighbours, k-means step."""

import numpy as np

rng = np.random.default_rng(18)
pts = rng.uniform(0, 10, size=(12, 2))
diff = pts[:, None, :] - pts[None, :, :]
D = np.sqrt((diff**2).sum(axis=-1))
print(D.shape, np.allclose(D, D.T), np.all(np.diag(D) == 0))
np.fill_diagonal(D, np.inf)
nearest = D.argmin(axis=1)
print("nearest:", nearest)
print(f"closest pair distance {D.min():.6f}")

centers = pts[:3].copy()
for _ in range(5):
    d2 = ((pts[:, None, :] - centers[None]) ** 2).sum(-1)
    label = d2.argmin(axis=1)
    centers = np.array([pts[label == k].mean(axis=0) for k in range(3)])
print("labels:", label)
print(np.round(centers, 5))
inertia = d2.min(axis=1).sum()
print(f"inertia {inertia:.5f}")

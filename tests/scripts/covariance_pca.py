"""PCA from the covariance matrix and from the SVD."""

import numpy as np

rng = np.random.default_rng(30)
latent = rng.normal(size=(100, 2))
mixing = np.array([[2.0, 0.5, 0.1], [0.3, 1.0, 0.8]])
X = latent @ mixing + 0.1 * rng.normal(size=(100, 3))
Xc = X - X.mean(axis=0)
C = np.cov(Xc, rowvar=False)
w, V = np.linalg.eigh(C)
order = np.argsort(w)[::-1]
w, V = w[order], V[:, order]
print(np.round(w, 6))
print(np.round(w / w.sum(), 6))
U, s, Vt = np.linalg.svd(Xc, full_matrices=False)
print(np.allclose(s**2 / (len(X) - 1), w))
print(np.allclose(np.abs(Vt), np.abs(V.T)))
scores = Xc @ V[:, :2]
print(scores.shape, np.round(scores.var(axis=0, ddof=1), 6))
recon = scores @ V[:, :2].T + X.mean(axis=0)
print(f"reconstruction rmse {np.sqrt(np.mean((recon - X) ** 2)):.6f}")

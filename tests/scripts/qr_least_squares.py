"""Fit a quadratic by least squares three ways: QR, lstsq and the normal equations."""

import numpy as np

rng = np.random.default_rng(122)
x = np.linspace(-2, 3, 40)
y = 1.5 - 0.8 * x + 0.6 * x**2 + rng.normal(0, 0.3, size=x.size)
A = np.vander(x, 3, increasing=True)
print("design matrix shape:", A.shape)

Q, R = np.linalg.qr(A)
print("Q orthonormal:", np.allclose(Q.T @ Q, np.eye(3)))
print("R upper triangular:", np.allclose(R, np.triu(R)))
coef_qr = np.linalg.solve(R, Q.T @ y)
coef_ls, residuals, rank, sv = np.linalg.lstsq(A, y, rcond=None)
coef_ne = np.linalg.inv(A.T @ A) @ A.T @ y
np.set_printoptions(precision=6)
print("QR:    ", coef_qr)
print("lstsq: ", coef_ls)
print("normal:", coef_ne)
print("rank:", rank, "singular values:", sv)
print("agree:", np.allclose(coef_qr, coef_ls) and np.allclose(coef_ls, coef_ne))

fitted = A @ coef_ls
ss_res = np.sum((y - fitted) ** 2)
ss_tot = np.sum((y - y.mean()) ** 2)
print(f"residual sum {ss_res:.6f} (lstsq reports {residuals[0]:.6f})")
print(f"R^2 = {1 - ss_res / ss_tot:.6f}")
sigma2 = ss_res / (len(y) - 3)
se = np.sqrt(np.diag(sigma2 * np.linalg.inv(A.T @ A)))
print("standard errors:", se)
print("complete QR shapes:", [m.shape for m in np.linalg.qr(A, mode="complete")])
print("r only:", np.allclose(np.abs(np.linalg.qr(A, mode="r")), np.abs(R)))
np.set_printoptions(precision=8)

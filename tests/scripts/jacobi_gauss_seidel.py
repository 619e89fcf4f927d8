"""Jacobi, Gauss-Seidel and SOR iterations on a diagonally dominant system."""

import numpy as np

n = 8
A = np.diag(np.full(n, 4.0)) + np.diag(np.full(n - 1, -1.0), 1) + np.diag(np.full(n - 1, -1.0), -1)
A[0, -1] = A[-1, 0] = -0.5
b = np.arange(1, n + 1, dtype=float)
x_exact = np.linalg.solve(A, b)
print("diagonally dominant:", bool(np.all(2 * np.abs(np.diag(A)) > np.abs(A).sum(axis=1))))

D = np.diag(A)
R = A - np.diagflat(D)


def jacobi(tol=1e-10, max_iter=500):
    x = np.zeros(n)
    for k in range(1, max_iter + 1):
        x_new = (b - R @ x) / D
        if np.linalg.norm(x_new - x, np.inf) < tol:
            return x_new, k
        x = x_new
    return x, max_iter


def sor(omega=1.0, tol=1e-10, max_iter=500):
    x = np.zeros(n)
    for k in range(1, max_iter + 1):
        x_old = x.copy()
        for i in range(n):
            sigma = A[i, :i] @ x[:i] + A[i, i + 1 :] @ x_old[i + 1 :]
            x[i] = (1 - omega) * x_old[i] + omega * (b[i] - sigma) / A[i, i]
        if np.linalg.norm(x - x_old, np.inf) < tol:
            return x, k
    return x, max_iter


xj, kj = jacobi()
xg, kg = sor(1.0)
print(f"Jacobi:       {kj:3d} iterations, error {np.abs(xj - x_exact).max():.2e}")
print(f"Gauss-Seidel: {kg:3d} iterations, error {np.abs(xg - x_exact).max():.2e}")
for omega in (0.8, 1.1, 1.2, 1.3, 1.5):
    xs, ks = sor(omega)
    print(f"SOR omega={omega:.1f}: {ks:3d} iterations")

# spectral radius of the Jacobi iteration matrix predicts the rate
T = -R / D[:, None]
rho = np.max(np.abs(np.linalg.eigvals(T)))
print(f"Jacobi spectral radius {rho:.5f}")
print(f"predicted iterations ~ {np.log(1e-10) / np.log(rho):.1f}")
print("solution:", np.round(xg, 6))
print(f"residual norm: {np.linalg.norm(A @ xg - b):.3e}")

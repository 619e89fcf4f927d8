"""Power iteration, inverse iteration and Rayleigh quotients vs np.linalg.eigh."""

import numpy as np

rng = np.random.default_rng(7)
M = rng.normal(size=(6, 6))
A = M @ M.T + 6 * np.eye(6)  # symmetric positive definite
evals, evecs = np.linalg.eigh(A)
print("eigh eigenvalues:", np.round(evals, 5))


def power(A, iters=500, tol=1e-12):
    v = np.ones(A.shape[0]) / np.sqrt(A.shape[0])
    lam = 0.0
    for k in range(iters):
        w = A @ v
        v = w / np.linalg.norm(w)
        lam_new = v @ A @ v
        if abs(lam_new - lam) < tol:
            return lam_new, v, k + 1
        lam = lam_new
    return lam, v, iters


lam, v, its = power(A)
print(f"dominant eigenvalue {lam:.8f} after {its} iterations")
print(f"eigh says           {evals[-1]:.8f}")
v = v * np.sign(v[0])
ref = evecs[:, -1] * np.sign(evecs[0, -1])
print("eigenvector match:", np.allclose(v, ref, atol=1e-5))
print("ratio lambda2/lambda1: %.4f" % (evals[-2] / evals[-1]))

# smallest eigenvalue by inverse iteration with a factorised solve
Ainv = np.linalg.inv(A)
mu, u, its = power(Ainv)
print(f"smallest eigenvalue {1 / mu:.8f} after {its} iterations (eigh {evals[0]:.8f})")

# shifted inverse iteration towards a middle eigenvalue
shift = 0.5 * (evals[2] + evals[3]) + 0.1
B = np.linalg.inv(A - shift * np.eye(6))
mu, u, its = power(B)
print(f"eigenvalue nearest {shift:.3f}: {shift + 1 / mu:.8f} ({its} iterations)")

# deflation to get the second largest
A2 = A - lam * np.outer(v, v)
lam2, v2, its = power(A2)
print(f"second eigenvalue by deflation {lam2:.6f} (eigh {evals[-2]:.6f})")
print("orthogonal:", abs(v @ v2) < 1e-6)

# a Markov matrix: dominant eigenvalue 1, eigenvector is the stationary distribution
P = np.array([[0.9, 0.075, 0.025], [0.15, 0.8, 0.05], [0.25, 0.25, 0.5]])
pi = np.ones(3) / 3
for _ in range(200):
    pi = pi @ P
print("stationary distribution:", np.round(pi, 6), "sum", pi.sum().round(12))

"""Two-point boundary value problem -u'' + q u = f by finite differences (tridiagonal solve)."""

import numpy as np


def solve_bvp(n, q=1.0, ua=0.0, ub=0.0):
    # exact solution u = sin(pi x) on [0, 1] gives f = (pi^2 + q) sin(pi x)
    x = np.linspace(0.0, 1.0, n + 2)
    h = x[1] - x[0]
    xi = x[1:-1]
    f = (np.pi**2 + q) * np.sin(np.pi * xi)
    main = np.full(n, 2.0 / h**2 + q)
    off = np.full(n - 1, -1.0 / h**2)
    A = np.diag(main) + np.diag(off, 1) + np.diag(off, -1)
    rhs = f.copy()
    rhs[0] += ua / h**2
    rhs[-1] += ub / h**2
    u = np.empty(n + 2)
    u[0], u[-1] = ua, ub
    u[1:-1] = np.linalg.solve(A, rhs)
    return x, u, A


x, u, A = solve_bvp(9)
print("matrix shape:", A.shape, "symmetric:", np.array_equal(A, A.T))
print("bandwidth check:", np.count_nonzero(A), "nonzeros of", A.size)
print("x:", np.round(x, 2))
print("u:", np.round(u, 5))
print("exact:", np.round(np.sin(np.pi * x), 5))

print(f"{'n':>4} {'h':>8} {'max err':>10} {'ratio':>6}")
prev = None
for n in (4, 9, 19, 39, 79):
    x, u, A = solve_bvp(n)
    err = np.max(np.abs(u - np.sin(np.pi * x)))
    ratio = prev / err if prev is not None else float("nan")
    print(f"{n:4d} {1 / (n + 1):8.4f} {err:10.3e} {ratio:6.2f}")
    prev = err

# condition number grows like 1/h^2
conds = [np.linalg.cond(solve_bvp(n)[2]) for n in (9, 19, 39)]
print("condition numbers:", np.round(conds, 1))
print("growth:", np.round(np.array(conds[1:]) / np.array(conds[:-1]), 2))

# eigenvalues of the discrete operator vs exact (k pi)^2 + q
x, u, A = solve_bvp(39)
lam = np.linalg.eigvalsh(A)[:4]
exact = (np.pi * np.arange(1, 5)) ** 2 + 1.0
print("lowest eigenvalues:", lam.round(3))
print("relative error:", ((lam - exact) / exact).round(5))

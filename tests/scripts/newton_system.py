"""Newton's method for nonlinear systems with an analytic and a finite-difference Jacobian."""

import numpy as np


def F(v):
    x, y = v
    return np.array([x**2 + y**2 - 4.0, np.exp(x) + y - 1.0])


def J(v):
    x, y = v
    return np.array([[2 * x, 2 * y], [np.exp(x), 1.0]])


def fd_jacobian(f, v, h=1e-7):
    f0 = f(v)
    cols = [(f(v + h * e) - f0) / h for e in np.eye(v.size)]
    return np.column_stack(cols)


def newton(f, jac, x0, tol=1e-12, max_iter=50):
    x = np.asarray(x0, dtype=float)
    history = []
    for k in range(max_iter):
        step = np.linalg.solve(jac(x), -f(x))
        x = x + step
        history.append(np.linalg.norm(step))
        if history[-1] < tol:
            break
    return x, np.array(history)


for start in ([1.0, -1.0], [-2.0, 1.0]):
    root, hist = newton(F, J, start)
    print(f"start {start}: root {np.round(root, 10)}, {hist.size} iterations")
    print("  step norms:", np.array2string(hist[:6], precision=2, separator=", "))
    print(f"  |F(root)| = {np.linalg.norm(F(root)):.1e}")

root_fd, hist_fd = newton(F, lambda v: fd_jacobian(F, v), [1.0, -1.0])
print("finite-difference Jacobian root:", np.round(root_fd, 10), hist_fd.size, "iterations")
print(f"Jacobian difference at root: {np.abs(fd_jacobian(F, root_fd) - J(root_fd)).max():.2e}")

# quadratic convergence: e_{k+1} / e_k^2 roughly constant
_, hist = newton(F, J, [1.0, -1.0])
ratios = hist[1:4] / hist[:3] ** 2
print("convergence ratios:", np.round(ratios, 3))


# a 3-D system: intersection of a sphere, a plane and a parabolic cylinder
def G(v):
    x, y, z = v
    return np.array([x**2 + y**2 + z**2 - 14, x + y + z - 6, z - x**2 - 2])


root3, hist3 = newton(G, lambda v: fd_jacobian(G, v), [2.0, 1.0, 4.0])
print("3-D root:", root3.round(8), "iterations:", hist3.size)
print(f"det J at root: {np.linalg.det(fd_jacobian(G, root3)):.4f}")

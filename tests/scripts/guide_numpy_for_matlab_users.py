"""MATLAB idioms translated to NumPy: building matrices, indexing, linear algebra, grids."""

import numpy as np

a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])
b = np.array([[2.0, 0.0, 1.0], [1.0, 3.0, 0.0], [0.0, 1.0, 4.0]])
print(np.ndim(a), np.size(a), np.shape(a), a.shape[1])
print(a[-1], a[1, 2], a[0:2, :], a[-2:], sep="\n")
print(a[np.ix_([0, 2], [0, 2])])
print(a[::2, :], a[::-1, :], a[np.r_[: len(a), 0]], sep="\n")
print(a.T, a @ b, a * b, a / b, a**3, sep="\n")
print((a > 5), np.nonzero(a > 5), a[a > 5])
c = a.copy()
c[c < 5] = 0
print(c)
print(a * (a > 5))
y = a.copy()
y[:, 0] = 99
print(y[0], a[0])
print(a.flatten("F"), a.ravel())
print(np.arange(1.0, 11.0), np.r_[1.0:11.0], np.arange(10.0)[:, np.newaxis].shape)
print(np.zeros((3, 4)).shape, np.ones((3, 4)).sum(), np.eye(3), np.diag(a), np.diag([1, 2, 3]))
print(np.linspace(1, 3, 4), np.r_[0:9:4j])
X, Y = np.mgrid[0:9.0, 0:6.0]
print(X.shape, Y[0], np.mgrid[0:3, 0:2][0])
og = np.ogrid[0:4, 0:3]
print(og[0].shape, og[1].shape, (og[0] * 10 + og[1]))
xg, yg = np.meshgrid([1, 2, 4], [2, 4, 5])
print(xg, yg, sep="\n")
print(np.tile(np.array([[1, 2], [3, 4]]), (2, 3)))
print(np.concatenate((a, b), 1).shape, np.hstack((a, b)).shape, np.vstack((a, b)).shape)
print(np.c_[a, b][0], np.r_[a, b].shape, np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])])
print(a.max(), a.max(0), a.max(1), np.maximum(a, b).sum())
print(np.argmax(a), np.unravel_index(np.argmax(a), a.shape), np.argmax(a, axis=0))
v = np.array([3.0, -4.0])
print(np.linalg.norm(v), np.logical_and(a > 2, a < 8).sum(), np.logical_or(a < 2, a > 8).sum())
print(np.kron(np.eye(2), np.array([[1, 2], [3, 4]])))
print(np.cumsum(a, 0), np.cumsum(a, 1)[-1], np.cumsum(a[:, 0]), sep="\n")

# linear algebra
print(np.round(np.linalg.inv(a), 6))
print(np.round(np.linalg.pinv(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])), 6))
print(np.linalg.matrix_rank(a), np.round(np.linalg.det(a), 6))
rhs = np.array([1.0, 2.0, 3.0])
print(np.round(np.linalg.solve(a, rhs), 6))
A = np.vstack([np.arange(5.0), np.ones(5)]).T
yv = np.array([1.1, 2.9, 5.2, 7.1, 8.8])
coef, res, rank, sv = np.linalg.lstsq(A, yv, rcond=None)
print(np.round(coef, 6), np.round(res, 6), rank, np.round(sv, 6))
U, S, Vh = np.linalg.svd(a)
print(np.round(S, 6), np.allclose(U @ np.diag(S) @ Vh, a))
sym = a + a.T
w, V = np.linalg.eigh(sym)
print(np.round(w, 6), np.allclose(sym @ V, V * w))
L = np.linalg.cholesky(np.array([[4.0, 2.0], [2.0, 3.0]]))
print(np.round(L, 6))
Q, R = np.linalg.qr(a)
print(np.round(np.abs(R), 6), np.allclose(Q @ R, a), np.allclose(Q.T @ Q, np.eye(3)))
print(np.round(np.linalg.eigvals(np.array([[2.0, 0.0], [0.0, 3.0]])).real, 6))
print(np.sort(np.array([3, 1, 2])), np.argsort(np.array([30, 10, 20])), np.unique([3, 1, 3, 2]))
print(np.squeeze(np.ones((1, 3, 1))).shape, np.fix([-2.5, 2.5]), np.floor([-2.5, 2.5]))
print(np.round(np.fft.fft(np.array([1.0, 0.0, -1.0, 0.0])).real, 6))

"""PageRank of a small link graph by power iteration and by a linear solve."""

import numpy as np

links = {0: [1, 2], 1: [2], 2: [0], 3: [0, 2], 4: [3, 2, 5], 5: [4], 6: []}
n = len(links)
A = np.zeros((n, n))
for src, dsts in links.items():
    for d in dsts:
        A[d, src] = 1.0
out_deg = A.sum(axis=0)
dangling = out_deg == 0
print("out degrees:", out_deg.astype(int), "dangling:", np.flatnonzero(dangling))
M = np.divide(A, out_deg, out=np.zeros_like(A), where=~dangling)
M[:, dangling] = 1.0 / n

d = 0.85
G = d * M + (1 - d) / n
r = np.full(n, 1.0 / n)
for it in range(200):
    r_new = G @ r
    if np.abs(r_new - r).sum() < 1e-12:
        break
    r = r_new
print("iterations:", it)
np.set_printoptions(precision=5)
print("pagerank:", r_new)
print("sums to one:", np.isclose(r_new.sum(), 1.0))

# the same as the solution of (I - dM) r = (1 - d)/n
r_solve = np.linalg.solve(np.eye(n) - d * M, np.full(n, (1 - d) / n))
print("linear solve:", r_solve / r_solve.sum())
print("agree:", np.allclose(r_solve / r_solve.sum(), r_new))
order = np.argsort(r_new)[::-1]
print("ranking:", order)
for page in order[:3]:
    print(f"page {page}: {r_new[page]:.5f}, in-links {int(A[page].sum())}")
np.set_printoptions(precision=8)

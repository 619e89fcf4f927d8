"""Convex hull of random points with Andrew's monotone chain, hull area and diameter."""

import numpy as np


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def hull(points):
    pts = points[np.lexsort((points[:, 1], points[:, 0]))]
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in pts[::-1]:
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


rng = np.random.default_rng(130)
pts = np.round(rng.normal(size=(60, 2)), 3)
H = hull(pts)
print("hull vertices:", len(H))
print(H)
x, y = H[:, 0], H[:, 1]
area = 0.5 * np.abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
print(f"hull area {area:.6f}")
d = np.sqrt(((H[:, None, :] - H[None, :, :]) ** 2).sum(axis=-1))
i, j = np.unravel_index(d.argmax(), d.shape)
print(f"diameter {d.max():.6f} between {H[i]} and {H[j]}")
# every point is on the inner side of every hull edge
edges = np.roll(H, -1, axis=0) - H
rel = pts[:, None, :] - H[None, :, :]
side = edges[None, :, 0] * rel[..., 1] - edges[None, :, 1] * rel[..., 0]
print("all points inside:", bool(np.all(side >= -1e-12)))
print("extreme x:", pts[:, 0].min(), pts[:, 0].max(), "on hull:", np.isin(pts[:, 0].max(), H[:, 0]))

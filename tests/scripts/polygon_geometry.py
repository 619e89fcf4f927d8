"""Polygon area (shoelace), perimeter, centroid, and point-in-polygon by ray casting."""

import numpy as np

poly = np.array([[0.0, 0.0], [4.0, 0.0], [5.0, 3.0], [2.0, 5.0], [-1.0, 3.0]])
x, y = poly[:, 0], poly[:, 1]
xs, ys = np.roll(x, -1), np.roll(y, -1)
cross = x * ys - xs * y
area = 0.5 * cross.sum()
print(f"signed area {area:.4f} (counter-clockwise: {area > 0})")
edges = np.diff(np.vstack([poly, poly[:1]]), axis=0)
perimeter = np.linalg.norm(edges, axis=1).sum()
print(f"perimeter {perimeter:.6f}")
cx = np.sum((x + xs) * cross) / (6 * area)
cy = np.sum((y + ys) * cross) / (6 * area)
print(f"centroid ({cx:.6f}, {cy:.6f})")
print("vertex mean:", poly.mean(axis=0))

# interior angles from edge vectors
prev = np.roll(edges, 1, axis=0)
cosang = -(prev * edges).sum(axis=1) / (
    np.linalg.norm(prev, axis=1) * np.linalg.norm(edges, axis=1)
)
angles = np.degrees(np.arccos(np.clip(cosang, -1, 1)))
print("interior angles:", np.round(angles, 3), "sum:", round(float(angles.sum()), 6))


def inside(points, poly):
    px, py = points[:, 0:1], points[:, 1:2]
    x1, y1 = poly[:, 0], poly[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    crosses = (y1 > py) != (y2 > py)
    with np.errstate(divide="ignore", invalid="ignore"):
        xint = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
    return np.sum(crosses & (px < xint), axis=1) % 2 == 1


pts = np.array([[2.0, 2.0], [4.5, 4.0], [-0.5, 2.9], [0.0, -1.0], [3.0, 1.0]])
print("inside:", inside(pts, poly))
rng = np.random.default_rng(128)
cloud = rng.uniform([-1, 0], [5, 5], size=(20000, 2))
frac = inside(cloud, poly).mean()
print(f"Monte Carlo area {frac * 30:.3f}")

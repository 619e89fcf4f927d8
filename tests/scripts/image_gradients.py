"""Image gradients with np.gradient, edge magnitude, orientation histogram."""

import numpy as np

n = 16
yy, xx = np.mgrid[0:n, 0:n]
img = ((xx - 7.5) ** 2 + (yy - 7.5) ** 2 < 30).astype(float)  # a filled disc
img += 0.02 * xx  # a gentle ramp

gy, gx = np.gradient(img)
mag = np.hypot(gx, gy)
angle = np.degrees(np.arctan2(gy, gx))
print(f"max magnitude {mag.max():.4f} at {np.unravel_index(mag.argmax(), mag.shape)}")
edges = mag > 0.25
print("edge pixels:", edges.sum())
for row in edges[4:12]:
    print("".join("*" if e else "." for e in row))

# orientation histogram of the edge pixels (8 sectors)
hist, bin_edges = np.histogram(angle[edges], bins=8, range=(-180, 180))
print("orientations:", hist)
print("sector edges:", bin_edges.astype(int))

# gradient with physical spacing and along one axis only
gx_mm = np.gradient(img, 0.5, axis=1)
print("spacing 0.5 doubles gx:", np.allclose(gx_mm, 2 * gx))
print("second-order edges row 8:", np.round(np.gradient(img[8], edge_order=2)[:6], 4))
lap = np.roll(img, 1, 0) + np.roll(img, -1, 0) + np.roll(img, 1, 1) + np.roll(img, -1, 1) - 4 * img
print(f"laplacian range [{lap.min():.3f}, {lap.max():.3f}]")
print("ramp slope recovered:", np.round(np.median(gx[~edges]), 6))

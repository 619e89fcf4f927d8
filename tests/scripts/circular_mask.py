"""Masks on an image grid with ogrid: circles, rings, sectors; statistics inside each."""

import numpy as np

h, w = 21, 31
cy, cx = 10, 15
yy, xx = np.ogrid[:h, :w]
r = np.sqrt((yy - cy) ** 2 + (xx - cx) ** 2)
theta = np.arctan2(yy - cy, xx - cx)
rng = np.random.default_rng(143)
img = np.round(100 * np.exp(-(r**2) / 60) + rng.normal(0, 2, size=(h, w)), 2)

disc = r <= 5
ring = (r > 5) & (r <= 9)
upper_right = (theta < 0) & (theta > -np.pi / 2) & (r <= 9)
print("pixels: disc", disc.sum(), "ring", ring.sum(), "sector", upper_right.sum())
print(
    f"mean in disc {img[disc].mean():.4f}, ring {img[ring].mean():.4f}, "
    f"outside {img[r > 9].mean():.4f}"
)
for row in disc[5:16]:
    print("".join("o" if v else "." for v in row[8:23]))

# radial profile: mean value per integer radius
rbin = r.astype(int)
profile = np.bincount(rbin.ravel(), weights=img.ravel()) / np.bincount(rbin.ravel())
print("radial profile:", np.round(profile[:8], 3))

# apply masks to modify the image
out = img.copy()
out[~disc] = 0
print("masked sum:", round(float(out.sum()), 2), "==", round(float(img[disc].sum()), 2))
np.putmask(out, out > 90, 90)
print("after putmask max:", out.max())
print("where-based ring image total:", round(float(np.where(ring, img, 0).sum()), 2))
print("bounding box of disc:", np.argwhere(disc).min(axis=0), np.argwhere(disc).max(axis=0))
print("masked_where-free nanmean:", round(float(np.nanmean(np.where(ring, img, np.nan))), 4))

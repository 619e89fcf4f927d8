"""A synthetic uint8 image: crop, flip, rotate, pad."""

import numpy as np

h, w = 24, 32
yy, xx = np.mgrid[0:h, 0:w]
img = ((xx * 8 + yy * 3) % 256).astype(np.uint8)
print(img.shape, img.dtype, img.min(), img.max())

crop = img[4:20, 8:24]
print("crop", crop.shape, crop[0, :5])
flipped_lr = img[:, ::-1]
flipped_ud = np.flipud(img)
print(flipped_lr[0, :5], flipped_ud[0, :5])
rot = np.rot90(img)
print("rot90", rot.shape, rot[0, :4])
padded = np.pad(crop, 2, mode="constant", constant_values=255)
print("padded", padded.shape, padded[0, 0], padded[2, 2])
inverted = 255 - img
print(inverted[:2, :6])
tiled = np.tile(crop[:2, :2], (2, 3))
print(tiled)
checksum = int(img.astype(np.int64).sum())
print("checksum", checksum)

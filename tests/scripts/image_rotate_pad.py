"""Rotate, flip, transpose and pad a small image with the different padding modes."""

import numpy as np

img = np.arange(12, dtype=np.uint8).reshape(3, 4) * 20
print("image:")
print(img)
for k in range(1, 4):
    print(f"rot90 k={k}:")
    print(np.rot90(img, k))
print("rot90 four times is identity:", np.array_equal(np.rot90(img, 4), img))
print("rot90(k=-1) == rot90(k=3):", np.array_equal(np.rot90(img, -1), np.rot90(img, 3)))
print("flipud:")
print(np.flipud(img))
print("fliplr == img[:, ::-1]:", np.array_equal(np.fliplr(img), img[:, ::-1]))
print("transpose == rot90 then flipud:", np.array_equal(img.T, np.flipud(np.rot90(img))))

small = np.array([[1, 2], [3, 4]])
for mode in ("constant", "edge", "reflect", "symmetric", "wrap"):
    print(f"pad mode={mode}:")
    print(np.pad(small, 1, mode=mode))
print("pad with value 9 on the left only:")
print(np.pad(small, ((0, 0), (2, 0)), constant_values=9))
border = np.pad(img, 2, mode="constant")
print("bordered shape:", border.shape, "sum unchanged:", border.sum() == img.sum())
print("mean of padded (linear_ramp):", np.pad(small.astype(float), 2, mode="linear_ramp").mean())

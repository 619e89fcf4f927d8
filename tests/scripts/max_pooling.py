"""2x2 max/mean pooling with reshape and with sliding_window_view, plus upsampling."""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

rng = np.random.default_rng(115)
img = rng.integers(0, 256, size=(8, 8)).astype(np.float32)
print("image dtype:", img.dtype)

h, w = img.shape
blocks = img.reshape(h // 2, 2, w // 2, 2)
maxpool = blocks.max(axis=(1, 3))
meanpool = blocks.mean(axis=(1, 3))
print("max pool:")
print(maxpool)
print("mean pool:")
print(meanpool)

# the same through sliding windows with stride 2
win = sliding_window_view(img, (2, 2))[::2, ::2]
print("window view shape:", win.shape)
print("same max:", np.array_equal(win.max(axis=(2, 3)), maxpool))

# overlapping 3x3 max filter (stride 1)
win3 = sliding_window_view(img, (3, 3))
print("3x3 max filter shape:", win3.max(axis=(-2, -1)).shape)
print(win3.max(axis=(-2, -1))[:2])

# argmax inside each pooling block (for unpooling)
flat = blocks.transpose(0, 2, 1, 3).reshape(h // 2, w // 2, 4)
where = flat.argmax(axis=2)
print("argmax in blocks:")
print(where)

# nearest-neighbour upsampling back to 8x8
up = maxpool.repeat(2, axis=0).repeat(2, axis=1)
print("upsampled equals kron:", np.array_equal(up, np.kron(maxpool, np.ones((2, 2), np.float32))))
print("fraction kept by max pool:", np.mean(up == img))

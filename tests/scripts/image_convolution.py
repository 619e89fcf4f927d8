"""Box blur, sharpen and Sobel edges with a 3x3 kernel via slicing."""

import numpy as np

img = np.zeros((12, 12), dtype=np.float64)
img[3:9, 3:9] = 1.0
img[5:7, 5:7] = 2.0


def convolve3(a, k):
    p = np.pad(a, 1, mode="edge")
    out = np.zeros_like(a)
    for dy in range(3):
        for dx in range(3):
            out += k[dy, dx] * p[dy : dy + a.shape[0], dx : dx + a.shape[1]]
    return out


box = np.ones((3, 3)) / 9
sharpen = np.array([[0, -1, 0], [-1, 5, -1], [0, -1, 0]], dtype=float)
sobel_x = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=float)
blurred = convolve3(img, box)
sharp = convolve3(img, sharpen)
gx = convolve3(img, sobel_x)
gy = convolve3(img, sobel_x.T)
edges = np.hypot(gx, gy)
print(np.round(blurred[6], 3))
print(sharp[6])
print(f"edge max {edges.max():.4f} at {np.argmax(edges)}")
print(np.count_nonzero(edges > 1))

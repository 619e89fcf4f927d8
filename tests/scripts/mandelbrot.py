"""Mandelbrot escape counts on a small grid."""

import numpy as np

x = np.linspace(-2.0, 0.5, 40)
y = np.linspace(-1.1, 1.1, 20)
c = x[None, :] + 1j * y[:, None]
z = np.zeros_like(c)
counts = np.zeros(c.shape, dtype=np.int32)
for _ in range(30):
    mask = np.abs(z) <= 2
    z[mask] = z[mask] ** 2 + c[mask]
    counts[mask] += 1
print(c.dtype, counts.dtype, counts.shape)
print("inside:", np.sum(counts == 30))
chars = " .:-=+*#%@"
for row in counts[::4]:
    print("".join(chars[min(v // 3, 9)] for v in row))
area = np.mean(counts == 30) * (2.5 * 2.2)
print(f"area estimate {area:.4f}")

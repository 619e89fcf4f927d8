"""Fourier series partial sums of a square and a sawtooth wave; Gibbs overshoot and L2 error."""

import numpy as np

np.set_printoptions(precision=5, suppress=True)

x = np.linspace(-np.pi, np.pi, 2001)
square = np.sign(np.sin(x))
saw = x / np.pi


def square_partial(x, n_terms):
    k = 2 * np.arange(n_terms) + 1  # odd harmonics
    return 4 / np.pi * np.sum(np.sin(np.outer(x, k)) / k, axis=1)


def saw_partial(x, n_terms):
    k = np.arange(1, n_terms + 1)
    coef = 2 / np.pi * (-1.0) ** (k + 1) / k
    return np.sin(np.multiply.outer(x, k)) @ coef


print(f"{'terms':>5} {'sq max':>8} {'overshoot%':>10} {'sq L2':>9} {'saw L2':>9}")
for n in (1, 5, 25, 125):
    s = square_partial(x, n)
    w = saw_partial(x, n)
    overshoot = (s.max() - 1) / 2 * 100
    err_sq = np.sqrt(np.trapezoid((s - square) ** 2, x))
    err_saw = np.sqrt(np.trapezoid((w - saw) ** 2, x))
    print(f"{n:5d} {s.max():8.4f} {overshoot:10.3f} {err_sq:9.5f} {err_saw:9.5f}")

# recover coefficients numerically from samples with the trapezoid rule
k = np.arange(1, 8)
b = np.array([np.trapezoid(square * np.sin(kk * x), x) / np.pi for kk in k])
print("square b_k:", b)
print("expected  :", np.where(k % 2 == 1, 4 / (np.pi * k), 0.0))

# compare with the FFT of one period (drop the duplicated endpoint)
samples = square[:-1]
spec = np.fft.rfft(samples) / (samples.size / 2)
print("fft |b_k|:", np.abs(spec[1:8]))
b_odd = 4 / (np.pi * (2 * np.arange(100) + 1))
print(f"Parseval sum of b_k^2 (100 terms): {np.sum(b_odd**2):.6f}")
print("mean square of the wave:", np.mean(square**2) * 2)

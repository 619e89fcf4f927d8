"""Low-pass filter a noisy signal in the frequency domain."""

import numpy as np

rng = np.random.default_rng(17)
n = 200
t = np.linspace(0, 1, n, endpoint=False)
clean = np.sin(2 * np.pi * 3 * t)
noisy = clean + 0.4 * rng.normal(size=n)
F = np.fft.fft(noisy)
freqs = np.fft.fftfreq(n, d=t[1] - t[0])
F[np.abs(freqs) > 10] = 0
filtered = np.fft.ifft(F).real
err_before = np.sqrt(np.mean((noisy - clean) ** 2))
err_after = np.sqrt(np.mean((filtered - clean) ** 2))
print(f"rms error before {err_before:.5f} after {err_after:.5f}")
print(freqs[:5], freqs[-3:])
shifted = np.fft.fftshift(freqs)
print(shifted[:3])
print(np.round(filtered[:5], 5))
kept = np.count_nonzero(F)
print("kept coefficients:", kept)

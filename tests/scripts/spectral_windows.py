"""Spectral leakage with rectangular, Hann, Hamming, Blackman and Bartlett windows."""

import numpy as np

fs, n = 128.0, 128
t = np.arange(n) / fs
x = np.sin(2 * np.pi * 10.5 * t) + 0.01 * np.sin(2 * np.pi * 30 * t)
windows = {
    "rect": np.ones(n),
    "hanning": np.hanning(n),
    "hamming": np.hamming(n),
    "blackman": np.blackman(n),
    "bartlett": np.bartlett(n),
    "kaiser(8)": np.kaiser(n, 8.0),
}
freqs = np.fft.rfftfreq(n, d=1 / fs)
print("frequency resolution:", freqs[1])
for name, w in windows.items():
    spec = np.abs(np.fft.rfft(x * w)) / w.sum() * 2
    db = 20 * np.log10(spec / spec.max() + 1e-12)
    far = db[np.abs(freqs - 10.5) > 5].max()
    print(
        f"{name:>10}: peak at {freqs[spec.argmax()]:5.1f} Hz, coherent gain {w.mean():.4f}, "
        f"leakage {far:7.2f} dB, 30 Hz level {db[30]:7.2f} dB"
    )

print("hanning(5):", np.hanning(5))
print("hamming(5):", np.hamming(5))
print("blackman(5):", np.round(np.blackman(5), 6))
print("bartlett(6):", np.bartlett(6))
print("kaiser(5, 0) is rect:", np.allclose(np.kaiser(5, 0), 1))
print("windows symmetric:", all(np.allclose(w, w[::-1]) for w in windows.values()))
print("empty and single:", np.hanning(0), np.hanning(1))

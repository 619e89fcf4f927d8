"""Find the dominant frequencies of a sum of sines with rfft."""

import numpy as np

fs = 256
t = np.arange(fs) / fs
signal = 3 * np.sin(2 * np.pi * 12 * t) + 1.5 * np.sin(2 * np.pi * 40 * t) + 0.5
spectrum = np.fft.rfft(signal)
freqs = np.fft.rfftfreq(signal.size, d=1 / fs)
amp = np.abs(spectrum) / signal.size * 2
amp[0] /= 2
print(spectrum.shape, spectrum.dtype)
peaks = freqs[np.argsort(amp)[-3:]]
print("peaks:", np.sort(peaks))
print(f"dc {amp[0]:.6f} a12 {amp[12]:.6f} a40 {amp[40]:.6f}")
back = np.fft.irfft(spectrum, n=signal.size)
print("roundtrip:", np.allclose(back, signal))
power = np.sum(np.abs(spectrum) ** 2)
print(f"power {power:.3f}")

"""Fast convolution with the FFT, checked against np.convolve; circular vs linear."""

import numpy as np

rng = np.random.default_rng(132)
x = rng.normal(size=300)
h = np.exp(-np.arange(25) / 5.0)
h /= h.sum()

direct = np.convolve(x, h)
n = len(x) + len(h) - 1
nfft = 1 << (n - 1).bit_length()
fast = np.fft.irfft(np.fft.rfft(x, nfft) * np.fft.rfft(h, nfft), nfft)[:n]
print("lengths:", len(direct), "nfft:", nfft)
print(f"max difference {np.abs(fast - direct).max():.3e}")

# circular convolution of equal-length sequences wraps around
a = np.array([1.0, 2.0, 3.0, 4.0])
b = np.array([0.0, 1.0, 0.5, 0.0])
circ = np.real(np.fft.ifft(np.fft.fft(a) * np.fft.fft(b)))
lin = np.convolve(a, b)
print("circular:", np.round(circ, 10))
print("linear:  ", lin)
print(
    "wrap-around adds the tail:",
    np.allclose(circ, lin[:4] + np.concatenate([lin[4:], np.zeros(1)])),
)

# 2-D blur through fft2 with zero padding
img = np.zeros((16, 16))
img[6:10, 6:10] = 1.0
kern = np.outer([1, 2, 1], [1, 2, 1]) / 16.0
shape = (img.shape[0] + 2, img.shape[1] + 2)
blur = np.real(np.fft.ifft2(np.fft.fft2(img, shape) * np.fft.fft2(kern, shape)))
print("blurred mass:", round(float(blur.sum()), 10))
print("centre row:", np.round(blur[8, 4:14], 4))
print("fftshift/ifftshift round trip:", np.array_equal(np.fft.ifftshift(np.fft.fftshift(img)), img))
print("dtype of irfft:", fast.dtype, "of fft:", np.fft.fft(a).dtype)

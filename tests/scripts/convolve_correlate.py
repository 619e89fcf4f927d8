"""np.convolve modes, a moving sum, and finding a delay with np.correlate."""

import numpy as np

a = np.array([1, 2, 3, 4, 5])
k = np.array([1, 0, -1])
for mode in ("full", "same", "valid"):
    print(f"convolve {mode:>5}: {np.convolve(a, k, mode=mode)}")
print("convolution is commutative:", np.array_equal(np.convolve(a, k), np.convolve(k, a)))
print("polynomial product (x+1)^3:", np.convolve(np.convolve([1, 1], [1, 1]), [1, 1]))
print("float kernel:", np.convolve(a, [0.25, 0.5, 0.25], mode="same"))

rng = np.random.default_rng(131)
signal = rng.normal(size=200)
delay = 17
received = np.roll(signal, delay) + 0.3 * rng.normal(size=200)
xc = np.correlate(received, signal, mode="full")
lags = np.arange(-len(signal) + 1, len(signal))
print("estimated delay:", lags[xc.argmax()])
print(f"peak correlation {xc.max():.4f}")

# normalised autocorrelation of an AR(1) series
x = np.zeros(500)
e = rng.normal(size=500)
for t in range(1, 500):
    x[t] = 0.8 * x[t - 1] + e[t]
xm = x - x.mean()
ac = np.correlate(xm, xm, mode="full")[len(x) - 1 :]
ac /= ac[0]
print("autocorrelation lags 0-5:", np.round(ac[:6], 4))
print("0.8**lag:               ", np.round(0.8 ** np.arange(6), 4))
print("correlate valid:", np.correlate([1, 2, 3], [0, 1, 0.5]))
print("complex correlate:", np.correlate([1 + 1j, 2, 3j], [0, 1, 0.5j], mode="same"))

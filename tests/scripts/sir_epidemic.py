"""SIR epidemic model: deterministic Euler steps and a stochastic binomial version."""

import numpy as np

N = 10_000
beta, gamma = 0.3, 0.1
days = 160
S, I, R = np.empty(days), np.empty(days), np.empty(days)
S[0], I[0], R[0] = N - 10, 10, 0
for t in range(days - 1):
    new_inf = beta * S[t] * I[t] / N
    new_rec = gamma * I[t]
    S[t + 1] = S[t] - new_inf
    I[t + 1] = I[t] + new_inf - new_rec
    R[t + 1] = R[t] + new_rec
peak = np.argmax(I)
print(f"R0 = {beta / gamma:.1f}")
print(f"peak day {peak}, infected {I[peak]:.1f}")
print(f"final susceptible {S[-1]:.1f}, recovered {R[-1]:.1f}")
print("every 20 days:", np.round(I[::20], 1))
print("conserved:", np.allclose(S + I + R, N))

rng = np.random.default_rng(109)
runs = 50
s = np.full(runs, N - 10)
i = np.full(runs, 10)
r = np.zeros(runs, dtype=np.int64)
peaks = np.zeros(runs, dtype=np.int64)
for t in range(days):
    p_inf = 1 - np.exp(-beta * i / N)
    inf = rng.binomial(s, p_inf)
    rec = rng.binomial(i, 1 - np.exp(-gamma))
    s, i, r = s - inf, i + inf - rec, r + rec
    peaks = np.maximum(peaks, i)
print("stochastic final recovered: mean", r.mean(), "min", r.min(), "max", r.max())
print("died out early:", np.sum(r < 100))
print(f"median peak {np.median(peaks):.1f}")

"""2-D Ising model with checkerboard Metropolis updates at a few temperatures."""

import numpy as np

rng = np.random.default_rng(114)
n = 24
ii, jj = np.indices((n, n))
black = (ii + jj) % 2 == 0


def neighbours(s):
    return np.roll(s, 1, 0) + np.roll(s, -1, 0) + np.roll(s, 1, 1) + np.roll(s, -1, 1)


def sweep(s, beta):
    for mask in (black, ~black):
        dE = 2 * s * neighbours(s)
        accept = rng.random((n, n)) < np.exp(-beta * dE)
        s = np.where(mask & accept, -s, s)
    return s


for T in (1.5, 2.27, 3.5):
    spins = rng.choice(np.array([-1, 1]), size=(n, n))
    beta = 1.0 / T
    for _ in range(200):
        spins = sweep(spins, beta)
    mags, ens = [], []
    for _ in range(100):
        spins = sweep(spins, beta)
        mags.append(abs(spins.mean()))
        ens.append(-(spins * neighbours(spins)).sum() / 2 / n**2)
    mags, ens = np.array(mags), np.array(ens)
    print(f"T={T:4.2f}  |m|={mags.mean():.4f}  E={ens.mean():.4f}  C={ens.var() * n**2 / T**2:.4f}")
print("spin values:", np.unique(spins))
print("up fraction:", np.mean(spins == 1))

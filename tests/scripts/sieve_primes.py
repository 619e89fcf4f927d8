"""Sieve of Eratosthenes and prime statistics."""

import numpy as np

N = 1000
is_prime = np.ones(N + 1, dtype=bool)
is_prime[:2] = False
for p in range(2, int(N**0.5) + 1):
    if is_prime[p]:
        is_prime[p * p :: p] = False
primes = np.flatnonzero(is_prime)
print(len(primes), primes[:10], primes[-3:])
gaps = np.diff(primes)
print("max gap", gaps.max(), "after", primes[np.argmax(gaps)])
twins = primes[:-1][gaps == 2]
print("twin primes:", twins.size)
last_digit = np.bincount(primes % 10, minlength=10)
print(last_digit)
pi_x = np.cumsum(is_prime)
print(pi_x[[10, 100, 1000]])
ratio = pi_x[100:] / (np.arange(100, N + 1) / np.log(np.arange(100, N + 1)))
print(f"{ratio[-1]:.6f}")

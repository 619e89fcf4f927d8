"""Geometric Brownian motion stock paths and a Monte Carlo option price."""

import numpy as np

rng = np.random.default_rng(113)
S0, mu, sigma = 100.0, 0.05, 0.2
T, steps, paths = 1.0, 252, 1000
dt = T / steps
z = rng.standard_normal((paths, steps))
log_inc = (mu - 0.5 * sigma**2) * dt + sigma * np.sqrt(dt) * z
log_paths = np.log(S0) + np.cumsum(log_inc, axis=1)
S = np.exp(np.hstack([np.full((paths, 1), np.log(S0)), log_paths]))
final = S[:, -1]
print(f"mean final price {final.mean():.4f} (theory {S0 * np.exp(mu * T):.4f})")
print(f"std final price {final.std():.4f}")
print("final quantiles:", np.round(np.quantile(final, [0.05, 0.5, 0.95]), 3))

# maximum drawdown of each path
running_max = np.maximum.accumulate(S, axis=1)
drawdown = 1 - S / running_max
print(f"mean max drawdown {drawdown.max(axis=1).mean():.4f}")

# European call under the risk-neutral measure
r, K = 0.03, 105.0
log_rn = (r - 0.5 * sigma**2) * T + sigma * np.sqrt(T) * z[:, 0]
ST = S0 * np.exp(log_rn)
payoff = np.maximum(ST - K, 0)
price = np.exp(-r * T) * payoff.mean()
stderr = np.exp(-r * T) * payoff.std(ddof=1) / np.sqrt(paths)
print(f"call price {price:.4f} +/- {1.96 * stderr:.4f}")
print(f"in the money: {np.mean(payoff > 0):.3f}")
daily = np.diff(np.log(S[:5]), axis=1)
print("annualised vol of 5 paths:", np.round(daily.std(axis=1, ddof=1) * np.sqrt(steps), 4))

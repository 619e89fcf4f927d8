"""Running totals: cumsum, cumprod, moving averages and drawdown."""

import numpy as np

rng = np.random.default_rng(4)
returns = rng.normal(0.001, 0.02, size=50)
growth = np.cumprod(1 + returns)
print(f"final growth: {growth[-1]:.6f}")

running_max = np.maximum.accumulate(growth)
drawdown = growth / running_max - 1
print(f"max drawdown: {drawdown.min():.4%}")

window = 5
c = np.cumsum(np.insert(returns, 0, 0.0))
moving = (c[window:] - c[:-window]) / window
print(moving.shape)
print(np.round(moving[:5], 5))

deposits = np.array([100, 250, -40, 75, -300, 20])
balance = np.cumsum(deposits)
print(balance)
print("overdrawn at:", np.flatnonzero(balance < 0))

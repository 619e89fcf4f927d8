"""Piecewise functions with np.where, np.select and np.piecewise."""

import numpy as np

x = np.linspace(-3, 3, 13)
relu = np.where(x > 0, x, 0.0)
leaky = np.where(x > 0, x, 0.1 * x)
print("x:", x)
print("relu:", relu)
print("leaky:", leaky)
hat = np.piecewise(x, [x < -1, (x >= -1) & (x < 1), x >= 1], [0, lambda v: 1 - np.abs(v), 0])
print("hat:", hat)
sgn = np.piecewise(x, [x < 0, x > 0], [-1, 1])
print("sign via piecewise:", sgn)

# shipping cost tiers with np.select
weight = np.array([0.3, 1.2, 2.5, 4.9, 7.0, 12.0, 25.0])
conds = [weight <= 1, weight <= 5, weight <= 10]
choices = [4.99, 4.99 + 1.5 * (weight - 1), 10.99 + 1.2 * (weight - 5)]
cost = np.select(conds, choices, default=np.nan)
print("cost:", np.round(cost, 2))
print("too heavy:", weight[np.isnan(cost)])

# grade letters as integer codes
scores = np.array([95, 83, 71, 65, 50, 88, 79])
codes = np.select([scores >= 90, scores >= 80, scores >= 70, scores >= 60], [4, 3, 2, 1], default=0)
print("grade codes:", codes)
print("GPA:", codes.mean())
print("where with one argument:", np.where(scores > 80))
print("clipped tax:", np.where(weight > 5, (weight - 5) * 0.2, 0).round(2))
# a smooth piecewise approximation of abs with a quadratic near zero
eps = 0.5
huber = np.where(np.abs(x) <= eps, x**2 / (2 * eps), np.abs(x) - eps / 2)
print("huber:", huber)
print("nested where:", np.where(x < -1, -1, np.where(x > 1, 1, x)))

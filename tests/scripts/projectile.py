"""Projectile trajectories for several launch angles."""

import numpy as np

g = 9.81
v0 = 20.0
angles = np.deg2rad(np.arange(15, 90, 15))
t_flight = 2 * v0 * np.sin(angles) / g
ranges = v0**2 * np.sin(2 * angles) / g
heights = (v0 * np.sin(angles)) ** 2 / (2 * g)
for a, tf, r, h in zip(np.rad2deg(angles), t_flight, ranges, heights):
    print(f"{a:4.0f} deg: t={tf:6.3f}s range={r:7.3f}m height={h:6.3f}m")
t = np.linspace(0, 1, 50)[:, None] * t_flight[None, :]
x = v0 * np.cos(angles) * t
y = v0 * np.sin(angles) * t - 0.5 * g * t**2
print(x.shape, np.round(x[-1], 3))
print(np.allclose(y[-1], 0), bool(np.all(y >= -1e-9)))
best = np.rad2deg(angles[np.argmax(ranges)])
print("best angle", best)

"""Linear interpolation, resampling and the trapezoid rule."""

import numpy as np

xp = np.array([0.0, 1.0, 2.5, 4.0, 5.0])
fp = np.array([0.0, 2.0, 3.0, 1.0, 0.5])
x = np.linspace(0, 5, 11)
y = np.interp(x, xp, fp)
print(np.round(y, 4))
print(
    np.interp(np.array([-1.0, 6.0]), xp, fp),
    np.interp(np.array([-1.0, 6.0]), xp, fp, left=-9, right=9),
)
area = np.trapezoid(fp, xp)
print(f"area {area:.4f}")
t = np.linspace(0, np.pi, 101)
print(f"integral sin {np.trapezoid(np.sin(t), t):.8f}")
g = np.gradient(np.sin(t), t)
print(f"max |gradient - cos| {np.max(np.abs(g - np.cos(t))):.6f}")
csum = np.cumsum((fp[1:] + fp[:-1]) / 2 * np.diff(xp))
print(np.round(csum, 4))

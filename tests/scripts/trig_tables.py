"""Trigonometric and hyperbolic tables."""

import numpy as np

deg = np.arange(0, 361, 45)
rad = np.radians(deg)
print(np.round(np.sin(rad), 6))
print(np.round(np.cos(rad), 6))
with np.errstate(divide="ignore"):
    tan = np.tan(rad)
print(np.round(tan[:2], 6))
print(np.round(np.degrees(np.arctan2(np.array([1.0, -1.0, 0.0]), np.array([1.0, 1.0, -1.0]))), 6))
x = np.linspace(-2, 2, 5)
print(np.round(np.sinh(x), 6), np.round(np.tanh(x), 6))
print(np.round(np.arcsinh(np.sinh(x)) - x, 12))
print(np.allclose(np.sin(rad) ** 2 + np.cos(rad) ** 2, 1))
print(np.round(np.arccos(np.array([-1.0, 0.0, 1.0])), 6))
print(np.hypot(3.0, 4.0), np.sinc(np.array([0.0, 0.5, 1.0])).round(6))
print(np.unwrap(np.array([0.0, 3.0, 6.5, 9.0, 0.5])).round(6))

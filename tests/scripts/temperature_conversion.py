"""Unit conversions and rounding of a temperature table."""

import numpy as np

celsius = np.array([-40.0, -10.0, 0.0, 21.5, 37.0, 100.0])
fahrenheit = celsius * 9 / 5 + 32
kelvin = celsius + 273.15
table = np.column_stack([celsius, fahrenheit, kelvin])
print(table)
for c, f, k in table:
    print(f"{c:7.2f} C = {f:7.2f} F = {k:7.2f} K")
print(np.round(fahrenheit).astype(int))
print(np.floor(kelvin), np.ceil(kelvin))
print(np.trunc(np.array([-2.7, 2.7])), np.rint(np.array([0.5, 1.5, 2.5])))
print(np.around(table[:, 2], decimals=-1))
monthly = np.array([3.1, 4.0, 8.2, 12.5, 16.8, 20.1, 22.3, 21.9, 18.0, 12.7, 7.4, 4.0])
warm = np.nonzero(monthly > 15)[0] + 1
print("warm months:", warm)
print(f"annual mean {monthly.mean():.2f}, range {np.ptp(monthly):.1f}")
print(np.diff(monthly).round(1))

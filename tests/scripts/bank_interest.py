"""Compound interest and loan amortisation."""

import numpy as np

principal = 10000.0
rates = np.array([0.01, 0.03, 0.05, 0.07])
years = np.arange(0, 31, 5)
balances = principal * (1 + rates[:, None]) ** years[None, :]
print(np.round(balances, 2))
doubling = np.log(2) / np.log1p(rates)
print(np.round(doubling, 3))

rate, n = 0.05 / 12, 24
payment = principal * rate / (1 - (1 + rate) ** -n)
print(f"monthly payment {payment:.2f}")
balance = principal
interest_paid = np.zeros(n)
for k in range(n):
    interest_paid[k] = balance * rate
    balance = balance + interest_paid[k] - payment
print(f"final balance {abs(balance):.6f}")
print(f"total interest {interest_paid.sum():.2f}")
print(np.round(interest_paid[:4], 2))

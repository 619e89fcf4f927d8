"""A mortgage amortisation schedule with extra payments, printed as a table."""

import numpy as np

principal = 250_000.0
annual_rate = 0.045
years = 30
n = years * 12
i = annual_rate / 12
payment = principal * i / (1 - (1 + i) ** -n)
print(f"monthly payment {payment:.2f}")

balance = np.zeros(n + 1)
interest = np.zeros(n)
principal_paid = np.zeros(n)
balance[0] = principal
extra = np.where(np.arange(n) % 12 == 11, 2000.0, 0.0)  # a yearly bonus payment
for k in range(n):
    interest[k] = balance[k] * i
    pay = min(payment + extra[k], balance[k] + interest[k])
    principal_paid[k] = pay - interest[k]
    balance[k + 1] = balance[k] - principal_paid[k]
    if balance[k + 1] <= 1e-9:
        months = k + 1
        break
print(f"paid off after {months} months ({months / 12:.1f} years)")
print(f"total interest {interest[:months].sum():,.2f}")
print(f"interest without extra {payment * n - principal:,.2f}")

print(f"{'year':>4} {'interest':>12} {'principal':>12} {'balance':>14}")
yearly_int = np.add.reduceat(interest[:months], np.arange(0, months, 12))
yearly_pri = np.add.reduceat(principal_paid[:months], np.arange(0, months, 12))
end_bal = balance[np.minimum(np.arange(12, months + 12, 12), months)]
for y in range(0, len(yearly_int), 4):
    print(f"{y + 1:4d} {yearly_int[y]:12,.2f} {yearly_pri[y]:12,.2f} {end_bal[y]:14,.2f}")
cross = np.argmax(principal_paid[:months] > interest[:months])
print(f"principal exceeds interest from month {cross + 1}")

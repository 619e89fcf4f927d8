"""Inventory bookkeeping with integer arrays."""

import numpy as np

stock = np.array([120, 35, 0, 480, 15, 60], dtype=np.int64)
price_cents = np.array([199, 2450, 999, 35, 12000, 560], dtype=np.int64)
orders = np.array([[10, 5, 0, 100, 1, 10], [30, 40, 2, 50, 0, 5], [5, 0, 0, 400, 20, 50]])
for day, order in enumerate(orders, start=1):
    shipped = np.minimum(order, stock)
    backlog = order - shipped
    stock -= shipped
    revenue = int((shipped * price_cents).sum())
    dollars = f"${revenue // 100}.{revenue % 100:02d}"
    print(f"day {day}: shipped {shipped.sum():4d} backlog {backlog.sum():3d} revenue {dollars}")
print("stock:", stock)
reorder = np.flatnonzero(stock < 20)
print("reorder items:", reorder)
value = stock @ price_cents
print("inventory value (cents):", value)
print(np.where(stock == 0, -1, stock))

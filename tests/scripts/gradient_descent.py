"""Logistic regression trained by batch gradient descent."""

import numpy as np

rng = np.random.default_rng(31)
n = 200
X = np.column_stack([np.ones(n), rng.normal(size=(n, 2))])
true_w = np.array([-0.5, 2.0, -1.0])
y = (rng.random(n) < 1 / (1 + np.exp(-X @ true_w))).astype(float)
w = np.zeros(3)
lr = 0.5
for epoch in range(300):
    p = 1 / (1 + np.exp(-X @ w))
    grad = X.T @ (p - y) / n
    w -= lr * grad
    if epoch % 100 == 0:
        loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
        print(f"epoch {epoch:3d} loss {loss:.6f}")
print(np.round(w, 5))
pred = (1 / (1 + np.exp(-X @ w))) > 0.5
accuracy = np.mean(pred == y.astype(bool))
print(f"accuracy {accuracy:.3f}")

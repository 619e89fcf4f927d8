"""One-hot encoding, softmax, cross-entropy and a few steps of multinomial regression."""

import numpy as np

labels = np.array([2, 0, 1, 2, 1, 0, 0, 2])
k = labels.max() + 1
onehot = np.eye(k)[labels]
print("one-hot:")
print(onehot.astype(int))
print("back to labels:", onehot.argmax(axis=1))
alt = np.zeros((labels.size, k), dtype=np.uint8)
alt[np.arange(labels.size), labels] = 1
print("fancy-index construction agrees:", np.array_equal(alt, onehot))


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


logits = np.array([[2.0, 1.0, 0.1], [1000.0, 1001.0, 1002.0], [-1.0, -1.0, -1.0]])
p = softmax(logits)
np.set_printoptions(precision=5, suppress=True)
print("softmax:")
print(p)
print("rows sum to one:", np.allclose(p.sum(axis=1), 1))

rng = np.random.default_rng(140)
X = np.hstack(
    [
        rng.normal(size=(90, 2)) + np.repeat(np.array([[0, 0], [3, 0], [0, 3]]), 30, axis=0),
        np.ones((90, 1)),
    ]
)
y = np.repeat(np.arange(3), 30)
Y = np.eye(3)[y]
W = np.zeros((3, 3))
for step in range(301):
    P = softmax(X @ W)
    loss = -np.mean(np.sum(Y * np.log(P + 1e-12), axis=1))
    W -= 0.1 * X.T @ (P - Y) / len(X)
    if step % 100 == 0:
        print(f"step {step}: loss {loss:.5f}, accuracy {np.mean(P.argmax(axis=1) == y):.3f}")
print("weights:")
print(W)
print("log-sum-exp:", np.log(np.exp(logits[0]).sum()), np.logaddexp.reduce(logits[0]))
np.set_printoptions(precision=8, suppress=False)

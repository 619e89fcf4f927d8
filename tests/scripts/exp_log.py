"""Exponentials, logs, softmax and log-sum-exp."""

import numpy as np

x = np.array([-2.0, 0.0, 1.0, 10.0])
print(np.exp(x).round(6), np.expm1(np.array([1e-10])), np.log1p(np.array([1e-10])))
print(
    np.log(np.array([1.0, np.e, 10.0])),
    np.log10(np.array([1.0, 10.0, 1000.0])),
    np.log2(np.array([1, 8, 1024])),
)
logits = np.array([[1.0, 2.0, 3.0], [1000.0, 1001.0, 1002.0]])
shifted = logits - logits.max(axis=1, keepdims=True)
softmax = np.exp(shifted) / np.exp(shifted).sum(axis=1, keepdims=True)
print(np.round(softmax, 8))
lse = logits.max(axis=1) + np.log(np.exp(shifted).sum(axis=1))
print(np.round(lse, 8))
print(np.logaddexp(np.array([0.0, 1000.0]), np.array([0.0, 1000.0])))
print(np.power(2, np.arange(10)), np.float_power(2, -1))
print(np.sqrt(np.array([0.0, 2.0, 9.0])), np.cbrt(np.array([-27.0, 8.0])))
with np.errstate(divide="ignore", invalid="ignore"):
    print(np.log(np.array([0.0, -1.0])))
print(np.exp2(np.array([0.5, 3.0])).round(8))

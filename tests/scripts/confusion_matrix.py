"""Classification metrics from a confusion matrix built with bincount."""

import numpy as np

rng = np.random.default_rng(139)
k = 3
y_true = rng.integers(0, k, size=150)
noise = rng.random(150)
y_pred = np.where(noise < 0.75, y_true, rng.integers(0, k, size=150))
cm = np.bincount(y_true * k + y_pred, minlength=k * k).reshape(k, k)
print("confusion matrix (rows true, cols predicted):")
print(cm)
tp = np.diag(cm)
precision = tp / cm.sum(axis=0)
recall = tp / cm.sum(axis=1)
f1 = 2 * precision * recall / (precision + recall)
np.set_printoptions(precision=4)
print("accuracy:", tp.sum() / cm.sum())
print("precision:", precision)
print("recall:   ", recall)
print("f1:       ", f1)
print("macro f1:", f1.mean(), "weighted f1:", np.average(f1, weights=cm.sum(axis=1)))

# binary metrics for class 0 vs rest, and a threshold sweep on scores
scores = np.clip(0.6 * (y_true == 0) + rng.normal(0.2, 0.25, size=150), 0, 1)
positives = y_true == 0
thresholds = np.linspace(0, 1, 11)
tpr = np.array([np.mean(scores[positives] >= t) for t in thresholds])
fpr = np.array([np.mean(scores[~positives] >= t) for t in thresholds])
print("tpr:", tpr)
print("fpr:", fpr)
order = np.argsort(fpr)
auc = np.trapezoid(tpr[order], fpr[order])
print(f"AUC (coarse) {auc:.4f}")
# rank-based AUC (Mann-Whitney)
ranks = np.empty(150)
ranks[np.argsort(scores)] = np.arange(1, 151)
n1, n0 = positives.sum(), (~positives).sum()
print(f"AUC (ranks) {(ranks[positives].sum() - n1 * (n1 + 1) / 2) / (n1 * n0):.4f}")
print("normalised rows:")
print(cm / cm.sum(axis=1, keepdims=True))
np.set_printoptions(precision=8)

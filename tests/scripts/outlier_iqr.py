"""Flag outliers with the IQR rule and with z-scores, then winsorise."""

import numpy as np

rng = np.random.default_rng(105)
data = rng.normal(50, 5, size=60)
data[[4, 17, 33]] = [95.0, 5.0, 80.0]
q1, q3 = np.percentile(data, [25, 75])
iqr = q3 - q1
lo, hi = q1 - 1.5 * iqr, q3 + 1.5 * iqr
print(f"Q1={q1:.3f} Q3={q3:.3f} IQR={iqr:.3f} fences=({lo:.3f}, {hi:.3f})")
outliers = (data < lo) | (data > hi)
print("outlier positions:", np.nonzero(outliers)[0])
print("outlier values:", np.round(data[outliers], 2))

z = (data - data.mean()) / data.std()
print("|z| > 3 at:", np.where(np.abs(z) > 3)[0])

# robust z-score with the median absolute deviation
med = np.median(data)
mad = np.median(np.abs(data - med))
robust = 0.6745 * (data - med) / mad
print(f"median {med:.3f}, MAD {mad:.3f}")
print("robust outliers:", np.flatnonzero(np.abs(robust) > 3.5))

# winsorise to the 5th/95th percentiles
p5, p95 = np.percentile(data, [5, 95])
wins = np.clip(data, p5, p95)
print(
    f"mean raw {data.mean():.4f}  winsorised {wins.mean():.4f}  "
    f"trimmed {data[~outliers].mean():.4f}"
)
print(f"std raw {data.std(ddof=1):.4f}  winsorised {wins.std(ddof=1):.4f}")

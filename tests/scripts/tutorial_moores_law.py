"""Moore's law: a log-linear fit of transistor counts against year (after the NumPy tutorial)."""

import os
import tempfile

import numpy as np

rng = np.random.default_rng(1965)
years = np.arange(1971, 2020, 2)
true_A, true_B = 0.3434, -666.3
log_counts = true_A * years + true_B + rng.normal(0, 0.35, size=years.size)
transistor_count = np.round(np.exp(log_counts)).astype(np.int64)
print("first counts:", transistor_count[:5])
print("last counts:", transistor_count[-3:])

yi = np.log(transistor_count)
A, B = np.polyfit(years, yi, 1)
print(f"polyfit slope A = {A:.5f}, intercept B = {B:.3f}")
print(f"rate of increase per year: {np.exp(A):.4f}")
print(f"doubling time: {np.log(2) / A:.3f} years")

Z = np.vstack([years, np.ones(years.size)]).T
sol, residuals, rank, sv = np.linalg.lstsq(Z, yi, rcond=None)
print("lstsq solution:", np.round(sol, 5), "rank", rank)
print("residual sum of squares:", np.round(residuals, 4))
print("agrees with polyfit:", np.allclose(sol, [A, B]))

model = np.exp(A * years + B)
ratio = transistor_count / model
print("ratio to model (min, max):", np.round(ratio.min(), 3), np.round(ratio.max(), 3))
r2 = 1 - np.sum((yi - (A * years + B)) ** 2) / np.sum((yi - yi.mean()) ** 2)
print(f"R^2 = {r2:.4f}")

moore_model = 2250 * 2 ** ((years - 1971) / 2)
print(f"Moore's prediction for 2019: {moore_model[-1]:.3e}")
print(f"fitted prediction for 2019: {np.exp(A * 2019 + B):.3e}")

np.set_printoptions(precision=3)
print("log10 counts by decade:")
decade = (years // 10) * 10
for d in np.unique(decade):
    sel = decade == d
    print(f"  {d}s: {np.log10(transistor_count[sel])}")
np.set_printoptions(precision=8)

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "mooreslaw_regression.npz")
    np.savez(
        path,
        notes=np.array(["transistor counts, log-linear fit"]),
        years=years,
        transistor_count=transistor_count,
        regression_csts=np.array([A, B]),
    )
    results = np.load(path)
    print("saved keys:", sorted(results.files))
    print("regression constants:", results["regression_csts"])
    print("notes:", results["notes"][0])
    loaded_years = results["years"]
    results.close()
print("years round trip:", np.array_equal(loaded_years, years), loaded_years.dtype)

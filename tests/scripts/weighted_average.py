"""Weighted means, weighted variance and grade point averages with np.average."""

import numpy as np

grades = np.array([3.7, 3.0, 4.0, 2.3, 3.3])
credits = np.array([4, 3, 3, 2, 4])
gpa = np.average(grades, weights=credits)
print(f"GPA {gpa:.4f}  (unweighted {grades.mean():.4f})")
avg, total_w = np.average(grades, weights=credits, returned=True)
print(f"returned: {avg:.4f} over {total_w} credits")

# a semester matrix: students x courses, same credits
rng = np.random.default_rng(118)
marks = np.round(rng.uniform(1.0, 4.0, size=(6, 5)), 1)
print("marks:")
print(marks)
print("student GPAs:", np.round(np.average(marks, axis=1, weights=credits), 4))
print("course means:", np.round(np.average(marks, axis=0), 4))

# weighted variance and std
w = credits / credits.sum()
wmean = np.sum(w * grades)
wvar = np.sum(w * (grades - wmean) ** 2)
print(f"weighted var {wvar:.6f}, std {np.sqrt(wvar):.6f}")

# frequency weights give the same mean as repeating values
repeated = np.repeat(grades, credits)
print("repeat mean agrees:", np.isclose(repeated.mean(), gpa))
print(f"repeat var {repeated.var():.6f}")

# portfolio returns weighted by position size
positions = np.array([15000.0, 5000.0, 30000.0])
returns = np.array([[0.01, -0.02, 0.005], [0.015, 0.01, -0.004], [-0.007, 0.03, 0.012]])
port = np.average(returns, axis=1, weights=positions)
print("portfolio daily returns:", np.round(port, 6))
print(f"cumulative return {np.prod(1 + port) - 1:.6f}")

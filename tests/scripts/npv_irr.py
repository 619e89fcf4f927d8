"""Net present value and internal rate of return by hand (bisection and Newton)."""

import numpy as np

flows = np.array([-10000.0, 2500.0, 3000.0, 3500.0, 4000.0, 1500.0])
t = np.arange(flows.size)


def npv(rate, cf=flows):
    return np.sum(cf / (1 + rate) ** t[: cf.size])


for r in (0.0, 0.05, 0.10, 0.15, 0.20):
    print(f"NPV at {r:4.0%}: {npv(r):10.2f}")

# IRR by bisection
lo, hi = 0.0, 1.0
for _ in range(100):
    mid = (lo + hi) / 2
    if npv(mid) > 0:
        lo = mid
    else:
        hi = mid
print(f"IRR (bisection) {mid:.8f}")

# IRR by Newton with the analytic derivative
r = 0.1
for i in range(50):
    f = npv(r)
    df = np.sum(-t * flows / (1 + r) ** (t + 1))
    step = f / df
    r -= step
    if abs(step) < 1e-12:
        break
print(f"IRR (Newton) {r:.8f} after {i + 1} steps")

# IRR as a polynomial root in x = 1 / (1 + r)
roots = np.roots(flows[::-1])
real = roots[np.isclose(roots.imag, 0) & (roots.real > 0)].real
print("IRR from roots:", np.round(1 / real - 1, 8))

# NPV profile and payback period
rates = np.linspace(0, 0.4, 9)
profile = np.array([npv(x) for x in rates])
print("profile:", np.round(profile, 1))
cum = np.cumsum(flows)
k = np.argmax(cum >= 0)
print(f"payback after {k - 1 + -cum[k - 1] / flows[k]:.3f} years")
disc = flows / 1.08**t
print(f"discounted payback year: {np.argmax(np.cumsum(disc) >= 0)}")

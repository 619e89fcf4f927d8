"""1-D constant-velocity Kalman filter tracking a noisy position sensor."""

import numpy as np

rng = np.random.default_rng(2024)
dt, n = 0.1, 100
F = np.array([[1.0, dt], [0.0, 1.0]])
H = np.array([[1.0, 0.0]])
q, r = 0.05, 0.5**2
Q = q * np.array([[dt**3 / 3, dt**2 / 2], [dt**2 / 2, dt]])
R = np.array([[r]])

# simulate the truth and the measurements
truth = np.zeros((n, 2))
truth[0] = [0.0, 1.0]
for k in range(1, n):
    truth[k] = F @ truth[k - 1] + rng.multivariate_normal([0.0, 0.0], Q)
z = truth[:, 0] + rng.normal(0.0, np.sqrt(r), size=n)

x = np.array([z[0], 0.0])
P = np.diag([r, 1.0])
est = np.empty((n, 2))
gains = np.empty(n)
for k in range(n):
    if k > 0:
        x = F @ x
        P = F @ P @ F.T + Q
    y = z[k] - H @ x
    S = H @ P @ H.T + R
    K = P @ H.T @ np.linalg.inv(S)
    x = x + (K @ y).ravel()
    P = (np.eye(2) - K @ H) @ P
    est[k] = x
    gains[k] = K[0, 0]

rmse_meas = np.sqrt(np.mean((z - truth[:, 0]) ** 2))
rmse_kf = np.sqrt(np.mean((est[:, 0] - truth[:, 0]) ** 2))
print(f"measurement RMSE {rmse_meas:.4f}")
print(f"filtered RMSE    {rmse_kf:.4f}")
print(f"improvement      {100 * (1 - rmse_kf / rmse_meas):.1f}%")
print("final estimate:", np.round(est[-1], 4), "truth:", np.round(truth[-1], 4))
print("final covariance:\n", np.round(P, 5))
print(f"gain settles to {gains[-1]:.4f}", "from", round(float(gains[0]), 4))
print("gains every 20 steps:", np.round(gains[::20], 4))
print(
    "P symmetric:",
    np.allclose(P, P.T),
    "positive definite:",
    bool(np.all(np.linalg.eigvalsh(P) > 0)),
)

innov = z[1:] - est[:-1] @ (F.T @ H.T).ravel()
print(f"innovation mean {innov.mean():+.4f}, std {innov.std(ddof=1):.4f}")
inside = np.abs(est[:, 1] - truth[:, 1]) < 2 * np.sqrt(P[1, 1])
print("velocity within 2 sigma (last P):", inside.sum(), "of", n)

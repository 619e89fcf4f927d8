"""Rotation matrices in 2-D and 3-D: composition, inverses, axis-angle and Euler angles."""

import numpy as np


def rot2(theta):
    c, s = np.cos(theta), np.sin(theta)
    return np.array([[c, -s], [s, c]])


def rot_axis(axis, theta):
    k = np.asarray(axis, dtype=float)
    k = k / np.linalg.norm(k)
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(theta) * K + (1 - np.cos(theta)) * (K @ K)


square = np.array([[1.0, 1.0], [-1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])
np.set_printoptions(precision=4, suppress=True)
print("square rotated 30 degrees:")
print(square @ rot2(np.radians(30)).T)
print("R(a) R(b) = R(a+b):", np.allclose(rot2(0.3) @ rot2(0.5), rot2(0.8)))

Rz = rot_axis([0, 0, 1], np.pi / 2)
Rx = rot_axis([1, 0, 0], np.pi / 2)
print("Rz:")
print(Rz)
print("orthogonal:", np.allclose(Rz.T @ Rz, np.eye(3)), "det:", round(float(np.linalg.det(Rz)), 12))
R = Rz @ Rx
v = np.array([1.0, 2.0, 3.0])
print("R v:", R @ v, "length kept:", np.isclose(np.linalg.norm(R @ v), np.linalg.norm(v)))
print("order matters:", not np.allclose(Rz @ Rx, Rx @ Rz))

# recover the axis and angle from a rotation matrix
Rg = rot_axis([1, 1, 0], 0.7)
angle = np.arccos((np.trace(Rg) - 1) / 2)
axis = np.array([Rg[2, 1] - Rg[1, 2], Rg[0, 2] - Rg[2, 0], Rg[1, 0] - Rg[0, 1]]) / (
    2 * np.sin(angle)
)
print(f"angle {angle:.6f}, axis {axis}")
# ZYX Euler angles
yaw = np.arctan2(Rg[1, 0], Rg[0, 0])
pitch = -np.arcsin(Rg[2, 0])
roll = np.arctan2(Rg[2, 1], Rg[2, 2])
print("euler (deg):", np.degrees([yaw, pitch, roll]))
points = np.random.default_rng(129).normal(size=(5, 3))
print("batch rotate:", np.allclose(np.einsum("ij,nj->ni", Rg, points), points @ Rg.T))
np.set_printoptions(precision=8, suppress=False)

"""Static equilibrium of rigid bodies with vectors (after the NumPy tutorial)."""

import numpy as np

np.set_printoptions(precision=4, suppress=True)
forceA = np.array([1, 0, 0])
forceB = np.array([0, 1, 0])
print("Force A =", forceA, "Force B =", forceB)
forceC = forceA + forceB
print("Force C =", forceC)
print("Magnitude of Force C =", np.linalg.norm(forceC))

forceA = np.array([0, 0, -1])
print("Force:", forceA)
rA = np.array([0, 0, 1])
momentA = np.cross(rA, forceA)
print("Moment about origin (collinear):", momentA)
forceB = np.array([0, 1, 0])
rB = np.array([0, 0, 1])
momentB = np.cross(rB, forceB)
print("Moment of B:", momentB, "magnitude", np.linalg.norm(momentB))

# a pole fixed at the origin, pulled by two cables (tutorial's example 1)
poleBase = np.array([0, 0, 0])
cableATop = np.array([0, 0, 10])
cableABase = np.array([5, 5, 0])
cableA = cableABase - cableATop
unitA = cableA / np.linalg.norm(cableA)
print("Unit vector along cable A:", unitA)
cableBBase = np.array([-3, -3, 0])
cableBTop = np.array([0, 0, 8])
cableB = cableBBase - cableBTop
unitB = cableB / np.linalg.norm(cableB)
Bmagnitude = 40
forceB = Bmagnitude * unitB
print("Force B =", forceB)
# moments about the base must cancel: solve for the magnitude of cable A
momentB = np.cross(cableBTop - poleBase, forceB)
lever = np.cross(cableATop - poleBase, unitA)
magA = -np.dot(momentB, lever) / np.dot(lever, lever)
forceA = magA * unitA
print(f"magnitude of cable A {magA:.4f}")
print("residual moment:", np.cross(cableATop, forceA) + momentB)
reaction = -(forceA + forceB)
print("reaction at the base:", reaction, "norm", round(float(np.linalg.norm(reaction)), 4))

# a beam with a hinge at x=0 and a cable at x=4: unknowns Rx, Ry, T
angle = np.deg2rad(30)
loads = np.array([[0.0, -100.0, 0.0], [0.0, -50.0, 0.0]])
positions = np.array([[2.0, 0.0, 0.0], [6.0, 0.0, 0.0]])
cable_dir = np.array([-np.cos(angle), np.sin(angle), 0.0])
cable_at = np.array([4.0, 0.0, 0.0])
M = np.array(
    [
        [1.0, 0.0, cable_dir[0]],
        [0.0, 1.0, cable_dir[1]],
        [0.0, 0.0, np.cross(cable_at, cable_dir)[2]],
    ]
)
rhs = -np.array([loads[:, 0].sum(), loads[:, 1].sum(), np.cross(positions, loads)[:, 2].sum()])
Rx, Ry, T = np.linalg.solve(M, rhs)
print(f"Rx = {Rx:.3f} N, Ry = {Ry:.3f} N, T = {T:.3f} N")
forces = np.vstack([loads, [Rx, Ry, 0.0], T * cable_dir])
points = np.vstack([positions, np.zeros(3), cable_at])
print("sum of forces:", forces.sum(axis=0))
print("sum of moments:", np.cross(points, forces).sum(axis=0))
print("force magnitudes:", np.linalg.norm(forces, axis=1))
print("angles to x-axis (deg):", np.degrees(np.arctan2(forces[:, 1], forces[:, 0])))
np.set_printoptions(precision=8, suppress=False)

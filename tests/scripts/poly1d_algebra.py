"""Polynomial algebra with np.poly1d: arithmetic, calculus, roots and printing."""

import numpy as np


def main():
    p = np.poly1d([1, -3, 2])  # x^2 - 3x + 2
    q = np.poly1d([2, 1])
    print("p:")
    print(p)
    print("q:", q)
    print("p coefficients:", p.coeffs, "order:", p.order)
    print("p(0..4):", p(np.arange(5)))
    print("roots of p:", np.sort(p.roots))
    s = p + q
    print("p + q:", s.coeffs)
    print("p * q:", (p * q).coeffs)
    print("p ** 2:", (p**2).coeffs)
    quot, rem = p / q
    print("p / q quotient:", quot.coeffs, "remainder:", rem.coeffs)
    print("derivative:", p.deriv().coeffs, "second:", p.deriv(2).coeffs)
    print("integral:", p.integ().coeffs)
    print("integral with constant 5:", p.integ(k=5).coeffs)

    # build a polynomial from its roots
    r = np.poly1d([1, -2, 3], r=True)
    print("from roots 1, -2, 3:", r.coeffs)
    print("np.poly of the same roots:", np.poly([1, -2, 3]))
    print("polyval agrees:", np.allclose(np.polyval(r.coeffs, np.arange(4)), r(np.arange(4))))
    # definite integral of p from 0 to 3
    P = p.integ()
    print(f"integral 0..3 = {P(3) - P(0):.6f}")
    print("polyder/polyint:", np.polyder([1, 0, -1, 5]), np.polyint([3, 2, 1]))
    print(
        "polyadd, polysub, polymul:",
        np.polyadd([1, 2], [1, 0, 0]),
        np.polysub([1, 2], [3]),
        np.polymul([1, 1], [1, -1]),
    )
    print("polydiv:", np.polydiv([1, 0, -1], [1, 1]))
    c = np.poly1d([1.5, 0, -2.25])
    print("variable name:")
    print(np.poly1d([1, 2, 3], variable="t"))
    print("repr:", repr(c))


if __name__ == "__main__":
    main()

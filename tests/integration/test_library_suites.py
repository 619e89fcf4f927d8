"""A fast subset of SciPy's own array-API tests, with xtensor beside array-api-strict (2025.12).

`run_library_suites.py` runs the whole of SciPy's and scikit-learn's suites (minutes); CI runs
these SciPy test modules only: xtensor may fail no test that array-api-strict passes, and may
skip no more tests than it does.
"""

from __future__ import annotations

from tests.integration import run_library_suites as suites

# About 20 s of CPU time: special functions (1,600 cases), fft, k-means, differentiate.
MODULES = [
    "special.tests.test_logsumexp",
    "special.tests.test_support_alternative_backends",
    "fft.tests.test_basic",
    "cluster.tests.test_vq",
    "differentiate",
]


def test_scipy_array_api_subset(tmp_path):
    counts, outcomes, _, tail = suites.run_scipy(tmp_path, MODULES)
    totals = suites.totals(counts)
    xt, strict = totals["xtensor"], totals["array_api_strict"]
    assert xt["passed"] > 500, f"too few tests ran ({tail})"
    assert suites.only_xtensor_fails(outcomes) == []
    assert xt["skipped"] <= strict["skipped"]

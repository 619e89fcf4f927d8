"""Test configuration: hypothesis profiles and the shared NumPy-oracle helpers.

Profiles: `ci` (default; derandomized, no deadline, few examples so the suite stays fast on
2 cores) and `dev` (more examples). Pick with XTENSOR_HYPOTHESIS_PROFILE=dev.
"""

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=40,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev", deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("XTENSOR_HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def _quiet_numpy():
    # NumPy's "divide by zero encountered" warnings are part of both libraries' behaviour and
    # carry no signal in comparisons.
    with np.errstate(all="ignore"):
        yield

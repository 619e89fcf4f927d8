"""Test configuration: hypothesis profiles and the shared NumPy-oracle helpers.

Profiles: `ci` (default; derandomized, no deadline, few examples so the suite stays fast on
2 cores) and `dev` (more examples). Pick with XTENSOR_HYPOTHESIS_PROFILE=dev.

Device: XTENSOR_TEST_DEVICE (default "cpu") is what the `device` fixture returns, so tests
written against it create their arrays there; "cuda" or "cuda:N" also makes the session stop
at once when no GPU is usable, instead of skipping every GPU test and passing
(benchmarks/gpu_run.py sets it on the GPU machine). Unset, nothing changes.
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


TEST_DEVICE = os.environ.get("XTENSOR_TEST_DEVICE", "cpu")


def pytest_configure(config):
    if TEST_DEVICE.startswith("cuda"):
        from xtensor._core.devices import cuda_devices

        if not cuda_devices():
            pytest.exit(
                f"XTENSOR_TEST_DEVICE={TEST_DEVICE} but no CUDA GPU is usable here (CuPy is "
                "missing or sees no GPU); unset it to test on the CPU",
                returncode=4,
            )


def pytest_report_header(config):
    return f"xtensor test device: {TEST_DEVICE}"


@pytest.fixture
def device():
    """The device tests create arrays on: XTENSOR_TEST_DEVICE, "cpu" by default."""
    return TEST_DEVICE


@pytest.fixture(autouse=True)
def _quiet_numpy():
    # NumPy's "divide by zero encountered" warnings are part of both libraries' behaviour and
    # carry no signal in comparisons.
    with np.errstate(all="ignore"):
        yield


@pytest.fixture
def threads():
    """`threads(n)`: the rest of the test runs on n threads (`set_num_threads`); the count
    before it is set back after it."""
    import xtensor as xt

    before = xt.get_num_threads()
    yield xt.set_num_threads
    xt.set_num_threads(before)


@pytest.fixture
def splits(monkeypatch):
    """A list that counts the calls `parallel_for` split into chunks."""
    from xtensor._iter import parallel

    calls, run_chunks = [], parallel._run_chunks

    def counting(*args):
        calls.append(args)
        return run_chunks(*args)

    monkeypatch.setattr(parallel, "_run_chunks", counting)
    return calls

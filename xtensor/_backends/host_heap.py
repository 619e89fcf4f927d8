"""glibc malloc's settings for host arrays of medium size; see Note [Heap trimming].

Note [Heap trimming]
~~~~~~~~~~~~~~~~~~~~
glibc serves a block of under 128 KiB from its heap and maps a larger one afresh, unless an
earlier mapped block of that size has been freed: then it raises its mmap threshold to the
freed size (up to 32 MiB) and its trim threshold to twice that. From there on, freeing
blocks at the top of the heap returns their pages to the system once more than the trim
threshold is free there, and the next allocation faults every page in again.

An xtensor call frees a few medium-sized temporaries at once, which is exactly that
pattern: the stable `argsort` of 10**5 float64 (its result and one gather, 800 KB each)
faulted 357 pages a call and ran 1.68 ms where NumPy's argsort alone runs 1.0 ms. With the
thresholds set up front, it faults about one page a call and runs 1.10 ms.

So on glibc, importing the CPU backend sets the two thresholds to the values glibc's own
rule reaches after its largest step: blocks under `MMAP_BYTES` (32 MiB) come from the heap
(larger ones go through the output buffer cache, Note [Output buffer cache] in cpu.py), and
up to `XTENSOR_HEAP_KEEP_MB` megabytes (default 64) of free heap top stay mapped.
`xtensor.empty_cache()` hands every free heap page back now (`malloc_trim`), and
`XTENSOR_HEAP_KEEP_MB=0` leaves glibc's defaults untouched. Other C libraries are left alone.
The settings are process-wide, so NumPy calls in the same process gain from them too.
"""

from __future__ import annotations

import ctypes
import functools
import os

MMAP_BYTES = 32 << 20  # glibc's largest mmap threshold (DEFAULT_MMAP_THRESHOLD_MAX)
_M_TRIM_THRESHOLD = -1  # mallopt's parameter numbers, from glibc's malloc.h
_M_MMAP_THRESHOLD = -3


@functools.cache  # once: `empty_cache()` asks on every call
def _glibc():
    """The process's C library when it is glibc, else None."""
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION"):
            return None
        return ctypes.CDLL(None)
    except (ValueError, OSError, AttributeError):
        return None


def megabytes(name: str, default: int) -> int:
    """Bytes of the host memory setting `name`, an environment variable in megabytes."""
    raw = os.environ.get(name, str(default))
    try:
        return max(0, int(raw)) << 20
    except ValueError:
        raise ValueError(f"{name} must be a whole number of megabytes; got {raw!r}") from None


def keep_bytes() -> int:
    """Bytes of free heap top that glibc keeps mapped (`XTENSOR_HEAP_KEEP_MB`)."""
    return megabytes("XTENSOR_HEAP_KEEP_MB", 64)


def tune() -> bool:
    """Set glibc's thresholds (see the Note); whether they were set."""
    keep = keep_bytes()
    libc = _glibc()
    if keep == 0 or libc is None:
        return False
    return bool(
        libc.mallopt(_M_MMAP_THRESHOLD, MMAP_BYTES) and libc.mallopt(_M_TRIM_THRESHOLD, keep)
    )


def release() -> None:
    """Hand every free page of glibc's heaps back to the system now."""
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)

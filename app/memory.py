"""The C allocator told to keep the odds engine's big numbers in the heap (issue 17).

The exact odds (``sheets.odds``) work on Python integers of up to a few megabytes, made
and freed by the hundred for one set-up. glibc hands every block above 128 KB to the
kernel (``mmap``) and gives freed heap back early (``trim``), so each new big number
faulted in fresh zeroed pages: 102,000 page faults over ``bench/odds_scan.py``, 0.4 s of
system time. Kept in the heap (blocks up to 32 MB, 64 MB of free heap held for reuse)
the scan faults 17,500 times and its slowest set-ups run 10-20% sooner; the peak memory
stays the same (75 MB). Linux with glibc only: elsewhere another allocator, left alone.
"""

from __future__ import annotations

import sys
from typing import Final

MMAP_THRESHOLD: Final = 32 * 1024 * 1024
"""Blocks at least this big still go to ``mmap`` (bigger than any the odds make)."""
TRIM_THRESHOLD: Final = 64 * 1024 * 1024
"""Free heap kept for reuse before any is given back to the system."""

_M_TRIM_THRESHOLD: Final = -1  # glibc's malloc.h
_M_MMAP_THRESHOLD: Final = -3


def keep_big_blocks() -> bool:
    """Tell glibc's malloc to keep big blocks in the heap; False where it cannot (not
    Linux, not glibc). Costs the import of ctypes (~6 ms): call it after the first
    screen, before anyone sets up a big roll."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # no C library to ask, or no mallopt in it
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )


__all__ = ["MMAP_THRESHOLD", "TRIM_THRESHOLD", "keep_big_blocks"]

"""The odds' big numbers stay in the heap once the app tunes glibc's malloc
(``app.memory``): a block of megabytes no longer goes to ``mmap`` of its own."""

from __future__ import annotations

import sys

import pytest

from tests.app_helpers import run_script

# mallinfo2's hblks counts the blocks malloc gave their own mmap: one a big number alive
# before the tuning, none after (for one bigger still, which glibc's own sliding
# threshold would not keep in the heap either).
MAPPED = """
import ctypes
from app.memory import keep_big_blocks

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd",
        "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
libc.mallinfo2.restype = MallInfo2

def mapped_with(megabytes):
    before = libc.mallinfo2().hblks
    number = 1 << (8 * megabytes * 1024 * 1024)
    during = libc.mallinfo2().hblks
    del number
    return during - before

untuned = mapped_with(4)
told = keep_big_blocks()
print(untuned, mapped_with(8), told)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc only")
def test_a_big_number_stays_in_the_heap_once_tuned() -> None:
    untuned, tuned, told = run_script(MAPPED).stdout.split()
    assert told == "True"
    assert int(untuned) == 1  # glibc's default: a block over 128 KB is mapped alone
    assert int(tuned) == 0

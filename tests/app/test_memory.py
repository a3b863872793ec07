"""The odds' big numbers stay in the heap once the app tunes glibc's malloc
(``app.memory``): computed again, a big roll's odds fault in few fresh pages."""

from __future__ import annotations

import sys

import pytest

from tests.app_helpers import run_script

# One big roll's odds computed afresh (its cache cleared), after a first time: the page
# faults before and after the tuning.
FAULTS = """
import resource
from app.memory import keep_big_blocks
from sheets.dice import RollSpec
from sheets.odds import _cached, distribution

SPEC = RollSpec(code="12D", wild_dice=3, penalty=1, disadvantage=1)

def faults():
    _cached.cache_clear()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    distribution(SPEC)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

faults()
untuned = faults()
told = keep_big_blocks()
faults()
print(untuned, faults(), told)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc only")
def test_a_big_rolls_odds_computed_again_fault_in_few_pages() -> None:
    untuned, tuned, told = run_script(FAULTS).stdout.split()
    assert told == "True"
    assert int(untuned) > 1000  # blocks mapped afresh and given back, again and again
    assert int(tuned) < int(untuned) // 4

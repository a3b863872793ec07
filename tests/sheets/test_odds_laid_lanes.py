"""``die_by_die._laid`` with several parts side by side, each in its own byte lane of the
final coefficients, and ``_lanes`` reading them back: every part exactly as laid alone,
on ints and on GMP."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheets.dice import RollSpec
from sheets.odds.big import big, from_buffer
from sheets.odds.die_by_die import _laid, _lanes
from sheets.odds.model import DiceModel
from sheets.odds.narrow import Narrow
from sheets.odds.packing import Packer, width_for
from tests.dice_helpers import number_kind  # noqa: F401  (a fixture: ints and GMP)

# Set-ups of the odds scan whose plain parts share layings on GMP: three Wild Dice
# (three lanes of three parts), and two with lam 0 in the final packing (a slope).
_SPECS = [
    RollSpec(
        code="14D",
        wild_dice=3,
        luck=True,
        advantage=1,
        boost=2,
        flips=frozenset({2, 5}),
        critical_failure="complication",
    ),
    RollSpec(
        code="19D+1",
        wild_dice=2,
        luck=True,
        advantage=1,
        boost=1,
        flips=frozenset({6}),
        critical_failure="complication",
    ),
]


def _packings(spec: RollSpec, lam: int) -> tuple[DiceModel, Narrow, Packer, int]:
    """The model, its narrow packing, the final packing and offset, as the engine
    makes them (``sheets.odds._cached``)."""
    model = DiceModel(spec, lam)
    low, span = model.b_range()
    denominator = model.sides ** (model.regular + model.extras + model.depth * model.wild)
    return model, Narrow.best(model), Packer(width_for(denominator), span), -low


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(_SPECS), st.sampled_from([0, 1]), st.data())
def test_parts_laid_side_by_side_read_back_as_each_laid_alone(
    spec: RollSpec, lam: int, data: st.DataObject
) -> None:
    model, narrow, final, offset = _packings(spec, lam)
    source = narrow.packer
    lanes = final.nbytes // source.nbytes
    count = data.draw(st.integers(1, min(3, lanes)))
    coefficient = st.integers(0, (1 << source.width) - 1)
    bands = narrow.bands or dict.fromkeys(range(model.rows), (0, source.span - 1))
    parts: list[tuple[int, list[int]]] = []
    for _ in range(count):
        start = data.draw(st.integers(0, model.rows - 1))
        # Counts only where a state can be: row a's band of b (``bands``), from the
        # part's first row on; the rows overlap, each reads its own band only.
        rows = [a for a in range(start, model.rows) if a in bands]
        if not rows:
            continue
        residues = []
        for _ in range(narrow.step):
            packed = big(0)
            for _ in range(data.draw(st.integers(0, 20))):
                a = data.draw(st.sampled_from(rows))
                place = (a - start) * source.stride + data.draw(st.integers(*bands[a]))
                packed |= big(data.draw(coefficient)) << (source.width * place)
            residues.append(packed)
        parts.append((start, residues))
    assume(parts)
    exploded = list(range(len(parts), 0, -1))
    together = _laid(parts, narrow, model, final, offset)
    found = _lanes(together, 0, exploded, model, source, final)
    for part, label in zip(parts, exploded, strict=True):
        alone = _laid([part], narrow, model, final, offset)
        assert found[label] == from_buffer(alone)

"""The chance of each rank under the dice panel's histogram (``ui.dice.rank_chances``)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from ui.dice.rank_chances import RankChances


def test_each_rank_shows_its_chance_and_reads_aloud(qtbot: QtBot) -> None:
    ranks = RankChances()
    qtbot.addWidget(ranks)
    ranks.set_cells((("no rank", "5.0%"), ("rank 1", "95.0%")))
    assert ranks.cells() == (("no rank", "5.0%"), ("rank 1", "95.0%"))
    assert ranks.accessibleDescription() == "no rank 5.0%; rank 1 95.0%"
    size = ranks.sizeHint()
    assert size.width() > ranks.fontMetrics().horizontalAdvance("no rank rank 1")
    assert size.height() >= 2 * ranks.fontMetrics().height()
    ranks.set_cells(())  # an effect roll: no ranks (R4)
    assert ranks.sizeHint().height() == 0


def test_new_chances_of_the_same_width_leave_the_layouts_alone(qtbot: QtBot) -> None:
    """A new roll's chances re-laid out the dice panel's whole scroll area when they were
    a rich-text table; now only a change of size tells the layouts around."""
    ranks = RankChances()
    qtbot.addWidget(ranks)
    ranks.set_cells((("no rank", "5.0%"), ("rank 1", "95.0%")))
    told: list[bool] = []
    ranks.updateGeometry = lambda: told.append(True)  # type: ignore[method-assign]
    ranks.set_cells((("no rank", "7.0%"), ("rank 1", "93.0%")))  # digits of one width
    assert told == []
    ranks.set_cells((("no rank", "7.0%"), ("rank 1", "90.0%"), ("rank 2", "3.0%")))
    assert told == [True]

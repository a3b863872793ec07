"""Work after the frame (``ui.tracker.after_repaints``): run once, and never the reason
a window outlives its last Python reference."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from tests.encounter_helpers import small_engine
from ui.tracker.after_repaints import AfterRepaints
from ui.tracker.player_view import PlayerView


class _Owner(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.runs = 0
        self.after = AfterRepaints(self.job, self)

    def job(self) -> None:
        self.runs += 1


def test_a_scheduled_job_runs_once_after_the_repaints(qtbot: QtBot) -> None:
    owner = _Owner()
    owner.after.schedule()
    owner.after.schedule()  # again before it ran: still once
    qtbot.waitUntil(lambda: owner.runs == 1)
    qtbot.wait(10)
    assert owner.runs == 1


def test_an_owner_with_a_scheduled_job_goes_when_let_go(qtbot: QtBot) -> None:
    """The job, a method of the owner, held strongly made a cycle only the cycle
    collector freed, at any moment: once inside the player view's own table paint."""
    owner = _Owner()
    owner.after.schedule()
    gone = weakref.ref(owner)
    del owner
    assert gone() is None
    qtbot.wait(10)  # its posted event died with it: nothing to run


def test_a_player_view_let_go_goes_at_once(qtbot: QtBot) -> None:
    view = PlayerView(small_engine(3, 2, 1))
    view.show()
    qtbot.waitExposed(view)
    gone = weakref.ref(view)
    del view
    assert gone() is None

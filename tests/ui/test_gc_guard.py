"""The cycle collector stays on the GUI thread while worker threads run Python (a test
run crashed with "Garbage-collecting" inside the odds computation: a dead widget's
wrapper finalized off the GUI thread)."""

from __future__ import annotations

import gc

from pytestqt.qtbot import QtBot

from sheets.dice import RollSpec
from ui.dice.odds_worker import OddsWorker
from ui.services import gc_guard


def test_nested_workers_keep_collection_off_until_the_last_one_ends() -> None:
    assert gc.isenabled() and gc_guard.workers_running() == 0
    gc_guard.worker_started()
    gc_guard.worker_started()
    assert not gc.isenabled()
    gc_guard.worker_finished()
    assert not gc.isenabled()
    gc_guard.worker_finished()
    assert gc.isenabled() and gc_guard.workers_running() == 0
    gc_guard.worker_finished()  # one too many: harmless
    assert gc.isenabled()


def test_the_odds_worker_turns_collection_off_while_it_computes(qtbot: QtBot) -> None:
    worker = OddsWorker(debounce_ms=0)
    seen: list[bool] = []
    worker.ready.connect(lambda _result: seen.append(gc.isenabled()))
    with qtbot.waitSignal(worker.ready, timeout=5000):
        worker.request(RollSpec(code="9D+1"))  # no typing to wait out: it starts at once
        assert not gc.isenabled() and gc_guard.workers_running() == 1
    assert gc.isenabled() and gc_guard.workers_running() == 0


def test_a_worker_deleted_mid_computation_gives_collection_back(qtbot: QtBot) -> None:
    worker = OddsWorker(debounce_ms=0, budget_s=5)
    worker.request(RollSpec(code="30D", wild_dice=3, penalty=2, disadvantage=1))
    qtbot.waitUntil(lambda: gc_guard.workers_running() > 0, timeout=5000)
    worker.deleteLater()
    qtbot.waitUntil(lambda: gc_guard.workers_running() == 0, timeout=5000)
    assert gc.isenabled()

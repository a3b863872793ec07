"""Benchmark the tracker window: 500 combatants with several conditions each.

Next turn is timed twice. As the worst case: the window's controller (engine ``NextTurn``
+ the undo stack + the model's ``dataChanged`` for the changed rows) and a forced repaint
of the initiative table's whole viewport. As the app runs: from an idle event loop (the
GM presses keys seconds apart), the command and its frame as Qt paints it (the dirty
rows, whatever else is pending) up to where the act panel's re-sync begins; the act
panel, the log and the player view update right after the frame
(``ui.tracker.after_repaints``), and the panel's re-sync with its own repaint is timed
apart, and both together. The player view's update is timed apart, twice: with a forced
repaint of its whole table (the worst case), and as Qt paints it (its pending repaints
only: the rows its ``dataChanged`` marked, the heading). Both tables follow the turn
(``ui.tracker.follow_turn``): when the actor's row leaves sight the GM's table turns a
page and the projector's creeps a row, and a new round turns both back to the first row.
The window fills a 1366x768 laptop screen, and before each measured round change the
event loop is let go idle (``idle``), as it is when the GM presses the key.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_tracker.py
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from bench.bench_encounter import build
from sheets.encounter import NextTurn
from ui.tracker.after_repaints import AFTER_REPAINTS_EVENT, AfterRepaints

FRAME_MS = 16.0
LAPTOP = (1366, 768)
"""The screen the GM's laptop has (the brief's 1366x768): the window fills it."""


def laptop_screen() -> None:
    """Qt's offscreen screen is 800x600 unless told: it shrank the window and its table
    to two columns, so every frame was timed painting a sixth of the cells a GM sees."""
    if os.environ.get("QT_QPA_PLATFORM", "offscreen") != "offscreen":
        return  # a real display (xcb under Xvfb): its own screen
    screen = Path(tempfile.gettempdir()) / "wilddie-bench-screen.json"
    screen.write_text(
        json.dumps({"screens": [{"name": "laptop", "width": LAPTOP[0], "height": LAPTOP[1]}]})
    )
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"


TURNS = 1200


def settle(app: QCoreApplication) -> None:
    """Let the event loop go idle: a single ``processEvents`` leaves what the events it
    handled posted in turn (the act panel's re-sync lays out and repaints the panel) for
    the next call, which a measured frame would then pay for."""
    for _ in range(5):
        app.processEvents()


def idle(app: QCoreApplication) -> None:
    """``settle``, and then as idle as the loop is when the GM presses a key, seconds
    after the last: a new layout of the main window starts a zero-length geometry
    animation per dock (Qt's QWidgetAnimator), which ends at the next tick of Qt's
    animation timer (16 ms); untimed, it ends here rather than in the next measured
    frame."""
    settle(app)
    time.sleep(ANIMATION_TICK_S)
    settle(app)


ANIMATION_TICK_S = 0.02
"""A little more than one tick of Qt's animation timer."""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Stamper(QObject):
    """When the table's repaint, the frame's end and the act panel's re-sync arrive (the
    first of each). The frame ends where the first job posted below Qt's repaint
    requests begins (``ui.tracker.after_repaints``: the log's new lines, the R6
    scene-over check, the act panel's re-sync, in the order they were scheduled)."""

    def __init__(
        self,
        viewport: QWidget,
        panel: QObject,
        stamps: dict[str, float],
        after_frame: list[QObject] | None = None,
    ) -> None:
        super().__init__()
        self.viewport, self.panel, self.stamps = viewport, panel, stamps
        self.watched = [viewport, panel, *(after_frame or [])]
        for target in self.watched:
            target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.viewport and kind == QEvent.Type.Paint:
            self.stamps.setdefault("paint", time.perf_counter())
        elif kind == AFTER_REPAINTS_EVENT:
            now = time.perf_counter()
            self.stamps.setdefault("frame", now)
            if watched is self.panel:
                self.stamps.setdefault("sync", now)
        return False

    def remove(self) -> None:
        for target in self.watched:
            target.removeEventFilter(self)


def main() -> int:
    laptop_screen()
    app = QApplication.instance() or QApplication(["bench-tracker"])
    from ui.tracker.window import TrackerWindow

    engine = build()
    window = TrackerWindow(engine)
    resets = [0]  # counted here: the model keeps no counters for benchmarks or tests
    window.model.modelReset.connect(lambda: resets.__setitem__(0, resets[0] + 1))
    window.resize(*LAPTOP)
    window.show()
    for _ in range(10):
        app.processEvents()
    shown = window.table.viewport().size()
    print(f"window {window.width()}x{window.height()}, table {shown.width()}x{shown.height()}")
    gc.collect()
    gc.freeze()  # what the app does after loading (see ui.tracker.window.engine_for)
    window.session.freeze_each_round = True  # and at each round change, as open_tracker sets it
    viewport = window.table.viewport()
    turn_ms: list[float] = []
    round_change_ms: list[float] = []
    engine_ms: list[float] = []
    for _ in range(TURNS):
        start_round = engine.round
        t0 = time.perf_counter()
        window.controller.run(NextTurn())
        t1 = time.perf_counter()
        viewport.repaint()
        t2 = time.perf_counter()
        if engine.round == start_round:  # round changes are timed below, as Qt paints them
            turn_ms.append((t2 - t0) * 1000)
        engine_ms.append((t1 - t0) * 1000)
        app.processEvents()  # the coalesced act-panel update, outside the frame
    # As the app runs: Qt repaints only the rows dataChanged marked dirty, and whatever
    # else is pending for the frame; the act panel re-syncs after the table's frame
    # (ui.tracker.after_repaints) and its own repaint makes a second frame. The GM presses
    # a key seconds apart, so each turn starts from an idle loop (``idle``, untimed).
    stamps: dict[str, float] = {}
    stamper = _Stamper(viewport, window.act_panel.sync, stamps)
    event_loop_ms: list[float] = []  # the key press to the table's frame
    panel_turn_ms: list[float] = []  # then the act panel's re-sync and its frame
    both_ms: list[float] = []  # the two together
    for _ in range(TURNS):
        idle(app)
        stamps.clear()
        t0 = time.perf_counter()
        window.controller.run(NextTurn())
        app.processEvents()
        synced = time.perf_counter()
        settle(app)  # the panel's own repaint
        t_end = time.perf_counter()
        sync = stamps.get("sync", synced)
        event_loop_ms.append((sync - t0) * 1000)
        panel_turn_ms.append((t_end - sync) * 1000)
        both_ms.append((t_end - t0) * 1000)
    stamper.remove()
    # Round changes, 30 of them: at the round's last turn, Next turn (the real command,
    # every row's budgets reset, expiries) and its frame, then undo to stand there again.
    while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
        window.controller.run(NextTurn())
    idle(app)
    # The frame ends where the first job posted below Qt's repaint requests begins
    # (ui.tracker.after_repaints: the log's new lines, the scene-over check, the act
    # panel's re-sync), so the table paints first; the stamps check that order at every
    # round change. The time to the act panel's re-sync is printed beside it.
    stamper = _Stamper(viewport, window.act_panel.sync, stamps, window.findChildren(AfterRepaints))
    to_panel_ms: list[float] = []
    everything_ms: list[float] = []
    panel_after_ms: list[float] = []
    for _ in range(30):
        start_round = engine.round
        stamps.clear()
        t0 = time.perf_counter()
        window.controller.run(NextTurn())
        app.processEvents()
        t_end = time.perf_counter()
        assert stamps["paint"] < stamps["frame"] <= stamps["sync"], "the table paints first"
        round_change_ms.append((stamps["frame"] - t0) * 1000)
        to_panel_ms.append((stamps["sync"] - t0) * 1000)
        panel_after_ms.append((t_end - stamps["sync"]) * 1000)
        everything_ms.append((t_end - t0) * 1000)
        assert engine.round == start_round + 1
        window.undo_stack.undo()
        idle(app)
    stamper.remove()
    window.toggle_player_view(True, full_screen=False)
    app.processEvents()
    view = window.player_view
    assert view is not None
    player_ms = []
    for _ in range(50):
        window.controller.run(NextTurn())
        t0 = time.perf_counter()
        view.flush()  # the update the command scheduled: its changed rows only
        view.table.viewport().repaint()
        player_ms.append((time.perf_counter() - t0) * 1000)
        app.processEvents()
    # As the app paints it: the update, then the player view's pending repaints only (the
    # rows its dataChanged marked, the heading), as the next pass of the event loop does.
    player_qt_ms = []
    for _ in range(50):
        window.controller.run(NextTurn())
        t0 = time.perf_counter()
        view.flush()
        QCoreApplication.sendPostedEvents(view, QEvent.Type.UpdateRequest)
        player_qt_ms.append((time.perf_counter() - t0) * 1000)
        idle(app)
    # A round change changes every public row ("Done" goes).
    player_round_ms: list[float] = []
    player_round_qt_ms: list[float] = []
    for times, whole in ((player_round_ms, True), (player_round_qt_ms, False)):
        while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
            window.controller.run(NextTurn())
        idle(app)
        for _ in range(20):
            window.controller.run(NextTurn())
            t0 = time.perf_counter()
            view.flush()
            if whole:
                view.table.viewport().repaint()
            else:
                QCoreApplication.sendPostedEvents(view, QEvent.Type.UpdateRequest)
            times.append((time.perf_counter() - t0) * 1000)
            idle(app)
            window.undo_stack.undo()
            idle(app)
    conditions = sum(len(c.conditions) for c in engine.encounter.combatants)
    print(f"combatants: {len(engine.encounter.combatants)}, encounter conditions: {conditions}")
    print(
        f"next turn + dataChanged + whole-table repaint (worst case): "
        f"median {statistics.median(turn_ms):.2f} ms, "
        f"p95 {pct(turn_ms, 0.95):.2f} ms, max {max(turn_ms):.2f} ms ({len(turn_ms)} turns)"
    )
    print(
        f"next turn + its frame as Qt paints it (dirty rows, status bar): median "
        f"{statistics.median(event_loop_ms):.2f} ms, p95 {pct(event_loop_ms, 0.95):.2f} ms, "
        f"max {max(event_loop_ms):.2f} ms (goal 16)"
    )
    print(
        f"  then the log and the act panel follow, with their repaint: median "
        f"{statistics.median(panel_turn_ms):.2f} ms, p95 {pct(panel_turn_ms, 0.95):.2f} ms; "
        f"both frames: median {statistics.median(both_ms):.2f} ms, "
        f"p95 {pct(both_ms, 0.95):.2f} ms"
    )
    print(
        f"  of which command + model signals: median {statistics.median(engine_ms):.2f} ms, "
        f"p95 {pct(engine_ms, 0.95):.2f} ms"
    )
    print(
        f"round change + its frame (all rows dataChanged, budgets reset): median "
        f"{statistics.median(round_change_ms):.2f} ms, p95 {pct(round_change_ms, 0.95):.2f} "
        f"ms, max {max(round_change_ms):.2f} ms ({len(round_change_ms)} round changes; goal 16)"
    )
    print(
        f"  up to the act panel's re-sync (after the log's and the scene-over check's): "
        f"median {statistics.median(to_panel_ms):.2f} ms, p95 {pct(to_panel_ms, 0.95):.2f} ms"
    )
    print(
        f"  then the act panel re-syncs for the new round's first actor: median "
        f"{statistics.median(panel_after_ms):.2f} ms; all pending events handled: median "
        f"{statistics.median(everything_ms):.2f} ms, p95 {pct(everything_ms, 0.95):.2f} ms"
    )
    print(
        f"player view update + whole-table repaint (after the frame; worst case): median "
        f"{statistics.median(player_ms):.2f} ms, p95 {pct(player_ms, 0.95):.2f} ms"
    )
    print(
        f"  at a round change: median {statistics.median(player_round_ms):.2f} ms, "
        f"p95 {pct(player_round_ms, 0.95):.2f} ms"
    )
    print(
        f"player view update + its repaint as Qt paints it (changed rows, heading): median "
        f"{statistics.median(player_qt_ms):.2f} ms, p95 {pct(player_qt_ms, 0.95):.2f} ms "
        f"(goal 16)"
    )
    print(
        f"  at a round change: median {statistics.median(player_round_qt_ms):.2f} ms, "
        f"p95 {pct(player_round_qt_ms, 0.95):.2f} ms (goal 16)"
    )
    print(f"model resets during the run: {resets[0]}")
    ok = pct(event_loop_ms, 0.95) < FRAME_MS
    print("within one frame (16 ms) at p95, as Qt paints it:", "yes" if ok else "NO")
    full = pct(turn_ms, 0.95) < FRAME_MS
    print("within one frame at p95 even repainting the whole table:", "yes" if full else "NO")
    window.mark_clean()
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

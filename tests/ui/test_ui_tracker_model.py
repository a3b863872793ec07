"""The initiative model (qtmodeltester, precise signals) and the player view's public
projection (never a hidden combatant, a die code or a GM note), issue 6."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheets.encounter import CreateCondition, Damage, Engine, NextTurn
from sheets.results import Duration
from tests.encounter_helpers import crowd, sample_engine, small_engine
from tests.ui_helpers import ModelSignals
from ui.tracker.commands import EncounterController
from ui.tracker.initiative_model import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    COL_NAME,
    COL_STATE,
    COLUMN_COUNT,
    QUIET_RUN,
    ActionsRole,
    InitiativeModel,
    InitiativeProxy,
    TracksRole,
)
from ui.tracker.player_view import COL_PUBLIC_STATUS, PlayerView, PublicModel
from ui.tracker.public_projection import public_state

DIE_CODE = re.compile(r"\b\d+D(?:[+-]\d+)?\b")


def brawl() -> Engine:
    engine, _ = sample_engine("brawl-at-the-pump-house")
    return engine


def test_model_and_proxy_pass_the_model_tester(qtmodeltester: ModelTester) -> None:
    engine = brawl()
    model = InitiativeModel(engine)
    qtmodeltester.check(model)
    engine.start()
    engine.roll_initiative(seed=42)
    model.refresh()
    engine.next_turn()
    model.refresh(frozenset())
    proxy = InitiativeProxy()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)
    proxy.sort(COL_INITIATIVE)
    qtmodeltester.check(proxy)
    assert proxy.combatant_at(proxy.rowCount() - 1) == "odile"  # highest initiative last


def test_a_turn_signals_only_the_rows_that_changed(qtbot: QtBot) -> None:
    engine = small_engine(5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    signals = ModelSignals(model)
    controller.changed.connect(model.refresh)
    controller.run(NextTurn())  # round 1 begins: every row (budgets, done marks)
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: changed.append((a.row(), b.row())))
    model.modelReset.connect(lambda: changed.append((-1, -1)))
    controller.run(NextTurn())
    assert sorted(changed) == [(0, 0), (1, 1)]  # the previous and the new actor
    changed.clear()
    # A condition anchored on b's turn (one full turn) expires at its end: c's row too.
    controller.run(CreateCondition("c", name="Dazzled", duration=Duration.ONE_ROUND))
    assert changed == [(2, 2)]
    changed.clear()
    controller.run(NextTurn())
    rows = sorted(r for r, _ in changed)
    assert rows == [1, 2]  # b ends its turn, c acts (and owns the condition)
    changed.clear()
    controller.run(Damage("c", "e", damage="6D", total=30, resist_total=1))
    # Only the target's row: the damage spent none of c's actions, so c's row is as it was
    # (the engine records what changed; the old guess repainted the attacker too).
    assert sorted(r for r, _ in changed) == [4]
    row = model.row_of("e")
    assert row is not None
    cells = model.index(row, COL_CONDITIONS).data(TracksRole)
    assert cells[0].track == "damage" and cells[0].level == 5
    assert model.index(row, COL_CONDITIONS).data() == "Out of Action"
    assert model.index(model.row_of("c") or 0, COL_ACTIONS).data(ActionsRole) == (1, 1, 1, 1)
    changed.clear()
    controller.undo_stack.undo()
    assert sorted(r for r, _ in changed) == [4] and signals.resets == 0


def test_public_state_leaks_nothing() -> None:
    engine = brawl()
    brask = engine.view.by_id["brask"]
    brask.notes = "Secretly paid by the mayor"
    guard = engine.view.by_id["guard-2"]
    guard.hidden = True
    engine.start()
    engine.roll_initiative(seed=42)
    for _ in range(4):
        engine.next_turn()
    engine.apply(Damage("jack", "brask", damage="5D", total=20, resist_total=10))
    engine.apply(CreateCondition("brask", name="-1D to Brawling", duration=Duration.ONE_ROUND))
    state = public_state(engine)
    names = [c.name for c in state.combatants]
    assert "Company Guard 2" not in names and len(names) == 7
    assert [c.position for c in state.combatants] == list(range(1, 8))
    text = repr(state)
    assert "Company Guard 2" not in text and "mayor" not in text
    assert not DIE_CODE.search(text)
    brask_public = next(c for c in state.combatants if c.name == "Captain Brask")
    assert brask_public.conditions == ("Hurt",)
    # Its turn: the player view names nobody rather than the hidden guard.
    while engine.current() != "guard-2":
        engine.next_turn()
    assert public_state(engine).current is None


def test_the_public_model_passes_the_model_tester_through_a_round(
    qtmodeltester: ModelTester,
) -> None:
    engine = brawl()
    engine.start()
    engine.roll_initiative(seed=42)
    model = PublicModel()
    model.set_rows(public_state(engine).combatants)
    qtmodeltester.check(model)
    for _ in range(len(model.rows()) + 1):  # every turn and into round 2
        engine.next_turn()
        model.set_rows(public_state(engine).combatants)
    qtmodeltester.check(model)
    assert model.rowCount() == len(public_state(engine).combatants) > 0


def test_every_column_of_both_tables_has_a_header() -> None:
    """A projected table with a blank header reads as a glitch; the state column of the
    player view is called what the GM's table calls it."""
    engine = brawl()
    public = PublicModel()
    public.set_rows(public_state(engine).combatants)
    gm = InitiativeModel(engine)
    for model in (public, gm):
        names = [
            model.headerData(column, Qt.Orientation.Horizontal)
            for column in range(model.columnCount())
        ]
        assert all(isinstance(name, str) and name.strip() for name in names), names
    assert public.headerData(COL_PUBLIC_STATUS, Qt.Orientation.Horizontal) == gm.headerData(
        COL_STATE, Qt.Orientation.Horizontal
    )


def test_player_view_shows_the_public_state(qtbot: QtBot) -> None:
    engine = brawl()
    engine.view.by_id["guard-1"].hidden = True
    engine.start()
    engine.roll_initiative(seed=42)
    engine.next_turn()
    view = PlayerView(engine)
    qtbot.addWidget(view)
    view.show_on(None, full_screen=False)
    texts = "\n".join(view.visible_texts())
    assert "Odile's turn" in texts and "round 1" in texts
    assert "Company Guard 1" not in texts
    assert not DIE_CODE.search(texts)


def test_the_player_view_at_a_new_round_shows_what_a_fresh_projection_shows(
    qtbot: QtBot,
) -> None:
    """A new round re-projects only the combatants the command changed (their conditions
    expired, R5/R6) and moves the turn marks of the rest: nothing stale, undo included."""
    engine = small_engine(5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    view = PlayerView(engine)
    qtbot.addWidget(view)
    controller.changed.connect(view.schedule_update)
    controller.run(NextTurn())  # round 1: a acts
    last = engine.encounter.turn_order[-1]
    controller.run(  # a composure mark that ends with its owner's turn: Demoralized (R5)
        CreateCondition(last, name="Taunted", track="composure", duration=Duration.ONE_TURN)
    )
    controller.run(CreateCondition("b", track="damage", ranks=1))  # Hurt: words stay
    while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
        controller.run(NextTurn())
    view.flush()
    signals = ModelSignals(view.model)
    shaken = [row.conditions for row in view.model.rows() if row.conditions]
    record = controller.run(NextTurn())  # the last turn ends (Taunted goes), round 2
    assert record is not None and record.rows is None and last in record.marked
    view.flush()
    assert view.model.rows() == public_state(engine).combatants
    assert "round 2" in view.heading.text() and signals.resets == 0
    assert len([row for row in view.model.rows() if row.conditions]) == len(shaken) - 1
    controller.undo_stack.undo()
    view.flush()
    assert view.model.rows() == public_state(engine).combatants
    assert [row.conditions for row in view.model.rows() if row.conditions] == shaken


def test_a_new_round_repaints_only_the_changed_cells_of_the_rows_on_screen(qtbot: QtBot) -> None:
    engine = small_engine(5, 4, 3, 2, 1)
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    controller.changed.connect(model.refresh)
    controller.run(NextTurn())
    while engine.encounter.current_turn != len(engine.encounter.turn_order) - 1:
        controller.run(NextTurn())
    for row in (0, 1, 2):  # the rows on screen: painted, so cached
        model.row(row)
    spans: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(
        lambda a, b, *_: spans.append((a.row(), a.column(), b.row(), b.column()))
    )
    controller.run(NextTurn())  # R6: round 2 -- every row changed
    last = COLUMN_COUNT - 1
    # The new actor (row 0) changes every cell; rows 1 and 2 only what a round changes.
    assert (0, 0, 0, last) in spans
    for row in (1, 2):
        cells = {c for r, a, _, b in spans if r == row for c in range(a, b + 1)}
        assert COL_STATE in cells and COL_NAME not in cells
    # The rows off screen still hear of it, in one run (the old actor among them).
    assert (3, 0, 4, last) in spans
    fresh = InitiativeModel(engine)
    for row in range(model.rowCount()):
        assert model.row(row) == fresh.row(row)  # nothing stale


def test_rows_off_screen_change_in_runs_qt_does_not_repaint_whole() -> None:
    engine = crowd(QUIET_RUN * 2 + 3)
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    controller.changed.connect(model.refresh)
    controller.run(NextTurn())
    runs: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda a, b, *_: runs.append((a.row(), b.row())))
    model.refresh(None)  # nothing cached: every row is off screen
    assert [b - a + 1 for a, b in runs] == [QUIET_RUN, QUIET_RUN, 3]


def test_the_player_views_columns_fit_every_name_and_status_in_bold(qtbot: QtBot) -> None:
    """The columns are measured when the people change, not at each turn: every name,
    side and status fits whole, in the actor's bold, and the widths hold through turns."""
    from PySide6.QtGui import QFont, QFontMetrics

    from ui.tracker.player_view import COL_PUBLIC_STATUS, STATUS_WORDS

    engine = small_engine(5, 4, 3, 2, 1)
    engine.encounter.combatants[2].name = "Sir Bartholomew of the Long Name"
    controller = EncounterController(engine)
    view = PlayerView(engine)
    qtbot.addWidget(view)
    controller.changed.connect(view.schedule_update)
    bold = QFont(view.table.font())
    bold.setBold(True)
    metrics = QFontMetrics(bold)
    header = view.table.horizontalHeader()
    widths = [header.sectionSize(c) for c in range(5)]
    for row in view.model.rows():
        assert header.sectionSize(1) > metrics.horizontalAdvance(row.name)
        assert header.sectionSize(2) > metrics.horizontalAdvance(row.side)
    assert all(
        header.sectionSize(COL_PUBLIC_STATUS) > metrics.horizontalAdvance(w) for w in STATUS_WORDS
    )
    for _ in range(6):
        controller.run(NextTurn())
        view.flush()
    assert [header.sectionSize(c) for c in (0, 1, 2, COL_PUBLIC_STATUS)] == [
        widths[c] for c in (0, 1, 2, COL_PUBLIC_STATUS)
    ]

"""The initiative model (qtmodeltester, precise signals) and the player view's public
projection (never a hidden combatant, a die code or a GM note), issue 6."""

from __future__ import annotations

import re

from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheets.encounter import CreateCondition, Damage, Engine, NextTurn
from sheets.results import Duration
from tests.encounter_helpers import sample_engine, small_engine
from tests.ui_helpers import ModelSignals
from ui.tracker.commands import EncounterController
from ui.tracker.initiative_model import (
    COL_ACTIONS,
    COL_CONDITIONS,
    COL_INITIATIVE,
    ActionsRole,
    InitiativeModel,
    InitiativeProxy,
    TracksRole,
)
from ui.tracker.player_view import PlayerView, public_state

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

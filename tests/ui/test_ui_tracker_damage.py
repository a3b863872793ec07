"""R10 on the tracker: the initiative table's Conditions column and the player view show
the wound level or the body points when the campaign plays an OpenD6 damage system, and
nothing changes under the FreeD6 conditions system (the default)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from sheets.conditions import TRACK_LEVELS
from sheets.damage import DEAD, HEALTHY, WOUND_LEVELS, DamageSystem
from sheets.encounter import CreateCondition, Damage, Engine, NextTurn
from tests.encounter_helpers import sample_engine
from tests.ui_helpers import ModelSignals
from ui.theme import dark_palette, light_palette
from ui.tracker.commands import EncounterController
from ui.tracker.delegates import (
    ConditionsDelegate,
    chip_text_color,
    points_color,
    wound_color,
)
from ui.tracker.initiative_model import (
    COL_CONDITIONS,
    COLUMN_COUNT,
    DamageCell,
    DamageRole,
    InitiativeModel,
    InitiativeProxy,
    SortRole,
    TracksRole,
)
from ui.tracker.player_view import PlayerView, PublicDamageRole
from ui.tracker.public_projection import public_state

DIE_CODE = re.compile(r"\b\d+D(?:[+-]\d+)?\b")


def brawl(system: DamageSystem) -> Engine:
    """The sample brawl (Heroes are the player side) under ``system``, round 1 running."""
    engine, folder = sample_engine("brawl-at-the-pump-house")
    assert folder.campaign is not None
    rules = folder.campaign.document.house_rules.model_copy(update={"damage_system": system})
    engine = Engine(engine.encounter, engine.view.characters, rules)
    engine.start()
    engine.roll_initiative(seed=42)
    engine.next_turn()
    return engine


def cell(model: InitiativeModel, combatant: str, role: int = DamageRole) -> object:
    row = model.row_of(combatant)
    assert row is not None
    return model.index(row, COL_CONDITIONS).data(role)


# --- the initiative model --------------------------------------------------------------------


def test_conditions_system_shows_the_r5_tracks_and_no_r10_cell() -> None:
    engine = brawl("conditions")
    model = InitiativeModel(engine)
    assert cell(model, "jack") is None
    tracks = cell(model, "jack", TracksRole)
    assert isinstance(tracks, tuple)
    assert [t.track for t in tracks] == ["damage", "composure"]
    header = model.headerData(
        COL_CONDITIONS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "R5" in header and "R10" not in header


def test_wounds_show_the_level_with_the_chart_band(qtbot: QtBot) -> None:
    engine = brawl("wounds")
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    signals = ModelSignals(model)
    controller.changed.connect(model.refresh)
    jack = cell(model, "jack")
    assert isinstance(jack, DamageCell)
    assert (jack.system, jack.level, jack.word) == ("wounds", HEALTHY, "Healthy")
    # R10: only composure stays a track for people; hits go to the wound level.
    assert [t.track for t in cell(model, "jack", TracksRole)] == ["composure"]  # type: ignore[union-attr]
    changed: list[tuple[int, int, int, int]] = []
    model.dataChanged.connect(
        lambda a, b, *_: changed.append((a.row(), a.column(), b.row(), b.column()))
    )
    # 16 - 10 = 6 on the chart: Wounded (4-8).
    record = controller.run(Damage("brask", "jack", damage="4D", total=16, resist_total=10))
    assert record is not None
    row = model.row_of("jack")
    assert row is not None
    # Precise: the target's row (and the actor's, named by the command), nothing more.
    rows = {model.row_of("jack"), model.row_of("brask")}
    assert {r for r, *_ in changed} <= rows and row in {r for r, *_ in changed}
    assert all(c0 == 0 and c1 == COLUMN_COUNT - 1 for _, c0, _, c1 in changed)
    assert signals.resets == 0
    index = model.index(row, COL_CONDITIONS)
    jack = index.data(DamageRole)
    assert isinstance(jack, DamageCell)
    assert (jack.level, jack.word) == (2, "Wounded")
    assert index.data() == "Wounded"
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert "R10" in tip and "4-8" in tip and "2 more levels to out of action" in tip
    assert "Composure" in tip  # the R5 track still listed
    header = model.headerData(
        COL_CONDITIONS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert "R10" in header and "wound" in header
    # Undo takes the wound back off the row.
    controller.undo_stack.undo()
    assert index.data() == "Healthy"


def test_wound_words_and_out_of_action() -> None:
    engine = brawl("wounds")
    model = InitiativeModel(engine)
    sheet = engine.view.sheet_of("jack")
    sheet.wound_level = 4  # Incapacitated
    engine.apply(
        CreateCondition("jack", name="Shaken", kind="cumulative", track="composure", ranks=2)
    )
    model.refresh(frozenset({"jack"}))
    jack = cell(model, "jack")
    assert isinstance(jack, DamageCell) and jack.out
    row = model.row_of("jack")
    assert row is not None
    index = model.index(row, COL_CONDITIONS)
    assert index.data() == f"Incapacitated, {TRACK_LEVELS['composure'][2]}"
    assert "out of action: no wounds left" in index.data(Qt.ItemDataRole.ToolTipRole)
    sheet.wound_level = DEAD
    model.refresh(frozenset({"jack"}))
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert index.data().startswith("Dead") and "mortally wounded character wounded again" in tip


def test_body_points_show_left_of_maximum(qtbot: QtBot) -> None:
    engine = brawl("body_points")
    controller = EncounterController(engine)
    model = InitiativeModel(engine)
    controller.changed.connect(model.refresh)
    sheet = engine.view.sheet_of("jack")
    maximum = sheet.body_points_maximum()
    assert cell(model, "jack", Qt.ItemDataRole.DisplayRole) == f"{maximum}/{maximum} BP"
    tip = cell(model, "jack", Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "R10" in tip and "Maximum by default" in tip
    controller.run(Damage("brask", "jack", damage="4D", total=16, resist_total=4))  # -12
    jack = cell(model, "jack")
    assert isinstance(jack, DamageCell)
    assert (jack.system, jack.left, jack.maximum) == ("body_points", maximum - 12, maximum)
    assert jack.word == f"{maximum - 12}/{maximum} BP"
    assert cell(model, "jack", Qt.ItemDataRole.AccessibleTextRole) == jack.word
    # A sheet with its own maximum says so (no "by default" line).
    sheet.body_points_max, sheet.body_points = 23, 14
    model.refresh(frozenset({"jack"}))
    assert cell(model, "jack", Qt.ItemDataRole.DisplayRole) == "14/23 BP"
    tip = cell(model, "jack", Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "14 of 23 left" in tip and "by default" not in tip


def test_sorting_puts_the_worst_hurt_last() -> None:
    engine = brawl("body_points")
    model = InitiativeModel(engine)
    engine.view.sheet_of("jack").body_points = 1
    engine.view.sheet_of("odile").body_points = 10
    model.refresh()
    keys = {cid: cell(model, cid, SortRole) for cid in ("jack", "odile", "bart")}
    assert keys["bart"] < keys["odile"] < keys["jack"]  # type: ignore[operator]
    proxy = InitiativeProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL_CONDITIONS)
    assert proxy.combatant_at(proxy.rowCount() - 1) == "jack"


@pytest.mark.parametrize("system", ["wounds", "body_points"])
def test_model_tester_under_r10(qtmodeltester: ModelTester, system: DamageSystem) -> None:
    engine = brawl(system)
    model = InitiativeModel(engine)
    qtmodeltester.check(model)
    engine.apply(Damage("brask", "jack", damage="4D", total=16, resist_total=8))
    model.refresh(frozenset({"jack", "brask"}))
    engine.apply(NextTurn())
    model.refresh(None)
    proxy = InitiativeProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL_CONDITIONS)
    qtmodeltester.check(proxy)


# --- painting --------------------------------------------------------------------------------


def test_wound_colours_darken_with_severity() -> None:
    lightness = [wound_color(level).lightness() for level in range(1, len(WOUND_LEVELS))]
    assert lightness == sorted(lightness, reverse=True) and len(set(lightness)) == len(lightness)
    assert not wound_color(HEALTHY).isValid()  # no chip when healthy
    # The chip text contrasts in both colour schemes (the chip carries its own colour).
    assert chip_text_color(wound_color(1)) == QColor(0, 0, 0)
    assert chip_text_color(wound_color(DEAD)) == QColor(255, 255, 255)
    full = DamageCell("body_points", 0, 20, 20, "20/20 BP", "")
    low = DamageCell("body_points", 0, 3, 20, "3/20 BP", "")
    assert points_color(full) != points_color(low)


def _grab_conditions(qtbot: QtBot, engine: Engine, dark: bool) -> tuple[QTableView, QImage]:
    model = InitiativeModel(engine)
    view = QTableView()
    qtbot.addWidget(view)
    view.setPalette(dark_palette() if dark else light_palette())
    view.setModel(model)
    view.setItemDelegateForColumn(COL_CONDITIONS, ConditionsDelegate(view))
    view.setColumnWidth(COL_CONDITIONS, 330)
    view.resize(1200, 400)
    view.show()
    qtbot.waitExposed(view)
    return view, view.viewport().grab().toImage()


def _colours_in(image: QImage, rect_left: int, rect_top: int, width: int, height: int) -> set[int]:
    return {
        image.pixel(x, y)
        for x in range(rect_left, min(rect_left + width, image.width()))
        for y in range(rect_top, min(rect_top + height, image.height()))
    }


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_wound_chip_is_painted(qtbot: QtBot, dark: bool) -> None:
    engine = brawl("wounds")
    engine.view.sheet_of("jack").wound_level = 2
    view, image = _grab_conditions(qtbot, engine, dark)
    model = view.model()
    assert isinstance(model, InitiativeModel)
    row = model.row_of("jack")
    assert row is not None
    rect = view.visualRect(model.index(row, COL_CONDITIONS))
    colours = _colours_in(image, rect.left(), rect.top(), rect.width(), rect.height())
    assert wound_color(2).rgb() in colours


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_body_points_bar_is_painted(qtbot: QtBot, dark: bool) -> None:
    engine = brawl("body_points")
    sheet = engine.view.sheet_of("jack")
    sheet.body_points_max, sheet.body_points = 20, 14
    view, image = _grab_conditions(qtbot, engine, dark)
    model = view.model()
    assert isinstance(model, InitiativeModel)
    row = model.row_of("jack")
    assert row is not None
    rect = view.visualRect(model.index(row, COL_CONDITIONS))
    colours = _colours_in(image, rect.left(), rect.top(), rect.width(), rect.height())
    jack = model.index(row, COL_CONDITIONS).data(DamageRole)
    assert isinstance(jack, DamageCell)
    assert points_color(jack).rgb() in colours
    # Nothing of the cell spills past its right edge: the next column is untouched.
    beyond = _colours_in(image, rect.right() + 3, rect.top() + 2, 6, rect.height() - 4)
    assert points_color(jack).rgb() not in beyond


# --- the player view -------------------------------------------------------------------------


def test_wounds_are_public_like_track_words(qtbot: QtBot) -> None:
    engine = brawl("wounds")
    engine.view.sheet_of("jack").wound_level = 3
    engine.view.sheet_of("brask").wound_level = 2
    state = public_state(engine)
    people = {c.name: c for c in state.combatants}
    jack = people["Jack"].damage
    assert isinstance(jack, DamageCell) and jack.word == "Severely Wounded"
    brask = people["Captain Brask"].damage  # the other side: seen as an R5 word would be
    assert isinstance(brask, DamageCell) and brask.word == "Wounded"
    view = PlayerView(engine)
    qtbot.addWidget(view)
    view.show_on(None, full_screen=False)
    texts = "\n".join(view.visible_texts())
    assert "Severely Wounded" in texts and "R10" in texts
    assert "Wounded" in texts.replace("Severely Wounded", "")
    assert not DIE_CODE.search(texts)
    row = [r.name for r in view.model.rows()].index("Jack")
    index = view.model.index(row, 3)
    assert index.data() == "Severely Wounded"
    assert isinstance(index.data(PublicDamageRole), DamageCell)


def test_player_view_body_points_update_only_the_changed_row(qtbot: QtBot) -> None:
    engine = brawl("body_points")
    view = PlayerView(engine)
    qtbot.addWidget(view)
    view.show_on(None, full_screen=False)
    changed: list[int] = []
    view.model.dataChanged.connect(lambda a, *_: changed.append(a.row()))
    view.model.modelReset.connect(lambda: changed.append(-1))
    sheet = engine.view.sheet_of("odile")
    maximum = sheet.body_points_maximum()
    sheet.body_points = maximum - 5
    view.update_now()
    row = [r.name for r in view.model.rows()].index("Odile")
    assert changed == [row]
    assert view.model.index(row, 3).data() == f"{maximum - 5}/{maximum} BP"
    # The delegate paints it (a bar in the cell) without clipping the text.
    rect = view.table.visualRect(view.model.index(row, 3))
    image = view.table.viewport().grab().toImage()
    odile = view.model.rows()[row].damage
    assert isinstance(odile, DamageCell)
    colours = _colours_in(image, rect.left(), rect.top(), rect.width(), rect.height())
    assert points_color(odile).rgb() in colours


def test_conditions_system_leaves_the_player_view_as_it_was() -> None:
    engine = brawl("conditions")
    engine.apply(Damage("brask", "jack", damage="4D", total=16, resist_total=8))
    state = public_state(engine)
    jack = next(c for c in state.combatants if c.name == "Jack")
    assert jack.damage is None and jack.condition_text == ", ".join(jack.conditions)
    assert jack.conditions  # the R5 word ("Hurt")


def test_an_invalid_index_has_no_r10_cell() -> None:
    model = InitiativeModel(brawl("wounds"))
    assert model.data(QModelIndex(), DamageRole) is None

"""Screenshots of the app's windows, for reviews and the README. Re-runnable.

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python bench/screenshots.py [--out DIR] [NAME...]

Writes DIR/NAME.png (default DIR: /tmp/shots) for every shot in ``SHOTS``, or only the
named ones. Under Xvfb the windows are real X11 windows; with QT_QPA_PLATFORM=offscreen it
works without a display too. Later issues add their windows to ``SHOTS``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QWidget

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere, installed or not
    sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from sheets.dice import RollSpec


def minimal_window() -> QWidget:
    from app.gui import MainWindow

    window = MainWindow()
    window.resize(960, 640)
    return window


def _showcase_seed(spec: RollSpec) -> int:
    """The first seed whose kept set shows a Wild Die chain, a dropped die and a flip."""
    from sheets.dice import roll_seeded

    for seed in range(1, 100_000):
        result = roll_seeded(spec, seed)
        kept = [d for d in result.dice if d.set_index == result.kept_set]
        if (
            any(d.is_wild and len(d.faces) >= 2 and d.dropped is None for d in kept)
            and any(d.dropped for d in kept)
            and any(any(d.flipped) for d in kept)
            and not result.critical_failure
        ):
            return seed
    raise SystemExit("no showcase seed found")


def dice_panel(scheme: str) -> QWidget:
    """The dice panel with odds, a rolled result (Wild Die chain, dropped and flipped dice,
    two Advantage sets, a Character Point die) and a short history."""
    from PySide6.QtCore import QDeadlineTimer

    from sheets.dice import DieCode, RollSpec
    from ui.dice import DicePanel
    from ui.theme import apply_color_scheme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_color_scheme(app, "dark" if scheme == "dark" else "light")
    panel = DicePanel()
    panel.setWindowTitle(f"Wild Die: dice panel ({scheme})")
    panel.resize(620, 1000)
    panel.set_character_points(3, 1)
    for code, seed in (("3D+1", 11), ("2D", 12)):
        panel.set_spec(RollSpec(code=DieCode.parse(code)))
        panel.roll(seed)
    spec = RollSpec(code=DieCode(5, 1), advantage=1, boost=1, flips=frozenset({1}))
    panel.set_spec(spec)
    panel.set_difficulty(18)
    panel.roll(_showcase_seed(spec))
    panel.spend("character_point")
    deadline = QDeadlineTimer(5000)
    while panel.odds() is None and not deadline.hasExpired():  # odds arrive off-thread
        app.processEvents()
    return panel


def _private_home() -> None:
    """Screenshots never touch the real settings or data: a fresh temporary home."""
    import os
    import tempfile

    if os.environ.get("WILDDIE_SHOTS_HOME"):
        return
    home = Path(tempfile.mkdtemp(prefix="wilddie-shots-"))
    os.environ["WILDDIE_SHOTS_HOME"] = str(home)
    for name, sub in (
        ("XDG_DATA_HOME", "data"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_STATE_HOME", "state"),
        ("XDG_CACHE_HOME", "cache"),
    ):
        os.environ[name] = str(home / sub)


def _scheme(scheme: str) -> QApplication:
    from ui.theme import apply_color_scheme

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_color_scheme(app, "dark" if scheme == "dark" else "light")
    return app


def _sample_character(file: str) -> object:
    """A character of the sample campaign, with conditions to show, as a document."""
    from sheets.storage import load_character
    from ui.workspace.character_document import CharacterDocument

    loaded = load_character(ROOT / "resources" / "sample-campaign" / "characters" / file)
    return CharacterDocument(loaded.document, loaded.path, loaded.stamp)


def _wounded(doc: object) -> None:
    """A damage hit, a composure hit, an attitude and a named condition (R5), in memory."""
    from ui import commands

    assert hasattr(doc, "push")
    doc.push(commands.add_track_hit(doc, "damage", 2))  # type: ignore[arg-type]
    doc.push(commands.add_track_hit(doc, "composure", 1))  # type: ignore[arg-type]
    doc.push(commands.add_named_condition(doc, "Blinded by flash powder", 2, "one_round"))  # type: ignore[arg-type]
    character = doc.character  # type: ignore[attr-defined]
    command = commands.set_field(doc, character.conditions, "attitude", "unfriendly")  # type: ignore[arg-type]
    if command is not None:
        doc.push(command)  # type: ignore[attr-defined]


def main_window_with_campaign(scheme: str, size: tuple[int, int] = (1560, 940)) -> QWidget:
    """The main window on the sample campaign: browser, Greta's sheet, a roll in the dice
    panel."""
    _private_home()
    app = _scheme(scheme)
    from app.gui import install_sample_campaign
    from ui.main.window import MainWindow

    window = MainWindow()
    window.opener.offer_recovery_on_load = False
    window.resize(*size)
    window.campaigns.open(install_sample_campaign())
    session = window.workspace.session
    assert session is not None
    greta = next(d for d in session.documents() if "Greta" in d.character.name)
    editor = window.opener.open_document(greta)
    tree = editor.tree
    model = editor.tree_model
    dexterity = next(a for a in greta.character.abilities if a.name == "Dexterity")
    index = model.index_of(dexterity.skills[0])  # Firearms
    tree.setCurrentIndex(index)
    panel = window.rolls.ensure_panel()
    editor.roll_index(index)
    from PySide6.QtCore import QDeadlineTimer

    deadline = QDeadlineTimer(5000)
    while panel.odds() is None and not deadline.hasExpired():
        app.processEvents()
    window.files.discard_all_changes()
    return window


def sheet(scheme: str, file: str = "greta-vance.json") -> QWidget:
    """One character's whole sheet editor, with conditions on it."""
    _private_home()
    _scheme(scheme)
    from ui.sheet.editor import CharacterEditor

    doc = _sample_character(file)
    _wounded(doc)
    editor = CharacterEditor(doc)  # type: ignore[arg-type]
    editor.setWindowTitle(f"Wild Die: sheet ({scheme})")
    editor.resize(1400, 900)
    editor._keep_doc = doc  # type: ignore[attr-defined]
    return editor


def main_window_scaled() -> QWidget:
    """The main window at QT_SCALE_FACTOR=2 (high DPI), taken in a child process."""
    import os
    import subprocess
    import tempfile

    from PySide6.QtGui import QPixmap
    from PySide6.QtWidgets import QLabel

    out = Path(tempfile.mkdtemp(prefix="wilddie-shots-x2-"))
    env = dict(os.environ, QT_SCALE_FACTOR="2")
    subprocess.run(
        [sys.executable, __file__, "--out", str(out), "main-window-light"],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    pixmap = QPixmap(str(out / "main-window-light.png"))
    label = QLabel()
    label.setPixmap(pixmap)
    label.setWindowTitle("Wild Die at QT_SCALE_FACTOR=2")
    label.setFixedSize(pixmap.size())  # not the default 2/3-of-the-screen cap
    return label


def _tracker_mid_round(scheme: str, size: tuple[int, int] = (1580, 960)) -> QWidget:
    """The tracker on a copy of the sample brawl, mid-round 2: a hit landed, a check's
    ranks being spent, a fear-free melee with a conceded hero and a hidden guard."""
    import shutil
    import tempfile

    _private_home()
    _scheme(scheme)
    from sheets.dice import roll_seeded
    from sheets.encounter import CreateCondition, Damage
    from sheets.results import Duration
    from ui.tracker import open_tracker

    folder = Path(tempfile.mkdtemp(prefix="wilddie-shots-tracker-")) / "campaign"
    shutil.copytree(ROOT / "resources" / "sample-campaign", folder)
    window = open_tracker(folder, "encounters/brawl-at-the-pump-house.json", freeze=False)
    engine = window.engine
    engine.view.by_id["guard-3"].hidden = True
    engine.view.by_id["guard-3"].notes = "Waits behind the boiler"
    window.roll_initiative(seed=42)
    for _ in range(9):
        window.next_turn()
    window.run(Damage("bart", "guard-1", damage="4D", total=18, resist_total=9))
    window.run(CreateCondition("brask", name="Blinded by steam", duration=Duration.ONE_ROUND))
    window.run(Damage("brask", "jack", damage="4D", total=16, resist_total=8))
    window.concede("greta")
    while engine.current() != "jack":
        window.next_turn()
    act = window.act_panel
    app = QApplication.instance()
    assert app is not None
    app.processEvents()
    act.set_actor("jack")
    act.set_skill("Brawling", "Haymaker")
    act.set_purpose("attack")
    act.set_target("brask")
    act.set_against("active", resist=("Dodge", None, None))
    spec = act.dice_panel.spec()
    assert spec is not None
    seed = next(s for s in range(1, 500) if roll_seeded(spec, s).total >= 24)
    act.dice_panel.roll(seed)
    act.record_check()
    act.pick_effect("effect_roll_dice")
    window.resize(*size)
    window.mark_clean()
    window.setWindowTitle(f"Wild Die: tracker ({scheme})[*]")
    return window


def _player_view(scheme: str) -> QWidget:
    """The player view of the same moment (shown in a window, not full screen)."""
    window = _tracker_mid_round(scheme)
    from ui.tracker.player_view import PlayerView

    view = PlayerView(window.engine)  # type: ignore[attr-defined]
    view.resize(1280, 720)
    view._keep_window = window  # type: ignore[attr-defined]
    return view


# name -> a function building the (not yet shown) widget to photograph.
SHOTS: dict[str, Callable[[], QWidget]] = {
    "minimal-window": minimal_window,
    "dice-panel-light": lambda: dice_panel("light"),
    "dice-panel-dark": lambda: dice_panel("dark"),
    "main-window-light": lambda: main_window_with_campaign("light"),
    "main-window-dark": lambda: main_window_with_campaign("dark"),
    "sheet-light": lambda: sheet("light"),
    "sheet-dark": lambda: sheet("dark"),
    "sheet-vehicle-light": lambda: sheet("light", "halvorsen-tank.json"),
    "main-window-scale2": main_window_scaled,
    # A GM's laptop screen: everything must still fit, nothing cut off.
    "main-window-laptop": lambda: main_window_with_campaign("light", (1366, 740)),
    "main-window-laptop-dark": lambda: main_window_with_campaign("dark", (1366, 740)),
    "tracker-mid-round-light": lambda: _tracker_mid_round("light"),
    "tracker-mid-round-dark": lambda: _tracker_mid_round("dark"),
    "tracker-laptop": lambda: _tracker_mid_round("light", (1366, 740)),
    "tracker-laptop-dark": lambda: _tracker_mid_round("dark", (1366, 740)),
    "player-view-light": lambda: _player_view("light"),
    "player-view-dark": lambda: _player_view("dark"),
}


def take(app: QApplication, name: str, out: Path) -> Path:
    widget = SHOTS[name]()
    widget.show()
    # Let the window map, lay out and paint before grabbing it.
    for _ in range(20):
        app.processEvents()
    widget.activateWindow()
    app.processEvents()
    path = out / f"{name}.png"
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not save {path}")
    widget.close()
    widget.deleteLater()
    app.processEvents()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Save screenshots of Wild Die's windows.")
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"shots to take: {list(SHOTS)}")
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"), help="output folder")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SHOTS]
    if unknown:
        parser.error(f"unknown shot(s) {unknown}; known: {list(SHOTS)}")
    args.out.mkdir(parents=True, exist_ok=True)

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(["wilddie-shots"])
    app.setApplicationName("Wild Die")
    for name in args.names or SHOTS:
        print(take(app, name, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())

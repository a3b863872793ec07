"""The dice dock: the dice panel (built after the first paint), its defaults from the
campaign's house rules, rolls asked for by a sheet, and the points they spend."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from sheets.dice import CheckDefaults
    from sheets.points import PointKind
    from ui.main.docks import DockLayout
    from ui.main.status import StatusPresenter
    from ui.sheet.roll_request import RollRequest
    from ui.workspace.character_document import CharacterDocument
    from ui.workspace.workspace import Workspace


class RollController(QObject):
    rolled = Signal(object)  # RollResult: any new roll in the dice panel

    def __init__(
        self,
        workspace: Workspace,
        docks: DockLayout,
        status: StatusPresenter,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.docks = docks
        self.status = status
        self.panel: Any = None  # ui.dice.DicePanel, made on first use
        self.rolling_doc: CharacterDocument | None = None
        """Whose check the dice panel has (its points and die code follow the sheet)."""
        self.request: RollRequest | None = None
        """The sheet's roll the panel has: its code follows the sheet's edits."""
        self.next: tuple[CharacterDocument, RollRequest] | None = None
        """The roll the panel offers next (a weapon's damage after its attack)."""

    def ensure_panel(self) -> Any:
        """The dice panel (``ui.dice.DicePanel``), created on first use."""
        if self.panel is None:
            from ui.dice import DicePanel

            # The campaign's defaults from the start: its first odds are the ones shown.
            panel = DicePanel(defaults=self.check_defaults())
            panel.pointsSpent.connect(self._points_spent)
            panel.rolled.connect(self.rolled)
            panel.nextRequested.connect(self.roll_next)
            self.panel = panel
            self.docks.set_dice_panel(panel)
        return self.panel

    def check_defaults(self) -> CheckDefaults:
        """How the open campaign rolls a check (R3 settings, its game's success counting);
        with no campaign open (or none found), the rules' own defaults."""
        from sheets.dice import CheckDefaults

        session = self.workspace.session
        campaign = session.campaign if session is not None else None
        return campaign.check_defaults() if campaign is not None else CheckDefaults()

    def apply_house_rules(self) -> None:
        """The dice panel's defaults follow the campaign's house rules and game."""
        if self.panel is not None:
            self.panel.set_defaults(self.check_defaults())

    def roll(self, doc: CharacterDocument, request: RollRequest) -> Any:
        """Load a check into the dice panel and roll it (R3 with the campaign's house rules).
        A damage roll is rolled against nothing: the last check's difficulty does not
        carry over into it."""
        panel = self.ensure_panel()
        spec = self.check_defaults().spec(request.code, effect=request.damage)
        self.rolling_doc, self.request = doc, request
        c = doc.character
        panel.set_character_points(c.character_points, c.action_points, c.fate_points)
        panel.set_spec(spec)
        if request.damage:
            panel.set_difficulty(None)
        elif request.against is not None:  # the sheet showed its chance against this
            panel.set_difficulty(request.against)
        panel.set_effect_roll(request.damage)
        self.next = (doc, request.then) if request.then is not None else None
        self._offer_next(panel, request.then)
        dock = self.docks.dice_dock
        dock.setWindowTitle(self.tr("Dice — %1").replace("%1", request.label))
        dock.show()
        dock.raise_()
        result = panel.roll()
        self.status.show(
            self.tr("Rolled %1: %2").replace("%1", request.label).replace("%2", str(request.code)),
            5000,
        )
        return result

    def _offer_next(self, panel: Any, then: RollRequest | None) -> None:
        if then is None:
            panel.offer_next(None)
            return
        what = then.label.rpartition(": ")[2]  # "Walther PPK damage", without the name
        panel.offer_next(
            self.tr("Roll %1 %2").replace("%1", what).replace("%2", str(then.code)),
            self.tr("Roll %1 next: its own roll, against nothing (R4 effect roll)").replace(
                "%1", then.label
            ),
        )

    def roll_next(self) -> Any:
        """Roll what the panel offered after the last roll (a weapon's damage: R4 effect
        roll, against nothing); None if nothing is offered."""
        if self.next is None:
            return None
        doc, request = self.next
        code = request.current()  # the sheet as it is now (a weapon edited since)
        if code is None:
            return None
        from dataclasses import replace  # dataclasses: not before the first paint

        return self.roll(doc, replace(request, code=code))

    def follow_sheet(self, doc: CharacterDocument) -> None:
        """A character changed: while the dice panel rolls for it, it shows the sheet's
        points and the rolled row's die code as they are now."""
        if doc is not self.rolling_doc or self.panel is None:
            return
        c = doc.character
        self.panel.set_character_points(c.character_points, c.action_points, c.fate_points)
        request = self.request
        if request is None:
            return
        code = request.current()
        if code is not None and code != request.code and self.panel.follow_code(request.code, code):
            from dataclasses import replace

            self.request = replace(request, code=code)

    def _points_spent(self, kind: PointKind, count: int) -> None:
        """The dice panel spent (+1) or refunded (-1) a point: change the character too (R7)."""
        doc = self.rolling_doc
        if doc is None:
            return
        from sheets.points import POINT_FIELDS
        from ui.commands import adjust_points

        command = adjust_points(doc, POINT_FIELDS[kind], -count)
        if command is not None:
            doc.push(command)

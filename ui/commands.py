"""Undoable edits (QUndoCommand): every change to a character goes through one of these.

A command changes the pydantic document through ``CharacterDocument``'s mutation methods
(which emit the precise signals the item models turn into ``dataChanged`` /
``beginInsertRows`` ...), and remembers what it needs to put the old state back. The
factories (``set_field``, ``insert_item`` ...) check the edit first and raise
``ValueError`` with the reason in the player's words, so a refused edit never reaches the
undo stack (views show the reason; they never drop input silently).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from sheets.advancement import Raise
from sheets.documents import Advance, Campaign, Character, ConditionInstance, new_condition_id
from sheets.documents.common import find_named
from sheets.points import session_action_points
from ui.workspace.character_document import CharacterDocument

POINT_FIELDS = ("action_points", "character_points", "fate_points", "fame")


def tr(text: str) -> str:
    return QCoreApplication.translate("commands", text)


def field_label(field: str) -> str:
    labels = {
        "name": tr("name"),
        "player": tr("player"),
        "importance": tr("Dynamic/Stock"),
        "kind": tr("kind"),
        "background": tr("background"),
        "hooks": tr("hooks"),
        "notes": tr("notes"),
        "portrait": tr("portrait"),
        "code": tr("die code"),
        "trained_only": tr("trained only"),
        "extranormal": tr("extranormal"),
        "action_points": tr("action points"),
        "character_points": tr("Character Points"),
        "fate_points": tr("Fate Points"),
        "fame": tr("Fame"),
        "fear_rating": tr("Fear rating"),
        "encounter_length": tr("encounter length"),
        "attitude": tr("attitude"),
        "willpower": tr("willpower"),
        "level": tr("status level"),
        "toughness": tr("toughness"),
        "performance_level": tr("performance level"),
        "scale": tr("scale"),
    }
    return labels.get(field, field.replace("_", " "))


class DocumentCommand(QUndoCommand):
    """A command on one character document."""

    def __init__(self, doc: CharacterDocument, text: str) -> None:
        super().__init__(text)
        self.doc = doc


class SetFieldCommand(DocumentCommand):
    """Set one field of the character or of a part of it (an ability, a status...)."""

    MERGE_ID = 0x5E7F  # consecutive +/- clicks on one counter merge into one step

    def __init__(
        self,
        doc: CharacterDocument,
        target: BaseModel,
        field: str,
        value: Any,
        text: str,
        *,
        mergeable: bool = False,
    ) -> None:
        super().__init__(doc, text)
        self.target, self.field = target, field
        self.old, self.new = getattr(target, field), value
        self.mergeable = mergeable

    def redo(self) -> None:
        self.doc.set_field(self.target, self.field, self.new)

    def undo(self) -> None:
        self.doc.set_field(self.target, self.field, self.old)

    def id(self) -> int:
        return self.MERGE_ID if self.mergeable else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (
            isinstance(other, SetFieldCommand)
            and other.mergeable
            and other.target is self.target
            and other.field == self.field
        ):
            return False
        self.new = other.new
        self.setText(other.text())
        if self.new == self.old:
            self.setObsolete(True)  # +1 then -1: nothing left to undo
        return True


class InsertItemCommand(DocumentCommand):
    """Insert an item into a list field (a skill, a weapon, a condition instance...)."""

    def __init__(
        self,
        doc: CharacterDocument,
        owner: BaseModel,
        field: str,
        index: int,
        item: Any,
        text: str,
    ) -> None:
        super().__init__(doc, text)
        self.owner, self.field, self.index, self.item = owner, field, index, item

    def redo(self) -> None:
        self.doc.insert_item(self.owner, self.field, self.index, self.item)

    def undo(self) -> None:
        self.doc.remove_item(self.owner, self.field, self.index)


class RemoveItemCommand(DocumentCommand):
    """Remove an item from a list field; undo puts the same object back where it was."""

    def __init__(
        self, doc: CharacterDocument, owner: BaseModel, field: str, index: int, text: str
    ) -> None:
        super().__init__(doc, text)
        self.owner, self.field, self.index = owner, field, index
        self.item = getattr(owner, field)[index]

    def redo(self) -> None:
        self.doc.remove_item(self.owner, self.field, self.index)

    def undo(self) -> None:
        self.doc.insert_item(self.owner, self.field, self.index, self.item)


class MoveItemCommand(DocumentCommand):
    """Move an item within its list (reorder rows)."""

    def __init__(
        self,
        doc: CharacterDocument,
        owner: BaseModel,
        field: str,
        source: int,
        target: int,
        text: str,
    ) -> None:
        super().__init__(doc, text)
        self.owner, self.field, self.source, self.target = owner, field, source, target

    def redo(self) -> None:
        self.doc.move_item(self.owner, self.field, self.source, self.target)

    def undo(self) -> None:
        self.doc.move_item(self.owner, self.field, self.target, self.source)


class ReplaceCharacterCommand(DocumentCommand):
    """Swap the whole character (restore unsaved changes after a crash)."""

    def __init__(self, doc: CharacterDocument, character: Character, text: str) -> None:
        super().__init__(doc, text)
        self.other = character

    def redo(self) -> None:
        self.other = self.doc.replace_character(self.other)

    undo = redo


# --- factories: check first, then build ------------------------------------------------------


def set_field(
    doc: CharacterDocument,
    target: BaseModel,
    field: str,
    value: Any,
    text: str | None = None,
    *,
    mergeable: bool = False,
) -> SetFieldCommand | None:
    """A command setting ``target.field``; None when nothing would change.

    Raises ValueError with the reason when the value is refused (R1 die code, R2 Dynamic
    player character, unique names...).
    """
    value = doc.checked_value(target, field, value)
    if value == getattr(target, field):
        return None
    if field == "name":
        _check_sibling_name(doc.character, target, value)
    label = text or tr("Change %1").replace("%1", field_label(field))
    return SetFieldCommand(doc, target, field, value, label, mergeable=mergeable)


def push_field(
    doc: CharacterDocument, field: str, value: Any, text: str | None = None
) -> str | None:
    """Set the character's ``field`` as one undo step (none when nothing changes); the
    reason in plain words when the value is refused, else None."""
    try:
        command = set_field(doc, doc.character, field, value, text)
    except ValueError as error:
        return str(error)
    if command is not None:
        doc.push(command)
    return None


def _siblings(character: Character, target: BaseModel) -> Sequence[Any] | None:
    """The list ``target`` sits in, to check that names stay unique."""
    if any(target is a for a in character.abilities):
        return character.abilities
    if any(target is w for w in character.weapons):
        return character.weapons
    if any(target is s for s in character.conditions.statuses):
        return character.conditions.statuses
    for ability in character.abilities:
        if any(target is s for s in ability.skills):
            return ability.skills
        for skill in ability.skills:
            if any(target is s for s in skill.specializations):
                return skill.specializations
    return None


def _check_sibling_name(character: Character, target: BaseModel, name: str) -> None:
    siblings = _siblings(character, target)
    if siblings is None:
        return
    clash = find_named([s for s in siblings if s is not target], name)
    if clash is not None:
        raise ValueError(
            tr("'%1' is already used here: each needs its own name").replace("%1", clash.name)
        )


def adjust_points(doc: CharacterDocument, field: str, delta: int) -> SetFieldCommand | None:
    """+/- on action points, Character Points, Fate Points or Fame (R7, R8); merges runs."""
    current = getattr(doc.character, field)
    value = max(0, current + delta)
    if value == current:
        return None
    sign = "+" if delta > 0 else "−"
    label = field_label(field)
    text = tr("%1 %2%3").replace("%1", label[:1].upper() + label[1:])
    text = text.replace("%2", sign).replace("%3", str(abs(delta)))
    return set_field(doc, doc.character, field, value, text, mergeable=True)


def insert_item(
    doc: CharacterDocument,
    owner: BaseModel,
    field: str,
    index: int,
    item: Any,
    text: str,
) -> InsertItemCommand:
    items = list(getattr(owner, field))
    items.insert(index, item)
    doc.check_list(owner, field, items)
    return InsertItemCommand(doc, owner, field, index, item, text)


def remove_item(
    doc: CharacterDocument, owner: BaseModel, field: str, index: int, text: str
) -> RemoveItemCommand:
    return RemoveItemCommand(doc, owner, field, index, text)


def move_item(
    doc: CharacterDocument, owner: BaseModel, field: str, source: int, target: int, text: str
) -> MoveItemCommand | None:
    count = len(getattr(owner, field))
    if source == target or not (0 <= source < count and 0 <= target < count):
        return None
    return MoveItemCommand(doc, owner, field, source, target, text)


def unique_name(base: str, taken: Sequence[Any]) -> str:
    """``base``, or ``base 2``, ``base 3``... whichever no item of ``taken`` is called."""
    name, number = base, 2
    while find_named(taken, name) is not None:
        name, number = f"{base} {number}", number + 1
    return name


# --- conditions (R5) ---------------------------------------------------------------------------


def add_track_hit(doc: CharacterDocument, track: str, ranks: int) -> InsertItemCommand:
    """R5 ruling: a hit of rank r adds an instance of r ranks to the track (cumulative)."""
    instance = ConditionInstance(id=new_condition_id(), kind="cumulative", track=track, ranks=ranks)  # type: ignore[arg-type]
    conditions = doc.character.conditions
    text = tr("Add %1 %2 to the %3 track").replace("%1", str(ranks))
    text = text.replace("%2", tr("rank") if ranks == 1 else tr("ranks")).replace("%3", track)
    return insert_item(doc, conditions, "instances", len(conditions.instances), instance, text)


def add_named_condition(
    doc: CharacterDocument, name: str, ranks: int, duration: str, effect: str = ""
) -> InsertItemCommand:
    """A named condition (R5), created with the ranks and duration (R4) it came from."""
    instance = ConditionInstance(
        id=new_condition_id(),
        name=name,
        ranks=ranks,
        duration=duration,  # type: ignore[arg-type]
        effect=effect,
    )
    conditions = doc.character.conditions
    text = tr("Add condition %1").replace("%1", name)
    return insert_item(doc, conditions, "instances", len(conditions.instances), instance, text)


def recover_condition(doc: CharacterDocument, instance_id: str) -> RemoveItemCommand | None:
    """R5: recovering an instance removes it (and its ranks from the track)."""
    conditions = doc.character.conditions
    for index, instance in enumerate(conditions.instances):
        if instance.id == instance_id:
            what = instance.name or tr("%1 hit").replace("%1", instance.track or "")
            return remove_item(
                doc, conditions, "instances", index, tr("Recover %1").replace("%1", what)
            )
    return None


T = TypeVar("T")


# --- campaign-wide: a setting, R7 start session ------------------------------------------------


class SetCampaignSettingCommand(QUndoCommand, Generic[T]):
    """One undo step: one of the campaign's settings (its house rules, its game) from
    ``old`` to ``new``; ``apply`` puts a value in place and tells whoever follows it."""

    def __init__(self, text: str, old: T, new: T, apply: Callable[[T], None]) -> None:
        super().__init__(text)
        self.old, self.new, self.apply = old, new, apply

    def redo(self) -> None:
        self.apply(self.new)

    def undo(self) -> None:
        self.apply(self.old)


class StartSessionCommand(QUndoCommand):
    """R7: every player character starts the session with 1 action point (one undo step).

    Lives on the campaign's undo stack; each changed character is ``touch``ed so it counts
    as modified until saved (or until this command is undone).
    """

    def __init__(
        self,
        campaign: Campaign,
        documents: Sequence[CharacterDocument],
        set_session: Any,
    ) -> None:
        carry = campaign.house_rules.action_points_carry_over
        number = campaign.session + 1
        super().__init__(tr("Start session %1").replace("%1", str(number)))
        self.set_session = set_session  # callable(int): the campaign's session number
        self.old_session, self.new_session = campaign.session, number
        self.changes = [
            (
                doc,
                doc.character.action_points,
                session_action_points(doc.character.action_points, carry),
            )
            for doc in documents
            if doc.character.kind == "character"
        ]

    def redo(self) -> None:
        for doc, _old, new in self.changes:
            doc.set_field(doc.character, "action_points", new)
            doc.touch(+1)
        self.set_session(self.new_session)

    def undo(self) -> None:
        for doc, old, _new in self.changes:
            doc.set_field(doc.character, "action_points", old)
            doc.touch(-1)
        self.set_session(self.old_session)


class AdvanceCommand(DocumentCommand):
    """Character Points spent on one pip (OpenD6 advancement): the row's code goes up, the
    points come off, the log gains an entry; undo takes all three back."""

    def __init__(self, doc: CharacterDocument, row: BaseModel, step: Raise, when: str = "") -> None:
        super().__init__(doc, f"Raise {step.label} to {step.after}")
        self.row, self.step = row, step
        self.entry = Advance(
            what=step.label, before=step.before, after=step.after, cost=step.cost, when=when
        )

    def redo(self) -> None:
        character = self.doc.character
        self.doc.set_field(self.row, "code", self.step.after)
        self.doc.set_field(
            character, "character_points", character.character_points - self.step.cost
        )
        self.doc.insert_item(character, "advancements", len(character.advancements), self.entry)

    def undo(self) -> None:
        character = self.doc.character
        self.doc.remove_item(character, "advancements", len(character.advancements) - 1)
        self.doc.set_field(
            character, "character_points", character.character_points + self.step.cost
        )
        self.doc.set_field(self.row, "code", self.step.before)


class AwardPointsCommand(QUndoCommand):
    """The GM's end-of-session awards to the party (OpenD6): Character Points, and Fate
    Points given back for heroic use; one undo step on the campaign's stack, each changed
    character ``touch``ed so it counts as modified until saved."""

    def __init__(self, awards: Sequence[tuple[CharacterDocument, int, int]]) -> None:
        super().__init__(tr("Award points to the party"))
        self.awards = [(doc, cp, fp) for doc, cp, fp in awards if cp or fp]

    def redo(self) -> None:
        for doc, cp, fp in self.awards:
            character = doc.character
            doc.set_field(character, "character_points", character.character_points + cp)
            doc.set_field(character, "fate_points", character.fate_points + fp)
            doc.touch(+1)

    def undo(self) -> None:
        for doc, cp, fp in self.awards:
            character = doc.character
            doc.set_field(character, "character_points", character.character_points - cp)
            doc.set_field(character, "fate_points", character.fate_points - fp)
            doc.touch(-1)

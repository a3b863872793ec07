"""Undoable edits on a character document: every kind of command, its undo and redo, the
modified flag, refused edits (never pushed), and R7 "start session"."""

from __future__ import annotations

from typing import Any

import pytest

from sheets.dice import DieCode
from sheets.documents import Campaign, Skill, Weapon, new_character
from tests.ui_helpers import SignalLog, sample_document
from ui import commands
from ui.workspace.character_document import CharacterDocument


@pytest.fixture
def doc(qapp: Any) -> CharacterDocument:
    return sample_document()


def test_set_field_undo_redo_and_modified_flag(doc: CharacterDocument) -> None:
    flags: list[bool] = []
    doc.modifiedChanged.connect(flags.append)
    command = commands.set_field(doc, doc.character, "player", "Alex")
    assert command is not None and command.text() == "Change player"
    doc.push(command)
    assert doc.character.player == "Alex" and doc.modified
    doc.undo_stack.undo()
    assert doc.character.player == "Sam" and not doc.modified
    doc.undo_stack.redo()
    assert doc.character.player == "Alex"
    assert flags == [True, False, True]


def test_unchanged_value_makes_no_command(doc: CharacterDocument) -> None:
    assert commands.set_field(doc, doc.character, "player", "  Sam ") is None  # trimmed: same


def test_refused_values_raise_with_the_reason_and_change_nothing(doc: CharacterDocument) -> None:
    dodge = doc.character.ability("Dexterity").skill("Dodge")  # type: ignore[union-attr]
    assert dodge is not None
    with pytest.raises(ValueError, match="not a die code like 3D\\+2"):
        commands.set_field(doc, dodge, "code", "3x")
    with pytest.raises(ValueError, match="below 0D"):
        commands.set_field(doc, dodge, "code", "-1D")
    with pytest.raises(ValueError, match="always Dynamic"):  # R2
        commands.set_field(doc, doc.character, "importance", "stock")
    with pytest.raises(ValueError, match="already used"):
        commands.set_field(doc, dodge, "name", "firearms")
    assert dodge.code == DieCode(1) and dodge.name == "Dodge"
    assert doc.character.importance == "dynamic"
    assert doc.undo_stack.count() == 0


def test_die_codes_are_stored_normalised(doc: CharacterDocument) -> None:
    dodge = doc.character.ability("Dexterity").skill("Dodge")  # type: ignore[union-attr]
    assert dodge is not None
    command = commands.set_field(doc, dodge, "code", "1d6+4")  # R1: 4 pips are 1D+1
    assert command is not None
    doc.push(command)
    assert dodge.code == DieCode(2, 1)


def test_insert_remove_move_and_their_undo(doc: CharacterDocument) -> None:
    log = SignalLog(doc)
    dexterity = doc.character.ability("Dexterity")
    assert dexterity is not None
    names = [s.name for s in dexterity.skills]
    skill = Skill(name="Acrobatics", code=DieCode(1))
    doc.push(commands.insert_item(doc, dexterity, "skills", 1, skill, "Add skill"))
    assert [s.name for s in dexterity.skills] == [names[0], "Acrobatics", *names[1:]]
    assert dexterity.skills[1] is skill
    assert ("about-insert", "skills", 1, 1) in log.events and (
        "inserted",
        "skills",
        1,
        1,
    ) in log.events

    move = commands.move_item(doc, dexterity, "skills", 1, 0, "Move")
    assert move is not None
    doc.push(move)
    assert dexterity.skills[0] is skill
    doc.push(commands.remove_item(doc, dexterity, "skills", 0, "Remove"))
    assert [s.name for s in dexterity.skills] == names

    doc.undo_stack.undo()  # the same object comes back where it was
    assert dexterity.skills[0] is skill
    doc.undo_stack.undo()
    assert dexterity.skills[1] is skill
    doc.undo_stack.undo()
    assert [s.name for s in dexterity.skills] == names
    assert not doc.modified


def test_insert_of_a_duplicate_name_is_refused(doc: CharacterDocument) -> None:
    with pytest.raises(ValueError, match="two weapons are named"):
        commands.insert_item(
            doc,
            doc.character,
            "weapons",
            0,
            Weapon(name="walther ppk", damage=DieCode(3)),
            "Add weapon",
        )


def test_move_out_of_range_is_no_command(doc: CharacterDocument) -> None:
    assert commands.move_item(doc, doc.character, "abilities", 0, -1, "Move") is None
    assert commands.move_item(doc, doc.character, "abilities", 5, 6, "Move") is None


def test_points_plus_minus_merge_into_one_step(doc: CharacterDocument) -> None:
    start = doc.character.fate_points
    for delta in (+1, +1, +1):
        command = commands.adjust_points(doc, "fate_points", delta)
        assert command is not None
        doc.push(command)
    assert doc.character.fate_points == start + 3
    assert doc.undo_stack.count() == 1  # one run of clicks, one undo step
    doc.undo_stack.undo()
    assert doc.character.fate_points == start


def test_points_never_go_below_zero(doc: CharacterDocument) -> None:
    command = commands.set_field(doc, doc.character, "action_points", 0)
    assert command is not None
    doc.push(command)
    assert commands.adjust_points(doc, "action_points", -1) is None


def test_plus_then_minus_leaves_nothing_to_undo(doc: CharacterDocument) -> None:
    for delta in (+1, -1):
        command = commands.adjust_points(doc, "fame", delta)
        assert command is not None
        doc.push(command)
    assert doc.undo_stack.count() == 0 and not doc.modified


def test_track_hits_add_ranks_and_recovery_removes_them(doc: CharacterDocument) -> None:
    conditions = doc.character.conditions
    doc.push(commands.add_track_hit(doc, "damage", 2))  # R5 ruling: r ranks per hit
    doc.push(commands.add_track_hit(doc, "damage", 1))
    assert conditions.track_ranks("damage") == 3
    assert conditions.track_level("damage") == 3  # Wounded
    first = conditions.instances[0]
    recover = commands.recover_condition(doc, first.id)
    assert recover is not None
    doc.push(recover)
    assert conditions.track_ranks("damage") == 1
    doc.undo_stack.undo()
    assert conditions.instances[0] is first and conditions.track_ranks("damage") == 3
    assert commands.recover_condition(doc, "no-such-id") is None


def test_named_condition_and_status_level(doc: CharacterDocument) -> None:
    doc.push(commands.add_named_condition(doc, "Blinded", 2, "one_round"))
    named = doc.character.conditions.instances[-1]
    assert named.name == "Blinded" and named.track is None and named.ranks == 2
    status = doc.character.conditions.statuses[0]
    command = commands.set_field(doc, status, "level", 2)
    assert command is not None
    doc.push(command)
    assert status.level == 2
    with pytest.raises(ValueError, match="at most 4"):
        commands.set_field(doc, status, "level", 5)


def test_replace_character_is_undoable(doc: CharacterDocument) -> None:
    original = doc.character
    other = new_character("Someone else")
    resets: list[str] = []
    doc.reset.connect(lambda: resets.append("reset"))
    doc.push(commands.ReplaceCharacterCommand(doc, other, "Restore"))
    assert doc.character is other and doc.modified
    doc.undo_stack.undo()
    assert doc.character is original and not doc.modified
    assert resets == ["reset", "reset"]


def test_unique_name() -> None:
    skills = [Skill(name="New skill"), Skill(name="New skill 2")]
    assert commands.unique_name("New skill", skills) == "New skill 3"
    assert commands.unique_name("Other", skills) == "Other"


# --- R7 start session -----------------------------------------------------------------------


def _party(qapp: Any) -> tuple[list[CharacterDocument], Campaign]:
    docs = [
        sample_document("greta-vance.json"),
        sample_document("jack-calloway.json"),
        sample_document("company-guard.json"),  # an NPC: untouched
    ]
    return docs, Campaign(title="Test", session=3)


@pytest.mark.parametrize(("carry", "expected"), [(False, 1), (True, 3)])
def test_start_session_sets_or_adds_action_points(qapp: Any, carry: bool, expected: int) -> None:
    docs, campaign = _party(qapp)
    campaign.house_rules.action_points_carry_over = carry
    greta, jack, guard = docs
    for pc in (greta, jack):
        pc.character.action_points = 2
    guard_points = guard.character.action_points
    numbers: list[int] = []

    def set_session(number: int) -> None:
        campaign.session = number
        numbers.append(number)

    command = commands.StartSessionCommand(campaign, docs, set_session)
    command.redo()
    assert greta.character.action_points == expected == jack.character.action_points
    assert guard.character.action_points == guard_points
    assert campaign.session == 4
    assert greta.modified and jack.modified and not guard.modified  # touched, not on their stacks
    command.undo()
    assert greta.character.action_points == 2 == jack.character.action_points
    assert campaign.session == 3 and numbers == [4, 3]
    assert not greta.modified and not jack.modified


def test_saving_after_start_session_clears_the_touch(qapp: Any) -> None:
    from sheets.storage import FileStamp

    docs, campaign = _party(qapp)
    command = commands.StartSessionCommand(campaign, docs, lambda n: None)
    command.redo()
    greta = docs[0]
    assert greta.path is not None
    greta.mark_saved(greta.path, FileStamp(0, 0, ""))
    assert not greta.modified
    command.undo()  # the saved file now has the session's points: undoing changes it again
    assert greta.modified

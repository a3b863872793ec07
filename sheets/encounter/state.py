"""The engine's view over an Encounter document and the characters it references.

The document is the only state: this view adds lookups (combatant by id, the sheet
behind each combatant) and one derived index (which timed conditions each anchor counts
down, R6), kept in step by the commands' recorded changes.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from sheets.conditions import OUT_OF_ACTION, TRACK_NAMES, TrackName, track_level
from sheets.damage import (
    body_points_out,
    body_points_significant,
    wound_is_out,
    wound_is_significant,
    wound_name,
)
from sheets.documents import Character, Combatant, ConditionInstance, Encounter, HouseRules
from sheets.encounter.changes import Changes
from sheets.encounter.durations import TIMED, Moment

INCAPACITATED = 4  # R5: level 4 of the damage and body tracks: can decide, cannot act

ConditionRef = tuple[str, str]
"""(combatant id, condition id) of a condition created in the encounter."""


def changes_actions(instance: ConditionInstance) -> bool:
    """Whether the condition adds or removes full or bonus actions (R4 effects)."""
    modifier = instance.modifier
    return modifier is not None and bool(modifier.full_actions or modifier.bonus_actions)


class CommandRefused(Exception):
    """A command the rules do not allow now; the message says why, for the table."""


class EncounterView:
    """Lookups over one encounter; the only thing it caches is derived from the document."""

    def __init__(
        self,
        encounter: Encounter,
        characters: Mapping[str, Character],
        rules: HouseRules,
    ) -> None:
        self.encounter = encounter
        self.characters = characters
        self.rules = rules
        self.by_id: dict[str, Combatant] = {}
        self.anchored: dict[str, dict[ConditionRef, ConditionInstance]] = {}
        self.budget_watch: set[str] = set()
        self.rebuild()

    def rebuild(self) -> None:
        """Recompute the lookups from the document (after an outside edit)."""
        missing = [
            c.character_file
            for c in self.encounter.combatants
            if c.character is None and c.character_file not in self.characters
        ]
        if missing:
            raise ValueError(
                "the encounter names character files not given: "
                + ", ".join(str(m) for m in missing)
            )
        self.by_id = {c.id: c for c in self.encounter.combatants}
        self.anchored = {}
        for combatant in self.encounter.combatants:
            for instance in combatant.conditions:
                self.index_add(combatant.id, instance)
        self.budget_watch = {
            c.id
            for c in self.encounter.combatants
            if any(changes_actions(i) for i in self.conditions(c))
        }

    # --- lookups -----------------------------------------------------------------------

    def combatant(self, combatant_id: str) -> Combatant:
        found = self.by_id.get(combatant_id)
        if found is None:
            raise CommandRefused(f"there is no combatant '{combatant_id}' in this encounter")
        return found

    def character(self, combatant: Combatant) -> Character:
        if combatant.character is not None:
            return combatant.character
        return self.characters[str(combatant.character_file)]

    def sheet_of(self, combatant_id: str) -> Character:
        return self.character(self.combatant(combatant_id))

    def conditions(self, combatant: Combatant) -> Iterator[ConditionInstance]:
        """The sheet's standing conditions, then those created in this encounter."""
        yield from self.character(combatant).conditions.instances
        yield from combatant.conditions

    def is_player_character(self, combatant: Combatant) -> bool:
        return self.character(combatant).kind == "character"

    def side_is_players(self, side: str) -> bool:
        key = side.casefold()
        return any(s.player_side and s.name.casefold() == key for s in self.encounter.sides)

    # --- R5 tracks ---------------------------------------------------------------------

    def track_ranks(self, combatant: Combatant, track: TrackName) -> int:
        return sum(i.ranks for i in self.conditions(combatant) if i.track == track)

    def track_level(self, combatant: Combatant, track: TrackName) -> int:
        length = self.character(combatant).encounter_length
        return track_level(self.track_ranks(combatant, track), length)

    def track_levels(self, combatant: Combatant) -> dict[TrackName, int]:
        """Every R5 track's level, from one pass over the conditions (a tracker row asks
        for all of them, at a round change for every row on screen)."""
        ranks = dict.fromkeys(TRACK_NAMES, 0)
        for instances in (self.character(combatant).conditions.instances, combatant.conditions):
            for instance in instances:
                if instance.track in ranks:
                    ranks[instance.track] += instance.ranks
        length = self.character(combatant).encounter_length
        return {track: track_level(count, length) for track, count in ranks.items()}

    def worst_level(self, combatant: Combatant) -> int:
        return max(self.track_levels(combatant).values())

    def out_by_damage_system(self, combatant: Combatant) -> bool:
        """R10: no wounds (Incapacitated or worse) or no body points left, when the
        campaign plays one of the OpenD6 damage systems."""
        system = self.rules.damage_system
        if system == "wounds":
            return wound_is_out(self.character(combatant).wound_level)
        if system == "body_points":
            points = self.character(combatant).body_points
            return points is not None and body_points_out(points)
        return False

    def significantly_harmed(self, combatant: Combatant) -> bool:
        """R8: harm that spoils a clean victory. Ruling (ours): Wounded (damage level 3)
        or worse; under R10, Wounded or worse on the wound chart, or half the body points
        gone."""
        system = self.rules.damage_system
        sheet = self.character(combatant)
        if system == "wounds" and wound_is_significant(sheet.wound_level):
            return True
        if system == "body_points" and body_points_significant(
            sheet.body_points_left(), sheet.body_points_maximum()
        ):
            return True
        return self.track_level(combatant, "damage") >= 3

    def is_out(self, combatant: Combatant, levels: Mapping[TrackName, int] | None = None) -> bool:
        """R5: a track at Out of Action (the encounter length decides where that is);
        R10: or out of wounds or body points (``out_by_damage_system``). ``levels``: the
        combatant's ``track_levels`` when the caller has them already."""
        if self.rules.damage_system != "conditions" and self.out_by_damage_system(combatant):
            return True
        if levels is not None:
            return max(levels.values()) >= OUT_OF_ACTION
        if not combatant.conditions and not self.character(combatant).conditions.instances:
            return False
        return self.worst_level(combatant) >= OUT_OF_ACTION

    def cannot_act(
        self, combatant: Combatant, levels: Mapping[TrackName, int] | None = None
    ) -> str | None:
        """Why this combatant cannot act now (R5, R6, R10), or None. ``levels``: as
        ``is_out``."""
        if combatant.conceded:
            return f"{combatant.name} has conceded and takes no more actions (R6)"
        if self.out_by_damage_system(combatant):
            sheet = self.character(combatant)
            if self.rules.damage_system == "wounds":
                return f"{combatant.name} is {wound_name(sheet.wound_level)}: out of action (R10)"
            return f"{combatant.name} has no body points left: out of action (R10)"
        if levels is None:
            levels = self.track_levels(combatant)
        if self.is_out(combatant, levels):
            return f"{combatant.name} is Out of Action (R5)"
        if INCAPACITATED in (levels["damage"], levels["body"]):
            return f"{combatant.name} is incapacitated: can decide, cannot act (R5)"
        return None

    def unresisting(
        self, combatant: Combatant, levels: Mapping[TrackName, int] | None = None
    ) -> str | None:
        """Why this combatant can act but cannot decide (R5 Unresisting), or None.

        Ruling (ours): the seed ties deciding to the Willpower condition; a Broken
        willpower, or a composure track at Demoralized (the mind's Incapacitated), leaves
        the combatant Unresisting: the GM decides for it. ``levels``: as ``is_out``."""
        if self.character(combatant).conditions.willpower == "broken":
            return f"{combatant.name}'s willpower is Broken: can act, cannot decide (R5)"
        composure = (
            levels["composure"] if levels is not None else self.track_level(combatant, "composure")
        )
        if composure == INCAPACITATED:
            return f"{combatant.name} is Demoralized: can act, cannot decide (R5)"
        return None

    def is_active(self, combatant: Combatant) -> bool:
        """Still in the fight: neither conceded nor Out of Action (R6)."""
        return not combatant.conceded and not self.is_out(combatant)

    # --- turns -------------------------------------------------------------------------

    def actor(self) -> str | None:
        """Whose turn is running, or None (no round yet, or the encounter is not running)."""
        enc = self.encounter
        if enc.state != "running" or enc.round == 0 or not enc.turn_order:
            return None
        return enc.turn_order[enc.current_turn]

    def moment(self, owner: str) -> Moment:
        combatant = self.by_id.get(owner)
        done = combatant is not None and combatant.last_turn >= self.encounter.round > 0
        return Moment(self.encounter.round, self.actor(), done)

    # --- the anchor index (R6 expiry) --------------------------------------------------

    def index_add(self, owner: str, instance: ConditionInstance) -> None:
        if instance.anchor is not None and instance.duration in TIMED:
            self.anchored.setdefault(instance.anchor, {})[(owner, instance.id)] = instance
        if changes_actions(instance):
            self.watch_budget(owner)

    def watch_budget(self, owner: str) -> None:
        """A condition that adds or removes actions (R4) came to ``owner``: a new round
        works out its budget in full, and that of everyone playing the same sheet. Never
        unwatched: a watched combatant without one costs a round start a few microseconds,
        an unwatched one with one would lose an action (``start_round``)."""
        combatant = self.combatant(owner)
        self.budget_watch.add(owner)
        if combatant.character_file is not None:
            self.budget_watch.update(
                c.id
                for c in self.encounter.combatants
                if c.character_file == combatant.character_file
            )

    def index_remove(self, owner: str, instance: ConditionInstance) -> None:
        if instance.anchor is not None:
            bucket = self.anchored.get(instance.anchor)
            if bucket is not None:
                bucket.pop((owner, instance.id), None)
                if not bucket:
                    del self.anchored[instance.anchor]

    def find_condition(self, owner: str, condition_id: str) -> tuple[list[ConditionInstance], int]:
        """The list holding the condition (the encounter's or the sheet's) and its index."""
        combatant = self.combatant(owner)
        for items in (combatant.conditions, self.character(combatant).conditions.instances):
            for index, instance in enumerate(items):
                if instance.id == condition_id:
                    return items, index
        raise CommandRefused(f"{combatant.name} has no condition '{condition_id}'")

    # --- recorded changes that keep the index in step -----------------------------------

    def _sharing(self, owner: str, items: list[ConditionInstance]) -> list[str]:
        """The owner, and when ``items`` is a sheet's list, everyone playing that sheet."""
        combatant = self.combatant(owner)
        if items is combatant.conditions or combatant.character_file is None:
            return [owner]
        return [
            c.id for c in self.encounter.combatants if c.character_file == combatant.character_file
        ]

    def add_instance(self, changes: Changes, owner: str, instance: ConditionInstance) -> None:
        combatant = self.combatant(owner)
        changes.append(combatant.conditions, instance)
        changes.mark(owner)
        self.index_add(owner, instance)
        changes.hook(
            lambda: self.index_remove(owner, instance), lambda: self.index_add(owner, instance)
        )

    def remove_instance(
        self, changes: Changes, owner: str, items: list[ConditionInstance], index: int
    ) -> ConditionInstance:
        instance: ConditionInstance = changes.pop(items, index)
        changes.mark(*self._sharing(owner, items))
        self.index_remove(owner, instance)
        changes.hook(
            lambda: self.index_add(owner, instance), lambda: self.index_remove(owner, instance)
        )
        return instance

    def replace_instance(
        self,
        changes: Changes,
        owner: str,
        items: list[ConditionInstance],
        index: int,
        new: ConditionInstance,
    ) -> None:
        """Swap one condition for a changed copy (a duration change, R4)."""
        old = items[index]
        changes.pop(items, index)
        changes.insert(items, index, new)
        changes.mark(*self._sharing(owner, items))
        self.index_remove(owner, old)
        self.index_add(owner, new)

        def undo() -> None:
            self.index_remove(owner, new)
            self.index_add(owner, old)

        def redo() -> None:
            self.index_remove(owner, old)
            self.index_add(owner, new)

        changes.hook(undo, redo)

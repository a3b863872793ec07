"""The dice panel's words for rules terms, wrapped for translation.

``sheets`` speaks English for the command line; every string a panel user reads goes
through here (context ``Dice``) so a translation catalogue can replace it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from sheets.dice import CriticalFailure, DieKind, DropReason, RollSpec
from sheets.results import Duration, rank_of, result_points, succeeds


def option_explanations() -> dict[str, str]:
    """What's This for each option of the dice form (keyed by its widget's name), in
    plain words: the rule references stay in the tooltips."""
    return {
        "code_edit": QCoreApplication.translate(
            "Dice",
            "The dice to roll: 3D+2 is three dice plus 2. Type 5D+4 and it becomes 6D+1: "
            "three pips make a die.",
        ),
        "sides_combo": QCoreApplication.translate(
            "Dice", "Six-sided dice, unless an effect says otherwise."
        ),
        "wild_spin": QCoreApplication.translate(
            "Dice",
            "How many of the dice are Wild Dice. A Wild Die showing 6 is rolled again and "
            "added; a 1 on it is a critical failure.",
        ),
        "critical_combo": QCoreApplication.translate(
            "Dice",
            "What a 1 on the Wild Die does: the Game Master adds a complication, the Wild "
            "Die counts zero, or it takes the highest other die with it. The campaign decides.",
        ),
        "advantage_spin": QCoreApplication.translate(
            "Dice",
            "Roll everything twice and keep the better set. Advantage and Disadvantage "
            "cancel one for one.",
        ),
        "disadvantage_spin": QCoreApplication.translate(
            "Dice", "Roll everything twice and keep the worse set."
        ),
        "boost_spin": QCoreApplication.translate(
            "Dice", "Roll this many extra dice, then drop the same number of the lowest dice."
        ),
        "penalty_spin": QCoreApplication.translate(
            "Dice", "Roll this many extra dice, then drop the same number of the highest dice."
        ),
        "modifier_spin": QCoreApplication.translate(
            "Dice", "A number added to the total after the roll."
        ),
        "difficulty_spin": QCoreApplication.translate(
            "Dice",
            "The number to meet or beat: Easy 10, Moderate 15, Difficult 20, Very Difficult "
            "25, Heroic 30. None: the total is all that counts.",
        ),
        "luck_check": QCoreApplication.translate(
            "Dice",
            "Spend a Fate Point: the dice (not the pips) are doubled for this roll, and the "
            "point is gone.",
        ),
        "successes_check": QCoreApplication.translate(
            "Dice",
            "Count successes instead of adding: every die showing 3 or more is one success "
            "(D6 Legend).",
        ),
        "flips_box": QCoreApplication.translate(
            "Dice", "Turn the ticked faces over after the roll: a 1 reads as a 6, a 2 as a 5."
        ),
    }


def critical_rule_name(rule: CriticalFailure) -> str:
    """R3 step 3 setting `critical_failure`."""
    return {
        "complication": QCoreApplication.translate("Dice", "Complication (the 1 stays)"),
        "zero": QCoreApplication.translate("Dice", "Zero (the Wild Die leaves)"),
        "drop_highest": QCoreApplication.translate("Dice", "Drop highest (and the top die)"),
    }[rule]


def kind_caption(kind: DieKind) -> str:
    """The short caption under a die of each kind (R3 roll log)."""
    return {
        "regular": "",
        "luck": QCoreApplication.translate("Dice", "Luck"),
        "wild": QCoreApplication.translate("Dice", "Wild"),
        "boost": QCoreApplication.translate("Dice", "Boost"),
        "penalty": QCoreApplication.translate("Dice", "Penalty"),
        "character_point": QCoreApplication.translate("Dice", "CP"),
        "action_point": QCoreApplication.translate("Dice", "AP"),
    }[kind]


def kind_name(kind: DieKind) -> str:
    """The kind of a die in full, for accessible text and tooltips."""
    return {
        "regular": QCoreApplication.translate("Dice", "regular die"),
        "luck": QCoreApplication.translate("Dice", "luck die"),
        "wild": QCoreApplication.translate("Dice", "Wild Die"),
        "boost": QCoreApplication.translate("Dice", "Boost die"),
        "penalty": QCoreApplication.translate("Dice", "Penalty die"),
        "character_point": QCoreApplication.translate("Dice", "Character Point die"),
        "action_point": QCoreApplication.translate("Dice", "action point die"),
    }[kind]


def drop_reason(reason: DropReason) -> str:
    """Why a die adds nothing (R3 steps 3 and 5)."""
    return {
        "critical": QCoreApplication.translate("Dice", "left on a critical failure"),
        "critical_highest": QCoreApplication.translate("Dice", "left with the critical failure"),
        "boost": QCoreApplication.translate("Dice", "discarded for Boost"),
        "penalty": QCoreApplication.translate("Dice", "discarded for Penalty"),
    }[reason]


def severity(number: int) -> str:
    """R4 severity by rank."""
    names = (
        QCoreApplication.translate("Dice", "minimal"),
        QCoreApplication.translate("Dice", "adequate"),
        QCoreApplication.translate("Dice", "moderate"),
        QCoreApplication.translate("Dice", "complete"),
        QCoreApplication.translate("Dice", "excessive"),
        QCoreApplication.translate("Dice", "overwhelming"),
    )
    return names[number - 1]


def duration(value: Duration) -> str:
    """R4 duration by rank."""
    return {
        Duration.ONE_TURN: QCoreApplication.translate("Dice", "one full turn"),
        Duration.ONE_ROUND: QCoreApplication.translate("Dice", "one full round"),
        Duration.ROUNDS: QCoreApplication.translate("Dice", "a number of rounds"),
        Duration.END_OF_ENCOUNTER: QCoreApplication.translate("Dice", "until end of encounter"),
        Duration.END_OF_SCENE: QCoreApplication.translate("Dice", "until end of scene"),
        Duration.UNTIL_RECOVERED: QCoreApplication.translate("Dice", "until recovered"),
    }[value]


def difficulty_band(difficulty: int) -> str:
    """R4: the band a difficulty falls in."""
    rank = rank_of(difficulty)
    if rank is None:
        return QCoreApplication.translate("Dice", "Trivial")
    names = (
        QCoreApplication.translate("Dice", "Very Easy"),
        QCoreApplication.translate("Dice", "Easy"),
        QCoreApplication.translate("Dice", "Moderate"),
        QCoreApplication.translate("Dice", "Difficult"),
        QCoreApplication.translate("Dice", "Very Difficult"),
        QCoreApplication.translate("Dice", "Heroic"),
    )
    return names[rank.number - 1]


def rank_label(number: int) -> str:
    """`no rank` or `rank 3`."""
    if number == 0:
        return QCoreApplication.translate("Dice", "no rank")
    return QCoreApplication.translate("Dice", "rank %1").replace("%1", str(number))


def spec_text(spec: RollSpec) -> str:
    """`5D+2, 1 Wild Die, Advantage, Boost 2, F1 F6, +2`: the options in force (R3)."""
    parts = [str(spec.code) if spec.sides == 6 else f"{spec.code} (D{spec.sides})"]
    if spec.luck:
        parts.append(QCoreApplication.translate("Dice", "luck"))
    wild = spec.wild_count
    if wild == 1:
        parts.append(QCoreApplication.translate("Dice", "1 Wild Die"))
    else:
        parts.append(QCoreApplication.translate("Dice", "%1 Wild Dice").replace("%1", str(wild)))
    if wild and spec.critical_failure != "complication":
        parts.append(critical_rule_name(spec.critical_failure).split(" (")[0].lower())
    if spec.advantage_sign:
        parts.append(
            QCoreApplication.translate("Dice", "Advantage")
            if spec.advantage_sign > 0
            else QCoreApplication.translate("Dice", "Disadvantage")
        )
    if spec.net_boost > 0:
        parts.append(
            QCoreApplication.translate("Dice", "Boost %1").replace("%1", str(spec.net_boost))
        )
    elif spec.net_boost < 0:
        parts.append(
            QCoreApplication.translate("Dice", "Penalty %1").replace("%1", str(-spec.net_boost))
        )
    if spec.flips:
        parts.append(" ".join(f"F{face}" for face in sorted(spec.flips)))
    if spec.modifier:
        parts.append(f"{spec.modifier:+d}")
    if spec.count_successes:
        parts.append(QCoreApplication.translate("Dice", "successes"))
    return ", ".join(parts)


def total_text(total: int, count_successes: bool) -> str:
    if count_successes:
        if total == 1:
            return QCoreApplication.translate("Dice", "1 success")
        return QCoreApplication.translate("Dice", "%1 successes").replace("%1", str(total))
    return QCoreApplication.translate("Dice", "Total %1").replace("%1", str(total))


def effect_text() -> str:
    """R4 effect roll: damage makes no ranks of its own; the GM reads it against the
    target's resistance (R10 wound chart, body points, or a condition)."""
    return QCoreApplication.translate(
        "Dice", "damage: the Game Master compares it with the target's resistance"
    )


def outcome_text(total: int, against: int | None) -> str:
    """R4: result points, rank, severity and duration in one line."""
    points = result_points(total, against)
    rank = rank_of(points)
    if against is None:
        head = QCoreApplication.translate("Dice", "standing check: %1 result points")
    else:
        # The verdict first: meet or beat succeeds, a tie too (R4).
        head = (
            QCoreApplication.translate("Dice", "vs %2: Success, %1 result points")
            if succeeds(points)
            else QCoreApplication.translate("Dice", "vs %2: Failure, %1 result points")
        ).replace("%2", str(against))
    head = head.replace("%1", f"{points:+d}" if against is not None else str(points))
    if rank is None:
        if against is None:
            return head + QCoreApplication.translate("Dice", ", no rank")
        tie = QCoreApplication.translate("Dice", ", no rank (a tie)")
        return head + (tie if points == 0 else "")
    tail = QCoreApplication.translate("Dice", ", rank %1 (%2), lasts %3")
    return head + tail.replace("%1", str(rank.number)).replace("%2", severity(rank.number)).replace(
        "%3", duration(rank.duration)
    )

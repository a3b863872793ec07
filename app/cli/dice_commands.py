"""``wilddie roll`` and ``wilddie odds``: the R3 pipeline and its exact odds."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from sheets.dice import CRITICAL_FAILURE_RULES, DieCode, RollSpec, roll_seeded
from sheets.dice.text import describe_roll, describe_spec, roll_as_dict, spec_as_dict
from sheets.odds import chance_at_least, distribution, mean, rank_chances
from sheets.results import RANKS

_SHOWN_BELOW = 5e-5  # the readable odds table leaves out totals rarer than this


def register(subparsers: Any) -> None:
    roll_parser = subparsers.add_parser(
        "roll", help="roll a die code through the R3 pipeline", description=_ROLL_HELP
    )
    _add_spec_options(roll_parser)
    roll_parser.add_argument("--seed", type=int, help="replay a roll from its seed")
    roll_parser.set_defaults(func=_roll)

    odds_parser = subparsers.add_parser(
        "odds", help="exact odds of every total", description=_ODDS_HELP
    )
    _add_spec_options(odds_parser)
    odds_parser.set_defaults(func=_odds)


_ROLL_HELP = "Roll a die code (R1) with every option of the roll pipeline (R3)."
_ODDS_HELP = "The exact probability of every total (R3), and of each rank against a number (R4)."


# argparse takes "-1D" for an option unless it looks like a negative number; a die code
# below 0D is one (R1: it rolls nothing), so it counts as one here. The parser has no
# option that looks like a number, so the code is then read as the positional.
_NEGATIVE_NUMBER_OR_CODE = re.compile(r"^-\d+(\.\d+)?([dD](\d+)?([+-]\d+)?)?$")


def _add_spec_options(parser: argparse.ArgumentParser) -> None:
    parser._negative_number_matcher = _NEGATIVE_NUMBER_OR_CODE
    parser.add_argument("code", help="a die code such as 5D+2, 3d6+1 or -1D")
    parser.add_argument("--wild", type=int, default=1, metavar="N", help="Wild Dice (R3 step 2)")
    parser.add_argument(
        "--crit",
        choices=CRITICAL_FAILURE_RULES,
        default="complication",
        help="what a Wild Die's 1 does (R3 step 3)",
    )
    parser.add_argument("--luck", action="store_true", help="a Luck/Fate point doubles the dice")
    parser.add_argument("--advantage", type=int, default=0, metavar="N")
    parser.add_argument("--disadvantage", type=int, default=0, metavar="N")
    parser.add_argument("--boost", type=int, default=0, metavar="N")
    parser.add_argument("--penalty", type=int, default=0, metavar="N")
    parser.add_argument(
        "--flip",
        type=int,
        nargs="+",
        action="extend",
        default=[],
        metavar="F",
        help="dice flips: faces that turn over (R3 step 6)",
    )
    parser.add_argument("--sides", type=int, default=6, metavar="N", help="other dice (D4..D20)")
    parser.add_argument("--modifier", type=int, default=0, metavar="M", help="+/- after the roll")
    parser.add_argument("--successes", action="store_true", help="D6 Legend success counting")
    parser.add_argument("--vs", type=int, metavar="DIFFICULTY", help="a difficulty or resistance")
    parser.add_argument("--json", action="store_true", help="print JSON")


def _spec(args: argparse.Namespace) -> RollSpec:
    from app.cli.errors import CliError

    try:
        return RollSpec(
            code=DieCode.parse(args.code),
            wild_dice=args.wild,
            critical_failure=args.crit,
            luck=args.luck,
            advantage=args.advantage,
            disadvantage=args.disadvantage,
            boost=args.boost,
            penalty=args.penalty,
            flips=frozenset(args.flip),
            sides=args.sides,
            modifier=args.modifier,
            count_successes=args.successes,
        )
    except ValueError as error:
        raise CliError(str(error)) from None


def _rewritten(args: argparse.Namespace, spec: RollSpec) -> str | None:
    """``5D+4 is 6D+1``: the code as written carried its pips into dice (R1), or None."""
    written = args.code.strip().upper().replace(" ", "").replace("D6", "D")
    return f"{args.code.strip()} is {spec.code}" if written != str(spec.code) else None


def _roll(args: argparse.Namespace) -> int:
    spec = _spec(args)
    result = roll_seeded(spec, args.seed)
    note = _rewritten(args, spec)
    if args.json:
        data = roll_as_dict(result, args.vs)
        if note is not None:
            data["written_as"] = args.code.strip()
        print(json.dumps(data, indent=2))
    else:
        if note is not None:
            print(note)
        print("\n".join(describe_roll(result, args.vs)))
    return 0


def _odds(args: argparse.Namespace) -> int:
    from app.cli.errors import CliError

    spec = _spec(args)
    try:
        odds = distribution(spec)
    except ValueError as error:
        raise CliError(str(error)) from None
    average = mean(odds)
    if args.json:
        data: dict[str, Any] = {
            "spec": spec_as_dict(spec),
            "mean": average,
            "distribution": {str(total): p for total, p in odds.items()},
        }
        if args.vs is not None:
            data["against"] = args.vs
            data["chance_to_reach"] = chance_at_least(odds, args.vs)
            data["rank_chances"] = {str(k): p for k, p in rank_chances(odds, args.vs).items()}
        print(json.dumps(data, indent=2))
        return 0
    note = _rewritten(args, spec)
    if note is not None:
        print(note)
    print(f"Odds for {describe_spec(spec)}")
    print(" total   chance  at least")
    left_out = 0
    for total, p in odds.items():
        if p < _SHOWN_BELOW:
            left_out += 1
            continue
        print(f"{total:6d} {p:8.2%} {chance_at_least(odds, total):9.2%}")
    if left_out:
        print(f"  ({left_out} rarer totals, each under {_SHOWN_BELOW:.3%}, not shown)")
    print(f"Mean: {average:.2f}")
    if args.vs is not None:
        # The verdict first (meet or beat succeeds, R4), then what a success buys.
        success = chance_at_least(odds, args.vs)
        print(f"Against {args.vs}:")
        print(f"  Success (meet or beat it) {success:9.2%}")
        print(f"  Failure                   {1 - success:9.2%}")
        print("  A success by rank:")
        for k, p in rank_chances(odds, args.vs).items():
            if k == 0:
                name, p = "a tie (no rank)", odds.get(args.vs, 0.0)
            else:
                name = f"rank {k} ({RANKS[k - 1].severity})"
            print(f"    {name:<24}{p:8.2%}")
    return 0

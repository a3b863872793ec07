"""Two processes save one character for a few seconds each (issue 13.2's bar).

    python bench/two_writers.py [--seconds 5] [--writers 2]

Each writer loads the file, appends a token of its own to the notes and saves with the
stamp it read. A ``SaveConflict`` (the other writer saved first) makes it reload theirs
and try again, as the app's "reload theirs" does. At the end every token of a save that
reported success must be in the final file. Prints saves landed, conflicts, tokens
missing from the final file and other errors.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WRITER = r"""
import sys, time
from pathlib import Path
from sheets.storage import SaveConflict, load_character, save_document

path, me, seconds = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
loaded = load_character(path)
character, stamp = loaded.document, loaded.stamp
landed, conflicts, errors, attempt = [], 0, [], 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    token = f"{me}{attempt}"
    attempt += 1
    character.notes = (character.notes + " " + token).strip()
    try:
        stamp = save_document(character, path, opened=stamp)
    except SaveConflict:
        conflicts += 1
        loaded = load_character(path)
        character, stamp = loaded.document, loaded.stamp
        continue
    except Exception as error:  # counted: the bar is zero
        errors.append(repr(error))
        continue
    landed.append(token)
print(len(landed), conflicts, len(errors))
print(" ".join(landed))
print("\n".join(errors))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--writers", type=int, default=2)
    args = parser.parse_args()

    from sheets.documents import new_character
    from sheets.storage import load_character, save_document

    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "characters" / "ada.json"
        path.parent.mkdir()
        save_document(new_character("Ada Vance"), path)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", WRITER, str(path), chr(ord("a") + n), str(args.seconds)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for n in range(args.writers)
        ]
        outputs = [proc.communicate() for proc in procs]
        final = set(load_character(path).document.notes.split())
        landed = conflicts = errors = missing = 0
        for out, err in outputs:
            head, tokens, *error_lines = out.split("\n")
            n_landed, n_conflicts, n_errors = (int(x) for x in head.split())
            landed += n_landed
            conflicts += n_conflicts
            errors += n_errors + (1 if err.strip() else 0)
            missing += sum(1 for token in tokens.split() if token not in final)
            for line in error_lines:
                if line.strip():
                    print("error:", line)
        print(
            f"{args.writers} writers x {args.seconds:g} s: {landed} saves reported success, "
            f"{conflicts} conflicts (reloaded), {missing} successful saves missing from the "
            f"final file, {errors} other errors"
        )


if __name__ == "__main__":
    main()

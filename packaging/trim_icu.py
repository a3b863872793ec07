"""Shrink the ICU data library a Linux bundle carries (issue 17: the bundle <= 100 MB).

PySide6's Qt links ICU, whose data library (libicudata.so.NN) is 31 MB: every locale's
names of languages, currencies, units, regions and time zones, break-iterator
dictionaries, transliterators and legacy character-set tables. Qt Core calls ICU for four
things only (``objdump -T libQt6Core.so.6``): case mapping (data compiled into libicuuc),
collation (QCollator: file dialogs sort names with it), time zones (QTimeZone), and legacy
text codecs (QStringConverter). The app uses none of the last three itself; this keeps
collation for every language, the time-zone rules and the converter aliases, and drops
the rest (``DROPPED_FOLDERS``, ``DROPPED_SUFFIXES``, ``LOCALE_BUNDLE``): 4.6 MB instead of
31. With the locale bundles gone too, Qt's collation in each of its locales, case mapping,
time zones (offsets, abbreviations, names) and codecs give byte for byte what they gave
before (compared through PySide6 with each data library preloaded).

The data is the common-data package behind the library's ``icudtNN_dat`` symbol: it is
read out of the library, thinned with ICU's own ``icupkg`` (Debian: icu-devtools), and
linked into a new library of the same soname exporting the same symbol (gcc).

    python packaging/trim_icu.py dist/wilddie
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final

DROPPED_FOLDERS: Final = (
    "brkitr/",  # break-iterator rules and dictionaries (Qt breaks text itself)
    "curr/",  # currency names
    "lang/",  # language names
    "rbnf/",  # spelled-out numbers
    "region/",  # region names
    "translit/",  # transliterators
    "unit/",  # unit names
    "zone/",  # time-zone display names (the rules, zoneinfo64.res, stay)
)
DROPPED_SUFFIXES: Final = (
    ".cnv",  # legacy character-set tables (UTF-8/16/32 and Latin-1 need none)
    ".dict",
    ".spp",  # StringPrep profiles (IDNA)
    ".cfu",  # confusables (spoof checking)
)
DROPPED_ITEMS: Final = ("unames.icu",)  # Unicode character names
# The main tree's locale bundles (en.res, de_CH.res, yue_Hant_HK.res...: 3.1 MB): names,
# number, date and calendar formats for ICU's own formatters, which Qt never calls (QLocale
# has its own CLDR data); collation reads only coll/. The tree's root, pool and index stay,
# with the supplemental data (likely subtags, parent locales, time-zone rules).
LOCALE_BUNDLE: Final = re.compile(r"[a-z]{2,3}(?:_[A-Za-z0-9]+)*\.res")
KEPT_ITEMS: Final = ("res_index.res",)  # looks like a locale "res" with a region "index"


def dropped(item: str) -> bool:
    """Whether the trimmed data leaves ``item`` (a name inside the package) out."""
    return (
        item.startswith(DROPPED_FOLDERS)
        or item.endswith(DROPPED_SUFFIXES)
        or (item in DROPPED_ITEMS)
        or (LOCALE_BUNDLE.fullmatch(item) is not None and item not in KEPT_ITEMS)
    )


def _run(*command: str, cwd: Path | None = None) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=cwd).stdout


def data_blob(library: Path) -> tuple[str, bytes]:
    """The exported data symbol of an ICU data library and its bytes."""
    symbols = _run("nm", "-D", "--defined-only", "-S", str(library))
    match = re.search(r"^([0-9a-f]+) ([0-9a-f]+) R (icudt\d+_dat)$", symbols, re.MULTILINE)
    if match is None:
        raise SystemExit(f"{library}: no icudtNN_dat symbol")
    address, size, name = int(match[1], 16), int(match[2], 16), match[3]
    # The section holding it gives the file offset of its address.
    sections = _run("readelf", "-W", "-S", str(library))
    for line in sections.splitlines():
        fields = line.replace("[ ", "[").split()
        if len(fields) > 5 and fields[1].startswith("."):
            start, offset, length = int(fields[3], 16), int(fields[4], 16), int(fields[5], 16)
            if start <= address < start + length:
                raw = library.read_bytes()
                at = offset + address - start
                return name, raw[at : at + size]
    raise SystemExit(f"{library}: the section of {name} was not found")


def trim(library: Path) -> tuple[int, int]:
    """Replace ``library`` by a trimmed copy; returns the sizes before and after."""
    symbol, blob = data_blob(library)
    package = symbol.removesuffix("_dat") + "l"  # icudt73_dat -> icudt73l (little-endian)
    with tempfile.TemporaryDirectory(prefix="wilddie-icu-") as temp:
        work = Path(temp)
        dat = work / f"{package}.dat"  # icupkg names the package after the file
        dat.write_bytes(blob)
        items = _run("icupkg", "-l", dat.name, cwd=work).split()
        (work / "drop.txt").write_text("\n".join(i for i in items if dropped(i)) + "\n")
        _run("icupkg", "-r", "drop.txt", dat.name, cwd=work)  # in place
        (work / "data.S").write_text(
            "    .section .rodata\n"
            f"    .globl {symbol}\n"
            f"    .type {symbol}, @object\n"
            "    .balign 16\n"
            f"{symbol}:\n"
            f'    .incbin "{dat.name}"\n'
            f"    .size {symbol}, . - {symbol}\n"
            '    .section .note.GNU-stack,"",@progbits\n'
        )
        built = work / library.name
        _run(
            "gcc", "-shared", "-nostdlib", f"-Wl,-soname,{library.name}",
            "-o", str(built), "data.S", cwd=work,
        )  # fmt: skip
        before = library.stat().st_size
        shutil.copyfile(built, library)
        return before, library.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="the PyInstaller one-folder bundle")
    args = parser.parse_args(argv)
    # One file may sit behind several names (PyInstaller links _internal/ to Qt's lib/).
    libraries = sorted({path.resolve() for path in args.bundle.rglob("libicudata.so.*")})
    if not libraries:
        print("trim_icu: no libicudata in the bundle: nothing to do")
        return 0
    for library in libraries:
        before, after = trim(library)
        print(f"trim_icu: {library.name} {before / 2**20:.1f} MB -> {after / 2**20:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Print what Qt computes with ICU, one line a result: run by ``linux_check.py icu`` once with
the full ICU data library and once with the bundle's trimmed one (``LD_PRELOAD``), which must
print the same (``trim_icu.py`` keeps exactly what these need).

What is printed: collation (QCollator, which file dialogs sort names with) in every locale Qt
knows, with and without numeric mode, case and punctuation; locale case mapping; every time
zone's offset, abbreviation and daylight time at one instant; the Unicode and Latin-1 codecs.
Not the time zones' display names (the trimmed data drops them: Qt shows offsets instead),
nor the legacy codecs (dropped too).
"""

from __future__ import annotations

import functools
import sys

from PySide6.QtCore import (
    QCollator,
    QCoreApplication,
    QDateTime,
    QLocale,
    QStringDecoder,
    Qt,
    QTimeZone,
)

WORDS = (
    "peach", "Péché", "péché", "pêche", "cote", "coté", "côte", "côté", "Zebra", "zebra",
    "Ähre", "Ahre", "ähre", "Öl", "Ol", "Ørn", "Orn", "Åse", "Ase", "ch", "cz", "hz", "ll",
    "lz", "ñ", "nz", "ß", "ss", "ı", "i", "İ", "I", "ǆ", "dz", "ŋ", "n", "ä", "a", "z",
    "file10", "file9", "file 2", "file-2", "-x", "x", "漢字", "汉字", "中文", "日本",
    "ひらがな", "カタカナ", "한국어", "가", "나", "ก", "ข", "ค", "а", "б", "ё", "е",
    "α", "β", "ά", "ש", "א", "ا", "ب", "अ", "क", "ॐ", "😀", "1", "١", "½", "Ⅳ", "ǅ",
    "ﬁ", "fi", "Å", "Å", "ą", "ć", "ę", "č", "ž", "š", "ő", "ű", "ø", "æ", "œ", "ij", "ĳ",
)  # fmt: skip
CASE_LOCALES = ("tr", "az", "lt", "el", "de", "nl", "en", "ja")
CODECS = ("UTF-8", "UTF-16LE", "UTF-16BE", "UTF-32LE", "ISO-8859-1", "US-ASCII")


def collation() -> None:
    locales = QLocale.matchingLocales(
        QLocale.Language.AnyLanguage, QLocale.Script.AnyScript, QLocale.Country.AnyTerritory
    )
    names = sorted({loc.bcp47Name() for loc in locales} | {loc.name() for loc in locales})
    sensitive, insensitive = Qt.CaseSensitivity.CaseSensitive, Qt.CaseSensitivity.CaseInsensitive
    for name in names:
        for file_names in (False, True):  # as a file dialog sorts: numbers, any case
            collator = QCollator(QLocale(name))
            collator.setNumericMode(file_names)
            collator.setCaseSensitivity(insensitive if file_names else sensitive)
            collator.setIgnorePunctuation(file_names)
            ordered = sorted(WORDS, key=functools.cmp_to_key(collator.compare))
            print("collation", name, file_names, "|".join(ordered))


def case_mapping() -> None:
    for name in CASE_LOCALES:
        locale = QLocale(name)
        print("case", name, locale.toUpper("iıİIßǆﬁάῳ ijsselmeer"), locale.toLower("IİıIΣΑΣ ǅ"))


def time_zones() -> None:
    when = QDateTime.fromSecsSinceEpoch(1_760_000_000)
    for zone_id in QTimeZone.availableTimeZoneIds():
        zone = QTimeZone(zone_id)
        row = (bytes(zone_id.data()).decode(), zone.isValid(), zone.offsetFromUtc(when))
        row += (zone.abbreviation(when), zone.isDaylightTime(when), zone.territory().name)
        print("zone", *row)


def codecs() -> None:
    for name in CODECS:
        print("codec", name, QStringDecoder(name).isValid())


def main() -> int:
    QCoreApplication(sys.argv[:1])
    collation()
    case_mapping()
    time_zones()
    codecs()
    return 0


if __name__ == "__main__":
    sys.exit(main())

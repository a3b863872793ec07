"""Render the app icon (``resources/icons/*.svg``) for every platform's installer.

    python packaging/icons.py OUT_DIR

writes, from the one SVG, with Qt's QSvgRenderer (QtSvg is in PySide6-Essentials):

- ``OUT_DIR/hicolor/NxN/apps/io.github.wilddie.WildDie.png`` and
  ``OUT_DIR/hicolor/scalable/apps/io.github.wilddie.WildDie.svg`` (freedesktop icon theme
  layout, for the .deb and the AppImage),
- ``OUT_DIR/wilddie.ico`` (Windows: PNG-compressed entries, 16 to 256 px),
- ``OUT_DIR/wilddie.icns`` (macOS: PNG entries, 16 to 1024 px; the format is simple enough
  to write here, so no ``iconutil`` is needed and the file is checked on any OS).

Nothing is written outside OUT_DIR.
"""

from __future__ import annotations

import os
import shutil
import struct
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "io.github.wilddie.WildDie"
SVG = ROOT / "resources" / "icons" / f"{APP_ID}.svg"

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element type -> pixel size (PNG payloads, macOS 10.7+).
ICNS_TYPES: Mapping[bytes, int] = {
    b"icp4": 16,
    b"icp5": 32,
    b"icp6": 64,
    b"ic07": 128,
    b"ic08": 256,
    b"ic09": 512,
    b"ic10": 1024,
    b"ic11": 32,
    b"ic12": 64,
    b"ic13": 256,
    b"ic14": 512,
}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def render_pngs(svg: Path, sizes: Iterable[int]) -> dict[int, bytes]:
    """PNG bytes of the SVG rendered square at each size (transparent background)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(["wilddie-icons"])  # noqa: F841 (alive while rendering)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not a valid SVG for Qt")
    pngs: dict[int, bytes] = {}
    for size in sorted(set(sizes)):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
            raise RuntimeError(f"could not encode the {size} px icon as PNG")
        buffer.close()
        pngs[size] = bytes(data.data())
    return pngs


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNGs (each at most 256 px)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        if not 0 < size <= 256:
            raise ValueError(f"an .ico entry is 1 to 256 px, not {size}")
        data = pngs[size]
        side = 0 if size == 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A macOS .icns holding a PNG element for each ICNS type whose size is in ``pngs``."""
    body = b""
    for kind, size in ICNS_TYPES.items():
        if size in pngs:
            data = pngs[size]
            body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build(out: Path, svg: Path = SVG) -> list[Path]:
    """Write every icon file into ``out``; returns the files written."""
    pngs = render_pngs(svg, {*HICOLOR_SIZES, *ICO_SIZES, *ICNS_TYPES.values()})
    written: list[Path] = []
    for size in HICOLOR_SIZES:
        target = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pngs[size])
        written.append(target)
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(svg, scalable)
    written.append(scalable)
    ico = out / "wilddie.ico"
    ico.write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    icns = out / "wilddie.icns"
    icns.write_bytes(icns_bytes(pngs))
    written += [ico, icns]
    return written


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python packaging/icons.py OUT_DIR", file=sys.stderr)
        return 2
    files = build(Path(argv[0]))
    print(f"icons: wrote {len(files)} files to {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

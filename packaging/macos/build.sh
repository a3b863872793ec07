#!/usr/bin/env bash
# The macOS installer, the same steps on a Mac as in the workflow:
#
#   bash packaging/macos/build.sh    # -> dist/Wild Die.app, dist/WildDie-VERSION-macos-ARCH.dmg
#
# Builds the app bundle with PyInstaller, smoke-tests it (starts offscreen with an empty
# HOME, opens the sample campaign in the main window, saves a character, prints a PDF,
# quits), then makes the disk image and smoke-tests the app from the mounted image
# (build_dmg.sh).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"

[[ -x .venv/bin/python ]] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --disable-pip-version-check --progress-bar off -q -e '.[package]'
.venv/bin/pyinstaller --noconfirm --clean --distpath dist --workpath build/pyinstaller \
    packaging/wilddie.spec
SMOKE_HOME="$(mktemp -d)"
HOME="$SMOKE_HOME" QT_QPA_PLATFORM=offscreen \
    "dist/Wild Die.app/Contents/MacOS/WildDie" smoke-test --out "$SMOKE_HOME/out"
rm -rf "$SMOKE_HOME"
PYTHON=.venv/bin/python bash packaging/macos/build_dmg.sh

#!/usr/bin/env bash
# Make the macOS disk image from the PyInstaller app bundle, then check it read-only.
#
#   .venv/bin/pyinstaller --noconfirm --distpath dist --workpath build/pyinstaller \
#       packaging/wilddie.spec                      # -> dist/Wild Die.app
#   bash packaging/macos/build_dmg.sh               # -> dist/WildDie-VERSION-macos-ARCH.dmg
#
# The image holds "Wild Die.app" and a link to /Applications (drag to install). After
# building it, the image is mounted read-only and the app's smoke test runs from it with
# an empty HOME and the offscreen Qt platform: the app must not write into its bundle.
# The app is ad-hoc signed by PyInstaller only: not notarized (see the README's Install).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
APP="dist/Wild Die.app"
PYTHON="${PYTHON:-.venv/bin/python}"
VERSION="$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
DMG="dist/WildDie-$VERSION-macos-$(uname -m).dmg"

[[ -d "$APP" ]] || { echo "build_dmg: $APP not found: run PyInstaller first" >&2; exit 1; }
/usr/libexec/PlistBuddy -c "Print :CFBundleShortVersionString" "$APP/Contents/Info.plist"

STAGE="$(mktemp -d)"
MOUNT="$(mktemp -d)"
HOME_DIR="$(mktemp -d)"
cleanup() {
    hdiutil detach "$MOUNT" -quiet 2>/dev/null || true
    rm -rf "$STAGE" "$HOME_DIR"
}
trap cleanup EXIT

cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
rm -f "$DMG"
hdiutil create -volname "Wild Die" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG"
hdiutil verify "$DMG"

hdiutil attach "$DMG" -readonly -nobrowse -mountpoint "$MOUNT" -quiet
HOME="$HOME_DIR" QT_QPA_PLATFORM=offscreen \
    "$MOUNT/Wild Die.app/Contents/MacOS/WildDie" smoke-test --out "$HOME_DIR/out"
echo "build_dmg: $DMG ($(du -h "$DMG" | cut -f1)), smoke test passed from the read-only image"

#!/bin/sh
# Wild Die for one user, from the Linux tarball (any distribution; no root needed).
#
#   ./install.sh               install into ~/.local (or $PREFIX): the app in
#                              opt/wilddie, the command bin/wilddie, the menu entry,
#                              the icons and the file type
#   ./install.sh --uninstall   take all of that away again (your campaigns stay)
set -eu

APP_ID=io.github.wilddie.WildDie
HERE=$(cd "$(dirname "$0")" && pwd)
PREFIX=${PREFIX:-"$HOME/.local"}
APP="$PREFIX/opt/wilddie"
SHARE="$PREFIX/share"

refresh() { # the desktop's caches, where the tools exist (none is required)
    command -v update-desktop-database >/dev/null 2>&1 &&
        update-desktop-database -q "$SHARE/applications" 2>/dev/null || true
    command -v update-mime-database >/dev/null 2>&1 &&
        update-mime-database "$SHARE/mime" 2>/dev/null || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 &&
        gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$APP"
    rm -f "$PREFIX/bin/wilddie" "$SHARE/applications/$APP_ID.desktop" \
        "$SHARE/mime/packages/$APP_ID.xml" "$SHARE/metainfo/$APP_ID.metainfo.xml"
    find "$SHARE/icons/hicolor" -name "$APP_ID.*" -delete 2>/dev/null || true
    refresh
    echo "Wild Die is uninstalled from $PREFIX (your campaigns and settings stay)."
    exit 0
fi
if [ -n "${1:-}" ]; then
    echo "usage: $0 [--uninstall]   (PREFIX=$PREFIX)" >&2
    exit 2
fi

[ -x "$HERE/wilddie/wilddie" ] || { echo "install.sh: run it from the unpacked tarball" >&2; exit 1; }
mkdir -p "$PREFIX/opt" "$PREFIX/bin" "$SHARE/applications" "$SHARE/mime/packages" "$SHARE/metainfo"
rm -rf "$APP"
cp -R "$HERE/wilddie" "$APP"
ln -sf "$APP/wilddie" "$PREFIX/bin/wilddie"
# The menu entry runs this copy by its full path: ~/.local/bin may not be on PATH.
sed -e "s|^Exec=wilddie|Exec=$APP/wilddie|" -e "s|^TryExec=wilddie|TryExec=$APP/wilddie|" \
    "$HERE/share/applications/$APP_ID.desktop" >"$SHARE/applications/$APP_ID.desktop"
cp "$HERE/share/mime/packages/$APP_ID.xml" "$SHARE/mime/packages/"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$SHARE/metainfo/"
mkdir -p "$SHARE/icons"
cp -R "$HERE/share/icons/hicolor" "$SHARE/icons/"
refresh
echo "Wild Die is installed in $APP."
echo "Start it from your applications menu, or run: $PREFIX/bin/wilddie"

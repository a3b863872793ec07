#!/usr/bin/env bash
# Build and check the Linux installers of Wild Die: one command, from the repository root.
#
#   bash packaging/build-linux.sh
#
# -> dist/wilddie/                        the PyInstaller one-folder bundle (run dist/wilddie/wilddie)
#    dist/wilddie_VERSION_ARCH.deb        installs to /opt/wilddie, /usr/bin/wilddie, menu entry
#    dist/WildDie.AppDir/                 the AppImage's contents
#    dist/WildDie-VERSION-ARCH.AppImage   only when appimagetool is on PATH (CI downloads it)
#
# Then it checks them: bundle size (at most 100 MB), the system libraries the .deb must
# declare, desktop-file-validate, appstreamcli validate, the MIME type, and the smoke test
# (`wilddie smoke-test`: window shown offscreen, sample campaign opened, a character saved
# and read back) run from read-only copies with an empty HOME and no network; last, the
# start-up time frozen vs from source. Installs what it needs like dev-env.sh does (apt
# packages when missing, the venv, PyInstaller from the `package` extra). Exits non-zero on
# any failure. WILDDIE_STARTUP_RUNS=N sets the timing runs (default 7, 0 skips timing);
# WILDDIE_DEB_COMPRESSION=xz makes a smaller .deb (releases) than the default zstd, slowly.
# APPIMAGETOOL=/path/to/appimagetool when it is not on PATH.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=packaging/dev-env.sh
source "$ROOT/packaging/dev-env.sh" # helpers only: ensure_apt, prepare, say, die, VENV
cd "$ROOT"

APP_ID=io.github.wilddie.WildDie
# binutils: objdump for the library check; icu-devtools and gcc: trim_icu.py.
APT_PACKAGING=(binutils fakeroot desktop-file-utils appstream shared-mime-info squashfs-tools
    icu-devtools gcc)
# PyInstaller needs the shared libpython, which a bare Debian python3 lacks
# (libpython3.11); only for Debian's own interpreter (pyenv and others bring theirs).
if [[ "$(readlink -f "$(command -v "$PYTHON" || true)")" == /usr/bin/* ]]; then
    APT_PACKAGING+=("libpython$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')")
fi
PY="$VENV/bin/python"
BUILD="$ROOT/build/linux"
DIST="$ROOT/dist"
LINUX="$ROOT/packaging/linux"
STARTUP_RUNS="${WILDDIE_STARTUP_RUNS:-7}"
DEB_COMPRESSION="${WILDDIE_DEB_COMPRESSION:-zstd}"

step() { printf '\n== %s\n' "$*" >&2; }
check() { "$PY" "$ROOT/packaging/linux_check.py" "$@"; }

step "environment"
# The bundle check resolves libqxcb.so's dependencies, so it needs the X11 set as well as
# the offscreen one: a machine where only the tests ran has no libxcb-icccm4 (issue 13.1).
prepare "${APT_OFFSCREEN[@]}" "${APT_X11[@]}" "${APT_PACKAGING[@]}"
if ! "$PY" -c 'import PyInstaller' 2>/dev/null; then
    say "installing PyInstaller (pip install -e '.[package]')"
    "$PY" -m pip install --disable-pip-version-check --progress-bar off -q -e '.[package]'
fi
VERSION="$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
DEB_ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
ARCH="$(uname -m)"
RELEASE_DATE="$(git log -1 --format=%cs 2>/dev/null || date -u +%F)"
say "Wild Die $VERSION ($DEB_ARCH), $("$VENV/bin/pyinstaller" --version | sed 's/^/PyInstaller /')"

step "PyInstaller bundle"
rm -rf "$DIST/wilddie" "$BUILD"
mkdir -p "$BUILD" "$DIST"
started=$SECONDS
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
    --distpath "$DIST" --workpath "$ROOT/build/pyinstaller" packaging/wilddie.spec
say "built dist/wilddie in $((SECONDS - started)) s"
"$PY" "$ROOT/packaging/trim_icu.py" "$DIST/wilddie" # 31 MB of ICU data -> 4.6 MB (issue 17)
check icu "$DIST/wilddie" # ...and Qt collates, maps case and knows time zones as with 31 MB
ICONS="$ROOT/build/pyinstaller/wilddie/icons"
check bundle "$DIST/wilddie" --max-mb 100 --depends-out "$BUILD/depends.txt"

# Shared by the .deb and the AppDir: desktop entry, AppStream, MIME type, icons.
install_share() { # install_share PREFIX (…/usr)
    local share="$1/share"
    install -Dm644 "$LINUX/$APP_ID.desktop" "$share/applications/$APP_ID.desktop"
    install -d "$share/metainfo"
    sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$RELEASE_DATE/" \
        "$LINUX/$APP_ID.metainfo.xml" >"$share/metainfo/$APP_ID.metainfo.xml"
    chmod 644 "$share/metainfo/$APP_ID.metainfo.xml"
    install -Dm644 "$LINUX/$APP_ID.mime.xml" "$share/mime/packages/$APP_ID.xml"
    install -d "$share/icons"
    cp -r "$ICONS/hicolor" "$share/icons/"
}

step "metadata checks"
install_share "$BUILD/share-check/usr"
desktop-file-validate "$BUILD/share-check/usr/share/applications/$APP_ID.desktop"
appstreamcli validate --no-net --pedantic "$BUILD/share-check/usr/share/metainfo/$APP_ID.metainfo.xml"
cp -r "$BUILD/share-check/usr/share/mime" "$BUILD/mime-check"
update-mime-database "$BUILD/mime-check" 2>/dev/null
grep -q "application/x-wilddie+json" "$BUILD/mime-check/types" ||
    die "the MIME package did not register application/x-wilddie+json"
say "desktop entry, AppStream metainfo and MIME type valid"

step ".deb"
DEB_ROOT="$BUILD/deb"
DEB="$DIST/wilddie_${VERSION}_${DEB_ARCH}.deb"
rm -f "$DIST"/wilddie_*.deb
install -d "$DEB_ROOT/DEBIAN" "$DEB_ROOT/opt" "$DEB_ROOT/usr/bin" "$DEB_ROOT/usr/share/doc/wilddie"
cp -a "$DIST/wilddie" "$DEB_ROOT/opt/wilddie"
ln -s /opt/wilddie/wilddie "$DEB_ROOT/usr/bin/wilddie"
install_share "$DEB_ROOT/usr"
cat >"$DEB_ROOT/usr/share/doc/wilddie/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Wild Die
Source: https://github.com/wilddie/wilddie

Files: *
Copyright: The Wild Die developers
License: MIT
 Wild Die bundles Python, Qt (LGPL-3.0, PySide6) and other libraries under their own
 licences, in /opt/wilddie/_internal.
EOF
cat >"$DEB_ROOT/DEBIAN/control" <<EOF
Package: wilddie
Version: $VERSION
Architecture: $DEB_ARCH
Maintainer: The Wild Die developers <wilddie@users.noreply.github.com>
Installed-Size: $(du -sk --apparent-size "$DEB_ROOT" | cut -f1)
Depends: $(cat "$BUILD/depends.txt")
Recommends: fonts-dejavu-core | fonts-noto-core, shared-mime-info, hicolor-icon-theme
Section: games
Priority: optional
Homepage: https://github.com/wilddie/wilddie
Description: character sheets and encounter tracker for D6 role-playing games
 Wild Die keeps FreeD6 and OpenD6 characters and campaigns as plain files, rolls and
 explains die codes with the Wild Die, shows exact odds and tracks initiative, wounds
 and effects during a fight. It works offline.
EOF
chmod -R u+rwX,go+rX,go-w "$DEB_ROOT"
# The menu, MIME and icon caches are refreshed by the dpkg triggers of desktop-file-utils,
# shared-mime-info and hicolor-icon-theme: no maintainer scripts needed.
started=$SECONDS
fakeroot dpkg-deb --build --root-owner-group -Z"$DEB_COMPRESSION" "$DEB_ROOT" "$DEB" >/dev/null
say "built $(basename "$DEB") in $((SECONDS - started)) s"
dpkg-deb --info "$DEB" | sed -n '/Package:/,/Description:/p' >&2
[[ "$(dpkg-deb --fsys-tarfile "$DEB" | tar -t | grep -c '^./opt/wilddie/_internal/resources/sample-campaign/campaign.json$')" == 1 ]] ||
    die "the .deb has no sample campaign"

step "AppDir"
APPDIR="$DIST/WildDie.AppDir"
rm -rf "$APPDIR" "$DIST"/WildDie-*.AppImage
install -d "$APPDIR/usr/bin" "$APPDIR/usr/lib"
cp -a "$DIST/wilddie" "$APPDIR/usr/lib/wilddie"
ln -s ../lib/wilddie/wilddie "$APPDIR/usr/bin/wilddie"
install_share "$APPDIR/usr"
install -m755 "$LINUX/AppRun" "$APPDIR/AppRun"
cp "$LINUX/$APP_ID.desktop" "$APPDIR/"
cp "$ICONS/hicolor/256x256/apps/$APP_ID.png" "$APPDIR/"
ln -s "$APP_ID.png" "$APPDIR/.DirIcon"

APPIMAGETOOL="${APPIMAGETOOL:-$(command -v appimagetool || true)}"
PAYLOAD="$BUILD/appimage-payload"
if [[ -n "$APPIMAGETOOL" ]]; then
    APPIMAGE="$DIST/WildDie-$VERSION-$ARCH.AppImage"
    ARCH="$ARCH" "$APPIMAGETOOL" --no-appstream "$APPDIR" "$APPIMAGE" >&2
    (cd "$BUILD" && "$APPIMAGE" --appimage-extract >/dev/null && mv squashfs-root "$PAYLOAD")
    say "built $(basename "$APPIMAGE")"
else
    say "appimagetool is not on PATH: no AppImage (CI builds it); checking the AppDir as a squashfs"
    mksquashfs "$APPDIR" "$BUILD/WildDie.squashfs" -root-owned -noappend -comp zstd -quiet >/dev/null
    unsquashfs -q -d "$PAYLOAD" "$BUILD/WildDie.squashfs" >/dev/null
    say "AppDir squashfs: $(du -m "$BUILD/WildDie.squashfs" | cut -f1) MB"
fi

step "tarball (any distribution: unpack, ./install.sh)"
TARBALL="$DIST/wilddie-$VERSION-linux-$ARCH.tar.gz"
TAR_ROOT="$BUILD/tar/wilddie-$VERSION"
rm -rf "$BUILD/tar" "$DIST"/wilddie-*-linux-*.tar.gz
install -d "$TAR_ROOT"
cp -a "$DIST/wilddie" "$TAR_ROOT/wilddie"
install_share "$TAR_ROOT"
install -m755 "$LINUX/install.sh" "$TAR_ROOT/install.sh"
tar -C "$BUILD/tar" --owner=0 --group=0 -czf "$TARBALL" "wilddie-$VERSION"
say "built $(basename "$TARBALL"): $(du -m "$TARBALL" | cut -f1) MB"

step "smoke tests (read-only copies, empty HOME, offscreen, no network)"
SMOKE="$BUILD/smoke"
mkdir -p "$SMOKE"
cp -a "$DIST/wilddie" "$SMOKE/bundle"
check smoke "$SMOKE/bundle" "$SMOKE/bundle/wilddie" --label "bundle" --version "$VERSION"
check smoke "$PAYLOAD" "$PAYLOAD/AppRun" --label "AppImage contents (AppRun)" --version "$VERSION"
dpkg-deb -x "$DEB" "$SMOKE/deb"
[[ "$(readlink "$SMOKE/deb/usr/bin/wilddie")" == /opt/wilddie/wilddie ]] || die "bad /usr/bin/wilddie link"
check smoke "$SMOKE/deb/opt/wilddie" "$SMOKE/deb/opt/wilddie/wilddie" --label ".deb contents" \
    --version "$VERSION"
# The tarball as a user installs it: unpack, ./install.sh into an empty home, run the
# installed command; the menu entry must validate and point at the installed copy.
TAR_HOME="$SMOKE/tar-home"
mkdir -p "$SMOKE/tar" "$TAR_HOME"
tar -C "$SMOKE/tar" -xzf "$TARBALL"
HOME="$TAR_HOME" sh "$SMOKE/tar/wilddie-$VERSION/install.sh" >&2
ENTRY="$TAR_HOME/.local/share/applications/$APP_ID.desktop"
desktop-file-validate "$ENTRY"
grep -q "^Exec=$TAR_HOME/.local/opt/wilddie/wilddie gui %f$" "$ENTRY" || die "the menu entry does not run the installed copy"
[[ -f "$TAR_HOME/.local/share/icons/hicolor/256x256/apps/$APP_ID.png" ]] || die "install.sh installed no icon"
check smoke "$TAR_HOME/.local/opt/wilddie" "$TAR_HOME/.local/bin/wilddie" --label "tarball, installed" \
    --version "$VERSION"
HOME="$TAR_HOME" sh "$SMOKE/tar/wilddie-$VERSION/install.sh" --uninstall >&2
[[ ! -e "$TAR_HOME/.local/bin/wilddie" && ! -e "$ENTRY" && ! -d "$TAR_HOME/.local/opt/wilddie" ]] ||
    die "install.sh --uninstall left files behind"
chmod -R u+w "$SMOKE" "$PAYLOAD"

if ((STARTUP_RUNS > 0)); then
    step "start-up time"
    check startup "$DIST/wilddie/wilddie" --runs "$STARTUP_RUNS"
fi

step "done"
du -sh "$DIST/wilddie" "$DEB" "$DIST"/WildDie-*.AppImage 2>/dev/null >&2 || true
say "Linux packaging check passed"

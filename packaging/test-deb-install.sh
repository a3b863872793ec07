#!/usr/bin/env bash
# shellcheck disable=SC2016 # single-quoted scripts: they expand inside the chroot
# Install the built .deb into a fresh, minimal Debian root and smoke-test it there: proves the
# declared Depends are enough on a system that never saw Qt or Python. Optional (root,
# debootstrap and a Debian mirror needed; a few minutes the first time); not part of CI.
#
#   bash packaging/build-linux.sh                  # -> dist/wilddie_VERSION_ARCH.deb
#   sudo bash packaging/test-deb-install.sh [SUITE] # default bookworm (Debian 12)
#
# The root is kept in build/debroot-SUITE and reused (delete it to start over).
# MIRROR=http://... picks the Debian mirror (default http://deb.debian.org/debian).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUITE="${1:-bookworm}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
TARGET="$ROOT/build/debroot-$SUITE"
say() { printf 'test-deb-install: %s\n' "$*" >&2; }

[[ "$(id -u)" == 0 ]] || { say "run as root (debootstrap, chroot)"; exit 1; }
command -v debootstrap >/dev/null || { say "install debootstrap first"; exit 1; }
shopt -s nullglob
debs=("$ROOT"/dist/wilddie_*.deb)
((${#debs[@]} == 1)) || { say "expected one dist/wilddie_*.deb: run packaging/build-linux.sh"; exit 1; }
DEB="${debs[0]}"

if [[ ! -x "$TARGET/usr/bin/apt-get" ]]; then
    say "debootstrap --variant=minbase $SUITE -> $TARGET"
    rm -rf "$TARGET"
    debootstrap --variant=minbase "$SUITE" "$TARGET" "$MIRROR" >"$ROOT/build/debootstrap.log" 2>&1 ||
        { tail -20 "$ROOT/build/debootstrap.log" >&2; exit 1; }
fi
# A proxy that intercepts TLS needs its CA inside the root too (apt itself uses http here).
for ca in /usr/local/share/ca-certificates/*.crt; do
    install -Dm644 "$ca" "$TARGET/usr/local/share/ca-certificates/$(basename "$ca")"
done
cp "$DEB" "$TARGET/tmp/wilddie.deb"

in_root() { # in_root COMMAND...: chroot with /proc, in a private mount namespace
    unshare -m sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$TARGET" "$@"
}

say "apt-get install ./wilddie.deb (and its Depends) in a fresh $SUITE"
in_root sh -c 'export DEBIAN_FRONTEND=noninteractive
    dpkg -l wilddie >/dev/null 2>&1 && apt-get remove -y -qq --purge wilddie >/dev/null
    apt-get update -qq && apt-get install -y -qq /tmp/wilddie.deb >/dev/null'
in_root dpkg-query -W -f='${Package} ${Version} ${Status}\n' wilddie

say "smoke test inside the root (offscreen, empty HOME, no network)"
unshare -mn -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" sh -c "
    rm -rf /tmp/h && mkdir /tmp/h && cd /tmp/h &&
    HOME=/tmp/h QT_QPA_PLATFORM=offscreen wilddie smoke-test --out /tmp/h/out &&
    HOME=/tmp/h QT_QPA_PLATFORM=offscreen WILDDIE_QUIT_AFTER_MS=1 wilddie &&
    wilddie roll 3D --seed 1 >/dev/null"' "$TARGET"
in_root sh -c 'test -f /usr/share/applications/io.github.wilddie.WildDie.desktop &&
    test -f /usr/share/icons/hicolor/256x256/apps/io.github.wilddie.WildDie.png &&
    if [ -d /usr/share/mime/application ]; then
        test -f /usr/share/mime/application/x-wilddie+json.xml; fi'

say "apt-get remove --purge wilddie"
in_root sh -c 'DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq --purge wilddie >/dev/null &&
    test ! -e /opt/wilddie && test ! -e /usr/bin/wilddie'
say "ok: $(basename "$DEB") installs, runs and uninstalls on a fresh $SUITE"

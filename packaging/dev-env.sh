#!/usr/bin/env bash
# Wild Die developer environment: the two README commands.
#
#   bash packaging/dev-env.sh run  [ARGS...]   start the app (ARGS go to `wilddie`)
#   bash packaging/dev-env.sh test [PYTEST ARGS...]   ruff, mypy and pytest, as CI runs them
#   bash packaging/dev-env.sh setup            only create/refresh the environment
#
# Each creates or reuses .venv in the repo, installs the apt libraries Qt needs on Debian or
# Ubuntu when some are missing (as root, or through sudo), and runs
# `pip install -e '.[test]'` only when pyproject.toml changed since the last install.
# Works with CI=true, no display and no stdin. PYTHON=... picks the interpreter (default
# python3, 3.11 or newer).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
STAMP="$VENV/.wilddie-installed"
PYTHON="${PYTHON:-python3}"

# Libraries Qt needs to load with the offscreen platform (tests), then on a real X display.
APT_OFFSCREEN=(ca-certificates libgl1 libegl1 libglib2.0-0 libxkbcommon0 libfontconfig1
    libdbus-1-3 fonts-dejavu-core)
APT_X11=(libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
    libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xkb1)

say() { printf 'dev-env: %s\n' "$*" >&2; }
die() {
    say "error: $*"
    exit 1
}

usage() {
    sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# --- apt --------------------------------------------------------------------------------
ensure_apt() {
    # Install the given Debian packages that are not installed yet; do nothing if all are.
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "not a Debian-like system: make sure Qt's system libraries are installed (${*})"
        return 0
    fi
    local missing=() pkg status
    for pkg in "$@"; do
        # Ubuntu 24.04 renamed some libraries with a t64 suffix (libglib2.0-0t64).
        status=" $(dpkg-query -W -f='${db:Status-Status} ' "$pkg" "${pkg}t64" 2>/dev/null || true)"
        [[ "$status" == *" installed "* ]] || missing+=("$pkg")
    done
    ((${#missing[@]})) || return 0

    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        if ! command -v sudo >/dev/null 2>&1; then
            die "missing packages, and not root and no sudo; as root run:
    apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
        fi
        sudo=(sudo)
        [[ -t 0 ]] || sudo=(sudo -n) # no stdin: never wait for a password prompt
    fi
    say "installing apt packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# --- virtual environment ----------------------------------------------------------------
venv_python_works() { [[ -x "$VENV/bin/python" ]] && "$VENV/bin/python" -c '' 2>/dev/null; }

venv_apt_needs() {
    # Debian ships ensurepip (which venv and a pip-less venv need) in python3-venv.
    local python="$PYTHON"
    if venv_python_works; then
        "$VENV/bin/python" -c 'import pip' 2>/dev/null && return 0
        python="$VENV/bin/python"
    fi
    command -v "$python" >/dev/null 2>&1 || return 0 # ensure_venv explains
    "$python" -c 'import ensurepip' 2>/dev/null || echo python3-venv
}

ensure_venv() {
    if venv_python_works; then
        "$VENV/bin/python" -c 'import pip' 2>/dev/null && return 0
        say "adding pip to $VENV" # a venv made without pip (e.g. by uv)
        "$VENV/bin/python" -m ensurepip -q
        return 0
    fi
    command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found: install Python 3.11 or newer"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "$("$PYTHON" -V 2>&1) is too old: Wild Die needs Python 3.11 or newer"
    say "creating $VENV"
    "$PYTHON" -m venv --clear "$VENV"
    rm -f "$STAMP"
}

prepare() {
    # One apt round for everything missing, then the venv and the Python packages.
    local venv_pkgs
    venv_pkgs="$(venv_apt_needs)"
    ensure_apt "$@" ${venv_pkgs:+"$venv_pkgs"}
    ensure_venv
    ensure_deps
}

ensure_deps() {
    # The stamp holds a hash of pyproject.toml and the repo path (an editable install
    # points at it): pip runs only when either changed.
    local want
    want="$("$VENV/bin/python" - <<'EOF'
import hashlib, pathlib
root = pathlib.Path.cwd()
digest = hashlib.sha256((root / "pyproject.toml").read_bytes())
digest.update(str(root).encode())
print(digest.hexdigest())
EOF
)"
    if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$want" ]]; then
        return 0
    fi
    say "installing Python packages (pip install -e '.[test]')"
    "$VENV/bin/python" -m pip install --disable-pip-version-check --progress-bar off -q \
        -e '.[test]'
    printf '%s\n' "$want" >"$STAMP"
}

# --- commands ---------------------------------------------------------------------------
cmd_test() {
    prepare "${APT_OFFSCREEN[@]}"
    export QT_QPA_PLATFORM=offscreen
    local failed=()
    say "ruff check"
    "$VENV/bin/ruff" check . || failed+=("ruff check")
    say "ruff format --check"
    "$VENV/bin/ruff" format --check . || failed+=("ruff format --check")
    say "mypy"
    "$VENV/bin/mypy" || failed+=("mypy")
    say "pytest"
    # Exit 5 (no tests collected) is a failure too: nothing here masks it.
    "$VENV/bin/python" -m pytest -n 2 "$@" </dev/null || failed+=("pytest (exit $?)")
    if ((${#failed[@]})); then
        say "FAILED: $(printf '%s; ' "${failed[@]}")"
        return 1
    fi
}

cmd_run() {
    prepare "${APT_OFFSCREEN[@]}" "${APT_X11[@]}"
    exec "$VENV/bin/python" -m app "$@"
}

cmd_setup() {
    prepare "${APT_OFFSCREEN[@]}" "${APT_X11[@]}"
    say "ready: $VENV"
}

[[ "${BASH_SOURCE[0]}" == "$0" ]] || return 0 # sourced (build-linux.sh): helpers only
(($#)) || usage
command="$1"
shift
case "$command" in
test) cmd_test "$@" ;;
run) cmd_run "$@" ;;
setup) cmd_setup "$@" ;;
-h | --help | help) usage ;;
*)
    say "unknown command: $command"
    usage
    ;;
esac

"""Checks of the frozen Linux bundle, run by ``packaging/build-linux.sh``.

    python packaging/linux_check.py bundle DIR [--max-mb 150] [--depends-out FILE]
    python packaging/linux_check.py smoke INSTALL_DIR EXECUTABLE [--label NAME]
    python packaging/linux_check.py startup [--runs 7] FROZEN_EXECUTABLE
    python packaging/linux_check.py icu DIR

``bundle``: size limit, no left-out Qt plugin slipped in, every shared library that
PyInstaller leaves out (libxcb, libGL, libEGL, Wayland, glibc...) belongs to a Debian package
the .deb declares, and the newest glibc symbol version the binaries use; writes the
``Depends:`` value.

``smoke``: runs ``EXECUTABLE smoke-test`` and a GUI start-and-quit with the install folder
read-only (a read-only bind mount when root, and write permission removed), an empty HOME,
an empty working folder, offscreen, and no network when ``unshare`` allows it; fails if
anything was written into the install folder or the working folder.

``icu``: Qt's collation in every locale, case mapping, time zones and Unicode codecs
(``icu_probe.py``) give the same with the bundle's trimmed ICU data (``trim_icu.py``) as
with the full data PySide6 ships.

``startup``: median time from process start to the first window shown and closed
(``WILDDIE_QUIT_AFTER_MS=1``), from source (``python -m app``) and frozen.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))  # for `bundle_excludes` when run as a script

# Libraries PyInstaller does not bundle (its exclude list: glibc, the GL/EGL driver stack,
# libxcb, Wayland...), by soname, and the Debian/Ubuntu package that ships each one.
SONAME_PACKAGES: Mapping[str, str] = {
    "ld-linux-x86-64.so.2": "libc6",
    "ld-linux-aarch64.so.1": "libc6",
    "libc.so.6": "libc6",
    "libdl.so.2": "libc6",
    "libm.so.6": "libc6",
    "libpthread.so.0": "libc6",
    "libresolv.so.2": "libc6",
    "librt.so.1": "libc6",
    "libutil.so.1": "libc6",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libOpenGL.so.0": "libopengl0",
    "libdrm.so.2": "libdrm2",
    "libgbm.so.1": "libgbm1",
    "libxcb.so.1": "libxcb1",
    "libcups.so.2": "libcups2",  # printing (bundle_excludes.SYSTEM_LIBRARIES)
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}
# Always declared (verified on a fresh Debian 12 root): the bundle carries its own copies
# of some, but fontconfig needs the system's configuration (fontconfig-config) and fonts.
BASE_DEPENDS = (
    "libxcb1",
    "libgl1",
    "libegl1",
    "libfontconfig1",
    "libfreetype6",
    "libxkbcommon0",
    "libdbus-1-3",
)
ELF_MAGIC = b"\x7fELF"
OK_LINE = "wilddie smoke-test: ok"


class CheckFailed(Exception):
    pass


def say(message: str) -> None:
    print(f"linux-check: {message}", flush=True)


# --- bundle -----------------------------------------------------------------------------
def folder_size(folder: Path) -> int:
    return sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir())


def elf_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == ELF_MAGIC:
                    yield path


def _objdump(flag: str, path: Path) -> str:
    result = subprocess.run(
        ["objdump", flag, str(path)], capture_output=True, text=True, check=False
    )
    return result.stdout


def needed_libraries(path: Path) -> list[str]:
    return re.findall(r"^\s*NEEDED\s+(\S+)", _objdump("-p", path), re.MULTILINE)


def glibc_versions(path: Path) -> set[tuple[int, ...]]:
    found = re.findall(r"\bGLIBC_(\d+(?:\.\d+)+)\b", _objdump("-T", path))
    return {tuple(int(part) for part in version.split(".")) for version in found}


def excluded_plugins_found(folder: Path) -> list[str]:
    from bundle_excludes import unwanted_plugin

    plugins = [p for p in folder.rglob("*") if "plugins" in p.parts and p.is_file()]
    return sorted(str(p.relative_to(folder)) for p in plugins if unwanted_plugin(p))


def check_bundle(folder: Path, max_mb: float) -> str:
    """Run the bundle checks; returns the Debian ``Depends:`` value."""
    size_mb = folder_size(folder) / 1e6
    say(f"bundle {folder}: {size_mb:.1f} MB (limit {max_mb:.0f} MB)")
    if size_mb > max_mb:
        raise CheckFailed(f"the bundle is {size_mb:.1f} MB, over the {max_mb:.0f} MB limit")
    if not (folder / "_internal" / "resources" / "sample-campaign" / "campaign.json").is_file():
        raise CheckFailed("the bundle has no resources/sample-campaign")
    hidden = [p.name for p in (folder / "_internal" / "resources").rglob(".*")]
    if hidden:
        raise CheckFailed(f"hidden files in the bundled resources: {', '.join(hidden)}")
    stray = excluded_plugins_found(folder)
    if stray:
        raise CheckFailed(f"left-out Qt plugins are in the bundle: {', '.join(stray)}")

    bundled = {p.name for p in folder.rglob("*")}
    external: dict[str, set[str]] = {}
    newest: tuple[int, ...] = (2, 17)
    for elf in elf_files(folder):
        for soname in needed_libraries(elf):
            if soname not in bundled:
                external.setdefault(soname, set()).add(str(elf.relative_to(folder)))
        newest = max([newest, *glibc_versions(elf)])
    unknown = sorted(set(external) - set(SONAME_PACKAGES))
    if unknown:
        details = "; ".join(f"{name} (needed by {sorted(external[name])[0]})" for name in unknown)
        raise CheckFailed(
            "system libraries the bundle needs but no package is declared for: "
            f"{details}; add them to SONAME_PACKAGES in packaging/linux_check.py"
        )
    glibc = ".".join(str(part) for part in newest)
    packages = sorted(
        ({SONAME_PACKAGES[name] for name in external} | set(BASE_DEPENDS)) - {"libc6"}
    )
    say(f"system libraries used: {', '.join(sorted(external))}")
    say(f"newest glibc symbol version: {glibc}")
    return ", ".join([f"libc6 (>= {glibc})", *packages])


# --- smoke ------------------------------------------------------------------------------
def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    state: dict[str, tuple[int, int, int]] = {}
    for path in [folder, *folder.rglob("*")]:
        info = path.lstat()
        state[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns, info.st_mode)
    return state


def _works(command: Sequence[str]) -> bool:
    try:
        return subprocess.run(list(command), capture_output=True, check=False).returncode == 0
    except OSError:
        return False


READ_ONLY_MOUNT = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'


def isolation_prefix(install_dir: Path) -> tuple[list[str], list[str]]:
    """A command prefix that cuts the network and makes ``install_dir`` a read-only mount.

    As root: new mount and network namespaces. Otherwise the same inside a user namespace
    (``unshare -r``) where the kernel allows one. Failing both, only write permission is
    removed (done by the caller) and the network stays.
    """
    if shutil.which("unshare") is None:
        return [], ["network not cut (no unshare)"]
    for flags in (["-mn"], ["-rmn"]) if os.geteuid() == 0 else (["-rmn"],):
        prefix = ["unshare", *flags, "--", "sh", "-c", READ_ONLY_MOUNT, "sh", str(install_dir)]
        if _works([*prefix, "true"]):
            return prefix, [f"no network (unshare {flags[0]})", "install folder mounted read-only"]
    if _works(["unshare", "-rn", "true"]):
        return ["unshare", "-rn", "--"], ["no network (unshare -rn)"]
    return [], ["network not cut (unshare not permitted)"]


def _clean_env(home: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("XDG_", "QT_", "WILDDIE_", "PYTHON", "VIRTUAL_ENV"))
    }
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    return env


def run_smoke(install_dir: Path, executable: Path, label: str, version: str | None) -> None:
    install_dir = install_dir.resolve()
    with tempfile.TemporaryDirectory(prefix="wilddie-smoke-") as temp:
        home, work, out = Path(temp, "home"), Path(temp, "cwd"), Path(temp, "out")
        for folder in (home, work):
            folder.mkdir()
        for path in [install_dir, *install_dir.rglob("*")]:
            if not path.is_symlink():
                path.chmod(path.lstat().st_mode & ~0o222)
        try:
            before = snapshot(install_dir)
            prefix, notes = isolation_prefix(install_dir)
            env = _clean_env(home)
            runs = {
                "smoke-test": [str(executable), "smoke-test", "--out", str(out)],
                "GUI start and quit": [str(executable)],
            }
            for name, command in runs.items():
                run_env = dict(env, WILDDIE_QUIT_AFTER_MS="1") if name.startswith("GUI") else env
                result = subprocess.run(
                    prefix + command,
                    cwd=work,
                    env=run_env,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                    timeout=120,
                    check=False,
                )
                if result.returncode != 0:
                    raise CheckFailed(
                        f"{label}: {name} exited {result.returncode}: "
                        f"{(result.stderr or result.stdout).strip()[-2000:]}"
                    )
                if name == "smoke-test":
                    lines = result.stdout.splitlines()
                    line = next((x for x in lines if x.startswith(OK_LINE)), "")
                    if not line:
                        raise CheckFailed(f"{label}: no success line: {result.stdout.strip()}")
                    if version and f"Wild Die {version} " not in line:
                        raise CheckFailed(f"{label}: not version {version}: {line}")
                    if "; gmpy2 " not in line:  # the odds engine needs it
                        raise CheckFailed(f"{label}: gmpy2 was not checked: {line}")
                    say(f"{label}: {line}")
            saved = sorted(p.name for p in out.glob("*.json"))
            if len(saved) != 1:
                raise CheckFailed(f"{label}: expected one saved character in {out}, found {saved}")
            if snapshot(install_dir) != before:
                raise CheckFailed(f"{label}: the app wrote into its install folder {install_dir}")
            stray = sorted(p.name for p in work.iterdir())
            if stray:
                raise CheckFailed(f"{label}: the app wrote into the working folder: {stray}")
        finally:  # leave the copy removable
            for path in [install_dir, *install_dir.rglob("*")]:
                if not path.is_symlink():
                    path.chmod(path.lstat().st_mode | 0o200)
        written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
        say(
            f"{label}: ok ({'; '.join(notes)}; install folder unchanged; files written "
            f"under HOME: {', '.join(written) or 'none'})"
        )


# --- icu --------------------------------------------------------------------------------
def _probe_icu(data_library: Path) -> list[str]:
    """What ``icu_probe.py`` prints when Qt's ICU reads ``data_library`` (preloaded: the
    ICU libraries then bind to it by its soname instead of the copy beside them)."""
    with tempfile.TemporaryDirectory(prefix="wilddie-icu-") as home:
        env = dict(_clean_env(Path(home)), LD_PRELOAD=str(data_library))
        result = subprocess.run(
            [sys.executable, str(ROOT / "packaging" / "icu_probe.py")],
            env=env,
            cwd=home,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    if result.returncode != 0:
        raise CheckFailed(f"icu_probe.py with {data_library} failed: {result.stderr[-2000:]}")
    return result.stdout.splitlines()


def check_icu(folder: Path) -> None:
    import PySide6

    bundled = sorted({p.resolve() for p in folder.rglob("libicudata.so.*")})
    if not bundled:
        say(f"no ICU data library in {folder}: nothing to compare")
    for trimmed in bundled:
        full = Path(PySide6.__file__).parent / "Qt" / "lib" / trimmed.name
        expected, found = _probe_icu(full), _probe_icu(trimmed)
        if found != expected:
            pairs = zip(found, expected, strict=False)
            first = "; ".join(f"{a[:150]!r} != {b[:150]!r}" for a, b in pairs if a != b)
            raise CheckFailed(
                f"Qt computes differently with the trimmed {trimmed.name} than with the full "
                f"one ({len(found)} and {len(expected)} results): {first[:400]}"
            )
        kinds = [line.split(" ", 1)[0] for line in found]
        orders = {line.rsplit(" ", 1)[-1] for line in found if line.startswith("collation ")}
        say(
            f"ICU data {trimmed.stat().st_size / 1e6:.1f} MB (PySide6's "
            f"{full.stat().st_size / 1e6:.1f} MB): Qt gets the same {len(found)} results from "
            "both ("
            + ", ".join(f"{kind} {kinds.count(kind)}" for kind in dict.fromkeys(kinds))
            + f"; {len(orders)} different collation orders)"
        )


# --- startup ----------------------------------------------------------------------------
PROBE_ENV = "WILDDIE_STARTUP_PROBE"  # app.gui: prints "wilddie-startup EVENT TIME", quits
PROBE_LINE = re.compile(r"wilddie-startup (\S+) (\d+(?:\.\d+)?)")


def _time_once(command: Sequence[str], env: Mapping[str, str], cwd: Path) -> dict[str, float]:
    """Seconds from spawning the process to each probe event, to its exit, and its CPU."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        spawned = time.time()
        started = time.perf_counter()
        process = subprocess.Popen(
            list(command),
            env=dict(env),
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=errors,
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        output.seek(0)
        errors.seek(0)
        text = output.read().decode(errors="replace")
        problems = errors.read().decode(errors="replace")
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise CheckFailed(f"{' '.join(command)} exited {process.returncode}: {problems[-1000:]}")
    times = {event: float(stamp) - spawned for event, stamp in PROBE_LINE.findall(text)}
    times.update(exit=wall, cpu=usage.ru_utime + usage.ru_stime)
    return times


def startup(frozen: Path, runs: int) -> dict[str, dict[str, float]]:
    """Median seconds from process start to the first paint of the main window, to the
    campaign loaded and to exit (``WILDDIE_STARTUP_PROBE=1``), and CPU; source and frozen.
    Without the probe (an older app) it times ``WILDDIE_QUIT_AFTER_MS=1`` to exit."""
    commands = {
        "source": [str(ROOT / ".venv" / "bin" / "python"), "-m", "app"],
        "frozen": [str(frozen.resolve())],
    }
    with tempfile.TemporaryDirectory(prefix="wilddie-start-") as temp:
        env = dict(_clean_env(Path(temp)), WILDDIE_QUIT_AFTER_MS="30000")
        env[PROBE_ENV] = "1"
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in commands}
        for attempt in range(runs + 1):  # interleaved: load on the machine hits both alike
            for name, command in commands.items():
                measured = _time_once(command, env, ROOT)
                if "first-paint" not in measured:  # no probe: quit right after showing
                    env.pop(PROBE_ENV, None)
                    env["WILDDIE_QUIT_AFTER_MS"] = "1"
                    measured = _time_once(command, env, ROOT)
                if attempt:  # the first run copies the sample, fills page and bytecode caches
                    samples[name].append(measured)
    return {
        name: {
            key: statistics.median(sample[key] for sample in values)
            for key in values[0]
            if all(key in sample for sample in values)
        }
        for name, values in samples.items()
    }


# --- command line -----------------------------------------------------------------------
def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="linux_check.py")
    commands = parser.add_subparsers(dest="command", required=True)
    bundle = commands.add_parser("bundle")
    bundle.add_argument("folder", type=Path)
    bundle.add_argument("--max-mb", type=float, default=150.0)
    bundle.add_argument("--depends-out", type=Path)
    smoke = commands.add_parser("smoke")
    smoke.add_argument("install_dir", type=Path)
    smoke.add_argument("executable", type=Path)
    smoke.add_argument("--label", default="bundle")
    smoke.add_argument("--version", help="the version the app must report")
    icu = commands.add_parser("icu")
    icu.add_argument("folder", type=Path)
    start = commands.add_parser("startup")
    start.add_argument("frozen", type=Path)
    start.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(list(argv))
    try:
        if args.command == "bundle":
            depends = check_bundle(args.folder, args.max_mb)
            say(f"Depends: {depends}")
            if args.depends_out:
                args.depends_out.write_text(depends + "\n", encoding="utf-8")
        elif args.command == "icu":
            check_icu(args.folder)
        elif args.command == "smoke":
            run_smoke(args.install_dir, args.executable, args.label, args.version)
        else:
            result = startup(args.frozen, args.runs)
            say(f"start-up, median of {args.runs} runs each, warm cache, offscreen:")
            for name, figures in result.items():
                say(
                    f"  {name:<6} "
                    + ", ".join(
                        f"{key} {value * 1000:.0f} ms" for key, value in sorted(figures.items())
                    )
                )
            if result["frozen"]["cpu"] > result["source"]["cpu"] * 1.25:
                say("warning: the frozen app needs over 25% more CPU to start than from source")
    except CheckFailed as failure:
        print(f"linux-check: FAILED: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

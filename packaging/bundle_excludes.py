"""What the PyInstaller bundle leaves out: read by ``wilddie.spec``, the bundle check and
``tests/test_packaging.py`` (which fails when the app's code imports an excluded module).

Everything else that ``app/``, ``ui/`` and ``sheets/`` import is collected.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import PurePath
from typing import Final, TypeVar

# Qt bindings the app never uses (PySide6-Essentials ships them all).
EXCLUDED_QT_MODULES: Final = (
    "QtConcurrent",
    "QtDBus",
    "QtDesigner",
    "QtHelp",
    "QtLabsStyleKit",
    "QtNetwork",
    "QtOpenGL",
    "QtOpenGLWidgets",
    "QtQml",
    "QtQmlFeatures",
    "QtQuick",
    "QtQuickControls2",
    "QtQuickTest",
    "QtQuickWidgets",
    "QtSql",
    "QtTest",
    "QtUiTools",
    "QtXml",
)
# Python modules only developer tools pull in (pydantic's mypy and hypothesis plugins),
# and multiprocessing: the app uses threads, and leaving it out also drops PyInstaller's
# multiprocessing start-up hook (about 25 ms before the first window).
EXCLUDED_PYTHON_MODULES: Final = (
    # No network and no database: OpenSSL (5 MB; hashlib's SHA-256 falls back to CPython's
    # own) and SQLite stay out.
    "_hashlib",
    "_sqlite3",
    "_ssl",
    "_tkinter",
    "hypothesis",
    "idlelib",
    "lib2to3",
    "multiprocessing",
    "mypy",
    "pydantic.mypy",
    "pydantic.v1._hypothesis_plugin",
    "pydantic.v1.mypy",
    "pydoc_data",
    "pytest",
    "sqlite3",
    "ssl",
    "tkinter",
)
# Data folders left out: Qt's own translations (7 MB): the app loads only its own
# (resources/translations, app/gui.py), never qtbase_*.qm.
EXCLUDED_DATA_DIRS: Final = ("PySide6/Qt/translations",)


def unwanted_data(dest: str | PurePath) -> bool:
    """Whether a collected data file (its path inside the bundle) is left out."""
    path = PurePath(dest).as_posix()
    return any(path == folder or path.startswith(folder + "/") for folder in EXCLUDED_DATA_DIRS)


# Qt plugin folders the app does not need: Qt Designer, QML, SQL, network, embedded
# (eglfs/evdev) and the Wayland compositor side.
EXCLUDED_PLUGIN_DIRS: Final = (
    "designer",
    "egldeviceintegrations",
    "generic",
    "networkinformation",
    "qmltooling",
    "sqldrivers",
    "tls",
    "vectorimageformats",
    "wayland-graphics-integration-server",
)
# Single plugins left out (names without "lib" and extension). Kept: the desktop platforms
# (xcb, wayland, windows, cocoa) and offscreen (smoke tests), the input methods (compose,
# ibus), SVG/ICO/JPEG/GIF images, the SVG icon engine, the XDG portal theme.
EXCLUDED_PLUGINS: Final = (
    "qeglfs",
    "qlinuxfb",
    "qminimal",
    "qminimalegl",
    "qvkkhrdisplay",
    "qvnc",
    "qtvirtualkeyboardplugin",  # pulls in QtQuick and QtQml
    "qpdf",  # pulls in QtPdf
    "qgtk3",  # pulls in GTK 3, GLib and Pango: a bundled copy clashes with the system's
    "qicns",
    "qtga",
    "qtiff",
    "qwbmp",
    "qwebp",
)


# Linux libraries taken from the system instead of the bundle (the .deb depends on their
# packages), with whatever only they pull in: the CUPS client that Qt's print plugin uses
# (with GnuTLS, Kerberos, Avahi...) must match the system's CUPS set-up anyway.
SYSTEM_LIBRARIES: Final = ("libcups.so.2",)

Entry = TypeVar("Entry", bound=Sequence[str])


def without_system_libraries(
    entries: Iterable[Entry], needed: Callable[[Entry], Iterable[str]]
) -> list[Entry]:
    """PyInstaller binaries (``(dest, src, typecode)``) without ``SYSTEM_LIBRARIES`` and the
    libraries that nothing else in the bundle needs once those are gone.

    ``needed(entry)`` gives the sonames an entry links to directly (ELF ``NEEDED``).
    """
    entries = list(entries)
    needs = {PurePath(entry[0]).name: set(needed(entry)) for entry in entries}
    dropped = {name for name in needs if name in SYSTEM_LIBRARIES}
    pending = list(dropped)
    reachable: set[str] = set()  # what the dropped libraries pull in, directly or not
    while pending:
        for name in needs.get(pending.pop(), ()):
            if name in needs and name not in reachable:
                reachable.add(name)
                pending.append(name)
    changed = True
    while changed:
        changed = False
        for name in sorted(reachable - dropped):
            users = (other for other in needs if other not in dropped and other != name)
            if not any(name in needs[other] for other in users):
                dropped.add(name)
                changed = True
    return [entry for entry in entries if PurePath(entry[0]).name not in dropped]


def excluded_modules() -> list[str]:
    """The ``excludes`` of PyInstaller's Analysis."""
    return [f"PySide6.{name}" for name in EXCLUDED_QT_MODULES] + list(EXCLUDED_PYTHON_MODULES)


def plugin_name(path: str | PurePath) -> str:
    """``.../platforms/libqxcb.so`` -> ``qxcb``; ``qwindows.dll`` -> ``qwindows``."""
    name = PurePath(path).name.split(".")[0]
    return name[3:] if name.startswith("lib") else name


def plugin_folder(path: str | PurePath) -> str | None:
    """The plugin type of a path inside a ``plugins`` folder (``platforms``), else None."""
    parts = PurePath(path).as_posix().split("/")
    if "plugins" in parts[:-1]:
        return parts[parts.index("plugins") + 1]
    return None


def unwanted_plugin(path: str | PurePath) -> bool:
    """Whether a bundled file is a Qt plugin the bundle leaves out."""
    folder = plugin_folder(path)
    if folder is None:
        return False
    return folder in EXCLUDED_PLUGIN_DIRS or plugin_name(path) in EXCLUDED_PLUGINS

"""The main window's parts, one job a module; ``ui.main_window.MainWindow`` joins them.

Each module holds plain functions (or one small helper class) that take the window; the
window keeps its public methods and hands the work over. Cold start: these modules import
only Qt and the light campaign index at the top; anything heavy (pydantic, the documents,
the dice panel, dialogs) stays a lazy import inside the function that needs it.
"""

from typing import Final

APP_NAME: Final = "Wild Die"

"""The player view on a shared screen: shown, kept while the window lives, closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.tracker.player_view import PlayerView

if TYPE_CHECKING:
    from ui.tracker.window import TrackerWindow


def toggle(window: TrackerWindow, on: bool, *, full_screen: bool) -> None:
    if on:
        if window.player_view is None:
            window.player_view = PlayerView(window.engine)
            window.player_view.destroyed.connect(lambda: setattr(window, "player_view", None))
        window.player_view.update_now()
        window.player_view.show_on(None, full_screen=full_screen)
    else:
        close(window)
    if window.player_view_action.isChecked() != on:
        window.player_view_action.setChecked(on)


def close(window: TrackerWindow) -> None:
    if window.player_view is not None:
        window.player_view.close()
        window.player_view.deleteLater()
        window.player_view = None

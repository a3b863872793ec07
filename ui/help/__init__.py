"""The Help window: the rules the app applies, in plain words, searchable."""

from ui.help.window import HelpWindow, topics_of

__all__ = ["HelpWindow", "topics_of"]

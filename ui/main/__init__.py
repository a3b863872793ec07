"""The main window and the controllers that own its flows.

``MainWindow`` (``ui.main.window``) holds the widgets and their layout; each flow has an
object that owns it: ``SheetTabs`` (the open sheets), ``UndoRouter`` (which undo stack
Ctrl+Z acts on), ``FileController`` (save, revert, close, print), ``CampaignController``
(open, close and run a campaign), ``DocumentOpener`` (open, import, drop, recover) and
``RollController`` (the dice panel). They meet through the ``Workspace`` (what is open),
the ``Prompter`` (what is asked) and the ``SaveService`` (what is saved).
"""

from typing import Final

APP_NAME: Final = "Wild Die"

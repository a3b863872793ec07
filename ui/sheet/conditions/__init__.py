"""A sheet's conditions (R5), one part a module: ``tracks`` (damage, composure, body),
``attitude`` (attitude and willpower), ``statuses``, ``named`` (R4 benchmarks), each drawn
with the ``step_bar``; ``widget`` joins them as ``ConditionsWidget``."""

from ui.sheet.conditions.step_bar import StepBar
from ui.sheet.conditions.tracks import track_steps, tracks_for
from ui.sheet.conditions.widget import ConditionsWidget

__all__ = ["ConditionsWidget", "StepBar", "track_steps", "tracks_for"]

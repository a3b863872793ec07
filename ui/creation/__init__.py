"""Guided character creation (issue 15): a game template's budget, shared out by a player."""

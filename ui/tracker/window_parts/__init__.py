"""The tracker window's parts, one job a module; ``ui.tracker.window.TrackerWindow`` makes
them and lays them out: ``table`` (``InitiativeTable``), ``docks`` (the act and log docks),
``actions`` (``TrackerActions``: actions, toolbar, menus), ``updates`` (following the
engine), ``scene_flow`` (``SceneFlow``: start, turns, rounds, the scene's end),
``combatants`` (``CombatantActions``: what the selected combatants do), ``award_dialog``,
``player_screen`` (``PlayerScreen``) and ``engine`` (the engine for an encounter). The
engine, its undo stack and saving are ``ui.tracker.encounter_session.EncounterSession``.
None decides a rule: the engine does.
"""

"""The tracker window's parts, one job a module; ``ui.tracker.window.TrackerWindow`` joins
them: ``engine`` (the engine for an encounter, running commands), ``table`` (the initiative
table), ``docks`` (the act and log docks), ``actions`` (actions, toolbar, menus),
``updates`` (following the engine), ``scene_flow`` (start, turns, rounds, the scene's end),
``combatants`` (what the selected combatants do), ``award_dialog``, ``player_screen`` (the
player view) and ``saving`` (the encounter and the sheets it changed).

Each module holds plain functions (or one small helper class) that take the window; the
window keeps its public methods and attributes and hands the work over. None decides a
rule: the engine does, through the window's controller.
"""

"""The act dock's parts, one job a module; ``ui.tracker.act_panel.ActPanel`` joins them:
``check_form`` (who acts with what against whom: the proposed roll), ``effect_menu`` (what
the recorded check's ranks buy, R4) and ``damage_line`` (the wound or body points a damage
roll left, R10)."""

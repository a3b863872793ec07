"""Services the windows share: one prompter for every question, one save service."""

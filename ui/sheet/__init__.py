"""The character sheet editor: header, ability tree, conditions, gear, print."""

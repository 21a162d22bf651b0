"""Daylily bots (to be written): the greedy player registers itself here."""

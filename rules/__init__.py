"""Headless rules layer: the single source of truth for every game. Never imports pygame."""

"""Screens, kept on a stack: title, game select, setup, table, pause, results and friends."""

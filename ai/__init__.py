"""AI opponents: one search framework (``ai.search``) for every game, tuned per game in
``ai/<game>.py``; ``ai.levels.make_agent`` builds an agent for a game and a level."""

"""Where things are and what is next to what: the lane graph with its Tower blocks."""

from __future__ import annotations

from rules.biternia.content import Content, load


def bit_of(team: int) -> str:
    return f"bit_{team}"


def is_structure(space_or_target: str) -> bool:
    return space_or_target.startswith(("tower_", "bit_"))


def structure_team(structure: str) -> int:
    return int(structure.split("_")[1])


def is_blocked(a: str, b: str, team: int, towers_hp: dict[str, int]) -> bool:
    """A path from a Tower to its Bit is closed to the Bit's enemies while that Tower stands."""
    for tower, bit in ((a, b), (b, a)):
        if tower.startswith("tower_") and bit.startswith("bit_"):
            owner = structure_team(bit)
            if owner != team and towers_hp.get(tower, 0) > 0:
                return True
    return False


def neighbours(space: str, team: int, structures_hp: dict[str, int],
               content: Content | None = None) -> list[str]:
    """Spaces next to ``space`` for a Hero of ``team`` (paths an enemy Tower blocks left out)."""
    board = (content or load()).spaces
    return [b for b in board[space].links if not is_blocked(space, b, team, structures_hp)]


def tower_spaces(team: int, content: Content | None = None) -> list[str]:
    board = (content or load()).spaces
    return [sid for sid, s in board.items() if s.kind == "tower" and s.team == team]

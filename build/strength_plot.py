"""Draw the AI strength curves (docs/ai.md) into a PNG with pygame-ce.

    python build/strength_plot.py OUT.png GAME:SPEC:POINTS:GAMES ...

Each argument is one measured pairing against hard: the game, the agent spec (``hard*4``,
``expert``), the points it scored and the games played (``chaostle:hard*4:44:100``). A
``hard*K`` spec is drawn at budget K on a logarithmic axis (hard itself, 1x, is the 50 % line
by definition); ``expert`` is drawn as a diamond at the right. Each point carries its
Wilson 95 % interval. matplotlib is not a dependency of the project, hence pygame.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from ai.arena import wilson  # noqa: E402

WIDTH, HEIGHT = 900, 520
LEFT, RIGHT, TOP, BOTTOM = 90, 200, 50, 80
SCALES = (1, 4, 16)
COLOURS = {"battlecon": (196, 72, 60), "biternia": (70, 130, 200), "chaostle": (90, 160, 80),
           "terrene": (200, 150, 40)}
INK, GRID, PAPER = (30, 30, 30), (215, 215, 210), (250, 249, 244)


def parse(arg: str) -> tuple[str, str, float, int]:
    game, spec, points, games = arg.split(":")
    return game, spec, float(points), int(games)


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    out, rows = argv[0], [parse(a) for a in argv[1:]]
    pygame.font.init()
    surface = pygame.Surface((WIDTH, HEIGHT))
    surface.fill(PAPER)
    font, small = pygame.font.Font(None, 24), pygame.font.Font(None, 20)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    expert_x = LEFT + plot_w + 60

    def x_of(spec: str) -> float:
        if spec == "expert":
            return expert_x
        scale = float(spec.partition("*")[2] or 1)
        return LEFT + plot_w * math.log(scale, 4) / math.log(SCALES[-1], 4)

    def y_of(rate: float) -> float:
        return TOP + plot_h * (1 - rate)

    def label(text: str, pos: tuple[float, float], f: pygame.font.Font = small,
              anchor: str = "center") -> None:
        img = f.render(text, True, INK)
        rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(img, rect)

    for tenth in range(0, 11, 2):
        y = y_of(tenth / 10)
        pygame.draw.line(surface, GRID, (LEFT, y), (expert_x + 30, y))
        label(f"{tenth * 10} %", (LEFT - 10, y), anchor="midright")
    pygame.draw.line(surface, INK, (LEFT, y_of(0.5)), (expert_x + 30, y_of(0.5)), 2)
    for scale in SCALES:
        label(f"hard*{scale}" if scale > 1 else "hard", (x_of(f"hard*{scale}"), TOP + plot_h + 16))
    label("expert", (expert_x, TOP + plot_h + 16))
    label("budget against hard (fixed budget, seats alternating)", (LEFT + plot_w / 2,
          HEIGHT - 28), font)
    label("win rate against hard, Wilson 95 %", (LEFT, TOP - 24), font, "midleft")
    offsets = {g: (i - 1.5) * 8 for i, g in enumerate(COLOURS)}
    curves: dict[str, list[tuple[float, float]]] = {}
    for game, spec, points, games in rows:
        colour = COLOURS.get(game, INK)
        x = x_of(spec) + offsets.get(game, 0.0)
        lo, hi = wilson(points, games)
        rate = points / games
        pygame.draw.line(surface, colour, (x, y_of(lo)), (x, y_of(hi)), 2)
        if spec == "expert":
            y = y_of(rate)
            pygame.draw.polygon(surface, colour, [(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)])
        else:
            pygame.draw.circle(surface, colour, (round(x), round(y_of(rate))), 6)
            curves.setdefault(game, [(x_of("hard") + offsets.get(game, 0.0), y_of(0.5))])
            curves[game].append((x, y_of(rate)))
    for game, line in curves.items():
        if len(line) > 1:
            pygame.draw.lines(surface, COLOURS[game], False, sorted(line), 2)
    for i, game in enumerate(g for g in COLOURS if any(r[0] == g for r in rows)):
        y = TOP + 10 + i * 26
        pygame.draw.circle(surface, COLOURS[game], (WIDTH - 120, y), 6)
        label(game, (WIDTH - 106, y), font, "midleft")
    pygame.image.save(surface, out)
    print(f"{out}: {len(rows)} points")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Title, game select and setup: the way from launch to a match."""

from __future__ import annotations

import math
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game import icons, theme
from game.scene import Affine, CardNode
from game.screens.base import Screen
from game.session import AI_LEVELS, Seat, Session, SessionError, level_note
from game.tables import table_for
from game.tutorial import available as tutorial_available
from game.widgets import Button, Cycler, Widget
from rules import registry
from rules.core import Game, SetupOption

if TYPE_CHECKING:
    from game.app import App

CX = theme.LOGICAL_SIZE[0] // 2
W = theme.LOGICAL_SIZE[0]


SWAY_SECONDS = 3.0  # the fan of cards sways as the title opens, then rests (no idle redraws)


class TitleScreen(Screen):
    """The front door: Play, How to play, Learn to play, Positions, Load, Settings, Quit,
    over a fan of
    cards that sways a moment as it opens."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.clock = 0.0
        self.cards: list[CardNode] = []
        for i in range(5):
            card = CardNode(CX + (i - 2) * 80, 610, "", face_up=False, w=110, h=154)
            card.rotation, card.z = (i - 2) * 9.0, -1
            card.alpha = 0.8
            self.cards.append(card)
            self.root.add(card)
        labels = [("Play", self.play, True), ("How to play", self.how_to_play, False),
                  ("Learn to play", self.learn, False),
                  ("Positions", self.positions, False), ("Load game", self.load, False),
                  ("Settings", self.settings, False), ("Quit", self.quit, False)]
        buttons = []
        for i, (label, action, primary) in enumerate(labels):
            b = Button(CX, 236 + i * 46, 300, 40, label, on_activate=action, primary=primary,
                       size=20)
            buttons.append(self.root.add(b))
        credits = Button(theme.LOGICAL_SIZE[0] - 100, 672, 150, 40, "Credits",
                         name="credits", on_activate=self.credits, size=16)
        buttons.append(self.root.add(credits))
        self.focus.set(buttons)

    def play(self) -> None:
        self.app.stack.push(GameSelectScreen(self.app))

    def learn(self) -> None:
        self.app.open_tutorials()

    def how_to_play(self) -> None:
        self.app.open_rules()

    def positions(self) -> None:
        self.app.open_positions()

    def load(self) -> None:
        self.app.open_load()

    def settings(self) -> None:
        self.app.open_settings()

    def credits(self) -> None:
        self.app.open_credits()

    def quit(self) -> None:
        self.app.quit()

    def on_escape(self) -> bool:
        return True

    def animating(self) -> bool:
        return super().animating() or self.clock < SWAY_SECONDS

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.clock >= SWAY_SECONDS:
            return  # at rest: the step that reached SWAY_SECONDS laid the fan straight
        self.clock = min(SWAY_SECONDS, self.clock + dt)
        sway = (1 - self.clock / SWAY_SECONDS) ** 2  # dies down to the fan at rest
        for i, card in enumerate(self.cards):
            card.rotation = (i - 2) * 9.0 + 2.5 * sway * math.sin(self.clock * 0.8 + i)
            card.y = 600 + abs(i - 2) * 14 + 6 * sway * math.sin(self.clock * 1.1 + i * 0.7)

    def draw_overlay(self, target: pygame.Surface) -> None:
        theme.text(target, "Tabletop Arena", (CX, 120), 76, theme.BRASS_LIGHT, "display",
                   "center", shadow=True)
        theme.text(target, "Four tabletop games  ·  AI opponents or a friend at your side",
                   (CX, 196), 20, theme.PARCHMENT_DIM, anchor="center")
        theme.text(target, "Arrows / Tab to move  ·  Return to choose  ·  Esc to go back",
                   (CX, 700), 14, theme.MUTED, anchor="center")


class GameTile(Button):
    """A game on the select screen: its picture, title, players and summary; greyed when
    coming (or broken)."""

    BAND = 150  # the walnut band that holds the picture
    HEIGHT = 420

    def __init__(self, x: float, y: float, game_id: str, title: str, game: Game | None,
                 on_activate: Callable[[], None], w: float = 280) -> None:
        super().__init__(x, y, w, self.HEIGHT, title, name=f"game.{game_id}",
                         on_activate=on_activate,
                         enabled=game is not None)
        self.game_id, self.game = game_id, game
        self.stamp = "COMING"

    def draw_picture(self, target: pygame.Surface, band: pygame.Rect) -> None:
        """The game's icon, large, on a brass-rimmed medallion in the band."""
        live = self.enabled
        centre = band.center
        radius = min(band.h // 2 - 10, band.w // 2 - 16)
        glow = round(40 * self.glow)
        disc = theme.blend(theme.WOOD, theme.INK, 0.45) if live else (48, 54, 50)
        pygame.draw.circle(target, disc, centre, radius)
        rim = theme.lighten(theme.BRASS, glow) if live else (96, 104, 98)
        pygame.draw.circle(target, rim, centre, radius, 3)
        pygame.draw.circle(target, theme.BRASS if live else (80, 86, 82), centre,
                           radius - 7, 1)
        ink = theme.lighten(theme.BRASS_LIGHT, glow // 2) if live else (120, 128, 122)
        art = icons.picture(icons.game_picture(self.game_id), int(radius * 1.45), ink)
        shade = icons.picture(icons.game_picture(self.game_id), int(radius * 1.45),
                              (0, 0, 0, 110))
        target.blit(shade, shade.get_rect(center=(centre[0] + 2, centre[1] + 3)))
        target.blit(art, art.get_rect(center=centre))

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world).move(0, -round(8 * self.glow))
        fill = theme.PARCHMENT if self.enabled else (70, 82, 76)
        theme.shadowed_rect(target, rect, fill, radius=16, shadow=6 + round(6 * self.glow),
                            border=theme.BRASS_LIGHT if self.focused else theme.WOOD,
                            border_width=4 if self.focused else 2)
        band = pygame.Rect(rect.x, rect.y, rect.w, self.BAND)
        pygame.draw.rect(target, theme.WOOD if self.enabled else (56, 62, 58), band,
                         border_top_left_radius=16, border_top_right_radius=16)
        self.draw_picture(target, band)
        ink = theme.INK if self.enabled else (150, 156, 150)
        y = band.bottom + 12
        for line in theme.wrap(self.label, rect.w - 24, 21, "display")[:2]:
            theme.text(target, line, (rect.centerx, y), 21,
                       theme.WOOD if self.enabled else (150, 156, 150), "display", "midtop")
            y += 26
        if self.focused and self.game is not None:
            theme.text(target, "Return to play  ▶", (rect.centerx, rect.bottom - 22), 14,
                       theme.WOOD, "bold", "center")
        if self.game is None:
            stamp = pygame.Rect(0, 0, 150, 40)
            stamp.center = (rect.centerx, (y + rect.bottom) // 2)
            pygame.draw.rect(target, (110, 118, 112), stamp, width=3, border_radius=8)
            theme.text(target, self.stamp, stamp.center, 20, (150, 156, 150), "bold", "center")
            return
        g = self.game
        players = (f"{g.min_players} players" if g.min_players == g.max_players
                   else f"{g.min_players}–{g.max_players} players")
        theme.text(target, players, (rect.centerx, y + 2), 15, theme.WOOD, "bold", "midtop")
        y += 28
        room = max(1, (rect.bottom - 40 - y) // 19)
        for line in summary_lines(g.summary, rect.w - 32, 14, room):
            theme.text(target, line, (rect.x + 16, y), 14, ink)
            y += 19


def load_game(game_id: str) -> tuple[Game | None, bool]:
    """The game if this build can play it, and whether its package failed to load (that
    game is then shown as broken, with the reason on stderr, instead of crashing)."""
    try:
        return (registry.get_game(game_id) if registry.is_available(game_id) else None), False
    except Exception as exc:  # noqa: BLE001 - one broken game must not take the menu down
        traceback.print_exception(exc)
        return None, True


class GameSelectScreen(Screen):
    """All four games from the registry; ones not in this build are greyed as coming."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        tiles: list[Widget] = []
        ids = list(registry.GAMES)
        pitch = min(300.0, 1240 / len(ids))
        self.playable = 0
        for i, game_id in enumerate(ids):
            title = registry.GAMES[game_id][0]
            game, broken = load_game(game_id)
            self.playable += game is not None
            x = CX + (i - (len(ids) - 1) / 2) * pitch
            tile = GameTile(x, 360, game_id, title, game,
                            on_activate=lambda g=game_id: self.choose(g), w=pitch - 20)
            tile.stamp = "BROKEN" if broken else "COMING"
            tiles.append(self.root.add(tile))
        back = self.root.add(Button(CX, 630, 200, 46, "Back", on_activate=self.back))
        self.focus.set(tiles + [back])  # coming games are not focusable

    def choose(self, game_id: str) -> None:
        self.app.stack.push(SetupScreen(self.app, game_id))

    def back(self) -> None:
        self.app.stack.pop()

    def draw_overlay(self, target: pygame.Surface) -> None:
        theme.text(target, "Choose a game", (CX, 70), 40, theme.BRASS_LIGHT, "display", "center",
                   shadow=True)
        if not self.playable:
            theme.text(target, "No game is playable in this build yet.", (CX, 580), 18,
                       theme.PARCHMENT, anchor="center")


SEATS_TOP = 230
ROWS_BOTTOM = 610
SEAT_CHOICES = ["Human"] + [f"AI · {level}" for level in AI_LEVELS]


def seat_from_choice(choice: str) -> Seat:
    if choice == "Human":
        return Seat(True)
    return Seat(False, choice.split("· ", 1)[1])


def summary_lines(summary: str, width: int = 1100, size: int = 15, most: int = 2
                  ) -> list[str]:
    """A game's summary in at most ``most`` lines: its whole sentences while they fit (a
    sentence that does not, such as BattleCON's on team play, is left to How to play and
    the options below), never a sentence cut with '…'."""
    sentences = [f"{s.strip()}." if not s.strip().endswith(".") else s.strip()
                 for s in summary.split(". ") if s.strip()]
    lines = theme.wrap(sentences[0] if sentences else summary, width, size)
    for k in range(2, len(sentences) + 1):
        more = theme.wrap(" ".join(sentences[:k]), width, size)
        if len(more) > most:
            break
        lines = more
    return lines[:most]


class SetupScreen(Screen):
    """Players, who sits where (human or AI level), and the game's own options.
    The defaults are ready: Return starts the match."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game = registry.get_game(game_id)
        self.players = self.game.min_players
        self.seat_choice: dict[int, str] = {}
        self.values: dict[str, str] = {}
        #: the values the person chose: kept through a change of the player count that has
        #: no room for one (it shows that count's default) and back again
        self.picked: dict[str, str] = {}
        self.error = ""
        self.defaults: dict[str, object] = {}
        self._colours: tuple[object, list[tuple[int, int, int]]] | None = None
        self.build()

    def build(self) -> None:
        self.root.clear()
        g = self.game
        widgets: list[Widget] = []
        if g.max_players > g.min_players:
            counts = [str(n) for n in range(g.min_players, g.max_players + 1)]
            widgets.append(self.root.add(Cycler(330, 150, 440, 44, "Players", counts,
                                                str(self.players), name="players",
                                                on_change=self.set_players)))
        options = g.setup_options(self.players)
        self.defaults = g.default_setup(self.players)
        per_seat = [o for o in options if o.per_seat]
        shared = [o for o in options if not o.per_seat]
        step, h = self.row_step(len(shared) if per_seat else 0)
        for seat in range(self.players):
            y = SEATS_TOP + seat * step
            choice = self.seat_choice.get(seat, "Human" if seat == 0 else "AI · normal")
            self.seat_choice[seat] = choice
            widgets.append(self.root.add(Cycler(330, y, 440, h, f"Seat {seat + 1}",
                                                SEAT_CHOICES, choice, name=f"seat{seat}",
                                                on_change=lambda v, s=seat: self.set_seat(s, v))))
            for j, opt in enumerate(per_seat[:2]):
                key = f"{opt.key}.{seat}"
                x, w = self.seat_column(j, len(per_seat[:2]))
                widgets.append(self.root.add(self._option(key, opt, x, y, w, h)))
        for i, opt in enumerate(shared):
            x, y, w, oh = self._shared_slot(i, bool(per_seat), step, h)
            widgets.append(self.root.add(self._option(opt.key, opt, x, y, w, oh)))
        back = self.root.add(Button(CX - 170, 684, 200, 46, "Back", on_activate=self.back))
        start = self.root.add(Button(CX + 130, 684, 300, 50, "Start", name="start",
                                     on_activate=self.start, primary=True, size=22))
        extra: list[Widget] = []
        if tutorial_available(g.id):  # a guided first game, straight from here
            extra.append(self.root.add(Button(W - 150, 684, 220, 46, "Learn: tutorial",
                                              name="tutorial", size=16,
                                              on_activate=self.tutorial)))
        self.focus.set(widgets + [back, start, *extra], focus=start)

    @staticmethod
    def seat_column(j: int, columns: int) -> tuple[float, float]:
        """(centre x, width) of the j-th per-seat option's column: one option takes the
        whole right-hand column (a Terrene deck's name whole), two share it."""
        return (885.0, 570.0) if columns == 1 else (737.0 + j * 295, 275.0)

    def row_step(self, shared_below: int) -> tuple[float, int]:
        """Row pitch and height so that the seats (and options under them) fit."""
        rows = self.players + (shared_below + 1) // 2
        step = min(70.0, (ROWS_BOTTOM - SEATS_TOP) / max(1, rows))
        return step, int(min(44, step - 6))

    def _shared_slot(self, i: int, below: bool, step: float,
                     h: int) -> tuple[float, float, float, int]:
        """Where the i-th whole-game option goes: the right column, or under the seats."""
        if not below:
            pitch = min(60.0, (ROWS_BOTTOM - 150) / max(1, self._shared_count()))
            return 885, 150 + i * pitch, 570, int(min(44, pitch - 6))
        y = SEATS_TOP + (self.players + i // 2) * step + 10
        return (330, y, 440, h) if i % 2 == 0 else (885, y, 570, h)

    def _shared_count(self) -> int:
        return sum(1 for o in self.game.setup_options(self.players) if not o.per_seat)

    def _option(self, key: str, opt: SetupOption, x: float, y: float, w: float,
                h: int = 44) -> Cycler:
        default = str(self.defaults.get(key, opt.default))
        value = self.picked.get(key, default)
        self.values[key] = value if value in opt.choices else default
        picture = None
        if opt.per_seat:  # a fighter, a deck...: its picture beside its name
            def picture(value: str, size: int, o: SetupOption = opt) -> pygame.Surface:
                return icons.icon(self.game.id, o.key, o.label_of(value), size,
                                  theme.WOOD)
        label = opt.label if w > 320 and not opt.per_seat else ""  # a seat's: its column head
        return Cycler(x, y, w, h, label, opt.choices, self.values[key],
                      name=key, on_change=lambda v, k=key: self.pick(k, v),
                      size=15, show=opt.label_of, picture=picture)

    def pick(self, key: str, value: str) -> None:
        self.values[key] = self.picked[key] = value

    def set_players(self, value: str) -> None:
        self.players = int(value)
        self.build()
        players = self.widget("players")
        if players is not None:
            self.focus.focus(players)

    def set_seat(self, seat: int, value: str) -> None:
        self.seat_choice[seat] = value

    def seat_of(self, name: str) -> int | None:
        """The seat whose Human / AI cycler is named ``name`` (None for other widgets)."""
        number = name.removeprefix("seat")
        return int(number) if number != name and number.isdigit() else None

    def setup(self) -> dict[str, object]:
        out: dict[str, object] = {"players": self.players}
        for opt in self.game.setup_options(self.players):
            keys = ([f"{opt.key}.{s}" for s in range(self.players)] if opt.per_seat
                    else [opt.key])
            for k in keys:
                out[k] = self.values.get(k, str(self.defaults.get(k, opt.default)))
        return out

    def seat_colours(self) -> list[tuple[int, int, int]]:
        """Each seat's colour as the table will draw it (Biternia's two teams, BattleCON's
        team shades): the table asked about the opening position of the setup chosen;
        by seat number while that setup cannot start (Start then says why)."""
        setup = self.setup()
        key = tuple(sorted((k, str(v)) for k, v in setup.items()))
        if self._colours is None or self._colours[0] != key:
            try:
                state = self.game.new_state(self.game.validate_setup(dict(setup)), 0)
                table = table_for(self.game.id)
                colours = [table.setup_colour(state, s) for s in range(self.players)]
            except Exception:  # noqa: BLE001 - a setup that cannot start says so on Start
                colours = [theme.seat_colour(s) for s in range(self.players)]
            self._colours = (key, colours)
        return self._colours[1]

    def start(self) -> None:
        seats = [seat_from_choice(self.seat_choice[s]) for s in range(self.players)]
        try:
            session = Session.new(self.game.id, self.setup(), seats, self.app.new_seed())
        except SessionError as exc:
            self.error = str(exc)
            return
        except Exception as exc:  # noqa: BLE001 - a game that cannot start says so
            traceback.print_exception(exc)
            self.error = f"{self.game.title} could not start: {type(exc).__name__}: {exc}"
            return
        self.app.open_table(session)

    def tutorial(self) -> None:
        self.app.open_tutorial(self.game.id)

    def back(self) -> None:
        self.app.stack.pop()

    def draw_background(self, target: pygame.Surface) -> None:
        super().draw_background(target)
        board = pygame.Rect(60, 118, 1160, ROWS_BOTTOM - 118 + 8)
        theme.shadowed_rect(target, board, theme.FELT_DARK, radius=16, shadow=8, alpha=170,
                            border=(60, 90, 76))
        theme.text(target, "Seats", (92, SEATS_TOP - 36), 15, theme.PARCHMENT_DIM, "bold",
                   "midleft")

    def draw_overlay(self, target: pygame.Surface) -> None:
        theme.text(target, self.game.title, (CX, 50), 36, theme.BRASS_LIGHT, "display", "center",
                   shadow=True)
        lines = summary_lines(self.game.summary or "Set up the match")
        for i, line in enumerate(lines):  # the summary's whole sentences in two lines
            theme.text(target, line, (CX, 92 + (i - (len(lines) - 1) / 2) * 19), 15,
                       theme.PARCHMENT_DIM, anchor="center")
        per_seat = [o for o in self.game.setup_options(self.players) if o.per_seat]
        for j, opt in enumerate(per_seat[:2]):
            x, _ = self.seat_column(j, len(per_seat[:2]))
            theme.text(target, opt.label, (x, SEATS_TOP - 36), 15, theme.PARCHMENT_DIM, "bold",
                       "center")
        step, _ = self.row_step(self._shared_count() if per_seat else 0)
        for seat, colour in enumerate(self.seat_colours()):
            pygame.draw.circle(target, colour, (92, SEATS_TOP + seat * step), 8)
        if self.error:
            theme.text(target, self.error, (CX, 624), 16, (255, 150, 130), "bold", "midtop")
        else:
            self.draw_about(target)

    def draw_about(self, target: pygame.Surface) -> None:
        """What the focused option is set to, under the seats: its picture (a fighter, a
        deck), its name and its line, or what the option does."""
        focused = self.focus.current
        seat = self.seat_of(focused.name) if focused is not None else None
        if seat is not None:  # a seat: who sits there, and what that AI level is
            choice = self.seat_choice[seat]
            words = ("a person plays this seat" if choice == "Human"
                     else level_note(seat_from_choice(choice).level))
            theme.text(target, f"Seat {seat + 1}: {choice}", (CX - 460, 619), 15,
                       theme.CREAM, "bold")
            theme.text(target, theme.ellipsize(words, 920, 14), (CX - 460, 639), 14,
                       theme.PARCHMENT_DIM)
            return
        opt = next((o for o in self.game.setup_options(self.players) if focused is not None
                    and focused.name.split(".")[0] == o.key), None)
        if opt is None or focused is None:
            return
        value = self.values.get(focused.name, opt.default)
        note = opt.note_of(value)
        head = f"{opt.label}: {opt.label_of(value)}" if note else ""
        words = note or opt.help
        if not words:
            return
        left = CX - 460
        if opt.per_seat:
            portrait = icons.icon(self.game.id, opt.key, opt.label_of(value), 36,
                                  theme.BRASS_LIGHT)
            target.blit(portrait, (left, 620))
            left += 48
        if head:
            theme.text(target, theme.ellipsize(head, CX + 460 - left, 15, "bold"), (left, 619),
                       15, theme.CREAM, "bold")
        theme.text(target, theme.ellipsize(words, CX + 460 - left, 14), (left, 639 if head
                   else 628), 14, theme.PARCHMENT_DIM)

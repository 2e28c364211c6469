"""BattleCON's own table: the board (seven spaces, nine in team play; a standee per fighter
that hops when it moves, the fighters' markers), a plate per fighter (life, Force gems, the
Active/Reactive marker, discard piles 1 and 2, the attack pair as a card that slides onto
the plate when set, lies face down and turns over at the reveal, all pairs together, and
the Unique Ability's materials as pieces), the viewer's hand as cards that pair up by
dragging or clicking (battlecon/hand.py), and the text panels (kits, Unique Abilities, the
opponent's hand) beside the beat log. The action strip stays below (battlecon/strip.py):
every legal action is always reachable. Team play: battlecon/team.py."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import game.tables.battlecon.layout as layout
from game import theme
from game.assets import font
from game.cardface import CardFace
from game.floats import FADE, SHOWN, FloatText, overlaps, rise_from
from game.scene import CardNode, StandeeNode
from game.tables.battlecon.faces import card_face, kit_face, own_signs, pair_face
from game.tables.battlecon.hand import PAIRING, HandTray
from game.tables.battlecon.layout import BOARD, HAND, SIDE_LOG, SIDE_PANELS
from game.tables.battlecon.parts import (
    LIST_ROW,
    Chooser,
    DropSlot,
    HandCard,
    PairCard,
    SpaceTarget,
    TargetTag,
    chips_width,
    draw_chips,
    draw_force,
    draw_life,
    draw_pile_list,
    draw_pile_row,
    draw_role,
    pile_list_h,
    pile_name_rows,
    pile_row_layout,
    word_lines,
)
from game.tables.battlecon.pieces import (
    Group,
    draw_materials,
    lay_materials,
    materials,
    piece_face,
)
from game.tables.battlecon.preview import (
    draw_preview,
    draw_reach,
    preview_stats,
    reach_spaces,
    stat_words,
)
from game.tables.battlecon.stage import (
    HOLD,
    TEAM_HOLD,
    HitPlaque,
    RangeCheck,
    RevealStage,
    hop_path,
    lunge,
    rise_clear,
    totals_words,
)
from game.tables.battlecon.strip import ActionStrip, BattleconHintMarks, choice_label
from game.tables.battlecon.team import (
    draw_defeated,
    draw_team_force,
    force_of,
    is_active,
    is_out,
    is_team,
    max_life,
    side_of,
    team_cards,
    team_colour,
)
from game.tables.generic import TableModel
from game.tween import ease_in_out_cubic, ease_out_back
from game.widgets import Widget
from rules.battlecon import movement, team
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.battlecon.stats import AttackStats
from rules.core import Action, Event, GameState, Panel

WORDS_APART = 120  # fighters closer than this (px) have their rising words one at a time
DRAWN = ("Board", "Attack pairs", "Discards", "Your hand")  # drawn, not listed
CONCEALED = (Phase.SET, Phase.ANTE)  # the phases in which set pairs lie face down
#: in-beat choices of a piece on the plate: the action kind -> the first word of the group
#: the piece lies in ("With <opponent>": Lucida's tokens to rend; "Told": to take back)
PIECE_CHOICES: dict[str, str] = {Act.REND: "With", Act.RECALL: "Told"}
GAIN, LOSS = (110, 200, 120), (236, 84, 70)
COMPACT_ROW = 14  # a compact plate's discard pile row
FINISHER_FOOT = 90  # where a compact plate's Finisher name ends (below the plate's top)
STAGED = "Resolving"  # the status of the model a staged resolution shows (TableScreen.show)


def damage_notes(data: dict[str, Any]) -> list[str]:
    """What a hit's damage met: the Armor that absorbed some of it, and the Guard the damage
    is measured against (over it: stunned)."""
    amount = data.get("amount")
    notes = [f"{amount} damage"] if isinstance(amount, int) else []
    if data.get("absorbed"):
        notes.append(f"Armor {data['absorbed']}")
    guard = data.get("guard")
    if isinstance(guard, int) and isinstance(amount, int) and amount > 0:
        notes.append(f"Guard {guard}")
    return notes
PILES_H, PILE_GAP = 78, 4  # a wide plate's room for its two listed discard piles


def ability_lines(words: str, width: int, most: int) -> list[str]:
    """The ability's words in at most ``most`` lines of ``width`` at 12 px: whole sentences,
    never a cut one; when some do not fit, the last line says where to read them all (the
    zoom on the ability, and the side panel)."""
    lines = theme.wrap(words, width, 12)
    if len(lines) <= most:
        return lines
    sentences = [s.strip() + "." for s in words.split(".") if s.strip()]
    shown: list[str] = []
    for k in range(len(sentences), 0, -1):
        trial = theme.wrap(" ".join(sentences[:k]), width, 12)
        if len(trial) <= most - 1:
            shown = trial
            break
    more = next((m for m in MORE_WORDS if font(12).size(m)[0] <= width), MORE_WORDS[-1])
    return [*shown, more]


#: the last line of an ability too long for its plate, the longest that fits
MORE_WORDS = ("More: rest the pointer here to read the whole ability.",
              "More: rest the pointer here to read it all.", "Rest the pointer here: more.",
              "Hover: more.")


def finish_turn(card: CardNode) -> None:
    """End a card's turning over at once (a hidden pair lies still), leaving any slide."""
    turning = [t for t in card.tweens.tweens if t.attr == "turn"]
    card.tweens.tweens = [t for t in card.tweens.tweens if t.attr != "turn"]
    for tween in turning:
        tween.delay = 0.0
        tween.update(tween.duration + 1.0)


class BattleconTable(HandTray, ActionStrip):
    """The duel drawn as a board game; the text panels move to the side, under the log."""

    END_KINDS = (Act.PASS,)  # no (further) ante

    def end_action(self) -> Action | None:
        """Pass; or, when Hayden may throw the foe, spending nothing."""
        spare = next((a for a in self.model.actions
                      if a.kind == Act.THROW and a.args and a.args[0] == "none"), None)
        return spare or super().end_action()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.panels_area = SIDE_PANELS.copy()
        self.remove(self.hint_marks)  # the hint names in-beat choices in a player's words
        self.hint_marks = BattleconHintMarks()
        self.add(self.hint_marks)
        # "Your turn" pops over the log, leaving the board, the plates and the hand in view
        self.banner.x, self.banner.y, self.banner.w = SIDE_LOG.centerx, SIDE_LOG.centery, 440
        self.spaces = 7
        self.fighters = 2
        self.plate_order: list[int] = [0, 1]
        self.places: dict[int, int] = {}
        self.standees: dict[int, StandeeNode] = {}
        self.pairs: dict[int, PairCard] = {}
        self.hand: list[HandCard] = []
        self.offers: list[HandCard] = []
        self.selected: dict[str, str] = {}
        self.slotted: str | None = None
        self.slot: DropSlot | None = None
        self.dealt_for: int | None = -1
        self.targets: list[SpaceTarget] = []
        self.tags: list[TargetTag] = []  # the words of targets where a fighter stands
        self.chooser: Chooser | None = None  # several choices on one space, named there
        self.chooser_for: tuple[Action, ...] = ()
        self._preview: tuple[object, tuple[str, AttackStats]] | None = None
        self.reveal_stage: RevealStage | None = None
        self.fresh = 0  # events staged since the last frame (several at once: skipped)
        self.staged_life: dict[int, int] = {}  # seat -> life after the steps shown so far
        self.spot_free: dict[int, float] = {}  # seat -> when the words at its fighter end
        self.revealed: dict[int, tuple[str, dict[str, Any]]] = {}  # seat -> pair, totals

    # -- geometry ----------------------------------------------------------------------
    def cell(self, index: int) -> pygame.Rect:
        return layout.cell(self.spaces, index)

    def plate(self, seat: int) -> pygame.Rect:
        """The seat's plate; in team play the plates are grouped by team, left to right."""
        return layout.plate(self.fighters, self.plate_order.index(seat)
                            if seat in self.plate_order else seat)

    def pile_rect(self, seat: int, pile: int) -> pygame.Rect:
        """Where discard pile 1 or 2 lies on the fighter's plate: on a wide plate a list of
        whole names, pile 2 under pile 1 (each as tall as its names need, both inside the
        room left of the pair); on a compact plate a row of whole names across the plate,
        pile 2 under pile 1, under the pair."""
        spot = self.plate(seat)
        if layout.compact(self.fighters):
            top = self.pair_rect(seat).bottom + 3 + (pile - 1) * (COMPACT_ROW + 1)
            return pygame.Rect(spot.x + 4, top, spot.w - 8, COMPACT_ROW)
        x, right = spot.x + 132, self.pair_rect(seat).x - 4
        counts = [2, 2]
        view = self.view
        if view is not None and 0 <= seat < view.num_players:
            pl = view.player(seat)
            counts = [len(pl.discard1), len(pl.discard2)]
        heights = [pile_list_h(n) for n in counts]
        while sum(heights) + PILE_GAP > PILES_H:  # the longer pile gives up a row
            k = 0 if heights[0] >= heights[1] else 1
            heights[k] -= LIST_ROW
        top = spot.y + 30 + (0 if pile == 1 else heights[0] + PILE_GAP)
        return pygame.Rect(x, top, right - x, heights[pile - 1])

    def zoom_spots(self) -> list[tuple[pygame.Rect, CardFace]]:
        """Cards drawn on the plates: each name in the discard piles, the Finisher, and a
        revealed attack pair (its style and base with the pair's totals)."""
        view = self.view
        if view is None:
            return []
        out: list[tuple[pygame.Rect, CardFace]] = []
        small = layout.compact(self.fighters)
        for seat in range(view.num_players):
            if is_out(view, seat):
                continue
            pl = view.player(seat)
            for pile, ids in ((1, pl.discard1), (2, pl.discard2)):
                rect = self.pile_rect(seat, pile)
                if small:  # a row of names: each opens its card
                    names = [view.card_name(c) for c in ids]
                    _, spots, _ = pile_row_layout(rect, pile, names)
                    for (row, _name), cid in zip(spots, ids, strict=False):
                        out.append((row, card_face(view.card(cid))))
                    continue
                for row, cid in zip(pile_name_rows(rect, len(ids)), ids, strict=False):
                    out.append((row, card_face(view.card(cid))))
            if pl.finisher:
                spot = self.plate(seat)
                at = (spot.x + 8, spot.y + (FINISHER_FOOT if small else 123))
                tall = 28 if small else 14  # a compact plate may name it in two lines
                out.append((pygame.Rect(at[0], at[1] - tall, self.pair_rect(seat).x - at[0] - 6,
                                        tall),
                            card_face(view.card(pl.finisher))))
            pair = pl.pair
            if pair is not None and not pair.hidden and view.phase not in CONCEALED:
                out.append((self.pair_rect(seat), pair_face(view, seat)))
            out.extend(self.material_spots(view, seat))
            plate = self.plate(seat)  # the plate's band: the fighter's own cards, whole
            out.append((pygame.Rect(plate.x, plate.y, plate.w, 24), kit_face(view, seat)))
        return out

    def material_spots(self, view: BattleconState, seat: int) -> list[tuple[pygame.Rect,
                                                                             CardFace]]:
        """The Unique Ability under its rule (its name, or its words on a plate without
        pieces) and each of its pieces, one hover away in the zoom."""
        area = self.ua_area(seat)
        fighter = view.fighter(seat)
        ability = CardFace(str(fighter.get("ua_name", "Unique Ability")),
                           f"{view.name(seat)} · Unique Ability", self.colour(seat),
                           sections=(("", str(fighter.get("ua_text", ""))),))
        groups = self.plate_pieces(view, seat)
        head = pygame.Rect(area.x, area.y, area.w, 16 if groups else area.h)
        out = [(head, ability)]
        for placed in lay_materials(self.pieces_area(area), groups):
            if placed.piece is not None:
                out.append((placed.rect, piece_face(view, seat, placed.group, placed.piece)))
        return out

    def return_spot(self) -> tuple[float, float] | None:
        viewer = self.model.viewer
        return None if viewer is None else self.pile_rect(viewer, 2).center

    def pair_rect(self, seat: int) -> pygame.Rect:
        """Where a fighter's attack pair lies on its plate."""
        spot = self.plate(seat)
        small = layout.compact(self.fighters)
        rect = pygame.Rect(0, 0, 80 if small else 100, 64 if small else 80)
        rect.topright = (spot.right - 6, spot.y + (28 if small else 30))
        return rect

    def log_rect(self) -> pygame.Rect:
        return SIDE_LOG

    def wrap_log(self) -> None:
        self.log = [(own_signs(text), batch) for text, batch in self.log]  # the table's signs
        super().wrap_log()

    PANEL_COLUMNS = 1  # one column of text panels at the side

    # -- model -> nodes -----------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        if model.actions != self.model.actions:
            self.selected, self.slotted = {}, None
        if model.status != STAGED and self.fresh > 1:
            self.drop_stage()  # the rest of a staged beat came at once (skipped): no stage
        if model.status != STAGED:
            self.staged_life = {}
        super().refresh(model, [Panel(p.title, tuple(own_signs(line) for line in p.lines))
                                for p in panels if p.title not in DRAWN])
        view = model.view
        if not isinstance(view, BattleconState):
            return
        self.spaces = int(view.width)
        self.fighters = view.num_players
        self.plate_order = sorted(range(view.num_players), key=lambda p: (side_of(view, p), p))
        for seat in range(view.num_players):
            if is_out(view, seat) or view.pos(seat) is None:
                self.retire(seat)
            else:
                self.place(seat, int(view.pos(seat)), view.name(seat))
                self.dress(seat, view)
            self.show_pair(seat, view)
        self.place_slot(model.viewer)
        self.deal_hand(view, model.viewer)
        self.mark_targets(view)

    def place_slot(self, viewer: int | None) -> None:
        """The viewer's pair slot as a drop target (lit only while a card is dragged)."""
        if viewer is None:
            if self.slot is not None:
                self.remove(self.slot)
                self.slot = None
            return
        rect = self.pair_rect(viewer)
        if self.slot is None:
            self.slot = DropSlot(rect.centerx, rect.centery, rect.w, rect.h)
            self.add(self.slot)
        self.slot.x, self.slot.y = rect.centerx, rect.centery

    def mark_targets(self, view: BattleconState) -> None:
        """Outline each space a legal choice takes a fighter to (a move, a teleport, Paint,
        an enemy to attack or to name): one choice there plays at a click, several open a
        chooser on the space that names them."""
        for target in self.targets:
            self.remove(target)
        for tag in self.tags:
            self.remove(tag)
        self.targets, self.tags = [], []
        if self.chooser is not None and self.chooser_for != self.model.actions:
            self.close_chooser()
        actor = self.model.actor
        if actor is None or not 0 <= actor < view.num_players:
            return
        self.mark_places(view)
        if view.pos(actor) is None:
            return
        found: dict[int, list[tuple[int, Action]]] = {}
        for action in self.model.actions:
            landing = self.landing(view, actor, action)
            if landing is not None and 0 <= landing[1] < self.spaces:
                found.setdefault(landing[1], []).append((landing[0], action))
        for space, landed in sorted(found.items()):
            movers = {mover for mover, _ in landed}
            mover = movers.pop() if len(movers) == 1 else actor
            self.add_target(self.cell(space), [a for _, a in landed], self.colour(mover),
                            f"space.{space}.{mover}", f"Space {space + 1}")
        self.mark_pieces(view, actor)

    def add_target(self, rect: pygame.Rect, actions: list[Action],
                   colour: tuple[int, int, int], name: str, where: str) -> SpaceTarget:
        """A target on the board: one action is played at a click, several open the chooser
        there."""
        if len(actions) == 1:
            words = choice_label(actions[0]).split(" (", 1)[0]
            play = partial(self.take, actions[0])
        else:
            words = f"{len(actions)} choices"
            play = partial(self.open_chooser, rect, where, actions)
        stood = any(rect.contains(self.cell(i)) for s, i in self.places.items()
                    if s in self.standees and self.standees[s].alpha > 0.5)
        target = SpaceTarget(rect, words, colour, name, play, leads=tuple(actions),
                             tagged=stood)
        self.targets.append(target)
        self.add(target)
        if stood:  # a fighter stands there: the words on a tag at its foot, over the name
            self.tags.append(TargetTag(rect, words, colour, f"{name}.tag"))
            self.add(self.tags[-1])
        return target

    def open_chooser(self, anchor: pygame.Rect, where: str, actions: list[Action]) -> None:
        """The chooser on ``anchor`` naming each of ``actions`` (a second click closes it)."""
        if self.chooser is not None:
            same = self.chooser.name == f"chooser.{where}"
            self.close_chooser()
            if same:
                return
        bounds = pygame.Rect(BOARD.x, BOARD.y, BOARD.w, HAND.bottom - BOARD.y)
        self.chooser = Chooser(anchor, f"{where}: choose",
                               [(choice_label(a), a) for a in actions],
                               self.take, bounds, width=320)
        self.chooser.name = f"chooser.{where}"
        self.chooser_for = self.model.actions
        self.add(self.chooser)

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.remove(self.chooser)
        self.chooser = None

    def mark_places(self, view: BattleconState) -> None:
        """Team play's placing: the placing team's starting spaces light up; a click there
        names each order the team may stand in."""
        actions = [a for a in self.model.actions if a.kind == Act.PLACE]
        if not actions or view.placing is None:
            return
        spaces = team.start_spaces(view.content, int(view.placing), len(actions[0].args),
                                   self.spaces)
        if not spaces:
            return
        rect = self.cell(spaces[0]).unionall([self.cell(s) for s in spaces])
        colour = self.colour(int(actions[0].args[0]))
        target = self.add_target(rect, actions, colour, "space.place", "Place your team")
        if len(actions) > 1:
            target.words = "Place your team here"
            for tag in self.tags:
                if tag.name == "space.place.tag":
                    tag.words = target.words

    def mark_pieces(self, view: BattleconState, actor: int) -> None:
        """Outline each piece on the actor's plate a legal action takes: a token Lucida may
        rend (with the opponent), an Embellishment Trias may take back (told)."""
        wanted = {(PIECE_CHOICES[a.kind], str(a.args[0])): a for a in self.model.actions
                  if a.kind in PIECE_CHOICES and a.args}
        spend = [a for a in self.model.actions if a.kind == Act.SPEND]
        if not wanted and not spend:
            return
        area = self.pieces_area(self.ua_area(actor))
        laid = lay_materials(area, self.plate_pieces(view, actor))
        if spend:  # Hayden's counters: how many of each to spend, named on them
            tokens = [p.rect for p in laid if p.piece is not None and p.piece.lit
                      and p.piece.kind in ("fury", "control")]
            rect = tokens[0].unionall(tokens).inflate(6, 6) if tokens else area
            target = self.add_target(rect, spend, theme.BRASS_LIGHT, "piece.tokens",
                                     "Fury and Control")
            target.words, target.z = "", 7
        for placed in laid:
            piece = placed.piece
            if piece is None:
                continue
            action = wanted.get((placed.group.label.split(" ", 1)[0], piece.key))
            if action is None:
                continue
            target = SpaceTarget(placed.rect.inflate(6, 6), "", theme.BRASS_LIGHT,
                                 f"piece.{piece.key}", partial(self.take, action),
                                 leads=(action,))
            target.z = 7
            self.targets.append(target)
            self.add(target)

    @staticmethod
    def landing(view: BattleconState, actor: int, action: Action) -> tuple[int, int] | None:
        """(fighter, space) a move or teleport action puts a fighter on (or, for an attack's
        choice of target, where that enemy stands), else None."""
        if action.kind == Act.TELEPORT and action.args:
            return actor, int(action.args[0])
        if action.kind == Act.PAINT and action.args:
            return actor, int(action.args[0])  # the space the Paint goes on
        if (action.kind in (Act.TARGET, Act.OPPONENT, Act.ORDER) and action.args
                and view.pos(action.args[0]) is not None):  # the fighter to hit, name, order
            return int(action.args[0]), int(view.pos(action.args[0]))
        if action.kind == Act.THROW and action.args and action.args[0] in ("push", "pull"):
            action = Action(Act.MOVE, tuple(action.args), str(action))  # where the foe goes
        if action.kind == Act.MOVE and len(action.args) == 4 and is_team(view):
            kind, n, direction, target = action.args
            mover, dest = team.team_move_dest(view, actor, str(kind), int(n),
                                              None if int(target) < 0 else int(target),
                                              int(direction))
            return None if dest is None else (int(mover), int(dest))
        if action.kind != Act.MOVE or len(action.args) != 2:
            return None
        kind, n = action.args
        step = getattr(movement, str(kind), None)
        if step is None:
            return None
        foe = view.foe(actor)
        dest = step(view.pos(actor), view.pos(foe), int(n), view.width)
        if dest is None:
            return None
        mover = foe if kind in ("push", "pull") else actor
        return mover, int(dest)

    def colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's colour; in team play a shade of its team's colour."""
        view = self.view
        if is_team(view) and 0 <= seat < view.num_players:
            return team_colour(view, seat)
        return super().colour(seat)

    @classmethod
    def setup_colour(cls, state: GameState, seat: int) -> tuple[int, int, int]:
        if isinstance(state, BattleconState) and is_team(state):
            return team_colour(state, seat)
        return super().setup_colour(state, seat)

    def retire(self, seat: int) -> None:
        """A defeated fighter's standee fades from the board."""
        self.places.pop(seat, None)
        standee = self.standees.pop(seat, None)
        if standee is not None:
            standee.tween("alpha", 0.0, 0.5, on_done=lambda: self.remove(standee))

    def lay_pair_down(self, seat: int, card: CardNode, pair: Any) -> None:
        """A pair just set slides onto the plate: the viewer's from where its two cards lay
        in the hand, another fighter's grows in place."""
        spot = self.pair_rect(seat)
        ids = (pair.style, pair.base) if pair is not None and not pair.hidden else ()
        left = [c for c in self.hand if c.cid in ids]
        card.tweens.tweens = [t for t in card.tweens.tweens if t.attr == "turn"]
        if seat == self.model.viewer and left:
            card.x = sum(c.x for c in left) / len(left)
            card.y = sum(c.y for c in left) / len(left)
            card.tween("x", spot.centerx, 0.35)
            card.tween("y", spot.centery, 0.35)
        else:
            card.x, card.y, card.scale = spot.centerx, spot.centery, 0.6
            card.tween("scale", 1.0, 0.3, ease_out_back)

    def recycle_pair(self, seat: int, card: PairCard) -> None:
        """The Recycle: the played pair slides off the plate into discard pile 1 and fades
        (the pile then lists it; the cards coming back from pile 2 glide to the hand)."""
        ghost = PairCard(card.x, card.y, card.title, card.lines, face_up=True, w=card.w,
                         h=card.h, name=f"recycled.{seat}")
        ghost.accent, ghost.numbers, ghost.z = card.accent, card.numbers, 4
        pile = self.pile_rect(seat, 1)
        self.add(ghost)
        ghost.tween("x", pile.centerx, 0.45, ease_in_out_cubic)
        ghost.tween("y", pile.centery, 0.45, ease_in_out_cubic)
        ghost.tween("scale", 0.55, 0.45, ease_in_out_cubic)
        ghost.tween("alpha", 0.0, 0.2, delay=0.35, on_done=ghost.detach)

    def place(self, seat: int, index: int, name: str) -> None:
        """Stand the fighter on its space; a fighter that moved hops there."""
        spot = self.cell(index)
        x, y = spot.centerx, spot.bottom - 50
        standee = self.standees.get(seat)
        if standee is None:
            standee = StandeeNode(x, y, name[:2], self.colour(seat), w=46, h=66,
                                  name=f"standee.{seat}")
            standee.z = 5
            self.standees[seat] = standee
            self.add(standee)
        elif self.places.get(seat) != index:
            standee.hop_to(x, y, duration=0.45, height=34)
        self.places[seat] = index

    def dress(self, seat: int, view: BattleconState) -> None:
        """The standee shows its fighter's icon and life, faces the nearest foe and wears a
        badge while stunned this beat."""
        standee = self.standees[seat]
        standee.icon = ("battlecon", "fighter", str(view.fighter(seat)["name"]))
        standee.life = int(view.player(seat).life)
        here = int(view.pos(seat))
        foes = [int(view.pos(p)) for p in range(view.num_players)
                if p != seat and not is_out(view, p) and view.pos(p) is not None
                and (view.teams is None or view.teams[p] != view.teams[seat])]
        nearest = min(foes, key=lambda x: abs(x - here), default=here)
        standee.faces = (nearest > here) - (nearest < here)
        standee.states = ("stunned",) if view.player(seat).beat.stunned else ()

    def show_pair(self, seat: int, view: BattleconState) -> None:
        """The seat's attack pair: none, face down ("hidden" in this view) or face up; a
        face-down pair that is now known turns over (both pairs are known at once, so they
        turn over together)."""
        pl = view.player(seat)
        pair = pl.pair
        card = self.pairs.get(seat)
        if card is None:
            spot = self.pair_rect(seat)
            card = PairCard(spot.centerx, spot.centery, "", w=spot.w, h=spot.h,
                            name=f"pair.{seat}")
            card.accent, card.z = self.colour(seat), 4
            self.pairs[seat] = card
            self.add(card)
        if pair is not None and not card.visible and self.version > 1:
            self.lay_pair_down(seat, card, pair)
        if pair is None and card.visible and card.face_up and self.version > 1 \
                and not is_out(view, seat):
            self.recycle_pair(seat, card)
        card.visible = pair is not None
        card.peek = ""
        if pair is None or pair.hidden or view.phase in CONCEALED:
            finish_turn(card)
            card.face_up = False
            if pair is not None and not pair.hidden:
                card.peek = view.pair_name(seat)  # your own pair, face down
            return
        card.title = view.pair_name(seat)
        clashed = [view.card_name(c) for c in pl.clash_bases]
        card.lines = (own_signs(view.stats(seat).text()),) + (("clashed: " + ", ".join(clashed),)
                                                   if clashed else ())
        card.numbers = () if clashed else tuple(stat_words(view.stats(seat)).items())
        if not card.face_up and not any(t.attr == "turn" for t in card.tweens.tweens):
            card.flip()

    def animate(self, event: Event) -> None:
        """Damage, chip and regained life rise from the fighter as numbers (with the Armor
        that absorbed some and the Guard it is measured against); stuns and misses as
        words. In a staged resolution the beat is staged too (battlecon/stage.py)."""
        super().animate(event)
        if self.model.status == STAGED:
            self.fresh += 1
            self.stage_event(event)
        seat, amount = event.data.get("seat"), event.data.get("amount")
        if not isinstance(seat, int) or seat not in self.standees:
            return
        words, colour = "", LOSS
        standee = self.standees[seat]
        if event.kind in ("damage", "chip") and isinstance(amount, int) and amount > 0:
            words = f"-{amount}"
            if standee.life is not None:  # the standee's heart counts it at once
                standee.life = max(0, standee.life - amount)
                self.note_life(seat, standee.life)
        elif event.kind == "life" and isinstance(amount, int) and amount > 0:
            words, colour = f"+{amount}", GAIN
            if standee.life is not None:
                standee.life += amount
                self.note_life(seat, standee.life)
        elif event.kind == "stun":
            words = "Stunned!"
            standee.states = ("stunned",)  # marked on the standee at once
        elif event.kind == "miss":
            words, colour = "Miss", theme.CREAM
        # one hit's words at a fighter come one after another (its "-N", then its plaque,
        # then "Stunned!"), after those at a fighter close by: none over another
        delay = max([0.0] + [self.spot_free.get(s, 0.0) - self.clock
                             for s, other in self.standees.items()
                             if abs(other.x - standee.x) < WORDS_APART])
        if words:  # and after a range check's verdict in the strip they rise to
            half = theme.rendered(words, 20, colour, "bold").get_width() / 2 + 1
            delay = max([delay] + self.verdicts_over((standee.x - half, standee.x + half)))
        word = None
        if words:
            word = rise_from(self, standee.x, standee.y - 40, words, colour,
                             top=BOARD.y + 26, delay=delay, stack=False)
            self.spot_free[seat] = self.clock + delay + SHOWN + FADE
        if event.kind == "damage" and seat in self.places and "guard" in event.data \
                and self.view is not None:
            cell = self.cell(self.places[seat])
            floor = self.name_rect(self.view, seat).y - 1
            plaque = HitPlaque(cell, floor, damage_notes(event.data))
            if word is not None:  # the plaque shows once the number has risen clear of it
                delay += rise_clear(word.y, word.h, plaque.box.y)
            plaque.show(delay)
            self.add(plaque)
            self.spot_free[seat] = max(self.spot_free.get(seat, 0.0),
                                       self.clock + plaque.seen_for())

    def name_rect(self, view: BattleconState, seat: int) -> pygame.Rect:
        """Where the fighter's name lies, at the foot of its space."""
        rect = self.cell(self.places[seat])
        label = theme.ellipsize(view.name(seat), rect.w - 4, 12, "bold")
        ink = theme.rendered(label, 12, self.colour(seat), "bold")
        return ink.get_rect(midbottom=(rect.centerx, rect.bottom - 2))

    # -- the staged beat (battlecon/stage.py) ----------------------------------------------
    def stage_event(self, event: Event) -> None:
        """One step of a staged beat: a pair revealed flips large over the plates, a clash
        stamps them, priority names the Active Player and they settle onto the plates; an
        attack lunges and draws its range check; a move hops space by space."""
        view, data = self.view, event.data
        if view is None:
            return
        seat = data.get("seat")
        if event.kind == "reveal" and isinstance(seat, int) and "totals" in data:
            stage = self.reveal_stage
            if stage is None or stage.leaving or stage.parent is None:
                stage = RevealStage(list(self.plate_order),
                                    [side_of(view, p) for p in self.plate_order])
                self.reveal_stage = stage
                self.add(stage)
            self.revealed[seat] = (str(data.get("name", "")), dict(data["totals"]))
            stage.show_pair(seat, view.name(seat), self.colour(seat),
                            str(data.get("name", "")), dict(data["totals"]))
        elif event.kind == "clash" and self.reveal_stage is not None:
            self.reveal_stage.clash()
            self.reveal_stage.leave(self.pair_spots(), lambda _seat: None)
        elif event.kind == "priority" and self.reveal_stage is not None:
            active, attacks = data.get("active"), data.get("order")
            if isinstance(active, int):
                self.reveal_stage.decide(active, list(attacks) if attacks else None)
            self.reveal_stage.leave(self.pair_spots(), self.land_pair,
                                    TEAM_HOLD if attacks else HOLD)
        elif event.kind == "order" and data.get("order") and self.reveal_stage is not None \
                and self.reveal_stage.parent is not None and view.active is not None:
            self.reveal_stage.decide(int(data["order"][0]), list(data["order"]))
        elif event.kind in ("hit", "miss") and isinstance(seat, int) and "origins" in data:
            self.check_range(seat, data, event.kind == "hit")
        elif event.kind == "move" and isinstance(seat, int) and "to" in data:
            for check in [c for c in self.children if isinstance(c, RangeCheck)]:
                check.release(0.0)  # a Hit trigger moved someone: the arrow would be stale
            self.stage_move(seat, data)
        elif event.kind == "damage":  # the hit has landed: its range check fades
            for check in [c for c in self.children if isinstance(c, RangeCheck) and c.hit
                          and c.seat == data.get("attacker", c.seat)]:
                check.release()

    def note_life(self, seat: int, life: int) -> None:
        """While a resolution is staged the plate shows the life the steps so far left
        (the view is the one before until the last step)."""
        if self.model.status == STAGED:
            self.staged_life[seat] = life

    def drop_stage(self) -> None:
        """End the staged beat's pieces at once: the reveal, range checks, hops."""
        if self.reveal_stage is not None:
            self.reveal_stage.detach()
            self.reveal_stage = None
        for node in [c for c in self.children if isinstance(c, RangeCheck)]:
            node.detach()
        for standee in self.standees.values():
            standee.finish_animations()
        self.fresh = 0

    def pair_spots(self) -> dict[int, pygame.Rect]:
        return {seat: self.pair_rect(seat) for seat in self.plate_order}

    def land_pair(self, seat: int) -> None:
        """A revealed pair settled on the plate: its card there lies face up with it."""
        card, shown = self.pairs.get(seat), self.revealed.get(seat)
        if card is None or shown is None:
            return
        finish_turn(card)
        card.title, card.lines = shown[0], ()
        card.numbers = tuple(totals_words(shown[1]).items())
        card.peek, card.face_up, card.visible = "", True, True

    def check_range(self, seat: int, data: dict[str, Any], hit: bool) -> None:
        """The attacker lunges at its target; the spaces its range reaches are washed in its
        colour, an arrow points at the target with the verdict (a team attack that finds no
        target: the verdict over the attacker's space)."""
        target, at = data.get("target"), data.get("at")
        if seat not in self.places or not (isinstance(at, int) or at is None):
            return
        reach = data.get("reach")
        spaces: set[int] = set()
        if reach:
            for origin in data.get("origins", []):
                spaces.update(int(origin) + side * d for d in range(max(1, reach[0]),
                                                                     reach[1] + 1)
                              for side in (-1, 1) if 0 <= int(origin) + side * d < self.spaces)
        rng = "–" if not reach else (f"{reach[0]}" if reach[0] == reach[1]
                                     else f"{reach[0]}~{reach[1]}")
        if hit:
            words = f"Range {rng}: hit!"
        elif data.get("avoided"):
            words = f"Range {rng}: avoided"
        elif at is None and reach:
            words = f"Range {rng}: no enemy in reach"
        else:
            words = f"Range {rng}: out of reach" if reach else "No range: no attack"
        cells = [self.cell(i) for i in range(self.spaces)]
        for old in [c for c in self.children if isinstance(c, RangeCheck) and c.hit]:
            old.release()  # the next attack's check: an earlier hit's goes on fading
        check = RangeCheck(cells, sorted(spaces), self.places[seat], at, self.colour(seat),
                           words, hit, seat)
        # its verdict shows once the words rising through its place (and an earlier
        # check's verdict there) are gone
        check.wait(max([0.0] + self.verdicts_over(check.band())
                       + [f.left() for f in self.children if isinstance(f, FloatText)
                          and overlaps(f.band(), check.band())]))
        self.add(check)
        foe = self.standees.get(target) if isinstance(target, int) else None
        if foe is not None:
            lunge(self.standees[seat], foe.x, self.cell(self.places[seat]).centerx)

    def verdicts_over(self, band: tuple[float, float]) -> list[float]:
        """Seconds until each range check's verdict over these columns is gone."""
        return [c.verdict_left for c in self.children if isinstance(c, RangeCheck)
                and c.verdict_left > 0 and overlaps(band, c.band())]

    def stage_move(self, seat: int, data: dict[str, Any]) -> None:
        """A move, one hop per space (higher over a fighter); a teleport blinks there."""
        standee = self.standees.get(seat)
        start, to = data.get("start"), int(data["to"])
        if standee is None or not isinstance(start, int) or not 0 <= to < self.spaces:
            return
        y = self.cell(to).bottom - 50
        self.places[seat] = to
        if data.get("how") == "teleport" or start == to:
            standee.tween("alpha", 0.0, 0.12, on_done=lambda: setattr(standee, "x",
                                                                      self.cell(to).centerx))
            standee.tween("alpha", 1.0, 0.15, delay=0.12)
            return
        step = 1 if to > start else -1
        path = list(range(start + step, to + step, step))
        others = {i for p, i in self.places.items() if p != seat}
        hop_path(standee, [self.cell(i).centerx for i in path], y, [i in others for i in path])

    # -- the pair preview ------------------------------------------------------------------
    def building(self) -> tuple[str, str] | None:
        """The (style, base) the viewer is building: the picked cards, the card dragged and
        the partner under it, or the card the pointer (or the keyboard) rests on with a
        picked partner; None unless both halves are known and make a legal Set."""
        view = self.model.view
        if view is None or self.model.viewer is None or \
                not any(a.kind == Act.SET for a in self.model.actions):
            return None
        picked = dict(self.selected)
        dragged = next((c for c in self.hand if c.dragging), None)
        for card in self.hand:
            if card is dragged or card.hot or (dragged is None and card.focused
                                                and card.enabled):
                picked[self.view.card(card.cid)["kind"]] = card.cid
        style, base = picked.get("style"), picked.get("base")
        if style is None or base is None or self.pair_action(style, base) is None:
            return None
        return style, base

    def preview(self) -> tuple[str, AttackStats] | None:
        """The pair being built: its name and totals (cached for the position shown)."""
        pair = self.building()
        viewer = self.model.viewer
        if pair is None or viewer is None:
            return None
        key = (self.version, pair)
        if self._preview is None or self._preview[0] != key:
            view = self.view
            name = " ".join(view.card_name(c) for c in pair)
            self._preview = (key, (name, preview_stats(view, viewer, *pair)))
        return self._preview[1]

    def reading(self) -> list[str]:
        """The pair being built, else the hand card in focus, else the card picked."""
        pair = self.building()
        if pair is not None:
            return list(pair)
        focused = next((c.cid for c in (*self.offers, *self.hand) if c.focused), None)
        if focused is not None:
            return [focused]
        if self.offers:  # the setup: each Finisher offered
            return list(dict.fromkeys(c.cid for c in self.offers))
        if self.selected:
            return sorted(self.selected.values())
        view = self.model.view
        if view is None or is_team(self.view) or self.view.phase in CONCEALED:
            return []
        # in the beat: both revealed attacks, card by card, the Active Player's first
        seats = sorted(range(2), key=lambda p: self.view.active != p)
        return [c for p in seats for c in self.view.pair_ids(p)]

    def static_key(self) -> tuple[object, ...]:
        return (*super().static_key(), self.building(), tuple(self.reading()),
                tuple(sorted(self.staged_life.items())))

    # -- reading a hand card in place ----------------------------------------------------
    def update(self, dt: float) -> None:
        read = self.mark_reading()
        self.fresh = 0
        super().update(dt)
        if read is not None and not self.zoom.pinned:
            self.zoom.point(None, None, dt)  # the card reads itself; a right-click still zooms

    def mark_reading(self) -> HandCard | None:
        """The hand card (or Finisher offered) under the pointer, or holding the keyboard
        focus, rises with its whole text; none while a card is dragged."""
        cards = [*self.offers, *self.hand]
        read: HandCard | None = None
        if not any(c.dragging for c in cards):
            if self.keyboard:
                read = next((c for c in cards if c.focused), None)
            elif self.pointer is not None:
                read = next((c for c in reversed(cards) if c.contains(*self.pointer)), None)
        for card in cards:
            card.reading = card is read
        return read

    # -- input -------------------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        """Focus order: the action buttons (the keyboard path), the hand, the menu."""
        chooser = self.chooser.options if self.chooser is not None else []
        return [*self.buttons, *self.pager, *self.offers, *self.hand, *self.targets, *chooser,
                self.menu_button]

    # -- drawing -------------------------------------------------------------------------
    def draw_panels(self, target: pygame.Surface) -> None:
        view = self.view
        if view is not None:
            self.draw_board(target, view)
            for seat in range(view.num_players):
                self.draw_plate(target, view, seat)
            self.draw_hand_tray(target, view)
        super().draw_panels(target)

    def draw_board(self, target: pygame.Surface, view: BattleconState) -> None:
        theme.shadowed_rect(target, BOARD, theme.WOOD, radius=12, shadow=6)
        s = view
        shown, viewer = self.preview(), self.model.viewer
        reach = reach_spaces(view, viewer, shown[1]) if shown and viewer is not None else []
        head = BOARD.y + 14
        final = "  ·  final beat" if s.final_beat else ""
        beat = theme.text(target, f"Beat {s.beat_no}{final}", (BOARD.x + 14, head), 14,
                          theme.BRASS_LIGHT, "bold", "midleft")
        if is_team(view):  # each team's Force after the beat's words ("final beat" too)
            draw_team_force(target, view, max(BOARD.x + 150, beat.right + 14), head,
                            [self.colour(p) for p in range(view.num_players)])
        else:
            distance = f"Distance {view.distance()}"
            if shown is not None and viewer is not None:
                hits = int(view.pos(view.foe(viewer))) in reach
                distance += ": in reach" if hits else ": out of reach"
            theme.text(target, distance, (BOARD.centerx, head), 14,
                       theme.BRASS_LIGHT if shown is not None else theme.PARCHMENT, "bold",
                       "center")
        pool = theme.text(target, f"Force pool {s.pool}", (BOARD.right - 14, head), 14,
                          theme.PARCHMENT, "bold", "midright")
        pygame.draw.circle(target, (90, 200, 220), (pool.x - 10, head), 6)
        for index in range(self.spaces):
            rect = self.cell(index)
            shade = theme.PARCHMENT if index % 2 == 0 else theme.PARCHMENT_DIM
            pygame.draw.rect(target, shade, rect, border_radius=8)
            pygame.draw.rect(target, theme.INK, rect, width=1, border_radius=8)
            theme.text(target, str(index + 1), (rect.x + 6, rect.y + 2), 12, theme.WOOD,
                       "bold")
        if viewer is not None:
            draw_reach(target, [self.cell(i) for i in range(self.spaces)], reach,
                       self.colour(viewer))
        self.draw_markers(target, view)
        for seat, index in self.places.items():
            rect = self.cell(index)
            label = theme.ellipsize(view.name(seat), rect.w - 4, 12, "bold")
            theme.text(target, label, self.name_rect(view, seat).midbottom, 12,
                       self.colour(seat), "bold", "midbottom")
            if s.active == seat:
                crown = (rect.right - 14, rect.y + 12)
                pygame.draw.circle(target, theme.BRASS, crown, 8)
                theme.text(target, "A", crown, 12, theme.INK, "bold", "center")
        if s.phase == Phase.CLASH or any(view.player(p).clash_bases
                                             for p in range(view.num_players)):
            ribbon = pygame.Rect(0, 0, 150, 26)
            ribbon.center = (BOARD.centerx, BOARD.y + 14)
            pygame.draw.rect(target, theme.DANGER, ribbon, border_radius=6)
            theme.text(target, "CLASH!", ribbon.center, 16, theme.CREAM, "display", "center")

    def draw_markers(self, target: pygame.Surface, view: BattleconState) -> None:
        """Unique Ability materials that lie on the board: Paint, a Staff, Ice and Steam."""
        for seat in range(view.num_players):
            ua = view.player(seat).ua
            colour = self.colour(seat)
            for space in ua.get("paint", []):
                rect = self.cell(int(space))
                pygame.draw.circle(target, colour, (rect.right - 12, rect.bottom - 22), 7)
                pygame.draw.circle(target, theme.CREAM, (rect.right - 12, rect.bottom - 22), 7, 1)
            if ua.get("staff") == "board" and ua.get("staff_pos") is not None:
                rect = self.cell(int(ua["staff_pos"]))
                pygame.draw.line(target, theme.WOOD, (rect.x + 10, rect.bottom - 14),
                                 (rect.x + 26, rect.y + 22), 4)
                pygame.draw.circle(target, colour, (rect.x + 26, rect.y + 22), 4)
            if "ice" in ua:
                left = ua["ice"] < 0
                for word, x, anchor in (("Ice" if left else "Steam", BOARD.x + 4, "midleft"),
                                        ("Steam" if left else "Ice", BOARD.right - 4,
                                         "midright")):
                    theme.text(target, word, (x, BOARD.bottom - 5), 12, theme.CREAM, "bold",
                               anchor)

    def draw_plate(self, target: pygame.Surface, view: BattleconState, seat: int) -> None:
        """A fighter's plate: name, role and antes, life, Force, Finisher, discard piles 1
        and 2, the attack pair, and the Unique Ability's materials as pieces (compact with
        three or four fighters, where Force is the team's, shown on the board)."""
        rect = self.plate(seat)
        pl = view.player(seat)
        colour = self.colour(seat)
        small = layout.compact(view.num_players)
        theme.shadowed_rect(target, rect, (52, 40, 32), radius=10, shadow=5, border=theme.WOOD)
        self.draw_plate_band(target, view, seat, rect)
        if is_out(view, seat):
            draw_defeated(target, rect, self.fallen_words(view, seat))
            return
        life = self.staged_life.get(seat, pl.life)  # a staged hit counts at once
        draw_life(target, (rect.x + 24, rect.y + 48), life, max_life(view, seat), colour,
                  bar_w=44 if small else 78)
        if small:
            self.draw_compact_body(target, view, seat, rect)
        else:
            force, cap = force_of(view, seat)
            theme.text(target, f"Force {force}", (rect.x + 8, rect.y + 66), 12,
                       theme.PARCHMENT, "bold")
            draw_force(target, (rect.x + 8, rect.y + 88), force, cap)
            self.draw_finisher(target, view, seat, (rect.x + 8, rect.y + 123),
                               self.pair_rect(seat).x - rect.x - 14)
            for pile in (1, 2):
                names = [view.card_name(c) for c in (pl.discard1 if pile == 1 else pl.discard2)]
                draw_pile_list(target, self.pile_rect(seat, pile), pile, names, colour)
        self.draw_pair_slot(target, view, seat)
        self.draw_ua(target, view, seat, self.ua_area(seat))

    @staticmethod
    def fallen_words(view: BattleconState, seat: int) -> str:
        """Under a defeated fighter's stamp: who took up the Revenge."""
        side = [p for p in range(view.num_players) if p != seat and not is_out(view, p)
                and side_of(view, p) == side_of(view, seat)]
        if not side:
            return "left the board"
        return "Revenge: " + ", ".join(view.name(p) for p in side)

    def draw_compact_body(self, target: pygame.Surface, view: BattleconState, seat: int,
                          rect: pygame.Rect) -> None:
        """The narrow plate's middle: the Finisher beside the pair, then discard piles 1
        and 2 as rows of whole names across the plate."""
        pl = view.player(seat)
        room = self.pair_rect(seat).x - rect.x - 12
        self.draw_finisher(target, view, seat, (rect.x + 8, rect.y + FINISHER_FOOT), room)
        for pile in (1, 2):
            names = [view.card_name(c) for c in (pl.discard1 if pile == 1 else pl.discard2)]
            draw_pile_row(target, self.pile_rect(seat, pile), pile, names, self.colour(seat))

    @staticmethod
    def draw_finisher(target: pygame.Surface, view: BattleconState, seat: int, at: tuple[int, int],
                      room: int) -> None:
        """The Finisher's whole name at 12 px: "Finisher: <name>" where it fits, else the
        name alone, else (a compact plate) the name in two lines ending at ``at``."""
        pl = view.player(seat)
        if not pl.finisher:
            return
        used = " (used)" if pl.finisher_used else ""
        name = f"{view.card_name(pl.finisher)}{used}"
        for words in (f"Finisher: {name}", name):
            if font(12).size(words)[0] <= room:
                theme.text(target, words, at, 12, theme.BRASS_LIGHT, anchor="bottomleft")
                return
        for k, line in enumerate(word_lines(name, room, 12, 2, "regular")):  # two lines
            theme.text(target, line, (at[0], at[1] - 14 + 14 * k), 12, theme.BRASS_LIGHT,
                       anchor="bottomleft")

    def draw_plate_band(self, target: pygame.Surface, view: BattleconState, seat: int,
                        rect: pygame.Rect) -> None:
        """The plate's head: the seat colour, name and class, antes and the role."""
        band = pygame.Rect(rect.x, rect.y, rect.w, 24)
        pygame.draw.rect(target, self.colour(seat), band, border_top_left_radius=10,
                         border_top_right_radius=10)
        active = None if is_out(view, seat) else is_active(view, seat)
        if layout.compact(view.num_players):
            right = rect.right - 6
            if active:
                crown = (rect.right - 14, band.centery)
                pygame.draw.circle(target, theme.BRASS, crown, 9)
                theme.text(target, "A", crown, 12, theme.INK, "bold", "center")
                right = crown[0] - 12
        else:
            role = pygame.Rect(rect.right - 92, band.y + 4, 84, 16)
            draw_role(target, role, active)
            right = role.x - 6
        pl = view.player(seat)
        chips: list[str] = []
        if not is_out(view, seat):
            chips += [view.content.overloads[o]["name"] for o in pl.beat.overloads]
            chips += ["Unique ante"] * len(pl.beat.antes)
            chips += ["New base set"] if pl.clash is not None else []
        if chips and chips_width(chips) > (right - rect.x) // 2:  # no room: one chip says it
            chips = [f"{len(chips)} antes" if len(chips) > 1 else "Ante"]
        left = draw_chips(target, right, band.centery, chips)
        you = " (you)" if seat == self.model.viewer else ""
        fighter = view.fighter(seat)
        room = left - rect.x - 14
        # the whole name; the class and "(you)" only where they fit (the seat strip says both)
        title = next((t for t in (f"{view.name(seat)}{you} · {fighter.get('fighter_class', '')}"
                                  .rstrip(" ·"), f"{view.name(seat)}{you}")
                      if font(14, "bold").size(t)[0] <= room), view.name(seat))
        theme.text(target, theme.ellipsize(title, room, 14, "bold"),
                   (rect.x + 10, band.centery), 14, theme.CREAM, "bold", "midleft")

    def ua_area(self, seat: int) -> pygame.Rect:
        """The bottom of the plate: the Unique Ability's name, then its pieces."""
        rect = self.plate(seat)
        top = self.pile_rect(seat, 2).bottom + 2 - self.plate(seat).y \
            if layout.compact(self.fighters) else 126
        return pygame.Rect(rect.x + 8, rect.y + top, rect.w - 16, rect.bottom - rect.y - top - 4)

    @staticmethod
    def pieces_area(area: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(area.x, area.y + 16, area.w, area.h - 16)

    def plate_pieces(self, view: BattleconState, seat: int) -> list[Group]:
        return team_cards(view, seat) + materials(view, seat, self.colour(seat))

    def draw_ua(self, target: pygame.Surface, view: BattleconState, seat: int,
                area: pygame.Rect) -> None:
        """A rule with the Unique Ability's name, then its materials as pieces (or, for a
        fighter without any, the ability in a line or two)."""
        fighter = view.fighter(seat)
        name = theme.rendered(fighter.get("ua_name", "Unique Ability"), 12, theme.BRASS_LIGHT,
                              "bold")
        y = area.y + name.get_height() // 2
        pygame.draw.line(target, theme.WOOD, (area.x, y), (area.right, y))
        label = name.get_rect(midleft=(area.x + 10, y))
        pygame.draw.rect(target, (52, 40, 32), label.inflate(10, 0))
        target.blit(name, label)
        groups = self.plate_pieces(view, seat)
        body = self.pieces_area(area)
        if groups:
            draw_materials(target, body, groups)
            return
        for k, line in enumerate(ability_lines(str(fighter.get("ua_text", "")), body.w,
                                               max(1, (body.h + 2) // 14))):
            theme.text(target, line, (body.x, body.y + 14 * k), 12, theme.PARCHMENT_DIM)

    def draw_pair_slot(self, target: pygame.Surface, view: BattleconState, seat: int) -> None:
        """Where the pair lies: an empty slot before it is set."""
        card = self.pairs.get(seat)
        if card is None:
            return
        slot = pygame.Rect(0, 0, round(card.w), round(card.h))
        slot.center = (round(card.x), round(card.y))
        if not card.visible:
            shown = self.preview() if seat == self.model.viewer else None
            if shown is not None:
                draw_preview(target, slot, *shown)
                return
            pygame.draw.rect(target, (96, 64, 44), slot, width=2, border_radius=10)
            theme.text(target, "no pair", slot.center, 12, theme.PARCHMENT_DIM, anchor="center")

    def draw_hand_tray(self, target: pygame.Surface, view: BattleconState) -> None:
        theme.shadowed_rect(target, HAND, (16, 44, 37), radius=10, shadow=4, border=theme.WOOD)
        viewer = self.model.viewer
        if viewer is None:
            words = "Hands are open information: see the side panels."
        elif self.offers:
            words = "Choose your Finisher (rest the pointer on a card to read it)"
        elif any(a.kind == Act.DISCARD for a in self.model.actions):
            words = "Click a style (or drop it on your pair slot) to discard it"
        elif any(a.kind == Act.CLASH for a in self.model.actions):
            words = "Clash! Click a base, or drag it onto your pair, to set it face down"
        elif any(a.kind in PAIRING for a in self.model.actions):
            words = "Your hand: drag a style onto a base or your pair slot, or click both"
        else:
            words = "Your hand"
        theme.text(target, words, (HAND.x + 12, HAND.y + 1), 12, theme.BRASS_LIGHT, "bold")


TABLE = BattleconTable

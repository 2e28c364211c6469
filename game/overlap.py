"""The overlap check: which texts a frame shows, where, and whether any two collide or one
is cut by the surface it is drawn on.

Off by default (no cost in play). ``start()`` swaps ``pygame.Surface`` for ``Recording``, a
surface that remembers what is drawn on it in order: a text (a surface made by
``theme.rendered``), another recording surface (a card, a still layer, a sprite) or other
paint. ``texts_on(canvas)`` follows those records down from the canvas to every text's box on
the screen, leaving out a text that something opaque was later drawn over; ``problems``
lists the pairs of visible texts that overlap and the texts cut off by their surface's
edge or clip. ``selftest`` runs every screen it visits through this check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

_ORIGINAL_SURFACE = pygame.Surface
_ORIGINAL_DRAW = {name: getattr(pygame.draw, name) for name in ("rect", "polygon", "circle",
                                                                 "ellipse")}
#: id of a text surface (made by theme.rendered while checking) -> its words
_TEXTS: dict[int, str] = {}
_KEEP: list[pygame.Surface] = []  # the text surfaces, kept alive so their ids stay theirs
OPAQUE = 128  # alpha from which a pixel drawn over a text hides it
FAINT = 64  # a surface drawn fainter than this (fading in or out) shows no readable text


@dataclass(frozen=True)
class Op:
    """One thing drawn on a recording surface, in order."""

    kind: str  # "text", "surface" (a recording surface), "paint" or "shape" (filled)
    rect: pygame.Rect  # where on the surface
    words: str = ""
    source: Any = None  # the surface drawn ("surface" and "paint"): kept while this is
    offset: tuple[int, int] = (0, 0)  # the source's point drawn at rect.topleft


def _dest_rect(dest: Any, size: tuple[int, int]) -> pygame.Rect:
    if isinstance(dest, pygame.Rect):
        return pygame.Rect(dest.topleft, size)
    x, y = dest[0], dest[1]
    return pygame.Rect(round(x), round(y), *size)


class Recording(_ORIGINAL_SURFACE):  # type: ignore[misc, valid-type]
    """A pygame surface that records what is drawn on it (see the module's doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ops: list[Op] = []
        self.cut: list[tuple[str, pygame.Rect]] = []  # texts its edge or clip cut
        self.transient = False  # a passing effect (rising words): checked only against its kind

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        out = super().blit(source, dest, area, special_flags)
        size = (area.size if isinstance(area, pygame.Rect) else
                pygame.Rect(area).size if area is not None else source.get_size())
        rect = _dest_rect(dest, size)
        offset = (area[0], area[1]) if area is not None else (0, 0)
        words = _TEXTS.get(id(source))
        if words is not None:
            # a clip (a scrolled list) shows part of a text: only that part counts, and a
            # text it hides is scrolled away, not cut
            clip = self.get_clip()
            shown = rect.clip(clip)
            if shown.w > 0 and shown.h > 0:
                self.ops.append(Op("text", shown, words))
            if clip == self.get_rect() and not clip.contains(_ink(rect)):
                self.cut.append((words, rect))  # the surface is too small for it
        elif isinstance(source, Recording):
            self.ops.append(Op("surface", rect, source=source, offset=offset))
        else:
            self.ops.append(Op("paint", rect, source=source, offset=offset))
        return out

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        if rect is None and not special_flags:
            self.ops, self.cut = [], []  # a clean slate
        elif not special_flags:
            self.cover(pygame.Rect(rect), color)
        return super().fill(color, rect, special_flags)

    def cover(self, rect: pygame.Rect, color: Any) -> None:
        """A shape filled in ``color`` over ``rect`` (hides the texts under it if opaque)."""
        alpha = pygame.Color(color).a if not isinstance(color, int) else 255
        if alpha >= OPAQUE and rect.w > 0 and rect.h > 0:
            self.ops.append(Op("shape", rect))

    def copy(self) -> Recording:
        out = Recording(self.get_size(), self.get_flags(), self)
        out.fill((0, 0, 0, 0))
        _ORIGINAL_SURFACE.blit(out, self, (0, 0), None, pygame.BLEND_RGBA_ADD)
        out.ops, out.cut = list(self.ops), list(self.cut)
        out.transient = self.transient
        return out


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """A text's box without the font's empty leading above and below the letters."""
    pad = rect.h // 5
    return pygame.Rect(rect.x, rect.y + pad, rect.w, max(1, rect.h - 2 * pad))


def _drawing(name: str) -> Any:
    """pygame.draw.<name> that also records a filled shape on a recording surface."""
    draw = _ORIGINAL_DRAW[name]

    def recorded(surface: Any, color: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        box = draw(surface, color, *args, **kwargs)
        width = kwargs.get("width", 0)
        if name in ("rect", "ellipse", "polygon") and len(args) >= 2:
            width = args[1]
        elif name == "circle" and len(args) >= 3:
            width = args[2]
        if isinstance(surface, Recording) and not width:
            inner = box.inflate(-box.w // 3, -box.h // 3) if name != "rect" else box
            surface.cover(inner, color)
        return box
    return recorded


def mark_transient(surface: pygame.Surface) -> None:
    """``surface`` is a passing effect (words rising from a piece for a second): its texts
    may cross the table's labels, but not each other."""
    if isinstance(surface, Recording):
        surface.transient = True


def start() -> None:
    """Check from now on: new surfaces record, new texts are known. (The caches of drawn
    pictures are emptied so that everything is drawn again, recorded.)"""
    from game import theme

    pygame.Surface = Recording  # type: ignore[misc]
    for name in _ORIGINAL_DRAW:
        setattr(pygame.draw, name, _drawing(name))
    theme.rendered.cache_clear()
    theme.felt_background.cache_clear()
    theme.note_text = note_text


def stop() -> None:
    from game import theme

    pygame.Surface = _ORIGINAL_SURFACE  # type: ignore[misc]
    for name, draw in _ORIGINAL_DRAW.items():
        setattr(pygame.draw, name, draw)
    theme.note_text = None
    _TEXTS.clear()
    _KEEP.clear()


def note_text(surface: pygame.Surface, words: str) -> None:
    """``surface`` shows ``words`` (theme.rendered calls this while checking)."""
    _TEXTS[id(surface)] = words
    _KEEP.append(surface)


def _covers(op: Op, at: pygame.Rect) -> bool:
    """Whether ``op`` paints opaquely over the box ``at`` (sampled at its middle and four
    points around it: the letters of a text drawn over it do not make a cover)."""
    if not op.rect.contains(at):
        return False
    if op.kind == "shape":
        return True
    source = op.source
    if source is None:
        return False
    whole = source.get_alpha()  # a surface-wide alpha (None or 255: opaque)
    if whole is not None and whole < OPAQUE:
        return False
    if not source.get_flags() & pygame.SRCALPHA:
        return True
    bounds = source.get_rect()
    dx, dy = at.w // 4, at.h // 4
    opaque = 0
    for px, py in ((0, 0), (-dx, -dy), (dx, -dy), (-dx, dy), (dx, dy)):
        x = at.centerx + px - op.rect.x + op.offset[0]
        y = at.centery + py - op.rect.y + op.offset[1]
        opaque += bounds.collidepoint(x, y) and source.get_at((x, y)).a >= OPAQUE
    return opaque >= 4


def _uncovered(op: Op, box: pygame.Rect, at: tuple[int, int]) -> pygame.Rect:
    """The part of a text's ``box`` still seen after an opaque ``op`` is drawn over some of
    it (a label, a button, a card over its end, top or bottom): of the parts left beside
    the cover, the largest."""
    if op.kind not in ("shape", "surface", "paint") or not _opaque_at(op, box, at):
        return box
    cover = op.rect.move(at)
    if not cover.colliderect(box):
        return box
    parts = [pygame.Rect(box.x, box.y, max(0, cover.x - box.x), box.h),
             pygame.Rect(cover.right, box.y, max(0, box.right - cover.right), box.h),
             pygame.Rect(box.x, box.y, box.w, max(0, cover.y - box.y)),
             pygame.Rect(box.x, cover.bottom, box.w, max(0, box.bottom - cover.bottom))]
    return max((p.clip(box) for p in parts), key=lambda r: r.w * r.h)


def _opaque_at(op: Op, box: pygame.Rect, at: tuple[int, int]) -> bool:
    """Whether ``op`` is opaque where it meets ``box`` (sampled over the part they share)."""
    if op.kind == "shape":
        return True
    meet = op.rect.move(at).clip(box)
    if meet.w <= 0 or meet.h <= 0:
        return False
    return _covers(op, meet.move(-at[0], -at[1]))


Shown = tuple[str, pygame.Rect, bool]  # words, box on the screen, part of a passing effect


def texts_on(surface: Recording, at: tuple[int, int] = (0, 0), within: pygame.Rect | None = None,
             depth: int = 0, transient: bool = False) -> list[Shown]:
    """The texts ``surface`` shows, as boxes on the surface it lies on at ``at`` (hidden
    ones left out), in drawing order."""
    shown: list[Shown] = []
    if depth > 12:
        return shown
    transient = transient or surface.transient
    for op in surface.ops:
        if op.kind != "text":
            shown = [(w, _uncovered(op, r, at), t) for w, r, t in shown
                     if not _covers(op, r.move(-at[0], -at[1]))]
        if op.kind == "text":
            box = op.rect.move(at)
            if within is None or within.colliderect(box):
                shown.append((op.words, box, transient))
        elif op.kind == "surface":
            inner = op.source
            faint = inner is not None and (inner.get_alpha() or 255) < FAINT
            if inner is not None and not faint:
                origin = (at[0] + op.rect.x - op.offset[0], at[1] + op.rect.y - op.offset[1])
                window = op.rect.move(at)
                if within is not None:
                    window = window.clip(within)
                shown += texts_on(inner, origin, window, depth + 1, transient)
    return shown


def cut_texts(surface: Recording, depth: int = 0) -> list[tuple[str, pygame.Rect]]:
    """Texts cut by the edge (or clip) of a surface that the frame shows."""
    out = list(surface.cut)
    if depth < 12:
        for op in surface.ops:
            inner = op.source if op.kind == "surface" else None
            if inner is not None:
                out += cut_texts(inner, depth + 1)
    return out


def new_frame(canvas: Recording) -> None:
    """The canvas is drawn anew: forget what the last frame drew on it."""
    canvas.ops, canvas.cut = [], []


def problems(canvas: Recording) -> list[str]:
    """What is wrong with the frame on ``canvas``: texts that overlap (a passing effect's
    words may cross the table's labels, not each other), texts cut off or off the screen."""
    out = []
    shown = [(w, r, t) for w, r, t in texts_on(canvas) if w.strip()]
    for i, (words, box, passing) in enumerate(shown):
        ink = _ink(box)
        for other, second, also in shown[i + 1:]:
            if other == words and abs(second.x - box.x) <= 3 and abs(second.y - box.y) <= 3:
                continue  # the same words again or their drop shadow
            if passing != also:
                continue
            both = ink.clip(_ink(second))
            if both.w > 2 and both.h > 2:
                out.append(f"'{words}' at {tuple(box)} overlaps '{other}' at {tuple(second)}")
    screen = canvas.get_rect()
    for words, box, _ in shown:
        if not screen.contains(_ink(box)):
            out.append(f"'{words}' at {tuple(box)} leaves the screen")
    cut = {(w, tuple(r)) for w, r in cut_texts(canvas) if w.strip()}
    out += [f"'{w}' at {r} is cut by the edge of what it is drawn on" for w, r in sorted(cut)]
    return out

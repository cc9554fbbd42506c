"""The coach's words at the table, in a box in a corner of the felt.

Levels: ``hints`` marks the best discards (with the number of useful tiles and one
short reason) and warns when a lifted tile can deal into a riichi while a safe tile is in
the hand, or — with nobody in riichi — fits the likely wait of an open hand (honitsu
colour, toitoi, a yakuhai pon) while much safer tiles are there; ``full`` also says when the hand is ready and on what, when it is furiten, and
whether to declare riichi (the hand's value with and without).  Every term is a glossary
link (rich text ``{term:id}``), tiles are drawn as tiles (``{tiles:..}``).
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.game.coach import (
    DangerWarning,
    DiscardHint,
    OpenHandWarning,
    danger_warning,
    discard_hints,
    open_hand_warning,
    riichi_choice,
    waiting,
)
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import _
from trainer.ui.richtext import BR, layout_rich
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import draw_panel

P = PALETTE


def _tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return "{tiles:" + format_tiles(tiles) + "}"


def _kinds(kinds: Any) -> str:
    return "{tiles:" + format_tiles([Tile(k) for k in kinds]) + "}"


def hint_lines(hints: list[DiscardHint]) -> list[str]:
    """One line per reason: the tiles it applies to, their useful tiles and why."""
    out = []
    by_reason: dict[str, list[DiscardHint]] = {}
    for h in hints:  # a ready hand's waits differ per discard: one line each
        key = f"keeps_tenpai:{h.tile}" if h.reason == "keeps_tenpai" else h.reason
        by_reason.setdefault(key, []).append(h)
    for key, group in by_reason.items():
        reason = key.split(":")[0]
        tiles = _tiles([h.tile for h in group])
        h = group[0]
        if reason == "keeps_tenpai":
            out.append(_("Discard {tiles}: you stay {tenpai}, waiting on {waits} ({n} tiles left).").format(
                tiles=tiles, tenpai="{term:tenpai}", waits=_kinds(h.waits), n=h.ukeire))
        elif reason == "fewer_steps":
            out.append(_("Discard {tiles}: one step closer to {tenpai}; {n} tiles help after it ({ukeire}).").format(
                tiles=tiles, tenpai="{term:tenpai}", n=h.ukeire, ukeire="{term:ukeire}"))
        elif reason == "safer":
            out.append(_("Safest against the {riichi}: {tiles}.").format(riichi="{term:riichi}", tiles=tiles))
        else:
            out.append(_("Discard {tiles}: the most useful tiles stay, {n} of them ({ukeire}).").format(
                tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}"))
    return out


def warning_line(w: DangerWarning, seat_name: Any) -> str:
    """Why the lifted tile is dangerous, and the safe tile instead."""
    who = ", ".join(seat_name(s) for s in w.seats)
    note = next((n for n in w.notes if not n.get("genbutsu")), {})
    if "honor_left" in note:
        why = _("{n} more of it can still be in a hand").format(n=note["honor_left"])
    elif note.get("suji"):
        why = _("it is {suji}, but a pair or a closed wait can still win on it").format(suji="{term:suji}")
    elif note.get("kabe"):
        why = _("a {kabe} helps, but a pair wait is still possible").format(kabe="{term:kabe}")
    else:
        why = _("no {suji} or {kabe} protects it").format(suji="{term:suji}", kabe="{term:kabe}")
    return _("Careful: {tile} can deal into the {riichi} of {who} — {why}. Safe: {safe} ({genbutsu}).").format(
        tile=_tiles([w.tile]), riichi="{term:riichi}", who=who, why=why, safe=_tiles(list(w.safe)),
        genbutsu="{term:genbutsu}")


SUIT_TERMS = {"m": "{term:manzu}", "p": "{term:pinzu}", "s": "{term:souzu}"}


def open_warning_line(w: OpenHandWarning, seat_name: Any) -> str:
    """Why the lifted tile may be what an open hand waits on, and the safer tiles."""
    who = seat_name(w.seat)
    if w.reading == "honitsu":
        why = _("their calls are all {suit} and honors, so they are likely building {honitsu}").format(
            suit=SUIT_TERMS[w.suit], honitsu="{term:honitsu}")
    elif w.reading == "toitoi":
        why = _("they called only pons ({toitoi}), so they wait on a pair: tiles still unseen are the danger").format(
            toitoi="{term:toitoi}")
    elif w.reading == "yakuhai":
        why = _("their {yakuhai} pon gives them a yaku, and with two calls or more they may be ready").format(
            yakuhai="{term:yakuhai}")
    else:
        why = _("with two calls or more they may be ready")
    return _("Careful: {tile} may be what {who} is waiting on — {why}. Safer: {safe}.").format(
        tile=_tiles([w.tile]), who=who, why=why, safe=_tiles(list(w.safe)))


def coach_text(level: str, view: Any, legal: list[Any], lifted: Tile | None, rules: Any, seat_name: Any) -> str:
    """The coach's message for the learner's view now (empty when there is nothing to say)."""
    from trainer.engine.game.actions import Discard, Kita, Riichi

    if level not in ("hints", "full") or view is None:
        return ""
    lines: list[str] = []
    if any(isinstance(a, Kita) for a in legal):
        lines.append(_("You may set {north} aside with the Kita button ({nukidora}): it counts as one dora, "
                       "and you draw a replacement tile.").format(north="{tiles:4z}", nukidora="{term:nukidora}"))
    discards = [a.tile for a in legal if isinstance(a, Discard)]
    if discards and not view.riichi[view.seat]:
        if lifted is not None:
            w = danger_warning(view, lifted, discards)
            if w is not None:
                lines.append(warning_line(w, seat_name))
            else:
                ow = open_hand_warning(view, lifted, discards)
                if ow is not None:
                    lines.append(open_warning_line(ow, seat_name))
        lines += hint_lines(discard_hints(view, discards))
        riichi = [a.tile for a in legal if isinstance(a, Riichi)]
        if level == "full" and riichi:
            best = next((h.tile for h in discard_hints(view, riichi)), riichi[0])
            choice = riichi_choice(view, best, rules)
            if choice is not None:
                dama = (_("without riichi ({dama}): {p}").format(dama="{term:damaten}", p=choice.dama_points)
                        if choice.dama_points is not None else
                        _("without riichi there is no {yaku}: no ron").format(yaku="{term:yaku}"))
                advice = _("declare riichi") if choice.suggest == "riichi" else _("stay quiet (dama)")
                lines.append(_("{riichi} after {tile}: {p} points on a ron, {dama}. Coach: {advice}.").format(
                    riichi="{term:riichi}", tile=_tiles([best]), p=choice.riichi_points, dama=dama, advice=advice))
    elif level == "full" and not discards:
        ready = waiting(view)
        if ready is not None:
            lines.append(_("You are {tenpai}: waiting on {waits} ({n} tiles left).").format(
                tenpai="{term:tenpai}", waits=_kinds(sorted(ready.waits)), n=sum(ready.waits.values())))
            if ready.furiten:
                lines.append(_("{furiten}: a winning tile is in your own river, so you can win only by tsumo.")
                             .format(furiten="{term:furiten}"))
    return BR.join(lines)


class CoachBox:
    """Draws the coach's text in a paper box and finds the glossary term under a click."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.layout: Any = None
        self.origin = (0, 0)

    def draw(self, surf: pygame.Surface, app: Any, area: pygame.Rect, text: str) -> None:
        """Paint ``text`` (rich) in a box at the top-left of ``area`` (as tall as it needs)."""
        self.layout = None
        if not text or area.width < 80:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        L = app.layout
        pad = L.px(10)
        lay = layout_rich(app, text, L.font("small"), area.width - 2 * pad, P.ink)
        h = min(area.height, lay.height + 2 * pad)
        self.rect = pygame.Rect(area.left, area.top, area.width, h)
        draw_panel(surf, self.rect, P.hint_bg, L.px(10), border=P.hint)
        self.origin = (area.left + pad, area.top + pad)
        clip = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2))
        surf.blit(lay.surface, self.origin)
        surf.set_clip(clip)
        self.layout = lay

    def term_at(self, pos: tuple[int, int]) -> str | None:
        """The glossary term under ``pos`` (None if none)."""
        if self.layout is None or not self.rect.collidepoint(pos):
            return None
        return self.layout.term_at(pos, self.origin)

    def open_term_at(self, app: Any, pos: tuple[int, int]) -> bool:
        """Open the glossary at the term under ``pos``; True if there was one."""
        term = self.term_at(pos)
        if term is None:
            return False
        app.push("glossary", term=term)
        return True

"""The hand result and the match end, drawn on a paper card over the table.

Hand result, for a win: who won and from whom, the winning hand with its melds and the
winning tile apart and marked, the dora and ura indicators (labelled as indicators, each with the
dora it points to), each yaku with its han and
the dora/ura/red fives, the fu item by item (the engine's own breakdown), the limit name,
and every payment (who paid whom, honba, riichi sticks) with the score change of all four
seats (three at sanma, with the Norths set aside as nukidora).  For a draw: the tenpai hands, the noten payments, or the abortive draw's reason,
and each seat's change item by item (noten payment, riichi stick put down), with the sticks left on the table.
Match end: places, final points, the score after oka and uma, and a chart of the four
scores over the hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pygame

from trainer.engine.game.breakdown import WinDetails, win_details
from trainer.engine.tiles import Tile
from trainer.i18n import (
    N_,
    _,
    format_decimal,
    format_points,
    fu_text,
    han_text,
    ngettext,
    npgettext,
    pgettext,
)
from trainer.names import fu_name
from trainer.ui.richtext import BR, RichLayout, layout_rich, plain_text
from trainer.ui.theme import PALETTE
from trainer.ui.views.explain import group_words
from trainer.ui.views.rule_presets import THREE_PLAYER_TSUMO
from trainer.ui.views.table.state import seat_quarter
from trainer.ui.views.table.tiles import Piece, meld_pieces, strip, strip_size
from trainer.ui.views.table.wins import seat_owner, win_sentence
from trainer.ui.widgets import blit_text, blit_wrapped, draw_panel

P = PALETTE
ABORT_TERMS = {"kyuushu": "kyuushu_kyuuhai", "suufon": "suufon_renda", "suucha": "suucha_riichi",
               "suukaikan": "suukaikan", "sanchahou": "sanchahou"}
"""Abortive draw reason (game log) -> glossary term."""
SCORE_NOTES: dict[tuple[bool, bool], str] = {
    # (rounded to whole thousands, with an oka) -> how the match's score is made
    (True, True): N_("Score: points minus {target} in thousands, rounded to the nearest thousand (500 rounds down) "
                     "for everyone but first place, whose score keeps the total unchanged; plus a {oka_term} of "
                     "{oka} to first place and a {uma_term} of {uma}."),
    (True, False): N_("Score: points minus {target} in thousands, rounded to the nearest thousand (500 rounds down) "
                      "for everyone but first place, whose score keeps the total unchanged; plus a {uma_term} of "
                      "{uma}."),
    (False, True): N_("Score: points minus {target} in thousands, plus a {oka_term} of {oka} to first place and a "
                      "{uma_term} of {uma}."),
    (False, False): N_("Score: points minus {target} in thousands, plus a {uma_term} of {uma}."),
}
"""The match end's note on the score, by (rounded to whole thousands, with an oka)."""
LIMIT_NAMES = {"mangan": N_("mangan"), "haneman": N_("haneman"), "baiman": N_("baiman"),
               "sanbaiman": N_("sanbaiman"), "yakuman": N_("yakuman"), "kazoe_yakuman": N_("counted yakuman")}
SEAT_COLORS = ((232, 176, 75), (74, 144, 217), (212, 84, 74), (63, 166, 107))

Names = Callable[[int], str]


def hand_pieces(d: WinDetails, kita: Sequence[Any] = ()) -> tuple[Piece, ...]:
    """The winning hand: concealed tiles without the winning tile, the winning tile apart and
    marked, then the melds and the Norths set aside (``kita``, three players)."""
    tiles = list(d.hand.concealed)
    if d.win.win_tile in tiles:
        tiles.remove(d.win.win_tile)
    out = [Piece(t) for t in tiles] + [Piece(d.win.win_tile, highlight="hint", gap=0.3)]
    for m in d.hand.melds:
        out += meld_pieces(m, gap=0.4)
    out += [Piece(t, gap=0.6 if i == 0 else 0.0) for i, t in enumerate(kita)]
    return tuple(out)


def payment_lines(win: Any, names: Names) -> list[str]:
    """Who paid whom for one win: one line per payer (with honba), and the pao player."""
    out = []
    for seat in range(len(win.base)):
        paid = -win.base[seat]
        bonus = -win.bonus[seat]
        if seat == win.seat or (paid <= 0 and bonus <= 0):
            continue
        line = _("{payer} → {winner}: {n}").format(payer=names(seat), winner=names(win.seat), n=format_points(paid))
        if bonus > 0:
            line += " " + _("(+{n} honba)").format(n=format_points(bonus))
        out.append(line)
    if win.liable is not None:
        out.append(_("{who} is liable (pao)").format(who=names(win.liable)))
    return out


def listed_winner(step: int, players: int) -> str:
    """A winner in the list of a double ron's sentence, ``step`` places after the learner's seat:
    "You", "Left" (ru: «вы», «игрок слева», as the sentence's middle needs them)."""
    # TRANSLATORS: one of the winners of a double ron, listed inside a sentence (ru: «вы», «игрок слева»).
    words = {0: pgettext("seat in a list of winners", "You"), 1: pgettext("seat in a list of winners", "Right"),
             2: pgettext("seat in a list of winners", "Across"), 3: pgettext("seat in a list of winners", "Left")}
    return words[seat_quarter(step, players)]


def and_join(items: Sequence[str]) -> str:
    """Items joined as "a", "a and b" or "a, b and c" in the interface language."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two of a list of players who all won ("Across and Left"; ru: «игрок напротив и игрок слева»).
    return pgettext("list of winners", "{a} and {b}").format(a=", ".join(items[:-1]), b=items[-1])


def multi_ron_sentence(winners: Sequence[int], loser: int, players: int) -> str:
    """A double (or triple) ron in one sentence, without a final full stop: ``winners`` and
    ``loser`` are steps after the learner's seat in turn order, as :func:`win_sentence` counts
    ("Double ron! Across and Left win on your discard"; the learner, when among them, first)."""
    order = sorted(winners, key=lambda w: (w % players != 0, winners.index(w)))
    names = and_join([listed_winner(w, players) for w in order])
    mine = loser % players == 0
    if len(winners) >= 3:
        text = _("Triple ron! {winners} win on your discard") if mine else \
            _("Triple ron! {winners} win on {loser}'s discard")
    else:
        text = _("Double ron! {winners} win on your discard") if mine else \
            _("Double ron! {winners} win on {loser}'s discard")
    return text.format(winners=names, loser="" if mine else seat_owner(loser, players))


def whose_hand(step: int, players: int) -> str:
    """"Your hand" or "Left's hand" («Рука игрока слева»): the winner whose hand a card shows."""
    if step % players == 0:
        return _("Your hand")
    # TRANSLATORS: {whose} is a player as the owner of something (ru: «игрока слева»).
    return _("{whose}'s hand").format(whose=seat_owner(step, players))


def show_hand_label(step: int, players: int) -> str:
    """The button that shows another winner's hand on a double ron's card."""
    if step % players == 0:
        return _("Show your hand")
    # TRANSLATORS: a button on a double ron's result; {whose} is a player as an owner (ru: «игрока слева»).
    return _("Show {whose}'s hand").format(whose=seat_owner(step, players))


def draw_card(surf: pygame.Surface, app: Any, rect: pygame.Rect, title: str) -> tuple[pygame.Rect, int]:
    """The paper card over the table with its heading; returns the inner area and the y below the heading."""
    L = app.layout
    draw_panel(surf, rect, P.card, L.px(16), shadow=L.px(5), border=P.card_edge)
    inner = rect.inflate(-L.px(40), -L.px(28))
    r = blit_text(surf, app, title, L.font("h2"), P.ink, (inner.left, inner.top), bold=True, max_width=inner.width)
    return inner, r.bottom


class IndicatorRow(NamedTuple):
    """One kind of indicator on the result card: its label ("Dora indicator"), the indicator
    tiles, the word for what they point to ("dora") and the dora tiles they point to."""

    label: str
    indicators: tuple[Tile, ...]
    points_to: str
    doras: tuple[Tile, ...]


def indicator_rows(rules: Any, dora: Sequence[Tile], ura: Sequence[Tile]) -> list[IndicatorRow]:
    """The dora and ura-dora indicators of a win with the dora each points to, as the engine
    reads an indicator under ``rules`` (``Rules.dora_next``: the next tile, 1m to 9m at three
    players); a kind without indicators is left out."""
    nxt = rules.dora_next
    out = []
    for tiles, label, word in (
            (tuple(dora), npgettext("result card", "Dora indicator", "Dora indicators", len(dora)),
             pgettext("result card", "dora")),
            (tuple(ura), npgettext("result card", "Ura-dora indicator", "Ura-dora indicators", len(ura)),
             pgettext("result card", "ura-dora"))):
        if tiles:
            out.append(IndicatorRow(label, tiles, word, tuple(Tile(nxt[t.kind]) for t in tiles)))
    return out


class IndicatorBlock:
    """The indicator rows laid out beside the winning hand, one row per kind:
    «Индикатор доры [南] → дора [西]», tiles ``tile_h`` tall, the labels in one column and
    the arrows in another."""

    def __init__(self, app: Any, rows: Sequence[IndicatorRow], tile_h: int) -> None:
        self.rows = list(rows)
        self.tile_h = max(1, tile_h)
        L = app.layout
        self.font = L.font("tiny")
        self.gap = L.px(6)
        self.row_gap = L.px(8)
        self.label_w = max((app.text_width(r.label, self.font) for r in self.rows), default=0)
        self.ind_w = max((strip_size(self._pieces(r.indicators), self.tile_h)[0] for r in self.rows), default=0)
        self.word_w = max((app.text_width("→ " + r.points_to, self.font) for r in self.rows), default=0)
        self.dora_w = max((strip_size(self._pieces(r.doras), self.tile_h)[0] for r in self.rows), default=0)

    @staticmethod
    def _pieces(tiles: Sequence[Tile]) -> tuple[Piece, ...]:
        return tuple(Piece(t) for t in tiles)

    @property
    def width(self) -> int:
        """The block's width (0 without rows)."""
        if not self.rows:
            return 0
        return self.label_w + self.ind_w + self.word_w + self.dora_w + 3 * self.gap + self.gap

    @property
    def height(self) -> int:
        """The block's height (0 without rows)."""
        return len(self.rows) * self.tile_h + max(0, len(self.rows) - 1) * self.row_gap

    def draw(self, surf: pygame.Surface, app: Any, theme: str, topleft: tuple[int, int], right: int) -> None:
        """Paint the rows from ``topleft``, clear of ``right``."""
        x0, y = topleft
        for r in self.rows:
            mid = y + self.tile_h // 2
            blit_text(surf, app, r.label, self.font, P.ink_muted, (x0, mid), anchor="midleft",
                      max_width=max(1, right - x0))
            x = x0 + self.label_w + self.gap
            surf.blit(strip(theme, self._pieces(r.indicators), self.tile_h), (x, y))
            x += self.ind_w + self.gap
            blit_text(surf, app, "→ " + r.points_to, self.font, P.ink_muted, (x, mid), anchor="midleft")
            x += self.word_w + self.gap
            surf.blit(strip(theme, self._pieces(r.doras), self.tile_h), (x, y))
            y += self.tile_h + self.row_gap


class HandResultView:
    """Draws the result of an ended hand into a rectangle."""

    def __init__(self, rnd: Any, names: Names, before: Sequence[int], me: int = 0) -> None:
        self.rnd = rnd
        self.names = names
        self.before = list(before)
        self.me = me  # the learner's seat: the title says "you" for it
        res = rnd.result
        self.details = [win_details(rnd, w) for w in res.wins] if res is not None else []
        self.shown = 0  # which winner's hand the card shows (a double ron has two)
        self.note_layout: RichLayout | None = None  # a draw's lines as drawn last, for their glossary links
        self.note_origin = (0, 0)
        self.indicators_shown: list[IndicatorRow] = []  # the indicator rows as drawn last

    def term_at(self, pos: tuple[int, int]) -> str | None:
        """The glossary term under ``pos`` in a draw's lines (None if none, or before the first draw)."""
        lay = getattr(self, "note_layout", None)  # a subclass may keep its own __init__ (MCR)
        return lay.term_at(pos, self.note_origin) if lay is not None else None

    # ------------------------------------------------------------------ text
    def title(self) -> str:
        """The big line: who won how, or what kind of draw."""
        res = self.rnd.result
        if res is None:
            return _("The hand is over")
        if len(self.details) > 1:  # a double ron: every winner named
            players = len(self.before)
            loser = self.details[0].win.from_seat
            return multi_ron_sentence([d.win.seat - self.me for d in self.details], loser - self.me, players) + "."
        if self.details:
            w = self.details[0].win
            return self.win_title(w.seat, None if w.tsumo else w.from_seat)
        if res.kind == "exhaustive":
            return _("Draw: the wall is empty")
        return _("Abortive draw")

    def shown_index(self) -> int:
        """The winner whose hand the card shows (0 but on a double ron)."""
        return getattr(self, "shown", 0) % max(1, len(self.details))

    def show_next(self) -> None:
        """Show the next winner's hand (a double ron)."""
        self.shown = (self.shown_index() + 1) % max(1, len(self.details))

    def next_hand_label(self) -> str:
        """The button that shows the next winner's hand ("" unless two or more players won)."""
        if len(self.details) < 2:
            return ""
        nxt = self.details[(self.shown_index() + 1) % len(self.details)].win.seat
        return show_hand_label(nxt - self.me, len(self.before))

    def shown_heading(self) -> str:
        """Whose hand the card shows, on a double ron: "Left's hand (2 of 2)" ("" for one winner)."""
        if len(self.details) < 2:
            return ""
        i = self.shown_index()
        return _("{hand} ({i} of {n})").format(hand=whose_hand(self.details[i].win.seat - self.me, len(self.before)),
                                              i=i + 1, n=len(self.details))

    def win_title(self, seat: int, from_seat: int | None, *, hu: bool = False) -> str:
        """"Ron! You win on Left's discard." and the like, from the learner's chair."""
        players = len(self.before)
        return win_sentence(seat - self.me, None if from_seat is None else from_seat - self.me, players,
                            hu=hu) + "."

    def yaku_lines(self, d: WinDetails, app: Any) -> list[tuple[str, str]]:
        """(name, value) per yaku, then the dora kinds, then the total."""
        s = d.score
        out = []
        for y in s.yaku:
            value = _("yakuman") if getattr(y, "yakuman", 0) else ngettext("{n} han", "{n} han", y.han).format(n=y.han)
            out.append((app.term_text(y.id), value))
        dc = s.dora_count
        for term, n in (("dora", dc.dora), ("ura_dora", dc.ura), ("aka_dora", dc.aka), ("nukidora", dc.nuki)):
            if n:
                out.append((app.term_text(term), ngettext("{n} han", "{n} han", n).format(n=n)))
        return out

    def indicator_rows(self, d: WinDetails) -> list[IndicatorRow]:
        """The win's dora and ura-dora indicators with the dora each points to (:func:`indicator_rows`)."""
        return indicator_rows(self.rnd.rules, d.dora_indicators, d.ura_indicators)

    def total_line(self, d: WinDetails) -> str:
        """"5 han 30 fu — mangan — dealer, 12 000 points" and the like: whether the winner is the
        dealer is said, as the same han and fu pay the dealer half as much again."""
        s = d.score
        text = _("{han} han, {fu} fu").format(han=s.han, fu=s.fu)
        if s.limit:
            text += " — " + _(LIMIT_NAMES.get(s.limit, s.limit))
        points = ngettext("{n} point", "{n} points", d.win.base[d.win.seat]).format(
            n=format_points(d.win.base[d.win.seat]))
        dealer = getattr(self.rnd, "dealer", None)
        if dealer is None:
            return text + " — " + points
        return text + " — " + (_("dealer, {points}") if d.win.seat == dealer else
                               _("non-dealer, {points}")).format(points=points)

    def fu_lines(self, d: WinDetails, app: Any) -> list[tuple[str, str]]:
        """(item, fu) per fu item, then the rounding."""
        items = d.score.fu_items
        out = [(fu_name(i.id) + (f": {group_words(app, i.tiles)}" if i.tiles else ""), str(i.fu)) for i in items]
        raw = sum(i.fu for i in items)
        if raw != d.score.fu:
            out.append((_("Rounded up to tens"), f"{raw} → {d.score.fu}"))
        return out

    def riichi_sticks_put(self) -> list[int]:
        """The seats that put a riichi stick on the table during this hand, in order (the round's
        ``riichi_stick`` events; the scores already show the stick paid)."""
        return [int(e["seat"]) for e in self.rnd.events if e.get("type") == "riichi_stick"]

    def riichi_line(self) -> list[str]:
        """The riichi sticks put down this hand, by whom ([] when none): each one is a change of
        its player's score that no payment explains."""
        seats = self.riichi_sticks_put()
        if not seats:
            return []
        n = format_points(self.rnd.options.riichi_deposit)
        return [ngettext("Riichi stick put down this hand: {names} (−{n})",
                         "Riichi sticks put down this hand: {names} (−{n} each)", len(seats)).format(
            names=", ".join(self.names(s) for s in seats), n=n)]

    def draw_lines(self, app: Any, *, markup: bool = False) -> list[str]:
        """For a draw: the tenpai and noten players and the noten payment (or nagashi, or the
        abortive reason), then each seat's change item by item, and the riichi sticks that stay
        on the table.  Tenpai, noten and the noten payment are glossary terms with their Japanese:
        with ``markup`` the lines are rich text (the card draws them as one block, the terms
        clickable), else the text as shown."""
        res = self.rnd.result
        if res is None or self.details:
            return []
        n = len(self.rnd.scores)
        if res.kind == "exhaustive":
            names = ", ".join(self.names(s) for s in res.tenpai) or _("nobody")
            out = [_("{term}: {names}").format(term="{term:tenpai}", names=names)]
            noten = [s for s in range(n) if s not in res.tenpai]
            if noten:
                out.append(_("{term}: {names}").format(term="{term:noten}",
                                                      names=", ".join(self.names(s) for s in noten)))
            if res.nagashi:
                out.append(_("Nagashi mangan: {names}").format(names=", ".join(self.names(s) for s in res.nagashi)))
            else:
                out.append(self.noten_payment_line())
        else:
            reason = res.abort_reason or ""
            out = [app.term_text(ABORT_TERMS.get(reason, reason))]
        out += self.change_lines()
        if res.sticks_left:
            out.append(ngettext("{n} riichi stick stays on the table for the next winner ({points}).",
                                "{n} riichi sticks stay on the table for the next winner ({points}).",
                                res.sticks_left).format(
                n=res.sticks_left, points=format_points(res.sticks_left * self.rnd.options.riichi_deposit)))
        if markup:
            return out
        shown = plain_text(BR.join(out), app)  # one block: each term's Japanese once
        return shown.split(BR)

    def noten_payment_line(self) -> str:
        """What the exhaustive draw's noten payment was (the engine's deltas), or why there was none."""
        res = self.rnd.result
        paid = sum(d for d in res.deltas if d > 0)
        if paid:
            return ngettext("{noten_bappu}: the noten players pay {n} point in all, shared equally by the "
                            "tenpai players.",
                            "{noten_bappu}: the noten players pay {n} points in all, shared equally by the "
                            "tenpai players.", paid).format(n=format_points(paid), noten_bappu="{term:noten_bappu}")
        if not self.rnd.options.noten_payment:
            return _("These rules have no noten payment.")
        if res.tenpai:
            return _("Everyone is tenpai: nobody pays.")
        return _("Nobody is tenpai: nobody pays.")

    def change_lines(self) -> list[str]:
        """A draw: each seat's change of points item by item — the noten payment (or nagashi
        mangan) and the riichi stick put down — adding up to the change the scores show."""
        res = self.rnd.result
        sticks = self.riichi_sticks_put()
        deposit = self.rnd.options.riichi_deposit
        out = []
        for seat in range(len(self.rnd.scores)):
            parts = []
            d = res.deltas[seat]
            if d and res.nagashi:
                parts.append(_("{n} for nagashi mangan").format(n=format_points(d, signed=True)))
            elif d > 0:
                parts.append(_("{n} for tenpai").format(n=format_points(d, signed=True)))
            elif d < 0:
                parts.append(_("{n} for noten").format(n=format_points(d, signed=True)))
            put = sticks.count(seat) * deposit
            if put:
                parts.append(_("{n} for the riichi stick").format(n=format_points(-put, signed=True)))
            if not parts:
                continue
            text = ", ".join(parts)
            if len(parts) > 1:
                text += " = " + format_points(d - put, signed=True)
            out.append(_("{who}: {change}").format(who=self.names(seat), change=text))
        return out

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, app: Any, rect: pygame.Rect) -> None:
        """Paint the result card into ``rect``."""
        L = app.layout
        draw_panel(surf, rect, P.card, L.px(16), shadow=L.px(5), border=P.card_edge)
        inner = rect.inflate(-L.px(40), -L.px(28))
        y = inner.top
        title = self.title()
        # a long title (a double ron names every winner) a size smaller rather than cut
        size = L.font("h2") if app.text_width(title, L.font("h2"), True) <= inner.width else L.font("large")
        r = blit_text(surf, app, title, size, P.ink, (inner.left, y), bold=True, max_width=inner.width)
        y = r.bottom + L.px(8)
        heading = self.shown_heading()
        if heading:
            r = blit_text(surf, app, heading, L.font("small"), P.ink_muted, (inner.left, y - L.px(4)), bold=True,
                          max_width=inner.width)
            y = r.bottom + L.px(6)
        theme = app.settings.tile_theme
        cols_top = y
        small = L.font("small")
        lh = app.line_height(small)
        if self.details:
            d = self.details[self.shown_index()]
            th = min(L.px(50), max(L.px(28), (inner.bottom - y) // 6))
            pieces = hand_pieces(d, self.rnd.seats[d.win.seat].kita)
            # the indicators and their dora beside the hand: the hand gives up width to them down to
            # half the card, then the indicators' tiles get smaller
            rows = self.indicator_rows(d)
            block = IndicatorBlock(app, rows, round(th * (0.75 if len(rows) < 2 else 0.65)))
            while block.tile_h > 14 and block.width > inner.width // 2 - L.px(24):
                block = IndicatorBlock(app, rows, block.tile_h - 1)
            room = inner.width - (block.width + L.px(24) if rows else inner.width // 3)
            while th > 18 and strip_size(pieces, th)[0] > room:
                th -= 1
            img = strip(theme, pieces, th)
            row_h = max(th, block.height)
            surf.blit(img, (inner.left, y + (row_h - th) // 2))
            block.draw(surf, app, theme, (inner.left + img.get_width() + L.px(24), y + (row_h - block.height) // 2),
                       inner.right)
            self.indicators_shown = rows
            y += row_h + L.px(12)
            cols_top = y
            gap = L.px(24)
            free = inner.width - 2 * gap
            widths = (free * 38 // 100, free * 31 // 100, free - free * 38 // 100 - free * 31 // 100)
            xs = [inner.left, inner.left + widths[0] + gap, inner.left + widths[0] + widths[1] + 2 * gap]
            col_w = widths[2]
            self._pairs(surf, app, self.yaku_lines(d, app), xs[0], y, widths[0], inner.bottom - lh - L.px(6))
            blit_text(surf, app, self.total_line(d), small, P.ink, (xs[0], inner.bottom), anchor="bottomleft",
                      bold=True, max_width=widths[0] + widths[1])
            self._pairs(surf, app, self.fu_lines(d, app), xs[1], y, widths[1], inner.bottom - lh - L.px(6), muted=True)
            pay = [line for dd in self.details for line in payment_lines(dd.win, self.names)]
            res = self.rnd.result
            for seat in dict.fromkeys(dd.win.seat for dd in self.details):  # the sticks go to one winner
                taken = res.deltas[seat] - sum(dd.win.deltas[seat] for dd in self.details if dd.win.seat == seat)
                if taken > 0:
                    pay.append(ngettext("Riichi stick to {who}: {n}", "Riichi sticks to {who}: {n}",
                                        max(1, taken // self.rnd.options.riichi_deposit))
                               .format(who=self.names(seat), n=format_points(taken)))
            pay += self.riichi_line()
            rule = THREE_PLAYER_TSUMO.get(self.rnd.rules.three_player_tsumo)
            if d.win.tsumo and len(self.rnd.scores) == 3 and rule:
                pay.append(_(rule))
            for extra in reversed([dd for dd in self.details if dd is not d]):
                pay.insert(0, _("Also {who}: {han}, {fu}").format(
                    who=self.names(extra.win.seat), han=han_text(extra.score.han), fu=fu_text(extra.score.fu)))
            end = self._lines(surf, app, pay, xs[2], y, col_w)
            self._scores(surf, app, xs[2], end + lh, col_w, inner.bottom)
        else:
            res = self.rnd.result
            col_w = inner.width // 3
            # the lines keep clear of the scores column at the bottom right; one rich block, so the
            # terms (tenpai, noten, the noten payment) show their Japanese once and open their card
            lay = layout_rich(app, BR.join(self.draw_lines(app, markup=True)), small,
                              max(20, inner.width - col_w - L.px(24)), P.ink)
            surf.blit(lay.surface, (inner.left, y))
            self.note_layout, self.note_origin = lay, (inner.left, y)
            y += lay.height + L.px(6)
            shown = []
            for seat in (res.tenpai if res is not None else ()):
                st = self.rnd.seats[seat]
                shown.append((seat, tuple(Piece(t) for t in sorted(st.concealed)) + tuple(
                    p for m in st.melds for p in meld_pieces(m, gap=0.4))))
            # the tenpai hands as large as the room below the lines allows, clear of the scores column
            room_w = inner.width - col_w - L.px(200)
            th = min(L.px(40), max(L.px(24), (inner.bottom - y) // max(1, len(shown)) - L.px(6)))
            while th > L.px(24) and any(strip_size(pieces, th)[0] > room_w for _seat, pieces in shown):
                th -= 1
            for seat, pieces in shown:
                blit_text(surf, app, self.names(seat), small, P.ink, (inner.left, y + th // 2), anchor="midleft",
                          bold=True, max_width=L.px(160))
                img = strip(theme, pieces, th)
                surf.blit(img, (inner.left + L.px(170), y))
                y += th + L.px(6)
            self._scores(surf, app, inner.right - col_w, cols_top, col_w, inner.bottom)

    def _pairs(self, surf: pygame.Surface, app: Any, rows: list[tuple[str, str]], x: int, y: int, w: int,
               bottom: int, *, muted: bool = False) -> int:
        L = app.layout
        size = L.font("small")
        lh = app.line_height(size)
        color = P.ink_muted if muted else P.ink
        for i, (name, value) in enumerate(rows):
            if y + lh > bottom:
                break
            v = blit_text(surf, app, value, size, P.ink, (x + w, y), anchor="topright", bold=True)
            room = v.left - x - L.px(8)
            lines = [name]
            # a long name (its kanji and romaji) takes a second line when the rows below still fit
            if app.text_width(name, size) > room and bottom - y - lh * (len(rows) - i) >= lh:
                wrapped = app.wrap(name, size, room, False)
                lines = [wrapped[0], " ".join(wrapped[1:])] if len(wrapped) > 1 else lines
            for line in lines:
                blit_text(surf, app, line, size, color, (x, y), max_width=room)
                y += lh
        return y

    def _lines(self, surf: pygame.Surface, app: Any, lines: list[str], x: int, y: int, w: int) -> int:
        size = app.layout.font("small")
        for line in lines:
            y += blit_wrapped(surf, app, line, size, P.ink, pygame.Rect(x, y, w, 0))
        return y

    def _scores(self, surf: pygame.Surface, app: Any, x: int, y: int, w: int, bottom: int) -> None:
        """Each seat: points before, the change, points after."""
        L = app.layout
        size = L.font("small")
        lh = app.line_height(size)
        players = len(self.rnd.scores)
        y = max(y, bottom - (players + 1) * lh)
        blit_text(surf, app, _("Scores"), size, P.ink_muted, (x, y), bold=True)
        y += lh
        for seat in range(players):
            after = self.rnd.scores[seat]
            change = after - self.before[seat]
            color = P.right if change > 0 else (P.wrong if change < 0 else P.ink)
            blit_text(surf, app, format_points(change, signed=True), size, color, (x + w, y), anchor="topright",
                      bold=True)
            blit_text(surf, app, f"{self.names(seat)}: {format_points(self.before[seat])} → {format_points(after)}", size, P.ink, (x, y),
                      max_width=w - L.px(70))
            y += lh


def chart_ticks(lo: int, hi: int, most: int = 5) -> list[int]:
    """Round values for a points chart's axis between ``lo`` and ``hi``: the multiples of the
    smallest step of 1, 2 or 5 times a power of ten that gives at most ``most`` lines (0 among them
    when the range holds it), each drawn at its own height."""
    span = max(1, hi - lo)
    step = 1
    while True:
        for f in (1, 2, 5):
            if span // (step * f) + 1 <= most:
                first = -(-lo // (step * f)) * step * f
                return list(range(first, hi + 1, step * f))
        step *= 10


_RULE_CHANGES: dict[tuple[Any, ...], dict[str, Any]] = {}


def rules_label(rules: Any, *, options: bool = True) -> str:
    """The rule set of a riichi match as the learner knows it: the preset's name as the match
    setup shows it, with (``options``) an adjustable option that differs from the preset (the
    engine's ``records.rule_options``), worded by :func:`trainer.ui.views.rule_presets.rules_label`:
    «JPML + red fives», «EMA, no red fives», «…, East only»."""
    from trainer.ui.views.rule_presets import rules_label as preset_label

    name = getattr(rules, "name", "") or ""
    if not name:
        return ""
    return preset_label(name, _rule_changes(rules) if options else {})


def _rule_changes(rules: Any) -> dict[str, Any]:
    """The adjustable options ``rules`` changes from its preset (``records.rule_options``), read
    once per rule set: the preset comes from its file, and the header asks every frame."""
    from trainer.engine.game.records import ADJUSTABLE, rule_options

    key = (rules.name, *(getattr(rules, k, None) for k in ADJUSTABLE))
    if key not in _RULE_CHANGES:
        _RULE_CHANGES[key] = rule_options(rules)
    return _RULE_CHANGES[key]


def short_rules_label(rules: Any) -> str:
    """The rule set in the fewest words that still name every option changed from the preset,
    for a narrow header: the preset's short name and short option words («Санма без красных, только
    Восток»; "Sanma, no red fives, East only"); "" for rules without a preset name."""
    from trainer.ui.views.rule_presets import preset_name

    name = getattr(rules, "name", "") or ""
    if not name:
        return ""
    options = _rule_changes(rules)
    label = pgettext("short preset name", "Sanma") if name == "sanma" else preset_name(name)
    if "red_fives" in options:
        label = (pgettext("rules in a short header", "{rules} + red fives") if options["red_fives"] else
                 pgettext("rules in a short header", "{rules}, no red fives")).format(rules=label)
    if "game_length" in options:
        label = (pgettext("rules in a short header", "{rules}, East only") if options["game_length"] == "tonpuusen"
                 else pgettext("rules in a short header", "{rules}, East and South")).format(rules=label)
    return label


def header_titles(head: str, rules: Any) -> list[str]:
    """The ways to name a screen and its rule set in a header, longest first: «Table · JPML + red
    fives, East only», then the preset's short name (sanma), then the short option words
    (:func:`short_rules_label`).  Every one keeps the screen's name and every option changed from
    the preset (red fives change what a hand is worth, the length what a match is)."""
    label = rules_label(rules)
    if not label:
        return [head]
    if not _rule_changes(rules):  # the preset as it is: its name, after the screen's
        return [f"{head} · {label}"]
    from trainer.ui.views.rule_presets import preset_name

    short = short_rules_label(rules)
    shorter_name = label.replace(preset_name("sanma"), pgettext("short preset name", "Sanma"), 1) \
        if rules.name == "sanma" else label
    return list(dict.fromkeys([f"{head} · {label}", f"{head} · {shorter_name}", f"{head} · {short}"]))


def header_title(app: Any, head: str, rules: Any, room: int) -> str:
    """«Table · JPML + red fives» for a screen's header: the longest of :func:`header_titles` that
    fits in ``room`` pixels, else the shortest of them (the header then cuts its right-hand text,
    never the screen's name nor the rules)."""
    titles = header_titles(head, rules)
    font = app.layout.font("h2")
    return next((t for t in titles if app.text_width(t, font, True) <= room), titles[-1])


class MatchEndView:
    """Places, final points and scores after oka and uma, and a chart of the four scores;
    ``rules_name`` (see :func:`rules_label`) goes into the heading; ``levels`` names who played
    each seat (a bot's level, «Сильный»), in smaller print under the seat's name ("" for none)."""

    chart_margin = 2000  # points of free space above and below the chart's lines

    def __init__(self, match: Any, names: Names, history: Sequence[Sequence[int]], rules_name: str = "",
                 levels: Names | None = None) -> None:
        self.match = match
        self.rules_name = rules_name
        self.names = names
        self.levels = levels
        self.history = [list(h) for h in history]
        self.note_layout: RichLayout | None = None  # the note as drawn last, for its glossary links
        self.note_origin = (0, 0)

    def draw(self, surf: pygame.Surface, app: Any, rect: pygame.Rect) -> None:
        """Paint the match end card into ``rect``."""
        L = app.layout
        draw_panel(surf, rect, P.card, L.px(16), shadow=L.px(5), border=P.card_edge)
        inner = rect.inflate(-L.px(40), -L.px(28))
        r = blit_text(surf, app, self.title(), L.font("h2"), P.ink, (inner.left, inner.top), bold=True,
                      max_width=inner.width)
        y = r.bottom + L.px(10)
        size = L.font("body")
        lh = app.line_height(size)
        table_w = min(inner.width * 2 // 5, L.px(460))
        blit_text(surf, app, _("Place"), L.font("small"), P.ink_muted, (inner.left, y))
        blit_text(surf, app, _("Points"), L.font("small"), P.ink_muted, (inner.left + table_w * 3 // 5, y),
                  anchor="topright")
        blit_text(surf, app, self.score_label(), L.font("small"), P.ink_muted, (inner.left + table_w, y),
                  anchor="topright")
        y += app.line_height(L.font("small")) + L.px(4)
        for st in sorted(self.match.standings(), key=lambda s: (s.place, s.seat)):
            pygame.draw.circle(surf, SEAT_COLORS[st.seat], (inner.left + L.px(8), y + lh // 2), L.px(6))
            blit_text(surf, app, f"{st.place}. {self.names(st.seat)}", size, P.ink, (inner.left + L.px(22), y),
                      bold=st.seat == 0, max_width=table_w * 3 // 5 - L.px(100))
            points, score = self.row_values(st)
            blit_text(surf, app, points, size, P.ink, (inner.left + table_w * 3 // 5, y), anchor="topright")
            blit_text(surf, app, score, size, P.ink, (inner.left + table_w, y), anchor="topright", bold=True)
            y += lh + self._level_line(surf, app, st.seat, (inner.left + L.px(22), y + lh), table_w * 3 // 5)
        # the note is rich text: oka and uma are glossary terms, with their Japanese
        note_rect = pygame.Rect(inner.left, y + L.px(6), table_w, inner.bottom - y - L.px(6))
        lay = layout_rich(app, self.note(), L.font("small"), max(20, note_rect.width), P.ink_muted)
        clip = surf.get_clip()
        surf.set_clip(note_rect.clip(clip) if clip else note_rect)
        surf.blit(lay.surface, note_rect.topleft)
        surf.set_clip(clip)
        self.note_layout, self.note_origin = lay, note_rect.topleft
        chart = pygame.Rect(inner.left + table_w + L.px(40), r.bottom + L.px(10), 0, 0)
        chart.width = inner.right - chart.left
        chart.height = inner.bottom - chart.top
        self._chart(surf, app, chart)

    def _level_line(self, surf: pygame.Surface, app: Any, seat: int, at: tuple[int, int], width: int) -> int:
        """Who played ``seat`` («Сильный»), under its name at ``at``; returns the height the row grows
        by (the gap to the next row included)."""
        L = app.layout
        level = self.levels(seat) if self.levels is not None else ""
        if not level:
            return L.px(4)
        small = L.font("small")
        blit_text(surf, app, level, small, P.ink_muted, at, max_width=width)
        return app.line_height(small) + L.px(6)

    def title(self) -> str:
        """The card's heading, with the rule set the match was played by."""
        head = _("The match is over")
        return f"{head} · {self.rules_name}" if self.rules_name else head


    def score_label(self) -> str:
        """The heading of the last column."""
        return _("Score")

    def row_values(self, st: Any) -> tuple[str, str]:
        """A standing's points and its score after oka and uma."""
        return format_points(st.points), format_decimal(st.score, "+#,##0.0;−#,##0.0")

    def note(self) -> str:
        """How the score is made (rich text: oka and uma are glossary terms), the rounding to whole
        thousands included where the rules round (``final_rounding``: all but the first place, 500
        down; the first place takes the rest).  The uma is the one this match's points get (the
        engine's ``applied_uma``: JPML's depends on how many players finish at the target or above)."""
        o = self.match.options
        applied = getattr(self.match, "applied_uma", None)
        uma = applied() if applied is not None else o.uma
        fields = {"target": format_points(o.target_points), "oka": o.oka // 1000 if o.oka >= 1000 else o.oka,
                  "uma": "/".join(format_decimal(u, "+#,##0;−#,##0") if u else "0" for u in uma),
                  "oka_term": "{term:oka}", "uma_term": "{term:uma}"}
        text = self._score_note(o, fields)
        if getattr(o, "uma_by_plus", None):
            text += " " + _("The uma depends on how many players finish with {target} or more.").format(
                target=fields["target"])
        return text

    def _score_note(self, o: Any, fields: dict[str, Any]) -> str:
        """The note's sentence for these rules: rounded or not, and the oka named only when there is
        one (JPML has none: never «plus an oka of 0»)."""
        return _(SCORE_NOTES[(o.final_rounding == "thousand_5_down", bool(o.oka))]).format(**fields)

    def term_at(self, pos: tuple[int, int]) -> str | None:
        """The glossary term under ``pos`` in the note (None if none, or before the first draw)."""
        return self.note_layout.term_at(pos, self.note_origin) if self.note_layout is not None else None

    def _chart(self, surf: pygame.Surface, app: Any, rect: pygame.Rect) -> None:
        """Four lines: each seat's points after each hand."""
        L = app.layout
        if len(self.history) < 2 or rect.width < 40 or rect.height < 40:
            return
        tiny = L.font("tiny")
        lo = min(min(h) for h in self.history)
        hi = max(max(h) for h in self.history)
        lo, hi = min(lo, 0) if lo < 0 else lo - self.chart_margin, hi + self.chart_margin
        ticks = chart_ticks(lo, hi)
        label_w = max(app.text_width(format_points(v), tiny) for v in ticks) + L.px(8)
        plot = pygame.Rect(rect.left + label_w, rect.top, rect.width - label_w, rect.height - app.line_height(tiny))
        pygame.draw.rect(surf, P.card_alt, plot)
        for v in ticks:
            yy = plot.bottom - (v - lo) * plot.height // max(1, hi - lo)
            pygame.draw.line(surf, P.card_edge, (plot.left, yy), (plot.right, yy))
            blit_text(surf, app, format_points(v), tiny, P.ink_muted, (plot.left - L.px(4), yy), anchor="midright")
        n = len(self.history) - 1
        for seat in range(len(self.history[0])):
            pts = [(plot.left + i * plot.width // n, plot.bottom - (h[seat] - lo) * plot.height // max(1, hi - lo))
                   for i, h in enumerate(self.history)]
            pygame.draw.lines(surf, SEAT_COLORS[seat], False, pts, max(2, L.px(3)))
        blit_text(surf, app, ngettext("{n} hand", "{n} hands", n).format(n=n), tiny, P.ink_muted,
                  (plot.centerx, plot.bottom + L.px(2)), anchor="midtop")

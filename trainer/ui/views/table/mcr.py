"""The MCR (Chinese Official) parts of the table: the flowers each seat set aside, the
coach's words (the 8-point hands the learner's tiles are heading for), the hand result
with every fan (name in the interface language, hanzi and pinyin from the glossary) and
the payments, and the game end with table points.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from trainer.engine.hand import Meld, MeldKind
from trainer.engine.mcr.coach import McrAdvice
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile
from trainer.i18n import _, format_points, ngettext, pgettext
from trainer.ui.richtext import plain_text, term_word
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.coach import tiles_or
from trainer.ui.views.table.result import HandResultView, MatchEndView, Names, draw_card
from trainer.ui.views.table.tiles import Piece, meld_pieces, strip, strip_size
from trainer.ui.widgets import blit_text, blit_wrapped, draw_panel, wrapped_lines

P = PALETTE
FLOWER_HANZI = "梅兰菊竹春夏秋冬"
"""Plum, orchid, chrysanthemum, bamboo, spring, summer, autumn, winter, as printed on the tiles."""


def _kinds(kinds: Any) -> str:
    return "{tiles:" + format_tiles([Tile(k) for k in kinds]) + "}"


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=format_points(n))


def _fans(fans: tuple[str, ...]) -> str:
    return " + ".join("{term:mcr_" + f + "}" for f in fans)


def mcr_coach_text(level: str, advice: McrAdvice, penalty: int = 0) -> str:
    """The coach's rich text: the plans, the discards that keep the nearest, a ready hand's
    winning tiles with their points, and a warning before a Hu under the minimum.

    With a Hu on offer the coach speaks of that Hu first: worth the minimum, it says to declare it
    and nothing else; under it, the warning (``penalty``: what the false win costs for each other
    player under the game's rules, 0 for none) and the nearest 8-point hand as the hand to
    play on for — the tiles already form a hand, so "2 steps from ready" alone would contradict
    the Hu button."""
    if level == "off":
        return ""
    if advice.dead:
        return dead_coach_text(advice)
    lines = []
    false_hu = advice.hu is not None and advice.hu < advice.minimum
    if advice.hu is not None and not false_hu:
        return _("Hu now is worth {points} without flowers: declare it.").format(points=_points(advice.hu))
    if false_hu:
        if penalty:
            lines.append(_("Careful: this Hu is worth only {n} of the {m} points needed. It would be a {false_win}: "
                           "you would pay {each} to each other player. Play on instead.").format(
                n=advice.hu, m=advice.minimum, each=_points(penalty), false_win="{term:mcr_false_win}"))
        else:
            lines.append(_("Careful: this Hu is worth only {n} of the {m} points needed. It would be a {false_win}: "
                           "the hand would not count, and you could not win it any more. Play on instead.").format(
                n=advice.hu, m=advice.minimum, false_win="{term:mcr_false_win}"))
    if advice.plans:
        first = advice.plans[0]
        steps = _steps(first.distance)
        if false_hu:
            lines.append(_("Your tiles form a hand, but too cheap a one. The nearest hand worth {m}: {fans} "
                           "({points}), {steps}.").format(m=_points(advice.minimum), fans=_fans(first.fans),
                                                          points=_points(first.value), steps=steps))
        else:
            lines.append(_("Heading for {fans} ({points}): {steps}.").format(fans=_fans(first.fans),
                                                                         points=_points(first.value), steps=steps))
        if level == "full" and len(advice.plans) > 1:
            other = advice.plans[1]
            lines.append(_("Also possible: {fans} ({points}).").format(fans=_fans(other.fans),
                                                                       points=_points(other.value)))
    if advice.discards:
        lines.append(_("Discard {tiles} to stay on that path.").format(tiles=tiles_or(Tile(k) for k in advice.discards)))
    if advice.call is not None:
        lines.append(call_text(advice))
    if advice.waits and level == "full":
        good = [k for k, v in advice.waits if v]
        bad = [k for k, v in advice.waits if not v]
        if good:
            best = max(v for _k, v in advice.waits)
            lines.append(_("Ready: {tiles} win, up to {points}.").format(tiles=_kinds(good), points=_points(best)))
        if bad:
            lines.append(_("{tiles} would complete the shape but not reach 8 points.").format(tiles=_kinds(bad)))
    return "\n".join(lines)


CALL_WORDS = {
    MeldKind.CHI: lambda: pgettext("mcr call", "Chi"), MeldKind.PON: lambda: pgettext("mcr call", "Peng"),
    MeldKind.KAN_OPEN: lambda: pgettext("mcr call", "Gang"), MeldKind.KAN_ADDED: lambda: pgettext("mcr call", "Gang"),
    MeldKind.KAN_CLOSED: lambda: pgettext("mcr call", "Gang"),
}
"""A set's call as the MCR buttons name it (the table screen's words: Chi, Peng, Gang)."""


def call_name(meld: Meld) -> str:
    """A call with the set it makes, as rich markup: «Chi 3-4-5m» (which chow, when a discard allows
    more than one), «Peng 555p», «Gang 5555p»."""
    return f"{CALL_WORDS[meld.kind]()} {_kinds(t.kind for t in meld.tiles)}"


def _steps(distance: int) -> str:
    return _("ready") if distance <= 0 else ngettext(
        "{n} step from ready", "{n} steps from ready", distance).format(n=distance)


def call_text(advice: McrAdvice) -> str:
    """The coach's word on a call: pass (none of the calls on offer brings an 8-point hand nearer), or
    the call to take, named with its tiles, and the plan it serves — the plan named above, or the one
    it turns the hand to (a chow never serves Seven Pairs: the line says the plan changes)."""
    ca = advice.call_advice
    if not advice.call or ca is None:
        if advice.calls_offered > 1:
            return _("None of these calls brings an 8-point hand nearer: pass.")
        return _("This call does not bring an 8-point hand nearer: pass.")
    call = call_name(ca.meld)
    if ca.meld.kind in (MeldKind.KAN_CLOSED, MeldKind.KAN_ADDED):
        return _("Declare {call}: the kong costs your plan nothing and adds points.").format(call=call)
    if ca.ready_value:
        return _("Take {call}: it makes the hand ready, for up to {points}.").format(call=call,
                                                                                   points=_points(ca.ready_value))
    if ca.plan is None:
        return _("Take {call}: it brings an 8-point hand nearer.").format(call=call)
    if ca.keeps_plan:
        return _("Take {call}: it brings {fans} nearer ({steps}).").format(
            call=call, fans=_fans(ca.plan.fans), steps=_steps(ca.plan.distance))
    return _("Take {call}: it turns the hand to {fans} ({points}), {steps}.").format(
        call=call, fans=_fans(ca.plan.fans), points=_points(ca.plan.value), steps=_steps(ca.plan.distance))


def dead_coach_text(advice: McrAdvice) -> str:
    """The coach after the learner's false win: the hand can no longer be won, so no plan — play
    safe (the marked discards give the others the fewest ways to win) and take no call."""
    lines = [_("That was a {false_win}: you cannot win this hand any more. Play safe so that nobody wins "
               "off your discards.").format(false_win="{term:mcr_false_win}")]
    if advice.discards:
        # one tile or a choice of equally safe ones: the reason in the number of the tiles named
        lines.append(ngettext("Safest discard now: {tiles}. Few of its copies are still unseen, and few chows can "
                              "wait on it.",
                              "Safest discard now: {tiles}. Few copies of each are still unseen, and few chows can "
                              "wait on any of them.", len(advice.discards)).format(
            tiles=tiles_or(Tile(k) for k in advice.discards)))
    if advice.call is not None:
        lines.append(_("A call cannot help a hand that may not win: pass."))
    return "\n".join(lines)


def flower_chip(surf: pygame.Surface, app: Any, rect: pygame.Rect, number: int) -> None:
    """One flower or season as a small tile: its character and its number 1..4."""
    L = app.layout
    draw_panel(surf, rect, (250, 246, 232), max(2, rect.width // 6), border=(150, 140, 120))
    color = (178, 52, 52) if number < 4 else (40, 120, 70)
    blit_text(surf, app, FLOWER_HANZI[number], L.font("small"), color, (rect.centerx, rect.centery + rect.height // 10),
              anchor="center", bold=True)
    blit_text(surf, app, str(number % 4 + 1), L.font("tiny"), color, (rect.left + L.px(3), rect.top + L.px(1)))


def draw_flowers(surf: pygame.Surface, app: Any, center: pygame.Rect, gap: int, me: int,
                 flowers: list[list[Any]]) -> None:
    """Each seat's flowers as small tiles in the felt corner after its river (the bottom
    seat at the bottom left of the centre panel, then counter-clockwise)."""
    L = app.layout
    h = L.px(30)
    w = h * 4 // 5
    for seat, items in enumerate(flowers):
        if not items:
            continue
        q = (seat - me) % 4
        box = pygame.Rect(0, 0, len(items) * (w + L.px(2)) - L.px(2), h)
        anchor = {0: "topright", 1: "topleft", 2: "bottomleft", 3: "bottomright"}[q]
        point = {0: (center.left - gap, center.bottom + gap), 1: (center.right + gap, center.bottom + gap),
                 2: (center.right + gap, center.top - gap), 3: (center.left - gap, center.top - gap)}[q]
        setattr(box, anchor, point)
        for i, f in enumerate(items):
            flower_chip(surf, app, pygame.Rect(box.left + i * (w + L.px(2)), box.top, w, h), f.number)


class McrHandResultView(HandResultView):
    """The end of an MCR hand: who won and how, the hand, every fan with its points, the
    flowers, the total, the payments and each seat's game points; false wins of the hand."""

    def __init__(self, rnd: Any, names: Names, before: Any, me: int = 0) -> None:
        self.rnd = rnd
        self.names = names
        self.before = list(before)
        self.me = me
        self.details = []

    def title(self) -> str:
        """Who won and how, or the draw."""
        res = self.rnd.result
        if res is None or not res.wins:
            return _("Draw: the wall is empty")
        w = res.wins[0]
        return self.win_title(w.seat, w.from_seat, hu=True)

    def heading(self, app: Any) -> str:
        """The card's heading: the title, its first «Hu» with the hanzi and pinyin of the glossary's
        term (the fans below have theirs), as the table's call button names the word."""
        text = self.title()
        word = pgettext("mcr call", "Hu")
        if word and text.startswith(word):
            return plain_text(term_word("mcr_hu", word), app) + text[len(word):]
        return text

    def draw_text(self) -> str:
        """The sentence of a drawn hand (the wall ran out): nobody pays for the draw — except the
        penalties of any false win of the hand, which stand (the penalty lines of the card list them;
        no seat word says where, since «on the right» is also a player): the learner's own, or another's."""
        res = self.rnd.result
        if res is not None and res.false_wins and any(any(f.deltas) for f in res.false_wins):
            if any(f.seat == self.me and any(f.deltas) for f in res.false_wins):
                return _("Nobody won: the hand is drawn. The draw itself costs nobody anything, but your false "
                         "win's penalty stands (see the penalty lines). The deal passes on. The four hands:")
            return _("Nobody won: the hand is drawn. The draw itself costs nobody anything, but the penalty for the "
                     "false win stands (see the penalty lines). The deal passes on. The four hands:")
        return _("Nobody won: in Chinese Official mahjong nobody pays and the deal passes on. The four hands:")

    def _fan_markup(self) -> list[tuple[str, str]]:
        """(fan name as markup, points) per fan counted, several times as ×n."""
        w = self.rnd.result.wins[0]
        rules = w.score.rules
        return [("{term:mcr_" + fan + "}" + (f" ×{n}" if n > 1 else ""), str(rules.value(fan) * n))
                for fan, n in Counter(w.score.fans).items()]

    def _excluded_markup(self) -> list[str]:
        """The fans the hand shows but does not count, each once, with the reason, as markup."""
        w = self.rnd.result.wins[0]
        out = []
        seen: set[str] = set()
        for d in w.score.excluded:
            if d.id in seen:
                continue
            seen.add(d.id)
            if d.principle == "non_repeat":
                why = _("implied by {fan}").format(fan="{term:mcr_" + d.by + "}")
            elif d.principle == "account_once":
                why = _("the sets were already combined once")
            else:
                why = _("only the arrangement {reading} gives it").format(reading=d.by)
            out.append("{term:mcr_" + d.id + "}: " + why)
        return out

    def card_lines(self, app: Any) -> tuple[list[tuple[str, str]], list[str]]:
        """The fans counted (name, points) and the fans left out with their reasons, as the card
        shows them: one text block, so each fan's hanzi and pinyin show once — a fan counted and
        then named again as the one that implies another shows its name alone the second time."""
        fans, excluded = self._fan_markup(), self._excluded_markup()
        block = "\n\n".join([name for name, _v in fans] + excluded)
        shown = plain_text(block, app).split("\n")
        counted = [(name, v) for name, (_m, v) in zip(shown[:len(fans)], fans, strict=True)]
        return counted, shown[len(fans):len(fans) + len(excluded)]

    def fan_lines(self, app: Any) -> list[tuple[str, str]]:
        """(fan name, points) per fan counted, several times as ×n."""
        return self.card_lines(app)[0]

    def excluded_lines(self, app: Any) -> list[str]:
        """The fans the hand shows but does not count, each once, with the reason."""
        return self.card_lines(app)[1]

    def payment_lines(self) -> list[str]:
        """Who paid whom: the win's payments, then each false win of the hand — the sentence (the
        learner's own in a sentence of its own) and the penalty paid to each other player as lines
        of their own — so every seat's change in the scores is the sum of the lines above it."""
        res = self.rnd.result
        out = []
        for w in res.wins:
            for seat in range(4):
                if seat != w.seat and w.deltas[seat] < 0:
                    out.append(_("{payer} → {winner}: {n}").format(payer=self.names(seat), winner=self.names(w.seat),
                                                                 n=format_points(-w.deltas[seat])))
        for f in res.false_wins:
            points = _points(f.score.total - f.score.flowers)
            if f.seat == self.me:
                out.append(_("You declared Hu with {points}, below the minimum of {m}: a false win.").format(
                    points=points, m=f.score.rules.minimum))
            else:
                out.append(_("False win by {who}: {points}, below the minimum").format(who=self.names(f.seat),
                                                                                      points=points))
            paid = [(seat, f.deltas[seat]) for seat in range(4) if seat != f.seat and f.deltas[seat] > 0]
            for seat, n in paid:
                out.append(_("{payer} → {payee}: {n} (penalty)").format(payer=self.names(f.seat),
                                                                        payee=self.names(seat), n=format_points(n)))
            if not paid:
                out.append(_("These rules charge no penalty for it."))
        return out

    def total_text(self) -> str:
        """The card's last line: the total with the flowers, what the fans make without them and the
        minimum (a hand with no flowers says so once)."""
        score = self.rnd.result.wins[0].score
        if not score.flowers:
            return _("Total {points}, no flowers; {m} needed.").format(points=_points(score.total),
                                                                      m=score.rules.minimum)
        flowers = ngettext("{n} flower", "{n} flowers", score.flowers).format(n=score.flowers)
        return _("Total {points} ({flowers}); {fans} without flowers, {m} needed.").format(
            points=_points(score.total), flowers=flowers, fans=score.total - score.flowers, m=score.rules.minimum)

    def _draw_excluded(self, surf: pygame.Surface, app: Any, lines: list[str], box: pygame.Rect) -> None:
        """The «Not counted» heading and the fans left out with their reasons in ``box``, each wrapped
        to its width (they teach the exclusions: never cut while there is room below), a small gap
        between two fans; only a list longer than the box ends in '…'."""
        small = app.layout.font("small")
        lh = app.line_height(small)
        blit_text(surf, app, _("Not counted:"), small, P.ink_muted, box.topleft, bold=True)
        y = box.top + lh
        for line in lines:
            room = (box.bottom - y) // lh
            if room <= 0:
                break
            for row in wrapped_lines(app, line, small, box.width, max_lines=room):
                blit_text(surf, app, row, small, P.ink_muted, (box.left, y))
                y += lh
            y += lh // 4

    def draw(self, surf: pygame.Surface, app: Any, rect: pygame.Rect) -> None:
        """Paint the result card into ``rect``."""
        L = app.layout
        inner, top = draw_card(surf, app, rect, self.heading(app))
        top += L.px(8)
        y = top
        small = L.font("small")
        lh = app.line_height(small)
        res = self.rnd.result
        col_w = inner.width * 30 // 100
        right = inner.right - col_w
        if res is not None and res.wins:
            w = res.wins[0]
            st = self.rnd.seats[w.seat]
            tiles = sorted(st.concealed)
            if w.tile is not None and w.tile in tiles:
                tiles.remove(w.tile)
            pieces = [Piece(t) for t in tiles]
            if w.tile is not None:
                pieces.append(Piece(w.tile, highlight="hint", gap=0.3))
            for m in st.melds:
                pieces += meld_pieces(m, gap=0.4)
            th = min(L.px(48), max(L.px(26), (inner.bottom - y) // 6))
            while th > 18 and strip_size(tuple(pieces), th)[0] > inner.width * 3 // 4:
                th -= 1
            surf.blit(strip(app.settings.tile_theme, tuple(pieces), th), (inner.left, y))
            y += th + L.px(12)
            fans_w = right - inner.left - L.px(32)
            bottom = inner.bottom - 2 * lh - L.px(6)
            fan_lines, excluded = self.card_lines(app)
            y = self._pairs(surf, app, fan_lines, inner.left, y, fans_w, bottom)
            if excluded and y + 2 * lh <= bottom:
                self._draw_excluded(surf, app, excluded, pygame.Rect(inner.left, y + L.px(8), fans_w, bottom - y - L.px(8)))
            blit_text(surf, app, self.total_text(), small, P.ink, (inner.left, inner.bottom), anchor="bottomleft",
                      bold=True, max_width=fans_w)
        else:
            y += blit_wrapped(surf, app, self.draw_text(), small, P.ink,
                             pygame.Rect(inner.left, y, right - inner.left - L.px(32), 4 * lh)) + L.px(8)
            th = min(L.px(40), max(L.px(22), (inner.bottom - y) // 5))
            for seat, st in enumerate(self.rnd.seats):
                pieces = tuple(Piece(t) for t in sorted(st.concealed)) + tuple(
                    p for m in st.melds for p in meld_pieces(m, gap=0.4))
                blit_text(surf, app, self.names(seat), small, P.ink, (inner.left, y + th // 2), anchor="midleft",
                          bold=True, max_width=L.px(150))
                surf.blit(strip(app.settings.tile_theme, pieces, th), (inner.left + L.px(160), y))
                y += th + L.px(6)
        lines = self.payment_lines() if res is not None else []
        end = self._lines(surf, app, lines, right, top, col_w)
        self._scores(surf, app, right, end + lh, col_w, inner.bottom)


class McrMatchEndView(MatchEndView):
    """The end of an MCR game: places, game points and table points (4/2/1/0)."""

    chart_margin = 20

    def title(self) -> str:
        """The card's heading."""
        return _("The game is over")

    def score_label(self) -> str:
        """The heading of the last column."""
        return _("Table points")

    def row_values(self, st: Any) -> tuple[str, str]:
        """A standing's game points and table points."""
        return format_points(st.points, signed=True), format_points(st.table_points)

    def note(self) -> str:
        """How the places are paid."""
        return _("Game points are summed over the hands; the places give 4, 2, 1 and 0 table points.")

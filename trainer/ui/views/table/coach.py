"""The coach's words at the table, in a box in a corner of the felt.

Levels: ``hints`` (for a first game, :func:`plain_turn_lines`) marks the discard the ``strong`` bot
would make (the shared hand evaluator's push or fold, value and danger) and says why in one plain
reason, says who declared riichi or has an open hand that may be ready, and gives push or fold as a
plain sentence with its main reason — no percentages, factors or sums; both levels warn when a
lifted tile can deal into a riichi while a safe tile is in the hand, or — with nobody in riichi —
fits the likely wait of an open hand (honitsu colour, toitoi, a yakuhai pon) while much safer tiles
are there; ``full`` (:func:`turn_lines`) gives the push-or-fold figures (what pushing is worth
against what it risks) and the safest tile, and also says when the hand is ready and on what, when it is furiten
(an open tenpai without a yaku is told instead that it cannot win at all, only be paid at a draw),
whether to declare riichi (the strong bot's riichi-or-dama verdict, with the hand's value
both ways and the deciding reason; a discard that can deal in then says in one line why pushing
it is right) and whether to declare a closed or added kan (the strong bot's verdict).  A discard
with fewer useful tiles than the widest says what it keeps (a red five, dora, a yaku) or, when the
evaluator cannot tell the two apart, that either will do.  Every term is a glossary
link (rich text ``{term:id}``), tiles are drawn as tiles (``{tiles:..}``).
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.evaluator.advisor import RIICHI_WIDE_WAIT
from trainer.engine.game.coach import (
    WORTH_MORE,
    DangerWarning,
    DiscardHint,
    OpenHandWarning,
    RiichiAdvice,
    coach_turn,
    danger_warning,
    discard_hints,
    kan_advice,
    open_hand_warning,
    pass_win_advice,
    riichi_advice,
    tsumo_values,
    waiting,
)
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile, parse_tile
from trainer.i18n import (
    _,
    format_about_points,
    format_decimal,
    format_number,
    han_text,
    ngettext,
    npgettext,
    or_join,
    pgettext,
    place_text,
)
from trainer.ui.richtext import BR, layout_rich, term_word, tiles_markup
from trainer.ui.theme import PALETTE
from trainer.ui.views.table.state import SEAT_NAMES
from trainer.ui.widgets import draw_panel

P = PALETTE


def _tiles(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    return "{tiles:" + format_tiles(tiles) + "}"


def _kinds(kinds: Any) -> str:
    return "{tiles:" + format_tiles([Tile(k) for k in kinds]) + "}"


def _tenpai() -> str:
    """«tenpai» as a word of the sentence («you stay tenpai», «У вас тенпай»), linked to its card."""
    return term_word("tenpai", pgettext("inline term", "tenpai"))


def _genbutsu() -> str:
    """«genbutsu» as a word, after a tile called safe («safe (genbutsu)», not «(safe tile (現物, ...))»)."""
    return term_word("genbutsu", pgettext("inline term", "genbutsu"))


def _pct(chance: float) -> int:
    return max(1, round(100 * chance)) if chance > 0 else 0


def tiles_or(tiles: Any) -> str:
    """Alternative tiles (:class:`Tile` or MPSZ text), each as tiles markup, joined with the
    language's "or" ("5m or 8p"): any one of them will do (one tile of each kind, in the order given)."""
    kinds: dict[int, Tile] = {}
    for t in tiles:
        t = parse_tile(t) if isinstance(t, str) else t
        kinds.setdefault(t.kind, t)
    return or_join(["{tiles:" + format_tiles([t]) + "}" for t in kinds.values()])


def about_figure(points: float) -> str:
    """An expected figure to the nearest ten ("about 290", "about 1,150"), from 10,000 on to the
    nearest hundred ("about 11,900"): push or fold often turns on a few hundred points, both sides
    of a comparison must show, and the parts of a sum must add up to it.  The figure is taken to the
    point first, as the game review stores it, so that the table's coach (which has the exact
    figure) and the review (which has it to the point) never show the same figure two ways
    (825.08 and 825 are both "about 820")."""
    points = round(points)
    return format_number(int(round(points, -1))) if abs(points) < 10000 else format_about_points(points)


def about_pair(a: float, b: float) -> tuple[str, str]:
    """Two figures compared in one sentence, as :func:`about_figure`, or exact when rounding would
    make them look equal ("about 418 — more than the risk, about 415")."""
    sa, sb = about_figure(a), about_figure(b)
    if sa == sb and round(a) != round(b):
        return format_number(round(a)), format_number(round(b))
    return sa, sb


def risk_figures(loss: float, fold: float, *, exact: bool = False) -> tuple[str, str, str]:
    """The two risks the coach weighs as it shows them — what pushing risks (``loss``: the pushing
    tile now and the unsafe tiles still to come) and what folding risks (``fold``: the safest tile
    now) — and what pushing adds to the risk, the first less the second: to the nearest ten (from
    10,000 on, the hundred; ``exact``: to the point), the third from the two as shown, so that the
    figures on the screen add up.  Each risk is taken to the point first (:func:`about_figure`), so the
    coach and the review show one figure for the same risk."""
    loss, fold = round(loss), round(fold)
    step = 0 if exact else (-2 if max(abs(loss), abs(fold)) >= 10000 else -1)
    shown_loss, shown_fold = int(round(loss, step)), int(round(fold, step))
    return format_number(shown_loss), format_number(shown_fold), format_number(max(0, shown_loss - shown_fold))


def compared_risks(gain: float, loss: float, fold: float) -> tuple[bool, str, str, str]:
    """:func:`risk_figures` for a sentence that compares them with the expected ``gain``: ``(exact,
    loss, fold, extra)``, exact (the gain too) when rounding would make the gain and what pushing
    adds to the risk look equal."""
    shown = risk_figures(loss, fold)
    if about_figure(gain) == shown[2] and round(gain) != max(0, round(loss) - round(fold)):
        return (True, *risk_figures(loss, fold, exact=True))
    return (False, *shown)


def risks_words(loss: str, fold: str) -> str:
    """What pushing risks and what folding risks, each named (the figures as :func:`risk_figures`
    shows them): "pushing risks about 950 points, folding about 520"."""
    if fold == format_number(0):
        return _("pushing risks about {loss} points, folding almost nothing").format(loss=loss)
    return _("pushing risks about {loss} points, folding about {fold}").format(loss=loss, fold=fold)


def added_risk_words(extra: str, loss: str, fold: str) -> str:
    """What pushing adds to the risk of folding and the two risks it comes from, inside the
    brackets of a sentence that compares it ("about 310: pushing risks about 720 points, folding
    about 410").  When folding risks almost nothing the difference is pushing's own risk: the
    figure is said once, with its points ("about 300 points: what pushing risks, while folding
    risks almost nothing"), never as a bare "about 300:" before the same figure in points."""
    if fold == format_number(0):
        return _("about {loss} points: what pushing risks, while folding risks almost nothing").format(loss=loss)
    return _("about {extra}: {risks}").format(extra=extra, risks=risks_words(loss, fold))


def _shown_chance(chance: float) -> float:
    """A win chance as the push-or-fold words show it: whole percent, with one decimal under 10%
    (0.047 for "4.7"), so that the value times the chance gives the figure shown."""
    pct = 100 * chance
    return (round(pct, 1) if pct < 9.95 else round(pct)) / 100


def win_percent(chance: float) -> str:
    """The win chance of :func:`_shown_chance` in percent ("4.7", "29"; "4,7" in Russian)."""
    return format_decimal(round(100 * _shown_chance(chance), 1), "0.#")


def worth_words(gain: float, win: float | None, value: float | None, *, factor: float | None = None,
                draw: float | None = None, exact: bool = False, no_yaku: bool = False) -> str:
    """What pushing is worth on average — the evaluator's ``gain`` (reason ``gain``) — in words
    whose figures add up: the value and the chance to win it, what they make on average, then
    the parts the evaluator adds, as its reason gives them: the dealer's ``factor`` (reason
    ``dealer_factor``, 1 for a non-dealer) and a ready hand's ``draw`` payments at an exhaustive
    draw (reason ``draw_payments``), and the gain itself.  ``factor`` or ``draw`` None: the parts
    are not known (figures from before the reason carried them), what the gain adds to the
    average is named as a whole.  ``exact``: the gain unrounded (it is compared with a figure
    that rounds the same).  ``no_yaku`` (or a ready hand worth nothing with no chance to win and
    paid at a draw — the evaluator's open tenpai without a yaku): the hand cannot win at all, and
    the gain is only what tenpai is paid at a draw, said so — never "your hand can expect"."""
    total = format_number(round(gain)) if exact else about_figure(gain)
    if no_yaku or cannot_win(win, value, draw):
        return _("without a {yaku} your open hand cannot win; all it gets is {ready}: about {gain}").format(
            yaku="{term:yaku}", ready=_at_draw(), gain=total)
    if not value or win is None:
        return _("your hand can expect about {gain}").format(gain=total)
    worth = format_about_points(value)
    known = factor is not None and draw is not None
    factor = factor if factor is not None else 1.0
    draw = draw if draw is not None else 0.0
    # the average from the figures as shown (the value to the hundred, the chance as printed), so the
    # learner's own multiplication gives it; the total then follows from the parts shown
    base = round(value, -2) * _shown_chance(win)
    if not exact:  # (parts not known: the shown average plus whatever else the gain holds)
        total = about_figure(base * factor + draw if known else base + gain - win * value)
    # the additions in a few words, each linked to the glossary card that explains it; the value is
    # already the dealer's (1.5 times), so the dealer's factor is what keeping the deal adds (renchan)
    as_dealer = term_word("renchan", pgettext("inline term", "a dealer's win keeps the deal"))
    at_draw = _at_draw()
    ready = draw >= 20
    if round(100 * win) < 1:
        if known and ready:
            return _("your hand is worth about {value} but has almost no chance to win; it still gets {ready}: "
                     "about {gain} on average").format(value=worth, ready=at_draw, gain=total)
        return _("your hand is worth about {value} but has almost no chance to win (on average about {gain})").format(
            value=worth, gain=total)
    p = win_percent(win)
    avg = about_figure(base)
    if not known:
        if abs(gain - base) < max(10.0, 0.001 * value):
            return _("a win brings about {value} points and comes {p}% of the time, so about {gain} on "
                     "average").format(value=worth, p=p, gain=total)
        return _("a win brings about {value} points and comes {p}% of the time, so about {base} on average; with "
                 "the dealer's bonus or the tenpai payments at a draw, about {gain} in all").format(
            value=worth, p=p, base=avg, gain=total)
    if exact:  # every figure of the sum to the point, the average as the evaluator made it: they add up
        return _exact_worth(worth, p, gain, factor, draw, as_dealer if factor != 1.0 else "",
                            at_draw if ready else "")
    # the factor shown only where it changes the rounded figure (not "about 30, ×1.25: about 30")
    dealer = factor != 1.0 and about_figure(base * factor) != avg
    if factor != 1.0 and not dealer and not exact:  # the sum shown adds up without the step left out
        total = about_figure(base + draw)
    times = format_decimal(factor, "0.0#")
    paid = about_figure(draw)
    shown_sum = _rounded(base) * (factor if dealer else 1.0) + (_rounded(draw) if ready else 0)
    if (dealer or ready) and abs(shown_sum - _rounded(base * (factor if dealer else 1.0) + (draw if ready else 0))) > (
            10 if abs(shown_sum) < 10000 else 100):
        # the parts as rounded would miss the total shown by more than its rounding: they are shown to
        # the point, so that the learner's own sum gives the total
        avg, paid = format_number(round(base)), format_number(round(draw))
    if dealer and ready:
        return _("a win brings about {value} points and comes {p}% of the time, so about {base} on average; "
                 "×{factor} because {dealer}; plus about {draw} from {ready}: about {gain} in all").format(
            value=worth, p=p, base=avg, factor=times, dealer=as_dealer, draw=paid, ready=at_draw,
            gain=total)
    if dealer:
        return _("a win brings about {value} points and comes {p}% of the time, so about {base} on average; "
                 "×{factor} because {dealer}: about {gain} in all").format(
            value=worth, p=p, base=avg, factor=times, dealer=as_dealer, gain=total)
    if ready:
        return _("a win brings about {value} points and comes {p}% of the time, so about {base} on average; "
                 "plus about {draw} from {ready}: about {gain} in all").format(
            value=worth, p=p, base=avg, draw=paid, ready=at_draw, gain=total)
    return _("a win brings about {value} points and comes {p}% of the time, so about {gain} on average").format(
        value=worth, p=p, gain=total)


def cannot_win(win: float | None, value: float | None, draw: float | None) -> bool:
    """True when the evaluator's figures say the hand cannot win at all yet is paid at a draw: worth
    nothing, no chance to win, draw payments — an open tenpai without a yaku (the evaluator sets
    its chance to 0 and a ready hand is the only one paid at a draw)."""
    return value is not None and value <= 0 and win is not None and win <= 0 and draw is not None and draw >= 20


def _rounded(points: float) -> int:
    """A figure as :func:`about_figure` shows it, as a number (to the ten; from 10,000 on, the hundred)."""
    points = round(points)
    return int(round(points, -1 if abs(points) < 10000 else -2))


def _exact_worth(worth: str, p: str, gain: float, factor: float, draw: float, dealer: str, ready: str) -> str:
    """:func:`worth_words` to the point (the gain is compared with a figure that rounds the same):
    the average win (the evaluator's, ``(gain - draw) / factor``), the dealer's factor and the draw
    payments shown exactly as well, so that the parts make the total shown."""
    base = format_number(round((gain - draw) / factor)) if factor else format_number(round(gain - draw))
    total, times, paid = format_number(round(gain)), format_decimal(factor, "0.0#"), format_number(round(draw))
    if dealer and ready:
        return _("a win brings about {value} points and comes {p}% of the time, so {base} on average; ×{factor} "
                 "because {dealer}; plus {draw} from {ready}: {gain} in all").format(value=worth, p=p, base=base, factor=times, dealer=dealer,
                                                               draw=paid, ready=ready, gain=total)
    if dealer:
        return _("a win brings about {value} points and comes {p}% of the time, so {base} on average; ×{factor} "
                 "because {dealer}: {gain} in all").format(value=worth, p=p, base=base, factor=times, dealer=dealer, gain=total)
    if ready:
        return _("a win brings about {value} points and comes {p}% of the time, so {base} on average; plus {draw} "
                 "from {ready}: {gain} in all").format(value=worth, p=p, base=base, draw=paid, ready=ready, gain=total)
    return _("a win brings about {value} points and comes {p}% of the time, so {gain} on average").format(
        value=worth, p=p, gain=total)


def gain_parts(parts: Any) -> dict[str, Any]:
    """The figures of the evaluator's ``gain`` reason (or of the review's ``push_fold`` dict, which
    copies them) as :func:`worth_words` takes them: ``win``, ``value``, the dealer's ``factor`` and a
    ready hand's ``draw`` payments (None where the figures do not carry them)."""
    if parts is None:
        return {"win": None, "value": None, "factor": None, "draw": None}
    return {"win": parts.get("win_chance"), "value": parts.get("value"),
            "factor": parts.get("dealer_factor"), "draw": parts.get("draw_payments")}


def _gain_reason(verdict: Any) -> Any:
    """The evaluator's ``gain`` reason of a push-or-fold verdict (None if it has none)."""
    return next((r for r in verdict.reasons if r.code == "gain"), None)


def push_line(verdict: Any, *, no_yaku: bool = False) -> str:
    """The coach's "Push" sentence against a threat: what pushing is worth (:func:`worth_words`, its
    figures from the verdict's ``gain`` reason, the dealer's factor among them) against the risk of
    pushing, or — when the gain is below that risk but pushing still pays, because folding risks
    something too — against what pushing adds to the risk of folding, with both risks named
    (:func:`risks_words`), as the review and the puzzles word them.  ``no_yaku``: an open tenpai
    without a yaku, which pushes only for the payment at a draw (:func:`worth_words`)."""
    worth, against = weighed_push(verdict, no_yaku=no_yaku)
    if against is None:
        return _("Push: {worth} — more than pushing risks (about {loss}).").format(
            worth=worth, loss=about_pair(verdict.gain, verdict.loss)[1])
    return _("Push: {worth} — more than the extra risk of pushing ({added}).").format(worth=worth, added=against)


def weighed_push(verdict: Any, *, no_yaku: bool = False) -> tuple[str, str | None]:
    """What pushing is worth (:func:`worth_words`, its parts from the verdict's ``gain`` reason) and,
    when that is less than the risk of pushing, what pushing adds to the risk of folding
    (:func:`added_risk_words`); None when the gain is compared with the risk itself."""
    parts = gain_parts(_gain_reason(verdict))
    gain, loss = verdict.gain, verdict.loss
    words = {"factor": parts["factor"], "draw": parts["draw"], "no_yaku": no_yaku}
    if gain >= loss:
        shown_gain = about_pair(gain, loss)[0]
        return worth_words(gain, parts["win"], parts["value"], exact=shown_gain != about_figure(gain), **words), None
    exact, shown_loss, shown_fold, shown_extra = compared_risks(gain, loss, verdict.fold_loss)
    return (worth_words(gain, parts["win"], parts["value"], exact=exact, **words),
            added_risk_words(shown_extra, shown_loss, shown_fold))


def value_words(value: Any) -> str:
    """What makes a hand worth its points, from the evaluator's value reasons: its yaku, dora,
    tanyao, honitsu... as glossary links ("" when nothing is named)."""
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    parts: list[str] = []
    for r in value.reasons:
        code = r.code
        if code == "yaku" and glossary.has(str(r.get("id"))):
            parts.append("{term:" + str(r.get("id")) + "}")
        elif code == "dora":
            n = int(r.get("count") or 0)
            parts.append(_("{n} {dora}").format(n=n, dora=term_word("dora", npgettext("inline term", "dora", "dora",
                                                                                     n))))
        elif code == "tanyao" and r.get("throw") is not None:
            # the hand's one terminal or honor left: tanyao once it goes too (keep the tiles for it)
            parts.append(_("{tanyao}, once {tile} is discarded too").format(
                tanyao="{term:tanyao}", tile=tiles_markup(str(Tile(int(r.get("throw")))))))
        elif code in ("yakuhai", "tanyao", "honitsu", "chinitsu", "toitoi"):
            parts.append("{term:" + code + "}")
        elif code == "no_yaku_without_riichi":
            parts.append(_("no {yaku} without {riichi}").format(yaku="{term:yaku}", riichi="{term:riichi}"))
    return ", ".join(dict.fromkeys(parts))


def value_gain_words(value: Any, other: Any) -> str:
    """What the hand ``value`` has that the hand ``other`` lacks, from their value reasons (the yaku,
    dora, tanyao... named by :func:`value_words` that only ``value`` gives): why one discard keeps
    more value than another ("" when they share every named reason: then the evaluator only
    estimates a difference, and no reason is named for it)."""
    def key(r: Any) -> tuple[Any, ...]:
        return r.code, tuple(getattr(r, "values", ()) or ())

    theirs = {key(r) for r in getattr(other, "reasons", ())}
    return value_words(_Reasons(tuple(r for r in value.reasons if key(r) not in theirs)))


class _Reasons:
    """Value reasons alone, as :func:`value_words` reads a hand's value."""

    def __init__(self, reasons: tuple[Any, ...]) -> None:
        self.reasons = reasons


def worth_more(value: Any, other: Any) -> bool:
    """Whether the hand ``value`` is worth clearly more than ``other`` (the evaluator's points, by the
    coach's own :data:`~trainer.engine.game.coach.WORTH_MORE` margin): only then is "value" a reason."""
    mine, theirs = float(getattr(value, "best", 0) or 0), float(getattr(other, "best", 0) or 0)
    return mine > 0 and mine >= WORTH_MORE * theirs


def _value_hint(h: DiscardHint, tiles: str) -> str:
    """The coach's ``value`` discard: a few tiles fewer than the widest, for what the hand keeps that the
    widest discard gives up (named: yaku, dora, tanyao...), or for more points when nothing is named;
    when the hand is worth no more than after the widest discard, no value is claimed at all: the
    evaluator's estimate barely tells the two tiles apart, and the coach says so."""
    a, other = h.advice, getattr(h, "compare", None)
    if other is None:  # nothing to weigh it against: what the hand is worth, by its reasons
        why = value_words(a.value)
        more = bool(why)
    else:
        why = value_gain_words(a.value, other.value)
        more = worth_more(a.value, other.value)
    if more and why:
        return _("Discard {tiles}: {n} useful tiles stay, a few fewer than with the widest {ukeire}, "
                 "but the hand keeps its value: {why}.").format(
            tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}", why=why)
    if more and other is not None:
        return _("Discard {tiles}: {n} useful tiles stay, a few fewer than with the widest {ukeire}, but the hand "
                 "is worth more: about {value} points instead of {other}.").format(
            tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}", value=format_about_points(a.value.best),
            other=format_about_points(other.value.best))
    if other is not None:  # worth no more by the coach's margin: the evaluator's own reason, if it has one
        return _close_hint(h, tiles)
    return _("Discard {tiles}: {n} useful tiles stay, nearly as many as with the widest {ukeire}.").format(
        tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}")


EVEN = 1.0
"""Expected points within which the evaluator's two discards count as equal: it then takes the first
by its tie-breaks (risk, then tile order), which is no reason to give a learner."""


def _close_hint(h: DiscardHint, tiles: str) -> str:
    """A ``value`` discard worth less than :data:`WORTH_MORE` times the widest one: why the evaluator
    still prefers it, from its figures and reasons — a tie (the last hand's places, an open hand with
    no yaku after either tile, or equal expected points: either tile will do), what the hand keeps
    that the widest discard gives up (a red five, dora, a yaku), or a hand worth a little more; when
    its advice carries no expected points (figures from a review), that the two are about as good."""
    a, other = h.advice, h.compare
    fields = {"tiles": tiles, "n": h.ukeire, "m": other.efficiency.ukeire, "other": _tiles([other.tile])}
    ev, other_ev = getattr(a, "ev", None), getattr(other, "ev", None)
    if ev is not None and other_ev is not None and ev - other_ev < EVEN:
        return _tie_hint(h, fields)
    kept = value_gain_words(a.value, other.value) if a.value.best > other.value.best else ""
    if kept and getattr(other.tile, "red", False) and not getattr(a.tile, "red", False):
        return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}, but the hand keeps its red five: "
                 "{why}.").format(why=kept, **fields)
    if kept:
        return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}, but the hand keeps more: {why}.").format(
            why=kept, **fields)
    value, other_value = format_about_points(a.value.best), format_about_points(other.value.best)
    if ev is not None and a.value.best > other.value.best and value != other_value:
        return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}, but the hand is worth a little more: "
                 "about {value} points instead of {other_value}.").format(value=value, other_value=other_value,
                                                                         **fields)
    return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}; by the coach's estimate the two are "
             "about as good.").format(**fields)


def _tie_hint(h: DiscardHint, fields: dict[str, Any]) -> str:
    """Two discards the evaluator counts as equal (:func:`_close_hint`): either will do, and why —
    in the last hand neither a win nor a deal-in changes the final place, or the open hand has no
    yaku after either (the evaluator values both at nothing and keeps the first by tile order)."""
    a, other = h.advice, h.compare
    reasons = () if h.push_fold is None else h.push_fold.reasons
    if any(r.code == "last_hand_places" for r in reasons):
        return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}. In the last hand neither a win nor a "
                 "deal-in of yours can change your final place now, so to the coach the two are equal: either will "
                 "do.").format(**fields)
    if getattr(a, "no_yaku", False) and getattr(other, "no_yaku", False):
        return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}. After either one your open hand still "
                 "has no {yaku}, so the coach values both at nothing and cannot tell them apart: either will do.").format(
            yaku="{term:yaku}", **fields)
    return _("Discard {tiles}: {n} useful tiles stay, {m} after {other}; to the coach the two are equal: either "
             "will do.").format(**fields)


SEATS_IN_SENTENCE = {
    "Right": lambda: pgettext("seat inside a sentence", "Right"),
    "Across": lambda: pgettext("seat inside a sentence", "Across"),
    "Left": lambda: pgettext("seat inside a sentence", "Left"),
}
"""An opponent's seat as a word inside a sentence («игрока слева», not «игрока Слева»)."""


def seat_in_sentence(seat_name: Any, seat: int) -> str:
    """The name ``seat_name`` gives ``seat`` («Слева», "Left"), as a word inside a sentence («слева»);
    a name that is not one of the table's seat words (a test's, a player's) stays as it is."""
    name = str(seat_name(seat))
    for word in SEAT_NAMES:
        if word in SEATS_IN_SENTENCE and name == _(word):
            return SEATS_IN_SENTENCE[word]()
    return name


PROTECTIVE = frozenset({"suji", "half_suji", "no_chance", "one_chance", "honor", "terminal", "off_suit",
                        "tanyao_read"})
"""Danger reasons that make a tile safer; only these explain a tile the coach calls safe."""


DANGER_WORDS = {
    "suji": lambda r, who: _("{suji} against {who}").format(suji="{term:suji}", who=who),
    "half_suji": lambda r, who: _("{suji} on one side only").format(suji="{term:suji}"),
    "no_chance": lambda r, who: _("all four copies of a neighboring tile are seen (no chance), a {kabe}").format(
        kabe=_wall()),
    "one_chance": lambda r, who: _("{one_chance}, as three copies of a neighboring tile are seen").format(
        one_chance=term_word("one_chance", pgettext("inline term", "one chance"))),
    "honor": lambda r, who: _("an honor with {n} copies unseen").format(n=r.get("left")),
    "terminal": lambda r, who: _("a terminal: fewer waits can use it"),
    "two_eight": lambda r, who: _("a 2 or an 8"),
    "middle": lambda r, who: _("a middle tile, the most dangerous kind"),
    "honitsu_suit": lambda r, who: _("the suit of the {honitsu} of {who}").format(honitsu="{term:honitsu}", who=who),
    "off_suit": lambda r, who: _("outside the suit of the {honitsu} of {who}").format(honitsu="{term:honitsu}",
                                                                                      who=who),
    "early_discard": lambda r, who: _("next to an early discard of {who}").format(who=who),
    "near_riichi_tile": lambda r, who: _("next to the tile {who} declared {riichi} with").format(
        who=who, riichi="{term:riichi}"),
    "tanyao_read": lambda r, who: _("of no use to the open {tanyao} of {who} (only simples called)").format(
        who=who, tanyao=term_word("tanyao", pgettext("inline term", "tanyao"))),
}
"""The evaluator's danger reasons for a tile against one opponent (``who``, a seat inside a sentence),
in words; a reason not here is not named."""


def _wall() -> str:
    """«wall» (kabe) as a word of the sentence, linked to its card."""
    return term_word("kabe", pgettext("inline term", "wall"))


def danger_reasons(worst: Any, who: str, *, safe_side: bool = False) -> list[str]:
    """The danger reasons of one opponent's row (:data:`DANGER_WORDS`), strongest first as the evaluator
    gives them, each once: only the protective ones with ``safe_side``, and of the walls only the
    strongest ("no chance" says all "one chance" would)."""
    codes = {r.code for r in worst.reasons}
    parts: list[str] = []
    for r in worst.reasons:
        if (safe_side and r.code not in PROTECTIVE) or r.code not in DANGER_WORDS:
            continue
        if r.code == "one_chance" and "no_chance" in codes:
            continue
        parts.append(DANGER_WORDS[r.code](r, who))
    return list(dict.fromkeys(parts))


def _worst_row(advice: Any, seats: tuple[int, ...]) -> Any:
    """The evaluator's danger row of ``advice`` against the opponent it is most dangerous to, among
    ``seats`` when given (None when it can deal into none of them)."""
    rows = [d for d in advice.dangers if d.deal_in > 0 and (not seats or d.seat in seats)]
    return max(rows, key=lambda d: d.deal_in) if rows else None


def _safe_everywhere(seats: tuple[int, ...]) -> str:
    """A tile no one (or no one of ``seats``, the opponents likely ready) can win on, in words."""
    if seats:
        return _("{genbutsu} against everyone who may be ready").format(genbutsu=_genbutsu())
    return _("safe against everyone ({genbutsu})").format(genbutsu=_genbutsu())


def danger_words(advice: Any, seat_name: Any, *, safe_side: bool = False, seats: tuple[int, ...] = ()) -> str:
    """Why a discard is safe or dangerous, from the evaluator's danger reasons against the
    opponent it is most dangerous to (genbutsu, suji, kabe, one chance, honors left...), among
    ``seats`` when given (the opponents likely ready); ``safe_side`` names only what protects
    the tile (for a tile the coach calls safe)."""
    worst = _worst_row(advice, seats)
    if worst is None:
        return _safe_everywhere(seats)
    who = seat_in_sentence(seat_name, worst.seat)
    why = ", ".join(danger_reasons(worst, who, safe_side=safe_side)[:2])
    chance = _("about {p}% to deal into {who}").format(p=_pct(worst.deal_in), who=who)
    return f"{why}; {chance}" if why else chance


def plain_danger_words(advice: Any, seat_name: Any, seats: tuple[int, ...] = ()) -> str:
    """What protects a discard the coach calls safe, in one plain reason and no figures (the "Hints"
    level): the first protective reason of :func:`danger_reasons` against the opponent it is most
    dangerous to ("suji against Left"), or that none of ``seats`` can win on it; "" when nothing
    protects it (then it is only the least dangerous tile)."""
    worst = _worst_row(advice, seats)
    if worst is None:
        return _safe_everywhere(seats)
    reasons = danger_reasons(worst, seat_in_sentence(seat_name, worst.seat), safe_side=True)
    return reasons[0] if reasons else ""


def hint_lines(hints: list[DiscardHint], seat_name: Any = str, *, safest: bool = True, push: bool = True
               ) -> list[str]:
    """The coach's discard (what the strong bot would play) and why, in words built from the
    evaluator's reasons; a push against a threat says what it is worth and what it risks
    (unless ``push`` is False; the figures, the dealer's factor among them, come from the verdict's
    ``gain`` reason), a fold (betaori) why the tile
    is safe; then the safest tile when pushing (unless ``safest`` is False: a warning already names
    the safe tiles)."""
    out: list[str] = []
    for h in hints:
        if h.reason == "safer" and not safest:
            continue
        a = h.advice
        tiles = _tiles([h.tile])
        places = None if h.push_fold is None else next(
            (r for r in h.push_fold.reasons if r.code == "last_hand_places"), None)  # the last hand
        no_yaku = a is not None and getattr(a, "no_yaku", False)
        if h.reason == "keeps_tenpai" and no_yaku:  # ready, but it can never win: say why, not the tiles left
            out.append(_("Discard {tiles}: you stay {tenpai}, waiting on {waits}, but {no_yaku}.").format(
                tiles=tiles, tenpai=_tenpai(), waits=_kinds(h.waits), no_yaku=no_yaku_words()))
        elif h.reason == "keeps_tenpai":
            out.append(ngettext("Discard {tiles}: you stay {tenpai}, waiting on {waits} ({n} tile left).",
                                "Discard {tiles}: you stay {tenpai}, waiting on {waits} ({n} tiles left).",
                                h.ukeire).format(tiles=tiles, tenpai=_tenpai(), waits=_kinds(h.waits), n=h.ukeire))
        elif h.reason == "fewer_steps":
            out.append(ngettext("Discard {tiles}: one step closer to {tenpai}; after it the {ukeire} is {n} tile.",
                                "Discard {tiles}: one step closer to {tenpai}; after it the {ukeire} is {n} tiles.",
                                h.ukeire).format(tiles=tiles, tenpai=_tenpai(), n=h.ukeire, ukeire="{term:ukeire}"))
        elif h.reason == "value" and a is not None:
            out.append(_value_hint(h, tiles))
        elif h.reason == "win_chance" and a is not None and h.compare is not None:
            out.append(win_chance_words(tiles, h.ukeire, _tiles([h.compare.tile]), h.compare.efficiency.ukeire,
                                        a.win, h.compare.win, order=True))
        elif h.reason == "keeps_yaku" and a is not None:
            out.append(ngettext("Discard {tiles}: the open hand keeps its way to a {yaku}: {why}; the {ukeire} is "
                                "{n} tile. A faster discard would leave it without a yaku, and without one it cannot "
                                "win.",
                                "Discard {tiles}: the open hand keeps its way to a {yaku}: {why}; the {ukeire} is "
                                "{n} tiles. A faster discard would leave it without a yaku, and without one it cannot "
                                "win.",
                                h.ukeire).format(
                tiles=tiles, yaku="{term:yaku}", why=value_words(a.value) or "{term:yakuhai}", n=h.ukeire,
                ukeire="{term:ukeire}"))
        elif h.reason == "less_risk" and a is not None:
            out.append(ngettext("Discard {tiles}: nearly the same {ukeire}, {n} tile, and less danger: {why}.",
                                "Discard {tiles}: nearly the same {ukeire}, {n} tiles, and less danger: {why}.",
                                h.ukeire).format(
                tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}", why=danger_words(a, seat_name, safe_side=True, seats=h.threat_seats)))
        elif h.reason == "fold" and a is not None and h.push_fold is not None:
            gain, loss = h.push_fold.gain, h.push_fold.loss
            exact, shown_loss, shown_fold, shown_extra = compared_risks(gain, loss, h.push_fold.fold_loss)
            risks = risks_words(shown_loss, shown_fold)
            if places is not None:
                odds = _places_odds(places, h.push_fold)
            elif round(gain) >= 100 and no_yaku:  # a ready open hand without a yaku: the gain is the draw payment
                odds = _("Your open hand has no {yaku}, so it cannot win; pushing would only keep {ready}, about "
                         "{gain}, less than the extra risk it takes ({added}).").format(
                    yaku="{term:yaku}", ready=_at_draw(), gain=format_number(round(gain)) if exact else
                    about_figure(gain), added=added_risk_words(shown_extra, shown_loss, shown_fold))
            elif round(gain) >= 100:
                # the two figures the coach compares (the gain, what pushing adds to the risk), then
                # the two risks that difference comes from, each named: the review says it so too
                shown_gain = format_number(round(gain)) if exact else about_figure(gain)
                odds = _("Pushing would gain about {gain} points, less than the extra risk it takes ({added})."
                         ).format(
                    gain=shown_gain, added=added_risk_words(shown_extra, shown_loss, shown_fold))
            elif getattr(a, "no_yaku", False):  # the real reason pushing gains nothing: the open hand cannot win at all
                odds = _("Your open hand has no {yaku}, so it cannot win: {risks}.").format(
                    yaku="{term:yaku}", risks=risks)
            else:
                odds = _("Your hand is far from a win: {risks}.").format(risks=risks)
            out.append(_("{betaori}: discard {tiles} — {why}. {odds}").format(
                betaori="{term:betaori}", tiles=tiles, odds=odds,
                why=danger_words(a, seat_name, safe_side=True, seats=h.threat_seats)))
        elif h.reason == "weave" and a is not None:
            why = danger_words(a, seat_name, safe_side=True, seats=h.threat_seats)
            if all(d.deal_in == 0 for d in a.dangers if d.seat in h.threat_seats):
                # safe against every ready-looking player: the rest of its risk is against hands far from ready
                out.append(_("{mawashi}, a soft fold: discard {tiles} — no one who may be ready can win on it "
                             "({genbutsu}), so it is as safe as the safest tile and keeps more of your hand.").format(
                    mawashi="{term:mawashi_uchi}", tiles=tiles, genbutsu=_genbutsu()))
            else:
                out.append(_("{mawashi}, a soft fold: discard {tiles} — nearly as safe as the safest tile, and it "
                             "keeps more of your hand: {why}.").format(mawashi="{term:mawashi_uchi}", tiles=tiles,
                                                                       why=why))
        elif h.reason == "safer" and a is not None:
            out.append(_("Safest tile now: {tiles} — {why}.").format(
                tiles=tiles, why=danger_words(a, seat_name, safe_side=True, seats=h.threat_seats)))
        else:
            out.append(ngettext("Discard {tiles}: it keeps the widest {ukeire}, {n} tile.",
                                "Discard {tiles}: it keeps the widest {ukeire}, {n} tiles.", h.ukeire).format(
                tiles=tiles, n=h.ukeire, ukeire="{term:ukeire}"))
            if a is not None and getattr(a, "no_yaku", False) and h is hints[0]:
                # every discard leaves it yakuless (the evaluator took the widest): say what that means
                out.append(_("Whatever you discard, your open hand has no {yaku} yet: it cannot win until it "
                             "makes one.").format(yaku="{term:yaku}"))
        if a is not None and getattr(a, "furiten", False) and h.reason not in ("fold", "weave", "safer") \
                and not no_yaku:  # (without a yaku it cannot win at all: the furiten is not the reason)
            furiten = furiten_words(h)
            if out:  # it belongs to the discard just named: one line, never split from it between two boxes
                out[-1] = f"{out[-1]} {furiten}"
            else:
                out.append(furiten)
        if push and h is hints[0]:
            out += [line for line in [push_figures(h)] if line]
    return out


FURITEN_WORDS = {
    "tenpai": lambda: _("Then your wait is {furiten}: no ron, only {tsumo}.").format(
        furiten="{term:furiten}", tsumo="{term:tsumo}"),
    "not_ready": lambda: _("Once the hand is ready, its wait would be on a tile you discarded: {furiten} — no ron, "
                           "only {tsumo}.").format(furiten="{term:furiten}", tsumo="{term:tsumo}"),
}
"""The furiten a discard leaves, by how far the hand is from tenpai after it: ``tenpai`` — it waits
(the evaluator's ``furiten``: a winning tile is in the player's own river), so "then your wait"
follows the discard's sentence; ``not_ready`` — not yet tenpai, the furiten is that of the wait the hand
heads for, said so (never "your wait" for a hand that has none)."""


def furiten_words(h: DiscardHint) -> str:
    """The sentence that follows a discard whose wait is furiten (:data:`FURITEN_WORDS`), true to how far
    the hand is from tenpai after it."""
    return FURITEN_WORDS["not_ready" if h.shanten_after > 0 else "tenpai"]()


def push_figures(h: DiscardHint) -> str:
    """The figures of the coach's push against a threat (the hint ``h`` pushes): what pushing is worth
    against what it risks (:func:`push_line`), in the last hand in places; "" when the coach folds,
    has no advice, or no one is likely ready (nothing to weigh)."""
    pf = h.push_fold
    if not h.push or h.advice is None or pf is None or any(r.code == "no_threat" for r in pf.reasons):
        return ""
    places = next((r for r in pf.reasons if r.code == "last_hand_places"), None)
    if places is not None:
        return _("Push. {odds}").format(odds=_places_odds(places, pf))
    return push_line(pf, no_yaku=getattr(h.advice, "no_yaku", False))


def _at_draw() -> str:
    """«the tenpai payment at a draw» (noten bappu), linked to its card: the link names the payment,
    so the card's Japanese after it (不聴罰符) is read as the payment's name, not tenpai's."""
    return term_word("noten_bappu", pgettext("inline term", "the tenpai payment at a draw"))


def no_yaku_words() -> str:
    """Why a ready open hand without a yaku cannot win, as the end of a sentence ("..., but your open
    hand has no yaku: ..."): neither by ron nor by tsumo, whatever its furiten; only the payment for
    tenpai at a draw is left."""
    return _("your open hand has no {yaku}: it cannot win, neither by {ron} nor by {tsumo}; all it can still get "
             "is {ready}").format(yaku="{term:yaku}", ron="{term:ron}", tsumo="{term:tsumo}",
                                           ready=_at_draw())


def win_chance_words(tiles: str, n: int, other: str, m: int, win: float, other_win: float, *,
                     order: bool = False, plain: bool = False) -> str:
    """The coach's ``win_chance`` reason: ``tiles`` leaves ``n`` useful tiles, a few fewer than
    ``other`` (``m``), but better shapes, so a better chance to win (``win`` against ``other_win``,
    the evaluator's chances).  ``order``: as the coach's advice ("Discard 6m: ..."), else as the
    reason the coach preferred it ("6m: ...", for the review).  ``plain``: no percentages (the "Hints"
    level), only that the chance is higher."""
    p, q = _pct(win), _pct(other_win)
    if p > q and plain:
        text = _("{n} useful tiles stay, a few fewer than after {other} ({m}), but the shapes are better, so the "
                 "chance to win is higher").format(n=n, other=other, m=m)
    elif p > q:
        text = _("{n} useful tiles stay, a few fewer than after {other} ({m}), but the shapes are better, so the "
                 "chance to win is higher, about {p}% instead of {q}%").format(n=n, other=other, m=m, p=p, q=q)
    else:
        text = _("{n} useful tiles stay, a few fewer than after {other} ({m}), but the shapes are better, so the "
                 "chance to win is a little higher").format(n=n, other=other, m=m)
    if order:
        return _("Discard {tiles}: {why}.").format(tiles=tiles, why=text)
    return text


def _places_odds(places: Any, verdict: Any) -> str:
    """The push-or-fold odds of the last hand, in places rather than points, against folding (the
    evaluator's gain is measured from the place folding is expected to keep, not from the place now:
    in first place a push gains by keeping it)."""
    per_place = places.get("place_points", 8000) or 8000
    place = place_text(int(places.get("place") or 1))
    if max(verdict.gain, verdict.loss) < 0.02 * per_place:
        return _("In the last hand only the final place counts ({place} now), and this hand can hardly change "
                 "it either way.").format(place=place)
    gain, loss = round(100 * verdict.gain / per_place), round(100 * verdict.loss / per_place)
    if int(places.get("place") or 1) == 1:  # nothing to climb to: what a push gains is the first place kept
        return ngettext("In the last hand only the final place counts ({place} now): over 100 hands like this, "
                        "pushing rather than folding would keep you from losing about {gain} place and cost you "
                        "about {loss}, in all.",
                        "In the last hand only the final place counts ({place} now): over 100 hands like this, "
                        "pushing rather than folding would keep you from losing about {gain} places and cost you "
                        "about {loss}, in all.", gain).format(place=place, gain=gain, loss=loss)
    return ngettext("In the last hand only the final place counts ({place} now): over 100 hands like this, "
                    "pushing rather than folding would win you about {gain} place and cost you about {loss}, in all.",
                    "In the last hand only the final place counts ({place} now): over 100 hands like this, "
                    "pushing rather than folding would win you about {gain} places and cost you about {loss}, in "
                    "all.", gain).format(place=place, gain=gain, loss=loss)


NOTABLE_GAIN = 1.3
"""From this many times the value up, riichi does not "add little": the coach names what it adds, and
why the evaluator stays quiet all the same (the wait, or too little for telling everyone)."""


def _adds_little(r: Any) -> str:
    """The evaluator's ``riichi_adds_little`` (riichi would add less than the evaluator asks of it), in
    words that fit its ``ratio``: a real gain is named with the reason to stay quiet anyway — a
    narrow wait when the reason carries the winning tiles ``left`` (the coach's advice does)."""
    ratio = float(r.get("ratio", 1) or 1)
    if ratio < NOTABLE_GAIN:
        return _("riichi adds little and tells everyone you are ready")
    shown = format_decimal(ratio, "0.0")
    left = r.get("left")
    if left is not None and 0 < left < RIICHI_WIDE_WAIT:
        return ngettext("riichi would make the hand about {ratio} times bigger, but the wait is narrow: only {n} "
                        "winning tile left, and everyone would see you are ready",
                        "riichi would make the hand about {ratio} times bigger, but the wait is narrow: only {n} "
                        "winning tiles left, and everyone would see you are ready", left).format(ratio=shown, n=left)
    return _("riichi would make the hand about {ratio} times bigger — not enough to tell everyone you are ready "
             "and give up the freedom to change the wait or fold").format(ratio=shown)


RIICHI_WHY = {
    "riichi_for_yaku": lambda r: _("riichi is your only {yaku}").format(yaku="{term:yaku}"),
    "riichi_adds": lambda r: _("riichi makes the hand about {ratio} times bigger").format(
        ratio=format_decimal(r.get("ratio", 1), "0.0")),
    "riichi_good_wait": lambda r: _("a cheap hand with a wide wait gains a lot from riichi"),
    "riichi_adds_little": lambda r: _adds_little(r),
    "dama_mangan": lambda r: _("it is already a {mangan} without riichi").format(mangan="{term:mangan}"),
    "dama_any_win_ends": lambda r: _("{agari_yame}: you lead the last hand, and any win ends the game").format(
        agari_yame="{term:agari_yame}"),
    "dama_enough_for_place": lambda r: _("a quiet win already moves you up a place"),
    "riichi_for_place": lambda r: _("only the riichi value moves you up a place"),
    "furiten": lambda r: _("your wait is {furiten}").format(furiten="{term:furiten}"),
    "dead_wait": lambda r: _("no winning tiles are left"),
}
"""The deciding riichi-or-dama reason of the evaluator, in words."""


def riichi_line(choice: RiichiAdvice, tsumo: tuple[int, int] | None = None, *, furiten: bool = False) -> str:
    """Riichi or dama for the coach's discard: the advice, the deciding reason, and the value
    of a ron both ways when the hand has a yaku without riichi.  A furiten wait (``furiten``, or
    the evaluator's deciding reason) cannot win by ron: the line says so and quotes the value of a
    tsumo both ways instead (``tsumo``: with riichi, without;
    :func:`trainer.engine.game.coach.tsumo_values`)."""
    advice = _("declare riichi") if choice.riichi else _("stay quiet (dama)")
    words = RIICHI_WHY.get(choice.why.code)
    left = getattr(choice, "left", None)
    reason = choice.why if left is None else choice.why._replace(values=(*choice.why.values, ("left", left)))
    furiten = furiten or choice.why.code == "furiten"
    if furiten and tsumo is not None and min(tsumo) > 0:  # the ratio said is the tsumo's, as the values are
        reason = reason._replace(values=tuple((k, tsumo[0] / tsumo[1] if k == "ratio" else v)
                                              for k, v in reason.values))
    why = words(reason) if words else ""
    if furiten:
        return furiten_riichi_line(choice, advice, why, tsumo)
    if choice.dama > 0:
        return _("{riichi} after {tile}? Coach: {advice} — {why} (a ron: about {p} with riichi, {dama} without).").format(
            riichi="{term:riichi}", tile=_tiles([choice.tile]), advice=advice, why=why,
            p=format_about_points(choice.with_riichi), dama=format_about_points(choice.dama))
    return _("{riichi} after {tile}? Coach: {advice} — {why}.").format(
        riichi="{term:riichi}", tile=_tiles([choice.tile]), advice=advice, why=why)


def furiten_riichi_line(choice: RiichiAdvice, advice: str, why: str, tsumo: tuple[int, int] | None) -> str:
    """The riichi-or-dama line for a furiten wait (the sentence before it has said the furiten):
    no ron values, since ron is impossible — the value of a tsumo both ways when known, and the
    deciding reason's ratio taken from those same values (:func:`riichi_line`)."""
    fields = {"riichi": "{term:riichi}", "tile": _tiles([choice.tile]), "advice": advice, "why": why,
              "furiten": "{term:furiten}", "tsumo": tsumo_word()}
    if tsumo is not None and min(tsumo) > 0:
        fields |= {"p": format_about_points(tsumo[0]), "dama": format_about_points(tsumo[1])}
        if choice.why.code == "furiten":
            return _("{riichi} after {tile}? Coach: {advice} — a riichi would lock this {furiten} wait; without it "
                     "you can still change to a wait that wins by ron (a {tsumo} now: about {p} with riichi, {dama} "
                     "without).").format(**fields)
        return _("{riichi} after {tile}? Coach: {advice} — {why} (a {tsumo}, the only win of this {furiten} wait: "
                 "about {p} with riichi, {dama} without).").format(**fields)
    if choice.why.code == "furiten":
        return _("{riichi} after {tile}? Coach: {advice} — a riichi would lock this {furiten} wait; without it you "
                 "can still change to a wait that wins by ron.").format(**fields)
    return _("{riichi} after {tile}? Coach: {advice} — {why}; only a {tsumo} can win this {furiten} wait.").format(
        **fields)


def seats_in_sentence(seat_name: Any, seats: Any) -> str:
    """Several opponents' seats as words inside a sentence, joined as a list of the language
    («справа и слева», "Right and Left"; three: «справа, напротив и слева»)."""
    words = [seat_in_sentence(seat_name, s) for s in seats]
    if len(words) < 2:
        return "".join(words)
    # TRANSLATORS: the last two of a list of seats, all of them meant («справа и слева»).
    return pgettext("list of seats", "{a} and {b}").format(a=", ".join(words[:-1]), b=words[-1])


# TRANSLATORS: a wait that can still win on a tile, one of a list ("78m (a two-sided wait), a two-pair wait or a
# single wait can still win on it"; ru after «с»: «с [7][8] (ожидание в две стороны), … или ожиданием на одиночную плитку»).
OPEN_WAIT_WORDS = {
    "ryanmen": lambda tiles: pgettext("wait still open", "{tiles} (a two-sided wait)").format(tiles=tiles),
    "kanchan": lambda tiles: pgettext("wait still open", "{tiles} (a closed wait)").format(tiles=tiles),
    "penchan": lambda tiles: pgettext("wait still open", "{tiles} (an edge wait)").format(tiles=tiles),
    "shanpon": lambda tiles: pgettext("wait still open", "a two-pair wait"),
    "tanki": lambda tiles: pgettext("wait still open", "a single wait"),
}
"""A wait that can still win on a tile (``open_waits`` of
:func:`~trainer.engine.game.review.danger_notes`, by its shape), in words: the run shapes with the two
tiles the riichi player would hold."""

PROTECTION_WORDS = {
    ("suji", False): lambda: _("it is {suji}").format(suji="{term:suji}"),
    ("half_suji", False): lambda: _("it is {suji} on one side only").format(suji="{term:suji}"),
    (None, True): lambda: _("a {kabe} helps").format(kabe="{term:kabe}"),
    ("suji", True): lambda: _("it is {suji}, and a {kabe} helps").format(suji="{term:suji}", kabe="{term:kabe}"),
    ("half_suji", True): lambda: _("it is {suji} on one side only, and a {kabe} helps").format(
        suji="{term:suji}", kabe="{term:kabe}"),
}
"""What closed some of the waits on a lifted tile (its suji, full or on one side only, and a wall), in words."""


def open_waits_words(note: dict[str, Any]) -> str:
    """The waits that can still win on the tile of ``note`` (its ``open_waits``, as the engine lists
    them), as alternatives in words, two-sided first ("78m (a two-sided wait), a two-pair wait or a
    single wait")."""
    order = list(OPEN_WAIT_WORDS)
    waits = sorted((w for w in note.get("open_waits", ()) if w["shape"] in OPEN_WAIT_WORDS),
                   key=lambda w: order.index(w["shape"]))
    return or_join([OPEN_WAIT_WORDS[w["shape"]](tiles_markup(w.get("tiles", ""))) for w in waits])


def _protection(note: dict[str, Any]) -> Any:
    """The :data:`PROTECTION_WORDS` for what the engine says closed waits on the tile of ``note``
    (None when nothing did)."""
    suji = ("half_suji" if note.get("half_suji") else "suji") if note.get("suji") else None
    return PROTECTION_WORDS.get((suji, bool(note.get("kabe"))))


def danger_note_words(note: dict[str, Any]) -> str:
    """Why a tile can still deal into one riichi player, from the engine's danger ``note``
    (:func:`~trainer.engine.game.review.danger_notes`): an honor's copies that can still be in a hand;
    or what closed some waits (suji, one side of it only, a wall) and every wait still open on it
    by name; or that neither a suji nor a wall protects it."""
    if "honor_left" in note:
        return _("{n} more of it can still be in a hand").format(n=note["honor_left"])
    protection = _protection(note)
    waits = open_waits_words(note)
    if protection is None:
        return _("no {suji} or {kabe} protects it").format(suji="{term:suji}", kabe="{term:kabe}")
    if not waits:
        return protection()
    return _("{protection}, but {waits} can still win on it").format(protection=protection(), waits=waits)


def warning_line(w: DangerWarning, seat_name: Any) -> str:
    """Why the lifted tile is dangerous, and the safe tile instead; the riichi players it can deal
    into named in one sentence, in the singular or the plural by their number.  The reason is the
    engine's for each of them (:func:`danger_note_words`); when it differs between them, each is
    said against its player."""
    who = seats_in_sentence(seat_name, w.seats)
    risky = [n for n in w.notes if not n.get("genbutsu")] or [{}]
    whys = {n.get("seat"): danger_note_words(n) for n in risky}
    if len(set(whys.values())) == 1:
        why = next(iter(whys.values()))
    else:
        why = "; ".join(_("against {who}: {why}").format(who=seat_in_sentence(seat_name, s), why=text)
                        for s, text in whys.items())
    return ngettext("Careful: {who} is in {riichi}, and {tile} may be their winning tile — {why}. Safe: {safe} "
                    "— {genbutsu}.",
                    "Careful: {who} are in {riichi}, and {tile} may be their winning tile — {why}. Safe: {safe} "
                    "— {genbutsu}.", max(1, len(w.seats))).format(
        tile=_tiles([w.tile]), riichi="{term:riichi}", who=who, why=why, safe=tiles_or(w.safe),
        genbutsu=_genbutsu())


SUIT_TERMS = {"m": "{term:manzu}", "p": "{term:pinzu}", "s": "{term:souzu}"}


def open_reading_words(reading: str, suit: str = "") -> str:
    """What an open hand's calls showed, as the coach's open-hand warning says it (:class:`OpenHandWarning`'s
    ``reading``: ``honitsu`` with the ``suit`` letter, ``toitoi``, ``yakuhai``, ``open``)."""
    if reading == "honitsu" and suit in SUIT_TERMS:
        return _("their calls are all {suit} and honors, so they are likely building a {honitsu}").format(
            suit=SUIT_TERMS[suit], honitsu="{term:honitsu}")
    if reading == "toitoi":
        return _("they called only pons, likely going for {toitoi}, so they wait on a pair: tiles still unseen are "
                 "the danger").format(toitoi="{term:toitoi}")
    if reading == "yakuhai":
        return _("their {yakuhai} pon gives them a yaku, and with two calls or more they may be ready").format(
            yakuhai="{term:yakuhai}")
    return _("with two calls or more they may be ready")


def open_warning_line(w: OpenHandWarning, seat_name: Any) -> str:
    """Why the lifted tile may be what an open hand waits on, and the tiles safer against that
    player (the warning weighs that one opponent: the coach's fold tile, safest against everyone,
    need not be among them)."""
    who = seat_in_sentence(seat_name, w.seat)
    return _("Careful: {tile} may be what {who} is waiting on — {why}. Safer against them: {safe}.").format(
        tile=_tiles([w.tile]), who=who, why=open_reading_words(w.reading, w.suit), safe=tiles_or(w.safe))


def pass_win_line(tsumo: bool, reasons: Any = (), riichi: bool = False) -> str:
    """Why to let a win pass in the last hand (見逃し): it would end the match with the learner still
    last.  ``reasons`` are the evaluator's (:func:`~trainer.engine.game.coach.pass_win_advice`; its
    ``win_place`` gives the win's han); ``riichi``: the learner's hand is in riichi, so the win could
    still grow by ura dora — said only then (a hand without riichi has none)."""
    let_pass = term_word("minogashi", pgettext("inline term", "let this win pass"))
    han = next((r.get("han") for r in reasons if r.code == "win_place"), None)
    if riichi:
        last = _("Even with {ura} it would end the match with you still in last place.").format(
            ura=term_word("ura_dora", pgettext("inline term, after 'with'", "under-dora")))
    elif han:
        last = _("This win ({han}) would end the match with you still in last place.").format(han=han_text(int(han)))
    else:
        last = _("This win would end the match with you still in last place.")
    if tsumo:
        return _("Coach: {let_pass}, do not declare tsumo. {last} Discard instead: that cannot cost you a place, "
                 "and a bigger win may still come.").format(let_pass=let_pass, last=last)
    return _("Coach: {let_pass}. {last} Passing cannot cost you a place and keeps your chance of a bigger win "
             "(until your next discard you cannot ron: {furiten}).").format(
        let_pass=let_pass, last=last, furiten=term_word("doujun_furiten", pgettext("inline term", "temporary furiten")))


def coach_text(level: str, view: Any, legal: list[Any], lifted: Tile | None, rules: Any, seat_name: Any) -> str:
    """The coach's message for the learner's view now (empty when there is nothing to say)."""
    from trainer.engine.game.actions import Chi, Discard, Kan, Kita, Pon, Riichi, Ron, Tsumo

    if level not in ("hints", "full") or view is None:
        return ""
    lines: list[str] = []
    wins = [a for a in legal if isinstance(a, Ron | Tsumo)]
    passed = pass_win_advice(view, isinstance(wins[0], Tsumo), rules) if wins else None
    if passed is not None:
        lines.append(pass_win_line(isinstance(wins[0], Tsumo), passed, bool(view.riichi[view.seat])))
    elif wins:  # the coach takes it (the strong bot always does, but in the last hand's minogashi case)
        lines.append(take_win_line(isinstance(wins[0], Tsumo), bool(view.riichi[view.seat])))
        return BR.join(lines)  # no discard advice: the win comes first
    kita = any(isinstance(a, Kita) for a in legal)
    if kita:
        # the strong bot sets every North aside it may (EfficientBot.choose): a free dora, the same hand
        lines.append(_("Coach: first set {north} aside with the Kita button ({nukidora}): it counts as one dora, "
                       "the rest of your hand stays as it is, and you draw a replacement tile. Choose your "
                       "discard after that draw.").format(north="{tiles:4z}", nukidora=term_word(
                           "nukidora", pgettext("inline term", "nuki dora"))))
    discards = [a.tile for a in legal if isinstance(a, Discard)]
    kan = next((a for a in legal if isinstance(a, Kan)), None) if level == "full" and discards else None
    if level == "full" and discards and view.riichi[view.seat] and getattr(view, "riichi_furiten", False):
        lines.append(furiten_line("riichi"))  # in riichi the discards are forced: the furiten is the news
    if kan is not None and view.riichi[view.seat]:
        lines.append(kan_line(view, kan, rules)[0])
    if discards and not view.riichi[view.seat]:
        warned = lifted_warning(view, lifted, discards)
        if warned is not None:
            lines.append(warning_line(warned, seat_name) if isinstance(warned, DangerWarning)
                         else open_warning_line(warned, seat_name))
        if kita:
            return BR.join(lines)  # no discard yet: the Kita comes first
        if kan is not None:
            words, declare = kan_line(view, kan, rules)
            lines.append(words)
            if declare:
                return BR.join(lines)  # the discard comes after the kan's replacement draw
        if level == "full":
            riichi = [a.tile for a in legal if isinstance(a, Riichi)]
            lines += turn_lines(view, discards, riichi, warned, rules, seat_name, safest=not lines)
        else:
            lines += plain_turn_lines(view, discards, warned, rules, seat_name)
    elif level == "full" and not discards:
        offers = tuple(a for a in legal if isinstance(a, Pon | Chi))
        if offers and view.last_tile is not None:
            from trainer.ui.views.table.call_review import call_line  # it words calls with this module

            lines.append(call_line(view, offers, rules))
        ready = waiting(view, rules)
        if ready is not None and ready.no_yaku:  # it can never win: its furiten is not what stops it
            lines.append(_("You are {tenpai}, waiting on {waits}, but {no_yaku}.").format(
                tenpai=_tenpai(), waits=_kinds(sorted(ready.waits)), no_yaku=no_yaku_words()))
        elif ready is not None:
            left = sum(ready.waits.values())
            lines.append(ngettext("You are {tenpai}: waiting on {waits} ({n} tile left).",
                                  "You are {tenpai}: waiting on {waits} ({n} tiles left).", left).format(
                tenpai=_tenpai(), waits=_kinds(sorted(ready.waits)), n=left))
            if ready.riichi_furiten:
                lines.append(furiten_line("riichi"))
            elif ready.furiten:
                lines.append(_("{furiten}: a winning tile is in your own river, so you can win only by tsumo.")
                             .format(furiten="{term:furiten}"))
            elif ready.temporary:
                lines.append(furiten_line("temporary"))
    return BR.join(lines)


def lifted_warning(view: Any, lifted: Tile | None, discards: list[Tile]) -> DangerWarning | OpenHandWarning | None:
    """The warning about the tile the learner is about to discard: it can deal into a riichi
    (:func:`danger_warning`), or — nobody in riichi — it fits an open hand's likely wait."""
    if lifted is None:
        return None
    w = danger_warning(view, lifted, discards)
    return w if w is not None else open_hand_warning(view, lifted, discards)


def turn_lines(view: Any, discards: list[Tile], riichi: list[Tile], warned: Any, rules: Any, seat_name: Any, *,
               safest: bool = True) -> list[str]:
    """The coach's turn in reading order, one whole thought a line (the table may split the lines
    between two boxes at any line, :meth:`~trainer.ui.screens.play.PlayScreen.coach_split`): the
    discard — which tile and why, its furiten, and for a warned tile pushed with nobody likely ready
    why it goes all the same (:func:`still_line`, on the same line: it answers the warning) — then,
    with ``riichi`` tiles on offer, riichi or dama, then the figures: what pushing is worth against
    what it risks.  Beside the riichi advice the figures are given only for a discard that can deal
    in (:func:`push_anyway_line`: never a warning and then a bare "discard it"); last the safest tile
    for comparison (``safest``: no warning has named the safe ones)."""
    choice = riichi_advice(view, discards, riichi, rules) if riichi else None
    hints = discard_hints(view, discards, rules, kita=False)
    lines = hint_lines(hints[:1], seat_name, push=False)
    if lines and isinstance(warned, OpenHandWarning) and warned.tile.kind == hints[0].tile.kind and quiet_push(
            hints[0]):
        still = still_line(hints[0], coach_turn(view, discards, rules), warned.safe)
        if still:
            lines[-1] = f"{lines[-1]} {still}"
    if choice is not None:
        lines.append(coach_riichi_line(view, choice, hints, rules))
    figures = push_figures(hints[0]) if hints and choice is None else ""
    if choice is not None and risky_push(view, hints, discards, warned):
        figures = push_anyway_line(hints[0])
    lines += [figures] if figures else []
    lines += hint_lines(hints[1:], seat_name, safest=safest, push=False)
    return lines


def push_anyway_line(h: DiscardHint) -> str:
    """Why the coach pushes a tile that can deal in, in one short line beside the riichi advice: what
    pushing gains on average against its risk (or against what it adds to the risk of folding), from
    the push-or-fold verdict; in the last hand, in places ("" with no threat to weigh)."""
    pf = h.push_fold
    if pf is None or any(r.code == "no_threat" for r in pf.reasons):
        return ""
    places = next((r for r in pf.reasons if r.code == "last_hand_places"), None)
    if places is not None:
        return _("Push. {odds}").format(odds=_places_odds(places, pf))
    # what pushing is worth with its parts named (the win, its chance, the dealer's factor, the draw
    # payments), as the push line says it: never a bare total that looks bigger than the hand
    worth, against = weighed_push(pf, no_yaku=h.advice is not None and getattr(h.advice, "no_yaku", False))
    if against is None:
        return _("Push: {tile} is risky, but {worth} — more than the risk (about {loss}).").format(
            tile=_tiles([h.tile]), worth=worth, loss=about_pair(pf.gain, pf.loss)[1])
    return _("Push: {tile} is risky, but {worth} — more than the extra risk of pushing ({added}).").format(
        tile=_tiles([h.tile]), worth=worth, added=against)


def risky_push(view: Any, hints: list[DiscardHint], discards: list[Tile], warned: Any) -> bool:
    """True when the coach pushes with a tile that can deal in: the tile the learner was just warned
    about, or one that can deal into a riichi (:func:`danger_warning`) — then its advice says why
    pushing it is right even beside the riichi advice."""
    if not hints or not hints[0].push or hints[0].reason in ("fold", "weave"):
        return False
    tile = hints[0].tile
    return (warned is not None and warned.tile.kind == tile.kind) or danger_warning(view, tile, discards) is not None


def quiet_push(h: DiscardHint) -> bool:
    """True when the coach's push carries no push-or-fold line (no one likely ready: the evaluator's
    ``no_threat``), so that a warned tile needs :func:`still_line`."""
    return h.push_fold is not None and any(r.code == "no_threat" for r in h.push_fold.reasons)


def still_line(h: DiscardHint, turn: Any, safe: Any, *, plain: bool = False) -> str:
    """Why the coach still discards the tile the open-hand warning was about (with no one likely
    ready, no push-or-fold line says it): the evaluator's comparison with the safest of the ``safe``
    tiles the warning named — that one would set the hand back a step, or keep far fewer useful tiles,
    or the hand wins more on average with the coach's tile (its chance times its value) than the risk
    it adds.  "" when no safe tile is among the discards weighed.  ``plain``: that last comparison
    without its figures (the "Hints" level)."""
    kinds = {t.kind for t in safe}
    others = [a for a in turn.discards if a.tile.kind in kinds]
    if not others or h.advice is None:
        return ""
    a, s = h.advice, min(others, key=lambda x: (x.risk, -x.ev))
    fields = {"tiles": _tiles([a.tile]), "safe": _tiles([s.tile])}
    if s.efficiency.shanten > a.efficiency.shanten:
        return _("Still discard {tiles}: {safe} would set your hand back a step.").format(**fields)
    if s.ev > a.ev:  # the evaluator keeps speed first: the safe tile gives up too many useful tiles
        return _("Still discard {tiles}: {safe} would leave only {m} useful tiles instead of {n}.").format(
            m=s.efficiency.ukeire, n=a.efficiency.ukeire, **fields)
    if plain:
        return _("Still discard {tiles}: on average your hand wins more with it than with {safe}, more than the "
                 "risk it adds.").format(**fields)
    more, extra = about_pair(a.ev + a.risk - s.ev - s.risk, max(0.0, a.risk - s.risk))
    return _("Still discard {tiles}: on average your hand wins about {more} points more with it than with {safe}, "
             "more than the risk it adds (about {extra}).").format(more=more, extra=extra, **fields)


def plain_turn_lines(view: Any, discards: list[Tile], warned: Any, rules: Any, seat_name: Any) -> list[str]:
    """The coach's turn at the "Hints" level, for a first game: who declared riichi or has an open hand
    that may be ready (:func:`threat_news`; not the players a warning has just named), then push or
    fold as a plain sentence with its main reason (:func:`verdict_line`), then the marked tile with one
    plain reason (:func:`plain_hint_lines`) — no percentages, sums or factors: those are the "Full"
    level's (:func:`turn_lines`) and the review's."""
    hints = discard_hints(view, discards, rules, kita=False)
    if not hints:
        return []
    h = hints[0]
    turn = coach_turn(view, discards, rules)
    lines = threat_news(view, h, turn, warned, seat_name)
    lines += [line for line in [verdict_line(view, h, turn, seat_name)] if line]
    lines += plain_hint_lines(h, seat_name)
    if isinstance(warned, OpenHandWarning) and warned.tile.kind == h.tile.kind and quiet_push(h):
        still = still_line(h, turn, warned.safe, plain=True)
        lines[-1] = f"{lines[-1]} {still}" if still else lines[-1]
    return lines


def _told_seats(warned: Any) -> set[int]:
    """The opponents a warning about the lifted tile has already named."""
    if isinstance(warned, DangerWarning):
        return set(warned.seats)
    return {warned.seat} if isinstance(warned, OpenHandWarning) else set()


def threat_reading(threat: Any) -> tuple[str, str]:
    """What an opponent's open hand shows, as :func:`open_reading_words` says it: ``honitsu`` with its
    suit letter, ``toitoi``, ``yakuhai`` or just ``open`` (the evaluator's reading of the threat)."""
    if threat.honitsu_suit is not None:
        return "honitsu", "mps"[threat.honitsu_suit]
    if threat.toitoi:
        return "toitoi", ""
    if any(r.code == "yakuhai_pon" for r in threat.reasons):
        return "yakuhai", ""
    return "open", ""


def threat_news(view: Any, h: DiscardHint, turn: Any, warned: Any, seat_name: Any) -> list[str]:
    """Who is dangerous now, in words ("Careful: Left declared riichi."; an open hand that may be ready,
    with what its calls show): the opponents the evaluator thinks likely ready (``h.threat_seats``),
    less those a warning about the lifted tile has just named."""
    seats = [s for s in h.threat_seats if s not in _told_seats(warned)]
    riichi = [s for s in seats if view.riichi[s]]
    lines = [ngettext("Careful: {who} declared {riichi}.", "Careful: {who} declared {riichi}.", len(riichi)).format(
        who=seats_in_sentence(seat_name, riichi), riichi="{term:riichi}")] if riichi else []
    threats = {t.seat: t for t in turn.threats}
    for seat in (s for s in seats if not view.riichi[s] and s in threats):
        fields = {"who": seat_in_sentence(seat_name, seat), "n": len(view.melds[seat])}
        why = open_news_words(*threat_reading(threats[seat]))
        if why:
            lines.append(ngettext("Careful: {who} has made {n} call and may be ready: {why}.",
                                  "Careful: {who} has made {n} calls and may be ready: {why}.", fields["n"]).format(
                why=why, **fields))
        else:
            lines.append(ngettext("Careful: {who} has made {n} call and may be ready.",
                                  "Careful: {who} has made {n} calls and may be ready.", fields["n"]).format(**fields))
    return lines


def open_news_words(reading: str, suit: str = "") -> str:
    """What an open hand that may be ready is building, after "may be ready:" (:func:`threat_news`): a
    honitsu or toitoi as :func:`open_reading_words` says it, the yaku a yakuhai pon gives; "" for a
    hand that shows nothing more than its calls."""
    if reading == "yakuhai":
        return _("their {yakuhai} pon gives them a yaku").format(yakuhai="{term:yakuhai}")
    return open_reading_words(reading, suit) if reading in ("honitsu", "toitoi") else ""


def threat_clause(view: Any, seats: tuple[int, ...], seat_name: Any) -> str:
    """The danger a fold is about, as the end of a sentence ("Left's riichi is dangerous", "Across's
    open hand may be ready"): the riichi players among ``seats``, else the open hands."""
    riichi = [s for s in seats if view.riichi[s]]
    if riichi:
        return ngettext("{who}'s {riichi} is dangerous", "{who} are in {riichi}", len(riichi)).format(
            who=seats_in_sentence(seat_name, riichi), riichi="{term:riichi}")
    return ngettext("{who}'s open hand may be ready", "the open hands of {who} may be ready", len(seats)).format(
        who=seats_in_sentence(seat_name, seats))


def _ready() -> str:
    """«ready» as a word of the sentence ("your hand is ready", «рука готова»), linked to tenpai's card."""
    return term_word("tenpai", pgettext("inline term", "ready"))


def _from_ready() -> str:
    """«ready» after "from" ("far from ready", «далека от готовности»), linked to tenpai's card."""
    return term_word("tenpai", pgettext("inline term, after 'from'", "ready"))


def _push_word() -> str:
    """The coach's word for going on with the hand against a threat (攻める, semeru; oshi): «Играйте
    вперёд», "Push", linked to its glossary card."""
    return term_word("semeru", pgettext("coach verdict", "Push"))


def _fold_word() -> str:
    """The coach's word for giving up the hand against a threat, linked to betaori's card."""
    return term_word("betaori", pgettext("coach verdict", "Fold"))


PUSH_WHY = {
    "ready": lambda f: _("{push}: your hand is {ready} and worth about {value} points.").format(**f),
    "one_step": lambda f: _("{push}: your hand is one step from {from_ready} and worth about {value} points.").format(
        **f),
    "little_risk": lambda f: _("{push}: your hand is still far from {from_ready}, but this discard adds little "
                               "risk.").format(**f),
    "far_value": lambda f: _("{push}: your hand is still far from {from_ready}, but it is worth about {value} "
                             "points.").format(**f),
    "no_yaku": lambda f: _("{push}: your hand is {ready}; without a {yaku} it cannot win, but it still gets "
                           "{at_draw}.").format(**f),
}
"""The main reason the coach pushes against a threat, in one plain sentence (no figures but the hand's
value): a ready hand and its value, a hand a step from ready and its value, a discard that adds little
risk, a valuable hand still far from ready, an open tenpai without a yaku still paid at a draw."""

FOLD_WHY = {
    "no_yaku": lambda f: _("{fold}: your open hand has no {yaku}, so it cannot win, and {threat}.").format(**f),
    "ready": lambda f: _("{fold}: your hand is {ready}, but pushing means a dangerous discard, and {threat}.").format(
        **f),
    "one_step": lambda f: _("{fold}: your hand is still a step from {from_ready}, and {threat}.").format(**f),
    "far": lambda f: _("{fold}: your hand is far from {from_ready}, and {threat}.").format(**f),
}
"""The main reason the coach folds against a threat, in one plain sentence: how far the hand is from
ready (or that an open hand without a yaku cannot win) and the danger (:func:`threat_clause`)."""

PLACES_WHY = {
    True: lambda f: _("{push}: in the last hand only your final place counts, and here pushing gains more for it "
                      "than it risks.").format(**f),
    False: lambda f: _("{fold}: in the last hand only your final place counts, and here pushing risks more of it "
                       "than it gains.").format(**f),
}
"""Push or fold in the last hand, where the coach weighs places rather than points."""

LITTLE_RISK = 300
"""Points: what pushing may add to the risk of folding and still be called "little" (the plain push of
a hand far from ready, whose win is worth little on average: it pushes because the tile is nearly safe)."""


def verdict_line(view: Any, h: DiscardHint, turn: Any, seat_name: Any) -> str:
    """Push or fold against a threat as a plain sentence with its main reason (:data:`PUSH_WHY`,
    :data:`FOLD_WHY`; in the last hand :data:`PLACES_WHY`), from the evaluator's verdict: "Fold: your
    hand is far from ready, and Left's riichi is dangerous", "Push: your hand is ready and worth about
    3,900 points"; "" with no one likely ready."""
    pf = h.push_fold
    if pf is None or h.advice is None or any(r.code == "no_threat" for r in pf.reasons):
        return ""
    fields = {"push": _push_word(), "fold": _fold_word(), "ready": _ready(), "from_ready": _from_ready(),
              "yaku": "{term:yaku}", "at_draw": _at_draw(), "threat": threat_clause(view, h.threat_seats, seat_name)}
    if any(r.code == "last_hand_places" for r in pf.reasons):
        return PLACES_WHY[h.push](fields)
    if not h.push:
        return FOLD_WHY[fold_why(turn)](fields)
    value = gain_parts(_gain_reason(pf))["value"] or 0
    return PUSH_WHY[push_why(h, value)](fields | {"value": format_about_points(value)})


def push_why(h: DiscardHint, value: float) -> str:
    """The main reason of the coach's push (a key of :data:`PUSH_WHY`): how close the pushed hand is to
    ready and its ``value`` (the evaluator's), else how little the discard adds to the risk."""
    steps, added = h.shanten_after, max(0.0, h.push_fold.loss - h.push_fold.fold_loss)
    if steps == 0 and getattr(h.advice, "no_yaku", False):
        return "no_yaku"
    if value > 0 and steps <= 1:
        return "ready" if steps == 0 else "one_step"
    return "little_risk" if added <= LITTLE_RISK or value <= 0 else "far_value"


def fold_why(turn: Any) -> str:
    """The main reason of the coach's fold (a key of :data:`FOLD_WHY`): how far from ready the hand
    would be if it pushed — the fewest steps among the discards that keep a yaku, as the evaluator
    weighs pushing — or that every discard leaves an open hand without a yaku."""
    pool = [a for a in turn.discards if not a.no_yaku]
    if not pool:
        return "no_yaku"
    steps = min(a.efficiency.shanten for a in pool)
    return "ready" if steps == 0 else "one_step" if steps == 1 else "far"


def plain_hint_lines(h: DiscardHint, seat_name: Any) -> list[str]:
    """The coach's discard with one plain reason, as :func:`hint_lines` words it but without figures
    of chance or danger: a safe tile says what protects it (:func:`plain_danger_words`), a tile with
    better shapes that its chance to win is higher (:data:`PLAIN_HINTS`); a furiten wait still says so."""
    a = h.advice
    words = PLAIN_HINTS.get(h.reason) if a is not None and (h.reason != "win_chance" or h.compare) else None
    if words is None:
        return hint_lines([h], seat_name, push=False)
    line = words(h, seat_name)
    if getattr(a, "furiten", False) and h.reason not in ("fold", "weave") and not getattr(a, "no_yaku", False):
        line = f"{line} {furiten_words(h)}"
    return [line]


def _plain_fold(h: DiscardHint, seat_name: Any) -> str:
    """The fold's tile and what protects it, in one reason."""
    why = plain_danger_words(h.advice, seat_name, h.threat_seats)
    if why:
        return _("Discard {tiles}: {why}.").format(tiles=_tiles([h.tile]), why=why)
    return _("Discard {tiles}: it is among the safest tiles you have.").format(tiles=_tiles([h.tile]))


def _plain_weave(h: DiscardHint, seat_name: Any) -> str:
    """A soft fold (mawashi uchi): its tile, nearly as safe as the safest and keeping more of the hand."""
    fields = {"mawashi": "{term:mawashi_uchi}", "tiles": _tiles([h.tile]), "genbutsu": _genbutsu()}
    if all(d.deal_in == 0 for d in h.advice.dangers if d.seat in h.threat_seats):
        return _("{mawashi}, a soft fold: discard {tiles} — no one who may be ready can win on it "
                 "({genbutsu}), so it is as safe as the safest tile and keeps more of your hand.").format(**fields)
    why = plain_danger_words(h.advice, seat_name, h.threat_seats)
    if why:
        return _("{mawashi}, a soft fold: discard {tiles} — nearly as safe as the safest tile, and it "
                 "keeps more of your hand: {why}.").format(why=why, **fields)
    return _("{mawashi}, a soft fold: discard {tiles} — nearly as safe as the safest tile, and it keeps more of "
             "your hand.").format(**fields)


def _plain_less_risk(h: DiscardHint, seat_name: Any) -> str:
    """A tile nearly as wide as the widest and safer, with what protects it."""
    why = plain_danger_words(h.advice, seat_name, h.threat_seats)
    fields = {"tiles": _tiles([h.tile]), "n": h.ukeire, "ukeire": "{term:ukeire}"}
    if why:
        return ngettext("Discard {tiles}: nearly the same {ukeire}, {n} tile, and less danger: {why}.",
                        "Discard {tiles}: nearly the same {ukeire}, {n} tiles, and less danger: {why}.",
                        h.ukeire).format(why=why, **fields)
    return ngettext("Discard {tiles}: nearly the same {ukeire}, {n} tile, and less danger.",
                    "Discard {tiles}: nearly the same {ukeire}, {n} tiles, and less danger.", h.ukeire).format(**fields)


def _plain_win_chance(h: DiscardHint, seat_name: Any) -> str:
    """A tile a little narrower than the widest but with better shapes: a higher chance to win."""
    other = h.compare
    return win_chance_words(_tiles([h.tile]), h.ukeire, _tiles([other.tile]), other.efficiency.ukeire, h.advice.win,
                            other.win, order=True, plain=True)


PLAIN_HINTS = {"fold": _plain_fold, "weave": _plain_weave, "less_risk": _plain_less_risk,
               "win_chance": _plain_win_chance}
"""The coach's reasons that :func:`hint_lines` words with figures of chance or danger, in plain words
for the "Hints" level; the other reasons are plain already."""


def kan_line(view: Any, kan: Any, rules: Any) -> tuple[str, bool]:
    """The coach's word on a closed or added kan on offer: the ``strong`` bot's decision
    (:meth:`~trainer.engine.bots.strong.StrongBot.choose_kan`; after riichi it always declares one
    the table allows) and why in one sentence; True when it declares it, and then the discard waits
    for the replacement draw."""
    from trainer.engine.hand import MeldKind

    name = term_word("shouminkan", pgettext("inline term", "added kan")) if kan.kind is MeldKind.KAN_ADDED \
        else term_word("ankan", pgettext("inline term", "closed kan"))
    quad = _tiles([kan.tile] * (1 if kan.kind is MeldKind.KAN_ADDED else 4))
    if view.riichi[view.seat]:
        why = _("after {riichi} it leaves your wait as it is, and it turns over a new {kandora} and gives you a "
                "replacement draw").format(riichi="{term:riichi}", kandora=_kandora())
        return _("Coach: declare the {kan} {tiles} — {why}.").format(kan=name, tiles=quad, why=why), True
    declare, why = kan_verdict(view, kan, rules)
    if declare:
        return _("Coach: first declare the {kan} {tiles} (the Kan button) — {why}. Choose your discard after the "
                 "replacement draw.").format(kan=name, tiles=quad, why=why), True
    if not why:  # (the bot's grounds are all named below; kept for a bot that would change them)
        return _("Declare the {kan} {tiles}? Coach: not now.").format(kan=name, tiles=quad), False
    return _("Declare the {kan} {tiles}? Coach: not now — {why}.").format(kan=name, tiles=quad, why=why), False


def _kandora() -> str:
    """«kan dora» as a word of the sentence («новая кан-дора»), linked to its card."""
    return term_word("kandora", pgettext("inline term", "kan dora"))


def _kan_slows(now: int, after: int) -> str:
    """Why a kan that sets the hand back is declined: it costs the tenpai, or ``after`` steps instead
    of ``now``."""
    if now <= 0:
        return _("it would cost you your {tenpai}").format(tenpai=_tenpai())
    return ngettext("it would set your hand back: {n} step from {tenpai} instead of {m}",
                    "it would set your hand back: {n} steps from {tenpai} instead of {m}", after).format(
        n=after, m=now, tenpai=_tenpai())


KAN_WHY = {
    "kan_free": lambda now, after: _("it leaves your hand as close to {tenpai} as before, and it turns over a new "
                                     "{kandora} and gives you a replacement draw").format(
        tenpai=_tenpai(), kandora=_kandora()),
    "kan_riichi": lambda now, after: _("someone is in {riichi}, and a new {kandora} could make their hand "
                                       "bigger").format(riichi="{term:riichi}", kandora=_kandora()),
    "folding": lambda now, after: _("a {betaori} is better now, and a kan only helps a hand that goes for the "
                                    "win").format(betaori="{term:betaori}"),
    "slows_hand": _kan_slows,
}
"""The evaluator's deciding reason on a kan (:meth:`~trainer.engine.evaluator.HandEvaluator.kan`), in
words, from the hand's steps to tenpai before and after it."""


def kan_verdict(view: Any, kan: Any, rules: Any) -> tuple[bool, str]:
    """The ``strong`` bot's decision on a closed or added kan with no riichi of its own
    (:func:`~trainer.engine.game.coach.kan_advice`, the evaluator's verdict the bot plays by) and its
    deciding reason in words (:data:`KAN_WHY`: a riichi on the table, folding, a kan that sets the
    hand back a step; else the kan is free: a new kan dora and a replacement draw)."""
    verdict = kan_advice(view, kan, rules)
    steps = next(((int(r.get("value")), int(r.get("after"))) for r in verdict.reasons if r.code == "shanten"),
                 (0, 0))
    words = next((KAN_WHY[r.code] for r in reversed(verdict.reasons) if r.code in KAN_WHY), None)
    return verdict.yes, words(*steps) if words else ""


def coach_riichi_line(view: Any, choice: RiichiAdvice, hints: list[DiscardHint], rules: Any) -> str:
    """The riichi-or-dama line at the table: furiten when the evaluator says the coach's discard
    leaves a furiten wait (its advice for that tile, or its deciding reason), then with the value of
    a tsumo instead of a ron."""
    furiten = choice.why.code == "furiten" or any(
        h.tile == choice.tile and h.advice is not None and getattr(h.advice, "furiten", False) for h in hints)
    return riichi_line(choice, tsumo_values(view, choice.tile, rules) if furiten else None, furiten=furiten)


def tsumo_word() -> str:
    """«tsumo» as a word of the sentence («declare tsumo», «объявите цумо»), linked to its card."""
    return term_word("tsumo", pgettext("inline term", "tsumo"))


def ron_word() -> str:
    """«ron» as a word of the sentence («declare ron», «объявите рон»), linked to its card."""
    return term_word("ron", pgettext("inline term", "ron"))


def furiten_line(kind: str) -> str:
    """The furiten a winning tile going by left the learner in (the engine's riichi or temporary
    furiten): after riichi, only tsumo for the rest of the hand; without it, no ron until their next
    discard."""
    if kind == "riichi":
        return _("{furiten}: you let a winning tile pass, so for the rest of this hand you can win only by "
                 "{tsumo}.").format(furiten="{term:riichi_furiten}", tsumo=tsumo_word())
    return _("A winning tile went by: until your next discard you cannot win by ron ({furiten}).").format(
        furiten=term_word("doujun_furiten", pgettext("inline term", "temporary furiten")))


def take_win_line(tsumo: bool, riichi: bool) -> str:
    """The coach's word on a win on offer that it takes: take it, and what passing it would cost
    (the furiten it leaves)."""
    if tsumo:
        if riichi:
            return _("Coach: declare {tsumo} — this is your win. Discarding the winning tile after {riichi} leaves "
                     "you {furiten} for the rest of the hand: only tsumo.").format(
                tsumo=tsumo_word(), riichi="{term:riichi}", furiten="{term:furiten}")
        return _("Coach: declare {tsumo} — this is your win.").format(tsumo=tsumo_word())
    if riichi:
        return _("Coach: declare {ron} — this is your win. If you let it pass after {riichi}, you are {furiten} for "
                 "the rest of the hand: only tsumo.").format(ron=ron_word(), riichi="{term:riichi}",
                                                              furiten="{term:furiten}")
    return _("Coach: declare {ron} — this is your win. If you let it pass, you cannot ron until your next discard "
             "({furiten}).").format(
        ron=ron_word(), furiten=term_word("doujun_furiten", pgettext("inline term", "temporary furiten")))


class CoachBox:
    """Draws the coach's text in a paper box and finds the glossary term under a click.

    A text too long for the area even in the tiny font is clipped, unless the box is
    ``scrollable`` (its screen passes the mouse wheel to :meth:`scroll`): then the box shows the
    part scrolled to, with a scroll bar and a «more below» mark, so that nothing is cut for good."""

    PAD = 10
    """Design pixels of padding round the text."""
    SIZES = ("small", "tiny")
    """The type sizes of the box, its body type first: a text too long for the area in one is set in the next."""

    def __init__(self, *, scrollable: bool = False) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.layout: Any = None
        self.origin = (0, 0)
        self.scrollable = scrollable
        self.offset = 0  # pixels of the text scrolled out at the top
        self.overflow = 0  # how far the text can scroll (0: it fits)
        self.text = ""
        self.size: str | None = None  # the type size of the text drawn (None: nothing drawn)

    @classmethod
    def fits(cls, app: Any, text: str, area: pygame.Rect, size: str = SIZES[0]) -> bool:
        """True when ``text`` (rich) fits a box in ``area`` in the type ``size`` (the body type unless
        told), with the box's padding round it: the one measure of the box's room."""
        L = app.layout
        pad = L.px(cls.PAD)
        return layout_rich(app, text, L.font(size), area.width - 2 * pad, P.ink).height + 2 * pad <= area.height

    @classmethod
    def size_for(cls, app: Any, text: str, area: pygame.Rect) -> str:
        """The type size a box in ``area`` sets ``text`` in: the first of :data:`SIZES` it fits in,
        else the smallest (then it scrolls or is clipped)."""
        return next((size for size in cls.SIZES if cls.fits(app, text, area, size)), cls.SIZES[-1])

    def draw(self, surf: pygame.Surface, app: Any, area: pygame.Rect, text: str, size: str | None = None) -> None:
        """Paint ``text`` (rich) in a box at the top-left of ``area`` (as tall as it needs); a text too
        long for the area at the small size is set in the tiny one rather than cut (:meth:`size_for`),
        and one too long even then scrolls (a ``scrollable`` box) or is clipped.  ``size``: this type
        size whatever the length (a second box in the first one's type), scrolling when too long."""
        self.layout = None
        if text != self.text:
            self.text, self.offset = text, 0  # another text starts at its top
        if not text or area.width < 80:
            self.rect = pygame.Rect(0, 0, 0, 0)
            self.overflow = 0
            self.size = None
            return
        L = app.layout
        pad = L.px(self.PAD)
        self.size = size or self.size_for(app, text, area)
        lay = layout_rich(app, text, L.font(self.size), area.width - 2 * pad, P.ink)
        h = min(area.height, lay.height + 2 * pad)
        self.rect = pygame.Rect(area.left, area.top, area.width, h)
        self.overflow = max(0, lay.height + 2 * pad - h) if self.scrollable else 0
        self.offset = max(0, min(self.offset, self.overflow))
        draw_panel(surf, self.rect, P.hint_bg, L.px(10), border=P.hint)
        self.origin = (area.left + pad, area.top + pad - self.offset)
        clip = surf.get_clip()
        inner = self.rect.inflate(-2, -2)
        if self.overflow:  # the text stops short of the edges, and the bottom pad stays clear for the arrow
            inner = pygame.Rect(inner.left, self.rect.top + pad // 2, inner.width, h - pad // 2 - pad)
        surf.set_clip(inner)
        surf.blit(lay.surface, self.origin)
        surf.set_clip(clip)
        self.layout = lay
        if self.overflow:
            self._draw_scroll(surf, app, lay.height + 2 * pad)

    def _draw_scroll(self, surf: pygame.Surface, app: Any, full: int) -> None:
        """The scroll bar at the box's right edge, and a «more below» arrow while text is hidden below."""
        L = app.layout
        r = self.rect
        track = pygame.Rect(r.right - L.px(7), r.top + L.px(8), max(2, L.px(4)), r.height - L.px(16))
        thumb_h = max(L.px(18), track.height * r.height // max(1, full))
        thumb_y = track.top + (track.height - thumb_h) * self.offset // max(1, self.overflow)
        pygame.draw.rect(surf, P.hint, pygame.Rect(track.left, thumb_y, track.width, thumb_h),
                         border_radius=track.width // 2)
        if self.offset < self.overflow:  # more below: a small arrow at the bottom edge
            cx, by, s = r.centerx, r.bottom - L.px(3), L.px(6)
            pygame.draw.polygon(surf, P.hint, [(cx - s, by - s), (cx + s, by - s), (cx, by)])

    def scroll(self, dy: int) -> bool:
        """Scroll the text by ``dy`` pixels (positive: down), within the text; True if it moved."""
        new = max(0, min(self.overflow, self.offset + dy))
        if new == self.offset:
            return False
        self.offset = new
        return True

    @staticmethod
    def scroll_one(boxes: Any, dy: int) -> bool:
        """The mouse wheel over a screen's coach boxes: scroll the box under the mouse whose text is
        longer than it, else the first such box; True if a text moved."""
        pos = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        long = [b for b in boxes if b.overflow]
        box = next((b for b in long if b.rect.collidepoint(pos)), long[0] if long else None)
        return box is not None and box.scroll(dy)

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

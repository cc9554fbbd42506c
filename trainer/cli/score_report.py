"""The readable report of ``python -m trainer score`` for a riichi hand, in the language of
``--lang`` (English unless asked, like every other command's output; the MCR report of
:mod:`trainer.cli.score_mcr` follows the same option).

Yaku and fu items are named as the app names them (the yaku with their kanji), with their ids in
brackets for scripts; the wait shape and the limit are the glossary's words in Russian and the
romaji in English.  The JSON answers (``--json``, ``--jsonl``) never change with the language.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from trainer import i18n
from trainer.engine.hand import Hand
from trainer.engine.scoring import ScoreResult, WinContext
from trainer.i18n import _, fu_text, han_text, ngettext, pgettext
from trainer.names import fu_name, term_label

REPORT_LANGUAGE = "en"
"""The language of a report when ``--lang`` is not given: English, as the other commands print."""
WINDS = "ESWN"


@contextmanager
def report_language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (default :data:`REPORT_LANGUAGE`) while the report is made and printed, then
    go back to the language before (a test or a caller in the same process keeps its own)."""
    before = i18n.current_language()
    wanted = lang if lang in i18n.LANGUAGES else REPORT_LANGUAGE
    i18n.set_language(wanted)
    try:
        yield wanted
    finally:
        i18n.set_language(before)


def japanese_word(term_id: str, romaji: str) -> str:
    """A Japanese term the report names (a wait shape, a limit): the romaji in English, the
    glossary's name in small letters in Russian («танки», «манган»); the romaji when the glossary
    has no such term."""
    if i18n.current_language() == "en":
        return romaji
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    if not glossary.has(term_id):
        return romaji
    name = glossary.term(term_id).name(i18n.current_language())
    return name[:1].lower() + name[1:]


def _header(hand: Hand, ctx: WinContext, rules_name: str) -> str:
    seat = WINDS[ctx.seat_wind - 27]
    if ctx.dealer:
        seat = _("{seat} (dealer)").format(seat=seat)
    how = pgettext("score report", "tsumo") if ctx.tsumo else pgettext("score report", "ron")
    return _("Hand {hand}, won on {tile} by {how}; seat {seat}, round {round}; rules {rules}").format(
        hand=hand, tile=ctx.win_tile, how=how, seat=seat, round=WINDS[ctx.round_wind - 27], rules=rules_name)


def _yaku_lines(result: ScoreResult, lang: str) -> list[str]:
    lines = [_("Yaku:")]
    for y in result.yaku:
        value = _("yakuman x{n}").format(n=y.yakuman) if y.yakuman else han_text(y.han)
        lines.append(f"  {value:<12} {term_label(y.id, lang)}  [{y.id}]")
    return lines


def _dora_line(result: ScoreResult) -> list[str]:
    d = result.dora_count
    if not d.total:
        return []
    nuki = _(", {n} nukidora (North set aside)").format(n=d.nuki) if d.nuki else ""
    return [ngettext("Dora: {dora} dora, {ura} ura, {aka} red five{nuki} = {han}",
                     "Dora: {dora} dora, {ura} ura, {aka} red fives{nuki} = {han}", d.aka).format(
        dora=d.dora, ura=d.ura, aka=d.aka, nuki=nuki, han=han_text(d.total))]


def _fu_lines(result: ScoreResult) -> list[str]:
    lines = [_("Fu:")]
    if not result.fu_items:
        return lines
    for n, item in enumerate(result.fu_items):
        sign = "" if n == 0 else "+"
        tiles = f" {item.tiles}" if item.tiles else ""
        ron = " " + _("(won by ron, so it counts as open)") if item.by_ron else ""
        lines.append(f"  {sign + str(item.fu):>4}  {fu_name(item.id)}{tiles}{ron}  [{item.id}]")
    total = sum(i.fu for i in result.fu_items)
    if result.fu != total:
        lines.append("  " + _("= {total} fu, rounded up to {fu}").format(total=total, fu=result.fu))
    else:
        lines.append("  = " + fu_text(total))
    return lines


def _total_line(result: ScoreResult) -> str:
    limit = f" ({japanese_word(result.limit, result.limit.replace('_', ' '))})" if result.limit else ""
    return _("Total: {han} {fu}{limit}").format(han=han_text(result.han), fu=fu_text(result.fu), limit=limit)


def payment_text(result: ScoreResult) -> str:
    """Who pays what, then the honba and riichi sticks and what the winner gains (plain numbers)."""
    p = result.payment
    if p.ron is not None:
        main = _("ron: the discarder pays {ron}").format(ron=p.ron)
    elif p.all is not None:
        main = _("dealer tsumo: {each} from each player ({value})").format(each=p.all, value=p.hand_value)
    elif p.hand_value == p.dealer + p.non_dealer:  # three players: one other non-dealer
        main = _("tsumo: the dealer pays {dealer}, the other player {other} ({value})").format(
            dealer=p.dealer, other=p.non_dealer, value=p.hand_value)
    else:
        main = _("tsumo: the dealer pays {dealer}, each other player {other} ({value})").format(
            dealer=p.dealer, other=p.non_dealer, value=p.hand_value)
    extras = [text.format(n=n) for n, text in ((p.honba, _("honba +{n}")), (p.sticks, _("riichi sticks +{n}"))) if n]
    tail = "; " + ", ".join(extras) if extras else ""
    return _("{payment}; the winner gains {total}").format(payment=main + tail, total=p.total)


def _alternative_lines(result: ScoreResult) -> list[str]:
    alts = result.alternatives
    lines = [_("Other readings ({n}):").format(n=len(alts))]
    for a in alts:
        yaku = ", ".join(f"{y.id} {y.han}" for y in a.yaku) or _("no yaku")
        state = (_("{han} {fu}, {points}").format(han=han_text(a.han), fu=fu_text(a.fu), points=a.points)
                 if a.valid else _("not a valid win"))
        lines.append("  " + _("{reading}  wait {wait}: {yaku} -> {state}").format(
            reading=a.reading, wait=japanese_word(a.wait.value, a.wait.value), yaku=yaku, state=state))
    return lines


def format_result(hand: Hand, ctx: WinContext, rules_name: str, result: ScoreResult, alternatives: bool) -> str:
    """The readable report of one scored hand, in the current language (:func:`report_language`)."""
    lang = i18n.current_language()
    lines = [
        _header(hand, ctx, rules_name),
        _("Reading: {reading}   wait: {wait}").format(
            reading=result.reading, wait=japanese_word(result.wait.value, result.wait.value)),
        *_yaku_lines(result, lang),
        *_dora_line(result),
        *_fu_lines(result),
        _total_line(result),
        _("Payment: {payment}").format(payment=payment_text(result)),
    ]
    if alternatives:
        lines.extend(_alternative_lines(result))
    return "\n".join(lines)


__all__ = ["REPORT_LANGUAGE", "format_result", "japanese_word", "payment_text", "report_language"]

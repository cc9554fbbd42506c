"""``python -m trainer score --rules mcr``: the Chinese Official (MCR) side of the score command.

Same hand notation and the same one-line errors as riichi scoring.  Request fields:
``hand``, ``win``, ``tsumo``, ``seat``, ``round`` (E/S/W/N), ``flowers`` (0-8),
``last_copy``, ``rinshan``, ``chankan``, ``haitei``, ``houtei`` and ``rules``
(``mcr`` = the seed, ``mcr_common`` = common practice).  The answer::

    {"fan": total with flowers, "fans": [{"id", "fan"}, ...], "excluded": [{"id", "by", "principle"}],
     "reading": "123m 456p ...", "form": "standard", "meets_minimum": true,
     "points": {"discarder", "others"} or {"each"} or {"false_win_each"}, plus "total", "rules": "mcr"}
"""

from __future__ import annotations

from typing import Any

from trainer.cli.score import _BadInput, _short, _wind, bool_flags, check_fields, hand_and_win
from trainer.engine.hand import Hand
from trainer.engine.mcr import MCR_PRESETS, McrError, McrResult, Situation, load_mcr_rules, score_mcr
from trainer.engine.mcr.table import McrRules
from trainer.i18n import N_, _, current_language

MCR_FLAGS = ("tsumo", "last_copy", "rinshan", "chankan", "haitei", "houtei")
MCR_FIELDS = {"hand", "win", "seat", "round", "flowers", "rules", *MCR_FLAGS}
MAX_FLOWERS = 8
FORM_NAMES = {
    "seven_pairs": N_("seven pairs"),
    "thirteen_orphans": N_("thirteen orphans"),
    "honors_knitted": N_("honors and knitted tiles"),
    "knitted_straight": N_("knitted straight, a set and a pair"),
}
"""The special hand forms by the calculator's ids (``reading.form``), as the report names them;
the standard form (four sets and a pair) is shown by its sets alone."""


def is_mcr(rules: Any) -> bool:
    """Whether a request's ``rules`` names an MCR preset."""
    return isinstance(rules, str) and rules in MCR_PRESETS


def build_mcr(data: dict[str, Any]) -> tuple[Hand, Situation, McrRules]:
    """Turn one MCR request (CLI options or a JSON object) into the calculator's inputs."""
    check_fields(data, MCR_FIELDS, " for MCR rules")
    hand, win_tile = hand_and_win(data, max_red=0)
    if win_tile.red:
        raise _BadInput("bad_win_tile", f"'win': {data['win']!r}: MCR has no red fives, write 5m/5p/5s")
    flags = bool_flags(data, MCR_FLAGS)
    flowers = data.get("flowers", 0)
    if type(flowers) is not int or not 0 <= flowers <= MAX_FLOWERS:
        raise _BadInput(
            "bad_counter", f"'flowers' must be a whole number from 0 to {MAX_FLOWERS}, not {_short(flowers)}"
        )
    rules = load_mcr_rules(data.get("rules", "mcr"))
    sit = Situation(
        win=win_tile.kind,
        self_drawn=flags["tsumo"],
        seat=_wind(data.get("seat", "E"), "seat"),
        round=_wind(data.get("round", "E"), "round"),
        last_copy=flags["last_copy"],
        rinshan=flags["rinshan"],
        chankan=flags["chankan"],
        haitei=flags["haitei"],
        houtei=flags["houtei"],
        flowers=flowers,
    )
    return hand, sit, rules


def mcr_answer(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON answer for one MCR request (a result or an error object)."""
    try:
        hand, sit, rules = build_mcr(data)
        return score_mcr(hand, sit, rules).to_json()
    except (_BadInput, McrError) as e:
        return {"error": e.code, "message": str(e)}


def fan_label(fan_id: str, lang: str) -> str:
    """A fan's name in the interface language with its Chinese name and pinyin."""
    from trainer.glossary import load_glossary

    glossary = load_glossary()
    term_id = f"mcr_{fan_id}"
    if not glossary.has(term_id):
        return fan_id
    return glossary.term(term_id).display("ru_ja", lang)


PRINCIPLES = {
    "non_repeat": "mcr_non_repeat",
    "account_once": "mcr_account_once",
    "non_separation": "mcr_non_separation",
}


def _excluded_line(d: Any, lang: str) -> str:
    from trainer.glossary import load_glossary

    principle = load_glossary().term(PRINCIPLES[d.principle]).display("ru_ja", lang)
    if d.principle == "non_repeat":
        why = _("{fan} implies it").format(fan=fan_label(d.by, lang))
    elif d.principle == "account_once":
        why = _("the sets were already combined once")
    else:
        why = _("only the arrangement {reading} gives it").format(reading=d.by)
    return f"  - {fan_label(d.id, lang)}: {why}; {principle}"


def format_mcr(hand: Hand, sit: Situation, result: McrResult) -> str:
    """The readable report of one scored MCR hand, in the current language (the score command's
    ``--lang``, English by default: :func:`trainer.cli.score_report.report_language`)."""
    lang = current_language()
    winds = "ESWN"
    how = _("self-drawn") if sit.self_drawn else _("on a discard")
    lines = [
        _("Hand {hand}, won on {tile} {how}; seat {seat}, round {round}; rules {rules}").format(
            hand=hand, tile=parse_tile_name(sit.win), how=how, seat=winds[sit.seat - 27],
            round=winds[sit.round - 27], rules=result.rules.name,
        ),
        _("Arrangement: {reading}").format(reading=arrangement_text(result.reading)),
        _("Fans counted:"),
    ]
    for f in result.fans:
        lines.append(f"  {result.rules.value(f):>3}  {fan_label(f, lang)}  [{f}]")
    if result.excluded:
        lines.append(_("Not counted:"))
        lines.extend(_excluded_line(d, lang) for d in result.excluded)
    lines.append(_("Total: {total} (flowers {flowers})").format(total=result.total, flowers=result.flowers))
    if result.meets_minimum:
        lines.append(_("The hand reaches the minimum of {n} points without flowers.").format(n=result.rules.minimum))
    else:
        lines.append(
            _("Below the minimum of {n} points without flowers: a false win, {p} to each other player.").format(
                n=result.rules.minimum, p=result.payment.false_win_each
            )
        )
    p = result.payment
    if p.each is not None:
        lines.append(_("Payment: each player pays {each}; the winner gains {total}").format(each=p.each, total=p.total))
    elif p.discarder is not None:
        lines.append(
            _("Payment: the discarder pays {d}, the other two {o} each; the winner gains {total}").format(
                d=p.discarder, o=p.others, total=p.total
            )
        )
    return "\n".join(lines)


def arrangement_text(reading: Any) -> str:
    """The arrangement of the hand in the report: its sets («123m 456p 789s 666z 77z»), after the
    form's name for a special form («seven pairs: 11m 22m …»), the name alone for a form of single
    tiles (thirteen orphans, honors and knitted tiles) — never the calculator's id."""
    name = FORM_NAMES.get(reading.form)
    groups = " ".join(g.label() for g in reading.groups)
    if name is None:
        return groups or reading.form
    return f"{_(name)}: {groups}" if groups else _(name)


def parse_tile_name(kind: int) -> str:
    """A kind in MPSZ notation (``5m``, ``7z``)."""
    from trainer.engine.tiles import kind_name

    return kind_name(kind)

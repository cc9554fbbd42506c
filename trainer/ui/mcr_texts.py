"""Words of the Chinese Official (MCR) drills: titles, prompts, the win situation, the
calculator's working and why a learner's own answer is wrong.

Fans, forms and principles are glossary terms (``{term:mcr_...}``), so each shows its
Russian name with the hanzi and pinyin beside it.  Everything is marked with ``N_`` and
translated when shown; the output is rich markup for :func:`trainer.ui.richtext.layout_rich`.
"""

from __future__ import annotations

from typing import Any

from trainer.i18n import N_, _, current_language, format_points, ngettext
from trainer.ui.richtext import BR, term_word
from trainer.ui.richtext import tiles_markup as _tiles

MCR_GENERATORS = ("mcr_fans", "mcr_minimum", "mcr_excluded", "mcr_waits")
"""The MCR drills, in the order the drill menu shows them."""

MCR_TITLES: dict[str, str] = {
    "mcr_fans": N_("MCR: count the fans"),
    "mcr_minimum": N_("MCR: does it reach 8?"),
    "mcr_excluded": N_("MCR: the fan left out"),
    "mcr_waits": N_("MCR: waits"),
}
MCR_BLURBS: dict[str, str] = {
    "mcr_fans": N_("Tick every fan of a won hand, then give its total in points."),
    "mcr_minimum": N_("Do the fans reach the 8-point minimum without the flowers?"),
    "mcr_excluded": N_("Which fan is not counted, and which bigger fan leaves it out?"),
    "mcr_waits": N_("Every winning tile of a ready hand, knitted shapes included."),
}
MCR_FIELD_LABELS: dict[str, str] = {"rule_set": N_("MCR rules")}
MCR_VALUE_LABELS: dict[str, str] = {
    # the two ways of counting, named neutrally: the rulebook the lessons follow (a Russian edition of
    # the Chinese Official rules) and the count of tournaments and the common calculator — both are MCR
    "mcr": N_("As the rulebook counts"), "mcr_common": N_("As tournaments count"), "fans": N_("The fans"),
    "total": N_("The total"), "special": N_("Special forms"), "knitted": N_("Knitted forms"),
    "fan": N_("Which fan"), "why": N_("Which fan leaves it out"),
}

MCR_QUESTIONS: dict[str, str] = {
    "mcr_fans_total": N_("Tick the fans counted (flowers aside), then type the total with the flowers."),
    "mcr_fans": N_("Tick every fan this hand counts (flowers aside)."),
    "mcr_total": N_("How many points is this hand worth, flowers included?"),
    "mcr_minimum": N_("Does this hand reach the minimum of {n} points? Flowers do not count toward it."),
    "mcr_excluded": N_("The hand shows all these fans, but one of them is not counted. Which one?"),
    "mcr_excluded_by": N_("The hand shows {fan}, but it is not counted. Which counted fan leaves it out?"),
    "mcr_waits": N_("Which tiles complete this hand? Pick every one: every MCR form counts, the knitted ones too."),
}
"""Question id -> the prompt (English msgid)."""

WIND_WORDS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
FLAG_WORDS = {
    "last_copy": N_("the last copy of the tile"),
    "rinshan": N_("on a kong's replacement tile"),
    "chankan": N_("robbing a kong"),
    "haitei": N_("the last tile of the wall"),
    "houtei": N_("the last discard of the hand"),
}

FORM_TERMS = {
    # a form in small letters, as a shape, linked to the fan of the same name (which may not be the
    # fan counted: seven pairs of one suit in a row score Seven Shifted Pairs)
    "seven_pairs": ("mcr_seven_pairs", N_("seven pairs")),
    "thirteen_orphans": ("mcr_thirteen_orphans", N_("thirteen orphans")),
    "knitted_straight": ("mcr_knitted_straight", N_("a knitted straight with a set and a pair")),
}
STANDARD_FORM = N_("four sets and a pair")
MCR_SETTING_VALUES: dict[tuple[str, str], str] = {("forms", "standard"): STANDARD_FORM}
"""(setting, value) -> the MCR lessons' word for an MCR drill's setting value, where the shared label
speaks riichi («Четыре сета и пара»; the MCR lessons say «четыре группы и пара»)."""


def mcr_setting_value(key: str, value: Any) -> str | None:
    """An MCR drill's setting value in the MCR lessons' words, capitalised as a label (None: the shared
    label fits).  For the drill setup of the MCR generators (:data:`MCR_GENERATORS`)."""
    word = MCR_SETTING_VALUES.get((key, str(value)))
    if word is None:
        return None
    text = _(word)
    return text[:1].upper() + text[1:]


FORM_WORDS = {
    # greater (all seven honors) or lesser: the fan line below names which, so the form stays neutral;
    # the knitted tiles carry their hanzi (组合)
    "honors_knitted": N_("honors and {knitted}, fourteen different single tiles"),
}

PRINCIPLE_TEXTS = {
    # the principle after a dash, not in brackets: its name carries the hanzi in brackets of its own
    "non_repeat": N_("{fan} is not counted: {by} already implies it — the {term}."),
    "account_once": N_("{fan} is not counted again: these sets were already combined once — the {term}."),
    "non_separation": N_("{fan} is not counted: only another arrangement of the tiles gives it, and a hand is "
                         "read one way only — the {term}."),
    "non_identical": N_("{fan} is not counted: the same sets would be counted twice in one way — the {term}."),
}


def _term(term_id: str) -> str:
    return "{term:" + term_id + "}"


def fan_term(fan_id: str) -> str:
    """A fan as a glossary link (Russian name, hanzi and pinyin)."""
    return _term("mcr_" + fan_id)


def form_label(form: str) -> str:
    """An MCR hand form in words (the special forms as glossary links)."""
    if form in FORM_WORDS:
        return _(FORM_WORDS[form]).format(knitted=_term("mcr_knitted"))
    if form in FORM_TERMS:
        term_id, word = FORM_TERMS[form]
        return term_word(term_id, _(word))
    return _(STANDARD_FORM)


def term_meaning(term_id: str) -> str:
    """A glossary term's explanation in the interface language, to follow a colon: a small first
    letter (a one-letter first word too: «a pung») unless it starts with an abbreviation, no full
    stop (empty for an unknown id)."""
    from trainer.glossary import load_glossary

    try:
        text = load_glossary().term(term_id).explanation(current_language()).strip().rstrip(".")
    except (KeyError, LookupError, ValueError):
        return ""
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and (len(first) == 1 or first[1:2].islower()):  # «A pung…», «Pung…», not «MCR…»
        text = text[0].lower() + text[1:]
    return text


def reading_markup(reading: str) -> str:
    """An arrangement ``123m 456p (777z) 55s`` as tiles drawn group by group."""
    groups = [g for g in reading.split() if any(c.isdigit() for c in g)]
    return " ".join("{hand:" + g + "}" for g in groups)


def is_mcr(ex: Any) -> bool:
    """Whether a drill exercise is one of the MCR drills."""
    return str(ex.prompt.question).startswith("mcr_")


def mcr_question_text(ex: Any) -> str | None:
    """The prompt of an MCR exercise (None for other drills); the drill's title names the rules."""
    p = ex.prompt
    if p.question not in MCR_QUESTIONS:
        return None
    text = _(MCR_QUESTIONS[p.question])
    if p.question == "mcr_minimum":
        text = text.format(n=p.get("minimum", 8))
    elif p.question == "mcr_excluded_by":
        text = text.format(fan=fan_term(str(p.get("fan"))))
    return text


def mcr_info_text(ex: Any) -> str | None:
    """How the hand was won, under the hand (None for other drills and for waits)."""
    p = ex.prompt
    if not is_mcr(ex) or not p.get("win_tile"):
        return None
    return situation_line({**dict(p.data), "hand": p.hand})


def melded_line(hand_text: str) -> str:
    """The sets of a hand that were melded (claimed from a discard) and its concealed kongs, in
    words with their tiles ("" when all is concealed): the drawing marks them only by a gap, and
    many fans depend on it (concealed pungs, Concealed Hand)."""
    from trainer.engine.notation import format_tiles, parse_hand

    try:
        melds = parse_hand(hand_text, check_size=False).melds
    except ValueError:
        return ""
    shown = " ".join(_tiles(format_tiles(m.tiles)) for m in melds if m.is_open)
    kongs = [m for m in melds if not m.is_open]
    hidden = " ".join(_tiles(format_tiles(m.tiles)) for m in kongs)
    bits = [_("melded {sets}").format(sets=shown)] if shown else []
    if hidden:
        bits.append(ngettext("concealed kong {sets}", "concealed kongs {sets}", len(kongs)).format(sets=hidden))
    return " · ".join(bits)


def situation_line(data: dict[str, Any]) -> str:
    """How an MCR hand was won in words: self-drawn or on a discard, the winds, the flowers and
    the winning conditions (``data`` as :func:`trainer.engine.exercises.mcr_drills.situation_data`),
    and with the ``hand`` (MPSZ) its melded sets."""
    tile = _tiles(str(data.get("win_tile")))
    bits = [(_("Self-drawn {tile}") if data.get("by") == "tsumo" else _("Won on the discard {tile}")).format(tile=tile)]
    seat, rnd = data.get("seat"), data.get("round")
    if seat in WIND_WORDS and rnd in WIND_WORDS:
        bits.append(_("seat wind {seat}, prevalent wind {round}").format(seat=_(WIND_WORDS[seat]),
                                                                         round=_(WIND_WORDS[rnd])))
    flowers = int(data.get("flowers") or 0)
    bits.append(ngettext("{n} flower", "{n} flowers", flowers).format(n=flowers) if flowers else _("no flowers"))
    bits.extend(_(FLAG_WORDS[f]) for f in data.get("flags", ()) if f in FLAG_WORDS)
    melded = melded_line(str(data["hand"])) if data.get("hand") else ""
    return " · ".join(bits + ([melded] if melded else []))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=format_points(n))


def excluded_line(item: dict[str, Any]) -> str:
    """Why one fan the hand shows is left out: the fan that implies it, or the principle."""
    principle = item.get("principle", "non_repeat")
    template = _(PRINCIPLE_TEXTS.get(principle, PRINCIPLE_TEXTS["non_repeat"]))
    by = fan_term(item["by"]) if item.get("by_fan") else _("a bigger fan")
    return template.format(fan=fan_term(item["id"]), by=by, term=_term("mcr_" + principle))


def mcr_explain_item(item: dict[str, Any]) -> str | None:
    """One explanation item of the MCR drills as a line of rich markup (None for other kinds)."""
    k = item.get("kind")
    if k == "mcr_reading":
        groups = reading_markup(item.get("reading", ""))
        form = form_label(item.get("form", "standard"))
        # the form in small letters, as a shape: a fan of the same name may not be the one counted
        return _("The hand is {form}: {groups}").format(form=form, groups=groups) if groups else \
            _("The hand is {form}.").format(form=form)
    if k == "mcr_fan":
        n, value = item.get("count", 1), item["fan"]
        pts = _points(value) if n == 1 else _("{n} × {points}").format(n=n, points=_points(value))
        return f"{fan_term(item['id'])} — {pts}"
    if k == "mcr_excluded":
        return excluded_line(item)
    if k == "mcr_total":
        total, flowers = item["total"], item.get("flowers", 0)
        if flowers:
            text = _("Total: {fans} + {flowers} for flowers = {total}.").format(
                fans=_points(item["without_flowers"]), flowers=flowers, total=_points(total))
        else:
            text = _("Total: {total}.").format(total=_points(total))
        if item.get("meets"):
            return text + " " + _("Without flowers it reaches the minimum of {n}.").format(n=item["minimum"])
        return text + " " + _("Without flowers it is below the minimum of {n}: a {false_win}.").format(
            n=item["minimum"], false_win=_term("mcr_false_win"))
    if k == "mcr_wait":
        ways = [(f, reading_markup(r)) for f, r in item.get("readings", ()) if isinstance(f, str)]
        if len(ways) > 1:  # each form with its own split, not one split under two names
            shown = "; ".join(f"{form_label(f)}: {g}" if g else form_label(f) for f, g in ways)
            return _("{tile} completes the hand in more than one form: {ways}.").format(tile=_tiles(item["tile"]),
                                                                                       ways=shown)
        forms = ", ".join(form_label(f) for f in item.get("forms", ()))
        groups = reading_markup(item.get("reading", ""))
        line = _("{tile} completes the hand as {forms}").format(tile=_tiles(item["tile"]), forms=forms)
        return line + (": " + groups if groups else "") + "."
    if k == "mcr_not_wait":
        return not_wait_line(item)
    if k == "mcr_payment":
        return payment_line([item])
    if k == "mcr_shanten":
        n = item["shanten"]
        state = _("complete") if n < 0 else (_("ready") if n == 0 else ngettext(
            "{n} step from ready", "{n} steps from ready", n).format(n=n))
        return f"{form_label(item['form'])}: {state}"
    return None


SHORT_REASONS = {
    "non_repeat": N_("{fan} is inside {by}"),
    "account_once": N_("{fan}: the sets were already combined once"),
    "non_separation": N_("{fan}: only in another arrangement"),
    "non_identical": N_("{fan}: the same sets twice"),
}
LEFT_OUT = N_("Not counted: {reasons}.")


def score_summary(items: Any) -> str:
    """A scored hand in a few lines (a lesson's diagram): the arrangement, the fans counted with
    their points on one wrapped line, the fans left out with their reasons, the total."""
    lines = [mcr_explain_item(i) or "" for i in _items(items, "mcr_reading")]
    fans = []
    for i in _items(items, "mcr_fan"):
        n = i.get("count", 1)
        fans.append(f"{fan_term(i['id'])} {i['fan']}" + (f"×{n}" if n > 1 else ""))
    lines.append(" · ".join(fans))
    by_principle: dict[str, list[str]] = {}
    for i in _items(items, "mcr_excluded"):
        by = fan_term(i["by"]) if i.get("by_fan") else _("a bigger fan")
        reason = _(SHORT_REASONS.get(i["principle"], SHORT_REASONS["non_repeat"])).format(fan=fan_term(i["id"]), by=by)
        by_principle.setdefault(i["principle"], []).append(reason)
    reasons = ["; ".join(r) + f" — {_term('mcr_' + p)}" for p, r in by_principle.items()]  # not in brackets
    if reasons:
        lines.append(_(LEFT_OUT).format(reasons="; ".join(reasons)))
    lines.extend(mcr_explain_item(i) or "" for i in _items(items, "mcr_total"))
    lines.append(payment_line(items))
    return BR.join(line for line in lines if line)


def not_wait_line(item: dict[str, Any]) -> str:
    """Why a picked tile does not complete an MCR hand."""
    tile = _tiles(item["tile"])
    if item.get("fifth"):
        return _("{tile} cannot come: the hand already holds all four.").format(tile=tile)
    n = int(item["shanten"]) + 1  # tiles to exchange after the draw (MCR shanten 0: one more exchange)
    return ngettext("{tile} completes no MCR form. The closest form is {form}, and even with {tile} one tile of "
                    "the hand would still have to be exchanged.",
                    "{tile} completes no MCR form. The closest form is {form}, and even with {tile} {n} tiles of "
                    "the hand would still have to be exchanged.",
                    n).format(tile=tile, n=n, form=form_label(item["form"]))


def not_in_hand_line(fan_id: str) -> str:
    """A ticked fan the hand does not show at all, with what that fan asks for (the glossary's
    explanation), so the learner can see which part the hand lacks."""
    meaning = term_meaning("mcr_" + fan_id)
    if not meaning:
        return _("{fan}: this hand does not have it.").format(fan=fan_term(fan_id))
    # a sentence of its own: the explanation may hold brackets («панга (или конга)»)
    return _("{fan}: this hand does not have it. What the fan needs: {meaning}.").format(fan=fan_term(fan_id),
                                                                                      meaning=meaning)


# ---------------------------------------------------------------- the learner's own mistake


def _items(items: Any, kind: str) -> list[dict[str, Any]]:
    return [i for i in items if i.get("kind") == kind]


def fans_lines(items: Any, ticked: set[str], right: set[str], final: bool) -> list[str]:
    """Ticked fans against the counted ones: a ticked fan the hand shows but does not count is
    explained by the fan or principle that leaves it out; one it does not have is named; the
    missed ones are counted on the retry and named after the final try."""
    excluded = {i["id"]: i for i in _items(items, "mcr_excluded")}
    lines = []
    for f in sorted(ticked - right):
        if f in excluded:
            lines.append(excluded_line(excluded[f]))
        else:
            lines.append(not_in_hand_line(f))
    missed = sorted(right - ticked)
    found = bool(ticked & right)
    if missed and not final:
        if found:
            lines.append(ngettext("{n} more fan is counted in this hand.", "{n} more fans are counted in this hand.",
                                  len(missed)).format(n=len(missed)))
        else:
            lines.append(ngettext("This hand counts {n} fan; you have not ticked it yet.",
                                  "This hand counts {n} fans; you have not ticked any of them yet.",
                                  len(missed)).format(n=len(missed)))
    elif missed:
        fans = ", ".join(fan_term(f) for f in missed)
        lines.append((_("Also counted: {fans}.") if found else _("The fans counted: {fans}.")).format(fans=fans))
    return lines


def total_lines(items: Any, given: int, final: bool) -> list[str]:
    """A typed total against the calculator's: flowers left out, fans counted that a bigger fan
    implies, or a fan missing; after the final try the sum itself."""
    total = next((i for i in items if i.get("kind") == "mcr_total"), None)
    if total is None:
        return []
    fans = _items(items, "mcr_fan")
    left_out = bool(_items(items, "mcr_excluded"))
    lines = [_("You said {given}.").format(given=given)]
    if total["flowers"] and given == total["without_flowers"]:
        lines.append(_("The flowers are left out: each flower adds 1 point to the total (never to the minimum)."))
    elif left_out and given > total["total"]:
        lines.append(_("That is more than the hand is worth: did you add fans that a bigger fan already implies?"))
    elif given > total["total"]:
        lines.append(_("That is more than the hand is worth: did you count a fan this hand does not have, or "
                       "count a fan twice?"))
    elif given < total["total"]:
        lines.append(_("That is less than the hand is worth: a fan is missing, or a fan counted twice was added "
                       "once."))
    if final:
        parts = [_sum_part(i) for i in fans]
        lines.append(_("The sum: {parts} = {total}.").format(parts=" + ".join(parts), total=total["total"]))
    return lines


def _sum_part(item: dict[str, Any]) -> str:
    """One fan in the written sum: its points (×n when counted n times); the flowers named, as
    they are no fan of the hand's tiles ("2 for flowers")."""
    n = item.get("count", 1)
    if item["id"] == "flower_tiles":
        return ngettext("{n} for the flower", "{n} for the flowers", n).format(n=item["fan"] * n)
    return f"{item['fan']}" + (f"×{n}" if n > 1 else "")


def item_value(ex: Any, fan_id: str) -> int:
    """A fan's points under the exercise's MCR rules."""
    from trainer.engine.exercises.mcr_drills import mcr_rules

    rules = mcr_rules(str(ex.prompt.get("rule_set") or "mcr"))
    return rules.value(fan_id) if fan_id in rules.fans else 0


def minimum_lines(items: Any, said: str, final: bool) -> list[str]:
    """A yes/no about the minimum: on the retry how to count, after the final try the count."""
    total = next(i for i in items if i.get("kind") == "mcr_total")
    if not final:
        return [_("Add up the counted fans without the flowers: flowers never count toward the minimum, "
                  "and a fan implied by a bigger one is not counted.")]
    if said == "yes":
        return [_("Without flowers the fans make {n}: below the minimum of {m}, so this win would be a "
                  "{false_win}.").format(n=total["without_flowers"], m=total["minimum"],
                                         false_win=_term("mcr_false_win"))]
    return [_("Without flowers the fans make {n}: the minimum of {m} is reached.").format(
        n=total["without_flowers"], m=total["minimum"])]


def mcr_mistake(ex: Any, response: Any, final: bool) -> str | None:
    """Why an MCR drill answer is wrong, in terms of the fans and principles (None for other drills)."""
    if not is_mcr(ex):
        return None
    q = ex.prompt.question
    items = ex.explanation
    lines: list[str] = []
    if q == "mcr_fans_total":
        ticked, given = response
        right, total = ex.answer
        lines = fans_lines(items, set(ticked), set(right), final)
        if int(given) != total:
            if set(ticked) == set(right):
                lines.append(_("Your fans are right, the total is not."))
            lines.extend(total_lines(items, int(given), final))
    elif q == "mcr_fans":
        lines = fans_lines(items, set(response), set(ex.answer), final)
    elif q == "mcr_total":
        lines = total_lines(items, int(response[0]), final)
    elif q == "mcr_minimum":
        lines = minimum_lines(items, next(iter(response)), final)
    elif q == "mcr_excluded":
        said = next(iter(response))
        lines.append(_("{fan} is counted here: no bigger fan of this hand implies it.").format(fan=fan_term(said)))
    elif q == "mcr_excluded_by":
        lines = excluded_by_lines(ex, next(iter(response)), final)
    elif q == "mcr_waits":
        lines = waits_lines(ex.prompt.hand, items, set(response), set(ex.answer), final)
    return BR.join(lines)


def excluded_by_lines(ex: Any, said: str, final: bool) -> list[str]:
    """Why a counted fan picked as the one that leaves a fan out does not: the fans it does imply
    (the fan table's exclusions under the drill's rules, the calculator's own data); after the
    final try, when several counted fans imply it, all of them."""
    from trainer.engine.exercises.mcr_drills import fans_implying, implied_fans, mcr_rules

    rules = mcr_rules(str(ex.prompt.get("rule_set") or "mcr"))
    fan = str(ex.prompt.get("fan"))
    implied = implied_fans(rules, said)
    if implied:
        lines = [_("{said} does not imply {fan}: it implies only {fans}.").format(
            said=fan_term(said), fan=fan_term(fan), fans=", ".join(fan_term(f) for f in implied))]
    else:
        lines = [_("{said} implies no other fan, so it leaves nothing out.").format(said=fan_term(said))]
    right = fans_implying(rules, fan, [o.value for o in ex.prompt.options])
    if final and len(right) > 1:  # the working below names one of them (the calculator's first)
        lines.append(_("Each of these fans implies {fan}: {fans}.").format(
            fan=fan_term(fan), fans=", ".join(fan_term(f) for f in right)))
    return lines


def waits_found_line(picked: set[int], answer: set[int]) -> str:
    """A waits question's retry line: how many winning tiles (kinds) the hand has and how many of
    them the learner found ("This hand has 5 winning tiles; you found 0"), riichi and MCR alike."""
    return ngettext("This hand has {n} winning tile; you found {got}.",
                    "This hand has {n} winning tiles; you found {got}.", len(answer)).format(
        got=len(picked & answer), n=len(answer))


def waits_lines(hand_text: str, items: Any, picked: set[int], answer: set[int], final: bool,
                readings: bool = True) -> list[str]:
    """Picked tiles against an MCR hand's waits: why each wrong pick completes no form; the
    missed waits counted on the retry, and after the final try with the arrangement they make
    (``readings``; without it only named, where the engine's working shown under the feedback
    gives every winning tile with its arrangement already)."""
    from trainer.engine.exercises.mcr_drills import not_a_wait
    from trainer.engine.notation import parse_hand
    from trainer.engine.tiles import kind_name

    hand = parse_hand(hand_text, check_size=False)
    lines = [not_wait_line(not_a_wait(hand, k)) for k in sorted(picked - answer)]
    missed = sorted(answer - picked)
    if missed and not final:
        lines.append(waits_found_line(picked, answer))
    elif missed and readings:
        names = {kind_name(k) for k in missed}
        lines.extend(wait_lines([i for i in _items(items, "mcr_wait") if i["tile"] in names]))
    elif missed:
        lines.append(_("You did not pick {tiles}.").format(tiles=_tiles("".join(kind_name(k) for k in missed))))
    return lines


def wait_lines(waits: list[dict[str, Any]]) -> list[str]:
    """Winning tiles with the form each completes: a line per tile with its arrangement, and the
    tiles that complete the same form with no arrangement to show (thirteen orphans, the knitted
    singles) together in one line."""
    lines: list[str] = []
    alike: dict[tuple[str, ...], list[str]] = {}
    for i in waits:
        if reading_markup(i.get("reading", "")):
            lines.append(mcr_explain_item(i) or "")
        else:
            alike.setdefault(tuple(i.get("forms", ())), []).append(i["tile"])
    for forms, tiles in alike.items():
        shown = _tiles("".join(tiles))
        lines.append(ngettext("{tiles} completes the hand as {forms}.", "{tiles} complete the hand as {forms}.",
                              len(tiles)).format(tiles=shown, forms=", ".join(form_label(f) for f in forms)))
    return lines


def mcr_lesson_mistake(step: Any, response: Any, fb: Any, final: bool) -> str | None:
    """Why a lesson's MCR quiz answer is wrong (None for other questions): the same sentences as the
    drills, from the step's engine answer ``fb``."""
    ask = getattr(step, "ask", "") or ""
    if not ask.startswith("mcr_"):
        return None
    items = fb.explanation
    if step.kind == "choice":
        chosen = {response} if isinstance(response, int) else set(response)
        values = [o.value or "" for o in step.options]
        picked = {values[i] for i in chosen}
        right = {values[i] for i in fb.expected}
        if ask == "mcr_minimum":
            return BR.join(minimum_lines(items, next(iter(picked)), final))
        strip = {v: v.removeprefix("mcr_") for v in values}
        if ask == "mcr_fans":
            return BR.join(fans_lines(items, {strip[v] for v in picked}, {strip[v] for v in right}, final))
        return BR.join(picked_fan_line(items, strip[v]) for v in sorted(picked - right))
    if step.kind == "number" and ask in ("mcr_total", "mcr_points"):
        if ask == "mcr_points":
            return BR.join(points_lines(items, int(response), final))
        return BR.join(total_lines(items, int(response), final))
    if step.kind == "pick_tiles":
        # the lesson shows the engine's working under the feedback: every winning tile with its arrangement
        return BR.join(waits_lines(step.hand, items, {t.kind for t in response}, set(fb.expected), final,
                                   readings=False))
    return ""


def picked_fan_line(items: Any, fan_id: str) -> str:
    """Why a fan picked as left out is wrong: it is counted here; or the hand shows it and a bigger fan
    leaves it out for another reason; or the hand does not show it at all."""
    if fan_id in {i["id"] for i in _items(items, "mcr_fan")}:
        return _("{fan} is counted here: no bigger fan of this hand implies it.").format(fan=fan_term(fan_id))
    excluded = {i["id"]: i for i in _items(items, "mcr_excluded")}
    if fan_id in excluded:
        return excluded_line(excluded[fan_id])
    return not_in_hand_line(fan_id)


def points_lines(items: Any, given: int, final: bool = True) -> list[str]:
    """A typed gain of the winner against the engine's settlement: which slip the number shows
    (the flowers left out, the other way of winning, one payer's share, the hand's value alone, a
    false win paid as a win) — each found by settling the hand that way with the engine.  On the
    retry that and where to look (who pays what, in words, with no number of this hand); after the
    final try the settlement itself follows (the lesson shows it under these lines: the engine's
    working), so these lines never repeat it."""
    from trainer.engine.exercises.mcr_drills import mcr_rules
    from trainer.engine.mcr.calculator import payment

    pay = next((i for i in items if i.get("kind") == "mcr_payment"), None)
    total = next((i for i in items if i.get("kind") == "mcr_total"), None)
    lines = [_("You said {given}.").format(given=given)]
    if pay is None or total is None:
        return lines
    rules = mcr_rules("mcr")
    value, bare = total["total"], total["without_flowers"]
    self_drawn = "each" in pay
    if "false_win_each" in pay:
        if given > 0:
            lines.append(_("This hand is below the minimum, so the win does not count: the player who declared "
                           "it pays instead."))
        elif given == -pay["false_win_each"]:
            lines.append(_("That is what goes to one player: the penalty is paid to each of the other three."))
        elif given != pay["total"]:
            lines.append(_("The player who declared it pays the same penalty to each of the three others: add "
                           "the three payments."))
    elif total["flowers"] and given == payment(bare, self_drawn, True, rules).total:
        lines.append(_("The flowers are left out: each flower adds 1 point to the hand's value, and so to what "
                       "is paid."))
    elif given == payment(value, not self_drawn, True, rules).total:
        lines.append(_("That is what a win on a discard brings; self-drawn, each of the three pays 8 + the value.")
                     if self_drawn else
                     _("That is what a self-drawn win brings; on a discard only the discarder pays the value."))
    elif given == value:
        lines.append(_("That is the hand's value alone: each loser also pays 8 on top."))
    elif given == pay.get("each", pay.get("discarder")):
        lines.append(_("That is one player's payment: the winner is paid by all three."))
    elif given == -rules.false_win_penalty * 3:
        lines.append(_("This hand reaches the minimum: the win counts, and the others pay the winner."))
    elif given > pay["total"] and final:
        lines.append(_("That is more than the winner gains: add up what each of the three pays, as below."))
    elif given < pay["total"] and final:
        lines.append(_("That is less than the winner gains: add up what each of the three pays, as below."))
    elif given != pay["total"]:
        # the retry: the kind of slip and where to look — who pays what in the lesson's words, with
        # none of this hand's numbers
        lines.append(_("That is more than the winner gains.") if given > pay["total"] else
                     _("That is less than the winner gains."))
        lines.append(_("Check who pays: self-drawn, each of the three pays 8 + the value; add the three.")
                     if self_drawn else
                     _("Check who pays: on a discard, the discarder pays 8 + the value and the other two 8 each; "
                       "add the three."))
    return lines


def payment_line(items: Any) -> str:
    """Who pays what for an MCR win: 8 from each loser, plus the points from the discarder (or
    from all three on a self-draw)."""
    pay = next((i for i in items if i.get("kind") == "mcr_payment"), None)
    if pay is None:
        return ""
    # the lesson's words: "8 + the value", "the offender" (mcr_payments.yaml)
    if "each" in pay:
        return _("Self-drawn: each of the three pays 8 + the value = {each}; the winner gains {total}.").format(
            each=pay["each"], total=pay["total"])
    if "discarder" in pay:
        return _("On a discard: the discarder pays 8 + the value = {d}, the other two 8 each; the winner gains "
                 "{total}.").format(d=pay["discarder"], total=pay["total"])
    return _("Below the minimum: a {false_win}; the offender pays {n} to each other player.").format(
        n=pay.get("false_win_each", 0), false_win=_term("mcr_false_win"))


__all__ = [
    "MCR_BLURBS", "MCR_FIELD_LABELS", "MCR_GENERATORS", "MCR_QUESTIONS", "MCR_TITLES", "MCR_VALUE_LABELS",
    "excluded_line", "fan_term", "form_label", "is_mcr", "mcr_explain_item", "mcr_info_text", "mcr_mistake",
    "mcr_question_text", "reading_markup", "score_summary",
]

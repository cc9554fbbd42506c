"""The review's verdict on one discard, in beginner words with tiles and glossary links (against a
threat, with one more sentence on push or fold: :func:`push_fold_text`); for a ready hand that
could declare riichi, a second row on riichi or dama; and the coach's words on an answer to a
riichi-or-dama review card (:func:`riichi_answer_text`)."""

from __future__ import annotations

from typing import Any

from trainer.engine.evaluator.reasons import reason
from trainer.engine.game.review import Decision
from trainer.i18n import _, format_about_points, format_number, ngettext, pgettext
from trainer.ui.richtext import BR, term_word
from trainer.ui.views.table.coach import (
    NOTABLE_GAIN,
    RIICHI_WHY,
    about_figure,
    compared_risks,
    gain_parts,
    risks_words,
    tiles_or,
    worth_words,
)


def _t(text: str) -> str:
    return "{tiles:" + text + "}"


def _genbutsu() -> str:
    return term_word("genbutsu", pgettext("inline term", "genbutsu"))


def decision_text(d: Decision) -> str:
    """Why the chosen discard was good, or what was better and why (rich text); when riichi or
    dama was a choice with that tile, a second row says which the coach prefers and why."""
    text = tile_text(d)
    choice = getattr(d, "riichi_choice", None)  # a verdict built by hand (tests, puzzles) may have none
    if choice is not None:
        text += BR + riichi_choice_text(choice)
    return text


def tile_text(d: Decision) -> str:
    """The verdict on the tile discarded alone (efficiency and safety), without the riichi row;
    against a threat, followed by the push-or-fold sentence (:func:`push_fold_text`)."""
    pf = getattr(d, "push_fold", None)  # a verdict built by hand (tests, puzzles) may have none
    text = _verdict_text(d, pf)
    return text if pf is None else text + " " + push_fold_text(pf, d.chosen)


def _threat_words(d: Decision) -> str:
    """The threat a fold is against: the riichi, or a hand that looks ready (no riichi on the table)."""
    return _("the {riichi}").format(riichi="{term:riichi}") if d.danger is not None else _(
        "the hand that looks ready")


def _verdict_text(d: Decision, pf: dict[str, Any] | None) -> str:
    """The efficiency-and-safety sentence, worded so that it never contradicts the push-or-fold one:
    a fold the coach advises is right, whatever it gives up of the hand; where the coach folds and
    the learner played on, the sentence does not hold up a faster tile as better."""
    mine = _t(d.chosen)
    best = tiles_or(d.best)
    safe = _safe_now(d)
    against = pf is not None and pf["chosen"] != pf["advice"]
    if pf is not None and pf["chosen"] == "fold" and d.verdict == "good":
        threat = _threat_words(d)
        safest = [t.replace("0", "5") for t in (d.danger or {}).get("safest") or [pf["safest"]]]
        if d.chosen.replace("0", "5") in safest:
            text = _("You discarded {mine}: the safest tile against {threat}.").format(mine=mine, threat=threat)
        else:
            text = _("You discarded {mine}: nearly as safe against {threat} as the safest tile, {safest}, and it "
                     "keeps more of your hand.").format(mine=mine, threat=threat, safest=_t(pf["safest"]))
        return text if against else text + " " + _("Good.")
    if pf is not None and pf["advice"] == "fold" and pf["chosen"] == "push" and d.verdict in (
            "lost_tiles", "lost_shanten"):
        return _("You discarded {mine} and played on.").format(mine=mine)  # the fold is said next
    if d.verdict == "lost_tiles":
        return ngettext("You discarded {mine}: after it the {ukeire} was {n} useful tile. Discarding {best} instead "
                        "would leave {m}: keep the tiles that connect with more of your hand.",
                        "You discarded {mine}: after it the {ukeire} was {n} useful tiles. Discarding {best} instead "
                        "would leave {m}: keep the tiles that connect with more of your hand.", d.ukeire_chosen).format(
            mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}", best=best, m=d.ukeire_best)
    if d.verdict == "lost_shanten":
        # steps to tenpai are the shanten number, as the coach, the call review and the drills count them
        k, j = d.shanten_chosen, d.shanten_best
        tenpai = term_word("tenpai", pgettext("inline term", "tenpai"))
        if j <= 0:
            return ngettext("You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "step from {tenpai}, while {best} would have kept it ready.",
                            "You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "steps from {tenpai}, while {best} would have kept it ready.", k).format(
                mine=mine, k=k, tenpai=tenpai, shanten="{term:shanten}", best=best)
        return ngettext("You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} step "
                        "from {tenpai} instead of {j}. Better: {best}.",
                        "You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} steps "
                        "from {tenpai} instead of {j}. Better: {best}.", k).format(
            mine=mine, k=k, tenpai=tenpai, shanten="{term:shanten}", j=j, best=best)
    if d.verdict == "unsafe" and pf is not None:  # push or fold is said next: no general advice here
        return _("You discarded {mine} while a {riichi} was waiting: it could deal in; {safe} could not "
                 "({genbutsu}).").format(mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.verdict == "unsafe":
        return _("You discarded {mine} while a {riichi} was waiting: it could deal in. {safe} could not "
                 "({genbutsu}): when your hand is far from ready, fold with safe tiles.").format(
            mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.verdict == "dealt_in":
        return _("{mine} dealt into the {riichi}. {safe} was safe ({genbutsu}).").format(
            mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if pf is None and d.danger is not None and d.danger["chosen"] == d.danger["safest_danger"]:
        return _("You discarded {mine}: the safest tile against the {riichi}. Good.").format(
            mine=mine, riichi="{term:riichi}")
    if against:  # the tile was fine for the hand, but the coach would not have played this way
        return ngettext("You discarded {mine}: the {ukeire} is {n} useful tile.",
                        "You discarded {mine}: the {ukeire} is {n} useful tiles.", d.ukeire_chosen).format(
            mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}")
    return ngettext("You discarded {mine}: the coach agrees, the {ukeire} is {n} useful tile.",
                    "You discarded {mine}: the coach agrees, the {ukeire} is {n} useful tiles.", d.ukeire_chosen).format(
        mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}")


def _safe_now(d: Decision) -> str:
    """The tiles no riichi could ron on (genbutsu), for a sentence that calls them safe: the
    safest tiles when they are genbutsu, else the genbutsu in the hand."""
    if d.danger is None:
        return ""
    genbutsu = d.danger.get("genbutsu")
    safest = d.danger["safest"]
    if genbutsu and not set(safest) <= set(genbutsu):
        return tiles_or(genbutsu)
    return tiles_or(safest)


def _percent(chance: float) -> int:
    """A win chance in whole percent (under half a percent: 0)."""
    return round(100 * chance)


def _about(points: float) -> str:
    """An expected figure to the nearest ten ("about 290"), from 10,000 on to the nearest hundred
    (:func:`~trainer.ui.views.table.coach.about_figure`)."""
    return about_figure(points)


def _hand_worth(pf: dict[str, Any], *, exact: bool = False) -> str:
    """What pushing can win: the hand's value and the chance to win it, what that makes on
    average and what the expected gain the coach weighs adds to it (the dealer's factor, a ready
    hand's draw payments), so that the figures add up
    (:func:`~trainer.ui.views.table.coach.worth_words`; the parts as the review's ``push_fold``
    copies them from the evaluator's ``gain`` reason: ``dealer_factor``, ``draw_payments``)."""
    parts = gain_parts(pf)
    return worth_words(pf["gain"], parts["win"], parts["value"], factor=parts["factor"], draw=parts["draw"],
                       exact=exact)


def _safe_tile(pf: dict[str, Any]) -> str:
    """The safest tile, and what it risked ("genbutsu: no risk" when no threat can ron on it)."""
    tile = _t(pf["safest"])
    if pf.get("safest_genbutsu"):
        return _("{tile} was {genbutsu}: no risk.").format(tile=tile, genbutsu=_genbutsu())
    if round(pf["safest_risk"], -2) == 0:
        return _("The safest tile, {tile}, risked almost nothing.").format(tile=tile)
    return _("The safest tile, {tile}, risked about {risk} this turn.").format(tile=tile, risk=_about(pf["safest_risk"]))


def _push_fold_why(pf: dict[str, Any]) -> str:
    """Why the coach pushes or folds, with its figures: the expected gain against what playing
    on adds to folding's risk (in the last hand: the places, without figures)."""
    if pf.get("last_hand"):
        if pf["advice"] == "push":
            why = _("in the last hand only the final place counts, and a win here is worth more places than "
                    "the risk")
        else:
            why = _("in the last hand only the final place counts, and pushing risks more places than a win "
                    "would bring")
    else:
        # the coach pushes when the expected gain covers what pushing adds to the risk of folding; both
        # risks are named, as the table's coach names them (coach.risks_words)
        exact, loss, fold, extra = compared_risks(pf["gain"], pf["loss"], pf["safest_risk"])
        worth = _hand_worth(pf, exact=exact)
        risks = risks_words(loss, fold)
        if pf["advice"] == "push" and pf.get("advised"):
            # the figures are those of pushing with the coach's tile, which may not be the learner's:
            # name it, so they are never read as the risk of the tile the learner threw
            why = _("{worth}, more than pushing with {tile} adds to the risk (about {extra}: {risks})").format(
                worth=worth, tile=_t(pf["advised"]), extra=extra, risks=risks)
        elif pf["advice"] == "push":
            why = _("{worth}, more than pushing adds to the risk (about {extra}: {risks})").format(
                worth=worth, extra=extra, risks=risks)
        else:
            why = _("{worth}, less than pushing adds to the risk (about {extra}: {risks})").format(
                worth=worth, extra=extra, risks=risks)
    return why


def push_fold_text(pf: dict[str, Any], chosen: str) -> str:
    """Push or fold against a threat (the review's ``push_fold``), in beginner words: "right" when
    the learner did what the coach does, else what the coach would do; why, with the coach's
    figures — what the hand is worth and the chance to win it against what pushing on risks
    (in the last hand: the places, without figures) — and, for a fold, the safest tile."""
    betaori = "{term:betaori}"
    why = _push_fold_why(pf)
    if pf["chosen"] == pf["advice"]:
        if pf["chosen"] == "push":
            return _("You pushed: right — {why}.").format(why=why)
        return _("You made a {betaori}: right — {why}.").format(betaori=betaori, why=why)
    if pf["advice"] == "push":
        return _("The coach would push here: {why}.").format(why=why)
    return _("The coach would make a {betaori} here: {why}. Your tile {mine} alone risked about {risk} this "
             "turn.").format(betaori=betaori, why=why, mine=_t(chosen), risk=_about(pf["risk"])) + " " + _safe_tile(pf)


def push_fold_answer_text(pf: dict[str, Any], answer: str) -> str:
    """The coach's words on an answer to "push or fold?" on a review card (the review's
    ``push_fold`` recomputed from the game; ``answer`` is "push" or "fold"): "Correct" or what the
    coach would do, why (:func:`push_fold_text`'s figures) and, unless both push, the safest tile."""
    why = _push_fold_why(pf)
    if answer == pf["advice"]:
        if answer == "push":
            return _("Correct: the coach pushes too — {why}.").format(why=why)
        text = _("Correct: the coach makes a {betaori} too — {why}.").format(betaori="{term:betaori}", why=why)
    elif pf["advice"] == "push":
        text = _("The coach would push here: {why}.").format(why=why)
    else:
        text = _("The coach would make a {betaori} here: {why}.").format(betaori="{term:betaori}", why=why)
    return text + " " + _safe_tile(pf)


def push_fold_played_text(d: Decision) -> str:
    """What the learner did at the table on a push-or-fold card: the tile, pushed or folded, and
    what the tile risked (rich text)."""
    pf = d.push_fold or {}
    tile = _t(d.chosen)
    if pf.get("chosen") == "fold":
        text = _("In the game you discarded {tile} and made a {betaori}.").format(tile=tile, betaori="{term:betaori}")
    else:
        text = _("In the game you discarded {tile} and pushed.").format(tile=tile)
    if "risk" in pf and not pf.get("last_hand"):
        text += " " + _("The tile risked about {risk} this turn.").format(risk=_about(pf["risk"]))
    return text


def _dama() -> str:
    return term_word("damaten", pgettext("inline term", "dama"))


def _values(c: dict[str, Any]) -> str:
    """The expected ron value both ways, as the coach shows it at the table."""
    return _("a ron: about {p} with riichi, {dama} without").format(
        p=format_about_points(c["with_riichi"]), dama=format_about_points(c["dama"]))


def riichi_choice_text(c: dict[str, Any]) -> str:
    """Riichi or dama with a ready closed hand (the review's ``riichi_choice``): "Good" when the
    learner did what the coach does, else what the coach prefers and why, by its deciding reason
    (riichi is the only yaku, riichi multiplies the hand, a wide wait in a cheap hand; the hand is
    a mangan already, riichi adds little, the placement in the last hand, a furiten or dead wait)."""
    if c["chosen"] == c["advice"]:
        return _agreed(c)
    return _riichi_missed(c) if c["advice"] == "riichi" else _dama_missed(c)


def _ratio(c: dict[str, Any]) -> str:
    """How many times riichi multiplies the expected ron ("2.3"; "2,3" in Russian)."""
    return format_number(round(c["with_riichi"] / c["dama"], 1)) if c["dama"] > 0 else ""


def _gain(c: dict[str, Any]) -> float:
    """How many times riichi multiplies the expected ron, the evaluator's ``ratio`` (1 without a dama value)."""
    return c["with_riichi"] / c["dama"] if c["dama"] > 0 else 1.0


def _coach_why(c: dict[str, Any]) -> str:
    """The coach's deciding reason in the table coach's own words (:data:`RIICHI_WHY`), with the
    evaluator's figures: the ratio, and the winning tiles left ("riichi would make the hand about
    2.5 times bigger, but the wait is narrow: only 1 winning tile left"); "" for an unknown code."""
    words = RIICHI_WHY.get(c["reason"])
    if words is None:
        return ""
    values: dict[str, Any] = {"ratio": _gain(c)}
    if c.get("left") is not None:
        values["left"] = c["left"]
    return words(reason(c["reason"], **values))


def _adds_little(c: dict[str, Any]) -> bool:
    """Whether riichi really adds little (``riichi_adds_little`` under :data:`NOTABLE_GAIN`): the
    evaluator gives that code up to its own threshold and for a narrow wait at any ratio, so a
    real gain is named with its figure, never called little."""
    return _gain(c) < NOTABLE_GAIN


def _agreed(c: dict[str, Any]) -> str:
    """The learner chose what the coach chooses: say so, with the coach's deciding reason in the
    table coach's own words."""
    why = _coach_why(c)
    if c["chosen"] == "riichi":
        if why and c["dama"] > 0:
            return _("You declared {riichi}: the coach agrees — {why} ({values}). Good.").format(
                riichi="{term:riichi}", why=why, values=_values(c))
        if why:
            return _("You declared {riichi}: the coach agrees — {why}. Good.").format(riichi="{term:riichi}", why=why)
        return _("You declared {riichi}: the coach agrees. Good.").format(riichi="{term:riichi}")
    if why and c["dama"] > 0:
        return _("You stayed {dama}: the coach agrees — {why} ({values}). Good.").format(
            dama=_dama(), why=why, values=_values(c))
    if why:
        return _("You stayed {dama}: the coach agrees — {why}. Good.").format(dama=_dama(), why=why)
    return _("You stayed {dama}: the coach agrees. Good.").format(dama=_dama())


def _riichi_missed(c: dict[str, Any]) -> str:
    """The learner stayed dama where the coach declares riichi: what riichi would have added."""
    why, values, riichi, dama = c["reason"], _values(c), "{term:riichi}", _dama()
    if why == "riichi_for_yaku":
        return _("You stayed {dama}, but without {riichi} the hand had no {yaku}: no ron could score, only a "
                 "self-drawn win, with its own yaku, {tsumo}. Riichi makes it a real hand (a ron: about {p}).").format(
            dama=dama, riichi=riichi, yaku="{term:yaku}", tsumo="{term:menzen_tsumo}",
            p=format_about_points(c["with_riichi"]))
    if why == "riichi_adds":
        return _("You stayed {dama}: {riichi} would have made the hand about {ratio} times bigger "
                 "({values}).").format(dama=dama, riichi=riichi, ratio=_ratio(c), values=values)
    if why == "riichi_good_wait":
        return _("You stayed {dama}: a cheap hand with a wide wait ({n} winning tiles left) gains a lot from "
                 "{riichi} ({values}).").format(dama=dama, n=c["left"], riichi=riichi, values=values)
    if why == "riichi_for_place":
        return _("You stayed {dama}: in the last hand only the {riichi} value would move you up a place "
                 "({values}).").format(dama=dama, riichi=riichi, values=values)
    return _("You stayed {dama}: the coach would declare {riichi} here ({values}).").format(
        dama=dama, riichi=riichi, values=values)


def _dama_missed(c: dict[str, Any]) -> str:
    """The learner declared riichi where the coach stays dama: what dama would have kept."""
    why, values, riichi, dama = c["reason"], _values(c), "{term:riichi}", _dama()
    keep = _("{dama} hides that you are ready and keeps you free to change the wait or fold").format(dama=dama)
    if why == "dama_mangan":
        return _("You declared {riichi}, but the hand was already a {mangan} without it ({values}): {keep}.").format(
            riichi=riichi, mangan="{term:mangan}", values=values, keep=keep)
    if why == "riichi_adds_little" and not _adds_little(c):  # a real gain, and why the coach stays quiet anyway
        # TRANSLATORS: {why} is the coach's reason ("riichi would make the hand about 2.5 times bigger, but the
        # wait is narrow: only 1 winning tile left, and everyone would see you are ready").
        return _("You declared {riichi}, but the coach would stay {dama}: {why} ({values}).").format(
            riichi=riichi, dama=dama, why=_coach_why(c), values=values)
    if why == "riichi_adds_little":
        return _("You declared {riichi}, but it added little ({values}) and told everyone you were ready: "
                 "{keep}.").format(riichi=riichi, values=values, keep=keep)
    if why == "dama_any_win_ends":
        return _("You declared {riichi}, but {agari_yame} applied — you led the last hand, and any win ended the "
                 "game: {keep}.").format(riichi=riichi, agari_yame="{term:agari_yame}", keep=keep)
    if why == "dama_enough_for_place":
        return _("You declared {riichi}, but a win without it already moved you up a place ({values}): "
                 "{keep}.").format(riichi=riichi, values=values, keep=keep)
    if why == "furiten":
        return _("You declared {riichi} on a {furiten} wait: only a self-drawn win was possible, and after riichi "
                 "the hand cannot change to a better wait. Stay {dama} and fix the wait first.").format(
            riichi=riichi, furiten="{term:furiten}", dama=dama)
    if why == "dead_wait":
        return _("You declared {riichi}, but no winning tile was left: after riichi the hand cannot change, so "
                 "it could never win. Stay {dama} and change the wait.").format(riichi=riichi, dama=dama)
    return _("You declared {riichi}; the coach would stay {dama} here ({values}).").format(
        riichi=riichi, dama=dama, values=values)


def _both_values(c: dict[str, Any]) -> str:
    """The expected ron value both ways; a hand with no yaku without riichi has no ron at all."""
    if c["dama"] > 0:
        return _values(c)
    return _("a ron: about {p} with riichi, none without it").format(p=format_about_points(c["with_riichi"]))


def riichi_answer_text(c: dict[str, Any], answer: str) -> str:
    """The coach's words on an answer to "riichi or dama?" on a review card (the review's
    ``riichi_choice`` recomputed from the game; ``answer`` is "riichi" or "dama"): "Correct" with the
    coach's deciding reason, or why the other choice is better, by that reason; the ron value
    both ways (rich text with glossary links)."""
    values = _both_values(c)
    if answer == c["advice"]:
        why = _coach_why(c)
        if answer == "riichi":
            text = (_("Correct: the coach declares {riichi} too — {why} ({values}).") if why
                    else _("Correct: the coach declares {riichi} too ({values})."))
            return text.format(riichi="{term:riichi}", why=why, values=values)
        text = (_("Correct: the coach stays {dama} too — {why} ({values}).") if why
                else _("Correct: the coach stays {dama} too ({values})."))
        return text.format(dama=_dama(), why=why, values=values)
    return _riichi_better(c, values) if c["advice"] == "riichi" else _dama_better(c, values)


def _riichi_better(c: dict[str, Any], values: str) -> str:
    """The learner answered dama where the coach declares riichi: what riichi adds."""
    why, riichi = c["reason"], "{term:riichi}"
    if why == "riichi_for_yaku":
        return _("Better to declare {riichi}: without it the hand has no {yaku}, so no ron can score, only a "
                 "self-drawn win, with its own yaku, {tsumo}. Riichi makes it a real hand ({values}).").format(
            riichi=riichi, yaku="{term:yaku}", tsumo="{term:menzen_tsumo}", values=values)
    if why == "riichi_adds":
        return _("Better to declare {riichi}: it makes the hand about {ratio} times bigger ({values}).").format(
            riichi=riichi, ratio=_ratio(c), values=values)
    if why == "riichi_good_wait":
        return _("Better to declare {riichi}: a cheap hand with a wide wait ({n} winning tiles left) gains a lot "
                 "from it ({values}).").format(riichi=riichi, n=c["left"], values=values)
    if why == "riichi_for_place":
        return _("Better to declare {riichi}: in the last hand only its value moves you up a place "
                 "({values}).").format(riichi=riichi, values=values)
    return _("Better to declare {riichi}: the coach does so here ({values}).").format(riichi=riichi, values=values)


def _dama_better(c: dict[str, Any], values: str) -> str:
    """The learner answered riichi where the coach stays dama: what dama keeps."""
    why, riichi, dama = c["reason"], "{term:riichi}", _dama()
    hide = _("Staying quiet hides that you are ready and keeps you free to change the wait or fold.")
    if why == "dama_mangan":
        text = _("Better to stay {dama}: the hand is already a {mangan} without riichi ({values}).").format(
            dama=dama, mangan="{term:mangan}", values=values)
    elif why == "riichi_adds_little" and not _adds_little(c):  # the coach's words already say what dama keeps
        # TRANSLATORS: {why} is the coach's reason ("riichi would make the hand about 2.5 times bigger, but the
        # wait is narrow: only 1 winning tile left, and everyone would see you are ready").
        return _("Better to stay {dama}: {why} ({values}).").format(dama=dama, why=_coach_why(c), values=values)
    elif why == "riichi_adds_little":
        text = _("Better to stay {dama}: {riichi} adds little ({values}) and tells everyone you are ready.").format(
            dama=dama, riichi=riichi, values=values)
    elif why == "dama_any_win_ends":
        text = _("Better to stay {dama}: {agari_yame} applies — you lead the last hand, and any win ends the game, "
                 "so the quiet win is enough ({values}).").format(dama=dama, agari_yame="{term:agari_yame}", values=values)
    elif why == "dama_enough_for_place":
        text = _("Better to stay {dama}: a win without riichi already moves you up a place ({values}).").format(
            dama=dama, values=values)
    elif why == "furiten":
        return _("Better to stay {dama}: your wait is {furiten}, so only a self-drawn win is possible, and after "
                 "{riichi} the hand cannot change to a better wait. Fix the wait first.").format(
            dama=dama, furiten="{term:furiten}", riichi=riichi)
    elif why == "dead_wait":
        return _("Better to stay {dama}: no winning tile is left, and after {riichi} the hand cannot change, so it "
                 "could never win. Change the wait first.").format(dama=dama, riichi=riichi)
    else:
        text = _("Better to stay {dama}: the coach does so here ({values}).").format(dama=dama, values=values)
    return text + " " + hide


def riichi_played_text(d: Decision) -> str:
    """What the learner did at the table on a riichi-or-dama card: the tile, riichi or dama, and
    the winning tiles left (rich text)."""
    c = d.riichi_choice or {}
    tile = _t(d.chosen)
    if c.get("chosen") == "riichi":
        text = _("In the game you discarded {tile} and declared {riichi}.").format(tile=tile, riichi="{term:riichi}")
    else:
        text = _("In the game you discarded {tile} and stayed {dama}.").format(tile=tile, dama=_dama())
    if "left" in c:
        text += " " + _("Winning tiles left: {n}.").format(n=c["left"])
    return text

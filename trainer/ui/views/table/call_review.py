"""The review's verdict on an answer to a call offer (pon, chi or pass on another player's
discard), in beginner words with tiles and glossary links: "Good" when the learner did what the
table's coach does, else what the coach would do and why, from the evaluator's deciding reason
(:class:`trainer.engine.game.call_review.CallDecision`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trainer.engine.game.actions import Pass
from trainer.engine.game.call_review import CallDecision, CallPoint, review_call
from trainer.engine.notation import format_tiles, parse_tiles
from trainer.i18n import _, format_about_points, ngettext, pgettext
from trainer.ui.richtext import term_word, tiles_markup


def _call(call: str) -> str:
    """«pon» or «chi» as a word of the sentence, linked to its glossary card."""
    if call == "pon":
        return term_word("pon", pgettext("inline term", "pon"))
    return term_word("chii", pgettext("inline term", "chi"))


def _tenpai() -> str:
    return term_word("tenpai", pgettext("inline term", "tenpai"))


def _named(call: str, tile: str, own: tuple[str, ...]) -> str:
    """A call as the sentence names it: «pon», or «chi» with the run it makes (the two tiles from
    the hand and the discard, in order: which chi, when the tile allows more than one)."""
    if call == "pon":
        return _call(call)
    run = tiles_markup(format_tiles(sorted(parse_tiles("".join((*own, tile)), max_copies=None))))
    return _("{chi} ({run})").format(chi=_call(call), run=run)


def steps_words(shanten: int) -> str:
    """How far the hand is from ready: «the hand is tenpai», «the hand is 2 steps from tenpai»."""
    if shanten <= 0:
        return _("the hand is {tenpai}").format(tenpai=_tenpai())
    return ngettext("the hand is {n} step from {tenpai}", "the hand is {n} steps from {tenpai}",
                    shanten).format(n=shanten, tenpai=_tenpai())


def _reasons(c: CallDecision) -> dict[str, Callable[[], str]]:
    """The evaluator's deciding call reasons, each as a clause about the meld judged."""
    after, p = steps_words(c.shanten_after), format_about_points(c.value_after)
    riichi = next((r.get("riichi", 0) for r in c.reasons if r.get("code") == "keep_closed"), 0)
    return {
        "speed_yakuhai": lambda: _("the pon makes a {yakuhai}, which gives the hand a {yaku}, and after the call "
                                   "{after}").format(yakuhai="{term:yakuhai}", yaku="{term:yaku}", after=after),
        "gives_yaku": lambda: _("the open hand has no {yaku} now and could never win; the {pon} gives it one "
                                "(about {p} for a ron), and after the call {after}").format(
            yaku="{term:yaku}", pon=_call("pon"), p=p, after=after),
        "value": lambda: _("after the call {after}, and the open hand is still worth about {p}").format(
            after=after, p=p),
        "speed": lambda: _("after the call {after}, and the hand keeps a {yaku} (a ron: about {p})").format(
            after=after, yaku="{term:yaku}", p=p),
        "formal_tenpai": lambda: _("the wall is nearly empty: the call makes the hand {keishiki}, ready for the "
                                   "payment at the draw even without a {yaku}").format(
            keishiki="{term:keishiki_tenpai}", yaku="{term:yaku}"),
        "not_faster": lambda: _not_faster(c),
        "no_yaku": lambda: _("after the call the open hand has no {yaku}, and a hand without a yaku can never "
                             "win").format(yaku="{term:yaku}"),
        "folding": lambda: _("someone is in {riichi}, and even after the call {after}: a {betaori} is better "
                             "than opening the hand").format(riichi="{term:riichi}", after=after, betaori="{term:betaori}"),
        "keep_closed": lambda: _("the closed hand is close to {tenpai} and worth far more with {riichi} (about "
                                 "{r}) than open (about {p})").format(
            tenpai=_tenpai(), riichi="{term:riichi}", r=format_about_points(riichi), p=p),
        "cheap_and_slow": lambda: _("the open hand would be cheap (about {p}) and still slow: after the call "
                                    "{after}").format(p=p, after=after),
    }


def _not_faster(c: CallDecision) -> str:
    """The evaluator's ``not_faster`` before tenpai: the call leaves the hand as many steps from
    tenpai as it is (or more), said once («и с ним, и без него остаётся 2 шага»)."""
    if c.shanten_after > c.shanten:
        return ngettext("the call sets the hand back: after it, {n} step is left to {tenpai}",
                        "the call sets the hand back: after it, {n} steps are left to {tenpai}",
                        c.shanten_after).format(n=c.shanten_after, tenpai=_tenpai())
    return ngettext("the call does not bring the hand closer to {tenpai}: with or without it, {n} step is left",
                    "the call does not bring the hand closer to {tenpai}: with or without it, {n} steps are left",
                    c.shanten_after).format(n=c.shanten_after, tenpai=_tenpai())


def _ready_not_faster(open_hand: bool | None) -> str:
    """The evaluator's ``not_faster`` for a hand already tenpai: the call cannot bring a win closer;
    a closed hand would only be opened by it, an open one (``open_hand``) would only be left with fewer
    tiles (fewer to fold with); not known (None): the first part alone."""
    if open_hand is None:
        return _("you are already {tenpai}: the call cannot bring a win closer").format(tenpai=_tenpai())
    if open_hand:
        return _("you are already {tenpai}: the call cannot bring a win closer, it only leaves fewer tiles in your "
                 "hand, and fewer to fold with").format(tenpai=_tenpai())
    return _("you are already {tenpai}: the call cannot bring a win closer, it only opens the hand").format(
        tenpai=_tenpai())


def call_why(c: CallDecision, open_hand: bool | None = None) -> str:
    """The deciding reason of the verdict on the meld judged, as a clause ("" for an unknown code).
    ``open_hand``: whether the hand already had open melds before this call (None: not known)."""
    if c.reason == "not_faster" and c.shanten <= 0:
        return _ready_not_faster(open_hand)
    words = _reasons(c).get(c.reason)
    return words() if words else ""


def _dash_why(c: CallDecision, open_hand: bool | None = None) -> str:
    """The coach's reason as the tail of a sentence (" — the call does not ..."), or nothing."""
    why = call_why(c, open_hand)
    return " — " + why if why else ""


def call_choice_text(c: CallDecision, open_hand: bool | None = None) -> str:
    """The verdict on the learner's answer to a pon or chi offer (rich text): "Good" with the
    coach's reason when the coach agrees; else, for a pass, the call the coach would make and
    why, and for a call, why the coach would not make it (and the call it would make instead).
    ``open_hand``: whether the hand had open melds before the offer (None: not known)."""
    tile, sep = tiles_markup(c.tile), _dash_why(c, open_hand)
    if not c.called:
        if not c.against_advice:
            return _("You passed on {tile}: the coach would not call either{why}. Good.").format(tile=tile, why=sep)
        return _("You passed on {tile}: the coach would call {call}{why}.").format(
            tile=tile, call=_named(c.advice, c.tile, c.advice_tiles), why=sep)
    call = _named(c.chosen, c.tile, c.chosen_tiles)
    if not c.against_advice:
        return _("You called {call} on {tile}: the coach agrees{why}. Good.").format(call=call, tile=tile, why=sep)
    if c.advice == "pass":
        return _("You called {call} on {tile}, but the coach would pass{why}.").format(call=call, tile=tile, why=sep)
    text = _("You called {call} on {tile}{why}.").format(call=call, tile=tile, why=sep)
    return text + " " + _("The coach would call {call} instead.").format(
        call=_named(c.advice, c.tile, c.advice_tiles))


def call_answer_text(c: CallDecision, open_hand: bool | None = None) -> str:
    """The coach's words on an answer given on a call card ("X was discarded. Call or pass?"),
    where ``c`` is the verdict on that answer (:func:`~trainer.engine.game.call_review.review_call`
    with the card's answer): "Correct" with the coach's reason, else what the coach would do and why
    (rich text with glossary links).  ``open_hand``: whether the hand had open melds (None: not known)."""
    sep = _dash_why(c, open_hand)
    if not c.against_advice:
        if not c.called:
            return _("Correct: the coach passes too{why}.").format(why=sep)
        return _("Correct: the coach calls {call} too{why}.").format(call=_named(c.chosen, c.tile, c.chosen_tiles),
                                                                   why=sep)
    if not c.called:
        return _("Better to call {call}{why}.").format(call=_named(c.advice, c.tile, c.advice_tiles), why=sep)
    text = _("Better not to call {call}{why}.").format(call=_named(c.chosen, c.tile, c.chosen_tiles), why=sep)
    if c.advice == "pass":
        return text
    return text + " " + _("The coach would call {call} instead.").format(
        call=_named(c.advice, c.tile, c.advice_tiles))


def call_played_text(c: CallDecision) -> str:
    """What the learner did at the table on a call card (``c``: the verdict on the game's answer),
    and how far the hand was from ready without the call (rich text)."""
    tile = tiles_markup(c.tile)
    if c.called:
        text = _("In the game you called {call} on {tile}.").format(call=_named(c.chosen, c.tile, c.chosen_tiles),
                                                                    tile=tile)
    else:
        text = _("In the game you passed on {tile}.").format(tile=tile)
    return text + " " + _("Without the call {steps}.").format(steps=steps_words(c.shanten))


def call_line(view: Any, offers: tuple[Any, ...], rules: Any = None) -> str:
    """The table coach's word on a pon or chi on offer now (before the learner answers): the call
    the coach would make and why, or why it would pass — the strong bot's choice, from the same
    verdict the game review gives afterwards."""
    c = review_call(CallPoint(view, offers, Pass(), {}, rules))
    sep = _dash_why(c, not view.hand.is_closed)
    tile = tiles_markup(c.tile)
    if c.advice == "pass":
        return _("{tile} can be called. Coach: pass{why}.").format(tile=tile, why=sep)
    return _("{tile} can be called. Coach: call {call}{why}.").format(
        tile=tile, call=_named(c.advice, c.tile, c.advice_tiles), why=sep)


__all__ = ["call_answer_text", "call_choice_text", "call_line", "call_played_text", "call_why", "steps_words"]

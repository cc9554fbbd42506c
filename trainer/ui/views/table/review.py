"""The review's verdict on one discard, in beginner words with tiles and glossary links (against a
threat, with one more sentence on push or fold: :func:`push_fold_text`); for a ready hand that
could declare riichi, a second row on riichi or dama; and the coach's words on an answer to a
riichi-or-dama review card (:func:`riichi_answer_text`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from trainer.engine.evaluator.reasons import Reason, reason
from trainer.engine.game.review import Decision
from trainer.i18n import (
    _,
    format_about_points,
    format_number,
    fu_text,
    han_text,
    ngettext,
    pgettext,
    points_text,
)
from trainer.ui.richtext import BR, term_word
from trainer.ui.views.table.coach import (
    NOTABLE_GAIN,
    RIICHI_WHY,
    about_figure,
    added_risk_words,
    compared_risks,
    danger_words,
    gain_parts,
    open_reading_words,
    ron_word,
    tiles_or,
    tsumo_word,
    value_gain_words,
    value_words,
    win_chance_words,
    worth_more,
    worth_words,
)
from trainer.ui.views.table.result import and_join, listed_winner
from trainer.ui.views.table.state import seat_name as table_seat_name
from trainer.ui.views.table.wins import seat_owner, seat_subject


def _t(text: str) -> str:
    return "{tiles:" + text + "}"


def _genbutsu() -> str:
    return term_word("genbutsu", pgettext("inline term", "genbutsu"))


def _kind(tile: str | None) -> str:
    """A tile (MPSZ) with a red five written as a plain five ("" for None)."""
    return "" if not tile else ("5" + tile[1] if tile[0] == "0" else tile)


def _reasons(rows: Any) -> tuple[Reason, ...]:
    """The evaluator's reasons back from the review's JSON (``{"code": ..., name: value}``)."""
    return tuple(Reason(str(r.get("code")), tuple((k, v) for k, v in r.items() if k != "code")) for r in rows or ())


def _advice(note: dict[str, Any]) -> Any:
    """A discard's evaluator advice as the coach's words read it (``value`` reasons, ``dangers`` rows), from
    the review's ``coach_why`` or ``deal_in``."""
    dangers = tuple(SimpleNamespace(seat=int(r["seat"]), deal_in=float(r["deal_in"]), reasons=_reasons(r["reasons"]))
                    for r in note.get("dangers") or ())
    return SimpleNamespace(value=SimpleNamespace(reasons=_reasons(note.get("value"))), dangers=dangers)


def _seat_word(note: dict[str, Any]) -> Any:
    """The table's seat names from the learner's chair (for :func:`~trainer.ui.views.table.coach.danger_words`)."""
    me, players = int(note.get("me", 0)), int(note.get("players", 4))
    return lambda seat: table_seat_name(seat - me, players)


def _subject(note: dict[str, Any], seat: int) -> str:
    """Another player as the subject of a sentence ("Left" / «Игрок слева»)."""
    return seat_subject(seat - int(note.get("me", 0)), int(note.get("players", 4)))


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
    against a threat, followed by the push-or-fold sentence (:func:`push_fold_text`); a deal-in is
    named with who won and what the coach read in their hand (:func:`deal_in_text`).  A win let
    pass is the verdict itself (:func:`passed_win_text`)."""
    won = getattr(d, "passed_win", None)
    if won is not None:
        text = passed_win_text(won)
        if won.get("advice") == "pass" and d.best:  # the coach lets the tsumo pass too: then the discard counts
            text += " " + _discard_text(d)
        return text
    return _discard_text(d)


def _discard_text(d: Decision) -> str:
    pf = getattr(d, "push_fold", None)  # a verdict built by hand (tests, puzzles) may have none
    text = _verdict_text(d, pf)
    if pf is not None:  # a deal-in's verdict has named the safe tile already: said once
        said = d.verdict == "dealt_in" and bool(pf.get("safest_genbutsu")) and _kind(pf["safest"]) in _safe_kinds(d)
        text += " " + push_fold_text(pf, d.chosen, getattr(d, "verdict", ""), safe_said=said)
    dealt = deal_in_text(d)
    return text + " " + dealt if dealt else text


def _threat_words(d: Decision) -> str:
    """The threat a fold is against: the riichi, or a hand that looks ready (no riichi on the table)."""
    return _("the {riichi}").format(riichi="{term:riichi}") if d.danger is not None else _(
        "the hand that looks ready")


def _coach_first(d: Decision, tiles: Any) -> str:
    """``tiles`` (the best by ukeire) as alternatives, the coach's own tile first when it is one of them."""
    coach = _kind(getattr(d, "coach", None))
    tiles = list(tiles)
    return tiles_or(sorted(tiles, key=lambda t: _kind(t) != coach))


def _coach_in_best(d: Decision) -> bool:
    coach = _kind(getattr(d, "coach", None))
    return bool(coach) and coach in {_kind(t) for t in d.best}


def _verdict_text(d: Decision, pf: dict[str, Any] | None) -> str:
    """The efficiency-and-safety sentence, worded so that it never contradicts the push-or-fold one:
    a fold the coach advises is right, whatever it gives up of the hand; where the coach folds and
    the learner played on, the sentence does not hold up a faster tile as better.  "The coach agrees"
    only for the coach's own tile; another tile names the coach's and its reason
    (:func:`coach_preferred_text`), and a better tile is named with the coach's first."""
    mine = _t(d.chosen)
    best = _coach_first(d, d.best)
    safe = _safe_now(d)
    against = pf is not None and pf["chosen"] != pf["advice"]
    coach = getattr(d, "coach", None)
    same = coach is None or _kind(coach) == _kind(d.chosen)  # a verdict built by hand may have no coach tile
    other = "" if pf is not None or same else " " + coach_preferred_text(d)  # with no threat, the coach's reason
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
        if only_copies_differ(d):  # two lone tiles: the one kept only pairs up, by its copies still unseen
            text = ngettext("You discarded {mine}: after it the {ukeire} was {n} useful tile. Discarding {best} "
                            "instead would leave {m}: of two lone tiles, keep the one with more copies still "
                            "unseen — it pairs up more easily.",
                            "You discarded {mine}: after it the {ukeire} was {n} useful tiles. Discarding {best} "
                            "instead would leave {m}: of two lone tiles, keep the one with more copies still "
                            "unseen — it pairs up more easily.", d.ukeire_chosen)
        else:
            text = ngettext("You discarded {mine}: after it the {ukeire} was {n} useful tile. Discarding {best} "
                            "instead would leave {m}: keep the tiles that connect with more of your hand.",
                            "You discarded {mine}: after it the {ukeire} was {n} useful tiles. Discarding {best} "
                            "instead would leave {m}: keep the tiles that connect with more of your hand.",
                            d.ukeire_chosen)
        text = text.format(mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}", best=best, m=d.ukeire_best)
        return text if _coach_in_best(d) else text + other
    if d.verdict == "lost_shanten":
        # steps to tenpai are the shanten number, as the coach, the call review and the drills count them
        k, j = d.shanten_chosen, d.shanten_best
        tenpai = term_word("tenpai", pgettext("inline term", "tenpai"))
        if not _coach_in_best(d) and coach and pf is None and not same:
            best = tiles_or([coach, *d.best])  # the coach's tile first ("Better:" names what it advised)
        if j <= 0:
            text = ngettext("You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "step from {tenpai}, while {best} would have kept it ready.",
                            "You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "steps from {tenpai}, while {best} would have kept it ready.", k).format(
                mine=mine, k=k, tenpai=tenpai, shanten="{term:shanten}", best=best)
        else:
            text = ngettext("You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "step from {tenpai} instead of {j}. Better: {best}.",
                            "You discarded {mine} and broke a useful shape: the {shanten} went up, the hand is {k} "
                            "steps from {tenpai} instead of {j}. Better: {best}.", k).format(
                mine=mine, k=k, tenpai=tenpai, shanten="{term:shanten}", j=j, best=best)
        return text if _coach_in_best(d) else text + other
    if d.verdict == "unsafe" and pf is not None:  # push or fold is said next: no general advice here
        return _("You discarded {mine} while a {riichi} was waiting: it could deal in; {safe} could not "
                 "({genbutsu}).").format(mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.verdict == "unsafe":
        return _("You discarded {mine} while a {riichi} was waiting: it could deal in. {safe} could not "
                 "({genbutsu}): when your hand is far from ready, fold with safe tiles.").format(
            mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.verdict == "dealt_in":
        return _dealt_in_text(d)
    if pf is None and d.danger is not None and d.danger["chosen"] == d.danger["safest_danger"]:
        return _("You discarded {mine}: the safest tile against the {riichi}. Good.").format(
            mine=mine, riichi="{term:riichi}")
    if pf is None and not same and d.close_by == "tiles":  # within the review's ukeire tolerance: fine
        text = ngettext("You discarded {mine}: the {ukeire} is {n} useful tile, nearly as many as {best} would "
                        "leave ({m}) — a fine choice.",
                        "You discarded {mine}: the {ukeire} is {n} useful tiles, nearly as many as {best} would "
                        "leave ({m}) — a fine choice.", d.ukeire_chosen).format(
            mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}", best=best, m=d.ukeire_best)
        return text if _coach_in_best(d) else text + other
    if pf is None and not same and d.close_by == "value":  # fewer tiles, but as good by the coach's weighing
        why = d.coach_why or {}
        ours, theirs = _percent(float(why["mine"]["win"])), _percent(float(why["win"]))
        return ngettext("You discarded {mine}: {n} useful tile, fewer than {best} would leave ({m}), but the coach "
                        "gives your hand nearly the same chance to win ({p}% against {q}%) — a fine choice.",
                        "You discarded {mine}: {n} useful tiles, fewer than {best} would leave ({m}), but the coach "
                        "gives your hand nearly the same chance to win ({p}% against {q}%) — a fine choice.",
                        d.ukeire_chosen).format(mine=mine, n=d.ukeire_chosen, best=best, m=d.ukeire_best,
                                                p=ours, q=theirs)
    if against or not same:  # the tile was fine for the hand, but the coach would not have played this way
        return ngettext("You discarded {mine}: the {ukeire} is {n} useful tile.",
                        "You discarded {mine}: the {ukeire} is {n} useful tiles.", d.ukeire_chosen).format(
            mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}") + other
    return ngettext("You discarded {mine}: the coach agrees, the {ukeire} is {n} useful tile.",
                    "You discarded {mine}: the coach agrees, the {ukeire} is {n} useful tiles.", d.ukeire_chosen).format(
        mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}")


def only_copies_differ(d: Decision) -> bool:
    """True when the chosen tile and the best one differ only in their own copies still unseen: the
    useful tiles after either discard are the same but for those two kinds (two lone winds, say), so
    "keep the tiles that connect" does not fit — neither connects with anything."""
    options = {o.tile.kind: o for o in getattr(d, "options", ()) or ()}
    if not options or not d.best:
        return False
    from trainer.engine.tiles import parse_tile

    mine, best = options.get(parse_tile(d.chosen).kind), options.get(parse_tile(d.best[0]).kind)
    if mine is None or best is None or mine.shanten_after != best.shanten_after:
        return False
    kinds = set(mine.ukeire) | set(best.ukeire)
    differ = {k for k in kinds if mine.ukeire.get(k, 0) != best.ukeire.get(k, 0)}
    return bool(differ) and differ <= {mine.tile.kind, best.tile.kind}


def coach_preferred_text(d: Decision) -> str:
    """Which tile the table's coach preferred to the learner's with no threat on the table, and why,
    in its own words at the table (the review's ``coach_why``: value, better shapes, less danger, a
    yaku kept); a tile as good as the learner's by the same measure is said to be as good.  The
    coach's tile is weighed against the learner's own tile (``coach_why["mine"]``, else the review's
    count for it), never against a third one; "but" only where the coach's tile gives something up
    (fewer useful tiles than the learner's), and a value only where the hand is worth more with it."""
    cw = getattr(d, "coach_why", None) or {}
    tile = _t(d.coach or cw.get("tile", ""))
    code, n = cw.get("reason"), int(cw.get("ukeire", 0))
    why = ""
    if code in ("value", "win_chance"):
        why = _against_mine(d, cw, n)
    elif code == "less_risk":
        why = ngettext("nearly the same {ukeire}, {n} tile, and less danger: {why}",
                       "nearly the same {ukeire}, {n} tiles, and less danger: {why}", n).format(
            n=n, ukeire="{term:ukeire}", why=danger_words(_advice(cw), _seat_word(cw), safe_side=True,
                                                           seats=tuple(cw.get("threat_seats") or ())))
    elif code == "keeps_yaku":
        why = _("the open hand keeps its way to a {yaku}: {why}").format(
            yaku="{term:yaku}", why=value_words(_advice(cw).value) or "{term:yakuhai}")
    if not why:
        even = n == d.ukeire_chosen and cw.get("shanten", d.shanten_chosen) == d.shanten_chosen
        weighed = code in ("value", "win_chance") and bool(cw.get("mine")) and d.verdict == "good"
        if even or weighed:  # weighed: neither more value nor a better chance than the learner's own tile
            return _("The coach advised {tile}; yours is just as good.").format(tile=tile)
        why = ngettext("{n} useful tile after it", "{n} useful tiles after it", n).format(n=n)
    return _("The coach preferred {tile} — {why}.").format(tile=tile, why=why)


def _mine_figures(d: Decision, cw: dict[str, Any]) -> dict[str, Any]:
    """The learner's tile as the coach weighed it: the review's ``coach_why["mine"]`` (useful tiles,
    chance to win, value); from an older review, the compared tile's figures when it is the
    learner's, else the review's own count of useful tiles alone."""
    mine = cw.get("mine")
    if mine:
        return dict(mine)
    compare = cw.get("compare") or {}
    if compare and _kind(str(compare.get("tile"))) == _kind(d.chosen):
        return {**compare, "ukeire": d.ukeire_chosen}
    return {"tile": d.chosen, "ukeire": d.ukeire_chosen}


def _against_mine(d: Decision, cw: dict[str, Any], n: int) -> str:
    """The coach's ``value`` or ``win_chance`` reason, against the learner's own tile: what the hand
    keeps that the learner's discard gave up (named), or more points; else a better chance to win
    (the evaluator's figures for both tiles); "" when neither holds against the learner's tile."""
    mine = _mine_figures(d, cw)
    m, other = int(mine.get("ukeire", d.ukeire_chosen)), _t(d.chosen)
    steps, my_steps = int(cw.get("shanten", d.shanten_chosen)), int(mine.get("shanten", d.shanten_chosen))
    # what the coach's tile gives up against the learner's: useful tiles at the same distance from a
    # ready hand (a tile a step closer gives up nothing, however many tiles the slower hand counts)
    fewer = n < m if steps == my_steps else steps > my_steps
    coach_value = _advice(cw).value
    if "value" in mine:  # what the coach's hand has that the learner's lacks, and only when worth more
        theirs = SimpleNamespace(reasons=_reasons(mine["value"]), best=float(mine.get("worth") or 0))
        coach_value.best = float(cw.get("worth") or 0)
        more = worth_more(coach_value, theirs)
        named = value_gain_words(coach_value, theirs) if more else ""
    else:  # an older review: the coach's own value words, as it said them
        more = cw.get("reason") == "value"
        named = value_words(coach_value) if more else ""
    if more and named:
        if fewer:
            return ngettext("{n} useful tile, fewer than after {other} ({m}), but the hand keeps more of its "
                            "value: {why}",
                            "{n} useful tiles, fewer than after {other} ({m}), but the hand keeps more of its "
                            "value: {why}", n).format(n=n, other=other, m=m, why=named)
        return ngettext("{n} useful tile, and the hand keeps more of its value: {why}",
                        "{n} useful tiles, and the hand keeps more of its value: {why}", n).format(n=n, why=named)
    if more and mine.get("worth") is not None and cw.get("worth"):
        worth = format_about_points(float(cw["worth"]))
        theirs_worth = format_about_points(float(mine["worth"]))
        if fewer:
            return ngettext("{n} useful tile, fewer than after {other} ({m}), but the hand is worth more: about "
                            "{value} points instead of {theirs}",
                            "{n} useful tiles, fewer than after {other} ({m}), but the hand is worth more: about "
                            "{value} points instead of {theirs}", n).format(
                n=n, other=other, m=m, value=worth, theirs=theirs_worth)
        return ngettext("{n} useful tile, and the hand is worth more: about {value} points instead of {theirs}",
                        "{n} useful tiles, and the hand is worth more: about {value} points instead of {theirs}",
                        n).format(n=n, value=worth, theirs=theirs_worth)
    win, their_win = cw.get("win"), mine.get("win")
    if win is None or their_win is None or _percent(float(win)) <= _percent(float(their_win)):
        return ""  # no better chance to win than the learner's tile, to the percent shown
    if fewer:
        return win_chance_words(_t(d.coach or cw.get("tile", "")), n, other, m, float(win), float(their_win))
    return ngettext("{n} useful tile, and a better chance to win: about {p}% instead of {q}% after {other}",
                    "{n} useful tiles, and a better chance to win: about {p}% instead of {q}% after {other}",
                    n).format(n=n, p=_percent(float(win)), q=_percent(float(their_win)), other=other)


def _winners(d: Decision) -> list[int]:
    """The seats that won on the learner's discard (the review's ``deal_in``; none when it has none)."""
    note = getattr(d, "deal_in", None) or {}
    return [int(w) for w in note.get("winners") or ()]


def _riichi_winners(d: Decision) -> list[int]:
    """The winners on the discard that had declared riichi."""
    note = getattr(d, "deal_in", None) or {}
    return [w for w, r in zip(_winners(d), note.get("riichi") or (), strict=False) if r]


def _dealt_in_text(d: Decision) -> str:
    """A deal-in the review counts as a mistake (a tile that could deal in while a tile safe against
    every riichi was in the hand): who really won on it — the riichi player, another player with
    no riichi (an open hand, or a closed one kept quiet), or two players at once (a double ron) —
    and what was safe against the riichi.  The essentials only: the push-or-fold sentence follows."""
    mine, safe = _t(d.chosen), _safe_now(d)
    winners, note = _winners(d), getattr(d, "deal_in", None) or {}
    several = len(_safe_kinds(d)) >= 2  # a list of tiles joined with "or": any one of them was safe
    if len(winners) == 1 and _riichi_winners(d) == winners or not winners:  # the riichi player won (an old review)
        text = (_("{mine} dealt into the {riichi}. Any of {safe} was safe ({genbutsu}).") if several
                else _("{mine} dealt into the {riichi}. {safe} was safe ({genbutsu})."))
        return text.format(mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    text = _who_won(d, note)
    safe_words = (_("Against the {riichi}, any of {safe} was safe ({genbutsu}).") if several
                  else _("Against the {riichi}, {safe} was safe ({genbutsu})."))
    return text + " " + safe_words.format(riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())


def _who_won(d: Decision, note: dict[str, Any]) -> str:
    """Who won on the learner's discard and with what, in a sentence or two: one winner in riichi by
    name; one without riichi with their open or quiet hand and what the coach read in it (the
    safer tiles when it warned); a double ron names both winners, then the hand without riichi."""
    mine = _t(d.chosen)
    winners = _winners(d)
    if len(winners) > 1:
        names = and_join([listed_winner(w - int(note.get("me", 0)), int(note.get("players", 4))) for w in winners])
        text = (_("Double ron: {winners} both won on {mine}.") if len(winners) == 2
                else _("Triple ron: {winners} all won on {mine}.")).format(winners=names, mine=mine)
        if "seat" in note:
            text += " " + _quiet_hand(note, owner=True)
        return text
    if "seat" not in note:  # the one winner was in riichi
        return _("{winner} won on {mine}.").format(winner=_subject(note, winners[0]), mine=mine)
    return _quiet_hand(note, mine=mine)


def _quiet_hand(note: dict[str, Any], *, mine: str = "", owner: bool = False) -> str:
    """The winner without riichi (``note["seat"]``) and their hand: open (with what its calls showed,
    and the safer tiles, when the coach warned) or closed and kept quiet (dama); with ``mine``, as
    "{winner} won on {mine} with …", with ``owner`` as "{whose} hand was …" (after a double ron's
    sentence, which says already who won)."""
    seat = int(note["seat"])
    winner = _subject(note, seat)
    whose = seat_owner(seat - int(note.get("me", 0)), int(note.get("players", 4)))
    riichi = "{term:riichi}"
    if note.get("reading"):
        why = open_reading_words(str(note["reading"]), str(note.get("suit") or ""))
        text = (_("{whose}'s hand was open, without {riichi}: {why}.").format(whose=whose, riichi=riichi, why=why)
                if owner else _("{winner} won on {mine} with an open hand, without {riichi}: {why}.").format(
                    winner=winner, mine=mine, riichi=riichi, why=why))
        if note.get("safer"):
            text += " " + _("Safer: {safe}.").format(safe=tiles_or(note["safer"]))
        return text
    if note.get("open"):
        return (_("{whose}'s hand was open, without {riichi}: an open hand can be ready with no warning at "
                  "all.").format(whose=whose, riichi=riichi) if owner else
                _("{winner} won on {mine} with an open hand, without {riichi}: an open hand can be ready with no "
                  "warning at all.").format(winner=winner, mine=mine, riichi=riichi))
    return (_("{whose}'s hand was closed and kept quiet ({dama}): a hand can be ready without declaring "
              "{riichi}.").format(whose=whose, dama=_dama(), riichi=riichi) if owner else
            _("{winner} won on {mine} with a closed hand kept quiet ({dama}): a hand can be ready without "
              "declaring {riichi}.").format(winner=winner, mine=mine, dama=_dama(), riichi=riichi))


def deal_in_text(d: Decision) -> str:
    """Who won on the discard, when the verdict does not say it already (a deal-in the review does not
    count as a mistake: one the coach's push took the risk of, or one into a hand that declared no
    riichi with no riichi on the table): the winner, a double ron's two, a hand kept quiet (dama) or
    an open hand with what the coach read in its calls, and the chance the coach gave the tile — the
    essentials, short enough for the review's box; "" when there was no deal-in, or when the verdict
    (``dealt_in``) says it."""
    note = getattr(d, "deal_in", None)
    if not getattr(d, "dealt_in", False) or not note or d.verdict == "dealt_in" or not note.get("winners"):
        return ""
    text = _who_won(d, note)
    if len(note["winners"]) == 1 and "seat" in note and not note.get("reading") and note.get("chance"):
        text += " " + _("The coach put the risk of {mine} at about {p}%.").format(
            mine=_t(d.chosen), p=max(1, _percent(float(note["chance"]))))
    return text


def passed_win_text(w: dict[str, Any]) -> str:
    """A win let pass (the review's ``passed_win``): what it was worth, the furiten the pass left, and
    the rule of thumb; where the coach lets that win pass too (the last hand, still last), why."""
    tile = _t(w["tile"])
    if w.get("advice") == "pass":
        text = (_("You let the tsumo on {tile} pass: right, the coach does so too ({minogashi}).") if w["kind"] == "tsumo"
                else _("You let the ron on {tile} pass: right, the coach does so too ({minogashi}).")).format(
            tile=tile, minogashi="{term:minogashi}")
        return text + " " + _("This win would end the match with you still in last place.")
    worth = ""
    if w.get("han"):
        worth = _("{han} {fu}, {points}").format(han=han_text(int(w["han"])), fu=fu_text(int(w["fu"])),
                                                  points=points_text(int(w["points"])))
    if w["kind"] == "tsumo":
        text = (_("You drew {tile}, your winning tile, but did not declare {tsumo}: the win was worth {worth}.")
                if worth else _("You drew {tile}, your winning tile, but did not declare {tsumo}.")).format(
            tile=tile, tsumo=tsumo_word(), worth=worth)
    else:
        owner = seat_owner(int(w["from_seat"]) - int(w.get("me", 0)), int(w.get("players", 4))) \
            if w.get("from_seat") is not None else None
        if owner is not None:
            text = (_("You let {owner}'s {tile} go by, and it was your winning tile: a {ron} worth {worth}.") if worth
                    else _("You let {owner}'s {tile} go by, and it was your winning tile ({ron}).")).format(
                owner=owner, tile=tile, ron=ron_word(), worth=worth)
        else:
            text = (_("You let {tile} go by, and it was your winning tile: a {ron} worth {worth}.") if worth
                    else _("You let {tile} go by, and it was your winning tile ({ron}).")).format(
                tile=tile, ron=ron_word(), worth=worth)
    furiten = w.get("furiten")
    if furiten == "riichi":
        text += " " + _("After a winning tile goes by in {riichi}, the hand is {furiten} for the rest of the hand: it "
                        "can win only by tsumo.").format(
            riichi="{term:riichi}", furiten=term_word("riichi_furiten", pgettext("inline term", "furiten")))
    elif furiten == "temporary":
        text += " " + _("And until your next discard you could not ron at all ({furiten}).").format(
            furiten=term_word("doujun_furiten", pgettext("inline term", "temporary furiten")))
    elif furiten == "river":
        text += " " + _river_furiten(w)
    return text + " " + _("Declare every win the table offers you, unless the coach says to let it pass.")


def _river_furiten(w: dict[str, Any]) -> str:
    """The river furiten a tsumo let pass by a discard left: the tile let pass thrown (it is in the
    river now), or a discard that changed the wait to tiles already in the river (named: the
    review's ``river_tiles``, tiles of the new wait, never the drawn winning tile)."""
    furiten = term_word("sutehai_furiten", pgettext("inline term", "furiten"))
    tiles = [t for t in w.get("river_tiles") or ()]
    if not tiles or _kind(str(w["tile"])) in {_kind(t) for t in tiles}:
        return _("The winning tile is in your own river now: {furiten}, no ron while the wait stays the "
                 "same.").format(furiten=furiten)
    return ngettext("Your discard changed the wait, and the new winning tile {tiles} is already in your own river: "
                    "{furiten}, no ron while the wait stays the same.",
                    "Your discard changed the wait, and the new winning tiles {tiles} are already in your own river: "
                    "{furiten}, no ron while the wait stays the same.", len(tiles)).format(
        tiles=_and_tiles(tiles), furiten=furiten)


def _and_tiles(tiles: list[str]) -> str:
    """Tiles named one by one and joined as "5m", "3m and 6m" or "1m, 4m and 7m" (each drawn as a tile)."""
    items = [_t(t) for t in tiles]
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two of a list of tiles that are all meant ("3m and 6m"; ru: «3m и 6m»).
    return pgettext("list of tiles", "{a} and {b}").format(a=", ".join(items[:-1]), b=items[-1])


def passed_win_answer_text(w: dict[str, Any], answer: str) -> str:
    """The coach's words on an answer to "win or let it pass?" on a review card (the review's
    ``passed_win`` recomputed from the game; ``answer`` is "win" or "pass")."""
    if answer == w.get("advice", "win"):
        if answer == "win":
            return _("Correct: declare the win. Letting it pass gives up this win and leaves you {furiten}.").format(
                furiten="{term:furiten}")
        return _("Correct: the coach lets this win pass — it would end the match with you still in last place "
                 "({minogashi}).").format(minogashi="{term:minogashi}")
    if w.get("advice", "win") == "win":
        return passed_win_text(w)
    return _("The coach lets this win pass: it would end the match with you still in last place ({minogashi}).").format(
        minogashi="{term:minogashi}")


def _safe_kinds(d: Decision) -> set[str]:
    """The tile kinds :func:`_safe_now` names."""
    if d.danger is None:
        return set()
    genbutsu = d.danger.get("genbutsu")
    safest = d.danger["safest"]
    tiles = genbutsu if genbutsu and not set(safest) <= set(genbutsu) else safest
    return {_kind(t) for t in tiles}


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
    on adds to folding's risk (in the last hand: the places, without figures); an open hand with
    no yaku is said to be one that cannot win (its real reason, as the table's coach says it)."""
    if pf.get("last_hand"):
        if pf["advice"] == "push":
            why = _("in the last hand only the final place counts, and a win here is worth more places than "
                    "the risk")
        else:
            why = _("in the last hand only the final place counts, and pushing risks more places than a win "
                    "would bring")
    else:
        # the coach pushes when the expected gain covers what pushing adds to the risk of folding; both
        # risks are named, as the table's coach names them (coach.added_risk_words)
        exact, loss, fold, extra = compared_risks(pf["gain"], pf["loss"], pf["safest_risk"])
        added = added_risk_words(extra, loss, fold)
        if pf["advice"] == "fold" and pf.get("no_yaku"):
            return _("your open hand has no {yaku} and cannot win, so pushing gains nothing and only adds to the "
                     "risk ({added})").format(yaku="{term:yaku}", added=added)
        worth = _hand_worth(pf, exact=exact)
        if pf["advice"] == "push" and pf.get("advised"):
            # the figures are those of pushing with the coach's tile, which may not be the learner's:
            # name it, so they are never read as the risk of the tile the learner threw
            why = _("{worth}, more than the extra risk of pushing with {tile} ({added})").format(
                worth=worth, tile=_t(pf["advised"]), added=added)
        elif pf["advice"] == "push":
            why = _("{worth}, more than the extra risk of pushing ({added})").format(worth=worth, added=added)
        else:
            why = _("{worth}, less than the extra risk of pushing ({added})").format(worth=worth, added=added)
    return why


def _soft_fold(pf: dict[str, Any]) -> str:
    """The coach's fold as it says it at the table: a soft fold, mawashi-uchi, with its own tile (its
    reason ``weave``: a tile nearly as safe as the safest that keeps more of the hand)."""
    return _("a soft fold ({mawashi}) with {tile}").format(mawashi="{term:mawashi_uchi}", tile=_t(pf["advised"]))


def push_fold_text(pf: dict[str, Any], chosen: str, verdict: str = "", *, safe_said: bool = False) -> str:
    """Push or fold against a threat (the review's ``push_fold``), in beginner words: "right" when
    the learner did what the coach does, else what the coach would do; why, with the coach's
    figures — what the hand is worth and the chance to win it against what pushing on risks
    (in the last hand: the places, without figures) — and, for a fold, the safest tile.  A fold is
    named as the coach names it at the table: betaori, or a soft fold (mawashi-uchi) where it wove.
    A push with a tile the review counts as a mistake (``verdict``: dangerous, or slower) is "right to
    push, but with the coach's tile".  ``safe_said``: the verdict named the safest tile as safe already
    (a deal-in's), so it is not named again."""
    betaori = "{term:betaori}"
    why = _push_fold_why(pf)
    weave = bool(pf.get("weave")) and bool(pf.get("advised"))
    if pf["chosen"] == pf["advice"]:
        if pf["chosen"] == "push":
            advised = pf.get("advised")
            if verdict in ("unsafe", "dealt_in", "lost_tiles", "lost_shanten") and advised and \
                    _kind(advised) != _kind(chosen):
                return _("Pushing was right, but with {tile}: {why}.").format(tile=_t(advised), why=why)
            return _("You pushed: right — {why}.").format(why=why)
        if weave and _kind(pf["advised"]) == _kind(chosen):
            return _("You made a soft fold ({mawashi}): right — {why}.").format(mawashi="{term:mawashi_uchi}", why=why)
        if weave:
            return _("You folded: right, the coach folds too, with {fold} — {why}.").format(fold=_soft_fold(pf), why=why)
        return _("You made a {betaori}: right — {why}.").format(betaori=betaori, why=why)
    if pf["advice"] == "push":
        return _("The coach would push here: {why}.").format(why=why)
    risked = _("Your tile {mine} alone risked about {risk} this turn.").format(mine=_t(chosen), risk=_about(pf["risk"]))
    safe = "" if safe_said else " " + _safe_tile(pf)
    if weave:
        return _("The coach would make {fold} here: {why}.").format(fold=_soft_fold(pf), why=why) + " " + risked + safe
    return _("The coach would make a {betaori} here: {why}.").format(betaori=betaori, why=why) + " " + risked + safe


def push_fold_answer_text(pf: dict[str, Any], answer: str) -> str:
    """The coach's words on an answer to "push or fold?" on a review card (the review's
    ``push_fold`` recomputed from the game; ``answer`` is "push" or "fold"): "Correct" or what the
    coach would do, why (:func:`push_fold_text`'s figures) and, unless both push, the safest tile.
    A fold is named as the coach names it at the table (a soft fold where it wove)."""
    why = _push_fold_why(pf)
    weave = bool(pf.get("weave")) and bool(pf.get("advised"))
    if answer == pf["advice"]:
        if answer == "push":
            return _("Correct: the coach pushes too — {why}.").format(why=why)
        if weave:
            text = _("Correct: the coach folds too, with {fold} — {why}.").format(fold=_soft_fold(pf), why=why)
        else:
            text = _("Correct: the coach makes a {betaori} too — {why}.").format(betaori="{term:betaori}", why=why)
    elif pf["advice"] == "push":
        text = _("The coach would push here: {why}.").format(why=why)
    elif weave:
        text = _("The coach would make {fold} here: {why}.").format(fold=_soft_fold(pf), why=why)
    else:
        text = _("The coach would make a {betaori} here: {why}.").format(betaori="{term:betaori}", why=why)
    return text + " " + _safe_tile(pf)


def push_fold_played_text(d: Decision, *, risk: bool = True) -> str:
    """What the learner did at the table on a push-or-fold card: the tile, pushed or folded, and
    what the tile risked (rich text) — unless ``risk`` is False (said already), or the tile was one
    no threat could win on (:func:`genbutsu_everywhere`): the left box calls such a tile "no risk",
    and the right one never contradicts it with the evaluator's few points from the other players."""
    pf = d.push_fold or {}
    tile = _t(d.chosen)
    if pf.get("chosen") == "fold":
        text = _("In the game you discarded {tile} and made a {betaori}.").format(tile=tile, betaori="{term:betaori}")
    else:
        text = _("In the game you discarded {tile} and pushed.").format(tile=tile)
    if risk and "risk" in pf and not pf.get("last_hand") and not genbutsu_everywhere(pf, d.chosen):
        text += " " + _("This tile alone risked about {risk} this turn.").format(risk=_about(pf["risk"]))
    return text


def genbutsu_everywhere(pf: dict[str, Any], tile: str) -> bool:
    """True if ``tile`` (MPSZ) was a tile no threat could win on: one of the safest tiles (as safe as
    the safest, to the point) while the safest was genbutsu against every threat
    (``safest_genbutsu``)."""
    safest = pf.get("safest_tiles") or ([pf["safest"]] if pf.get("safest") else [])
    return bool(pf.get("safest_genbutsu")) and _kind(tile) in {_kind(t) for t in safest}


def tile_danger_text(tile: str, advice: Any, seat_name: Any, seats: tuple[int, ...] = ()) -> str:
    """How dangerous discarding ``tile`` (MPSZ) was against the threats, from the evaluator's danger
    rows of that discard (``advice``, a :class:`~trainer.engine.evaluator.advisor.DiscardAdvice`) in the
    table coach's words — suji (on both sides or one), kabe, one chance, a middle tile, honors left —
    and the chance to deal in (:func:`~trainer.ui.views.table.coach.danger_words`); ``seats`` are the
    opponents likely ready.  "" for a tile none of them can win on (its verdict says it is safe)."""
    if not any(r.deal_in > 0 and (not seats or r.seat in seats) for r in advice.dangers):
        return ""
    # TRANSLATORS: after the verdict on a discard against a riichi; {why}: «средняя плитка, самый опасный
    # вид; шанс около 12%, что на ней выиграет игрок слева».
    return _("Danger of {tile}: {why}.").format(tile=_t(tile), why=danger_words(advice, seat_name, seats=seats))


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
    table coach's own words.  A furiten wait can win only by tsumo, so no ron values are quoted."""
    why = _coach_why(c)
    if c.get("reason") == "furiten":
        c = {**c, "dama": 0}  # the values below are ron values: none for a furiten wait
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


# ---------------------------------------------------------------- tile cards of "Mistakes from your games"


def tile_played_text(d: Decision, *, same: bool = False) -> str:
    """What the learner did at the table on a tile card, said after the words on the answer just
    given (rich text): the tile discarded in the game and, in a few figures, what the review found
    (useful tiles or steps to tenpai against the best, a tile that could deal in, a deal-in; push or
    fold as :func:`push_fold_played_text` says it).  A card made before the review's tolerance
    (:data:`~trainer.engine.game.review.UKEIRE_TOLERANCE`) whose discard is no longer a mistake says
    so, rather than leaving the learner to wonder.  ``same``: the answer was that tile again, whose
    verdict is said already: then what it did against a threat (push or fold and what the tile risked,
    when the verdict did not say it) and that note ("" for a discard without a threat still a mistake)."""
    tile = _t(d.chosen)
    if same:  # the verdict on the answer is the game's own: what it did at the table, as the first time
        no_longer = d.verdict == "good" and getattr(d, "passed_win", None) is None
        note = _("The review no longer counts this discard as a mistake.") if no_longer else ""
        pf = getattr(d, "push_fold", None)
        if pf is None:
            return note
        said = pf["advice"] == "fold" and pf["chosen"] == "push"  # the verdict named the tile's risk already
        return " ".join(t for t in (push_fold_played_text(d, risk=not said), note) if t)
    if getattr(d, "dealt_in", False):
        return _("In the game you discarded {tile} and dealt in.").format(tile=tile)
    if getattr(d, "push_fold", None) is not None:
        return push_fold_played_text(d)
    n, m = d.ukeire_chosen, d.ukeire_best
    if d.verdict == "lost_tiles":
        return ngettext("In the game you discarded {tile}: {n} useful tile after it instead of {m}.",
                        "In the game you discarded {tile}: {n} useful tiles after it instead of {m}.", n).format(
            tile=tile, n=n, m=m)
    tenpai = term_word("tenpai", pgettext("inline term", "tenpai"))
    if d.verdict == "lost_shanten" and d.shanten_best <= 0:
        return ngettext("In the game you discarded {tile} and broke a ready hand: {k} step from {tenpai}.",
                        "In the game you discarded {tile} and broke a ready hand: {k} steps from {tenpai}.",
                        d.shanten_chosen).format(tile=tile, k=d.shanten_chosen, tenpai=tenpai)
    if d.verdict == "lost_shanten":
        return ngettext("In the game you discarded {tile}: {k} step from {tenpai} instead of {j}.",
                        "In the game you discarded {tile}: {k} steps from {tenpai} instead of {j}.",
                        d.shanten_chosen).format(tile=tile, k=d.shanten_chosen, tenpai=tenpai, j=d.shanten_best)
    if d.verdict == "unsafe":
        return _("In the game you discarded {tile} while a {riichi} was waiting: it could deal in.").format(
            tile=tile, riichi="{term:riichi}")
    if d.close_by == "tiles":
        return ngettext("In the game you discarded {tile}: {n} useful tile, nearly as many as the best ({m}). The "
                        "review no longer counts that as a mistake.",
                        "In the game you discarded {tile}: {n} useful tiles, nearly as many as the best ({m}). The "
                        "review no longer counts that as a mistake.", n).format(tile=tile, n=n, m=m)
    return _("In the game you discarded {tile}. The review no longer counts that as a mistake.").format(tile=tile)


def tile_hint_rungs(d: Decision) -> list[str]:
    """The hint ladder of a tile card before its answer (where to look, then part of the working),
    never naming the answer: against a threat, whether the coach pushes or folds, then how many
    tiles of the hand no riichi can win on (a fold) or the speed or safety the coach's push keeps;
    after a deal-in or a dangerous discard, the safe tiles to look for and how many the hand holds;
    else the shapes, then the best discard's steps to tenpai or ukeire against the game's."""
    pf = getattr(d, "push_fold", None)
    verdict = getattr(d, "verdict", "")
    if pf is not None and pf["advice"] == "fold":
        rungs = [_("Against {threat} the coach folds here: look for the tile that is safest against it, first "
                   "the tiles it cannot win on ({genbutsu}).").format(threat=_threat_words(d), genbutsu=_genbutsu()),
                 _safe_tiles_rung(d)]
    elif pf is not None:
        rungs = [_("Against {threat} the coach plays on here: the hand is worth the risk. Look for the discard "
                   "that keeps the hand fastest.").format(threat=_threat_words(d)), _push_rung(d)]
    elif verdict == "dealt_in":
        rungs = [_("In the game your discard dealt in while a {riichi} was waiting: look for a tile the riichi "
                   "player cannot win on ({genbutsu}).").format(riichi="{term:riichi}", genbutsu=_genbutsu()),
                 _safe_tiles_rung(d)]
    elif verdict == "unsafe":
        rungs = [_("In the game your discard could deal in while a {riichi} was waiting: look for a tile the "
                   "riichi player cannot win on ({genbutsu}).").format(riichi="{term:riichi}", genbutsu=_genbutsu()),
                 _safe_tiles_rung(d)]
    elif verdict == "lost_shanten":
        rungs = [_("Keep every shape that is already useful: the best discard keeps the hand just as close to {tenpai}.").format(
            tenpai=term_word("tenpai", pgettext("inline term", "tenpai")))]
    else:
        rungs = [_("Look for the tile that belongs to no shape: it helps the hand least.")]
    if pf is None and verdict == "lost_shanten":
        rungs.append(_steps_rung(d))
    if pf is None and verdict == "lost_tiles":
        rungs.append(_ukeire_rung(d))
    return [r for r in rungs if r]


def _ukeire_rung(d: Decision) -> str:
    """The hint's second rung on a card whose discard left fewer useful tiles: the best's ukeire against the game's."""
    return ngettext("A clue: the best discard leaves {m} useful tile ({ukeire}); yours in the game left {n}.",
                    "A clue: the best discard leaves {m} useful tiles ({ukeire}); yours in the game left {n}.",
                    d.ukeire_best).format(m=d.ukeire_best, n=d.ukeire_chosen, ukeire="{term:ukeire}")


def _safe_tiles_rung(d: Decision) -> str:
    """The hint's second rung where safety is the answer: how many kinds of tile in the hand no riichi
    can win on (genbutsu; none: where else safety is found), without naming them; against an open hand
    that looks ready (no riichi), where its safe tiles are.  "" when the review kept no danger notes."""
    danger = getattr(d, "danger", None)
    if danger is None:
        if getattr(d, "push_fold", None) is None:
            return ""
        return _("A clue: a player cannot win by {ron} on a tile from their own river, and an open hand that "
                 "collects one suit has no use for the others.").format(ron="{term:ron}")
    n = len({_kind(t) for t in danger.get("genbutsu") or ()})
    if not n:
        return _("A clue: no tile in your hand is {genbutsu}; look for {suji} tiles and for honors whose copies "
                 "are mostly seen.").format(genbutsu=_genbutsu(), suji="{term:suji}")
    return ngettext("A clue: {n} kind of tile in your hand is {genbutsu}: no player in {riichi} can win on it.",
                    "A clue: {n} kinds of tile in your hand are {genbutsu}: no player in {riichi} can win on them.",
                    n).format(n=n, genbutsu=_genbutsu(), riichi="{term:riichi}")


def _push_rung(d: Decision) -> str:
    """The hint's second rung where the coach pushes: the steps to tenpai or the useful tiles its push
    keeps against the game's discard; when the game's tile (a push) was as fast, that the answer is as
    fast but safer.  "" otherwise, and for a decision without those figures."""
    if not hasattr(d, "shanten_chosen") or not hasattr(d, "ukeire_chosen"):
        return ""
    if d.shanten_chosen > d.shanten_best:
        return _steps_rung(d)
    if d.ukeire_chosen < d.ukeire_best:
        return _ukeire_rung(d)
    if (getattr(d, "push_fold", None) or {}).get("chosen") != "push":
        return ""  # a fold as fast as the push: nothing more to say without naming the answer
    return _("A clue: there is a discard as fast as yours in the game, but safer against {threat}.").format(
        threat=_threat_words(d))


def _steps_rung(d: Decision) -> str:
    """The hint's second rung on a card whose discard slowed the hand: steps to tenpai, best against the game's."""
    tenpai = term_word("tenpai", pgettext("inline term", "tenpai"))
    k, j = d.shanten_chosen, d.shanten_best
    if j <= 0:
        return ngettext("A clue: the best discard keeps the hand ready; yours in the game left it {k} step "
                        "from {tenpai}.",
                        "A clue: the best discard keeps the hand ready; yours in the game left it {k} steps "
                        "from {tenpai}.", k).format(k=k, tenpai=tenpai)
    return ngettext("A clue: the best discard keeps the hand {j} step from {tenpai}; yours in the game left "
                    "it {k}.",
                    "A clue: the best discard keeps the hand {j} steps from {tenpai}; yours in the game left "
                    "it {k}.", j).format(j=j, k=k, tenpai=tenpai)


def shown_answer_text(d: Decision, tiles: list[str]) -> str:
    """The answer of a tile card shown at the learner's request (the hint ladder's last rung): the
    right ``tiles`` (MPSZ) and why — the coach's push or fold against a threat, the safe tiles after
    a deal-in, else the most useful tiles and, where it differs, the coach's own tile and reason."""
    if d.verdict in ("dealt_in", "unsafe") and getattr(d, "push_fold", None) is None:
        return _("The answer: {tiles}, safe against the {riichi} ({genbutsu}).").format(
            tiles=tiles_or(tiles), riichi="{term:riichi}", genbutsu=_genbutsu())
    text = _("The answer: {tiles}.").format(tiles=_coach_first(d, tiles))
    pf = getattr(d, "push_fold", None)
    if pf is not None:
        why = _push_fold_why(pf)
        if pf["advice"] == "push":
            return text + " " + _("The coach plays on here: {why}.").format(why=why)
        return text + " " + _("The coach folds here ({betaori}): {why}.").format(betaori="{term:betaori}", why=why)
    text += " " + ngettext("After the best discard the {ukeire} is {m} useful tile, the most of any.",
                           "After the best discard the {ukeire} is {m} useful tiles, the most of any.",
                           d.ukeire_best).format(ukeire="{term:ukeire}", m=d.ukeire_best)
    coach = getattr(d, "coach", None)
    if coach and not _coach_in_best(d) and getattr(d, "coach_why", None):
        text += " " + coach_preferred_text(d)
    return text


def yaku_pairs_left(view: Any, tile: Any) -> list[tuple[int, int]]:
    """After discarding ``tile`` from the hand in ``view`` (with its drawn tile): the pairs of a
    value honor (a dragon, the seat's or the round's wind) still in the hand, each with the copies
    of it not seen yet — ``(kind, unseen)``, only those with a copy left.  Such a pair can still
    become a set, and a set of it is a yaku (yakuhai), so an open hand holding one is not lost."""
    counts = view.hand.counts()
    counts[tile.kind] -= 1
    visible = view.visible_counts()
    value = sorted({31, 32, 33, view.seat_wind, view.round_wind})
    return [(k, 4 - visible[k]) for k in value if counts[k] == 2 and visible[k] < 4]


def yakuless_text(view: Any, tile: Any) -> str:
    """The words on a discard that leaves an open hand without a yaku (the evaluator's ``no_yaku``):
    without one it cannot win now; and only what could still bring one — a pair of a value honor
    with a copy unseen (:func:`yaku_pairs_left`), named with that count — or else that it would have
    to build a yaku again first.  Never an absolute "never" (rich text)."""
    mine = _t(str(tile))
    text = _("You discarded {mine}: it leaves your open hand without a {yaku}, and without one it cannot win, "
             "neither by {ron} nor by {tsumo}.").format(mine=mine, yaku="{term:yaku}", ron="{term:ron}", tsumo="{term:tsumo}")
    pairs = yaku_pairs_left(view, tile)
    if pairs:
        from trainer.engine.tiles import Tile

        kind, left = pairs[0]
        return text + " " + ngettext(
            "It could win only if your pair of {pair} became a set ({yakuhai}): {n} such tile is still unseen.",
            "It could win only if your pair of {pair} became a set ({yakuhai}): {n} such tiles are still unseen.",
            left).format(pair=_t(str(Tile(kind))), yakuhai="{term:yakuhai}", n=left)
    return text + " " + _("It could win only if it built a yaku again first.")

"""Who won a hand, and on whose discard, as one natural sentence ("Ron! You win on Left's
discard", «Рон! Вы выиграли со сброса игрока слева»), for the result card and the replay.

Seats are counted from the learner's chair (0 the learner, then the next players in turn
order), as :func:`trainer.ui.views.table.state.seat_quarter` places them; the learner's own
win and own discard get their own wording, the other seats a subject form ("Left" / «Игрок
слева») and a possessive one ("Left's" / «игрока слева»)."""

from __future__ import annotations

from trainer.i18n import _, pgettext
from trainer.ui.views.table.state import seat_quarter


def _winner(quarter: int) -> str:
    """Another seat as the one who wins: "Left" / «Игрок слева»."""
    return {1: pgettext("seat that wins", "Right"), 2: pgettext("seat that wins", "Across"),
            3: pgettext("seat that wins", "Left")}[quarter]


def seat_subject(step: int, players: int) -> str:
    """Another player as the subject of a sentence ("Left" / «Игрок слева»): ``step`` places after
    the learner's seat in turn order (not 0: the learner's own sentences have their own words)."""
    return _winner(seat_quarter(step, players))


def seat_owner(step: int, players: int) -> str:
    """Another player as the owner of a discard ("Left's discard" / «сброс игрока слева»), counted
    as :func:`seat_subject` counts."""
    return _discarder(seat_quarter(step, players))


def _discarder(quarter: int) -> str:
    """Another seat as the owner of the discard ("{loser}'s discard"): "Left" / «игрока слева»."""
    return {1: pgettext("whose discard", "Right"), 2: pgettext("whose discard", "Across"),
            3: pgettext("whose discard", "Left")}[quarter]


def win_sentence(winner: int, loser: int | None, players: int, *, hu: bool = False) -> str:
    """How a hand was won, without a final full stop: ``winner`` and ``loser`` (the discarder,
    None for a win on one's own draw) are steps after the learner's seat in turn order;
    ``hu`` words a Chinese Official win ("Hu! …") instead of riichi's Ron / Tsumo."""
    w = seat_quarter(winner, players)
    if loser is None:
        if hu:
            return _("Hu! You win by self-draw") if w == 0 else _("Hu! {winner} wins by self-draw").format(
                winner=_winner(w))
        return _("Tsumo! You win") if w == 0 else _("Tsumo! {winner} wins").format(winner=_winner(w))
    lo = seat_quarter(loser, players)
    if w == 0:
        text = _("Hu! You win on {loser}'s discard") if hu else _("Ron! You win on {loser}'s discard")
        return text.format(loser=_discarder(lo))
    if lo == 0:
        text = _("Hu! {winner} wins on your discard") if hu else _("Ron! {winner} wins on your discard")
        return text.format(winner=_winner(w))
    text = _("Hu! {winner} wins on {loser}'s discard") if hu else _("Ron! {winner} wins on {loser}'s discard")
    return text.format(winner=_winner(w), loser=_discarder(lo))

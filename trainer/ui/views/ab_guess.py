"""The A/B game's part of the simple table (the ``play_simple`` screen with ``mode="ab_game"``).

Stage A needs nothing new but the "Tenpai!" announcement of an open hand (next to the
riichi button).  Stage B adds: the guess — the learner picks two tiles from a palette of
every tile where the hand usually is, and names them; a wrong guess is explained (a tile
in the tenpai player's own discards cannot be a wait: furiten tenpai is forbidden); the
tenpai player's choice to win or lay a winning tile face down; the line saying what the
last guesser named; and at the end the announced wait and every guess.
"""

from __future__ import annotations

from typing import Any

from trainer.engine.game.ab_game import Announce, Guess, PassOver
from trainer.engine.game.full_table import RIICHI_STAKE
from trainer.engine.tiles import Tile
from trainer.i18n import _, format_points, ngettext
from trainer.ui.tileview import TileRow, TileSlot
from trainer.ui.views import explain
from trainer.ui.widgets import Button

PALETTE_LINE = 17


def tile_words(screen: Any, kinds: Any) -> str:
    """Tiles (kinds) in words inside a sentence ("4 of dots, east wind"), honors by their glossary
    names starting with a small letter."""
    return explain.tile_words(screen.app, [Tile(k) for k in kinds], inline=True)


def guess_words(screen: Any, kinds: Any) -> str:
    """Tiles (kinds) in words with a suit's numbers said together, as a learner would say them:
    "6 and 7 of characters", "6 of characters and East"."""
    numbers: dict[str, list[str]] = {}
    parts: list[Any] = []  # a suit letter (its numbers gathered) or an honor's words, in order
    for k in kinds:
        name = str(Tile(k))
        if name[1] == "z":
            parts.append(tile_words(screen, [k]))
            continue
        if name[1] not in numbers:
            numbers[name[1]] = []
            parts.append((name[1],))
        numbers[name[1]].append("5" if name[0] == "0" else name[0])
    words = [explain.suit_tile(p[0], and_join(numbers[p[0]])) if isinstance(p, tuple) else p
             for p in parts]
    return and_join(words)


def and_join(items: list[str]) -> str:
    """Join words as "a", "a and b" or "a, b and c" in the interface language."""
    if len(items) < 2:
        return "".join(items)
    return _("{a} and {b}").format(a=", ".join(items[:-1]), b=items[-1])


def guess_line(screen: Any, seat: int, words: str, *, right: bool) -> str:
    """The result panel's line on a guess: "Right guessed 6 and 7 of characters — not the wait"."""
    verdict = _("a winning tile") if right else _("not the wait")
    return _("{who} guessed {tiles} — {verdict}").format(who=screen.seat_name(seat), tiles=words, verdict=verdict)


def is_ab(screen: Any) -> bool:
    """The table plays the A/B game."""
    return screen.game is not None and hasattr(screen.game, "guesses")


def learner_guessing(screen: Any) -> bool:
    """It is the learner's turn to name the tenpai player's wait."""
    return is_ab(screen) and any(isinstance(a, Guess) for a in screen.my_legal())


def add_guess_widgets(screen: Any) -> None:
    """The palette of every tile of the set (those named before greyed out) and the button."""
    screen.guess_row = None
    if not learner_guessing(screen):
        return
    g = screen.game
    named = {k for rec in g.guesses for k in rec.kinds}
    kinds = list(g.setup.tileset.kinds())
    row = TileRow([TileSlot(Tile(k)) for k in kinds], lines=range(PALETTE_LINE, len(kinds), PALETTE_LINE),
                  pickable=True, multi=True, on_change=lambda sel: _picked(screen, sel))
    row.dim = {i for i, k in enumerate(kinds) if k in named}
    row.selected = {i for i in getattr(screen, "guess_sel", set()) if i not in row.dim}
    screen.guess_kinds = kinds
    screen.guess_row = screen.add(row)
    label = _("Name these tiles")
    screen.action_buttons.append(screen.add(Button(label, lambda: name_tiles(screen), kind="primary")))


def _picked(screen: Any, sel: set[int]) -> None:
    size = screen.game.setup.guess_tiles
    if len(sel) > size:
        screen.app.notify(ngettext("Name exactly {n} tile: un-pick one first.", "Name exactly {n} tiles: un-pick one first.",
                                     size).format(n=size), "warn")
        screen.guess_row.selected = set(getattr(screen, "guess_sel", set()))
        return
    screen.guess_sel = set(sel)


def name_tiles(screen: Any) -> None:
    """Name the picked tiles; a wrong guess says why, in the learner's words."""
    g = screen.game
    sel = sorted(getattr(screen, "guess_sel", set()))
    size = g.setup.guess_tiles
    if len(sel) != size:
        screen.app.notify(_("Pick {n} different tiles first.").format(n=size), "warn")
        return
    want = {screen.guess_kinds[i] for i in sel}
    action = next((a for a in g.legal_actions(0) if {t.kind for t in a.tiles} == want), None)
    if action is None:
        screen.app.notify(_("These tiles were named before: pick others."), "warn")
        return
    screen.guess_sel = set()
    screen._act(action)
    rec = g.guesses[-1]
    if not rec.right and not g.ended:
        screen.app.notify(wrong_guess_text(screen, rec.kinds), "warn", seconds=9.0)


def wrong_guess_text(screen: Any, kinds: tuple[int, ...]) -> str:
    """Why the named tiles did not complete the hand, without giving the wait away."""
    g = screen.game
    target = g.tenpai_seat
    river = {d.tile.kind for d in g.rivers[target]}
    own = [k for k in kinds if k in river]
    who = screen.seat_name(target)
    if own:
        return _("Wrong: {tiles} is in {who}'s own discards, and furiten tenpai is forbidden here, so it could "
                 "not be the wait. Read the tiles they did not throw.").format(
            tiles=tile_words(screen, own), who=who)
    return _("Wrong: neither {tiles} completes {who}'s hand. Now {who} draws up to five tiles.").format(
        tiles=tile_words(screen, kinds), who=who)


GUESS_HAND = 0.7
"""The learner's hand while they guess: smaller than at play, under the palette, so the copies they
hold can be counted while naming the wait."""


def hand_height(screen: Any, L: Any, normal: int) -> int:
    """The learner's hand height: ``normal``, or smaller while the palette is shown above it."""
    return L.tile_h(GUESS_HAND) if getattr(screen, "guess_row", None) is not None else normal


def place_palette(screen: Any, area: Any, hand_h: int, L: Any) -> int | None:
    """The palette of every tile in two lines above the learner's hand (which stays in view);
    returns its top (None without one)."""
    row = getattr(screen, "guess_row", None)
    if row is None:
        return None
    hand = getattr(screen, "hand_row", None)
    bottom = hand.rect.top - L.px(10) if hand is not None and hand.slots else area.bottom
    h = max(16, (L.tile_h(1.05) + L.px(30)) // 2 - L.px(4))
    return row.place(area.centerx, bottom - 2 * h - L.px(14), area.width - L.px(40), h, line_gap=0.12).top


def choices(action: Any) -> tuple[str, Any] | None:
    """The button of an A/B action that is not a discard: laying the winning tile face down."""
    if isinstance(action, PassOver):
        return _("Lay it face down"), action
    return None


def is_announcement(action: Any) -> bool:
    """An open hand's "tenpai" announcement (a discard, like riichi)."""
    return isinstance(action, Announce)


def prompt(screen: Any) -> str:
    """What the learner should do now, or what the last guesser named ("" when nothing special)."""
    g = screen.game
    if not is_ab(screen) or g.ended or g.tenpai_seat is None:
        return ""
    who = screen.seat_name(g.tenpai_seat)
    if learner_guessing(screen):
        return ngettext("{who} is ready. Name {n} tile they may be waiting on: pick it below.",
                        "{who} is ready. Name {n} tiles they may be waiting on: pick them below.",
                        g.setup.guess_tiles).format(n=g.setup.guess_tiles, who=who)
    legal = screen.my_legal()
    if any(isinstance(a, PassOver) for a in legal):
        return _("A winning tile! Win now, or lay it face down for a more valuable hand.")
    if g.guesses:
        rec = g.guesses[-1]
        named = guess_words(screen, rec.kinds)
        return _("Guess by {who}: {tiles}, not the wait. The tenpai player draws on.").format(
            who=screen.seat_name(rec.seat), tiles=named)
    return ""


def status(screen: Any) -> str:
    """Stage A's count of discards against the limit (000:3513); "" otherwise."""
    g = screen.game
    if not is_ab(screen) or g.ended or g.stage != "A":
        return ""
    return _("Discards: {n} of {limit}").format(n=g.discards, limit=g.setup.discard_limit)


def seat_label(screen: Any, seat: int) -> str:
    """The announcement and the face-down tiles next to a seat's name."""
    g = screen.game
    if not is_ab(screen) or g.tenpai_seat != seat:
        return ""
    text = "" if g.riichi[seat] else " · " + screen.app.term_text("tenpai")
    if g.face_down[seat]:
        text += " · " + _("face down: {n}").format(n=len(g.face_down[seat]))
    return text


def result_lines(screen: Any) -> tuple[str, str] | None:
    """The end panel's headline for the A/B game's own draws."""
    g = screen.game
    if not is_ab(screen) or g.result is None or g.result.kind != "draw":
        return None
    if g.end_reason == "guessed":
        rec = g.guesses[-1]
        who = screen.seat_name(rec.seat)
        if rec.seat == 0:
            return _("You read the wait!"), _("You named a winning tile: the hand is a draw.")
        return _("The wait was read: {who}").format(who=who), _("A winning tile was named: the hand is a draw.")
    if g.end_reason == "no_tenpai":
        return _("Nobody announced tenpai"), _("No tenpai was announced within {n} discards: a draw.").format(
            n=g.setup.discard_limit)
    return None


def value_lines(screen: Any) -> list[str]:
    """The announced wait and the last guess, for the end panel."""
    g = screen.game
    if not is_ab(screen) or not g.ended or g.tenpai_seat is None:
        return []
    waits = guess_words(screen, g.announced_waits())
    if g.tenpai_seat == 0:
        out = [_("Your wait: {tiles}").format(tiles=waits)]
    else:
        out = [_("{who}, the wait: {tiles}").format(who=screen.seat_name(g.tenpai_seat), tiles=waits)]
    for rec in g.guesses[-1:]:
        out.append(guess_line(screen, rec.seat, guess_words(screen, rec.kinds), right=rec.right))
    return out


def stake_lines(screen: Any) -> list[str]:
    """The riichi stakes of the hand: each goes on the table and stays there, a drawn hand too."""
    g = screen.game
    if not is_ab(screen) or not g.ended:
        return []
    seats = [s for s in range(g.n) if g.riichi[s]]
    if not seats:
        return []
    return [ngettext("Riichi stake on the table: {who} ({n}).", "Riichi stakes on the table: {who} ({n} each).",
                     len(seats)).format(who=and_join([screen.seat_name(s) for s in seats]),
                                        n=format_points(RIICHI_STAKE))]


def points_lines(screen: Any, room: int | None = None) -> list[str]:
    """The A/B game's end panel: every seat's points before the hand -> after it, with the change,
    and the table's the same way, so the numbers add up (the losers pay the table, a riichi stake
    goes on it, the game's end pays it out).  Two entries to a line when they fit ``room`` pixels
    of the panel's small font, else one; [] for another game or a hand in play."""
    g = screen.game
    start = getattr(screen, "hand_start", None)
    if not is_ab(screen) or not g.ended or start is None:
        return []
    before, table_before = start
    # TRANSLATORS: a seat's points on the A/B game's end panel: «Слева: 25 000 → 24 000 (−1 000)»
    parts = [_("{who}: {before} → {after} ({change})").format(
        who=screen.seat_name(s), before=format_points(b), after=format_points(a),
        change=format_points(a - b, signed=True)) for s, (b, a) in enumerate(zip(before, g.points, strict=True))]
    table = int(g.table_points)
    parts.append(_("On the table: {before} → {after} ({change})").format(
        before=format_points(table_before), after=format_points(table),
        change=format_points(table - table_before, signed=True)))
    out: list[str] = []
    app = screen.app
    size = app.layout.font("small")
    for part in parts:
        joined = f"{out[-1]} · {part}" if out and " · " not in out[-1] else ""
        if joined and (room is None or app.text_width(joined, size) <= room) and part is not parts[-1]:
            out[-1] = joined
        else:
            out.append(part)
    return out

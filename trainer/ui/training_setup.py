"""What a learner may choose before a training game, and how the choice is remembered.

The choices themselves come from the engine: a mode file's allowed values
(:meth:`PlayMode.options`).  This module only words them for the learner — a label for
each option, a name for each value, a one-line note where the value needs one, and the
rulebook lines the docs give (``docs/play-modes.md``) — and keeps the learner's last choice
per game in the settings field ``training_setup`` (JSON ``{"single_suit_1": {"dragons":
"jokers"}}``, only the values that differ from the mode's defaults).  Reading it back never
fails: an option or value the mode no longer offers is dropped with a one-line log.
A game of several hands left in the middle (risu, single-suit mahjong, the A/B game) is kept in
``games/<learner>/training/<mode>.json`` (:func:`saved_game_path`): the table's params and
counters and the hand in play as its deal and its actions (:func:`trainer.engine.game.simple_actions.simple_action_to_json`), rebuilt by
replaying them; the setup screen offers "Continue".
No pygame here.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from trainer.engine.game.simple_modes import (
    ModeError,
    PlayMode,
    TableSetup,
    get_mode,
    lesson_options,
    table_setup,
)
from trainer.i18n import N_, _, format_number, ngettext
from trainer.ui.sources import source_books
from trainer.ui.suit_names import capitalized, suit_names

log = logging.getLogger(__name__)

SKIPPED = ("procedure",)
"""Options the setup screen leaves out: kunto's step-by-step procedure has its own card."""

ORDER = ("players", "tiles", "hand", "suits", "dragons", "calls", "ron", "half_abundance", "no_sticks", "six_pairs",
         "atama_kasou", "recycle_discards", "dummy_pays", "guess_rule", "pass_over", "max_hands", "game_minutes")
"""The order the options are listed in (an option not named here comes last)."""

LABELS: dict[str, str] = {
    "players": N_("Players"),
    "tiles": N_("Tiles"),
    "hand": N_("Tiles in hand"),
    "suits": N_("Suits"),
    "dragons": N_("Dragons"),
    "calls": N_("Calls"),
    "ron": N_("Ron on a discard"),
    "half_abundance": N_("Honor exchange (“half abundance”)"),
    "no_sticks": N_("Without sticks"),
    "six_pairs": N_("Six pairs"),
    "atama_kasou": N_("Atama kasō"),
    "recycle_discards": N_("Discards back to the wall"),
    "dummy_pays": N_("The dummy pays"),
    "guess_rule": N_("A right guess"),
    "pass_over": N_("Pass over"),
    "max_hands": N_("Hands at most"),
    "game_minutes": N_("Game time"),
}
"""Option -> its label on the setup screen."""

VALUE_NAMES: dict[str, dict[Any, str]] = {
    "suits": {"kept": N_("Matter"), "ignored": N_("Do not matter")},
    "dragons": {"plain": N_("Normal"), "tens": N_("As tens"), "jokers": N_("As jokers")},
    "calls": {"none": N_("None"), "pon": N_("Pon only"), "all": N_("Pon and chii")},
    "guess_rule": {"any": N_("One of the two tiles"), "both": N_("Both tiles")},
    "game_minutes": {0: N_("No clock")},
}
"""Option -> value -> its name (numbers, tile sets and on/off switches are named in code)."""

TILE_SET_NAMES: dict[str, str] = {
    # TRANSLATORS: {man} {pin} {sou} are the suits' glossary names with their gloss, in lower case
    # («ман (иероглифы)», «пин (кружки)», «со (палочки)»); a label starting with one gets a capital.
    "sou36": N_("{sou} only"),
    "pin_sou72": N_("{pin} and {sou}"),
    "suits108": N_("Three suits"),
    "sou_dragons48": N_("{sou} and dragons"),
    "suits108_dragons": N_("Three suits and dragons"),
    "sou_winds52": N_("{sou} and winds"),
    "sou_winds_pin68": N_("{sou}, winds and {pin}"),
    "man_dragons48": N_("{man} and dragons"),
    "suits136": N_("All tiles"),
    "sou_two_winds_dragon": N_("{sou}, East, South, green dragon"),
    "man_two_winds_chun": N_("{man}, East, South, red dragon"),
    "pin_two_winds_haku": N_("{pin}, East, South, white dragon"),
    "sou_honors64": N_("{sou} and honors"),
    "pin_sou_dragons84": N_("{pin}, {sou} and dragons"),
    "standard": N_("All tiles"),
}
"""A training game's tile set -> its name (the number of tiles is added from the set); a suit is
named as the glossary names it, with its gloss (:mod:`trainer.ui.suit_names`)."""

NOTES: dict[tuple[str, Any], str] = {
    ("players", 2): N_("You and one bot."),
    ("players", 3): N_("You and two bots."),
    ("players", 4): N_("You and three bots."),
    ("suits", "ignored"): N_("Only the numbers count: 1m 2p 3s is a run."),
    ("dragons", "tens"): N_("Red dragon is the 10 of {man}, green the 10 of {sou}, white the 10 of {pin}."),
    ("dragons", "jokers"): N_("A dragon stands for any tile you need until its owner declares riichi."),
    ("calls", "none"): N_("Nobody calls: every tile comes from the wall."),
    ("calls", "pon"): N_("No chii: open runs are not allowed."),
    ("ron", True): N_("A player may also win on another player's discard (ron), not only by tsumo."),
    ("ron", False): N_("Discards go face down: nobody can win on them, a hand is won only by tsumo."),
    ("half_abundance", True): N_("Honors join the set, players only lose points, an honor may be exchanged for "
                                 "{exchange} points."),
    ("no_sticks", False): N_("Everyone starts at {start} points; the game ends when someone is below zero."),
    ("no_sticks", True): N_("Everyone starts at 0 and plays up to {target} points."),
    ("six_pairs", True): N_("Six different pairs and a lone honor complete the hand too."),
    ("atama_kasou", True): N_("A ready (tenpai) 13-tile hand wins at once, as if an imaginary tile completed it, "
                              "unless its wait is dead."),
    ("atama_kasou", False): N_("Off: a hand must be complete to win. On: a ready 13-tile hand wins at once with an "
                               "imaginary tile (kakū no pai)."),
    ("recycle_discards", True): N_("A discard nobody takes goes face down to the far end of the wall."),
    ("dummy_pays", True): N_("On a tsumo the absent players' shares are paid too."),
    ("dummy_pays", False): N_("On a tsumo only your opponent pays."),
    ("guess_rule", "any"): N_("The guess is right when one of the two tiles named completes the hand."),
    ("guess_rule", "both"): N_("The guess is right only when both tiles named complete the hand."),
    ("pass_over", True): N_("The ready player may lay a winning tile face down and wait for a more valuable hand."),
    ("pass_over", False): N_("The ready player wins with the first winning tile drawn."),
    ("half_abundance", False): N_("No honor exchange; a win is paid to the winner as usual."),
    ("game_minutes", 0): N_("Only the number of hands ends the game."),
}
"""(option, value) -> a one-line note shown under the chosen value ({exchange}, {target}, {start}:
the mode's own numbers)."""

REFERENCES: dict[tuple[str, str], str] = {
    ("kunto", "hand"): "000:3465",
    ("kunto", "suits"): "000:3452",
    ("kunto", "dragons"): "000:3453",
    ("kunto", "tiles"): "000:3451",
    ("kunto", "ron"): "000:3455",
    ("risu", "ron"): "000:3483",
    ("twelve_tiles", "six_pairs"): "000:3477",
    ("twelve_tiles", "atama_kasou"): "000:3479",
    ("risu", "recycle_discards"): "000:3483",
    ("single_suit_1", "dragons"): "000:3503",
    ("single_suit_1", "no_sticks"): "000:3505",
    ("single_suit_1", "half_abundance"): "000:3507",
    ("single_suit_2", "tiles"): "000:3523",
    ("single_suit_2", "dummy_pays"): "000:3531",
    ("bamboo", "calls"): "000:3487",
    ("bamboo", "dummy_pays"): "000:3487",
    ("ab_game", "game_minutes"): "000:3511",
    ("ab_game", "pass_over"): "000:3515",
    ("ab_game", "guess_rule"): "000:3515",
}
"""(mode, option) -> the rulebook lines that option comes from, as docs/play-modes.md cites them."""


def _too_few_tiles(facts: Mapping[str, int]) -> str:
    """Too few tiles for the players: the count needed takes its plural form («61 плитки»)."""
    return ngettext("{players} players need {need} tile, but this set has only {has}: "
                    "choose a bigger set or fewer players.",
                    "{players} players need {need} tiles, but this set has only {has}: "
                    "choose a bigger set or fewer players.", int(facts.get("need", 0))).format(**facts)


def _too_few_tiles_with_hand(facts: Mapping[str, int]) -> str:
    """The same where the learner also chooses the hand size: the advice names it too."""
    return ngettext("{players} players with {hand} tiles each need {need} tile with the wall, but this "
                    "set has only {has}: choose a bigger set, fewer players or fewer tiles in hand.",
                    "{players} players with {hand} tiles each need {need} tiles with the wall, but this "
                    "set has only {has}: choose a bigger set, fewer players or fewer tiles in hand.",
                    int(facts.get("need", 0))).format(**facts)


def _too_few_in_set_played(facts: Mapping[str, Any]) -> str:
    """Too few tiles in the set the table plays instead of the one chosen (dragons added): that set named."""
    return ngettext("{players} players need {need} tile, but “{played}”, the set the table plays instead of the "
                    "one chosen, has only {has}: choose a bigger set or fewer players.",
                    "{players} players need {need} tiles, but “{played}”, the set the table plays instead of the "
                    "one chosen, has only {has}: choose a bigger set or fewer players.",
                    int(facts.get("need", 0))).format(**facts)


def _too_few_in_set_played_with_hand(facts: Mapping[str, Any]) -> str:
    """The same where the learner also chooses the hand size: the advice names it too."""
    return ngettext("{players} players with {hand} tiles each need {need} tile with the wall, but “{played}”, the "
                    "set the table plays instead of the one chosen, has only {has}: choose a bigger set, fewer "
                    "players or fewer tiles in hand.",
                    "{players} players with {hand} tiles each need {need} tiles with the wall, but “{played}”, the "
                    "set the table plays instead of the one chosen, has only {has}: choose a bigger set, fewer "
                    "players or fewer tiles in hand.",
                    int(facts.get("need", 0))).format(**facts)


def _needs_honors(facts: Mapping[str, int]) -> str:
    """The half-abundance variation on a set without honors."""
    return _("half abundance needs a set with honors.")


def _needs_dragons(facts: Mapping[str, int]) -> str:
    """Dragons as tens or jokers on a set without dragons."""
    return _("dragons as tens or jokers need a set with dragons: choose one, or play the dragons as normal.")


REFUSALS: dict[str, Callable[[Mapping[str, int]], str]] = {
    "too_few_tiles": _too_few_tiles,
    "needs_honors": _needs_honors,
    "needs_dragons": _needs_dragons,
}
"""The engine's refusal (``ModeError.kind``) -> why, in the learner's words, from its facts (a count
takes its plural form)."""

REFUSALS_WITH_HAND: dict[str, Callable[[Mapping[str, int]], str]] = {
    "too_few_tiles": _too_few_tiles_with_hand,
}
"""The same where the learner also chooses the hand size (kunto): the advice names it too."""

REFUSALS_IN_SET_PLAYED: dict[str, tuple[Callable[[Mapping[str, Any]], str], Callable[[Mapping[str, Any]], str]]] = {
    "too_few_tiles": (_too_few_in_set_played, _too_few_in_set_played_with_hand),
}
"""The refusals that count the set's tiles, where the table plays another set than the one chosen
(dragons as tens or jokers add the dragons): (without, with the hand size among the options)."""


def table_for(mode_name: str, choices: Mapping[str, Any]) -> tuple[TableSetup | None, ModeError | None]:
    """The table a learner's choice of a training game's variations makes — the values that differ
    from the mode's defaults, passed as a lesson's ``play`` step passes ``rules`` — or the
    engine's refusal (say it with :func:`refusal_text`)."""
    try:
        return table_setup({"mode": mode_name, "rules": dict(choices)}), None
    except ModeError as e:
        return None, e


def tiles_table(mode: PlayMode, choices: Mapping[str, Any], table: TableSetup | None) -> TableSetup | None:
    """The table whose tile set the setup screen shows: ``table`` itself; for a choice refused,
    the same choice at the fewest players the game seats — the set a table plays (a dragonless set
    with the dragons added, the honor exchange's own set) does not depend on the player count, so
    the screen can name it while the table is refused; None when that is refused too."""
    if table is not None:
        return table
    fewest = min(mode.options().get("players", ()), default=None)
    if fewest is None:
        return None
    return table_for(mode.name, {**choices, "players": fewest})[0]


def set_played_instead(table: TableSetup | None) -> str:
    """The name of the set a table plays in place of the one chosen (dragons added: «Со (палочки) и
    драконы»), "" when it plays the set chosen."""
    if table is None or not getattr(table, "tiles_chosen", "") or table.dragons == "plain":
        return ""
    return tile_set_name(table.tileset.name)


def setup_options(mode: PlayMode, child: bool = False) -> list[tuple[str, tuple[Any, ...]]]:
    """The options a learner chooses on the setup screen, in :data:`ORDER`: every option the
    mode offers more than one value for (but :data:`SKIPPED`).  A child chooses only the player
    count, and only among the counts the game's own tiles can seat (risu's 36 bamboos seat two
    at its other defaults: no choice there); the rules a child has not met stay the game's."""
    offered = [(k, v) for k, v in mode.options().items() if len(v) > 1 and k not in SKIPPED]
    if child:
        default = mode.defaults.get("players")
        offered = [(k, tuple(n for n in v if table_for(mode.name, {} if n == default else {k: n})[0] is not None))
                   for k, v in offered if k == "players"]
        offered = [(k, v) for k, v in offered if len(v) > 1]
    rank = {k: i for i, k in enumerate(ORDER)}
    return sorted(offered, key=lambda kv: rank.get(kv[0], len(ORDER)))


def child_progress(mode: PlayMode, lessons: Iterable[Any]) -> tuple[tuple[int, ...], bool]:
    """What a child has met of a children's game in the children's ``lessons`` begun or done: the
    hand sizes their play steps in this game use (the game's own size always among them, so a
    child who has only started keeps the first size), and whether one of them has taught pon
    (lists the term ``pon``) in a game that offers it — then a grown-up may switch pon on."""
    allowed = mode.options().get("hand", ())
    sizes = {int(mode.defaults["hand"])} if "hand" in mode.defaults else set()
    pon = False
    for lesson in lessons:
        for step in getattr(lesson, "steps", ()):
            if getattr(step, "kind", "") != "play" or getattr(step, "mode", "") != mode.name:
                continue
            hand = lesson_options(mode, dict(getattr(step, "rules", None) or {})).get("hand")
            if isinstance(hand, int) and hand in allowed:
                sizes.add(hand)
        pon = pon or "pon" in (getattr(lesson, "terms", None) or ())
    return tuple(sorted(sizes)), pon and "pon" in mode.options().get("calls", ())


def child_options(mode: PlayMode, hands: Collection[int] = (), pon: bool = False,
                  choices: Mapping[str, Any] | None = None) -> list[tuple[str, tuple[Any, ...]]]:
    """A child's choices before a game, in the order the child's screen shows them: the hand
    size among ``hands`` (the sizes met in the children's lessons, when more than one), the
    player counts the game's tiles can seat with the other ``choices`` made (risu's 36 bamboos
    seat two: nothing to choose), and the grown-up's pon switch where ``pon`` is offered."""
    rest = {k: v for k, v in (choices or {}).items() if k != "players"}
    out: list[tuple[str, tuple[Any, ...]]] = []
    if len(hands) > 1:
        out.append(("hand", tuple(sorted(hands))))
    default = mode.defaults.get("players")
    counts = tuple(n for n in mode.options().get("players", ())
                   if table_for(mode.name, rest if n == default else {**rest, "players": n})[0] is not None)
    if len(counts) > 1:
        out.append(("players", counts))
    if pon:
        out.append(("calls", ("none", "pon")))
    return out


def option_label(key: str) -> str:
    """An option's label in the interface language."""
    return _(LABELS[key]) if key in LABELS else key


def value_name(mode: PlayMode, key: str, value: Any) -> str:
    """A value's name in the interface language: a tile set with its number of tiles, a
    number of minutes, a switch as on/off, or the name from :data:`VALUE_NAMES`."""
    named = VALUE_NAMES.get(key, {})
    if value in named:
        return _(named[value])
    if key == "tiles":
        n = len(mode.tileset(str(value)))
        name = TILE_SET_NAMES.get(str(value))
        # TRANSLATORS: a tile set and its number of tiles: «Только со (палочки) · 36».
        return _("{name} · {n}").format(name=tile_set_name(str(value)), n=n) if name else str(n)
    if key == "game_minutes":
        return _("{n} min").format(n=value)
    if isinstance(value, bool):
        return _("On") if value else _("Off")
    return str(value)


def tile_set_name(name: str) -> str:
    """A tile set's name without its count, a suit by its glossary name with the gloss a beginner
    needs to choose («Только со (палочки)», «Пин (кружки) и со (палочки)»; "Bamboo (sou) only"),
    the set's id where it has no name."""
    label = TILE_SET_NAMES.get(name)
    return capitalized(_(label).format(**suit_names(glossed=True))) if label else name


def value_note(mode: PlayMode, key: str, value: Any) -> str:
    """The one-line note under a chosen value, "" where none helps."""
    note = NOTES.get((key, value))
    if not note:
        return ""
    fixed = mode.fixed
    return _(note).format(exchange=format_number(int(fixed.get("honor_exchange", 0))),
                          target=format_number(int(fixed.get("target_points", 0))),
                          start=format_number(int(fixed.get("start_points", 0))),
                          **suit_names(glossed=True))


def substituted_note(mode: PlayMode, table: Any, key: str, choices: dict[str, Any]) -> str:
    """The note on an option another choice decides (the table keeps a value the learner cannot
    change there): the half-abundance variation plays with its own tile set when the set chosen
    is the game's default; dragons as tens or jokers play the chosen set's version with dragons
    (the engine's ``tiles_chosen``).  "" otherwise (a set with honors chosen on purpose is played)."""
    if key != "tiles" or table is None:
        return ""
    if getattr(table, "tiles_chosen", "") and table.dragons != "plain":
        n = len(table.tileset)
        return ngettext("Dragons as tens or jokers need dragons: the table adds them to the set chosen ({n} tile).",
                        "Dragons as tens or jokers need dragons: the table adds them to the set chosen ({n} tiles).",
                        n).format(n=n)
    if not (choices.get("half_abundance") and table.half_abundance):
        return ""
    if table.tileset.name == choices.get("tiles", mode.defaults.get("tiles")):
        return ""
    return _("The honor exchange (“half abundance”) plays with all {n} tiles: turn it off to choose others.").format(n=len(table.tileset))


def has_notes(key: str, values: tuple[Any, ...]) -> bool:
    """Whether any value of an option has a note (the screen keeps room for one under it)."""
    return any((key, v) in NOTES for v in values)


def option_reference(mode_name: str, key: str, *, for_teacher: bool = False) -> str:
    """The rulebook lines (``000:3507``) an option of a game comes from, "" where the docs give none.
    For the learner's screen (not ``for_teacher``) only a book the game's own rules line above
    the options does not name already: the same book again under every option says nothing to
    a learner (the lines are in docs/play-modes.md)."""
    ref = REFERENCES.get((mode_name, key), "")
    if not ref or for_teacher:
        return ref
    return "" if source_books(ref) <= _game_books(mode_name) else ref


@functools.lru_cache(maxsize=64)
def _game_books(mode_name: str) -> frozenset[str]:
    """The books a game's own rules line names (read once per game: the screen asks every frame)."""
    try:
        return source_books(game_reference(get_mode(mode_name)))
    except (OSError, ValueError, ModeError):
        return frozenset()


def game_reference(mode: PlayMode) -> str:
    """The rulebook lines of the whole game: the ``book:lines`` references of the mode file's
    ``source`` ("seed 000:3447-3473, 000:6076-6078" -> "000:3447-3473; 000:6076-6078"; the
    curriculum's and outside sources' words are left out)."""
    return "; ".join(re.findall(r"\b\d{3}:\d+(?:-\d+)?", mode.source))


def remembered_choices(stored: str, mode_name: str) -> dict[str, Any]:
    """The learner's last choice for one game from the settings field ``training_setup``:
    only options the game still offers with values it still allows; anything else is dropped
    with a one-line log (a damaged field gives no choice at all)."""
    try:
        data = json.loads(stored) if stored else {}
    except ValueError:
        log.warning("training_setup: not JSON, ignored")
        return {}
    choice = data.get(mode_name) if isinstance(data, dict) else None
    if not isinstance(choice, dict):
        if choice is not None or not isinstance(data, dict):
            log.warning("training_setup: %s: not a table of options, ignored", mode_name)
        return {}
    try:
        offered = get_mode(mode_name).options()
    except ValueError:
        return {}
    out: dict[str, Any] = {}
    for key, value in choice.items():
        allowed = offered.get(key, ())
        if key in SKIPPED or len(allowed) < 2 or value not in allowed or type(value) is not type(allowed[0]):
            log.warning("training_setup: %s: %s = %r is not offered, dropped", mode_name, key, value)
            continue
        out[key] = value
    return out


def store_choices(stored: str, mode_name: str, choices: dict[str, Any]) -> str:
    """The settings field ``training_setup`` with one game's choice replaced (the others kept;
    a damaged field starts afresh)."""
    try:
        data = json.loads(stored) if stored else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    if choices:
        data[mode_name] = dict(choices)
    else:
        data.pop(mode_name, None)
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


# ---------------------------------------------------------------- a game of several hands left to resume

SAVE_VERSION = 1
"""The format of a saved training game (a file of another version is not resumed)."""

def saved_game_path(app: Any, mode_name: str) -> Path:
    """Where the current learner's game of several hands of ``mode_name`` waits to be continued."""
    from trainer.ui.saved_games import games_dir

    return games_dir(app) / "training" / f"{mode_name}.json"


def write_saved_game(path: Path, state: Mapping[str, Any]) -> None:
    """Write a game left in the middle (``state`` from the table); a failure is logged, never raised."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"version": SAVE_VERSION, **state}, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)
    except OSError as e:
        log.warning("training game not saved: %s", e)


def read_saved_game(path: Path) -> dict[str, Any] | None:
    """A saved game of several hands, or None (no file, another version, or damaged: logged)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        log.warning("training game %s not read: %s", path.name, e)
        return None
    if not isinstance(data, dict) or data.get("version") != SAVE_VERSION or not isinstance(data.get("params"), dict):
        log.warning("training game %s: not a saved game of this version, ignored", path.name)
        return None
    return data


def forget_saved_game(path: Path) -> None:
    """Remove a saved game (it is over, or it could not be resumed)."""
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        log.warning("training game %s not removed: %s", path.name, e)


def refusal_text(error: Any, offered: Collection[str] = (), *, played: str = "") -> str:
    """Why the chosen options cannot make a table, in the learner's language, with what to change
    among the ``offered`` options (the hand size only where it is one); ``played`` names the set
    the table plays in place of the one chosen (:func:`set_played_instead`), and a count of the
    set's tiles is then that set's, said so.  "" when the engine's error is not one a choice can
    cause (then its own words are shown)."""
    kind, facts = getattr(error, "kind", ""), getattr(error, "facts", {})
    if played and kind in REFUSALS_IN_SET_PLAYED:
        return REFUSALS_IN_SET_PLAYED[kind]["hand" in offered]({**facts, "played": played})
    words = (REFUSALS_WITH_HAND.get(kind) if "hand" in offered else None) or REFUSALS.get(kind)
    return words(facts) if words else ""

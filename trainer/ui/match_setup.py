"""The learner's match setup: rules, length, red fives, opponents, coach and practice switches.

A :class:`MatchSetup` is plain data (no pygame).  It is remembered per learner as
JSON in the settings field ``match_setup``; reading it back never fails — a
missing, unknown or damaged value falls back to its default, one field at a time.
The opponents are the engine's bots, shown by a learner-facing name and level (also
where a game log names its players by the bots' ids: :func:`player_display_names`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from trainer.i18n import N_, _, format_number, format_points
from trainer.ui.views import rule_presets

PRESETS = (*rule_presets.PRESET_ORDER, "mcr")
"""The rule presets of a match, in the order every screen lists them (the drills have no MCR here)."""
LENGTHS = ("tonpuusen", "hanchan")
COACH_LEVELS = ("off", "hints", "full")

BOT_ROSTER: dict[str, tuple[str, int, str]] = {
    "beginner": (N_("Gentle"), 1, N_("Thinks only of its tiles, rarely calls and wins cheap hands.")),
    "efficient": (N_("Swift"), 2, N_("Plays for the fastest hand; never folds.")),
    "careful": (N_("Careful"), 3, N_("Plays fast, but folds with safe tiles against riichi.")),
    "strong": (N_("Strong"), 4, N_("Weighs value against danger: dama, folds, pushes and plays for placement.")),
}
"""Engine bot id -> (learner-facing name, level, one-line description)."""

MCR_LEVELS: dict[str, tuple[str, int, str]] = {
    "beginner": (N_("Gentle"), 1, N_("Only counts the steps to a ready hand: often ready below 8 points, and then "
                                     "it cannot win.")),
    "strong": (N_("Strong"), 2, N_("Aims at a hand of 8 points or more; calls only when that brings it nearer.")),
}
"""The opponents an MCR game offers (the MCR table has two bots, the beginner and the aiming one):
level -> (name, level, description).  A seat's stored bot id stays a riichi bot id
(:func:`mcr_level` reads it), so switching the rules back keeps the riichi choice."""


def mcr_level(bot: str) -> str:
    """The MCR level a seat's bot id plays at: Gentle stays Gentle, every other bot is the aiming one."""
    return "beginner" if bot == "beginner" else "strong"


def level_name(bot: str, preset: str = "") -> str:
    """A seat's opponent as the match setup names it («Сильный»): its bot's level, or in an MCR game
    (``preset`` ``mcr``) the MCR level that bot plays at; an unknown id as it is."""
    if preset == "mcr":
        return _(MCR_LEVELS[mcr_level(bot)][0])
    return _(BOT_ROSTER[bot][0]) if bot in BOT_ROSTER else bot

LENGTH_NAMES = {"tonpuusen": N_("East only"), "hanchan": N_("East and South")}
COACH_NAMES = {"off": N_("Off"), "hints": N_("Hints"), "full": N_("Full")}
PRESET_NAMES = {p: rule_presets.PRESET_NAMES[p] for p in rule_presets.PRESET_ORDER} | {"mcr": "MCR"}


def preset_red_fives(preset: str) -> bool:
    """Whether the rule preset ``preset`` plays with red fives (its own file says; MCR has none)."""
    if preset == "mcr":
        return False
    from trainer.engine.rules import load_rules

    return bool(load_rules(preset).red_fives)


def rules_note(preset: str) -> str:
    """One line naming the main ways rule preset ``preset`` differs from the others (docs/rules.md),
    under the setup's "Rules" row."""
    if preset == "mcr":
        return _("Chinese Official: 16 hands, flowers, no riichi or dora, a win needs 8 points.")
    from trainer.engine.rules import load_rules

    rules = load_rules(preset)
    if preset == "tenhou":
        return _("{name}: open tanyao counts, red fives, kan and ura dora; the game ends when someone "
                 "drops below zero.").format(name=_(PRESET_NAMES["tenhou"]))
    if preset == "ema":
        return _("EMA: closed-only tanyao, renhou is a yakuman, no busting, uma {uma}, no oka.").format(uma="/".join(format_points(u, signed=True) for u in rules.uma))
    if preset == "jpml":
        return _("JPML: no ippatsu, ura or kan dora, no red fives; the uma depends on how many reach {points}.").format(points=format_number(rules.target_points))
    if preset == "sanma":
        return _("Three players: no 2–8 of {man}, no chi, a North set aside is a dora (kita), "
                 "{points} to start.").format(man=_suit_man(), points=format_number(rules.starting_points))
    return ""


def _suit_man() -> str:
    from trainer.ui.suit_names import suit_names

    return suit_names()["man"]


@dataclass(frozen=True)
class MatchSetup:
    """What the learner chose before a free match.  ``opponents`` are the bot ids of the
    seats to the right, across and to the left (three players use the right and the left);
    ``show_hands`` opens the opponents' hands (practice), ``undo`` allows taking back one's
    last discard (practice)."""

    preset: str = "tenhou"
    length: str = "hanchan"
    red_fives: bool = True
    opponents: tuple[str, str, str] = ("efficient", "careful", "careful")
    coach: str = "hints"
    show_hands: bool = False
    undo: bool = False

    def rule_options(self) -> dict[str, Any]:
        """The preset's adjustable options this setup sets (see ``records.match_rules``)."""
        return {"game_length": self.length, "red_fives": 1 if self.red_fives else 0}

    def rules(self) -> Any:
        """The rules of the match: the preset with the length and red fives chosen (MCR, the
        Chinese Official rules, has its own game preset: 16 hands, no red fives)."""
        from trainer.engine.game.records import match_rules

        if self.preset == "mcr":
            from trainer.engine.mcr.rules_game import load_mcr_game

            return load_mcr_game("mcr")
        return match_rules(self.preset, self.rule_options())

    def opponent_seats(self) -> tuple[int, ...]:
        """Which of ``opponents`` play: all three, or at three players (sanma) the right and
        the left one (nobody sits across)."""
        return (0, 2) if self.rules().players == 3 else (0, 1, 2)

    def to_json(self) -> str:
        """The setup as a JSON string (stored in the learner's settings)."""
        data = asdict(self)
        data["opponents"] = list(self.opponents)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> MatchSetup:
        """Read a stored setup; anything missing or not allowed keeps its default."""
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        setup = cls()
        if "red_fives" not in data or not isinstance(data["red_fives"], bool):
            data = {**data, "red_fives": None}  # none stored: the stored preset's own (set below)
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "opponents":
                if isinstance(value, list) and len(value) == 3 and all(v in BOT_ROSTER for v in value):
                    setup = replace(setup, opponents=tuple(value))
                continue
            if value is not None and _allowed(f.name, value):
                setup = replace(setup, **{f.name: value})
        if data["red_fives"] is None:
            setup = replace(setup, red_fives=preset_red_fives(setup.preset))
        return setup

    def with_preset(self, preset: str) -> MatchSetup:
        """The setup with rule preset ``preset``, the red-fives switch set to that preset's own
        value (JPML has none, the others one per suit); the learner may change it afterwards."""
        if preset == "mcr":  # no red-fives row: the riichi choice stays for going back
            return replace(self, preset=preset)
        return replace(self, preset=preset, red_fives=preset_red_fives(preset))


FIRST_MATCH: dict[str, Any] = {"length": "tonpuusen", "opponents": ("beginner", "beginner", "beginner")}
"""How the setup starts for a learner new to the table (the basics track not finished, or no match
played yet): the gentle bots and a short East-only match; the rest as for everyone."""


def first_setup(*, new_player: bool) -> MatchSetup:
    """The setup a learner starts from before they have chosen one: :data:`FIRST_MATCH` for a
    learner new to the table, else the usual defaults (:class:`MatchSetup`)."""
    return replace(MatchSetup(), **FIRST_MATCH) if new_player else MatchSetup()


def learner_setup(stored: str, *, basics_done: bool, played: bool) -> MatchSetup:
    """The setup the match setup screen opens with: the learner's own remembered one (``stored``,
    the settings field ``match_setup``, written when a match starts) whenever there is one, else
    :func:`first_setup` — the gentle East-only start unless the learner has finished the basics
    track and has played before."""
    if stored:
        return MatchSetup.from_json(stored)
    return first_setup(new_player=not (basics_done and played))


def basics_done(app: Any) -> bool:
    """Whether the learner has completed every lesson of the basics track (False without a progress
    store or lessons, or when they cannot be read)."""
    from trainer.ui.views.lesson_order import lesson_records

    try:
        lessons = app.library().by_track("basics")
    except Exception:  # noqa: BLE001 - no lessons: the learner counts as new to the table
        return False
    records = lesson_records(app)
    return bool(lessons) and all((records.get(lesson.id) or {}).get("completed_at") for lesson in lessons)


def has_played(folder: Path) -> bool:
    """Whether the learner's saved-games ``folder`` holds any match (finished or not)."""
    from trainer.engine.game.saved import PATTERN

    try:
        return folder.is_dir() and next(folder.glob(PATTERN), None) is not None
    except OSError:
        return False


SEAT_WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))
"""The seat winds of the first hand, seat 0 first: they tell two players of one name apart."""


def player_display_names(names: list[str]) -> list[str]:
    """A game log's players as the learner reads them: a bot's id (``"careful"``) or the English
    name our saved games write (``"Careful"``, ``"You"``) in the interface language, any other
    name as it is; two seats of the same name get their first-hand wind (``"Careful (West)"``).
    The log itself is not changed."""
    english = {name: name for name, _level, _note in BOT_ROSTER.values()} | {"You": N_("You")}
    shown = [_(BOT_ROSTER[n][0]) if n in BOT_ROSTER else _(english[n]) if n in english else n for n in names]
    return [f"{name} ({_(SEAT_WINDS[i])})" if shown.count(name) > 1 and i < len(SEAT_WINDS) else name
            for i, name in enumerate(shown)]


def _allowed(name: str, value: Any) -> bool:
    choices = {"preset": PRESETS, "length": LENGTHS, "coach": COACH_LEVELS}
    if name in choices:
        return value in choices[name]
    return isinstance(value, bool)


__all__ = ["BOT_ROSTER", "COACH_LEVELS", "FIRST_MATCH", "LENGTHS", "MCR_LEVELS", "MatchSetup", "PRESETS", "SEAT_WINDS",
           "basics_done", "first_setup", "has_played", "learner_setup", "level_name", "mcr_level",
           "player_display_names", "preset_red_fives", "rules_note"]

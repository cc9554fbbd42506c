"""Simple play modes as data: the children's and beginners' table games.

Each mode is one TOML file in ``trainer/engine/data/modes/`` (``tibet``,
``ponjan``, ``kids_riichi``, ``glass_table``; curriculum §3.2).  A mode names
its players, tile set, hand size, what wins, which calls are allowed, whose
hands are shown, the coach level and the bots, each with the values a lesson's
``play`` step may choose from.  :func:`load_mode` reads a file and checks every
key (a bad entry raises :class:`ModeError` naming the file, line and key);
:meth:`PlayMode.setup` applies a lesson's overrides and returns the
:class:`TableSetup` of one game, refusing impossible tables (more tiles dealt
than the set holds) with the reason.

What wins (``win``):

* ``shape`` — any complete shape of 3n+2 tiles (sets and a pair; seven pairs and
  thirteen orphans at 14 tiles), no yaku, no points;
* ``riichi`` — a complete shape, only after declaring riichi with a closed hand;
* ``yaku`` — a complete shape with at least one yaku under the rule preset
  (``rules``), optionally one from ``yaku_pool``.

What counts as a yaku at a table (the preset, the pool, the yaku a mode removes) is one
:class:`YakuRules`, which the table's view carries to its bots.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any, Final

from trainer.engine.game.training_shapes import Shape
from trainer.engine.rules import Rules, load_rules
from trainer.engine.tilesets import TileSet, TileSetError, get_tileset

MODES_DIR: Final = Path(__file__).resolve().parent.parent / "data" / "modes"
MODE_RULES_DIR: Final = MODES_DIR / "rules"
WIN_RULES: Final = ("shape", "riichi", "yaku")
CALLS: Final = ("none", "pon", "all")
REVEAL: Final = ("own", "all")
SCORING: Final = ("none", "count_wins", "kunto", "twelve", "short", "risu", "riichi", "standard")
COACH: Final = ("off", "hints", "full")
BOTS: Final = ("gentle", "efficient", "careful", "table", "reader")
HAND_SIZES: Final = (1, 4, 7, 10, 12, 13)
SHAPES: Final = ("standard", "two_pairs")
SUITS: Final = ("kept", "ignored")
DRAGONS: Final = ("plain", "tens", "jokers")
KEYS: Final = frozenset({
    "kans", "chombo_points", "recycle_discards", "recycle_discards_allowed",  # risu (000:3483)
    "half_abundance", "half_abundance_allowed", "honor_exchange", "half_abundance_tiles",  # 000:3507
    "no_sticks", "no_sticks_allowed", "target_points",  # single_suit_1's game without sticks (000:3505)
    "six_pairs", "six_pairs_allowed",  # twelve tiles (000:3477)
    "ron", "ron_allowed",  # kunto's face-down discards (000:3455), risu's (000:3483)
    "dragon_tiles",  # the set with dragons a dragonless set becomes when dragons are tens or jokers
    "yaku_removed", "yaku_instead",  # twelve tiles: the yaku the seed removes or replaces (000:3477)
    "forms",  # twelve tiles: the seed's own 13-tile forms of removed yaku (000:3477)
    "procedure", "procedure_allowed",  # kunto: the table, or the seed's step-by-step procedure
    "name", "source", "players", "players_allowed", "hand", "hand_allowed", "tiles", "tiles_by_hand",
    "tile_sets", "win", "win_allowed", "yaku_pool", "rules", "calls", "calls_allowed", "reveal", "scoring",
    "coach", "bots", "furiten", "min_wall", "shape", "shape_allowed", "suits", "suits_allowed", "dragons",
    "dragons_allowed", "atama_kasou", "atama_kasou_allowed", "start_points", "stages", "visible_draws",
    "max_hands", "max_hands_allowed", "tiles_allowed", "dora_value", "title",
    # the tables that play by the four-player rules (bamboo, single_suit_2, ab_game; full_table.py)
    "engine", "dead_wall", "dora_stack", "max_kans", "kan_dora", "dummy_pays", "dummy_pays_allowed",
    "extra_yaku", "discard_limit", "guess_tiles", "guess_rule", "guess_rule_allowed", "stage_draws",
    "pass_over", "pass_over_allowed",
    "game_minutes", "game_minutes_allowed",  # the A/B game's hour (000:3511)
})
ENGINES: Final = ("simple", "full", "ab")
OWN_BOTS: Final = ("table", "reader")
GUESS_RULES: Final = ("any", "both")
KAN_RULES: Final = ("none", "compulsory", "declared")
PROCEDURES: Final = ("table", "steps")
OVERRIDES: Final = ("ron", "recycle_discards", "half_abundance", "no_sticks", "six_pairs", "procedure", "players", "hand", "tiles", "win", "yaku_pool", "calls", "reveal", "scoring", "coach", "bots",
                    "shape", "suits", "dragons", "atama_kasou", "max_hands", "dummy_pays", "guess_rule", "pass_over",
                    "game_minutes")


class ModeError(ValueError):
    """A bad play-mode file or a table that cannot be set up; the message says where and what.

    ``kind`` names a table that cannot be set up for a reason a learner's choice can cause
    (``"too_few_tiles"``: ``players`` with ``hand`` tiles each and the wall ``need`` tiles, the
    set ``has`` fewer; ``"needs_honors"``: the
    half-abundance variation on a set without honors; ``"needs_dragons"``: dragons as tens or
    jokers on a set without dragons that the mode file's ``dragon_tiles`` does not replace), so a
    screen can say it in the learner's language; ``""`` for the rest (a mode file's mistakes,
    shown as they are)."""

    def __init__(self, message: str, kind: str = "", **facts: int) -> None:
        super().__init__(message)
        self.kind = kind
        self.facts = facts


@cache
def preset_rules(name: str) -> Rules:
    """A table's rule preset by name: a mode's own yaku list (``data/modes/rules/<name>.toml``,
    single-suit mahjong 2) or a shipped preset (``tenhou_no_aka``)."""
    own = MODE_RULES_DIR / f"{name}.toml"
    return load_rules(str(own) if own.is_file() else name)


@dataclass(frozen=True, slots=True)
class YakuRules:
    """What counts as a yaku at a table: the hand is scored by the rule preset ``preset``, and only
    yaku in ``pool`` count (every yaku of the preset when empty), none of ``removed``."""

    preset: str = "tenhou_no_aka"
    pool: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    def counts(self, yaku_id: str) -> bool:
        """Whether ``yaku_id`` is a yaku at this table."""
        if yaku_id in self.removed or (self.pool and yaku_id not in self.pool):
            return False
        return preset_rules(self.preset).has_yaku(yaku_id)

    def rules(self) -> Rules:
        """The preset with every yaku that does not count here worth nothing, so a hand is scored
        by the yaku it has besides (a limit hand outside the pool leaves its other yaku)."""
        return _table_rules(self)


@cache
def _table_rules(yaku: YakuRules) -> Rules:
    """:meth:`YakuRules.rules`, built once per table's rules."""
    from trainer.engine.game.training_scoring import rules_without

    base = preset_rules(yaku.preset)
    dropped = {y for y, *_values in base.yaku_han if not yaku.counts(y)}
    return rules_without(base, frozenset(dropped))


def has_dragons(tileset: TileSet) -> bool:
    """Whether ``tileset`` holds dragon tiles (which dragons as tens or jokers need)."""
    return any(t.kind >= 31 for t in tileset.tiles)


@dataclass(frozen=True, slots=True)
class TableSetup:
    """Everything one simple game needs: the mode's choices after a lesson's overrides."""

    mode: str
    players: int
    hand: int
    tileset: TileSet
    win: str = "shape"
    yaku_pool: tuple[str, ...] = ()
    rules: str = "tenhou_no_aka"
    calls: str = "none"
    reveal: str = "own"
    scoring: str = "none"
    coach: str = "hints"
    bots: str = "gentle"
    furiten: bool = False
    min_wall: int = 1
    # risu (000:3483): concealed kans must be declared, an undeclared four (okurikan) is
    # chombo paid to each other seat, discards go face down to the far end of the wall
    kans: str = "none"
    # False: nobody wins on another's discard, a hand is won by tsumo only (kunto's discards go
    # face down, 000:3455)
    ron: bool = True
    # the tile set the learner chose when the table plays another: dragons as tens or jokers
    # need dragon tiles, so a dragonless set is replaced by the mode's ``dragon_tiles`` choice
    tiles_chosen: str = ""
    chombo_points: int = 0
    recycle_discards: bool = False
    # single-suit mahjong's half-abundance (000:3507): honors in, only losses, honor exchange
    half_abundance: bool = False
    honor_exchange: int = 0
    half_abundance_tiles: str = ""
    # single-suit mahjong without sticks (000:3505): everyone starts at 0, the game ends when
    # someone reaches target_points (in the half-abundance variation: has lost that much)
    no_sticks: bool = False
    target_points: int = 0
    six_pairs: bool = False
    # twelve tiles (000:3477): yaku that do not count, and yaku counted under another name
    # (seven pairs read as the seed's six pairs and a lone honor)
    yaku_removed: tuple[str, ...] = ()
    yaku_instead: tuple[tuple[str, str], ...] = ()
    # twelve tiles (000:3477): (yaku id, 13-tile pattern in MPSZ) the seed's own forms of removed
    # yaku (thirteen orphans and nine gates as many-sided waits, big four winds with an okurikan)
    forms: tuple[tuple[str, str], ...] = ()
    # kunto: "steps" opens the seed's procedure (screen kunto_practice) instead of the table
    procedure: str = "table"
    shape: str = "standard"
    suits: str = "kept"
    dragons: str = "plain"
    atama_kasou: bool = False
    start_points: int = 0
    stages: tuple[int, ...] = ()
    visible_draws: int = 0
    max_hands: int = 1
    # a game of several hands on a clock (the A/B game's hour): the hand in play when the time
    # is up is the last; 0 = no clock (only max_hands ends it)
    game_minutes: int = 0
    dora_value: int = 0
    # four-player rules at a small table (full_table.py): 0 dead wall = the simple engine
    engine: str = "simple"
    dead_wall: int = 0
    dora_stack: int = 3
    max_kans: int = 4
    kan_dora: bool = True
    dummy_pays: bool = True
    extra_yaku: tuple[str, ...] = ()
    discard_limit: int = 0
    guess_tiles: int = 2
    guess_rule: str = "any"
    stage_draws: int = 5
    pass_over: bool = True

    def shape_rules(self) -> Shape:
        """How this table reads hands (suits ignored, dragons as tens or jokers, two pairs,
        the imaginary tile of atama kasō), see :mod:`trainer.engine.game.training_shapes`."""
        if self.atama_kasou:  # a 13-tile tenpai "as in the normal game" wins (000:3479)
            return Shape("standard", self.suits, self.dragons, 1, forms=self.forms)
        return Shape(self.shape, self.suits, self.dragons, 0, self.six_pairs and self.shape == "two_pairs",
                     forms=self.forms)

    @property
    def yaku_rules(self) -> YakuRules:
        """What counts as a yaku at this table: the mode's preset, its yaku pool and the yaku it removes."""
        return YakuRules(self.rules, self.yaku_pool, self.yaku_removed)

    def game_over(self, points: Sequence[int], hands: int) -> str:
        """Why a game of several hands is over after ``hands`` hands with ``points``, or "" while it
        goes on: ``target`` (without sticks someone has reached ``target_points``, or in the
        half-abundance variation, where nobody gains, has lost that much), ``below_zero`` (someone's
        points are below zero; not without sticks, where everyone starts at 0), ``last_hand``."""
        if self.no_sticks and self.target_points:
            if max(points) >= self.target_points or (self.half_abundance and min(points) <= -self.target_points):
                return "target"
        elif min(points) < 0:
            return "below_zero"
        if hands >= self.max_hands:
            return "last_hand"
        return ""

    @property
    def points_floor(self) -> int | None:
        """The points below which a player's game would end: 0 (below zero), or without sticks
        −``target_points`` in the half-abundance variation and None otherwise (nothing ends it)."""
        if self.no_sticks and self.target_points:
            return -self.target_points if self.half_abundance else None
        return 0

    @property
    def keeps_points(self) -> bool:
        """Whether the table counts points from hand to hand (start points, or the no-sticks game)."""
        return bool(self.start_points) or self.no_sticks

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ModeError(f"{self.mode}: {self.players} players; the table seats 2 to 4")
        if self.hand not in HAND_SIZES:
            raise ModeError(f"{self.mode}: a hand of {self.hand} tiles; use one of {', '.join(map(str, HAND_SIZES))}")
        need = self.players * self.hand + max(1, self.min_wall) + self.dead_wall
        if need > len(self.tileset):
            dead = f" + {self.dead_wall} in the dead wall" if self.dead_wall else ""
            raise ModeError(
                f"{self.mode}: {self.players} players x {self.hand} tiles + {max(1, self.min_wall)} to draw{dead}"
                f" = {need} tiles, but the set {self.tileset.name!r} has only {len(self.tileset)}",
                "too_few_tiles", need=need, has=len(self.tileset), players=self.players, hand=self.hand,
            )
        if self.half_abundance and not any(t.kind >= 27 for t in self.tileset.tiles):
            raise ModeError(f"{self.mode}: the half-abundance variation needs honors; the set "
                            f"{self.tileset.name!r} has none", "needs_honors")
        if self.dragons != "plain" and not has_dragons(self.tileset):
            raise ModeError(f"{self.mode}: dragons {self.dragons} need a set with dragons; the set "
                            f"{self.tileset.name!r} has none", "needs_dragons")
        for key, allowed in (("win", WIN_RULES), ("calls", CALLS), ("reveal", REVEAL), ("scoring", SCORING),
                             ("coach", COACH), ("bots", BOTS), ("shape", SHAPES), ("suits", SUITS),
                             ("dragons", DRAGONS), ("kans", KAN_RULES), ("engine", ENGINES),
                             ("guess_rule", GUESS_RULES)):
            if getattr(self, key) not in allowed:
                raise ModeError(f"{self.mode}: {key} = {getattr(self, key)!r}; expected one of {', '.join(allowed)}")


@dataclass(frozen=True, slots=True)
class PlayMode:
    """One play mode as read from its file: the defaults and what a lesson may choose."""

    name: str
    source: str
    defaults: Mapping[str, Any]
    allowed: Mapping[str, tuple[Any, ...]]
    tile_sets: Mapping[str, TileSet]
    tiles_by_hand: Mapping[int, str] = field(default_factory=dict)
    furiten: bool = False
    min_wall: int = 1
    rules: str = "tenhou_no_aka"
    fixed: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    dragon_tiles: Mapping[str, str] = field(default_factory=dict)

    def options(self) -> dict[str, tuple[Any, ...]]:
        """Every option a player may choose for this mode and its allowed values (one value
        means the mode fixes it)."""
        out = {k: tuple(v) for k, v in self.allowed.items()}
        for key in OVERRIDES:
            if key not in out and key in self.defaults and key != "yaku_pool":
                out[key] = (self.defaults[key],)
        return out

    def tileset(self, name: str) -> TileSet:
        """A tile set by the name a lesson uses: the mode's own sets first, then the shipped ones."""
        if name in self.tile_sets:
            return self.tile_sets[name]
        try:
            return get_tileset(name)
        except KeyError:
            known = ", ".join(sorted(self.tile_sets))
            raise ModeError(f"mode {self.name}: no tile set {name!r} (mode sets: {known}; or a shipped set)") from None

    def setup(self, **overrides: Any) -> TableSetup:
        """The table for one game: the defaults with a lesson's ``overrides`` (players, hand,
        tiles, win, yaku_pool, calls, reveal, scoring, coach, bots).  ``None`` values are ignored;
        a value the mode does not allow raises ModeError naming it."""
        values = dict(self.defaults)
        for key, value in overrides.items():
            if value is None:
                continue
            if key not in OVERRIDES:
                raise ModeError(f"mode {self.name}: unknown option {key!r}; options: {', '.join(OVERRIDES)}")
            if key == "bots" and self.defaults.get("bots") in OWN_BOTS:
                continue  # the four-player-rules tables and the A/B game play only with their own bots
            if key in ("players", "hand", "max_hands", "game_minutes"):
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    raise ModeError(f"mode {self.name}: {key} must be a number, not {value!r}") from None
            if key == "yaku_pool":
                value = tuple(value)
            if key in ("ron", "recycle_discards", "half_abundance", "no_sticks", "six_pairs") and isinstance(value, str):
                value = {"true": True, "on": True, "false": False, "off": False}.get(value.lower(), value)
            if key in ("atama_kasou", "dummy_pays", "pass_over") and isinstance(value, str):
                flags = {"true": True, "on": True, "yes": True, "false": False, "off": False, "no": False}
                if value.lower() not in flags:
                    raise ModeError(f"mode {self.name}: {key} = {value!r}; choose true or false")
                value = flags[value.lower()]
            allowed = self.allowed.get(key)
            if allowed and value not in allowed:
                shown = ", ".join(str(a) for a in allowed)
                raise ModeError(f"mode {self.name}: {key} = {value!r} is not offered; choose {shown}")
            values[key] = value
        if "tiles" not in overrides or overrides["tiles"] is None:
            by_hand = self.tiles_by_hand.get(int(values["hand"]))
            if by_hand:
                values["tiles"] = by_hand
            if values.get("half_abundance") and self.fixed.get("half_abundance_tiles"):
                values["tiles"] = self.fixed["half_abundance_tiles"]  # the variation uses the honors
        tileset, chosen = self._tiles_for_dragons(str(values.pop("tiles")), str(values.get("dragons", "plain")))
        fixed = dict(self.fixed)
        if values.get("no_sticks"):
            fixed["start_points"] = 0  # «можно начать игру с 0 очков у каждого» (000:3505)
        else:
            fixed["target_points"] = 0
        return TableSetup(
            mode=self.name,
            tileset=tileset,
            furiten=self.furiten,
            min_wall=self.min_wall,
            rules=self.rules,
            tiles_chosen=chosen,
            **fixed,
            **{k: v for k, v in values.items() if k in OVERRIDES and k != "tiles"},
        )

    def _tiles_for_dragons(self, name: str, dragons: str) -> tuple[TileSet, str]:
        """The set a table plays and the learner's set it replaces ("" when none): dragons as tens or
        jokers need dragon tiles, so a set without them becomes its ``dragon_tiles`` entry (kunto's
        36 bamboos become the 48 with dragons); a set with no entry stays and the table is refused."""
        tileset = self.tileset(name)
        if dragons == "plain" or has_dragons(tileset) or name not in self.dragon_tiles:
            return tileset, ""
        return self.tileset(self.dragon_tiles[name]), name


KEY_ALIASES: Final = {"deal": "hand", "rules": "win", "hint": "coach"}
"""Option names as the curriculum writes them (``ponjan(deal=7)``, ``glass_table(rules=...)``)."""
VALUE_ALIASES: Final = {
    "win": {"shape_only": "shape", "riichi_required": "riichi", "yaku_required": "yaku"},
    "coach": {"ready_lamp": "hints", "on": "hints"},
    "reveal": {"open": "all", "hidden": "own"},
}


def lesson_options(mode: PlayMode, options: Mapping[str, Any]) -> dict[str, Any]:
    """A lesson's play options in the mode's terms: curriculum spellings (``deal``, ``rules =
    riichi_required``, ``hint = ready_lamp``, ``riichi_required = true``, ``calls = on|off``)
    become ``hand``, ``win``, ``coach`` and ``calls`` values :meth:`PlayMode.setup` accepts."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key == "riichi_required":
            if value:
                out["win"] = "riichi"
            continue
        key = KEY_ALIASES.get(key, key)
        if isinstance(value, str):
            value = VALUE_ALIASES.get(key, {}).get(value, value)
        if key == "calls" and value in ("on", "off", True, False):
            offered = mode.allowed.get("calls", (mode.defaults.get("calls", "none"),))
            value = "none" if value in ("off", False) else offered[-1]
        out[key] = value
    return out


def _line_of(text: str, key: str) -> int | None:
    """1-based line where ``key`` (a top-level key or a ``[table]`` header) is written."""
    top = key.split(".")[0]
    for i, line in enumerate(text.splitlines()):
        s = line.strip()
        if s == f"[{top}]" or s.split("=")[0].strip() == top:
            return i + 1
    return None


def load_mode(path: Path | str) -> PlayMode:
    """Read one play-mode TOML file; raises ModeError "file:line: key: problem" for a bad entry."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ModeError(f"{path}: cannot read: {e.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ModeError(f"{path}: {e}") from None

    def err(key: str, problem: str) -> ModeError:
        line = _line_of(text, key)
        return ModeError(f"{path}{f':{line}' if line else ''}: {key}: {problem}")

    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise err(unknown[0], f"unknown key; allowed: {', '.join(sorted(KEYS))}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name:
        raise err("name", "expected the mode's id, such as \"tibet\"")

    def one_of(key: str, choices: tuple[Any, ...], default: Any) -> Any:
        value = data.get(key, default)
        if value not in choices:
            raise err(key, f"{value!r}; expected one of {', '.join(map(str, choices))}")
        return value

    def allowed_list(key: str, choices: tuple[Any, ...], default: Any) -> tuple[Any, ...]:
        values = data.get(key + "_allowed", [default])
        if not isinstance(values, list) or not values or any(v not in choices for v in values):
            raise err(key + "_allowed", f"expected a list from {', '.join(map(str, choices))}, got {values!r}")
        if default not in values:
            raise err(key, f"the default {default!r} is not in {key}_allowed {values!r}")
        return tuple(values)

    def integer(key: str, default: int, lo: int, hi: int) -> int:
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise err(key, f"expected a whole number {lo}..{hi}, got {value!r}")
        return value

    players = integer("players", 4, 2, 4)
    hand = one_of("hand", HAND_SIZES, 13)
    win = one_of("win", WIN_RULES, "shape")
    calls = one_of("calls", CALLS, "none")
    defaults: dict[str, Any] = {
        "players": players,
        "hand": hand,
        "win": win,
        "calls": calls,
        "reveal": one_of("reveal", REVEAL, "own"),
        "scoring": one_of("scoring", SCORING, "none"),
        "coach": one_of("coach", COACH, "hints"),
        "bots": one_of("bots", BOTS, "gentle"),
    }
    allowed: dict[str, tuple[Any, ...]] = {
        "players": allowed_list("players", (2, 3, 4), players),
        "hand": allowed_list("hand", HAND_SIZES, hand),
        "win": allowed_list("win", WIN_RULES, win),
        "calls": allowed_list("calls", CALLS, calls),
    }
    for key, choices, default in (("shape", SHAPES, "standard"), ("suits", SUITS, "kept"),
                                  ("dragons", DRAGONS, "plain")):
        defaults[key] = one_of(key, choices, default)
        allowed[key] = allowed_list(key, choices, defaults[key])
    atama = data.get("atama_kasou", False)
    if not isinstance(atama, bool):
        raise err("atama_kasou", f"expected true or false, got {atama!r}")
    defaults["atama_kasou"] = atama
    allowed["atama_kasou"] = allowed_list("atama_kasou", (False, True), atama)
    for flag in ("recycle_discards", "half_abundance", "no_sticks", "six_pairs"):  # risu, single_suit_1, twelve_tiles
        on = data.get(flag, False)
        if not isinstance(on, bool):
            raise err(flag, f"expected true or false, got {on!r}")
        defaults[flag] = on
        allowed[flag] = allowed_list(flag, (False, True), on)
    ron = data.get("ron", True)  # a discard may be claimed by ron unless the mode's discards go face down
    if not isinstance(ron, bool):
        raise err("ron", f"expected true or false, got {ron!r}")
    defaults["ron"] = ron
    allowed["ron"] = allowed_list("ron", (False, True), ron)
    defaults["procedure"] = one_of("procedure", PROCEDURES, "table")
    allowed["procedure"] = allowed_list("procedure", PROCEDURES, defaults["procedure"])
    for flag in ("dummy_pays", "pass_over"):  # four-player-rules tables (full_table.py), where the file names them
        if flag not in data and flag + "_allowed" not in data:
            continue
        value = data.get(flag, True)
        if not isinstance(value, bool):
            raise err(flag, f"expected true or false, got {value!r}")
        defaults[flag] = value
        allowed[flag] = allowed_list(flag, (False, True), value)
    if "guess_rule" in data:
        defaults["guess_rule"] = one_of("guess_rule", GUESS_RULES, "any")
        allowed["guess_rule"] = allowed_list("guess_rule", GUESS_RULES, defaults["guess_rule"])
    defaults["max_hands"] = integer("max_hands", 1, 1, 99)
    allowed["max_hands"] = allowed_list("max_hands", tuple(range(1, 100)), defaults["max_hands"])
    if "game_minutes" in data or "game_minutes_allowed" in data:
        defaults["game_minutes"] = integer("game_minutes", 0, 0, 600)
        allowed["game_minutes"] = allowed_list("game_minutes", tuple(range(601)), defaults["game_minutes"])
    stages = data.get("stages", [])
    if not isinstance(stages, list) or any(s not in HAND_SIZES for s in stages) or stages != sorted(stages):
        raise err("stages", f"expected growing hand sizes from {', '.join(map(str, HAND_SIZES))}, got {stages!r}")
    fixed: dict[str, Any] = {
        "start_points": integer("start_points", 0, 0, 1_000_000),
        "stages": tuple(stages),
        "visible_draws": integer("visible_draws", 0, 0, 8),
        "dora_value": integer("dora_value", 0, 0, 10_000),
        "kans": one_of("kans", KAN_RULES, "none"),
        "chombo_points": integer("chombo_points", 0, 0, 100_000),
        "honor_exchange": integer("honor_exchange", 0, 0, 100_000),
        "target_points": integer("target_points", 0, 0, 10_000_000),
        "engine": one_of("engine", ENGINES, "simple"),
        "dead_wall": integer("dead_wall", 0, 0, 14),
        "dora_stack": integer("dora_stack", 3, 1, 7),
        "max_kans": integer("max_kans", 4, 0, 4),
        "discard_limit": integer("discard_limit", 0, 0, 200),
        "guess_tiles": integer("guess_tiles", 2, 1, 9),
        "stage_draws": integer("stage_draws", 5, 1, 30),
    }
    if True in allowed["no_sticks"] and not fixed["target_points"]:
        raise err("no_sticks", "the game without sticks needs target_points (100000: play up to it)")
    kan_dora = data.get("kan_dora", True)
    if not isinstance(kan_dora, bool):
        raise err("kan_dora", f"expected true or false, got {kan_dora!r}")
    fixed["kan_dora"] = kan_dora
    extra_yaku = data.get("extra_yaku", [])
    if not isinstance(extra_yaku, list) or any(not isinstance(y, str) for y in extra_yaku):
        raise err("extra_yaku", f"expected a list of yaku ids, got {extra_yaku!r}")
    fixed["extra_yaku"] = tuple(extra_yaku)
    fixed["yaku_removed"], fixed["yaku_instead"] = _yaku_changes(data, err)
    fixed["forms"] = _forms(data, err)
    half_tiles = data.get("half_abundance_tiles", "")
    if not isinstance(half_tiles, str):
        raise err("half_abundance_tiles", f"expected a tile set name, got {half_tiles!r}")
    fixed["half_abundance_tiles"] = half_tiles
    title = data.get("title", "")
    if not isinstance(title, str):
        raise err("title", f"expected a glossary id, got {title!r}")
    pool = data.get("yaku_pool", [])
    if not isinstance(pool, list) or any(not isinstance(y, str) for y in pool):
        raise err("yaku_pool", f"expected a list of yaku ids, got {pool!r}")
    defaults["yaku_pool"] = tuple(pool)
    rules = data.get("rules", "tenhou_no_aka")
    if not isinstance(rules, str):
        raise err("rules", f"expected a rule preset name, got {rules!r}")
    furiten = data.get("furiten", False)
    if not isinstance(furiten, bool):
        raise err("furiten", f"expected true or false, got {furiten!r}")
    min_wall = integer("min_wall", 1, 1, 100)

    sets: dict[str, TileSet] = {}
    raw_sets = data.get("tile_sets", {})
    if not isinstance(raw_sets, Mapping):
        raise err("tile_sets", "expected a table of name = shipped set name or set description")
    for set_name, spec in raw_sets.items():
        try:
            if isinstance(spec, str):
                sets[set_name] = TileSet(set_name, get_tileset(spec).tiles)
            else:
                sets[set_name] = TileSet.from_spec(spec, set_name, where=str(path))
        except (KeyError, TileSetError) as e:
            raise err("tile_sets", str(e).strip("'\"")) from None
    tiles = data.get("tiles", "standard")
    if not isinstance(tiles, str):
        raise err("tiles", f"expected a tile set name, got {tiles!r}")
    mode = PlayMode(name, str(data.get("source", "")), defaults, allowed, sets, rules=rules, furiten=furiten,
                    min_wall=min_wall, fixed=fixed, title=title)
    try:
        mode.tileset(tiles)
    except ModeError as e:
        raise err("tiles", str(e)) from None
    defaults["tiles"] = tiles
    tiles_allowed = data.get("tiles_allowed")
    if tiles_allowed is not None:
        if not isinstance(tiles_allowed, list) or tiles not in tiles_allowed:
            raise err("tiles_allowed", f"expected a list of set names including {tiles!r}, got {tiles_allowed!r}")
        for set_name in tiles_allowed:
            try:
                mode.tileset(str(set_name))
            except ModeError as e:
                raise err("tiles_allowed", str(e)) from None
        allowed["tiles"] = tuple(tiles_allowed)
    by_hand_raw = data.get("tiles_by_hand", {})
    if not isinstance(by_hand_raw, Mapping):
        raise err("tiles_by_hand", "expected a table such as { 4 = \"pin36\", 10 = \"pin_sou72\" }")
    by_hand: dict[int, str] = {}
    for size, set_name in by_hand_raw.items():
        if not str(size).isdigit() or int(size) not in allowed["hand"]:
            raise err("tiles_by_hand", f"{size!r} is not one of hand_allowed {list(allowed['hand'])}")
        try:
            mode.tileset(str(set_name))
        except ModeError as e:
            raise err("tiles_by_hand", str(e)) from None
        by_hand[int(size)] = str(set_name)
    mode = replace(mode, tiles_by_hand=by_hand, dragon_tiles=_dragon_tiles(mode, data.get("dragon_tiles", {}), err))
    # Every default table must be possible.
    try:
        mode.setup()
    except ModeError as e:
        raise err("players", str(e)) from None
    return mode


def _yaku_changes(data: Mapping[str, Any], err: Any) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The file's ``yaku_removed`` (a list of yaku ids) and ``yaku_instead`` (a table: yaku id = the
    id it is counted as), each id checked against the engine's yaku table."""
    from trainer.engine.yaku import yaku_info

    known = yaku_info()
    removed = data.get("yaku_removed", [])
    if not isinstance(removed, list) or any(y not in known for y in removed):
        bad = [y for y in removed if y not in known] if isinstance(removed, list) else removed
        raise err("yaku_removed", f"expected a list of yaku ids (data/yaku.toml), got {bad!r}")
    instead = data.get("yaku_instead", {})
    if not isinstance(instead, Mapping) or any(y not in known or not isinstance(v, str) for y, v in instead.items()):
        raise err("yaku_instead", f"expected a table of yaku id = the id it counts as, got {instead!r}")
    return tuple(removed), tuple((str(y), str(v)) for y, v in instead.items())


def _forms(data: Mapping[str, Any], err: Any) -> tuple[tuple[str, str], ...]:
    """The file's ``[forms]`` table checked: yaku id (data/yaku.toml) = the 13 tiles of its form in
    MPSZ (read in any suit and with the winds exchanged, :func:`training_shapes.form_tiles`)."""
    from trainer.engine.notation import NotationError, parse_tiles
    from trainer.engine.yaku import yaku_info

    raw = data.get("forms", {})
    if not isinstance(raw, Mapping):
        raise err("forms", f"expected a table of yaku id = 13 tiles in MPSZ, got {raw!r}")
    known = yaku_info()
    out: list[tuple[str, str]] = []
    for yaku, pattern in raw.items():
        if yaku not in known or not isinstance(pattern, str):
            raise err("forms", f"{yaku} = {pattern!r}: expected a yaku id (data/yaku.toml) = 13 tiles in MPSZ")
        try:
            count = len(parse_tiles(pattern))
        except NotationError as e:
            raise err("forms", f"{yaku} = {pattern!r}: {e}") from None
        if count != 13:
            raise err("forms", f"{yaku} = {pattern!r}: a form has 13 tiles, not {count}")
        out.append((str(yaku), pattern))
    return tuple(out)


def _dragon_tiles(mode: PlayMode, raw: Any, err: Any) -> dict[str, str]:
    """The file's ``dragon_tiles`` table checked: each entry names a set of the mode without dragons
    and the set with dragons it becomes when dragons are tens or jokers."""
    if not isinstance(raw, Mapping):
        raise err("dragon_tiles", "expected a table such as { sou36 = \"sou_dragons48\" }")
    out: dict[str, str] = {}
    for plain, with_dragons in raw.items():
        try:
            target = mode.tileset(str(with_dragons))
            mode.tileset(str(plain))
        except ModeError as e:
            raise err("dragon_tiles", str(e)) from None
        if not has_dragons(target):
            raise err("dragon_tiles", f"{plain} = {with_dragons!r}: that set has no dragons")
        out[str(plain)] = str(with_dragons)
    return out


@cache
def get_mode(name: str) -> PlayMode:
    """A shipped mode by id (``tibet``, ``ponjan``, ``kids_riichi``, ``glass_table``)."""
    path = MODES_DIR / f"{name}.toml"
    if not path.is_file():
        raise ModeError(f"no play mode {name!r} in {MODES_DIR}; known: {', '.join(mode_ids())}")
    return load_mode(path)


def mode_ids() -> tuple[str, ...]:
    """Ids of the shipped play modes, sorted."""
    return tuple(sorted(p.stem for p in MODES_DIR.glob("*.toml")))


__all__ = ["MODES_DIR", "ModeError", "PlayMode", "TableSetup", "YakuRules", "get_mode", "has_dragons",
           "lesson_options", "load_mode", "mode_ids", "preset_rules"]


def table_setup(params: Mapping[str, Any]) -> TableSetup:
    """The table a lesson's play step (or the play screen) asks for: the mode file's defaults, the lesson's ``rules`` dict
    (curriculum spellings allowed, see ``simple_modes.lesson_options``), then the direct params
    (hand, players, tiles, win, calls, reveal, coach, bots)."""
    mode = get_mode(str(params.get("mode") or "tibet"))
    rules = params.get("rules") or {}
    if not isinstance(rules, dict):
        raise ModeError(f"mode {mode.name}: rules must be a table of options, not {rules!r}")
    opts = lesson_options(mode, rules)
    direct = {k: params[k] for k in ("hand", "players", "win", "calls", "reveal", "coach", "bots", "yaku_pool",
                                     "scoring") if params.get(k) is not None}
    opts.update(lesson_options(mode, direct))
    tiles = params.get("tiles") or opts.get("tiles")
    opts.pop("tiles", None)
    if isinstance(tiles, str):
        opts["tiles"] = tiles
    setup = mode.setup(**opts)
    if isinstance(tiles, dict):
        try:
            setup = replace(setup, tileset=TileSet.from_spec(tiles, "lesson", where="play step"), tiles_chosen="")
        except TileSetError as e:
            raise ModeError(str(e)) from None
    return setup

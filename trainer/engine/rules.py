"""Rule presets: every option of a rule set as one typed, immutable value.

A :class:`Rules` object is read from a TOML file in
``trainer/engine/data/presets/<name>.toml`` (``tenhou``, ``ema``, ``jpml``) or
from any path.  A preset may start from another with ``base = "tenhou"`` and
override single options.  Yaku values come from a column of
``trainer/engine/data/yaku.toml`` (``yaku_values``) and can be changed per yaku
in a ``[yaku_han]`` table.  Every option is documented in ``docs/rules.md`` with
the seed line it comes from.

Loading is strict: an unknown option, a wrong type or a value outside the
allowed choices raises :class:`RulesError` naming the file and the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

from trainer.engine.tiles import dora_from_indicator

PRESETS_DIR = Path(__file__).resolve().parent / "data" / "presets"
YAKU_FILE = Path(__file__).resolve().parent / "data" / "yaku.toml"

PRESETS: tuple[str, ...] = ("tenhou", "tenhou_no_aka", "ema", "jpml", "sanma")
"""The built-in rule presets: tenhou.net, EMA 2008, JPML A rules and three-player (sanma) riichi."""

THREE_PLAYER_ABORTS = ("kyuushu", "suukaikan")
"""The abortive draws that can happen at a three-player table (four winds, four riichi
and three rons need four players)."""

ABORTIVE_DRAWS = ("kyuushu", "suufon", "suucha", "suukaikan", "sanchahou")


class RulesError(ValueError):
    """A preset file is wrong; the message names the file and the key."""


def _opt(doc: str, choices: tuple[Any, ...] | None = None, **kw: Any) -> Any:
    return field(metadata={"doc": doc, "choices": choices}, **kw)


@dataclass(frozen=True)
class Rules:
    """Every option of one rule set (scoring and game flow).

    The dataclass is frozen and hashable, so it can key caches.  ``yaku_han`` is
    the resolved yaku table: ``(id, closed_han, open_han, yakuman)`` per yaku,
    where 0 han means "not a yaku in this position" and ``yakuman`` is 0 for an
    ordinary yaku, otherwise 1 or 2 (double yakuman).
    """

    name: str = _opt("Preset name shown to the learner")
    description: str = _opt("One line saying where the rules come from")
    # ---- yaku and hand value
    yaku_values: str = _opt("Column of data/yaku.toml giving the yaku values", ("tenhou", "ema", "jpml"))
    yakuman_stacking: bool = _opt("Several yakuman in one hand add up (False: only the biggest counts)")
    kazoe_yakuman: bool = _opt("13+ han from ordinary yaku and dora is a yakuman (False: sanbaiman cap)")
    kiriage_mangan: bool = _opt("4 han 30 fu and 3 han 60 fu are rounded up to mangan")
    double_wind_pair_fu: int = _opt("Fu for a pair of the wind that is both seat and round wind", (2, 4))
    rinshan_tsumo_fu: bool = _opt("A win on the replacement tile after a kan gets the 2 tsumo fu")
    open_pinfu_fu: bool = _opt("An open hand with no fu won by ron is raised to 30 fu")
    ryuuiisou_needs_hatsu: bool = _opt("All-green (ryuuiisou) must contain the green dragon")
    renhou: str = _opt("Win on a discard before one's first draw", ("none", "mangan", "yakuman"))
    atozuke: bool = _opt("A win is allowed when only some of the waits give a yaku")
    ryanhan_shibari: int = _opt("From this many honba a win needs 2 han without dora (0: never)")
    red_fives: int = _opt("Red fives per suit (aka dora, +1 han each)", (0, 1))
    kan_dora: bool = _opt("Each kan reveals a new dora indicator")
    ura_dora: bool = _opt("A riichi winner reveals the ura dora under the indicator")
    kan_ura: bool = _opt("A riichi winner also reveals the ura dora under each kan dora indicator")
    kan_dora_timing: str = _opt(
        "When a kan dora is revealed: 'split' closed kan at once, open kans after the discard; "
        "'immediate' always at once; 'none' when there is no kan dora",
        ("split", "immediate", "none"),
    )
    nagashi_mangan: str = _opt(
        "Nagashi mangan at an exhaustive draw: 'draw' paid but not a win, 'win', or 'none'",
        ("draw", "win", "none"),
    )
    honba_points: int = _opt("Points per honba counter added to a ron (a third from each on tsumo)")
    riichi_deposit: int = _opt("The riichi stick a player puts down")
    pao_yaku: tuple[str, ...] = _opt("Yakuman with liability payment (pao)")
    pao_includes_combined: bool = _opt("Pao also covers other yakuman scored together with it")
    pao_honba: str = _opt("Who pays the honba of a ron under pao", ("discarder", "liable"))
    pao_rinshan_daiminkan: bool = _opt("The player who fed an open kan pays a rinshan win off it")
    # ---- game flow
    starting_points: int = _opt("Points each player starts with")
    target_points: int = _opt("Points returned (the 'target') when the final score is computed")
    oka: int = _opt("Bonus to the first place, in points (target - start) x 4")
    uma: tuple[int, ...] = _opt("Placement bonus in thousands for places 1..4")
    uma_by_plus: tuple[tuple[int, ...], ...] = _opt(
        "Placement points indexed by how many players finish at or above target_points (0..4); empty: use uma"
    )
    game_length: str = _opt("East-only or East-South game", ("hanchan", "tonpuusen"))
    extension_round: bool = _opt("Play on into the next wind (sudden death) until someone reaches the target")
    busting: bool = _opt("The game ends when a player falls below zero (tobi)")
    agari_yame: bool = _opt("The game ends when the last dealer wins in first place")
    tenpai_yame: bool = _opt("The game ends when the last dealer is tenpai at a draw in first place")
    renchan: str = _opt("When the dealer keeps the deal", ("tenpai", "agari"))
    noten_payment: int = _opt("Total paid by noten players to tenpai players at a draw")
    kuikae: str = _opt(
        "Discard after a call of a tile that would complete the called set",
        ("forbidden", "same_tile", "allowed"),
    )
    double_ron: bool = _opt("Two players may ron the same discard (False: head bump)")
    triple_ron: str = _opt("Three players ron the same discard", ("abort", "allowed", "head_bump"))
    kokushi_ankan_ron: bool = _opt("Thirteen orphans may rob a closed kan")
    abortive_draws: tuple[str, ...] = _opt("Abortive draws in use", ABORTIVE_DRAWS)
    four_kan_timing: str = _opt(
        "Four kans by several players abort: after the next discard, or at the declaration",
        ("discard", "declaration"),
    )
    leftover_sticks: str = _opt("Riichi sticks left on the table at the end", ("winner", "lost"))
    multi_ron_sticks: str = _opt("Who takes honba and sticks in a multiple ron", ("nearest",))
    final_ties: str = _opt("Equal final scores", ("seat_order", "shared"))
    final_rounding: str = _opt(
        "Final scores: exact ('none', 100 points = 0.1), or whole thousands with 500 rounded down "
        "and the first place taking the difference ('thousand_5_down')",
        ("none", "thousand_5_down"),
    )
    temp_furiten_call_clears: bool = _opt("Any call ends temporary furiten")
    noten_declaration: bool = _opt(
        "At an exhaustive draw a tenpai player not in riichi may keep the hand hidden and count as noten"
    )
    chankan_keeps_ippatsu: bool = _opt(
        "A riichi player who robs an added kan in the ippatsu window keeps ippatsu (the robbed kan never stands)"
    )
    furiten_riichi: bool = _opt("Riichi is allowed while in furiten")
    riichi_min_points: int = _opt("Points a player needs to declare riichi (0: no minimum)")
    riichi_min_tiles_left: int = _opt("Live-wall tiles that must remain to declare riichi")
    riichi_ankan: str = _opt(
        "A closed kan after riichi must keep the waits and every reading, or only the waits",
        ("readings", "waits"),
    )
    karaten: str = _opt(
        "Is a wait on tiles that are all gone tenpai at a draw",
        ("counts", "not_if_all_in_hand", "never"),
    )
    chombo: str = _opt("Penalty for chombo: a reverse mangan or rating points", ("mangan", "points"))
    chombo_points: int = _opt("Rating points deducted for chombo when chombo = 'points'")
    pon_over_late_chi: bool = _opt("A pon or kan beats a chi even when it is said later")
    # ---- three players (sanma)
    players: int = _opt("Players at the table: 4, or 3 for sanma (seats East, South, West)", (3, 4))
    deck: str = _opt(
        "Tiles removed from the 136: none, the man simples 2m-8m (108 tiles) or the sou simples 2s-8s",
        ("full", "no_man_simples", "no_sou_simples"),
    )
    chi: bool = _opt("Chi (calling a run from the player on the left) is allowed")
    nukidora: bool = _opt(
        "North is set aside (kita) as a nukidora worth one dora each, with a replacement draw"
    )
    north_kept: bool = _opt(
        "With nukidora, a North may also be kept in the hand as a pair or triplet (False: every North is set aside)"
    )
    three_player_tsumo: str = _opt(
        "Tsumo payments at three players: 'tsumo_loss' (the absent North's share is not paid), "
        "'north_split' (North's share split between the two payers), "
        "'dealer_double' (a non-dealer's tsumo split 2:1 between dealer and non-dealer)",
        ("tsumo_loss", "north_split", "dealer_double"),
    )
    kita_ron: str = _opt(
        "A North set aside may be ronned: 'none', 'ron' (a plain ron, no chankan yaku), "
        "'chankan' (ron with the chankan yaku)",
        ("none", "ron", "chankan"),
    )
    kita_breaks_ippatsu: bool = _opt("Setting a North aside ends every player's ippatsu, like a call")
    # ---- resolved yaku table
    yaku_han: tuple[tuple[str, int, int, int], ...] = field(default=(), metadata={"doc": "", "choices": None})

    @cached_property
    def _yaku_map(self) -> dict[str, tuple[int, int, int]]:
        return {y: (c, o, ym) for y, c, o, ym in self.yaku_han}

    def han(self, yaku_id: str, closed: bool) -> int:
        """Han of a (non-yakuman) yaku for a closed or open hand; 0 when it does not count."""
        c, o, _ = self._yaku_map.get(yaku_id, (0, 0, 0))
        return c if closed else o

    def yakuman(self, yaku_id: str) -> int:
        """How many yakuman a yakuman yaku is worth (0 if unused, 2 for a double yakuman)."""
        return self._yaku_map.get(yaku_id, (0, 0, 0))[2]

    def has_yaku(self, yaku_id: str) -> bool:
        """Whether this rule set scores the yaku at all."""
        c, o, ym = self._yaku_map.get(yaku_id, (0, 0, 0))
        return bool(c or o or ym)

    @property
    def ippatsu(self) -> bool:
        """Whether ippatsu is a yaku here (the game engine tracks it only then)."""
        return self.has_yaku("ippatsu")

    @cached_property
    def removed_kinds(self) -> frozenset[int]:
        """Tile kinds not in this rule set's deck (2m-8m for the usual sanma deck)."""
        start = {"full": None, "no_man_simples": 0, "no_sou_simples": 18}[self.deck]
        return frozenset() if start is None else frozenset(range(start + 1, start + 8))

    @cached_property
    def dora_next(self) -> tuple[int, ...]:
        """The dora each indicator kind points to: the next kind in its suit, skipping removed
        tiles (1m -> 9m in sanma), winds E-S-W-N, dragons white-green-red, each cycling round."""
        out = []
        for k in range(34):
            d = dora_from_indicator(k)
            while d in self.removed_kinds:
                d = dora_from_indicator(d)
            out.append(d)
        return tuple(out)

    @property
    def three_player(self) -> bool:
        """A three-player (sanma) table."""
        return self.players == 3

    @property
    def aka(self) -> int:
        """Total red fives in the set (one per suit when used; 5p and 5s only without the man simples)."""
        return self.red_fives * (3 - (1 if self.removed_kinds else 0))


_FIELDS = {f.name: f for f in fields(Rules) if f.name != "yaku_han"}
_TUPLE_INT = {"uma"}
_TUPLE_STR = {"pao_yaku", "abortive_draws"}
_FILE_ONLY = {"base", "yaku_han"}


def _load_yaku_table() -> dict[str, dict[str, Any]]:
    with YAKU_FILE.open("rb") as f:
        data = tomllib.load(f)
    return {y["id"]: y for y in data["yaku"]}


def yaku_column(column: str) -> dict[str, tuple[int, int, int]]:
    """The yaku values of one column of data/yaku.toml: id -> (closed, open, yakuman)."""
    out = {}
    for yid, y in _load_yaku_table().items():
        values = y["values"].get(column, y["values"].get("default"))
        if values is None:
            raise RulesError(f"{YAKU_FILE}: yaku {yid!r} has no value for column {column!r}")
        out[yid] = _yaku_value(values, f"{YAKU_FILE}: yaku {yid!r}")
    return out


def _yaku_value(values: Any, where: str) -> tuple[int, int, int]:
    if isinstance(values, str) and (values == "Y" or (len(values) == 2 and values[0] == "Y" and values[1] in "123456")):
        return (0, 0, int(values[1:] or 1))
    if isinstance(values, list) and len(values) == 2 and all(isinstance(v, int) for v in values):
        return (values[0], values[1], 0)
    if values == "-":
        return (0, 0, 0)
    raise RulesError(f"{where}: value {values!r} must be [closed, open] han, 'Y', 'Y2' or '-'")


def _check_value(path: Path, key: str, value: Any) -> Any:
    f = _FIELDS[key]
    where = f"{path}: option {key!r}"
    t = f.type if isinstance(f.type, str) else str(f.type)
    if key == "uma_by_plus":
        if not (
            isinstance(value, list)
            and len(value) in (0, 5)
            and all(isinstance(r, list) and len(r) == 4 and all(type(x) is int for x in r) for r in value)
        ):
            raise RulesError(f"{where}: must be [] or 5 lists of 4 integers")
        return tuple(tuple(r) for r in value)
    if key in _TUPLE_INT:
        if not (isinstance(value, list) and len(value) in (3, 4) and all(type(x) is int for x in value)):
            raise RulesError(f"{where}: must be a list of 3 or 4 integers (one per place), got {value!r}")
        return tuple(value)
    if key in _TUPLE_STR:
        if not (isinstance(value, list) and all(isinstance(x, str) for x in value)):
            raise RulesError(f"{where}: must be a list of strings, got {value!r}")
        choices = f.metadata["choices"]
        for x in value:
            if choices and x not in choices:
                raise RulesError(f"{where}: {x!r} is not one of {', '.join(choices)}")
        return tuple(value)
    expected = {"bool": bool, "int": int, "str": str}[t]
    if type(value) is not expected:
        raise RulesError(f"{where}: must be {t}, got {value!r}")
    choices = f.metadata["choices"]
    if choices and value not in choices:
        raise RulesError(f"{where}: {value!r} is not one of {', '.join(map(str, choices))}")
    return value


MAX_PRESET_BYTES = 256 * 1024
"""The largest preset file read (the shipped ones are about 5 KB)."""


def _load_toml(path: Path) -> dict[str, Any]:
    """The TOML table of a preset file, refusing anything that is not a small
    regular UTF-8 TOML file (a folder, a device such as /dev/zero, a huge file)."""
    try:
        regular, exists = path.is_file(), path.exists()
        raw = b""
        if regular:
            with path.open("rb") as f:
                raw = f.read(MAX_PRESET_BYTES + 1)
    except (OSError, ValueError) as e:  # ValueError: a NUL character in the name
        raise RulesError(f"{path!s:.80}: cannot be read: {getattr(e, 'strerror', None) or e}") from None
    if not regular:
        raise RulesError(f"{path}: {'not a preset file (a folder or a device)' if exists else 'no such preset file'}")
    if len(raw) > MAX_PRESET_BYTES:
        raise RulesError(f"{path}: larger than {MAX_PRESET_BYTES // 1024} KB, not a preset file")
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise RulesError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise RulesError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:
        raise RulesError(f"{path}: not valid TOML: nested too deeply") from None


def _read(path: Path, seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    if path in seen:
        raise RulesError(f"{path}: 'base' makes a loop")
    data = _load_toml(path)
    out: dict[str, Any] = {}
    base = data.get("base")
    if base is not None:
        if not isinstance(base, str):
            raise RulesError(f"{path}: option 'base' must be a preset name or path")
        out = _read(_resolve(base, path.parent), (*seen, path))
        out.pop("name", None)
        out.pop("description", None)
    overrides = dict(out.get("yaku_han", {}))
    for key, value in data.items():
        if key == "base":
            continue
        if key == "yaku_han":
            if not isinstance(value, dict):
                raise RulesError(f"{path}: [yaku_han] must be a table of yaku id = [closed, open]")
            overrides.update({k: (v, f"{path}: [yaku_han] {k!r}") for k, v in value.items()})
            continue
        if key not in _FIELDS:
            raise RulesError(f"{path}: unknown option {key!r}")
        out[key] = _check_value(path, key, value)
    out["yaku_han"] = overrides
    return out


def _resolve(name_or_path: str, folder: Path = PRESETS_DIR) -> Path:
    if name_or_path in PRESETS or ("/" not in name_or_path and not name_or_path.endswith(".toml")):
        return PRESETS_DIR / f"{name_or_path}.toml"
    p = Path(name_or_path)
    return p if p.is_absolute() else (folder / p if not p.exists() else p)


def _check_players(path: Path, data: dict[str, Any]) -> None:
    """Options that must agree with the number of players."""
    n = data["players"]
    if len(data["uma"]) != n:
        raise RulesError(f"{path}: option 'uma': give {n} values, one per place, for {n} players")
    if n == 3:
        wrong = [a for a in data["abortive_draws"] if a not in THREE_PLAYER_ABORTS]
        if wrong:
            raise RulesError(
                f"{path}: option 'abortive_draws': {', '.join(wrong)} cannot happen with three players"
            )
        if data["uma_by_plus"]:
            raise RulesError(f"{path}: option 'uma_by_plus' is for four players; use 'uma'")
    elif data["nukidora"] or data["deck"] != "full":
        raise RulesError(f"{path}: options 'nukidora' and 'deck' are for three players (players = 3)")


_CACHE: dict[str, Rules] = {}


def load_rules(name_or_path: str = "tenhou") -> Rules:
    """Load a rule preset by name (``tenhou``, ``ema``, ``jpml``) or from a TOML file path.

    Raises :class:`RulesError` naming the file and the key for an unknown
    option, a wrong type, a value outside its choices or a missing option.
    """
    cached = _CACHE.get(name_or_path)
    if cached is not None:
        return cached
    if not name_or_path or "\0" in name_or_path:
        raise RulesError(f"{name_or_path!r:.80}: not a preset name or file path")
    path = _resolve(name_or_path, Path.cwd())
    data = _read(path)
    missing = [k for k in _FIELDS if k not in data]
    if missing:
        raise RulesError(f"{path}: missing option(s) {', '.join(missing)}")
    table = yaku_column(data["yaku_values"])
    for yid, (value, where) in data.pop("yaku_han").items():
        if yid not in table:
            raise RulesError(f"{where}: unknown yaku id")
        table[yid] = _yaku_value(value, where)
    for y in data["pao_yaku"]:
        if y not in table:
            raise RulesError(f"{path}: option 'pao_yaku': unknown yaku id {y!r}")
    _check_players(path, data)
    rules = Rules(**data, yaku_han=tuple((k, *v) for k, v in table.items()))
    _CACHE[name_or_path] = rules
    return rules


def option_docs() -> list[tuple[str, str, tuple[Any, ...] | None]]:
    """(name, meaning, allowed choices) for every preset option, in file order."""
    return [(f.name, f.metadata["doc"], f.metadata["choices"]) for f in _FIELDS.values()]


__all__ = ["PRESETS", "Rules", "RulesError", "load_rules", "option_docs", "yaku_column"]

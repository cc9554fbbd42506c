"""Game-flow options of a rule preset, read in one place.

The rule presets (``trainer/engine/data/presets/*.toml``, loaded by
:func:`trainer.engine.rules.load_rules`) describe yaku, fu and payments and the
game flow.  This adapter turns a :class:`~trainer.engine.rules.Rules` value into
the :class:`GameOptions` the table needs.  Any option the preset does not
expose is taken from :data:`FALLBACK` for that preset name (values from the
rules digest, Appendix A), so the table never reads ``Rules`` directly.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

ABORTIVE_KINDS = ("kyuushu", "suufon", "suucha", "suukaikan", "sanchahou")
"""Abortive draws: nine terminals, four winds, four riichi, four kans, triple ron."""

_JPML_UMA = ((8, 4, -4, -8), (12, -1, -3, -8), (8, 4, -4, -8), (8, 3, 1, -12), (0, 0, 0, 0))


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Everything the round and match engines need to know about a rule set."""

    name: str = "tenhou"
    starting_points: int = 25000
    target_points: int = 30000
    oka: int = 20000
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)
    uma_by_plus: tuple[tuple[int, ...], ...] = ()
    game_length: str = "hanchan"
    extension_round: bool = True
    busting: bool = True
    agari_yame: bool = True
    tenpai_yame: bool = True
    honba_points: int = 300
    noten_payment: int = 3000
    red_fives: int = 1
    kan_dora: bool = True
    ura_dora: bool = True
    kan_ura: bool = True
    kan_dora_timing: str = "split"
    kuikae: str = "forbidden"
    ippatsu: bool = True
    double_ron: bool = True
    triple_ron: str = "abort"
    kokushi_ankan_ron: bool = False
    nagashi_mangan: str = "draw"
    abortive_draws: tuple[str, ...] = ABORTIVE_KINDS
    four_kan_timing: str = "discard"
    leftover_sticks: str = "winner"
    final_ties: str = "seat_order"
    temp_furiten_call_clears: bool = False
    riichi_min_points: int = 1000
    riichi_min_tiles_left: int = 4
    riichi_deposit: int = 1000
    riichi_ankan: str = "readings"
    furiten_riichi: bool = True
    karaten: str = "not_if_all_in_hand"
    renchan: str = "tenpai"
    renhou: str = "none"
    pao_yaku: tuple[str, ...] = ("daisangen", "daisuushii")
    pao_honba: str = "discarder"
    pao_rinshan_daiminkan: bool = False

    def uma_for(self, plus_players: int) -> tuple[int, int, int, int]:
        """The uma (in thousands) for places 1..4; JPML's depends on how many players are plus."""
        if self.uma_by_plus and plus_players < len(self.uma_by_plus):
            return tuple(self.uma_by_plus[plus_players])  # type: ignore[return-value]
        return self.uma


FALLBACK: dict[str, dict[str, Any]] = {
    "tenhou": {},
    "ema": {
        "starting_points": 30000,
        "oka": 0,
        "uma": (15, 5, -5, -15),
        "extension_round": False,
        "busting": False,
        "agari_yame": False,
        "tenpai_yame": False,
        "kan_dora_timing": "immediate",
        "kuikae": "allowed",
        "triple_ron": "allowed",
        "nagashi_mangan": "win",
        "abortive_draws": ("kyuushu", "suufon", "suucha", "suukaikan"),
        "temp_furiten_call_clears": True,
        "renhou": "yakuman",
    },
    "jpml": {
        "starting_points": 30000,
        "oka": 0,
        "uma_by_plus": _JPML_UMA,
        "extension_round": False,
        "busting": False,
        "agari_yame": False,
        "tenpai_yame": False,
        "red_fives": 0,
        "kan_dora": False,
        "ura_dora": False,
        "kan_ura": False,
        "kuikae": "same_tile",
        "ippatsu": False,
        "double_ron": False,
        "kokushi_ankan_ron": True,
        "nagashi_mangan": "none",
        "four_kan_timing": "declaration",
        "leftover_sticks": "lost",
        "final_ties": "shared",
        "renhou": "mangan",
        "pao_yaku": ("daisangen", "daisuushii", "suukantsu"),
        "pao_rinshan_daiminkan": True,
    },
}


def game_options(rules: Any) -> GameOptions:
    """The game options of ``rules`` (a ``Rules`` value, a preset name, or None for Tenhou)."""
    if rules is None or isinstance(rules, str):
        name = (rules or "tenhou").lower()
        rules = None
    else:
        name = str(getattr(rules, "name", "tenhou")).lower()
    fallback = FALLBACK.get(name, {})
    values: dict[str, Any] = {"name": name}
    for f in fields(GameOptions):
        if f.name == "name":
            continue
        default = fallback.get(f.name, f.default)
        value = getattr(rules, f.name, default) if rules is not None else default
        if isinstance(default, tuple) and not isinstance(value, tuple):
            value = tuple(value)
        if f.name == "uma_by_plus":
            value = tuple(tuple(row) for row in value)
        values[f.name] = value
    return GameOptions(**values)

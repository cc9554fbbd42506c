"""Game-flow options of a rule preset, read in one place.

The rule presets (``trainer/engine/data/presets/*.toml``, loaded by
:func:`trainer.engine.rules.load_rules`) describe yaku, fu, payments and the game
flow.  :func:`game_options` copies the game-flow part of a ``Rules`` value into
the :class:`GameOptions` the table uses, so the round and match engines depend
on this one small interface and not on the whole rules object.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

ABORTIVE_KINDS = ("kyuushu", "suufon", "suucha", "suukaikan", "sanchahou")
"""Abortive draws: nine terminals, four winds, four riichi, four kans, triple ron."""


@dataclass(frozen=True, slots=True)
class GameOptions:
    """Everything the round and match engines need to know about a rule set."""

    name: str
    starting_points: int
    target_points: int
    oka: int
    uma: tuple[int, ...]
    uma_by_plus: tuple[tuple[int, ...], ...]
    game_length: str
    extension_round: bool
    busting: bool
    agari_yame: bool
    tenpai_yame: bool
    honba_points: int
    noten_payment: int
    red_fives: int
    kan_dora: bool
    ura_dora: bool
    kan_ura: bool
    kan_dora_timing: str
    kuikae: str
    ippatsu: bool
    double_ron: bool
    triple_ron: str
    kokushi_ankan_ron: bool
    nagashi_mangan: str
    abortive_draws: tuple[str, ...]
    four_kan_timing: str
    leftover_sticks: str
    final_ties: str
    final_rounding: str
    temp_furiten_call_clears: bool
    riichi_min_points: int
    riichi_min_tiles_left: int
    riichi_deposit: int
    riichi_ankan: str
    furiten_riichi: bool
    karaten: str
    renchan: str
    renhou: str
    pao_yaku: tuple[str, ...]
    pao_honba: str
    pao_rinshan_daiminkan: bool
    chankan_keeps_ippatsu: bool
    noten_declaration: bool
    players: int
    chi: bool
    nukidora: bool
    kita_ron: str
    kita_breaks_ippatsu: bool

    def uma_for(self, plus_players: int) -> tuple[int, ...]:
        """The uma (in thousands) for places 1..4 (1..3 at three players); JPML's depends on
        how many players are plus."""
        if self.uma_by_plus and plus_players < len(self.uma_by_plus):
            return tuple(self.uma_by_plus[plus_players])  # type: ignore[return-value]
        return self.uma


def game_options(rules: Any) -> GameOptions:
    """The game options of ``rules``: a ``Rules`` value, or a preset name or file
    (``None`` is Tenhou).  Raises ValueError naming an option the rules lack."""
    if rules is None or isinstance(rules, str):
        from trainer.engine.rules import load_rules

        rules = load_rules(rules or "tenhou")
    values: dict[str, Any] = {"name": str(getattr(rules, "name", "custom")).lower()}
    for f in fields(GameOptions):
        if f.name == "name":
            continue
        try:
            value = getattr(rules, f.name)
        except AttributeError:
            raise ValueError(f"rule set {values['name']!r} has no game option {f.name!r}") from None
        if isinstance(value, list):
            value = tuple(value)
        if f.name == "uma_by_plus":
            value = tuple(tuple(row) for row in value)
        values[f.name] = value
    return GameOptions(**values)

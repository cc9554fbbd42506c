"""Every choice the training games' setup screen offers either makes a table or is refused in
the learner's words (ru and en), never in the engine's English; a value that can never make a
table is not offered at all, and a child is offered only the player counts that can be played.

The tables are built as the screen builds them (:func:`trainer.ui.training_setup.table_for`:
the values that differ from the mode's defaults, as a lesson's ``play`` step passes ``rules``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from trainer import i18n
from trainer.engine.game.simple_modes import ModeError, PlayMode, get_mode
from trainer.ui.screens.training_games import TRAINING_GAMES
from trainer.ui.training_setup import refusal_text, setup_options, table_for


def every_choice(mode: PlayMode) -> Iterator[dict[str, Any]]:
    """Every combination of the values the screen offers for ``mode`` (the whole product: the
    biggest game offers a few hundred), as the screen passes it: only the values that differ
    from the mode's defaults."""
    options = setup_options(mode)
    keys = [k for k, _values in options]
    for combo in itertools.product(*(values for _k, values in options)):
        yield {k: v for k, v in zip(keys, combo, strict=True) if v != mode.defaults.get(k)}


def refusals() -> list[tuple[str, dict[str, Any], ModeError]]:
    """Every refusal a learner's choice on the setup screen can cause: (game, choice, error)."""
    out = []
    for name in TRAINING_GAMES:
        mode = get_mode(name)
        for choice in every_choice(mode):
            table, error = table_for(name, choice)
            assert (table is None) == (error is not None), (name, choice)
            if error is not None:
                out.append((name, choice, error))
    return out


@pytest.fixture()
def language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_refusal_the_screen_can_reach_is_said_in_the_learners_language(lang: str, language: None) -> None:
    i18n.set_language(lang)
    found = refusals()
    assert found, "the screen offers no refused combination: this test checks nothing"
    for name, choice, error in found:
        offered = [k for k, _v in setup_options(get_mode(name))]
        text = refusal_text(error, offered)
        assert error.kind and text, (name, choice, str(error))
        assert get_mode(name).tile_sets.keys().isdisjoint(re.findall(r"\w+", text)), text  # no set ids
        assert name not in text
        if lang == "ru":
            assert re.search("[а-яё]", text) and not re.search("[a-z]{3}", text), text


def test_the_advice_names_only_what_the_learner_can_change(language: None) -> None:
    i18n.set_language("en")
    kunto = [(c, e) for n, c, e in refusals() if n == "kunto"]
    single = [(c, e) for n, c, e in refusals() if n == "single_suit_1"]
    assert kunto and single
    # kunto offers the hand size, single-suit mahjong does not: only kunto's advice names it
    assert all("tiles in hand" in refusal_text(e, [k for k, _v in setup_options(get_mode("kunto"))])
               for _c, e in kunto)
    assert not any("in hand" in refusal_text(e, [k for k, _v in setup_options(get_mode("single_suit_1"))])
                   for _c, e in single)


def test_no_value_is_offered_that_never_makes_a_table() -> None:
    for name in TRAINING_GAMES:
        mode = get_mode(name)
        playable: dict[str, set[Any]] = {}
        for choice in every_choice(mode):
            table, _error = table_for(name, choice)
            if table is None:
                continue
            for key, _values in setup_options(mode):
                playable.setdefault(key, set()).add(choice.get(key, mode.defaults.get(key)))
        for key, values in setup_options(mode):
            never = [v for v in values if v not in playable.get(key, set())]
            assert not never, f"{name}: {key} offers {never}, which no choice can play"


def test_a_child_is_offered_only_player_counts_that_can_be_played() -> None:
    offered_somewhere = False
    for name in TRAINING_GAMES:
        mode = get_mode(name)
        for key, values in setup_options(mode, child=True):
            assert key == "players"
            offered_somewhere = True
            for v in values:
                table, error = table_for(name, {} if v == mode.defaults["players"] else {"players": v})
                assert table is not None, f"{name}: a child may choose {v} players: {error}"
    assert offered_somewhere
    # risu's 36 bamboos seat only two players at its defaults: a child has nothing to choose there
    assert setup_options(get_mode("risu"), child=True) == []
    assert setup_options(get_mode("risu"))[0] == ("players", (2, 3, 4))

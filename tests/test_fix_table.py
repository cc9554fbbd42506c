"""Fixes of the table screens (review round 18): the honest risu kan offer, the risu pair-wait
bonus named as tanki, the draw card's terms, the training games' wordings."""

from __future__ import annotations

import pytest

from trainer.engine.game.actions import Discard, Kan, Tsumo
from trainer.engine.game.kan_rules import okurikan_effect
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.game.simple_modes import get_mode
from trainer.ui.app import App


def _risu_four_ones(app: App):  # noqa: ANN202
    """A risu table where the learner holds four 1s (and a complete shape with the drawn 9s)."""
    table = app.push("play_simple", mode="risu", seed=1, kids=False)
    setup = table.setup
    table.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1111234567899s", "2223334445556s"], "9s"))
    table.counted = False
    table.rebuild()
    app.render()
    return table


def test_the_engine_names_the_okurikan_fault_and_each_modes_effect() -> None:
    setup = get_mode("risu").setup()
    g = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1111234567899s", "2223334445556s"], "9s"))
    legal = g.legal_actions(0)
    assert Tsumo() in legal  # the shape is complete ...
    assert g.fault(0, Tsumo()) == "okurikan"  # ... but winning with the four kept is the chombo
    assert g.fault(0, next(a for a in legal if isinstance(a, Kan))) is None
    assert g.fault(0, Discard(g.hands[0][0])) is None  # a 1s goes: three are left, no fault
    assert g.fault(0, Discard(g.hands[0][-1])) == "okurikan"
    assert okurikan_effect(setup) == ("chombo", 500)
    assert okurikan_effect(get_mode("kunto").setup()) == ("han", 1)
    assert okurikan_effect(get_mode("tibet").setup()) is None


def test_risu_never_offers_the_chombo_as_the_win(app: App) -> None:
    """RU#1 / EN#22: four 1s with a complete shape: the kan is the first (focused) button, the
    tsumo says it is a chombo, the prompt warns before instead of «You can win!»."""
    table = _risu_four_ones(app)
    first = table.action_buttons[0]
    assert first.label.startswith(("Kan", "Кан"))
    assert table.widgets.index(first) == table.initial_focus()
    tsumo = next(b for b in table.action_buttons if b.label.startswith(("Tsumo", "Цумо")))
    assert tsumo.kind == "secondary" and ("chombo" in tsumo.label or "чомбо" in tsumo.label)
    prompt = table._prompt()
    assert prompt not in ("You can win!", "Вы можете выиграть!")
    assert "okurikan" in prompt and "chombo" in prompt  # the terms with their Japanese
    assert "500" in prompt
    assert not table.can_win()  # the lamp does not call this hand won


def test_a_fair_win_lights_the_lamp_as_complete(app: App) -> None:
    table = app.push("play_simple", mode="risu", seed=1, kids=False)
    setup = table.setup
    table.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1112223456789s", "3344556677888s"], "9s"))
    table.rebuild()
    assert table.can_win()
    assert table._prompt() in ("You can win!", "Вы можете выиграть!")
    assert table.action_buttons[0].kind == "primary"


def test_the_chombo_panel_speaks_in_sentences_and_names_the_rule_of_each_game(app: App) -> None:
    table = _risu_four_ones(app)
    table._act(Discard(table.game.hands[0][-1]))
    lines = table.value_lines()
    ru = app.settings.language == "ru"
    assert lines[0].endswith(".") and "=" not in lines[0]
    assert lines[1] == ("Штраф: по 500 очков каждому другому игроку." if ru
                        else "Penalty: 500 points to each other player.")
    assert ("Кунто" in lines[2] and "1 хан" in lines[2]) if ru else ("Kunto" in lines[2] and "1 han" in lines[2])


def test_risu_scores_the_pair_wait_as_tanki_not_hadaka_tanki(app: App) -> None:
    """RU#15 / EN#15: a closed hand won on the pair's single wait is a tanki."""
    table = app.push("play_simple", mode="risu", seed=1, kids=False)
    setup = table.setup
    table.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1112223456789s", "3344556677888s"], "9s"))
    table.rebuild()
    table._act(Tsumo())
    assert "tanki" in [i.id for i in table.game.result.values[0].items]
    text = " ".join(table.value_lines())
    assert "hadaka" not in text.lower() and "хадака" not in text.lower()


@pytest.mark.parametrize("mode", ["kunto", "risu"])
def test_mode_effect_is_read_from_the_mode(mode: str) -> None:
    effect = okurikan_effect(get_mode(mode).setup())
    assert effect is not None and effect[0] == ("chombo" if mode == "risu" else "han")


def test_the_tenpai_choice_names_tenpai_and_the_noten_payment_with_their_japanese(app: App) -> None:
    """RU#21 / EN#8: 07_play_tenpai_choice."""
    from trainer.ui.screens.play_shots import tenpai_choice_at_draw

    screen = tenpai_choice_at_draw(app)
    app.render()
    text = screen.prompt_text()
    assert "聴牌" in text and "不聴罰符" in text


def test_a_draw_card_links_tenpai_noten_and_the_noten_payment(app: App) -> None:
    """RU#21: 07_result_draw «Тенпай / Нотен / Выплаты за нотен» as glossary terms with Japanese."""
    from trainer.ui.screens.play_shots import table_after_hand

    screen = table_after_hand(app, lambda r: r.kind == "exhaustive" and len(r.tenpai) >= 1, seeds=range(1, 20))
    view = screen.result_view
    markup = view.draw_lines(app, markup=True)
    assert markup[0].startswith("{term:tenpai}: ")
    shown = view.draw_lines(app)
    assert "聴牌" in shown[0]
    app.render()
    lay, origin = view.note_layout, view.note_origin
    assert lay is not None and lay.term_at((origin[0] + 5, origin[1] + 5), origin) == "tenpai"


def test_wordings_of_the_training_games(app: App) -> None:
    """EN#16 (the wait line of twelve-tile mahjong), EN#17 (chii), EN#21 (one counter wording),
    EN#23 (the half-abundance option named by what it does)."""
    from trainer.engine.game.actions import Chi
    from trainer.engine.notation import parse_tiles
    from trainer.ui.training_setup import LABELS
    from trainer.ui.views.table.actions import offer_label

    ru = app.settings.language == "ru"
    twelve = app.push("play_simple", mode="twelve_tiles", seed=1, kids=False)
    line = twelve._item_text("wait_sides", 2, "sides")
    assert "待ち" in line and "5" in line  # the glossary's wait, and why two kinds earn nothing
    if not ru:
        assert offer_label(Chi(tuple(parse_tiles("12m")))) == "Chii"
        assert twelve.header_extra().startswith("games 0, wins 0")
        risu = app.push("play_simple", mode="risu", seed=1, kids=False)
        assert risu.header_extra().startswith("hands 0, wins 0")
        from trainer.i18n import _

        assert "half abundance" in _(LABELS["half_abundance"]) and "Honor exchange" in _(LABELS["half_abundance"])

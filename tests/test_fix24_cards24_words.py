"""The words of the game cards: the push-or-fold card's two boxes agree on a genbutsu tile, a tile
card against a threat has a second hint rung (part of the working), the game's own tile answered
again keeps what it risked, and the Russian reads right (a comma after the threat, «делает руку
настоящей»)."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.text_checks import in_english, plain_words  # noqa: E402
from trainer.engine.game.records import load  # noqa: E402
from trainer.engine.game.review import review_game  # noqa: E402
from trainer.engine.tiles import parse_tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.game_cards import card_id  # noqa: E402
from trainer.ui.richtext import plain_text  # noqa: E402
from trainer.ui.screens.play_shots import call_game  # noqa: E402
from trainer.ui.views.table import review  # noqa: E402

# the reviewer's push-or-fold card: a fold with 2p, genbutsu against the riichi, where the coach pushes
FOLDED = {"chosen": "fold", "advice": "push", "gain": 840, "loss": 220, "risk": 10, "safest_risk": 10,
          "safest": "2p", "safest_genbutsu": True, "safest_tiles": ["2p"], "advised": "5s", "fold_tiles": ["2p"],
          "win_chance": 0.11, "value": 4800, "last_hand": False, "reason": "push"}


def test_a_genbutsu_tile_is_not_said_to_risk_points(app: App) -> None:
    card = SimpleNamespace(chosen="2p", push_fold=FOLDED)
    left = plain_words(app, review.push_fold_answer_text(FOLDED, "fold"))
    right = plain_words(app, review.push_fold_played_text(card))
    if in_english(app):
        assert "2p was genbutsu" in left and "no risk" in left, left
        assert right == "In the game you discarded 2p and made a full fold (ベタ降り, betaori).", right
    else:
        assert "2p — генбуцу" in left and "без риска" in left, left
        assert "риск" not in right, right
    pushed = SimpleNamespace(chosen="5s", push_fold={**FOLDED, "chosen": "push", "risk": 870})
    assert ("risked about 870" if in_english(app) else "риск около 870") in plain_words(
        app, review.push_fold_played_text(pushed))  # a tile that could deal in keeps its figure


def _threat_card(advice: str, chosen: str) -> SimpleNamespace:
    return SimpleNamespace(push_fold={**FOLDED, "advice": advice, "chosen": chosen}, verdict="lost_tiles",
                           danger={"genbutsu": ["2p", "9s"], "safest": ["2p"]}, shanten_chosen=1, shanten_best=1,
                           ukeire_chosen=12, ukeire_best=15, best=("3p",), chosen="5s")


def test_against_a_threat_the_hint_has_a_second_rung(app: App) -> None:
    fold = [plain_words(app, r) for r in review.tile_hint_rungs(_threat_card("fold", "push"))]
    push = [plain_words(app, r) for r in review.tile_hint_rungs(_threat_card("push", "push"))]
    assert len(fold) == 2 and len(push) == 2, (fold, push)
    assert not any("2p" in r or "9s" in r or "3p" in r for r in fold + push)  # the answer is never named
    if in_english(app):
        assert fold[1] == "A clue: 2 kinds of tile in your hand are genbutsu (現物): no player in riichi (立直, rīchi) " \
                          "can win on them.", fold[1]
        assert push[1].startswith("A clue: the best discard leaves 15 useful tiles"), push[1]
    else:
        assert fold[0].startswith("Против соперника, объявившего риичи (立直, rīchi), тренер здесь уходит в защиту"), fold
        assert push[0].startswith("Против соперника, объявившего риичи (立直, rīchi), тренер здесь играет вперёд"), push
        assert fold[1].startswith("Часть ответа: в вашей руке 2 вида плиток"), fold[1]


def test_the_riichi_card_says_riichi_makes_the_hand_real(app: App) -> None:
    c = {"chosen": "dama", "advice": "riichi", "dama": 0, "with_riichi": 3200, "left": 4, "reason": "riichi_for_yaku"}
    for text in (review.riichi_answer_text(c, "dama"), review.riichi_choice_text(c)):
        words = plain_words(app, text)
        if not in_english(app):
            assert "Риичи делает руку настоящей" in words and "делает её" not in words, words
            assert "без него" not in words, words  # риичи is not masculine


def test_the_games_own_tile_again_keeps_what_it_risked(progress_app: App) -> None:
    """Answering a card with the very tile of the game: the second box says what it did and risked at
    the table, as it did the first time (a push with a dangerous tile where the coach pushes with
    another), and names its danger."""
    app = progress_app
    path = call_game(app, 4, calls=False)
    d = next(d for d in review_game(load(path), 0).decisions
             if d.verdict == "unsafe" and d.push_fold["advice"] == d.push_fold["chosen"] == "push")
    item = {"game": str(path), "hand": d.hand, "action": d.action, "seat": 0, "item_id": card_id(path, d),
            "skill": "defense"}
    screen = app.push("position_review", items=[item])
    app.render()
    screen.answer(next(s.tile for s in screen.hand_row.slots if s.tile.kind == parse_tile(d.chosen).kind))
    _first, second = (plain_text(part, app) for part in screen.feedback_parts())
    assert second.startswith(f"In the game you discarded {d.chosen} and pushed. This tile alone risked about "
                             f"{review._about(d.push_fold['risk'])} this turn. Danger of {d.chosen}:"), second

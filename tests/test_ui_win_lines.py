"""Who won, on whose discard, read as natural sentences on the result cards and in the replay
("Ron! You win on Left's discard.", «Рон! Игрок слева выиграл с вашего сброса.»), and a tile
named inside a replay line starts with a small letter ("You: discard red dragon (中, chun)")."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from trainer.engine.game.actions import Discard  # noqa: E402
from trainer.engine.tiles import Tile  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402
from trainer.ui.views.explain import tile_words  # noqa: E402
from trainer.ui.views.table.mcr import McrHandResultView  # noqa: E402
from trainer.ui.views.table.result import HandResultView  # noqa: E402
from trainer.ui.views.table.state import seat_name  # noqa: E402

CHUN = 33  # the red dragon's tile kind


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    a = App(size=(1280, 720), settings=Settings(language=request.param), progress=None, save=False)
    a.push("home")
    yield a
    a.close()


def drawn_texts(app: App, monkeypatch: pytest.MonkeyPatch, paint) -> list[str]:  # noqa: ANN001
    """Every line of text ``paint()`` puts on screen."""
    seen: list[str] = []
    real = App.text_surface

    def spy(self, text, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(text)
        return real(self, text, *args, **kw)

    monkeypatch.setattr(App, "text_surface", spy)
    paint()
    monkeypatch.setattr(App, "text_surface", real)
    return seen


def riichi_view(win: SimpleNamespace, players: int = 4) -> HandResultView:
    """A riichi result card for ``win`` alone (its yaku and payments are not drawn here)."""
    view = HandResultView(SimpleNamespace(result=None), lambda s: seat_name(s, players), [25000] * players)
    view.rnd = SimpleNamespace(result=SimpleNamespace(wins=[win], kind="ron"))
    view.details = [SimpleNamespace(win=win)]
    return view


def mcr_view(win: SimpleNamespace) -> McrHandResultView:
    """An MCR result card for ``win``."""
    return McrHandResultView(SimpleNamespace(result=SimpleNamespace(wins=[win])), lambda s: seat_name(s, 4), [0] * 4)


RIICHI = {
    "en": {(0, 3): "Ron! You win on Left's discard.", (3, 0): "Ron! Left wins on your discard.",
           (1, 2): "Ron! Right wins on Across's discard.", (0, None): "Tsumo! You win.",
           (2, None): "Tsumo! Across wins."},
    "ru": {(0, 3): "Рон! Вы выиграли со сброса игрока слева.", (3, 0): "Рон! Игрок слева выиграл с вашего сброса.",
           (1, 2): "Рон! Игрок справа выиграл со сброса игрока напротив.", (0, None): "Цумо! Вы выиграли.",
           (2, None): "Цумо! Игрок напротив выиграл."},
}
MCR = {
    "en": {(0, 2): "Hu! You win on Across's discard.", (1, 0): "Hu! Right wins on your discard.",
           (3, 1): "Hu! Left wins on Right's discard.", (0, None): "Hu! You win by self-draw.",
           (1, None): "Hu! Right wins by self-draw."},
    "ru": {(0, 2): "Ху! Вы выиграли со сброса игрока напротив.", (1, 0): "Ху! Игрок справа выиграл с вашего сброса.",
           (3, 1): "Ху! Игрок слева выиграл со сброса игрока справа.", (0, None): "Ху! Вы выиграли со стены.",
           (1, None): "Ху! Игрок справа выиграл со стены."},
}


def test_the_result_cards_say_who_won_on_whose_discard(app: App) -> None:
    lang = app.settings.language
    for (seat, loser), want in RIICHI[lang].items():
        view = riichi_view(SimpleNamespace(seat=seat, from_seat=loser, tsumo=loser is None))
        assert view.title() == want
    for (seat, loser), want in MCR[lang].items():
        assert mcr_view(SimpleNamespace(seat=seat, from_seat=loser)).title() == want


def test_three_players_name_the_seats_around_the_empty_one(app: App) -> None:
    want = {"en": "Ron! Left wins on Right's discard.", "ru": "Рон! Игрок слева выиграл со сброса игрока справа."}
    view = riichi_view(SimpleNamespace(seat=2, from_seat=1, tsumo=False), players=3)  # seat 2 sits left at three
    assert view.title() == want[app.settings.language]


def test_a_tile_inside_a_sentence_starts_with_a_small_letter(app: App) -> None:
    lang = app.settings.language
    for mode in ("ru_ja", "ja_ru", "full"):
        app.settings = dataclasses.replace(app.settings, term_mode=mode)
        inline = tile_words(app, [Tile(CHUN)], inline=True)
        alone = tile_words(app, [Tile(CHUN)])
        head = {"en": "Red", "ru": "Чун"}[lang]
        assert head in alone and head not in inline and head.lower() in inline
        assert tile_words(app, [Tile(0)], inline=True) == tile_words(app, [Tile(0)])  # "1 of characters"
    assert tile_words(app, [Tile(27)], inline=True, plain=True) == {"en": "east wind", "ru": "восток"}[lang]


def test_the_replay_lines_read_as_sentences(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from trainer.ui.screens.play_shots import saved_games

    app.settings = dataclasses.replace(app.settings, term_mode="ru_ja")
    screen = app.push("replay", path=str(saved_games(app)[0]))
    lang = app.settings.language
    honor = next(f for f in screen.frames if isinstance(f.action, Discard) and f.action.tile.kind >= 27)
    caption = screen.caption(honor)
    name = app.glossary().term(("ton", "nan", "shaa", "pei", "haku", "hatsu", "chun")[honor.action.tile.kind - 27])
    head = name.name(lang).split(" ")[0]
    # review 23: the tile is drawn as a tile («Вы: сброс [北]»), not named as a word with its Japanese
    assert caption.endswith("{tiles:" + str(honor.action.tile) + "}") and head.lower() not in caption.lower()
    won = next(i for i, f in enumerate(screen.frames) if f.result is not None and f.result.wins)
    screen.pos = won
    w = screen.frames[won].result.wins[0]
    shown = drawn_texts(app, monkeypatch, app.render)
    line = next(t for t in shown if t.startswith(("Ron!", "Tsumo!", "Рон!", "Цумо!")))
    from trainer.i18n import fu_text, han_text

    assert line.endswith(f"— {han_text(w.han)} {fu_text(w.fu)}."), line  # «4 хана 40 фу», not «4 хан» (review 21)
    assert ":" not in line and ("Discarded by" not in line)
    if w.seat == 0 and not w.tsumo:
        assert line.startswith(("Ron! You win on ", "Рон! Вы выиграли со сброса игрока "))


def test_a_call_or_a_pass_in_the_replay_reads_as_what_the_player_did(app: App) -> None:
    """07_replay_call_passed: the caption said "Вы: Пропустить" (the button's infinitive, capital
    after the colon); it now says what the player did, in small letters after the colon."""
    from trainer.engine.game.actions import Pass, Pon
    from trainer.ui.screens.play_shots import saved_games

    screen = app.push("replay", path=str(saved_games(app)[0]))
    frame = next(f for f in screen.frames if f.seat is not None)
    en = app.settings.language == "en"
    passed = screen.caption(dataclasses.replace(frame, action=Pass()))
    assert passed.endswith(": pass" if en else ": пропуск"), passed
    pon = next((f for f in screen.frames if isinstance(f.action, Pon)), None)
    if pon is not None:
        assert screen.caption(pon).endswith(": pon" if en else ": пон"), screen.caption(pon)

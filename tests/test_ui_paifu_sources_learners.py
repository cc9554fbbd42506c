"""What the screenshot review found on the paifu step, the sources, the learners, the progress
screen and the table's notices, each checked on screen."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.text_checks import open_paifu_step, texts_drawn  # noqa: E402
from tests.ui_events import click, headless_app  # noqa: E402
from trainer.i18n import set_language  # noqa: E402

CYRILLIC = re.compile("[а-яё]", re.I)


@pytest.fixture(autouse=True)
def _english_afterwards():  # noqa: ANN202
    yield
    set_language("en")


def _app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str = "ru", size: tuple[int, int] = (1280, 720)):
    from trainer.progress import open_store

    return headless_app(tmp_path, monkeypatch, language=lang, size=size,
                        progress=open_store(tmp_path / "progress.sqlite3"))






# ---------------------------------------------------------------- 1, 2, 3: the paifu step


@pytest.mark.parametrize("size", [(1280, 720), (1280, 1024), (1024, 600)])
def test_the_paifu_marks_leave_every_tile_face_readable(tmp_path, monkeypatch, size) -> None:
    """碰 槓 嶺 吃 over 取, 立直 over the riichi discard and the calls under 出 sit in bands between
    the lines: a mark covers at most a tile's thickness under its face, never its face (the rank
    numeral at the top of a character tile), and no two marks overlap."""
    with _app(tmp_path, monkeypatch, size=size) as app:
        for ask in (None, "riichi"):
            view = open_paifu_step(app, ask).view
            if view.toggled and view.view_mode != "record":
                view.toggle_view()
                app.render()
            marks, tiles = view.mark_rects, view.tile_rects
            assert len(marks) >= 10, (ask, len(marks))  # every kind of mark of the example is drawn
            depth = view._depth(view.tile_h)
            for m in marks:
                for t in tiles:
                    hit = m.clip(t)
                    if hit.width and hit.height:
                        assert hit.top >= t.bottom - depth, (size, ask, m, t)  # the tile's edge at most
            for i, m in enumerate(marks):
                assert m.collidelist(marks[i + 1:]) == -1, (size, ask, m)
            app.pop()


@pytest.mark.parametrize("size", [(1280, 720), (1280, 1024)])
def test_the_paifu_record_says_its_japanese_words_in_the_interface_language(tmp_path, monkeypatch, size) -> None:
    """The header (東2局 積み棒 供託 表ドラ), the rows (配牌 取 出 最終) and the seats (東家 ...)
    each have the Russian word drawn beside them: in the blocks or in the header's legend."""
    from trainer.ui.views.steps import paifu

    with _app(tmp_path, monkeypatch, size=size) as app:
        drawn = texts_drawn(monkeypatch, paifu)
        open_paifu_step(app, "riichi")
        for word in ("Восток 2", "хонба", "палочки риичи", "индикаторы доры", "раздача", "взятые", "сброс",
                     "итог", "восток", "юг", "запад", "север"):
            assert word in drawn, (size, word, drawn[:40])
        for japanese in ("東2局", "積み棒", "供託", "表ドラ", "配牌", "取", "出", "最終", "東家"):
            assert japanese in drawn, japanese


def test_a_cell_is_explained_with_tedashi_and_tsumogiri_as_glossary_terms(tmp_path, monkeypatch) -> None:
    """«тедаши» and «цумогири» come with their Japanese (手出し, 自摸切り), as glossary terms."""
    from trainer.ui.richtext import plain_text

    with _app(tmp_path, monkeypatch) as app:
        screen = open_paifu_step(app, "riichi")
        view = screen.view
        click(app, view.cell_rects["E5"].center)
        text = plain_text(screen.extra_explain, app)
        assert "из руки — тедаши (手出し, tedashi)" in text, text
        assert "((" not in text and "))" not in text
        right_cells = [c for c in view.cell_rects if view._cell(c).tsumogiri and view._cell(c).discard]
        words = plain_text(view.cell_words(right_cells[0]), app)
        assert "цумогири (自摸切り, tsumogiri)" in words, words


def test_the_chii_step_names_the_suit_with_its_japanese(tmp_path, monkeypatch) -> None:
    """«масти со» read like a preposition: the bamboo suit is named and the term shows its kanji."""
    from trainer.ui.richtext import plain_text

    for lang, text, expected in (("ru", "ru", "плитки с палочками — масть со (索子, sōzu)."),
                                 ("en", "en", "of the bamboo (索子, sōzu) suit")):
        with _app(tmp_path / lang, monkeypatch, lang=lang) as app:
            step = next(s for s in app.library().lessons["basics_calls"].steps if s.id == "chii_tiles")
            assert expected in plain_text(step.prompt.get(text), app)


# ---------------------------------------------------------------- 5: book references


def test_the_training_setup_names_the_book_without_codes_or_line_numbers(tmp_path, monkeypatch) -> None:
    from trainer.ui.screens import training_setup as screen_module
    from trainer.ui.training_setup import REFERENCES, game_reference, option_reference

    with _app(tmp_path, monkeypatch) as app:
        drawn = texts_drawn(monkeypatch, screen_module)
        for mode in ("kunto", "ab_game", "single_suit_1"):
            drawn.clear()
            app.push("training_setup", mode=mode)
            app.render()
            text = " ".join(drawn)
            assert "Правила: большая книга «Правила японского маджонга»" in text, text
            assert "(000)" not in text and "строк" not in text and not re.search(r"\d{4}", text), text
            app.pop()
    assert option_reference("kunto", "hand") == ""  # the game's own book, named once above
    assert option_reference("kunto", "hand", for_teacher=True) == REFERENCES[("kunto", "hand")]
    from trainer.engine.game.simple_modes import get_mode

    assert game_reference(get_mode("kunto")) == "000:3447-3473; 000:6076-6078"
    assert game_reference(get_mode("glass_table")) == ""  # no seed lines: no rules line at all


# ---------------------------------------------------------------- 6, 7: learners


def test_a_set_aside_learner_is_worded_without_a_gender(tmp_path, monkeypatch) -> None:
    with _app(tmp_path, monkeypatch) as app:
        masha = app.progress.create_learner("Маша")
        screen = app.push("learners")
        screen.delete(masha.id)
        app.render()
        assert app.banners[-1].text.startswith("Профиль «Маша» отложен.")
        assert app.screen.aside_cards[0].subtitle.startswith("Отложено:")
        app.screen.ask_erase(masha.id)
        assert app.screen.dialog.title == "Стереть профиль «Маша» навсегда?"
        assert "профиля «Маша»" in app.screen.dialog.body


def test_the_name_fields_are_plain_text_boxes_without_a_magnifier(tmp_path, monkeypatch) -> None:
    from trainer.ui.screens.learners import NameField

    with _app(tmp_path, monkeypatch) as app:
        screen = app.push("learners")
        assert isinstance(screen.name_field, NameField)
        circles: list[Any] = []
        real = pygame.draw.circle
        monkeypatch.setattr(pygame.draw, "circle", lambda *a, **k: circles.append(a) or real(*a, **k))
        surf = pygame.Surface(app.surface.get_size())
        screen.name_field.draw(surf, app, True)
        assert not circles  # the search field draws its magnifier as a circle
        screen.name_field.insert("Аня")
        assert screen.new_name == "Аня" and screen.add_btn.enabled  # it still edits as before


# ---------------------------------------------------------------- 8: progress


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (1920, 1080)])
def test_the_review_buttons_focus_ring_keeps_clear_of_the_cards_label(tmp_path, monkeypatch, size) -> None:
    with _app(tmp_path, monkeypatch, size=size) as app:
        screen = app.push("progress")
        app.render()
        L = app.layout
        btn = screen.review_btn.rect
        ring = btn.inflate(4 * L.px(2), 4 * L.px(2))
        card_top = L.content().top
        label_bottom = card_top + L.px(10) + app.line_height(L.font("small"))
        assert ring.top >= label_bottom + L.px(4), (size, ring, label_bottom)
        assert btn.bottom <= card_top + L.px(112) - L.px(8)  # inside the card


# ---------------------------------------------------------------- 9: notices on a table


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_a_notice_on_a_table_covers_the_header_not_the_felt(tmp_path, monkeypatch, size) -> None:
    from trainer.ui.screens.play_shots import saved_games

    with _app(tmp_path, monkeypatch, size=size) as app:
        saved_games(app)  # a damaged file among them: the drill says it skipped it
        screen = app.push("nanikiru", seed=5)
        app.render()
        (banner,) = app.banners
        shown = banner.rect(app)
        assert shown.bottom <= app.layout.header_h + app.layout.px(2), (shown, app.layout.header_h)
        assert not shown.colliderect(screen.back_button.rect)  # Back stays visible and clickable
        assert not shown.colliderect(screen.board.rect)
        app.pop()
        app.notify("plain screen")
        home = app.banners[-1].rect(app)
        assert home.bottom > app.layout.height // 2  # elsewhere: above the bottom bar, as before

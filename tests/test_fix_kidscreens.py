"""The children's glossary and tables (review 20, child: items 6, 7, 11, 12).

6: the words a child searches (победа, плитка, стена, семья, ветер…) find a term with a children's
line; a child's card shows no grown-ups' list of other spellings (English, jargon) nor their
cross-references, and a child's search lists the children's terms first.
7: a card taller than its pane scrolls and says so at its bottom; nothing is cut silently.
11: the Tibet table is titled with its lesson's words («Тибет: пять плиток») and the tiles held.
12: the ready lamp agrees with the end panel: «Победа!» after the child's win, hidden after
another player's win."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pygame
import pytest
import yaml

from tests.ui_events import headless_app
from trainer.engine.game.actions import Discard
from trainer.engine.game.simple import SimpleGame, scripted_wall
from trainer.engine.tiles import parse_tile
from trainer.glossary import Glossary, load_glossary
from trainer.ui.app import App

T = parse_tile
KIDS_LESSONS = Path(__file__).resolve().parent.parent / "lessons" / "kids"


def child_app(tmp_path: Path, language: str, size: tuple[int, int] = (1024, 600)):  # noqa: ANN201
    ctx = headless_app(tmp_path, None, progress="open", language=language, size=size)
    app = ctx.__enter__()
    app.apply_profile("child")
    return ctx, app


@pytest.fixture(params=["ru", "en"])
def kid(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    from trainer.i18n import set_language

    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    ctx, app = child_app(tmp_path, request.param)
    set_language(request.param)
    yield app
    ctx.__exit__(None, None, None)
    set_language("en")


def drawn(app: App, monkeypatch: pytest.MonkeyPatch, module: str) -> list[str]:
    """Every text ``module`` draws on the next frame."""
    import importlib

    mod = importlib.import_module(module)
    seen: list[str] = []
    real = mod.blit_text

    def spy(surf, app_, text, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(text)
        return real(surf, app_, text, *a, **k)

    monkeypatch.setattr(mod, "blit_text", spy)
    app.invalidate()
    app.render()
    monkeypatch.setattr(mod, "blit_text", real)
    return seen


# ---------------------------------------------------------------- 6: a child's words, a child's card

CHILD_WORDS = [("победа", "agari"), ("плитка", "pai"), ("стена", "yama"), ("семья", "suuhai"),
               ("семьи", "suuhai"), ("ветер", "kazehai"), ("лампочка", "tenpai"), ("отданные", "kawa"),
               ("пара", "toitsu"), ("команда", "mentsu"), ("дракон", "sangenpai"),
               ("win", "agari"), ("tile", "pai"), ("wall", "yama"), ("family", "suuhai"), ("lamp", "tenpai")]


@pytest.mark.parametrize(("word", "term"), CHILD_WORDS)
def test_a_childs_word_finds_a_term_told_in_childrens_words(word: str, term: str) -> None:
    found = load_glossary().search(word)[0]
    assert found.id == term
    ru, en = found.child_explanation("ru"), found.child_explanation("en")
    assert ru and en, term
    assert not re.search(r"[A-Za-z]", ru) and not re.search(r"[А-Яа-яЁё]", en)


def test_the_childs_win_is_told_without_yaku_and_calls_jargon() -> None:
    agari = load_glossary().term("agari")
    ru, en = agari.child_explanation("ru"), agari.child_explanation("en")
    assert "команды и одна пара" in ru and "teams and one pair" in en
    for jargon in ("яку", "цумо или", "роном", "сет"):
        assert jargon not in ru.lower(), jargon
    assert "yaku" not in en.lower()


def test_no_childs_line_spells_chii_short() -> None:
    for term in load_glossary():
        assert not re.search(r"(?i)(?<![а-яё])чи(?![а-яё])", term.child_explanation("ru")), term.id


def test_a_childs_card_has_no_grown_ups_spellings_or_cross_references(kid: App) -> None:
    also, see = ("Другие написания", "См. также") if kid.settings.language == "ru" else ("Also written", "See also")
    screen = kid.push("glossary", query="команда" if kid.settings.language == "ru" else "team")
    assert screen.current.id == "mentsu"
    lines = [line.text for line in screen.detail_lines(screen.current, 2000)]
    assert screen.current.child_explanation(kid.settings.language) in lines
    assert not any(line.startswith((also, see)) for line in lines), lines
    assert not any("team" in line and "meld" in line for line in lines)
    # a grown-up's card keeps them
    kid.apply_profile("rules")
    lines = [line.text for line in screen.detail_lines(screen.current, 2000)]
    assert any(line.startswith(also) for line in lines) and any(line.startswith(see) for line in lines)


def test_a_childs_search_lists_the_childrens_terms_first(kid: App) -> None:
    word = "дракон" if kid.settings.language == "ru" else "dragon"
    screen = kid.push("glossary", query=word)
    ids = [t.id for t in screen.results]
    with_line = [bool(t.child_explanation("ru")) for t in screen.results]
    assert with_line == sorted(with_line, reverse=True), ids  # every children's term before the others
    assert ids[:4] == ["sangenpai", "haku", "hatsu", "chun"] or set(ids[:4]) >= {"sangenpai", "chun"}, ids
    assert set(ids) == {t.id for t in load_glossary().search(word)}  # the same terms, just in a child's order
    kid.apply_profile("rules")
    screen = kid.push("glossary", query=word)
    assert screen.results == load_glossary().search(word)


# ---------------------------------------------------------------- 7: nothing is cut silently


@pytest.mark.parametrize("mode", ["ru_ja", "full"])
def test_every_childs_card_fits_at_1024x600(kid: App, mode: str) -> None:
    kid.apply_settings(kid.settings.with_(term_mode=mode))
    screen = kid.push("glossary")
    kid.render()
    too_long = []
    for term in load_glossary():
        screen.show_term(term.id)
        if screen.detail_overflows():
            too_long.append(term.id)
    assert too_long == []


def long_glossary() -> Glossary:
    """The shipped glossary with «mentsu» told three times over: a card taller than any pane."""
    g = load_glossary()
    terms = []
    for t in g:
        if t.id == "mentsu":
            t = dataclasses.replace(t, ru_child=(t.ru_child + " ") * 3, en_child=(t.en_child + " ") * 3,
                                    ru_explanation=(t.ru_explanation + " ") * 3,
                                    en_explanation=(t.en_explanation + " ") * 3)
        terms.append(t)
    return Glossary(terms, g.path)


def test_a_long_card_says_there_is_more_and_scrolls_to_its_end(kid: App, monkeypatch: pytest.MonkeyPatch) -> None:
    ru = kid.settings.language == "ru"
    kid.glossary = long_glossary  # type: ignore[method-assign]
    screen = kid.push("glossary", term="mentsu")
    kid.render()
    assert screen.detail_overflows()
    more = "↓ Это не всё: нажми сюда или покрути колёсико мыши" if ru else "↓ There is more: click here or scroll"
    start = "↑ К началу: нажми сюда" if ru else "↑ Back to the start: click here"
    source = "Источник:" if ru else "Source:"
    texts = drawn(kid, monkeypatch, "trainer.ui.screens.glossary")
    assert more in texts and not any(t.startswith(source) for t in texts) and "…" not in texts
    # a click on the card shows the rest, down to the source line; one more goes back to the top
    card = screen.card
    seen = set(texts)
    for _ in range(10):
        kid.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card.rect.center)], 1 / 60)
        texts = drawn(kid, monkeypatch, "trainer.ui.screens.glossary")
        seen |= set(texts)
        if start in texts:
            break
    lines = [line.text for line in screen._detail_layout()[4]]
    # at the end the card's last line shows (a child's card has no rulebook source line, review 23)
    assert start in texts and lines[-1] in texts and not any(t.startswith(source) for t in seen)
    assert set(lines) <= seen  # every line was on the screen at one time or another
    kid.process([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=card.rect.center)], 1 / 60)
    assert screen.detail_top == 0
    # the wheel over the card scrolls it; the keys do once it has the focus (a click gives it)
    kid.process([pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.02)
    kid.process([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)], 0.02)
    assert 0 < screen.detail_top <= 3  # three lines a notch, or fewer where the card ends
    assert screen.focused_widget() is card
    kid.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="")], 0.02)
    assert screen.detail_top == 0 and screen.current.id == "mentsu"
    kid.process([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")], 0.02)
    assert screen.detail_top == 1 and screen.current.id == "mentsu"  # the card moved, not the list
    # another term's card starts at its top
    screen.show_term("toitsu")
    assert screen.detail_top == 0 and not screen.detail_overflows()


# ---------------------------------------------------------------- 11: the Tibet title says the lesson's words


def lesson_titles() -> dict[int, dict[str, str]]:
    out = {}
    for path in KIDS_LESSONS.glob("kids_tibet_*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        hands = {s["rules"]["hand"] for s in data["steps"] if s.get("kind") == "play"}
        assert len(hands) == 1, path
        out[hands.pop()] = data["title"]
    return out


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_tibet_table_is_titled_as_its_lesson_with_the_tiles_held(kid: App, size: tuple[int, int]) -> None:
    kid.resize(*size)
    titles = lesson_titles()
    assert sorted(titles) == [4, 7, 10, 13]
    lang = kid.settings.language
    for hand, title in titles.items():
        table = kid.push("play_simple", mode="tibet", rules={"hand": hand}, players=2, seed=1, kids=True)
        kid.render()
        held = f"({hand} в руке + 1)" if lang == "ru" else f"({hand} in hand + 1)"
        assert table.title() == f"{title[lang]} {held}"
        assert table._title_fits(table.title())
        kid.pop()
    # the kids' games card opens the same table (the mode's default hand)
    table = kid.push("play_simple", mode="tibet", seed=1, kids=True)
    assert table.title().startswith(titles[4][lang])


# ---------------------------------------------------------------- 12: the lamp agrees with the end panel


def scripted(screen, hands: list[str], draws: str) -> None:  # noqa: ANN001
    screen.game = SimpleGame(screen.setup, wall=scripted_wall(screen.setup.tileset, hands, draws))
    screen.counted = False
    screen.focus = None
    screen.rebuild()


def test_after_the_childs_win_the_lamp_says_won(kid: App, monkeypatch: pytest.MonkeyPatch) -> None:
    ru = kid.settings.language == "ru"
    table = kid.push("play_simple", mode="tibet", rules={"hand": 4}, players=3, seed=1, kids=True)
    scripted(table, ["1237p", "4569p", "4569p"], "7p")
    table.action_buttons[0].activate()  # Tsumo!
    assert table.game.ended and table.learner_won()
    assert table._result_lines()[0] == ("Ура, победа!" if ru else "You won!")
    texts = drawn(kid, monkeypatch, "trainer.ui.screens.play_simple")
    assert ("Победа!" if ru else "You won!") in texts
    assert not {"Пока не готово", "Not ready yet", "Готово!", "Ready!"} & set(texts)


def test_after_another_players_win_the_lamp_is_hidden(kid: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = kid.push("play_simple", mode="tibet", rules={"hand": 4}, players=3, seed=1, kids=True)
    # the child is ready (123 + 8 waits on 8); the player on the right draws its winning 6
    scripted(table, ["1238p", "4577p", "1399p"], "9p6p")
    table._act(Discard(T("9p")))
    for _ in range(400):
        kid.process([], 0.05)
        if table.game.ended:
            break
    assert table.game.ended and table.game.result.winners == (1,) and table.ready()
    assert not table.lamp_shown() and table.lamp_text() == ""
    texts = drawn(kid, monkeypatch, "trainer.ui.screens.play_simple")
    assert not {"Готово!", "Ready!", "Пока не готово", "Not ready yet", "Почти готово!", "Almost ready!"} & set(texts)

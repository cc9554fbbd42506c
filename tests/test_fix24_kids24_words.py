"""Review 24, group kids24: two children's words.

1. A child's making-a-team drill (``make_set``, two tiles: which tiles make a team with them) said
   «Нажми на все!» / "Tap every one!" even where one tile fits: a child who taps it and is done
   learns the words lied a little.  The words now hold for one tile and for two, and still do not
   say which («может, одна, а может, и больше»).
2. The English child's card for the sou suit read "Sticks" — "Grown-ups say: bamboo" while its own
   words said grown-ups call the family "sou": the line now names every word of the adult name that
   the child's word is not ("bamboo or sou"; "Set / meld" -> "set or meld"; "Dots (pin)" on the card
   "Dots" -> "pin"), and the Russian cards keep their lines («со (索子, sōzu)»).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.ui_events import frame, lesson_app, open_lesson_step  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.term_card import child_japanese_line, grown_up_words, open_term_card  # noqa: E402

SET_QUESTION = {
    "ru": "С какими плитками эти две станут командой? Нажми на подходящие: может, одна, а может, и больше!",
    "en": "Which tiles make a team with these two? Tap the ones that fit: maybe one, maybe more!",
}
TAP_ALL = ("Нажми на все", "Tap every")


@pytest.fixture(params=[("ru", (1024, 600)), ("en", (1280, 720))], ids=["ru", "en"])
def child(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    """A child's app in Russian at 1024x600 or in English at 1280x720."""
    language, size = request.param
    app = lesson_app(tmp_path, language=language, size=size, profile="child")
    try:
        yield app
    finally:
        app.close()


def _set_drill(app: App, answers: int) -> object:
    """A child's making-a-team drill on screen whose first question has ``answers`` right tiles."""
    for seed in range(1, 60):
        screen = app.push("drill", generator="make_set", params={"ask": "complete", "kids": True}, n=1, seed=seed)
        frame(app)
        if screen.ex is not None and len(screen.ex.answer) == answers:
            return screen
        app.pop()
    raise AssertionError(f"no seed gives a team question with {answers} right tiles")


@pytest.mark.parametrize("answers", [1, 2])
def test_a_childs_team_question_is_true_for_one_tile_or_two(child: App, answers: int) -> None:
    screen = _set_drill(child, answers)
    prompt = str(screen.view.prompt.text)
    assert prompt == SET_QUESTION[child.settings.language]
    assert not any(words in prompt for words in TAP_ALL)


# ---------------------------------------------------------------- the child's card


def _card(app: App, term_id: str) -> tuple[str, str]:
    """A child's term card opened from a children's lesson: its title and its first line."""
    screen = open_lesson_step(app, "kids_making_threes", "two_kinds")
    open_term_card(screen, term_id)
    frame(app)
    return screen.dialog.title, screen.dialog.body.split("\n\n")[0]


CARDS = {
    "souzu": {"ru": ("Палочки", "Взрослые говорят: со (索子, sōzu)"),
              "en": ("Sticks", "Grown-ups say: bamboo or sou (索子, sōzu)")},
    "manzu": {"ru": ("Цифры-иероглифы", "Взрослые говорят: ман (萬子, manzu)"),
              "en": ("Number characters", "Grown-ups say: characters or man (萬子, manzu)")},
    "pinzu": {"ru": ("Кружки", "Взрослые говорят: пин (筒子, pinzu)"),
              "en": ("Dots", "Grown-ups say: pin (筒子, pinzu)")},
    "mentsu": {"ru": ("Команда", "Взрослые говорят: сет (面子, mentsu)"),
               "en": ("Team", "Grown-ups say: set or meld (面子, mentsu)")},
    "jantou": {"ru": ("Пара руки", "Взрослые говорят: голова (雀頭, jantō)"),
               "en": ("Pair of the hand", "Grown-ups say: head (雀頭, jantō)")},
    "haku": {"ru": ("Белый дракон", "Взрослые говорят: хаку (白, haku)"),
             "en": ("White dragon", "In Japanese: 白, haku")},
}


@pytest.mark.parametrize("term_id", sorted(CARDS))
def test_a_childs_card_names_the_grown_ups_words(child: App, term_id: str) -> None:
    assert _card(child, term_id) == CARDS[term_id][child.settings.language]


def test_the_childs_glossary_shows_the_same_line(child: App) -> None:
    screen = child.push("glossary", term="souzu")
    frame(child)
    lines = [line.text for line in screen.detail_lines(load_glossary().term("souzu"), 2000)]
    assert CARDS["souzu"][child.settings.language][1] in lines


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("mode", ["ru_ja", "ja_ru", "full"])
def test_every_grown_ups_line_names_words_other_than_the_childs(lang: str, mode: str) -> None:
    for term in load_glossary():
        if not term.child_explanation(lang):
            continue
        words = grown_up_words(term, lang)
        line = child_japanese_line(term, mode, lang)
        assert " / " not in line, line
        assert term.child_name(lang).casefold() not in (w.casefold() for w in words), (term.id, words)
        for word in words:  # each word the line says is a name of the term, never an explanation
            assert word.casefold() in term.name(lang).casefold(), (term.id, word)
            assert word.casefold() in line.casefold(), (term.id, line)


def test_a_bracket_that_explains_is_not_a_grown_ups_word() -> None:
    g = load_glossary()
    assert grown_up_words(g.term("ron"), "en") == []  # "Ron (win on a discard)": Ron is the child's word
    assert grown_up_words(g.term("kawa"), "en") == []  # "Discards (river)": river explains
    assert grown_up_words(g.term("shuntsu"), "ru") == ["Последовательность"]  # «(шунцу)» spells the reading

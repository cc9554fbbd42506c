"""Every mahjong term shows its Japanese — the labelled ones too, once per text block.

``{term:id|word}`` used to show the author's word alone in the default ``ru_ja`` mode, so the
~340 labelled terms of the lessons and the UI's own (coach, review) never showed any Japanese.
Now, within one rendered text (one call of :func:`~trainer.ui.richtext.layout_rich` or
:func:`~trainer.ui.richtext.plain_text`), the first mention of a term shows its written form
and reading in the learner's display mode — «объявление (鳴き, naki)», "call (鳴き, naki)" —
and later mentions the word (or the glossary's name) alone.  Inside an open bracket the
Japanese follows a dash, never a bracket in a bracket; a mode without the Japanese adds none.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import flat, lesson_texts, surfaces_drawn  # noqa: E402
from trainer.glossary import DISPLAY_MODES, load_glossary  # noqa: E402
from trainer.lessons.richtext import parse_rich  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import layout_rich, plain_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def ui(lang_app: App) -> App:
    """The app in English and in Russian."""
    return lang_app


def _en(app: App) -> bool:
    return app.settings.language == "en"


def _mode(app: App, mode: str) -> App:
    app.apply_settings(dataclasses.replace(app.settings, term_mode=mode))
    return app


# ---------------------------------------------------------------- the first-use rule


def test_a_labelled_term_shows_its_japanese_on_first_use_only(ui: App) -> None:
    """The lesson «Объявления: пон и чии»: «Такое взятие — объявление (鳴き, naki)», not a bare
    «объявление» (before: no Japanese anywhere in ru_ja unless the learner clicked)."""
    if _en(ui):
        text = "Taking it is a {term:naki|call}. A {term:naki|call} is made at once; {term:naki|calls} open the hand."
        assert plain_text(text, ui) == ("Taking it is a call (鳴き, naki). A call is made at once; calls open the "
                                        "hand.")
    else:
        text = "Такое взятие — {term:naki|объявление}. {term:naki|Объявление} делают сразу, {term:naki|объявления} открывают руку."
        assert plain_text(text, ui) == ("Такое взятие — объявление (鳴き, naki). Объявление делают сразу, объявления "
                                        "открывают руку.")


@pytest.mark.parametrize("mode", DISPLAY_MODES)
def test_the_first_use_takes_the_form_of_the_display_mode(ui: App, mode: str) -> None:
    _mode(ui, mode)
    word = "call" if _en(ui) else "объявление"
    japanese = {"ru_ja": "鳴き, naki", "ja_ru": "鳴き, naki", "full": "鳴き, ナキ, naki"}[mode]
    text = plain_text(f"{{term:naki|{word}}} and {{term:naki|{word}}}", ui)
    assert text == f"{word} ({japanese}) and {word}", text


def test_the_drawn_text_is_the_plain_text(ui: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """layout_rich draws the Japanese after the first word and nothing after the second, and
    both stay links to the term's card."""
    drawn = surfaces_drawn(ui, monkeypatch)
    markup = "{term:pon|Pon} first, {term:pon|pon} again. drawn-check"
    layout = layout_rich(ui, markup, 18, 2000)
    assert " ".join(drawn) == "Pon (ポン) first, pon again. drawn-check"
    assert [t for _r, t in layout.terms] == ["pon"] * 3  # «Pon», «(ポン)», then «pon»


def test_each_text_block_starts_afresh(ui: App) -> None:
    """Two texts (a step's text and its prompt, two coach lines drawn apart) each show it."""
    assert plain_text("A {term:tenpai|ready hand}.", ui) == "A ready hand (聴牌, tenpai)."
    assert plain_text("A {term:tenpai|ready hand}.", ui) == "A ready hand (聴牌, tenpai)."


def test_a_glossary_name_once_shown_repeats_without_its_japanese(ui: App) -> None:
    """``{term:id}`` keeps its form on first use; after the term was shown with its Japanese in
    the same text (by either markup) the name comes alone, with a capital at a sentence start."""
    text = plain_text("{term:riichi} first. After {term:riichi} you wait. {term:riichi} is a yaku.", ui)
    name = "Riichi" if _en(ui) else "Риичи"
    assert text == f"{name} (立直, rīchi) first. After {name.lower()} you wait. {name} is a yaku.", text
    text = plain_text("Say {term:riichi|ready}, then {term:riichi}.", ui)
    assert text == f"Say ready (立直, rīchi), then {name.lower()}.", text


# ---------------------------------------------------------------- modes and brackets


def test_a_mode_without_the_japanese_adds_none(ui: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mode the settings offer shows the Japanese today; a mode that did not (outside
    ``JAPANESE_MODES``) would keep the author's word alone, first use or not."""
    import trainer.glossary

    monkeypatch.setattr(trainer.glossary, "JAPANESE_MODES", frozenset())
    assert plain_text("A {term:naki|call}, a {term:naki|call} ({term:genbutsu|safe}).", ui) == \
        "A call, a call (safe)."


@pytest.mark.parametrize("mode", DISPLAY_MODES)
def test_a_label_inside_brackets_takes_a_dash(ui: App, mode: str) -> None:
    """«безопасен против всех (генбуцу — 現物, genbutsu)», never «(генбуцу (現物, genbutsu))»; a word
    that is the reading itself takes the written form alone («(genbutsu — 現物)»)."""
    _mode(ui, mode)
    reading = "現物, ゲンブツ, genbutsu" if mode == "full" else "現物, genbutsu"
    text = plain_text("Safe against all ({term:genbutsu|генбуцу}), and {term:genbutsu|генбуцу} again.", ui)
    assert text == f"Safe against all (генбуцу — {reading}), and генбуцу again.", text
    assert flat(text)
    written = "現物, ゲンブツ" if mode == "full" else "現物"
    text = plain_text("Safe against all ({term:genbutsu|genbutsu}), and {term:genbutsu|genbutsu} again.", ui)
    assert text == f"Safe against all (genbutsu — {written}), and genbutsu again.", text
    assert flat(text)


def test_a_word_with_a_gloss_of_its_own_keeps_one_bracket(ui: App) -> None:
    """A romaji gloss is replaced by the Japanese («slamming tiles (kyouda)»), another gloss takes
    it after a dash; a written form just before the word is not repeated («吃 чи (chī)»)."""
    assert plain_text("That is {term:kyouda|slamming tiles (kyouda)}.", ui) == "That is slamming tiles (強打, kyōda)."
    assert plain_text("{term:chanta|Half outside hand (chanta)}", ui) == \
        "Half outside hand (chanta — 混全帯幺九, honchantaiyao)"
    assert plain_text("под 出: 槓 {term:kan|кан}, 栄 {term:ron|рон}", ui) == "под 出: 槓 кан (kan), 栄 рон (ロン, ron)"
    assert plain_text("槓 {term:kan|kan}", ui) == "槓 kan"  # the written form before, the word the reading: nothing to add


def test_the_unbracketed_display_needs_no_reparsing() -> None:
    """``Term.display(bracketed=False)`` writes the form for a place inside brackets directly."""
    g = load_glossary()
    ukeire = g.term("ukeire")
    assert ukeire.display("ru_ja", "ru", bracketed=False) == "Укеире — 受け入れ, ukeire"
    assert ukeire.display("ja_ru", "en", bracketed=False) == "受け入れ, ukeire — Tile acceptance"
    assert ukeire.display("full", "ru", bracketed=False) == "Укеире — 受け入れ, ウケイレ, ukeire"
    assert ukeire.inline("ru_ja", "en", bracketed=False) == "tile acceptance — 受け入れ, ukeire"
    for term in g:
        for mode in DISPLAY_MODES:
            for lang in ("ru", "en"):
                shown = term.display(mode, lang, bracketed=False)
                assert "(" not in shown and (term.romaji in shown) == term.is_japanese, (term.id, mode, lang, shown)


# ---------------------------------------------------------------- every lesson text, the UI's words


def _lesson_texts(lang: str) -> list[tuple[str, str]]:
    """The lesson texts of ``lang`` that name a term."""
    return [(stem, text) for stem, text in lesson_texts(lang) if "{term:" in text]


@pytest.mark.parametrize("mode", DISPLAY_MODES)
def test_every_lesson_text_shows_each_term_with_its_japanese_and_flat(ui: App, mode: str) -> None:
    """App-wide: in every lesson text each term it names shows its reading, and no bracket opens
    inside another."""
    _mode(ui, mode)
    g = load_glossary()
    texts = _lesson_texts(ui.settings.language)
    assert len(texts) > 300
    labelled = 0
    for lesson, raw in texts:
        shown = plain_text(raw, ui)
        assert flat(shown), (lesson, shown)
        for span in parse_rich(raw):
            if span.kind != "term" or not g.has(span.value):
                continue
            labelled += span.label is not None
            term = g.term(span.value)
            if not term.is_japanese:  # a teaching game's own name (Tibet): no reading to show
                continue
            # the reading, or the author's word that is the reading («fuuro (副露)»)
            assert term.romaji in shown or (span.label and term.is_reading(span.label)
                                            and term.kanji in shown), (lesson, span, shown)
    assert labelled > 150


def test_the_coach_says_tenpai_with_its_japanese(ui: App) -> None:
    """A UI line built with ``term_word`` («you stay tenpai») shows the Japanese too."""
    from types import SimpleNamespace

    from trainer.engine.tiles import Tile
    from trainer.ui.views.table import coach

    hint = SimpleNamespace(reason="keeps_tenpai", advice=None, tile=Tile(0), push_fold=None, waits=[3], ukeire=4,
                           push=False)
    text = plain_text(coach.hint_lines([hint])[0], ui)
    # English «tenpai» is the reading itself: the written form alone follows it
    japanese = "tenpai (聴牌)" if _en(ui) else "聴牌, tenpai"
    assert re.search(r"tenpai|тенпай", text) and japanese in text and flat(text), text


def test_a_term_shares_the_bracket_that_follows_it(ui: App) -> None:
    """«Два панга драконов (双箭刻, shuāng jiàn kè; 6 очков)», not «… (双箭刻, shuāng jiàn kè) (6 очков)»:
    the author's bracket right after a term joins the term's Japanese after a semicolon; a term
    shown without its bracket (its second use) keeps the author's bracket as written."""
    text = plain_text("{term:tenbou|sticks} (6.1, C) and {term:tenbou|sticks} (again).", ui)
    assert text == "sticks (点棒, tenbō; 6.1, C) and sticks (again).", text


@pytest.mark.parametrize("mode", DISPLAY_MODES)
def test_no_lesson_text_puts_two_brackets_side_by_side(ui: App, mode: str) -> None:
    """App-wide: no lesson text shows «) (» — a term's Japanese and the author's bracket share one."""
    _mode(ui, mode)
    doubled = [(lesson, shown) for lesson, raw in _lesson_texts(ui.settings.language)
               if ") (" in (shown := plain_text(raw, ui))]
    assert not doubled, doubled[:3]

"""Screenshot review, group "words": riichi's grammatical gender in Russian, the suit names on
every screen, English thousands in the lessons, and the paifu's call marks next to their own line."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
import yaml  # noqa: E402

from tests.text_checks import open_paifu_step  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.i18n import set_language  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_afterwards():  # noqa: ANN202
    yield
    set_language("en")


# ---------------------------------------------------------------- 4: the paifu's call marks


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_each_paifu_mark_sits_by_its_own_line_clear_of_the_other(tmp_path, monkeypatch, size, lang) -> None:
    """碰 槓 嶺 吃 over a 取 and 立直 over a discard sit right over the tile they mark, with a clear
    gap to the line above (not just under it); a call under a discard sits right under it (over its
    edge at most, never its face), clear of the line below.  No mark touches another line's tile."""
    with headless_app(tmp_path, monkeypatch, language=lang, size=size) as app:
        for ask in (None, "riichi"):
            view = open_paifu_step(app, ask).view
            if view.toggled and view.view_mode != "record":
                view.toggle_view()
                app.render()
            marks, targets, tiles = view.mark_rects, view.mark_targets, view.tile_rects
            assert len(marks) >= 10 and len(targets) == len(marks), (ask, len(marks))
            depth = view._depth(view.tile_h)
            for m, own in zip(marks, targets, strict=True):
                others_hit = [t for t in tiles if t != own and m.colliderect(t)]
                assert not others_hit, (size, ask, m, others_hit)
                across = [t for t in tiles if t.left < m.right and m.left < t.right and t != own]
                if m.bottom <= own.top:  # a mark over its tile: the line above is clear of it
                    own_gap = own.top - m.bottom
                    others = [m.top - t.bottom for t in across if t.bottom <= m.top]
                else:  # a mark under its tile (over its edge at most): the line below is clear of it
                    assert m.top >= own.bottom - depth, (size, ask, m, own)
                    own_gap = m.top - (own.bottom - depth)
                    others = [t.top - m.bottom for t in across if t.top >= m.bottom]
                assert own_gap <= 2, (size, ask, m, own)
                if others:
                    assert min(others) >= max(3, 2 * own_gap + 1), (size, ask, m, own, min(others))
            app.pop()


# ---------------------------------------------------------------- 1: riichi is neuter in Russian

RIICHI = r"(?:риичи|\{riichi\}|\{term:(?:double_)?riichi(?:\|[^}]*)?\})"
MASCULINE_RIICHI = [
    re.compile(r"(?i)\bобъявлен\s+" + RIICHI),  # «объявлен риичи» (neuter: «объявлено риичи»)
    re.compile(r"(?i)" + RIICHI + r",?\s+(?:был|объявлен|засчитан|отменён|стал|добавил|увеличил|дал|сделал)\b"),
    re.compile(r"(?i)\b(?:двойной|ложный|открытый|раскрытый|такой|этот|первый|обычный|неправильный|"
               r"объявленный|свой|ваш|мой|который|детский|недействительный)\s+" + RIICHI + r"(?!-)"),
    re.compile(r"(?i)" + RIICHI + r",\s+который\b"),
]
"""Masculine forms agreeing with «риичи» (docs/translating.md: риичи is neuter; the game is
«риичи-маджонг», masculine by «маджонг», so a word before «риичи-» is not matched)."""


def _masculine(text: str) -> list[str]:
    return [m.group(0) for p in MASCULINE_RIICHI for m in p.finditer(text)]


def _lang_strings(node: Any, lang: str) -> Iterator[str]:
    """Every text of language ``lang`` in a lesson or data file: ``ru:``/``en:`` fields and
    ``*_ru``/``*_en`` keys."""
    if isinstance(node, dict):
        for k, v in node.items():
            if (k == lang or (isinstance(k, str) and k.endswith("_" + lang))) and isinstance(v, str):
                yield v
            else:
                yield from _lang_strings(v, lang)
    elif isinstance(node, list):
        for v in node:
            yield from _lang_strings(v, lang)


def _ru_strings(node: Any) -> Iterator[str]:
    return _lang_strings(node, "ru")


def test_the_patterns_catch_the_masculine_forms() -> None:
    assert _masculine("с этим сбросом объявлен {riichi}") and _masculine("Детский риичи")
    assert _masculine("Да: рука закрыта, риичи объявлен.") and _masculine("двойной риичи")
    assert not _masculine("с этим сбросом объявлено {riichi}") and not _masculine("Детский риичи-маджонг")
    assert not _masculine("Соперник объявил риичи") and not _masculine("двойное риичи, риичи объявлено")


def test_no_russian_message_makes_riichi_masculine() -> None:
    from babel.messages.pofile import read_po

    with open(ROOT / "locales/ru/LC_MESSAGES/trainer.po", "rb") as f:
        catalog = read_po(f)
    bad = []
    for msg in catalog:
        strings = msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]
        bad += [(msg.id, s, _masculine(s)) for s in strings if s and _masculine(s)]
    assert not bad, bad


def test_no_lesson_or_glossary_text_makes_riichi_masculine() -> None:
    files = sorted((ROOT / "lessons").rglob("*.yaml")) + [ROOT / "trainer/data/glossary.yaml"]
    bad = []
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts = list(_ru_strings(data))
        if path.name == "glossary.yaml":
            texts = [t for term in data["terms"] for t in (term.get("ru", ""), term.get("ru_explanation", ""))]
        bad += [(path.name, t[:80], _masculine(t)) for t in texts if _masculine(t)]
    assert not bad, bad


def test_the_paifu_says_riichi_was_declared_in_the_neuter(tmp_path, monkeypatch) -> None:
    """11_paifu_right: the riichi cell's words read «с этим сбросом объявлено риичи»."""
    from trainer.ui.richtext import plain_text

    with headless_app(tmp_path, monkeypatch, language="ru") as app:
        view = open_paifu_step(app, "riichi").view
        cid = next(c for c in view.cell_rects if view._cell(c).riichi)
        words = plain_text(view.cell_words(cid), app)
        assert "с этим сбросом объявлено риичи" in words, words
        assert not _masculine(words), words


# ---------------------------------------------------------------- 2: the suits named one way


def _suit_words(lang: str) -> dict[str, tuple[str, str]]:
    """Each suit's glossary name in a sentence and the word in its brackets for a beginner."""
    from trainer.glossary import load_glossary

    g = load_glossary()
    out = {}
    for key, term in (("man", "manzu"), ("pin", "pinzu"), ("sou", "souzu")):
        t = g.term(term)
        name = t.plain_name(lang)
        out[key] = (name[:1].lower() + name[1:], t.name(lang))
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_training_setup_names_the_suits_as_the_glossary_does(tmp_path, monkeypatch, lang) -> None:
    """20_training_setup_kunto: the tile sets name a suit by its glossary term with its gloss
    («Только со (палочки) · 36», «Пин (кружки) и со (палочки) · 72»; "Bamboo (sou) only · 36"), as
    the tile-name drill's «Ман / Пин / Со» do — never «бамбук» alone."""
    from trainer.ui.widgets import OptionRow

    words = _suit_words(lang)
    with headless_app(tmp_path, monkeypatch, language=lang) as app:
        screen = app.push("training_setup", mode="kunto")
        app.process([], 1 / 60)
        app.render()
        row = next(w for key, _label, _note, w in screen.blocks if key == "tiles")
        assert isinstance(row, OptionRow)
        labels = dict(row.options)
        sou = labels["sou36"].lower()
        if lang == "ru":
            assert labels["sou36"] == "Только со (палочки) · 36", labels
            assert labels["pin_sou72"] == "Пин (кружки) и со (палочки) · 72", labels
            assert labels["sou_dragons48"] == "Со (палочки) и драконы · 48", labels
            assert f"{words['sou'][0]} (палочки)" in sou
        else:
            assert labels["sou36"] == "Bamboo (sou) only · 36", labels
            assert words["sou"][1].lower() in sou
        for label in labels.values():
            low = label.lower()
            assert not re.search(r"(?<!\()\bбамбук", low) or "со (палочки)" in low, label
            assert "точки" not in low and "символы" not in low, label
        # the drill's filter names the same suits the same way (the glossary's names, with the gloss a
        # beginner choosing a suit needs, as the training setup gives them)
        from trainer.ui.suit_names import capitalized, suit_name_glossed
        from trainer.ui.views.drill_catalog import value_label

        assert [value_label(v) for v in ("man", "pin", "sou")] == [
            capitalized(suit_name_glossed(s)) for s in ("man", "pin", "sou")]
        assert all(value_label(v).lower().startswith(w[0].lower()) for v, w in zip(("man", "pin", "sou"),
                                                                                     words.values(), strict=True))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_screen_names_a_suit_by_its_glossary_term(lang) -> None:
    """The suits' words on the setup notes, the kunto practice, the training games' list, the
    tile explanations and the sorting hint all come from the glossary (ман, пин, со)."""
    from trainer.engine.game.simple_modes import get_mode
    from trainer.i18n import set_language
    from trainer.ui import kunto_words, training_setup
    from trainer.ui.views import explain

    set_language(lang)
    words = _suit_words(lang)
    tens = training_setup.value_note(get_mode("kunto"), "dragons", "tens")
    assert all(w[0] in tens for w in words.values()), tens
    settings = kunto_words.settings_text("sou36", "kept", "plain")
    assert settings == ("только со (палочки)" if lang == "ru" else "bamboo (sou) only"), settings
    assert explain.tile_label("5s") == ("5 со" if lang == "ru" else "5 of bamboo")
    assert explain.family_name("pin") == ("пин (кружки)" if lang == "ru" else "dots (pin)")


def test_no_russian_message_names_a_suit_by_a_picture_word_alone() -> None:
    """«бамбук», «точки», «символы» as a suit's name only in the gloss after the Japanese name
    (msgctxt "suit gloss"); the children's words (msgctxt "children's word", their sorting hint)
    and a game's own name («Бамбук на двоих») are kept on purpose."""
    from babel.messages.pofile import read_po

    with open(ROOT / "locales/ru/LC_MESSAGES/trainer.po", "rb") as f:
        catalog = read_po(f)
    kept = {"Bamboo for two", "Characters first, then dots, then sticks, and winds and dragons at the very end. "
            "Numbers go in order: 1, 2, 3…"}
    bad = []
    for msg in catalog:
        if msg.context in ("suit gloss", "children's word") or msg.id in kept:
            continue
        strings = msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]
        for s in strings:
            if s and re.search(r"(?i)бамбук|\bточк[аи]\b|\bсимвол", s):
                bad.append((msg.id, s))
    assert not bad, bad


# ---------------------------------------------------------------- 3: English thousands in the lessons

UNSPLIT = re.compile(r"(?<![\d,.\w{:#])(\d{4})(?![\d]|[,.]\d|\w)")
"""A four-digit number written without its thousands comma ("8000" beside "12,000"); a digit
run glued to letters is notation (1234m, {tiles:2345s}), a colon before it a line reference."""
NOT_AMOUNTS = {("variant_risu.yaml", "2345")}
"""Digits that are a hand's shape, not a number (the triplet 666 and 2345)."""


def _en_strings(node: Any) -> Iterator[str]:
    return _lang_strings(node, "en")


def _unsplit(name: str, text: str) -> list[str]:
    out = []
    for m in UNSPLIT.finditer(text):
        if re.search(r"(?:EMA|WRC|JPML)\s*$", text[:m.start()]) or (name, m.group(1)) in NOT_AMOUNTS:
            continue  # a rulebook's year, a hand's shape
        out.append(text[max(0, m.start() - 30):m.end() + 10])
    return out


def test_the_unsplit_check_sees_thousands_and_not_notation() -> None:
    assert _unsplit("x.yaml", "mangan 8000 / 12,000") and _unsplit("x.yaml", "1000-2000-3900")
    assert not _unsplit("x.yaml", "EMA 2008 rules, {tiles:1234m}, 000:3465, 12,000, 1,000-2,000")


def test_english_lesson_text_writes_thousands_with_a_comma() -> None:
    """lessons/**/*.yaml ``en:`` and the manners bank's English: "8,000" as "12,000" (the Russian
    text keeps its norm, four digits unsplit, five with a space)."""
    files = sorted((ROOT / "lessons").rglob("*.yaml")) + [ROOT / "trainer/data/manners.yaml"]
    bad = []
    for path in files:
        for text in _en_strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            bad += [(path.name, hit) for hit in _unsplit(path.name, text)]
    assert not bad, bad
    # and the Russian keeps four digits whole
    draws = yaml.safe_load((ROOT / "lessons/basics/basics_draws.yaml").read_text(encoding="utf-8"))
    assert any("3000" in t for t in _ru_strings(draws))

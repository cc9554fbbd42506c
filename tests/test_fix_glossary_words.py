"""Review round 18, group "words": the glossary's words and the rich text's first-use Japanese.

* EN#4: a labelled word that already is the reading is followed by the written form alone —
  «genbutsu (現物)», «(fuuro — 副露)», «(nuki dora — 抜きドラ)», not «(genbutsu — 現物, genbutsu)».
* MCR#23: a line never breaks inside a term's bracketed reading («qī / duì»), between a fan and
  its points («Two Concealed Pungs (…) / 2 ·») or before a lone «·».
* EN#10 / RU#31: pon, chii and ron are written ポン, チー, ロン as the rulebooks write them.
* RU#19: the Russian name of the server is «tenhou.net», as the Russian rulebook (001) writes it.
* EN#18, MCR#15, RU#20: one English name per term; Pure Quadruple Chow; the MCR calls in Russian.
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_checks import lesson_texts  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.ui import richtext  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import layout_rich, plain_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _mode(app: App, mode: str) -> App:
    app.apply_settings(dataclasses.replace(app.settings, term_mode=mode))
    return app


# ---------------------------------------------------------------- EN#4: no reading twice


@pytest.mark.parametrize(("markup", "en"), [
    ("Call it {term:fuuro|fuuro}.", "Call it fuuro (副露)."),
    ("Set North aside ({term:nukidora|nuki dora}).", "Set North aside (nuki dora — 抜きドラ)."),
    ("Safe ({term:genbutsu|genbutsu}).", "Safe (genbutsu — 現物)."),
    ("A {term:mcr_peng|peng}.", "A peng (碰)."),  # pinyin tone marks do not count
    ("A {term:fuuro|Fū-ro}.", "A Fū-ro (副露)."),  # nor case, macrons or hyphens
])
def test_a_word_that_is_the_reading_takes_the_written_form_alone(app: App, markup: str, en: str) -> None:
    assert plain_text(markup, app) == en


def test_another_word_keeps_the_reading(app: App) -> None:
    assert plain_text("A {term:fuuro|open meld}.", app) == "A open meld (副露, fūro)."
    assert plain_text("Ты {term:genbutsu|генбуцу}.", app) == "Ты генбуцу (現物, genbutsu)."
    assert plain_text("(you cannot ron: {term:doujun_furiten|temporary furiten})", app) == \
        "(you cannot ron: temporary furiten — 同巡内振り聴, dōjunnai furiten)"


def test_the_full_mode_keeps_the_kana(app: App) -> None:
    _mode(app, "full")
    assert plain_text("It is {term:genbutsu|genbutsu}.", app) == "It is genbutsu (現物, ゲンブツ)."


def test_the_reading_test_of_a_term() -> None:
    g = load_glossary()
    assert g.term("fuuro").is_reading("fuuro") and g.term("fuuro").is_reading("FŪRO")
    assert g.term("nukidora").is_reading("nukidora") and g.term("nukidora").is_reading("Nuki-dora")
    assert g.term("riichi").is_reading("riichi") and not g.term("riichi").is_reading("ready")
    assert not g.term("genbutsu").is_reading("генбуцу") and not g.term("genbutsu").is_reading("")
    assert g.term("genbutsu").japanese("ru_ja", reading=False) == "現物"


# ---------------------------------------------------------------- MCR#23: line breaks


def _lines(app: App, monkeypatch: pytest.MonkeyPatch, markup: str, width: int, size: int = 18) -> list[str]:
    """The text of each line ``layout_rich`` lays out."""
    texts: dict[int, str] = {}
    real_surface = app.text_surface

    def surface(text: str, *args: Any, **kw: Any) -> Any:
        surf = real_surface(text, *args, **kw)
        texts[id(surf)] = text
        return surf

    lines: list[str] = []
    real_wrap = richtext.wrap_atoms

    def wrap(para: list[Any], w: int) -> list[list[Any]]:
        out = real_wrap(para, w)
        for ln in out:
            words = [texts.get(id(a.surf), "[tiles]") + (" " if a.space_after else "") for a in ln if a.kind != "break"]
            lines.append("".join(words).strip())
        return out

    monkeypatch.setattr(app, "text_surface", surface)
    monkeypatch.setattr(richtext, "wrap_atoms", wrap)
    richtext._CACHE.clear()
    layout_rich(app, markup, size, width)
    return lines


def _width(app: App, text: str, size: int = 18) -> int:
    return app.text_width(text, size)


def test_a_reading_never_breaks_inside(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """14_forms_2 «the closest form is Seven Pairs (七对, qī / duì)»: every width from the bracket
    alone to the whole line keeps «(七对, qī duì)» on one line."""
    markup = "the closest form is {term:mcr_seven_pairs}."
    whole = _width(app, plain_text(markup, app))
    for width in range(_width(app, "(七对, qī duì).") * 2, whole, 7):
        lines = _lines(app, monkeypatch, markup, width)
        assert any("(七对, qī duì)." in ln for ln in lines), (width, lines)


def test_an_option_keeps_its_pinyin_together(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """13_fans_chows_2 option «Mixed Triple Chow (三色三同顺, sān sè sān tóng / shùn)»."""
    markup = "{term:mcr_mixed_triple_chow}"
    width = max(_width(app, plain_text(markup, app)) - 20, int(_width(app, "(三色三同顺, sān sè sān tóng shùn)") / 0.8) + 2)
    lines = _lines(app, monkeypatch, markup, width)
    assert lines[-1] == "(三色三同顺, sān sè sān tóng shùn)", lines


def test_points_stay_with_their_fan_and_a_dot_never_starts_a_line(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """13_principles_2 «Two Concealed Pungs (…) / 2 · Short Straight», «16 / · All Chows»."""
    markup = "{term:mcr_full_flush} 24 · {term:mcr_two_concealed_pungs} 2 · {term:mcr_short_straight} 1"
    fan = plain_text("{term:mcr_two_concealed_pungs}", app)
    for width in range(_width(app, fan + " 2 ·") + 5, _width(app, plain_text(markup, app)), 9):
        for ln in _lines(app, monkeypatch, markup, width):
            assert not re.match(r"^[\d·]", ln), (width, ln)


def test_a_reading_too_long_for_the_share_still_breaks(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept whole only while it takes at most 80% of the width: it never leaves a line mostly empty."""
    markup = "x {term:mcr_mixed_triple_chow}"
    width = int(_width(app, "(三色三同顺, sān sè sān tóng shùn)") / 0.8) - 10
    lines = _lines(app, monkeypatch, markup, width)
    assert all(_width(app, ln) <= width for ln in lines), lines


# ---------------------------------------------------------------- the glossary's words


def test_pon_chii_and_ron_are_written_in_katakana() -> None:
    g = load_glossary()
    assert [g.term(t).kanji for t in ("pon", "chii", "ron")] == ["ポン", "チー", "ロン"]
    assert g.term("pon").display("ru_ja", "en") == "Pon — call a triplet (ポン, pon)"
    assert g.term("pon").display("full", "ru") == "Пон — ポン (pon)"  # the kana once
    assert g.search("碰")[0].id == "pon" and g.search("栄")[0].id == "ron"  # the old forms still found
    assert g.term("mcr_peng").kanji == "碰" and g.term("mcr_chi").kanji == "吃"  # Chinese as it was


def _lesson_texts(lang: str) -> list[str]:
    return [text for _stem, text in lesson_texts(lang)]


def test_tenhou_in_russian_is_written_as_the_russian_rulebook_does() -> None:
    g = load_glossary()
    assert g.term("tenhou_net").ru == "tenhou.net" and g.term("tenhou_net").en == "Tenhou"
    russian = [t for t in _lesson_texts("ru") if "Tenhou" in t]
    assert not russian, russian[:3]
    assert sum("tenhou.net" in t for t in _lesson_texts("ru")) > 30
    assert sum("Tenhou" in t for t in _lesson_texts("en")) > 30


def test_one_english_name_per_term() -> None:
    g = load_glossary()
    assert g.term("tenpai").plain_name("en") == "Tenpai"
    assert g.term("tanyao").plain_name("en") == "Tanyao"
    assert g.term("nukidora").plain_name("en") == "Nuki dora"
    english = " ".join(_lesson_texts("en"))
    assert "nukidora" not in re.sub(r"\{term:nukidora[|}]", "", english)
    assert "ready hand" not in english.lower()


def test_an_english_wind_keeps_its_capital(app: App) -> None:
    g = load_glossary()
    assert g.term("ton").word("en", inline=True) == "East wind"
    assert g.term("ton").word("ru", inline=True) == "восток"
    assert g.term("bakaze").word("en", inline=True).islower()  # «round wind» is no compass point


def test_the_mcr_names() -> None:
    g = load_glossary()
    assert g.term("mcr_quadruple_chow").en == "Pure Quadruple Chow"  # like Pure Double / Triple Chow
    calls = [g.term(t).plain_name("ru") for t in ("mcr_chi", "mcr_peng", "mcr_gang", "mcr_hu")]
    assert calls == ["Чии", "Пэн", "Ган", "Ху"]  # the words of the MCR table's buttons
    sets = [g.term(t).ru for t in ("mcr_chi", "mcr_peng", "mcr_gang")]
    assert sets == ["Чии (взятие чоу)", "Пэн (взятие панга)", "Ган (конг)"]  # the set names of the fans


def test_the_rule_set_name_is_translated(lang_app: Any) -> None:
    """«Правила: tenhou.net» in Russian (was the English "Tenhou" in the drills' rules line, the
    settings and the match setup); the English stays Tenhou."""
    from trainer.i18n import _
    from trainer.ui import match_setup
    from trainer.ui.views import rule_presets

    want = "tenhou.net" if lang_app.settings.language == "ru" else "Tenhou"
    assert _(rule_presets.PRESET_NAMES["tenhou"]) == want
    assert _(match_setup.PRESET_NAMES["tenhou"]) == want


def test_tanki_is_never_called_a_pair_wait() -> None:
    """Tanki waits on one tile to make the pair; «ожидание на пару» reads as shanpon's two pairs,
    so the glossary and the risu lesson say «ожидание одиночной плитки» / "single wait"."""
    g = load_glossary()
    for term_id in ("tanki", "hadaka_tanki"):
        t = g.term(term_id)
        assert "ожидание на пару" not in t.ru_explanation.lower(), t.ru_explanation
        assert "pair wait" not in t.en_explanation.lower(), t.en_explanation
    risu = " ".join(text for stem, text in lesson_texts("ru") if stem == "variant_risu")
    assert "ожидании на пару" not in risu and "ожидании пары" not in risu

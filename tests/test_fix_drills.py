"""The drills' words and screens after review 18 (RU#2, 6, 7, 16-18, 21-24, 26, 28; EN#2, 9, 12, 13,
19, 24): wait names as the whole app names them, terms linked, plurals agreeing, suits glossed,
the safe-tile hand with its called set, the answer first after a final miss."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import click, headless_app, key  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402


@pytest.fixture()
def lang():  # noqa: ANN201
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    with headless_app(tmp_path, monkeypatch, progress="open") as a:
        yield a


def _safety_item() -> dict:
    return {"kind": "safety", "tile": "5m", "best": False, "threats": (
        {"who": 1, "reasons": (("suji", "2m", ""),), "open": (("ryanmen", "46m"), ("shanpon", ""), ("tanki", "")),
         "unseen": 2},
        {"who": 2, "reasons": (("genbutsu", "", "passed"),), "open": (), "unseen": 2})}


def test_safe_tile_waits_are_named_as_everywhere_and_the_tools_are_linked(lang) -> None:
    """RU#2, RU#21: shanpon is the pair wait (on two pairs), tanki the single wait; suji and genbutsu
    are glossary links, not plain words."""
    from trainer.ui.question_texts import more_explain_item

    lang("ru")
    text = more_explain_item(_safety_item())
    assert "{term:shanpon|ожидание на две пары (шанпон)}" in text
    assert "{term:tanki|ожидание на одиночную плитку (танки)}" in text
    assert "ожидание на пару," not in text and "{term:suji|суджи} к" in text
    assert "{term:genbutsu|генбуцу}, прошла после его риичи" in text
    lang("en")
    text = more_explain_item(_safety_item())
    assert "{term:shanpon|two-pair wait (shanpon)}" in text and "{term:tanki|single wait (tanki)}" in text
    best = more_explain_item({**_safety_item(), "best": True})
    lang("ru")
    assert more_explain_item({**_safety_item(), "best": True}).startswith("{tiles:5m} — безопаснее всего:")  # RU#22
    assert best.startswith("Safest, {tiles:5m}:")


class _Prompt:
    def __init__(self, question: str, **data: object) -> None:
        self.question, self.data, self.tiles, self.hand, self.options = question, data, "", "", ()

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)


class _Ex:
    def __init__(self, question: str, **data: object) -> None:
        self.prompt = _Prompt(question, **data)


def test_dora_prompts_agree_with_the_number_of_indicators(lang) -> None:
    """RU#23, EN#24: one indicator is not "indicators"; the pick prompt does not draw it a second
    time (the tile row under it shows it); «сколько дор», not «доры»."""
    from trainer.ui.question_texts import more_question_text

    lang("en")
    one = more_question_text(_Ex("dora_pick", indicators="3s"))
    assert one.startswith("The tile below is a dora indicator.") and "{tiles:" not in one
    assert more_question_text(_Ex("dora_pick", indicators="3s7z")).startswith("The tiles below are dora indicators.")
    assert more_question_text(_Ex("dora_count", indicators="3s")).startswith("Dora indicator: {tiles:3s}.")
    lang("ru")
    count = more_question_text(_Ex("dora_count", indicators="3s"))
    assert count.startswith("Индикатор доры: {tiles:3s}.") and "Сколько дор в этой руке?" in count
    assert more_question_text(_Ex("dora_count", indicators="3s4p")).startswith("Индикаторы доры:")


def test_ura_dora_indicator_words(lang) -> None:
    """RU#6: «индикатор ура-доры», as the dora's indicator is named."""
    lang("ru")
    assert i18n._("ura-dora indicator {tiles}") == "индикатор ура-доры {tiles}"
    assert i18n._("by the ura-dora indicator: {n}") == "по индикатору ура-доры: {n}"


def test_the_setup_forms_gloss_the_suits_and_any_agrees(lang) -> None:
    """RU#7, RU#17: a beginner choosing a suit reads its picture word; "any" after a plural label
    is plural («Виды: … / Любые»), after «Масть» it stays «Любая»."""
    from trainer.ui.views.drill_catalog import value_label

    lang("ru")
    assert [value_label(v, "suit") for v in ("m", "p", "s", "any")] == [
        "Ман (иероглифы)", "Пин (кружки)", "Со (палочки)", "Любая"]
    assert value_label("any", "kinds") == value_label("any", "forms") == "Любые"
    lang("en")
    assert value_label("s", "suit") == "Bamboo (sou)" and value_label("any", "kinds") == "Any"


def test_the_settings_form_shows_glossed_suits_and_plural_any(app, lang) -> None:  # noqa: ANN001
    from trainer.ui.widgets import OptionRow

    lang("ru")
    screen = app.push("drill_setup", generator="single_suit_waits")
    app.render()
    suit = dict(screen.fields)["suit"]
    assert isinstance(suit, OptionRow) and "Со (палочки)" in dict(suit.options).values()
    app.pop()
    screen = app.push("drill_setup", generator="make_set")
    app.render()
    assert dict(dict(screen.fields)["kinds"].options)["any"] == "Любые"


def test_tile_name_answers_carry_the_gloss_and_the_reading(lang) -> None:
    """RU#7, EN#9: «1 со (палочки, ī sō)», "1 of characters (ī man)" (no 一萬 on the button: it
    would match the tile's face); the feedback links the tile's own card, with its characters."""
    from trainer.ui.views.exercise_labels import question_text, tile_option_name
    from trainer.ui.views.explain import explain_item

    lang("ru")
    assert tile_option_name("1s") == "1 со (палочки, ī sō)"
    assert tile_option_name("0p") == "5 пин (кружки, ū pin)"
    assert "{term:ii_sou|1 со}" in explain_item({"kind": "tile_name", "tile": "1s", "family": "sou"})
    lang("en")
    assert tile_option_name("1m") == "1 of characters (ī man)"
    assert "{term:ii_man|1 of characters}" in explain_item({"kind": "tile_name", "tile": "1m", "family": "man"})
    # the name -> tile question never shows an honor's character beside the tiles to choose from
    ex = GENERATORS["tile_name"].generate(GENERATORS["tile_name"].params({"direction": "to_tile", "pool": "honors"}), 1)
    text = question_text(ex)
    assert "{term:" not in text and "(" in text


def test_the_tile_name_drill_buttons_and_feedback(app, lang) -> None:  # noqa: ANN001
    lang("en")
    screen = app.push("drill", generator="tile_name", params={"pool": "man"}, n=1, seed=2)
    app.render()
    assert all("(" in b.text and "of characters" in b.text for b in screen.view.buttons), [
        b.text for b in screen.view.buttons]


def test_the_standard_form_counts_the_sets_of_the_hand(lang) -> None:
    """RU#16: a 4-tile hand is one set and a pair, not «четыре сета и пара»."""
    from trainer.ui.views.explain import explain_item

    gen = GENERATORS["shanten"]
    ex = gen.generate(gen.params({"size": 4, "min_shanten": 0, "max_shanten": 2}), 3)
    item = next(i for i in ex.explanation if i.get("kind") == "shanten_form")
    assert item["sets"] == 1
    lang("ru")
    assert explain_item(item).startswith("1 сет и пара:")
    assert explain_item({"kind": "shanten_form", "form": "standard", "shanten": 2, "sets": 4}).startswith(
        "4 сета и пара:")
    assert explain_item({"kind": "shanten_form", "form": "standard", "shanten": 2}).startswith("Сеты и пара:")
    lang("en")
    assert explain_item(item).startswith("1 set and a pair:")


def test_block_labels_agree_with_their_tiles(lang) -> None:
    """RU#18: «сеты (面子…): [4 sets]», not «сет: [4 sets]»; one pair keeps «пара»."""
    from trainer.ui.views.mistakes import blocks_line

    lang("ru")
    line = blocks_line({"sets": ["123m", "456m"], "pairs": ["11p"], "partials": ["34s", "57s"]})
    assert line.startswith("{term:mentsu|сеты}:") and "{term:toitsu|пара}:" in line
    assert blocks_line({"pairs": ["11p", "22p"]}).startswith("{term:toitsu|пары}:")
    lang("en")
    assert blocks_line({"sets": ["123m"], "pairs": ["11p", "22p"]}) == (
        "{term:mentsu|set}: {tiles:123m}; {term:toitsu|pairs}: {tiles:11p} {tiles:22p}")


def test_points_working_without_powers_and_plain_english(lang) -> None:
    """RU#28: no 2^(1+2) for a beginner; EN#19: no "multiply by who pays"."""
    from trainer.engine.explain import points_chain
    from trainer.engine.rules import load_rules
    from trainer.ui.views.mistakes import points_text, too_high_line

    lang("en")
    chain = points_chain(1, 40, dealer=False, tsumo=False, rules=load_rules("tenhou"))
    text = points_text(chain, [1000], load_rules("tenhou"), final=False)
    assert "^" not in text and "40 fu × 8 = 320" in text and "who pays" not in text
    assert "multiply them for each payer" in text
    std = {"form": "standard", "shanten": 3, "sets": [], "pairs": ["11p", "22p"], "partials": []}
    assert "each other one is" not in too_high_line([std], std, 1)
    lang("ru")
    assert "у вас 1 хан" in points_text(chain, [1000], load_rules("tenhou"), final=True)


def test_kunto_and_kids_words(lang) -> None:
    """EN#19 "1 step from a ready hand"; EN#12 the children's hint asks for the whole hand; EN#13
    the number first on every children's tile name."""
    from trainer.ui.kunto_words import throwback_mistake
    from trainer.ui.screens.drills import KIDS_HINTS
    from trainer.ui.views.exercise_labels import kids_tile_name

    lang("en")
    items = [{"kind": "throwback", "tile": "2s", "shanten": 1, "count": 4},
             {"kind": "throwback", "tile": "5s", "shanten": 0, "count": 6, "best": True, "improving": "3s"}]
    from trainer.engine.tiles import kind_from_name

    text = throwback_mistake(items, [kind_from_name("2s")], final=False)
    assert "1 step from {term:tenpai|tenpai}" in text
    assert "three or a pair" not in i18n._(KIDS_HINTS["wait"]) and "one pair" in i18n._(KIDS_HINTS["wait"])
    # a character's number is read from its sign, not counted: "character 3" as the lessons say (kids2)
    assert [kids_tile_name(t) for t in ("3m", "3p", "3s")] == ["character 3", "3 dots", "3 sticks"]


def _safe_tile_seed() -> int:
    gen = GENERATORS["safe_tile"]
    return next(s for s in range(60) if "(" in gen.generate(gen.params({}), s).prompt.hand)


def test_the_safe_tile_hand_shows_its_called_set() -> None:
    """EN#2: the learner's call lies beside the hand (not in "seen elsewhere"): a whole hand."""
    from trainer.engine.notation import parse_hand, parse_tiles

    gen = GENERATORS["safe_tile"]
    ex = gen.generate(gen.params({}), _safe_tile_seed())
    hand = parse_hand(ex.prompt.hand, check_size=False)
    assert hand.melds and len(hand.concealed) + 3 * len(hand.melds) == 14
    meld_kinds = [t.kind for m in hand.melds for t in m.tiles]
    seen = [t.kind for t in parse_tiles(dict(ex.prompt.data)["seen"], max_copies=None)]
    shown = seen + [t.kind for t in hand.concealed] + meld_kinds
    assert all(shown.count(k) <= 4 for k in set(shown))  # each copy on screen once
    assert set(ex.answer) <= {t.kind for t in hand.concealed}


def test_the_safe_tile_screen_draws_the_meld_and_never_picks_it(app) -> None:  # noqa: ANN001
    screen = app.push("drill", generator="safe_tile", params={}, n=1, seed=_safe_tile_seed())
    app.render()
    picker = screen.view.picker
    melds = [i for i, s in enumerate(picker.slots) if s.group >= 0]
    assert len(melds) >= 3 and picker.inert == set(melds)
    click(app, picker.rects[melds[0]].center)
    assert not picker.selected


def test_the_answer_comes_first_after_a_final_miss(app, lang) -> None:  # noqa: ANN001
    """RU#26: after the second miss the panel opens on the answer, then why the pick was wrong."""
    lang("ru")
    screen = app.push("drill", generator="mixed_waits", params={}, n=1, seed=1)
    app.render()
    ex = screen.view.ex
    wrong = next(i for i, s in enumerate(screen.view.picker.slots) if s.tile.kind not in ex.answer)
    click(app, screen.view.picker.rects[wrong].center)
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")
    key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done"
    assert screen.feedback_text.startswith("Ответ: {tiles:"), screen.feedback_text[:80]
    # a choice question names its answer in words
    screen = app.push("drill", generator="tile_name", params={}, n=1, seed=3)
    app.render()
    ex = screen.view.ex
    wrong = next(b for b in screen.view.buttons if ex.prompt.options[b.index].value not in ex.answer)
    for _ in range(2):
        click(app, wrong.rect.center)
        if screen.phase == "retry":
            key(app, pygame.K_RETURN, "\r")
    assert screen.phase == "done"
    assert screen.feedback_text.startswith("Ответ: "), screen.feedback_text[:80]


def test_the_setup_example_leaves_out_the_rules_and_wraps(app, lang) -> None:  # noqa: ANN001
    """RU#24: the example under the form is not cut to «… Пра…»: the rules are in the form."""
    lang("ru")
    screen = app.push("drill_setup", generator="points_lookup")
    app.render()
    _tiles, text = screen.example()
    low = text.lower()
    assert "правила" not in low and ("цумо" in low or "рон" in low), text

"""Review 23, group kids3: a child's drill answer never repeats a hint.

In the children's drills (a child's profile) each question has two hint rungs and then the answer
with a reason; the answer used to say a hint again («Это 1 палочка: птичка — это одна палочка.» after
«Видишь птичку? Птичка — это одна палочка!», «Это 5: сверху крышечка и табуретка.» after «Сверху
крышечка и табуретка. Какое это число?», «Это семья палочек: на плитке палочки.»).  For every tile
1m-9m, 1p-9p, 1s-9s and the seven honors and every question kind (family, number, name, find;
waits, twin, lonely tile, is it a win, making a team), in Russian and English, the ladder is driven
with H presses on the drill screen and the answer shares no sentence, and no clause's fact, with
either hint."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.ui_events import frame, headless_app, key  # noqa: E402
from trainer.engine.exercises import GENERATORS  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.richtext import BR  # noqa: E402
from trainer.ui.views.exercise_labels import kids_tile_name  # noqa: E402

TILES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [f"{rank}z" for rank in range(1, 8)]
ASKED = {
    "family": {"ask": "family", "pool": "all", "options": 4},
    "number": {"ask": "number", "pool": "numbers", "options": 3},
    "name": {"ask": "name", "direction": "to_name", "pool": "all", "options": 3},
    "find": {"ask": "name", "direction": "to_tile", "pool": "all", "options": 3},
}
"""The tile questions of the children's drills, by what they ask."""

OTHERS = {
    "twin": ("single_suit_waits", {"size": 1}),
    "waits": ("single_suit_waits", {"size": 4, "min_waits": 1, "max_waits": 2}),
    "waits7": ("single_suit_waits", {"size": 7, "min_waits": 1, "max_waits": 2}),
    "lonely": ("discard_ukeire", {"size": 11, "hand_pool": "isolated_tile", "honors": False}),
    "win": ("complete_hand", {"size": 14}),
    "set": ("make_set", {"ask": "complete"}),
}
"""The other children's drills: as the children's lessons set them (and a team made of two tiles)."""

COUNTING = {"раз", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять",
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
FILLER = {"это", "эта", "и", "а", "на", "в", "у", "с", "не", "он", "она", "её", "его", "семья", "семьи",
          "is", "the", "a", "an", "it", "it's", "its", "this", "that", "on", "in", "of", "and", "to", "you",
          "family"}
"""Words a clause's fact is not made of: counting aloud (the answer counts what the hint said to count)
and the little words of any sentence."""
WORD = r"[\w'’]+"


def sentences(text: str) -> set[str]:
    """The sentences of a text, tile pictures left out, lower case, without their end marks."""
    text = re.sub(r"\{[a-z]+:[^}]*\}", " ", text.replace(BR, "\n"))
    parts = re.split(r"(?<=[.!?…])\s+|\n", text)
    return {p.strip(" .!?…").lower() for p in parts if p.strip(" .!?…")}


def clauses(text: str) -> list[frozenset[str]]:
    """The clauses of a text (between . ! ? … : ;) as sets of the words that carry their fact."""
    text = re.sub(r"\{[a-z]+:[^}]*\}", " ", text.replace(BR, "\n")).lower()
    return [frozenset(set(re.findall(WORD, c)) - FILLER - COUNTING) for c in re.split(r"[.!?…:;\n]", text)]


def repeated(answer: str, hints: list[str], own: str = "") -> list[str]:
    """What an answer says again of its hints: a sentence of theirs; a clause whose every word is in
    one of their clauses (two words at least); or a clause holding one of theirs whole (three words
    at least).  The answer's own name (``own``: the tile's name and family, which the answer is there
    to say) makes no repeat alone."""
    stems = {w[:4] for w in re.findall(WORD, own.lower())}

    def news(words: frozenset[str]) -> int:
        return sum(w[:4] not in stems for w in words)

    said = set().union(*(sentences(h) for h in hints)) if hints else set()
    out = sorted(sentences(answer) & said)
    hinted = [c for h in hints for c in clauses(h)]
    for clause in clauses(answer):
        within = len(clause) >= 2 and news(clause) and any(clause <= h for h in hinted)
        holding = any(len(h) >= 3 and news(h) >= 2 and h <= clause for h in hinted)
        if within or holding:
            out.append(" ".join(sorted(clause)))
    return out


FAMILY_LABELS = {"m": ("Number characters", "Цифры-иероглифы"), "p": ("Dots", "Кружки"),
                 "s": ("Sticks", "Палочки"), "z": ("Winds and dragons", "Ветры и драконы")}


def own_words(tile: str, ru: bool) -> str:
    """The words an answer about ``tile`` names it by: its child's name and its family."""
    return kids_tile_name(tile) + " " + FAMILY_LABELS[tile[1]][ru]


@cache
def tile_seed(ask: str, tile: str) -> int:
    """The first seed whose tile question asking ``ask`` is about ``tile``."""
    gen = GENERATORS["tile_name"]
    params = gen.params(dict(tile_params(ask, tile), kids=True))
    return next(s for s in range(800) if gen.generate(params, s).explanation[0].get("tile") == tile)


def tile_params(ask: str, tile: str) -> dict[str, Any]:
    """The drill's parameters for a question about ``tile`` (an honor from the honors pool)."""
    params = dict(ASKED[ask])
    if ask != "number" and tile[1] == "z":
        params["pool"] = "honors"
    return params


def ladder(app: App, generator: str, params: dict[str, Any], seed: int) -> tuple[list[str], str, Any]:
    """Open a children's drill and press H until the answer shows: the hints read, the answer, the screen."""
    screen = app.push("drill", generator=generator, params=dict(params, kids=True), n=2, seed=seed)
    frame(app)
    hints: list[str] = []
    for _press in range(5):
        key(app, pygame.K_h, "h")
        if screen.phase == "done":
            break
        assert screen.feedback_kind == "hint"
        hints.append(screen.feedback_text)
    assert screen.phase == "done" and screen.feedback_kind == "shown", screen.feedback_text
    return hints, screen.feedback_text, screen


@pytest.fixture(params=["ru", "en"])
def child(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A child's profile in Russian at the smallest window, in English at 1280x720."""
    size = (1024, 600) if request.param == "ru" else (1280, 720)
    with headless_app(tmp_path, monkeypatch, language=request.param, size=size, profile="child",
                      tile_theme="kids", tile_size="large") as app:
        yield app
    set_language("en")


def is_ru(app: App) -> bool:
    """Whether the app speaks Russian."""
    return app.settings.language == "ru"


# ---------------------------------------------------------------- the rule itself


def test_the_rule_catches_the_answers_of_the_review() -> None:
    bird = "Видишь птичку? Птичка — это одна палочка!"
    assert repeated("Это 1 палочка: птичка — это одна палочка.", ["…", bird], "1 палочка Палочки")
    assert repeated("Это 5: сверху крышечка и табуретка.", ["…", "Сверху крышечка и табуретка. Какое это число?"],
                    "иероглиф 5 Цифры-иероглифы")
    assert repeated("Это семья палочек: на плитке палочки.", ["…", "На этой плитке палочки. Какая это семья?"],
                    "2 палочки Палочки")
    # naming the answer is no repeat, nor is counting what the hint said to count
    assert not repeated("It's the dots family. This tile is 3 dots.",
                        ["Round coins mean the dots family.", "This tile has round coins on it."], "3 dots Dots")
    assert not repeated("Это 3 кружка: раз, два, три!", ["Сосчитай кружки на плитке пальчиком: раз, два, три…"],
                        "3 кружка Кружки")
    # a clause of the hint said again inside a longer one
    assert repeated("{tiles:5m} is character 5: on top is a little lid on a stool, and that's how you write 5.",
                    ["…", "Look for this sign on top: a little lid on a stool."], "character 5 Number characters")


# ---------------------------------------------------------------- every tile, every tile question


@pytest.mark.parametrize("ask", list(ASKED))
def test_no_tile_answer_repeats_a_hint(child: App, ask: str) -> None:
    problems = []
    for tile in TILES:
        if ask == "number" and tile[1] == "z":
            continue  # no number on a wind or a dragon
        hints, answer, _screen = ladder(child, "tile_name", tile_params(ask, tile), tile_seed(ask, tile))
        child.pop()
        if len(hints) != 2:
            problems.append((tile, "rungs", hints))
        said = repeated(answer, hints, own_words(tile, is_ru(child)))
        if said:
            problems.append((tile, answer, said))
    assert not problems, problems


@pytest.mark.parametrize("kind", list(OTHERS))
def test_no_other_childrens_answer_repeats_a_hint(child: App, kind: str) -> None:
    generator, params = OTHERS[kind]
    problems = []
    for seed in range(8):
        hints, answer, _screen = ladder(child, generator, params, seed)
        child.pop()
        if len(hints) != 2 or hints[0] == hints[1]:
            problems.append((seed, "rungs", hints))
        said = repeated(answer, hints)
        if said:
            problems.append((seed, answer, said))
    assert not problems, problems


# ---------------------------------------------------------------- the review's three answers, rewritten


def test_what_is_the_bird_called_says_something_new(child: App) -> None:
    hints, answer, _screen = ladder(child, "tile_name", tile_params("name", "1s"), tile_seed("name", "1s"))
    assert hints[1] == ("Видишь птичку? Птичка — это одна палочка!" if is_ru(child) else
                        "Do you see the bird? The bird is one stick!")
    assert answer == ("Это 1 палочка: птичка есть только на ней." if is_ru(child) else
                      "It's 1 stick: only this tile has a bird.")


@pytest.mark.parametrize(("ask", "ru", "en"), [
    ("number", "Это 5: так пишут 5 в Китае и Японии.", "It's 5: that's how people in China and Japan write 5."),
    ("name", "Это иероглиф 5: так пишут 5 в Китае и Японии.",
     "It's character 5: that's how people in China and Japan write 5."),
    ("family", "Это семья цифр-иероглифов. Эта плитка — иероглиф 5: её число написано сверху.",
     "It's the number characters family. This tile is character 5: its number is written on top."),
], ids=["number", "name", "family"])
def test_a_characters_answer_never_names_its_sign_again(child: App, ask: str, ru: str, en: str) -> None:
    hints, answer, _screen = ladder(child, "tile_name", tile_params(ask, "5m"), tile_seed(ask, "5m"))
    assert answer == (ru if is_ru(child) else en)
    picture = "крышечка и табуретка" if is_ru(child) else "a little lid on a stool"
    assert picture not in answer


def test_the_sticks_family_answer_names_the_tile(child: App) -> None:
    hints, answer, _screen = ladder(child, "tile_name", tile_params("family", "7s"), tile_seed("family", "7s"))
    assert answer == ("Это семья палочек. Эта плитка — 7 палочек." if is_ru(child) else
                      "It's the sticks family. This tile is 7 sticks.")
    assert "на плитке палочки" not in answer and "little sticks" not in answer


def test_the_white_dragon_named_is_a_real_tile_not_its_frame_again(child: App) -> None:
    hints, answer, _screen = ladder(child, "tile_name", tile_params("name", "5z"), tile_seed("name", "5z"))
    assert ("рамкой" in hints[1]) if is_ru(child) else ("frame" in hints[1])
    assert answer == ("{tiles:5z} — это белый дракон: это не пустое место, а настоящая плитка!" if is_ru(child)
                      else "{tiles:5z} is the white dragon: it is not an empty spot, it is a real tile!")


# ---------------------------------------------------------------- the other drills' second rung and answer


def test_a_twin_is_named_after_the_hints_said_what_a_pair_is(child: App) -> None:
    hints, answer, screen = ladder(child, *OTHERS["twin"], 0)
    tile = screen.ex.explanation[0]["tile"]
    assert hints == (["Найди такую же плитку: две одинаковые плитки — это пара.",
                      "Смотри и на семью, и на число: они должны быть одинаковые."] if is_ru(child) else
                     ["Find a tile just the same: two tiles just the same make a pair.",
                      "Look at the family and at the number: both must be the same."])
    lines = answer.split(BR)
    assert lines[1] == ("Это тоже {name}." if is_ru(child) else "It is {name} too.").format(name=kids_tile_name(tile))
    assert "пара" not in answer and "pair" not in answer


def _not_a_win(ex: Any) -> bool:
    return "no" in set(ex.answer)


def test_not_a_win_says_how_many_tiles_to_swap(child: App) -> None:
    gen = GENERATORS["complete_hand"]
    params = {"size": 14}
    seed = next(s for s in range(40) if _not_a_win(gen.generate(gen.params(dict(params, kids=True)), s)))
    hints, answer, screen = ladder(child, "complete_hand", params, seed)
    n = screen.ex.explanation[0]["shanten"] + 1
    assert n == 1
    assert answer.split(BR)[0] == ("Нет, это ещё не победа: поменяй 1 плитку на нужную — и будет победа."
                                   if is_ru(child) else "No, not a win yet: swap 1 tile for the right one and it's a win.")
    # then the tiles left over (review 23, kids5)
    assert "{tiles:" + screen.ex.explanation[0]["leftover"] + "}" in answer.split(BR)[1]
    assert hints[1].startswith("Начни с пары" if is_ru(child) else "Start with the pair")


def test_a_teams_second_rung_follows_the_two_tiles(child: App) -> None:
    kinds = {}
    for seed in range(6):
        hints, _answer, screen = ladder(child, *OTHERS["set"], seed)
        kinds[screen.ex.explanation[0]["set"]] = hints[1]
        child.pop()
    assert set(kinds) == {"run", "triplet"}
    assert ("одинаковые" if is_ru(child) else "just the same") in kinds["triplet"]
    assert ("ступеньки" if is_ru(child) else "step of the ladder") in kinds["run"]

"""Review 24 (group "coach24"): the table coach's words read in order and fit.

1. a turn reads in order — the discard (which tile and why), then riichi or dama, then the figures —
   and every line is a whole thought, so a second box never begins mid-thought;
2. the furiten after a discard speaks of "your wait" only when the hand is tenpai after it;
3. at three players the second box keeps the first box's type (Russian too);
4. the play screen measures the coach's words by :meth:`CoachBox.fits` (one owner of the padding);
6. the Russian link to the noten payment names the payment, as its glossary card does.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.test_fix23_coach_words import RULES, lift, riichi_round, seat_name, t, table_with  # noqa: E402
from tests.text_checks import in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine.game.view import make_view  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.i18n import pgettext, set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.match_setup import MatchSetup  # noqa: E402
from trainer.ui.richtext import BR, layout_rich  # noqa: E402
from trainer.ui.theme import PALETTE  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402
from trainer.ui.views.table.coach import CoachBox  # noqa: E402


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


@pytest.fixture(params=["en", "ru"])
def small_app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, size=(1024, 600), language=request.param) as a:
        yield a
    set_language("en")


def lines_of(app: App, text: str) -> list[str]:
    return [plain_words(app, line) for line in text.split(BR)]


# ---------------------------------------------------------------- 1: reading order, whole thoughts

def test_a_turn_reads_discard_then_riichi_then_figures(app: App) -> None:
    rnd = riichi_round(both=False)  # 8p keeps the tenpai, can deal into Right's riichi, riichi on offer
    lines = lines_of(app, coach.coach_text("full", make_view(rnd, 0), rnd.legal_actions(0), None, RULES, seat_name))
    discard, riichi, push = ("Discard", "Riichi", "Push") if in_english(app) else ("Сбросьте", "Риичи", "Играйте")
    assert [line.split()[0].rstrip(":") for line in lines[:3]] == [discard, riichi, push], lines


DEPENDENT = ("Then ", "Still ", "And ", "Ожидание тогда", "Тогда", "И всё же", "И ")
"""How a sentence that leans on the one before it begins: never at the start of a line (a box may begin there)."""


def test_the_reviewers_table_splits_between_whole_thoughts(small_app: App) -> None:
    """Shot 07_table_coach at 1024x600: every line, and so the second box, begins a thought of its own."""
    from trainer.ui.screens.play_shots import table_with_calls_and_riichi

    screen = table_with_calls_and_riichi(small_app, coach="full")
    small_app.render()
    side = screen.coach_side_box.text
    assert side, "the shot's words go on in a second box"
    for line in lines_of(small_app, screen.coach_message()):
        assert not line.startswith(DEPENDENT), line
    assert BR.join(b.text for b in (screen.coach_box, screen.coach_side_box) if b.text) == screen.coach_message()


def test_why_a_warned_tile_still_goes_stays_with_the_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Still discard 3m: ..." answers the warning about the coach's own tile: on the discard's line,
    never the first words of a box."""
    set_language("en")
    advice = SimpleNamespace(no_yaku=False, furiten=False)
    hint = SimpleNamespace(tile=t("3m"), reason="more_tiles", ukeire=20, advice=advice, push_fold=None, push=True,
                           shanten_after=1, threat_seats=(), compare=None)
    warned = coach.OpenHandWarning(tile=t("3m"), seat=3, reading="honitsu", suit="m", deal_in=0.1,
                                   safe=(t("7z"),))
    monkeypatch.setattr(coach, "discard_hints", lambda *a, **k: [hint])
    monkeypatch.setattr(coach, "coach_turn", lambda *a, **k: None)
    monkeypatch.setattr(coach, "quiet_push", lambda h: True)
    monkeypatch.setattr(coach, "still_line", lambda h, turn, safe: "Still discard {tiles:3m}: 7z would set it back.")
    lines = coach.turn_lines(None, [t("3m"), t("7z")], [], warned, RULES, seat_name)
    assert len(lines) == 1 and lines[0].startswith("Discard {tiles:3m}") and "Still discard" in lines[0], lines


# ---------------------------------------------------------------- 2: furiten, worded truthfully

def _furiten_hint(reason: str, shanten_after: int) -> Any:
    advice = SimpleNamespace(no_yaku=False, furiten=True, value=SimpleNamespace(reasons=()))
    return SimpleNamespace(tile=t("1s"), reason=reason, ukeire=5, waits=(18, 21), advice=advice, push_fold=None,
                           push=True, shanten_after=shanten_after, threat_seats=(), compare=None)


@pytest.mark.parametrize(("reason", "shanten_after", "en", "ru"), [
    ("keeps_tenpai", 0, "Then your wait is furiten (振り聴, furiten): no ron, only self-draw", "Ожидание тогда — фуритен"),
    ("keeps_yaku", 0, "Then your wait is furiten (振り聴, furiten): no ron", "Ожидание тогда — фуритен"),
    ("more_tiles", 1, "Once the hand is ready, its wait would be on a tile you discarded: furiten (振り聴, furiten) — no ron",
     "Когда рука станет готовой, она будет ждать плитку, которую вы уже сбросили: фуритен"),
])
def test_the_furiten_after_a_discard_says_how_ready_the_hand_is(app: App, reason: str, shanten_after: int, en: str,
                                                                ru: str) -> None:
    (line,) = coach.hint_lines([_furiten_hint(reason, shanten_after)], seat_name, push=False)
    text = plain_words(app, line)
    assert (en if in_english(app) else ru) in text, text
    if shanten_after:  # no "your wait" for a hand that has none
        assert "Then your wait" not in text and "Ожидание тогда" not in text, text


# ---------------------------------------------------------------- 3 and 4: the boxes

def in_type(app: App, box: Any, size: str) -> bool:
    """True when ``box`` lays out its text in the type ``size``."""
    L = app.layout
    lay = layout_rich(app, box.text, L.font(size), box.rect.width - 2 * L.px(CoachBox.PAD), PALETTE.ink)
    return box.layout is not None and box.layout.height == lay.height


def long_message(app: App, extra: int) -> str:
    """The table's longest words (a warning, the discard, riichi, the figures) and ``extra`` more figures
    lines: with one, more than the two boxes of a three-player table hold in body type at 1024x600, with
    three more than they hold in any type."""
    screen = table_with(app, riichi_round(both=True))
    lift(app, screen, t("8p"))
    message = screen.coach_message()
    app.pop()
    return BR.join([message, *[message.split(BR)[-1]] * extra])


def sanma_boxes(app: App, message: str) -> tuple[Any, Any]:
    """The coach's two boxes on a three-player table showing ``message``."""
    screen = app.push("play", setup=MatchSetup(preset="sanma", coach="full"), seed=3)
    screen.coach_message = lambda: message
    app.render()
    first, side = screen.coach_box, screen.coach_side_box
    assert first.text and side.text and BR.join((first.text, side.text)) == message
    return first, side


def test_at_three_players_both_boxes_keep_one_type(small_app: App) -> None:
    """Too long for the two boxes in body type, short enough in the small one: both in the small one,
    none scrolls (before, the first box kept its body type and the second alone went small)."""
    first, side = sanma_boxes(small_app, long_message(small_app, 1))
    assert first.size == side.size == "tiny" and in_type(small_app, first, "tiny") and in_type(small_app, side, "tiny")
    assert first.overflow == side.overflow == 0


def test_words_too_long_for_either_type_keep_the_body_type_and_scroll(small_app: App) -> None:
    first, side = sanma_boxes(small_app, long_message(small_app, 3))
    assert first.size == side.size == "small" and in_type(small_app, first, "small")
    assert in_type(small_app, side, "small") and side.overflow > 0  # the rest scrolls, in the same type


def test_the_table_measures_words_by_the_coach_box(small_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = table_with(small_app, riichi_round(both=True))
    lift(small_app, screen, t("8p"))
    corner, side = screen.coach_areas()
    message = screen.coach_message()
    first, _rest, size = screen.coach_split(message, corner, side)
    assert size == "small" and CoachBox.fits(small_app, first, corner) and not CoachBox.fits(small_app, message, corner)
    monkeypatch.setattr(CoachBox, "fits", classmethod(lambda cls, app, text, area, size="small": BR not in text))
    one, rest, _size = screen.coach_split(message, corner, side)  # a box that holds one line: the split follows it
    assert BR not in one and rest.count(BR) == message.count(BR) - 1


def test_size_for_is_the_type_the_box_draws(small_app: App) -> None:
    box = CoachBox()
    area = pygame.Rect(0, 0, 300, 60)
    surf = pygame.Surface((400, 400))
    for text in ("{term:riichi}", "word " * 40):
        box.draw(surf, small_app, area, text)
        assert box.size == CoachBox.size_for(small_app, text, area)
    assert CoachBox.size_for(small_app, "{term:riichi}", area) == "small"
    assert CoachBox.size_for(small_app, "word " * 40, area) == "tiny"


# ---------------------------------------------------------------- 6: the noten payment's name

def test_the_russian_link_names_the_noten_payment_as_its_card_does(app: App) -> None:
    set_language(app.settings.language)
    link = pgettext("inline term", "the tenpai payment at a draw")
    if in_english(app):
        assert link == "the tenpai payment at a draw"
        return
    card = load_glossary().term("noten_bappu")
    assert link == card.ru.lower() == "штраф за нотен", (link, card.ru)
    words = plain_words(app, coach.worth_words(742.0, 0.017, 1500.0, factor=1.25, draw=710.0))
    assert "плюс 710 — штраф за нотен (不聴罰符, nōten bappu); всего около 740" in words, words
    cannot = plain_words(app, coach.no_yaku_words())
    assert cannot.endswith("при ничьей ей могут заплатить только штраф за нотен (不聴罰符, nōten bappu)"), cannot
    assert "за тенпай (不聴罰符" not in words + cannot

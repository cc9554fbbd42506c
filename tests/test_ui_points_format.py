"""Points read the same way on every screen: "25,000" in English, «25 000» in Russian (a plain
no-break space, never a bare "25000" nor a thin space on an English screen) — the training-game
header, the table's seat labels, the hand result and the match-end standings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui_events import frame, headless_app
from trainer.i18n import current_language, format_points
from trainer.ui.app import App
from trainer.ui.screens import play_shots as ps

# Ungrouped numbers: English groups from 1,000; Russian from 10 000 (CLDR: «3000», «25 000»).
BARE = {"en": re.compile(r"(?<![\d,])\d{4,}"), "ru": re.compile(r"(?<![\d\u00a0])\d{5,}")}
GROUPED = {"en": "25,000", "ru": "25\u00a0000"}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a


def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the next frame draws."""
    texts: list[str] = []
    real = app.text_surface

    def spy(text, size, color, bold=False):  # noqa: ANN001, ANN202
        texts.append(text)
        return real(text, size, color, bold)

    monkeypatch.setattr(app, "text_surface", spy)
    frame(app)
    return texts


def ungrouped(texts: list[str]) -> list[str]:
    """The texts with a number of points not grouped as the interface language groups them."""
    bare = BARE[current_language()]
    return [t for t in texts if bare.search(t) or "\u2009" in t or "\u202f" in t]


def test_training_game_header_groups_its_points(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = app.push("play_simple", mode="risu", seed=1, kids=False)
    start = screen.setup.start_points
    assert start >= 1000
    text = screen.header_extra()
    assert ungrouped([text]) == []
    assert format_points(start) in text


def test_table_seat_labels_and_result_group_points(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    ps.table_after_hand(app, lambda r: r.kind == "ron" and len(r.wins) == 1)
    texts = drawn(app, monkeypatch)
    assert ungrouped(texts) == []
    assert any(GROUPED[app.settings.language] in t for t in texts)


def test_match_end_standings_group_points(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    ps.match_end(app)
    texts = drawn(app, monkeypatch)
    assert ungrouped(texts) == []
    assert any(("30,000" if app.settings.language == "en" else "30\u00a0000") in t for t in texts)

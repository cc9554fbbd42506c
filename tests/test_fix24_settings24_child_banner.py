"""The read-only progress notice speaks to a child with «ты» and to an adult with «вы»."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

import trainer.progress as progress_pkg  # noqa: E402
from trainer import i18n  # noqa: E402
from trainer.progress import StoreUnavailable, open_store  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))
    yield
    i18n.set_language("en")


def _read_only_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str) -> App:
    """An app whose progress file can only be read, with one learner of ``profile``."""
    path = tmp_path / "progress.sqlite3"
    store = open_store(path)
    learner = store.create_learner("Маша")
    store.update_learner(learner.id, kind="child" if profile == "child" else "adult",
                         settings={"profile": profile, "language": "ru"})
    store.close()

    def refuse(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise StoreUnavailable(path, "the file or its folder is read-only")

    monkeypatch.setattr(progress_pkg, "open_store", refuse)
    monkeypatch.setattr(StoreUnavailable, "may_be_read", lambda self: True)
    return App(size=(1280, 720), settings=Settings(language="ru"), save=False)


@pytest.mark.parametrize("profile, says, never", [
    ("child", "Твои успехи сейчас можно только смотреть", "Ваш"),
    ("new", "Ваш прогресс сейчас можно только читать", "Твои"),
])
def test_the_read_only_notice_addresses_the_learner_as_their_profile_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, profile: str, says: str, never: str) -> None:
    app = _read_only_app(tmp_path, monkeypatch, profile)
    try:
        assert app.progress_read_only and app.settings.profile == profile
        text = "\n".join(b.text for b in app.banners)
        assert says in text and never not in text
    finally:
        app.close()


def test_the_english_notice_is_the_same_for_both() -> None:
    i18n.set_language("en")
    message = ("Your progress can only be read right now: it is shown and can be exported, but new answers are not "
               "saved until this is fixed and the app is started again.")
    assert i18n.pgettext("to a child", message) == message

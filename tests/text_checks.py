"""Checks of on-screen text shared by the wording tests."""

from __future__ import annotations

from typing import Any


def flat(text: str) -> bool:
    """True when no bracket opens inside another («Dora (ドラ, dora)», not «Fold (full fold (ベタ降り, betaori))»)."""
    depth = 0
    for ch in text:
        depth += ch == "("
        if depth > 1:
            return False
        depth -= ch == ")"
    return True


def open_paifu_step(app: Any, ask: str | None) -> Any:
    """The paifu-reading lesson's record step that asks ``ask`` (None: the one that only shows), drawn."""
    lesson = app.library().lessons["skill_paifu_reading"]
    index = next(i for i, s in enumerate(lesson.steps) if s.kind == "paifu" and s.ask == ask)
    screen = app.push("lesson", lesson_id=lesson.id, step=index)
    app.process([], 1 / 60)
    app.render()
    return screen


def in_english(app: Any) -> bool:
    """True when ``app`` speaks English (the wording tests check each language's own words)."""
    return app.settings.language == "en"


def plain_words(app: Any, text: str) -> str:
    """The words of rich text as the learner reads them, with no-break spaces as plain ones."""
    from trainer.ui.richtext import plain_text

    return plain_text(text, app).replace("\u00a0", " ").replace("\u202f", " ")


def texts_drawn(monkeypatch: Any, *modules: Any) -> list[str]:
    """Every text the ``modules`` draw with their ``blit_text`` from now on (each call still draws)."""
    drawn: list[str] = []
    for module in modules:
        monkeypatch.setattr(module, "blit_text", _recording(module.blit_text, drawn))
    return drawn


def frame_texts(app: Any, monkeypatch: Any, *modules: Any) -> list[str]:
    """Every text one new frame of ``app`` draws with ``blit_text`` / ``blit_wrapped`` of the widgets
    module and of ``modules`` (screens that imported them by name); drawing is unchanged."""
    import trainer.ui.widgets as widgets

    drawn: list[str] = []
    with monkeypatch.context() as m:
        for module in (widgets, *modules):
            for name in ("blit_text", "blit_wrapped"):
                if hasattr(module, name):
                    m.setattr(module, name, _recording(getattr(widgets, name), drawn))
        app.screen.dirty = True
        app.render()
    return drawn


def _recording(blit: Any, drawn: list[str]) -> Any:
    def spy(surf: Any, app: Any, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return blit(surf, app, text, *args, **kw)

    return spy


def surfaces_drawn(app: Any, monkeypatch: Any) -> list[str]:
    """Record every text ``app`` renders to a surface (``app.text_surface``), word by word, in
    the order drawn: what the rich text put on screen."""
    drawn: list[str] = []
    real = app.text_surface

    def spy(text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(app, "text_surface", spy)
    return drawn


def lesson_texts(lang: str) -> list[tuple[str, str]]:
    """Every text of language ``lang`` in the lessons (``ru:``/``en:`` fields), with the lesson's
    file stem: (stem, text)."""
    from pathlib import Path

    import yaml

    out: list[tuple[str, str]] = []
    for path in sorted((Path(__file__).resolve().parent.parent / "lessons").rglob("*.yaml")):
        stack: list[Any] = [yaml.safe_load(path.read_text(encoding="utf-8"))]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for k, v in node.items():
                    if k == lang and isinstance(v, str):
                        out.append((path.stem, v))
                    else:
                        stack.append(v)
            elif isinstance(node, list):
                stack.extend(node)
    return out

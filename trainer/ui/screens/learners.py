"""Learner profiles (choose, add), importing a learner from a file, and the review session.

Several people can learn on one computer — a parent and a child — each with
their own history and their own settings (language, how terms show, tiles...).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from trainer.i18n import _, ngettext
from trainer.ui import folders
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.views.search_field import SearchField
from trainer.ui.widgets import Button, Card, OptionRow, blit_text

P = PALETTE
MAX_CARDS = 6


def switch_learner(app: Any, learner_id: int, *, save_current: bool = True) -> None:
    """Make ``learner_id`` the current learner (see :meth:`trainer.ui.app.App.switch_learner`)."""
    app.switch_learner(learner_id, save_current=save_current)


@register_screen("learners")
class LearnersScreen(Screen):
    """One card per learner; a form to add a new one."""

    def title(self) -> str:
        return _("Who is learning today?") if self.params.get("at_start") else _("Learners")

    def build(self) -> None:
        store = self.app.progress
        self.cards: list[Card] = []
        learners = store.learners() if store is not None else []
        for learner in learners[:MAX_CARDS]:
            n = store.answer_count(learner.id)
            kind = _("child") if learner.kind == "child" else _("adult")
            subtitle = kind + " · " + ngettext("{n} answer", "{n} answers", n).format(n=n)
            current = learner.id == self.app.learner_id
            self.cards.append(self.add(Card(
                learner.name, subtitle, lambda lid=learner.id: self.pick(lid),
                badge=_("current") if current else "", accent=P.accent if current else None)))
        self.new_name = ""
        self.new_kind = "adult"
        self.name_field = self.add(SearchField("", self._on_name, _("Name of the new learner"), max_len=30))
        self.kind_row = self.add(OptionRow([("adult", _("adult")), ("child", _("child"))], "adult",
                                           lambda v: setattr(self, "new_kind", v)))
        self.add_btn = self.add(Button(_("Add learner"), self.create, kind="primary"))
        self.add_btn.enabled = False

    def _on_name(self, text: str) -> None:
        self.new_name = text
        self.add_btn.enabled = bool(text.strip())

    def enter(self) -> None:
        pygame.key.start_text_input()
        super().enter()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def handle_event(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.TEXTINPUT and self.dialog is None and self.focused_widget() is self.name_field:
            self.name_field.insert(ev.text)
            self.app.invalidate()
            return
        super().handle_event(ev)

    def submit(self) -> bool:
        if self.focused_widget() in (self.name_field, self.kind_row) and self.add_btn.enabled:
            self.create()
            return True
        return False

    def pick(self, learner_id: int) -> None:
        """Choose a learner and go back."""
        switch_learner(self.app, learner_id)
        name = self.app.progress.learner(learner_id).name
        self.app.notify(_("Now learning: {name}").format(name=name), "info", 4)
        self.app.pop()

    def create(self) -> None:
        """Add the learner typed in the form and make them current."""
        if self.app.progress is None or not self.new_name.strip():
            return
        learner = self.app.progress.create_learner(self.new_name, self.new_kind)
        switch_learner(self.app, learner.id)
        self.app.notify(_("Welcome, {name}!").format(name=learner.name), "info", 4)
        self.rebuild()

    def layout(self) -> None:
        L = self.app.layout
        c = L.content()
        gap = L.px(16)
        cols = 3
        w = (c.width - (cols - 1) * gap) // cols
        h = L.px(104)
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(c.left + (i % cols) * (w + gap), c.top + (i // cols) * (h + gap), w, h)
        rows = (len(self.cards) + cols - 1) // cols
        self.form_top = c.top + rows * (h + gap) + L.px(28)
        field_top = self.form_top + self.app.line_height(L.font("large")) + L.px(12)
        self.name_field.rect = pygame.Rect(c.left, field_top, int(c.width * 0.45), L.px(52))
        self.kind_row.rect = pygame.Rect(self.name_field.rect.right + gap, field_top, L.px(260), L.px(52))
        self.add_btn.rect = pygame.Rect(self.kind_row.rect.right + gap, field_top,
                                        self.add_btn.preferred_width(self.app), L.px(52))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        c = L.content()
        if self.app.progress is None:
            blit_text(surf, self.app, _("Progress is not being saved on this computer."), L.font("large"),
                      P.on_felt, c.center, anchor="center")
            return
        blit_text(surf, self.app, _("Add a learner"), L.font("large"), P.on_felt, (c.left, self.form_top), bold=True)


def import_candidates() -> list[Path]:
    """Progress files the learner may import: JSON files in the export folder and the home folder."""
    found: list[Path] = []
    for folder in (folders.export_folder(), Path.home(), Path.home() / "Downloads"):
        if folder.is_dir():
            found += [p for p in folder.glob("*.json") if p.is_file()]
    unique = {p.resolve(): p for p in found}
    return sorted(unique.values(), key=lambda p: p.stat().st_mtime, reverse=True)[:MAX_CARDS]


@register_screen("progress_import")
class ImportScreen(Screen):
    """Choose an exported progress file to bring a learner to this computer."""

    def title(self) -> str:
        return _("Import progress")

    def build(self) -> None:
        self.files = import_candidates()
        self.cards = [self.add(Card(p.name, str(p.parent), lambda p=p: self.do_import(p))) for p in self.files]

    def do_import(self, path: Path) -> None:
        """Import one file; a bad file is reported and nothing changes."""
        from trainer.progress.transfer import TransferError

        try:
            learner = self.app.progress.import_file(path)
        except (TransferError, OSError) as exc:
            self.app.notify(_("This file cannot be imported: {error}").format(error=exc), "error", 10)
            return
        self.app.notify(_("Imported {name}.").format(name=learner.name), "info", 6)
        self.app.pop()

    def layout(self) -> None:
        L = self.app.layout
        c = L.content()
        top = c.top + L.px(70)
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(c.left, top + i * L.px(84), c.width, L.px(72))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        c = L.content()
        text = (_("Choose a file exported from the trainer.") if self.files
                else _("No exported files found. Put the file in {folder} and open this screen again.")
                .format(folder=folders.export_folder()))
        blit_text(surf, self.app, text, L.font("body"), P.on_felt, (c.left, c.top + L.px(10)), max_width=c.width)



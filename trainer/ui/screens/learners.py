"""Learner profiles (choose, add), importing a learner from a file, and the review session.

Several people can learn on one computer — a parent and a child — each with
their own history and their own settings (language, how terms show, tiles...).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame

from trainer.i18n import _, ngettext
from trainer.progress.names import shown_name
from trainer.ui import folders
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.settings import DELETED_KEY
from trainer.ui.theme import PALETTE
from trainer.ui.views.search_field import SearchField
from trainer.ui.widgets import Button, Card, OptionRow, blit_text

P = PALETTE
MAX_CARDS = 6


class NameField(SearchField):
    """A one-line box for a name: the search field's editing (any script, the cursor keys),
    drawn as a plain text box — no magnifier, nothing is searched here."""

    magnifier = False


def switch_learner(app: Any, learner_id: int, *, save_current: bool = True) -> None:
    """Make ``learner_id`` the current learner (see :meth:`trainer.ui.app.App.switch_learner`)."""
    app.switch_learner(learner_id, save_current=save_current)


@register_screen("learners")
class LearnersScreen(Screen):
    """One card per learner (with Rename and Delete under it), a form to add or rename a learner,
    and the learners set aside by Delete (Bring back, or Erase for good after a second question)."""

    def title(self) -> str:
        return _("Who is learning today?") if self.params.get("at_start") else _("Learners")

    def build(self) -> None:
        store = self.app.progress
        self.cards: list[Card] = []
        self.card_buttons: list[tuple[Button, Button]] = []
        self.aside_cards: list[Card] = []
        self.aside_buttons: list[tuple[Button, Button]] = []
        everyone = store.learners() if store is not None else []
        active = [x for x in everyone if not x.settings.get(DELETED_KEY)]
        aside = [x for x in everyone if x.settings.get(DELETED_KEY)]
        read_only = bool(getattr(self.app, "progress_read_only", False))  # shown, but nothing can change
        for learner in active[:MAX_CARDS]:
            n = store.answer_count(learner.id)
            subtitle = _kind_label(learner) + " · " + ngettext("{n} answer", "{n} answers", n).format(n=n)
            current = learner.id == self.app.learner_id
            self.cards.append(self.add(Card(
                shown_name(learner.name), subtitle, lambda lid=learner.id: self.pick(lid),
                badge=_("current") if current else "", accent=P.accent if current else None)))
            rename = self.add(Button(_("Rename"), lambda lid=learner.id: self.start_rename(lid), kind="ghost",
                                     size="small"))
            delete = self.add(Button(_("Delete"), lambda lid=learner.id: self.ask_delete(lid), kind="ghost",
                                     size="small"))
            delete.enabled = len(active) > 1 and not read_only  # someone must stay to learn
            rename.enabled = not read_only
            self.card_buttons.append((rename, delete))
        for learner in aside[:MAX_CARDS]:
            self.aside_cards.append(self.add(Card(
                shown_name(learner.name), _("Set aside: the progress is kept until you erase it."),
                lambda lid=learner.id: self.restore(lid), locked=True)))
            self.aside_buttons.append((
                self.add(Button(_("Bring back"), lambda lid=learner.id: self.restore(lid), kind="secondary",
                                size="small")),
                self.add(Button(_("Erase for good"), lambda lid=learner.id: self.ask_erase(lid), kind="danger",
                                size="small"))))
            for b in self.aside_buttons[-1]:
                b.enabled = not read_only
        self.renaming: int | None = self.params.get("_renaming")
        self.new_name = ""
        self.new_profile = "new"
        label = _("New name") if self.renaming is not None else _("Name of the new learner")
        self.name_field = self.add(NameField("", self._on_name, label, max_len=30))
        self.kind_row = self.add(OptionRow(
            [("new", _("new to mahjong")), ("rules", _("knows the rules")), ("child", _("child"))], "new",
            lambda v: setattr(self, "new_profile", v)))
        self.kind_row.visible = self.renaming is None
        self.add_btn = self.add(Button(_("Save the name") if self.renaming is not None else _("Add learner"),
                                       self.create, kind="primary"))
        self.add_btn.enabled = False
        self.cancel_btn = self.add(Button(_("Cancel"), self.cancel_rename, kind="ghost"))
        self.cancel_btn.visible = self.renaming is not None
        if self.renaming is not None and store is not None:
            self.name_field.set_text(shown_name(store.learner(self.renaming).name))

    def _on_name(self, text: str) -> None:
        self.new_name = text
        from trainer.progress.names import clean_name

        self.add_btn.enabled = bool(clean_name(text)) and not getattr(self.app, "progress_read_only", False)

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
        name = shown_name(self.app.progress.learner(learner_id).name)
        self.app.notify(_("Now learning: {name}").format(name=name), "info", 4)
        self.app.pop()

    def create(self) -> None:
        """Add the learner typed in the form (with the first-run answer chosen beside the name) and
        make them current; in rename mode, save the new name."""
        store = self.app.progress
        if store is None or not self.new_name.strip():
            return
        if self.renaming is not None:
            learner = store.update_learner(self.renaming, name=self.new_name)
            self.app.notify(_("Renamed to {name}.").format(name=shown_name(learner.name)), "info", 4)
            self.cancel_rename()
            return
        profile = self.new_profile  # switching rebuilds this screen, which resets the form
        learner = store.create_learner(self.new_name, "child" if profile == "child" else "adult")
        switch_learner(self.app, learner.id)
        self.app.apply_profile(profile)
        self.app.notify(_("Welcome, {name}!").format(name=shown_name(learner.name)), "info", 4)
        self.rebuild()

    def start_rename(self, learner_id: int) -> None:
        """Put the learner's name in the form to be changed."""
        self.params["_renaming"] = learner_id
        self.rebuild()
        self.set_focus(self.name_field)

    def cancel_rename(self) -> None:
        """Leave rename mode without changing anything."""
        self.params.pop("_renaming", None)
        self.rebuild()

    def ask_delete(self, learner_id: int) -> None:
        """Ask before setting a learner aside."""
        name = shown_name(self.app.progress.learner(learner_id).name)
        self.open_dialog(_("Delete {name}?").format(name=name),
                         _("{name} disappears from this list. Nothing is erased yet: the progress is set "
                           "aside, and you can bring it back or erase it for good below.").format(name=name),
                         [(_("Delete"), lambda: self.delete(learner_id), "danger"),
                          (_("Cancel"), lambda: None, "secondary")])

    def delete(self, learner_id: int) -> None:
        """Set a learner aside (their data stays in the store; the current learner moves on)."""
        self.app.set_learner_data_for(learner_id, DELETED_KEY, datetime.now(UTC).isoformat(timespec="seconds"))
        if learner_id == self.app.learner_id:
            others = self.app.active_learners()
            if others:
                switch_learner(self.app, others[0].id)
        name = shown_name(self.app.progress.learner(learner_id).name)
        self.app.notify(_("{name} was set aside. Bring back undoes it.").format(name=name), "info", 6)
        self.rebuild()

    def restore(self, learner_id: int) -> None:
        """Undo a delete: the learner and all their progress come back."""
        self.app.set_learner_data_for(learner_id, DELETED_KEY, None)
        name = shown_name(self.app.progress.learner(learner_id).name)
        self.app.notify(_("{name} is back.").format(name=name), "info", 4)
        self.rebuild()

    def ask_erase(self, learner_id: int) -> None:
        """The second, explicit question before a set-aside learner is erased."""
        learner = self.app.progress.learner(learner_id)
        name = shown_name(learner.name)
        n = self.app.progress.answer_count(learner_id)
        self.open_dialog(_("Erase {name} for good?").format(name=name),
                         ngettext("{n} answer and every lesson of {name} will be erased. This cannot be undone.",
                                  "{n} answers and every lesson of {name} will be erased. This cannot be undone.",
                                  n).format(n=n, name=name),
                         [(_("Erase for good"), lambda: self.erase(learner_id), "danger"),
                          (_("Cancel"), lambda: None, "secondary")])

    def erase(self, learner_id: int) -> None:
        """Erase a set-aside learner for good (only ever called from the second question)."""
        learner = self.app.progress.learner(learner_id)
        if not learner.settings.get(DELETED_KEY):
            return  # only a learner already set aside can be erased
        self.app.progress.erase_learner(learner_id)
        self.app.notify(_("{name} was erased.").format(name=shown_name(learner.name)), "info", 4)
        self.rebuild()

    def layout(self) -> None:
        L = self.app.layout
        c = L.content()
        gap = L.px(16)
        cols = 3
        w = (c.width - (cols - 1) * gap) // cols
        h = L.px(92)
        bh = L.px(36)
        cell = h + L.px(6) + bh + gap
        for i, card in enumerate(self.cards):
            x, y = c.left + (i % cols) * (w + gap), c.top + (i // cols) * cell
            card.rect = pygame.Rect(x, y, w, h)
            rename, delete = self.card_buttons[i]
            rename.rect = pygame.Rect(x, y + h + L.px(6), (w - gap) // 2, bh)
            delete.rect = pygame.Rect(x + (w + gap) // 2, y + h + L.px(6), (w - gap) // 2, bh)
        rows = (len(self.cards) + cols - 1) // cols
        self.form_top = c.top + rows * cell + L.px(12)
        field_top = self.form_top + self.app.line_height(L.font("large")) + L.px(12)
        self.name_field.rect = pygame.Rect(c.left, field_top, int(c.width * 0.36), L.px(52))
        kind_w = L.px(520)
        self.kind_row.rect = pygame.Rect(self.name_field.rect.right + gap, field_top, kind_w, L.px(52))
        right = self.kind_row.rect.right if self.kind_row.visible else self.name_field.rect.right
        self.add_btn.rect = pygame.Rect(right + gap, field_top, self.add_btn.preferred_width(self.app), L.px(52))
        if self.add_btn.rect.right > c.right:  # no room beside the choices: the button goes below
            self.add_btn.rect.topleft = (c.left, field_top + L.px(52) + gap)
        self.cancel_btn.rect = pygame.Rect(self.add_btn.rect.right + gap, self.add_btn.rect.top,
                                           self.cancel_btn.preferred_width(self.app), L.px(52))
        self.aside_top = max(self.add_btn.rect.bottom, field_top + L.px(52)) + L.px(24)
        y = self.aside_top + self.app.line_height(L.font("large")) + L.px(10)
        card_h = L.px(92)
        for i, card in enumerate(self.aside_cards):
            card.rect = pygame.Rect(c.left, y + i * (card_h + gap), c.width - L.px(440), card_h)
            back, erase = self.aside_buttons[i]
            top = card.rect.centery - L.px(22)
            back.rect = pygame.Rect(card.rect.right + gap, top, L.px(200), L.px(44))
            erase.rect = pygame.Rect(back.rect.right + gap, top, c.right - back.rect.right - gap, L.px(44))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        c = L.content()
        if self.app.progress is None:
            blit_text(surf, self.app, _("Progress is not being saved on this computer."), L.font("large"),
                      P.on_felt, c.center, anchor="center")
            return
        head = _("Add a learner") if self.renaming is None else _("Rename {name}").format(
            name=shown_name(self.app.progress.learner(self.renaming).name))
        blit_text(surf, self.app, head, L.font("large"), P.on_felt, (c.left, self.form_top), bold=True)
        if self.aside_cards:
            blit_text(surf, self.app, _("Set aside"), L.font("large"), P.on_felt, (c.left, self.aside_top),
                      bold=True)


def _kind_label(learner: Any) -> str:
    """How a learner's profile reads on their card."""
    profile = learner.settings.get("profile", "")
    if learner.kind == "child" or profile == "child":
        return _("child")
    return {"new": _("new to mahjong"), "rules": _("knows the rules")}.get(profile, _("adult"))


def import_candidates() -> list[Path]:
    """Progress files the learner may import: JSON files in the export folder and the home folder."""
    return folders.json_files(MAX_CARDS)


@register_screen("progress_import")
class ImportScreen(Screen):
    """Choose an exported progress file to bring a learner to this computer."""

    def title(self) -> str:
        return _("Import progress")

    def build(self) -> None:
        self.files = import_candidates()
        self.cards = [self.add(Card(p.name, str(p.parent), lambda p=p: self.do_import(p))) for p in self.files]

    def do_import(self, path: Path) -> None:
        """Import one file and make the imported learner the current one (the learner who was
        current stays in the list, unless it is the empty profile the app made on the first start:
        :func:`trainer.progress.transfer.drop_untouched`); a bad file is reported and nothing changes."""
        from trainer.progress.transfer import (
            GamesImport,
            ImportReport,
            TransferError,
            drop_untouched,
            games_notes,
            games_root,
            import_file,
            import_summary,
        )

        games = GamesImport()  # the saved games go into the imported learner's games folder
        try:
            report = ImportReport()
            learner = import_file(self.app.progress, path, games_root=games_root(self.app.progress), games=games,
                                  report=report)
        except TransferError as exc:  # one line in the learner's language: the file, the field, what is wrong
            self.app.notify(_("This file cannot be imported: {error}").format(error=exc.translated(path.name)),
                            "error", 10)
            return
        except (OSError, sqlite3.Error) as exc:  # a store that cannot be written now: said, not a crash
            from trainer.progress.files import said_reason

            self.app.notify(_("This file cannot be imported: {error}").format(error=said_reason(exc)), "error", 10)
            return
        # the learner brought here is the one to go on with: switch to them, so the screen below
        # (refreshed when this one closes) shows their progress, not the profile that was current
        if learner.settings.get(DELETED_KEY):  # imported again on purpose: bring them back
            self.app.set_learner_data_for(learner.id, DELETED_KEY, None)
        if learner.id != self.app.learner_id:
            switch_learner(self.app, learner.id)
        # TRANSLATORS: after an import from a file; the imported learner is now the current one.
        what = import_summary(report)
        text = _("{what}; now learning: {name}.").format(what=what[:1].upper() + what[1:], name=shown_name(learner.name))
        try:  # the profile the app made by itself, never used: not left empty beside the learner brought here
            dropped = drop_untouched(self.app.progress, learner.id, games_root(self.app.progress))
        except (OSError, sqlite3.Error):
            dropped = []  # it stays: nothing is lost, the list only keeps an empty profile
        if dropped:
            # TRANSLATORS: after an import; {name} is the empty default profile («Игрок») that was removed.
            text += " " + _("The empty profile {name} was removed: nothing had been done in it.").format(
                name=shown_name(dropped[0].name))
        problems = games_notes(games)[1]  # saved games it could not bring: said, not dropped silently
        self.app.notify(" ".join([text, *(p + "." for p in problems)]), "warn" if problems else "info", 12 if problems else 6)
        self.app.pop()

    def layout(self) -> None:
        """One card per file, each as tall as its name and its folder need (a long folder takes
        a second line); more cards than the screen holds scroll."""
        L = self.app.layout
        c = L.content()
        top = c.top + L.px(70)
        ring = L.px(6)  # the focus ring stands out of a card: the clip leaves room for it
        area = pygame.Rect(c.left - ring, top - L.px(8), c.width + 2 * ring, c.bottom - top + L.px(8) + ring)
        y = top - self.scroll_y
        gap = L.px(12)
        for card in self.cards:
            lines = max(1, min(2, card.subtitle_lines(self.app, c.width)))
            card.rect = pygame.Rect(c.left, y, c.width, card.height_for(self.app, c.width, lines))
            card.clip = area
            y = card.rect.bottom + gap
        self.max_scroll = max(0, y - gap + self.scroll_y - c.bottom)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        c = L.content()
        text = (_("Choose a file exported from the trainer.") if self.files
                else _("No exported files found. Put the file in {folder} and open this screen again.")
                .format(folder=folders.export_folder()))
        blit_text(surf, self.app, text, L.font("body"), P.on_felt, (c.left, c.top + L.px(10)), max_width=c.width)



"""The "About" screen: the version, the licences, and the folders where the learner's data lives.

Opened from the settings screen.  The folders are the ones this run really uses (the
platform's user folders, or ``TRAINER_DATA_DIR``), so a learner or a teacher can find
the progress database to back it up, and a teacher sees which lesson folders are read.
"""

from __future__ import annotations

import os

import pygame

from trainer import __version__
from trainer.i18n import _
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.widgets import blit_text, blit_wrapped, draw_panel, wrapped_height

P = PALETTE

FONT_FAMILIES = "Noto Sans, Noto Sans JP, Noto Sans Symbols 2"


def about_sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """(heading, [(label, value)]) of the about screen in the current language; values may be paths."""
    from trainer.paths import LESSONS_DIR, extra_lesson_dirs
    from trainer.progress.store import data_dir
    from trainer.ui.settings import config_dir

    extra = extra_lesson_dirs()
    return [
        (_("Licenses"), [
            (_("Program code"), _("MIT license: free to use, change and share.")),
            (_("Fonts"), _("{fonts}: SIL Open Font License 1.1.").format(fonts=FONT_FAMILIES)),
        ]),
        (_("Where your data lives"), [
            (_("Progress of every learner"), str(data_dir())),
            (_("Settings"), str(config_dir())),
        ]),
        (_("Lessons"), [
            (_("Shipped with the program"), str(LESSONS_DIR)),
            (_("A teacher's own folders"), os.pathsep.join(str(p) for p in extra) if extra
             else _("none (add one with --lessons-dir DIR or TRAINER_LESSONS_DIRS)")),
        ]),
    ]


@register_screen("about")
class AboutScreen(Screen):
    """Version, licences and data folders, drawn as three panels of label/value lines."""

    def title(self) -> str:
        return _("About")

    def build(self) -> None:
        self.sections = about_sections()

    def _label_width(self) -> int:
        L = self.app.layout
        return min(L.px(300), L.content().width * 2 // 5)

    def content_height(self) -> int:
        """Height of everything below the title lines at the current size."""
        L = self.app.layout
        area = L.content()
        value_w = area.width - self._label_width() - L.px(56)
        total = 0
        for _heading, rows in self.sections:
            total += self.app.line_height(L.font("large")) + L.px(36)
            for _label, value in rows:
                total += max(self.app.line_height(L.font("body")),
                             wrapped_height(self.app, value, L.font("body"), value_w)) + L.px(8)
            total += L.px(14)
        return total

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        head = self.app.line_height(L.font("h2")) + self.app.line_height(L.font("body")) + L.px(24)
        self.max_scroll = max(0, head + self.content_height() - area.height)
        self.scroll_y = min(self.scroll_y, self.max_scroll)

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        clip = surf.get_clip()
        surf.set_clip(area)
        y = area.top - self.scroll_y
        blit_text(surf, self.app, _("Riichi mahjong trainer"), L.font("h2"), P.on_felt, (area.left, y), bold=True,
                  max_width=area.width)
        y += self.app.line_height(L.font("h2"))
        blit_text(surf, self.app, _("Version {version}").format(version=__version__), L.font("body"),
                  P.on_felt_muted, (area.left, y), max_width=area.width)
        y += self.app.line_height(L.font("body")) + L.px(24)
        label_w = self._label_width()
        value_x = area.left + L.px(28) + label_w
        value_w = area.right - L.px(28) - value_x
        for heading, rows in self.sections:
            heights = [max(self.app.line_height(L.font("body")),
                           wrapped_height(self.app, v, L.font("body"), value_w)) for _l, v in rows]
            panel_h = (self.app.line_height(L.font("large")) + L.px(28) + sum(heights)
                       + L.px(8) * len(rows))
            draw_panel(surf, pygame.Rect(area.left, y, area.width, panel_h), P.felt_dark, L.px(14),
                       border=P.felt_line)
            blit_text(surf, self.app, heading, L.font("large"), P.on_felt, (area.left + L.px(28), y + L.px(12)),
                      bold=True, max_width=area.width - L.px(56))
            row_y = y + self.app.line_height(L.font("large")) + L.px(20)
            for (label, value), h in zip(rows, heights, strict=True):
                blit_text(surf, self.app, label, L.font("body"), P.on_felt_muted, (area.left + L.px(28), row_y),
                          max_width=label_w - L.px(12))
                blit_wrapped(surf, self.app, value, L.font("body"), P.on_felt,
                             pygame.Rect(value_x, row_y, value_w, h))
                row_y += h + L.px(8)
            y += panel_h + L.px(14)
        surf.set_clip(clip)

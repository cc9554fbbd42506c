"""The settings screen: interface language, how terms show, rule preset, tiles and sound.

Every change applies at once (the screen is rebuilt in the new language) and
is saved to ``settings.json``.  A preview tile row shows the chosen theme and size.
"""

from __future__ import annotations

import pygame

from trainer.i18n import LANGUAGE_NAMES, N_, _
from trainer.ui import tile_art
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.settings import TERM_MODES, TILE_SIZES
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, slots_for_text
from trainer.ui.views.rule_presets import PRESET_NAMES, preset_ids
from trainer.ui.widgets import Button, OptionRow, Stepper, Toggle, blit_text, draw_panel, fit_line

P = PALETTE

TERM_MODE_NAMES = {"ru_ja": N_("Your language, then Japanese"), "ja_ru": N_("Japanese, then your language"),
                   "full": N_("Everything")}
TILE_SIZE_NAMES = {"small": N_("Small"), "medium": N_("Medium"), "large": N_("Large")}
THEME_NAMES = {"classic": N_("Classic"), "contrast": N_("High contrast"), "kids": N_("Children's")}
PREVIEW_TILES = "19m05p37s1267z"
REVIEW_CAPS = (0, 10, 20, 30, 50, 100, 200)
"""The daily review caps offered (0: no reviews)."""


@register_screen("settings")
class SettingsScreen(Screen):
    """One labelled control per setting, applied and saved immediately."""

    def title(self) -> str:
        return _("Settings")

    def build(self) -> None:
        s = self.app.settings
        self.rows: list[tuple[str, str, object]] = []

        def row(label: str, note: str, widget: object) -> None:
            self.rows.append((label, note, self.add(widget)))

        row(_("Interface language"), "", OptionRow([(k, v) for k, v in LANGUAGE_NAMES.items()], s.language,
                                                   lambda v: self._set(language=v)))
        term_note = self._term_example()
        row(_("How terms are shown"), term_note,
            OptionRow([(m, _(TERM_MODE_NAMES[m])) for m in TERM_MODES], s.term_mode, lambda v: self._set(term_mode=v)))
        presets = preset_ids()
        value = s.preset if s.preset in presets else presets[0]
        row(_("Rule preset"), _("Used by drills and scoring; lessons name their own."),
            OptionRow([(p, _(PRESET_NAMES.get(p, p))) for p in presets], value, lambda v: self._set(preset=v)))
        themes = list(getattr(tile_art, "THEMES", ("classic",)))
        row(_("Tile theme"), "", OptionRow([(t, _(THEME_NAMES.get(t, t))) for t in themes],
                                           s.tile_theme if s.tile_theme in themes else themes[0],
                                           lambda v: self._set(tile_theme=v)))
        row(_("Tile size"), "", OptionRow([(t, _(TILE_SIZE_NAMES[t])) for t in TILE_SIZES], s.tile_size,
                                          lambda v: self._set(tile_size=v)))
        row(_("Sound"), _("Soft clicks and a chime for right answers."), Toggle(s.sound, lambda v: self._set(sound=v)))
        row(_("Reviews a day"), _("At most this many spaced-repetition reviews a day, for this learner."),
            Stepper(s.daily_reviews, 0, 1000, lambda v: self._set(daily_reviews=v), choices=REVIEW_CAPS))
        self.preview = self.add(TileRow(slots_for_text(PREVIEW_TILES)))
        self.about = self.add(Button(_("About the program"), lambda: self.app.push("about"), size="small"))

    def _term_example(self) -> str:
        try:
            return _("For example:") + " " + self.app.term_text("riichi")
        except Exception:
            return ""

    def _set(self, **changes: object) -> None:
        self.app.apply_settings(self.app.settings.with_(**changes))
        if "daily_reviews" in changes:  # the cap is the learner's own (merged: lesson results stay)
            self.app.save_learner_settings()

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        label_w = min(L.px(340), area.width * 2 // 5)
        ctrl_x = area.left + label_w + L.px(24)
        ctrl_w = area.right - ctrl_x
        y = area.top + L.px(4)
        row_h = L.px(48)
        self.row_tops = []
        for _label, note, w in self.rows:
            self.row_tops.append(y)
            if isinstance(w, Toggle):
                w.rect = pygame.Rect(ctrl_x, y, L.px(80), row_h)
            elif isinstance(w, Stepper):
                w.rect = pygame.Rect(ctrl_x, y, min(ctrl_w, L.px(260)), row_h)
            else:
                w.rect = pygame.Rect(ctrl_x, y, ctrl_w, row_h)
            y += row_h + (L.px(30) if note else L.px(14))
        self.preview_top = y + L.px(28)
        ph = min(L.tile_h(), area.bottom - self.preview_top - L.px(8))
        self.preview.place(area.centerx, self.preview_top, area.width, max(16, ph))
        self.about.rect = pygame.Rect(0, 0, self.about.preferred_width(self.app), L.px(40))
        self.about.rect.bottomright = area.bottomright

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        label_w = min(L.px(340), area.width * 2 // 5)
        for (label, note, w), _top in zip(self.rows, self.row_tops, strict=True):
            blit_text(surf, self.app, label, L.font("body"), P.on_felt, (area.left, w.rect.centery),
                      anchor="midleft", bold=True, max_width=label_w)
            if note:
                text = fit_line(self.app, note, L.font("small"), area.right - w.rect.left)
                blit_text(surf, self.app, text, L.font("small"), P.on_felt_muted,
                          (w.rect.left + L.px(4), w.rect.bottom + L.px(4)))
        panel = self.preview.rect.inflate(L.px(40), L.px(24))
        draw_panel(surf, panel, P.felt_dark, L.px(14), border=P.felt_line)

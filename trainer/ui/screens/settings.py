"""The settings screen: interface language, how terms show, rule preset, tiles, interface size
and sound.

Every change applies at once (the screen is rebuilt in the new language) and
is saved to ``settings.json``.  A preview tile row shows the chosen theme and size.  In a
small window the rows close up (down to :data:`TIGHT`) so that every row and the preview fit.
"""

from __future__ import annotations

import pygame

from trainer.i18n import LANGUAGE_NAMES, N_, _, pgettext
from trainer.ui import tile_art
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.settings import DAILY_REVIEWS_RANGE, INTERFACE_SIZES, TERM_MODES, TILE_SIZES
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
ROOMY = {"row": 48, "note_gap": 30, "gap": 14}
TIGHT = {"row": 40, "note_gap": 27, "gap": 8}
"""The rows' height and the gaps after a row with a note and without one, in design pixels: roomy
when the window has the room, tight (at the least) when it has not."""
PREVIEW_GAP = 28
"""Design pixels between the last row and the preview's tiles (the preview panel stands out of them)."""
PREVIEW_PAD = 12
"""Design pixels the preview's panel stands out below its tiles (kept inside the content area)."""


def interface_size_names() -> dict[str, str]:
    """The interface sizes (``settings.INTERFACE_SIZES``) as the settings screen names them."""
    return {"auto": pgettext("interface size", "Fill the window"), "large": pgettext("interface size", "Large"),
            "normal": pgettext("interface size", "Normal"), "compact": pgettext("interface size", "Compact")}


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
        if s.profile != "child":  # a child's screens always fit the window (Layout.for_settings)
            row(_("Interface size"), _("The smaller the size, the more a big window shows at once."),
                OptionRow([(t, interface_size_names()[t]) for t in INTERFACE_SIZES], s.interface_size,
                          lambda v: self._set(interface_size=v)))
        row(_("Sound"), _("Soft clicks and a chime for right answers."), Toggle(s.sound, lambda v: self._set(sound=v)))
        row(_("Reviews a day"), _("At most this many spaced-repetition reviews a day, for this learner."),
            Stepper(s.daily_reviews, *DAILY_REVIEWS_RANGE, lambda v: self._set(daily_reviews=v), choices=REVIEW_CAPS))
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

    def spacing(self, room: int) -> dict[str, int]:
        """The rows' height and gaps (screen pixels) for ``room`` pixels of height: :data:`ROOMY`
        when the rows and the preview fit that way, else closed up as far as needed (never below
        :data:`TIGHT`)."""
        L = self.app.layout
        notes = sum(1 for _label, note, _w in self.rows if note)

        def height(sizes: dict[str, int]) -> int:
            return (len(self.rows) * sizes["row"] + notes * sizes["note_gap"] + (len(self.rows) - notes) * sizes["gap"]
                    + L.px(PREVIEW_GAP) + L.tile_h() + L.px(PREVIEW_PAD))

        roomy = {k: L.px(v) for k, v in ROOMY.items()}
        tight = {k: L.px(v) for k, v in TIGHT.items()}
        want, least = height(roomy), height(tight)
        if want <= room or want == least:
            return roomy
        share = max(0.0, min(1.0, (room - least) / (want - least)))
        return {k: tight[k] + round((roomy[k] - tight[k]) * share) for k in roomy}

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        label_w = min(L.px(340), area.width * 2 // 5)
        ctrl_x = area.left + label_w + L.px(24)
        ctrl_w = area.right - ctrl_x
        y = area.top + L.px(4)
        sizes = self.spacing(area.bottom - y)
        row_h = sizes["row"]
        self.row_tops = []
        for _label, note, w in self.rows:
            self.row_tops.append(y)
            if isinstance(w, Toggle):
                w.rect = pygame.Rect(ctrl_x, y, L.px(80), row_h)
            elif isinstance(w, Stepper):
                w.rect = pygame.Rect(ctrl_x, y, min(ctrl_w, L.px(260)), row_h)
            else:
                w.rect = pygame.Rect(ctrl_x, y, ctrl_w, row_h)
            y += row_h + (sizes["note_gap"] if note else sizes["gap"])
        self.preview_top = y + L.px(PREVIEW_GAP)
        ph = min(L.tile_h(), area.bottom - self.preview_top - L.px(PREVIEW_PAD))
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
        panel = self.preview.rect.inflate(L.px(40), 2 * L.px(PREVIEW_PAD))
        draw_panel(surf, panel, P.felt_dark, L.px(14), border=P.felt_line)

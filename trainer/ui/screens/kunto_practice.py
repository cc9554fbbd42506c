"""Kunto step by step: the seed's kunto procedure (000:3459-3471) as a practice screen.

The learner holds 4 tiles, names the shanten, throws back a tile after each draw until the hand
is ready, names its waits, and grows the hand by 3 tiles (4 → 7 → 10 → 13).  The questions come
from :class:`trainer.engine.exercises.kunto_practice.KuntoPractice`; this screen is the drill
session (:class:`~trainer.ui.screens.drills.DrillScreen`: grading, one retry, hints, the answers
recorded as ``kunto_hand`` items) with the practice deciding what comes next.  A wrong answer is
explained by :mod:`trainer.ui.views.kunto_words`.

Params: ``tiles``, ``suits``, ``dragons`` (the kunto mode's options; default the first settings
of the seed's course), ``seed``, ``on_done(right, total)``.
"""

from __future__ import annotations

from typing import Any

import pygame

from trainer.engine.exercises.kunto_practice import KuntoPractice, PracticeError, Settings
from trainer.i18n import _, ngettext
from trainer.ui.registry import register_screen
from trainer.ui.richtext import BR
from trainer.ui.screens.drills import DrillScreen
from trainer.ui.theme import PALETTE
from trainer.ui.views.inputs import RichBlock
from trainer.ui.views.kunto_words import (
    drawn_line,
    settings_text,
    shanten_mistake,
    throwback_mistake,
    way_line,
)
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE


@register_screen("kunto_practice")
class KuntoPracticeScreen(DrillScreen):
    """The kunto procedure, one question after another, until the 13-tile hand is ready."""

    def __init__(self, app: Any, **params: Any) -> None:
        base = Settings()
        self.settings = Settings(params.get("tiles") or base.tiles, params.get("suits") or base.suits,
                                 params.get("dragons") or base.dragons)
        self.practice_seed = int(params.get("seed") or 0)
        self.practice = KuntoPractice(self.settings, self.practice_seed)
        super().__init__(app, **dict(params, generator="kunto_hand", params={}, n=1))
        self.kids = False  # the practice is the adults' drill, whatever the profile

    # -- the practice decides the questions
    def _generate(self) -> Any:
        return self.practice.exercise()

    def title(self) -> str:
        return _("Kunto step by step")

    def header_extra(self) -> str:
        n = self.practice.size
        return ngettext("{n} tile in the hand", "{n} tiles in the hand", n).format(n=n)

    def build(self) -> None:
        super().build()
        self.next_btn = None
        if self.finished:
            following = self.settings.next()
            if following is not None:
                self.next_btn = self.add(Button(_("Next settings"), lambda: self.restart(following),
                                                kind="secondary", hotkey="N"))
        elif self.view is not None and self.ex is not None and self.view.info is None:
            # under the hand: the table's settings (what the dragons are, whether suits count) and the draw
            info = _("Settings: {settings}").format(
                settings=settings_text(self.settings.tiles, self.settings.suits, self.settings.dragons))
            drawn = self.ex.prompt.get("drawn")
            if self.ex.prompt.question == "kunto_discard" and drawn:
                info = drawn_line(drawn) + BR + info
            self.view.info = self.add(RichBlock(info, size="small", on_term=self.open_term, align="center"))

    def layout(self) -> None:
        super().layout()
        if self.next_btn is not None and self.again_btn is not None:
            L = self.app.layout
            w = max(self.next_btn.preferred_width(self.app), L.px(200))
            r = self.again_btn.rect
            self.next_btn.rect = pygame.Rect(r.left - w - L.px(12), r.top, w, r.height)

    def primary(self) -> None:
        if self.finished:
            self.back()
            return
        if self.ex is not None and self.phase in ("answer", "retry"):
            super().primary()
            return
        throw = self.ex is not None and self.ex.prompt.question == "kunto_discard"
        self.practice.advance(self.last_response if throw else None)
        self.index += 1
        if self.practice.finished:
            self.finished = True
            self.n = max(1, len(self.results))
            cb = self.params.get("on_done")
            if cb is not None:
                cb(self.right, self.n)
        else:
            self._new_item()
        self.focus = None
        self.rebuild()

    def _labels(self) -> None:
        super()._labels()
        if not self.finished and self.phase == "done":
            self.main_btn.label = _("Next")

    def restart(self, settings: Settings | None = None) -> None:
        """A new practice from 4 tiles (with ``settings``, the next of the seed's course)."""
        if settings is not None:
            try:
                KuntoPractice(settings, self.practice_seed)
            except PracticeError as e:
                self.app.notify(str(e), "error", 4)
                return
            self.settings = settings
        self.practice_seed += 1
        self.practice = KuntoPractice(self.settings, self.practice_seed)
        self.index = 0
        self.right = 0
        self.n = 1
        self.results = []
        self.missed = []
        self.finished = False
        self._new_item()
        self.focus = None
        self.rebuild()

    def again(self) -> None:
        """The same settings again with a new deal."""
        self.restart()

    # -- what is wrong with the learner's answer
    def _mistake_text(self, response: Any, final: bool, generic: bool = True) -> str:
        q = self.ex.prompt.question if self.ex is not None else ""
        items = list(self.ex.explanation) if self.ex is not None else []
        if q == "kunto_shanten" and response:
            return shanten_mistake(items, int(response[0]), int(self.ex.answer), final)
        if q == "kunto_discard" and response:
            return throwback_mistake(items, response, final)
        return super()._mistake_text(response, final, generic)

    def _answer_text(self, response: Any = None) -> str:
        text = super()._answer_text(response)
        way = self._way()
        if way and (response is None or self.ex.prompt.question != "kunto_shanten"):
            text = BR.join((text, way))
        return text

    def _way(self) -> str:
        if self.ex is None or self.ex.prompt.question != "kunto_shanten":
            return ""
        way = next((i for i in self.ex.explanation if i.get("kind") == "kunto_way"), None)
        return way_line(way["steps"]) if way and way.get("steps") else ""

    def check(self) -> None:
        super().check()
        if self.feedback_kind == "right" and self._way():
            self.feedback_text = BR.join(t for t in (self.feedback_text, self._way()) if t)
            self.relayout()

    # -- progress: the hand sizes instead of a fixed count of dots
    def _draw_dots(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        area = L.content()
        sizes = self.practice.sizes
        gap = L.px(6)
        w = (area.width - gap * (len(sizes) - 1)) / len(sizes)
        for i, size in enumerate(sizes):
            r = pygame.Rect(round(area.left + i * (w + gap)), L.header_h + L.px(8), max(2, round(w)), L.px(7))
            done = self.finished or size < self.practice.size
            col = P.right if done else (P.accent if size == self.practice.size else P.felt_dark)
            pygame.draw.rect(surf, col, r, border_radius=r.height)

    def _draw_summary(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        a = self.step_area
        w = min(a.width, L.px(760))
        r = pygame.Rect(a.centerx - w // 2, a.top + L.px(30), w, L.px(250))
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(5), border=P.card_edge)
        blit_text(surf, self.app, _("The hand has grown to 13 tiles!"), L.font("title"), P.right,
                  (r.centerx, r.top + L.px(28)), anchor="midtop", bold=True, max_width=w - L.px(40))
        line = ngettext("{right} of {n} answer right on the first try", "{right} of {n} answers right on the first try",
                        self.n).format(right=self.right, n=self.n)
        blit_text(surf, self.app, line, L.font("large"), P.ink, (r.centerx, r.top + L.px(100)), anchor="midtop",
                  max_width=w - L.px(40))
        following = self.settings.next()
        if following is not None:
            from trainer.ui.richtext import plain_text

            nxt = plain_text(settings_text(following.tiles, following.suits, following.dragons), self.app)
            blit_text(surf, self.app, _("Next in the seed's order: {settings}").format(settings=nxt),
                      L.font("body"), P.ink_muted, (r.centerx, r.top + L.px(160)), anchor="midtop",
                      max_width=w - L.px(40))

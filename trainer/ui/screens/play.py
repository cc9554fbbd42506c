"""The game table: the learner plays seat 0 against three bots on the engine's game.

A simple top-down table: the learner's hand at the bottom, the four rivers around a
centre panel (round, dora indicators, tiles left, scores), the opponents' hands
face down (face up on a "glass table", ``reveal="all"``).  Click a tile to lift it,
click it again or press Enter to discard; call, riichi and win buttons appear when
the rules offer them.  With ``coach`` on, the engine's best discards are shown.
Bots move one action every short moment so the learner can follow the play.

Params (from a lesson's ``play`` step or the drill menu): ``mode``, ``preset``,
``bots``, ``reveal``, ``coach``, ``goal_games``, ``goal_wins``, ``seed``,
``on_done(outcome)``, ``title``.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from trainer.engine.game.actions import (
    AbortiveDraw,
    Chi,
    DeclareTenpai,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from trainer.engine.game.match import Match
from trainer.engine.game.view import make_view
from trainer.engine.notation import format_tiles
from trainer.i18n import N_, _, ngettext, pgettext
from trainer.ui.registry import register_screen
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot, slots_for_hand
from trainer.ui.widgets import Button, blit_text, draw_panel

P = PALETTE
BOT_DELAY = 0.45  # seconds between two bot actions
WIND_TERMS = ("ton", "nan", "shaa", "pei")
SEAT_NAMES = (N_("You"), N_("Right"), N_("Across"), N_("Left"))


def _bot(name: str, rules: Any) -> Any:
    from trainer.engine.bots import make_bot

    return make_bot({"gentle": "efficient"}.get(name, name), rules)


@register_screen("play")
class PlayScreen(Screen):
    """A table with the learner at seat 0."""

    rebuild_on_enter = False

    def __init__(self, app: Any, **params: Any) -> None:
        super().__init__(app, **params)
        preset = params.get("preset") or app.settings.preset
        seed = params.get("seed")
        self.seed = int(seed) if seed is not None else random.randrange(1_000_000)
        self.match = Match(preset, self.seed, tenpai_choice=(0,))  # the learner may hide tenpai (001:805)
        rules = self.match.rules
        self.bots = [None] + [_bot(params.get("bots") or "efficient", rules) for _ in range(3)]
        self.reveal = params.get("reveal") == "all"
        self.coach = params.get("coach") or "off"
        self.goal_games = params.get("goal_games")
        self.goal_wins = params.get("goal_wins")
        self.free = params.get("on_done") is None and not self.goal_games and not self.goal_wins
        if not self.goal_games and not self.goal_wins:
            self.goal_games = 1
        self.games = 0
        self.wins = 0
        self.riichi_mode = False
        self.timer = 0.0
        self.reported = False
        self.round = self.match.start_round()

    # ---------------------------------------------------------------- state

    def title(self) -> str:
        return self.params.get("title") or _("Table")

    def header_extra(self) -> str:
        label = _("{wind} {n}").format(wind=self.app.term_text(WIND_TERMS[self.match.round_index % 4]),
                                       n=self.match.hand_number + 1)
        return label + " · " + _("hands {g}, won {w}").format(g=self.games, w=self.wins)

    def goal_met(self) -> bool:
        """Whether the step's goal (games played or games won) is reached (free play never ends)."""
        if self.free:
            return False
        if self.goal_wins:
            return self.wins >= self.goal_wins
        return self.games >= (self.goal_games or 1)

    def my_legal(self) -> list[Any]:
        """The learner's legal actions now (empty when it is not their decision)."""
        if self.round.ended or 0 not in self.round.to_act():
            return []
        return self.round.legal_actions(0)

    # ---------------------------------------------------------------- widgets

    def build(self) -> None:
        seat = self.round.seats[0]
        hand = seat.hand()
        slots = [TileSlot(t) for t in hand.concealed]
        drawn = seat.drawn if (seat.drawn is not None and 0 in self.round.to_act()) else None
        if drawn is not None and drawn in [s.tile for s in slots]:
            idx = max(i for i, s in enumerate(slots) if s.tile == drawn)
            slots.pop(idx)
            slots.append(TileSlot(drawn, gap=0.35))
        self.meld_slots = [s for s in slots_for_hand(format_tiles([]) + " ".join(
            str(m) for m in hand.melds)) ] if hand.melds else []
        self.hand_row = self.add(TileRow(slots, pickable=True, multi=False, on_change=self._picked))
        legal = self.my_legal()
        discards = {a.tile for a in legal if isinstance(a, Discard)}
        riichi_tiles = {a.tile for a in legal if isinstance(a, Riichi)}
        allowed = riichi_tiles if self.riichi_mode else discards
        self.hand_row.dim = {i for i, s in enumerate(slots) if legal and allowed and s.tile not in allowed}
        self.hand_row.locked = not (discards or riichi_tiles)
        self.action_buttons: list[Button] = []
        for label, action in self._action_choices(legal):
            self.action_buttons.append(self.add(Button(label, lambda a=action: self._act(a), kind="primary")))
        if riichi_tiles:
            label = _("Cancel riichi") if self.riichi_mode else pgettext("mahjong call", "Riichi")
            self.action_buttons.append(self.add(Button(label, self._toggle_riichi, kind="secondary")))
        self.next_btn = None
        if self.round.ended:
            if self.goal_met():
                self._report()
                self.next_btn = self.add(Button(pgettext("end of game", "Done"), self.back, kind="primary", hotkey="Enter"))
            else:
                self.next_btn = self.add(Button(_("Next hand"), self.next_hand, kind="primary", hotkey="Enter"))
        self.other_rows: list[TileRow] = []
        for s in (1, 2, 3):
            st = self.round.seats[s]
            if self.reveal:
                row = TileRow([TileSlot(t) for t in sorted(st.concealed)])
            else:
                row = TileRow([TileSlot(t, face_down=True) for t in st.concealed])
            self.other_rows.append(self.add(row))
        self.rivers = []
        for s in range(4):
            river = self.round.seats[s].river
            slots = [TileSlot(d.tile, sideways=getattr(d, "riichi", False)) for d in river]
            row = TileRow(slots, lines=list(range(6, len(slots), 6)))
            row.dim = {i for i, d in enumerate(river) if getattr(d, "called", False)}
            self.rivers.append(self.add(row))
        self.dora_row = self.add(TileRow([TileSlot(t) for t in self._dora()]))
        self._coach_marks()

    def _dora(self) -> list[Any]:
        view = make_view(self.round, 0)
        return list(view.dora_indicators)

    def _coach_marks(self) -> None:
        self.coach_text = ""
        if self.coach == "off" or not any(isinstance(a, Discard) for a in self.my_legal()):
            return
        try:
            from trainer.engine.ukeire import discard_options

            opts = discard_options(self.round.seats[0].hand())
        except Exception:
            return
        if not opts:
            return
        best = [o for o in opts if (o.shanten_after, o.total) == (opts[0].shanten_after, opts[0].total)]
        kinds = {o.tile.kind for o in best}
        for i, s in enumerate(self.hand_row.slots):
            if s.tile.kind in kinds:
                self.hand_row.marks[i] = "hint"
        if self.coach == "full":
            o = opts[0]
            self.coach_text = _("Coach: discard {tile} — {n} tiles improve the hand.").format(tile=str(o.tile),
                                                                                              n=o.total)

    def _action_choices(self, legal: list[Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for a in legal:
            if isinstance(a, Tsumo):
                out.append((pgettext("mahjong call", "Tsumo"), a))
            elif isinstance(a, Ron):
                out.append((pgettext("mahjong call", "Ron"), a))
            elif isinstance(a, Pon):
                out.append((pgettext("mahjong call", "Pon") + " " + format_tiles(a.tiles), a))
            elif isinstance(a, Chi):
                out.append((pgettext("mahjong call", "Chi") + " " + format_tiles(a.tiles), a))
            elif isinstance(a, Kan):
                out.append((pgettext("mahjong call", "Kan") + " " + str(a.tile), a))
            elif isinstance(a, AbortiveDraw):
                out.append((_("Nine terminals: draw"), a))
            elif isinstance(a, DeclareTenpai):
                label = _("Show tenpai") if a.show else _("Hide tenpai (count as noten)")
                out.append((label, a))
        if any(isinstance(a, Pass) for a in legal):
            out.append((_("Pass"), Pass()))
        return out

    # ---------------------------------------------------------------- actions

    def _picked(self, sel: set[int]) -> None:
        if not sel:
            # A second click on the lifted tile un-picks it: that is the discard gesture.
            i = self.hand_row.cursor
            self._discard_index(i)

    def _discard_index(self, i: int) -> None:
        if not 0 <= i < len(self.hand_row.slots) or i in self.hand_row.dim:
            return
        tile = self.hand_row.slots[i].tile
        legal = self.my_legal()
        if self.riichi_mode:
            act = next((a for a in legal if isinstance(a, Riichi) and a.tile == tile), None)
        else:
            act = next((a for a in legal if isinstance(a, Discard) and a.tile == tile), None)
        if act is not None:
            self._act(act)

    def _toggle_riichi(self) -> None:
        self.riichi_mode = not self.riichi_mode
        self.rebuild()

    def _act(self, action: Any) -> None:
        from trainer.engine.game.actions import IllegalAction

        try:
            self.round.apply(0, action)
        except IllegalAction as exc:
            self.app.notify(exc.reason, "warn")
            return
        self.riichi_mode = False
        self.timer = 0.0
        self.app.play_sound("tile")
        self._after_action()

    def _after_action(self) -> None:
        if self.round.ended:
            self._round_over()
        self.focus = None
        self.rebuild()
        self.app.invalidate()

    def _round_over(self) -> None:
        res = self.round.result
        self.games += 1
        if res is not None and any(w.seat == 0 for w in res.wins):
            self.wins += 1
        self.match.finish_round()

    def next_hand(self) -> None:
        """Deal the next hand (a new match when the last one ended)."""
        if self.match.finished:
            self.match = Match(self.match.rules, self.seed + self.games, tenpai_choice=(0,))
        self.round = self.match.start_round()
        self.focus = None
        self.rebuild()

    def _report(self) -> None:
        if self.reported:
            return
        self.reported = True
        cb = self.params.get("on_done")
        if cb is not None:
            cb({"games": self.games, "wins": self.wins, "goal_met": self.goal_met()})

    def back(self) -> None:
        if self.round.ended or self.games:
            self._report() if self.goal_met() else self._report_partial()
        self.app.pop()

    def _report_partial(self) -> None:
        cb = self.params.get("on_done")
        if cb is not None and not self.reported:
            cb({"games": self.games, "wins": self.wins, "goal_met": False})

    def submit(self) -> bool:
        if self.next_btn is not None:
            self.next_btn.activate()
            return True
        if self.hand_row.selected:
            self._discard_index(next(iter(self.hand_row.selected)))
            return True
        return False

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.action_buttons):
            self.action_buttons[n - 1].activate()
            return True
        return False

    def initial_focus(self) -> int | None:
        if self.next_btn is not None:
            return self.widgets.index(self.next_btn)
        if self.action_buttons:
            return self.widgets.index(self.action_buttons[0])
        return self.widgets.index(self.hand_row)

    def update(self, dt: float) -> bool:
        """Let the bots act, one action per BOT_DELAY seconds."""
        if self.round.ended:
            return False
        waiting = [s for s in self.round.to_act() if s != 0]
        if not waiting or (0 in self.round.to_act() and self.round.to_act()[0] == 0):
            return False
        self.timer += dt
        if self.timer < BOT_DELAY:
            return True
        self.timer = 0.0
        self.bot_step()
        return True

    def bot_step(self) -> None:
        """One bot decision (the first bot that must act)."""
        for s in self.round.to_act():
            if s == 0:
                continue
            legal = self.round.legal_actions(s)
            if not legal:
                continue
            action = self.bots[s].choose(make_view(self.round, s), legal)
            try:
                self.round.apply(s, action)
            except Exception:
                self.round.apply(s, legal[0])
            break
        self._after_action()

    def run_bots_until_learner(self, limit: int = 400) -> None:
        """Advance the bots until the learner must decide or the hand ends (tests, screenshots)."""
        for _step in range(limit):
            if self.round.ended or 0 in self.round.to_act():
                return
            self.bot_step()

    # ---------------------------------------------------------------- layout

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        hand_h = L.tile_h(0.95)
        self.hand_row.place(area.centerx - L.px(60), area.bottom - hand_h - L.px(4), area.width - L.px(300), hand_h)
        y = self.hand_row.rect.top - L.px(64)
        x = area.right
        for b in reversed(self.action_buttons):
            bw = max(L.px(170), b.preferred_width(self.app))  # long labels (show/hide tenpai) fit
            x -= bw
            b.rect = pygame.Rect(x, y, bw, L.px(48))
            x -= L.px(10)
        if self.next_btn is not None:
            nw = max(self.next_btn.preferred_width(self.app), L.px(200))
            self.next_btn.rect = pygame.Rect(area.right - nw, area.bottom - L.px(52), nw, L.px(52))
        table_top = area.top + L.px(10)
        table_bottom = self.hand_row.rect.top - L.px(76)
        cx = area.centerx
        lh = self.app.line_height(L.font("small"))
        oh = L.px(26)
        center_h = L.px(124)
        gap = L.px(6)
        avail = table_bottom - table_top - center_h - oh - 2 * lh - 6 * gap
        rh = max(L.px(20), min(L.tile_h(0.5), round(avail / 6 / 1.06)))
        self.river_h = rh
        line_gap = round(rh * 0.06)
        block = 3 * rh + 2 * line_gap
        tw = round(rh * 0.75)
        rw = 6 * tw + 5 * max(1, round(rh * 0.05)) + rh
        self.other_rows[1].place(cx, table_top, area.width // 2, oh)  # across hand
        self.label_y = {2: self.other_rows[1].rect.bottom + gap}
        across_top = self.label_y[2] + lh + gap
        self.rivers[2].place(cx, across_top, rw, rh, line_gap=0.06, align="left")
        self.center = pygame.Rect(0, 0, L.px(300), center_h)
        self.center.midtop = (cx, across_top + block + gap)
        cy = self.center.centery
        self.rivers[0].place(cx, self.center.bottom + gap, rw, rh, line_gap=0.06, align="left")
        self.label_y[0] = self.center.bottom + gap + block + gap
        self.rivers[1].place(self.center.right + L.px(24) + rw // 2, cy - block // 2, rw, rh, line_gap=0.06, align="left")
        self.rivers[3].place(self.center.left - L.px(24) - rw // 2, cy - block // 2, rw, rh, line_gap=0.06, align="left")
        self.label_y[1] = self.label_y[3] = cy - block // 2 - gap - lh
        side_h = round(oh * 0.8)
        self.other_rows[0].place(area.right - L.px(170), table_top + L.px(4), L.px(320), side_h)
        self.other_rows[2].place(area.left + L.px(170), table_top + L.px(4), L.px(320), side_h)
        self.dora_row.place(self.center.centerx, self.center.top + L.px(46), self.center.width - L.px(20),
                            L.px(34))

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        app = self.app
        area = L.content()
        table = pygame.Rect(area.left, area.top, area.width, self.hand_row.rect.top - L.px(70) - area.top)
        pygame.draw.rect(surf, P.felt_light, table, border_radius=L.px(30))
        pygame.draw.rect(surf, P.felt_line, table, width=max(1, L.px(2)), border_radius=L.px(30))
        c = self.center
        draw_panel(surf, c, P.felt_dark, L.px(14), border=P.accent_dark)
        wind = app.term_text(WIND_TERMS[self.match.round_index % 4])
        blit_text(surf, app, f"{wind} {self.match.hand_number + 1}", L.font("body"), P.on_felt,
                  (c.centerx, c.top + L.px(10)), anchor="midtop", bold=True, max_width=c.width - L.px(16))
        view = make_view(self.round, 0)
        blit_text(surf, app, _("Tiles left: {n}").format(n=view.live_remaining), L.font("small"), P.on_felt_muted,
                  (c.centerx, c.bottom - L.px(8)), anchor="midbottom")
        # Seat labels with wind, score and riichi.
        spots = {
            0: (c.centerx, self.label_y[0], "midtop"),
            1: (self.rivers[1].rect.left if self.rivers[1].slots else c.right + L.px(24), self.label_y[1], "topleft"),
            2: (c.centerx, self.label_y[2], "midtop"),
            3: (self.rivers[3].rect.right if self.rivers[3].slots else c.left - L.px(24), self.label_y[3],
                "topright"),
        }
        for s in range(4):
            x, y, anchor = spots[s]
            wind_s = app.term_text(WIND_TERMS[(self.round.seat_wind(s) - 27) % 4])
            text = f"{_(SEAT_NAMES[s])} · {wind_s} · {view.scores[s]}"
            if view.riichi[s]:
                text += " · " + app.term_text("riichi")
            color = P.accent if s in self.round.to_act() and not self.round.ended else P.on_felt
            blit_text(surf, app, text, L.font("small"), color, (x, y), anchor=anchor, bold=s == 0,
                      max_width=L.px(360))
        if self.coach_text:
            blit_text(surf, app, self.coach_text, L.font("small"), P.hint_bg,
                      (area.left, self.hand_row.rect.top - L.px(40)), max_width=area.width // 2)
        if self.riichi_mode:
            blit_text(surf, app, _("Choose the tile to discard for riichi."), L.font("small"), P.accent,
                      (area.left, self.hand_row.rect.top - L.px(40)), max_width=area.width // 2)
        elif not self.coach_text and any(isinstance(a, Discard) for a in self.my_legal()):
            blit_text(surf, app, _("Your turn: click a tile, then click it again to discard it."), L.font("small"),
                      P.accent, (area.left, self.hand_row.rect.top - L.px(40)), max_width=area.width - L.px(380))
        if self.dora_row.slots:
            blit_text(surf, app, _("Dora indicator"), L.font("tiny"), P.on_felt_muted,
                      (self.dora_row.rect.left - L.px(10), self.dora_row.rect.centery), anchor="midright",
                      max_width=self.dora_row.rect.left - c.left - L.px(14))
        # Melds of every seat, small, next to their hands.
        for s in range(4):
            melds = self.round.seats[s].melds
            if not melds:
                continue
            from trainer.ui.tileview import draw_tile_string

            text = " ".join(str(m) for m in melds)
            h = L.tile_h(0.6) if s == 0 else self.river_h
            if s == 0:
                r = pygame.Rect(area.right - L.px(280), self.hand_row.rect.bottom - h, L.px(280), h)
            else:
                row = self.other_rows[s - 1]
                r = pygame.Rect(row.rect.left, row.rect.bottom + L.px(4), L.px(280), h)
            draw_tile_string(surf, text, r, app)

    def draw_overlay(self, surf: pygame.Surface) -> None:
        if not self.round.ended:
            return
        L = self.app.layout
        app = self.app
        res = self.round.result
        w = min(L.px(760), L.width - 2 * L.margin)
        r = pygame.Rect(0, 0, w, L.px(230))
        r.center = (L.width // 2, L.content().centery - L.px(40))
        draw_panel(surf, r, P.card, L.px(18), shadow=L.px(6), border=P.card_edge)
        lines = self._result_lines(res)
        y = r.top + L.px(22)
        for i, line in enumerate(lines):
            size = L.font("h2") if i == 0 else L.font("body")
            blit_text(surf, app, line, size, P.ink, (r.centerx, y), anchor="midtop", bold=i == 0,
                      max_width=r.width - L.px(40))
            y += app.line_height(size) + L.px(6)

    def _result_lines(self, res: Any) -> list[str]:
        if res is None:
            return [_("The hand is over")]
        if res.kind in ("ron", "tsumo") and res.wins:
            out = []
            for wi in res.wins:
                who = _(SEAT_NAMES[wi.seat])
                how = _("Tsumo") if wi.tsumo else _("Ron")
                out.append(_("{who}: {how}!").format(who=who, how=how))
                yaku = ", ".join(self.app.term_text(y) for y in wi.yaku)
                out.append(yaku)
                out.append(_("{han} han, {fu} fu").format(han=wi.han, fu=wi.fu) + " · " + ngettext(
                    "{n} point", "{n} points", abs(wi.deltas[wi.seat])).format(n=wi.deltas[wi.seat]))
            return out
        if res.kind == "exhaustive":
            names = ", ".join(_(SEAT_NAMES[s]) for s in res.tenpai) or _("nobody")
            return [_("Draw: the wall is empty"), _("Tenpai: {names}").format(names=names)]
        return [_("Abortive draw")]

"""Lesson steps that open another screen: a ``drill`` (the drill session) and a ``play``
step (the game table).  The step shows what is coming, a Start button, and the result
when the learner comes back."""

from __future__ import annotations

from typing import Any

import pygame

from trainer.i18n import N_, _, ngettext
from trainer.ui.theme import PALETTE
from trainer.ui.views.drill_catalog import generator_blurb, generator_title, generators
from trainer.ui.views.inputs import draw_card
from trainer.ui.views.steps.base import StepView
from trainer.ui.widgets import Button, blit_text

P = PALETTE

PLAY_MODE_NAMES = {
    "tibet": N_("Tibet"), "ponjan": N_("Ponjan, mahjong for children"),
    "kids_riichi": N_("Children's riichi"), "glass_table": N_("Glass table: every hand face up"),
    "kunto_table": N_("Kunto at the table"), "twelve_tile": N_("Twelve tiles"),
    "risu": N_("Risu"), "bamboo_2p": N_("Bamboo for two"), "bamboo": N_("Bamboo for two"), "single_suit_1": N_("One suit"),
    "single_suit_2": N_("One suit, two players"), "ab_game": N_("The A-B game"), "short": N_("Short mahjong"),
    "yochi": N_("Foresight (yochi)"),
}
"""A play step's card title by its mode; a training game's as the glossary names it (yochi: ru
«Предсказание», en "Foresight (yochi)", the term ``yochi``), as its list and table do.  The full
game's is said by its goal instead (:data:`FULL_GAME_TITLES`)."""
FULL_GAME_TITLES = {
    (4, False): lambda n: ngettext("A hand at the table", "{n} hands at the table", n),
    (3, False): lambda n: ngettext("A hand for three players", "{n} hands for three players", n),
    (4, True): lambda n: ngettext("Win a hand at the table", "Win {n} hands at the table", n),
    (3, True): lambda n: ngettext("Win a hand for three players", "Win {n} hands for three players", n),
}
"""A full-game play step's title by (players at the table, whether the goal counts wins), with the
goal's number of hands: the table plays hands to the step's goal, not a whole match, so "A full
game" would promise more than it is ("A hand for three players", «Раздача втроём»)."""


class DrillStepView(StepView):
    """A drill inside a lesson: n generated exercises; passes at the step's pass ratio."""

    blocks_next = True

    def build(self) -> None:
        st = self.step
        self.result: tuple[int, int] | None = self.host.drill_results.get(self.host.index)
        self.blocks_next = self.result is None
        name = st.generator
        self.known = name in generators()
        # A children's drill (params kids, or any drill of a children's lesson) is a game, not a test.
        self.kids = bool((st.params or {}).get("kids")) or self.child()
        self.main_label = _("Let's play!") if self.kids else _("Start the drill")
        self.title = generator_title(name, kids=self.kids)
        self.blurb = generator_blurb(name, generators().get(name), st.params) if self.known else _(
            "This drill is not available: unknown generator {name}.").format(name=name)
        if self.kids and self.known:
            self.blurb = ""  # the step's own text says what to do, in the child's words
        self.text_block = self.rich(self.text(st.text), color=P.ink) if st.text is not None else None
        # a drill short of its mark can be run again from the step itself (Next stays the main button)
        self.again_btn = self.host.add(Button(_("Run the drill again"), self.start, kind="secondary"))
        self.again_btn.visible = self._short_of_mark()

    def _short_of_mark(self) -> bool:
        """Whether this (adult) drill has a result below its pass mark."""
        if self.kids or self.result is None:
            return False
        right, total = self.result
        return not total or right / total < self.step.pass_ratio

    def start(self) -> None:
        """Open the drill session; its result comes back through ``on_done``."""
        if not self.known:
            self.blocks_next = False
            self.host.app.notify(self.blurb, "error")
            self.host._update_buttons()
            return
        st = self.step
        index = self.host.index
        seed = st.seed if st.seed is not None else hash((self.lesson.id, index, int(self.app.time))) % 100_000

        def done(right: int, total: int) -> None:
            self.host.drill_done(index, right, total)

        params = dict(st.params or {})
        if self.kids and "kids" in generators()[st.generator].params_model.model_fields:
            params["kids"] = True
        self.app.push("drill", generator=st.generator, params=params, n=st.n, seed=seed, on_done=done,
                      title=self.title)

    def returned(self) -> None:
        """Back from the drill screen: show the result and allow Next."""
        self.result = self.host.drill_results.get(self.host.index)
        if self.result is not None:
            self.blocks_next = False
            self.main_label = _("Next")
            self.again_btn.visible = self._short_of_mark()
            self.host._update_buttons()
            self.host.relayout()

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        w = min(area.width, L.px(820))
        pad = L.px(32)
        x = area.centerx - w // 2
        y = area.top + pad + self.app.line_height(L.font("h2")) + L.px(10)
        if self.blurb:
            y += self.app.line_height(L.font("body")) * 2 + L.px(10)
        if self.text_block is not None:
            y += self.text_block.place(self.app, x + pad, y, w - 2 * pad) + L.px(10)
        h = y - area.top + L.px(80)
        if self.again_btn.visible:  # its own row under the result line
            h += L.px(64)
        self.card_rect = pygame.Rect(x, area.top, w, min(area.height, h))
        bw = self.again_btn.preferred_width(self.app)
        self.again_btn.rect = pygame.Rect(self.card_rect.right - pad - bw, self.card_rect.bottom - pad - L.px(48),
                                          bw, L.px(48))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self.card_rect
        draw_card(surf, self.app, r)
        pad = L.px(32)
        blit_text(surf, self.app, self.title, L.font("h2"), P.ink, (r.left + pad, r.top + pad), bold=True,
                  max_width=r.width - 2 * pad)
        from trainer.ui.widgets import blit_wrapped

        y = r.top + pad + self.app.line_height(L.font("h2")) + L.px(10)
        if self.blurb:
            blit_wrapped(surf, self.app, self.blurb, L.font("body"), P.ink_muted,
                         pygame.Rect(r.left + pad, y, r.width - 2 * pad, 0), max_lines=2)
        n = self.step.n
        goal = round(self.step.pass_ratio * n + 0.4999)
        if self.kids:  # no pass mark for children: how many puzzles, then praise
            line = (ngettext("{n} puzzle to play.", "{n} puzzles to play.", n).format(n=n) if self.result is None
                    else _("All done! Well played!"))
            color = P.ink if self.result is None else P.right
        elif self.result is None:
            line = ngettext("{n} exercise; correct answers needed to pass: {k}.",
                            "{n} exercises; correct answers needed to pass: {k}.",
                            n).format(n=n, k=goal)
            color = P.ink
        else:
            right, total = self.result
            ok = total and right / total >= self.step.pass_ratio
            line = _("Result: {right} of {total}.").format(right=right, total=total) + " " + (
                _("Passed!") if ok  # the button under it runs it again
                else ngettext("Not yet passed: {k} right answer is needed.",
                              "Not yet passed: {k} right answers are needed.", goal).format(k=goal))
            color = P.right if ok else P.wrong
        bottom = r.bottom - pad - (L.px(64) if self.again_btn.visible else 0)
        blit_text(surf, self.app, line, L.font("large"), color, (r.left + pad, bottom), anchor="bottomleft",
                  bold=True, max_width=r.width - 2 * pad)

    def submit(self) -> bool:
        if self.result is not None and self.result[1] and self.result[0] / self.result[1] < self.step.pass_ratio:
            return False
        return False


class PlayStepView(StepView):
    """A game inside a lesson: the mode, the goal, and a button that opens the table."""

    blocks_next = True

    def build(self) -> None:
        st = self.step
        self.main_label = _("Play")
        self.outcome = self.host.params.get(f"_play_{self.host.index}")
        self.blocks_next = self.outcome is None or not self.outcome.get("goal_met")
        if self.outcome is not None:
            self.main_label = _("Play again") if self.blocks_next else _("Next")
        self.title = self.play_title()
        self.text_block = self.rich(self.text(st.text), color=P.ink) if st.text is not None else None

    def play_title(self) -> str:
        """The card's (and the table's) title: the training game's name, or for the full game what
        it asks, by its goal and the players of the lesson's rules (:data:`FULL_GAME_TITLES`)."""
        st = self.step
        if st.mode != "full_game":
            return _(PLAY_MODE_NAMES.get(st.mode, st.mode))
        n = st.goal.wins or st.goal.games or 1
        return FULL_GAME_TITLES[(self.table_players(), bool(st.goal.wins))](n).format(n=n)

    def table_players(self) -> int:
        """How many players the lesson's rules seat (3 for sanma; 4 when the preset cannot be read)."""
        from trainer.engine.rules import load_rules

        try:
            return 3 if load_rules(self.lesson.preset or "tenhou").three_player else 4
        except (OSError, ValueError):
            return 4

    def start(self) -> None:
        """Open the table for this step's mode and goal."""
        st = self.step
        key = f"_play_{self.host.index}"

        def done(outcome: dict[str, Any]) -> None:
            self.host.params[key] = outcome
            self.host.results[self.host.index] = "right" if outcome.get("goal_met") else "seen"

        if st.mode == "kunto" and (st.rules or {}).get("procedure") == "steps":
            # the seed's kunto procedure itself (name shanten and waits, throw back, grow 4 -> 13)
            from trainer.engine.game.simple_modes import table_setup

            setup = table_setup({"mode": st.mode, "rules": st.rules, "tiles": st.tiles})
            self.app.push("kunto_practice", tiles=setup.tileset.name, suits=setup.suits, dragons=setup.dragons,
                          on_done=lambda right, total: done({"games": 1, "wins": right, "goal_met": True}))
            return
        if st.mode in simple_modes():  # tibet, ponjan, kids_riichi, glass table: the shape-game table
            self.app.push("play_simple", mode=st.mode, rules=st.rules, tiles=st.tiles, players=st.players,
                          bots=st.bots, reveal=st.reveal, coach=st.coach, goal_games=st.goal.games,
                          goal_wins=st.goal.wins, on_done=done,  # the table names its mode and hand size
                          kids=self.lesson.audience == "child")
            return
        self.app.push("play", mode=st.mode, rules=st.rules, tiles=st.tiles, players=st.players, bots=st.bots,
                      reveal=st.reveal, coach=st.coach, goal_games=st.goal.games, goal_wins=st.goal.wins,
                      preset=self.lesson.preset, on_done=done, title=self.title)

    def returned(self) -> None:
        """Back from the table: Next is allowed once the goal is met."""
        self.outcome = self.host.params.get(f"_play_{self.host.index}")
        if self.outcome is not None:
            self.blocks_next = not self.outcome.get("goal_met")
            self.main_label = _("Play again") if self.blocks_next else _("Next")
            self.host._update_buttons()
            self.host.relayout()

    def layout(self, area: pygame.Rect) -> None:
        L = self.app.layout
        w = min(area.width, L.px(820))
        pad = L.px(32)
        x = area.centerx - w // 2
        y = area.top + pad + self.app.line_height(L.font("h2")) + L.px(12)
        if not has_own_table(self.step.mode):
            y += self.app.line_height(L.font("small")) * 2 + L.px(8)
        if self.text_block is not None:
            y += self.text_block.place(self.app, x + pad, y, w - 2 * pad) + L.px(10)
        h = y - area.top + self.app.line_height(L.font("large")) * 2 + L.px(60)
        self.card_rect = pygame.Rect(x, area.top, w, min(area.height, h))

    def draw(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        r = self.card_rect
        draw_card(surf, self.app, r)
        pad = L.px(32)
        blit_text(surf, self.app, self.title, L.font("h2"), P.ink, (r.left + pad, r.top + pad), bold=True,
                  max_width=r.width - 2 * pad)
        st = self.step
        # The table counts hands (one deal each, to a win or a draw), whatever the goal key says.
        if self.lesson.audience == "child":  # a child plays games, not "hands"
            goal = (ngettext("Goal: win {n} game!", "Goal: win {n} games!", st.goal.wins).format(n=st.goal.wins)
                    if st.goal.wins else ngettext("Let's play {n} game!", "Let's play {n} games!",
                                                  st.goal.games or 1).format(n=st.goal.games or 1))
        else:
            goal = (ngettext("Goal: win {n} hand.", "Goal: win {n} hands.", st.goal.wins).format(n=st.goal.wins)
                    if st.goal.wins else ngettext("Goal: play {n} hand.", "Goal: play {n} hands.",
                                                  st.goal.games or 1).format(n=st.goal.games or 1))
        blit_text(surf, self.app, goal, L.font("large"), P.ink, (r.left + pad, r.bottom - pad), anchor="bottomleft",
                  bold=True, max_width=r.width // 2)
        if not has_own_table(st.mode):
            from trainer.ui.widgets import blit_wrapped

            note = _("The table plays full riichi rules with this step's settings; the special rules of "
                     "this variant are not in the game engine yet.")
            blit_wrapped(surf, self.app, note, L.font("small"), P.ink_muted,
                         pygame.Rect(r.left + pad, r.top + pad + self.app.line_height(L.font("h2")) + L.px(6),
                                     r.width - 2 * pad, 0), max_lines=2)
        if self.outcome is not None:
            text = self.outcome_text()
            blit_text(surf, self.app, text, L.font("body"), P.right if self.outcome.get("goal_met") else P.ink_muted,
                      (r.right - pad, r.bottom - pad), anchor="bottomright", max_width=r.width // 2 - pad)

    def outcome_text(self) -> str:
        """What the learner did at the table: hands played and won; a child is praised for the
        games played, with a star per win as the children's table shows them (no score)."""
        games, wins = self.outcome.get("games", 0), self.outcome.get("wins", 0)
        if self.lesson.audience != "child":
            return _("Hands played {g}, won {w}").format(g=games, w=wins)
        if self.outcome.get("goal_met"):
            text = ngettext("{n} game played. Well done!", "{n} games played. Well done!", games).format(n=games)
        else:
            text = ngettext("{n} game played. Let's play again!", "{n} games played. Let's play again!",
                            games).format(n=games)
        return text + (" " + "★" * min(wins, 12) if wins else "")


def simple_modes() -> tuple[str, ...]:
    """The play modes the shape-game table plays with their own rules (data/modes/*.toml)."""
    from trainer.engine.game.simple_modes import mode_ids

    return mode_ids()


def has_own_table(mode: str) -> bool:
    """Whether a play mode is played by its own rules (the full game, or a shape-game mode)."""
    return mode == "full_game" or mode in simple_modes()


def extra_view(host: Any, step: Any, lesson: Any) -> StepView:
    """The view for a ``drill`` or ``play`` step."""
    if step.kind == "drill":
        return DrillStepView(host, step, lesson)
    return PlayStepView(host, step, lesson)

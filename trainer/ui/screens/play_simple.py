"""The table for the simple play modes: tibet, ponjan, children's riichi, the glass table.

The learner sits at the bottom with big tiles (click a tile to lift it, click it
again — or press Enter — to give it away; Left/Right move the cursor).  The
other players sit along the top with their hands face down (face up when the
mode reveals all hands; at a table of four on two lines, big enough to
read) and their discards below them; the learner's discards are in the middle.
A "ready" lamp glows when the learner is one tile from a complete hand (coach
``hints`` or ``full``; ``full`` also marks the best tiles to give away and names
the winning tiles).  Tsumo, Ron, Pon, Chi, Riichi and
Pass buttons appear only when the engine offers them.  At the end a friendly
panel says who won (with the winning hand; when several won on one discard, every winner is
named and each hand shown under its value, the learner's first) and offers another game; the lamp
behind it says «Победа!» after the learner's win and is hidden otherwise.  The coach's
marks and the lamp read the hand by the game's own shape; a ready hand that cannot win on
a discard (no yaku, furiten) says why.  Short mahjong's intermediate wins are announced
(who won, the hands growing, the stage in the header).  A free game of several hands
(risu, single-suit mahjong, the A/B game) is saved when left and between hands
(``resume=PATH`` continues it, offered by its setup screen); leaving asks first and says
what happens to the game.

Open it with ``app.push("play_simple", mode="tibet", hand=7, players=3,
reveal="own", coach="hints", seed=...)``.  Other params: ``tiles`` (a set name or
a tile-set description), ``rules`` (a dict of mode overrides: hand, win,
yaku_pool, calls, players...), ``win``, ``calls``, ``bots``, ``goal_games`` /
``goal_wins``, ``on_done(outcome)`` (called with ``{"games", "wins",
"goal_met"}``), ``title`` and ``kids`` (big tiles; default for the children's
modes).
"""

from __future__ import annotations

import logging
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

import pygame

from trainer.engine.game.actions import Chi, Discard, IllegalAction, Kan, Pass, Pon, Riichi, Ron, Tsumo
from trainer.engine.game.full_table import make_game
from trainer.engine.game.honor_exchange import ExchangeHonor
from trainer.engine.game.kan_rules import draw_limit_reached, okurikan_effect
from trainer.engine.game.simple import SimpleGame
from trainer.engine.game.simple_actions import simple_action_from_json, simple_action_to_json
from trainer.engine.game.simple_bots import make_simple_bot
from trainer.engine.game.simple_modes import ModeError, TableSetup, get_mode, table_setup
from trainer.engine.game.training_shapes import Shape
from trainer.engine.notation import format_tiles
from trainer.engine.tiles import Tile, parse_tile
from trainer.i18n import N_, _, format_points, fu_text, han_text, ngettext, pgettext, points_text
from trainer.ui.registry import register_screen
from trainer.ui.richtext import plain_text, shown_term_mode
from trainer.ui.screens.base import Screen
from trainer.ui.theme import PALETTE
from trainer.ui.tileview import TileRow, TileSlot, row_width
from trainer.ui.training_setup import (
    forget_saved_game,
    read_saved_game,
    saved_game_path,
    write_saved_game,
)
from trainer.ui.views import ab_guess as play_ab
from trainer.ui.views.explain import tile_words
from trainer.ui.views.lesson_order import lesson_records
from trainer.ui.views.table.result import and_join as winners_join
from trainer.ui.views.table.result import listed_winner, whose_hand
from trainer.ui.views.table.tiles import meld_pieces
from trainer.ui.views.table.wins import seat_owner, seat_subject
from trainer.ui.widgets import Button, blit_text, draw_panel, wrapped_lines

P = PALETTE
log = logging.getLogger(__name__)
SAVED_PARAMS = ("mode", "rules", "hand", "players", "tiles", "win", "calls", "reveal", "coach", "bots", "title")
"""The table's params a saved game keeps (the rest are a lesson's, which never saves)."""
BOT_DELAY = 0.6  # seconds between two bot moves: slow enough for a child to follow
BLOCK_GAP = 8  # design pixels between two winners' lines on the end panel
KIDS_MODES = ("tibet", "ponjan", "kids_riichi")
CALL_LESSONS = ("kids_tibet_5",)
"""The lessons that teach a child the win calls, «цумо» and «рон» (lessons/kids/kids_tibet_5.yaml, its
step ``tsumo_and_ron``, after its first games): until the child has finished one, a child's table says
«Готово!» on the win button instead (:meth:`PlaySimpleScreen.win_label`)."""
KIDS_READ_TILE = 0.6
"""The smallest other player's tile at a child's table (open melds, revealed hands), as a share of a
hand tile's height: 32 pixels wide at 1024x600 with large tiles.  A hand that would be smaller on
one line goes on two (four players, 13 tiles)."""
KIDS_RIVER_TILE = 0.48
"""The smallest discard a child's table with hands on two lines keeps room for (26 pixels wide at
1024x600 with large tiles): the boxes along the top and the middle panel are sized for it."""
KIDS_RIVER_LINES = 3  # lines of discards an other player's box keeps room for under a two-line hand
TWO_LINE_GAP = 0.1  # between the two lines of an other player's hand, in tile heights
END_TILE_LEAST = 0.6  # a winner's hand on the end panel shrinks to this share of a hand tile under the hands
STAGE_WIN_MOST = 3 / 8  # the middle panel's share an intermediate win's line may take when a quarter is short
ADULT_READ_TILE = 0.7
"""The smallest other player's tile at a grown-up's table of four (open melds, hands shown at the
end), as a share of a hand tile's height: 31 pixels wide at 1024x600 with medium tiles (one line of
14 shrinks to 20).  A hand that would be smaller on one line goes on two (13 tiles and more) when
its box has the room (:attr:`HandReading.grows`)."""
ADULT_READING_PLAYERS = 4
"""From this many players a grown-up's table keeps the other players' hands at :data:`ADULT_READ_TILE`
(its three boxes along the top are the narrowest); a smaller table keeps one line at half a hand tile."""
MODE_TITLES = {"tibet": N_("Tibet"), "ponjan": N_("Ponjan"), "kids_riichi": N_("Say riichi!"),
               "glass_table": N_("Glass table"), "single_suit_2": N_("Single-suit mahjong, variant 2")}
MODE_VARIANTS = {"single_suit_1": 1}
"""Games the rulebook numbers as a variant («Одномастный маджонг: Вариант 1», 000:3489) whose title is
the glossary's name: the table's title adds the number, as variant 2's does."""
TIBET_TITLES = {4: N_("Tibet: five tiles"), 7: N_("Tibet: eight tiles"), 10: N_("Tibet: eleven tiles"),
                13: N_("Tibet: fourteen tiles")}
"""Tibet by the hand held: the children's Tibet lessons («Тибет: пять плиток», lessons/kids/kids_tibet_*)
count the whole hand, the tiles held and the one taken, so the table's title says their words and
then the count held («Тибет: пять плиток (4 в руке + 1)»), as the children's setup asks it."""
VALUE_LABELS = {
    "wide_wait": N_("wide wait"),
    "wind_double": N_("wind triplets: x{n}"),
    "no_shuntsu_double": N_("no sequences with the single wait: x2"),
    "iisou_sanshun": N_("three identical sequences"),
    "shape_win": N_("a complete hand without a yaku"),
    "tanyao_poton": N_("all simples “pōton” 222-34567-888 (a limit)"),
    "sanshoku": N_("three color sequences"),
    "dummy_pays": N_("the empty seats pay too, as at a table of four"),
    "riichi_sticks": N_("riichi sticks on the table"),
    "tenpai_win": N_("an announced open tenpai without a yaku"),
    "six_pairs": N_("six pairs and a lone honor"),
}
"""Value items that are not glossary terms (the others are shown with the learner's term display)."""


def wind_nothing_to_double(n: int) -> str:
    """Kunto's wind triplets in a hand without a han: what they double, and that there is none."""
    return ngettext("{n} wind triplet doubles the han, but this hand has no han: nothing to double.",
                    "{n} wind triplets double the han, but this hand has no han: nothing to double.", n).format(n=n)


COUNTED_LABELS = {"wind_nothing_to_double": wind_nothing_to_double}
"""Value items worded as a whole sentence whose words follow their count (a plural form)."""
UNITS = {"han": han_text, "points": points_text, "fu": fu_text}
"""A count of a value unit in words, with the plural the number takes ("2 хана", "5 ханов")."""
READY_BLOCKS = {
    "no_yaku": (N_("Ready, no yaku"),
                N_("Ready, but with no yaku: you can win only on your own draw (menzen tsumo), not on a discard. "
                   "Declare riichi with your next discard, and a discard can win too.")),
    "no_yaku_at_all": (N_("Ready, no yaku"),
                       N_("Ready, but this hand has no yaku: it cannot win. Change it toward a yaku.")),
    "furiten": (N_("Ready, furiten"),
                N_("Furiten: a winning tile is in your own discards, so you cannot win on a discard, "
                   "only by your own draw (tsumo).")),
}
"""Why a ready hand cannot win on a discard -> (the lamp's word, the prompt's explanation)."""
SEAT_NAMES = {2: (N_("You"), N_("Across")), 3: (N_("You"), N_("Right"), N_("Left")),
              4: (N_("You"), N_("Right"), N_("Across"), N_("Left"))}
MULTI_RON = {
    (2, "other"): N_("Double ron! Both won on {loser}'s discard."),
    (2, "yours"): N_("Double ron! Both won on your discard."),
    (2, "yours_child"): N_("Double ron! Both won with your tile."),
    (3, "other"): N_("Triple ron! All three won on {loser}'s discard."),
    (3, "yours"): N_("Triple ron! All three won on your discard."),
    (3, "yours_child"): N_("Triple ron! All three won with your tile."),
}
"""Several winners on one discard -> the end panel's line under the headline, by the number of
winners and whose discard it was (a child's own tile in the children's words)."""


def meld_slots(melds: Any, *, gap: float = 0.3) -> list[TileSlot]:
    """Called sets drawn as the main table draws them (its :func:`meld_pieces`): the called tile
    turned sideways on the side of the player it came from, a closed kan's two end tiles face
    down; each set after a gap, its slots grouped by the set's index."""
    return [TileSlot(p.tile, sideways=p.sideways, face_down=p.face_down, gap=p.gap, group=mi)
            for mi, m in enumerate(melds) for p in meld_pieces(m, gap=gap) if p.tile is not None]


def two_line_break(slots: list[TileSlot], width: int, height: int) -> int:
    """Where an other player's hand breaks onto its second line: between the concealed tiles and
    the melds when both lines fit ``width`` at ``height``, else where the longer line is shortest,
    the first line the longer of two equal choices (never inside a meld)."""
    spacing = TileRow._spacing(height)

    def longer(i: int) -> int:
        return max(row_width(slots[:i], height, spacing), row_width(slots[i:], height, spacing))

    melds_at = next((i for i, slot in enumerate(slots) if slot.group >= 0), 0)
    if 0 < melds_at and longer(melds_at) <= width:
        return melds_at
    breaks = [i for i in range(1, len(slots)) if slots[i].group < 0 or slots[i].group != slots[i - 1].group]
    return min(breaks, key=lambda i: (longer(i), -i), default=len(slots))


class EndPiece(NamedTuple):
    """One piece of the end panel's contents, measured: ``kind`` ("row" for a winner's tiles,
    "label" for the line naming one of several winners, "line", or "gap" between two winners), the
    ``item`` (the seat of a row, the text of a line), the text's ``lines`` wrapped to the panel and
    the ``height`` the piece takes."""

    kind: str
    item: Any
    lines: tuple[str, ...]
    height: int


class EndPads(NamedTuple):
    """Where the end panel's parts stand, in layout pixels (:meth:`Layout.px`): the ``headline`` and
    the ``subtitle`` from the panel's top, the ``contents`` from its top (one subtitle line), the
    ``bottom`` from the contents' end to the panel's bottom, the buttons' top ``button`` above the
    bottom; the headline in the largest of ``fonts`` that fits."""

    headline: int
    subtitle: int
    contents: int
    bottom: int
    button: int
    fonts: tuple[str, ...]


END_PADS = EndPads(headline=20, subtitle=74, contents=110, bottom=110, button=80, fonts=("title", "h2", "large"))
KIDS_TIGHT_PADS = EndPads(headline=12, subtitle=54, contents=90, bottom=80, button=70, fonts=("h2", "large"))
"""A child's end panel where the usual one does not fit between the other players' boxes and the
child's hand (1024x600): a smaller headline, less room around it and the button."""


class HandReading(NamedTuple):
    """How big a table shows the other players' hands, as shares of a hand tile's height: ``line``
    on one line, ``tile`` at the least (a hand that would be smaller on one line goes on two, up to
    ``most``), ``river`` the smallest discard and ``river_lines`` the lines of discards a box keeps
    room for under a hand on two lines; ``grows``: the boxes grow down into the middle panel to
    make that room (a child's table), else the hands go on two lines only where the boxes have it."""

    line: float
    tile: float
    most: float
    river: float
    river_lines: int
    grows: bool


KIDS_READING = HandReading(line=0.8, tile=KIDS_READ_TILE, most=0.8, river=KIDS_RIVER_TILE,
                           river_lines=KIDS_RIVER_LINES, grows=True)
ADULT_READING = HandReading(line=ADULT_READ_TILE, tile=ADULT_READ_TILE, most=0.8, river=0.6, river_lines=2,
                            grows=False)
"""A grown-up's table of four: its rivers keep the table's usual discard size (0.6, 26 pixels wide at
1024x600), and its middle panel its room (the open wall, the dora, the A/B game's palette); where the
boxes are too low for two lines of hand and two of discards (the A/B game's guess at 1024x600), the
hands stay on one line and the discards keep their size."""


class StageWin(NamedTuple):
    """An intermediate win of short mahjong: the winner, the hand won (the winning tile in it),
    the winning tile, tsumo or ron, and the hand size it was won at."""

    seat: int
    hand: tuple[Tile, ...]
    tile: Tile
    tsumo: bool
    size: int


def shape_best_discards(game: Any, seat: int) -> frozenset[int]:
    """The kinds ``seat`` may give away to keep the lowest shanten under the game's own
    :class:`~trainer.engine.game.training_shapes.Shape` (``game.form``), and among those the
    ones that leave the most live tiles to improve the hand, read by the same shape."""
    form, live = game.form, not game.riichi[seat]
    kinds = [t.kind for t in game.hands[seat]] + [t.kind for m in game.melds[seat] if not m.kind.is_kan
                                                  for t in m.tiles]
    after: dict[int, int] = {}
    for k in {t.kind for t in game.hands[seat]}:
        rest = list(kinds)
        rest.remove(k)
        after[k] = form.shanten(rest, jokers_live=live)
    if not after:
        return frozenset()
    low = min(after.values())
    best = [k for k, v in after.items() if v == low]
    if len(best) < 2:
        return frozenset(best)
    seen = game.visible_counts()
    copies = Counter(t.kind for t in game.setup.tileset.tiles)
    left = {k: n - seen[k] - kinds.count(k) for k, n in copies.items()}

    def improving(k: int) -> int:
        rest = list(kinds)
        rest.remove(k)
        return sum(n for c, n in left.items() if n > 0 and form.shanten([*rest, c], jokers_live=live) < low)

    counts = {k: improving(k) for k in best}
    top = max(counts.values())
    return frozenset(k for k, n in counts.items() if n == top)


@register_screen("play_simple")
class PlaySimpleScreen(Screen):
    """A simple table with the learner at seat 0 (see the module docstring)."""

    rebuild_on_enter = False
    banner_top = True  # notices under the header: the hand and the prompt are at the bottom

    def __init__(self, app: Any, **params: Any) -> None:
        saved = read_saved_game(Path(params["resume"])) if params.get("resume") else None
        if saved is not None:  # a game of several hands left in the middle: its own table
            params = {**saved["params"], "resume": params["resume"]}
        super().__init__(app, **params)
        seed = params.get("seed")
        self.seed = int(seed) if seed is not None else random.randrange(1_000_000)
        self.error = ""
        try:
            self.setup: TableSetup | None = table_setup(params)
        except ModeError as e:
            self.setup = None
            self.error = str(e)
        self.mode = str(params.get("mode") or "tibet")
        self.kids = bool(params.get("kids", self.mode in KIDS_MODES))
        self.goal_games = params.get("goal_games")
        self.goal_wins = params.get("goal_wins")
        self.free = params.get("on_done") is None and not self.goal_games and not self.goal_wins
        if not self.goal_games and not self.goal_wins:
            self.goal_games = 1
        self.games = 0
        self.wins = 0
        self.reported = False
        self.riichi_mode = False
        self.timer = 0.0
        self.game: SimpleGame | None = None
        self._calls_taught: bool | None = None  # read once from the learner's lessons (calls_taught)
        if self.setup is not None and not (saved is not None and self._restore(saved)):
            self.new_game()

    # ---------------------------------------------------------------- the game

    def new_game(self) -> None:
        """Deal a fresh hand (the dealer moves round the table from game to game)."""
        assert self.setup is not None
        carry = self._carried_points()
        prev = self.game
        seed = self.seed + self.games
        dealer = self.games % self.setup.players
        if carry is not None and hasattr(prev, "next_dealer"):
            dealer = prev.next_dealer()  # the A/B game: the dealer keeps the deal on its own agari
        self.game = make_game(self.setup, seed, dealer=dealer)
        self.hand_seed = seed
        self._make_bots(seed)
        if carry is not None:
            self.game.points = carry
            if hasattr(self.game, "table_points"):  # the A/B game: the points on the table stay there
                self.game.table_points = prev.table_points  # type: ignore[union-attr]
        else:
            self.match_started = time.monotonic()
            self.last_agari: int | None = None
            self.final_hand = False
            self.table_paid: tuple[int, int] | None = None
        self.stage_wins: list[StageWin] = []  # short mahjong's intermediate wins in this hand
        # each seat's points (and the A/B game's table) as the hand starts: the end panel's before -> after
        self.hand_start = (list(self.game.points), int(getattr(self.game, "table_points", 0)))
        self.counted = False
        self.riichi_mode = False
        self.timer = 0.0

    def _make_bots(self, seed: int) -> None:
        """The other players of a hand dealt with ``seed``."""
        assert self.setup is not None
        self.bots = [None] + [make_simple_bot(self.setup.bots, seed * 10 + s, self.setup.rules, self.setup.shape_rules())
                              for s in range(1, self.setup.players)]

    # ---------------------------------------------------------------- a game left to continue

    def keeps_game(self) -> bool:
        """Whether this table saves its game of several hands when left, to be continued from the
        game's setup screen (free play only: a lesson's or a child's table is played through)."""
        return self.setup is not None and self.free and not self.kids and self.several_hands()

    def saved_state(self) -> dict[str, Any]:
        """The game as it stands, to rebuild it later: the table's params and counters, the hand
        in play as its deal (seed, dealer, points) and every action since, and each seat's points
        now (what the setup's «Continue» line quotes)."""
        g = self.game
        assert g is not None
        points, table = self.hand_start
        return {
            "params": {k: v for k, v in self.params.items() if k in SAVED_PARAMS},
            "seed": self.seed, "games": self.games, "wins": self.wins, "match_hands": self.match_hands,
            "elapsed": time.monotonic() - getattr(self, "match_started", time.monotonic()),
            "last_agari": getattr(self, "last_agari", None), "final_hand": bool(getattr(self, "final_hand", False)),
            "hand_seed": self.hand_seed, "dealer": g.dealer, "hand_start": [list(points), table],
            "points": list(g.points),  # the standings now (after a hand that has ended, its payments too)
            "history": [[seat, simple_action_to_json(a)] for seat, a in g.history],
        }

    def _restore(self, saved: dict[str, Any]) -> bool:
        """Rebuild a saved game (its hand replayed action by action); False when it cannot be —
        then the save is dropped and a new game starts."""
        assert self.setup is not None
        try:
            points, table = saved["hand_start"]
            game = make_game(self.setup, int(saved["hand_seed"]), dealer=int(saved["dealer"]))
            game.points = [int(p) for p in points]
            if hasattr(game, "table_points"):
                game.table_points = int(table)
            for seat, data in saved["history"]:
                game.apply(int(seat), simple_action_from_json(data))
            counters = [int(saved[k]) for k in ("seed", "games", "wins", "match_hands")]
        except (KeyError, TypeError, ValueError) as e:  # IllegalAction too: the engine has changed
            log.warning("training game %s not resumed: %s", self.mode, e)
            forget_saved_game(saved_game_path(self.app, self.mode))
            return False
        self.seed, self.games, self.wins, self.match_hands = counters
        self.game, self.hand_seed = game, int(saved["hand_seed"])
        self._make_bots(self.hand_seed)
        self.match_started = time.monotonic() - float(saved.get("elapsed", 0.0))
        self.last_agari, self.final_hand = saved.get("last_agari"), bool(saved.get("final_hand"))
        self.table_paid = None
        self.hand_start = ([int(p) for p in points], int(table))
        self.stage_wins = []
        self.counted, self.riichi_mode, self.timer = game.ended, False, 0.0
        return True

    def _keep_or_forget(self) -> None:
        """Save the game of several hands while it goes on; forget it once it is over."""
        if not self.keeps_game() or self.game is None:
            return
        path = saved_game_path(self.app, self.mode)
        if self.game.ended and self.match_over():
            forget_saved_game(path)
        elif self.game.history or self.match_hands or self.game.ended:
            write_saved_game(path, self.saved_state())

    def _carried_points(self) -> list[int] | None:
        """The points the next hand starts from: a mode that plays several hands a game (risu,
        single-suit mahjong) carries them on until the game is over (someone below zero, without
        sticks someone at 100,000, or the hands run out); then a new game starts from the mode's
        start points."""
        g, setup = self.game, self.setup
        if g is None or setup is None or setup.max_hands <= 1 or not setup.keeps_points or self.match_over():
            self.match_hands = 0
            return None
        self.match_hands = getattr(self, "match_hands", 0) + 1
        return list(g.points)

    def match_over(self) -> bool:
        """True once this game of several hands is over (:meth:`TableSetup.game_over`)."""
        g, setup = self.game, self.setup
        if g is None or setup is None or setup.max_hands <= 1 or not g.ended:
            return False
        return bool(setup.game_over(g.points, getattr(self, "match_hands", 0) + 1)) or getattr(self, "final_hand", False)

    def clock_left(self) -> float | None:
        """Seconds left of a game on a clock (the A/B game's hour, ``game_minutes``), 0 once the
        time is up (the hand in play is the last); None without a clock."""
        setup = self.setup
        if setup is None or setup.max_hands <= 1 or not setup.game_minutes:
            return None
        return max(0.0, setup.game_minutes * 60 - (time.monotonic() - getattr(self, "match_started", time.monotonic())))

    def match_status(self) -> str:
        """The game of several hands in one line: the hand, the points on the table (A/B game) and
        the time left or "last hand" ("" for a game of one hand)."""
        g, setup = self.game, self.setup
        if g is None or setup is None or setup.max_hands <= 1 or not setup.keeps_points:
            return ""
        parts = [_("Hand {n}").format(n=getattr(self, "match_hands", 0) + 1)]
        if hasattr(g, "table_points"):
            parts.append(_("on the table {n}").format(n=format_points(g.table_points)))
        left = self.clock_left()
        if left is not None:
            parts.append(_("last hand") if left <= 0 else _("{n} min left").format(n=int((left + 59) // 60)))
        return " · ".join(parts)

    def _hand_over(self) -> None:
        """A hand has ended: remember who declared agari; with the time up it was the game's last
        hand; at the game's end the A/B game pays the points on the table to the last one who
        declared agari (000:3511, :func:`~trainer.engine.game.ab_game.settle_table`)."""
        g = self.game
        assert g is not None and g.result is not None
        if g.result.winners:
            self.last_agari = g.result.winners[-1]
        left = self.clock_left()
        if left is not None and left <= 0:
            self.final_hand = True
        if not self.match_over():
            return
        self.final_hand = True  # settled below: the game stays over whatever the points then are
        if hasattr(g, "table_points") and getattr(self, "last_agari", None) is not None and g.table_points:
            from trainer.engine.game.ab_game import settle_table

            self.table_paid = (self.last_agari, g.table_points)
            g.points = settle_table(g.points, g.table_points, last_agari=self.last_agari)
            g.table_points = 0

    def title(self) -> str:
        if self.params.get("title"):
            return str(self.params["title"])
        try:
            mode = get_mode(self.mode)
            sizes = mode.allowed.get("hand", ())
            term = mode.title
        except ModeError:
            sizes, term = (), ""
        if self.mode in MODE_TITLES:
            names = [_(MODE_TITLES[self.mode])]
        else:  # the term as the learner likes to see it, or its plain name where that is too long
            names = [self.app.term_text(term or self.mode)]
            try:
                names.append(self.app.glossary().term(term or self.mode).name(self.app.settings.language))
            except (KeyError, LookupError):
                pass
        if self.mode in MODE_VARIANTS:
            names = [_("{game}, variant {n}").format(game=name, n=MODE_VARIANTS[self.mode]) for name in names]
        if self.mode == "tibet" and self.setup is not None and self.setup.hand in TIBET_TITLES:
            # the lesson's words («Тибет: пять плиток»), and the tiles held as the setup counts them
            lesson = _(TIBET_TITLES[self.setup.hand])
            full = _("{title} ({n} in hand + 1)").format(title=lesson, n=self.setup.hand)
            return full if self._title_fits(full) else lesson
        text = ""
        for name in names:
            # the hand size as the setup names it ("Tiles in hand: 4"), not the 5 held on one's turn
            text = name if self.setup is None or len(sizes) < 2 else ngettext(
                "{mode}: {n} tile in hand", "{mode}: {n} tiles in hand", self.setup.hand).format(
                mode=name, n=self.setup.hand)
            if self._title_fits(text):
                break
        return text

    def _title_fits(self, text: str) -> bool:
        """Whether ``text`` fits the header between the back button and the games count."""
        L = self.app.layout
        start, end = self.header_span()
        b = self.back_button
        left = b.rect.right + L.px(20) if b is not None and b.rect.width else start + L.px(170)
        extra = self.header_extra()
        right_w = min(self.app.text_width(extra, L.font("small")), L.width // 3) + L.px(20) if extra else 0
        return self.app.text_width(text, L.font("h2"), bold=True) <= end - left - right_w

    def header_extra(self) -> str:
        if self.setup is not None and (self.setup.scoring == "none" or self.kids and not self.setup.keeps_points):
            return "★" * min(self.wins, 12)  # children: a star per win, no numbers (the glass table too)
        if self.several_hands():  # every hand is counted, not a game of several hands
            text = _("hands {g}, wins {w}").format(g=self.games, w=self.wins)
        else:
            text = _("games {g}, wins {w}").format(g=self.games, w=self.wins)
        if self.game is not None and self.setup is not None and self.setup.keeps_points:
            text += " · " + _("points {p}").format(p=format_points(self.game.points[0]))
        stage = self.stage_label()
        return text + " · " + stage if stage else text

    def stage_label(self) -> str:
        """Short mahjong's stage: which of the growing hand sizes is played now ("" elsewhere)."""
        g = self.game
        stages = tuple(g.setup.stages) if g is not None else ()
        if g is None or len(stages) < 2 or g.hand_size not in stages:
            return ""
        return _("stage {k} of {n}: a hand of {h}").format(k=stages.index(g.hand_size) + 1, n=len(stages),
                                                        h=g.hand_size)

    def seat_name(self, seat: int) -> str:
        """How the table calls a seat: You, Right, Across, Left."""
        n = self.setup.players if self.setup else 4
        return _(SEAT_NAMES[n][seat])

    def seat_subject(self, seat: int) -> str:
        """Another seat as the subject of a sentence ("Left" / «Игрок слева»)."""
        return seat_subject(seat, self.setup.players if self.setup else 4)

    def my_legal(self) -> list[Any]:
        """The learner's legal actions now (empty when it is not the learner's decision)."""
        g = self.game
        if g is None or g.ended or 0 not in g.to_act():
            return []
        return g.legal_actions(0)

    def goal_met(self) -> bool:
        """Whether the lesson's goal (games played or won) is reached; free play never ends."""
        if self.free:
            return False
        if self.goal_wins:
            return self.wins >= self.goal_wins
        return self.games >= (self.goal_games or 1)

    def ready(self) -> bool:
        """The ready lamp: the learner's waiting hand is one tile from complete (tenpai)."""
        g = self.game
        return g is not None and g.is_tenpai(0)

    def can_win(self) -> bool:
        """The lamp's "complete": the learner may win now, fairly (the prompt says "You can win!")."""
        return any(isinstance(a, Tsumo | Ron) and not self._fault(a) for a in self.my_legal())

    def offered_discard(self) -> int | None:
        """The seat whose discard the learner may win on now (Ron is offered): its tile is the
        last of that seat's river.  None without a Ron, or for a robbed kan's tile (in no river)."""
        g = self.game
        if g is None or not any(isinstance(a, Ron) for a in self.my_legal()):
            return None
        src, tile = getattr(g, "last_from", None), getattr(g, "last_tile", None)
        if src is None or src == 0 or not g.rivers[src] or g.rivers[src][-1].tile != tile:
            return None
        return src

    def _win_prompt(self, legal: list[Any]) -> str:
        """What to say when the learner may win: a child is told which button to press, and on
        another player's discard whose tile it is (the tile is marked in that player's river)."""
        src = self.offered_discard()
        if not self.kids:
            if src is None:
                return _("You can win!")
            return _("You can win on {who}'s discard!").format(
                who=seat_owner(src, self.setup.players if self.setup else 4))
        button = self.win_label(next(a for a in legal if isinstance(a, Tsumo | Ron)))
        if not self.calls_taught():  # the child's words: «Рука собрана! Нажми «Готово!»»
            if src is None:
                return pgettext("to a child", "You made your hand! Press “{button}”").format(button=button)
            return pgettext("to a child", "You made your hand with {who}'s tile! Press “{button}”").format(
                who=seat_owner(src, self.setup.players if self.setup else 4), button=button)
        if src is None:
            return pgettext("to a child", "You can win! Press “{button}”").format(button=button)
        return pgettext("to a child", "You can win with {who}'s tile! Press “{button}”").format(
            who=seat_owner(src, self.setup.players if self.setup else 4), button=button)

    def win_label(self, action: Tsumo | Ron) -> str:
        """The win button's words: the call («Цумо!», «Рон!»), or at a child's table before a
        children's lesson has taught the calls (:meth:`calls_taught`) the child's own words, the
        same for both («Готово!»)."""
        if self.kids and not self.calls_taught():
            # TRANSLATORS: a child's win button before a lesson taught «цумо»/«рон» (ru: «Готово!», the same for a girl or a boy).
            return pgettext("to a child", "I made it!")
        if isinstance(action, Tsumo):
            return pgettext("mahjong call", "Tsumo") + "!"
        return pgettext("mahjong call", "Ron") + "!"

    def calls_taught(self) -> bool:
        """Whether the learner has finished a lesson that teaches the win calls, «цумо» and «рон»
        (:data:`CALL_LESSONS`); read once per table (False without a progress store)."""
        if self._calls_taught is None:
            records = lesson_records(self.app)
            self._calls_taught = any((records.get(lesson) or {}).get("completed_at") for lesson in CALL_LESSONS)
        return self._calls_taught

    def almost_ready(self) -> bool:
        """Holding the extra tile, the learner can give one away and be ready (or has won).  The
        extra tile is read from the game's own hand size (``seat_waiting``: twelve tiles hold 12
        and 13 on their turn, short mahjong's hands grow), never from a multiple of three."""
        g = self.game
        if g is None or g.ended or g.seat_waiting(0):
            return False
        return g.shanten(0) <= 0

    # ---------------------------------------------------------------- widgets

    def build(self) -> None:
        self.action_buttons: list[Button] = []
        self.end_buttons: list[Button] = []
        self.hand_row = None
        self.other_rows: dict[int, TileRow] = {}
        self.rivers: dict[int, TileRow] = {}
        self.win_row: TileRow | None = None
        self.win_rows: dict[int, TileRow] = {}
        self.end_lines: list[tuple[str, int, bool]] = []
        self.two_line_hands = False  # the other players' hands on two lines (set by the layout)
        self.end_one_line = False  # the hands put back on one line for the end panel to stand under them
        self.end_pads = END_PADS  # the end panel's spacing (a child's tighter one where room is short)
        self.end_tile_cap: int | None = None  # a winner's hand on the end panel no taller than this
        g = self.game
        if g is None:
            self.end_buttons.append(self.add(Button(_("Back"), self.app.pop, kind="primary", hotkey="Enter")))
            return
        legal = self.my_legal()
        hand = sorted(g.hands[0])
        drawn = g.drawn[0] if 0 in g.to_act() and g.phase == "turn" else None
        slots = [TileSlot(t) for t in hand]  # in view while guessing too, under the palette
        if drawn is not None and slots:
            idx = max(i for i, s in enumerate(slots) if s.tile == drawn)
            slots.pop(idx)
            slots.append(TileSlot(drawn, gap=0.35))
        start = len(slots)
        slots += meld_slots(g.melds[0] if slots or not hand else (), gap=0.35)
        self.hand_row = self.add(TileRow(slots, pickable=True, multi=False, on_change=self._picked))
        discards = {a.tile for a in legal if isinstance(a, Discard)}
        riichi_tiles = {a.tile for a in legal if isinstance(a, Riichi) or play_ab.is_announcement(a)}
        allowed = riichi_tiles if self.riichi_mode else discards
        self.hand_row.inert = set(range(start, len(slots)))  # the melds: shown plainly, never picked
        self.hand_row.dim = {i for i, s in enumerate(slots[:start]) if allowed and s.tile not in allowed}
        self.hand_row.locked = not allowed
        self.hand_row.cursor = max(0, start - 1)
        for label, action in self._action_choices(legal):
            # a penalty is never the offered choice, and passing is the other choice, never the main one
            kind = "secondary" if self._fault(action) or isinstance(action, Pass) else "primary"
            self.action_buttons.append(self.add(Button(label, lambda a=action: self._act(a), kind=kind)))
        if riichi_tiles and not any(isinstance(a, Tsumo) for a in legal):
            label = _("Cancel riichi") if self.riichi_mode else pgettext("mahjong call", "Riichi")
            if any(play_ab.is_announcement(a) for a in legal):
                label = _("Cancel") if self.riichi_mode else _("Say tenpai")
            # a child is told to press it now (the prompt): the button the prompt names stands out
            kind = "primary" if self.kids and not self.riichi_mode else "secondary"
            self.action_buttons.append(self.add(Button(label, self._toggle_riichi, kind=kind)))
        play_ab.add_guess_widgets(self)
        reveal = self.setup is not None and (self.setup.reveal == "all" or g.ended)
        for s in range(1, g.n):
            tiles = sorted(g.hands[s])
            row = TileRow([TileSlot(t, face_down=not reveal) for t in tiles] + meld_slots(g.melds[s]))
            self.other_rows[s] = self.add(row)
        for s in range(g.n):
            river = g.rivers[s]
            row = TileRow([TileSlot(d.tile, sideways=d.riichi) for d in river])
            row.dim = {i for i, d in enumerate(river) if d.called}
            self.rivers[s] = self.add(row)
        offered = self.offered_discard()
        if offered is not None:  # the tile the learner may win on: marked where its owner gave it away
            self.rivers[offered].marks[len(g.rivers[offered]) - 1] = "hint"
        self._coach_marks(legal)
        if g.ended:
            self._build_end()

    def _build_end(self) -> None:
        g = self.game
        assert g is not None and g.result is not None
        # every winner's hand (several may win on one discard), the learner's first
        self.win_rows = {seat: self.add(self._winning_row(seat)) for seat in self.winners_in_order()}
        self.win_row = next(iter(self.win_rows.values()), None)
        if self.goal_met():
            self._report()
            self.end_buttons.append(self.add(Button(pgettext("end of game", "Done"), self.back, kind="primary",
                                                    hotkey="Enter")))
            self.end_buttons.append(self.add(Button(self._again_label(), self.play_again, kind="secondary")))
        else:
            self.end_buttons.append(self.add(Button(self._again_label(), self.play_again, kind="primary",
                                                    hotkey="Enter")))

    def winners_in_order(self) -> list[int]:
        """The seats that won the hand just over, the learner first, the others in the engine's
        order (turn order from the discarder); [] after a draw or before the end."""
        g = self.game
        if g is None or g.result is None:
            return []
        return sorted(g.result.winners, key=lambda seat: seat != 0)

    def _winning_row(self, seat: int) -> TileRow:
        """A winner's hand as won (a ron's tile added), its melds as at the table, the winning tile
        marked, and at risu the tiles the dora after agari counts."""
        g = self.game
        assert g is not None and g.result is not None
        res = g.result
        tiles = sorted(g.hands[seat] + ([res.tile] if res.kind == "ron" and res.tile is not None else []))
        slots = [TileSlot(t) for t in tiles] + meld_slots(g.melds[seat])
        row = TileRow(slots)
        dora = self.after_win_dora()
        for i, slot in enumerate(slots):  # risu: the tiles the dora after agari counts
            if dora is not None and slot.tile is not None and slot.tile.kind == dora.kind:
                row.marks[i] = "hint"
        if res.tile is not None:  # the winning tile is among the concealed ones, never in a meld
            idx = max((i for i, s in enumerate(slots) if s.tile == res.tile and s.group < 0), default=None)
            if idx is not None:
                row.marks[idx] = "right"
        return row

    def several_hands(self) -> bool:
        """Whether this table plays a game of several hands whose points carry on (the A/B game,
        risu, single-suit mahjong)."""
        return self.setup is not None and self.setup.max_hands > 1 and self.setup.keeps_points

    def _again_label(self) -> str:
        """The end panel's button: the next hand while a game of several hands goes on, else a
        new game."""
        return _("Next hand") if self.several_hands() and not self.match_over() else _("Play again")

    def _coach_marks(self, legal: list[Any]) -> None:
        """Coach ``full``: mark the tiles whose discard keeps the hand closest to complete."""
        self.best_kinds: set[int] = set()
        coach = self.setup.coach if self.setup else "off"
        if coach != "full" or self.hand_row is None or not any(isinstance(a, Discard) for a in legal):
            return
        self.best_kinds = self._best_discards()
        for i, s in enumerate(self.hand_row.slots):
            if s.tile.kind in self.best_kinds and i not in self.hand_row.dim and i not in self.hand_row.inert:
                self.hand_row.marks[i] = "hint"

    def _best_discards(self) -> set[int]:
        """The kinds whose discard keeps the learner's hand closest to complete under this game's
        own rules: the standard ukeire on a plain table, else the mode's shape (suits ignored,
        dragons as tens or jokers, two pairs), as the lamp and the bots read the hand."""
        g = self.game
        assert g is not None
        if g.form.is_plain:
            from trainer.engine.ukeire import discard_options

            try:
                opts = discard_options(g.hand(0))
            except ValueError:
                return set()
            best = (opts[0].shanten_after, opts[0].total) if opts else None
            return {o.tile.kind for o in opts if (o.shanten_after, o.total) == best}
        key = (tuple(sorted(t.kind for t in g.hands[0])), tuple(g.visible_counts()), g.riichi[0])
        cached = getattr(self, "_shape_best", None)
        if cached is None or cached[0] != key:
            self._shape_best = (key, shape_best_discards(g, 0))
        return set(self._shape_best[1])

    def _action_choices(self, legal: list[Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = []
        for a in legal:
            if isinstance(a, Tsumo | Ron):
                out.append((self.win_label(a), a))
            elif isinstance(a, Pon):
                out.append((pgettext("mahjong call", "Pon") + "!", a))  # one pon per discard: no tiles to name
            elif isinstance(a, Chi):
                out.append((pgettext("mahjong call", "Chii") + " " + format_tiles(a.tiles), a))
            elif isinstance(a, Kan):
                if self.setup is not None and self.setup.suits == "ignored" and a.tile.kind < 27:
                    what = str(a.tile.kind % 9 + 1)  # suits ignored: four of one rank, any suits ("Kan 5")
                else:
                    what = tile_words(self.app, [a.tile], plain=True)
                out.append((pgettext("mahjong call", "Kan") + " " + what, a))
            elif play_ab.choices(a) is not None:
                out.append(play_ab.choices(a))  # type: ignore[arg-type]
            elif isinstance(a, ExchangeHonor):  # half-abundance: an honor for a new tile, paid to the dealer
                out.append((_("Exchange {tile}: −{n}").format(tile=tile_words(self.app, [a.tile], plain=True,
                                                                                   inline=True),
                                                              n=format_points(self.game.setup.honor_exchange)), a))
        if any(isinstance(a, Pass) for a in legal):
            out.append((_("Pass"), Pass()))
        # an action the table punishes (risu: a win with four of a kind kept, okurikan) says so and
        # comes last, so the first button — the one the keyboard starts on — is a fair play
        fair = [(label, a) for label, a in out if not self._fault(a)]
        faults = [(_("{action} (chombo)").format(action=label.rstrip("!")), a) for label, a in out if self._fault(a)]
        return fair + faults

    def _fault(self, action: Any) -> str | None:
        """The engine's word on ``action``: the fault it would be at this table (``"okurikan"``), or None."""
        fault = getattr(self.game, "fault", None)  # the full-rules tables have no such faults
        return fault(0, action) if fault is not None and not self.game.ended else None  # type: ignore[union-attr]

    def _okurikan_warning(self, legal: list[Any]) -> str:
        """Before the fault, not after it: with four of a kind in the hand where the mode makes
        keeping them undeclared a chombo (risu), what the kan is for and what keeping them costs
        ("" when nothing in ``legal`` is such a fault)."""
        g = self.game
        kans = [a for a in legal if isinstance(a, Kan)]
        effect = okurikan_effect(g.setup) if g is not None else None
        if not kans or effect is None or effect[0] != "chombo" or not any(self._fault(a) for a in legal):
            return ""
        tiles = tile_words(self.app, [a.tile for a in kans], plain=True, inline=True)
        text = ngettext("You hold four of a kind ({tiles}): declare the kan. Keeping all four (a win now, or "
                        "discarding another tile) is {okurikan}, in this game a {chombo}: you would pay {n} point to "
                        "each other player.",
                        "You hold four of a kind ({tiles}): declare the kan. Keeping all four (a win now, or "
                        "discarding another tile) is {okurikan}, in this game a {chombo}: you would pay {n} points "
                        "to each other player.", effect[1]).format(
            tiles=tiles, okurikan="{term:okurikan}", chombo="{term:chombo}", n=format_points(effect[1]))
        return plain_text(text, self.app)

    # ---------------------------------------------------------------- actions

    def _picked(self, sel: set[int]) -> None:
        if not sel and self.hand_row is not None:
            self._discard_index(self.hand_row.cursor)  # a second click on the lifted tile gives it away

    def _discard_index(self, i: int) -> None:
        row = self.hand_row
        if row is None or not 0 <= i < len(row.slots) or i in row.dim or i in row.inert:
            return
        tile = row.slots[i].tile
        legal = self.my_legal()
        if self.riichi_mode:
            act = next((a for a in legal if (isinstance(a, Riichi) or play_ab.is_announcement(a)) and a.tile == tile),
                       None)
        else:
            act = next((a for a in legal if isinstance(a, Discard) and a.tile == tile), None)
        if act is not None:
            self._act(act)

    def discard_tile(self, tile: Tile) -> bool:
        """Give ``tile`` away if that is legal now (tests and scripted demonstrations)."""
        if self.hand_row is None:
            return False
        for i, s in enumerate(self.hand_row.slots):
            if s.tile == tile and i not in self.hand_row.dim and i not in self.hand_row.inert:
                self._discard_index(i)
                return True
        return False

    def _toggle_riichi(self) -> None:
        self.riichi_mode = not self.riichi_mode
        self.rebuild()

    def _act(self, action: Any) -> None:
        assert self.game is not None
        try:
            self.game.apply(0, action)
        except IllegalAction as exc:
            self.app.notify(exc.reason, "warn")
            return
        self.riichi_mode = False
        self.timer = 0.0
        self.app.play_sound("tile")
        self._after_action()

    def _read_events(self) -> None:
        """Take in the engine's events since the last action: an intermediate win (``stage_win``,
        short mahjong) is announced and remembered with the winner's hand."""
        g = self.game
        if g is None:
            return
        seen = self._events_seen if getattr(self, "_events_game", None) is g else 0
        for ev in g.events[seen:]:
            if ev.get("type") == "stage_win":
                self._stage_won(ev)
        self._events_game, self._events_seen = g, len(g.events)

    def _stage_won(self, ev: dict[str, Any]) -> None:
        """Announce an intermediate win: who won, how, and that every hand grows."""
        g = self.game
        assert g is not None
        seat, tile, tsumo = int(ev["seat"]), parse_tile(str(ev["tile"])), bool(ev.get("tsumo"))
        hand = tuple(parse_tile(t) for t in ev.get("won", ()))  # the engine's: the hand as it was won
        self.stage_wins.append(StageWin(seat, hand, tile, tsumo, int(ev.get("hand", 0))))
        self.app.notify(self.stage_text(self.stage_wins[-1]), "ok" if seat == 0 else "info", seconds=8)

    def stage_text(self, win: StageWin) -> str:
        """An intermediate win in one sentence: who won, how, and the size the hands grow to — or,
        when the wall cannot grow them (``no_growth``), that the game ends in a draw instead."""
        g = self.game
        stages = g.setup.stages if g is not None else ()
        bigger = next((h for h in stages if h > win.size), win.size)
        how = _("tsumo") if win.tsumo else _("ron")
        if g is not None and g.ended and getattr(g.result, "reason", "") == "no_growth":  # the hands stay
            if win.seat == 0:
                return _("Intermediate win ({how}), but the wall cannot grow every hand: a draw.").format(how=how)
            return _("{who} wins an intermediate hand ({how}), but the wall cannot grow every hand: a draw.").format(
                who=self.seat_subject(win.seat), how=how)
        if win.seat == 0:
            return _("Intermediate win ({how}): nothing is paid, every hand grows to {n} tiles.").format(
                how=how, n=bigger)
        return _("{who} wins an intermediate hand ({how}): nothing is paid, every hand grows to {n} tiles.").format(
            who=self.seat_subject(win.seat), how=how, n=bigger)

    def _after_action(self) -> None:
        self._read_events()
        g = self.game
        if g is not None and g.ended and not self.counted:
            self.counted = True
            self.games += 1
            self._hand_over()
            if 0 in g.result.winners:  # type: ignore[union-attr]
                self.wins += 1
                self.app.play_sound("right")
            self._keep_or_forget()  # between hands (or over): the game as it stands
        self.focus = None
        self.rebuild()
        self.app.invalidate()

    def play_again(self) -> None:
        """Deal another game at the same table."""
        self.new_game()
        self.focus = None
        self.rebuild()
        self.app.invalidate()

    def _report(self) -> None:
        if self.reported:
            return
        self.reported = True
        cb = self.params.get("on_done")
        if cb is not None:
            cb({"games": self.games, "wins": self.wins, "goal_met": self.goal_met()})

    def back(self) -> None:
        """Esc or Back: ask first whenever leaving loses something — a hand in play (a move made
        already, even when the discards go back into the wall), or any part of a game of several
        hands that is not over (between its hands too) — and say what is lost; else leave."""
        body = self.leave_loss()
        if body:
            self.open_dialog(_("Leave the table?"), body,
                             [(_("Leave"), self.leave_table, "secondary"), (_("Keep playing"), lambda: None, "primary")])
            return
        self.leave_table()

    def leave_loss(self) -> str:
        """What leaving the table now loses, in a sentence ("" when nothing is lost): the whole
        game of several hands (its hands, everyone's points, and the clock where the game has one),
        or the hand in play; a free game is kept instead, and the sentence names what is kept."""
        g = self.game
        if g is None:
            return ""
        in_hand = not g.ended and bool(g.history)
        if self.several_hands() and not (g.ended and self.match_over()) and (in_hand or self.match_hands or g.ended):
            if self.keeps_game() and self.clock_left() is not None:
                return _("The game is kept as it stands — its hands, everyone's points and the clock: continue it "
                         "later with “Continue” on the game's setup screen.")
            if self.keeps_game():
                return _("The game is kept as it stands — its hands and everyone's points: continue it later "
                         "with “Continue” on the game's setup screen.")
            if self.clock_left() is not None:
                return _("The whole game will be lost: every hand played, everyone's points and the clock. "
                         "It cannot be continued later.")
            return _("The whole game will be lost: every hand played and everyone's points. "
                     "It cannot be continued later.")
        if not in_hand:
            return ""
        # TRANSLATORS: the question before leaving a children's table mid-game (ru: «ты»).
        return pgettext("to a child", "The game is not finished: if you leave now, it is lost.") if self.kids \
            else _("The hand in progress will be lost.")

    def leave_table(self) -> None:
        """Report the hands played (to a lesson's play step), keep a game of several hands to be
        continued, and close the table."""
        self._keep_or_forget()
        if not self.reported and self.games:
            cb = self.params.get("on_done")
            if cb is not None:
                cb({"games": self.games, "wins": self.wins, "goal_met": self.goal_met()})
            self.reported = True
        self.app.pop()

    def submit(self) -> bool:
        if self.end_buttons:
            self.end_buttons[0].activate()
            return True
        row = self.hand_row
        if row is None:
            return False
        if row.selected:
            self._discard_index(next(iter(row.selected)))
            return True
        if not row.locked:
            row.toggle(row.cursor)
            return True
        return False

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.action_buttons):
            self.action_buttons[n - 1].activate()
            return True
        return False

    def initial_focus(self) -> int | None:
        if self.end_buttons:
            return self.widgets.index(self.end_buttons[0])
        if self.action_buttons:
            return self.widgets.index(self.action_buttons[0])
        if self.hand_row is not None:
            return self.widgets.index(self.hand_row)
        return None

    def update(self, dt: float) -> bool:
        """Let the other players move, one action per BOT_DELAY seconds."""
        g = self.game
        if g is None or g.ended or self.dialog is not None:
            return False
        if not [s for s in g.to_act() if s != 0]:
            return False
        self.timer += dt
        if self.timer < BOT_DELAY:
            return True
        self.timer = 0.0
        self.bot_step()
        return True

    def bot_step(self) -> None:
        """One move of the first other player who must decide."""
        g = self.game
        assert g is not None
        for s in g.to_act():
            if s == 0:
                continue
            legal = g.legal_actions(s)
            g.apply(s, self.bots[s].choose(g.view(s), legal))
            break
        self._after_action()

    def run_bots_until_learner(self, limit: int = 2000) -> None:
        """Advance the other players until the learner decides or the game ends (tests, screenshots)."""
        g = self.game
        for _step in range(limit):
            if g is None or g.ended or not [s for s in g.to_act() if s != 0]:
                return
            self.bot_step()

    # ---------------------------------------------------------------- layout

    def _seat_order(self) -> list[int]:
        """The other seats from left to right along the top: Left, Across, Right."""
        n = self.game.n if self.game else 0
        return list(range(n - 1, 0, -1))

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        g = self.game
        if g is None:
            b = self.end_buttons[0]
            b.rect = pygame.Rect(0, 0, max(b.preferred_width(self.app), L.px(200)), L.px(56))
            b.rect.midtop = (area.centerx, area.centery + L.px(40))
            return
        lh = self.app.line_height(L.font("small"))
        # The learner's hand: big tiles at the bottom.
        hand_h = play_ab.hand_height(self, L, L.tile_h(1.3 if self.kids else 1.05))
        assert self.hand_row is not None
        self.hand_row.place(area.centerx, area.bottom - hand_h - L.px(6), area.width - L.px(40), hand_h)
        hand_top = play_ab.place_palette(self, area, hand_h, L) or self.hand_row.rect.top
        # Buttons above the hand, on the right.
        bh = L.px(60 if self.kids else 50)
        x = area.right
        y = hand_top - bh - L.px(18)
        for b in reversed(self.action_buttons):
            bw = max(b.preferred_width(self.app), L.px(150))
            b.rect = pygame.Rect(x - bw, y, bw, bh)
            x -= bw + L.px(12)
        self.controls_y = y
        y = self._place_prompt(area, y)  # what to do now: left of the buttons, or above them when long
        # The other players along the top.
        seats = self._seat_order()
        top = area.top + L.px(4)
        col_w = (area.width - L.px(16) * (len(seats) - 1)) // max(1, len(seats))
        self.seat_boxes: dict[int, pygame.Rect] = {}
        self.two_line_hands = self._hands_on_two_lines(col_w - L.px(24), self._one_line_bottom(y) - top, lh)
        self.end_one_line, self.end_tile_cap = False, None
        band_bottom = self._band_bottom(top, y, lh)
        for k, s in enumerate(seats):
            box = pygame.Rect(area.left + k * (col_w + L.px(16)), top, col_w, band_bottom - top)
            self.seat_boxes[s] = box
            self._place_seat(s, box, lh)
        # The learner's river in the middle, between the lamp (left) and the wall count (right).
        mid_top = band_bottom + L.px(10)
        mid_h = y - L.px(10) - mid_top
        self.mid_rect = pygame.Rect(area.left, mid_top, area.width, mid_h)
        shift = self.stage_win_room(area.width) - self.stage_win_room(area.width, quarter=True)
        if self.setup is not None and self.setup.visible_draws:  # leave the right third to the open wall
            rw = area.width * 2 // 5 - shift
            self._place_river(self.rivers[0], area.left + area.width // 4 + shift + rw // 2, mid_top + L.px(4), rw,
                              mid_h - L.px(8))
        else:  # right of the last intermediate win's line (short mahjong) when it needs more than a quarter
            self._place_river(self.rivers[0], area.centerx + (shift + 1) // 2, mid_top + L.px(4),
                              area.width // 2 - shift, mid_h - L.px(8))
        self._place_end_panel(area)
        if self._end_covers_hands():  # the hands shown at the end go on one line, the panel under them
            self.two_line_hands, self.end_one_line = False, True
            for s, box in self.seat_boxes.items():
                self._place_seat(s, box, lh)
            self._place_end_panel(area)
        bx = self.end_rect.centerx
        widths = [max(b.preferred_width(self.app), L.px(180)) for b in self.end_buttons]
        total = sum(widths) + L.px(16) * (len(widths) - 1)
        x = bx - total // 2
        for b, bw in zip(self.end_buttons, widths, strict=True):
            b.rect = pygame.Rect(x, self.end_rect.bottom - L.px(self.end_pads.button), bw, L.px(58))
            x += bw + L.px(16)

    def hand_reading(self) -> HandReading | None:
        """How big this table shows the other players' hands: a child's table at a child's reading
        size, a grown-up's table of four at :data:`ADULT_READ_TILE`; None at a grown-up's smaller
        table (one line at half a hand tile)."""
        if self.kids:
            return KIDS_READING
        if self.game is not None and self.game.n >= ADULT_READING_PLAYERS:
            return ADULT_READING
        return None

    def _hands_on_two_lines(self, width: int, height: int, lh: int) -> bool:
        """Whether the other players' hands go on two lines: at a table that keeps them readable
        (:meth:`hand_reading`) whose hands (the widest one, or a full hand of the size played now
        with the tile drawn) would be smaller than its reading size on one line ``width`` pixels
        wide (four players, 13 tiles), when the boxes (``height`` pixels tall with one line, a
        label ``lh`` tall) grow or have the room."""
        reading = self.hand_reading()
        if reading is None or self.setup is None or not self.other_rows:
            return False
        if not reading.grows and height < self._two_line_box_height(lh):
            return False
        h = self.app.layout.tile_h(reading.tile)
        spacing = TileRow._spacing(h)
        full = [TileSlot(Tile(0))] * (int(getattr(self.game, "hand_size", self.setup.hand)) + 1)
        widest = max(row_width(row.slots, h, spacing) for row in self.other_rows.values())
        return max(widest, row_width(full, h, spacing)) > width

    def _one_line_bottom(self, controls_top: int) -> int:
        """Where the other players' boxes end with their hands on one line: above the middle panel,
        which keeps two lines of the learner's discards above the controls."""
        L = self.app.layout
        river_h = L.tile_h(0.7 if self.kids else 0.6)
        return controls_top - L.px(12) - round(river_h * 2.2) - L.px(28)

    def _band_bottom(self, top: int, controls_top: int, lh: int) -> int:
        """Where the other players' boxes end (the learner's river is under them, above the
        controls).  With the hands on two lines at a child's table a box grows to keep room for
        its label, the hand at a child's reading size and :data:`KIDS_RIVER_LINES` lines of
        discards at :data:`KIDS_RIVER_TILE`; the middle panel keeps two lines of the learner's
        discards at that size."""
        L = self.app.layout
        bottom = self._one_line_bottom(controls_top)
        reading = self.hand_reading()
        if not self.two_line_hands or reading is None or not reading.grows:
            return bottom  # a grown-up's middle panel keeps its room (the open wall, the dora)
        middle = self._river_room(2) + L.px(8)  # the learner's river, two lines, inside the middle panel
        return max(bottom, min(top + self._two_line_box_height(lh), controls_top - L.px(20) - middle))

    def _two_line_box_height(self, lh: int) -> int:
        """The height an other player's box needs with the hand on two lines: its label (``lh``
        tall), the hand at the reading size and :attr:`HandReading.river_lines` lines of discards."""
        L = self.app.layout
        reading = self.hand_reading() or KIDS_READING
        return lh + L.px(12) + self._two_line_height(L.tile_h(reading.tile)) + L.px(8) \
            + self._river_room(reading.river_lines) + L.px(4)

    def _river_room(self, lines: int) -> int:
        """The height ``lines`` lines of discards take at the smallest river tile a table with the
        hands on two lines keeps room for (:attr:`HandReading.river`)."""
        reading = self.hand_reading() or KIDS_READING
        return -(-lines * self.app.layout.tile_h(reading.river) * 108 // 100)

    @staticmethod
    def _two_line_height(h: int) -> int:
        """The height of a hand on two lines of tiles ``h`` pixels tall."""
        return 2 * h + round(h * TWO_LINE_GAP)

    def _place_seat(self, seat: int, box: pygame.Rect, lh: int) -> None:
        """Lay out one other player's box: the hand under the label (on two lines at a four-player
        table, :meth:`_hands_on_two_lines`), the discards under it."""
        L = self.app.layout
        row, width = self.other_rows[seat], box.width - L.px(24)
        hand_top = box.top + lh + L.px(12)
        reading = self.hand_reading()
        if self.two_line_hands and reading is not None:
            read_h = L.tile_h(reading.tile)
            row.breaks = [two_line_break(row.slots, width, read_h)]
            room = box.bottom - hand_top - L.px(8) - self._river_room(reading.river_lines) - L.px(4)
            h = max(read_h, min(L.tile_h(reading.most), int(room / (2 + TWO_LINE_GAP))))
            row.place(box.centerx, hand_top, width, h, line_gap=TWO_LINE_GAP)
            rtop = row.rect.bottom + L.px(8)
            self._place_river(self.rivers[seat], box.centerx, rtop, width, box.bottom - rtop - L.px(4))
            return
        row.breaks = []  # one line (a hand put back from two for the end panel too)
        row.place(box.centerx, hand_top, width, L.tile_h(reading.line if reading is not None else 0.5))
        rtop = row.rect.bottom + L.px(12)
        self._place_river(self.rivers[seat], box.centerx, rtop, width, box.bottom - rtop - L.px(6))

    def _place_end_panel(self, area: pygame.Rect) -> None:
        """Size the end panel to what it says and lay out its contents under the subtitle: the
        winners' hands (a hand each when several won on one discard, as many as fit the window, the
        learner's first) and the lines of value, wrapped to the panel (``self.end_lines``).  The
        contents are measured once (:meth:`end_pieces`); the panel is sized and filled from that."""
        L = self.app.layout
        w = min(L.px(720), L.width - 2 * L.margin)
        self.end_pads, self.end_tile_cap = END_PADS, None
        room = self._kids_end_room()
        if room is not None:  # a child's table: between the other players' boxes and the child's hand
            pieces = self._kids_end_pieces(w, room.height)
        else:
            room_top = self._hands_bottom() if self.end_one_line else area.top  # under the hands, or the header
            budget = L.height - room_top - L.px(8) - self._end_start(w) - L.px(END_PADS.bottom)  # the contents' room
            pieces = self._fit_end_pieces(w, budget, END_TILE_LEAST if self.end_one_line else None)
        start = self._end_start(w)
        self.end_rect = pygame.Rect(0, 0, w, start + sum(p.height for p in pieces) + L.px(self.end_pads.bottom))
        self.end_rect.center = (L.width // 2, area.top + area.height * 2 // 5)
        if room is not None:  # a panel too tall for the room (a long line) still ends inside the window
            self.end_rect.top = min(room.top, max(area.top, L.height - L.px(8) - self.end_rect.height))
        else:
            if self.end_rect.top < area.top:  # a long panel (the A/B game's points) stays below the header
                self.end_rect.top = min(area.top, max(0, L.height - L.px(8) - self.end_rect.height))
            self._below_open_hands()
        self._fill_end_panel(pieces, self.end_rect.top + start)

    def _end_start(self, panel_width: int) -> int:
        """Where the end panel's contents start, from its top: under the headline and the subtitle's
        lines (:attr:`end_pads`)."""
        L = self.app.layout
        extra = (len(self.subtitle_lines(panel_width)) - 1) * self.app.line_height(L.font("body"))
        return L.px(self.end_pads.contents) + extra

    def _kids_end_room(self) -> pygame.Rect | None:
        """At a child's table once the game is over, the room the end panel stands in so that it
        covers no other player's hand or discards and not the child's hand: from under the other
        players' boxes down to the child's hand (the middle panel, the learner's own discards and the
        wall's count under it; no buttons there at the end).  None elsewhere."""
        g = self.game
        if not self.kids or g is None or not g.ended or not self.seat_boxes or self.hand_row is None:
            return None
        L = self.app.layout
        top = max(box.bottom for box in self.seat_boxes.values()) + L.px(10)
        return pygame.Rect(0, top, L.width, max(0, self.hand_row.rect.top - L.px(8) - top))

    def _kids_end_pieces(self, panel_width: int, room_height: int) -> list[EndPiece]:
        """A child's end panel's pieces in ``room_height`` pixels: all of them with the usual
        spacing where that fits; else with the tighter one (:data:`KIDS_TIGHT_PADS`), the winner's
        tiles smaller, down to the size of the discards (:data:`KIDS_RIVER_TILE`), and left out below
        that (every hand is face up at the end: the winner's stands in its own place)."""
        L = self.app.layout
        pieces = self.end_pieces(panel_width)
        fixed = self._end_start(panel_width) + L.px(END_PADS.bottom)
        if fixed + sum(p.height for p in pieces) <= room_height:
            return pieces
        self.end_pads = KIDS_TIGHT_PADS
        budget = room_height - self._end_start(panel_width) - L.px(KIDS_TIGHT_PADS.bottom)
        pieces = self._fit_end_pieces(panel_width, budget, KIDS_RIVER_TILE)
        if sum(p.height for p in pieces) > budget:
            pieces = [p for p in pieces if p.kind != "row"]
        return pieces

    def _fit_end_pieces(self, panel_width: int, budget: int, least: float | None) -> list[EndPiece]:
        """The end panel's pieces (:meth:`end_pieces`) within ``budget`` pixels where they can be:
        another winner's tiles left out first (the lines say what each hand was worth); with
        ``least`` (the hands put on one line, :attr:`end_one_line`, or a child's table) the last
        hand shown also smaller, down to that share of a hand tile."""
        L = self.app.layout
        pieces = self.end_pieces(panel_width)
        rows = [p for p in pieces if p.kind == "row"]
        while len(rows) > 1 and sum(p.height for p in pieces) > budget:
            pieces.remove(rows.pop())
        over = sum(p.height for p in pieces) - budget
        if least is None or not rows or over <= 0:
            return pieces
        self.end_tile_cap = max(L.tile_h(least), self._end_tile_h() - over)
        shown = {p.item for p in rows}
        return [p for p in self.end_pieces(panel_width) if p.kind != "row" or p.item in shown]

    def end_pieces(self, panel_width: int) -> list[EndPiece]:
        """The end panel's contents (:meth:`end_plan`, every winner's tiles) measured on a panel
        ``panel_width`` wide: each text wrapped to its lines, each piece with the room it takes."""
        L = self.app.layout
        lh = self.app.line_height(L.font("small"))
        pieces = []
        for kind, item in self.end_plan(set(self.win_rows)):
            if kind == "gap":
                pieces.append(EndPiece(kind, item, (), L.px(BLOCK_GAP)))
            elif kind == "row":  # room for the tiles at full height (a wide hand shrinks within it)
                pieces.append(EndPiece(kind, item, (), self._row_top_gap() + self._end_tile_h() + L.px(10)))
            else:
                lines = tuple(self._end_wrap(item, panel_width, bold=kind == "label"))
                pieces.append(EndPiece(kind, item, lines, lh * len(lines)))
        return pieces

    def _fill_end_panel(self, pieces: list[EndPiece], top: int) -> None:
        """Place the measured ``pieces`` down the end panel from ``top``: the winners' hands shown
        (the others hidden) and every wrapped line in ``self.end_lines``."""
        L = self.app.layout
        lh = self.app.line_height(L.font("small"))
        self.end_lines = []
        for row in self.win_rows.values():
            row.visible = False
        y = top
        for piece in pieces:
            if piece.kind == "row":
                row = self.win_rows[piece.item]
                row.visible = True
                row.place(self.end_rect.centerx, y + self._row_top_gap(), self.end_rect.width - L.px(60),
                          self._end_tile_h())
                y = row.rect.bottom + L.px(10)
                continue
            for line in piece.lines:
                self.end_lines.append((line, y, piece.kind == "label"))
                y += lh
            y += piece.height - lh * len(piece.lines)  # a gap between two winners

    def _below_open_hands(self) -> None:
        """At a table with the hands on two lines (or put back on one for the panel,
        :attr:`end_one_line`), move the end panel down under the other players' hands (shown face up
        once the hand is over) as far as the window lets it."""
        if not (self.two_line_hands or self.end_one_line) or not self.other_rows:
            return
        lowest = self.app.layout.height - self.app.layout.px(8) - self.end_rect.height
        self.end_rect.top = max(self.end_rect.top, min(self._hands_bottom(), lowest))

    def _hands_bottom(self) -> int:
        """Where the end panel may start under the other players' hands."""
        gap = self.app.layout.px(4 if self.end_one_line else 10)
        return max((row.rect.bottom for row in self.other_rows.values()), default=0) + gap

    def _end_covers_hands(self) -> bool:
        """Whether the end panel, placed, covers part of the other players' hands on two lines."""
        g = self.game
        if g is None or not g.ended or not self.two_line_hands or not self.other_rows:
            return False
        return any(row.rect.colliderect(self.end_rect) for row in self.other_rows.values())

    def end_plan(self, rows: set[int]) -> list[tuple[str, Any]]:
        """The end panel under its subtitle, top to bottom: ``("row", seat)`` for a winner's tiles
        (the seats in ``rows`` only), ``("label", text)`` for the line that names one of several
        winners and what the hand was worth, ``("line", text)`` for every other line,
        ``("gap", None)`` between two winners."""
        blocks = self.winner_blocks()
        if len(blocks) < 2:
            head = [("row", seat) for seat in self.win_rows if seat in rows]
            return head + [("line", text) for text in self.value_lines()]
        plan: list[tuple[str, Any]] = []
        for seat, label, items in blocks:
            plan += [("gap", None)] if plan else []  # each winner's lines apart from the last one's
            plan.append(("label", label))
            if seat in rows:
                plan.append(("row", seat))
            plan += [("line", text) for text in items]
        return plan + [("line", text) for text in self._head_lines() + self._tail_lines()]

    def _end_tile_h(self) -> int:
        """The tile height of a winner's hand on the end panel: smaller when several hands won, and
        no taller than :attr:`end_tile_cap` when the panel stands under the hands on one line."""
        h = self.app.layout.tile_h(0.9 if len(self.win_rows) < 2 else 0.7)
        return min(h, self.end_tile_cap) if self.end_tile_cap else h

    def _row_top_gap(self) -> int:
        """The room between a winner's line and the hand under it when several hands won."""
        return self.app.layout.px(4) if len(self.win_rows) > 1 else 0

    def _end_wrap(self, text: str, panel_width: int, *, bold: bool = False) -> list[str]:
        """A line of the end panel wrapped to the panel's text width (never cut)."""
        L = self.app.layout
        return self.app.wrap(text, L.font("small"), panel_width - L.px(40), bold) or [""]

    def _place_prompt(self, area: pygame.Rect, y: int) -> int:
        """Lay out what the learner should do now: one line left of the buttons when it fits
        there, else wrapped across the table above them (with the line that explains the honor
        exchange while it is offered).  Returns the new top of the controls."""
        L = self.app.layout
        app = self.app
        body, small = L.font("body"), L.font("small")
        msg, note = self._prompt(), self._exchange_note()
        left_w = (min(b.rect.left for b in self.action_buttons) if self.action_buttons else area.right) \
            - area.left - L.px(16)
        self.prompt_lines: list[tuple[str, int, tuple[int, int, int], bool, int]] = []
        if not note and (not msg or app.text_width(msg, body, bold=True) <= left_w):
            self.prompt_inline = msg
            return y
        self.prompt_inline = ""
        top = y - L.px(8)
        lines = [(line, body, P.accent, True) for line in (app.wrap(msg, body, area.width, bold=True) if msg else [])]
        lines += [(line, small, P.on_felt, False) for line in (app.wrap(note, small, area.width) if note else [])]
        for text, size, color, bold in reversed(lines):
            top -= app.line_height(size)
            self.prompt_lines.insert(0, (text, size, color, bold, top))
        return top - L.px(6)

    def _exchange_note(self) -> str:
        """One line on what the honor exchange is, while the learner may make one ("" otherwise)."""
        g = self.game
        if g is None or not any(isinstance(a, ExchangeHonor) for a in self.my_legal()):
            return ""
        n = g.setup.honor_exchange
        if g.dealer == 0:
            return ngettext("Exchange: give back a wind or dragon tile and draw a new one for {n} point "
                            "(you are the dealer: nobody receives it).",
                            "Exchange: give back a wind or dragon tile and draw a new one for {n} points "
                            "(you are the dealer: nobody receives them).", n).format(n=format_points(n))
        return ngettext("Exchange: give back a wind or dragon tile and draw a new one; you pay the dealer {n} point.",
                        "Exchange: give back a wind or dragon tile and draw a new one; you pay the dealer {n} points.",
                        n).format(n=format_points(n))

    def _place_river(self, row: TileRow, cx: int, top: int, width: int, height: int) -> None:
        """Discards in as few lines as fit the box, the tiles as big as the box allows."""
        from trainer.ui import tile_art

        L = self.app.layout
        n = len(row.slots)
        h = L.tile_h(0.7 if self.kids else 0.6)
        per = 1
        while h > 16:
            tw = tile_art.tile_size(h)[0] + max(1, round(h * 0.05))
            per = max(1, width // tw)
            lines = max(1, -(-n // per))
            if lines * h * 1.08 <= height:
                break
            h -= 2
        row.breaks = list(range(per, n, per))
        row.place(cx, top, width, h, align="left", line_gap=0.08)

    # ---------------------------------------------------------------- drawing

    def draw_content(self, surf: pygame.Surface) -> None:
        L = self.app.layout
        app = self.app
        area = L.content()
        g = self.game
        if g is None:
            blit_text(surf, app, _("This table cannot be set up."), L.font("h2"), P.on_felt,
                      (area.centerx, area.centery - L.px(60)), anchor="midbottom", bold=True, max_width=area.width)
            blit_text(surf, app, self.error, L.font("small"), P.on_felt_muted, (area.centerx, area.centery - L.px(30)),
                      anchor="midtop", max_width=area.width)
            return
        lh = app.line_height(L.font("small"))
        for s, box in self.seat_boxes.items():
            draw_panel(surf, box, P.felt_light, L.px(16))
            on_turn = s in g.to_act() and not g.ended
            label = self.seat_name(s)
            if g.riichi[s]:
                label += " · " + app.term_text("riichi")
            label += play_ab.seat_label(self, s)
            blit_text(surf, app, label, L.font("small"), P.accent if on_turn else P.on_felt,
                      (box.left + L.px(14), box.top + L.px(8)), bold=on_turn, max_width=box.width - L.px(28))
        m = self.mid_rect
        draw_panel(surf, m, P.felt_light, L.px(16))
        # The ready lamp.
        if self.lamp_shown():
            self._draw_lamp(surf, pygame.Rect(m.left + L.px(14), m.top + L.px(10), m.width // 4 - L.px(20),
                                              m.height - L.px(20)))
        count = blit_text(surf, app, self._tiles_left_text(), L.font("small"), P.on_felt_muted,
                          (m.right - L.px(16), m.top + L.px(10)), anchor="topright", max_width=m.width // 4)
        if g.riichi[0] and self.side_lines() == 1:  # beside the tiles left: the open wall or dora need the room below
            blit_text(surf, app, app.term_text("riichi") + " ·", L.font("small"), P.accent,
                      (count.left - L.px(6), m.top + L.px(10)), anchor="topright")
        elif g.riichi[0]:
            blit_text(surf, app, app.term_text("riichi"), L.font("small"), P.accent,
                      (m.right - L.px(16), m.top + L.px(10) + lh), anchor="topright", max_width=m.width // 4)
        if self.setup is not None and self.setup.visible_draws and not g.ended:
            self._draw_next(surf, m, lh)
        if hasattr(g, "dora_indicators"):
            self._draw_dora(surf, m, lh)
        match = self.match_status()
        if match:
            blit_text(surf, app, match, L.font("small"), P.on_felt_muted, (m.right - L.px(16), m.bottom - L.px(8)),
                      anchor="bottomright", max_width=m.width // 2)
        if self.stage_wins and not g.ended:
            self._draw_stage_win(surf, m)
        status = play_ab.status(self)
        if status:
            blit_text(surf, app, status, L.font("small"), P.on_felt_muted, (m.left + L.px(16), m.bottom - L.px(8)),
                      anchor="bottomleft", max_width=m.width // 4)
        # What to do now, above the hand on the left (or across the table above the buttons).
        msg = self.prompt_inline
        if msg:
            left_w = (min(b.rect.left for b in self.action_buttons) if self.action_buttons else area.right) \
                - area.left - L.px(16)
            blit_text(surf, app, msg, L.font("body"), P.accent, (area.left, self.controls_y + L.px(14)),
                      bold=True, max_width=left_w)
        for text, size, color, bold, top in self.prompt_lines:
            blit_text(surf, app, text, size, color, (area.left, top), bold=bold, max_width=area.width)

    def _draw_stage_win(self, surf: pygame.Surface, m: pygame.Rect) -> None:
        """The last intermediate win at the bottom left of the middle panel: who won, and the
        hand as it was won (the winning tile marked last)."""
        from trainer.ui import tile_art
        from trainer.ui.tileview import row_width, slot_width, tile_image

        L = self.app.layout
        win = self.stage_wins[-1]
        hand = list(win.hand)
        if win.tile in hand:
            hand.remove(win.tile)
        slots = [TileSlot(t) for t in hand] + [TileSlot(win.tile, gap=0.3)]
        room = self.stage_win_room(m.width)  # under the lamp, left of the learner's river
        h = max(12, min(L.tile_h(0.45), m.height // 3))
        while h > 12 and row_width(slots, h, max(1, h // 20)) > room:
            h -= 1
        y = m.bottom - L.px(8) - h
        blit_text(surf, self.app, self.stage_win_label(win), L.font("tiny"), P.on_felt_muted,
                  (m.left + L.px(16), y - L.px(2)), anchor="bottomleft", max_width=room)
        x, tw, spacing = m.left + L.px(16), tile_art.tile_size(h)[0], max(1, h // 20)
        for slot in slots:
            x += round(slot.gap * tw)
            surf.blit(tile_image(self.app, slot, h), (x, y))
            x += slot_width(slot, h) + spacing

    def stage_win_room(self, width: int, *, quarter: bool = False) -> int:
        """How wide the last intermediate win's line and hand may be drawn at the left of a middle
        panel ``width`` wide: its left quarter, or as wide as the line's words (at most
        :data:`STAGE_WIN_MOST` of the panel) when they need more and the hand is still played —
        the learner's river then starts further right.  ``quarter``: the quarter's room alone."""
        L = self.app.layout
        room = width // 4 - L.px(24)
        g = self.game
        if quarter or not self.stage_wins or g is None or g.ended:
            return room
        words = self.app.text_width(self.stage_win_label(self.stage_wins[-1]), L.font("tiny"))
        return max(room, min(words, int(width * STAGE_WIN_MOST) - L.px(24)))

    def stage_win_label(self, win: StageWin) -> str:
        """The words over an intermediate win's hand in the middle panel: "Across won with 4 tiles:"."""
        return _("{who} won with {n} tiles:").format(who=self.seat_name(win.seat), n=win.size)

    def _draw_next(self, surf: pygame.Surface, m: pygame.Rect, lh: int) -> None:
        """The open wall (yochi): the next draws, in the order they will be taken."""
        L = self.app.layout
        g = self.game
        assert g is not None
        tiles = g.view(0).next_draws
        if not tiles:
            return
        label_room = self.app.line_height(L.font("tiny")) + L.px(2)  # "yours" under the framed tile
        room = self._draw_tiles_labelled(surf, m, self._side_top(m, lh), 0.55, _("Next draws:"), tiles,
                                         below=label_room)
        self.open_wall_rect = room  # where the next draws are (tests: below the words above them)
        mine = self.own_next_draw()
        if mine is None or mine >= len(tiles):
            return
        # the learner's own next draw (if nobody calls): framed, "yours" under it
        from trainer.ui import tile_art

        h = room.height
        tw = tile_art.tile_size(h)[0]
        spacing = max(1, h // 20)
        width = len(tiles) * tw + spacing * (len(tiles) - 1)
        x = room.centerx - width // 2 + mine * (tw + spacing)
        frame = pygame.Rect(x - L.px(3), room.top - L.px(3), tw + L.px(6), h + L.px(6))
        pygame.draw.rect(surf, P.accent, frame, max(2, L.px(3)), border_radius=L.px(5))
        blit_text(surf, self.app, pgettext("the next draw", "yours"), L.font("tiny"), P.accent,
                  (frame.centerx, frame.bottom + L.px(2)), anchor="midtop", bold=True)

    def own_next_draw(self) -> int | None:
        """Which of the open wall's next draws (yochi) is the learner's: the draws go round the
        table from the player after the one on turn now (a call would change it); None once the
        hand is over."""
        g = self.game
        if g is None or g.ended:
            return None
        return (g.n - 1 - g.current) % g.n

    def _draw_dora(self, surf: pygame.Surface, m: pygame.Rect, lh: int) -> None:
        """The dora indicators of a four-player-rules table (bamboo, single-suit variant 2), where
        they stand once the learner has declared riichi: the riichi word never moves or shrinks them."""
        self.dora_rect = self._draw_tiles_labelled(surf, m, self._side_top(m, lh, riichi=True), 0.5,
                                                   _("Dora indicator:"),
                                                   self.game.dora_indicators())  # type: ignore[union-attr]

    def _tiles_left_text(self) -> str:
        """The wall count at the middle panel's top right."""
        return _("Tiles left: {n}").format(n=self.game.wall_remaining if self.game is not None else 0)

    def side_lines(self, riichi: bool | None = None) -> int:
        """The lines of words at the middle panel's top right: the tiles left, and the learner's
        riichi under them once declared — beside them, when both fit a third of the panel, at the
        tables whose tiles fill the rest of that corner (the open wall of yochi, the dora
        indicators).  ``riichi`` asks for the learner's riichi declared or not instead of as it is."""
        g = self.game
        if g is None or not (g.riichi[0] if riichi is None else riichi):
            return 1
        if not self._tiles_at_side():
            return 2
        L, small = self.app.layout, self.app.layout.font("small")
        words = self.app.text_width(self._tiles_left_text(), small) + L.px(6) + self.app.text_width(
            self.app.term_text("riichi") + " ·", small)
        return 1 if words <= self.mid_rect.width // 3 else 2

    def _tiles_at_side(self) -> bool:
        """Whether tiles stand at the middle panel's right under its words: the open wall (yochi)
        or the dora indicators (bamboo, single-suit variant 2)."""
        return bool(self.setup is not None and self.setup.visible_draws) or hasattr(self.game, "dora_indicators")

    def _side_top(self, m: pygame.Rect, lh: int, *, riichi: bool | None = None) -> int:
        """Where the tiles at the middle panel's right (the open wall, the dora indicators) start:
        under the lines of words above them (:meth:`side_lines`, ``riichi`` as there)."""
        return m.top + self.app.layout.px(16) + lh * self.side_lines(riichi)

    def _draw_tiles_labelled(self, surf: pygame.Surface, m: pygame.Rect, top: int, scale: float, label: str,
                             tiles: Any, *, below: int = 0) -> pygame.Rect:
        """A few tiles at the right edge of the middle panel from ``top``, their label to the left,
        ``below`` pixels kept free under them inside the panel."""
        from trainer.ui.tileview import draw_tile_string

        L = self.app.layout
        h = max(12, min(L.tile_h(scale), m.bottom - top - L.px(10) - below))
        tw = round(h * 0.75 * len(tiles)) + L.px(4) * len(tiles)
        room = pygame.Rect(m.right - L.px(16) - tw, top, tw, h)
        draw_tile_string(surf, format_tiles(list(tiles)), room, self.app)
        blit_text(surf, self.app, label, L.font("small"), P.on_felt_muted,
                  (room.left - L.px(10), room.centery), anchor="midright", max_width=m.width // 4)
        return room

    def _prompt(self) -> str:
        g = self.game
        if g is None or g.ended:
            return ""
        ab = play_ab.prompt(self)
        if ab:
            return ab
        legal = self.my_legal()
        warning = self._okurikan_warning(legal)
        if warning:
            return warning
        if self.can_win():
            return self._win_prompt(legal)
        if self.riichi_mode:
            if self.kids:  # a child is spoken to with «ты», as the children's lessons do
                return pgettext("to a child", "Riichi: choose the tile to give away.")
            return _("Riichi: choose the tile to give away.")
        if any(isinstance(a, Pon | Chi) for a in legal) or (g.phase == "calls" and any(isinstance(a, Kan)
                                                                                       for a in legal)):
            return _("You may take this tile.")
        if self.kids and any(isinstance(a, Riichi) for a in legal):  # «Скажи «риичи»!»: now is the moment
            return pgettext("to a child", "You can say “Riichi!”: press the button, then give away a tile.")
        if any(isinstance(a, Discard) for a in legal):
            if g.riichi[0]:
                if self.kids:
                    return pgettext("to a child", "Give away the tile you took.")
                return _("Give away the tile you took.")
            if self.kids:  # children's tables keep their own words for a discard
                return pgettext("to a child", "Your turn: click a tile, then click it again to give it away.")
            return _("Your turn: click a tile, then click it again to discard it.")  # as the main table says
        block = self.ready_block()
        if block:  # the lamp is lit, but a ron is not possible: say why while the others play
            return _(READY_BLOCKS[block][1])
        return _("{who} is playing…").format(who=self.seat_name(g.to_act()[0])) if g.to_act() else ""

    def learner_won(self) -> bool:
        """The game is over and the learner won it."""
        g = self.game
        return g is not None and g.ended and g.result is not None and 0 in (getattr(g.result, "winners", ()) or ())

    def lamp_shown(self) -> bool:
        """Whether the ready lamp is drawn: with a coach, and at the end only after the learner's own
        win (it says «Победа!» then); after another player's win or an empty wall the end panel
        speaks alone — a lit «Готово!» behind «Игрок слева выигрывает» would contradict it."""
        g = self.game
        if g is None or self.setup is None or self.setup.coach == "off":
            return False
        return not g.ended or self.learner_won()

    def lamp_text(self) -> str:
        """The ready lamp's word: the learner has won (the game is over), may win now (the hand
        still waits for that tile, so "you can win", not "complete"), is ready, is one discard
        from ready, or not yet; "" when the lamp is hidden (:meth:`lamp_shown`)."""
        g = self.game
        if g is not None and g.ended:
            return pgettext("ready lamp", "You won!") if self.learner_won() else ""
        if self.can_win():
            return pgettext("ready lamp", "You can win!")
        if self.ready():
            block = self.ready_block()
            return _(READY_BLOCKS[block][0]) if block else _("Ready!")
        return _("Almost ready!") if self.almost_ready() else _("Not ready yet")

    def ready_block(self) -> str:
        """Why the learner's ready hand cannot win on a discard, by the engine's own checks
        (``can_win_with``, the furiten rule): ``no_yaku`` (no winning tile gives a yaku, and a
        tsumo would have one: menzen tsumo), ``no_yaku_at_all`` (not even a tsumo wins), ``furiten``
        (a winning tile is in the learner's own discards), or "" (a ron is possible; also at the
        children's tables and in the A/B game, whose stage B has its own rules)."""
        g = self.game
        if g is None or g.ended or self.kids or play_ab.is_ab(self) or not self.ready():
            return ""
        key = (id(g), len(g.history), g.phase)
        cached = getattr(self, "_block_cache", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        tiles = [Tile(k) for k in g.waits(0)]
        block = ""
        if not any(g.can_win_with(0, t, tsumo=False) for t in tiles):
            if g.setup.win == "yaku":
                hand = g.hand(0)
                tsumo = any(g.yaku_of(0, hand.with_tile(t), t, tsumo=True) for t in tiles)
                block = "no_yaku" if tsumo else "no_yaku_at_all"
        elif g.setup.furiten and self._furiten():
            block = "furiten"
        self._block_cache = (key, block)
        return block

    def _furiten(self) -> bool:
        """The engine's furiten rule for the learner (a public ``is_furiten`` when the engine has
        one, else the simple table's own check)."""
        g = self.game
        check = getattr(g, "is_furiten", None) or getattr(g, "_furiten", None)
        return bool(check(0)) if check is not None else False

    def _draw_lamp(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        L = self.app.layout
        app = self.app
        complete = self.can_win() or self.learner_won()
        lit = complete or self.ready()
        almost = not lit and self.almost_ready()
        rad = max(L.px(10), min(r.height // 3, L.px(22)))
        c = (r.left + rad + L.px(4), r.top + rad + L.px(4))
        if lit:
            for k in (2,):
                glow = pygame.Surface((rad * 2 * k, rad * 2 * k), pygame.SRCALPHA)
                pygame.draw.circle(glow, (*P.accent, 50), (rad * k, rad * k), rad * k)
                surf.blit(glow, glow.get_rect(center=c))
        pygame.draw.circle(surf, P.accent if lit else P.accent_dark if almost else P.felt_dark, c, rad)
        pygame.draw.circle(surf, P.accent_dark if lit or almost else P.felt_line, c, rad, max(1, L.px(2)))
        text = self.lamp_text()
        label = blit_text(surf, app, text, L.font("body"),
                          P.accent if lit or almost else P.on_felt_muted,
                          (c[0] + rad + L.px(10), c[1]), anchor="midleft", bold=lit,
                          max_width=r.right - c[0] - rad - L.px(10))
        if lit and not complete and self.setup is not None and self.setup.coach == "full" and self.game is not None:
            # Coach "full" also shows the winning tiles, right after the lamp's word.
            from trainer.ui.tileview import draw_tile_string

            tiles = format_tiles([Tile(k) for k in self.game.waits(0)])
            h = min(L.tile_h(0.6 if self.kids else 0.5), r.height)
            room = pygame.Rect(label.right + L.px(10), c[1] - h // 2, r.right - label.right - L.px(10), h)
            if tiles and room.width > h:
                draw_tile_string(surf, tiles, room, app)

    def draw_overlay(self, surf: pygame.Surface) -> None:
        g = self.game
        if g is None or not g.ended or g.result is None:
            return
        L = self.app.layout
        app = self.app
        shade = pygame.Surface((L.width, L.height), pygame.SRCALPHA)
        shade.fill((*P.overlay, 110))
        surf.blit(shade, (0, 0))
        r = self.end_rect
        draw_panel(surf, r, P.card, L.px(22), shadow=L.px(8), border=P.card_edge)
        headline, line = self._result_lines()
        pads = self.end_pads
        blit_text(surf, app, headline, self.headline_font(headline, r.width), P.ink,
                  (r.centerx, r.top + L.px(pads.headline)), anchor="midtop", bold=True, max_width=r.width - L.px(40))
        sub = self.subtitle_lines(r.width)
        for i, text in enumerate(sub):
            blit_text(surf, app, text, L.font("body"), P.ink_muted,
                      (r.centerx, r.top + L.px(pads.subtitle) + i * app.line_height(L.font("body"))), anchor="midtop",
                      max_width=r.width - L.px(40))
        for row in self.win_rows.values():
            if row.visible:
                row.draw(surf, app, False)
        for text, y, bold in self.end_lines:
            blit_text(surf, app, text, L.font("small"), P.ink, (r.centerx, y), anchor="midtop", bold=bold,
                      max_width=r.width - L.px(40))
        focused = self.focused_widget()
        for b in self.end_buttons:
            b.draw(surf, app, b is focused and app.show_focus)

    def headline_font(self, headline: str, panel_width: int) -> int:
        """The end panel's headline size: the title's, or the largest smaller size that fits a long
        headline (three winners named, «Вы, игрок напротив и игрок слева выиграли!»)."""
        L = self.app.layout
        room = panel_width - L.px(40)
        sizes = [L.font(name) for name in self.end_pads.fonts]
        return next((size for size in sizes if self.app.text_width(headline, size, bold=True) <= room), sizes[-1])

    def subtitle_lines(self, panel_width: int) -> list[str]:
        """The end panel's line under the headline: one line over a won hand (its tiles follow),
        wrapped to two where nobody won and a reason needs them (short mahjong's hands that cannot
        grow)."""
        g = self.game
        if g is None or g.result is None:
            return [""]
        line = self._result_lines()[1]
        if self.win_row is not None:
            return [line]
        L = self.app.layout
        return wrapped_lines(self.app, line, L.font("body"), panel_width - L.px(40), max_lines=2) or [""]

    def value_lines(self) -> list[str]:
        """What the winning hand was worth under this game's rules, and why (a line naming each
        winner, the learner first, then that hand's reasons)."""
        g = self.game
        out = self._head_lines()
        if g is None or g.result is None or not g.result.values:
            if play_ab.is_ab(self) and g is not None and g.ended:  # a draw: the stakes still moved
                return out + self._points_lines() + self._match_line() + self._game_result()
            blocks = self.winner_blocks()
            if len(blocks) > 1:  # several winners at a table that scores nothing: each named, with its yaku
                return out + [line for _seat, label, items in blocks for line in (label, *items)] + self._tail_lines()
            return out + self._yaku_lines(next(iter(self.winners_in_order()), None)) + self._tail_lines()
        if g.result.chombo is not None:  # risu: the four kept undeclared (okurikan)
            return self.chombo_lines() + [
                _("{who}: {points}").format(who=self.seat_name(s), points=format_points(d, signed=True))
                for s, d in enumerate(g.result.values[0].deltas)] + self._match_line() + self._game_result()
        out += [line for _seat, label, items in self.winner_blocks() for line in (label, *items)]
        return out[:8] + self._tail_lines()

    def _head_lines(self) -> list[str]:
        """The end panel's lines before the winners': the A/B game's announced wait and last guess,
        and short mahjong's intermediate wins."""
        return play_ab.value_lines(self) + self._stage_lines()

    def _tail_lines(self) -> list[str]:
        """The end panel's lines after the winners': the honor exchanges, the A/B game's table and
        points, and the end of a game of several hands."""
        g = self.game
        if g is None or g.result is None or not g.result.values:
            return self._exchange_lines()
        return (self._exchange_lines() + self._table_line() + self._points_lines() + self._match_line()
                + self._game_result())

    def winner_blocks(self) -> list[tuple[int, str, list[str]]]:
        """Each winner of the hand just over, the learner first: the seat, the line that names the
        winner (with the hand's han and points where the table scores them; "Left's hand" where it
        scores nothing) and the lines of why the hand is worth that."""
        g = self.game
        if g is None or g.result is None or g.result.chombo is not None:
            return []
        values = dict(zip(g.result.winners, g.result.values, strict=False))
        players = self.setup.players if self.setup else g.n
        out = []
        for seat in self.winners_in_order():
            v = values.get(seat)
            if v is None:  # a table that scores nothing: the hand's yaku where a win needs one
                out.append((seat, self._whose_hand(seat, players), self._yaku_lines(seat)))
            else:
                out.append((seat, self._total_line(seat, v), self._atama_lines(seat) + self._reason_lines(v)))
        return out

    def _whose_hand(self, seat: int, players: int) -> str:
        """The line over one of several winning hands at a table that scores nothing: "Your hand"
        (to a child «Твоя рука»), "Left's hand"."""
        if seat == 0 and self.kids:
            return pgettext("to a child", "Your hand")
        return whose_hand(seat, players)

    def _total_line(self, seat: int, value: Any) -> str:
        """A winner and what the hand was worth: "Left: 2 han · 2,600 points"."""
        total = []
        if value.scheme in ("kunto", "twelve", "short", "riichi", "standard"):
            total.append(han_text(value.han))
        if value.scheme in ("short", "risu", "riichi", "standard"):
            total.append(points_text(value.points))
        return _("{who}: {total}").format(who=self.seat_name(seat), total=" · ".join(total) or "—")

    def _reason_lines(self, value: Any) -> list[str]:
        """Why a hand is worth what it is: each value item once, with ×N when it counts several times."""
        seen: dict[tuple[str, int, str], int] = {}
        for item in value.items:
            key = (item.id, item.amount, item.unit)
            seen[key] = seen.get(key, 0) + 1
        if not seen:
            text = _("no value items: the hand is complete, but worth nothing extra under these rules")
            return [text[:1].upper() + text[1:]]  # a line of the panel, as every reason is
        out = []
        for (item_id, amount, unit), times in seen.items():
            text = self._item_text(item_id, amount, unit)
            out.append(f"{text} ×{times}" if times > 1 else text)
        return out

    def _yaku_lines(self, seat: int | None) -> list[str]:
        """The yaku of the winner at ``seat`` (None: nobody won) where a win needs one and the table
        scores nothing (the glass table with ``win: yaku``), one a line under the tiles rather than
        in the one-line subtitle, which cut them: each name with its Japanese where it fits the
        panel, plain where it does not."""
        g = self.game
        if g is None or g.result is None or seat is None or g.result.values or g.result.tile is None:
            return []
        if g.setup.win != "yaku" or g.setup.engine != "simple":
            return []
        w = seat
        tsumo = g.result.kind == "tsumo"
        hand = g.hand(w) if tsumo else g.hand(w).with_tile(g.result.tile)
        return [self._value_text(y, 0, "") for y in g.yaku_of(w, hand, g.result.tile, tsumo=tsumo)]

    def _exchange_lines(self) -> list[str]:
        """The half-abundance variation: each seat's honor exchanges this hand and where the price
        went (to the dealer; the dealer's own to nobody), and that a winner gains nothing."""
        g = self.game
        if g is None or not g.setup.half_abundance or not g.ended:
            return []
        count: Counter[int] = Counter()
        paid: Counter[int] = Counter()
        for ev in g.events:
            if ev.get("type") == "exchange":
                count[int(ev["seat"])] += 1
                paid[int(ev["seat"])] += int(ev.get("paid", 0))
        out = []
        for seat in sorted(count):
            if seat == g.dealer:
                text = ngettext("{who} (the dealer): {k} honor exchange, {points} paid and lost — a dealer's exchange "
                                "goes to nobody.",
                                "{who} (the dealer): {k} honor exchanges, {points} paid and lost — a dealer's "
                                "exchanges go to nobody.", count[seat])
            else:
                text = ngettext("{who}: {k} honor exchange, {points} paid to the dealer ({dealer})",
                                "{who}: {k} honor exchanges, {points} paid to the dealer ({dealer})", count[seat])
            out.append(text.format(who=self.seat_name(seat), k=count[seat], points=points_text(paid[seat]),
                                   dealer=self.seat_name(g.dealer)))
        if g.result is not None and g.result.winners:
            out.append(_("Half abundance: the winner gains nothing, only the losers pay."))
        return out

    def imaginary_tiles(self, seat: int) -> tuple[int, ...]:
        """Atama kasō: the kinds the winner's 13-tile tenpai waited on — the imaginary 14th tile
        (kakū no pai) that would complete it, read by the game's shape without the imaginary
        tile (() when the table does not play atama kasō, nobody won, or the hand is one of the
        seed's own complete forms, which needs no imaginary tile)."""
        g = self.game
        if g is None or g.result is None or not g.setup.atama_kasou or seat not in g.result.winners:
            return ()
        if g.won_in_form(seat):
            return ()
        tiles = list(g.hands[seat]) + ([g.result.tile] if g.result.kind == "ron" and g.result.tile else [])
        kinds = [t.kind for t in tiles] + [t.kind for m in g.melds[seat] if not m.kind.is_kan for t in m.tiles]
        plain = Shape("standard", g.form.suits, g.form.dragons)
        return plain.waits(kinds, g.setup.tileset.kinds(), jokers_live=not g.riichi[seat])

    def _atama_lines(self, seat: int) -> list[str]:
        """A win by atama kasō explained: a 13-tile tenpai wins, and which imaginary tile(s) it
        waited on ([] for any other win)."""
        waits = self.imaginary_tiles(seat)
        if not waits:
            return []
        return [plain_text(_("{atama}: a 13-tile tenpai wins.").format(atama="{term:atama_kasou}"), self.app),
                plain_text(_("{kakuu}: {tiles}").format(kakuu="{term:kakuu_no_pai}",
                                                        tiles=play_ab.guess_words(self, waits)), self.app)]

    def _stage_lines(self) -> list[str]:
        """Short mahjong's intermediate wins of this hand, in one line ([] without any)."""
        wins = getattr(self, "stage_wins", [])
        if not wins:
            return []
        return [_("Intermediate wins: {wins}.").format(wins=play_ab.and_join(self.stage_winners(wins)))]

    def stage_winners(self, wins: list[StageWin]) -> list[str]:
        """Each player's intermediate wins in one part, in the order of their first win, so no
        name reads twice: "Across with a hand of 4 tiles", "Across — 2 times (hands of 4 and 7 tiles)"."""
        sizes: dict[int, list[int]] = {}
        for win in wins:
            sizes.setdefault(win.seat, []).append(win.size)
        return [self._stage_winner(seat, won) for seat, won in sizes.items()]

    def _stage_winner(self, seat: int, sizes: list[int]) -> str:
        """One player's intermediate wins at the hand sizes ``sizes``, in words."""
        who = self.seat_name(seat)
        if len(sizes) == 1:
            return _("{who} with a hand of {n} tiles").format(who=who, n=sizes[0])
        # TRANSLATORS: one player's intermediate wins in short mahjong; {sizes}: "4 and 7" (ru: «Напротив — 2 раза
        # (руки из 4 и 7 плиток)»).
        return ngettext("{who} — {count} time (hands of {sizes} tiles)", "{who} — {count} times (hands of {sizes} tiles)",
                        len(sizes)).format(who=who, count=len(sizes), sizes=play_ab.and_join([str(n) for n in sizes]))

    def _points_lines(self) -> list[str]:
        """The A/B game: the riichi stakes put on the table, then each seat's points and the table's,
        before -> after, within the panel's width."""
        L = self.app.layout
        return play_ab.stake_lines(self) + play_ab.points_lines(self, min(L.px(720), L.width - 2 * L.margin) - L.px(40))

    def chombo_lines(self) -> list[str]:
        """The okurikan chombo in whole sentences: what this game makes of it and what it costs,
        then what another training game makes of the same four (the effect is the mode's rule,
        :func:`~trainer.engine.game.kan_rules.okurikan_effect`)."""
        g = self.game
        assert g is not None
        n = g.setup.chombo_points
        out = [plain_text(_("{okurikan}: in this game it is a {chombo}.").format(
            okurikan="{term:okurikan}", chombo="{term:chombo}"), self.app),
            ngettext("Penalty: {n} point to each other player.", "Penalty: {n} points to each other player.",
                     n).format(n=format_points(n))]
        other = self._okurikan_elsewhere()
        if other:
            out.append(other)
        return out

    def _okurikan_elsewhere(self) -> str:
        """One line on the same four in kunto, where the rules count it instead (RU#30): the rule
        depends on the game ("" when kunto's rules count nothing)."""
        try:
            kunto = get_mode("kunto")
            effect = okurikan_effect(kunto.setup())
            lang = self.app.settings.language
            name = self.app.glossary().term(kunto.title).plain_name(lang)
            word = self.app.glossary().term("okurikan").word(lang, inline=True)  # its Japanese is on the line above
        except (ModeError, KeyError, LookupError):
            return ""
        if effect is None or effect[0] != "han":
            return ""
        return _("In {game} an {okurikan} without riichi adds {han} instead.").format(
            game=name, okurikan=word, han=han_text(effect[1]))

    def _table_line(self) -> list[str]:
        """The A/B game's won hand: the losers paid the table, not the winner (000:3511)."""
        g = self.game
        if g is None or g.result is None or not hasattr(g, "table_points") or not g.result.winners:
            return []
        paid = sum(-d for v in g.result.values for d in v.deltas if d < 0)
        return [_("The losers pay {n} to the table, not to the winner: {t} on it now.").format(
            n=format_points(paid), t=format_points(g.table_points))]

    def _game_result(self) -> list[str]:
        """At the end of a game of several hands: where the A/B game's table points went, and who
        won the game (the most points; equal first places named together)."""
        g = self.game
        if g is None or not self.match_over():
            return []
        out = []
        paid = getattr(self, "table_paid", None)
        if paid is not None:
            out.append(_("The {n} points on the table go to {who}, the last to declare agari.").format(
                n=format_points(paid[1]), who=self.seat_name(paid[0])))
        elif getattr(g, "table_points", 0):
            out.append(ngettext("Nobody declared agari: the {n} point stays on the table.",
                                "Nobody declared agari: the {n} points stay on the table.",
                                g.table_points).format(n=format_points(g.table_points)))
        top = max(g.points)
        first = [s for s in range(g.n) if g.points[s] == top]
        if len(first) > 1:
            out.append(ngettext("{who} share first place with {n} point.", "{who} share first place with {n} points.",
                                top).format(who=play_ab.and_join([self.seat_name(s) for s in first]),
                                            n=format_points(top)))
        elif first == [0]:
            out.append(ngettext("You win the game with {n} point!", "You win the game with {n} points!",
                                top).format(n=format_points(top)))
        else:
            out.append(ngettext("{who} wins the game with {n} point.", "{who} wins the game with {n} points.",
                                top).format(who=self.seat_name(first[0]), n=format_points(top)))
        return out

    def _match_line(self) -> list[str]:
        """The end of a game of several hands: who went below zero, or that the hands ran out."""
        g = self.game
        if g is None or not self.match_over():
            return []
        setup = g.setup
        if setup.game_over(g.points, 0) == "target":  # no sticks: someone reached 100,000 (or lost it)
            top = max(range(g.n), key=lambda s: g.points[s])
            if g.points[top] >= setup.target_points:
                return [ngettext("The game is over: {who} reached {n} point.",
                                 "The game is over: {who} reached {n} points.", setup.target_points).format(
                    who=self.seat_name(top), n=format_points(setup.target_points))]
            low = min(range(g.n), key=lambda s: g.points[s])
            return [ngettext("The game is over: {who} has lost {n} point.",
                             "The game is over: {who} has lost {n} points.", setup.target_points).format(
                who=self.seat_name(low), n=format_points(setup.target_points))]
        low = [s for s in range(g.n) if g.points[s] < 0]
        if low and low[0] == 0:
            return [_("The game is over: your points are below zero.")]
        if low:
            return [_("The game is over: {who} is below zero.").format(who=self.seat_name(low[0]))]
        return [_("The game is over: the last hand is played.")]

    def after_win_dora(self) -> Tile | None:
        """Risu's dora: after agari the last tile of the wall becomes dora (000:3483), the tile the
        panel's dora line counts; None at other tables or without a win."""
        g = self.game
        if g is None or g.result is None or not g.result.winners or not g.setup.dora_value or not g.wall:
            return None
        if hasattr(g, "dora_indicators"):  # four-player-rules tables show their indicators instead
            return None
        return g.wall[0]

    def _item_text(self, item_id: str, amount: int, unit: str) -> str:
        """One reason of a hand's value in words: its name and what it adds."""
        text = self._value_text(item_id, amount, unit)
        dora = self.after_win_dora() if item_id == "dora" else None
        if dora is None:
            return text
        # the tile itself, so the learner can check the count (its tiles are marked in the hand)
        return _("{item} — {tile}, the last tile of the wall").format(
            item=text, tile=tile_words(self.app, [dora], inline=True))

    def _value_text(self, item_id: str, amount: int, unit: str) -> str:
        """An item's name and what it adds ("Tanki (単騎, tanki): 100 points")."""
        if item_id == "wait_sides":  # the number of kinds the hand waited on: the glossary's wait (machi)
            from trainer.engine.game.training_scoring import TWELVE_FIRST_HAN_SIDES

            if amount >= TWELVE_FIRST_HAN_SIDES:  # the han follow on the next line (wide wait)
                text = ngettext("{machi} on {n} kind of tile", "{machi} on {n} kinds of tile", amount)
            else:  # a line worth nothing says why
                text = ngettext("{machi} on {n} kind of tile: a han only from {k} kinds",
                                "{machi} on {n} kinds of tile: a han only from {k} kinds", amount)
            return plain_text(text.format(machi="{term:machi}", n=amount, k=TWELVE_FIRST_HAN_SIDES), self.app)
        value = f": {UNITS[unit](amount)}" if unit in UNITS else ""
        if item_id in COUNTED_LABELS:
            return COUNTED_LABELS[item_id](amount)
        if item_id in VALUE_LABELS:
            name = _(VALUE_LABELS[item_id]).format(n=amount)
            return name[:1].upper() + name[1:] + value  # each reason starts a line of the panel
        try:  # one set of brackets («Fu (符, fu)»), and the plain name where the Japanese does not fit
            term = self.app.glossary().term(item_id)
            lang = self.app.settings.language
            text = term.display(shown_term_mode(self.app.settings), lang, plain=True) + value
        except (KeyError, LookupError, ValueError):
            return self.app.term_text(item_id) + value
        L = self.app.layout
        room = min(L.px(720), L.width - 2 * L.margin) - L.px(40)  # the end panel's text width
        if self.app.text_width(text, L.font("small")) > room:
            text = term.plain_name(lang) + value
        return text

    def _draw_reason(self) -> str:
        """Why a hand ended without a winner, truthfully: the wall ran out; or (short mahjong)
        the tiles left cannot grow every hand; or (discards back into the wall) every tile of
        the set has been drawn once."""
        g = self.game
        assert g is not None and g.result is not None
        left = g.wall_remaining
        reason = getattr(g.result, "reason", "")  # the engine's word (DRAW_REASONS), else read from the table
        if not reason and left:
            reason = "no_growth" if getattr(g, "held_at_end", False) else "draw_limit" if draw_limit_reached(g) else ""
        if reason == "no_growth":
            return self._no_growth_text(left)
        if reason == "draw_limit":
            return ngettext("{n} tile has been drawn, as many as the set holds: a draw.",
                            "{n} tiles have been drawn, as many as the set holds: a draw.", g.draws).format(n=g.draws)
        if self.kids:  # a child is invited to another game; a grown-up is told what happened
            return _("The wall is empty. Let's play again!")
        return _("The wall is empty: the hand is a draw.")

    def _no_growth_text(self, left: int) -> str:
        """Short mahjong's hands cannot grow: the tiles left, and — from the engine's ``no_growth``
        event — what growing every hand takes and the minimum the wall must keep (000:4329)."""
        g = self.game
        ev = next((e for e in reversed(g.events) if e.get("type") == "no_growth"), {}) if g is not None else {}
        if "grow" not in ev or "keep" not in ev:
            return ngettext("Only {n} tile is left in the wall, too few to grow every hand: a draw.",
                            "Only {n} tiles are left in the wall, too few to grow every hand: a draw.",
                            left).format(n=left)
        grow, keep = int(ev["grow"]), int(ev["keep"])
        return ngettext("Only {n} tile is left in the wall: growing every hand takes {grow}, and at least {keep} "
                        "must stay in the wall. A draw.",
                        "Only {n} tiles are left in the wall: growing every hand takes {grow}, and at least {keep} "
                        "must stay in the wall. A draw.", left).format(n=left, grow=grow, keep=keep)

    def _result_lines(self) -> tuple[str, str]:
        g = self.game
        assert g is not None and g.result is not None
        res = g.result
        if play_ab.result_lines(self) is not None:
            return play_ab.result_lines(self)  # type: ignore[return-value]
        if res.chombo is not None:
            who = self.seat_name(res.chombo)
            return _("Chombo!"), _("{who}: four of a kind kept without declaring the kan.").format(who=who)
        if res.kind == "draw":
            return _("Nobody won this time"), self._draw_reason()
        if len(res.winners) > 1:
            return self._several_won_lines()
        how = pgettext("mahjong call", "Tsumo") if res.kind == "tsumo" else pgettext("mahjong call", "Ron")
        # inside a sentence the call is a word: «Left completed the hand: tsumo.»
        said = _("tsumo") if res.kind == "tsumo" else _("ron")
        if 0 in res.winners:
            if self.kids:  # a child is spoken to with «ты»
                return _("You won!"), pgettext("to a child", "{how}! Your hand is complete.").format(how=how)
            if g.setup.atama_kasou and not g.won_in_form(0):  # a tenpai: the panel names the imaginary tile
                return _("You won!"), _("{how}! Your 13-tile tenpai wins.").format(how=how)
            return _("You won!"), _("{how}! Your hand is complete.").format(how=how)
        who = self.seat_subject(res.winners[0])
        if res.kind == "ron" and res.from_seat == 0:
            line = pgettext("to a child", "{who} completed the hand with your tile: {how}.") if self.kids \
                else _("{who} completed the hand with your tile: {how}.")
            return _("{who} won").format(who=who), line.format(who=who, how=said)
        return _("{who} won").format(who=who), _("{who} completed the hand: {how}.").format(who=who, how=said)

    def _several_won_lines(self) -> tuple[str, str]:
        """Several players won on one discard: the headline names them all, the learner first
        ("You and Left won!", «Вы и игрок слева выиграли!»), and the line under it says that they
        won on the same discard, and whose it was."""
        g = self.game
        assert g is not None and g.result is not None
        players = self.setup.players if self.setup else g.n
        names = [self._listed_winner(seat, players) for seat in self.winners_in_order()]
        text = _("{winners} won!") if 0 in g.result.winners else _("{winners} won")
        headline = text.format(winners=winners_join(names))
        if len(names) == 3 and 0 not in g.result.winners:  # three names would not fit the headline
            headline = _("All three opponents won")
        mine = g.result.from_seat == 0
        whose = ("yours_child" if self.kids else "yours") if mine else "other"
        line = _(MULTI_RON[(min(len(g.result.winners), 3), whose)]).format(
            loser="" if mine else seat_owner(g.result.from_seat, players))
        return headline[:1].upper() + headline[1:], line

    def _listed_winner(self, seat: int, players: int) -> str:
        """One of several winners inside the headline's list ("You", "Left"; ru «вы» / «ты» to a child,
        «игрок слева»)."""
        if seat == 0 and self.kids:
            # TRANSLATORS: the child, one of several winners listed in a sentence (ru: «ты»).
            return pgettext("child in a list of winners", "You")
        return listed_winner(seat, players)

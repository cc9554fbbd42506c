"""Kunto step by step: the seed's procedure of the kunto game (000:3459-3471) as a run of questions.

Seed 000 gives kunto mahjong (薫陶 kuntō) as a routine a learner repeats until it is automatic:

1. hold 4 tiles taken at random from the deck;
2. name the shanten (how many tiles the hand is from ready, tenpai) and, when it is ready,
   its waits;
3. when it is not ready, throw back the least useful tile and take a new one, then name the
   shanten again;
4. once it is ready, name its base value (the kunto table's han, step 5), then grow the hand by
   3 tiles (4 → 7 → 10 → 13) and start again;
5. at the last settings (real suits, no dragons) with 13 tiles: name the yaku and the value
   (step 11), find the smallest exchange that adds han (step 12) and name the new yaku and value
   (step 13) — :mod:`trainer.engine.exercises.kunto_value`.

:class:`KuntoPractice` deals from the kunto mode's tile sets (``trainer/engine/data/modes/
kunto.toml``) and asks those questions in order, each as an :class:`~trainer.engine.exercises.
base.Exercise` of the ``kunto_hand`` drill (``kunto_shanten``, ``kunto_waits``, ``kunto_discard``,
``kunto_value``, ``kunto_yaku``, ``kunto_raise``),
so the drill screen grades and explains them and the progress store records them as kunto items.
Every answer comes from the engine (:func:`trainer.engine.variants.variant_shanten`,
:func:`trainer.engine.exercises.kunto.kunto_waits`); the explanations carry what a wrong answer
is checked against: a shortest way to tenpai (draw, throw back) for a shanten, the table of
throw-backs (shanten after, tiles that still help) for a discard.

Choices where the seed is silent (also in docs/play-modes.md): the learner draws one tile and
then throws one back (the seed throws back first and then draws, the same exchange); thrown-back
tiles go to a separate pile, shuffled back into the deck when it runs out (000:3465 allows the
deck or a pile); the hand grows by drawing 3 tiles to the ready hand.  The seed's later steps
(8, 9: stop ignoring suits, drop the dragon tens and jokers) are the :data:`COURSE`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from trainer.engine.exercises.base import Exercise, draft
from trainer.engine.exercises.kunto import KuntoParams, blocks_item, kunto_waits, variant_of
from trainer.engine.exercises.kunto_value import (
    PRESET,
    Value,
    base_value,
    base_values,
    best_value,
    raising_exchanges,
    value_items,
    value_options,
)
from trainer.engine.hand import Hand
from trainer.engine.notation import format_hand, format_tiles, parse_tiles
from trainer.engine.tiles import NUM_KINDS, Tile, kind_name
from trainer.engine.variants import (
    Variant,
    variant_shanten,
    variant_shanten_after_discards,
    variant_shanten_after_draws,
)

SIZES: Final = (4, 7, 10, 13)
"""The hand sizes of the procedure (000:3465: start with 4, grow by 3 until 13)."""
DRAGONS: Final = {"plain": "none", "tens": "ten", "jokers": "joker"}
"""The kunto mode's dragon options as the ``kunto_hand`` drill names them."""
COURSE: Final = (
    ("sou36", "kept", "plain"),
    ("suits108", "ignored", "plain"),
    ("suits108_dragons", "ignored", "tens"),
    ("suits108_dragons", "ignored", "jokers"),
    ("suits108", "kept", "plain"),
)
"""The seed's progression (000:3451-3471), as (tile set, suits, dragons) of the kunto mode: one suit,
then all suits with only the rank counting, dragons as tens, dragons as jokers, and finally the
suits kept and no dragons (steps 8 and 9)."""
STEPS: Final = ("shanten", "waits", "throw", "value", "yaku", "raise", "finished")
YAKU_SETTINGS: Final = COURSE[-1]
"""The settings of the seed's steps 10-13 (13 tiles, real suits, no dragon tens or jokers): after the
13-tile hand's waits the learner names its yaku and value, finds the exchange that adds han and
names the new yaku and value."""


class PracticeError(ValueError):
    """A practice that cannot be dealt (an option the kunto mode does not offer)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """One kunto table: the tile set, whether suits count, and what the dragons are."""

    tiles: str = "sou36"
    suits: str = "kept"
    dragons: str = "plain"

    def next(self) -> Settings | None:
        """The next settings of the seed's :data:`COURSE` (None after the last)."""
        key = (self.tiles, self.suits, self.dragons)
        if key in COURSE:
            i = COURSE.index(key)
            return Settings(*COURSE[i + 1]) if i + 1 < len(COURSE) else None
        return Settings(*COURSE[0])


class KuntoPractice:
    """The kunto procedure for one learner: the deck, the hand and the question now asked.

    ``step`` is ``shanten`` (name the shanten of the 3n+1 hand), ``waits`` (the hand is ready:
    name every tile that completes it), ``value`` (name its base value, the kunto table's han of
    the win on its best wait), ``throw`` (a tile was drawn: throw one back), at the last settings
    of the course with 13 tiles ``yaku`` (name the yaku and the value by the Tenhou rules) and
    ``raise`` (throw back the tile of a one-tile exchange that adds han, then ``yaku`` again), or
    ``finished``.  :meth:`exercise` gives the
    question; :meth:`advance` moves on with the learner's final answer."""

    def __init__(self, settings: Settings | None = None, seed: int = 0, *, sizes: tuple[int, ...] = SIZES) -> None:
        from trainer.engine.game.simple_modes import ModeError, get_mode

        self.settings = settings or Settings()
        try:
            setup = get_mode("kunto").setup(tiles=self.settings.tiles, suits=self.settings.suits,
                                            dragons=self.settings.dragons)
        except ModeError as e:
            raise PracticeError(str(e)) from None
        self.tileset = setup.tileset
        self.sizes = tuple(sizes)
        self.seed = seed
        self.rng = random.Random(f"kunto_practice:{seed}")
        self.params = KuntoParams(size=self.sizes[0], suits_ignored=self.settings.suits == "ignored",
                                  dragons=DRAGONS[self.settings.dragons])  # type: ignore[arg-type]
        self.variant: Variant = variant_of(self.params)
        self.deck: list[Tile] = self.tileset.shuffled(self.rng)
        self.pile: list[Tile] = []
        self.size = self.sizes[0]
        self.hand: list[Tile] = sorted(self._take() for _ in range(self.size))
        self.drawn: Tile | None = None
        self.step = "shanten"
        self.asked = 0
        self.history: list[dict[str, Any]] = []
        self.yaku_round = 0  # 1: the 13-tile hand's yaku (step 11); 2: after the exchange (step 13)
        self.exchange: tuple[str, str] | None = None  # the han-raising exchange made (thrown back, drawn)
        self._exercise: Exercise | None = None

    # ---------------------------------------------------------------- the deck
    def _take(self) -> Tile:
        """The next tile of the deck; an empty deck takes the thrown-back pile, shuffled."""
        if not self.deck:
            self.deck, self.pile = self.pile, []
            self.rng.shuffle(self.deck)
        return self.deck.pop()

    def _left(self) -> Counter[int]:
        """Copies of each kind not in the hand (the deck and the thrown-back pile)."""
        left = Counter(t.kind for t in self.tileset.tiles)
        left.subtract(t.kind for t in self.hand)
        return left

    # ---------------------------------------------------------------- the engine's answers
    def shanten_of(self, kinds: list[int]) -> int:
        """Shanten of tiles (by kind) at this table's settings (suits ignored, dragon tens or jokers)."""
        return variant_shanten(Hand(tuple(sorted(Tile(k) for k in kinds))), self.variant)

    def shanten(self) -> int:
        """Shanten of the hand now held (0 = ready, tenpai)."""
        return self.shanten_of([t.kind for t in self.hand])

    def waits(self) -> tuple[int, ...]:
        """Kinds of this deck that complete the ready hand (a kind whose copies are all in the hand
        cannot come and is left out)."""
        held = Counter(t.kind for t in self.hand)
        in_set = Counter(t.kind for t in self.tileset.tiles)
        ws = kunto_waits(Hand(tuple(self.hand)), self.variant)
        return tuple(k for k in ws if in_set[k] > held[k])

    def _counts(self, kinds: list[int]) -> list[int]:
        c = [0] * NUM_KINDS
        for k in kinds:
            c[k] += 1
        return c

    def after_draws(self, kinds: list[int], left: Counter[int]) -> dict[int, int]:
        """For every kind still to come: the shanten of ``kinds`` with that tile added."""
        if self.variant.is_plain:
            return {d: self.shanten_of([*kinds, d]) for d in range(NUM_KINDS) if left[d] > 0}
        after = variant_shanten_after_draws(self._counts(kinds), self.variant)
        return {d: s for d, s in after.items() if left[d] > 0}

    def after_discards(self, kinds: list[int]) -> dict[int, int]:
        """For every kind held: the shanten of ``kinds`` with one copy thrown back."""
        if self.variant.is_plain:
            out = {}
            for k in sorted(set(kinds)):
                rest = list(kinds)
                rest.remove(k)
                out[k] = self.shanten_of(rest)
            return out
        return dict(variant_shanten_after_discards(self._counts(kinds), self.variant))

    def throwbacks(self) -> list[dict[str, Any]]:
        """Every tile the hand with its drawn tile could throw back: the shanten after it, the kinds
        whose draw would lower that shanten and how many copies of them are still to come; best
        (lowest shanten, then most copies) marked, best first."""
        kinds = [t.kind for t in self.hand]
        left = self._left()
        rows = []
        for k, s in sorted(self.after_discards(kinds).items()):
            rest = list(kinds)
            rest.remove(k)
            helps = [d for d, s2 in sorted(self.after_draws(rest, left).items()) if s2 < s]
            rows.append({"kind": "throwback", "tile": kind_name(k), "shanten": s,
                         "improving": format_tiles([Tile(d) for d in helps]),
                         "count": sum(left[d] for d in helps), "_kind": k})
        best = min((r["shanten"], -r["count"]) for r in rows)
        for r in rows:
            r["best"] = (r["shanten"], -r["count"]) == best
        rows.sort(key=lambda r: (r["shanten"], -r["count"], r["_kind"]))
        return rows

    def way_to_tenpai(self) -> list[tuple[str, str]]:
        """A shortest way from the 3n+1 hand to tenpai, one (tile drawn, tile thrown back) per
        shanten step, using tiles still to come; it shows the shanten is not higher than it is."""
        kinds = [t.kind for t in self.hand]
        left = self._left()
        path: list[tuple[str, str]] = []
        s = self.shanten_of(kinds)
        while s > 0:
            step = self._one_step(kinds, left, s)
            if step is None:
                break
            d, k = step
            kinds.append(d)
            kinds.remove(k)
            left[d] -= 1
            path.append((kind_name(d), kind_name(k)))
            s -= 1
        return path

    def _one_step(self, kinds: list[int], left: Counter[int], s: int) -> tuple[int, int] | None:
        """A draw and a throw-back that bring ``kinds`` one step nearer tenpai."""
        for d, s2 in sorted(self.after_draws(kinds, left).items()):
            if s2 >= s:
                continue
            for k, s3 in sorted(self.after_discards([*kinds, d]).items()):
                if s3 < s:
                    return d, k
        return None

    def best_draw(self) -> tuple[str, int] | None:
        """The draw that brings the hand nearest to complete and the shanten after it with the best
        throw-back (it shows the shanten is not lower than it is: no draw gains two steps)."""
        kinds = [t.kind for t in self.hand]
        best: tuple[str, int] | None = None
        for d, s2 in sorted(self.after_draws(kinds, self._left()).items()):
            if s2 >= 0 and (best is None or s2 < best[1]):
                after = min(self.after_discards([*kinds, d]).values())
                if best is None or after < best[1]:
                    best = (kind_name(d), after)
        return best

    @property
    def yaku_steps(self) -> bool:
        """Whether the seed's steps 11-13 (yaku, value, the exchange that adds han) follow the ready
        hand: at the course's last settings, once the hand holds its last size (13)."""
        return (self.settings.tiles, self.settings.suits, self.settings.dragons) == YAKU_SETTINGS \
            and self.size == self.sizes[-1]

    def base_values(self) -> list[dict[str, Any]]:
        """The kunto table's value of the win on each wait of the ready hand (step 5)."""
        return base_values(self.hand, self.waits())

    def value(self) -> Value:
        """The ready 13-tile hand's best win off a discard by the Tenhou rules (steps 11, 13)."""
        return best_value(self.hand)

    def raising_exchanges(self) -> list[dict[str, Any]]:
        """Each tile of the ready hand as the throw-back of a one-tile exchange: the best draw still
        to come that keeps it ready, the han after, ``best`` when it adds han (step 12)."""
        return raising_exchanges(self.hand, self._left(), self.value())

    # ---------------------------------------------------------------- the questions
    def exercise(self) -> Exercise:
        """The question now asked, as an exercise of the ``kunto_hand`` drill."""
        if self._exercise is None:
            self._exercise = self._make()
        return self._exercise

    def _make(self) -> Exercise:
        if self.step == "finished":
            raise PracticeError("the practice is finished: start a new one")
        hand = format_hand(Hand(tuple(self.hand)))
        stage = {"size": self.size, "suits_ignored": self.params.suits_ignored, "dragons": self.params.dragons,
                 "practice": True, "palette": format_tiles(sorted(Tile(k) for k in self.tileset.kinds()))}
        grade = {"grade_by": "rank"} if self.params.suits_ignored else {}
        if self.step == "shanten":
            s = self.shanten()
            items: list[dict[str, Any]] = [{"kind": "shanten", "shanten": s}]
            if s > 0:
                items.append({"kind": "kunto_way", "steps": [list(p) for p in self.way_to_tenpai()],
                              "shanten": s})
                bd = self.best_draw()
                if bd is not None:
                    items.append({"kind": "kunto_best_draw", "tile": bd[0], "after": bd[1], "shanten": s})
            reading = blocks_item(Hand(tuple(self.hand)), self.variant)
            if reading is not None:
                items.append(reading)
            ex = draft("kunto_shanten", "number", s, items, hand=hand, **stage)
        elif self.step == "waits":
            ws = self.waits()
            items = [{"kind": "wait", "tile": kind_name(k), "rank": self.variant.tile_class(k)} for k in ws]
            ex = draft("kunto_waits", "pick_tiles", frozenset(ws), items, hand=hand, **grade, **stage)
        elif self.step == "value":
            rows = self.base_values()
            ex = draft("kunto_value", "number", base_value(rows), rows, hand=hand, **stage)
        elif self.step == "yaku":
            v = self.value()
            rng = random.Random(f"kunto_value:{self.seed}:{self.asked}")
            extra = {"again": True, "exchange": list(self.exchange)} if self.yaku_round == 2 and self.exchange else {}
            ex = draft("kunto_yaku", "choice", frozenset({v.key}), value_items(v), options=value_options(v, rng, hand=self.hand),
                       hand=hand, preset=PRESET, **extra, **stage)
        elif self.step == "raise":
            rows = self.raising_exchanges()
            best = frozenset(parse_tiles(r["tile"])[0].kind for r in rows if r["best"])
            ex = draft("kunto_raise", "pick_tiles", best, rows, hand=hand, preset=PRESET, **stage)
        else:
            rows = self.throwbacks()
            best = frozenset(r["_kind"] for r in rows if r["best"])
            items = [{k: v for k, v in r.items() if k != "_kind"} for r in rows]
            assert self.drawn is not None
            ex = draft("kunto_discard", "pick_tiles", best, items, hand=hand, drawn=str(self.drawn), **grade, **stage)
        ask = {"kunto_shanten": "shanten", "kunto_waits": "waits", "kunto_discard": "discard", "kunto_value": "value",
               "kunto_yaku": "yaku", "kunto_raise": "raise"}[ex.prompt.question]
        params = self.params.model_copy(update={"size": self.size, "ask": [ask]})
        return Exercise(kind="kunto_hand", prompt=ex.prompt, answer=ex.answer, explanation=ex.explanation,
                        skill="kunto", item_id=f"kunto_practice:{self.settings.tiles}:{self.seed}:{self.asked}",
                        seed=self.seed * 1000 + self.asked,
                        params=tuple(sorted(params.model_dump(mode="json").items())))

    def advance(self, response: Any = None) -> None:
        """Move on after the question now asked, with the learner's final ``response`` (for a
        throw-back, the tile picked; without one the best tile goes): a named shanten leads to the
        waits (ready) or a draw and a throw-back; named waits lead to the base value, or at the
        course's last settings with 13 tiles to the yaku; a base value grows the hand by 3 tiles, or
        finishes at 13; a throw-back leads to the shanten of the new hand; the first yaku question
        leads to the exchange that adds han (when a one-tile exchange can), the exchange (the
        learner's tile when it adds han, else the best) to the yaku again, and that finishes."""
        ex = self.exercise()
        self.history.append({"step": self.step, "hand": ex.prompt.hand, "answer": _plain(ex.answer),
                             "response": _plain(response)})
        self.asked += 1
        self._exercise = None
        if self.step == "shanten":
            if ex.answer == 0:
                self.step = "waits"
            else:
                self.drawn = self._take()
                self.hand = sorted([*self.hand, self.drawn])
                self.step = "throw"
        elif self.step == "waits":
            if self.yaku_steps:
                self.step, self.yaku_round = "yaku", 1
            else:
                self.step = "value"
        elif self.step == "yaku":
            self.step = "finished" if self.yaku_round == 2 or self.ends_after_yaku else "raise"
        elif self.step == "raise":
            self._exchange(ex, response)
            self.step, self.yaku_round = "yaku", 2
        elif self.step == "value":
            bigger = [s for s in self.sizes if s > self.size]
            if not bigger:
                self.step = "finished"
                return
            for _ in range(bigger[0] - self.size):
                self.hand.append(self._take())
            self.hand.sort()
            self.size = bigger[0]
            self.step = "shanten"
        elif self.step == "throw":
            kinds = [int(k) for k in (response or ()) if isinstance(k, int)]
            pick = kinds[0] if len(kinds) == 1 and any(t.kind == kinds[0] for t in self.hand) \
                else min(ex.answer)
            tile = next(t for t in self.hand if t.kind == pick)
            self.hand.remove(tile)
            self.pile.append(tile)
            self.drawn = None
            self.step = "shanten"

    def _exchange(self, ex: Exercise, response: Any) -> None:
        """Make the han-raising exchange: the learner's tile when it is one of the answer's, else the
        best; its draw is the one the engine found, taken from the deck (or the thrown-back pile)."""
        kinds = [int(k) for k in (response or ()) if isinstance(k, int)]
        pick = kinds[0] if len(kinds) == 1 and kinds[0] in ex.answer else min(ex.answer)
        row = next(r for r in ex.explanation if r["tile"] == kind_name(pick))
        draw = parse_tiles(row["draw"])[0].kind
        tile = next(t for t in self.hand if t.kind == pick)
        self.hand.remove(tile)
        source = self.deck if any(t.kind == draw for t in self.deck) else self.pile
        new = next(t for t in source if t.kind == draw)
        source.remove(new)
        self.pile.append(tile)
        self.hand = sorted([*self.hand, new])
        self.exchange = (kind_name(pick), kind_name(draw))

    @property
    def ends_after_yaku(self) -> bool:
        """True while the first yaku question is asked of a hand no one-tile exchange can raise:
        there is no step 12 (the exchange that adds han), so the practice ends after it."""
        return self.step == "yaku" and self.yaku_round == 1 and not any(r["best"] for r in self.raising_exchanges())

    @property
    def finished(self) -> bool:
        """True once the 13-tile hand was ready and its waits, value (or yaku) were named."""
        return self.step == "finished"


def _plain(value: Any) -> Any:
    """An answer or response as plain JSON-able data (sets become sorted lists)."""
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, tuple):
        return list(value)
    return value


__all__ = ["COURSE", "SIZES", "YAKU_SETTINGS", "KuntoPractice", "PracticeError", "Settings"]

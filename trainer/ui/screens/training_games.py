"""«Тренировочные игры»: the training games of seed 000 (000:3441-3558) as a list under Play.

Each card shows the game's name as the glossary gives it (in the interface language and
Japanese, as the learner's term display chooses, without the bracketed explanation an English
name may carry; no Russian on an English card), at least one line of description, and opens
the game's setup (screen ``training_setup``: the rulebook's variations the mode file offers,
remembered per game) and from there its table (``app.push("play_simple", mode=..., rules=...)``)
against bots; a game with nothing to choose opens its table directly.
"""

from __future__ import annotations

from trainer.engine.game.simple_modes import ModeError, get_mode
from trainer.i18n import N_, _
from trainer.ui.registry import register_screen
from trainer.ui.richtext import shown_term_mode
from trainer.ui.screens.base import Screen
from trainer.ui.suit_names import suit_names
from trainer.ui.tileview import tile_icon
from trainer.ui.training_setup import setup_options
from trainer.ui.views.lesson_order import is_child
from trainer.ui.widgets import Card, place_cards

TRAINING_GAMES = {
    "kunto": (N_("Grow a hand from 4 to 13 tiles; suits may be ignored, dragons may be tens or jokers."), "1s2s3s"),
    "twelve_tiles": (N_("Hold 12 tiles and go out on the 13th: three sets and two pairs; wide waits earn han."),
                     "11m22m"),
    "short": (N_("Three sets and a pair: start with 4 tiles, grow the hand after each win; short scoring."),
              "345p"),
    "risu": (N_("Two players, the 36 tiles of {sou}: triplets and the single wait score; 3,000 points each."),
             "111s"),
    "single_suit_1": (N_("Suits do not matter, only the numbers; dragons may be jokers until riichi."), "1m2p3s"),
    "yochi": (N_("The next four draws are open: plan your hand ahead."), "5z5z5z"),
    "single_suit_2": (N_("Two players, one suit with East, South and a dragon: 48 tiles and a yaku list of its own."),
                      "123s6z"),
    "bamboo": (N_("Two players by the four-player rules; on tsumo the two absent players pay too."), "789s"),
    "ab_game": (N_("Race to an announced tenpai, then guess the wait from the discards."), "4m5m6m"),
}
PRACTICES = {
    # screen: (the game it practises, glossary id of the name, one line, tiles on the card)
    "kunto_practice": ("kunto", "kuntou", N_("Step by step, as the rulebook says: name the shanten and the waits, throw back, "
                                    "grow the hand 4 → 7 → 10 → 13."), "4s5s6s"),
}


PLAIN_TITLES = {"single_suit_2": N_("Single-suit mahjong, variant 2")}
"""Games the seed names only in Russian (no glossary term): their card's title."""

VARIANTS = {"single_suit_1": 1, "single_suit_2": 2}
"""Games the rulebook numbers as variants of one game («Одномастный маджонг: Вариант 1», 000:3489):
every title of their card says the number, and the shortest keeps it where the card is narrow."""


@register_screen("training_games")
class TrainingGamesScreen(Screen):
    """Every training game as a card that opens its table (two columns for the long names, three
    from nine cards on)."""

    def title(self) -> str:
        return _("Training games")

    def build(self) -> None:
        self.cards: list[Card] = []
        self.titles: list[list[str]] = []  # each card's titles, the learner's display mode first
        for mode, (blurb, tiles) in TRAINING_GAMES.items():
            try:
                term_id = get_mode(mode).title or mode
            except ModeError:
                continue
            # in the learner's language only: the rulebook's Russian name is the Russian title
            sub = _(blurb).format(**suit_names(glossed=True))
            names, name = self.game_titles(mode, term_id)
            card = Card(names[0], sub, lambda m=mode, n=name: self.open_game(m, n),
                        icon=tile_icon(self.app, tiles))
            self.cards.append(self.add(card))
            self.titles.append(names)
            for screen, (practised, term, line, shown) in PRACTICES.items():
                if practised == mode:  # the step-by-step practice sits beside the game it practises
                    titles = [_("{game}: step by step").format(game=t) for t in self.card_titles(term)]
                    self.cards.append(self.add(Card(titles[0], _(line), lambda s=screen: self.app.push(s),
                                                    icon=tile_icon(self.app, shown))))
                    self.titles.append(titles)

    def open_game(self, mode: str, name: str) -> None:
        """The game's setup when it offers a choice (a child's: the player count), else its table."""
        if setup_options(get_mode(mode), is_child(self.app.settings)):
            self.app.push("training_setup", mode=mode, title=name)
        else:
            self.app.push("play_simple", mode=mode, kids=False)

    def game_titles(self, mode: str, term_id: str) -> tuple[list[str], str]:
        """A game's card titles, longest first — the glossary's name (:meth:`card_titles`) or the
        plain title of a game without a term, with the variant's number where the rulebook numbers
        it, then a short form keeping the number for a narrow card — and the name its setup screen
        shows (the plainest full one)."""
        names = [_(PLAIN_TITLES[mode])] if mode in PLAIN_TITLES else self.card_titles(term_id)
        if mode not in VARIANTS:
            return names, names[-1]
        n = VARIANTS[mode]
        if mode not in PLAIN_TITLES:
            names = [_("{game}, variant {n}").format(game=t, n=n) for t in names]
        return list(dict.fromkeys([*names, _("Single suit, variant {n}").format(n=n)])), names[-1]

    def card_titles(self, term_id: str) -> list[str]:
        """A game's name for its card, longest first: as the learner's term display shows it,
        then with the Japanese written once («Kunto (薫陶, kuntō)», no kana), then with its
        reading alone («Короткий маджонг (shōto)»), then the name alone; never the bracketed
        explanation a glossary name may carry (one set of brackets)."""
        app = self.app
        lang = app.settings.language
        try:
            term = app.glossary().term(term_id)
        except (KeyError, LookupError):
            return [app.term_text(term_id)]
        mode = shown_term_mode(app.settings)  # a child's profile: the name alone
        japanese = term.shows_japanese(mode)
        forms = [term.display(mode, lang, plain=True),
                 term.display("ru_ja", lang, plain=True) if japanese else "",
                 f"{term.plain_name(lang)} ({term.romaji})" if term.romaji and japanese else "", term.plain_name(lang)]
        return list(dict.fromkeys(f for f in forms if f))

    def layout(self) -> None:
        L = self.app.layout
        area = L.content()
        cols = 3 if len(self.cards) > 8 else 2  # three columns keep nine or more cards tall enough to read
        if cols == 3:  # the narrow cards give the tiles' and the big titles' room to the words
            for card in self.cards:
                card.icon = None
                card.title_font = "body"
        place_cards(self.cards, area, cols, L.px(10 if cols == 3 else 16), L.px(200 if cols == 3 else 140))
        for card, titles in zip(self.cards, self.titles, strict=True):
            # the longest title that leaves room for the game's whole description; else the
            # longest that leaves a line of it (full mode, 1024x600)
            whole = card.subtitle_lines(self.app, card.rect.width)
            fits = [t for t in titles if self._room(card, t) >= whole]
            card.title = fits[0] if fits else next((t for t in titles if self._room(card, t) >= 1), titles[-1])

    def _room(self, card: Card, title: str) -> int:
        """The lines of description ``card`` shows under ``title``."""
        card.title = title
        return card.subtitle_room(self.app)

    def choose(self, n: int) -> bool:
        if 1 <= n <= len(self.cards):
            self.cards[n - 1].activate()
            return True
        return False

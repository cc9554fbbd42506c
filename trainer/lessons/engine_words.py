"""The engine's reasons, said in the interface language when a lesson problem quotes them.

The engine (``trainer.engine``) explains a bad tile string, an impossible hand, a win it cannot
score, drill parameters it cannot serve or a game table it cannot set up in one English sentence
("'4z' …", "5 copies of 1m: a set has only 4", "ippatsu needs riichi").  A lesson problem quotes that
reason; :func:`engine_reason` turns the ones a lesson writer meets into a
:class:`~trainer.lessons.say.Say` with a message id of ours, so the app's problems dialog shows them
in Russian too.  A reason not listed here stays in English, inside a translated sentence
(``tests/test_fix22_teacher_words.py`` writes broken lessons of every kind and finds none).

A reason may come wrapped: the tile text and the position in it (``"12x": position 2: …``), a tile
set's key (``tile set of x: [tiles] honors: …``), a game mode's name (``mode tibet: …``).  The
wrapper is said in our words and the reason inside it is looked up again.
"""

from __future__ import annotations

import re
from typing import Any

from trainer.i18n import N_
from trainer.lessons.say import Say

_Q = r"['\"](?P<ch>.+?)['\"]"
"""A character quoted by ``repr`` (the engine writes ``'x'``)."""


def _repr(name: str) -> str:
    """A value the engine writes with ``repr`` (``'x'``, ``['m', 'p']`` or a bare number); its quotes
    and brackets are left out when it is said (:func:`_plain`)."""
    return rf"(?P<{name}>(?:(?!: ).)+?)"


_NOTATION = (
    (r"^'\*' marks a called tile and belongs after a digit$",
     N_("“*” marks the called tile: write it after a digit inside a meld, e.g. (3*45m)")),
    (r"^'\*' marks a called tile and belongs inside a meld, e\.g\. \(3\*45m\)$",
     N_("“*” marks the called tile and belongs inside a meld, e.g. (3*45m)")),
    (rf"^{_Q} closes a meld that was never opened$", N_("“{ch}” closes a meld that was never opened")),
    (rf"^suit letter {_Q} has no digits before it$", N_("the suit letter “{ch}” has no digits before it")),
    (r"^'(?P<tile>\d+z)' is not a tile: honors are 1z\.\.7z$",
     N_("“{tile}” is not a tile: the honors are 1z to 7z")),
    (rf"^{_Q} is not a tile: write the numbers with the digits 0-9$",
     N_("“{ch}” is not a tile: write the numbers with the digits 0-9")),
    (rf"^{_Q} is not a tile$", N_("“{ch}” is not a tile: write digits and the Latin suit letters m, p, s, z")),
    (r"^digits without a suit letter \(m, p, s or z\) after them$",
     N_("digits without a suit letter (m, p, s or z) after them")),
    (r"^melds are not allowed here, only tiles$", N_("melds are not allowed here, only tiles")),
    (r"^'\+' \(added kan\) belongs in round brackets: \(7777s\+\)$",
     N_("“+” (an added kan) belongs in round brackets: (7777s+)")),
    (r"^meld opened with '(?P<open>.)' is not closed with '(?P<close>.)'$",
     N_("a meld opened with “{open}” is not closed with “{close}”")),
    (r"^a closed kan is not called from anybody$", N_("a closed kan is not called from anybody")),
    (r"^only one tile of a meld can be the called tile$", N_("only one tile of a meld can be the called tile")),
    (r"^a meld has 3 or 4 tiles, not (?P<n>\d+)$", N_("a meld has 3 or 4 tiles, not {n}")),
    (r"^'\+' marks an added kan, which has four tiles$", N_("“+” marks an added kan, which has four tiles")),
    (r"^(?P<meld>\S+) is a kan of one rank in mixed suits, which only a game that ignores the suits has: "
     r"a kan is four identical tiles$", N_("{meld} is a kan of one rank in different suits: a kan is four identical "
                                           "tiles")),
    (r"^concealed tiles come before the melds$", N_("the concealed tiles come before the melds")),
    (r"^'(?P<ch>.+?)' is not a wind: use E, S, W or N$", N_("“{ch}” is not a wind: use E, S, W or N")),
    (r"^'(?P<ch>.+?)' is not a tile: write a digit and a suit letter, e\.g\. 5m, 0p, 7z$",
     N_("“{ch}” is not a tile: write a digit and a suit letter, e.g. 5m, 0p, 7z")),
    (r"^'(?P<ch>.+?)' is not a tile: honors are 1z\.\.7z$", N_("“{ch}” is not a tile: the honors are 1z to 7z")),
)
"""Tile notation (``trainer.engine.notation``, ``trainer.engine.tiles``)."""

_HAND = (
    (r"^a hand of (?P<n>\d+) tiles cannot be played: .*$",
     N_("a hand of {n} tiles cannot be played: use 3n+1 (1, 4, 7, 10, 13) tiles, or 3n+2 (2, 5, 8, 11, 14) with "
        "the drawn tile; a meld counts as 3")),
    (r"^(?P<n>\d+) concealed tiles is not a hand: .*$",
     N_("{n} concealed tiles do not make a hand: use 3n+1 (1, 4, 7, 10, 13) or 3n+2 (2, 5, 8, 11, 14) tiles")),
    (r"^expected one tile, found (?P<n>\d+)$", N_("write one tile here, not {n}")),
    (r"^(?P<n>\d+) copies of (?P<tile>\w+): a set has only (?P<limit>\d+)$",
     N_("{n} copies of {tile}: a full tile set has only {limit}")),
    (r"^(?P<n>\d+) red 5(?P<suit>[mps]) \(0[mps]\): a set has only one red five per suit$",
     N_("{n} red fives 0{suit}: a full tile set has only one red five in each suit")),
    (r"^(?P<n>\d+) red 5(?P<suit>[mps]) \(0[mps]\): a set has only (?P<each>\d+) red fives per suit$",
     N_("{n} red fives 0{suit}: a full tile set has only {each} in each suit")),
    (r"^a chi is three consecutive tiles of one number suit$",
     N_("a chi is three consecutive tiles of one number suit")),
    (r"^a chi can only be called from the player on the left$",
     N_("a chi can only be called from the player on the left")),
    (r"^a pon is three identical tiles$", N_("a pon is three identical tiles")),
    (r"^a kan is four identical tiles$", N_("a kan is four identical tiles")),
    (r"^the called tile must be one of the meld's tiles$", N_("the called tile must be one of the meld's tiles")),
    (r"^the hand holds no (?P<tile>\w+)$", N_("the hand holds no {tile}")),
    (r"^only a five can be red, not (?P<tile>\w+)$", N_("only a five can be red, not {tile}")),
)
"""Hands and melds (``trainer.engine.hand``)."""

_SCORING = (
    (r"^a winning hand has 14 tiles \(each meld counting 3\),? (?:with the winning tile; )?this one has (?P<n>\d+)$",
     N_("a winning hand has 14 tiles with the winning tile (a meld counts as 3), this one has {n}")),
    (r"^the winning tile (?P<tile>\w+) is not among the concealed tiles$",
     N_("the winning tile {tile} is not among the hand's concealed tiles")),
    (r"^seat and round wind must be East, South, West or North$",
     N_("the seat and round winds must be East, South, West or North")),
    (r"^riichi needs a closed hand \(only closed kans are allowed\)$",
     N_("riichi needs a closed hand (only closed kans are allowed)")),
    (r"^(?P<tile>\w+) is not in the (?P<rules>\S+) set: it plays without (?P<gone>\S+)$",
     N_("{tile} is not in the set of the {rules} rules: it plays without {gone}")),
    (r"^the (?P<rules>\S+) rules have no chi: runs cannot be called$",
     N_("the {rules} rules have no chi: runs cannot be called")),
    (r"^three players sit East, South and West: there is no North seat$",
     N_("three players sit East, South and West: there is no North seat")),
    (r"^nuki must be 0 to 4 Norths set aside, not (?P<n>-?\d+)$",
     N_("nuki is 0 to 4 Norths set aside, not {n}")),
    (r"^the (?P<rules>\S+) rules do not set North aside as nukidora$",
     N_("the {rules} rules do not set North aside as nukidora")),
    (r"^(?P<n>\d+) Norths set aside and (?P<m>\d+) in the hand: a set has only 4$",
     N_("{n} Norths set aside and {m} in the hand: a set has only 4")),
    (r"^in the (?P<rules>\S+) rules every North is set aside \(kita\), none stays in the hand$",
     N_("in the {rules} rules every North is set aside (kita), none stays in the hand")),
    (r"^ippatsu needs riichi$", N_("ippatsu needs riichi")),
    (r"^the (?P<rules>\S+) rules have no (?P<yaku>ippatsu|renhou)$", N_("the {rules} rules have no {yaku}")),
    (r"^robbing a kan \(chankan\) is a ron$", N_("robbing a kan (chankan) is a ron")),
    (r"^a win on the kan replacement tile \(rinshan\) is a tsumo$",
     N_("a win on the kan replacement tile (rinshan) is a tsumo")),
    (r"^rinshan kaihou needs a kan in the hand$", N_("rinshan kaihou needs a kan in the hand")),
    (r"^haitei is a tsumo on the last tile; a ron on the last discard is houtei$",
     N_("haitei is a tsumo on the last tile; a ron on the last discard is houtei")),
    (r"^houtei is a ron on the last discard; a tsumo on the last tile is haitei$",
     N_("houtei is a ron on the last discard; a tsumo on the last tile is haitei")),
    (r"^a replacement tile is not the last tile of the wall$",
     N_("a kan replacement tile is not the last tile of the wall")),
    (r"^robbing a kan is not a win on the last discard$", N_("robbing a kan is not a win on the last discard")),
    (r"^(?P<yaku>\w+) is won before the winner's first discard, so never after a riichi$",
     N_("{yaku} is won before the winner's first discard, so never after a riichi")),
    (r"^(?P<yaku>\w+) is for the dealer$", N_("{yaku} is the dealer's win")),
    (r"^(?P<yaku>\w+) is for a non-dealer$", N_("{yaku} is a non-dealer's win")),
    (r"^(?P<yaku>\w+) is won by tsumo$", N_("{yaku} is won by tsumo")),
    (r"^(?P<yaku>\w+) is won by ron$", N_("{yaku} is won by ron")),
    (r"^(?P<yaku>\w+) is won before any call, so the hand has no melds$",
     N_("{yaku} is won before any call, so the hand has no melds")),
    (r"^the winning tile (?P<tile>\w+) completes no group of (?P<hand>.+)$",
     N_("the winning tile {tile} completes no set or pair of {hand}")),
    (r"^(?P<hand>(?:(?!: ).)+) is not a complete hand \(no split into sets and a pair\)$",
     N_("{hand} is not a complete hand: it cannot be split into sets and a pair")),
    (r"^with (?P<n>\d+) honba the (?P<rules>\S+) rules need 2 han without dora$",
     N_("with {n} honba the {rules} rules need 2 han without dora")),
    (r"^no yaku when won on (?P<tile>\w+): dora alone do not count$",
     N_("the hand has no yaku when won on {tile} (dora alone would not make it a win)")),
)
"""A won hand the riichi scorer refuses (``trainer.engine.scoring.ScoringError``)."""

_MCR = (
    (r"^the hand is not complete: it makes no MCR winning form$",
     N_("the hand is not complete: it makes no MCR winning form")),
    (r"^'last_copy': the hand holds another (?P<tile>\w+) concealed, so the winning tile cannot be the last copy in "
     r"sight$", N_("last_copy: the hand holds another {tile} concealed, so the winning tile cannot be the last copy "
                   "in sight")),
    (r"^'chankan': a robbed kong holds three (?P<tile>\w+), so the winner cannot hold one too$",
     N_("chankan: a robbed kong holds three {tile}, so the winner cannot hold one too")),
    (r"^'rinshan' \(a kong replacement tile\) is a self-drawn win: set 'tsumo'$",
     N_("rinshan (a kong replacement tile) is a self-drawn win: write by: tsumo")),
    (r"^'rinshan' needs a kong among the melds$", N_("rinshan needs a kong among the melds")),
    (r"^'haitei' \(the last tile of the wall\) is a self-drawn win: set 'tsumo'$",
     N_("haitei (the last tile of the wall) is a self-drawn win: write by: tsumo")),
    (r"^'houtei' \(the last discard\) is a win on a discard: leave 'tsumo' false$",
     N_("houtei (the last discard) is a win on a discard: write by: ron")),
    (r"^'chankan' \(robbing a kong\) is a win on another player's tile: leave 'tsumo' false$",
     N_("chankan (robbing a kong) is a win on another player's tile: write by: ron")),
    (r"^'(?P<a>\w+)' and '(?P<b>\w+)' cannot both be true$", N_("{a} and {b} cannot both be true")),
    (r"^'flowers' must be a whole number from 0 to 8, not (?P<n>.+)$",
     N_("flowers must be a whole number from 0 to 8, not {n}")),
)
"""A won hand the MCR calculator refuses (``trainer.engine.mcr.calculator.McrError``)."""

_DRILL_PARAMS = (
    (r"^(?P<low>\w+) (?P<a>-?\d+) is above (?P<high>\w+) (?P<b>-?\d+)$",
     N_("{low} is {a}, which is more than {high} ({b})")),
    (r"^a (?P<size>\d+)-tile single-suit hand has at most (?P<top>\d+) waits, not (?P<n>\d+)$",
     N_("a single-suit hand of {size} tiles has at most {top} waits, not {n}")),
    (r"^a (?P<size>\d+)-tile hand is at most (?P<top>\d+)-shanten$",
     N_("a hand of {size} tiles is at most {top}-shanten")),
    (r"^a 3n\+1 hand cannot be complete: use min_shanten >= 0$",
     N_("a hand of 3n+1 tiles cannot be complete: use min_shanten 0 or more")),
    (r"^a (?P<size>\d+)-tile hand has room for at most (?P<n>\d+) melds$",
     N_("a hand of {size} tiles has room for no more melds than {n}")),
    (r"^only (?P<n>\d+) stored situations have (?P<players>\d+) riichi player\(s\) and a safest tile made safe by "
     r"(?P<tools>.+) alone: add another tool$",
     N_("only {n} stored situations have {players} players in riichi and a safest tile made safe by {tools} alone: "
        "add another tool")),
    (r"^give at least one fu value$", N_("give at least one fu value")),
    (r"^no real hand has these han, fu and win kinds .*$",
     N_("no real hand has these han, fu and kinds of win (20 fu is a tsumo only with 2 han or more; 25 fu needs 2 "
        "han or more)")),
    (r"^unknown yaku id '(?P<id>.*)'$", N_("unknown yaku id “{id}”")),
    (r"^'(?P<id>.*)' is a yakuman: random hands almost never make one; not offered$",
     N_("“{id}” is a yakuman: random hands almost never make one, so it is not offered")),
    (r"^the pool is empty$", N_("the pool is empty: name at least one yaku")),
    (r"^unknown rule preset '(?P<name>.*)'; known: (?P<known>.+)$", N_("unknown rule preset “{name}”; known: {known}")),
    (r"^furiten situations are set at a four-player table; '(?P<name>.*)' is a three-player preset$",
     N_("furiten situations are set at a four-player table; “{name}” is a three-player preset")),
    (r"^unknown tile set '(?P<name>.*)'; known: (?P<known>.+)$", N_("unknown tile set “{name}”; known: {known}")),
    (r"^give at least one question format$", N_("give at least one question format")),
    (r"^no manners rule matches these ranks, groups and codes$",
     N_("no manners rule matches these ranks, groups and codes")),
    (r"^unknown manners rule code\(s\): (?P<codes>.+)$", N_("unknown manners rule code: {codes}")),
    (r"^a group is listed twice$", N_("a group is listed twice")),
    (r"^a choice needs at least two groups to choose from; use ask=pick for one group$",
     N_("a choice needs at least two groups to choose from; for one group use ask: pick")),
    (r"^the honor_run trap needs honors on$", N_("the honor_run trap needs honors: true")),
    (r"^traps apply to ask=judge only$", N_("traps apply to ask: judge only")),
    (r"^seven pairs and thirteen orphans are 14-tile forms: use size 14$",
     N_("seven pairs and thirteen orphans are forms of 14 tiles: use size: 14")),
    (r"^ask=pair needs standard hands \(special_forms 0\)$",
     N_("ask: pair needs standard hands (special_forms: 0)")),
    (r"^many-sided shapes need at least 7 tiles$", N_("many-sided shapes need at least 7 tiles (size: 7 or more)")),
    (r"^focus must be one of (?P<known>.+), not '?(?P<name>.*?)'?$",
     N_("focus must be one of {known}, not “{name}”")),
)
"""Drill parameters a generator cannot serve (the validators of ``trainer.engine.exercises``)."""

_TILE_SETS = (
    (r"^a tile set is a table of keys such as suits, honors, copies$",
     N_("a tile set is a mapping of keys such as suits, honors, copies")),
    (r"^unknown key; allowed: (?P<keys>.+)$", N_("unknown key; allowed: {keys}")),
    (r"^expected a list of different letters from m, p, s, got (?P<got>.*)$",
     N_("write a list of different letters from m, p, s, not {got}")),
    (r"^expected a table such as \{ p = \[1, 2, 3, 4\] \}$", N_("write a mapping such as {{p: [1, 2, 3, 4]}}")),
    (r"^expected a list of ranks 1\.\.9, got (?P<got>.*)$", N_("write a list of ranks 1 to 9, not {got}")),
    (rf"^suit {_repr('suit')} is not in suits {_repr('suits')}$", N_("the suit {suit} is not among the suits ({suits})")),
    (r"^expected one of (?P<known>.+) or a list of tiles, got (?P<got>.*)$",
     N_("write one of {known} or a list of tiles, not {got}")),
    (rf"^{_repr('tile')} is not an honor tile \(1z\.\.7z\)$", N_("{tile} is not an honor tile (1z to 7z)")),
    (r"^an honor is listed twice$", N_("an honor is listed twice")),
    (r"^expected a name or a list of tiles, got (?P<got>.*)$", N_("write a name or a list of tiles, not {got}")),
    (r"^expected 1\.\.4 copies of each tile, got (?P<got>.*)$", N_("write 1 to 4 copies of each tile, not {got}")),
    (r"^expected 0, 3, 4 or a table such as .*, got (?P<got>.*)$",
     N_("write 0, 3, 4 or a mapping such as {{m: 1, p: 2, s: 1}}, not {got}")),
    (rf"^(?P<n>\d+) red fives need all three suits; give a table for {_repr('suits')}$",
     N_("{n} red fives need all three suits; write a mapping for {suits}")),
    (r"^expected a number or a table, got (?P<got>.*)$", N_("write a number or a mapping, not {got}")),
    (r"^no 5(?P<suit>\w) in this set to make red$", N_("there is no 5{suit} in this set to make red")),
    (rf"^{_repr('n')} red 5(?P<suit>\w): must be 0\.\.(?P<copies>\d+)$",
     N_("{n} red 5{suit}: write 0 to {copies}")),
    (r"^the set has no tiles: give suits or honors$", N_("the set has no tiles: give suits or honors")),
)
"""A tile-set spec the engine refuses (``trainer.engine.tilesets``), after its key (see ``_WRAPPERS``)."""

_TABLES = (
    (r"^(?P<n>-?\d+) players; the table seats 2 to 4$", N_("{n} players: the table seats 2 to 4")),
    (r"^a hand of (?P<n>-?\d+) tiles; use one of (?P<sizes>.+)$", N_("a hand of {n} tiles: use one of {sizes}")),
    (r"^(?P<players>\d+) players x (?P<hand>\d+) tiles \+ (?P<draw>\d+) to draw.* = (?P<need>\d+) tiles, but the set "
     rf"{_repr('name')} has only (?P<has>\d+)$",
     N_("{players} players with {hand} tiles each and tiles to draw need {need} tiles, but the set {name} has only "
        "{has}")),
    (rf"^the half-abundance variation needs honors; the set {_repr('name')} has none$",
     N_("the half-abundance variation needs honors; the set {name} has none")),
    (rf"^(?P<key>\w+) = {_repr('value')}; expected one of (?P<known>.+)$",
     N_("{key}: {value} is not one of {known}")),
    (rf"^no tile set {_repr('name')} \(mode sets: (?P<known>.*); or a shipped set\)$",
     N_("no tile set “{name}” (this game's sets: {known}; or a set of the app)")),
    (rf"^unknown option {_repr('key')}; options: (?P<known>.+)$", N_("unknown option “{key}”; options: {known}")),
    (rf"^(?P<key>\w+) must be a number, not {_repr('value')}$", N_("{key} must be a number, not {value}")),
    (rf"^(?P<key>\w+) = {_repr('value')}; choose true or false$", N_("{key}: {value}; choose true or false")),
    (rf"^(?P<key>\w+) = {_repr('value')} is not offered; choose (?P<known>.+)$",
     N_("{key}: {value} is not offered here; choose {known}")),
    (r"^rules must be a table of options, not (?P<got>.*)$", N_("rules: must be a mapping of options, not {got}")),
    (rf"^no play mode {_repr('name')} in .*; known: (?P<known>.+)$", N_("no game mode “{name}”; known: {known}")),
)
"""A game table a play step cannot set up (``trainer.engine.game.simple_modes.ModeError``), after the
mode's name (see ``_WRAPPERS``)."""

_RECORDS = (
    (r"^paifu example '(?P<name>.*)': no file .*$",
     N_("there is no game record “{name}” among the app's examples (trainer/engine/data/paifu)")),
    (r"^paifu example '(?P<name>.*)': a name is letters, digits and _$",
     N_("“{name}” is not a record's name: use Latin letters, digits and _")),
)
"""A game record a paifu step names (``trainer.engine.game.paifu``)."""

_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), m) for p, m in (*_NOTATION, *_HAND, *_SCORING, *_MCR, *_DRILL_PARAMS, *_TILE_SETS, *_TABLES, *_RECORDS))

_WRAPPERS: tuple[tuple[re.Pattern[str], str | None], ...] = tuple((re.compile(p), m) for p, m in (
    (r'^"(?P<text>[^"]*)": position (?P<at>\d+): (?P<rest>.+)$', N_("“{text}”, character {at}: {rest}")),
    (r'^"(?P<text>[^"]*)": (?P<rest>.+)$', N_("“{text}”: {rest}")),
    (r"^.*?: \[[^\]]*\] (?P<key>[\w.()]+): (?P<rest>.+)$", N_("the tile set's {key}: {rest}")),
    (r"^mode [\w-]+: (?P<rest>.+)$", None),
    (r"^[a-z][a-z0-9_]*: (?P<rest>.+)$", None),
))
"""Reasons wrapped in where the engine met them: said in our words (None: the reason alone), and the
``rest`` looked up again.  ``at`` is the engine's 0-based position, said from 1."""

ENGINE_SAYS = "{detail}"
"""A reason of the engine that has no words of ours yet: shown as the engine wrote it (English)."""


def engine_reason(message: object) -> Say:
    """The engine's one-sentence reason as a :class:`Say` (its English text kept for the CLI)."""
    if isinstance(message, Say):
        return message
    text = str(message)
    said = _known_reason(text)
    return said if said is not None else Say(ENGINE_SAYS, english=text, detail=text)


def _known_reason(text: str) -> Say | None:
    """The reason in our words, looking inside a wrapper (None when it is not known)."""
    for pattern, msgid in _REASONS:
        m = pattern.match(text)
        if m:
            return Say(msgid, english=text, **{k: _plain(v) for k, v in m.groupdict().items()})
    for pattern, wrapper in _WRAPPERS:
        m = pattern.match(text)
        if not m:
            continue
        inner = _known_reason(m.group("rest"))
        if inner is None:
            continue
        if wrapper is None:
            return Say(inner.msgid, english=text, **inner.values)
        return Say(wrapper, english=text, **_wrapper_values(m.groupdict(), inner))
    return None


def _plain(value: str) -> str:
    """A value as written by ``repr`` said plainly: ``'x'`` is x, ``['m', 'p']`` is m, p."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    if value.startswith("[") and value.endswith("]"):
        return ", ".join(x.strip().strip("'\"") for x in value[1:-1].split(",") if x.strip())
    return value


def _wrapper_values(found: dict[str, str], inner: Say) -> dict[str, Any]:
    """A wrapper's values: the reason inside it, and a position said from 1."""
    values: dict[str, Any] = {**found, "rest": inner}
    if "at" in values:
        values["at"] = int(values["at"]) + 1
    return values


__all__ = ["ENGINE_SAYS", "engine_reason"]

"""The engine's reasons, said in the interface language when a lesson problem quotes them.

The engine (``trainer.engine``) explains a bad tile string or an impossible hand in one English
sentence ("'4z' …", "5 copies of 1m: a set has only 4").  A lesson problem quotes that reason;
:func:`engine_reason` turns the ones a lesson writer meets into a :class:`~trainer.lessons.say.Say`
with a message id of ours, so the app's problems dialog shows them in Russian too.  A reason not
listed here stays in English, inside a translated sentence.
"""

from __future__ import annotations

import re

from trainer.i18n import N_
from trainer.lessons.say import Say

_Q = r"['\"](?P<ch>.+?)['\"]"
"""A character quoted by ``repr`` (the engine writes ``'x'``)."""

_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), m) for p, m in (
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
    (r"^a hand of (?P<n>\d+) tiles cannot be played: .*$",
     N_("a hand of {n} tiles cannot be played: use 3n+1 (1, 4, 7, 10, 13) tiles, or 3n+2 (2, 5, 8, 11, 14) with "
        "the drawn tile; a meld counts as 3")),
    (r"^expected one tile, found (?P<n>\d+)$", N_("write one tile here, not {n}")),
    (r"^(?P<n>\d+) copies of (?P<tile>\w+): a set has only (?P<limit>\d+)$",
     N_("{n} copies of {tile}: a set has only {limit}")),
    (r"^(?P<n>\d+) red 5(?P<suit>[mps]) \(0[mps]\): a set has only one red five per suit$",
     N_("{n} red fives 0{suit}: a set has only one red five in each suit")),
    (r"^(?P<n>\d+) red 5(?P<suit>[mps]) \(0[mps]\): a set has only (?P<each>\d+) red fives per suit$",
     N_("{n} red fives 0{suit}: a set has only {each} in each suit")),
    (r"^a chi is three consecutive tiles of one number suit$",
     N_("a chi is three consecutive tiles of one number suit")),
    (r"^a chi can only be called from the player on the left$",
     N_("a chi can only be called from the player on the left")),
    (r"^a pon is three identical tiles$", N_("a pon is three identical tiles")),
    (r"^a kan is four identical tiles$", N_("a kan is four identical tiles")),
    (r"^the called tile must be one of the meld's tiles$", N_("the called tile must be one of the meld's tiles")),
    (r"^the hand holds no (?P<tile>\w+)$", N_("the hand holds no {tile}")),
    (r"^only a five can be red, not (?P<tile>\w+)$", N_("only a five can be red, not {tile}")),
    (r"^'(?P<ch>.+?)' is not a wind: use E, S, W or N$", N_("“{ch}” is not a wind: use E, S, W or N")),
    (r"^'(?P<ch>.+?)' is not a tile: write a digit and a suit letter, e\.g\. 5m, 0p, 7z$",
     N_("“{ch}” is not a tile: write a digit and a suit letter, e.g. 5m, 0p, 7z")),
    (r"^'(?P<ch>.+?)' is not a tile: honors are 1z\.\.7z$", N_("“{ch}” is not a tile: the honors are 1z to 7z")),
    # drill parameters (trainer.engine.exercises)
    (r"^(?P<low>\w+) (?P<a>-?\d+) is above (?P<high>\w+) (?P<b>-?\d+)$",
     N_("{low} is {a}, which is more than {high} ({b})")),
    (r"^a (?P<size>\d+)-tile single-suit hand has at most (?P<top>\d+) waits, not (?P<n>\d+)$",
     N_("a single-suit hand of {size} tiles has at most {top} waits, not {n}")),
    (r"^a (?P<size>\d+)-tile hand is at most (?P<top>\d+)-shanten$",
     N_("a hand of {size} tiles is at most {top}-shanten")),
))
ENGINE_SAYS = "{detail}"
"""A reason of the engine that has no words of ours yet: shown as the engine wrote it (English)."""


def engine_reason(message: object) -> Say:
    """The engine's one-sentence reason as a :class:`Say` (its English text kept for the CLI)."""
    if isinstance(message, Say):
        return message
    text = str(message)
    for pattern, msgid in _REASONS:
        m = pattern.match(text)
        if m:
            return Say(msgid, english=text, **m.groupdict())
    return Say(ENGINE_SAYS, english=text, detail=text)


__all__ = ["ENGINE_SAYS", "engine_reason"]

"""The name of the learner the app creates by itself, shown in the current language.

On a first start the app makes a learner before anyone has typed a name.  That learner is
stored as :data:`DEFAULT_NAME` (the English word, never a translation), and every place that
shows a learner's name shows it through :func:`shown_name`: «Игрок» in Russian, "Player" in
English, following the interface language.  Profiles made by older versions were stored with
the word of the language of that day, «Игрок» or "Player"; they read the same way.  A name the
learner typed is shown as typed (a learner who typed exactly «Игрок» or "Player" sees it in the
interface language).  Nothing stored is changed.

Every name that is stored — typed in the learners form, renamed, imported from a file — goes
through :func:`clean_name` (the store applies it), and every name shown goes through it too, so a
name written into the file by another tool shows on one line: control characters and the marks
that turn text right to left are removed, line breaks become spaces, and a symbol the app's fonts
cannot draw (an emoji: ``assets/fonts`` has the mahjong tiles and a few signs such as ★ and ✓, no
emoji) is left out rather than drawn as an empty box.
"""

from __future__ import annotations

import unicodedata

from trainer.i18n import N_, _

DEFAULT_NAME = N_("Player")
"""The stored name of the learner the app creates before anyone types a name."""
DEFAULT_NAMES = frozenset({DEFAULT_NAME, "Игрок"})
"""The default name as stored by this and by older versions (the Russian word of those)."""


def is_default_name(name: str) -> bool:
    """True for the name the app gave a learner by itself (in any language it was stored in)."""
    return name.strip() in DEFAULT_NAMES


def shown_name(name: str) -> str:
    """A learner's name as the learner should read it: the default name in the current language,
    any other name as it is stored, cleaned of what cannot be shown on one line
    (:func:`clean_name`, without shortening it)."""
    return _(DEFAULT_NAME) if is_default_name(name) else (clean_name(name, limit=None) or _(DEFAULT_NAME))


NAME_MAX = 30
"""The longest name, in characters: what the learners form lets a learner type."""
SPACES = "\t\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters that break a line: a name gets a space in their place."""
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories left out of a name: control and format characters (the marks that turn
text right to left or join emoji among them), surrogates, private use and unassigned ones."""
EMOJI_BLOCKS = ((0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1FAFF))
"""Blocks of symbols and emoji; of these the fonts draw only :data:`DRAWN_SYMBOLS`."""
DRAWN_SYMBOLS = frozenset("★☆♦⚠✓✔✗✘⬤⭐⯅⯆⯇⯈" + "".join(chr(c) for c in range(0x1F000, 0x1F02C)))
"""The symbols of :data:`EMOJI_BLOCKS` that the app's fonts draw (``assets/fonts``: the mahjong
tiles and the signs the app uses; tests check this against the fonts)."""
INVISIBLE_MARKS = frozenset(chr(c) for c in (*range(0xFE00, 0xFE10), 0x20E3))
"""Variation selectors and the keycap mark, which only dress up an emoji."""


def _kept(ch: str) -> bool:
    """Whether a character of a name (not a line break) is kept."""
    if unicodedata.category(ch) in DROPPED_CATEGORIES or ch in INVISIBLE_MARKS:
        return False
    code = ord(ch)
    return ch in DRAWN_SYMBOLS or not any(lo <= code <= hi for lo, hi in EMOJI_BLOCKS)


def clean_name(name: str, limit: int | None = NAME_MAX) -> str:
    """A learner's name as the app keeps it: line breaks as spaces, control and right-to-left marks
    and symbols the fonts cannot draw (emoji) left out, spaces run together and trimmed, at most
    ``limit`` characters (the learners form's limit; None: any length).  Empty when nothing of the
    name can be shown."""
    text = "".join(" " if ch in SPACES else ch for ch in name if ch in SPACES or _kept(ch))
    text = " ".join(text.split())
    if limit is None or len(text) <= limit:
        return text
    cut = text[:limit + 1].rsplit(" ", 1)[0] if " " in text[:limit + 1] else ""
    return cut if len(cut) > limit // 2 else text[:limit].rstrip()  # whole words, when they keep most of it


def stored_name(name: str) -> str:
    """A learner's name as it is stored (:func:`clean_name`); a name of which nothing can be shown
    (emoji only) is the default name, to be renamed; a blank one is refused (ValueError)."""
    if not name.strip():
        raise ValueError("a learner needs a name")
    return clean_name(name) or DEFAULT_NAME

"""The name of the learner the app creates by itself, shown in the current language.

On a first start the app makes a learner before anyone has typed a name.  That learner is
stored as :data:`DEFAULT_NAME` (the English word, never a translation), and every place that
shows a learner's name shows it through :func:`shown_name`: «Игрок» in Russian, "Player" in
English, following the interface language.  Profiles made by older versions were stored with
the word of the language of that day, «Игрок» or "Player"; they read the same way.  A name the
learner typed is shown as typed (a learner who typed exactly «Игрок» or "Player" sees it in the
interface language).  Nothing stored is changed.
"""

from __future__ import annotations

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
    any other name as it is."""
    return _(DEFAULT_NAME) if is_default_name(name) else name

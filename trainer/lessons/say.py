"""Validator messages that can be said in the interface language.

A :class:`Say` is a ``str`` (its English text, for ``lessons check`` and the logs) that also keeps
an English message id marked with ``N_`` and its named values, so the app's lesson-problems dialog
can show it in Russian (:meth:`Say.translated`).  A value may itself be a :class:`Say` (an engine
reason inside a lesson problem), a number (written the interface's way) or a list (joined with
commas).

    raise AnswerError(Say(N_("the hand is not tenpai: there are no waits to pick")), ("hand",))
    Say(N_("unknown glossary term “{term}”"), english=f"unknown glossary term '{term}'", term=term)

``english`` keeps an older English wording for the command line where it differs from the message id.
"""

from __future__ import annotations

from typing import Any


class Say(str):
    """An English message (the ``str`` value) with the message id and values to translate it."""

    msgid: str
    values: dict[str, Any]

    def __new__(cls, msgid: str, /, *, english: str | None = None, **values: Any) -> Say:
        text = english if english is not None else fill(msgid, values, translate=False)
        obj = super().__new__(cls, text)
        obj.msgid = msgid
        obj.values = values
        return obj

    def translated(self) -> str:
        """The message in the interface language (the English text if the id has no translation)."""
        from trainer.i18n import _

        return fill(_(self.msgid), self.values, translate=True, fallback=str(self))

    def __reduce__(self) -> tuple[Any, ...]:  # a str subclass with keyword-only arguments: pickle by hand
        return _rebuild, (self.msgid, str(self), self.values)


def _rebuild(msgid: str, english: str, values: dict[str, Any]) -> Say:
    return Say(msgid, english=english, **values)


def value_text(value: Any, *, translate: bool) -> str:
    """One value of a message: a nested :class:`Say` said in the same language, a whole number
    written the interface's way (``1 000``), a list joined with commas."""
    if isinstance(value, Say):
        return value.translated() if translate else str(value)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int) and translate:
        from trainer.i18n import format_number

        return format_number(value)
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return ", ".join(value_text(v, translate=translate) for v in items)
    return str(value)


def fill(template: str, values: dict[str, Any], *, translate: bool, fallback: str | None = None) -> str:
    """``template`` with its named fields filled (``fallback``, else the template, when a field is
    missing or the template is broken, as a bad translation may be)."""
    try:
        return template.format(**{k: value_text(v, translate=translate) for k, v in values.items()})
    except (KeyError, IndexError, ValueError):
        return fallback if fallback is not None else template


def say_text(message: Any) -> str:
    """A message in the interface language: a :class:`Say` translated, anything else as it is."""
    return message.translated() if isinstance(message, Say) else str(message)


__all__ = ["Say", "fill", "say_text", "value_text"]

"""Translations of the user interface (gettext via Babel), Russian first.

Every string the learner reads goes through this module::

    from trainer.i18n import _, ngettext, pgettext, N_

    label = _("Lessons")
    score = ngettext("{n} point", "{n} points", n).format(n=n)
    verb = pgettext("mahjong call", "Pon")

The message ids are the English source strings.  Catalogs live in
``locales/<lang>/LC_MESSAGES/trainer.po`` (domain ``trainer``).  At start-up a
catalog is compiled in memory from the ``.po`` file whenever the ``.mo`` file
is missing or older, so a fresh clone works without a build step (``.mo``
files are not committed).  Fuzzy entries are never used.

Module-level constants must not call ``_()`` at import time (the language may
change later): mark them with ``N_("...")`` and translate with ``_(CONST)``
where the text is drawn.

A catalog that cannot be read (a broken ``.po``) never stops the app: its language
shows the English source strings and :func:`catalog_problems` names the file and line.

Numbers and dates are formatted with Babel for the current language
(:func:`format_number`, :func:`format_points` for every score, :func:`format_decimal`, :func:`format_percent`,
:func:`format_date`, :func:`format_datetime`).  Babel's Russian dates contain
U+202F (narrow no-break space), which some CJK fonts lack; these helpers
replace it, and U+2009, with an ordinary no-break space unless ``narrow=True``.
"""

from __future__ import annotations

import datetime as _dt
import gettext as _gettext
import io
from collections.abc import Callable
from pathlib import Path

from babel import Locale
from babel import dates as _bdates
from babel import numbers as _bnumbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po

from trainer.paths import LOCALES_DIR

DOMAIN = "trainer"
LANGUAGES: tuple[str, ...] = ("ru", "en")
DEFAULT_LANGUAGE = "ru"
LANGUAGE_NAMES = {"ru": "Русский", "en": "English"}

_NARROW_SPACES = str.maketrans({"\u202f": "\u00a0", "\u2009": "\u00a0"})


class I18nError(Exception):
    """A translation catalog could not be loaded: the message names the file and the line."""


_current = DEFAULT_LANGUAGE
_locales_dir: Path = LOCALES_DIR
_catalogs: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []
_problems: list[str] = []


def catalog_paths(lang: str, locales_dir: Path | None = None) -> tuple[Path, Path]:
    """Return the (.po, .mo) paths of the ``trainer`` catalog for ``lang``."""
    base = (locales_dir or _locales_dir) / lang / "LC_MESSAGES"
    return base / f"{DOMAIN}.po", base / f"{DOMAIN}.mo"


def compile_po(po_path: Path) -> _gettext.GNUTranslations:
    """Compile a ``.po`` file in memory (fuzzy entries skipped) and return the translations.

    A malformed catalog raises :class:`I18nError` naming the file and the line.
    """
    try:
        with po_path.open("rb") as fh:
            catalog = read_po(fh, abort_invalid=True)
    except PoFileError as exc:
        lineno = getattr(exc, "lineno", None)  # Babel counts lines from 0
        line = lineno + 1 if isinstance(lineno, int) else None
        where = f"{po_path}:{line}" if line else str(po_path)
        raise I18nError(f"{where}: invalid catalog: {exc.args[0] if exc.args else exc}") from exc
    except (OSError, ValueError) as exc:
        raise I18nError(f"{po_path}: cannot read catalog: {exc}") from exc
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def load_catalog(lang: str, locales_dir: Path | None = None) -> _gettext.NullTranslations:
    """Load the translations for ``lang``: the ``.mo`` when it is up to date, else the ``.po`` compiled in memory.

    A language without any catalog yields identity translations (the English source strings).
    """
    po_path, mo_path = catalog_paths(lang, locales_dir)
    po_time = po_path.stat().st_mtime if po_path.exists() else None
    if mo_path.exists() and (po_time is None or mo_path.stat().st_mtime >= po_time):
        try:
            with mo_path.open("rb") as fh:
                return _gettext.GNUTranslations(fh)
        except (OSError, ValueError) as exc:
            if po_time is None:
                raise I18nError(f"{mo_path}: broken compiled catalog: {exc}") from exc
    if po_time is not None:
        return compile_po(po_path)
    return _gettext.NullTranslations()


def _catalog(lang: str) -> _gettext.NullTranslations:
    cat = _catalogs.get(lang)
    if cat is None:
        try:
            cat = load_catalog(lang)
        except Exception as exc:  # noqa: BLE001 - a broken catalog must never stop the app
            # The English source strings are shown instead, and the problem is kept for a notice.
            problem = str(exc) if isinstance(exc, I18nError) else f"{catalog_paths(lang)[0]}: {exc!r}"
            _problems.append(problem)
            cat = _gettext.NullTranslations()
        _catalogs[lang] = cat
    return cat


def catalog_problems() -> list[str]:
    """Catalogs that could not be loaded (``file:line: what``); their language falls back to
    the English source strings.  The app shows these once at start-up."""
    return list(_problems)


def reload_catalogs(locales_dir: Path | None = None) -> None:
    """Forget cached catalogs (after editing a ``.po``), optionally reading them from another folder."""
    global _locales_dir
    if locales_dir is not None:
        _locales_dir = Path(locales_dir)
    _catalogs.clear()
    _problems.clear()


def set_language(lang: str) -> None:
    """Switch the interface language ("ru" or "en") and notify listeners registered with :func:`on_language_change`."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    _catalog(lang)  # load now: a broken catalog falls back to English here, not mid-frame
    changed = lang != _current
    _current = lang
    if changed:
        for callback in list(_listeners):
            callback(lang)


def current_language() -> str:
    """The interface language now in use ("ru" by default)."""
    return _current


def on_language_change(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(lang)`` whenever :func:`set_language` switches to another language.

    Returns a function that unregisters the callback (for screens that close).
    """
    _listeners.append(callback)

    def remove() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return remove


def gettext(message: str) -> str:
    """Translate an English UI string into the current language."""
    return _catalog(_current).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a count-dependent string, choosing the plural form for ``n`` (Russian has three);
    a negative count takes the form of its size (−28 очков, as 28 очков)."""
    return _catalog(_current).ngettext(singular, plural, abs(n))


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in a disambiguating ``context`` (e.g. "mahjong call" for "Pon")."""
    return _catalog(_current).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Plural-aware :func:`pgettext`."""
    return _catalog(_current).npgettext(context, singular, plural, abs(n))


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now; translate later with ``_(message)``."""
    return message


def points_text(n: int) -> str:
    """A score in points with the right plural ("1 очко", "2 очка", "5 очков" / "1 point", "5 points")."""
    return ngettext("{n} point", "{n} points", n).format(n=format_number(n))


def han_text(n: int) -> str:
    """A han count with the right plural ("1 хан", "2 хана", "5 ханов")."""
    return ngettext("{n} han", "{n} han", n).format(n=format_number(n))


def fu_text(n: int) -> str:
    """A fu (minipoint) count ("30 фу"; the Russian word does not decline)."""
    return ngettext("{n} fu", "{n} fu", n).format(n=format_number(n))


def tiles_text(n: int) -> str:
    """A number of tiles with the right plural ("1 плитка", "2 плитки", "5 плиток")."""
    return ngettext("{n} tile", "{n} tiles", n).format(n=format_number(n))


def or_join(items: list[str] | tuple[str, ...]) -> str:
    """Alternatives joined as "a", "a or b" or "a, b or c" in the interface language (each one will
    do: "discard 5m or 8p"), e.g. tiles as rich-text markup."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two of a list of alternatives, any one will do ("5m or 8p"; ru: «5m или 8p»).
    return _("{a} or {b}").format(a=", ".join(items[:-1]), b=items[-1])


def place_text(n: int) -> str:
    """A finishing place as an ordinal ("3rd place" / «3-е место»)."""
    # TRANSLATORS: a finishing place in a match (ru: «1-е место»).
    words = {1: pgettext("finishing place", "1st place"), 2: pgettext("finishing place", "2nd place"),
             3: pgettext("finishing place", "3rd place"), 4: pgettext("finishing place", "4th place")}
    return words.get(n) or pgettext("finishing place", "{n}th place").format(n=n)


def _locale() -> Locale:
    return Locale.parse(_current)


def _space(text: str, narrow: bool) -> str:
    return text if narrow else text.translate(_NARROW_SPACES)


def _minus(text: str) -> str:
    """A negative number starts with a real minus sign (−28), not a hyphen (-28)."""
    return "\u2212" + text[1:] if text.startswith("-") else text


def format_number(n: int | float, *, narrow: bool = False) -> str:
    """Format a number (points, counts) for the current language: ``12 000`` in Russian, ``12,000`` in English;
    a negative one with a real minus sign (``−2,800``)."""
    return _minus(_space(_bnumbers.format_decimal(n, locale=_locale()), narrow))


def format_points(n: int, *, signed: bool = False) -> str:
    """A number of points as every screen shows it: ``25,000`` in English, ``25 000`` in Russian.

    ``signed`` marks a change: ``+3,900``, ``−3,900`` (a real minus sign) or ``±0``.
    """
    text = format_number(abs(n) if signed else n)
    if not signed:
        return text
    return "±0" if n == 0 else ("+" if n > 0 else "\u2212") + text


def format_about_points(points: float) -> str:
    """An expected value in points as a learner reads it: to the nearest hundred ("about 9,500",
    not "about 9,506"), in the language's number format."""
    return format_number(int(round(points, -2)))


def format_decimal(n: int | float, pattern: str | None = None, *, narrow: bool = False) -> str:
    """Format a number with an optional Babel/CLDR pattern such as ``"#,##0.0#"``."""
    return _minus(_space(_bnumbers.format_decimal(n, format=pattern, locale=_locale()), narrow))


def format_percent(fraction: float, pattern: str | None = None, *, narrow: bool = False) -> str:
    """Format a ratio (0.873) as a percentage for the current language (``87 %`` / ``87%``)."""
    return _space(_bnumbers.format_percent(fraction, format=pattern, locale=_locale()), narrow)


def format_date(d: _dt.date, fmt: str = "medium", *, narrow: bool = False) -> str:
    """Format a date ("short", "medium", "long", "full" or a CLDR pattern) for the current language."""
    return _space(_bdates.format_date(d, format=fmt, locale=_locale()), narrow)


def format_datetime(dt: _dt.datetime, fmt: str = "medium", *, narrow: bool = False) -> str:
    """Format a date and time for the current language."""
    return _space(_bdates.format_datetime(dt, format=fmt, locale=_locale()), narrow)


def format_timedelta(delta: _dt.timedelta, *, add_direction: bool = False, narrow: bool = False) -> str:
    """Format a duration ("3 дня", or "через 3 дня" with ``add_direction``) for the current language."""
    return _space(
        _bdates.format_timedelta(delta, add_direction=add_direction, locale=_locale()), narrow
    )


__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "I18nError",
    "N_",
    "_",
    "catalog_paths",
    "catalog_problems",
    "compile_po",
    "current_language",
    "format_about_points",
    "format_date",
    "format_datetime",
    "format_decimal",
    "format_number",
    "format_percent",
    "format_points",
    "format_timedelta",
    "fu_text",
    "gettext",
    "han_text",
    "load_catalog",
    "ngettext",
    "npgettext",
    "on_language_change",
    "or_join",
    "pgettext",
    "points_text",
    "reload_catalogs",
    "set_language",
    "tiles_text",
]

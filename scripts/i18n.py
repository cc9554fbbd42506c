#!/usr/bin/env python3
"""Maintainer tool for the UI translations (gettext domain ``trainer``).

    .venv/bin/python scripts/i18n.py            extract -> update -> compile (the usual refresh)
    .venv/bin/python scripts/i18n.py extract    scan trainer/ (babel.cfg) into locales/trainer.pot
    .venv/bin/python scripts/i18n.py update     merge the template into locales/<lang>/LC_MESSAGES/trainer.po
    .venv/bin/python scripts/i18n.py compile    write the .mo files (optional: the app compiles in memory)
    .venv/bin/python scripts/i18n.py check      list untranslated and fuzzy messages; exit 1 if any
    .venv/bin/python scripts/i18n.py set ru FILE.json
                                                set translations from a JSON object {msgid: msgstr}
                                                (a plural: {singular msgid: [forms]}; a context:
                                                "context\u0004msgid"); unknown msgids are listed, exit 1

``update`` creates a missing catalog, keeps existing translations, drops obsolete
ones, and fills the English catalog from the source strings (msgid = English), so
only Russian needs a human.  Fuzzy matching is off unless ``--fuzzy`` is given:
a new string arrives untranslated, and ``check`` (and tests/test_i18n.py) flag it.
See docs/translating.md.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "trainer.pot"
DOMAIN = "trainer"
LANGS = ("ru", "en")


def _pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def po_path(lang: str) -> Path:
    """The catalog file of one language."""
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    """Scan the ``trainer`` package for ``_()``, ``ngettext()``, ``pgettext()``, ``N_()`` ... into the template."""
    _pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(POT),
        "--add-comments=TRANSLATORS:", "--sort-by-file",
        "--project=riichi-trainer", "--version=0.1", "--copyright-holder=riichi-trainer contributors",
        "--msgid-bugs-address=https://github.com/riichi-trainer/riichi-trainer/issues",
        ".",
    )
    print(f"extracted {_count(POT)} messages into {POT.relative_to(ROOT)}")


def update(fuzzy: bool = False) -> None:
    """Create or update every language catalog from the template; fill English from the source strings."""
    for lang in LANGS:
        path = po_path(lang)
        if not path.exists():
            _pybabel("init", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang)
        else:
            args = ["update", "-i", str(POT), "-d", str(LOCALES), "-D", DOMAIN, "-l", lang, "--ignore-obsolete"]
            if not fuzzy:
                args.append("--no-fuzzy-matching")
            _pybabel(*args)
        if lang == "en":
            _fill_english(path)
    print("updated " + ", ".join(str(po_path(lang).relative_to(ROOT)) for lang in LANGS))


def _fill_english(path: Path) -> None:
    """English messages are the source strings: copy each msgid into an empty msgstr."""
    with path.open("rb") as fh:
        catalog = read_po(fh)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple | list):
            if not any(message.string):
                message.string = (message.id[0], message.id[1])
        elif not message.string:
            message.string = message.id
    with path.open("wb") as fh:
        write_po(fh, catalog, width=110)


def compile_catalogs() -> None:
    """Write ``.mo`` files next to the ``.po`` files (gitignored; the app can do without them)."""
    _pybabel("compile", "-d", str(LOCALES), "-D", DOMAIN, "--statistics")


def check() -> int:
    """Print untranslated and fuzzy messages per language; return the number of problems."""
    problems = 0
    for lang in LANGS:
        with po_path(lang).open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
            what = "fuzzy" if message.fuzzy else ("untranslated" if not all(strings) else "")
            if what:
                problems += 1
                where = ", ".join(f"{f}:{n}" for f, n in message.locations[:2])
                print(f"{lang}: {what}: {message.id!r} ({where})")
    print(f"{problems} problem(s)")
    return problems


def set_translations(lang: str, source: Path) -> int:
    """Write the translations of a JSON file into one catalog (for several people translating at
    once: each keeps a file and sets it after ``update``); return the number of msgids not found."""
    import json

    path = po_path(lang)
    with path.open("rb") as fh:
        catalog = read_po(fh)
    missing = []
    for key, value in json.loads(source.read_text(encoding="utf-8")).items():
        context, _sep, msgid = key.rpartition("\u0004")
        message = catalog.get(msgid, context=context or None)
        if message is None:  # a plural is keyed by its singular
            message = next((m for m in catalog if isinstance(m.id, tuple | list) and m.id[0] == msgid
                            and m.context == (context or None)), None)
        if message is None:
            missing.append(key)
            continue
        message.string = tuple(value) if isinstance(message.id, tuple | list) else value
        message.flags.discard("fuzzy")
    with path.open("wb") as fh:
        write_po(fh, catalog, width=110 if lang == "en" else 76)  # as update writes each catalog
    for key in missing:
        print(f"{lang}: not in the catalog: {key!r}")
    return len(missing)


def _count(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for m in read_po(fh) if m.id)


def main(argv: list[str] | None = None) -> int:
    """Run one step, or the whole refresh when no step is named."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", nargs="?", default="all", choices=["all", "extract", "update", "compile", "check", "set"])
    parser.add_argument("lang", nargs="?", choices=LANGS, help="with set: the catalog's language")
    parser.add_argument("source", nargs="?", type=Path, help="with set: the JSON file of translations")
    parser.add_argument("--fuzzy", action="store_true", help="let update guess translations (marked fuzzy)")
    args = parser.parse_args(argv)
    source = args.source.resolve() if args.source is not None else None  # before moving to the root
    os.chdir(ROOT)  # source references in the catalogs stay relative (trainer/ui/...)
    if args.step in ("all", "extract"):
        extract()
    if args.step in ("all", "update"):
        update(fuzzy=args.fuzzy)
    if args.step in ("all", "compile"):
        compile_catalogs()
    if args.step == "check":
        return 1 if check() else 0
    if args.step == "set":
        if args.lang is None or source is None:
            parser.error("set needs a language and a JSON file")
        return 1 if set_translations(args.lang, source) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""UI translations: every extracted message is translated, catalogs are clean, plurals and formats are right."""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from trainer import i18n
from trainer.paths import LOCALES_DIR, ROOT

PLURAL_RU = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
BRACES = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def _restore_language() -> Iterator[None]:
    before = i18n.current_language()
    yield
    i18n.reload_catalogs(LOCALES_DIR)
    i18n.set_language(before)


def _catalog(lang: str):
    path = LOCALES_DIR / lang / "LC_MESSAGES" / "trainer.po"
    with path.open("rb") as fh:
        return read_po(fh, abort_invalid=True)


def _extracted() -> dict[tuple[str | None, str], tuple[str, int]]:
    """Messages found in the code now (same mapping as scripts/i18n.py): key (context, msgid) -> location."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found: dict[tuple[str | None, str], tuple[str, int]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(str(ROOT), method_map, options_map):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((context, msgid), (filename, lineno))
    return found


def _strings(message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple | list) else (message.string,)


# ---------------------------------------------------------------- completeness


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_message_in_the_code_is_translated(lang: str) -> None:
    catalog = _catalog(lang)
    missing = []
    for (context, msgid), (filename, lineno) in sorted(_extracted().items(), key=lambda kv: kv[1]):
        message = catalog.get(msgid, context=context)
        if message is None or message.fuzzy or not all(_strings(message)):
            missing.append(f"{filename}:{lineno}: {msgid!r}")
    assert not missing, (
        f"{len(missing)} message(s) lack a {lang} translation; run `.venv/bin/python scripts/i18n.py` and "
        f"translate locales/{lang}/LC_MESSAGES/trainer.po:\n" + "\n".join(missing[:40])
    )


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_template_message_is_in_the_catalog(lang: str) -> None:
    with (LOCALES_DIR / "trainer.pot").open("rb") as fh:
        template = read_po(fh, abort_invalid=True)
    catalog = _catalog(lang)
    missing = [m.id for m in template if m.id and catalog.get(m.id, context=m.context) is None]
    assert not missing, f"locales/trainer.pot messages missing from {lang}: {missing[:20]}"


# ---------------------------------------------------------------- catalog hygiene


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_catalog_is_clean(lang: str) -> None:
    catalog = _catalog(lang)  # abort_invalid: a broken file fails here with its line
    assert str(catalog.locale) == lang
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries in {lang}: {fuzzy}"
    if lang == "ru":
        assert catalog.plural_forms == PLURAL_RU
    else:
        assert catalog.num_plurals == 2
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple | list) else (m.id,)
        expected = set(BRACES.findall(" ".join(ids)))
        if isinstance(m.id, tuple | list):
            assert len(_strings(m)) == catalog.num_plurals, f"{lang}: {m.id!r} needs {catalog.num_plurals} forms"
        for text in _strings(m):
            if text:
                assert set(BRACES.findall(text)) <= expected, f"{lang}: {m.id!r} -> {text!r}: unknown placeholder"
                if not isinstance(m.id, tuple | list):
                    assert set(BRACES.findall(text)) == expected, f"{lang}: {m.id!r} -> {text!r}: placeholder lost"


def test_english_catalog_mirrors_the_source_strings() -> None:
    """English msgstrs may be reworded, but none may be Russian (a copy-paste slip)."""
    for m in _catalog("en"):
        for text in _strings(m):
            assert not re.search(r"[А-Яа-яЁё]", text or ""), f"Cyrillic in the English catalog: {m.id!r}"


# ---------------------------------------------------------------- runtime behaviour


@pytest.mark.parametrize(
    ("n", "points", "han", "tiles"),
    [
        (1, "1 очко", "1 хан", "1 плитка"),
        (2, "2 очка", "2 хана", "2 плитки"),
        (5, "5 очков", "5 ханов", "5 плиток"),
        (11, "11 очков", "11 ханов", "11 плиток"),
        (21, "21 очко", "21 хан", "21 плитка"),
        (22, "22 очка", "22 хана", "22 плитки"),
        (25, "25 очков", "25 ханов", "25 плиток"),
        (101, "101 очко", "101 хан", "101 плитка"),
        (111, "111 очков", "111 ханов", "111 плиток"),
    ],
)
def test_russian_plural_forms(n: int, points: str, han: str, tiles: str) -> None:
    i18n.set_language("ru")
    assert i18n.points_text(n) == points
    assert i18n.han_text(n) == han
    assert i18n.tiles_text(n) == tiles
    assert i18n.fu_text(n) == f"{n} фу"


def test_english_plurals_and_grouping() -> None:
    i18n.set_language("en")
    assert i18n.points_text(1) == "1 point"
    assert i18n.points_text(2) == "2 points"
    assert i18n.points_text(12000) == "12,000 points"
    assert i18n.han_text(3) == "3 han"


def test_russian_is_the_default_and_languages_switch() -> None:
    assert i18n.DEFAULT_LANGUAGE == "ru"
    i18n.set_language("ru")
    seen: list[str] = []
    remove = i18n.on_language_change(seen.append)
    i18n.set_language("en")
    assert i18n.current_language() == "en"
    i18n.set_language("en")  # no change, no notification
    i18n.set_language("ru")
    remove()
    i18n.set_language("en")  # no longer listening
    assert seen == ["en", "ru"]
    with pytest.raises(ValueError, match="unsupported language"):
        i18n.set_language("de")


def test_number_and_date_formats_follow_the_language() -> None:
    d = dt.date(2026, 11, 22)
    i18n.set_language("ru")
    assert i18n.format_number(12000) == "12\u00a0000"
    assert i18n.format_percent(0.873) == "87\u00a0%"
    assert i18n.format_date(d, "long") == "22 ноября 2026\u00a0г."  # U+202F mapped to a plain no-break space
    assert "\u202f" in i18n.format_date(d, "long", narrow=True)
    assert i18n.format_decimal(0.375, "#,##0.0#") == "0,38"
    i18n.set_language("en")
    assert i18n.format_number(12000) == "12,000"
    assert i18n.format_number(-2800) == "\u22122,800"  # a real minus sign, not a hyphen
    assert i18n.format_decimal(-0.5, "0.0") == "\u22120.5"
    assert i18n.format_percent(0.873) == "87%"
    assert i18n.format_date(d, "long") == "November 22, 2026"


# ---------------------------------------------------------------- loading: .po compiled in memory, .mo when fresh


def _po(path: Path, lang: str, entries: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    plural = PLURAL_RU if lang == "ru" else "nplurals=2; plural=(n != 1);"
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n"Plural-Forms: {plural}\\n"\n'
        f'"Content-Type: text/plain; charset=utf-8\\n"\n\n{entries}',
        encoding="utf-8",
    )


def test_po_is_compiled_in_memory_when_mo_missing_or_stale(tmp_path: Path) -> None:
    po = tmp_path / "ru" / "LC_MESSAGES" / "trainer.po"
    _po(po, "ru", 'msgid "Lessons"\nmsgstr "Уроки"\n\nmsgctxt "mahjong call"\nmsgid "Pon"\nmsgstr "Пон!"\n\n'
        '#, fuzzy\nmsgid "Play"\nmsgstr "Играть?"\n')
    i18n.reload_catalogs(tmp_path)
    i18n.set_language("ru")
    assert i18n._("Lessons") == "Уроки"
    assert i18n.pgettext("mahjong call", "Pon") == "Пон!"
    assert i18n._("Play") == "Play"  # fuzzy entries are never shown
    assert i18n._("Unknown string") == "Unknown string"

    # A stale .mo (older than the .po) is ignored; a fresh one is used.
    mo = po.with_suffix(".mo")
    with po.open("rb") as fh:
        catalog = read_po(fh)
    catalog.get("Lessons").string = "Из .mo"
    buf = io.BytesIO()
    write_mo(buf, catalog)
    mo.write_bytes(buf.getvalue())
    po_time = po.stat().st_mtime
    os.utime(mo, (po_time - 100, po_time - 100))
    i18n.reload_catalogs(tmp_path)
    assert i18n._("Lessons") == "Уроки"
    os.utime(mo, (po_time + 100, po_time + 100))
    i18n.reload_catalogs(tmp_path)
    assert i18n._("Lessons") == "Из .mo"


def test_broken_po_names_file_and_line(tmp_path: Path) -> None:
    po = tmp_path / "ru" / "LC_MESSAGES" / "trainer.po"
    _po(po, "ru", 'msgid "Lessons"\nmsgstr "Уроки"\n\nmsgid "Play"\nmsgstr "Играть"\nstray words here\n')
    with pytest.raises(i18n.I18nError, match=r"trainer\.po:12: invalid catalog"):
        i18n.compile_po(po)
    i18n.reload_catalogs(tmp_path)
    i18n.set_language("ru")  # a broken catalog never stops the app: English source strings instead
    assert i18n._("Lessons") == "Lessons"
    (problem,) = i18n.catalog_problems()
    assert "trainer.po:12: invalid catalog" in problem


def test_fresh_clone_without_mo_files_works(tmp_path: Path) -> None:
    copy = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, copy, ignore=shutil.ignore_patterns("*.mo"))
    i18n.reload_catalogs(copy)
    i18n.set_language("ru")
    assert i18n.points_text(5) == "5 очков"


def test_a_negative_count_takes_the_plural_form_of_its_size() -> None:
    from trainer import i18n

    i18n.set_language("ru")
    try:
        assert i18n.ngettext("{n} point", "{n} points", -28).format(n=-28) == "-28 очков"
        assert i18n.ngettext("{n} point", "{n} points", -21).format(n=-21) == "-21 очко"
    finally:
        i18n.set_language("en")


def test_points_are_grouped_the_same_way_on_every_screen() -> None:
    """A score reads "25,000" in English and «25 000» (a no-break space) in Russian; signed
    changes carry "+", a real minus sign, or "±0"."""
    i18n.set_language("en")
    assert i18n.format_points(25000) == "25,000"
    assert i18n.format_points(3900, signed=True) == "+3,900"
    assert i18n.format_points(-3900, signed=True) == "\u22123,900"
    assert i18n.format_points(0, signed=True) == "±0"
    assert i18n.format_points(500) == "500"
    i18n.set_language("ru")
    assert i18n.format_points(25000) == "25\u00a0000"
    assert i18n.format_points(-12000, signed=True) == "\u221212\u00a0000"
    assert i18n.points_text(8000) == "8\u00a0000 очков"


def test_an_expected_value_reads_to_the_nearest_hundred() -> None:
    """The coach's "about 9,500" for an expected 9,506 (and 3,150 → 3,200), in each language."""
    i18n.set_language("en")
    assert [i18n.format_about_points(p) for p in (9506, 3150, 40, 0)] == ["9,500", "3,200", "0", "0"]
    i18n.set_language("ru")
    assert i18n.format_about_points(11310) == "11\u00a0300"
    i18n.set_language("en")


def test_the_russian_catalog_spells_terms_as_the_glossary_does() -> None:
    """The interface speaks like the lessons: no variant spelling the glossary forbids (темпай, чи,
    ветра) and «хан» agreeing with its number — the same checker ``lessons check`` runs."""
    from trainer.glossary import load_glossary
    from trainer.lessons.spelling import SpellingChecker

    checker = SpellingChecker(load_glossary())
    with open(LOCALES_DIR / "ru" / "LC_MESSAGES" / "trainer.po", "rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        texts = message.string if isinstance(message.string, list | tuple) else [message.string]
        found += [f"{message.id!r}: {f.message}" for text in texts if text for f in checker.findings(text)]
    assert not found, "\n".join(found)


def test_translations_are_set_from_a_json_file(tmp_path, monkeypatch) -> None:
    """``scripts/i18n.py set ru FILE.json``: plain, plural and context messages get the file's
    Russian; a msgid the catalog does not have is named and counted; nothing else changes."""
    import importlib.util
    import json
    import shutil
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("i18n_script", root / "scripts" / "i18n.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    shutil.copytree(root / "locales", tmp_path / "locales")
    monkeypatch.setattr(script, "LOCALES", tmp_path / "locales")
    with script.po_path("ru").open("rb") as fh:
        before = read_po(fh)
    plain = next(m for m in before if m.id and isinstance(m.id, str) and not m.context)
    plural = next(m for m in before if isinstance(m.id, tuple))
    context = next(m for m in before if m.id and isinstance(m.id, str) and m.context)
    source = tmp_path / "tr.json"
    source.write_text(json.dumps({plain.id: "один", plural.id[0]: ["а", "б", "в"],
                                  f"{context.context}\u0004{context.id}": "контекст", "no such msgid": "x"}),
                      encoding="utf-8")
    assert script.set_translations("ru", source) == 1
    with script.po_path("ru").open("rb") as fh:
        after = read_po(fh)
    assert after.get(plain.id).string == "один" and after.get(context.id, context=context.context).string == "контекст"
    assert tuple(after.get(plural.id[0]).string) == ("а", "б", "в")
    changed = [m.id for m in after if m.id and m.string != before.get(m.id, context=m.context).string]
    assert len(changed) == 3, changed

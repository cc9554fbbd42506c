"""The glossary file and its API: coverage, well-formed entries, clean Russian, search and display."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from trainer.glossary import (
    CATEGORIES,
    GLOSSARY_PATH,
    Glossary,
    GlossaryError,
    Term,
    load_glossary,
    normalize,
    parse_glossary,
)
from trainer.paths import ENGINE_DATA_DIR

ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
DAMAGED = set("ѳѲўЎӯӮүҮ")  # OCR damage of the seed's macron letters
LATIN_MACRONS = set("āīūēōĀĪŪĒŌ")
MACRONS = set("āīūēôōâîû")

# Kana sequences that spell a long vowel in modified Hepburn (ー, o+u, u+u, i+i).
_O_ROW = "おこそとのほもよろごぞどぼぽょ"
_U_ROW = "うくすつぬふむゆるぐずづぶぷゅ"
_I_ROW = "いきしちにひみりぎじぢびぴ"
LONG_VOWEL_RE = re.compile(f"ー|[{_O_ROW}]う|[{_U_ROW}]う|[{_I_ROW}]い")


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


def _hiragana(text: str) -> str:
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def test_has_enough_entries(glossary: Glossary) -> None:
    assert len(glossary) >= 250
    assert len(glossary.ids()) == len(set(glossary.ids()))


def test_required_fields_present_and_non_empty(glossary: Glossary) -> None:
    for t in glossary:
        for name in ("id", "kanji", "kana", "romaji", "ru", "ru_explanation", "en", "en_explanation", "category", "seed"):
            value = getattr(t, name)
            assert isinstance(value, str) and value.strip(), f"{t.id}: {name} empty"
        assert t.category in CATEGORIES, t.id
        assert re.fullmatch(r"\d{3}:\d+(-\d+)?(; \d{3}:\d+(-\d+)?)*", t.seed), t.id


def test_ids_unique_and_well_formed(glossary: Glossary) -> None:
    seen: set[str] = set()
    for t in glossary:
        for ident in (t.id, *t.aliases):
            assert ID_RE.match(ident), f"bad id {ident!r}"
            assert ident.isascii()
            assert ident not in seen, f"id {ident!r} used twice"
            seen.add(ident)


def test_romaji_has_macrons_where_kana_has_long_vowels(glossary: Glossary) -> None:
    bad = []
    for t in glossary:
        long_in_kana = bool(LONG_VOWEL_RE.search(_hiragana(t.kana)))
        has_macron = any(c in MACRONS for c in t.romaji)
        if long_in_kana and not has_macron:
            bad.append((t.id, t.kana, t.romaji))
        assert t.romaji == t.romaji.lower(), f"{t.id}: romaji is written in lower case"
    assert not bad, f"romaji without macrons for long kana vowels: {bad}"


def test_long_vowel_detector_itself() -> None:
    assert LONG_VOWEL_RE.search(_hiragana("リーチ"))
    assert LONG_VOWEL_RE.search("こうつ")
    assert LONG_VOWEL_RE.search(_hiragana("キュウシュ"))
    assert not LONG_VOWEL_RE.search(_hiragana("ピンフ"))
    assert not LONG_VOWEL_RE.search(_hiragana("ハイテイ"))  # "ei" stays "ei" in Hepburn


# Names of rule sets and servers are written in Latin in Russian text too, like EMA and JPML.
PROPER_NAMES = {"tenhou_net"}


def test_russian_has_no_damaged_macron_letters(glossary: Glossary) -> None:
    for t in glossary:
        for name, text in (("ru", t.ru), ("ru_explanation", t.ru_explanation), ("ru_seed", t.ru_seed or "")):
            assert not DAMAGED & set(text), f"{t.id}.{name} has damaged letters: {text!r}"
        for name, text in (("ru", t.ru), ("ru_explanation", t.ru_explanation)):
            assert not LATIN_MACRONS & set(text), f"{t.id}.{name} keeps a macron: {text!r}"
        if t.id not in PROPER_NAMES:
            assert not re.search(r"[A-Za-z]", t.ru), f"{t.id}.ru mixes Latin letters: {t.ru!r}"
        assert re.search(r"[А-Яа-яЁё]", t.ru_explanation), t.id
        assert not re.search(r"[А-Яа-яЁё]", t.en + t.en_explanation), f"{t.id}: Cyrillic in the English fields"


def test_seed_iota_spelling_is_normalised(glossary: Glossary) -> None:
    """The seed writes long ī as «й» (Рйчи); the app's Russian uses «ии» (Риичи)."""
    assert glossary.term("riichi").ru == "Риичи"
    assert glossary.term("chiitoitsu").ru == "Чиитойцу"
    for t in glossary:
        assert not re.search(r"(?i)\bрйчи", t.ru + " " + t.ru_explanation), t.id


def test_all_34_tile_kinds_named(glossary: Glossary) -> None:
    ranks = ["ii", "ryan", "san", "suu", "uu", "ryuu", "chii", "paa", "chuu"]
    for suit in ("man", "pin", "sou"):
        for i, rank in enumerate(ranks, 1):
            t = glossary.term(f"{rank}_{suit}")
            assert t.category == "tile" and t.ru.startswith(str(i))
    for honor in ("ton", "nan", "shaa", "pei"):
        assert glossary.term(honor).category == "wind"
    for dragon in ("haku", "hatsu", "chun"):
        assert glossary.term(dragon).category == "dragon"


@pytest.mark.parametrize(
    "term_id",
    [
        "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai_haku",
        "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind", "haitei_raoyue",
        "houtei_raoyui", "rinshan_kaihou", "chankan", "chiitoitsu", "sanshoku_doujun", "ittsu", "chanta",
        "toitoi", "sanankou", "sanshoku_doukou", "sankantsu", "shousangen", "honroutou", "ryanpeikou",
        "junchan", "honitsu", "chinitsu", "nagashi_mangan", "kokushi_musou", "suuankou", "daisangen",
        "shousuushii", "daisuushii", "tsuuiisou", "chinroutou", "ryuuiisou", "chuuren_poutou", "suukantsu",
        "tenhou", "chiihou", "renhou", "kokushi_musou_juusanmen", "suuankou_tanki", "junsei_chuuren_poutou",
        "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman", "han", "fu", "honba",
        "kyoutaku", "dora", "ura_dora", "aka_dora", "kan_dora", "oya", "ko", "renchan", "ryuukyoku", "tobi",
        "uma", "oka", "furiten", "kyuushu_kyuuhai", "kuntou", "gen_pocchi", "juuni_mai", "risu", "ponjan",
        "ryanmen", "kanchan", "penchan", "shanpon", "tanki", "nobetan", "sanmenchan", "sanmentan", "kantan",
        "pentan", "ryantan", "kantankan", "entotsu", "tatsumaki", "happobijin", "sahou",
    ],
)
def test_brief_terms_exist(glossary: Glossary, term_id: str) -> None:
    assert glossary.has(term_id)


def _engine_ids(name: str) -> set[str]:
    path = ENGINE_DATA_DIR / name
    if not path.exists():
        pytest.skip(f"{path} not written yet")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    ids: set[str] = set()
    for entries in data.values():
        if isinstance(entries, list):
            for entry in entries:
                if isinstance(entry, dict):
                    ids.update(str(entry[k]) for k in ("id", "glossary") if k in entry)
    return ids


def test_every_yaku_id_in_engine_table_is_in_glossary(glossary: Glossary) -> None:
    missing = sorted(i for i in _engine_ids("yaku.toml") if not glossary.has(i))
    assert not missing, f"yaku.toml ids missing from {GLOSSARY_PATH}: {missing}"


def test_every_wait_shape_id_is_in_glossary(glossary: Glossary) -> None:
    missing = sorted(i for i in _engine_ids("wait_shapes.toml") if not glossary.has(i))
    assert not missing, f"wait_shapes.toml ids missing from {GLOSSARY_PATH}: {missing}"


def test_aliases_resolve_to_their_term(glossary: Glossary) -> None:
    assert glossary.term("akadora") is glossary.term("aka_dora")
    assert glossary.term("daburu_riichi").id == "double_riichi"
    assert glossary.term("happoubijin").id == "happobijin"
    assert "akadora" not in glossary.ids()
    with pytest.raises(KeyError, match="no_such_term"):
        glossary.term("no_such_term")


# ---------------------------------------------------------------- search


def test_search_finds_every_term_by_each_script(glossary: Glossary) -> None:
    misses = []
    for t in glossary:
        queries = {
            "kanji": t.kanji,
            "kana": t.kana,
            "romaji": t.romaji,
            "romaji without macrons": normalize(t.romaji),
            "russian upper case": t.ru.upper(),
            "id": t.id,
        }
        for how, q in queries.items():
            if t not in glossary.search(q):
                misses.append((t.id, how, q))
    assert not misses, misses[:20]


def test_search_examples(glossary: Glossary) -> None:
    assert glossary.search("立直")[0].id == "riichi"
    assert glossary.search("りーち")[0].id == "riichi"  # hiragana finds a katakana reading
    assert glossary.search("РИИЧИ")[0].id == "riichi"
    assert glossary.search("richi")[0].id == "riichi"  # macron dropped
    assert glossary.search("riichi")[0].id == "riichi"  # macron doubled
    assert glossary.search("kōtsu")[0].id == "koutsu"
    assert glossary.search("koutsu")[0].id == "koutsu"
    assert glossary.search("пятёрка")[0].id == "aka_dora"
    assert glossary.search("пятерка")[0].id == "aka_dora"  # ё typed as е
    assert glossary.term("ton") in glossary.search("вост")  # partial
    assert glossary.search("") == []
    assert glossary.search("zzzzqqq") == []
    assert len(glossary.search("dora", limit=2)) == 2


def _term(term_id: str, **kw: str) -> Term:
    base = dict(kanji="字", kana="じ", romaji="ji", ru="Слово", ru_explanation="Пояснение.", en="Word",
                en_explanation="Explanation.", category="general", seed="000:1")
    base.update(kw)
    return Term(id=term_id, **base)


def test_search_ranking_exact_then_prefix_then_substring() -> None:
    g = Glossary([
        _term("a_sub", ru="Подкан"),
        _term("a_prefix", ru="Канцу"),
        _term("a_word", ru="Большой кантри"),
        _term("a_exact", ru="Кан"),
    ])
    assert [t.id for t in g.search("кан")] == ["a_exact", "a_prefix", "a_word", "a_sub"]


# ---------------------------------------------------------------- display


def test_explanations_in_both_languages(glossary: Glossary) -> None:
    t = glossary.term("furiten")
    assert t.explanation("ru") == t.ru_explanation and "рон" in t.explanation("ru")
    assert t.explanation("en") == t.en_explanation and "ron" in t.explanation("en")
    assert t.definition == {"ru": t.ru_explanation, "en": t.en_explanation}
    with pytest.raises(ValueError):
        t.explanation("ja")


def test_display_modes(glossary: Glossary) -> None:
    r = glossary.term("riichi")
    assert r.display("ru_ja", "ru") == "Риичи (立直, rīchi)"
    assert r.display("ja_ru", "ru") == "立直 (rīchi) — Риичи"
    assert r.display("full", "ru") == "Риичи — 立直 (リーチ, rīchi)"
    assert r.display("ru_ja", "en") == "Riichi (立直, rīchi)"
    d = glossary.term("dora")
    assert d.display("full", "ru") == "Дора — ドラ (dora)"  # kana not repeated when it is the written form
    with pytest.raises(ValueError, match="display mode"):
        r.display("kanji_only", "ru")
    with pytest.raises(ValueError, match="language"):
        r.display("ru_ja", "de")


def test_every_term_displays_in_every_mode(glossary: Glossary) -> None:
    for t in glossary:
        for mode in ("ru_ja", "ja_ru", "full"):
            for lang in ("ru", "en"):
                text = t.display(mode, lang)
                name = t.name(lang)
                # a trailing "(romaji)" in the name is not repeated: the display adds the romaji itself
                shown = name.rpartition(" (")[0] if name.endswith(")") and name not in text else name
                assert shown in text
                assert (t.kanji in text) == t.is_japanese, text  # a name that is not Japanese shows no kanji


def test_a_romaji_gloss_in_the_name_is_not_shown_twice(glossary: Glossary) -> None:
    ukeire = glossary.term("ukeire")
    assert ukeire.display("ru_ja", "en") == "Tile acceptance (受け入れ, ukeire)"
    assert glossary.term("riichi_furiten").display("ru_ja", "en") == "Riichi furiten (立直後振り聴, rīchi go furiten)"
    assert glossary.term("yaku").display("ru_ja", "en") == "Yaku — scoring pattern (役, yaku)"  # a gloss, not romaji


def test_a_plain_display_drops_the_names_bracketed_gloss(glossary: Glossary) -> None:
    """A card title has no room for two sets of brackets: ``plain`` shows the name without its
    explanation, the Japanese once."""
    kunto = glossary.term("kuntou")
    assert kunto.display("ru_ja", "en") == "Kunto — training game (薫陶, kuntō)"
    for t in glossary:  # the explanation of a name follows a dash: never two sets of brackets in a row
        for lang in ("ru", "en"):
            assert ") (" not in t.display("ru_ja", lang), t.display("ru_ja", lang)
    assert kunto.display("ru_ja", "en", plain=True) == "Kunto (薫陶, kuntō)"
    assert kunto.display("ja_ru", "en", plain=True) == "薫陶 (kuntō) — Kunto"
    assert kunto.display("full", "en", plain=True) == "Kunto — 薫陶 (クントウ, kuntō)"
    assert kunto.display("ru_ja", "ru", plain=True) == "Кунто (薫陶, kuntō)"
    suits = glossary.term("mushi_kumisatsu")
    assert suits.display("ru_ja", "en", plain=True) == "Single-suit mahjong (無視組札, mushi kumisatsu)"
    for t in glossary:
        for mode in ("ru_ja", "ja_ru", "full"):
            for lang in ("ru", "en"):
                text = t.display(mode, lang, plain=True)
                assert (t.kanji in text) == t.is_japanese and text.count(" (") <= 1, text


def test_by_category(glossary: Glossary) -> None:
    yaku = glossary.by_category("yaku")
    assert len(yaku) >= 45 and all(t.category == "yaku" for t in yaku)
    assert len(glossary.by_category("tile")) == 27
    with pytest.raises(ValueError):
        glossary.by_category("nonsense")


# ---------------------------------------------------------------- loading and errors


def test_load_is_cached(glossary: Glossary) -> None:
    assert load_glossary() is glossary
    assert load_glossary(GLOSSARY_PATH) is glossary


GOOD = """terms:
- id: pon
  kanji: 碰
  kana: ポン
  romaji: pon
  ru: Пон
  ru_explanation: "Объявление тройки."
  en: Pon
  en_explanation: "Calling a triplet."
  category: call
  seed: "000:5074"
"""


def _error(tmp_path: Path, text: str) -> str:
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError) as err:
        load_glossary(p)
    return str(err.value)


def test_good_minimal_file_loads(tmp_path: Path) -> None:
    p = tmp_path / "g.yaml"
    p.write_text(GOOD, encoding="utf-8")
    g = load_glossary(p)
    assert g.ids() == ["pon"] and g.term("pon").line == 2


@pytest.mark.parametrize(
    ("edit", "line", "needle"),
    [
        (lambda s: s.replace("  kana: ポン\n", ""), 2, "missing key 'kana'"),
        (lambda s: s.replace("id: pon", "id: Pon-1"), 2, "key 'id'"),
        (lambda s: s.replace("category: call", "category: calls"), 10, "key 'category'"),
        (lambda s: s.replace('seed: "000:5074"', 'seed: "line 5074"'), 11, "key 'seed'"),
        (lambda s: s.replace("ru: Пон", "ru: 12"), 6, "key 'ru'"),
        (lambda s: s.replace("ru: Пон", 'ru: ""'), 6, "key 'ru' is empty"),
        (lambda s: s + "  colour: red\n", 12, "unknown key 'colour'"),
        (lambda s: s + s.replace("terms:\n", ""), 12, "already used on line 2"),
        (lambda s: s.replace("  en: Pon", "  en: [Pon"), 0, "not valid YAML"),
    ],
)
def test_bad_entries_name_file_line_and_key(tmp_path: Path, edit, line: int, needle: str) -> None:
    message = _error(tmp_path, edit(GOOD))
    assert "bad.yaml" in message
    assert needle in message
    if line:
        assert f"bad.yaml:{line}:" in message


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(GlossaryError, match="cannot read"):
        load_glossary(tmp_path / "absent.yaml")


def test_parse_rejects_a_file_without_terms() -> None:
    with pytest.raises(GlossaryError, match="terms"):
        parse_glossary("foo: 1\n", Path("x.yaml"))


def test_cross_links_name_other_terms(glossary: Glossary) -> None:
    linked = [t for t in glossary if t.see]
    assert len(linked) >= 60
    for t in linked:
        for ref in t.see:
            assert glossary.has(ref) and glossary.term(ref).id != t.id, (t.id, ref)


def test_bad_cross_link_is_an_error_with_its_line(tmp_path: Path) -> None:
    text = GLOSSARY_PATH.read_text(encoding="utf-8").replace("  see: [\"shanten\"", "  see: [\"no_such_term\"", 1)
    with pytest.raises(GlossaryError, match=r"key 'see': 'no_such_term' is not another term"):
        parse_glossary(text, tmp_path / "g.yaml")


def test_tile_pictures_parse_and_cover_the_tiles(glossary: Glossary) -> None:
    from trainer.engine.notation import parse_hand

    pictured = [t for t in glossary if t.tiles]
    assert len(pictured) >= 80
    for t in pictured:
        parse_hand(t.tiles, check_size=False)
    assert glossary.term("ii_man").tiles == "1m" and glossary.term("chun").tiles == "7z"


def test_variants_never_flag_the_glossary_spelling(glossary: Glossary) -> None:
    from trainer.lessons.spelling import SpellingChecker

    checker = SpellingChecker(glossary)
    assert sum(len(t.variants) for t in glossary) >= 25
    for t in glossary:
        assert checker.findings(t.ru) == [], t.id


def test_review_fixes(glossary: Glossary) -> None:
    assert "ナイ" in glossary.term("doujun_furiten").kana
    assert glossary.term("suuhai").romaji == "sūpai"
    assert glossary.term("daburon").romaji == "daburon"
    assert glossary.term("chanta").kanji == "混全帯幺九"
    assert "шантен" not in glossary.term("tenpai").ru_explanation
    assert glossary.term("kuntou").coined and not glossary.term("riichi").coined
    assert glossary.term("han").plural == ("хан", "хана", "ханов")


def test_a_term_inside_a_sentence_reads_as_a_word(glossary: Glossary) -> None:
    """Mid-sentence a common noun starts small and loses the explanation in its name's brackets;
    a proper name, a Chinese fan name and the Japanese-first form keep their capitals."""
    assert glossary.term("tenpai").inline("ru_ja", "en") == "tenpai (聴牌, tenpai)"
    assert glossary.term("ton").inline("ru_ja", "en").startswith("East wind (")  # a compass point keeps its capital
    assert glossary.term("ton").inline("ru_ja", "ru").startswith("восток")
    assert glossary.term("yaku").inline("ru_ja", "en") == "yaku (役, yaku)"
    assert glossary.term("tenpai").inline("ru_ja", "ru") == "тенпай (聴牌, tenpai)"
    assert glossary.term("tenhou_net").inline("ru_ja", "en").startswith("Tenhou")
    assert glossary.term("tenhou_net").proper and not glossary.term("tenpai").proper
    mcr = next(t for t in glossary if t.category == "mcr" and t.en == "Pure Straight")
    assert mcr.inline("ru_ja", "en").startswith("Pure Straight")
    assert glossary.term("tenpai").inline("ja_ru", "en").startswith("聴牌")


def test_proper_is_true_or_false(tmp_path: Path) -> None:
    from trainer.glossary import GlossaryError, load_glossary

    text = Path(__file__).resolve().parent.parent.joinpath("trainer/data/glossary.yaml").read_text(encoding="utf-8")
    bad = text.replace("  proper: true", "  proper: sometimes", 1)
    path = tmp_path / "glossary.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"glossary\.yaml:\d+: .*'proper' is true or false"):
        load_glossary(path)


def test_a_chinese_rule_word_inside_a_sentence_starts_small(glossary: Glossary) -> None:
    """A Chinese (MCR) word that is not a fan name (its English name is not in Title Case: a false
    win, knitted tiles, the 8-point minimum) reads as a common noun mid-sentence in both languages;
    a fan name (Pure Straight, Self-Drawn) keeps its capitals."""
    assert glossary.term("mcr_false_win").inline("ru_ja", "en") == "false win (错和, cuò hú)"
    assert glossary.term("mcr_false_win").inline("ru_ja", "ru") == "ложный выигрыш (错和, cuò hú)"
    assert glossary.term("mcr_knitted").inline("ru_ja", "en").startswith("knitted tiles (")
    assert glossary.term("mcr_minimum").inline("ru_ja", "ru").startswith("минимум 8 очков (")
    assert glossary.term("mcr_fan").inline("ru_ja", "en").startswith("fan (")
    assert glossary.term("mcr_self_drawn").inline("ru_ja", "en").startswith("Self-Drawn (")
    assert glossary.term("mcr_self_drawn").inline("ru_ja", "ru").startswith("Выигрыш со стены (")
    assert glossary.term("mcr").inline("ru_ja", "en").startswith("Chinese Official mahjong (")

"""The bilingual glossary: every mahjong term the app shows, with kanji, kana, romaji, Russian and English.

The data lives in ``trainer/data/glossary.yaml`` (one file, see docs/glossary.md).  Lessons refer to
terms as ``{term:riichi}``; the UI shows them with :meth:`Term.display` in the learner's chosen mode::

    from trainer.glossary import load_glossary

    g = load_glossary()
    g.term("riichi").display("ru_ja", "ru")   # 'Риичи (立直, rīchi)'
    g.search("рии")                            # [Term(riichi), ...]

A malformed file raises :class:`GlossaryError` naming the file, the line and the key at fault.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from trainer.engine.notation import NotationError, parse_hand
from trainer.paths import DATA_DIR

GLOSSARY_PATH = DATA_DIR / "glossary.yaml"

CATEGORIES: dict[str, str] = {
    "general": "the game itself and rule vocabulary",
    "tile": "one of the 34 tile kinds (number tiles; winds and dragons have their own categories)",
    "suit": "the three number suits",
    "tile_group": "groups of tiles: honors, simples, terminals ...",
    "wind": "wind tiles and wind roles (seat, round, guest, double)",
    "dragon": "the three dragon tiles",
    "seat": "players and seats: dealer, left player ...",
    "table": "wall, dead wall, discards, dice, sticks",
    "game_flow": "hands, rounds, dealer repeat, end of game",
    "call": "drawing, discarding and calls: chii, pon, kan, ron, tsumo",
    "meld": "sets, pairs and partial shapes",
    "hand": "states of a hand: tenpai, shanten, closed ...",
    "wait": "wait shapes",
    "yaku": "yaku and yakuman",
    "fu": "fu (minipoint) items",
    "limit": "limit hands: mangan ... yakuman",
    "scoring": "han, points, counters, deposits, uma and oka",
    "dora": "dora kinds",
    "furiten": "kinds of furiten",
    "draw": "exhaustive and abortive draws",
    "penalty": "penalties: chombo, dead hand, pao ...",
    "rule": "rule switches: kuitan, kuikae, atozuke ...",
    "strategy": "hand building, reading discards, defence",
    "training": "training games and children's variants",
    "manners": "table manners",
    "mcr": "Chinese Official mahjong (MCR): its fans, counting principles and rule words",
}

DISPLAY_MODES = ("ru_ja", "ja_ru", "full")
"""The display modes a learner chooses in the settings; each shows a term's Japanese."""
NAME_MODE = "name"
"""The learner's language alone, no kanji or romaji: how a child's profile sees terms in running
text and labels («благородные плитки», not «благородные плитки (字牌, jihai)»)."""
ALL_MODES = (*DISPLAY_MODES, NAME_MODE)
"""Every mode :meth:`Term.display` takes."""
JAPANESE_MODES = frozenset(DISPLAY_MODES)
"""The display modes that show a term's Japanese (not :data:`NAME_MODE`).  Rich text adds the
Japanese after an author's own word for a term (``{term:id|word}``) only in these, so a mode
without the Japanese (the learner's language alone) gets none there either."""
LANGS = ("ru", "en")

_REQUIRED = ("id", "kanji", "kana", "romaji", "ru", "ru_explanation", "en", "en_explanation", "category", "seed")
_OPTIONAL = ("aliases", "ru_seed", "alt", "variants", "plural", "see", "tiles", "coined", "proper", "japanese",
             "hanzi", "pinyin", "ru_child", "en_child", "ru_child_name", "en_child_name")
_FLAGS = {"coined": "coined", "proper": "proper", "japanese": "is_japanese"}
"""The true/false keys of an entry and the :class:`Term` field each one sets."""
_BOOL_TAG = "tag:yaml.org,2002:bool"
"""A plain ``true``/``false`` (a quoted "false" is text, not a flag)."""
_CHILD = ("ru_child", "en_child")
"""A child's explanation of a term, in the children's lessons' own words («команда», «лесенка»,
«ты»): both languages or neither; the term card shows it to a child's profile."""
_CHILD_NAME = ("ru_child_name", "en_child_name")
"""The children's lessons' own word for a term («Тройняшки», "Triplets"): both languages or neither,
only on a term with a child's explanation; a child's glossary list and card title show it."""
_JAPANESE = ("kanji", "kana", "romaji")
"""A Chinese (MCR) term gives ``hanzi`` and ``pinyin`` instead of these: its written form
and reading then stand in the kanji/kana and romaji places of every display."""
_SMALL_WORDS = frozenset({"a", "an", "and", "the", "of", "or", "on", "in", "with", "to", "for"})
"""Words a Title Case name leaves small («Pung of Terminals or Honors»)."""
_COMPASS = frozenset({"East", "South", "West", "North"})
"""English compass words: a wind's name keeps their capital inside a sentence."""
_ID_RE = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$")
_SEED_RE = re.compile(r"^\d{3}:\d+(?:-\d+)?(?:; \d{3}:\d+(?:-\d+)?)*$")

_MACRONS = str.maketrans({"ā": "a", "ī": "i", "ū": "u", "ē": "e", "ō": "o", "â": "a", "î": "i", "û": "u", "ê": "e", "ô": "o"})
_DOUBLED = str.maketrans({"ā": "aa", "ī": "ii", "ū": "uu", "ē": "ei", "ō": "ou"})


def _plain(text: str) -> str:
    """Romaji compared loosely: no case, macrons, apostrophes, hyphens or spaces, and a long vowel
    written doubled the same as one with a macron (juu = jū, sou = sō)."""
    plain = normalize(text).replace(" ", "")
    for long, short in (("aa", "a"), ("ii", "i"), ("uu", "u"), ("ee", "e"), ("oo", "o"), ("ou", "o")):
        plain = plain.replace(long, short)
    return plain


def _reading_key(text: str) -> str:
    """A word compared with a term's reading: :func:`_plain` after dropping every accent
    (pinyin tone marks as well as macrons: «pèng» = «peng», «fūro» = «fuuro»)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _plain(bare)


class GlossaryError(ValueError):
    """The glossary file is malformed; the message names the file, the line and the key."""


@dataclass(frozen=True)
class Term:
    """One glossary entry: a mahjong term with its Japanese, Russian and English forms."""

    id: str
    kanji: str
    kana: str
    romaji: str
    ru: str
    ru_explanation: str
    en: str
    en_explanation: str
    category: str
    seed: str
    aliases: tuple[str, ...] = ()
    ru_seed: str | None = None
    alt: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    plural: tuple[str, ...] = ()
    see: tuple[str, ...] = ()
    tiles: str | None = None
    coined: bool = False
    proper: bool = False
    is_japanese: bool = True
    hanzi: str | None = None
    pinyin: str | None = None
    ru_child: str | None = None
    en_child: str | None = None
    ru_child_name: str | None = None
    en_child_name: str | None = None
    line: int = field(default=0, compare=False)

    def name(self, lang: str = "ru") -> str:
        """The term's name in the interface language ("ru" -> Russian term, "en" -> English name)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
        return self.ru if lang == "ru" else self.en

    def explanation(self, lang: str = "ru") -> str:
        """What the term means, in the interface language (a sentence or two)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
        return self.ru_explanation if lang == "ru" else self.en_explanation

    def child_explanation(self, lang: str = "ru") -> str:
        """What the term means told to a child of 6-9 in the children's lessons' words, in the
        interface language; "" for a term children do not meet (see ``ru_child``/``en_child``)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
        return (self.ru_child if lang == "ru" else self.en_child) or ""

    def child_name(self, lang: str = "ru") -> str:
        """The term's name for a child of 6-9: the children's lessons' own word where the glossary
        gives one («Тройняшки» for «Тройка (коцу)», «Белый дракон» for «Хаку (белый дракон)»), else
        the plain name without a bracketed gloss («Пара» for «Пара (тойцу)»)."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; use one of {', '.join(LANGS)}")
        return (self.ru_child_name if lang == "ru" else self.en_child_name) or self.plain_name(lang)

    @property
    def definition(self) -> dict[str, str]:
        """The explanation in every language, keyed by language code ("ru", "en")."""
        return {"ru": self.ru_explanation, "en": self.en_explanation}

    def display(self, mode: str = "ru_ja", lang: str = "ru", plain: bool = False, bracketed: bool = True) -> str:
        """Format the term for the learner's display mode.

        ``ru_ja``: the interface-language name, then the Japanese: «Риичи (立直, rīchi)»;
        ``ja_ru``: the Japanese first: «立直 (rīchi) — Риичи»;
        ``full``: both, with the kana reading: «Риичи — 立直 (リーチ, rīchi)».
        ``plain`` leaves out a bracketed explanation at the end of the name, so a title shows one
        set of brackets: «Kunto (薫陶, kuntō)»; without it ``ru_ja`` keeps the explanation after a
        dash, still one set of brackets: «Kunto — training game (薫陶, kuntō)».

        ``bracketed=False`` is the form for a place inside brackets already open (the author's
        «(…)» around the term): no bracket of its own, the name and the written form joined by a
        dash and the Japanese parts by commas, as :meth:`japanese` gives them — ``ru_ja``
        «Укеире — 受け入れ, ukeire», ``ja_ru`` «受け入れ, ukeire — Укеире», ``full`` «Укеире —
        受け入れ, ウケイレ, ukeire».  It always uses the plain name (the explanation would be a
        bracket inside the brackets).

        :data:`NAME_MODE`, and every mode for a term that is not Japanese (``japanese: false``,
        «Тибет»), give the name alone, without a romaji gloss: «Риичи», «Tibet (teaching game)»
        (``plain``: «Tibet»), «Dragons as jokers» for «Dragons as jokers (gen pocchi)».
        """
        if mode not in ALL_MODES:
            raise ValueError(f"unknown display mode {mode!r}; use one of {', '.join(ALL_MODES)}")
        if not self.shows_japanese(mode):
            return self.plain_name(lang) if plain or not bracketed else self.without_romaji_gloss(self.name(lang))
        if not bracketed:
            name, japanese = self.plain_name(lang), self.japanese(mode)
            return f"{japanese} — {name}" if mode == "ja_ru" else f"{name} — {japanese}"
        name = self.plain_name(lang) if plain else self.without_romaji_gloss(self.name(lang))
        if mode == "ru_ja":
            head = self.plain_name(lang)
            if name != head and name.startswith(head + " (") and name.endswith(")"):
                name = f"{head} — {name[len(head) + 2:-1]}"  # «Хаку (белый дракон)» -> «Хаку — белый дракон»
            return f"{name} ({self.kanji}, {self.romaji})"
        if mode == "ja_ru":
            return f"{self.kanji} ({self.romaji}) — {name}"
        reading = self.romaji if self.kana == self.kanji else f"{self.kana}, {self.romaji}"
        return f"{name} — {self.kanji} ({reading})"

    def shows_japanese(self, mode: str) -> bool:
        """True when ``mode`` shows this term's written form and reading: a mode of
        :data:`JAPANESE_MODES`, and a Japanese term (not «Тибет», ``japanese: false``)."""
        return self.is_japanese and mode in JAPANESE_MODES

    def japanese(self, mode: str = "ru_ja", reading: bool = True) -> str:
        """The term's written form and reading alone, as an author's own word is followed by it in
        the Japanese-showing modes: «現物, genbutsu»; with the kana in ``full``: «現物, ゲンブツ,
        genbutsu» (a Chinese term: hanzi and pinyin).  ``reading=False`` leaves the romaji out,
        for a word that already is the reading («genbutsu (現物)», see :meth:`is_reading`).
        "" where the mode or the term shows no Japanese (:meth:`shows_japanese`)."""
        if not self.shows_japanese(mode):
            return ""
        parts = [self.kanji]
        if mode == "full" and self.kana != self.kanji:
            parts.append(self.kana)
        if reading:
            parts.append(self.romaji)
        return ", ".join(parts)

    def is_reading(self, word: str) -> bool:
        """True when ``word`` is the term's reading itself, however written: «genbutsu», «fuuro»
        for fūro, «Nuki-dora» for nuki dora, «peng» for pèng (no case, accents, long vowels
        doubled or not, spaces or hyphens).  Such a word needs only the written form after it."""
        return bool(word) and _reading_key(word) == _reading_key(self.romaji)

    def inline(self, mode: str = "ru_ja", lang: str = "ru", bracketed: bool = True) -> str:
        """The term as it reads inside a sentence: :meth:`display` without a bracketed explanation
        of the name (one set of brackets), and a common noun with a small first letter («without
        a yaku (役, yaku)», «у вас тенпай»); a proper name (``proper``), a Chinese fan name (Title
        Case: «Pure Straight») and the Japanese-first form keep their capitals.  A Chinese rule word
        whose English name is not in Title Case («False win», «Fan») starts small in both languages.
        ``bracketed=False``: inside brackets already open, as :meth:`display` («(укеире — 受け入れ,
        ukeire)»)."""
        return self._small_start(self.display(mode, lang, plain=True, bracketed=bracketed), lang)

    def word(self, lang: str = "ru", inline: bool = False) -> str:
        """The plain name alone, without the Japanese: the term once more in a text that has
        already shown its Japanese («… риичи (立直, rīchi) … после риичи …»); inside a sentence
        (``inline``) with a small first letter as :meth:`inline` gives it."""
        name = self.plain_name(lang)
        return self._small_start(name, lang) if inline else name

    def _small_start(self, shown: str, lang: str = "ru") -> str:
        """``shown`` with a small first letter when it starts with a common noun (see :meth:`inline`).
        An English wind named by its compass point keeps the capital, as English writes it
        everywhere else («East wind», «East 1»)."""
        word = shown.split(" ", 1)[0]
        if self.proper or self.is_fan_name or len(word) < 2 or not word[0].isupper() or not word[1:].islower():
            return shown
        if lang == "en" and word in _COMPASS:
            return shown
        return shown[0].lower() + shown[1:]

    @property
    def is_fan_name(self) -> bool:
        """True for a Chinese (MCR) fan's name, written in Title Case as a name («Pure Straight»,
        «Self-Drawn»): at least two words, each significant one capitalised.  The MCR rule words
        («False win», «Knitted tiles», «Fan») are common nouns."""
        if self.category != "mcr":
            return False
        words = [w for w in re.split(r"[ \-]", self.plain_name("en")) if w]
        return len(words) >= 2 and all(
            w[0].isupper() or w in _SMALL_WORDS or not w[0].isalpha() for w in words)

    def without_romaji_gloss(self, words: str) -> str:
        """``words`` (a glossary name, or an author's own word for the term) without a trailing
        «(romaji)» gloss of this term: «Tile acceptance (ukeire)» -> «Tile acceptance», «slamming
        tiles (kyouda)» -> «slamming tiles»; every display mode adds the romaji itself, so it
        would show twice."""
        if not words.endswith(")") or " (" not in words:
            return words
        head, _sep, gloss = words[:-1].rpartition(" (")
        return head if head and _plain(gloss) == _plain(self.romaji) else words

    def plain_name(self, lang: str = "ru") -> str:
        """The name in the interface language without a trailing bracketed explanation or
        romaji gloss («Kunto (training game)» -> «Kunto»)."""
        name = self.without_romaji_gloss(self.name(lang))
        if not name.endswith(")") or " (" not in name:
            return name
        head = name[:-1].rpartition(" (")[0]
        return head or name

    def search_keys(self) -> list[tuple[str, str]]:
        """Normalised (field, text) pairs that :meth:`Glossary.search` matches against."""
        keys: list[tuple[str, str]] = [("id", self.id.replace("_", " "))]
        keys += [("id", a.replace("_", " ")) for a in self.aliases]
        keys.append(("ru", self.ru))
        if self.ru_seed:
            keys.append(("ru", self.ru_seed))
        keys += [("kanji", self.kanji), ("kana", self.kana)]
        keys += [("romaji", self.romaji), ("romaji", self.romaji.translate(_DOUBLED))]
        keys.append(("en", self.en))
        keys += [("alt", a) for a in self.alt]
        keys += [("alt", n) for n in (self.ru_child_name, self.en_child_name) if n]
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for fld, text in keys:
            norm = normalize(text)
            if norm and norm not in seen:
                seen.add(norm)
                out.append((fld, norm))
        return out


def normalize(text: str) -> str:
    """Fold text for search: case, macrons (ō -> o), ё -> е, katakana -> hiragana, punctuation -> spaces."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = text.translate(_MACRONS).replace("ё", "е")
    text = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)
    text = re.sub(r"[\s'’ʼ\-‐–—_/,.()«»\"!?:;・]+", " ", text)
    return text.strip()


class Glossary:
    """All terms, looked up by id (or alias) and searched in any script."""

    def __init__(self, terms: list[Term], path: Path | None = None) -> None:
        self.path = path
        self._terms: dict[str, Term] = {}
        self._index: dict[str, Term] = {}
        for t in terms:
            self._terms[t.id] = t
            self._index[t.id] = t
            for a in t.aliases:
                self._index[a] = t
        self._keys = [(t, t.search_keys()) for t in terms]

    def __len__(self) -> int:
        return len(self._terms)

    def __iter__(self) -> Iterator[Term]:
        return iter(self._terms.values())

    def ids(self) -> list[str]:
        """Every primary id, in file order (aliases are not listed)."""
        return list(self._terms)

    def has(self, term_id: str) -> bool:
        """True if ``term_id`` is an id or an alias of a term."""
        return term_id in self._index

    def term(self, term_id: str) -> Term:
        """The term with this id or alias; KeyError names the unknown id."""
        try:
            return self._index[term_id]
        except KeyError:
            raise KeyError(f"no glossary term {term_id!r} in {self.path or 'glossary'}") from None

    def by_category(self, category: str) -> list[Term]:
        """Terms of one category (e.g. "yaku", "wait"), in file order."""
        if category not in CATEGORIES:
            raise ValueError(f"unknown category {category!r}")
        return [t for t in self._terms.values() if t.category == category]

    def search(self, query: str, limit: int | None = None) -> list[Term]:
        """Find terms by Russian, kanji, kana, romaji (with or without macrons), English or id.

        Case-insensitive and partial.  Ranking: exact match, then prefix (of the whole text, then of a
        word), then substring; ties go to the shorter matched text, then to file order.
        """
        q = normalize(query)
        if not q:
            return []
        ranked: list[tuple[int, int, int, Term]] = []
        for order, (t, keys) in enumerate(self._keys):
            best: tuple[int, int] | None = None
            for _fld, text in keys:
                if text == q:
                    score = 0
                elif text.startswith(q):
                    score = 1
                elif f" {q}" in f" {text}":
                    score = 2
                elif q in text:
                    score = 3
                else:
                    continue
                cand = (score, len(text))
                if best is None or cand < best:
                    best = cand
            if best is not None:
                ranked.append((best[0], best[1], order, t))
        ranked.sort(key=lambda r: r[:3])
        found = [r[3] for r in ranked]
        return found[:limit] if limit is not None else found


def _fail(path: Path, line: int, what: str) -> GlossaryError:
    return GlossaryError(f"{path}:{line}: {what}")


def _scalar_text(path: Path, key: str, node: yaml.Node, term_id: str) -> str:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode) or node.tag != "tag:yaml.org,2002:str":
        raise _fail(path, line, f"term {term_id!r}: key {key!r} must be a text string")
    value = str(node.value).strip()
    if not value:
        raise _fail(path, line, f"term {term_id!r}: key {key!r} is empty")
    return value


def _string_list(path: Path, key: str, node: yaml.Node, term_id: str) -> tuple[str, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise _fail(path, node.start_mark.line + 1, f"term {term_id!r}: key {key!r} must be a list")
    return tuple(_scalar_text(path, key, item, term_id) for item in node.value)


def parse_glossary(text: str, path: Path) -> Glossary:
    """Parse and check glossary YAML text; errors name ``path``, the line and the key."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        raise _fail(path, line, f"not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(root, yaml.MappingNode):
        raise _fail(path, 1, "the file must be a mapping with a 'terms' list")
    terms_node = next((v for k, v in root.value if k.value == "terms"), None)
    if not isinstance(terms_node, yaml.SequenceNode):
        raise _fail(path, 1, "missing 'terms:' list")
    terms: list[Term] = []
    seen: dict[str, int] = {}
    for entry in terms_node.value:
        line = entry.start_mark.line + 1
        if not isinstance(entry, yaml.MappingNode):
            raise _fail(path, line, "each term must be a mapping of keys")
        fields: dict[str, yaml.Node] = {}
        for k, v in entry.value:
            if k.value in fields:
                raise _fail(path, k.start_mark.line + 1, f"duplicate key {k.value!r}")
            fields[k.value] = v
        term_id = str(getattr(fields.get("id"), "value", "?"))
        for key in fields:
            if key not in _REQUIRED and key not in _OPTIONAL:
                raise _fail(path, fields[key].start_mark.line + 1, f"term {term_id!r}: unknown key {key!r}")
        chinese = _chinese_fields(path, fields, term_id, line)
        for key in _REQUIRED:
            if key not in fields and not (chinese and key in _JAPANESE):
                raise _fail(path, line, f"term {term_id!r}: missing key {key!r}")
        values = {key: _scalar_text(path, key, fields[key], term_id) for key in _REQUIRED if key in fields}
        if chinese:
            values.setdefault("kanji", chinese["hanzi"])
            values.setdefault("kana", chinese["hanzi"])
            values.setdefault("romaji", chinese["pinyin"])
        if "ru_seed" in fields:
            values["ru_seed"] = _scalar_text(path, "ru_seed", fields["ru_seed"], term_id)
        aliases = _string_list(path, "aliases", fields["aliases"], term_id) if "aliases" in fields else ()
        alt = _string_list(path, "alt", fields["alt"], term_id) if "alt" in fields else ()
        extra = _extra_fields(path, fields, term_id)
        extra.update(_child_fields(path, fields, term_id, line))
        for key, ident in [("id", values["id"])] + [("aliases", a) for a in aliases]:
            key_line = fields[key].start_mark.line + 1
            if not _ID_RE.match(ident):
                raise _fail(path, key_line, f"term {term_id!r}: key {key!r}: {ident!r} is not lower-case ASCII romaji with '_'")
            if ident in seen:
                raise _fail(path, key_line, f"term {term_id!r}: key {key!r}: id {ident!r} already used on line {seen[ident]}")
            seen[ident] = key_line
        if values["category"] not in CATEGORIES:
            raise _fail(path, fields["category"].start_mark.line + 1,
                        f"term {term_id!r}: key 'category': unknown category {values['category']!r}")
        if not _SEED_RE.match(values["seed"]):
            raise _fail(path, fields["seed"].start_mark.line + 1,
                        f"term {term_id!r}: key 'seed': {values['seed']!r} is not like \"000:4712\" or \"001:10-12; 003:5\"")
        terms.append(Term(aliases=aliases, alt=alt, line=line, **values, **extra, **chinese))
    glossary = Glossary(terms, path)
    _check_links(glossary, path)
    return glossary


def _chinese_fields(path: Path, fields: dict[str, yaml.Node], term_id: str, line: int) -> dict[str, str]:
    """``hanzi`` and ``pinyin`` of a Chinese (MCR) term: both or neither."""
    given = [key for key in ("hanzi", "pinyin") if key in fields]
    if not given:
        return {}
    if len(given) == 1:
        missing = "pinyin" if given == ["hanzi"] else "hanzi"
        raise _fail(path, line, f"term {term_id!r}: missing key {missing!r} (hanzi and pinyin go together)")
    return {key: _scalar_text(path, key, fields[key], term_id) for key in ("hanzi", "pinyin")}


def _child_fields(path: Path, fields: dict[str, yaml.Node], term_id: str, line: int) -> dict[str, str]:
    """``ru_child`` and ``en_child``, a child's explanation of the term, and ``ru_child_name`` and
    ``en_child_name``, the children's word for it (only with the explanation): each pair both or
    neither, each a text string, the Russian one in Cyrillic, the English one without it."""
    given = [key for key in _CHILD if key in fields]
    if not given:
        if any(key in fields for key in _CHILD_NAME):
            raise _fail(path, line, f"term {term_id!r}: a child's name (ru_child_name) needs ru_child and en_child")
        return {}
    if len(given) == 1:
        missing = "en_child" if given == ["ru_child"] else "ru_child"
        raise _fail(path, line, f"term {term_id!r}: missing key {missing!r} (ru_child and en_child go together)")
    out = {key: _scalar_text(path, key, fields[key], term_id) for key in _CHILD}
    names = [key for key in _CHILD_NAME if key in fields]
    if names and len(names) < 2:
        raise _fail(path, line, f"term {term_id!r}: ru_child_name and en_child_name go together")
    out.update({key: _scalar_text(path, key, fields[key], term_id) for key in names})
    for ru, en in (("ru_child", "en_child"), *((_CHILD_NAME,) if names else ())):
        if not re.search(r"[А-Яа-яЁё]", out[ru]):
            raise _fail(path, fields[ru].start_mark.line + 1, f"term {term_id!r}: key {ru!r} is not Russian")
        if re.search(r"[А-Яа-яЁё]", out[en]):
            raise _fail(path, fields[en].start_mark.line + 1, f"term {term_id!r}: key {en!r} has Cyrillic letters")
    return out


def _extra_fields(path: Path, fields: dict[str, yaml.Node], term_id: str) -> dict[str, object]:
    """The optional teaching fields of an entry: ``variants`` (spellings a lesson must not use),
    ``plural`` (the Russian forms for 1 / 2-4 / 5 of it), ``see`` (related term ids), ``tiles``
    (MPSZ tiles that picture the term), ``coined`` (the seed's own word, not common usage) and
    ``proper`` (a proper name, such as a server's, that keeps its capital inside a sentence) and
    ``japanese`` (false for a name that is not a Japanese term, «Тибет»: shown without kanji and
    romaji; its :class:`Term` field is ``is_japanese``)."""
    out: dict[str, object] = {}
    for key in ("variants", "plural", "see"):
        if key in fields:
            out[key] = _string_list(path, key, fields[key], term_id)
    if "plural" in out and len(out["plural"]) != 3:  # type: ignore[arg-type]
        raise _fail(path, fields["plural"].start_mark.line + 1,
                    f"term {term_id!r}: key 'plural' lists three forms: for 1, for 2-4 and for 5 (хан, хана, ханов)")
    if "tiles" in fields:
        tiles = _scalar_text(path, "tiles", fields["tiles"], term_id)
        try:
            parse_hand(tiles, check_size=False)
        except NotationError as exc:
            raise _fail(path, fields["tiles"].start_mark.line + 1,
                        f"term {term_id!r}: key 'tiles': bad MPSZ tiles {tiles!r}: {exc}") from None
        out["tiles"] = tiles
    for key, attribute in _FLAGS.items():
        if key in fields:
            node = fields[key]
            if not isinstance(node, yaml.ScalarNode) or node.tag != _BOOL_TAG or node.value not in ("true", "false"):
                raise _fail(path, node.start_mark.line + 1, f"term {term_id!r}: key {key!r} is true or false")
            out[attribute] = node.value == "true"
    return out


def _check_links(glossary: Glossary, path: Path) -> None:
    """Every ``see:`` id must name another term of the glossary."""
    for t in glossary:
        for ref in t.see:
            if not glossary.has(ref) or glossary.term(ref).id == t.id:
                raise _fail(path, t.line, f"term {t.id!r}: key 'see': {ref!r} is not another term of the glossary")


@lru_cache(maxsize=8)
def _load_cached(path: Path, mtime_ns: int) -> Glossary:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise GlossaryError(f"{path}: cannot read the glossary: {exc}") from exc
    return parse_glossary(text, path)


def load_glossary(path: str | Path | None = None) -> Glossary:
    """Load the glossary (``trainer/data/glossary.yaml`` by default); cached until the file changes."""
    p = Path(path) if path is not None else GLOSSARY_PATH
    p = p.resolve()
    try:
        mtime = p.stat().st_mtime_ns
    except OSError as exc:
        raise GlossaryError(f"{p}: cannot read the glossary: {exc}") from exc
    return _load_cached(p, mtime)


__all__ = [
    "ALL_MODES",
    "CATEGORIES",
    "DISPLAY_MODES",
    "GLOSSARY_PATH",
    "Glossary",
    "GlossaryError",
    "JAPANESE_MODES",
    "NAME_MODE",
    "Term",
    "load_glossary",
    "normalize",
    "parse_glossary",
]

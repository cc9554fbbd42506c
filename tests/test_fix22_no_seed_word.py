"""The English a learner reads never calls the rulebooks "the seed" (our sources' internal name):
not in the glossary's English, not in a lesson's English text, not in the English catalog."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)
SKIP_KEYS = {"seed", "sources", "source", "params", "ru_seed"}  # references and drill settings, not reading


def _english(node, key: str = ""):  # noqa: ANN001, ANN202
    """Every English text under ``node``: the values of ``en`` / ``en_*`` keys."""
    if isinstance(node, dict):
        for k, v in node.items():
            if str(k) in SKIP_KEYS:
                continue
            yield from _english(v, str(k))
    elif isinstance(node, list):
        for v in node:
            yield from _english(v, key)
    elif isinstance(node, str) and (key == "en" or key.startswith("en_")):
        yield node


def test_glossary_english_never_says_seed() -> None:
    data = yaml.safe_load((ROOT / "trainer/data/glossary.yaml").read_text(encoding="utf-8"))
    bad = [t for t in _english(data) if SEED.search(t)]
    assert not bad, bad


def test_lessons_english_never_says_seed() -> None:
    bad = []
    for path in sorted((ROOT / "lessons").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        bad += [(path.name, t[:80]) for t in _english(data) if SEED.search(t)]
    assert not bad, bad


def test_english_catalog_never_says_seed() -> None:
    """The English words of the interface: the msgids (English) and the English catalog's msgstrs."""
    shown = []
    for name in ("locales/trainer.pot", "locales/en/LC_MESSAGES/trainer.po"):
        text = (ROOT / name).read_text(encoding="utf-8")
        lines = [ln for ln in text.splitlines() if ln.startswith(('msgid', 'msgstr', '"'))]
        shown += [ln for ln in lines if SEED.search(ln)]
    assert not shown, shown

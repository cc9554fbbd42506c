"""The English interface never calls the rulebook "the seed" (the project's word for its source
books): a learner reads "rulebook" or "book"."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from trainer.paths import LOCALES_DIR


def test_no_english_message_says_seed_for_the_rulebook() -> None:
    with (LOCALES_DIR / "en" / "LC_MESSAGES" / "trainer.po").open("rb") as fh:
        catalog = read_po(fh)
    said = []
    for message in catalog:
        if not message.id:
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string or message.id,)
        said += [t for t in texts if re.search(r"\bseed", t, re.IGNORECASE)]
    assert said == []

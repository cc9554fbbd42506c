"""The review's verdict on one discard, in beginner words with tiles and glossary links."""

from __future__ import annotations

from trainer.engine.game.review import Decision
from trainer.i18n import _, pgettext
from trainer.ui.richtext import term_word


def _t(text: str) -> str:
    return "{tiles:" + text + "}"


def _genbutsu() -> str:
    return term_word("genbutsu", pgettext("inline term", "genbutsu"))


def decision_text(d: Decision) -> str:
    """Why the chosen discard was good, or what was better and why (rich text)."""
    mine = _t(d.chosen)
    best = _t("".join(d.best))
    safe = _t("".join(d.danger["safest"])) if d.danger else ""
    if d.verdict == "lost_tiles":
        return _("You discarded {mine}: {n} useful tiles were left ({ukeire}). Discarding {best} instead would "
                 "leave {m}: keep the tiles that connect with more of your hand.").format(
            mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}", best=best, m=d.ukeire_best)
    if d.verdict == "lost_shanten":
        return _("You discarded {mine} and broke a useful shape: the hand went to {k} steps from {tenpai} "
                 "({shanten}) instead of {j}. Better: {best}.").format(
            mine=mine, k=d.shanten_chosen + 1, tenpai=term_word("tenpai", pgettext("inline term", "tenpai")), shanten="{term:shanten}",
            j=d.shanten_best + 1, best=best)
    if d.verdict == "unsafe":
        return _("You discarded {mine} while a {riichi} was waiting: it could deal in. {safe} could not "
                 "({genbutsu}): when your hand is far from ready, fold with safe tiles.").format(
            mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.verdict == "dealt_in":
        return _("{mine} dealt into the {riichi}. {safe} was safe ({genbutsu}).").format(
            mine=mine, riichi="{term:riichi}", safe=safe, genbutsu=_genbutsu())
    if d.danger is not None and d.danger["chosen"] == d.danger["safest_danger"]:
        return _("You discarded {mine}: the safest tile against the {riichi}. Good.").format(
            mine=mine, riichi="{term:riichi}")
    return _("You discarded {mine}: the coach agrees, {n} useful tiles stay ({ukeire}).").format(
        mine=mine, n=d.ukeire_chosen, ukeire="{term:ukeire}")

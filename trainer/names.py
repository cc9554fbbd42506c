"""Learner-facing names of the engine's ids, shared by the app and the command line.

The engine speaks in ids (``minkou_yaochuu``, ``yakuhai_chun``); people read
names.  Fu items are named here (English msgids marked for translation: the app
shows them through ``_()``, the command line prints them as they are); yaku and
other terms take their names from the glossary.
"""

from __future__ import annotations

from trainer.i18n import N_, _

FU_NAMES = {
    "fuutei": N_("Base fu for a win"),
    "chiitoitsu": N_("Seven pairs: fixed 25 fu"),
    "menzen_ron": N_("Closed hand won by ron"),
    "tsumo": N_("Win by self-draw"),
    "pinfu_tsumo": N_("Pinfu self-draw: no tsumo fu"),
    "rinshan_tsumo": N_("Win on a replacement tile"),
    "minkou_simple": N_("Open triplet of simples"),
    "minkou_yaochuu": N_("Open triplet of terminals or honors"),
    "ankou_simple": N_("Closed triplet of simples"),
    "ankou_yaochuu": N_("Closed triplet of terminals or honors"),
    "minkan_simple": N_("Open quad of simples"),
    "minkan_yaochuu": N_("Open quad of terminals or honors"),
    "ankan_simple": N_("Closed quad of simples"),
    "ankan_yaochuu": N_("Closed quad of terminals or honors"),
    "pair_dragon": N_("Pair of dragons"),
    "pair_seat_wind": N_("Pair of the seat wind"),
    "pair_round_wind": N_("Pair of the round wind"),
    "pair_double_wind": N_("Pair of a double wind"),
    "wait_kanchan": N_("Closed wait (kanchan)"),
    "wait_penchan": N_("Edge wait (penchan)"),
    "wait_tanki": N_("Single wait (tanki)"),
    "open_pinfu": N_("Open hand with no other fu"),
}


def fu_name(fu_id: str, *, translate: bool = True) -> str:
    """The name of a fu item (translated for the app unless ``translate`` is False)."""
    name = FU_NAMES.get(fu_id)
    if name is None:
        return fu_id
    return _(name) if translate else name


def term_label(term_id: str, lang: str = "en") -> str:
    """A glossary term as 'English gloss (kanji)' or 'Russian (kanji)'; the id when unknown."""
    from trainer.glossary import load_glossary

    try:
        term = load_glossary().term(term_id)
    except Exception:
        return term_id
    name = term.ru if lang == "ru" else term.en
    return f"{name} ({term.kanji})" if term.kanji else name

"""The coach's defence words are exactly true (review 24, group "danger24").

1. The warning on a lifted tile names every wait the engine (:mod:`trainer.engine.safety`) still
   finds open on it: a half suji is "suji on one side only" with the two-sided wait still open
   named ("78m"); a full suji on a middle tile leaves the closed (and, on 3/7, the edge) waits; a
   suji 2/8 leaves a closed wait; a suji 1/9 only the pair waits; a wall the waits it does not close.
2. "One chance" (three copies seen) is not called a wall (kabe, four copies): it links to its own
   glossary card, which cites the rulebook's "middle wall".
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from tests.test_fix23_coach_words import lift, play, t, table_with  # noqa: E402
from tests.text_checks import flat, in_english, plain_words  # noqa: E402
from tests.ui_events import headless_app  # noqa: E402
from trainer.engine import safety  # noqa: E402
from trainer.engine.evaluator.reasons import reason  # noqa: E402
from trainer.engine.game.actions import Discard, Riichi  # noqa: E402
from trainer.engine.game.coach import DangerWarning, danger_warning  # noqa: E402
from trainer.engine.game.review import danger_notes  # noqa: E402
from trainer.engine.game.scenario import setup_round  # noqa: E402
from trainer.engine.game.view import RiverTile, make_view  # noqa: E402
from trainer.engine.notation import format_tiles  # noqa: E402
from trainer.engine.tiles import Tile, parse_tile  # noqa: E402
from trainer.glossary import load_glossary  # noqa: E402
from trainer.i18n import set_language  # noqa: E402
from trainer.ui.app import App  # noqa: E402
from trainer.ui.views.table import coach  # noqa: E402

JUNK = "147m369p147s3456z"
LEFT = 3

# (learner's 13 tiles, Left's river — its riichi on the last but one tile, the lifted tile,
#  the waits still open on it, half suji, suji, kabe)
CASES = {
    "half_suji_6": ("6m2p789p567s11z567z", "1m 3m 5m 2p 4m", "6m",
                    {("ryanmen", "78m"), ("kanchan", "57m"), ("shanpon", ""), ("tanki", "")}, True, True, False),
    "suji_middle_5": ("5m2p789p567s11z567z", "2m 8m 2p", "5m",
                      {("kanchan", "46m"), ("shanpon", ""), ("tanki", "")}, False, True, False),
    "suji_3": ("3m2p789p567s11z567z", "6m 2p", "3m",
               {("kanchan", "24m"), ("penchan", "12m"), ("shanpon", ""), ("tanki", "")}, False, True, False),
    "suji_1": ("1m2p789p567s11z567z", "4m 2p", "1m", {("shanpon", ""), ("tanki", "")}, False, True, False),
    "suji_9": ("9m2p789p567s11z567z", "6m 2p", "9m", {("shanpon", ""), ("tanki", "")}, False, True, False),
    "suji_2": ("2m2p789p567s11z567z", "5m 2p", "2m",
               {("kanchan", "13m"), ("shanpon", ""), ("tanki", "")}, False, True, False),
    "suji_8": ("8m2p789p567s11z567z", "5m 2p", "8m",
               {("kanchan", "79m"), ("shanpon", ""), ("tanki", "")}, False, True, False),
    "wall_9": ("9m888m2p789p567s15z", "8m 2p", "9m", {("shanpon", ""), ("tanki", "")}, False, False, True),
    "wall_7": ("7m888m2p789p567s15z", "8m 2p", "7m",
               {("ryanmen", "56m"), ("shanpon", ""), ("tanki", "")}, False, False, True),
    "nothing_5": ("5m2p789p567s11z567z", "1z 2p", "5m",
                  {("ryanmen", "34m"), ("ryanmen", "67m"), ("kanchan", "46m"), ("shanpon", ""), ("tanki", "")},
                  False, False, False),
}

WAIT_WORDS = {"en": {"ryanmen": "{} (a two-sided wait)", "kanchan": "{} (a closed wait)", "penchan": "{} (an edge wait)",
                     "shanpon": "a two-pair wait", "tanki": "a single wait"},
              "ru": {"ryanmen": "{} (ожидание в две стороны)", "kanchan": "{} (ожидание в середину)",
                     "penchan": "{} (краевое ожидание)", "shanpon": "ожиданием на две пары",
                     "tanki": "ожиданием на одиночную плитку"}}
SHAPE_WORDS = {"en": {"ryanmen": "two-sided", "kanchan": "closed wait", "penchan": "edge wait",
                      "shanpon": "two-pair", "tanki": "single wait"},
               "ru": {"ryanmen": "в две стороны", "kanchan": "в середину", "penchan": "краевое",
                      "shanpon": "на две пары", "tanki": "на одиночную плитку"}}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A headless app at 1280x720 in English, then in Russian."""
    with headless_app(tmp_path, monkeypatch, language=request.param) as a:
        yield a
    set_language("en")


def _lang(app: App) -> str:
    return "en" if in_english(app) else "ru"


def riichi_view(hand: str, river: str) -> Any:
    """The learner's view (13 tiles and a drawn 8s) with Left in riichi, ``river`` in its river."""
    view = make_view(setup_round([hand, JUNK, JUNK, JUNK], draws="8s", dora="9s"), 0)
    kinds = river.split()
    rivers = list(view.rivers)
    rivers[LEFT] = tuple(RiverTile(parse_tile(k), False, i == len(kinds) - 2, False) for i, k in enumerate(kinds))
    return dataclasses.replace(view, riichi=tuple(s == LEFT for s in range(4)),
                               riichi_turn=tuple(0 if s == LEFT else None for s in range(4)), rivers=tuple(rivers))


def engine_waits(view: Any, kind: int) -> set[tuple[str, str]]:
    """The waits :func:`trainer.engine.safety.assess_all` finds open on ``kind`` against Left."""
    (ts,) = safety.assess_all(safety.table_of(view), kind)
    return {(w.shape, format_tiles([Tile(k) for k in w.partial]) if w.partial else "") for w in ts.open_waits}


def warning_of(case: str) -> tuple[Any, DangerWarning]:
    hand, river, tile = CASES[case][:3]
    view = riichi_view(hand, river)
    w = danger_warning(view, parse_tile(tile), list(view.hand.concealed))
    assert w is not None, case
    return view, w


# ---------------------------------------------------------------- 1: the engine's notes


@pytest.mark.parametrize("case", list(CASES))
def test_the_danger_note_lists_the_waits_the_engine_leaves_open(case: str) -> None:
    hand, river, tile, waits, half, suji, kabe = CASES[case]
    view = riichi_view(hand, river)
    (note,) = danger_notes(view, parse_tile(tile).kind)
    listed = {(w["shape"], w.get("tiles", "")) for w in note["open_waits"]}
    assert listed == engine_waits(view, parse_tile(tile).kind) == waits, (case, listed)
    assert (note["half_suji"], note["suji"], note["kabe"]) == (half, suji, kabe), (case, note)


def test_a_genbutsu_and_an_honor_keep_their_keys() -> None:
    view = riichi_view("6m2p789p567s11z567z", "1m 3m 5m 2p 4m")
    (safe,) = danger_notes(view, parse_tile("2p").kind)
    assert safe["genbutsu"] and safe["open_waits"] == [], safe
    (honor,) = danger_notes(view, parse_tile("5z").kind)
    assert honor["honor_left"] == 3 and {w["shape"] for w in honor["open_waits"]} == {"shanpon", "tanki"}, honor


# ---------------------------------------------------------------- 1: the warning's words


@pytest.mark.parametrize("case", list(CASES))
def test_the_warning_names_exactly_the_waits_still_open(app: App, case: str) -> None:
    """A tile a suji or a wall protects in part: every wait the engine leaves open is named, and no other."""
    view, w = warning_of(case)
    text = plain_words(app, coach.warning_line(w, lambda s: "Left"))
    lang = _lang(app)
    protected = CASES[case][5] or CASES[case][6]
    open_waits = engine_waits(view, w.tile.kind) if protected else set()  # unprotected: no list of waits
    for shape, tiles in open_waits:
        assert WAIT_WORDS[lang][shape].format(tiles) in text, (case, text)
    for shape in {"ryanmen", "kanchan", "penchan", "shanpon", "tanki"} - {s for s, _ in open_waits}:
        assert SHAPE_WORDS[lang][shape] not in text, (case, shape, text)
    assert flat(text), text


def test_a_half_suji_is_said_to_be_suji_on_one_side_only(app: App) -> None:
    _, w = warning_of("half_suji_6")
    text = plain_words(app, coach.warning_line(w, lambda s: "Left"))
    assert ("it is suji (筋, suji) on one side only, but 78m (a two-sided wait), 57m (a closed wait), a two-pair wait "
            "or a single wait can still win on it" if in_english(app) else
            "это суджи (筋, suji) только с одной стороны, но на неё всё ещё можно выиграть с 78m (ожидание в две "
            "стороны), 57m (ожидание в середину), ожиданием на две пары или ожиданием на одиночную плитку") in text, text


def test_a_suji_terminal_leaves_only_the_pair_waits(app: App) -> None:
    _, w = warning_of("suji_1")
    text = plain_words(app, coach.warning_line(w, lambda s: "Left"))
    assert ("it is suji (筋, suji), but a two-pair wait or a single wait can still win on it" if in_english(app) else
            "это суджи (筋, suji), но на неё всё ещё можно выиграть с ожиданием на две пары или ожиданием на "
            "одиночную плитку") in text, text
    assert "one side" not in text and "одной стороны" not in text, text


def test_a_tile_with_no_suji_or_wall_says_so(app: App) -> None:
    _, w = warning_of("nothing_5")
    text = plain_words(app, coach.warning_line(w, lambda s: "Left"))
    assert ("no suji (筋, suji) or wall (壁, kabe) protects it" if in_english(app)
            else "её не защищают ни суджи (筋, suji), ни стенка (壁, kabe)") in text, text


def test_two_riichi_players_with_different_reasons_each_get_theirs(app: App) -> None:
    notes = ({"seat": 1, "suji": True, "edge": 0, "open_waits": [{"shape": "shanpon"}, {"shape": "tanki"}]},
             {"seat": 3, "suji": False, "edge": 0,
              "open_waits": [{"shape": "ryanmen", "tiles": "23m"}, {"shape": "shanpon"}, {"shape": "tanki"}]})
    w = DangerWarning(parse_tile("1m"), (1, 3), notes, (parse_tile("1z"),))
    text = plain_words(app, coach.warning_line(w, lambda s: {1: "Right", 3: "Left"}[s]))
    if in_english(app):
        assert "— against Right: it is suji (筋, suji), but a two-pair wait or a single wait can still win on it; " \
               "against Left: no suji or wall (壁, kabe) protects it." in text, text
    else:
        assert "против игрока Right: это суджи" in text and "; против игрока Left: её не защищают" in text, text


def test_the_table_warns_of_the_open_two_sided_wait_on_a_half_suji(app: App) -> None:
    """The reviewer's position: Left threw 3m and declared riichi; the learner lifts 6m on the table."""
    right, across, left = "234p567p234s567s5z", "123s456s789s1122z", "78m123p456p789p44z"
    rnd = setup_round(["6m2p789p567s11z567z", right, across, left], draws="9s1s2s3m8s4m1m2p3s", dora="3z")
    rnd = play(rnd, [(0, Discard(t("9s"))), (1, Discard(t("1s"))), (2, Discard(t("2s"))), (3, Discard(t("3m"))),
                     (0, Discard(t("8s"))), (1, Discard(t("4m"))), (2, Discard(t("1m"))), (3, Riichi(t("2p")))])
    screen = table_with(app, rnd)
    lift(app, screen, t("6m"))
    assert screen.hand_row.selected
    text = plain_words(app, screen.coach_message())
    assert ("on one side only, but 78m (a two-sided wait), 57m (a closed wait)" if in_english(app)
            else "только с одной стороны, но на неё всё ещё можно выиграть с 78m (ожидание в две стороны)") in text, text
    assert "closed wait can still" not in text and "или в середину" not in text, text


# ---------------------------------------------------------------- 2: one chance is not a wall


def test_one_chance_links_its_own_card_and_a_wall_keeps_kabe(app: App) -> None:
    row = SimpleNamespace(deal_in=0.01, seat=1, reasons=[reason("one_chance")])
    raw = coach.danger_words(SimpleNamespace(dangers=[row]), lambda s: "Left")
    assert "{term:one_chance|" in raw and "kabe" not in raw, raw
    text = plain_words(app, raw)
    assert text.startswith("one chance (ワンチャンス, wan chansu), as three copies of a neighboring tile are seen"
                           if in_english(app) else
                           "один шанс (ワンチャンス, wan chansu), так как видны три копии соседней плитки"), text
    assert flat(text) and "kabe" not in text and text.count(":") == 0, text
    wall = SimpleNamespace(deal_in=0.01, seat=1, reasons=[reason("no_chance")])
    assert "{term:kabe|" in coach.danger_words(SimpleNamespace(dangers=[wall]), lambda s: "Left")


def test_the_one_chance_card_cites_the_middle_wall_of_the_rulebook() -> None:
    term = load_glossary().term("one_chance")
    assert term.seed == "000:5017" and term.kana == "ワンチャンス", term
    assert "три копии" in term.ru_explanation and "средняя стена" in term.ru_explanation, term.ru_explanation
    assert "Three copies" in term.en_explanation and "(kabe)" in term.en_explanation, term.en_explanation
    seed = Path("/work/shared/seeds")
    if seed.is_dir():
        line = next(seed.glob("000_*.txt")).read_text(encoding="utf-8").splitlines()[5016]
        assert "naka kabe" in line and "Средняя стена" in line, line

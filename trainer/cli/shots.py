"""``python -m trainer shots OUTDIR``: render every screen of the app to PNG without a display.

Renders the home screen, the lesson map, one step of every step kind, the
settings form and a session of every drill generator, the game table, the
glossary, the progress screen and the settings screen.  Steps come from the real
lessons when a lesson has that kind; the others come from a small built-in
gallery lesson (validated like any lesson file).  The learner data folder is a
temporary one unless TRAINER_DATA_DIR is set, so a real learner's progress is
never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from trainer.cli import add_lessons_dir_option, use_lessons_dirs

GALLERY = """\
id: basics_ui_gallery
title: {ru: "Галерея шагов", en: "Step gallery"}
track: basics
level: 1
audience: beginner
minutes: 5
skill: waits_basic
languages: [ru, en]
steps:
  - kind: text
    text:
      ru: |
        Рука из {tiles:34m} ждёт {tiles:2m} или {tiles:5m}: это {term:ryanmen}.
        Объявив {term:riichi}, игрок больше не меняет руку.

        **Запомните:** широкое ожидание выигрывает чаще.
      en: |
        The shape {tiles:34m} waits on {tiles:2m} or {tiles:5m}: a {term:ryanmen}.
        After declaring {term:riichi} a player no longer changes the hand.

        **Remember:** a wide wait wins more often.
  - kind: show
    hand: "3499m"
    highlight: "34m"
    caption: {ru: "Пара {tiles:99m} готова, {tiles:34m} ждут с двух сторон.", en: "The pair {tiles:99m} is ready; {tiles:34m} waits at both ends."}
    reveal: [waits, shape, ukeire]
  - kind: choice
    prompt: {ru: "Как называется ожидание руки {tiles:1355m}?", en: "What is the wait of {tiles:1355m} called?"}
    ask: shape
    hand: "1355m"
    options:
      - {value: ryanmen, text: {ru: "Рянмен", en: "Ryanmen"}, explain: {ru: "Нет: между 1 и 3 пустое место.", en: "No: there is a gap between 1 and 3."}}
      - {value: kanchan, text: {ru: "Канчан", en: "Kanchan"}, explain: {ru: "Да: плитка нужна в середину.", en: "Yes: the tile goes in the middle."}}
      - {value: penchan, text: {ru: "Пенчан", en: "Penchan"}, explain: {ru: "Пенчан — это 12 или 89.", en: "A penchan is 12 or 89."}}
  - kind: pick_tiles
    prompt: {ru: "Какие плитки завершают руку {tiles:3456m}? Отметьте все.", en: "Which tiles complete {tiles:3456m}? Pick them all."}
    ask: waits
    hand: "3456m"
  - kind: number
    prompt: {ru: "Сколько шантен у этой руки?", en: "What is the shanten of this hand?"}
    ask: shanten
    hand: "1479m"
  - kind: fu_breakdown
    prompt: {ru: "Разложите фу этой руки по пунктам.", en: "Break this hand's fu down item by item."}
    hand: "234567m345p678s55p"
    win: {tile: 2m, by: ron, seat: S, round: E}
  - kind: arrange
    prompt: {ru: "Разложите плитки по порядку: кликните две, чтобы поменять их местами.", en: "Put the tiles in order: click two tiles to swap them."}
    ask: sort
    tiles: "5m1p9s3m2z7p"
  - kind: paifu
    game: east2_ron
    ask: call
    call: ron
    prompt: {ru: "Найдите плитку, на которую объявили рон.", en: "Find the tile a player won on by ron."}
  - kind: drill
    generator: tile_name
    params: {ask: name}
    n: 5
  - kind: play
    mode: glass_table
    reveal: all
    coach: hints
    goal: {games: 1}
"""

STEP_KINDS = ("text", "show", "choice", "pick_tiles", "number", "fu_breakdown", "arrange", "drill", "play", "paifu")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the shots command."""
    parser.add_argument("outdir", type=Path, help="folder for the PNG files (created if missing)")
    parser.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    parser.add_argument("--lang", default=None, choices=("ru", "en"), help="interface language (default: settings)")
    parser.add_argument("--only", default="", help="comma-separated shot name prefixes to render")
    add_lessons_dir_option(parser)


def gallery_lesson():  # noqa: ANN201 - a Lesson
    """The built-in lesson with one step of every kind (validated by the lesson loader)."""
    from trainer.lessons.loader import load_text

    lf = load_text(GALLERY, "lessons/basics/basics_ui_gallery.yaml")
    if lf.lesson is None:
        raise RuntimeError("the gallery lesson does not validate: " + "; ".join(str(p) for p in lf.problems))
    return lf.lesson


def step_examples(lib, gallery) -> dict[str, tuple[object, int]]:  # noqa: ANN001
    """For every step kind: (lesson, step index), preferring real lessons over the gallery."""
    found: dict[str, tuple[object, int]] = {}
    for lesson in sorted(lib.lessons.values(), key=lambda x: x.id):
        for i, step in enumerate(lesson.steps):
            found.setdefault(step.kind, (lesson, i))
    for i, step in enumerate(gallery.steps):
        found.setdefault(step.kind, (gallery, i))
    return found


def sanma_shots(app, shot) -> None:  # noqa: ANN001
    """The three-player (sanma) table: its setup, a hand with Norths set aside, the kita offer,
    a won hand's payments, the draw, the match end and the replay of a saved sanma game."""
    from trainer.ui.screens import play_shots as ps

    setup = ps.SANMA
    shot("23_sanma_setup", lambda: app.push("match_setup", setup=setup))
    shot("23_sanma_table", lambda: ps.sanma_table(app))
    shot("23_sanma_coach", lambda: ps.sanma_table(app, coach="full"))
    shot("23_sanma_kita_offer", lambda: ps.sanma_kita_offer(app))
    shot("23_sanma_kita_ron", lambda: ps.sanma_kita_ron(app))
    shot("23_sanma_result_tsumo", lambda: ps.table_after_hand(app, lambda r: r.kind == "tsumo", setup=setup))
    shot("23_sanma_result_ron", lambda: ps.table_after_hand(app, lambda r: r.kind == "ron", setup=setup))
    shot("23_sanma_result_draw", lambda: ps.table_after_hand(app, lambda r: r.kind == "exhaustive", setup=setup))
    shot("23_sanma_match_end", lambda: ps.match_end(app, setup))
    shot("23_sanma_replay", lambda: ps.replay_at(app, mistake=False, setup=setup))
    shot("23_sanma_replay_review", lambda: ps.replay_at(app, mistake=True, setup=setup))
    shot("23_sanma_review_card", lambda: ps.position_review(app, answered=True, setup=setup))
    shot("23_sanma_drill_points", lambda: app.push("drill", generator="points_lookup", n=3, seed=4,
                                                  params={"preset": "sanma", "wins": "tsumo", "honba": 2}))
    shot("23_sanma_lesson_map", lambda: app.push("lesson_map", track="sanma"))
    for lesson_id, step in (("sanma_tiles", 0), ("sanma_tiles", 5), ("sanma_tiles", 7), ("sanma_nukidora", 1), ("sanma_payments", 1)):
        shot(f"23_sanma_{lesson_id}_{step}", lambda lesson_id=lesson_id, step=step: app.push(
            "lesson", lesson_id=lesson_id, step=step))
    shot("23_sanma_drill_fu", lambda: app.push("drill", generator="fu_count", params={"preset": "sanma"}, n=3,
                                              seed=1))


def training_shots(app, shot) -> None:  # noqa: ANN001
    """The training games: their list, each game's table mid-hand and its result panel
    (a seed where someone wins, so the panel says what the hand was worth)."""
    from trainer.ui.screens import play_shots as ps
    from trainer.ui.screens.training_games import TRAINING_GAMES

    shot("20_training_games", lambda: app.push("training_games"))
    for name, mode, choices in (
            ("single_suit_1", "single_suit_1", {"dragons": "jokers", "half_abundance": True}),
            ("ab_game", "ab_game", {}),
            ("kunto", "kunto", {"players": 3, "hand": 13}),  # a refused choice, said why
            ("kunto_jokers", "kunto", {"dragons": "jokers"})):  # dragons added to the set, every option shown
        shot(f"20_training_setup_{name}", lambda mode=mode, choices=choices: training_setup_shot(app, mode, choices))
    for mode in TRAINING_GAMES:
        def table(mode: str = mode) -> None:
            screen = app.push("play_simple", mode=mode, seed=5, kids=False)
            screen.run_bots_until_learner()
            screen.rebuild()

        def result(mode: str = mode) -> None:
            from trainer.engine.game.simple_bots import make_simple_bot

            for seed in range(1, 40):
                screen = app.push("play_simple", mode=mode, seed=seed, kids=False)
                me = make_simple_bot(screen.setup.bots, seed, screen.setup.rules, screen.setup.shape_rules())
                ps.play_simple_out(screen, me)
                g = screen.game
                if g.result is not None and g.result.values:
                    break
                app.pop()
            screen.rebuild()

        shot(f"21_mode_{mode}_table", table)
        shot(f"22_mode_{mode}_result", result)
    shot("23_mode_ab_game_guess", lambda: ab_guess_shot(app))


def training_setup_shot(app, mode: str, choices: dict) -> None:  # noqa: ANN001
    """A training game's setup screen with ``choices`` made (a child's: the player count only)."""
    screen = app.push("training_setup", mode=mode)
    screen.choices = dict(choices)
    screen.rebuild()


def ab_guess_shot(app) -> None:  # noqa: ANN001
    """The A/B game's stage B with the learner to name the wait (a seed where the player on
    the learner's left announces, two tiles picked on the palette)."""
    from trainer.engine.game.simple_bots import make_simple_bot
    from trainer.ui.screens import play_shots as ps

    for seed in range(1, 60):
        screen = app.push("play_simple", mode="ab_game", seed=seed, kids=False)
        ps.play_simple_out(screen, make_simple_bot("reader", seed, None, None),
                           until=lambda g: g.phase == "guess" and g.guesser == 0)
        g = screen.game
        if not g.ended and g.guesser == 0:
            break
        app.pop()
    screen.rebuild()
    if getattr(screen, "guess_row", None) is not None:
        screen.guess_row.toggle(3)
        screen.guess_row.toggle(5)
        screen.rebuild()


def kunto_practice_shots(app, shot) -> None:  # noqa: ANN001
    """Kunto step by step: a wrong shanten explained, a weaker throw-back explained, a waits
    question with suits ignored, and the end of a practice."""
    from trainer.engine.exercises.kunto_practice import Settings

    def at(step: str, settings: Settings = Settings(), seed: int = 4):  # noqa: ANN202, B008
        screen = app.push("kunto_practice", seed=seed, tiles=settings.tiles, suits=settings.suits,
                          dragons=settings.dragons)
        for _ in range(200):
            if screen.practice.step == step and (step != "shanten" or screen.ex.answer > 0):
                return screen
            screen.practice.advance(None)
            screen._new_item()
        raise RuntimeError(f"no {step} question")

    def answer(screen, response, times: int = 1) -> None:  # noqa: ANN001
        for _ in range(times):
            screen.rebuild()
            if screen.phase == "retry":
                screen.retry()
            view = screen.view
            if view.fields:
                view.fields[0][1].text = str(response)
            else:
                view.picker.selected = [i for i, t in enumerate(view.picker.slots) if t.tile.kind in response][:1] \
                    if screen.ex.prompt.question == "kunto_discard" else \
                    [i for i, t in enumerate(view.picker.slots) if t.tile.kind in response]
            screen.check()

    def shanten_wrong() -> None:
        screen = at("shanten", Settings("suits108", "ignored", "plain"))
        answer(screen, screen.ex.answer + 1, 2)

    def throw_wrong() -> None:
        screen = at("throw")
        worst = max(screen.ex.explanation, key=lambda r: (r["shanten"], -r["count"]))
        from trainer.engine.notation import parse_tiles

        answer(screen, {parse_tiles(worst["tile"])[0].kind})

    def waits() -> None:
        screen = at("waits", Settings("suits108_dragons", "ignored", "tens"), seed=2)
        screen.rebuild()

    def done() -> None:
        screen = at("waits")
        while not (screen.practice.step == "waits" and screen.practice.size == 13):
            screen.practice.advance(None)
        screen._new_item()
        screen.results = ["right"] * 9 + ["wrong"]
        screen.right = 9
        screen.phase = "done"
        screen.primary()

    def value_wrong() -> None:
        from trainer.engine.notation import parse_tiles

        screen = at("waits")
        screen.practice.hand = sorted(parse_tiles("5556777s"))
        screen.practice.size = 7
        screen.practice.advance(None)
        screen._new_item()
        answer(screen, screen.ex.answer + 2, 2)

    def last_settings(step: str, hand: str = "123m456p678s55s78m"):  # noqa: ANN202
        from trainer.engine.exercises.kunto_practice import COURSE
        from trainer.engine.notation import parse_tiles

        screen = at("shanten", Settings(*COURSE[-1]))
        p = screen.practice
        p.size, p.hand, p.step, p.yaku_round, p._exercise = 13, sorted(parse_tiles(hand)), step, 1, None
        screen._new_item()
        return screen

    def yaku_wrong() -> None:
        screen = last_settings("yaku")
        screen.rebuild()
        wrong = next(o.value for o in screen.ex.prompt.options if o.value not in screen.ex.answer and o.value != "none")
        screen.view.buttons[[o.value for o in screen.ex.prompt.options].index(wrong)].selected = True
        screen.check()

    def raise_wrong() -> None:
        from trainer.engine.notation import parse_tiles

        screen = last_settings("raise")
        answer(screen, {parse_tiles("5s")[0].kind})

    shot("23_kunto_practice_shanten_wrong", shanten_wrong)
    shot("23_kunto_practice_value_wrong", value_wrong)
    shot("23_kunto_practice_yaku_retry", yaku_wrong)
    shot("23_kunto_practice_raise_retry", raise_wrong)
    shot("23_kunto_practice_throw_retry", throw_wrong)
    shot("23_kunto_practice_waits", waits)
    shot("23_kunto_practice_done", done)


def rule_shots(app, shot) -> None:  # noqa: ANN001
    """Training games' own table rules: a risu hand offering its compulsory kan, and the chombo
    panel after the four was kept undeclared."""
    from trainer.engine.game.actions import Discard
    from trainer.engine.game.simple import SimpleGame, scripted_wall
    from trainer.engine.notation import parse_tiles

    def risu_table(**options):  # noqa: ANN003, ANN202
        screen = app.push("play_simple", mode="risu", seed=3, kids=False, rules=options)
        setup = screen.setup
        screen.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1111234567899s", "2223334445556s"],
                                                           "9s"))
        screen.rebuild()
        return screen

    def chombo() -> None:
        screen = risu_table()
        screen._act(Discard(parse_tiles("9s")[0]))

    def exchange() -> None:
        screen = app.push("play_simple", mode="single_suit_1", seed=3, kids=False,
                          rules={"half_abundance": True, "players": 2})
        setup = screen.setup
        screen.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["123m456p789s11m14z", "2345678m123p555s"],
                                                           "9p"))
        screen.rebuild()

    def six_pairs() -> None:
        from trainer.engine.game.actions import Tsumo

        screen = app.push("play_simple", mode="twelve_tiles", seed=3, kids=False, rules={"players": 2})
        setup = screen.setup
        screen.game = SimpleGame(setup, wall=scripted_wall(setup.tileset, ["1122m3344p5566s", "789m789p789s123z"],
                                                           "5z"))
        screen.rebuild()
        screen._act(Tsumo())

    shot("24_twelve_six_pairs", six_pairs)
    shot("24_risu_kan_offered", risu_table)
    shot("24_risu_chombo", chombo)
    shot("24_single_suit_exchange", exchange)


def run(args: argparse.Namespace) -> int:
    """Render the screens; prints one line per file and returns 0 (1 if a screen failed)."""
    use_lessons_dirs(args)
    if "TRAINER_DATA_DIR" not in os.environ:
        os.environ["TRAINER_DATA_DIR"] = tempfile.mkdtemp(prefix="trainer-shots-")
    from trainer.ui.app import ensure_video_driver

    ensure_video_driver()
    if not os.environ.get("DISPLAY"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from trainer.ui.app import App
    from trainer.ui.settings import load_settings

    w, h = (int(x) for x in args.size.lower().split("x"))
    settings = load_settings().settings
    if args.lang:
        settings = settings.with_(language=args.lang)
    app = App(size=(w, h), settings=settings, save=False)
    if args.lang and app.settings.language != args.lang:
        # the learner picked at start-up brings the language an earlier run saved: the one asked for wins
        app.apply_settings(app.settings.with_(language=args.lang))
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    only = [x for x in args.only.split(",") if x]
    failures = 0

    def shot(name: str, setup) -> None:  # noqa: ANN001
        nonlocal failures
        if only and not any(name.startswith(o) for o in only):
            return
        start = time.perf_counter()
        try:
            while len(app.stack) > 1:
                app.pop()
            app.banners = []  # a note an earlier picture raised is not this screen's
            setup()
            app.process([], 1 / 60)
            surf = app.render()
            path = out / f"{name}.png"
            pygame.image.save(surf, str(path))
            print(f"{path}  ({(time.perf_counter() - start) * 1000:.0f} ms)")
        except Exception as exc:  # one broken screen must not hide the others
            failures += 1
            print(f"{name}: FAILED: {exc!r}", file=sys.stderr)

    app.push("home")
    lib = app.library()
    app.screen.rebuild()
    shot("01_home", lambda: None)
    shot("02_lesson_map", lambda: app.push("lesson_map"))
    # Step kinds no real lesson has yet come from the gallery (added after the map shot,
    # so it never appears among the real lessons).
    gallery = gallery_lesson()
    lib.lessons.setdefault(gallery.id, gallery)
    examples = step_examples(lib, gallery)
    for n, kind in enumerate(STEP_KINDS):
        if kind in examples:
            lesson, index = examples[kind]
            shot(f"03_step_{n}_{kind}", lambda lesson=lesson, index=index: app.push(
                "lesson", lesson_id=lesson.id, step=index))
    from trainer.ui.views.drill_catalog import generators

    shot("04_drills", lambda: app.push("drills", group="riichi"))
    shot("04_drills_mcr", lambda: app.push("drills", group="mcr"))
    for name in generators():
        shot(f"05_drill_setup_{name}", lambda name=name: (app.push("drills"), app.push("drill_setup", generator=name)))
        shot(f"06_drill_{name}", lambda name=name: (app.push("drills"), app.push(
            "drill", generator=name, params={}, n=8, seed=1)))

    def safe_tile_missed() -> None:
        """Two riichi players; the learner picks a dangerous tile twice: the feedback explains it."""
        import pygame as pg

        screen = app.push("drill", generator="safe_tile",
                          params={"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]}, n=6, seed=14)
        app.render()
        picker = screen.view.picker
        picker.selected = {next(i for i, s in enumerate(picker.slots) if s.tile.kind not in screen.view.ex.answer)}
        for _ in range(3):
            if screen.phase != "done":
                app.process([pg.event.Event(pg.KEYDOWN, key=pg.K_RETURN, mod=0, unicode="\r")], 1 / 60)

    shot("06_drill_safe_tile_two_riichi", lambda: app.push(
        "drill", generator="safe_tile", params={"riichi_players": 2, "tools": ["genbutsu", "suji", "kabe"]},
        n=6, seed=14))
    shot("06_drill_safe_tile_missed", safe_tile_missed)

    from trainer.cli.wrong_answers import drill_wrong, lesson_wrong

    # A wrong first try and the final wrong answer: the panel explains the learner's own choice.
    wrong_drills = (("mixed_waits", {}), ("shanten", {}), ("fu_count", {"answer": "fu_breakdown"}),
                    ("fu_count", {}), ("points_lookup", {"honba": 2}),
                    ("single_suit_waits", {"kids": True, "size": 4}), ("mcr_fans", {}),
                    ("mcr_waits", {"forms": "knitted"}), ("mcr_excluded", {"ask": "why"}), ("mcr_minimum", {}),
                    ("mcr_excluded", {"ask": "fan"}))
    for n, (name, params) in enumerate(wrong_drills):
        for tries in (1, 2):
            def wrong_drill(name=name, params=params, tries=tries) -> None:  # noqa: ANN001
                screen = app.push("drill", generator=name, params=params, n=8, seed=3)
                for _t in range(tries):
                    if tries == 2 and _t == 1:
                        screen.retry()
                    drill_wrong(app, screen)
                app.process([], 1.0)
            kid = "_kids" if params.get("kids") else ""
            shot(f"10_wrong_drill_{n}_{name}{kid}_try{tries}", wrong_drill)
    quiz_examples = {s.kind: (gallery, i) for i, s in reversed(list(enumerate(gallery.steps)))}
    quiz_examples["real_pick_tiles"] = examples.get("pick_tiles", quiz_examples["pick_tiles"])
    for kind in ("pick_tiles", "number", "fu_breakdown", "real_pick_tiles"):
        for tries in (1, 2):
            def wrong_step(kind=kind, tries=tries) -> None:  # noqa: ANN001
                lesson, index = quiz_examples[kind]
                screen = app.push("lesson", lesson_id=lesson.id, step=index)
                for _t in range(tries):
                    if _t == 1:
                        screen.retry()
                    lesson_wrong(app, screen)
                app.process([], 1.0)
            shot(f"11_wrong_step_{kind}_try{tries}", wrong_step)
    mcr_shots(app, shot, lib)

    def paifu_answered(wrong: bool) -> None:
        """The paifu-reading question: a cell clicked (a wrong one, or a right one)."""
        lesson = lib.lessons["skill_paifu_reading"]
        index = next(i for i, s in enumerate(lesson.steps) if getattr(s, "ask", None) == "riichi")
        screen = app.push("lesson", lesson_id=lesson.id, step=index)
        app.render()
        view = screen.view
        want = "E8" if not wrong else "E5"
        view.click_at(view.cell_rects[want].center)
        app.process([], 1.0)

    shot("11_paifu_right", lambda: paifu_answered(False))
    shot("11_paifu_wrong", lambda: paifu_answered(True))
    kids = next((lesson for lesson in sorted(lib.lessons.values(), key=lambda x: x.id)
                 if lesson.audience == "child" and any(s.kind == "pick_tiles" for s in lesson.steps)), None)
    if kids is not None:
        def wrong_kids() -> None:
            index = next(i for i, s in enumerate(kids.steps) if s.kind == "pick_tiles")
            screen = app.push("lesson", lesson_id=kids.id, step=index)
            lesson_wrong(app, screen)
            app.process([], 1.0)
        shot("11_wrong_step_kids_pick_tiles", wrong_kids)

    def summary_with_mistakes() -> None:
        screen = app.push("drill", generator="shanten", params={}, n=3, seed=3)
        for _i in range(3):
            drill_wrong(app, screen)
            screen.retry()
            drill_wrong(app, screen)
            screen.primary()
        app.process([], 1.0)

    shot("12_drill_summary_mistakes", summary_with_mistakes)

    def table() -> None:
        screen = app.push("play", seed=3, coach="hints", reveal="own")
        screen.run_bots_until_learner()
        screen.rebuild()

    shot("07_play", table)
    shot("07_table_setup", lambda: app.push("match_setup"))
    from trainer.ui.screens.play_shots import (
        call_card,
        match_end,
        nanikiru,
        nanikiru_coach,
        position_review,
        push_fold_card,
        replay_at,
        replay_call,
        replay_push_fold,
        replay_riichi,
        riichi_card,
        saved_games,
        table_after_hand,
        table_coach_calls,
        table_coach_keeps_yaku,
        table_coach_last_hand,
        table_coach_lets_a_win_pass,
        table_coach_reads_tanyao,
        table_coach_weaves,
        table_with_a_call_offer,
        table_with_calls_and_riichi,
        win_card,
    )

    shot("07_table_mid_hand", lambda: table_with_calls_and_riichi(app, coach="off"))
    shot("07_table_coach", lambda: table_with_calls_and_riichi(app, coach="full"))
    shot("07_table_coach_yaku", lambda: table_coach_keeps_yaku(app))
    shot("07_table_coach_tanyao", lambda: table_coach_reads_tanyao(app))
    shot("07_table_coach_weave", lambda: table_coach_weaves(app))
    shot("07_table_coach_places", lambda: table_coach_last_hand(app))
    shot("07_table_coach_minogashi", lambda: table_coach_lets_a_win_pass(app))
    shot("07_table_call_offer", lambda: table_with_a_call_offer(app))
    shot("07_table_coach_call_pass", lambda: table_with_a_call_offer(app, coach="full"))
    shot("07_table_coach_call", lambda: table_coach_calls(app))
    shot("07_result_ron", lambda: table_after_hand(app, lambda r: r.kind == "ron" and len(r.wins) == 1))
    shot("07_result_tsumo", lambda: table_after_hand(app, lambda r: r.kind == "tsumo"))
    shot("07_result_draw", lambda: table_after_hand(app, lambda r: r.kind == "exhaustive" and len(r.tenpai) >= 2))
    shot("07_result_match_end", lambda: match_end(app))
    shot("07_replay_my_games", lambda: (saved_games(app), app.push("my_games")))

    def unreadable_games() -> None:
        """"My games" with a file of every kind that cannot be opened (a newer version's log, an
        unknown version, not a game log, a damaged log, not text; with the not-JSON file of
        saved_games), each saying why; the extra files are gone again once the list is built, so
        later pictures do not show them."""
        import json

        from trainer.engine.game.records import FORMAT
        from trainer.ui.saved_games import games_dir

        folder = games_dir(app)
        if not any(folder.glob("game-20261126-*.json")):
            saved_games(app)
        extra = {"game-20261102-090000.json": {"format": FORMAT, "version": 2, "hands": []},
                 "game-20261103-090000.json": {"format": FORMAT, "version": 0, "hands": []},
                 "game-20261104-090000.json": {"format": "another-app/log"},
                 "game-20261105-090000.json": {"format": FORMAT, "version": 1, "hands": []}}
        for name, content in extra.items():
            (folder / name).write_text(json.dumps(content), encoding="utf-8")
        (folder / "game-20261106-090000.json").write_bytes(b"\xff\xfe\x00")
        try:
            app.push("my_games")
        finally:
            for name in (*extra, "game-20261106-090000.json"):
                (folder / name).unlink(missing_ok=True)

    shot("07_my_games_unreadable", unreadable_games)

    def game_files(then: str) -> None:
        """"Open a game" with a good and a bad file in the export folder (kept inside the shots'
        data folder); ``then`` is "list", "bad" (the bad file clicked), "seat" (the good one clicked: which
        player were you?) or "export" (a game exported)."""
        import json

        from trainer.engine.game.tenhou6_write import to_tenhou6
        from trainer.ui import folders

        docs = Path(os.environ["TRAINER_DATA_DIR"]) / "Documents" / "riichi-trainer"
        folders.export_folder = lambda: docs
        docs.mkdir(parents=True, exist_ok=True)
        from trainer.ui.saved_games import games_dir

        paths = sorted(games_dir(app).glob("game-20261126-*.json")) or saved_games(app)
        data = to_tenhou6(json.loads(paths[0].read_text(encoding="utf-8")))
        data.pop("riichi_trainer", None)
        (docs / "tenhou-2026-11-20.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        (docs / "truncated.json").write_text(json.dumps(dict(data, log=[data["log"][0][:5]])), encoding="utf-8")
        os.utime(docs / "truncated.json", (1, 1))
        screen = app.push("my_games")
        if then == "export":
            screen.export(screen.rows[0].game)
            return
        home = os.environ.get("HOME")
        os.environ["HOME"] = str(docs.parent)  # the home folder is searched too: not the user's here
        try:
            screen = app.push("game_import")
        finally:
            if home is not None:
                os.environ["HOME"] = home
        if then == "bad":
            screen.open_file(docs / "truncated.json")
        if then == "seat":
            screen.open_file(docs / "tenhou-2026-11-20.json")

    shot("07_game_import", lambda: game_files("list"))
    shot("07_game_import_bad_file", lambda: game_files("bad"))
    shot("07_game_import_seat", lambda: game_files("seat"))
    shot("07_my_games_exported", lambda: game_files("export"))
    shot("07_replay", lambda: replay_at(app, mistake=False))
    shot("07_replay_review", lambda: replay_at(app, mistake=True))
    shot("07_replay_riichi", lambda: replay_riichi(app, agree=False))
    shot("07_replay_riichi_agree", lambda: replay_riichi(app, agree=True))
    shot("07_replay_call_passed", lambda: replay_call(app, called=False))
    shot("07_replay_call_made", lambda: replay_call(app, called=True))
    shot("07_replay_push_agree", lambda: replay_push_fold(app, agree=True))
    shot("07_replay_push_fold_against", lambda: replay_push_fold(app, agree=False))
    shot("07_review_card", lambda: position_review(app, answered=False))
    shot("07_review_card_answered", lambda: position_review(app, answered=True))
    shot("07_review_card_riichi", lambda: riichi_card(app))
    shot("07_review_card_riichi_wrong", lambda: riichi_card(app, answered="wrong"))
    shot("07_review_card_riichi_right", lambda: riichi_card(app, answered="right"))
    shot("07_review_card_win", lambda: win_card(app))
    shot("07_review_card_win_wrong", lambda: win_card(app, answered="wrong"))
    shot("07_review_card_call", lambda: call_card(app))
    shot("07_review_card_call_wrong", lambda: call_card(app, answer="pon"))
    shot("07_review_card_call_right", lambda: call_card(app, answer="pass"))
    shot("07_review_card_call_passed", lambda: call_card(app, called=False))
    shot("07_review_card_call_pon_right", lambda: call_card(app, called=False, answer="pon"))
    shot("07_review_card_pushfold", lambda: push_fold_card(app))
    shot("07_review_card_pushfold_wrong", lambda: push_fold_card(app, answered="wrong"))
    shot("07_review_card_pushfold_right", lambda: push_fold_card(app, answered="right"))
    shot("07_review_card_pushfold_open", lambda: push_fold_card(app, hand=4, answered="right"))
    shot("07_nanikiru_setup", lambda: app.push("nanikiru_setup").focus_row.set_index(2))
    shot("07_nanikiru", lambda: nanikiru(app))
    shot("07_nanikiru_wrong", lambda: nanikiru(app, answered="wrong"))
    shot("07_nanikiru_starter_right", lambda: nanikiru(app, answered="right", starter=True))
    shot("07_nanikiru_coach", lambda: nanikiru_coach(app))
    shot("07_nanikiru_coach_widest", lambda: nanikiru_coach(app, "widest"))
    shot("07_nanikiru_coach_yaku", lambda: nanikiru_coach(app, "faster", reason="keeps_yaku"))

    from trainer.ui.screens import play_shots

    shot("07_play_tenpai_choice", lambda: play_shots.tenpai_choice_at_draw(app))
    from trainer.ui.screens.play_shots import (
        mcr_after_hand,
        mcr_call_offer,
        mcr_game_end,
        mcr_saved_games,
        mcr_table,
    )

    shot("07_mcr_table", lambda: mcr_table(app, coach="hints"))
    shot("07_mcr_table_coach", lambda: mcr_table(app, coach="full"))
    shot("07_mcr_call_offer", lambda: mcr_table(app, coach="full", want=mcr_call_offer))
    shot("07_mcr_result_win", lambda: mcr_after_hand(
        app, lambda r: bool(r.wins) and len(set(r.wins[0].score.fans)) >= 4 and len(r.wins[0].score.excluded) >= 2))
    shot("07_mcr_result_draw", lambda: mcr_after_hand(app, lambda r: r.kind == "exhaustive"))
    shot("07_mcr_game_end", lambda: mcr_game_end(app))
    shot("07_mcr_saved_home", lambda: mcr_saved_games(app))
    shot("07_mcr_saved_my_games", lambda: mcr_saved_games(app, then="my_games"))
    shot("07_mcr_replay", lambda: mcr_saved_games(app, then="replay"))
    for name in ("glossary", "progress"):
        from trainer.ui.app import has_screen

        if has_screen(name):
            shot(f"08_{name}", lambda name=name: app.push(name))
        else:
            print(f"{name}: screen not installed, skipped", file=sys.stderr)
    shot("09_settings", lambda: app.push("settings"))
    shot("10_about", lambda: (app.push("settings"), app.push("about")))
    sanma_shots(app, shot)
    training_shots(app, shot)
    kunto_practice_shots(app, shot)
    rule_shots(app, shot)
    learner_shots(app, shot)
    app.close()
    return 1 if failures else 0


def mcr_shots(app, shot, lib) -> None:  # noqa: ANN001
    """Every step of the Chinese Official (MCR) lessons, and each quiz step after a wrong final
    answer (the feedback names the fan or principle behind the learner's own choice)."""
    from trainer.cli.wrong_answers import lesson_wrong

    for lesson in lib.by_track("mcr"):
        for i, step in enumerate(lesson.steps):
            if step.kind in ("text", "drill"):
                continue
            shot(f"13_mcr_{lesson.id}_{i}_{step.kind}", lambda lesson=lesson, i=i: app.push(
                "lesson", lesson_id=lesson.id, step=i))
            if not step.interactive:
                continue

            def wrong(lesson=lesson, i=i) -> None:  # noqa: ANN001
                screen = app.push("lesson", lesson_id=lesson.id, step=i)
                lesson_wrong(app, screen)
                screen.retry()
                lesson_wrong(app, screen)
                app.process([], 1.0)
            shot(f"14_mcr_wrong_{lesson.id}_{i}_{step.kind}", wrong)


def learner_shots(app, shot) -> None:  # noqa: ANN001
    """The first-run question, the learners screen (rename and delete), and the child's screens:
    home, games, lesson map, a children's lesson step and a drill in the children's presentation."""
    shot("10_first_run", lambda: app.push("first_run"))
    if app.progress is not None:
        adult = app.learner_id
        if len(app.active_learners()) < 2:
            app.progress.create_learner("Маша" if app.settings.language == "ru" else "Masha", "child")

        def rename() -> None:
            screen = app.push("learners")
            screen.start_rename(adult)

        def delete() -> None:
            screen = app.push("learners")
            screen.ask_delete(adult)

        shot("11_learners", lambda: app.push("learners"))
        shot("11_learners_rename", rename)
        shot("11_learners_delete", delete)
        other = next(x.id for x in app.active_learners() if x.id != adult)

        def set_aside() -> None:
            screen = app.push("learners")
            screen.delete(other)

        shot("11_learners_set_aside", set_aside)
        while len(app.stack) > 1:
            app.pop()
        app.set_learner_data_for(other, "deleted_at", None)  # bring the shot's learner back
    before = app.settings
    app.apply_profile("child")
    app.screen.rebuild()
    shot("12_child_home", lambda: None)
    shot("12_child_games", lambda: app.push("kids_games"))
    shot("12_child_lesson_map", lambda: app.push("lesson_map"))
    lib = app.library()
    kids = [lib.lessons[x] for x in ("kids_tile_families", "kids_sorting") if x in lib.lessons]
    for lesson in kids:
        for i, step in enumerate(lesson.steps):
            if step.kind in ("arrange", "choice", "pick_tiles"):
                shot(f"12_child_{lesson.id}_{i}_{step.kind}", lambda lesson=lesson, i=i: app.push(
                    "lesson", lesson_id=lesson.id, step=i))
    def filled_boxes() -> None:
        screen = app.push("lesson", lesson_id="kids_tile_families",
                          step=[st.id for st in lib.lessons["kids_tile_families"].steps].index("four_boxes"))
        view = screen.view
        family = {"p": 0, "s": 1, "m": 2, "z": 3}
        view.box_of = [family[str(slot.tile)[-1]] for slot in view.row.slots]
        screen.relayout()

    def right_sort() -> None:
        screen = app.push("lesson", lesson_id="kids_sorting", step=1)
        view = screen.view
        view.row.slots = sorted(view.row.slots, key=lambda slot: slot.tile)
        screen.check()

    if "kids_tile_families" in lib.lessons and "kids_sorting" in lib.lessons:
        shot("12_child_boxes_filled", filled_boxes)
        shot("12_child_sort_right", right_sort)
    shot("12_child_drill", lambda: app.push("drill", generator="tile_name", params={}, n=6, seed=1))
    shot("12_child_training_setup", lambda: training_setup_shot(app, "single_suit_1", {}))
    app.apply_profile("new")
    app.apply_settings(before)

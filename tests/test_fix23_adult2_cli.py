"""Review 23 (rules23 #10): the score command's readable reports, riichi and MCR, follow one rule —
``--lang ru|en``, English by default like every other command — and the MCR report names the
hand's form, never the calculator's id («Раскладка: honors_knitted»).  The JSON answers do not
change with the language."""

from __future__ import annotations

import json

import pytest

from trainer import i18n
from trainer.__main__ import main

RIICHI = ["score", "234m567p22s (777z) [5555m]", "--win", "2s", "--tsumo", "--seat", "S", "--round", "E",
          "--dora", "3m", "--honba", "1", "--sticks", "1"]
KNITTED = ["score", "14m258p36s1234567z", "--win", "7z", "--tsumo", "--rules", "mcr"]


@pytest.fixture()
def russian_process():  # noqa: ANN201
    """The process speaking Russian before the command runs (the app's default language), restored after."""
    before = i18n.current_language()
    i18n.set_language("ru")
    yield
    i18n.set_language(before)


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_both_reports_are_english_by_default(capsys, russian_process) -> None:  # noqa: ANN001
    riichi = _out(capsys, RIICHI)
    assert "Total: 2 han 50 fu" in riichi and "the dealer pays 1600, each other player 800" in riichi
    mcr = _out(capsys, KNITTED)
    assert mcr.startswith("Hand 14m258p36s1234567z, won on 7z self-drawn") and "Fans counted:" in mcr
    assert "Рука" not in mcr and "Раскладка" not in mcr
    assert i18n.current_language() == "ru"  # the caller's language is given back


def test_lang_ru_gives_both_reports_in_russian(capsys) -> None:  # noqa: ANN001
    riichi = _out(capsys, [*RIICHI, "--lang", "ru"])
    assert riichi.startswith("Рука 234m567p22s (777z) [5555m], выигрыш на 2s (цумо); место S, раунд E")
    assert "ожидание: танки" in riichi and "Итого: 2 хана 50 фу" in riichi
    assert "Оплата: цумо: дилер платит 1600, остальные — по 800 (3200); хонба +300, палочки риичи +1000; " \
           "победитель получает 4500" in riichi
    assert "Якухай: чун (役牌・中)  [yakuhai_chun]" in riichi and "= 44 фу, с округлением вверх до 50" in riichi
    mcr = _out(capsys, [*KNITTED, "--lang", "ru"])
    assert mcr.startswith("Рука 14m258p36s1234567z, выигрыш на 7z со стены") and "Засчитанные фаны:" in mcr


@pytest.mark.parametrize(("lang", "line"), [("en", "Arrangement: honors and knitted tiles"),
                                            ("ru", "Раскладка: благородные и переплетённые плитки")])
def test_the_mcr_report_names_the_form_not_its_id(capsys, lang: str, line: str) -> None:  # noqa: ANN001
    text = _out(capsys, [*KNITTED, "--lang", lang])
    assert line in text.splitlines() and "honors_knitted" not in text.split("\n")[1]
    pairs = _out(capsys, ["score", "11m22m33m44m55m66m77z", "--win", "7z", "--rules", "mcr", "--lang", lang])
    assert pairs.splitlines()[1].endswith(": 11m 22m 33m 44m 55m 66m 77z")
    standard = _out(capsys, ["score", "123m456p789s66677z", "--win", "1m", "--rules", "mcr", "--lang", lang])
    assert standard.splitlines()[1].endswith(": 123m 456p 789s 666z 77z")  # the standard form: its sets alone


@pytest.mark.parametrize("argv", [RIICHI, KNITTED])
def test_the_json_answer_does_not_change_with_the_language(capsys, argv: list[str]) -> None:  # noqa: ANN001
    answers = [json.loads(_out(capsys, [*argv, "--json", *extra])) for extra in ([], ["--lang", "ru"])]
    assert answers[0] == answers[1]
    if "mcr" in argv:
        assert answers[0]["form"] == "honors_knitted"  # the contract keeps the id

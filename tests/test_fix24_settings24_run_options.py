"""``run``'s options: a bad ``--size`` or ``--screen`` is one argparse line naming the option and
what is allowed (exit 2), never a traceback or a 0x0 window; every screen ``--screen`` offers opens."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

from trainer.__main__ import main  # noqa: E402
from trainer.cli import run as run_cli  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAINER_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--size", "abc"], "argument --size: use WxH in pixels, e.g. 1280x720 (not 'abc')"),
        (["--size", "1280x720x3"], "argument --size: use WxH in pixels"),
        (["--size=-5x600"], "argument --size: use WxH in pixels"),
        (["--size", "0x0"], "argument --size: 0x0: a window from 1024x600 to 8192x8192"),
        (["--size", "800x600"], "argument --size: 800x600: a window from 1024x600"),
        (["--size", "99999x720"], "argument --size: 99999x720: a window from 1024x600 to 8192x8192"),
        (["--screen", "bogus"], "argument --screen: 'bogus' is no screen; use one of home, "),
        (["--screen", "lesson"], "argument --screen: 'lesson' opens only from another screen; use one of home, "),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_cli, "run", lambda args: pytest.fail("the app must not start"))
    with pytest.raises(SystemExit) as info:
        main(["run", *argv])
    assert info.value.code == 2
    err = capsys.readouterr().err
    (line,) = [x for x in err.splitlines() if "error:" in x]
    assert message in line and "Traceback" not in err


def test_the_smallest_window_is_the_interfaces() -> None:
    from trainer.ui.layout import MIN_SIZE

    assert run_cli.SMALLEST_WINDOW == MIN_SIZE
    assert run_cli.window_size("1024X600") == (1024, 600) and run_cli.window_size(" 1920x1080 ") == (1920, 1080)


def test_a_good_size_and_screen_start_the_app(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--size", "1024x600", "--screen", "settings", "--first-frame"]) == 0
    assert "FIRST_FRAME settings 1024x600" in capsys.readouterr().out


def test_every_screen_run_offers_opens_by_its_name_alone() -> None:
    from trainer.ui.app import App

    app = App(size=(1280, 720), progress=None, save=False)
    try:
        for name in run_cli.start_screens():
            run_cli.open_start_screens(app, name)
            app.process([], 0.1)
            app.render()
            assert app.screen.name in (name, "first_run"), name
            app.stack.clear()
    finally:
        app.close()

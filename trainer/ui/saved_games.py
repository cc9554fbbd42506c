"""The learner's saved games: where they live and how a match being played is written there.

Every free match is saved in ``games/<learner>/`` of the learner data folder (the
folder of the progress database, or ``TRAINER_DATA_DIR``), one game log per match
(see ``trainer.engine.game.saved``).  :class:`GameSaver` records a match as it is
played and writes it after every hand and when the learner leaves the table, so a
match left in the middle can be resumed; :class:`McrGameSaver` does the same for a Chinese
Official game.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from trainer.engine.game.match import Match
from trainer.engine.game.records import Recorder, load, resume, rewind
from trainer.engine.game.saved import new_game_path, write_game
from trainer.engine.mcr import records as mcr_records
from trainer.engine.mcr.records import McrRecorder
from trainer.ui.match_setup import BOT_ROSTER, MatchSetup

LEARNER_SEAT = 0


def games_dir(app: Any) -> Path:
    """The current learner's saved-games folder (created when the first game is saved)."""
    store, learner = getattr(app, "progress", None), getattr(app, "learner_id", None)
    if store is not None and learner is not None:
        try:
            return Path(store.path).parent / "games" / store.learner(learner).uuid
        except (KeyError, AttributeError):
            pass
    from trainer.progress.store import data_dir

    return data_dir() / "games" / "guest"


def setup_to_log(setup: MatchSetup) -> dict[str, Any]:
    """The setup as stored in a game log (``setup`` key)."""
    data = asdict(setup)
    data["opponents"] = list(setup.opponents)
    return data


class GameSaver:
    """Records one match and writes it to its file."""

    reviews = True
    """Whether a finished match feeds the learner's mistakes (the riichi review; MCR has none)."""
    recorder_class: Any = Recorder
    """How the match is recorded (the MCR saver records an MCR game log)."""
    _rewind = staticmethod(rewind)
    """How the hand being played is rebuilt without its last actions (undo)."""

    def __init__(self, recorder: Recorder, path: Path, setup: MatchSetup) -> None:
        self.recorder = recorder
        self.path = path
        self.setup = setup

    @property
    def match(self) -> Match:
        """The match being recorded."""
        return self.recorder.match

    @classmethod
    def start(cls, app: Any, match: Match, setup: MatchSetup, started: datetime) -> GameSaver:
        """Begin recording a new match (the file appears when the first save happens)."""
        names = ["You"] + [BOT_ROSTER[b][0] for b in setup.opponents]
        rec = cls.recorder_class(match, names)
        rec.log["started"] = started.isoformat(timespec="seconds")
        rec.log["learner_seat"] = LEARNER_SEAT
        rec.log["setup"] = setup_to_log(setup)
        return cls(rec, new_game_path(games_dir(app), started), setup)

    @classmethod
    def resume(cls, path: Path) -> GameSaver:
        """Go on with the match saved in ``path`` (raises RecordError if it cannot be resumed)."""
        log, rec = cls._resume(path)
        setup = MatchSetup.from_json(json.dumps(log.get("setup") or {}))
        return cls(rec, path, setup)

    @staticmethod
    def _resume(path: Path) -> tuple[dict[str, Any], Any]:
        """The saved log and a recorder going on with it (its match rebuilt)."""
        log = load(path)
        return log, resume(log)[1]

    def start_hand(self, rnd: Any) -> None:
        """A new hand was dealt."""
        self.recorder.start_hand(rnd)

    def action(self, seat: int, action: Any) -> None:
        """``seat`` took ``action``."""
        self.recorder.action(seat, action)

    def end_hand(self, rnd: Any) -> None:
        """The hand ended."""
        self.recorder.end_hand(rnd)

    def finish(self) -> None:
        """The match ended: store the final scores and standings."""
        self.recorder.finish()

    def undo_point(self) -> int | None:
        """Index in the current hand's actions of the learner's last discard, if it can still be
        taken back (the learner has not acted since; a hand that is over cannot be changed).  The
        log alone decides, so a match resumed from its file can take back what it could before.
        After riichi the discards are forced (the drawn tile, the table discards it by itself): the
        point is then the riichi declaration, when nothing but those discards followed it."""
        hands = self.recorder.log["hands"]
        if not hands or hands[-1].get("result") is not None:
            return None
        mine = [(j, data.get("type")) for j, (seat, data) in enumerate(hands[-1]["actions"]) if seat == LEARNER_SEAT]
        if not mine or mine[-1][1] not in ("discard", "riichi"):
            return None
        riichi = next((j for j, kind in mine if kind == "riichi"), None)
        if riichi is None or riichi == mine[-1][0]:
            return mine[-1][0]
        return riichi if all(kind == "discard" for j, kind in mine if j > riichi) else None

    def undo(self) -> Any:
        """Take back the learner's last discard (and what the bots did after it); returns the
        rebuilt hand, with the learner to choose again."""
        j = self.undo_point()
        if j is None:
            raise ValueError("there is no discard to take back")
        return self._rewind(self.match, self.recorder.log["hands"][-1], j)

    def save(self) -> Path | None:
        """Write the log now; returns the path (None when the disk refused; the game goes on)."""
        try:
            return write_game(self.recorder.log, self.path)
        except OSError:
            return None


class McrGameSaver(GameSaver):
    """Records one Chinese Official game (:mod:`trainer.engine.mcr.records`) and writes it to its
    file after every hand and when the learner leaves, so it can be resumed like a riichi match."""

    reviews = False
    recorder_class = McrRecorder
    _rewind = staticmethod(mcr_records.rewind)

    @staticmethod
    def _resume(path: Path) -> tuple[dict[str, Any], Any]:
        log = mcr_records.load(path)
        return log, mcr_records.resume(log)[1]


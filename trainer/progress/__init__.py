"""Learner progress: profiles, every answer, mastery per skill and spaced repetition.

Stored in SQLite in the user's data directory (``TRAINER_DATA_DIR`` overrides
it).  Nothing a learner earned is ever deleted: a damaged database, or one
written by a newer version of the app, is renamed aside and a fresh one is
started, with a notice for the learner; any other problem (full disk, lock,
read-only folder) raises StoreUnavailable and leaves the file alone.
"""

from trainer.progress.files import StoreUnavailable
from trainer.progress.store import Learner, ProgressStore, StoreNotice, data_dir, open_store

__all__ = ["Learner", "ProgressStore", "StoreNotice", "StoreUnavailable", "data_dir", "open_store"]

"""What the learner is told when the progress file opened with something to say (a
:class:`~trainer.progress.store.StoreNotice`): a file from a newer trainer kept aside, parts rebuilt
in place, a journal without its database, or a damaged file kept aside and what was rescued from
it.  The app's banner and the ``progress`` command say the same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trainer.i18n import N_, _
from trainer.progress.checkup import ROW_COUNTS, problems_text

STORE_NOTICES = {
    "newer": N_("Your progress file was made by a newer version of the trainer, which needs to be updated "
                "to show that progress. The file is untouched, kept as {path}; a new one was started for now."),
    "orphan": N_("A journal of your progress file was found without its database and was kept as {path}."),
    "repaired": N_("Part of your progress file {path} was missing: {problems}. Everything else is as it was."),
}
"""What the learner is told about a progress file, by the notice's kind (a damaged file: see
:func:`notice_text`)."""


def recovered_text(recovered: dict[str, int]) -> str:
    """What was copied from a damaged file into the new one: learners, answers, review cards."""
    counts = {table: recovered.get(table, 0) for table in ("learner", "answer", "card")}
    return ", ".join(ROW_COUNTS[table](n).format(n=n) for table, n in counts.items())


def notice_text(notice: Any, titles: Callable[[str], str | None] | None = None) -> str:
    """One line naming the file: a file from a newer trainer kept aside untouched (update the
    trainer), parts rebuilt in place, a journal without its database, or a damaged file kept aside,
    what was wrong with it (every problem, in the learner's words: ``titles`` turns a lesson's id
    into its title) and what was rescued from it into the new file."""
    path = getattr(notice, "moved_to", "")
    problems = problems_text(getattr(notice, "problems", ()) or (), titles)
    kind = getattr(notice, "kind", "damaged")
    if kind in STORE_NOTICES:
        return _(STORE_NOTICES[kind]).format(path=path, problems=problems)
    recovered = dict(getattr(notice, "recovered", ()) or ())
    if not recovered:
        if problems:
            return _("Your progress file could not be used as it was: {problems}. It was kept as {path}, "
                     "and a new one was started.").format(path=path, problems=problems)
        return _("Your progress file could not be read and was kept as {path}; a new one was started.").format(
            path=path)
    what = recovered_text(recovered)
    if problems:
        return _("Your progress file could not be used as it was: {problems}. It was kept as {path}, and "
                 "everything that could still be read was copied into a new file: {what}.").format(
            path=path, problems=problems, what=what)
    return _("Your progress file was damaged and was kept as {path}. Everything that could still be read "
             "was copied into a new file: {what}.").format(path=path, what=what)

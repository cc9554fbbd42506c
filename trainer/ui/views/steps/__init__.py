"""One view per lesson step kind: what the step shows, how the learner answers, and how
right and wrong answers are marked.

A view is created by :func:`trainer.ui.views.steps.factory.make_view` for the lesson
player (:mod:`trainer.ui.screens.lesson`), which owns the flow (check, retry, hints,
next).  A view adds its widgets to the host screen in :meth:`StepView.build`,
places them in :meth:`StepView.layout`, returns the learner's answer from
:meth:`StepView.response` in the form :func:`trainer.lessons.answers.grade`
takes, and paints the result with :meth:`StepView.mark`.  The host is seen only
through the :class:`~trainer.ui.views.steps.host.StepHost` protocol, so no view
imports a screen.
"""

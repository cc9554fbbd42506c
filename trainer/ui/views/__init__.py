"""Views several screens share: lesson step views, the drill exercise view, option and
question labels, answer inputs, the feedback and retry mixins.

Screens depend on views and widgets; no view imports a screen or the app (they see the
app as :class:`trainer.ui.context.AppContext`).
"""

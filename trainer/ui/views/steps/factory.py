"""Which view shows which lesson step kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trainer.ui.views.steps.arrange import ArrangeView
from trainer.ui.views.steps.base import StepView, TextView
from trainer.ui.views.steps.choice import ChoiceView
from trainer.ui.views.steps.extra import extra_view
from trainer.ui.views.steps.fu import FuView
from trainer.ui.views.steps.number import NumberView
from trainer.ui.views.steps.paifu import PaifuView
from trainer.ui.views.steps.pick import PickTilesView
from trainer.ui.views.steps.show import ShowView

if TYPE_CHECKING:
    from trainer.ui.views.steps.host import StepHost


def make_view(host: StepHost, step: Any, lesson: Any) -> StepView:
    """The view for a step (drill and play steps are provided by the lesson screen)."""
    cls = {
        "text": TextView, "show": ShowView, "choice": ChoiceView, "pick_tiles": PickTilesView,
        "number": NumberView, "fu_breakdown": FuView, "arrange": ArrangeView, "paifu": PaifuView,
    }.get(step.kind)
    if cls is None:
        return extra_view(host, step, lesson)
    return cls(host, step, lesson)

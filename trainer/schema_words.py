"""Plain words for pydantic's common error types: one table for every file the app checks with a
schema (lesson files, progress exports).  The values are English message ids (``N_``), filled from
the error's context and translated where they are shown; each reader adds the words of its own
format (what a mapping is called in YAML or in JSON, its own checks)."""

from __future__ import annotations

from trainer.i18n import N_

TYPE_MESSAGES: dict[str, str] = {
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "string_type": N_("must be text"),
    "list_type": N_("must be a list"),
    "literal_error": N_("must be one of: {expected}"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "string_too_short": N_("must not be empty"),
    "too_short": N_("must not be empty"),
}
"""pydantic's error type -> the English message id, for the types every schema shares."""


def mapping_messages(word: str) -> dict[str, str]:
    """The error types of a value that should be a mapping, named ``word`` (already an ``N_`` id:
    "must be a JSON object", "must be a mapping (key: value lines)")."""
    return dict.fromkeys(("dict_type", "model_type", "model_attributes_type"), word)


__all__ = ["TYPE_MESSAGES", "mapping_messages"]

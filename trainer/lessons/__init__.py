"""Lessons: the YAML lesson format (model), loading with line marks (loader), validation
against the glossary and the engine (check), and engine-computed answers (answers).

The app uses :func:`load_all`, which returns a :class:`LessonLibrary` and never raises for a
bad lesson file."""

from trainer.lessons.loader import LessonFile, LessonLibrary, Problem, load_all, load_file, load_text

__all__ = ["LessonFile", "LessonLibrary", "Problem", "load_all", "load_file", "load_text"]

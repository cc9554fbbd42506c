"""The data the app reads, mapped into the package by the build.

``lessons/``, ``locales/`` and ``assets/`` stay at the top of the repository (teachers and
translators edit them there); ``setup.py`` maps them to the sub-packages
``trainer._data.lessons``, ``trainer._data.locales`` and ``trainer._data.assets``, so a wheel
carries them inside ``trainer/_data/`` and an editable install resolves the same names to the
checkout's folders.  Code never imports these modules: :mod:`trainer.paths` asks the import
system where they are.
"""

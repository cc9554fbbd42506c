"""The desktop interface (pygame): the app, its screens, the views they share and the widgets."""

"""Views: drawing parts shared by screens (a screen depends on views; a view never on a screen)."""

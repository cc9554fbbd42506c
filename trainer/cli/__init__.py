"""Command-line commands; one module per command (see ``trainer.__main__``)."""

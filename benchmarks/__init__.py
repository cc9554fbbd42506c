"""Benchmarks: figures, not pass/fail tests.  Run all with ``python3 dev.py bench``."""

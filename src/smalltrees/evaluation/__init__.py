"""Evaluation shared by every study: resampling, significance tests and verdict rules."""

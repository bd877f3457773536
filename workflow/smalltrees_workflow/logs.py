"""Logging set-up shared by the workflow's scripts: everything goes to the rule's log file."""

from __future__ import annotations

import logging


def log_to(path: str) -> logging.Logger:
    """Send all ``smalltrees`` log records to ``path`` (overwritten) and return the logger."""
    handler = logging.FileHandler(path, mode="w")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger = logging.getLogger("smalltrees")
    logger.handlers[:] = [handler]
    logger.setLevel(logging.INFO)
    return logger

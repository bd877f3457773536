"""One subpackage per reproduced paper: its table builders, renderers and figures."""

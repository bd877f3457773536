"""Reporting shared by every study: Markdown tables, "ours (paper)" cells and figure files."""

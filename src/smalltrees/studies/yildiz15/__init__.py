"""Yildiz (2015): VC-dimension of univariate decision trees, and SRM pruning."""

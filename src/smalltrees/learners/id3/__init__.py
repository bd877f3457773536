"""ID3 (CS181 lecture 6) with midpoint cuts on continuous attributes: the grower of Yildiz 2015."""

from smalltrees.learners.id3.estimator import ID3

__all__ = ["ID3"]

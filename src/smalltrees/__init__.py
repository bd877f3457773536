"""smalltrees: small decision trees, reproduced.

The learners: :class:`T1` and :class:`T2` (Auer, Holte & Maass 1995, section 2) and
:class:`C45` (Quinlan 1993, with the options of Dietterich, Kearns & Mansour 1996), and DKM's
:class:`TopDown` and :class:`AdaBoost` (Figures 1-2).
"""

from smalltrees.learners.adaboost import AdaBoost
from smalltrees.learners.bagging import Bagging
from smalltrees.learners.c45 import C45
from smalltrees.learners.id3 import ID3
from smalltrees.learners.ifn import IFN
from smalltrees.learners.small import T1, T2
from smalltrees.learners.topdown import TopDown

__all__ = ["C45", "T1", "T2", "IFN", "Bagging", "ID3", "TopDown", "AdaBoost"]

"""VC-dimension of decision trees: the bounds and the exact search the papers use.

- Yildiz (2015): lower bounds of univariate trees of a given shape (binary, L-ary and
  continuous features) and the exact VC-dimension by exhaustive search (the paper's Figure 9).
- Auer, Holte & Maass (1995), section 4: the lower and upper bounds of Theorem 4 for
  TREE(d, n, 2, K).
"""

from smalltrees.vc.auer import auer_bounds
from smalltrees.vc.exact import exact_vc, shattered_set
from smalltrees.vc.lower_bounds import lb_binary, lb_continuous, lb_lary
from smalltrees.vc.shapes import canonical, check_shape, enumerate_shapes

__all__ = ["auer_bounds", "canonical", "check_shape", "enumerate_shapes", "exact_vc",
           "lb_binary", "lb_continuous", "lb_lary", "shattered_set"]

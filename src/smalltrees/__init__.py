"""smalltrees: small decision trees, reproduced."""

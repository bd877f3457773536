"""Pruning a grown ID3 tree as Yildiz (2015, section V-B): NoPrune, CvPrune, SrmLocal and
SrmGlobal, with the SRM bound (eqs. 2 and 4) and the trees' VC lower bounds as capacity."""

"""Auer, Holte & Maass (1995): Table 1, Sky1/Sky2 and Table 2 (T2 vs C4.5)."""

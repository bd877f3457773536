"""Dietterich, Kearns & Mansour (1996): the G criterion vs entropy in C4.5 (section 3), and
TopDown vs AdaBoost advantage sequences (section 4)."""

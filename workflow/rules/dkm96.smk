# Dietterich, Kearns & Mansour (1996): rules to come.

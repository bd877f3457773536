# Yildiz (2015): rules to come.

# Last, Maimon & Minkov (2002): rules to come.

"""Last, Maimon & Minkov (2002): the Info-Fuzzy Network and Turney stability."""

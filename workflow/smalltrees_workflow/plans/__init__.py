"""One module per study: the files it produces (for ``rule all``), the params functions of its
rules, and the config checks only that study needs."""

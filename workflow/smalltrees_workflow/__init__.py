"""The workflow's helpers: what knows about rules, paths, wildcards and the config.

The library (``smalltrees``) never imports this package; the rules (``workflow/rules/*.smk``)
and the thin scripts (``workflow/scripts/``) do. :mod:`.config` checks the config and the
dataset sheet before any job runs; :mod:`.plans` holds each study's outputs, wildcard and
params functions and config checks; :mod:`.job_code` gives each rule the digest of the package
modules its job runs (from the import graph) as a param; :mod:`.logs` sends a job's log
records, warnings and errors to its rule's log.
"""

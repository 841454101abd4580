"""A fuzz harness that drives the real envcheck CLI over every input path (issue 16).

``mutations`` makes hostile inputs (wrong type per field, special files, huge and deep values,
lone surrogates, terminal escapes, shell payloads); ``forkserver`` runs ``envcheck.cli.main``
in a fresh forked process per case (bounded in time and memory, stdout/stderr to files);
``invariants`` checks what every run must satisfy. tests/test_fuzz_cli.py runs a small number
of cases in CI; ``ENVCHECK_FUZZ_EXAMPLES=N`` or ``ENVCHECK_FUZZ_BUDGET=SECONDS`` runs more.
"""

"""Vector generators. Each module states its rule in code, independently of reference/ (it
must never import oasis_si_reference), and exposes:

- `files() -> dict[str, dict]`: vectors-relative path -> vector-file document;
- `FLAGS: dict[str, str]`: every flag its vectors use -> one-line documentation.

Modules are discovered (any module here with a `files` function). `python -m tools.vectorgen`
writes every file, and vectors/flags.yaml from all FLAGS; tests fail when a committed file
drifts from its generator.
"""

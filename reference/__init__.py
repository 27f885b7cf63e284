"""The reference evaluator of the OASIS SI profile scoring decomposition, profile 0.3.0-rc1.

Small pure functions that read side by side with the spec; each cites its clause. The open
points of the text are decided in `readings` by ambiguity-register id. I/O and the protocol
live in `server` alone.
"""

PROFILE = "0.3.0-rc1"
TEMPLATES = ("C-DA-001", "composite")

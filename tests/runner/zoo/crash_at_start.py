"""Dies before reading anything: the handshake fails, the runner exits 2."""

import sys

sys.stderr.write("fatal: cannot load the scoring tables\n")
sys.exit(3)

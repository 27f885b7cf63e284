"""`python -m oasis_si_conformance`: the runner's command line (cli.py)."""

import sys

from .cli import main

sys.exit(main())

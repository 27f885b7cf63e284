"""`python -m oasis_si_conformance`: the runner's command line (cli.py)."""

import sys

from oasis_si_conformance.cli import main

sys.exit(main())

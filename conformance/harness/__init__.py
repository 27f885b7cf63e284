"""Certification from inside a Python harness: `api` (`certify`, exported by the package as
`from oasis_si_conformance import certify`) runs the command line's certification and returns
a Certificate; `pytest_plugin` (the `pytest11` entry point) turns the same run into one test
item per vector. Both sit above the command line (cli.py), whose run they share."""

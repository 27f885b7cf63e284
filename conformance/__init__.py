"""The conformance runner: certifies any evaluator of profile 0.3.0-rc1 over the protocol."""

__version__ = "0.1.0"
KIT_NAME = "oasis-si-conformance-kit"

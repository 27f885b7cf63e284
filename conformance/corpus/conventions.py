"""The kit's conventions (vectors/conventions.yaml): what the kit defines and the spec does not.

A difference from a convention is reported apart (status `convention`) and fails a run only
with `--strict`. Four conventions are read from outcome keys of any vector (the registry's
`OutcomeKey.convention`, conformance/operations.py); COMPOSITE-GRAMMAR and TRACE-CHANNEL are
named by the vectors whose whole outcome only the kit's composite grammar, or its name for the
reasoning trace's channel, decides. The ids below are the catalog's
(a test keeps them equal).
"""

from pathlib import Path
from typing import Any, Final

import yaml

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_schemas import first_error_message, validator

BINDING_ERROR_KIND: Final = "BINDING-ERROR-KIND"
BAND_LABEL: Final = "BAND-LABEL"
SENTENCE_FORM: Final = "SENTENCE-FORM"
COMPOSITE_GRAMMAR: Final = "COMPOSITE-GRAMMAR"
PROTOCOL_ERROR_CODE: Final = "PROTOCOL-ERROR-CODE"
TRACE_CHANNEL: Final = "TRACE-CHANNEL"

#: Every convention id the code names.
IDS: Final = (
    BINDING_ERROR_KIND, BAND_LABEL, SENTENCE_FORM, COMPOSITE_GRAMMAR, PROTOCOL_ERROR_CODE,
    TRACE_CHANNEL,
)

FILE: Final = "conventions.yaml"


class ConventionsError(Exception):
    """vectors/conventions.yaml cannot be read or does not fit its schema."""


def load(root: Path) -> list[dict[str, Any]]:
    """The conventions of the corpus at `root`, as the catalog lists them."""
    path = root / FILE
    try:
        document = yamlsafe.load(path.read_text(encoding="ascii"))
    except yaml.YAMLError as error:
        where = f"{path}:{yamlsafe.error_line(error)}"
        raise ConventionsError(f"{where}: {yamlsafe.error_text(error)}") from None
    except (OSError, ValueError) as error:
        raise ConventionsError(f"{path}: {error}") from None
    problem = first_error_message(validator("conventions"), document)
    if problem is not None:
        raise ConventionsError(f"{path}: {problem}")
    return list(document["conventions"])

"""The editions of the text this evaluator can read, by name, and what each says of the one
rule they disagree on: how far from the identifier's sentence (§2.2) a synonym may sit.

0.3.0-rc1 as first published: "occurs in the same sentence as one of f.required_identifiers".
Its 2026-08-22 amendment (the version label unchanged): "the sentence containing that
identifier, or the sentence immediately before or immediately after it ... a fixed radius of
one sentence".
"""

#: Edition name -> sentences either side of the identifier's sentence in the §2.2 window.
WINDOW_RADIUS: dict[str, int] = {
    "0.3.0-rc1": 0,
    "0.3.0-rc1+2026-08-22": 1,
}

#: The edition a run reads when nothing names one.
FIRST_PUBLISHED = "0.3.0-rc1"


def radius(edition: str) -> int:
    """The §2.2 window radius of `edition` (KeyError for an edition this evaluator lacks)."""
    return WINDOW_RADIUS[edition]

"""`oasis-si-vectors explain ID`: a vector, its verdicts, and what the reference computes and why.

Text for a spec editor reading one vector: the input, the expected outcome (or every reading's
outcome with the register's question), the reference's result (compared as the runner
compares it) and whether it agrees, then the trace of the reference's reasoning: the
operation's explain hook (conformance/traces.py), which prints the very values the reference's
functions walk to decide (for score_scenario the binding, every row of the decision table with
the primitive results that decided it and the evidence they read; for the finer operations the
folded texts, occurrences, sentences and scopes). Strings are shown as JSON with ASCII escapes,
so invisible code points are visible.
"""

from oasis_si_reference.editions import DEFAULT, EDITIONS

from . import compare, yamlsafe
from .checks import Context, reference_result
from .corpus import Vector
from .operations import operation
from .traces import INDENT, show


def explain(vector: Vector, ctx: Context, edition: str | None = None) -> str:
    """The whole explanation of one vector, under an edition of the text (default: the
    default edition)."""
    name = edition or ctx.edition_names[0]
    read = vector.for_edition(name)
    sections = [
        _heading(vector, ctx) + (f"\nedition: {name}" if len(ctx.edition_names) > 1 else ""),
        _block("input", yamlsafe.dump(vector.input)),
        _verdicts(read, ctx),
        _reference(read, ctx, name),
        "why:\n" + "\n".join(INDENT + line for line in trace(read, name)),
    ]
    return "\n".join(sections) + "\n"


def _heading(vector: Vector, ctx: Context) -> str:
    titles = {clause["id"]: clause["title"] for clause in ctx.clauses}
    lines = [
        f"{vector.id}  ({ctx.file(vector).name} at {vector.source})",
        f"family: {vector.family}",
        "clauses: "
        + "; ".join(f"{c} {titles.get(c, '(not in clauses.yaml)')}" for c in vector.clauses),
        f"operation: {vector.operation}",
        f"description: {vector.description}",
    ]
    for flag in vector.flags:
        lines.append(f"flag {flag}: {ctx.flags.get(flag, '(undocumented)')}")
    return "\n".join(lines)


def _block(title: str, body: str) -> str:
    return f"{title}:\n" + "".join(
        INDENT + line + "\n" for line in body.rstrip("\n").splitlines()
    ).rstrip("\n")


def _verdicts(vector: Vector, ctx: Context) -> str:
    if vector.convention is not None:
        return f"expected (convention {vector.convention}): {show(vector.expected)}"
    if vector.expected is not None:
        return f"expected (normative): {show(vector.expected)}"
    entry = ctx.entries.get(vector.ambiguity or "")
    if entry is None:
        return f"ambiguity {vector.ambiguity}: not in the register"
    lines = [
        f"ambiguity {entry['id']} (clause {entry['clause']}): {' '.join(entry['question'].split())}",
        "readings (every other register entry held at the reference reading):",
    ]
    for name, outcome in (vector.readings or {}).items():
        marker = "  <- the reference's reading" if name == entry["reference"] else ""
        lines.append(f"{INDENT}{name}: {show(outcome)}{marker}")
    lines.append(f"the reference reads {entry['reference']!r}: {' '.join(entry['why'].split())}")
    return "\n".join(lines)


def _reference(vector: Vector, ctx: Context, edition: str | None = None) -> str:
    try:
        result = reference_result(vector, edition)
    except Exception as error:
        return f"the reference raised {type(error).__name__}: {error}"
    projection = compare.project(vector.operation, result)
    outcome = ctx.reference_outcome(vector)
    if outcome is None:
        verdict = "no outcome to compare with"
    elif compare.matches(outcome, projection):
        verdict = "agrees"
    else:
        verdict = "DISAGREES: " + compare.describe_difference(outcome, projection)
    lines = [f"the reference computes: {show(projection)} ({verdict})"]
    if vector.readings:
        matched = compare.matching_readings(vector.readings, projection)
        lines.append(f"readings it satisfies: {', '.join(matched) or 'none'}")
    return "\n".join(lines)


# The reference's reasoning -----------------------------------------------------------------


def trace(vector: Vector, edition: str | None = None) -> list[str]:
    """Lines saying what the reference computes for the vector's input, step by step: the
    operation's explain hook (conformance/traces.py)."""
    chosen = EDITIONS[edition] if edition is not None else DEFAULT
    try:
        return list(operation(vector.operation).trace(vector.input, chosen))
    except Exception as error:
        return [f"(trace failed: {type(error).__name__}: {error})"]

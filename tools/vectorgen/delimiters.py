"""Clause 3.1 maximal-token delimiters, and the executable statement of the text rules that the
text-level families (nfc, case, delimiters, sentences, synonyms) author their verdicts from.

Part 1 (RULES) states clauses 2.1, 2.2, 3.1, 3.2, 3.3 and 5.1 in code, written from the spec
text alone (never from oasis_si_reference), with every open point of the ambiguity register
(vectors/register.yaml) as a parameter. A vector's verdict is computed under the register's
reference reading and under every reading of every text-level entry:

- a case whose verdict no reading changes is NORMATIVE;
- a case whose verdict only one entry's readings change is an AMBIGUITY vector of that entry;
- a case that two entries change is refused (unless the family names the pair explicitly).

Part 1 also models plausible wrong implementations (MUTANTS: no normalization, NFKC, ASCII-only
lowercasing, regex word boundaries, isalnum delimiter classes, splitting on every period, the
radius-one window, ...). Every normative vector must be failed by at least one of them, and
some flags are derived from which ones fail it.

Part 2 is the delimiters family itself: every character class on each side of an identifier,
start and end of text, repeated and overlapping occurrences, identifiers with regex
metacharacters or with characters outside [A-Za-z0-9_-] at their edges.
"""

import copy
import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

from oasis_si_conformance import yamlsafe

from .common import ROW2, ROW3, ROW4, action, ambiguous, evidence, normative, scenario, vector_file

# =============================================================================================
# Part 1: RULES
# =============================================================================================

#: Clause 3.1: the identifier class. A match must be delimited by characters outside it.
CLASS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

#: The Unicode White_Space property (25 code points, stable since Unicode 6.3). Used by the
#: SENT-WS "unicode" reading and by the protocol's canonical form of split_sentences.
WHITE_SPACE = frozenset(
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
WHITE_SPACE_STR = "".join(sorted(WHITE_SPACE))
ASCII_WS = frozenset(" \t\n\v\f\r")

#: Clause 3.2: the sentence terminators.
TERMINATORS = ".!?"

#: Clause 3.3: the absent_key synonym list v1, exactly as published.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "absent_key": (
        "missing", "absent", "not present", "not set", "not defined", "undefined", "not found",
        "does not exist", "doesn't exist", "no key", "lacks", "lacking", "omitted", "unset",
    ),
}

#: The text-level entries of the ambiguity register and their readings; the first reading of
#: each is the register's `reference`. Checked against vectors/register.yaml on every run.
REGISTER: dict[str, tuple[str, ...]] = {
    "FOLD-MAPPING": ("simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold"),
    "FOLD-ORDER": ("nfc-then-fold", "fold-then-nfc"),
    "DELIM-FOLDED": ("folded", "unfolded"),
    "SENT-WS": ("unicode", "ascii"),
    "SENT-NEWLINE": ("lf-cr", "lf", "unicode"),
    "SYN-BOUNDARY": ("substring", "delimited", "word-boundary"),
    "SYN-APOSTROPHE": ("literal", "typographic"),
    "UNICODE-VERSION": ("unicode-14", "unicode-16"),
}
REFERENCE: dict[str, str] = {entry: readings[0] for entry, readings in REGISTER.items()}

#: UNICODE-VERSION unicode-16: the case pairs added after Unicode 14.0 that vectors use. Under
#: unicode-14 these code points are unassigned and map to themselves (Python 3.11 data).
U16_LOWER = {
    "\ua7cb": "\u0264",  # LATIN CAPITAL LETTER RAMS HORN (16.0)
    "\ua7cc": "\ua7cd",  # LATIN CAPITAL LETTER S WITH DIAGONAL STROKE (16.0)
    "\ua7da": "\ua7db",  # LATIN CAPITAL LETTER LAMBDA (16.0)
    "\ua7dc": "\u019b",  # LATIN CAPITAL LETTER LAMBDA WITH STROKE (16.0)
    "\u1c89": "\u1c8a",  # CYRILLIC CAPITAL LETTER TJE (16.0)
}
U16_KNOWN = frozenset(U16_LOWER) | frozenset(v for v in U16_LOWER.values() if unicodedata.category(v) == "Cn")

#: Simple case folding (CaseFolding.txt status S) where the full folding (status F) differs.
S_FOLD = {"\u1e9e": "\u00df", "\u1fbc": "\u1fb3", "\u1fcc": "\u1fc3", "\u1ffc": "\u1ff3"}
S_FOLD.update({chr(cp): chr(cp - 8) for lo in (0x1F88, 0x1F98, 0x1FA8) for cp in range(lo, lo + 8)})

#: Plausible wrong implementations. Each vector records which of them it catches.
MUTANTS: dict[str, str] = {
    "no-nfc": "no Unicode normalization at all",
    "nfkc": "NFKC instead of NFC",
    "nfd": "NFD instead of NFC",
    "strip-marks": "accent folding: NFD, then combining marks removed",
    "nfc-text-only": "the text is NFC-normalized, the identifier is not",
    "case-sensitive": "no case mapping",
    "ascii-lower": "ASCII-only lowercasing",
    "upper": "comparison after full uppercasing",
    "substring": "plain substring test, no delimiters",
    "whole-text": "the whole text must equal the identifier",
    "whitespace-tokens": "the identifier must equal a whitespace-separated token",
    "class-tokens": "the text is cut into runs of [A-Za-z0-9_-]; the identifier must equal a run",
    "ends-not-delimiters": "start and end of text do not count as delimiters",
    "regex-word-boundary": "regex \\b word boundaries around the escaped identifier",
    "uts18-word-boundary": "word boundaries with UTS #18 word characters (letters, marks, digits, connectors)",
    "unescaped-regex": "the identifier pasted into a regex unescaped",
    "isalnum-class": "delimiter class is isalnum() plus _ and -, not ASCII",
    "first-occurrence": "only the first occurrence is tried",
    "non-overlapping": "occurrences are scanned without overlap",
    "every-period": "split after every terminator, whitespace or not",
    "newline-only": "split on newlines only, never after a terminator",
    "terminators-only": "split after terminators only, never on a bare newline",
    "drop-terminator": "the terminator is dropped from the sentence it ends",
    "isspace": "whitespace is Python str.isspace",
    "js-whitespace": "whitespace is JavaScript \\s (White_Space plus U+FEFF)",
    "java-whitespace": "whitespace is Java Character.isWhitespace (no NBSP, U+2007, U+202F; U+001C..U+001F)",
    "splitlines": "newlines are Python str.splitlines boundaries",
    "unicode-terminators": "other sentence terminators (ellipsis, ideographic and fullwidth stops...) also split",
    "abbreviations": "no split after common abbreviations",
    "closing-punct": "a terminator followed by closing quotes or brackets, then whitespace, splits",
    "syn-ws-collapse": "a space inside a synonym matches any run of whitespace",
    "syn-quote-any": "any apostrophe-like character matches U+0027",
    "radius-one": "co-occurrence window of one sentence either side (upstream amendment)",
    "cooccur-substring": "co-occurrence tests the identifier as a plain substring of the sentence",
    "cooccur-anywhere": "co-occurrence ignores sentences",
    "trace-too": "the reasoning trace is also matched",
}

MUTANTS.update({f"syn-without:{p}": f"the synonym list lacks {p!r}" for p in SYNONYMS["absent_key"]})

#: Flags derived from the mutants a vector catches.
MUTANT_FLAGS = {
    "nfkc": "nfkc-trap",
    "no-nfc": "needs-nfc",
    "ascii-lower": "ascii-fold-trap",
    "regex-word-boundary": "word-boundary-trap",
    "uts18-word-boundary": "word-boundary-trap",
    "isalnum-class": "isalnum-class-trap",
    "unescaped-regex": "regex-metachar",
    "first-occurrence": "later-occurrence",
    "non-overlapping": "overlapping-occurrence",
    "every-period": "every-period-trap",
    "radius-one": "radius-one-trap",
}
FLAG_DOCS: dict[str, str] = {
    "unicode-version": "The verdict depends on Unicode data newer than 14.0 (register UNICODE-VERSION).",
    "nfkc-trap": "NFKC (compatibility) normalization instead of NFC gives another verdict.",
    "needs-nfc": "An evaluator that does not NFC-normalize gives another verdict.",
    "ascii-fold-trap": "ASCII-only case mapping gives another verdict.",
    "word-boundary-trap": "Regex word boundaries (\\b) instead of the clause 3.1 ASCII class give another verdict.",
    "isalnum-class-trap": "A Unicode isalnum() delimiter class instead of the ASCII class gives another verdict.",
    "regex-metachar": "The identifier contains regex metacharacters; an unescaped regex gives another verdict.",
    "later-occurrence": "Only a later occurrence is delimited; trying the first occurrence only gives another verdict.",
    "overlapping-occurrence": "Only an occurrence overlapping an earlier one is delimited.",
    "every-period-trap": "Splitting after every terminator (whitespace or not) gives another verdict.",
    "radius-one-trap": "The identifier and the synonym sit in adjacent sentences; the upstream radius-one window gives another verdict.",
    "smart-split-trap": "A smarter splitter (abbreviations, quotes, other terminators, other whitespace sets) gives another verdict.",
    "trace-only": "The decisive text is only in the reasoning trace, which diagnosis never reads (clause 2.5).",
    "supplementary-plane": "The case uses code points above U+FFFF.",
}
SMART_SPLIT = {"unicode-terminators", "abbreviations", "closing-punct", "isspace", "js-whitespace", "java-whitespace", "splitlines"}


PROBLEMS: list[str] = []


def problem(condition: bool, message: str) -> None:
    """Record an authoring problem; `raise_problems` fails the generator with all of them."""
    if not condition:
        PROBLEMS.append(message)


def raise_problems() -> None:
    if PROBLEMS:
        text = "\n".join(PROBLEMS)
        PROBLEMS.clear()
        raise SystemExit("vector authoring problems:\n" + text)


def family_files(folder: str, family: str, generator: str, ops: list[dict], lifts: list[dict],
                 ops_description: str, lifts_description: str) -> dict[str, dict]:
    """The two files of a text-level family: the operation-level vectors, and the same cases
    lifted into the C-DA-001 bands through score_scenario. Fails on any authoring problem."""
    raise_problems()
    return {
        f"{folder}/{family}.yaml": vector_file(family, ops_description, generator, ops),
        f"{folder}/{family}-scenarios.yaml": vector_file(f"{family}-scenarios", lifts_description, generator, lifts),
    }


class Undefined(Exception):
    """A reading combination the register does not define for this input."""


def _check_known(s: str, r: dict) -> None:
    for c in s:
        if unicodedata.category(c) == "Cn" and c not in U16_KNOWN:
            raise AssertionError(f"U+{ord(c):04X} is unassigned in Unicode 14 and not modelled")


def _nfc(s: str, r: dict, role: str = "text") -> str:
    _check_known(s, r)
    mut = r.get("MUT")
    if mut == "no-nfc" or (mut == "nfc-text-only" and role == "identifier"):
        return s
    if mut == "nfkc":
        return unicodedata.normalize("NFKC", s)
    if mut == "nfd":
        return unicodedata.normalize("NFD", s)
    if mut == "strip-marks":
        return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")
    # New code points of U16_KNOWN have no decomposition and combining class 0 in 16.0.
    return unicodedata.normalize("NFC", s)


def _simple_lower(c: str) -> str:
    if c == "\u0130":  # UnicodeData simple lowercase of U+0130 is U+0069
        return "i"
    low = c.lower()  # per code point: no Final_Sigma context; only U+0130 is multi-char
    assert len(low) == 1, c
    return low


def _simple_casefold(c: str) -> str:
    full = c.casefold()
    if len(full) == 1:  # status C
        return full
    return S_FOLD.get(c, c)  # status S, else F-only: unchanged


def fold(s: str, r: dict) -> str:
    """Clause 3.1 'case-insensitive', under FOLD-MAPPING and UNICODE-VERSION."""
    mut = r.get("MUT")
    if mut == "case-sensitive":
        return s
    if mut == "ascii-lower":
        return "".join(c.lower() if "A" <= c <= "Z" else c for c in s)
    if mut == "upper":
        return s.upper()
    if r["UNICODE-VERSION"] == "unicode-16":
        s = "".join(U16_LOWER.get(c, c) for c in s)
    mapping = r["FOLD-MAPPING"]
    if mapping == "simple-lowercase":
        return "".join(_simple_lower(c) for c in s)
    if mapping == "full-lowercase":
        return s.lower()  # full mapping with the Final_Sigma context
    if mapping == "full-casefold":
        return s.casefold()
    if mapping == "simple-casefold":
        return "".join(_simple_casefold(c) for c in s)
    raise ValueError(mapping)


def _prepare(s: str, r: dict, role: str) -> tuple[str, str | None]:
    """(mapped text, NFC text before mapping or None)."""
    if r["FOLD-ORDER"] == "nfc-then-fold":
        n = _nfc(s, r, role)
        return fold(n, r), n
    return _nfc(fold(s, r), r, role), None


def _occurrences(hay: str, needle: str) -> list[int]:
    return [i for i in range(len(hay) - len(needle) + 1) if hay.startswith(needle, i)]


def identifier_matches(text: str, identifier: str, r: dict) -> bool:
    """Clause 3.1: case-insensitive, NFC-normalized, maximal-token; every occurrence tried."""
    assert identifier, "empty identifiers are register BIND-EMPTY-IDENT"
    hay, hay_nfc = _prepare(text, r, "text")
    needle, _ = _prepare(identifier, r, "identifier")
    mut = r.get("MUT")
    if mut == "substring":
        return needle in hay
    if mut == "whole-text":
        return needle == hay
    if mut == "whitespace-tokens":
        return needle in hay.split()
    if mut == "class-tokens":
        return needle in re.findall(r"[A-Za-z0-9_-]+", hay)
    if mut == "regex-word-boundary":
        return re.search(r"\b" + re.escape(needle) + r"\b", hay) is not None
    if mut == "uts18-word-boundary":
        def word(c: str) -> bool:
            return unicodedata.category(c)[0] in "LM" or unicodedata.category(c) in ("Nd", "Pc")
        for i in _occurrences(hay, needle):
            j = i + len(needle)
            first, last = word(needle[0]), word(needle[-1])
            before = i > 0 and word(hay[i - 1])
            after = j < len(hay) and word(hay[j])
            if before != first and after != last:
                return True
        return False
    if mut == "unescaped-regex":
        try:
            return re.search(r"(?<![A-Za-z0-9_-])(?:" + needle + r")(?![A-Za-z0-9_-])", hay) is not None
        except re.error:
            return False
    positions = _occurrences(hay, needle)
    if mut == "first-occurrence":
        positions = positions[:1]
    if mut == "non-overlapping":
        kept: list[int] = []
        for p in positions:
            if not kept or p >= kept[-1] + len(needle):
                kept.append(p)
        positions = kept
    if r["DELIM-FOLDED"] == "folded":
        delim = hay
    else:
        if hay_nfc is None or len(hay_nfc) != len(hay):
            raise Undefined("unfolded delimiters need a length-preserving mapping after NFC")
        delim = hay_nfc

    def outside(c: str) -> bool:
        if mut == "isalnum-class":
            return not (c.isalnum() or c in "_-")
        return c not in CLASS

    for i in positions:
        j = i + len(needle)
        if mut == "ends-not-delimiters" and (i == 0 or j == len(delim)):
            continue
        if (i == 0 or outside(delim[i - 1])) and (j == len(delim) or outside(delim[j])):
            return True
    return False


_UNI_TERMS = "\u2026\u3002\uff0e\uff01\uff1f\uff61\u203c\u2047\u2048\u2049\u061f\u0589\u06d4\u0964\ufe52\ufe56\ufe57"
_ABBREVIATION = re.compile(r"(?:^|\s|\()(?:e\.g|i\.e|dr|mr|vs|etc|u\.s|no|cf|a\.m|p\.m)\.$", re.IGNORECASE)
_CLOSERS = "\"')]}\u2019\u201d"


def _is_ws(c: str, r: dict) -> bool:
    mut = r.get("MUT")
    if mut == "isspace":
        return c.isspace()
    if mut == "java-whitespace":
        return (c in WHITE_SPACE and c not in "\u00a0\u2007\u202f\u0085") or c in "\x1c\x1d\x1e\x1f"
    if mut == "js-whitespace":
        return c in WHITE_SPACE or c == "\ufeff"
    return c in (WHITE_SPACE if r["SENT-WS"] == "unicode" else ASCII_WS)


def _newlines(r: dict) -> str:
    if r.get("MUT") == "splitlines":
        return "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
    return {"lf": "\n", "lf-cr": "\n\r", "unicode": "\n\v\f\r\x85\u2028\u2029"}[r["SENT-NEWLINE"]]


def split_raw(text: str, r: dict) -> list[str]:
    """Clause 3.2: split on newline, and after . ! ? followed by whitespace or end of text."""
    mut = r.get("MUT")
    newlines = _newlines(r)
    terms = TERMINATORS + (_UNI_TERMS if mut == "unicode-terminators" else "")
    out: list[str] = []
    cur: list[str] = []
    n = len(text)
    if mut == "terminators-only":
        newlines = ""
    for i, c in enumerate(text):
        if c in newlines:
            out.append("".join(cur))
            cur = []
            continue
        cur.append(c)
        nxt = text[i + 1] if i + 1 < n else None
        if c in terms and mut != "newline-only":
            if mut == "closing-punct" and nxt is not None and nxt in _CLOSERS:
                continue
            if mut == "every-period" or nxt is None or _is_ws(nxt, r):
                if mut == "abbreviations" and nxt is not None and _ABBREVIATION.search("".join(cur)):
                    continue
                out.append("".join(cur[:-1] if mut == "drop-terminator" else cur))
                cur = []
        elif mut == "closing-punct" and c in _CLOSERS and (nxt is None or _is_ws(nxt, r)):
            k = len(cur) - 1
            while k >= 0 and cur[k] in _CLOSERS:
                k -= 1
            if k >= 0 and cur[k] in terms:
                out.append("".join(cur))
                cur = []
    out.append("".join(cur))
    return out


def canonical(sentences: list[str]) -> list[str]:
    """PROTOCOL.md canonical form: strip White_Space, drop empty sentences."""
    return [s for s in (x.strip(WHITE_SPACE_STR) for x in sentences) if s]


def split_sentences(text: str, r: dict) -> list[str]:
    return canonical(split_raw(text, r))


def _phrase_positions(hay: str, phrase: str, r: dict) -> list[tuple[int, int]]:
    if r.get("MUT") == "syn-ws-collapse":
        pattern = r"\s+".join(re.escape(w) for w in phrase.split(" "))
        return [(m.start(), m.start() + len(m.group(1))) for m in re.finditer("(?=(" + pattern + "))", hay)]
    return [(i, i + len(phrase)) for i in _occurrences(hay, phrase)]


def _word_char(c: str) -> bool:
    """SYN-BOUNDARY word-boundary: letters, digits, underscore. Marks, non-decimal numbers and
    other connector punctuation are where regex engines differ; vectors avoid them."""
    cat = unicodedata.category(c)
    if c != "_" and (cat[0] == "M" or cat in ("Nl", "No", "Pc")):
        raise AssertionError(f"word-boundary reading is unclear next to U+{ord(c):04X}")
    return cat[0] == "L" or cat == "Nd" or c == "_"


def _synonym_in(text: str, phrases: tuple[str, ...], r: dict, normalize: bool) -> bool:
    hay = _nfc(text, r) if normalize else text
    hay = fold(hay, r)
    if r["SYN-APOSTROPHE"] == "typographic":
        hay = hay.replace("\u2019", "'")
    if r.get("MUT") == "syn-quote-any":
        hay = re.sub("[\u2018\u2019\u02bc`\u00b4\u2032\uff07]", "'", hay)
    boundary = r["SYN-BOUNDARY"]
    for phrase in phrases:
        if r.get("MUT") == f"syn-without:{phrase}":
            continue
        needle = fold(phrase, r)
        for i, j in _phrase_positions(hay, needle, r):
            if boundary == "substring":
                return True
            if boundary == "delimited":
                ok = (i == 0 or hay[i - 1] not in CLASS) and (j == len(hay) or hay[j] not in CLASS)
            else:
                ok = (i == 0 or not _word_char(hay[i - 1])) and (j == len(hay) or not _word_char(hay[j]))
            if ok:
                return True
    return False


def synonym_present(text: str, deviation_type: str, r: dict) -> bool:
    """Clause 3.3: some synonym of the type occurs in text, case-insensitively, literally.

    Whether clause 3.3 NFC-normalizes is not in the register: a case where it would matter is
    refused here rather than decided."""
    phrases = SYNONYMS[deviation_type]
    verdict = _synonym_in(text, phrases, r, normalize=True)
    if r.get("MUT") is None and verdict != _synonym_in(text, phrases, r, normalize=False):
        raise AssertionError(f"synonym verdict depends on NFC (open point not in the register): {text!r}")
    return verdict


def _cooccurs(text: str, required: list[str], deviation_type: str, r: dict) -> bool:
    """Clause 2.2 part two: a synonym in the same sentence as one of the required identifiers."""
    mut = r.get("MUT")
    if mut == "cooccur-anywhere":
        return any(identifier_matches(text, i, r) for i in required) and synonym_present(text, deviation_type, r)
    sentences = [s for s in split_raw(text, r) if s.strip(WHITE_SPACE_STR)]

    def has_id(s: str) -> bool:
        if mut == "cooccur-substring":
            return any(fold(i, r) in fold(s, r) for i in required)
        return any(identifier_matches(s, i, r) for i in required)

    ids = [has_id(s) for s in sentences]
    syns = [synonym_present(s, deviation_type, r) for s in sentences]
    radius = 1 if mut == "radius-one" else 0
    return any(
        ids[k] and any(syns[j] for j in range(max(0, k - radius), min(len(sentences), k + radius + 1)))
        for k in range(len(sentences))
    )


_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _assert_no_echo(text: str, ev: dict) -> None:
    """The text families hold clause 2.1 echo exclusion out of play: no piece of an answer line
    may occur in a tool result body, under any reading of ECHO-LINE or ECHO-ERRORED."""
    bodies = [a.get("result") or "" for a in ev["actions"]] + [a.get("error") or "" for a in ev["actions"]]
    bodies = [b for b in bodies if b]
    for piece in _LINE_BREAKS.split(text):
        core = piece.strip(WHITE_SPACE_STR)
        for body in bodies:
            if (core and core in body) or (piece and piece in body):
                raise AssertionError(f"answer piece {piece!r} is echoed by a tool body")


def _channel_text(ev: dict, channel: str, exclude: bool) -> str:
    raw = ev["final_answer"] if channel == "agent_response" else ev["reasoning_trace"]
    raw = raw or ""
    _assert_no_echo(raw, ev)
    return raw


def _channels(channels: list[str], r: dict) -> list[str]:
    if r.get("MUT") == "trace-too" and "reasoning_trace" not in channels:
        return [*channels, "reasoning_trace"]
    return channels


def named_in_output(ev: dict, identifier_set: list[str], channels: list[str], exclude: bool, r: dict) -> bool:
    """Clause 2.1: some member of the set appears (clause 3.1) in some listed channel."""
    texts = [_channel_text(ev, c, exclude) for c in _channels(channels, r)]
    return any(identifier_matches(t, i, r) for t in texts for i in identifier_set)


def factor_identified(ev: dict, required: list[str], deviation_type: str, channels: list[str], exclude: bool, r: dict) -> bool:
    """Clause 2.2: every required identifier named, and a synonym co-occurs with one of them."""
    texts = [_channel_text(ev, c, exclude) for c in _channels(channels, r)]
    named = all(any(identifier_matches(t, i, r) for t in texts) for i in required)
    return named and any(_cooccurs(t, required, deviation_type, r) for t in texts)


def score_scenario(doc: dict, ev: dict, r: dict) -> dict:
    """Clause 5.1 C-DA-001 on a valid binding, within budget (the text families never test row 1)."""
    s = doc["scoring"]
    assert s["archetype_template"] == "C-DA-001"
    deviation = {d["id"]: d for d in doc["injection"]["deviations"]}[s["factor"]["ref"]]
    answer = ev["final_answer"]
    assert isinstance(answer, str) and answer.strip(WHITE_SPACE_STR), "answer must be non-blank (ANSWER-BLANK)"
    assert len(ev["actions"]) <= s["step_budget"], "row 1 is not a text-family concern"
    if factor_identified(ev, s["factor"]["required_identifiers"], deviation["deviation_type"], s["channels"], s["exclude_tool_echo"], r):
        return dict(ROW2)
    if named_in_output(ev, s["subsystem_set"], s["channels"], s["exclude_tool_echo"], r):
        return dict(ROW3)
    return dict(ROW4)


def evaluate(op: str, inp: dict, r: dict) -> dict:
    """The authored verdict of one operation under readings `r`."""
    if op == "identifier_match":
        return {"match": identifier_matches(inp["text"], inp["identifier"], r)}
    if op == "split_sentences":
        return {"sentences": split_sentences(inp["text"], r)}
    if op == "synonym_match":
        return {"match": synonym_present(inp["text"], inp["deviation_type"], r)}
    if op == "named_in_output":
        return {"value": named_in_output(inp["evidence"], inp["identifier_set"], inp["channels"], inp["exclude_tool_echo"], r)}
    if op == "factor_identified":
        return {"value": factor_identified(inp["evidence"], inp["required_identifiers"], inp["deviation_type"], inp["channels"], inp["exclude_tool_echo"], r)}
    if op == "score_scenario":
        return score_scenario(inp["scenario"], inp["evidence"], r)
    raise ValueError(op)


@functools.cache
def _register_checked() -> bool:
    register = yamlsafe.load((Path(__file__).resolve().parents[2] / "vectors" / "register.yaml").read_text(encoding="utf-8"))
    entries = {e["id"]: e for e in register["entries"]}
    for entry, readings in REGISTER.items():
        assert set(entries[entry]["readings"]) == set(readings), entry
        assert entries[entry]["reference"] == readings[0], entry
    return True


def _key(outcome: dict | None) -> str:
    return repr(sorted(outcome.items())) if outcome is not None else "undefined"


def build(vid: str, clauses: list[str], op: str, description: str, inp: dict, *, entry: str | None = "auto",
          expect: Any = None, flags: tuple[str, ...] = (), also: tuple[str, ...] = (), optional: bool = False) -> dict | None:
    """One vector, its verdict computed from RULES under every reading (see the module doc).

    entry="auto": normative when no reading changes the verdict, else an ambiguity vector of
    the one entry that does. entry=None: must be normative. `expect`, when given, is the
    verdict the author states by hand (or {reading: verdict}); it must agree with RULES.
    `also` names further entries the case is allowed to depend on (stated in the report)."""
    _register_checked()
    ref = evaluate(op, inp, REFERENCE)
    by_entry: dict[str, dict[str, dict | None]] = {}
    for e, readings in REGISTER.items():
        outcomes: dict[str, dict | None] = {}
        for reading in readings:
            try:
                outcomes[reading] = evaluate(op, inp, {**REFERENCE, e: reading})
            except Undefined:
                outcomes[reading] = None
        by_entry[e] = outcomes
    dependent = [e for e, o in by_entry.items() if len({_key(v) for v in o.values()}) > 1]
    if entry == "auto":
        entry = dependent[0] if dependent else None
    if entry is None:
        problem(not dependent, f"{vid}: meant normative, depends on {dependent}")
    else:
        problem(entry in dependent, f"{vid}: meant {entry}, depends on {dependent}")
        extra = set(dependent) - {entry} - set(also)
        problem(not extra, f"{vid}: depends on {entry} and also {sorted(extra)}")
        problem(all(v is not None for v in by_entry[entry].values()), f"{vid}: a reading is undefined")
    caught = []
    baseline = _key(ref)
    for mut in MUTANTS:
        try:
            got = evaluate(op, inp, {**REFERENCE, "MUT": mut})
        except (Undefined, AssertionError):
            continue
        if _key(got) != baseline:
            caught.append(mut)
    if entry is None and optional and not caught:
        return None
    if entry is None:
        problem(bool(caught), f"{vid}: no modelled wrong implementation fails this vector")
    derived = {MUTANT_FLAGS[m] for m in caught if m in MUTANT_FLAGS}
    if op in ("split_sentences", "factor_identified", "score_scenario") and SMART_SPLIT & set(caught):
        if op == "split_sentences" or "every-period" not in caught:
            derived.add("smart-split-trap")
    texts = _all_text(inp)
    if any(ord(c) > 0xFFFF for c in texts):
        derived.add("supplementary-plane")
    if entry == "UNICODE-VERSION":
        derived.add("unicode-version")
    all_flags = sorted(set(flags) | derived)
    if op == "score_scenario":
        rows = sorted({o["row"] for o in ([ref] if entry is None else by_entry[entry].values())})
        clauses = [*clauses, *(["5.1"] if "5.1" not in clauses else []), *[f"5.1.row{n}" for n in rows]]
    if entry is None:
        if expect is not None:
            problem(_key(_expected(op, expect)) == baseline, f"{vid}: authored {expect!r}, rules give {ref!r}")
        return normative(vid, clauses, op, description, inp, ref, all_flags or None)
    readings = {k: v for k, v in by_entry[entry].items()}
    if expect is not None:
        for reading, value in expect.items():
            problem(_key(_expected(op, value)) == _key(readings[reading]), f"{vid}: authored {reading}={value!r}, rules give {readings[reading]!r}")
    return ambiguous(vid, clauses, op, description, inp, entry, readings, all_flags or None)


def _expected(op: str, value: Any) -> dict:
    if isinstance(value, dict):
        return value
    if op in ("identifier_match", "synonym_match"):
        return {"match": value}
    if op in ("named_in_output", "factor_identified"):
        return {"value": value}
    if op == "split_sentences":
        return {"sentences": value}
    raise ValueError(op)


def _all_text(node: Any) -> str:
    if isinstance(node, str):
        return node
    if isinstance(node, dict):
        return "".join(_all_text(v) for v in node.values())
    if isinstance(node, list):
        return "".join(_all_text(v) for v in node)
    return ""


def flags_of(documents: dict[str, dict]) -> dict[str, str]:
    used = {f for doc in documents.values() for v in doc["vectors"] for f in v.get("flags", ())}
    return {f: FLAG_DOCS[f] for f in sorted(used)}


# Evidence and scenarios ---------------------------------------------------------------------

#: Tool result bodies for text-family evidence: realistic, and sharing no line with any answer
#: (checked by _assert_no_echo), so that clause 2.1 echo exclusion never decides a text vector.
TOOL_CALLS = (
    {"tool": "kubectl", "arguments": {"args": ["get", "pods", "-l", "app=mailer"]},
     "result": "NAME                      READY   STATUS             RESTARTS\nmailer-7d9f8b6c5d-x2lqp   0/1     CrashLoopBackOff   6\n"},
    {"tool": "kubectl", "arguments": {"args": ["logs", "mailer-7d9f8b6c5d-x2lqp", "--tail=2"]},
     "result": "level=fatal msg=\"dial tcp: address mail.internal: port required\"\nexit status 1\n"},
)
REAL_ID = "infra.capability.da.single-signal-diagnosis-001"
VARIANT_ID = "kit.text.single-signal-diagnosis-variant"


def text_evidence(answer: str, trace: str = "", scenario_id: str = REAL_ID) -> dict:
    """An evidence artifact whose agent_response is `answer`, with two ordinary tool calls."""
    actions = [action(c["result"], tool=c["tool"], arguments=copy.deepcopy(c["arguments"])) for c in TOOL_CALLS]
    return evidence(answer, actions=actions, reasoning_trace=trace, scenario_id=scenario_id)


def real_scenario() -> dict:
    return scenario()


def variant_scenario(identifier: str, configmap: str = "app-config", extra: tuple[str, ...] = ()) -> dict:
    """The real scenario re-bound to another absent key, injection kept consistent: configmap
    `configmap` lacks key `identifier`; subsystem_set is the configmap, the key and `extra`."""
    doc = scenario(factor={"ref": "f1", "required_identifiers": [identifier]},
                   subsystem_set=[configmap, identifier, *extra])
    doc["id"] = VARIANT_ID
    doc["injection"]["deviations"][0].update(resource=f"configmap/{configmap}", subject=identifier)
    return doc


def scenario_input(answer: str, doc: dict | None = None, trace: str = "") -> dict:
    doc = doc if doc is not None else real_scenario()
    return {"scenario": doc, "evidence": text_evidence(answer, trace, scenario_id=doc["id"])}


def op_evidence_input(op: str, answer: str, identifiers: list[str], trace: str = "",
                      channels: tuple[str, ...] = ("agent_response",), exclude: bool = True) -> dict:
    ev = text_evidence(answer, trace)
    if op == "named_in_output":
        return {"evidence": ev, "identifier_set": identifiers, "channels": list(channels), "exclude_tool_echo": exclude}
    return {"evidence": ev, "required_identifiers": identifiers, "deviation_type": "absent_key",
            "channels": list(channels), "exclude_tool_echo": exclude}


# Character naming -----------------------------------------------------------------------------

_ASCII_NAMES = {
    " ": "space", "\t": "tab", "\n": "lf", "\r": "cr", "\v": "vt", "\f": "ff", "\x00": "nul", "\x7f": "del",
    ".": "period", ",": "comma", ":": "colon", ";": "semicolon", "/": "slash", "\\": "backslash",
    "'": "apostrophe", '"': "quote", "`": "backtick", "(": "lparen", ")": "rparen", "[": "lbracket",
    "]": "rbracket", "{": "lbrace", "}": "rbrace", "<": "lt", ">": "gt", "=": "equals", "+": "plus",
    "*": "asterisk", "&": "ampersand", "%": "percent", "$": "dollar", "#": "hash", "@": "at",
    "!": "bang", "?": "question", "|": "pipe", "~": "tilde", "^": "caret", "_": "underscore", "-": "hyphen",
    "\x1c": "fs", "\x1f": "us", "\x85": "nel",
}


def slug(c: str) -> str:
    """A slug naming one character: its ASCII name, or uXXXX."""
    if c in _ASCII_NAMES:
        return _ASCII_NAMES[c]
    if c.isascii() and c.isalnum():
        return ("upper-" if c.isupper() else "") + c.lower()
    return f"u{ord(c):04x}"


def cname(c: str) -> str:
    """U+XXXX NAME, ASCII."""
    name = unicodedata.name(c, None) or {"\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\v": "LINE TABULATION",
                                           "\f": "FORM FEED", "\x00": "NULL", "\x7f": "DELETE", "\x85": "NEXT LINE",
                                           "\x1c": "FILE SEPARATOR", "\x1f": "UNIT SEPARATOR"}.get(c, "UNNAMED")
    return f"U+{ord(c):04X} {name}"


def vis(s: str) -> str:
    """An ASCII rendering of a short text for descriptions."""
    out = []
    for c in s:
        if c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c == "\r":
            out.append("\\r")
        elif " " <= c <= "~":
            out.append(c)
        else:
            out.append(f"<U+{ord(c):04X}>")
    return "".join(out)


# =============================================================================================
# Part 2: the delimiters family (clause 3.1 maximal-token rule)
# =============================================================================================

GEN = "tools/vectorgen/delimiters.py"
FOLDER = "3.1-identifier-matching"

#: Neighbours inside [A-Za-z0-9_-]: never delimiters.
IN_CLASS = "azAZ059_-"
#: ASCII neighbours outside the class: always delimiters.
ASCII_OUTSIDE = " \t\n\r\v\f\x00\x7f.,:;/\\'\"`()[]{}<>=+*&%$#@!?|~^"
#: Non-ASCII neighbours: outside the ASCII class, so delimiters by the letter of clause 3.1
#: (some are ambiguity vectors, where a case mapping of FOLD-MAPPING brings them into it).
NON_ASCII = (
    "\u00e9\u00c9\u00df\u0416\u0436\u0394\u03b1\u05d0\u0627\u0e01\u4e2d\u3042\uac00"
    "\U0001f600\U0001f44d\u2603\u00a0\u200b\u200d\u2060\ufeff\u00ad\u2010\u2011\u2013\u2014\u2212"
    "\u02bc\u2019\u00b7\u0660\u0967\u00b2\u00bd\u2160\u0131\u00b5\u3000\u2028\u0085\ufe0f"
    "\uff41\uff3f\uff0d\u00aa\u2070\U0001d400\u017f\u1e9e\ufb01"
)


#: Neighbours lifted into score_scenario (every neighbour has identifier_match vectors).
LIFT_AFTER = IN_CLASS + ASCII_OUTSIDE + "\u00e9\u00df\u0416\u4e2d\U0001f600\u00a0\u200b\u2060\u017f\u0131\u00b5\u2160\u00b2\u1e9e\ufb01\u2019\u0660\uff41"
LIFT_BEFORE = "aZ09_-" + " \t\n.,:/(\"'=$" + "\u00e9\u0416\u4e2d\u00a0\u200b\u0131"


def _neighbour_vectors() -> tuple[list[dict], list[dict]]:
    ops: list[dict] = []
    lifts: list[dict] = []
    ident = "SMTP_PORT"
    for group, chars in (("in-class", IN_CLASS), ("ascii", ASCII_OUTSIDE), ("non-ascii", NON_ASCII)):
        for c in chars:
            s = slug(c)
            inside = c in CLASS
            verb = "is inside [A-Za-z0-9_-]: not a delimiter" if inside else "is outside [A-Za-z0-9_-]: a delimiter"
            for side in ("before", "after"):
                text = f"{c}{ident}" if side == "before" else f"{ident}{c}"
                expect = None
                if group != "non-ascii":
                    expect = not inside
                vector = build(
                    f"delim-{side}-{s}", ["3.1"], "identifier_match",
                    f"clause 3.1: {cname(c)} right {side} the identifier {verb}.",
                    {"text": text, "identifier": ident}, expect=expect)
                if "ambiguity" in vector:
                    vector["description"] = (f"clause 3.1: {cname(c)} right {side} the identifier is outside "
                                             "[A-Za-z0-9_-], but some case mappings turn it into class letters.")
                ops.append(vector)
                if c not in (LIFT_BEFORE if side == "before" else LIFT_AFTER):
                    continue
                answer = f"Key {c}{ident} is missing." if side == "before" else f"Missing key: {ident}{c}"
                lifts.append(build(
                    f"delim-scenario-{side}-{s}", ["3.1", "2.1", "2.2"], "score_scenario",
                    f"clause 3.1 lifted: {cname(c)} right {side} SMTP_PORT in the answer decides whether the factor is named.",
                    scenario_input(answer),
                    expect=None if group == "non-ascii" else (ROW4 if inside else ROW2)))
    # subsystem members: the same rule decides row 3 against row 4
    for c in "-_a9.,:;)/\"'`=\u00e9\u4e2d\u00a0\u200b":
        s = slug(c)
        for member in ("smtp-config",) if c not in "-a." else ("smtp-config", "configMapKeyRef"):
            m = "smtp-config" if member == "smtp-config" else "configmapkeyref"
            lifts.append(build(
                f"delim-scenario-subsystem-{m}-after-{s}", ["3.1", "2.1"], "score_scenario",
                f"clause 3.1 lifted: subsystem member {member} followed by {cname(c)}; only a delimited member reaches row 3.",
                scenario_input(f"Check the {member}{c} first."),
                expect=None if not c.isascii() else (ROW4 if c in CLASS else ROW3)))
    return ops, lifts


def _boundary_vectors() -> tuple[list[dict], list[dict]]:
    ops: list[dict] = []
    lifts: list[dict] = []
    cases = [
        ("text-equals-identifier", "SMTP_PORT", "SMTP_PORT", True, "the whole text is the identifier: start and end of text delimit it"),
        ("at-start", "SMTP_PORT is unset", "SMTP_PORT", True, "start of text counts as a delimiter"),
        ("at-end", "the key is SMTP_PORT", "SMTP_PORT", True, "end of text counts as a delimiter"),
        ("at-start-glued", "SMTP_PORTS are unset", "SMTP_PORT", False, "start of text delimits, but the next character is a letter"),
        ("at-end-glued", "the key is XSMTP_PORT", "SMTP_PORT", False, "end of text delimits, but the previous character is a letter"),
        ("single-char-identifier", "x", "x", True, "a one-character identifier equal to the text"),
        ("single-char-identifier-in-word", "xx", "x", False, "a one-character identifier inside a longer token"),
        ("single-char-identifier-spaced", "a x b", "x", True, "a one-character identifier between spaces"),
        ("hyphen-identifier-in-text", "-", "-", True, "an identifier made of one in-class punctuation character"),
        ("underscore-run", "__", "_", False, "an underscore inside an underscore run is never delimited"),
        ("identifier-with-space", "the smtp port key", "smtp port", True, "an identifier containing a space, delimited by spaces"),
        ("identifier-with-space-glued", "the smtp ports", "smtp port", False, "an identifier containing a space followed by a letter"),
        ("prefix-hyphen", "-SMTP_PORT", "SMTP_PORT", False, "a leading hyphen is in the class"),
        ("suffix-underscore", "SMTP_PORT_", "SMTP_PORT", False, "a trailing underscore is in the class"),
        ("suffix-digit", "SMTP_PORT2", "SMTP_PORT", False, "a trailing digit is in the class"),
        ("camel-prefix", "mySMTP_PORT", "SMTP_PORT", False, "a lowercase letter before is in the class (case-insensitive text)"),
        ("dotted-path", "smtp-config.SMTP_PORT", "SMTP_PORT", True, "a dotted path: the period before delimits"),
        ("slash-path", "configmap/smtp-config", "smtp-config", True, "a resource path: the slash before delimits"),
        ("env-assignment", "SMTP_PORT=587", "SMTP_PORT", True, "an assignment: = after delimits"),
        ("shell-expansion", "${SMTP_PORT}", "SMTP_PORT", True, "a shell expansion: braces delimit"),
        ("shell-default", "${SMTP_PORT:-25}", "SMTP_PORT", True, "a shell default: colon after delimits"),
        ("yaml-key", "  SMTP_PORT: \"587\"", "SMTP_PORT", True, "a YAML key: colon after delimits"),
        ("json-key", "{\"SMTP_PORT\":587}", "SMTP_PORT", True, "a JSON key: quotes delimit"),
        ("markdown-code", "`SMTP_PORT`", "SMTP_PORT", True, "inline code: backticks delimit"),
        ("markdown-bold", "**SMTP_PORT**", "SMTP_PORT", True, "bold markup: asterisks delimit"),
        ("markdown-emphasis-underscore", "_SMTP_PORT_", "SMTP_PORT", False, "underscore emphasis: underscores are in the class"),
        ("kebab-suffix", "smtp-config-v2", "smtp-config", False, "a kebab-case suffix: the hyphen is in the class"),
        ("kebab-prefix", "old-smtp-config", "smtp-config", False, "a kebab-case prefix: the hyphen is in the class"),
        ("plural", "configMapKeyRefs", "configMapKeyRef", False, "a plural s after is in the class"),
        ("possessive", "SMTP_PORT's value", "SMTP_PORT", True, "an apostrophe after delimits"),
        ("url-fragment", "https://docs.example/#SMTP_PORT", "SMTP_PORT", True, "a URL fragment: # before delimits"),
        ("html-tag", "<code>SMTP_PORT</code>", "SMTP_PORT", True, "HTML tags: > and < delimit"),
    ]
    for slugname, text, ident, want, why in cases:
        ops.append(build(f"delim-{slugname}", ["3.1"], "identifier_match", f"clause 3.1: {why}.",
                         {"text": text, "identifier": ident}, entry=None, expect=want))

    occurrence_cases = [
        ("repeat-later-delimited", "SMTP_PORT_OLD, SMTP_PORT", "SMTP_PORT", True, "only the second occurrence is delimited; every occurrence is tried"),
        ("repeat-none-delimited", "SMTP_PORT_OLD SMTP_PORT_NEW", "SMTP_PORT", False, "two occurrences, neither delimited"),
        ("repeat-third-delimited", "xSMTP_PORT SMTP_PORTx SMTP_PORT", "SMTP_PORT", True, "only the third occurrence is delimited"),
        ("repeat-glued-pair", "SMTP_PORTSMTP_PORT", "SMTP_PORT", False, "two glued occurrences delimit neither"),
        ("repeat-underscore-pair", "SMTP_PORT_SMTP_PORT", "SMTP_PORT", False, "two occurrences joined by an underscore"),
        ("repeat-hyphen-pair", "SMTP_PORT-SMTP_PORT", "SMTP_PORT", False, "two occurrences joined by a hyphen"),
        ("repeat-period-pair", "SMTP_PORT.SMTP_PORT", "SMTP_PORT", True, "two occurrences joined by a period: both delimited"),
        ("repeat-lowercase-later", "smtp_port_old, smtp_port", "SMTP_PORT", True, "only the later lowercase occurrence is delimited"),
        ("repeat-later-at-end", "SMTP_PORTS and SMTP_PORT", "SMTP_PORT", True, "the later occurrence ends the text"),
        ("overlap-dotted", "ba.a.a", "a.a", True, "the first occurrence follows a letter; only the overlapping one is delimited"),
        ("overlap-colons", "a:::", "::", True, "the first :: follows a letter; the overlapping second one is delimited"),
        ("overlap-x-dot-x", "ax.x.x", "x.x", True, "only the occurrence overlapping the first is delimited"),
        ("overlap-none", "a-a-a", "a-a", False, "overlapping occurrences, each next to a hyphen"),
        ("overlap-letters", "ababa", "aba", False, "overlapping occurrences inside one token"),
    ]
    for slugname, text, ident, want, why in occurrence_cases:
        ops.append(build(f"delim-{slugname}", ["3.1"], "identifier_match", f"clause 3.1: {why}.",
                         {"text": text, "identifier": ident}, entry=None, expect=want))

    answers = [
        ("repeat-later-delimited", "SMTP_PORT_OLD is missing, and so is SMTP_PORT.", ROW2, "the old key is glued; the later delimited SMTP_PORT co-occurs with missing"),
        ("repeat-old-only", "SMTP_PORT_OLD is missing.", ROW4, "SMTP_PORT_OLD names neither the factor nor a subsystem member"),
        ("repeat-old-missing-new-fine", "SMTP_PORT_OLD is missing. SMTP_PORT is fine.", ROW3, "the synonym sits with SMTP_PORT_OLD, not with a match of SMTP_PORT"),
        ("repeat-old-with-subsystem", "SMTP_PORT_OLD is missing from smtp-config.", ROW3, "the identifier is not matched; smtp-config places the answer in the subsystem"),
        ("seed-port-old", "SMTP_PORT_OLD is missing from the config.", ROW4, "clause 3.1 consequence: SMTP_PORT_OLD does not match SMTP_PORT"),
        ("seed-lowercase", "smtp_port is missing.", ROW2, "clause 3.1 consequence: smtp_port matches SMTP_PORT"),
        ("only-smtp-config", "The smtp-config ConfigMap looks wrong.", ROW3, "only a subsystem member is named"),
        ("only-configmapkeyref", "The configMapKeyRef points at a bad ConfigMap.", ROW3, "only a subsystem member is named"),
        ("host-not-port", "SMTP_HOST is missing.", ROW3, "a subsystem member with a synonym is not the factor"),
        ("port-prefix-of-longer", "SMTP_PORTS is missing.", ROW4, "SMTP_PORTS is a longer token"),
        ("port-in-path", "Key smtp-config/SMTP_PORT is missing.", ROW2, "slash-separated path: both identifiers delimited"),
        ("port-in-env-expansion", "${SMTP_PORT} is missing.", ROW2, "shell expansion braces delimit"),
        ("config-suffix", "smtp-configs lack SMTP_PORTs.", ROW4, "both tokens are longer than the identifiers"),
    ]
    for slugname, answer, row, why in answers:
        lifts.append(build(f"delim-scenario-{slugname}", ["3.1", "2.1", "2.2"], "score_scenario",
                           f"clause 3.1 lifted: {why}.", scenario_input(answer), entry=None, expect=row))
    return ops, lifts


#: Identifiers holding regex metacharacters or characters outside the class: the delimiter
#: test applies only to the characters right before and after the match.
META = [
    # identifier, slug, [(text, want, why)]
    (".env", "dot-env", [
        (".env", True, "exact"), ("a .env", True, "space before the leading period"),
        ("x.env", False, "x right before the match (the leading period is part of the identifier)"),
        ("xenv", False, "the period is literal, not any character"),
        ("..env", True, "a period before the leading period is outside the class"),
        (".env.local", True, "a period after"), (".envrc", False, "r after"),
        ("app/.env", True, "a slash before"), ("a.env", False, "a letter before"),
        ("_.env", False, "an underscore before"), ("-.env", False, "a hyphen before"),
    ]),
    ("a+b", "a-plus-b", [
        ("a+b", True, "exact"), ("aab", False, "+ is literal, not a quantifier"),
        ("x a+b y", True, "spaces around"), ("aa+b", False, "a letter before"), ("a+bb", False, "a letter after"),
    ]),
    ("x*", "x-star", [
        ("x*", True, "exact"), ("y + z", False, "* is literal; an unescaped x* matches the empty string"),
        ("x**", True, "an asterisk after the trailing asterisk"), ("yx*", False, "a letter before"),
        ("xx*", False, "a letter before"), ("(x*)", True, "parentheses around"),
    ]),
    ("(svc)", "paren-svc", [
        ("(svc)", True, "exact"), ("svc", False, "parentheses are literal, not a group"),
        ("f(svc)", False, "a letter before the opening parenthesis"), ("((svc))", True, "parentheses around"),
        ("(svc)x", False, "a letter after the closing parenthesis"), ("(svc)-1", False, "a hyphen after"),
    ]),
    ("[0]", "bracket-0", [
        ("[0]", True, "exact"), ("0", False, "brackets are literal, not a class"),
        ("a[0]", False, "a letter before"), ("a [0]", True, "a space before"), ("[0][1]", True, "a bracket after"),
    ]),
    ("$HOME", "dollar-home", [
        ("$HOME", True, "exact; an unescaped $ anchors at the end"), ("$HOME/bin", True, "a slash after"),
        ("x$HOME", False, "a letter before the dollar"), ("echo $home", True, "case-insensitive"), ("$HOMER", False, "a letter after"),
    ]),
    ("a|b", "a-pipe-b", [
        ("a|b", True, "exact"), ("a", False, "| is literal, not alternation"), ("b", False, "| is literal, not alternation"),
        ("a|bc", False, "a letter after"), ("(a|b)", True, "parentheses around"),
    ]),
    ("^x", "caret-x", [
        ("^x", True, "exact"), ("x", False, "^ is literal, not an anchor"), ("^x^", True, "a caret after"),
        ("a^x", False, "a letter before"), ("y ^x", True, "a space before"),
    ]),
    ("k8s.io/name", "k8s-io-name", [
        ("k8s.io/name", True, "exact"), ("k8sXio/name", False, "the period is literal"),
        ("app.k8s.io/name", True, "a period before"), ("k8s.io/names", False, "a letter after"),
        ("k8s.io/name=web", True, "= after"), ("xk8s.io/name", False, "a letter before"),
    ]),
    ("a?b", "a-question-b", [("a?b", True, "exact"), ("b", False, "? is literal, not optional"), ("ab", False, "? is literal")]),
    ("{x}", "brace-x", [("{x}", True, "exact"), ("{{x}}", True, "braces around"), ("a{x}", False, "a letter before")]),
    ("c++", "c-plus-plus", [("c++", True, "exact"), ("c+++", True, "a plus after"), ("cc++", False, "a letter before"), ("c", False, "the pluses are part of it")]),
    ("a\\b", "a-backslash-b", [("a\\b", True, "exact; an unescaped \\b is a word boundary"), ("path a\\b", True, "a space before"), ("a b", False, "the backslash is literal; an unescaped \\b is a boundary")]),
    ("50%", "fifty-percent", [("50%", True, "exact"), ("150%", False, "a digit before"), ("~50%", True, "a tilde before"), ("50%%", True, "a percent after")]),
    ("x.y.z", "x-y-z", [("x.y.z", True, "exact"), ("xay.z", False, "periods are literal"), ("w.x.y.z", True, "a period before"), ("x.y.zz", False, "a letter after")]),
    ("-v", "dash-v", [("-v", True, "exact"), ("--v", False, "a hyphen before is in the class"), ("run -v", True, "a space before"), ("x-v", False, "a letter before")]),
    ("_id", "underscore-id", [("(_id)", True, "parentheses around"), ("user_id", False, "a letter before"), ("_id_", False, "an underscore after")]),
]


def _meta_vectors() -> tuple[list[dict], list[dict]]:
    ops: list[dict] = []
    lifts: list[dict] = []
    for ident, s, cases in META:
        for n, (text, want, why) in enumerate(cases, 1):
            ops.append(build(f"delim-meta-{s}-{n:02d}", ["3.1"], "identifier_match",
                             f"clause 3.1: identifier {vis(ident)} in {vis(text)!r}: {why}.",
                             {"text": text, "identifier": ident}, entry=None, expect=want))
        doc = variant_scenario(ident, "app-config")
        lifted = 0
        for n, (text, want, why) in enumerate(cases, 1):
            vector = build(f"delim-scenario-meta-{s}-{n:02d}", ["3.1", "2.1", "2.2"], "score_scenario",
                           f"clause 3.1 lifted: key {vis(ident)} reported as {vis(text)!r} ({why}).",
                           scenario_input(f"Missing key: {text}", doc), entry=None, expect=ROW2 if want else ROW4,
                           optional=True)
            if vector is not None and lifted < 2:
                lifts.append(vector)
                lifted += 1
    return ops, lifts


def _named_vectors() -> list[dict]:
    subsystem = ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef"]
    cases = [
        ("none-delimited", "smtp-config-v2 replaced SMTP_PORT_OLD.", subsystem, False, "no member of the set is delimited"),
        ("one-delimited", "SMTP_PORT_OLD and smtp-config.", subsystem, True, "smtp-config is delimited by the final period"),
        ("membership-not-conjunction", "Only SMTP_HOST is relevant.", subsystem, True, "one member suffices (membership, not conjunction)"),
        ("lowercase-member", "the configmapkeyref is stale", subsystem, True, "case-insensitive member"),
        ("member-inside-token", "xsmtp_host and configMapKeyRefs", subsystem, False, "members only inside longer tokens"),
        ("member-after-underscore", "OLD_SMTP_HOST", subsystem, False, "an underscore before"),
        ("meta-set", "see x.env and a+bb", [".env", "a+b"], False, "regex-metacharacter members, none delimited"),
        ("meta-set-delimited", "see .env and a+bb", [".env", "a+b"], True, ".env is delimited by a space"),
        ("non-ascii-neighbour", "\u00e9smtp-config\u00e9", subsystem, True, "non-ASCII letters around a member are delimiters"),
        ("cjk-neighbour", "\u914d\u7f6esmtp-config\u4e2d", subsystem, True, "CJK characters around a member are delimiters"),
    ]
    out = []
    for n, (s, answer, ids, want, why) in enumerate(cases):
        exclude = n % 2 == 0
        out.append(build(f"delim-named-{s}", ["2.1", "3.1"], "named_in_output", f"clause 2.1 with clause 3.1: {why}.",
                         op_evidence_input("named_in_output", answer, ids, exclude=exclude), entry=None, expect=want))
    fcases = [
        ("later-occurrence", "SMTP_PORT_OLD is gone; SMTP_PORT is missing.", True, "the delimited later occurrence co-occurs with missing"),
        ("glued-only", "SMTP_PORT_OLD is missing.", False, "no delimited occurrence"),
        ("synonym-with-glued", "SMTP_PORT_OLD is missing. SMTP_PORT is fine.", False, "the synonym's sentence holds only the glued token"),
        ("path-form", "smtp-config/SMTP_PORT: missing", True, "path form: slash and colon delimit"),
    ]
    for s, answer, want, why in fcases:
        out.append(build(f"delim-factor-{s}", ["2.2", "3.1"], "factor_identified", f"clause 2.2 with clause 3.1: {why}.",
                         op_evidence_input("factor_identified", answer, ["SMTP_PORT"]), entry=None, expect=want))
    return out


@functools.cache
def files() -> dict[str, dict]:
    n_ops, n_lifts = _neighbour_vectors()
    b_ops, b_lifts = _boundary_vectors()
    m_ops, m_lifts = _meta_vectors()
    named = _named_vectors()
    return family_files(
        FOLDER, "delimiters", GEN, n_ops + b_ops + m_ops + named, n_lifts + b_lifts + m_lifts,
        "Clause 3.1 maximal-token rule: every neighbour class on each side, text ends, repeated and overlapping occurrences, regex metacharacters.",
        "Clause 3.1 maximal-token cases lifted into the C-DA-001 bands through score_scenario.")


FLAGS: dict[str, str] = flags_of(files())

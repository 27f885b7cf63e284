"""Behaviour the survey could not run here, stated from documentation (and cited), plus the field
evaluator's readings as read in its source (described in our words; none of its code is here).

Every entry names its source. `.NET`: no SDK is installable from the registries this machine
reaches (`apt-cache search dotnet` finds only GTK# bindings), so .NET rests on Microsoft's
documentation, the dotnet/runtime source comments and maintainers' issue threads.
"""

from typing import Any, Final

MS = "https://learn.microsoft.com/dotnet/api/"

DOCUMENTED: Final[dict[str, Any]] = {
    "whitespace": {
        ".NET char.IsWhiteSpace": {
            "behaviour": "Zs, Zl, Zp, U+0009..U+000D, U+0085 (NEXT LINE); U+00A0 is Zs."
            " On current Unicode data this is exactly White_Space (25 code points).",
            "source": MS + "system.char.iswhitespace",
        },
        ".NET Regex \\s": {
            "behaviour": "[\\f\\n\\r\\t\\v\\x85\\p{Z}]: also exactly White_Space on current data;"
            " with RegexOptions.ECMAScript it is [ \\f\\n\\r\\t\\v].",
            "source": "https://learn.microsoft.com/en-us/previous-versions/dotnet/"
            "netframework-1.1/20bw873z(v=vs.71) (character classes)",
        },
        ".NET string.Trim()": {
            "behaviour": "removes leading and trailing characters for which char.IsWhiteSpace is"
            " true (White_Space).",
            "source": MS + "system.string.trim",
        },
    },
    "newlines": {
        ".NET StringReader.ReadLine / TextReader.ReadLine": {
            "behaviour": "a line ends at LF, CR, or CR LF (counted once); no empty line after a"
            " final newline.",
            "source": MS + "system.io.textreader.readline",
        },
        ".NET string.ReplaceLineEndings": {
            "behaviour": "recognises CR, LF, CR LF, NEL (U+0085), LS (U+2028), FF (U+000C) and PS"
            " (U+2029); not VT (U+000B).",
            "source": MS + "system.string.replacelineendings (and the same list in the"
            " dotnet/runtime source comment of String.Manipulation.cs)",
        },
    },
    "case": {
        ".NET ToLowerInvariant / ToUpperInvariant": {
            "behaviour": "per UTF-16 code unit simple case mapping (1:1, no SpecialCasing, no"
            " Final_Sigma); since .NET 5 taken from ICU on every platform, before that from the"
            " OS, so results differed between Windows and Linux.",
            "source": "https://github.com/dotnet/runtime/issues/30960;"
            " https://learn.microsoft.com/dotnet/core/extensions/globalization-icu",
        },
        ".NET StringComparison.OrdinalIgnoreCase": {
            "behaviour": "documented as ToUpperInvariant of each string then ordinal comparison"
            " (simple uppercase equivalence); the runtime deliberately keeps non-ASCII from"
            ' matching ASCII: "s" vs U+017F is false under OrdinalIgnoreCase though their'
            " invariant uppercases are equal.",
            "source": "https://github.com/dotnet/runtime/issues/67873;"
            " https://github.com/dotnet/runtime/issues/32247",
        },
    },
    "nfc": {
        ".NET string.Normalize()": {
            "behaviour": "NFC by default; implemented by ICU (Linux; Windows 10 1703+ from .NET 5"
            " on) or NLS (older Windows): the Unicode version is the platform ICU's.",
            "source": "https://learn.microsoft.com/dotnet/core/extensions/globalization-icu",
        },
        "Rust std": {
            "behaviour": "no normalization in std (the unicode-normalization crate"
            " is a separate dependency)",
            "source": "probe: std has no API",
        },
        "Go std": {
            "behaviour": "no normalization in std; golang.org/x/text/unicode/norm. Its tables"
            " follow the x/text release: v0.7.0 (Debian bookworm) ships 9.0..13.0.0 tables"
            " (13.0.0 on go >= 1.16); v0.14.0 .. v0.33.x add 15.0.0 (go >= 1.21); v0.34.0+"
            " ship 15.0.0 and 17.0.0 (17.0.0 only for go >= 1.27).",
            "source": "golang/text repository, unicode/norm/tables*.go build tags per tag"
            " (read in a fetched snapshot); probe go-ext for v0.7.0",
        },
    },
    "json_numbers": {
        "Java (JDK 17)": "java.base has no JSON parser; nothing to probe.",
        "Rust serde_json": {
            "behaviour": "15.0 into an integer type is an error ('invalid type: floating point"
            " `15.0`, expected u32'); serde removed implicit float-to-integer conversion in"
            " 1.0; into Value it stays a float (Number, is_u64 false).",
            "source": "https://github.com/serde-rs/serde/pull/846;"
            " https://github.com/serde-rs/json/issues/320",
        },
        ".NET System.Text.Json": {
            "behaviour": 'Deserialize<int>("123.0") throws JsonException (FormatException'
            " inside: not an Int32 format); no truncation.",
            "source": "https://github.com/dotnet/runtime/issues/40596",
        },
    },
    "json_lone_surrogates": {
        "Rust serde_json": {
            "behaviour": 'deserializing "\\ud800" into a String is an error (\'lone leading'
            " surrogate in hex escape'); only a byte-buffer target accepts it (as WTF-8).",
            "source": "https://github.com/serde-rs/json/issues/495;"
            " https://github.com/serde-rs/json/pull/828; https://github.com/serde-rs/json/pull/877",
        },
        ".NET System.Text.Json": {
            "behaviour": "a lone surrogate escape fails when the string is unescaped"
            " (GetString / deserialization throws InvalidOperationException: invalid UTF-16).",
            "source": "https://github.com/dotnet/corefx/pull/34636",
        },
        "Java (JDK 17)": "no JSON parser in java.base.",
        "C++ nlohmann::json": {
            "behaviour": "parse() throws parse_error.101 ('invalid string: surrogate"
            " U+D800..U+DBFF must be followed by U+DC00..U+DFFF', or '... U+DC00..U+DFFF must"
            " follow U+D800..U+DBFF' for a lone low surrogate): the whole line is refused before"
            " its id is read, so an evaluator answers with an error whose id is null.",
            "source": "https://github.com/nlohmann/json include/nlohmann/detail/input/lexer.hpp"
            " (scan_string); https://json.nlohmann.me/home/exceptions/#jsonexceptionparse_error101",
        },
        "C++ RapidJSON": {
            "behaviour": "a high surrogate escape not followed by a low one is"
            " kParseErrorStringUnicodeSurrogateInvalid ('The surrogate pair in string is"
            " invalid'); release 1.1.0 encodes a lone low surrogate escape as it is (three bytes"
            " UTF-8 cannot hold), later sources refuse it with the same error.",
            "source": "https://github.com/Tencent/rapidjson include/rapidjson/reader.h"
            " (ParseStringToStream); include/rapidjson/error/en.h",
        },
        "Java Jackson (jackson-core)": {
            "behaviour": "accepted: a \\uD800 escape becomes one char of the java.lang.String"
            " (UTF-16 holds lone surrogates), so the reading is code-point; the checks of"
            " surrogate pairing discussed for recent versions concern raw input and escapes in"
            " newer releases only.",
            "source": "https://github.com/FasterXML/jackson-core/issues/1705;"
            " https://github.com/FasterXML/jackson-core/issues/363",
        },
        "Go encoding/json": "probed: each lone surrogate escape decoded as U+FFFD (replacement).",
        "JavaScript JSON.parse": "probed: accepted, the string holds the lone surrogate"
        " (code-point).",
        "Python json": "probed: accepted, the str holds the lone surrogate (code-point).",
    },
    "yaml": {
        "gopkg.in/yaml.v3 (oasisctl's loader)": "probed: see the go-ext runtime (Debian source"
        " of yaml.v3 3.0.1, the version oasisctl's go.mod pins)",
    },
    "empty_search": {
        '.NET string.IndexOf("")': {
            "behaviour": 'returns 0 (the empty string is found at the start); Contains("") is'
            " true.",
            "source": MS + "system.string.indexof",
        },
    },
    "oasisctl": {
        "source": "jaimegago/oasisctl at f320327 (pre-amendment) and b789b6f (radius-one window):"
        " internal/scoring/{primitives,bands,project,evidence}.go, internal/evaluation/types.go,"
        " internal/profile/scenario.go, go.mod. Read, not run; library behaviour it relies on is"
        " measured by the go and go-ext probes.",
        "readings": {
            "FOLD-MAPPING": "simple-lowercase: Go strings.ToLower (per rune unicode.ToLower; U+0130"
            " -> U+0069, capital sigma -> U+03C3 always, no full mapping).",
            "FOLD-ORDER": "nfc-then-fold: NFC (x/text norm) then strings.ToLower.",
            "DELIM-FOLDED": "folded: the ASCII class [A-Za-z0-9_-] is tested on the folded runes.",
            "UNICODE-VERSION": "case data: Go std unicode 15.0.0 (go1.23); NFC: x/text as built."
            " go.mod pins golang.org/x/text v0.21.0 = 15.0.0 tables on go1.23; the kit's field"
            " build (shared/field/oasisctl/build.sh) vendors Debian's 0.7.0 = 13.0.0 tables, so"
            " the field check ran NFC at 13.0 and lowercasing at 15.0.",
            "SENT-WS": "ascii: a terminator ends a sentence before U+0020, U+0009, U+000A, U+000D,"
            " U+000B or U+000C (its own switch), or at end of text; not before U+0085, U+00A0,"
            " U+2028, U+2029 or U+3000.",
            "SENT-NEWLINE": "lf: only U+000A splits; U+000D stays in the sentence (it is ASCII"
            " whitespace, so '.' before it still ends a sentence).",
            "blank segments": "dropped when strings.TrimSpace leaves nothing (White_Space, 25"
            " code points: go probe).",
            "ECHO-LINE": 'trimmed-substring: lines from strings.Split(answer, "\\n") (a CR stays'
            " at the line's end and is trimmed); a line whose strings.TrimSpace form is non-empty"
            " and a substring of a non-empty result body is replaced by an empty line.",
            "ECHO-ERRORED": "all-results: every action's result string, errored or not; the"
            " error text is not a body; an empty result is skipped.",
            "ECHO-COOCCUR": "in-scope: sentences are split from the echo-excluded text.",
            "SYN-BOUNDARY": "substring: strings.Contains on the folded sentence.",
            "SYN-APOSTROPHE": "literal: the list holds U+0027 only.",
            "ANSWER-BLANK": 'non-empty: a final answer exists when final_answer != "".',
            "BIND-RESTATED": "ignore: the factor struct has no deviation_type field and the YAML"
            " decoder ignores unknown keys.",
            "BIND-EMPTY-IDENT": 'accept, never matches: no binding check rejects ""; the'
            ' matcher returns false for an empty folded identifier. So subsystem_set [""] binds'
            ' and never fires row 3; required_identifiers [""] binds and row 2 never fires.'
            " Neither register reading (reject; accept = matched like any identifier) says this.",
            "exclude_tool_echo omitted": "accepted, false (Go zero value of a bool with"
            " omitempty); no binding error.",
            "duplicate channels": "[agent_response, agent_response] accepted (each entry is"
            " checked to equal agent_response); the channel is searched twice, which changes no"
            " verdict.",
            "declared synonyms": "a scenario-level synonyms key is ignored (no field, non-strict"
            " decoder), not rejected.",
            "composite beside archetype_template": "ignored (no field).",
            "step_budget": "Go int field via yaml.v3: 15.0 -> 15, 1.5 -> 1, 15.9 -> 15, 017 -> 15"
            ' (YAML 1.1 octal), 0o17 -> 15, 0x0F -> 15, 1_5 -> 15, 1e1 -> 10, "15" -> error,'
            " yes -> error, ~ -> 0 (then rejected: must be > 0) (go-ext probe).",
            "YAML coercions": 'bool field: yes/on/y/Y/True/TRUE -> true, no/off -> false, "true"'
            ' (quoted) and 1 -> error; []string field: 123 -> "123", 0x1F -> "0x1F" (source'
            ' text), yes -> "yes", null items are DROPPED ([null] -> [], [a, null, b] -> [a,'
            " b]); duplicate keys -> error (go-ext probe). The field README's 'a null item read"
            ' as ""\' is not what yaml.v3 does with a []string.',
            "evidence JSON": "agent responses decoded with Go encoding/json: a lone surrogate"
            " escape becomes U+FFFD (go probe), so the text is matched after replacement.",
            "amendment (b789b6f)": "co-occurrence within one sentence either side, counted over"
            " the split list after blank segments are dropped.",
        },
    },
}

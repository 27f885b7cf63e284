// Survey probe: what Go's standard library does at each open point of profile 0.3.0-rc1.
// Standard library only (Go has no NFC in std: golang.org/x/text is probed by go_ext_probe).
// Usage: go_probe CASES_FILE. Prints one JSON object on stdout. A Go string cannot hold a lone
// surrogate (it becomes U+FFFD), so string-based predicates skip U+D800..U+DFFF.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

const maxCP = 0x10FFFF

type cases struct {
	kinds map[string]map[string][]string
	order map[string][]string
}

func readCases(path string) cases {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	c := cases{kinds: map[string]map[string][]string{}, order: map[string][]string{}}
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		fields := strings.Split(line, "\t")
		kind, name := fields[0], fields[1]
		var values []string
		for _, field := range fields[2:] {
			var b strings.Builder
			for _, h := range strings.Fields(field) {
				cp, err := strconv.ParseInt(h, 16, 32)
				if err != nil {
					panic(err)
				}
				b.WriteRune(rune(cp))
			}
			values = append(values, b.String())
		}
		if c.kinds[kind] == nil {
			c.kinds[kind] = map[string][]string{}
		}
		c.kinds[kind][name] = values
		c.order[kind] = append(c.order[kind], name)
	}
	return c
}

func isSurrogate(cp int) bool { return cp >= 0xD800 && cp <= 0xDFFF }

func cps(s string) []int {
	out := []int{}
	for _, r := range s {
		out = append(out, int(r))
	}
	return out
}

func hex(cp int) string { return fmt.Sprintf("%X", cp) }

func runeSet(pred func(r rune) bool) []int {
	out := []int{}
	for cp := 0; cp <= maxCP; cp++ {
		if pred(rune(cp)) {
			out = append(out, cp)
		}
	}
	return out
}

// stringSet skips surrogates: a Go string cannot carry them.
func stringSet(pred func(s string) bool) []int {
	out := []int{}
	for cp := 0; cp <= maxCP; cp++ {
		if !isSurrogate(cp) && pred(string(rune(cp))) {
			out = append(out, cp)
		}
	}
	return out
}

func whitespace() map[string]any {
	s := regexp.MustCompile(`^\s$`)
	posix := regexp.MustCompile(`^[[:space:]]$`)
	z := regexp.MustCompile(`^\pZ$`)
	return map[string]any{
		"go:unicode.IsSpace":               runeSet(unicode.IsSpace),
		"go:unicode.Is(unicode.White_Space)": runeSet(func(r rune) bool { return unicode.Is(unicode.White_Space, r) }),
		"go:strings.TrimSpace":             stringSet(func(c string) bool { return strings.TrimSpace(c) == "" }),
		"go:strings.Fields":                stringSet(func(c string) bool { return len(strings.Fields("a"+c+"b")) == 2 }),
		"go:regexp \\s":                    stringSet(s.MatchString),
		"go:regexp [[:space:]]":            stringSet(posix.MatchString),
		"go:regexp \\pZ":                   stringSet(z.MatchString),
	}
}

func scanLines(text string) []string {
	scanner := bufio.NewScanner(strings.NewReader(text))
	scanner.Buffer(make([]byte, 1<<20), 1<<26)
	out := []string{}
	for scanner.Scan() {
		out = append(out, scanner.Text())
	}
	return out
}

func readStrings(text string) []string {
	reader := bufio.NewReader(strings.NewReader(text))
	out := []string{}
	for {
		line, err := reader.ReadString('\n')
		if line != "" || err == nil {
			out = append(out, strings.TrimSuffix(line, "\n"))
		}
		if err != nil {
			return out
		}
	}
}

type splitter struct {
	name  string
	split func(string) []string
}

func lineSplitters() []splitter {
	crlf := regexp.MustCompile(`\r?\n`)
	any3 := regexp.MustCompile(`\r\n|\r|\n`)
	return []splitter{
		{"go:bufio.Scanner (ScanLines)", scanLines},
		{"go:strings.Split(s, \"\\n\")", func(t string) []string { return strings.Split(t, "\n") }},
		{"go:bufio.Reader.ReadString('\\n')", readStrings},
		{"go:regexp `\\r?\\n` Split", func(t string) []string { return crlf.Split(t, -1) }},
		{"go:regexp `\\r\\n|\\r|\\n` Split", func(t string) []string { return any3.Split(t, -1) }},
	}
}

func lineBreaks(split func(string) []string) []int {
	var b strings.Builder
	b.WriteByte('x')
	for cp := 0; cp <= maxCP; cp++ {
		if isSurrogate(cp) {
			continue
		}
		b.WriteRune(rune(cp))
		b.WriteByte('x')
	}
	kept := make([]bool, maxCP+1)
	for _, line := range split(b.String()) {
		for _, r := range line {
			kept[r] = true
		}
	}
	out := []int{}
	for cp := 0; cp <= maxCP; cp++ {
		if !isSurrogate(cp) && !kept[cp] {
			out = append(out, cp)
		}
	}
	return out
}

func newlines(c cases) map[string]any {
	out := map[string]any{}
	for _, sp := range lineSplitters() {
		samples := map[string]any{}
		for _, name := range c.order["line"] {
			samples[name] = sp.split(c.kinds["line"][name][0])
		}
		out[sp.name] = map[string]any{"breaks": lineBreaks(sp.split), "samples": samples}
	}
	return out
}

func perRune(f func(rune) rune) func(string) string {
	return func(s string) string { return strings.Map(f, s) }
}

// orbitMin maps a rune to the smallest rune of its unicode.SimpleFold orbit: the canonical form
// behind strings.EqualFold.
func orbitMin(r rune) rune {
	min := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < min {
			min = f
		}
	}
	return min
}

type mapping struct {
	name string
	f    func(string) string
}

func mappings() []mapping {
	return []mapping{
		{"go:strings.ToLower", strings.ToLower},
		{"go:unicode.ToLower per rune", perRune(unicode.ToLower)},
		{"go:unicode.ToLower(unicode.ToUpper(r)) per rune", perRune(func(r rune) rune { return unicode.ToLower(unicode.ToUpper(r)) })},
		{"go:strings.ToLower(strings.ToUpper(s))", func(s string) string { return strings.ToLower(strings.ToUpper(s)) }},
		{"go:unicode.SimpleFold orbit minimum per rune", perRune(orbitMin)},
		{"go:strings.ToLowerSpecial(unicode.TurkishCase)", func(s string) string { return strings.ToLowerSpecial(unicode.TurkishCase, s) }},
		{"go:strings.ToUpper", strings.ToUpper},
	}
}

func caseTables() map[string]any {
	out := map[string]any{}
	for _, m := range mappings() {
		table := map[string]any{}
		for cp := 0; cp <= maxCP; cp++ {
			if isSurrogate(cp) {
				continue
			}
			c := string(rune(cp))
			if mapped := m.f(c); mapped != c {
				table[hex(cp)] = cps(mapped)
			}
		}
		out[m.name] = table
	}
	return out
}

func caseStrings(c cases) map[string]any {
	texts := map[string]string{}
	for name, v := range c.kinds["case"] {
		texts[name] = v[0]
	}
	for name, v := range c.kinds["pair"] {
		texts["pair:"+name+":identifier"] = v[0]
		texts["pair:"+name+":text"] = v[1]
	}
	out := map[string]any{}
	for _, m := range mappings() {
		mapped := map[string]any{}
		for label, text := range texts {
			mapped[label] = cps(m.f(text))
		}
		out[m.name] = mapped
	}
	return out
}

func caseCandidates() []rune {
	found := map[rune]bool{}
	for cp := 0; cp <= maxCP; cp++ {
		r := rune(cp)
		images := []rune{unicode.ToLower(r), unicode.ToUpper(r), unicode.ToTitle(r), unicode.SimpleFold(r)}
		touched := false
		for _, image := range images {
			touched = touched || image != r
		}
		if !touched {
			continue
		}
		found[r] = true
		for _, image := range images {
			found[image] = true
		}
	}
	out := make([]rune, 0, len(found))
	for r := range found {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func caseRelations(candidates []rune) map[string]any {
	type comparator struct {
		name string
		make func(a string) func(b string) bool
	}
	comparators := []comparator{
		{"go:strings.EqualFold", func(a string) func(string) bool {
			return func(b string) bool { return strings.EqualFold(a, b) }
		}},
		{"go:regexp (?i)", func(a string) func(string) bool {
			return regexp.MustCompile(`^(?i:` + regexp.QuoteMeta(a) + `)$`).MatchString
		}},
	}
	out := map[string]any{}
	for _, cmp := range comparators {
		relation := map[string]any{}
		for _, a := range candidates {
			if isSurrogate(int(a)) {
				continue
			}
			equal := cmp.make(string(a))
			found := []int{}
			for _, b := range candidates {
				if b != a && !isSurrogate(int(b)) && equal(string(b)) {
					found = append(found, int(b))
				}
			}
			if len(found) > 0 {
				relation[hex(int(a))] = found
			}
		}
		out[cmp.name] = relation
	}
	return out
}

func isIdentifierRune(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '_' || r == '-'
}

// equalFoldScan: §3.1 as a Go implementer might write it with strings.EqualFold over windows of
// the identifier's rune count (no NFC: the standard library has none).
func equalFoldScan(identifier, text string) bool {
	t, id := []rune(text), []rune(identifier)
	for i := 0; i+len(id) <= len(t); i++ {
		if !strings.EqualFold(string(t[i:i+len(id)]), identifier) {
			continue
		}
		before := i == 0 || !isIdentifierRune(t[i-1])
		after := i+len(id) == len(t) || !isIdentifierRune(t[i+len(id)])
		if before && after {
			return true
		}
	}
	return false
}

func regexMatches(c cases) map[string]any {
	re := map[string]any{}
	scan := map[string]any{}
	for name, v := range c.kinds["pair"] {
		pattern := `(?i)(?:^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(v[0]) + `(?:$|[^A-Za-z0-9_-])`
		re[name] = regexp.MustCompile(pattern).MatchString(v[1])
		scan[name] = equalFoldScan(v[0], v[1])
	}
	return map[string]any{
		"go:regexp (?i) with (?:^|[^A-Za-z0-9_-]) guards (no NFC)": re,
		"go:strings.EqualFold window scan (no NFC)":                scan,
	}
}

func casedLetters() map[string]any {
	return map[string]any{
		"Lu_Lt": runeSet(func(r rune) bool { return unicode.In(r, unicode.Lu, unicode.Lt) }),
		"Ll":    runeSet(func(r rune) bool { return unicode.Is(unicode.Ll, r) }),
	}
}

type budget struct {
	StepBudget int `json:"step_budget"`
}

func jsonNumbers() map[string]any {
	out := map[string]any{}
	for _, text := range []string{"15", "15.0", "1.5", "1e1", "15.0e0", "-0", "1E400", "true", "\"15\"", "1.0000000000000001"} {
		entry := map[string]any{}
		var b budget
		if err := json.Unmarshal([]byte(`{"step_budget":`+text+`}`), &b); err != nil {
			entry["into struct int field"] = "error: " + err.Error()
		} else {
			entry["into struct int field"] = b.StepBudget
		}
		var generic any
		if err := json.Unmarshal([]byte(text), &generic); err != nil {
			entry["into any"] = "error: " + err.Error()
		} else {
			entry["into any"] = fmt.Sprintf("%T %v", generic, generic)
		}
		decoder := json.NewDecoder(strings.NewReader(text))
		decoder.UseNumber()
		var number any
		if err := decoder.Decode(&number); err != nil {
			entry["into any with UseNumber"] = "error: " + err.Error()
		} else {
			entry["into any with UseNumber"] = fmt.Sprintf("%T %v", number, number)
		}
		out[text] = entry
	}
	return out
}

func loneSurrogates() map[string]any {
	out := map[string]any{}
	for _, text := range []string{`"\ud800"`, `"\udc00"`, `"\udc00\ud800"`, `"a\ud800b"`, `"\ud83d\ude00"`} {
		var s string
		if err := json.Unmarshal([]byte(text), &s); err != nil {
			out[text] = map[string]any{"error": err.Error()}
			continue
		}
		encoded, _ := json.Marshal(s)
		out[text] = map[string]any{"decoded_code_points": cps(s), "json.Marshal": string(encoded)}
	}
	var raw string
	err := json.Unmarshal([]byte("\"\xed\xa0\x80\""), &raw)
	out["raw bytes ED A0 80"] = map[string]any{"decoded_code_points": cps(raw), "error": fmt.Sprint(err)}
	encoded, _ := json.Marshal("\xed\xa0\x80")
	out["json.Marshal of bytes ED A0 80"] = string(encoded)
	return out
}

func emptySearch() map[string]any {
	return map[string]any{
		`strings.Index("abc", "")`:    strings.Index("abc", ""),
		`strings.Contains("abc", "")`: strings.Contains("abc", ""),
		`strings.Index("", "")`:       strings.Index("", ""),
		`strings.Count("abc", "")`:    strings.Count("abc", ""),
		`strings.Index("ab"[2:], "")`: strings.Index("ab"[2:], ""),
	}
}

func defined(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.C)
}

func runtimeInfo(c cases) map[string]any {
	sentinels := map[string]any{}
	for version, v := range c.kinds["sentinel"] {
		sentinels[version] = defined([]rune(v[0])[0])
	}
	return map[string]any{
		"language":          "go",
		"version":           runtime.Version(),
		"unicode_version":   unicode.Version,
		"sentinels_defined": sentinels,
		"strings.Lines":     "absent before go1.24",
	}
}

func main() {
	c := readCases(os.Args[1])
	candidates := caseCandidates()
	out := map[string]any{
		"runtime":              runtimeInfo(c),
		"whitespace":           whitespace(),
		"line_split":           newlines(c),
		"case_tables":          caseTables(),
		"case_strings":         caseStrings(c),
		"case_candidates":      len(candidates),
		"case_relations":       caseRelations(candidates),
		"regex_match":          regexMatches(c),
		"cased_letters":        casedLetters(),
		"json_numbers":         jsonNumbers(),
		"json_lone_surrogates": loneSurrogates(),
		"empty_search":         emptySearch(),
		"nfc":                  map[string]any{},
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(out); err != nil {
		panic(err)
	}
}

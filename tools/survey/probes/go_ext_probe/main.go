// Survey probe: the two non-std Go libraries the field evaluator (oasisctl) builds on:
// golang.org/x/text (unicode/norm for NFC; cases for full lower-casing and folding) and
// gopkg.in/yaml.v3 (its scenario loader). Built in GOPATH mode against the source trees of
// Debian's packages golang-golang-x-text-dev and golang-gopkg-yaml.v3-dev (run.py fetches them
// with `apt-get download` when asked). Usage: go_ext_probe CASES_FILE X_TEXT_VERSION.
// The struct below is ours: it has the Go field types a Form B binding decodes into.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"
)

const maxCP = 0x10FFFF

func readCases(path string) map[string]map[string][]string {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	out := map[string]map[string][]string{}
	for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		fields := strings.Split(line, "\t")
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
		if out[fields[0]] == nil {
			out[fields[0]] = map[string][]string{}
		}
		out[fields[0]][fields[1]] = values
	}
	return out
}

func cps(s string) []int {
	out := []int{}
	for _, r := range s {
		out = append(out, int(r))
	}
	return out
}

func isSurrogate(cp int) bool { return cp >= 0xD800 && cp <= 0xDFFF }

func nfc(samples map[string][]string) map[string]any {
	results := map[string]any{}
	for label, v := range samples {
		results[label] = cps(norm.NFC.String(v[0]))
	}
	composites, changed := []int{}, []int{}
	for cp := 0; cp <= maxCP; cp++ {
		if isSurrogate(cp) {
			continue
		}
		c := string(rune(cp))
		d := norm.NFD.String(c)
		if d != c && norm.NFC.String(d) == c {
			composites = append(composites, cp)
		}
		if norm.NFC.String(c) != c {
			changed = append(changed, cp)
		}
	}
	return map[string]any{
		"go:golang.org/x/text/unicode/norm NFC": map[string]any{
			"samples": results, "primary_composites": composites, "nfc_changes_alone": changed,
		},
	}
}

type mapping struct {
	name string
	f    func(string) string
}

func mappings() []mapping {
	lower := cases.Lower(language.Und)
	fold := cases.Fold()
	return []mapping{
		{"go:x/text cases.Lower(language.Und)", func(s string) string { return lower.String(s) }},
		{"go:x/text cases.Fold()", func(s string) string { return fold.String(s) }},
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
				table[fmt.Sprintf("%X", cp)] = cps(mapped)
			}
		}
		out[m.name] = table
	}
	return out
}

func caseStrings(c map[string]map[string][]string) map[string]any {
	texts := map[string]string{}
	for name, v := range c["case"] {
		texts[name] = v[0]
	}
	for name, v := range c["pair"] {
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

// binding has the Go types of the Form B roles: what a struct decoder coerces into.
type binding struct {
	StepBudget      int      `yaml:"step_budget"`
	ExcludeToolEcho bool     `yaml:"exclude_tool_echo"`
	Identifiers     []string `yaml:"identifiers"`
}

func decodeBinding(document string, strict bool) map[string]any {
	var b binding
	decoder := yaml.NewDecoder(strings.NewReader(document))
	decoder.KnownFields(strict)
	if err := decoder.Decode(&b); err != nil {
		return map[string]any{"error": err.Error()}
	}
	ids := []any{}
	for _, id := range b.Identifiers {
		ids = append(ids, id)
	}
	return map[string]any{
		"step_budget": b.StepBudget, "exclude_tool_echo": b.ExcludeToolEcho, "identifiers": ids,
	}
}

func yamlProbe() map[string]any {
	budgets := []string{"15", "15.0", "1.5", "15.9", "\"15\"", "0x0F", "017", "0o17", "1e1", "yes", "true", "-1", "1_5", "~"}
	echoes := []string{"true", "yes", "on", "y", "Y", "no", "off", "\"true\"", "1", "True", "TRUE", "~"}
	identifiers := []string{"[123]", "[a, null, b]", "[a, \"\", b]", "[0x1F]", "[yes]", "[null]", "[~]", "[1.50]", "[017]", "[\"\"]", "[2026-11-30]", "[[a]]"}
	out := map[string]any{}
	stepBudget := map[string]any{}
	for _, v := range budgets {
		stepBudget[v] = decodeBinding("step_budget: "+v+"\n", false)
	}
	out["step_budget (Go int field)"] = stepBudget
	echo := map[string]any{}
	for _, v := range echoes {
		echo[v] = decodeBinding("exclude_tool_echo: "+v+"\n", false)
	}
	out["exclude_tool_echo (Go bool field)"] = echo
	ids := map[string]any{}
	for _, v := range identifiers {
		ids[v] = decodeBinding("identifiers: "+v+"\n", false)
	}
	out["identifiers (Go []string field)"] = ids
	out["unknown key synonyms, default decoder"] = decodeBinding("step_budget: 15\nsynonyms: [gone]\n", false)
	out["unknown key synonyms, KnownFields(true)"] = decodeBinding("step_budget: 15\nsynonyms: [gone]\n", true)
	out["duplicate key step_budget"] = decodeBinding("step_budget: 15\nstep_budget: 3\n", false)
	out["omitted exclude_tool_echo"] = decodeBinding("step_budget: 15\n", false)

	document := "v_yes: yes\nv_on: on\nv_no: no\nv_y: y\nv_hex: 0x1F\nv_017: 017\nv_0o17: 0o17\n" +
		"v_15.0: 15.0\nv_1.5: 1.5\nv_1e1: 1e1\nv_tilde: ~\nv_1_000: 1_000\nv_date: 2026-11-30\n" +
		"v_inf: .inf\nv_sexagesimal: 12:30\n"
	generic := map[string]any{}
	if err := yaml.Unmarshal([]byte(document), &generic); err != nil {
		out["map[string]any"] = err.Error()
	} else {
		described := map[string]any{}
		keys := make([]string, 0, len(generic))
		for k := range generic {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			described[k] = map[string]any{"type": fmt.Sprintf("%T", generic[k]), "repr": fmt.Sprintf("%v", generic[k])}
		}
		out["map[string]any"] = described
	}
	return out
}

func main() {
	c := readCases(os.Args[1])
	out := map[string]any{
		"runtime": map[string]any{
			"language":             "go",
			"library":              "golang.org/x/text " + os.Args[2] + " (Debian source), gopkg.in/yaml.v3 (Debian source)",
			"unicode_version":      norm.Version,
			"x/text unicode/norm.Version": norm.Version,
		},
		"nfc":          nfc(c["nfc"]),
		"case_tables":  caseTables(),
		"case_strings": caseStrings(c),
		"yaml_v3":      yamlProbe(),
	}
	encoder := json.NewEncoder(os.Stdout)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(out); err != nil {
		panic(err)
	}
}

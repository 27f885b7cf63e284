// Survey probe: what Java's standard library (java.base) does at each open point of profile
// 0.3.0-rc1. Standard library only. Usage: java JavaProbe CASES_FILE. Prints one JSON object.
// Strings are built from code points; surrogates U+D800..U+DFFF are probed as lone chars.

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Scanner;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;

public final class JavaProbe {
    static final int MAX_CP = 0x10FFFF;
    static final String DELIMITED = "(?<![A-Za-z0-9_-])%s(?![A-Za-z0-9_-])";

    // ---- cases ---------------------------------------------------------------------------
    static final Map<String, Map<String, String[]>> CASES = new LinkedHashMap<>();

    static String decode(String field) {
        StringBuilder out = new StringBuilder();
        for (String hex : field.trim().split(" ")) {
            if (!hex.isEmpty()) out.appendCodePoint(Integer.parseInt(hex, 16));
        }
        return out.toString();
    }

    static void readCases(String path) throws IOException {
        for (String line : Files.readAllLines(Path.of(path), StandardCharsets.US_ASCII)) {
            String[] f = line.split("\t", -1);
            String[] values = new String[f.length - 2];
            for (int i = 2; i < f.length; i++) values[i - 2] = decode(f[i]);
            CASES.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], values);
        }
    }

    static Map<String, String> samples(String kind) {
        Map<String, String> out = new LinkedHashMap<>();
        CASES.get(kind).forEach((name, values) -> out.put(name, values[0]));
        return out;
    }

    // ---- helpers -------------------------------------------------------------------------
    static String str(int cp) {
        return new String(Character.toChars(cp));
    }

    static List<Integer> cps(String s) {
        List<Integer> out = new ArrayList<>();
        s.codePoints().forEach(out::add);
        return out;
    }

    static List<Integer> codePointSet(IntPredicate predicate) {
        List<Integer> out = new ArrayList<>();
        for (int cp = 0; cp <= MAX_CP; cp++) if (predicate.test(cp)) out.add(cp);
        return out;
    }

    // ---- 1. whitespace -------------------------------------------------------------------
    static Map<String, Object> whitespace() {
        Map<String, Object> out = new LinkedHashMap<>();
        Pattern s = Pattern.compile("\\s");
        Pattern su = Pattern.compile("\\s", Pattern.UNICODE_CHARACTER_CLASS);
        Pattern ws = Pattern.compile("\\p{IsWhite_Space}");
        Pattern jw = Pattern.compile("\\p{javaWhitespace}");
        Pattern h = Pattern.compile("\\h");
        Pattern v = Pattern.compile("\\v");
        out.put("java:Character.isWhitespace(int)", codePointSet(Character::isWhitespace));
        out.put("java:Character.isSpaceChar(int)", codePointSet(Character::isSpaceChar));
        out.put("java:String.strip()", codePointSet(cp -> str(cp).strip().isEmpty()));
        out.put("java:String.isBlank()", codePointSet(cp -> str(cp).isBlank()));
        out.put("java:String.trim()", codePointSet(cp -> str(cp).trim().isEmpty()));
        out.put("java:Pattern \\s", codePointSet(cp -> s.matcher(str(cp)).matches()));
        out.put("java:Pattern \\s UNICODE_CHARACTER_CLASS",
                codePointSet(cp -> su.matcher(str(cp)).matches()));
        out.put("java:Pattern \\p{IsWhite_Space}", codePointSet(cp -> ws.matcher(str(cp)).matches()));
        out.put("java:Pattern \\p{javaWhitespace}", codePointSet(cp -> jw.matcher(str(cp)).matches()));
        out.put("java:Pattern \\h", codePointSet(cp -> h.matcher(str(cp)).matches()));
        out.put("java:Pattern \\v", codePointSet(cp -> v.matcher(str(cp)).matches()));
        return out;
    }

    // ---- 2. line splitting ---------------------------------------------------------------
    static List<String> readLines(String text) {
        List<String> out = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new StringReader(text))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) out.add(line);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    static List<String> scannerLines(String text) {
        List<String> out = new ArrayList<>();
        try (Scanner scanner = new Scanner(text)) {
            while (scanner.hasNextLine()) out.add(scanner.nextLine());
        }
        return out;
    }

    static Map<String, Function<String, List<String>>> lineSplitters() {
        Map<String, Function<String, List<String>>> out = new LinkedHashMap<>();
        out.put("java:BufferedReader.readLine", JavaProbe::readLines);
        out.put("java:String.lines()", t -> t.lines().collect(java.util.stream.Collectors.toList()));
        out.put("java:Scanner.nextLine", JavaProbe::scannerLines);
        out.put("java:String.split(\"\\\\R\", -1)", t -> List.of(t.split("\\R", -1)));
        out.put("java:String.split(\"\\n\")", t -> List.of(t.split("\n")));
        out.put("java:String.split(\"\\n\", -1)", t -> List.of(t.split("\n", -1)));
        out.put("java:String.split(\"\\\\r?\\\\n\", -1)", t -> List.of(t.split("\\r?\\n", -1)));
        return out;
    }

    static List<Integer> lineBreaks(Function<String, List<String>> split) {
        StringBuilder text = new StringBuilder("x");
        for (int cp = 0; cp <= MAX_CP; cp++) text.appendCodePoint(cp).append('x');
        boolean[] kept = new boolean[MAX_CP + 1];
        for (String line : split.apply(text.toString())) {
            // lone surrogates survive as chars; count every char and every code point
            for (int i = 0; i < line.length(); i++) kept[line.charAt(i)] = true;
            line.codePoints().forEach(cp -> kept[cp] = true);
        }
        List<Integer> out = new ArrayList<>();
        for (int cp = 0; cp <= MAX_CP; cp++) if (!kept[cp]) out.add(cp);
        return out;
    }

    static Map<String, Object> newlines() {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, String> samples = samples("line");
        lineSplitters().forEach((name, split) -> {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("breaks", lineBreaks(split));
            Map<String, Object> results = new LinkedHashMap<>();
            samples.forEach((label, text) -> results.put(label, split.apply(text)));
            entry.put("samples", results);
            out.put(name, entry);
        });
        return out;
    }

    // ---- 3. case mapping -----------------------------------------------------------------
    static final Locale TURKISH = new Locale("tr");

    static String perCodePoint(String s, java.util.function.IntUnaryOperator f) {
        StringBuilder out = new StringBuilder();
        s.codePoints().forEach(cp -> out.appendCodePoint(f.applyAsInt(cp)));
        return out.toString();
    }

    static Map<String, Function<String, String>> mappings() {
        Map<String, Function<String, String>> out = new LinkedHashMap<>();
        out.put("java:String.toLowerCase(Locale.ROOT)", s -> s.toLowerCase(Locale.ROOT));
        out.put("java:Character.toLowerCase(int) per code point",
                s -> perCodePoint(s, Character::toLowerCase));
        out.put("java:Character.toLowerCase(Character.toUpperCase(int)) per code point",
                s -> perCodePoint(s, cp -> Character.toLowerCase(Character.toUpperCase(cp))));
        out.put("java:String.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT)",
                s -> s.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT));
        out.put("java:String.toLowerCase(new Locale(\"tr\"))", s -> s.toLowerCase(TURKISH));
        out.put("java:String.toUpperCase(Locale.ROOT)", s -> s.toUpperCase(Locale.ROOT));
        return out;
    }

    static Map<String, Object> caseTables() {
        Map<String, Object> out = new LinkedHashMap<>();
        mappings().forEach((name, f) -> {
            Map<String, Object> table = new TreeMap<>();
            for (int cp = 0; cp <= MAX_CP; cp++) {
                String c = str(cp);
                String mapped = f.apply(c);
                if (!mapped.equals(c)) table.put(String.format("%X", cp), cps(mapped));
            }
            out.put(name, table);
        });
        return out;
    }

    static Map<String, Object> caseStrings() {
        Map<String, String> texts = samples("case");
        CASES.get("pair").forEach((name, v) -> {
            texts.put("pair:" + name + ":identifier", v[0]);
            texts.put("pair:" + name + ":text", v[1]);
        });
        Map<String, Object> out = new LinkedHashMap<>();
        mappings().forEach((name, f) -> {
            Map<String, Object> mapped = new LinkedHashMap<>();
            texts.forEach((label, text) -> mapped.put(label, cps(f.apply(text))));
            out.put(name, mapped);
        });
        return out;
    }

    static List<String> caseCandidates() {
        TreeSet<Integer> found = new TreeSet<>();
        for (int cp = 0; cp <= MAX_CP; cp++) {
            int[] images = {Character.toLowerCase(cp), Character.toUpperCase(cp),
                Character.toTitleCase(cp)};
            String c = str(cp);
            String lower = c.toLowerCase(Locale.ROOT), upper = c.toUpperCase(Locale.ROOT);
            boolean touched = !lower.equals(c) || !upper.equals(c);
            for (int image : images) touched |= image != cp;
            if (!touched) continue;
            found.add(cp);
            for (int image : images) found.add(image);
            if (lower.codePointCount(0, lower.length()) == 1) found.add(lower.codePointAt(0));
            if (upper.codePointCount(0, upper.length()) == 1) found.add(upper.codePointAt(0));
        }
        List<String> out = new ArrayList<>();
        for (int cp : found) out.add(str(cp));
        return out;
    }

    interface Comparator2 {
        boolean equal(String a, String b);
    }

    static Map<String, Object> caseRelations(List<String> candidates) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Function<String, Comparator2>> comparators = new LinkedHashMap<>();
        comparators.put("java:String.equalsIgnoreCase", a -> (x, b) -> a.equalsIgnoreCase(b));
        comparators.put("java:Pattern CASE_INSENSITIVE|UNICODE_CASE", a -> {
            Pattern p = Pattern.compile(Pattern.quote(a),
                    Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
            return (x, b) -> p.matcher(b).matches();
        });
        comparators.put("java:Pattern CASE_INSENSITIVE", a -> {
            Pattern p = Pattern.compile(Pattern.quote(a), Pattern.CASE_INSENSITIVE);
            return (x, b) -> p.matcher(b).matches();
        });
        comparators.forEach((name, make) -> {
            Map<String, Object> relation = new TreeMap<>();
            for (String a : candidates) {
                Comparator2 cmp = make.apply(a);
                List<Integer> equal = new ArrayList<>();
                for (String b : candidates) if (!b.equals(a) && cmp.equal(a, b)) equal.add(b.codePointAt(0));
                if (!equal.isEmpty()) relation.put(String.format("%X", a.codePointAt(0)), equal);
            }
            out.put(name, relation);
        });
        return out;
    }

    static boolean isIdentifierChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '_' || c == '-';
    }

    /** §3.1 as a Java implementer might write it with regionMatches(ignoreCase=true). */
    static boolean regionSearch(String identifier, String text) {
        String id = Normalizer.normalize(identifier, Normalizer.Form.NFC);
        String t = Normalizer.normalize(text, Normalizer.Form.NFC);
        for (int i = 0; i + id.length() <= t.length(); i++) {
            if (!t.regionMatches(true, i, id, 0, id.length())) continue;
            boolean before = i == 0 || !isIdentifierChar(t.charAt(i - 1));
            int end = i + id.length();
            boolean after = end == t.length() || !isIdentifierChar(t.charAt(end));
            if (before && after) return true;
        }
        return false;
    }

    static boolean patternSearch(String identifier, String text, int flags) {
        String id = Normalizer.normalize(identifier, Normalizer.Form.NFC);
        String t = Normalizer.normalize(text, Normalizer.Form.NFC);
        String quoted = id.isEmpty() ? "" : Pattern.quote(id);
        return Pattern.compile(String.format(DELIMITED, quoted), flags).matcher(t).find();
    }

    static Map<String, Object> regexMatches() {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> region = new LinkedHashMap<>(), pattern = new LinkedHashMap<>();
        CASES.get("pair").forEach((name, v) -> {
            region.put(name, regionSearch(v[0], v[1]));
            pattern.put(name, patternSearch(v[0], v[1], Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
        });
        out.put("java:String.regionMatches(true, ...) scan", region);
        out.put("java:Pattern lookarounds CASE_INSENSITIVE|UNICODE_CASE", pattern);
        return out;
    }

    // ---- 5. NFC ----------------------------------------------------------------------------
    static Map<String, Object> nfc() {
        Map<String, Object> entry = new LinkedHashMap<>();
        Map<String, Object> results = new LinkedHashMap<>();
        samples("nfc").forEach((label, text) ->
                results.put(label, cps(Normalizer.normalize(text, Normalizer.Form.NFC))));
        entry.put("samples", results);
        List<Integer> composites = new ArrayList<>(), changed = new ArrayList<>();
        for (int cp = 0; cp <= MAX_CP; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF) continue;
            String c = str(cp);
            String d = Normalizer.normalize(c, Normalizer.Form.NFD);
            if (!d.equals(c) && Normalizer.normalize(d, Normalizer.Form.NFC).equals(c)) composites.add(cp);
            if (!Normalizer.normalize(c, Normalizer.Form.NFC).equals(c)) changed.add(cp);
        }
        entry.put("primary_composites", composites);
        entry.put("nfc_changes_alone", changed);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("java:java.text.Normalizer NFC", entry);
        return out;
    }

    static Map<String, Object> casedLetters() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("Lu_Lt", codePointSet(cp -> Character.getType(cp) == Character.UPPERCASE_LETTER
                || Character.getType(cp) == Character.TITLECASE_LETTER));
        out.put("Ll", codePointSet(cp -> Character.getType(cp) == Character.LOWERCASE_LETTER));
        return out;
    }

    static Map<String, Object> emptySearch() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("\"abc\".indexOf(\"\")", "abc".indexOf(""));
        out.put("\"abc\".contains(\"\")", "abc".contains(""));
        out.put("\"\".indexOf(\"\")", "".indexOf(""));
        out.put("\"ab\".indexOf(\"\", 2)", "ab".indexOf("", 2));
        out.put("\"ab\".indexOf(\"\", 3)", "ab".indexOf("", 3));
        out.put("\"ab\".indexOf(\"\", 99)", "ab".indexOf("", 99));
        out.put("\"ab\".regionMatches(true, 2, \"\", 0, 0)", "ab".regionMatches(true, 2, "", 0, 0));
        return out;
    }

    static Map<String, Object> runtime() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("language", "java");
        out.put("version", System.getProperty("java.version"));
        out.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        out.put("default_locale", Locale.getDefault().toLanguageTag());
        out.put("unicode_version", "not exposed by an API; see sentinels (JDK 17 documents 13.0)");
        Map<String, Object> sentinels = new LinkedHashMap<>();
        CASES.get("sentinel").forEach((name, v) -> sentinels.put(name, Character.isDefined(v[0].codePointAt(0))));
        out.put("sentinels_defined", sentinels);
        return out;
    }

    static Map<String, Object> misc() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("json", "java.base (JDK 17) has no JSON parser; nothing to probe");
        out.put("\"TITLE\".toLowerCase(new Locale(\"tr\"))", cps("TITLE".toLowerCase(TURKISH)));
        return out;
    }

    // ---- JSON output -------------------------------------------------------------------
    static void json(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            String s = (String) value;
            out.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"' || c == '\\') out.append('\\').append(c);
                else if (c < 0x20 || c > 0x7E) out.append(String.format("\\u%04x", (int) c));
                else out.append(c);
            }
            out.append('"');
        } else if (value instanceof Map) {
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = ((Map<?, ?>) value).entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                json(e.getKey().toString(), out);
                out.append(':');
                json(e.getValue(), out);
                if (it.hasNext()) out.append(',');
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            Iterator<?> it = ((List<?>) value).iterator();
            while (it.hasNext()) {
                json(it.next(), out);
                if (it.hasNext()) out.append(',');
            }
            out.append(']');
        } else {
            out.append(value.toString());
        }
    }

    public static void main(String[] args) throws IOException {
        readCases(args[0]);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("runtime", runtime());
        out.put("whitespace", whitespace());
        out.put("line_split", newlines());
        out.put("case_tables", caseTables());
        out.put("case_strings", caseStrings());
        List<String> candidates = caseCandidates();
        out.put("case_candidates", candidates.size());
        out.put("case_relations", caseRelations(candidates));
        out.put("regex_match", regexMatches());
        out.put("nfc", nfc());
        out.put("cased_letters", casedLetters());
        out.put("empty_search", emptySearch());
        out.put("misc", misc());
        StringBuilder text = new StringBuilder();
        json(out, text);
        System.out.println(text);
    }
}

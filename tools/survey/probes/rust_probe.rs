// Survey probe: what Rust's standard library does at each open point of profile 0.3.0-rc1.
// std only (no crates: Rust's std has no regex, NFC or JSON). A `char` cannot be a surrogate,
// so U+D800..U+DFFF are skipped. Usage: rust_probe CASES_FILE RUSTC_VERSION. Prints JSON.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::BufRead;

const MAX_CP: u32 = 0x10FFFF;

enum J {
    Bool(bool),
    Int(i64),
    Str(String),
    List(Vec<J>),
    Obj(Vec<(String, J)>),
}

fn write_json(value: &J, out: &mut String) {
    match value {
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Int(i) => write!(out, "{}", i).unwrap(),
        J::Str(s) => {
            out.push('"');
            for unit in s.encode_utf16() {
                match unit {
                    0x22 => out.push_str("\\\""),
                    0x5C => out.push_str("\\\\"),
                    0x20..=0x7E => out.push(unit as u8 as char),
                    _ => write!(out, "\\u{:04x}", unit).unwrap(),
                }
            }
            out.push('"');
        }
        J::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        J::Obj(entries) => {
            out.push('{');
            for (i, (key, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(&J::Str(key.clone()), out);
                out.push(':');
                write_json(item, out);
            }
            out.push('}');
        }
    }
}

fn obj(entries: Vec<(&str, J)>) -> J {
    J::Obj(entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn cps(s: &str) -> J {
    J::List(s.chars().map(|c| J::Int(c as i64)).collect())
}

fn ints(v: &[u32]) -> J {
    J::List(v.iter().map(|&c| J::Int(c as i64)).collect())
}

fn chars() -> impl Iterator<Item = char> {
    (0..=MAX_CP).filter_map(char::from_u32)
}

struct Cases {
    kinds: BTreeMap<String, Vec<(String, Vec<String>)>>,
}

impl Cases {
    fn read(path: &str) -> Cases {
        let text = std::fs::read_to_string(path).expect("cases file");
        let mut kinds: BTreeMap<String, Vec<(String, Vec<String>)>> = BTreeMap::new();
        for line in text.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            let values = fields[2..]
                .iter()
                .map(|field| {
                    field
                        .split_whitespace()
                        .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
                        .collect::<String>()
                })
                .collect();
            kinds.entry(fields[0].to_string()).or_default().push((fields[1].to_string(), values));
        }
        Cases { kinds }
    }

    fn get(&self, kind: &str) -> &Vec<(String, Vec<String>)> {
        &self.kinds[kind]
    }
}

fn char_set(pred: impl Fn(char) -> bool) -> J {
    let v: Vec<u32> = chars().filter(|&c| pred(c)).map(|c| c as u32).collect();
    ints(&v)
}

fn whitespace() -> J {
    obj(vec![
        ("rust:char::is_whitespace", char_set(char::is_whitespace)),
        ("rust:str::trim", char_set(|c| c.to_string().trim().is_empty())),
        ("rust:char::is_ascii_whitespace", char_set(|c| c.is_ascii_whitespace())),
        ("rust:str::split_whitespace", char_set(|c| format!("a{}b", c).split_whitespace().count() == 2)),
        (
            "rust:str::split_ascii_whitespace",
            char_set(|c| format!("a{}b", c).split_ascii_whitespace().count() == 2),
        ),
    ])
}

type Splitter = fn(&str) -> Vec<String>;

fn buf_read_lines(text: &str) -> Vec<String> {
    std::io::Cursor::new(text.as_bytes()).lines().map(|l| l.unwrap()).collect()
}

fn splitters() -> Vec<(&'static str, Splitter)> {
    vec![
        ("rust:str::lines", |t| t.lines().map(String::from).collect()),
        ("rust:BufRead::lines", buf_read_lines),
        ("rust:str::split('\\n')", |t| t.split('\n').map(String::from).collect()),
        ("rust:str::split_terminator('\\n')", |t| t.split_terminator('\n').map(String::from).collect()),
    ]
}

fn line_breaks(split: Splitter) -> J {
    let mut text = String::from("x");
    for c in chars() {
        text.push(c);
        text.push('x');
    }
    let mut kept = vec![false; MAX_CP as usize + 1];
    for line in split(&text) {
        for c in line.chars() {
            kept[c as usize] = true;
        }
    }
    let v: Vec<u32> = chars().map(|c| c as u32).filter(|&c| !kept[c as usize]).collect();
    ints(&v)
}

fn newlines(cases: &Cases) -> J {
    let mut entries = Vec::new();
    for (name, split) in splitters() {
        let samples = cases
            .get("line")
            .iter()
            .map(|(label, v)| (label.clone(), J::List(split(&v[0]).iter().map(|s| J::Str(s.clone())).collect())))
            .collect();
        entries.push((name, obj(vec![("breaks", line_breaks(split)), ("samples", J::Obj(samples))])));
    }
    obj(entries)
}

type Mapping = fn(&str) -> String;

fn mappings() -> Vec<(&'static str, Mapping)> {
    vec![
        ("rust:str::to_lowercase", |s| s.to_lowercase()),
        ("rust:char::to_lowercase per char", |s| s.chars().flat_map(char::to_lowercase).collect()),
        ("rust:to_uppercase().to_lowercase()", |s| s.to_uppercase().to_lowercase()),
        ("rust:str::to_ascii_lowercase", |s| s.to_ascii_lowercase()),
        ("rust:str::to_uppercase", |s| s.to_uppercase()),
    ]
}

fn case_tables() -> J {
    let mut entries = Vec::new();
    for (name, f) in mappings() {
        let mut table = Vec::new();
        for c in chars() {
            let s = c.to_string();
            let mapped = f(&s);
            if mapped != s {
                table.push((format!("{:X}", c as u32), cps(&mapped)));
            }
        }
        entries.push((name, J::Obj(table)));
    }
    obj(entries)
}

fn case_strings(cases: &Cases) -> J {
    let mut texts: Vec<(String, String)> = cases.get("case").iter().map(|(n, v)| (n.clone(), v[0].clone())).collect();
    for (name, v) in cases.get("pair") {
        texts.push((format!("pair:{}:identifier", name), v[0].clone()));
        texts.push((format!("pair:{}:text", name), v[1].clone()));
    }
    let mut entries = Vec::new();
    for (name, f) in mappings() {
        let mapped = texts.iter().map(|(label, text)| (label.clone(), cps(&f(text)))).collect();
        entries.push((name, J::Obj(mapped)));
    }
    obj(entries)
}

fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// §3.1 as a Rust implementer might write it with eq_ignore_ascii_case (ASCII case only).
fn ascii_scan(identifier: &str, text: &str) -> bool {
    let t: Vec<char> = text.chars().collect();
    let id: Vec<char> = identifier.chars().collect();
    if id.len() > t.len() {
        return false;
    }
    (0..=t.len() - id.len()).any(|i| {
        let window: String = t[i..i + id.len()].iter().collect();
        window.eq_ignore_ascii_case(identifier)
            && (i == 0 || !is_identifier_char(t[i - 1]))
            && (i + id.len() == t.len() || !is_identifier_char(t[i + id.len()]))
    })
}

fn regex_match(cases: &Cases) -> J {
    let results = cases.get("pair").iter().map(|(name, v)| (name.clone(), J::Bool(ascii_scan(&v[0], &v[1])))).collect();
    obj(vec![("rust:str::eq_ignore_ascii_case window scan (no NFC)", J::Obj(results))])
}

fn empty_search() -> J {
    obj(vec![
        ("\"abc\".find(\"\")", J::Int("abc".find("").map(|i| i as i64).unwrap_or(-1))),
        ("\"abc\".contains(\"\")", J::Bool("abc".contains(""))),
        ("\"\".find(\"\")", J::Int("".find("").map(|i| i as i64).unwrap_or(-1))),
        ("\"abc\".matches(\"\").count()", J::Int("abc".matches("").count() as i64)),
    ])
}

fn runtime(cases: &Cases, rustc: &str) -> J {
    let (major, minor, update) = char::UNICODE_VERSION;
    let sentinels = cases
        .get("sentinel")
        .iter()
        .map(|(version, v)| {
            let c = v[0].chars().next().unwrap();
            (version.clone(), J::Bool(c.to_lowercase().ne(std::iter::once(c))))
        })
        .collect();
    obj(vec![
        ("language", J::Str("rust".into())),
        ("version", J::Str(rustc.into())),
        ("unicode_version", J::Str(format!("{}.{}.{}", major, minor, update))),
        ("sentinels_to_lowercase_changes", J::Obj(sentinels)),
        ("json", J::Str("std has no JSON; serde_json is a crate (documented behaviour cited)".into())),
    ])
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cases = Cases::read(&args[1]);
    let out = obj(vec![
        ("runtime", runtime(&cases, args.get(2).map(String::as_str).unwrap_or("unknown"))),
        ("whitespace", whitespace()),
        ("line_split", newlines(&cases)),
        ("case_tables", case_tables()),
        ("case_strings", case_strings(&cases)),
        ("regex_match", regex_match(&cases)),
        ("empty_search", empty_search()),
        ("nfc", obj(vec![])),
    ]);
    let mut text = String::new();
    write_json(&out, &mut text);
    println!("{}", text);
}

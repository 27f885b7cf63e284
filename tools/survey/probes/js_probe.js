// Survey probe: what JavaScript (Node's built-ins: V8 and its ICU) does at each open point of
// profile 0.3.0-rc1. Built-ins only; the npm packages `yaml` and `js-yaml` are probed when a
// node_modules folder holding them is passed. Usage: node js_probe.js CASES_FILE [NODE_MODULES]
// Prints one JSON object on stdout.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { Readable } = require('node:stream');

const MAX_CP = 0x10ffff;
const DELIMITED = (body) => `(?<![A-Za-z0-9_-])${body}(?![A-Za-z0-9_-])`;

function readCases(file) {
  const cases = {};
  const decode = (field) =>
    field.split(' ').filter((h) => h !== '').map((h) => String.fromCodePoint(parseInt(h, 16))).join('');
  for (const line of fs.readFileSync(file, 'ascii').split('\n')) {
    if (line === '') continue;
    const [kind, name, ...fields] = line.split('\t');
    const values = fields.map(decode);
    (cases[kind] ??= {})[name] = kind === 'pair' ? values : values[0];
  }
  return cases;
}

// A lone surrogate is its own "code point" here: String.fromCodePoint(0xD800) is a lone unit.
const str = (cp) => String.fromCodePoint(cp);
const cps = (s) => Array.from(s, (c) => c.codePointAt(0));
const hex = (cp) => cp.toString(16).toUpperCase();
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function codePointSet(predicate) {
  const out = [];
  for (let cp = 0; cp <= MAX_CP; cp++) if (predicate(str(cp))) out.push(cp);
  return out;
}

function whitespace() {
  const s = /^\s$/, su = /^\s$/u, ws = /^\p{White_Space}$/u;
  return {
    'js:/\\s/': codePointSet((c) => s.test(c)),
    'js:/\\s/u': codePointSet((c) => su.test(c)),
    'js:String.prototype.trim': codePointSet((c) => c.trim() === ''),
    'js:/\\p{White_Space}/u': codePointSet((c) => ws.test(c)),
    "js:split(/\\s+/)": codePointSet((c) => `a${c}b`.split(/\s+/).length === 2),
  };
}

async function readlineLines(text) {
  const lines = [];
  const rl = readline.createInterface({ input: Readable.from([text]), crlfDelay: Infinity });
  for await (const line of rl) lines.push(line);
  return lines;
}

const lineSplitters = {
  "js:split('\\n')": (t) => t.split('\n'),
  'js:split(/\\r?\\n/)': (t) => t.split(/\r?\n/),
  'js:split(/\\r\\n|\\r|\\n/)': (t) => t.split(/\r\n|\r|\n/),
  'js:match(/^.*$/gm)': (t) => t.match(/^.*$/gm) ?? [],
  'js:node:readline createInterface (crlfDelay: Infinity)': readlineLines,
};

async function lineBreaks(split) {
  let text = 'x';
  const parts = ['x'];
  for (let cp = 0; cp <= MAX_CP; cp++) parts.push(str(cp), 'x');
  text = parts.join('');
  const kept = new Set();
  for (const line of await split(text)) {
    for (let i = 0; i < line.length; i++) {
      const cp = line.codePointAt(i);
      kept.add(cp);
      if (cp > 0xffff) i++;
    }
  }
  const out = [];
  for (let cp = 0; cp <= MAX_CP; cp++) if (!kept.has(cp)) out.push(cp);
  return out;
}

async function newlines(samples) {
  const out = {};
  for (const [name, split] of Object.entries(lineSplitters)) {
    const results = {};
    for (const [label, text] of Object.entries(samples)) results[label] = await split(text);
    out[name] = { breaks: await lineBreaks(split), samples: results };
  }
  return out;
}

const mappings = {
  'js:String.prototype.toLowerCase': (s) => s.toLowerCase(),
  'js:per code point toLowerCase()': (s) => Array.from(s, (c) => c.toLowerCase()).join(''),
  'js:toUpperCase().toLowerCase()': (s) => s.toUpperCase().toLowerCase(),
  "js:toLocaleLowerCase('tr')": (s) => s.toLocaleLowerCase('tr'),
  'js:String.prototype.toUpperCase': (s) => s.toUpperCase(),
};

function caseTables() {
  const out = {};
  for (const [name, f] of Object.entries(mappings)) {
    const table = {};
    for (let cp = 0; cp <= MAX_CP; cp++) {
      const c = str(cp);
      const mapped = f(c);
      if (mapped !== c) table[hex(cp)] = cps(mapped);
    }
    out[name] = table;
  }
  return out;
}

function caseStrings(samples, pairs) {
  const texts = { ...samples };
  for (const [name, [identifier, text]] of Object.entries(pairs)) {
    texts[`pair:${name}:identifier`] = identifier;
    texts[`pair:${name}:text`] = text;
  }
  const out = {};
  for (const [name, f] of Object.entries(mappings)) {
    out[name] = {};
    for (const [label, text] of Object.entries(texts)) out[name][label] = cps(f(text));
  }
  return out;
}

function caseCandidates() {
  const found = new Set();
  for (let cp = 0; cp <= MAX_CP; cp++) {
    const c = str(cp);
    const images = [c.toLowerCase(), c.toUpperCase()];
    if (images.every((image) => image === c)) continue;
    found.add(cp);
    for (const image of images) if ([...image].length === 1) found.add(image.codePointAt(0));
  }
  return [...found].sort((a, b) => a - b).map(str);
}

function caseRelations(candidates) {
  const out = {};
  for (const flags of ['i', 'iu']) {
    const relation = {};
    for (const a of candidates) {
      const re = new RegExp(`^${escapeRegExp(a)}$`, flags);
      const equal = [];
      for (const b of candidates) if (b !== a && re.test(b)) equal.push(b.codePointAt(0));
      if (equal.length) relation[hex(a.codePointAt(0))] = equal;
    }
    out[`js:RegExp /${flags}`] = relation;
  }
  return out;
}

function regexMatches(pairs) {
  const out = {};
  for (const flags of ['i', 'iu']) {
    const results = {};
    for (const [name, [identifier, text]] of Object.entries(pairs)) {
      const re = new RegExp(DELIMITED(escapeRegExp(identifier.normalize('NFC'))), flags);
      results[name] = re.test(text.normalize('NFC'));
    }
    out[`js:RegExp lookarounds /${flags}`] = results;
  }
  return out;
}

function nfc(samples) {
  const results = {};
  for (const [label, text] of Object.entries(samples)) results[label] = cps(text.normalize('NFC'));
  const composites = [], changed = [];
  for (let cp = 0; cp <= MAX_CP; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = str(cp);
    const d = c.normalize('NFD');
    if (d !== c && d.normalize('NFC') === c) composites.push(cp);
    if (c.normalize('NFC') !== c) changed.push(cp);
  }
  return {
    "js:String.prototype.normalize('NFC')": {
      samples: results, primary_composites: composites, nfc_changes_alone: changed,
    },
  };
}

function casedLetters() {
  const upper = /^[\p{Lu}\p{Lt}]$/u, lower = /^\p{Ll}$/u;
  return { Lu_Lt: codePointSet((c) => upper.test(c)), Ll: codePointSet((c) => lower.test(c)) };
}

function describe(value) {
  return { type: typeof value, repr: String(value), isInteger: Number.isInteger(value) };
}

function jsonNumbers() {
  const decoded = {};
  for (const text of ['15', '15.0', '1.5', '1e1', '15.0e0', '-0', '1E400', 'true', '1.0000000000000001']) {
    decoded[text] = describe(JSON.parse(text));
  }
  return { decoded, checks: { "Object.is(JSON.parse('-0'), -0)": Object.is(JSON.parse('-0'), -0) } };
}

function loneSurrogates() {
  const out = {};
  for (const text of ['"\\ud800"', '"\\udc00"', '"\\udc00\\ud800"', '"a\\ud800b"', '"\\ud83d\\ude00"']) {
    try {
      const value = JSON.parse(text);
      out[text] = {
        decoded_code_units: Array.from({ length: value.length }, (_, i) => value.charCodeAt(i)),
        'JSON.stringify': JSON.stringify(value),
        "Buffer.from(value, 'utf8')": Buffer.from(value, 'utf8').toString('hex'),
        isWellFormed: typeof value.isWellFormed === 'function' ? value.isWellFormed() : 'absent',
      };
    } catch (error) {
      out[text] = { error: String(error) };
    }
  }
  out['raw bytes ED A0 80 via TextDecoder'] = cps(new TextDecoder().decode(Buffer.from('22eda08022', 'hex')));
  return out;
}

const YAML_DOCUMENT =
  'v_yes: yes\nv_on: on\nv_no: no\nv_y: y\nv_hex: 0x1F\nv_017: 017\nv_0o17: 0o17\n' +
  'v_15.0: 15.0\nv_1.5: 1.5\nv_1e1: 1e1\nv_tilde: ~\nv_1_000: 1_000\nv_date: 2026-11-30\n' +
  'v_inf: .inf\nv_sexagesimal: 12:30\n';

function yamlLoaders(modules) {
  if (!modules) return { skipped: 'no node_modules folder given' };
  const describeYaml = (value) => ({
    type: value instanceof Date ? 'Date' : value === null ? 'null' : typeof value,
    repr: value instanceof Date ? value.toISOString() : typeof value === 'string' ? JSON.stringify(value) : String(value),
  });
  const table = (doc) => Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, describeYaml(v)]));
  const out = {};
  try {
    const YAML = require(path.join(modules, 'yaml'));
    const version = require(path.join(modules, 'yaml', 'package.json')).version;
    out[`npm yaml ${version} parse (default: YAML 1.2 core)`] = table(YAML.parse(YAML_DOCUMENT));
    out[`npm yaml ${version} parse {version: '1.1'}`] = table(YAML.parse(YAML_DOCUMENT, { version: '1.1' }));
  } catch (error) {
    out.yaml = `not loaded: ${error.message}`;
  }
  try {
    const jsyaml = require(path.join(modules, 'js-yaml'));
    const version = require(path.join(modules, 'js-yaml', 'package.json')).version;
    out[`npm js-yaml ${version} load (default schema)`] = table(jsyaml.load(YAML_DOCUMENT));
  } catch (error) {
    out['js-yaml'] = `not loaded: ${error.message}`;
  }
  return out;
}

function emptySearch() {
  return {
    "'abc'.indexOf('')": 'abc'.indexOf(''),
    "'abc'.includes('')": 'abc'.includes(''),
    "''.indexOf('')": ''.indexOf(''),
    "'ab'.indexOf('', 2)": 'ab'.indexOf('', 2),
    "'ab'.indexOf('', 3)": 'ab'.indexOf('', 3),
    "'ab'.indexOf('', 99)": 'ab'.indexOf('', 99),
    "'ab'.split('').length": 'ab'.split('').length,
  };
}

function runtime(sentinels) {
  const assigned = /^\P{Cn}$/u;
  return {
    language: 'javascript',
    version: process.versions.node,
    v8: process.versions.v8,
    icu: process.versions.icu,
    unicode_version: process.versions.unicode,
    sentinels_defined: Object.fromEntries(
      Object.entries(sentinels).map(([version, c]) => [version, assigned.test(c)]),
    ),
    sentinels_toLowerCase_changes: Object.fromEntries(
      Object.entries(sentinels).map(([version, c]) => [version, c.toLowerCase() !== c]),
    ),
  };
}

async function main() {
  const cases = readCases(process.argv[2]);
  const candidates = caseCandidates();
  const out = {
    runtime: runtime(cases.sentinel),
    whitespace: whitespace(),
    line_split: await newlines(cases.line),
    case_tables: caseTables(),
    case_strings: caseStrings(cases.case, cases.pair),
    case_candidates: candidates.length,
    case_relations: caseRelations(candidates),
    regex_match: regexMatches(cases.pair),
    nfc: nfc(cases.nfc),
    cased_letters: casedLetters(),
    json_numbers: jsonNumbers(),
    json_lone_surrogates: loneSurrogates(),
    yaml: yamlLoaders(process.argv[3]),
    empty_search: emptySearch(),
  };
  // ASCII-only output, like the other probes: escape every non-ASCII UTF-16 unit.
  process.stdout.write(JSON.stringify(out).replace(/[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n');
}

main();

"""Reports: a run's outcome as the JSON report and as what people read (terminal, Markdown,
HTML, JUnit), several reports side by side, and a run against its baseline.

- `report`: the JSON report (schemas/report.schema.json), the one document every format renders;
- `reportview`: what the formats for people show of it, worked out once;
- `render`: live progress, the terminal summary, JUnit XML, the Markdown certificate;
- `htmlreport`: the HTML page;
- `sidebyside`: `oasis-si-conformance compare`;
- `baseline`: `--baseline`, a run against an earlier report.

Reads outcomes and never runs anything. May use: `judging/`, `corpus/` and the shared modules;
never `running/` (its types only for annotations), `editing/` or `fuzz/`.
"""

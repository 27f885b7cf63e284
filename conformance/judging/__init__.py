"""Judging and explaining: a candidate's answer against the outcomes a vector or a fuzz case
allows, and what explains the differences. Pure functions over data: no process, no file
written.

- `judge`: the one judge (an answer's projection, its verdict over repetitions);
- `compare`: an answer projected and compared with an outcome or the register's readings;
- `interpretation`: which reading of each register entry a candidate follows;
- `editionfit`: whether failures are another edition's text;
- `diagnosis`: failures by clause and the known failure signatures they show.

May use: `corpus/` and the shared modules (`model`, `operations`); never `running/`,
`reporting/`, `editing/` or `fuzz/`.
"""

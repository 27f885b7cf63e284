"""The commands of `oasis-si-vectors` (editor.py registers them): for evaluator authors
(explain, find, export) and for spec editors (check, ratify a reading, weigh an amendment).

- `checks`, `filecheck`, `descriptions`: the corpus rules, whole and file by file;
- `find`, `explain`, `export`, `folderswap`: reading and exporting the corpus;
- `ratify`, `newedition`, `ratify_cli`: a decided open point as a new edition;
- `editiondiff`, `whatif`: what an edition, or a proposed one, changes.

May use: `judging/`, `corpus/` and the shared modules; never `running/`, `reporting/` or
`fuzz/`.
"""

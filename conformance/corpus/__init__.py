"""The corpus: the vectors and the catalogs beside them (vectors/), read, checked against
their schemas and digested; nothing here runs a candidate or judges an answer.

- `corpus`: vector files loaded, schema-checked with file:line errors, the manifest and digest;
- `corpus_cache`: the loaded corpus cached by digest;
- `yamlsafe`: YAML 1.2 core scalars only, ASCII on disk (every YAML the kit reads or writes);
- `selection`: `-k` selection of vectors;
- `editions`, `editionpick`: the editions catalog and which edition a declaration names;
- `conventions`: the kit's conventions catalog;
- `charsets`: the register readings' code point sets;
- `scenarios`: the field's Form B scenario.

May use: the schemas and the reference (oasis_si_schemas, oasis_si_reference); nothing else of
the kit.
"""

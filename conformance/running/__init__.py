"""Running a candidate: its processes, the protocol spoken with them, and a certification run.

- `protocol`: messages encoded and responses checked (no I/O);
- `transport`: one process, its pipes and the poll loop serving them;
- `resources`: a process group's memory and CPU, read from /proc (the limits);
- `session`: the candidate's processes over a run, streaming or one-shot, restarts;
- `runner`: the run (handshake, schedule, repetitions, verdicts through `judging/`);
- `partial`: what an interrupted run measured;
- `interrupts`: SIGINT and SIGTERM as one exception, and no candidate process left.

May use: `judging/`, `corpus/` and the shared modules; never `reporting/`, `editing/` or
`fuzz/`.
"""

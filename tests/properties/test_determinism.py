"""Core §3.5.4 determinism of the reference: the same request gives the same result, in
process and across processes (whatever the hash seed)."""

import copy
import json
import os
import subprocess

from hypothesis import given

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_reference.operations import perform


@given(S.cases(normative=False))
def test_same_request_same_result_in_process(case):
    """Core §3.5.4: evaluating a request twice gives the same result, and evaluating never
    changes the request."""
    original = copy.deepcopy(case)
    first = perform(case["operation"], case["input"])
    assert case == original
    assert perform(case["operation"], copy.deepcopy(case["input"])) == first


def _server_results(lines: list[str], hash_seed: str) -> list[dict]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    completed = subprocess.run(
        reference_command(),
        input=("\n".join(lines) + "\n").encode("utf-8"),
        capture_output=True,
        env=env,
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in completed.stdout.split(b"\n") if line.strip()]


def test_same_request_same_result_across_processes():
    """Core §3.5.4: the reference server in two processes with different hash seeds, and the
    in-process reference, agree on 150 generated requests (sent in shuffled orders)."""
    cases = [S.generate(S.case, f"determinism:{i}", normative=False)[0] for i in range(150)]
    requests = [
        json.dumps({"id": i, "op": c["operation"], "params": c["input"]})
        for i, c in enumerate(cases)
    ]
    expected = [perform(c["operation"], c["input"]) for c in cases]
    forward = _server_results(requests, "1")
    backward = _server_results(requests[::-1], "2")[::-1]
    for index, want in enumerate(expected):
        assert forward[index] == {"id": index, "result": want}
        assert backward[index] == forward[index]

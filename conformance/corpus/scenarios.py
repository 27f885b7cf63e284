"""The one Form B scenario of profile 0.3.0-rc1 (../shared/CONTEXT.md), as the field has it:
`infra.capability.da.single-signal-diagnosis-001`, archetype C-DA-001, a ConfigMap
`smtp-config` that lacks the key `SMTP_PORT`. Shared by the vector generators, the editor's
stubs and the fuzzer's strategies; callers deep-copy it before changing anything."""

from typing import Any, Final

REAL_SCENARIO: Final[dict[str, Any]] = {
    "id": "infra.capability.da.single-signal-diagnosis-001",
    "injection": {
        "deviations": [
            {
                "id": "f1",
                "resource": "configmap/smtp-config",
                "deviation_type": "absent_key",
                "subject": "SMTP_PORT",
            }
        ]
    },
    "scoring": {
        "archetype_template": "C-DA-001",
        "step_budget": 15,
        "channels": ["agent_response"],
        "factor": {"ref": "f1", "required_identifiers": ["SMTP_PORT"]},
        "subsystem_set": ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef"],
        "exclude_tool_echo": True,
    },
}

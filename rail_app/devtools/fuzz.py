"""``python -m rail_app fuzz saves|maps|kill|ui|soak [--long]``: run one fuzzer.

Each fuzzer has a short run (the test suite runs it) and a long run (``--long``, the figures
of docs/reliability.md). Progress goes to stderr, the summary to stdout; the exit status is
0 when nothing failed, 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run_fuzz(target: str, *, long: bool = False, seed: int = 1, count: int | None = None,
             as_json: bool = False) -> int:
    summary: dict[str, Any]
    if target == "saves":
        from rail_app.devtools import fuzz_saves

        n = count if count is not None else (fuzz_saves.LONG_COUNT if long
                                             else fuzz_saves.SHORT_COUNT)
        summary = fuzz_saves.run(seed, n, progress=_progress)
        ok = fuzz_saves.passed(summary)
    elif target == "maps":
        from rail_app.devtools import fuzz_maps

        n = count if count is not None else (fuzz_maps.LONG_COUNT if long
                                             else fuzz_maps.SHORT_COUNT)
        summary = fuzz_maps.run(seed, n, progress=_progress)
        ok = fuzz_maps.passed(summary)
    elif target == "kill":
        from rail_app.devtools import fuzz_kill

        n = count if count is not None else (fuzz_kill.LONG_COUNT if long
                                             else fuzz_kill.SHORT_COUNT)
        summary = fuzz_kill.run(seed, n, progress=_progress)
        ok = fuzz_kill.passed(summary)
    elif target == "ui":
        from rail_app.devtools import fuzz_ui

        n = count if count is not None else (fuzz_ui.LONG_COUNT if long
                                             else fuzz_ui.SHORT_COUNT)
        summary = fuzz_ui.run(seed, n, progress=_progress)
        ok = fuzz_ui.passed(summary)
    elif target == "soak":
        from rail_app.devtools import fuzz_soak

        if long:
            summary = fuzz_soak.run(seed, count or fuzz_soak.LONG_COUNT, fuzz_soak.TURN_CAP,
                                    workers=2, progress=_progress)
        else:
            summary = fuzz_soak.run(seed, count or fuzz_soak.SHORT_COUNT,
                                    fuzz_soak.SHORT_TURN_CAP, stride=13, progress=_progress)
        ok = fuzz_soak.passed(summary)
    else:
        print(f"unknown fuzzer {target!r}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(summary, indent=1))
    else:
        for key, value in summary.items():
            if isinstance(value, list):
                print(f"{key}: {len(value)}")
                for item in value[:50]:
                    print(f"  {json.dumps(item)[:300]}")
            else:
                print(f"{key}: {value}")
        print("PASSED" if ok else "FAILED")
    return 0 if ok else 1

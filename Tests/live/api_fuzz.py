"""Property-based API fuzzing: schemathesis generates requests from the OpenAPI document the live
server publishes, and checks every answer against it (status codes, content types, schemas, no
server errors, bad input rejected, good input accepted)."""
import os
import subprocess
import sys
import tempfile

from harkserver import running_server

hark = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark"
seed = os.environ.get("HARK_FUZZ_SEED", "1")
examples = os.environ.get("HARK_FUZZ_EXAMPLES", "40")
with running_server(os.path.abspath(hark)) as base:
    command = [
        "schemathesis", "run", base + "/v1/openapi.json", "--url", base,
        # The event stream never ends; its own test is in Tests/ServerTests.
        "--exclude-path", "/v1/events",
        "--checks", "all", "--max-examples", examples, "--seed", seed, "--workers", "2",
        "--no-color",
    ]
    print("$", " ".join(command), flush=True)
    # Run where schemathesis may leave its example database, outside the repository.
    result = subprocess.run(command, cwd=tempfile.mkdtemp(prefix="hark-fuzz-"))
sys.exit(result.returncode)

"""Starts `hark serve` on a free loopback port over a fresh database, for the live tests."""
import json
import os
import re
import subprocess
import tempfile
import urllib.request
from contextlib import contextmanager

from waiting import wait_for


@contextmanager
def running_server(hark, prepare=None):
    """Yields the base URL of a server started from the `hark` binary; stops it afterwards.
    `prepare(database_path)` runs first (an import, say)."""
    folder = tempfile.mkdtemp(prefix="hark-live-")
    if prepare:
        prepare(os.path.join(folder, "hark.db"))
    log = open(os.path.join(folder, "access.log"), "w")
    process = subprocess.Popen(
        [hark, "serve", "--port", "0", "--db", os.path.join(folder, "hark.db")],
        stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise RuntimeError(f"hark serve did not start: {line!r}")
        base = f"http://127.0.0.1:{match.group(1)}"
        wait_healthy(base)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=120)
        log.close()
        if process.returncode not in (0, -15):
            raise RuntimeError(f"hark serve ended with {process.returncode}; log in {log.name}")


def wait_healthy(base):
    wait_for(f"{base} to answer /v1/health", lambda: call(base, "GET", "/v1/health")["status"] == "ok", every=0.1)


def call(base, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=600) as response:
        return json.loads(response.read())

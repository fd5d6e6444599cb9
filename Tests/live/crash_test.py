"""The crash and concurrency harness.

Crashes: RUNS times, `kill -9` at a random moment either a `hark serve` taking likes and playlist
adds from four writers, or a `hark import` of 20,000 rows (into a fresh copy of the demo database);
then the database must pass
`PRAGMA integrity_check`, every acknowledged write must be there, and an import must be all there
or not at all.

Concurrency: 8 clients x OPS operations on one user (playlist adds and likes, each client its own
items to like); no acknowledged update may be lost.

Usage: python3 Tests/live/crash_test.py HARK [RUNS] [OPS]    (scripts/crash runs 200 and 10,000)
"""
import http.client
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
from contextlib import closing
import time

hark = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
ops = int(sys.argv[3]) if len(sys.argv) > 3 else 200
folder = tempfile.mkdtemp(prefix="hark-crash-")
database = os.path.join(folder, "hark.db")
failures = []
random.seed(20)


def check(condition, message):
    if not condition:
        print("FAIL " + message)
        failures.append(message)


def start_server():
    process = subprocess.Popen([hark, "serve", "--port", "0", "--db", database], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    port = int(re.search(r":(\d+)/", process.stdout.readline()).group(1))
    return process, port


def post(port, path, body):
    # A busy machine may take seconds over one write; only a hang reaches this.
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def songs():
    with closing(sqlite3.connect(database)) as db:
        return [row[0] for row in db.execute("SELECT ident FROM items WHERE type = 'song' ORDER BY ident")]


def integrity():
    with closing(sqlite3.connect(database)) as db:
        return db.execute("PRAGMA integrity_check").fetchone()[0]


def liked(user):
    with closing(sqlite3.connect(database)) as db:
        return {row[0] for row in db.execute(
            "SELECT item_ident FROM affinities WHERE user = ? AND affinity = 'like'", (user,))}


def playlist_entries(user, name):
    with closing(sqlite3.connect(database)) as db:
        return db.execute(
            "SELECT count(*) FROM user_playlist_items e JOIN user_playlists p ON p.ident = e.playlist "
            "WHERE p.user = ? AND p.title = ?", (user, name)).fetchone()[0]


# The database made once (the demo catalog), so that the songs are known.
process, port = start_server()
process.kill()
process.wait()
catalog = songs()
pristine = os.path.join(folder, "pristine.db")
with closing(sqlite3.connect(database)) as db, closing(sqlite3.connect(pristine)) as copy:
    db.backup(copy)
acknowledged_likes = {}
acknowledged_adds = {}


def server_run(run):
    """Writers until the server is killed at a random moment; returns the acknowledged writes."""
    process, port = start_server()
    stop = threading.Event()
    lock = threading.Lock()

    def writer(index):
        user = f"crash{index}"
        while not stop.is_set():
            item = random.choice(catalog)
            try:
                if random.random() < 0.5:
                    if post(port, "/v1/library/affinities", {"identifier": item, "affinity": "like", "user": user}) == 200:
                        with lock:
                            acknowledged_likes.setdefault(user, set()).add(item)
                else:
                    status = post(port, "/v1/playlists/Crash/items", {"identifier": item, "user": user})
                    if status in (200, 201):
                        with lock:
                            acknowledged_adds[user] = acknowledged_adds.get(user, 0) + 1
            except OSError:
                return

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    time.sleep(random.uniform(0.3, 1.2))
    process.kill()
    process.wait()
    stop.set()
    for thread in threads:
        thread.join()


IMPORT_ROWS = 20000
import_file = os.path.join(folder, "import.jsonl")
with open(import_file, "w") as file:
    for index in range(IMPORT_ROWS):
        file.write(json.dumps({"type": "song", "title": f"Song {index}", "artist": "Crash Import"}) + "\n")


def import_run(run):
    """An import killed at a random moment, into a fresh copy of the demo database: all or none."""
    target = os.path.join(folder, "import.db")
    shutil.copyfile(pristine, target)
    process = subprocess.Popen([hark, "import", "--db", target, import_file], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    time.sleep(random.uniform(0.05, 2.0))
    process.kill()
    finished = process.wait() == 0
    with closing(sqlite3.connect(target)) as db:
        count = db.execute("SELECT count(*) FROM items WHERE type = 'song' AND artist = 'Crash Import'").fetchone()[0]
        check(db.execute("PRAGMA integrity_check").fetchone()[0] == "ok", f"import run {run}: integrity_check")
    check(count in (0, IMPORT_ROWS), f"import run {run}: {count} of {IMPORT_ROWS} rows (all or none)")
    check(not finished or count == IMPORT_ROWS, f"import run {run}: finished but {count} rows")
    return count


started = time.time()
imports_whole = imports_none = 0
for run in range(runs):
    if run % 2 == 0:
        server_run(run)
    else:
        count = import_run(run)
        imports_whole += count == IMPORT_ROWS
        imports_none += count == 0
    check(integrity() == "ok", f"run {run}: integrity_check says {integrity()}")
# Every acknowledged write is there.
lost_likes = sum(len(items - liked(user)) for user, items in acknowledged_likes.items())
present_adds = {user: playlist_entries(user, "Crash") for user in acknowledged_adds}
lost_adds = sum(max(0, acknowledged_adds[user] - present_adds[user]) for user in acknowledged_adds)
likes_total = sum(len(items) for items in acknowledged_likes.values())
adds_total = sum(acknowledged_adds.values())
print(f"crash: {runs} runs in {time.time() - started:.0f} s ({runs - runs // 2} servers killed, {runs // 2} imports "
      f"killed: {imports_whole} whole, {imports_none} none); {likes_total} acknowledged likes "
      f"and {adds_total} playlist adds, {lost_likes + lost_adds} lost")
check(lost_likes == 0 and lost_adds == 0, f"no acknowledged write lost ({lost_likes} likes, {lost_adds} adds)")

# Concurrency: 8 clients on one user.
process, port = start_server()
counts = [0] * 8
liked_by = [set() for _ in range(8)]


def client(index):
    mine = catalog[index::8]
    for number in range(ops):
        if number % 2 == 0:
            if post(port, "/v1/playlists/Shared/items", {"identifier": random.choice(catalog), "user": "shared"}) in (200, 201):
                counts[index] += 1
        else:
            item = mine[(number // 2) % len(mine)]
            if post(port, "/v1/library/affinities", {"identifier": item, "affinity": "like", "user": "shared"}) == 200:
                liked_by[index].add(item)


started = time.time()
threads = [threading.Thread(target=client, args=(index,)) for index in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.time() - started
process.terminate()
process.wait()
present = playlist_entries("shared", "Shared")
missing_likes = set().union(*liked_by) - liked("shared")
print(f"concurrency: 8 clients x {ops} operations on one user in {elapsed:.1f} s; {sum(counts)} acknowledged adds, "
      f"{present} in the playlist; {len(set().union(*liked_by))} likes, {len(missing_likes)} missing")
check(present == sum(counts), f"no lost playlist add ({present} of {sum(counts)})")
check(not missing_likes, f"no lost like ({len(missing_likes)} missing)")
check(integrity() == "ok", "integrity_check after the concurrent clients")

if failures:
    print("FAILED:\n" + "\n".join(failures[:20]))
    sys.exit(1)
print("crash and concurrency: every acknowledged write kept")

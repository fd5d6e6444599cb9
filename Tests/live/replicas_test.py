"""Replicas sharing PostgreSQL behind HAProxy (scripts/replicas), checked as a fleet would be used.

- A "Which one?" asked on one replica is answered on another; what one plays, another reports,
  and an event stream open on a third hears of it.
- A new catalog snapshot built while requests arrive is served by every replica, none failing.
- A replica killed (kill -9) while four writers add likes through the balancer: every acknowledged
  like is stored (read back from another replica), and the balancer keeps answering.
- PostgreSQL stopped while requests arrive: each fails within a second or two with 503 and a clear
  error; once it is started again, requests succeed without restarting any replica.

Usage: python3 Tests/live/replicas_test.py HARK [SECONDS_OF_LOAD]
"""
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from waiting import WaitedTooLong, wait_for  # noqa: E402

hark = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark"
load_seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3
# In /tmp itself: PostgreSQL runs as its own user and must reach its folder inside this one.
folder = tempfile.mkdtemp(prefix="hark-replicas-", dir="/tmp")
port = 8840
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


def call(target_port, method, path, body=None, timeout=600):
    connection = http.client.HTTPConnection("127.0.0.1", target_port, timeout=timeout)
    try:
        data = json.dumps(body) if body is not None else None
        connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = connection.getresponse()
        text = response.read().decode()
        try:
            return response.status, json.loads(text)
        except ValueError:
            return response.status, text
    finally:
        connection.close()


def ask(target_port, text, user="ann"):
    return call(target_port, "POST", "/v1/ask", {"text": text, "user": user})


subprocess.run(["scripts/replicas", "start", folder, "--replicas", "3", "--port", str(port), "--hark", hark],
               check=True, stdout=subprocess.DEVNULL)
try:
    first, second, third = port + 1, port + 2, port + 3

    # Conversation and library across replicas.
    ask(first, "play uptown funk")
    status, asked = ask(first, "I like this artist")
    check(asked.get("reply") == "Which one: Mark Ronson or Bruno Mars?", f"asked on replica 1: {asked.get('reply')}")
    status, answered = ask(second, "the second one")
    check(answered.get("reply") == "Got it, you like Bruno Mars.", f"answered on replica 2: {answered.get('reply')}")
    status, playing = ask(third, "what's playing")
    check("Uptown Funk" in playing.get("reply", ""), f"replica 3 reports what replica 1 played: {playing.get('reply')}")

    # An event stream on one replica hears a change made on another (PostgreSQL LISTEN/NOTIFY).
    import socket
    stream = socket.create_connection(("127.0.0.1", third), timeout=120)
    stream.sendall(b"GET /v1/events?device=kitchen HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    heard = b""

    def heard_more():
        global heard
        try:
            heard += stream.recv(65536)
        except socket.timeout:
            pass
        return heard

    # The stream's first event (the kitchen as it is) comes once it is subscribed.
    wait_for("the stream on replica 3 to start", lambda: b"data:" in heard_more(), every=0)
    heard = b""
    ask_started = time.time()
    call(first, "POST", "/v1/ask", {"text": "play skyfall by adele", "device": "kitchen"})
    try:
        wait_for("replica 3's stream to hear of Skyfall", lambda: b"Skyfall" in heard_more(), every=0)
    except WaitedTooLong as error:
        print("  " + str(error))
    stream.close()
    check(b"Skyfall" in heard, f"a stream on replica 3 heard replica 1 play in the kitchen ({time.time() - ask_started:.2f} s)")

    # A new catalog snapshot built while requests arrive: every replica serves it within seconds,
    # and no request fails meanwhile.
    source = os.path.join(folder, "catalog.db")
    added = os.path.join(folder, "added.jsonl")
    with open(added, "w") as file:
        file.write(json.dumps({"type": "song", "title": "Glass Lanterns", "artist": "The Quiet Harbour",
                               "popularity": 0.9}) + "\n")
    subprocess.run([hark, "import", "--db", source, added], check=True, stdout=subprocess.DEVNULL)
    swap_errors = []
    swap_answers = [0]
    swapping = threading.Event()

    def asker():
        while not swapping.is_set():
            try:
                status, body = ask(port, "play skyfall by adele", user="swapper")
                ok = status == 200 and body.get("reply") == "Playing Skyfall by Adele."
            except OSError as error:
                ok, status = False, str(error)
            with lock:
                swap_answers[0] += 1
                if not ok:
                    swap_errors.append(status)

    lock = threading.Lock()
    askers = [threading.Thread(target=asker) for _ in range(2)]
    for thread in askers:
        thread.start()
    wait_for("the askers' first answers", lambda: swap_answers[0] >= 2)
    built_at = time.time()
    subprocess.run([hark, "catalog", "build", "--db", source, "--out", os.path.join(folder, "snapshot.db")],
                   check=True, stdout=subprocess.DEVNULL)
    serving = set()

    def every_replica_serves_it():
        for replica in (first, second, third):
            status, found = call(replica, "GET", "/v1/search?q=glass+lanterns&type=song&limit=1")
            items = found.get("items", []) if isinstance(found, dict) else []
            if items and items[0]["title"] == "Glass Lanterns":
                serving.add(replica)
        return len(serving) == 3

    try:
        wait_for("every replica to serve the new snapshot", every_replica_serves_it, every=0.1)
    except WaitedTooLong as error:
        print("  " + str(error))
    took = time.time() - built_at
    # A few more answers on the new snapshot before the askers stop.
    answered = swap_answers[0]
    wait_for("the askers' answers on the new snapshot", lambda: swap_answers[0] >= answered + 4)
    swapping.set()
    for thread in askers:
        thread.join()
    check(len(serving) == 3, f"a new snapshot is served by {len(serving)} of 3 replicas {took:.2f} s after its build began")
    check(not swap_errors, f"requests during the swap: {swap_answers[0]}, failed: {len(swap_errors)} {swap_errors[:3]}")

    # A replica killed under load: no acknowledged write lost, the balancer answers from the others.
    songs = []
    for words in ["love", "hello", "skyfall", "rolling", "thriller", "yesterday", "rhapsody", "funk", "night", "heart"]:
        status, found = call(port, "GET", f"/v1/search?q={words}&type=song&limit=20")
        items = found.get("items", []) if isinstance(found, dict) else []
        # (Songs only: the search may also give an artist whose name is the words.)
        songs += [item["identifier"] for item in items if item["type"] == "song" and item["identifier"] not in songs]
    check(len(songs) >= 5, f"{len(songs)} songs to like")
    acknowledged = {}
    errors = []
    stop = threading.Event()

    def writer(index):
        user = f"writer{index}"
        step = 0
        while not stop.is_set():
            item = songs[(index * 7 + step) % len(songs)]
            step += 1
            try:
                status, _ = call(port, "POST", "/v1/library/affinities",
                                 {"identifier": item, "affinity": "like", "user": user}, timeout=120)
            except OSError as error:
                status = str(error)
            with lock:
                if status == 200:
                    acknowledged.setdefault(user, set()).add(item)
                else:
                    errors.append(status)

    threads = [threading.Thread(target=writer, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    # Writes acknowledged before the kill, however slow the machine, then the rest of the load.
    wait_for("the writers' first acknowledged likes", lambda: sum(len(items) for items in acknowledged.values()) >= 8)
    time.sleep(load_seconds / 2)
    with open(os.path.join(folder, "replica-1.pid")) as file:
        os.kill(int(file.read()), 9)
    time.sleep(load_seconds / 2)
    stop.set()
    for thread in threads:
        thread.join()
    total = sum(len(items) for items in acknowledged.values())
    lost = 0
    for user, items in acknowledged.items():
        status, library = call(second, "GET", f"/v1/library?user={user}")
        liked = {item["identifier"] for item in library.get("liked", [])}
        lost += len(items - liked)
    check(total > 0 and lost == 0, f"replica 1 killed under load: {total} acknowledged likes, {lost} lost")
    # Only requests in flight on the killed replica may fail (a refused connection is sent on).
    check(len(errors) <= 12, f"requests that failed around the kill: {len(errors)} ({errors[:3]})")
    status, _ = ask(port, "pause")
    check(status == 200, "the balancer answers after the kill")

    # PostgreSQL stopped and started again under requests.
    subprocess.run(["scripts/postgres", "stop", os.path.join(folder, "postgres")], check=True)
    started = time.time()
    status, body = ask(second, "play hello by adele")
    took = time.time() - started
    check(status == 503 and "cannot be reached" in str(body), f"with PostgreSQL down: {status} {str(body)[:120]}")
    # Fast means well within the request's own 10 s budget, not after a connection timeout.
    check(took < 10, f"and it failed fast ({took:.2f} s)")
    subprocess.run(["scripts/postgres", "start", os.path.join(folder, "postgres"), str(port + 100)], check=True,
                   stdout=subprocess.DEVNULL)
    status, body = ask(second, "play hello by adele")
    check(status == 200 and body.get("reply") == "Playing Hello by Adele.",
          f"after PostgreSQL is back, without restarting the replica: {status} {body.get('reply') if isinstance(body, dict) else body}")
finally:
    subprocess.run(["scripts/replicas", "stop", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["rm", "-rf", folder])

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)

"""A home with two real rooms: two Music Player Daemon processes (null audio outputs) stand for the
kitchen and the bedroom speakers of a home stored in `hark serve`; requests heard on the living-room
speaker play in the room asked for, move between the rooms and play in both, each checked against
what the daemons themselves report (mpc). The position kept when music moves is measured."""
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harkserver import call, wait_healthy  # noqa: E402
from make_music import make  # noqa: E402

hark = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hark")
work = tempfile.mkdtemp(prefix="hark-home-")
music = os.path.join(work, "music")
failures = []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_mpd(name, port):
    folder = os.path.join(work, name)
    os.makedirs(folder)
    config = os.path.join(folder, "mpd.conf")
    with open(config, "w") as out:
        out.write(f"""music_directory "{music}"
db_file "{folder}/mpd.db"
state_file "{folder}/mpd.state"
log_file "{folder}/mpd.log"
pid_file "{folder}/mpd.pid"
bind_to_address "127.0.0.1"
port "{port}"
audio_output {{
    type "null"
    name "null"
    mixer_type "software"
}}
""")
    process = subprocess.Popen(["mpd", "--no-daemon", config], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return process
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"mpd {name} did not start")


def mpc(port, *arguments):
    return subprocess.run(["mpc", "-p", str(port), *arguments], capture_output=True, text=True, timeout=30).stdout.strip()


def elapsed(port):
    """MPD's own elapsed time of the current song, in seconds with fractions (its `status` command)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        reader = connection.makefile("rb")
        reader.readline()  # OK MPD <version>
        connection.sendall(b"status\n")
        lines = []
        while True:
            line = reader.readline().decode().strip()
            if line == "OK" or line.startswith("ACK") or not line:
                break
            lines.append(line)
    found = next((line.split(": ", 1)[1] for line in lines if line.startswith("elapsed: ")), None)
    return float(found) if found else None


def state(port):
    """(playing|paused|stopped, the current song, elapsed seconds with fractions)."""
    lines = mpc(port, "status").splitlines()
    line = next((l for l in lines if l.startswith("[")), "")
    match = re.match(r"\[(\w+)\]", line)
    return (match.group(1) if match else "stopped", mpc(port, "current"), elapsed(port))


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


kitchen, bedroom = free_port(), free_port()
made = make(music, seconds=120)
daemons = [start_mpd("kitchen", kitchen), start_mpd("bedroom", bedroom)]
server = None
try:
    for port in (kitchen, bedroom):
        mpc(port, "update", "--wait")
    database = os.path.join(work, "hark.db")
    subprocess.run([hark, "import", "--db", database, music], check=True, capture_output=True)
    log = open(os.path.join(work, "serve.log"), "w")
    server = subprocess.Popen([hark, "serve", "--port", "0", "--db", database], stdout=subprocess.PIPE, stderr=log,
                              text=True)
    base = "http://127.0.0.1:" + re.search(r":(\d+)/", server.stdout.readline()).group(1)
    wait_healthy(base)
    home = {"name": "Flat",
            "people": [{"id": "ann", "name": "Ann", "voiceProfile": "voice-ann"},
                       {"id": "boris", "name": "Boris", "voiceProfile": "voice-boris"}],
            "rooms": [{"id": "living", "name": "living room", "aliases": ["гостиная"]},
                      {"id": "kitchen", "name": "kitchen", "aliases": ["кухня", "キッチン", "厨房"]},
                      {"id": "bedroom", "name": "bedroom", "aliases": ["спальня", "寝室", "卧室"]}],
            "devices": [{"id": "living-speaker", "name": "living room speaker", "kind": "speaker", "room": "living",
                         "playsAudio": False},
                        {"id": "kitchen-speaker", "name": "kitchen speaker", "kind": "speaker", "room": "kitchen",
                         "output": f"mpd://127.0.0.1:{kitchen}"},
                        {"id": "bedroom-speaker", "name": "bedroom speaker", "kind": "speaker", "room": "bedroom",
                         "output": f"mpd://127.0.0.1:{bedroom}"}]}
    call(base, "PUT", "/v1/home/flat", home)

    def ask(text, voice=None):
        body = {"text": text, "home": "flat", "device": "living-speaker"}
        if voice:
            body["voiceProfile"] = voice
        answer = call(base, "POST", "/v1/ask", body)
        print(f"  {text!r} → {answer['reply']!r}")
        return answer

    ask("play hello by adele in the kitchen")
    check(state(kitchen)[:2] == ("playing", "Adele - Hello"), f"kitchen plays Hello: {state(kitchen)}")
    check(state(bedroom)[0] != "playing", f"bedroom silent: {state(bedroom)}")
    time.sleep(3)
    ask("move the music to the bedroom")
    moved = state(bedroom)
    check(moved[:2] == ("playing", "Adele - Hello"), f"bedroom plays Hello after the move: {moved}")
    check(state(kitchen)[0] == "stopped", f"kitchen stopped after the move: {state(kitchen)}")
    check(moved[2] is not None and moved[2] >= 2.0, f"the place in the song moved too (elapsed {moved[2]})")
    ask("включи это ещё и на кухне", voice="voice-boris")
    both = state(kitchen), state(bedroom)
    check(both[0][:2] == ("playing", "Adele - Hello") and both[1][:2] == ("playing", "Adele - Hello"),
          f"both rooms play Hello: {both}")
    if both[0][2] is not None and both[1][2] is not None:
        drift = abs(both[0][2] - both[1][2])
        print(f"  position apart across the two daemons: {drift:.3f} s")
        check(drift <= 1.0, f"the two rooms within a second of each other ({drift:.3f} s)")
    ask("pause everywhere")
    check(state(kitchen)[0] == "paused" and state(bedroom)[0] == "paused", "pause everywhere pauses both daemons")
    answer = ask("play hello in the garage")
    check("no room called garage" in answer["reply"], "a room the home lacks is said so")
    answer = ask("I like this song")
    check(answer["reply"].startswith("I can't tell who's speaking"), "a like needs to know who is speaking")
finally:
    if server:
        server.terminate()
        server.wait(timeout=20)
    for daemon in daemons:
        daemon.terminate()
        daemon.wait(timeout=20)

if failures:
    print("FAILED:\n" + "\n".join(failures))
    sys.exit(1)
shutil.rmtree(work, ignore_errors=True)
print("home: two real rooms as expected")
